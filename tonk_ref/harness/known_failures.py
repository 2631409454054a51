"""Known-failures files: the cases an implementer accepts as failing (spec/scenarios.md,
"Known failures"; schema spec/known-failures.schema.json).

    cases:
      - id: pay-knock-tie-3p
        reason: "we pay knock ties to the knocker (a house rule, kept on purpose)"

A listed case that fails or errors is reported as *known*, not as a failure; a listed
case that passes is an error (a *stale known failure*), so the list cannot go stale.
An ID may name one row of a Scenario Outline as ``ID[PARAMS]``; a bare ID covers every
row.  Errors name the file, the line and the field.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bounds import MAX_KNOWN_ERRORS
from ..errors import InputError
from ..paths import spec_dir
from ..spec.safe_input import check_text, load_yaml, read_text
from ..spec.yamlpos import field_name, line_of

__all__ = ["KnownFailures", "KnownFailuresError", "dump_known_failures", "load_known_failures"]


#: The longest reason :func:`dump_known_failures` writes (a longer one is cut).
REASON_CHARS = 500


class KnownFailuresError(InputError):
    """A known-failures file that cannot be used, with the place of the fault."""


@dataclass(frozen=True, slots=True)
class KnownFailures:
    path: str
    reasons: dict[str, str]  # case id (or ``id[params]``) -> reason
    made: dict[str, dict[str, str]] = field(default_factory=dict)  # a generated case's id -> what made it

    def reason_for(self, case_id: str) -> str | None:
        """The reason a case is listed, or None.  ``a[x]`` is covered by ``a[x]`` or ``a``."""
        if case_id in self.reasons:
            return self.reasons[case_id]
        base = case_id.split("[", 1)[0]
        return self.reasons.get(base) if base != case_id else None

    def unmatched(self, case_ids: Iterable[str]) -> list[str]:
        """The listed IDs that cover none of ``case_ids``."""
        seen = set(case_ids)
        bases = {c.split("[", 1)[0] for c in seen}
        return [i for i in self.reasons if i not in seen and i not in bases]


@functools.cache
def schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((spec_dir() / "known-failures.schema.json").read_text(encoding="utf-8"))
    return data


def _message(err: Any) -> str:
    if err.validator == "additionalProperties":
        props = err.schema.get("properties", {}) if isinstance(err.schema, dict) else {}
        allowed = ", ".join(props)
        return f"{err.message}; the fields allowed here are: {allowed}"
    if err.validator == "required":
        return f"{err.message}: every entry needs an id and a reason"
    if err.validator == "pattern":
        return f"{err.instance!r} is not a case ID: expected lowercase-kebab text such as 'pay-knock-tie-3p'"
    if err.validator == "minLength":
        return "give a reason: why is this case accepted as failing?"
    return str(err.message)


def parse_known_failures(text: str, source: str) -> KnownFailures:
    """Parse the text of a known-failures file (YAML or JSON), within the limits of input
    files (:mod:`tonk_ref.spec.safe_input`)."""
    import yaml

    check_text(text, source, KnownFailuresError)
    try:
        data, node = load_yaml(text, source, KnownFailuresError, friendly=True)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        line = mark.line + 1 if mark else None
        raise KnownFailuresError(source, line, "", f"YAML syntax error: {e.problem}") from None
    except yaml.YAMLError as e:
        raise KnownFailuresError(source, None, "", f"YAML error: {e}") from None
    if not isinstance(data, dict):
        raise KnownFailuresError(source, 1, "", "expected a mapping {cases: [{id, reason}, ...]}")
    import jsonschema

    # the first errors only: a file of 100,000 bad entries costs no more than one of a few
    errors = list(itertools.islice(jsonschema.Draft202012Validator(schema()).iter_errors(data), MAX_KNOWN_ERRORS))
    if errors:
        err = min(errors, key=lambda e: (line_of(node, list(e.absolute_path)) or 0, -len(e.absolute_path)))
        path = [p for p in err.absolute_path if isinstance(p, str | int)]
        raise KnownFailuresError(source, line_of(node, path), field_name(path) or "(top)", _message(err))
    reasons: dict[str, str] = {}
    made: dict[str, dict[str, str]] = {}
    first: dict[str, int] = {}
    for i, entry in enumerate(data["cases"]):
        cid = entry["id"]
        if cid in reasons:
            raise KnownFailuresError(
                source,
                line_of(node, ["cases", i, "id"]),
                f"cases[{i}].id",
                f"{cid!r} is listed twice (first as cases[{first[cid]}])",
            )
        reasons[cid] = entry["reason"]
        first[cid] = i
        if "generated" in entry:
            made[cid] = dict(entry["generated"])
    return KnownFailures(source, reasons, made)


def load_known_failures(path: str | Path) -> KnownFailures:
    p = Path(path)
    text = read_text(p, str(p), KnownFailuresError)
    return parse_known_failures(text, str(p))


def dump_known_failures(entries: Iterable[tuple[str, str]], engine: str | None = None,
                        made: dict[str, dict[str, str]] | None = None) -> str:
    """A known-failures file listing ``entries`` (id, reason), as YAML; a generated case
    with what made it (``made``: id -> table, source, digest)."""
    import yaml

    cases: list[dict[str, Any]] = []
    for cid, reason in entries:
        if len(reason) > REASON_CHARS:  # an engine's words, however long, keep the file within its limits
            reason = reason[: REASON_CHARS - 3] + "..."
        entry: dict[str, Any] = {"id": cid, "reason": reason or "fails"}
        if made and cid in made:
            entry["generated"] = made[cid]
        cases.append(entry)
    doc: dict[str, Any] = {}
    if engine:
        doc["engine"] = engine
    doc["cases"] = cases
    header = "# Known failures (spec/scenarios.md, 'Known failures'), written by tonk check --write-known-failures\n"
    return header + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=1000)
