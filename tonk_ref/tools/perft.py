"""``tonk perft``: count legal action sequences from a deal (python-chess style), or check
an engine against the tables of counts in scenarios/perft/."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..adapters.base import AdapterFault, Rejected
from ..bounds import MAX_SETUP_CARDS, digits_only
from ..engine.cards import parse_card
from ..engine.hand import Hand
from ..engine.perft import divide, perft, perft_counts, timed_perft
from ..engine.ruleset import Ruleset
from ..engine.serialize import action_to_json
from ..harness.files import table_files
from ..harness.perft import PerftCase, PerftError, action_text, check_adapter, load_table, seed_deck
from ..paths import scenarios_dir
from ..rulebook.book import RulebookError, load_table_rules, resolve_ruleset
from ..rulebook.safe_input import load_json, read_text
from ..views.escape import visible
from . import exitcodes
from .cli import UsageError, integer
from .engine_args import add_engine_arguments, build, engine_spec, greeted

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


JSON = dict[str, Any]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("deal", nargs="?", metavar="DEAL", help="seed:S:Np:dealerD, a scenario file or a JSON setup")
    parser.add_argument("--depth", type=integer, metavar="D", help="count sequences of D actions (prints depths 1..D)")
    parser.add_argument("--divide", action="store_true", help="print the count below each first action")
    parser.add_argument("--rules", metavar="PRESET|FILE",
                        help="the table's rules (a preset, a preset file or a table-rules file); default: seed")
    parser.add_argument("--entry", metavar="ID", help="print the result as a perft table entry named ID")
    parser.add_argument("--check", nargs="?", const="", metavar="TABLE",
                        help="check an engine against a perft table file or folder (default scenarios/perft/)")
    parser.add_argument("--max-depth", type=integer, metavar="D",
                        help="with --check: only depths up to D (--depth D says the same)")
    add_engine_arguments(parser, validate=False)


def run(args: argparse.Namespace) -> int:
    if args.check is not None:
        return _check(args)
    if args.deal is None or args.depth is None:
        raise UsageError("give a DEAL and --depth D (or --check); see tonk perft --help")
    if args.depth < 0:
        raise UsageError("--depth must be 0 or more")
    try:
        rules = load_table_rules(args.rules) if args.rules else resolve_ruleset("seed")
        setup = parse_deal(args.deal, rules)
        case = PerftCase(args.entry or "deal", setup["players"], setup["dealer"], setup.get("stake", 1),
                           list(setup["deck"]), "seed", _changes(setup), origin=args.deal if
                           args.deal.startswith("seed:") else "")
        h = reference_hand(case)
    except (PerftError, RulebookError) as e:
        raise UsageError(str(e)) from None
    except (ValueError, OSError) as e:  # the engine refuses the deal: name where it came from
        raise UsageError(f"{'' if args.deal.startswith('seed:') else args.deal + ': '}{e}") from None
    out = sys.stdout
    if args.adapter_cmd or args.adapter:
        return _count_on_engine(args, setup, out)
    if args.entry:
        case.counts = {d: perft(h, d) for d in range(1, args.depth + 1)}
        out.write(case.to_text())
        return 0
    opts = " ".join(f"{k}={v}" for k, v in case.options.items())
    print(f"deal: {case.players} players, dealer {case.dealer}, stake {case.stake}, ruleset seed"
          + (f" {opts}" if opts else ""), file=out)
    if args.divide:
        start = time.perf_counter()
        rows = divide(h, args.depth)
        for action, n in rows:
            print(f"{action_text(action_to_json(action))}: {n}", file=out)
        total = sum(n for _, n in rows) if args.depth else 1
        print(f"perft {args.depth} {total} ({time.perf_counter() - start:.2f} s)", file=out)
        return 0
    for d in range(0 if args.depth == 0 else 1, args.depth + 1):
        n, secs = timed_perft(h, d)
        rate = f", {n / secs:,.0f} nodes/s" if secs > 0.05 else ""
        print(f"perft {d} {n} ({secs:.2f} s{rate})", file=out)
    return 0


def _count_on_engine(args: argparse.Namespace, setup: JSON, out: Any) -> int:
    """``tonk perft DEAL --adapter-cmd CMD``: the counts on the engine, through the protocol."""
    from ..harness.perft import AdapterPerft, ListedRefused, PerftTooLarge

    if args.entry:
        raise UsageError("--entry writes the reference engine's counts: leave out --adapter-cmd/--adapter")
    spec = engine_spec(args)
    adapter = build(spec)
    try:
        engine = greeted(adapter, spec, "tonk perft")
        if engine is None:
            return exitcodes.ENGINE
        if "legal_actions" not in engine.caps.features:
            print(visible(f"tonk perft: nothing was counted: {engine.caps.name} does not declare the feature "
                          "legal_actions"), file=sys.stderr)
            return exitcodes.NOTHING_CHECKED
        sent = engine.caps.setup_sent(setup)
        walker = AdapterPerft(adapter, sent, "play" in engine.caps.features)
        print(visible(f"deal on {engine.caps.name} {engine.caps.version} ({spec.describe()}): "
                      f"{setup['players']} players, dealer {setup['dealer']}, stake {setup.get('stake', 1)}"), file=out)
        try:
            if args.divide:
                rows = walker.divide(args.depth)
                for text, n in rows:
                    print(visible(f"{text}: {n}"), file=out)
                print(f"perft {args.depth} {sum(n for _, n in rows) if args.depth else 1}", file=out)
            else:
                for d, n in enumerate(walker.counts(args.depth), 1):
                    print(f"perft {d} {n}", file=out)
        except (ListedRefused, PerftTooLarge) as e:
            print(visible(f"tonk perft: {e}"), file=sys.stderr)
            return exitcodes.FAILED
        except Rejected as e:
            print(visible(f"tonk perft: the engine refused the deal: {e.reason} {e.message}".rstrip()),
                  file=sys.stderr)
            return exitcodes.FAILED
        except AdapterFault as e:
            print(visible(f"tonk perft: the engine failed: {e.kind}: {e.message}"), file=sys.stderr)
            return exitcodes.ENGINE
        print(f"  ({walker.requests} requests)", file=out)
        return exitcodes.OK
    finally:
        adapter.close()


# ---------------------------------------------------------------------------- deals and entries


def reference_hand(case: PerftCase) -> Hand:
    """The entry's deal on the reference engine."""
    return Hand([parse_card(c) for c in case.deck], case.players, case.dealer, case.stake, case.ruleset)

def parse_deal(text: str, rules: Ruleset) -> JSON:
    """A deal for ``tonk perft``: ``seed:S:Np:dealerD[:stakeK]``, a scenario file (its
    deck, players, dealer, stake and ruleset), or a JSON file holding a ``new_hand``
    setup ``{players, dealer, stake, deck[, ruleset]}``.  Returns a setup; a file's own
    ruleset wins over ``rules``."""
    if text.startswith("seed:"):
        parts = text.split(":")
        try:
            seed = _number(parts[1])
            players = _number(parts[2].removesuffix("p")) if len(parts) > 2 else 2
            dealer = _number(parts[3].removeprefix("dealer")) if len(parts) > 3 else 0
            stake = _number(parts[4].removeprefix("stake")) if len(parts) > 4 else 1
            if len(parts) > 5 or (len(parts) > 2 and not parts[2].endswith("p")):
                raise ValueError
            if len(parts) > 3 and not parts[3].startswith("dealer"):
                raise ValueError
        except (ValueError, IndexError):
            raise PerftError("DEAL", None, "", f"{text!r}: expected seed:S[:Np[:dealerD[:stakeK]]], such as "
                             "seed:42:3p:dealer0") from None
        return {
            "ruleset": rules.to_dict(),
            "players": players,
            "dealer": dealer,
            "stake": stake,
            "deck": seed_deck(seed, rules),
        }
    path = Path(text)
    if not path.is_file():
        raise PerftError("DEAL", None, "", f"{text!r}: not seed:S:Np:dealerD and not a file")
    if path.suffix in (".yaml", ".yml"):
        from ..harness.scenario import ScenarioError, load_scenario

        try:
            case = load_scenario(path)
        except ScenarioError as e:
            raise PerftError(e.file, e.line, e.field, e.message) from None
        assert case.setup is not None
        return dict(case.setup)
    try:
        data = load_json(read_text(path, str(path), PerftError), str(path), PerftError)
    except json.JSONDecodeError as e:
        raise PerftError(str(path), None, "", f"expected a JSON setup {{players, dealer, stake, deck}}: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("deck"), list):
        raise PerftError(str(path), None, "", "expected a JSON object with players, dealer, stake and deck")
    if len(data["deck"]) > MAX_SETUP_CARDS:
        raise PerftError(str(path), None, "deck", f"a deck of {len(data['deck']):,} cards: the limit is "
                         f"{MAX_SETUP_CARDS} (a pack holds at most 54)")
    for key in ("players", "dealer", "stake"):
        if key in data and (not isinstance(data[key], int) or isinstance(data[key], bool)):
            raise PerftError(str(path), None, key, f"expected a whole number, got {json.dumps(data[key])[:40]}")
    for i, card in enumerate(data["deck"]):
        if not isinstance(card, str):
            raise PerftError(str(path), None, f"deck[{i}]",
                             f"expected a card such as \"Ah\", got {json.dumps(card)[:40]}")
    if not isinstance(data.get("ruleset", {}), dict):
        raise PerftError(str(path), None, "ruleset", "expected an object of ruleset options")
    return {
        "ruleset": data.get("ruleset", rules.to_dict()),
        "players": data.get("players", 2),
        "dealer": data.get("dealer", 0),
        "stake": data.get("stake", 1),
        "deck": data["deck"],
    }


def _number(text: str) -> int:
    """A number of a ``seed:`` deal: the digits 0-9 only (not ``²``, not ``٣``), at most 18."""
    if not (digits_only(text) and len(text) <= 18):
        raise ValueError(text)
    return int(text)


def make_case(
    case_id: str,
    setup: JSON,
    preset: str,
    options: dict[str, Any],
    depths: Sequence[int],
    origin: str = "",
    max_nodes: int | None = None,
) -> PerftCase:
    """A table entry with the reference engine's counts, for each depth of ``depths`` in
    order, stopping after the first count above ``max_nodes``."""
    case = PerftCase(
        case_id,
        setup["players"],
        setup["dealer"],
        setup.get("stake", 1),
        list(setup["deck"]),
        preset,
        dict(options),
        origin=origin,
    )
    counts = perft_counts(reference_hand(case), max(depths), max_nodes)
    case.counts = {d: counts[d - 1] for d in depths if d <= len(counts)}
    return case


def _changes(setup: JSON) -> dict[str, object]:
    from ..engine.ruleset import Ruleset

    return Ruleset.from_mapping(setup.get("ruleset") or {}).changes()


def _check(args: argparse.Namespace) -> int:
    if args.deal is not None:
        raise UsageError(f"--check checks the perft tables: give no DEAL (got {args.deal[:60]!r})")
    # --depth D is honoured as --max-depth D: no count deeper than D
    depths = [d for d in (args.depth, args.max_depth) if d is not None]
    if any(d < 1 for d in depths):
        raise UsageError("--depth and --max-depth: expected 1 or more under --check")
    max_depth = min(depths) if depths else None
    root = Path(args.check) if args.check else scenarios_dir() / "perft"
    try:
        cases = [c for f in table_files(root) for c in load_table(f)]
    except PerftError as e:
        raise UsageError(str(e)) from None
    if not cases:
        raise UsageError(f"no perft entries in {root}")
    adapter = build(engine_spec(args))
    from ..harness.runner import Engine, EngineUnavailable

    try:
        try:
            caps = Engine.greet(adapter).caps
        except EngineUnavailable as e:
            print(visible(f"tonk perft: the engine could not be used: {e.fault.kind}: {e.fault.message}"),
                  file=sys.stderr)
            return exitcodes.ENGINE
        if "legal_actions" not in caps.features:
            print(visible(f"tonk perft: nothing was checked: {caps.name} does not declare the feature "
                          "legal_actions, which perft counts with"), file=sys.stderr)
            return exitcodes.NOTHING_CHECKED

        def supports(case: PerftCase) -> bool:
            return not caps.missing_options(case.ruleset)

        passed = failed = 0
        skipped = sum(1 for c in cases if not supports(c))
        for _case, bad in check_adapter(adapter, cases, max_depth, supports=supports):
            if bad is None:
                passed += 1
            else:
                failed += 1
                print(visible(bad.describe(), lines=True))  # the engine's words, made visible
        print(f"tonk perft: {passed} entries match, {failed} differ, {skipped} skipped (option values not declared)")
        if failed:
            return exitcodes.FAILED
        return exitcodes.OK if passed else exitcodes.NOTHING_CHECKED
    finally:
        adapter.close()
