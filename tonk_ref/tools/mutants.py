"""``tonk mutants``: the mutation score of the conformance suite.

Runs the whole suite (the cases ``tonk check`` runs) against every single-fault mutant of
the reference engine in :mod:`tonk_ref.mutants.catalog`, in this process, each mutant
stopping at its first failing case; prints each mutant's outcome, the score and the
survivors.  Exit 0 if the score reaches the goal (95%), 1 if not, 2 for bad input or a
suite the reference engine itself fails.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .cli import UsageError

HELP = "mutation score: run the suite against single-fault mutants of the reference engine"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the result as JSON instead of a table")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="run only these mutants (see --list)")
    parser.add_argument("--no-features", action="store_true", help="leave the Gherkin features out of the suite")
    parser.add_argument("--scenarios", metavar="DIR", action="append",
                        help="run the scenarios of DIR instead of the packaged corpus (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the catalog (name, rule, fault) and exit")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar, even on a terminal")


def run(args: argparse.Namespace) -> int:
    from ..mutants import runner
    from ..mutants.catalog import CATALOG
    from .progress import Progress

    if args.list:
        if args.json:
            print(json.dumps([{"name": m.name, "rule": m.rule, "description": m.description}
                              for m in CATALOG.values()], indent=2))
        else:
            width = max(len(n) for n in CATALOG)
            for m in CATALOG.values():
                print(f"{m.name.ljust(width)}  {m.rule.ljust(16)}  {m.description}")
        return 0
    dirs = [Path(d) for d in args.scenarios or []]
    for d in dirs:
        if not d.is_dir():
            raise UsageError(f"--scenarios: {d} is not a directory")
    try:
        mutants = runner.select(args.only)
    except KeyError as e:
        raise UsageError(f"--only: {e.args[0]}") from None
    bar = Progress(len(mutants), "tonk mutants", enabled=False if args.no_progress or args.json else None)
    done = 0

    def progress(r: runner.MutantResult) -> None:
        nonlocal done
        done += 1
        bar.update(done, f"{r.name}: {r.status}")

    try:
        score = runner.score(mutants, progress=progress, scenario_dirs=dirs or None, features=not args.no_features)
    except runner.BaselineError as e:
        print(f"tonk mutants: {e}", file=sys.stderr)
        return 2
    finally:
        bar.close()
    if args.json:
        print(json.dumps(score.to_json(), indent=2))
    else:
        print("\n".join(runner.table(score)))
    return 0 if score.ok else 1
