"""``tonk export``: every scenario as one language-neutral JSON file, plus an index, for
implementers who do not want our runner (spec/scenarios.md, "The export format").

Each case file is :meth:`tonk_ref.harness.scenario.Case.to_json`: the full ruleset,
players, dealer, stake and the 52-card deck order (top first), the steps in protocol
terms (actions with the seat, expected rejections, partial state, observation, legal
action and match-call checks), the final result, and what the case requires of an
engine (option values and features).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .. import __version__
from ..harness.scenario import Case, ScenarioError, load_scenario, scenario_files
from ..paths import scenarios_dir
from .cli import UsageError

COMMAND = "export"
HELP = "write every scenario as language-neutral JSON (one file per case, plus index.json)"

EXPORT_FORMAT = "tonk-cases"
EXPORT_FORMAT_VERSION = 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--out", metavar="DIR", help="write DIR/<case-id>.json for every case and DIR/index.json")
    where.add_argument("--stdout", action="store_true",
                       help="print one JSON document {format, format_version, suite_version, cases: [...]}")
    parser.add_argument("--rules", metavar="FILE",
                        help="a table-rules file (preset + options): export only the cases whose rulesets agree "
                        "with it on every option they set (as tonk check --rules runs them)")
    parser.add_argument("--scenarios", metavar="DIR", action="append",
                        help="export the scenarios of DIR instead of the packaged corpus (repeatable)")


def load_cases(dirs: list[Path]) -> list[Case]:
    cases: list[Case] = []
    errors: list[str] = []
    for d in dirs:
        if not d.is_dir():
            raise UsageError(f"--scenarios: {d} is not a directory")
        for f in scenario_files(d):
            try:
                cases.append(load_scenario(f, root=d.resolve().parent))
            except ScenarioError as e:
                errors.append(str(e))
    if errors:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise UsageError(f"{errors[0]}{more}")
    seen: dict[str, str] = {"index": "the index file index.json"}
    for c in cases:
        if c.id in seen:
            raise UsageError(f"{c.source}:{c.line}: id: {c.id!r} is also the id of {seen[c.id]}: ids must be unique")
        seen[c.id] = f"{c.source}"
    return sorted(cases, key=lambda c: c.id)


def dumps(value: Any, indent: int = 0) -> str:
    """JSON for people: a value that fits in 80 characters, or a list of scalars (a deck),
    on one line; larger objects and lists one entry per line."""
    pad = "  " * (indent + 1)
    flat = json.dumps(value)
    if len(flat) <= 80:
        return flat
    if isinstance(value, dict) and value:
        items = [f"{pad}{json.dumps(k)}: {dumps(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"
    if isinstance(value, list) and value and any(isinstance(v, dict | list) for v in value):
        return "[\n" + ",\n".join(pad + dumps(v, indent + 1) for v in value) + "\n" + "  " * indent + "]"
    return json.dumps(value)


def index(cases: list[Case]) -> dict[str, Any]:
    return {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_FORMAT_VERSION,
        "suite_version": __version__,
        "count": len(cases),
        "comparison_rules": "spec/tonk.md, 'Comparison rules'; spec/scenarios.md, 'The export format'",
        "cases": [
            {"id": c.id, "file": f"{c.id}.json", "title": c.title, "rules": list(c.rules), "source": c.source,
             "requires": {"options": c.options, "features": sorted(c.features)}}
            for c in cases
        ],
    }


def run(args: argparse.Namespace) -> int:
    dirs = [Path(d) for d in args.scenarios] if args.scenarios else [scenarios_dir()]
    cases = load_cases(dirs)
    if args.rules:
        from ..harness.plugin import disagreement
        from ..harness.rulebook import RulebookError, load_ruleset_file

        try:
            table = load_ruleset_file(args.rules)
        except RulebookError as e:
            raise UsageError(f"--rules: {e}") from None
        cases = [c for c in cases if disagreement(c.options, table) is None]
    if args.stdout:
        doc = {k: v for k, v in index(cases).items() if k != "cases"}
        doc["cases"] = [c.to_json() for c in cases]
        sys.stdout.write(dumps(doc) + "\n")
        return 0
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out: {out} exists and is not a directory")
    out.mkdir(parents=True, exist_ok=True)
    for c in cases:
        (out / f"{c.id}.json").write_text(dumps(c.to_json()) + "\n", encoding="utf-8")
    (out / "index.json").write_text(dumps(index(cases)) + "\n", encoding="utf-8")
    print(f"tonk export: {len(cases)} cases written to {out}/ (index.json lists them)")
    return 0
