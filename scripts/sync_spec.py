"""Keep the derived parts of the spec and the engine in step with their sources.

spec/ruleset.schema.json is the single home of each option: its type, values, default,
description, its wording for players (``x-question``, and ``x-choices``: a statement for
each value; required of every option) and the facts the tools read (``x-acts-on``,
``x-source``, ``x-needs``, ``x-actions``).  spec/rules.yaml is the single source of each
rule's text, sources and options.  This script rewrites what is derived from them:

- in tonk_ref/engine/ruleset.py, the lines between the ``BEGIN generated`` and ``END
  generated`` markers: the ``Literal`` type of each option and the fields of ``Ruleset``
  with their defaults (the engine reads no JSON);
- in spec/tonk.md each rule's verbatim text, its "Sources: ... Options: ..." line and, for
  a rule that does not apply at every table, the "Applies only where ..." line after it;
  the list "Where a code can be given" (the ``reasons`` of rules.yaml); each option's
  "Values: ... Brief: ... Rules: ..." line, and a section for an option that has none yet
  (its heading, that line and the schema's description, which may then be reworded by
  hand);
- in spec/ruleset.schema.json each option's ``x-rules``.

tests/test_spec.py and tests/spec/test_applicability.py check the result, so run this after
editing the schema or rules.yaml:  python scripts/sync_spec.py
(``--check``: change nothing, and exit with status 1 if a file is not in step).
"""

from __future__ import annotations

import argparse
import json
import re
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec"
ENGINE_RULESET = ROOT / "tonk_ref" / "engine" / "ruleset.py"
REASONS_HEADING = "### Where a code can be given"
OPTIONS_HEADING = "## Ruleset options"
BEGIN = "# BEGIN generated from spec/ruleset.schema.json by scripts/sync_spec.py: edit the schema, not these lines"
END = "# END generated"
WIDTH = 120  # ruff's line length
MD_WIDTH = 95  # the width spec/tonk.md's prose is wrapped at


# ---------------------------------------------------------------------------- the engine's ruleset


def _py(value: object) -> str:
    """An option value as Python source."""
    if isinstance(value, str):
        return json.dumps(value)
    if value is None or isinstance(value, bool | int):
        return repr(value)
    raise SystemExit(f"spec/ruleset.schema.json: the value {value!r} is not null, a boolean, an integer or a string")


def type_name(option: str) -> str:
    """The name of an option's ``Literal`` type: ``knock_tie`` -> ``KnockTie``."""
    return "".join(part.capitalize() for part in option.split("_"))


def _annotation(option: str, enum: list[object]) -> str:
    is_bool = len(enum) == 2 and all(isinstance(v, bool) for v in enum) and enum[0] is not enum[1]
    return "bool" if is_bool else type_name(option)


def _options(schema: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    props = schema.get("properties")
    if not isinstance(props, dict) or not props:
        raise SystemExit("spec/ruleset.schema.json: properties: expected one property per ruleset option")
    for name, prop in props.items():
        where = f"spec/ruleset.schema.json: properties.{name}"
        if not re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", name):
            raise SystemExit(f"{where}: expected a lower-case name with underscores")
        enum = prop.get("enum")
        if not isinstance(enum, list) or not enum:
            raise SystemExit(f"{where}.enum: expected the list of the option's values, the default first")
        if "default" not in prop or not (type(prop["default"]) is type(enum[0]) and prop["default"] == enum[0]):
            raise SystemExit(f"{where}.default: expected the first value of enum, {json.dumps(enum[0])}")
        question = prop.get("x-question")
        if not isinstance(question, str) or not question.rstrip().endswith("?"):
            raise SystemExit(f"{where}.x-question: expected the option as a plain question for players, ending in '?'")
        keys = [_shown(v) for v in enum]
        choices = prop.get("x-choices")
        if not isinstance(choices, dict) or sorted(choices) != sorted(keys) \
                or not all(isinstance(t, str) and t.strip() for t in choices.values()):
            raise SystemExit(f"{where}.x-choices: expected a statement in words for each value, keyed "
                             f"{', '.join(keys)}")
    return props


def engine_blocks(schema: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """The generated lines of tonk_ref/engine/ruleset.py: the option types, and the fields
    of ``Ruleset``."""
    types: list[str] = []
    fields: list[str] = []
    for name, prop in _options(schema).items():
        enum = prop["enum"]
        annotation = _annotation(name, enum)
        if annotation != "bool":
            line = f"{annotation} = Literal[{', '.join(_py(v) for v in enum)}]"
            if len(line) > WIDTH:
                line = "\n".join([f"{annotation} = Literal[", *(f"    {_py(v)}," for v in enum), "]"])
            types.append(line)
        fields.append(f"    {name}: {annotation} = {_py(enum[0])}")
    return types, fields


def _replace_block(source: str, lines: list[str], which: str) -> str:
    pattern = re.compile(rf"^ *{re.escape(BEGIN)}\n(.*?)^ *{re.escape(END)}\n", re.M | re.S)
    found = list(pattern.finditer(source))
    if len(found) != 2:
        raise SystemExit(f"{ENGINE_RULESET.relative_to(ROOT)}: expected two generated blocks (the types, then the "
                         f"fields of Ruleset), each between the lines {BEGIN!r} and {END!r}; found {len(found)}")
    m = found[0 if which == "types" else 1]
    body = "".join(f"{line}\n" for line in lines)
    return source[: m.start(1)] + body + source[m.end(1) :]


def synced_engine(schema: Mapping[str, Any], source: str) -> str:
    """tonk_ref/engine/ruleset.py as the schema makes it."""
    types, fields = engine_blocks(schema)
    outside = re.sub(rf"^ *{re.escape(BEGIN)}\n.*?^ *{re.escape(END)}\n", "", source, flags=re.M | re.S)
    defined = {n for pair in re.findall(r"^(?:class |def )(\w+)|^(\w+) *[:=]", outside, re.M) for n in pair if n}
    defined |= {n.strip() for names in re.findall(r"^from \S+ import (.+)$", outside, re.M) for n in names.split(",")}
    generated = {type_name(n) for n, p in schema["properties"].items() if _annotation(n, p["enum"]) != "bool"}
    clash = sorted(defined & generated)
    if clash:
        raise SystemExit(f"{ENGINE_RULESET.relative_to(ROOT)} already defines {clash[0]}, the name of an option's "
                         "type: rename one of them")
    source = _replace_block(source, types, "types")
    return _replace_block(source, fields, "fields")


# ---------------------------------------------------------------------------- spec/tonk.md and x-rules


def _shown(value: object) -> str:
    """An option value as tonk.md writes it: strings bare, the rest as in JSON."""
    return value if isinstance(value, str) else json.dumps(value)


def values_line(prop: Mapping[str, Any], rules: list[str]) -> str:
    """An option's first paragraph in spec/tonk.md."""
    values = [f"`{_shown(v)}`" for v in prop["enum"]]
    values[0] += " (default)"
    return (f"Values: {', '.join(values)}. Brief: {', '.join(prop.get('x-brief', [])) or 'none'}. "
            f"Rules: {', '.join(rules) or 'none'}.")


def _option_sections(md: str, props: Mapping[str, dict[str, Any]], listings: Mapping[str, list[str]]) -> str:
    """Each option's Values line written afresh (where more than its wrapping differs),
    and a section added, after the last option before it, for an option that has none."""
    start = md.find(f"\n{OPTIONS_HEADING}\n")
    if start < 0:
        raise SystemExit(f"spec/tonk.md has no section {OPTIONS_HEADING!r}: add its heading by hand")
    nxt = re.compile(r"^## ", re.M).search(md, start + len(OPTIONS_HEADING) + 2)
    end = nxt.start() if nxt else len(md)
    body = md[start:end]
    heads = list(re.finditer(r"^### `([a-z0-9_]+)`\n", body, re.M))
    known = [m.group(1) for m in heads]
    stray = [n for n in known if n not in props]
    if stray:
        raise SystemExit(f"spec/tonk.md has a section for `{stray[0]}`, which spec/ruleset.schema.json does not "
                         "define: remove the section by hand")
    if known != [n for n in props if n in known]:
        raise SystemExit("spec/tonk.md's option sections are not in the order of spec/ruleset.schema.json")
    sections: dict[str, str] = {}
    for i, m in enumerate(heads):
        stop = heads[i + 1].start() if i + 1 < len(heads) else len(body)
        sections[m.group(1)] = body[m.start() : stop]
    intro = body[: heads[0].start()] if heads else body.rstrip("\n") + "\n\n"
    out = [intro]
    for name, prop in props.items():
        line = values_line(prop, listings[name])
        section = sections.get(name)
        if section is None:
            prose = textwrap.fill(" ".join(str(prop.get("description", "")).split()), MD_WIDTH)
            section = f"### `{name}`\n\n{line}\n\n{prose}\n\n"
        else:
            paras = section.split("\n\n")
            if " ".join(paras[1].split()) != line:
                paras[1] = line
            section = "\n\n".join(paras)
        if not section.endswith("\n\n"):
            section = section.rstrip("\n") + "\n\n"
        out.append(section)
    new = "".join(out)
    if nxt is None:
        new = new.rstrip("\n") + "\n"
    return md[:start] + new + md[end:]


def synced(md: str, schema: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """tonk.md and the ruleset schema as rules.yaml and the schema make them."""
    from tonk_ref.rulebook.applicability import applies_text, reasons_text
    from tonk_ref.rulebook.book import rules_by_id

    rules = yaml.safe_load((SPEC / "rules.yaml").read_text())["rules"]
    checked = rules_by_id(SPEC / "rules.yaml")
    for r in rules:
        head = re.search(rf"^### {re.escape(r['id'])} .*$", md, re.M)
        if head is None:
            raise SystemExit(f"spec/tonk.md has no heading for {r['id']}: add its section by hand")
        # the heading, a blank line, the text paragraph, a blank line, the Sources line, and
        # the Applies line if there is one
        block = re.compile(r"(\n\n)(.*?)(\n\nSources: )([^\n]*)((?:\n\nApplies only where [^\n]*)?)", re.S)
        m = block.match(md, head.end())
        if m is None:
            raise SystemExit(f"spec/tonk.md: {r['id']} is not followed by text and a Sources line")
        sources = ", ".join(r.get("brief", [])) or "none"
        if r.get("decided"):
            sources += " (decided by this spec)"
        options = ", ".join(f"`{o}`" for o in r.get("options", [])) or "none"
        applies = applies_text(checked[r["id"]].applies)
        new = f"{m.group(1)}{r['text']}{m.group(3)}{sources}. Options: {options}."
        if applies is not None:
            new += f"\n\n{applies}"
        md = md[: m.start()] + new + md[m.end() :]
    listings: dict[str, list[str]] = {}
    for name, prop in schema["properties"].items():
        listings[name] = [r["id"] for r in rules if name in r.get("options", [])]
        prop["x-rules"] = listings[name]
    md = _option_sections(md, schema["properties"], listings)
    section = re.search(rf"^{re.escape(REASONS_HEADING)}\n\n(.*?)\n\n(?=#)", md, re.M | re.S)
    if section is None:
        raise SystemExit(f"spec/tonk.md has no section {REASONS_HEADING!r}: add its heading by hand")
    md = md[: section.start(1)] + reasons_text() + md[section.end(1) :]
    return md, schema


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file is not in step")
    args = parser.parse_args()
    md_path, schema_path = SPEC / "tonk.md", SPEC / "ruleset.schema.json"
    schema = json.loads(schema_path.read_text())
    # the engine first: the rulebook below checks rules.yaml against the engine's Ruleset
    engine = synced_engine(schema, ENGINE_RULESET.read_text())
    if ENGINE_RULESET.read_text() != engine:
        if args.check:
            print(f"{ENGINE_RULESET.relative_to(ROOT)} is not in step with {schema_path.relative_to(ROOT)}: "
                  "run python scripts/sync_spec.py")
            raise SystemExit(1)
        ENGINE_RULESET.write_text(engine)
    md, schema = synced(md_path.read_text(), schema)
    schema_text = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
    stale = [p for p, text in ((md_path, md), (schema_path, schema_text)) if p.read_text() != text]
    if args.check:
        for p in stale:
            print(f"{p.relative_to(ROOT)} is not in step with spec/rules.yaml and spec/ruleset.schema.json: "
                  "run python scripts/sync_spec.py")
        raise SystemExit(1 if stale else 0)
    md_path.write_text(md)
    schema_path.write_text(schema_text)


if __name__ == "__main__":
    main()
