"""Gherkin features as cases: every scenario of ``features/*.feature`` (every Examples row
of an outline) compiled by the step definitions of :mod:`.steps` into a
:class:`~.case.Case`.

The files are parsed by Cucumber's own parser (``gherkin-official``): a *pickle* is one
runnable scenario with its Background and its Examples row filled in.  A scenario's id is
its ``@id.<id>`` tag; an outline row's id adds the row's values, ``<id>[v1-v2]``, as
pytest-bdd names the row.  Its rules are its rule tags (with those of its Rule and Feature).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..paths import data_root
from ..rulebook.safe_input import MAX_DIGITS, check_digits, check_text, read_text
from .case import Case
from .steps import ID_TAG, RULE_TAG, Builder, FeatureTextError, compile_step
from .steps.parse import StepKind

_KINDS: dict[str, StepKind] = {"Context": "given", "Action": "when", "Outcome": "then"}
#: A number longer than an integer may be (the steps read every number of a feature as one).
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}")


class FeatureError(InputError):
    """A feature file that cannot be compiled: names the file, the line and the step."""


@dataclass(frozen=True, slots=True)
class Scenario:
    """One runnable scenario as the compiler sees it: its name, tags, lines and steps."""

    id: str
    title: str
    rules: tuple[str, ...]
    source: str
    line: int
    steps: tuple[tuple[StepKind, str, int, list[list[str]] | None], ...]


def case_id(base: str, row: Iterable[str] | None) -> str:
    """``base``, or ``base[v1-v2-...]`` for an Examples row (pytest-bdd's parameter id)."""
    return base if row is None else f"{base}[{'-'.join(row)}]"


def compile_scenario(sc: Scenario) -> Case:
    b = Builder()
    for kind, text, line, table in sc.steps:
        try:
            compile_step(b, kind, text, line, table)
        except FeatureTextError as e:
            raise FeatureError(sc.source, line, "", f"{sc.id}: {e}") from None
    try:
        return b.case(id=sc.id, title=sc.title, rules=sc.rules, source=sc.source, line=sc.line)
    except FeatureTextError as e:
        raise FeatureError(sc.source, sc.line, "", f"{sc.id}: {e}") from None


def shown_path(path: Path) -> str:
    for base in (data_root(), Path.cwd()):
        try:
            return str(path.resolve().relative_to(base.resolve()))
        except ValueError:
            continue
    return str(path)


def scenarios_of(path: Path, text: str | None = None) -> Iterator[Scenario]:
    """The runnable scenarios of one feature file, in file order."""
    from gherkin.errors import CompositeParserException, ParserError
    from gherkin.parser import Parser
    from gherkin.pickles.compiler import Compiler

    source = shown_path(path)
    if text is None:
        text = read_text(path, source, FeatureError)
    else:
        check_text(text, source, FeatureError)
    long_number = _LONG_NUMBER.search(text)
    if long_number is not None:
        check_digits(long_number.group(), source, text.count("\n", 0, long_number.start()) + 1, "", FeatureError)
    try:
        doc: Any = Parser().parse(text)
    except (CompositeParserException, ParserError) as e:
        raise _syntax_error(source, e) from None
    doc["uri"] = source
    lines, rows, scenario_lines = _ast_index(doc)
    pickle: Any
    for pickle in Compiler().compile(doc):
        tags = [t["name"].lstrip("@") for t in pickle["tags"]]
        ids = [m.group(1) for t in tags if (m := ID_TAG.match(t))]
        ast = pickle["astNodeIds"]
        # a pickle has no "location" before gherkin-official 37: the AST's line, else the pickle's
        line = scenario_lines.get(ast[0]) or pickle.get("location", {}).get("line", 0)
        if len(ids) != 1:
            raise FeatureError(source, line, "", f"scenario {pickle['name']!r} needs exactly one @id.<id> tag")
        row = rows.get(ast[1]) if len(ast) > 1 else None
        steps: list[tuple[StepKind, str, int, list[list[str]] | None]] = []
        for st in pickle["steps"]:
            kind = _KINDS.get(st.get("type", ""))
            step_line = lines.get(st["astNodeIds"][0], line)
            if kind is None:
                raise FeatureError(source, step_line, "", f"step {st['text']!r}: start it with Given, When or Then")
            table = st.get("argument", {}).get("dataTable")
            cells = [[c["value"] for c in r["cells"]] for r in table["rows"]] if table else None
            steps.append((kind, st["text"], step_line, cells))
        yield Scenario(
            id=case_id(ids[0], row),
            title=pickle["name"],
            rules=tuple(sorted({t for t in tags if RULE_TAG.match(t)})),
            source=source,
            line=line,
            steps=tuple(steps),
        )


def _syntax_error(source: str, e: Exception) -> FeatureError:
    """The first of the parser's errors, in one line, at its line and column."""
    errors: list[Exception] = list(getattr(e, "errors", None) or [e])
    first = errors[0]
    location = getattr(first, "location", None) or {}
    column = f"column {location['column']}: " if location.get("column") else ""
    text = re.sub(r"^\(\d+:\d+\): ", "", " ".join(str(first).split()))
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return FeatureError(source, location.get("line"), "", f"{column}Gherkin syntax error: {text}{more}")


def _ast_index(doc: dict[str, Any]) -> tuple[dict[str, int], dict[str, list[str]], dict[str, int]]:
    """AST node id -> line for every step; Examples row id -> its values; scenario id -> line."""
    lines: dict[str, int] = {}
    rows: dict[str, list[str]] = {}
    scenarios: dict[str, int] = {}

    def walk(children: list[dict[str, Any]]) -> None:
        for child in children:
            if "rule" in child:
                walk(child["rule"].get("children", []))
            for key in ("background", "scenario"):
                node = child.get(key)
                if node is None:
                    continue
                scenarios[node["id"]] = node["location"]["line"]
                for st in node.get("steps", []):
                    lines[st["id"]] = st["location"]["line"]
                for ex in node.get("examples", []):
                    for r in ex.get("tableBody", []):
                        rows[r["id"]] = [c["value"] for c in r["cells"]]

    feature = doc.get("feature") or {}
    walk(feature.get("children", []))
    return lines, rows, scenarios


def load_feature(path: Path) -> list[Case]:
    return [compile_scenario(sc) for sc in scenarios_of(path)]
