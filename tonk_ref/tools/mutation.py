"""``tonk mutants``: the mutation score of the conformance suite.

Runs the whole suite (the cases ``tonk check`` runs) against every single-fault mutant of
the reference engine, in this process, each mutant stopping at its first failing case;
prints each mutant's outcome, the score and the survivors.  The mutants are test data of
the source repository (its ``mutants`` folder, found beside the package), not part of an
installed package.  Exit 0 if the score reaches the goal (95%), 1 if not, 2 for bad input,
a suite the reference engine itself fails, or no mutants folder.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from .. import paths
from .cli import UsageError

HELP = "mutation score: run the suite against single-fault mutants of the reference engine"

PACKAGE = "mutants"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the result as JSON instead of a table")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="run only these mutants (see --list)")
    parser.add_argument("--no-features", action="store_true", help="leave the Gherkin features out of the suite")
    parser.add_argument("--scenarios", metavar="DIR", action="append",
                        help="run the scenarios of DIR instead of the packaged corpus (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the catalog (name, rule, fault) and exit")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar, even on a terminal")


def load_mutants() -> ModuleType:
    """The source checkout's ``mutants`` package, imported from its folder (whether or not
    the checkout is on ``sys.path``); UsageError where there is no such folder."""
    folder = paths.mutants_dir()
    if folder is None:
        raise UsageError("the mutants are test data of the source repository and an installed package has none: "
                         "run tonk mutants from a source checkout (pip install -e .)")
    loaded = sys.modules.get(PACKAGE)
    if loaded is not None:
        if loaded.__file__ is not None and Path(loaded.__file__).resolve().parent == folder.resolve():
            return loaded
        raise UsageError(f"a module named {PACKAGE!r} other than {folder} is already imported ({loaded.__file__})")
    spec = importlib.util.spec_from_file_location(PACKAGE, folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[PACKAGE] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[PACKAGE]
        raise
    return module


def run(args: argparse.Namespace) -> int:
    from .progress import Progress

    catalog = load_mutants()
    scoring = importlib.import_module(f"{PACKAGE}.score")
    mutants_by_name: dict[str, Any] = catalog.CATALOG
    if args.list:
        if args.json:
            print(json.dumps([{"name": m.name, "rule": m.rule, "description": m.description}
                              for m in mutants_by_name.values()], indent=2))
        else:
            width = max(len(n) for n in mutants_by_name)
            for m in mutants_by_name.values():
                print(f"{m.name.ljust(width)}  {m.rule.ljust(16)}  {m.description}")
        return 0
    dirs = [Path(d) for d in args.scenarios or []]
    for d in dirs:
        if not d.is_dir():
            raise UsageError(f"--scenarios: {d} is not a directory")
    try:
        chosen = catalog.select(args.only)
    except catalog.MutantError as e:
        raise UsageError(f"--only: {e}") from None
    bar = Progress(len(chosen), "tonk mutants", enabled=False if args.no_progress or args.json else None)
    done = 0

    def progress(r: Any) -> None:
        nonlocal done
        done += 1
        bar.update(done, f"{r.name}: {r.status}")

    try:
        score = scoring.score(chosen, progress=progress, scenario_dirs=dirs or None, features=not args.no_features)
    except scoring.BaselineError as e:
        print(f"tonk mutants: {e}", file=sys.stderr)
        return 2
    finally:
        bar.close()
    if args.json:
        print(json.dumps(score.to_json(), indent=2))
    else:
        print("\n".join(scoring.table(score)))
    return 0 if score.ok else 1
