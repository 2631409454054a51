"""``tonk rules``: list and search the rules and options of the spec.

``tonk rules`` lists every rule (ID and title) by section.  ``tonk rules QUERY`` searches
them: an ID or the start of one (``PAY-CAUGHT``), an option name (``knock_tie``), or words
found in a rule's title or text (``knock tie``).  ``tonk rules ID`` prints one rule: its
text, its sources (the brief items with their words), the options that change it with
their values, where spec/tonk.md explains it, and the YAML scenarios and Gherkin scenarios
that check it, and a situation it decides (its ``example`` in spec/rules.yaml) as ``tonk
judge`` commands to paste.  ``tonk rules --options`` lists every option as a question for players, each
value beside the statement that holds at a table playing it (both from
spec/ruleset.schema.json), the default, the description and the rules it changes.  With
``--rules FILE`` the table's values are shown beside them.  The text fits 100 columns, but
for the example's commands, each printed on one line so that it can be pasted.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..engine.ruleset import Ruleset, option_values
from ..harness.situations import table_rules
from ..paths import data_root, features_dir, scenarios_dir, spec_dir
from ..rulebook.book import (
    Example,
    Rule,
    RulebookError,
    load_rules,
    load_ruleset_schema,
    load_sections,
    table_values,
)
from ..rulebook.notation import option_text, value_text
from ..rulebook.options import option_facts
from ..rulebook.provenance import NO_WRITTEN_SOURCE, UNSOURCED, provenance, provenance_record, value_source
from ..rulebook.wording import wrap
from .cli import UsageError

COMMAND = "rules"
HELP = "list and search the rules and options; 'tonk rules ID' prints one rule, its sources and its tests"


EPILOG = (
    "Examples:\n"
    "  tonk rules                     every rule, by section\n"
    "  tonk rules PAY-KNOCK-3         one rule: text, sources, options, where explained, scenarios\n"
    "  tonk rules pay-caught          rules whose ID starts so\n"
    "  tonk rules knock tie           rules whose title or text holds every word\n"
    "  tonk rules knock_tie           the rules an option changes\n"
    "  tonk rules --options           every option: its question, values in words, default, rules\n"
    "  tonk rules --options --rules table.yaml   ... and the table's values\n"
    "Exit status: 0 found, 1 nothing matches, 2 bad input."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("query", metavar="QUERY", nargs="*",
                        help="a rule ID, the start of one, an option name, or words of a rule's title or text")
    parser.add_argument("--options", action="store_true",
                        help="list the options (those matching QUERY, if given) instead of the rules")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="text (default) or json")
    parser.add_argument("--rules", metavar="PRESET|FILE",
                        help="the table's rules (a preset, a preset file or a table-rules file): show the "
                             "table's value of each option")


# ---------------------------------------------------------------------------- data


@dataclass(frozen=True)
class Option:
    name: str
    values: tuple[object, ...]
    default: object
    description: str
    rules: tuple[str, ...]
    brief: tuple[str, ...]
    question: str = ""  # x-question: the option as a question for players
    choices: tuple[str, ...] = ()  # x-choices: each value's statement, in the order of values


WIDTH = 100  # the columns the text output fits


def load_options() -> list[Option]:
    schema = load_ruleset_schema().get("properties", {})
    by_rule: dict[str, list[str]] = {}
    for r in load_rules():
        for o in r.options:
            by_rule.setdefault(o, []).append(r.id)
    facts = option_facts()
    out = []
    for name, values in option_values().items():
        entry = schema.get(name, {})
        rules = list(entry.get("x-rules", []))
        rules += [r for r in by_rule.get(name, []) if r not in rules]
        out.append(Option(name, values, values[0], str(entry.get("description", "")), tuple(rules),
                          tuple(entry.get("x-brief", [])), facts[name].question, facts[name].choices))
    return out


def brief_items() -> dict[str, str]:
    """The brief items (S1, D3, V31, W7) as the appendix of spec/tonk.md gives them."""
    out: dict[str, str] = {}
    for line in (spec_dir() / "tonk.md").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^- \*\*([SDVW]\d+)\*\* (.*)$", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def explained_at(rule_id: str) -> tuple[int, str, str] | None:
    """(line, heading, section heading) of the rule in spec/tonk.md."""
    section = ""
    lines = (spec_dir() / "tonk.md").read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines, 1):
        if line.startswith("## "):
            section = line[3:].strip()
        if line.startswith(f"### {rule_id} ") or line.strip() == f"### {rule_id}":
            return i, line[4:].strip(), section
    return None


def _rel(p: Path) -> str:
    try:
        return str(p.relative_to(data_root()))
    except ValueError:  # pragma: no cover - outside the data root
        return str(p)


def scenarios_checking(rule_id: str) -> list[tuple[str, str]]:
    """(case id, file) of every YAML scenario whose ``rules`` list names ``rule_id``."""
    from ..harness.files import scenario_files

    loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    pattern = re.compile(rf"(?<![A-Z0-9-]){re.escape(rule_id)}(?![0-9])")
    out = []
    for f in scenario_files(scenarios_dir()):
        text = f.read_text(encoding="utf-8")
        if not pattern.search(text):
            continue
        try:
            doc = yaml.load(text, Loader=loader)
        except yaml.YAMLError:
            continue
        if isinstance(doc, dict) and rule_id in (doc.get("rules") or []):
            out.append((str(doc.get("id", f.stem)), _rel(f)))
    return sorted(out)


@dataclass(frozen=True)
class FeatureScenario:
    file: str
    line: int
    title: str
    tags: tuple[str, ...]

    @property
    def id(self) -> str:
        return next((t[4:] for t in self.tags if t.startswith("@id.")), "")


_SCENARIO = re.compile(r"^\s*(Scenario Outline|Scenario Template|Scenario|Example):\s*(.*)$")


def feature_scenarios() -> list[FeatureScenario]:
    """Every Gherkin scenario of features/*.feature with its tags (its own, its Rule's and
    its Feature's, and those of its Examples tables)."""
    out: list[FeatureScenario] = []
    for f in sorted(features_dir().rglob("*.feature")):
        pending: list[str] = []
        feature_tags: list[str] = []
        rule_tags: list[str] = []
        for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            s = line.strip()
            if s.startswith("@"):
                pending += [t for t in s.split() if t.startswith("@")]
                continue
            if s.startswith("Feature:"):
                feature_tags, pending = pending, []
            elif s.startswith("Rule:"):
                rule_tags, pending = pending, []
            elif (m := _SCENARIO.match(line)) is not None:
                tags = tuple(dict.fromkeys([*feature_tags, *rule_tags, *pending]))
                out.append(FeatureScenario(_rel(f), i, m.group(2).strip(), tags))
                pending = []
            elif s.startswith("Examples:") and pending and out:
                last = out[-1]
                out[-1] = FeatureScenario(last.file, last.line, last.title,
                                          tuple(dict.fromkeys([*last.tags, *pending])))
                pending = []
    return out


def features_checking(rule_id: str) -> list[FeatureScenario]:
    return [s for s in feature_scenarios() if f"@{rule_id}" in s.tags]


# ---------------------------------------------------------------------------- search


_BRIEF_ITEM = re.compile(r"[SDVW]\d+")


def rule_blocks() -> dict[str, str]:
    """Rule ID -> the text of its section in spec/tonk.md (heading to the next heading)."""
    out: dict[str, str] = {}
    current: str | None = None
    for line in (spec_dir() / "tonk.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            m = re.match(r"^### ([A-Z]+(?:-[A-Z][A-Z0-9]*)*-\d+) ", line)
            current = m.group(1) if m else None
            if current:
                out[current] = ""
            continue
        if current:
            out[current] += line + "\n"
    return out


def citing(item: str, rules: list[Rule]) -> list[Rule]:
    """The rules that cite a brief item: S, D and V items by their ``brief`` list, worked
    payments (W) where spec/tonk.md works them out under the rule."""
    if item.startswith("W"):
        blocks = rule_blocks()
        return [r for r in rules if re.search(rf"\b{item}\b", blocks.get(r.id, ""))]
    return [r for r in rules if item in r.brief]


def search(query: list[str], rules: list[Rule]) -> tuple[list[Rule], Option | None]:
    """The rules matching ``query`` (and the option it names, if any)."""
    text = " ".join(query).strip()
    up = text.upper()
    exact = [r for r in rules if r.id == up]
    if exact:
        return exact, None
    if _BRIEF_ITEM.fullmatch(up):
        return citing(up, rules), None
    options = {o.name: o for o in load_options()}
    if text in options:
        opt = options[text]
        return [r for r in rules if r.id in opt.rules], opt
    prefix = [r for r in rules if r.id.startswith(up)]
    if prefix and " " not in text:
        return prefix, None
    words = [w.lower() for w in query for w in w.split()]
    found = []
    for r in rules:
        hay = " ".join([r.id, r.title, r.text, *r.options]).lower()
        if all(w in hay for w in words):
            found.append(r)
    return found, None


# ---------------------------------------------------------------------------- run


def run(args: argparse.Namespace) -> int:
    try:
        table, table_label = table_rules(args.rules)
    except RulebookError as e:
        raise UsageError(f"--rules: {e}") from None
    rules = load_rules()
    if args.options:
        return _options(args, table, table_label)
    if not args.query:
        return _list(args, rules, "", table)
    found, option = search(args.query, rules)
    if not found:
        print(f"tonk rules: no rule matches {' '.join(args.query)!r} (try 'tonk rules' for the list, or "
              f"'tonk rules --options')", file=sys.stderr)
        return 1
    query = " ".join(args.query).strip().upper()
    item = query if _BRIEF_ITEM.fullmatch(query) else None
    exact = query == found[0].id
    if len(found) == 1 and (exact or option is None) and item is None:
        return _one(args, found[0], table, table_label)
    head = ""
    if option is not None:
        head = _option_text(option, table)
    if item is not None:
        head = _item_text(item)
    return _list(args, found, head, table, option, item)


def _item_text(item: str) -> str:
    words = brief_items().get(item) or ("a worked payment of the rules brief, worked out under the rules below"
                                        if item.startswith("W") else "(not in the spec's appendix)")
    lines = wrap(words, 84, "")
    out = [f"{item.ljust(4)}  {lines[0]}", *(f"      {x}" for x in lines[1:])]
    offered = [o.name for o in load_options() if item in o.brief]
    if offered:
        out.append(f"      options: {', '.join(offered)}")
    return "\n".join(out)


def _list(args: argparse.Namespace, rules: list[Rule], head: str, table: Ruleset | None,
          option: Option | None = None, item: str | None = None) -> int:
    if args.format == "json":
        doc: dict[str, Any] = {"rules": [{"id": r.id, "title": r.title, "section": r.section, "basis": r.basis}
                                         for r in rules]}  # fmt: skip
        if option is not None:
            doc["option"] = _option_json(option, table)
        if item is not None:
            doc["item"] = {"id": item, "text": brief_items().get(item, ""),
                           "options": [o.name for o in load_options() if item in o.brief]}
        print(json.dumps(doc, indent=2))
        return 0
    sections = load_sections()
    if head:
        print(head)
        print()
    width = max(len(r.id) for r in rules)
    current = None
    for r in rules:
        if r.section != current and len(rules) > 12:
            if current is not None:
                print()
            print(f"{r.section}  {sections.get(r.section, '')}")
            current = r.section
        withdrawn = "  (withdrawn)" if r.status != "active" else ""
        print(f"  {r.id.ljust(width)}  {r.title}{withdrawn}  [{_BASIS[r.basis]}]")
    if item is not None:
        print(f"\n{len(rules)} rule{'s' if len(rules) != 1 else ''} cite{'' if len(rules) != 1 else 's'} {item}; "
              f"'tonk rules ID' prints one")
    elif len(rules) > 1:
        print(f"\n{len(rules)} rules; 'tonk rules ID' prints one")
    return 0


_BASIS = {"seeds": "the seeds", "decided": "this spec decides", "house": "house rule"}


def _option_text(o: Option, table: Ruleset | None, width: int = WIDTH) -> str:
    """An option for people, in ``width`` columns: its name and question, each value beside
    its statement in words, the table's value, the description and what it changes."""
    head = wrap(f"{o.name}: {o.question}", width - 2, "")
    lines = [head[0], *(f"  {x}" for x in head[1:])]
    labels = [value_text(v) + (" (default)" if i == 0 else "") for i, v in enumerate(o.values)]
    column = max(map(len, labels))
    for label, words in zip(labels, o.choices, strict=True):
        lead = f"  {label.ljust(column)}  "
        if width - len(lead) < 40:  # a value too long to keep its words beside it
            lines.append(f"  {label}")
            lead = "      "
            lines += wrap(words, width - len(lead), lead)
            continue
        text = wrap(words, width - len(lead), "")
        lines += [lead + text[0], *(" " * len(lead) + x for x in text[1:])]
    if table is not None:
        lines.append(f"  your table: {value_text(getattr(table, o.name))}")
    lines += wrap(o.description, min(88, width - 2), "  ")
    changes = f"changes: {', '.join(o.rules) or '-'}" + (f"   brief: {', '.join(o.brief)}" if o.brief else "")
    lines += [f"  {changes}"] if len(changes) + 2 <= width else wrap(changes, width - 2, "  ")
    for label, values in _unsourced(o).items():  # the brief items cite other values than these
        lines += wrap(f"{', '.join(value_text(v) for v in values)}: {label}", width - 2, "  ")
    return "\n".join(lines)


def _unsourced(o: Option) -> dict[str, list[object]]:
    """The option's values no written source gives, by how a label names them: "a house rule
    with no written source" (``x-unsourced`` with ``x-offered``: this spec offers them) or "an
    online engines' rule, no written source" (``x-unsourced``)."""
    out: dict[str, list[object]] = {}
    for v in o.values[1:]:
        kind, _ = value_source(o.name, v)
        if kind in ("none", "unsourced") and option_facts()[o.name].is_unsourced(v):
            out.setdefault(NO_WRITTEN_SOURCE if kind == "none" else UNSOURCED, []).append(v)
    return out


def _option_json(o: Option, table: Ruleset | None) -> dict[str, Any]:
    sources = {repr(v): label for label, values in _unsourced(o).items() for v in values}
    choices = [{"value": v, "words": w, **({"source": sources[repr(v)]} if repr(v) in sources else {})}
               for v, w in zip(o.values, o.choices, strict=True)]
    rec: dict[str, Any] = {"name": o.name, "question": o.question, "values": list(o.values), "default": o.default,
                           "choices": choices, "description": o.description, "rules": list(o.rules),
                           "brief": list(o.brief)}
    if table is not None:
        rec["table"] = getattr(table, o.name)
    return rec


def _options(args: argparse.Namespace, table: Ruleset | None, table_label: str) -> int:
    options = load_options()
    if args.query:
        words = [w.lower() for w in " ".join(args.query).split()]
        options = [o for o in options
                   if all(w in " ".join([o.name, o.question, *o.choices, o.description, *o.rules]).lower()
                          for w in words)]
        if not options:
            print(f"tonk rules: no option matches {' '.join(args.query)!r}", file=sys.stderr)
            return 1
    if args.format == "json":
        print(json.dumps({"options": [_option_json(o, table) for o in options]}, indent=2))
        return 0
    if table is not None:
        print(f"Your table: {table_label}\n")
    for i, o in enumerate(options):
        if i:
            print()
        print(_option_text(o, table))
    return 0


#: The table-rules file the example's first command writes, where its options are not the defaults.
EXAMPLE_FILE = "tonk-example.yaml"


def example_commands(example: Example) -> list[str]:
    """Shell commands, in order, that judge the example under its table's options: ``tonk
    judge 'SITUATION'``, after a command that writes the options to a table-rules file
    (:data:`EXAMPLE_FILE`, read with ``--rules``) where there are any."""
    judge = ["tonk", "judge", example.situation]
    if not example.options:
        return [shlex.join(judge)]
    options = ", ".join(f"{o}: {json.dumps(v)}" for o, v in example.options)
    table = f"{{preset: seed, options: {{{options}}}}}"
    return [f"echo {shlex.quote(table)} > {EXAMPLE_FILE}", shlex.join([*judge, "--rules", EXAMPLE_FILE])]


def _example_json(example: Example | None) -> dict[str, Any] | None:
    if example is None:
        return None
    if example.none:
        return {"none": example.none}
    return {"situation": example.situation, "options": dict(example.options), "argued": example.argued,
            "commands": example_commands(example)}


def _print_example(example: Example | None) -> None:
    if example is None:
        return
    if example.none:
        print("A situation it decides")
        for line in wrap(f"none: {example.none}", 88, "  "):
            print(line)
        print()
        return
    under = ", ".join(option_text(o, v) for o, v in example.options)
    print("A situation it decides" + (f", at a table playing {under}" if under else "")
          + (" (paste both lines)" if under else ""))
    for line in example_commands(example):
        print(f"  {line}")
    if example.argued:
        print("  (a point argued at tables: the short ruling names the rule among its deciding rules)")
    print()


def rule_record(r: Rule, table: Ruleset | None) -> dict[str, Any]:
    items = brief_items()
    options = {o.name: o for o in load_options()}
    changing = [options[n] for n in options if r.id in options[n].rules or n in r.options]
    at = explained_at(r.id)
    return {
        "id": r.id,
        "title": r.title,
        "section": r.section,
        "status": r.status,
        "decided": r.decided,
        "text": r.text,
        "text_here": r.text_under(table) if table is not None else r.text,
        "under": [{"when": {o: list(v) for o, v in u.when}, "text": u.text} for u in r.under],
        "provenance": provenance_record(r, table),
        "sources": [{"item": b, "text": items.get(b, "")} for b in r.brief],
        "options": [_option_json(o, table) for o in changing],
        "explained": None if at is None else {"file": "spec/tonk.md", "line": at[0], "heading": at[1],
                                              "section": at[2]},
        "clauses": [{"id": c.key, "kind": c.kind, "text": c.text, "players": c.players, "order": list(c.order)}
                    for c in r.clauses],
        "example": _example_json(r.example),
        "scenarios": [{"id": i, "file": f} for i, f in scenarios_checking(r.id)],
        "features": [{"id": s.id, "file": s.file, "line": s.line, "title": s.title} for s in features_checking(r.id)],
    }


def _one(args: argparse.Namespace, r: Rule, table: Ruleset | None, table_label: str) -> int:
    rec = rule_record(r, table)
    if args.format == "json":
        print(json.dumps(rec, indent=2))
        return 0
    sections = load_sections()
    status = "" if r.status == "active" else "  (withdrawn)"
    decided = " · decided by this spec" if r.decided else ""
    print(f"{r.id}  {r.title}{status}")
    print(f"{sections.get(r.section, r.section)}{decided}")
    print()
    here = r.text_under(table) if table is not None else r.text
    changed = table_values(r, table)
    if changed:
        shown = ", ".join(option_text(o, v) for o, v in changed.items())
        print(f"Under your table ({shown})")
        for line in wrap(here, 88, "  "):
            print(line)
        print()
        print("Under the defaults")
    for line in wrap(r.text, 88, "  "):
        print(line)
    if r.under and not changed:
        print("  (another sentence holds under some values of its options; see below)")
    print()
    print("Where it comes from")
    print(f"  {provenance(r, table)}")
    for head, words in (("the seeds", r.seeds), ("this spec decides", r.decision)):
        if words:
            lines = wrap(words, 80, "")
            print(f"  {head + ':':<19} {lines[0]}")
            for line in lines[1:]:
                print(f"  {'':<19} {line}")
    print()
    print("Sources")
    if rec["sources"]:
        for s in rec["sources"]:
            lines = wrap(s["text"] or "(not in the spec's appendix)", 82, "")
            print(f"  {s['item'].ljust(4)}  {lines[0]}")
            for line in lines[1:]:
                print(f"        {line}")
    else:
        print("  (none listed)")
    print()
    print("Options that change it")
    if rec["options"]:
        if table is not None:
            print(f"  (your table: {table_label})")
        for o in rec["options"]:
            opt = next(x for x in load_options() if x.name == o["name"])
            for line in _option_text(opt, table, WIDTH - 2).splitlines():
                print(f"  {line}")
        for u in r.under:
            when = "; ".join(f"{o} = " + " or ".join(value_text(v) for v in vs) for o, vs in u.when)
            print(f"  under {when}:")
            for line in wrap(u.text, 84, "    "):
                print(line)
    else:
        print("  none: it holds under every ruleset")
    print()
    if r.clauses:
        print("Clauses an engine can get wrong (coverage counts each at every seat count)")
        for c in r.clauses:
            seats = f"; {c.players} players or more" if c.players > 2 else ""
            lines = wrap(f"{c.text} ({c.kind}{seats})", 80, "")
            print(f"  {c.key}")
            for line in lines:
                print(f"    {line}")
        print()
    _print_example(r.example)
    print("Explained in")
    ex = rec["explained"]
    print(f"  spec/tonk.md:{ex['line']}  {ex['heading']}  (section {ex['section']})" if ex else "  (not found)")
    print()
    print(f"Scenarios that check it ({len(rec['scenarios'])})")
    width = max((len(s["id"]) for s in rec["scenarios"]), default=0)
    for s in rec["scenarios"]:
        print(f"  {s['id'].ljust(width)}  {s['file']}")
    if not rec["scenarios"]:
        print("  none")
    print()
    print(f"Features that check it ({len(rec['features'])})")
    for s in rec["features"]:
        ident = f"@id.{s['id']}  " if s["id"] else ""
        print(f"  {s['file']}:{s['line']}  {ident}{s['title']}")
    if not rec["features"]:
        print("  none")
    return 0


__all__ = ["COMMAND", "HELP", "UsageError", "add_arguments", "run"]
