"""``tonk perft``: count legal action sequences from a deal (python-chess style), or check
an engine against the tables of counts in scenarios/perft/."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ..paths import scenarios_dir
from ..spec.rulebook import RulebookError, load_ruleset_file, resolve_ruleset
from . import _perft as P
from . import exitcodes
from .cli import UsageError
from .engine_args import add_engine_arguments, build, engine_spec

COMMAND = "perft"
HELP = "count the legal action sequences of D actions from a deal, or check an engine against the perft tables"

DESCRIPTION = """\
Count the legal action sequences of exactly D actions from a deal: perft D is the number
of sequences in which each action is listed by legal_actions for the player to act; a
sequence that ends the hand sooner is not counted; perft 0 is 1. Out-of-turn eats are not
counted.

DEAL is one of:
  seed:S[:Np[:dealerD[:stakeK]]]  the ruleset's pack in code order (clubs A..K, diamonds,
                                  hearts, spades, jokers) shuffled by Python's
                                  random.Random(S).shuffle; N players (default 2), dealer D
                                  (default 0), stake K (default 1). Example: seed:42:3p:dealer0
  FILE.yaml                       a scenario: its deal, players, dealer, stake and ruleset
  FILE.json                       a new_hand setup {players, dealer, stake, deck[, ruleset]}

With --check, every entry of the perft tables (default: scenarios/perft/) is counted on
the engine through the protocol (new_hand, legal_actions, act; a state is rebuilt by
replaying from the deal) and compared; a mismatch prints the per-action breakdown.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("deal", nargs="?", metavar="DEAL", help="seed:S:Np:dealerD, a scenario file or a JSON setup")
    parser.add_argument("--depth", type=int, metavar="D", help="count sequences of D actions (prints depths 1..D)")
    parser.add_argument("--divide", action="store_true", help="print the count below each first action")
    parser.add_argument("--rules", metavar="FILE", help="a table-rules file (preset + options); default: seed")
    parser.add_argument("--entry", metavar="ID", help="print the result as a perft table entry named ID")
    parser.add_argument("--check", nargs="?", const="", metavar="TABLE",
                        help="check an engine against a perft table file or folder (default scenarios/perft/)")
    parser.add_argument("--max-depth", type=int, metavar="D", help="with --check: only depths up to D")
    add_engine_arguments(parser, validate=False)


def run(args: argparse.Namespace) -> int:
    if args.check is not None:
        return _check(args)
    if args.deal is None or args.depth is None:
        raise UsageError("give a DEAL and --depth D (or --check); see tonk perft --help")
    if args.depth < 0:
        raise UsageError("--depth must be 0 or more")
    try:
        rules = load_ruleset_file(args.rules) if args.rules else resolve_ruleset("seed")
        setup = P.parse_deal(args.deal, rules)
        case = P.PerftCase(args.entry or "deal", setup["players"], setup["dealer"], setup.get("stake", 1),
                           list(setup["deck"]), "seed", _changes(setup), origin=args.deal if
                           args.deal.startswith("seed:") else "")
        h = P.reference_hand(case)
    except (P.PerftError, RulebookError, ValueError, OSError) as e:
        raise UsageError(str(e)) from None
    out = sys.stdout
    if args.entry:
        case.counts = {d: P.perft(h, d) for d in range(1, args.depth + 1)}
        out.write(case.to_text())
        return 0
    opts = " ".join(f"{k}={v}" for k, v in case.options.items())
    print(f"deal: {case.players} players, dealer {case.dealer}, stake {case.stake}, ruleset seed"
          + (f" {opts}" if opts else ""), file=out)
    if args.divide:
        start = time.perf_counter()
        rows = P.divide(h, args.depth)
        for key, n in rows:
            print(f"{key}: {n}", file=out)
        total = sum(n for _, n in rows) if args.depth else 1
        print(f"perft {args.depth} {total} ({time.perf_counter() - start:.2f} s)", file=out)
        return 0
    for d in range(0 if args.depth == 0 else 1, args.depth + 1):
        n, secs = P.timed_perft(h, d)
        rate = f", {n / secs:,.0f} nodes/s" if secs > 0.05 else ""
        print(f"perft {d} {n} ({secs:.2f} s{rate})", file=out)
    return 0


def _changes(setup: P.JSON) -> dict[str, object]:
    from ..engine.ruleset import Ruleset

    return Ruleset.from_mapping(setup.get("ruleset") or {}).changes()


def _check(args: argparse.Namespace) -> int:
    root = Path(args.check) if args.check else scenarios_dir() / "perft"
    try:
        cases = [c for f in P.table_files(root) for c in P.load_table(f)]
    except P.PerftError as e:
        raise UsageError(str(e)) from None
    if not cases:
        raise UsageError(f"no perft entries in {root}")
    adapter = build(engine_spec(args))
    from ..harness.runner import Engine, EngineUnavailable

    try:
        try:
            caps = Engine.greet(adapter).caps
        except EngineUnavailable as e:
            print(f"tonk perft: the engine could not be used: {e.fault.kind}: {e.fault.message}", file=sys.stderr)
            return exitcodes.ENGINE
        if "legal_actions" not in caps.features:
            print(f"tonk perft: nothing was checked: {caps.name} does not declare the feature legal_actions, "
                  "which perft counts with", file=sys.stderr)
            return exitcodes.NOTHING_CHECKED

        def supports(case: P.PerftCase) -> bool:
            return not caps.missing_options(case.ruleset)

        passed = failed = 0
        skipped = sum(1 for c in cases if not supports(c))
        for _case, bad in P.check_adapter(adapter, cases, args.max_depth, supports=supports):
            if bad is None:
                passed += 1
            else:
                failed += 1
                print(bad.describe())
        print(f"tonk perft: {passed} entries match, {failed} differ, {skipped} skipped (option values not declared)")
        if failed:
            return exitcodes.FAILED
        return exitcodes.OK if passed else exitcodes.NOTHING_CHECKED
    finally:
        adapter.close()
