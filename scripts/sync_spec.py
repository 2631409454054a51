"""Keep the derived parts of the spec, the engine and the golden rulings in step with their sources.

spec/ruleset.schema.json is the single home of each option: its type, values, default,
description, its wording for players (``x-question``, and ``x-choices``: a statement for
each value; required of every option) and the facts the tools read (``x-acts-on``,
``x-source``, ``x-needs``, ``x-actions``).  spec/rules.yaml is the single source of each
rule's text, sources and options, and of each reason code (``reasons``: its meaning, the
rules that give it, where it can be given) and the order of checks (``checks``).  This
script rewrites what is derived from them:

- in tonk_ref/engine/ruleset.py, the lines between the ``BEGIN generated`` and ``END
  generated`` markers: the ``Literal`` type of each option and the fields of ``Ruleset``
  with their defaults (the engine reads no JSON);
- in tonk_ref/engine/actions.py, the lines between its markers: ``REASONS``, every code
  the engine gives with its meaning in one line;
- in spec/tonk.md each rule's verbatim text, its "Sources: ... Options: ..." line and, for
  a rule that does not apply at every table, the "Applies only where ..." line after it,
  and a section for a rule that has none yet (added after the section of the rule before
  it in rules.yaml); the table "Reason codes", the list "Where a code can be given" and the
  checks of each kind of action in "Which code when several apply" (each between
  ``<!-- BEGIN generated ... -->`` and ``<!-- END generated -->`` lines); each option's
  "Values: ... Brief: ... Rules: ..." line, and a section for an option that has none yet
  (its heading, that line and the schema's description, which may then be reworded by
  hand);
- in spec/ruleset.schema.json each option's ``x-rules``;
- from ``COUNTERS`` of tonk_ref/engine/statefields.py (the hand's counters, declared once),
  the lines between the ``BEGIN generated (...)`` and ``END generated`` markers of
  tonk_ref/engine/hand.py (each counter's slot, fresh value, property, ``copy()`` line and
  place in ``__eq__``) and tonk_ref/engine/serialize.py (its JSON both ways), and the table
  of the reference engine's extras in spec/protocol.md ("The state");
- the golden rulings of the tests (:data:`GOLDEN`), the judge's output word for word.

Everything is worked out before anything is written: the new engine modules and spec files
are staged in a temporary copy of the checkout's tonk_ref and spec, the rulebook is checked
and the rulings are judged there, and only then are the files written (``--check``: change
nothing, and exit with status 1 naming each file that is not in step).  The script reads
the tonk_ref of the checkout it lies in, never another installed one.

tests/test_spec.py, tests/spec/test_applicability.py and tests/spec/test_sync_spec.py check
the result, so run this after editing the schema or rules.yaml:  python scripts/sync_spec.py
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path[:1]:
    sys.path.insert(0, str(ROOT))  # this checkout's tonk_ref, not whichever is installed
SPEC = ROOT / "spec"
ENGINE_RULESET = ROOT / "tonk_ref" / "engine" / "ruleset.py"
ENGINE_ACTIONS = ROOT / "tonk_ref" / "engine" / "actions.py"
REASONS_HEADING = "### Where a code can be given"
CODES_HEADING = "## Reason codes"
PRECEDENCE_HEADING = "### Which code when several apply"
OPTIONS_HEADING = "## Ruleset options"
BEGIN = "# BEGIN generated from spec/ruleset.schema.json by scripts/sync_spec.py: edit the schema, not these lines"
BEGIN_REASONS = ("# BEGIN generated from spec/rules.yaml by scripts/sync_spec.py: edit the reasons of rules.yaml, "
                 "not these lines")
END = "# END generated"
MD_BEGIN = ("<!-- BEGIN generated from spec/rules.yaml ({}) by scripts/sync_spec.py: edit rules.yaml, not these "
            "lines -->")
MD_END = "<!-- END generated -->"
#: The golden rulings of the tests: the file, and the arguments of the ``tonk`` command whose output
#: it holds word for word (run from the checkout's root, 80 columns, no colour).
GOLDEN: dict[str, list[str]] = {
    "tests/tools/data/ruling-w7-full.txt": [
        "judge", "2 players, dealer 1; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; 0 knocks",
        "--full", "--no-color",
    ],
}
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
        brief, unsourced = prop.get("x-brief", []), prop.get("x-unsourced", [])
        if not isinstance(brief, list) or not all(isinstance(b, str) and re.fullmatch(r"[SDVW][0-9]+", b)
                                                  for b in brief):
            raise SystemExit(f"{where}.x-brief: expected a list of items of the rules brief (S1, D3, V31)")
        if not brief and not (isinstance(unsourced, list) and len(unsourced) == len(enum) - 1):
            raise SystemExit(f"{where}.x-brief: expected the brief items the option implements; it may be empty "
                             "only when x-unsourced lists every value but the default")
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


def _raw_reasons(rules_doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ``reasons`` of rules.yaml, checked as far as the engine's REASONS needs (the rulebook
    checks the rest): each a code and its meaning."""
    reasons = rules_doc.get("reasons") if isinstance(rules_doc, Mapping) else None
    if not isinstance(reasons, list) or not reasons:
        raise SystemExit("spec/rules.yaml: reasons: expected the list of reason codes, each with its meaning")
    seen: set[str] = set()
    for i, raw in enumerate(reasons):
        where = f"spec/rules.yaml: reasons[{i}]"
        code = raw.get("code") if isinstance(raw, dict) else None
        if not isinstance(code, str) or not re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", code):
            raise SystemExit(f"{where}.code: expected a lower-case code with underscores")
        if code in seen:
            raise SystemExit(f"{where}.code: {code} is listed twice")
        seen.add(code)
        for key in ("meaning", "short"):
            if (key == "meaning" or key in raw) and not (isinstance(raw.get(key), str) and raw[key].strip()):
                raise SystemExit(f"{where} ({code}).{key}: expected the code's meaning in words")
    return reasons


def reasons_block(rules_doc: Mapping[str, Any]) -> list[str]:
    """The generated lines of tonk_ref/engine/actions.py: ``REASONS``, the codes of play and the
    protocol codes marked ``engine``, each with its meaning in one line."""
    lines = ["#: Every reason code an engine may give for refusing an action, with its meaning in one line (the",
             "#: codes of play, then the protocol's codes about a hand).",
             "REASONS: Final[dict[str, str]] = {"]
    for raw in _raw_reasons(rules_doc):
        if raw.get("protocol") and not raw.get("engine"):
            continue
        code, words = json.dumps(raw["code"]), json.dumps(" ".join(str(raw.get("short") or raw["meaning"]).split()))
        line = f"    {code}: {words},"
        lines.append(line if len(line) <= WIDTH else f"    {code}: (\n        {words}\n    ),")
    lines.append("}")
    return lines


def synced_actions(rules_doc: Mapping[str, Any], source: str) -> str:
    """tonk_ref/engine/actions.py as the reasons of rules.yaml make it."""
    pattern = re.compile(rf"^{re.escape(BEGIN_REASONS)}\n(.*?)^{re.escape(END)}\n", re.M | re.S)
    found = list(pattern.finditer(source))
    if len(found) != 1:
        raise SystemExit(f"{ENGINE_ACTIONS.relative_to(ROOT)}: expected one generated block (REASONS) between the "
                         f"lines {BEGIN_REASONS!r} and {END!r}; found {len(found)}")
    body = "".join(f"{line}\n" for line in reasons_block(rules_doc))
    return source[: found[0].start(1)] + body + source[found[0].end(1) :]


# ---------------------------------------------------------------------------- the hand's counters


ENGINE_HAND = ROOT / "tonk_ref" / "engine" / "hand.py"
ENGINE_SERIALIZE = ROOT / "tonk_ref" / "engine" / "serialize.py"
STATE_FIELDS = ROOT / "tonk_ref" / "engine" / "statefields.py"
PROTOCOL = SPEC / "protocol.md"
STATE_HEADING = "### The state"  # the section of spec/protocol.md that holds the table of counters
#: The generated blocks of the counters each engine module holds, by name.
COUNTER_BLOCKS = {ENGINE_HAND: ("slots", "fresh", "properties", "copy", "key"),
                  ENGINE_SERIALIZE: ("to_json", "extras", "omitted", "from_json")}
BEGIN_COUNTERS = "# BEGIN generated ({}) from statefields.COUNTERS by scripts/sync_spec.py: edit COUNTERS"
MD_BEGIN_COUNTERS = ("<!-- BEGIN generated from statefields.COUNTERS by scripts/sync_spec.py: edit COUNTERS in "
                     "tonk_ref/engine/statefields.py, not these lines -->")
#: The engine's value of each kind of counter in the state's JSON (``{v}``: the attribute
#: read), and read back from it (``{get}``: the field, or the fresh value when absent).
TO_JSON = {"count": "{v}", "flag": "{v}", "per_seat": "list({v})", "card_or_none": "None if {v} < 0 else NAMES[{v}]",
           "seat_or_none": "None if {v} < 0 else {v}"}
FROM_JSON = {"count": "int({get})", "flag": "bool({get})", "per_seat": "tuple({get})",
             "card_or_none": "_card_code({get})", "seat_or_none": "_seat({get})"}
PROPERTY = {"card_or_none": "None if {v} < 0 else {v}", "seat_or_none": "None if {v} < 0 else {v}"}
#: The engine's type of each kind of counter, and the type its property answers.
ENGINE_TYPE = {"count": "int", "flag": "bool", "per_seat": "tuple[int, ...]", "card_or_none": "Card",
               "seat_or_none": "int"}
PROPERTY_TYPE = {"count": "int", "flag": "bool", "per_seat": "tuple[int, ...]", "card_or_none": "Card | None",
                 "seat_or_none": "int | None"}


def counters() -> tuple[Any, ...]:
    """The :data:`COUNTERS` of tonk_ref/engine/statefields.py, read without importing the
    engine (a module of the standard library only), and checked."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("_tonk_statefields", STATE_FIELDS)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{STATE_FIELDS.relative_to(ROOT)}: cannot be read")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    out: tuple[Any, ...] = module.COUNTERS
    where = f"{STATE_FIELDS.relative_to(ROOT)}: COUNTERS"
    attrs, names = set(), set()
    for c in out:
        if c.kind not in TO_JSON:
            raise SystemExit(f"{where}: {c.json}: kind {c.kind!r} is not one of {', '.join(TO_JSON)}")
        if not re.fullmatch(r"_[a-z][a-z0-9_]*", c.attr) or not re.fullmatch(r"[a-z][a-z0-9_]*", c.json):
            raise SystemExit(f"{where}: {c.json}: expected a private attribute (_name) and a lower-case field name")
        if c.attr in attrs or c.json in names:
            raise SystemExit(f"{where}: {c.json}: the attribute {c.attr} or the field {c.json} is declared twice")
        if c.kind.endswith("_or_none") and c.fresh != "-1":
            raise SystemExit(f"{where}: {c.json}: a {c.kind} counter is fresh at -1 (none), not {c.fresh}")
        attrs.add(c.attr)
        names.add(c.json)
    return out


def _wrap(items: list[str], width: int) -> list[str]:
    """``items``, each followed by a comma, in lines of at most ``width``."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(item) + 2 <= width:
            lines[-1] += f" {item},"
        else:
            lines.append(f"{item},")
    return lines


def _docstring(text: str) -> list[str]:
    """A property's docstring, in the body of a method (wrapped as the engine's prose is)."""
    words = " ".join(text.split())
    lines = textwrap.wrap(f'"""{words}"""', MD_WIDTH - 8, break_long_words=False, break_on_hyphens=False)
    return [f"    {line}" for line in lines]


def counter_blocks(declared: Sequence[Any]) -> dict[str, list[str]]:
    """The generated lines of hand.py and serialize.py, by block name (their indentation
    relative to the block's markers added when written)."""
    hand: dict[str, list[str]] = {"slots": [f'"{c.attr}",' for c in declared], "fresh": [], "properties": [],
                                  "copy": [f"h.{c.attr} = self.{c.attr}" for c in declared]}
    for c in declared:
        hand["fresh"].append(f"self.{c.attr}: {ENGINE_TYPE[c.kind]} = {c.fresh}")
        got = PROPERTY.get(c.kind, "{v}").format(v=f"self.{c.attr}")
        hand["properties"] += ["@property", f"def {c.json}(self) -> {PROPERTY_TYPE[c.kind]}:",
                               *_docstring(c.doc), f"    return {got}", ""]
    hand["properties"] = hand["properties"][:-1]
    hand["key"] = _wrap([f"self.{c.attr}" for c in declared if c.compared], WIDTH - 12)  # in the tuple of _key
    written: dict[str, list[str]] = {"to_json": [], "extras": [], "omitted": [], "from_json": []}
    conditions: list[tuple[str, str]] = []  # the options and values under which fields are left out, in order
    for c in declared:
        value = TO_JSON[c.kind].format(v=f"h.{c.attr}")
        if c.omitted_when is None:
            written["to_json" if c.schema else "extras"].append(f'"{c.json}": {value},')
        else:
            condition = tuple(c.omitted_when)
            if conditions and conditions[-1] != condition and condition in conditions:
                raise SystemExit(f"{STATE_FIELDS.relative_to(ROOT)}: COUNTERS: {c.json}: declare the counters "
                                 "left out under one option value next to each other")
            if not conditions or conditions[-1] != condition:
                conditions.append(condition)
                written["omitted"].append(f"if h.rules.{condition[0]} != {_py(condition[1])}:")
            written["omitted"].append(f'    out["{c.json}"] = {value}')
        # absent: the fresh hand's value (none, for a card or a seat)
        fresh = re.sub(r"\bplayers\b", "h.players", c.fresh)
        get = f'obj.get("{c.json}")' if c.kind.endswith("_or_none") else f'obj.get("{c.json}", {fresh})'
        written["from_json"].append(f"h.{c.attr} = {FROM_JSON[c.kind].format(get=get)}")
    return {**hand, **written}


def synced_counters(source: str, blocks: Mapping[str, list[str]], path: Path) -> str:
    """``source`` (hand.py or serialize.py) with each of its counter blocks written from
    ``blocks``; each block it holds is there once, indented as its BEGIN line."""
    before, _, after = BEGIN_COUNTERS.partition("{}")
    pattern = re.compile(rf"^( *){re.escape(before)}([a-z_]+){re.escape(after)}\n(.*?)^ *{re.escape(END)}\n",
                         re.M | re.S)
    found = list(pattern.finditer(source))
    names = [m.group(2) for m in found]
    rel = path.relative_to(ROOT)
    wanted = COUNTER_BLOCKS[path]
    if sorted(names) != sorted(wanted):
        raise SystemExit(f"{rel}: expected the generated blocks of the hand's counters {', '.join(wanted)}, each once "
                         f"between the lines {BEGIN_COUNTERS.format('NAME')!r} and {END!r}; found "
                         f"{', '.join(names) or 'none'}")
    out, at = [], 0
    for m in found:
        indent = m.group(1)
        body = "".join(f"{indent}{line}\n" if line else "\n" for line in blocks[m.group(2)])
        out += [source[at : m.start(3)], body]
        at = m.end(3)
    return "".join(out) + source[at:]


def protocol_counters(declared: Sequence[Any]) -> str:
    """The table of spec/protocol.md ("The state"): the reference engine's counters the
    schema does not name."""
    rows = ["| Field | Meaning |", "| --- | --- |"]
    for c in declared:
        if c.schema:
            continue
        meaning = " ".join(c.doc.split())
        if c.omitted_when is not None:
            option, shown = c.omitted_when
            meaning += f" Left out where `{option} = {_shown(shown)}`."
        rows.append(f"| `{c.json}` | {meaning} |")
    return "\n".join(rows)


def synced_protocol(md: str, declared: Sequence[Any]) -> str:
    return _generated(md, STATE_HEADING, MD_BEGIN_COUNTERS, protocol_counters(declared), doc="spec/protocol.md")


# ---------------------------------------------------------------------------- spec/tonk.md and x-rules


def _shown(value: object) -> str:
    """An option value as tonk.md writes it: strings bare, the rest as in JSON."""
    return value if isinstance(value, str) else json.dumps(value)


def values_line(prop: Mapping[str, Any], rules: list[str]) -> str:
    """An option's first paragraph in spec/tonk.md: its values, the brief items it implements,
    the values no written source gives (``x-unsourced``: a house rule this spec offers where
    ``x-offered``, else an online engines' rule) and the rules it changes."""
    values = [f"`{_shown(v)}`" for v in prop["enum"]]
    values[0] += " (default)"
    unsourced = ""
    if prop.get("x-unsourced"):
        whose = "a house rule this spec offers" if prop.get("x-offered") else "an online engines' rule"
        unsourced = f" No written source: {', '.join(f'`{_shown(v)}`' for v in prop['x-unsourced'])} ({whose})."
    return (f"Values: {', '.join(values)}. Brief: {', '.join(prop.get('x-brief', [])) or 'none'}.{unsourced} "
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


#: The layout of a rule's section in spec/tonk.md, as an error about one says it.
RULE_LAYOUT = ("a rule's section is its heading '### ID Title', a blank line, its text (one paragraph, the text of "
               "rules.yaml), a blank line, the line 'Sources: ... Options: ...', then for a rule with applies the "
               "line 'Applies only where ...', then any explanation")


def _rule_sections(md: str, rules: list[dict[str, Any]], checked: Mapping[str, Any]) -> str:
    """Each rule's text, Sources line and Applies line written afresh, and a section added for
    a rule that has none, after the section of the rule before it in rules.yaml."""
    from tonk_ref.rulebook.applicability import applies_text

    heading = re.compile(r"^#{2,3} ", re.M)
    for k, r in enumerate(rules):
        sources = ", ".join(r.get("brief", [])) or "none"
        if r.get("decided"):
            sources += " (decided by this spec)"
        options = ", ".join(f"`{o}`" for o in r.get("options", [])) or "none"
        applies = applies_text(checked[r["id"]].applies)
        lines = f"{' '.join(str(r['text']).split())}\n\nSources: {sources}. Options: {options}."
        if applies is not None:
            lines += f"\n\n{applies}"
        head = re.search(rf"^### {re.escape(r['id'])} .*$", md, re.M)
        if head is None:
            before = next((re.search(rf"^### {re.escape(p['id'])} .*$", md, re.M) for p in reversed(rules[:k])
                           if re.search(rf"^### {re.escape(p['id'])} .*$", md, re.M)), None)
            if before is None:
                raise SystemExit(f"spec/tonk.md has no heading for {r['id']} nor for a rule before it: add its "
                                 f"section by hand ({RULE_LAYOUT})")
            nxt = heading.search(md, before.end())
            at = nxt.start() if nxt else len(md)
            explanation = " ".join(str(r.get("decision", "")).split())
            section = f"### {r['id']} {r['title']}\n\n{lines}\n\n"
            if explanation:
                section += textwrap.fill(explanation, MD_WIDTH) + "\n\n"
            md = md[:at] + section + md[at:]
            continue
        nxt = heading.search(md, head.end())
        stop = nxt.start() if nxt else len(md)
        # the heading, a blank line, the text paragraph, a blank line, the Sources line, and
        # the Applies line if there is one, all within the rule's own section
        block = re.compile(r"\n\n(.*?)\n\nSources: [^\n]*((?:\n\nApplies only where [^\n]*)?)", re.S)
        m = block.match(md, head.end(), stop)
        if m is None:
            raise SystemExit(f"spec/tonk.md: the section of {r['id']} has no 'Sources: ...' line after its text "
                             f"({RULE_LAYOUT})")
        md = md[: m.start()] + f"\n\n{lines}" + md[m.end() :]
    return md


def _generated(md: str, heading: str, begin: str, body: str, indent: str = "", doc: str = "spec/tonk.md") -> str:
    """``body`` between the generated markers (``begin`` and :data:`MD_END`) in the section
    of the Markdown document ``doc`` under ``heading`` (the markers and the body indented by
    ``indent``, inside a list)."""
    begin = indent + begin
    m = re.search(rf"^{re.escape(heading)}\n", md, re.M)
    if m is None:
        raise SystemExit(f"{doc} has no section {heading!r}: add its heading by hand")
    level = len(heading.split(" ")[0])
    nxt = re.compile(rf"^#{{1,{level}}} ", re.M).search(md, m.end())
    stop = nxt.start() if nxt else len(md)
    at = md.find(f"\n{begin}\n", m.end() - 1, stop)
    end = md.find(f"\n{indent}{MD_END}\n", at + 1, stop) if at >= 0 else -1
    if at < 0 or end < 0:
        raise SystemExit(f"{doc}: the section {heading!r} has lost its generated block: put back the lines "
                         f"{begin.strip()!r} and {MD_END!r} around it")
    return md[: at + len(begin) + 2] + body + md[end:]


def codes_table() -> str:
    """The table "Reason codes" of spec/tonk.md: each code, its meaning and the rules that give it."""
    from tonk_ref.rulebook.book import load_reason_codes

    rows = ["| Code | Meaning | Rules |", "| --- | --- | --- |"]
    rows += [f"| `{r.code}` | {r.meaning} | {', '.join(r.rules) or r.see} |" for r in load_reason_codes()]
    return "\n".join(rows)


def checks_list() -> str:
    """The checks of each kind of action, as "Which code when several apply" lists them."""
    from tonk_ref.rulebook.book import load_checks

    out: list[str] = []
    for group in load_checks():
        items = [f"`{code}`" + (f" ({what})" if what else "") for code, what in group.order]
        line = f"- {group.of}: " + "; ".join(items) + (f"; then {group.then}" if group.then else "") + "."
        if group.note:
            line += " " + group.note
        out.append(textwrap.fill(line, MD_WIDTH, initial_indent="   ", subsequent_indent="     ",
                                 break_on_hyphens=False, break_long_words=False))
    return "\n".join(out)


def synced(md: str, schema: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """tonk.md and the ruleset schema as rules.yaml and the schema make them."""
    from tonk_ref.rulebook.applicability import reasons_text
    from tonk_ref.rulebook.book import rules_by_id

    rules = yaml.safe_load((SPEC / "rules.yaml").read_text())["rules"]
    checked = rules_by_id(SPEC / "rules.yaml")
    md = _rule_sections(md, rules, checked)
    listings: dict[str, list[str]] = {}
    for name, prop in schema["properties"].items():
        listings[name] = [r["id"] for r in rules if name in r.get("options", [])]
        prop["x-rules"] = listings[name]
    md = _option_sections(md, schema["properties"], listings)
    md = _generated(md, CODES_HEADING, MD_BEGIN.format("reasons"), codes_table())
    md = _generated(md, REASONS_HEADING, MD_BEGIN.format("reasons: applies"), reasons_text())
    md = _generated(md, PRECEDENCE_HEADING, MD_BEGIN.format("checks"), checks_list(), indent="   ")
    return md, schema


def _load_rules_doc(root: Path) -> dict[str, Any]:
    path = root / "spec" / "rules.yaml"
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        raise SystemExit(f"spec/rules.yaml{line}: not valid YAML: {getattr(e, 'problem', None) or e}") from None
    if not isinstance(doc, dict):
        raise SystemExit("spec/rules.yaml: expected a mapping of sections, rules, reasons and checks")
    return doc


def _derive() -> None:
    """The child's part (``--derive``, run in the staged copy): tonk.md and the schema as
    rules.yaml and the schema make them, printed as JSON.  A bad rulebook is one line on
    stderr and exit status 2."""
    from tonk_ref.rulebook.book import RulebookError
    from tonk_ref.rulebook.options import option_facts

    schema = json.loads((SPEC / "ruleset.schema.json").read_text(encoding="utf-8"))
    try:
        option_facts()  # the options' facts and words, checked as the tools read them
        md, schema = synced((SPEC / "tonk.md").read_text(encoding="utf-8"), schema)
    except RulebookError as e:
        raise SystemExit(str(e)) from None
    print(json.dumps({"spec/tonk.md": md,
                      "spec/ruleset.schema.json": json.dumps(schema, indent=2, ensure_ascii=False) + "\n"}))


def _run(args: Sequence[str], stage: Path, what: str) -> str:
    """Run ``args`` with the staged copy's tonk_ref first on the path; its output, or exit
    naming ``what`` failed and why (the staged copy's paths written as the checkout's)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(stage), os.environ.get("PYTHONPATH", "")]).rstrip(
        os.pathsep), "COLUMNS": "80", "NO_COLOR": "1"}
    env.pop("TONK_SITE_URL", None)
    done = subprocess.run(list(args), cwd=stage, env=env, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        why = (done.stderr.strip() or done.stdout.strip()).replace(str(stage), str(ROOT))
        if "Traceback (most recent call last)" in why:  # the error itself, not the stack
            why = why.splitlines()[-1]
        raise SystemExit(why if what == "" else f"{what}: {why}")
    return done.stdout


def _stage(tmp: Path, engine: Mapping[Path, str]) -> Path:
    """A copy of the checkout's tonk_ref and spec with the generated engine modules written in."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "_data")
    shutil.copytree(ROOT / "tonk_ref", tmp / "tonk_ref", ignore=ignore)
    shutil.copytree(SPEC, tmp / "spec", ignore=ignore)
    (tmp / "scripts").mkdir()
    shutil.copy2(Path(__file__), tmp / "scripts" / "sync_spec.py")
    for path, text in engine.items():
        (tmp / path.relative_to(ROOT)).write_text(text, encoding="utf-8")
    return tmp


def derived_files() -> dict[Path, str]:
    """Every file this script writes, as the sources make it: worked out in a staged copy,
    so that nothing is written until everything is known (a bad source exits naming it)."""
    schema = json.loads((SPEC / "ruleset.schema.json").read_text(encoding="utf-8"))
    out: dict[Path, str] = {
        ENGINE_RULESET: synced_engine(schema, ENGINE_RULESET.read_text(encoding="utf-8")),
        ENGINE_ACTIONS: synced_actions(_load_rules_doc(ROOT), ENGINE_ACTIONS.read_text(encoding="utf-8")),
    }
    declared = counters()
    blocks = counter_blocks(declared)
    for path in (ENGINE_HAND, ENGINE_SERIALIZE):
        out[path] = synced_counters(path.read_text(encoding="utf-8"), blocks, path)
    out[PROTOCOL] = synced_protocol(PROTOCOL.read_text(encoding="utf-8"), declared)
    with tempfile.TemporaryDirectory(prefix="sync_spec-") as name:
        stage = _stage(Path(name), out)
        spec = json.loads(_run([sys.executable, str(stage / "scripts" / "sync_spec.py"), "--derive"], stage, ""))
        for rel, text in spec.items():
            out[ROOT / rel] = text
            (stage / rel).write_text(text, encoding="utf-8")
        for rel, args in GOLDEN.items():
            out[ROOT / rel] = _run([sys.executable, "-m", "tonk_ref", *args], stage, f"{rel}: tonk {args[0]}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file is not in step")
    parser.add_argument("--derive", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.derive:
        _derive()
        return
    files = derived_files()
    stale = [p for p, text in files.items() if not p.is_file() or p.read_text(encoding="utf-8") != text]
    if args.check:
        for p in stale:
            print(f"{p.relative_to(ROOT)} is not in step with spec/rules.yaml, spec/ruleset.schema.json and "
                  "tonk_ref/engine/statefields.py: run python scripts/sync_spec.py")
        raise SystemExit(1 if stale else 0)
    for p in stale:
        p.write_text(files[p], encoding="utf-8")
        print(f"wrote {p.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
