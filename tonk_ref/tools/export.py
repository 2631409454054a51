"""``tonk export``: every case of the suite (the YAML scenarios, the Gherkin scenarios and
the perft entries) as one language-neutral JSON file, plus an index, for implementers who
do not want our runner (spec/scenarios.md, "The export format").

Each case file is :meth:`tonk_ref.harness.case.Case.to_json`: the setup (the full ruleset,
players, dealer, stake and the deck order, top first), the steps in protocol terms
(actions with the seat, expected refusals, partial states, observations, legal actions,
match requests, perft counts), the final result, and what the case requires of an engine.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .. import __version__
from ..harness.case import Case
from .cli import UsageError, integer, writable_folder

COMMAND = "export"
HELP = "write every scenario as language-neutral JSON (one file per case, plus index.json)"

EXPORT_FORMAT = "tonk-cases"
EXPORT_FORMAT_VERSION = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--out", metavar="DIR", help="write DIR/<case-id>.json for every case and DIR/index.json")
    where.add_argument("--stdout", action="store_true",
                       help="print one JSON document {format, format_version, suite_version, cases: [...]}")
    parser.add_argument("--rules", metavar="PRESET|FILE",
                        help="the table's rules (a preset, a preset file or a table-rules file): export every case "
                        "as tonk check --rules runs it (retargeted; left out where it cannot exist there)")
    parser.add_argument("--scenarios", metavar="DIR", action="append",
                        help="export the scenarios of DIR instead of the packaged corpus (repeatable)")
    parser.add_argument("--no-features", action="store_true", help="leave out the Gherkin scenarios")
    parser.add_argument("--perft-depth", type=integer, default=3, metavar="D",
                        help="the perft entries' counts up to depth D (0: leave them out; default 3)")
    parser.add_argument("-k", dest="keyword", metavar="EXPR",
                        help="only the cases whose id, file or rule IDs match EXPR (a case id names one case)")


def load_cases(args: argparse.Namespace) -> list[Case]:
    from ..harness.select import SelectError, select
    from ..harness.suite import load_suite

    dirs = [Path(d) for d in args.scenarios] if args.scenarios else None
    for d in dirs or []:
        if not d.is_dir():
            raise UsageError(f"--scenarios: {d} is not a directory")
    suite = load_suite(dirs, features=not args.no_features and not args.scenarios, perft_depth=args.perft_depth)
    if suite.errors:
        more = f" (and {len(suite.errors) - 1} more)" if len(suite.errors) > 1 else ""
        raise UsageError(f"{suite.errors[0].message}{more}")
    if any(c.id == "index" for c in suite.cases):
        raise UsageError("a case is named 'index', the name of the index file")
    try:
        return sorted(select(suite.cases, args.keyword), key=lambda c: c.id)
    except SelectError as e:
        raise UsageError(str(e)) from None


def file_name(case_id: str) -> str:
    """The case's file: its id, with any character a file name cannot hold %-escaped
    (an outline row's id may hold '/', as in '+2/3')."""
    from urllib.parse import quote

    return quote(case_id, safe="[]-_.,+=() ") + ".json"


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
            {"id": c.id, "file": file_name(c.id), "kind": c.kind, "origin": c.origin, "title": c.title,
             "rules": list(c.rules),
             "source": c.where, "requires": {"options": c.options, "features": sorted(c.methods)}}
            for c in cases
        ],
    }


def run(args: argparse.Namespace) -> int:
    if not args.stdout:
        writable_folder(args.out, "--out")
    table = None
    if args.rules:  # the table's rules first: a bad file is said before the suite is compiled
        from ..rulebook.book import RulebookError, load_table_rules

        try:
            table = load_table_rules(args.rules)
        except RulebookError as e:
            raise UsageError(f"--rules: {e}") from None
    cases = load_cases(args)
    left_out = 0
    if table is not None:
        from ..adapters.inprocess import reference
        from ..harness.table.retarget import retarget

        ref = reference()
        moved = [retarget(c, table, ref).case for c in cases]
        left_out = sum(1 for c in moved if c is None)
        cases = [c for c in moved if c is not None]
    if args.stdout:
        doc = {k: v for k, v in index(cases).items() if k != "cases"}
        doc["cases"] = [c.to_json() for c in cases]
        sys.stdout.write(dumps(doc) + "\n")
        return 0
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out: {out} exists and is not a directory")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"--out: cannot make the folder {out} ({e.strerror or e})") from None
    for c in cases:  # each file whole: a full disk leaves no file cut short
        _write(out / file_name(c.id), dumps(c.to_json()) + "\n")
    _write(out / "index.json", dumps(index(cases)) + "\n")
    note = f"; {left_out} cases cannot exist under the table's rules and are left out" if left_out else ""
    print(f"tonk export: {len(cases)} cases written to {out}/ (index.json lists them){note}")
    return 0


def _write(path: Path, text: str) -> None:
    from ..atomic import OutputError, write_text

    try:
        write_text(path, text)
    except OutputError as e:
        raise UsageError(f"--out: {e}") from None
