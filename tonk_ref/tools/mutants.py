"""``tonk mutants``: the mutation score of the conformance suite (issue 4, item 5).

Runs the whole suite (``tonk check``'s scenarios and Gherkin features) against every
single-fault mutant of the reference engine in :mod:`tonk_ref.mutants.catalog`, one
pytest subprocess per mutant stopping at its first failing case, ``-j`` at a time; prints
each mutant's outcome, the score and the survivors.  Exit 0 if the score reaches the
goal (95%), 1 if not, 2 for bad input or a suite the reference engine itself fails.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .cli import UsageError

COMMAND = "mutants"
HELP = "mutation score: run the suite against single-fault mutants of the reference engine"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the result as JSON instead of a table")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="run only these mutants (see --list)")
    parser.add_argument("-j", dest="jobs", type=int, metavar="N",
                        help=f"run N mutants at a time (default: the number of CPUs, {os.cpu_count() or 1})")
    parser.add_argument("--in-process", action="store_true",
                        help="run only the scenario corpus, in this process (seconds; no Gherkin features)")
    parser.add_argument("--no-features", action="store_true", help="leave the Gherkin features out of the suite")
    parser.add_argument("--scenarios", metavar="DIR", action="append",
                        help="run the scenarios of DIR instead of the packaged corpus (repeatable)")
    parser.add_argument("--timeout", type=float, default=900.0, metavar="S",
                        help="seconds one mutant's suite may take; a mutant that hangs counts as killed "
                             "(default 900)")
    parser.add_argument("--list", action="store_true", help="list the catalog (name, rule, fault) and exit")


def run(args: argparse.Namespace) -> int:
    from ..mutants import runner
    from ..mutants.catalog import CATALOG

    if args.list:
        if args.json:
            print(json.dumps([{"name": m.name, "rule": m.rule, "description": m.description}
                              for m in CATALOG.values()], indent=2))
        else:
            width = max(len(n) for n in CATALOG)
            for m in CATALOG.values():
                print(f"{m.name.ljust(width)}  {m.rule.ljust(16)}  {m.description}")
        return 0
    if args.jobs is not None and args.jobs < 1:
        raise UsageError(f"-j: expected a positive number of jobs, got {args.jobs}")
    if args.timeout <= 0:
        raise UsageError(f"--timeout: expected a positive number of seconds, got {args.timeout:g}")
    dirs = [Path(d) for d in args.scenarios or []]
    for d in dirs:
        if not d.is_dir():
            raise UsageError(f"--scenarios: {d} is not a directory")
    try:
        mutants = runner.select(args.only)
    except KeyError as e:
        raise UsageError(f"--only: {e.args[0]}") from None

    def progress(r: runner.MutantResult) -> None:
        if not args.json:
            print(f"  {r.status:<8} {r.name} ({r.seconds:.1f}s)", file=sys.stderr, flush=True)

    try:
        if args.in_process:
            score = runner.run_corpus(mutants, progress=progress, scenario_dirs=dirs or None)
        else:
            score = runner.run_suite(mutants, jobs=args.jobs, timeout=args.timeout, features=not args.no_features,
                                     progress=progress, scenario_dirs=dirs or None)
    except runner.BaselineError as e:
        print(f"tonk mutants: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(score.to_json(), indent=2))
    else:
        print("\n".join(runner.table(score)))
    return 0 if score.ok else 1
