"""``tonk fuzz``: differential fuzzing of an engine against the reference.

Random hands (random decks, rulesets within what the engine declares, random play that
mixes legal actions with random well-formed ones) are played on the engine and on the
reference engine side by side; every accept/refuse decision (and reason code, for an
engine declaring ``reasons``), every state and the result are compared by the comparison
rules of spec/tonk.md.  Each difference is shrunk to a short action sequence and written
as a scenario file that reproduces it: add it to the corpus and the bug stays fixed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from ..adapters.base import AdapterFault, Rejected
from ..harness.capabilities import Capabilities
from . import _fuzzing as F
from .cli import UsageError

COMMAND = "fuzz"
HELP = "play random hands on an engine and on the reference side by side; write each difference as a scenario"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    engine = parser.add_mutually_exclusive_group()
    engine.add_argument("--adapter-cmd", metavar="CMD", help="the engine: a command speaking the stdio protocol")
    engine.add_argument(
        "--adapter", metavar="MODULE:FACTORY",
        help="the engine: a Python factory returning an adapter (default: the reference in process, "
        "which checks the fuzzer itself)",
    )
    parser.add_argument("--games", type=int, default=200, metavar="N", help="hands to play (default 200)")
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="random seed (default: a fresh one, printed in the summary)")
    parser.add_argument("--rules", metavar="FILE",
                        help="a table-rules file (preset + options); default: random rulesets within the "
                        "option values the engine declares")
    parser.add_argument("--players", type=int, choices=(2, 3, 4, 5, 6), help="players per hand (default 2 or 3)")
    parser.add_argument("--out", metavar="DIR", default="fuzz-found",
                        help="where to write the scenario of each difference (default ./fuzz-found)")
    parser.add_argument("--max-diffs", type=int, default=1, metavar="K",
                        help="stop after K differences (default 1; 0 = never stop)")
    parser.add_argument("--illegal-rate", type=float, default=0.1, metavar="P",
                        help="share of random well-formed (often illegal) actions (default 0.1)")
    parser.add_argument("--no-play", action="store_true",
                        help="send one act per action even if the engine declares play")
    parser.add_argument("--no-trace", action="store_true",
                        help="with play, compare every decision and the final state but not every state "
                        "between (several times faster); a difference found is then located state by state")
    parser.add_argument("--timeout", type=float, default=10.0, metavar="S", help="seconds per request (stdio)")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")


class Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal."""

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total = total
        self.stream = stream or sys.stderr
        self.active = self.stream.isatty()
        self.last = 0.0

    def update(self, done: int, actions: int, diffs: int, rate: float, force: bool = False) -> None:
        if not self.active:
            return
        now = time.monotonic()
        if not force and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = int(width * done / self.total) if self.total else width
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} hands, {actions} actions, {diffs} differences, "
                          f"{rate:,.0f} hands/s ")
        self.stream.flush()

    def close(self) -> None:
        if self.active:
            self.stream.write("\r" + " " * 100 + "\r")
            self.stream.flush()


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if not 0 <= args.illegal_rate <= 1:
        raise UsageError("--illegal-rate must be between 0 and 1")
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    fixed_rules = None
    if args.rules:
        from ..harness.rulebook import RulebookError, load_ruleset_file

        try:
            fixed_rules = load_ruleset_file(args.rules)
        except (RulebookError, OSError) as e:
            raise UsageError(str(e)) from None
    try:
        adapter = F.make_adapter(args.adapter_cmd, args.adapter, args.timeout)
    except F.AdapterSpecError as e:
        raise UsageError(str(e)) from None
    try:
        return _fuzz(args, adapter, seed, fixed_rules)
    finally:
        adapter.close()


def _fuzz(args: argparse.Namespace, adapter: Any, seed: int, fixed_rules: Any) -> int:
    out = sys.stdout
    try:
        caps = Capabilities.from_hello(adapter.hello())
    except (AdapterFault, Rejected) as e:
        print(f"tonk fuzz: the engine did not answer hello: {e}", file=sys.stderr)
        return 2
    differ = F.Differ(adapter, caps, use_play=False if args.no_play else None)
    trace = not args.no_trace
    if fixed_rules is not None:
        unsupported = {k: v for k, v in fixed_rules.changes().items() if not caps.supports(k, v)}
        if unsupported:
            raise UsageError(f"the engine does not declare the option values {unsupported} of {args.rules}")
    rng = random.Random(seed)
    stats = F.FuzzStats()
    progress = Progress(args.games)
    outdir = Path(args.out)
    start = time.perf_counter()
    for game in range(args.games):
        rules = fixed_rules if fixed_rules is not None else F.random_ruleset(rng, caps.options)
        players = args.players
        if players is not None and players > rules.max_players:
            rules = rules.replace(max_players=players) if caps.supports("max_players", players) else rules
        setup = F.random_setup(rng, rules, players)
        played = F.random_game(rng, setup, illegal_rate=args.illegal_rate, trace=trace or not differ.use_play)
        stats.hands += 1
        stats.actions += len(played.moves)
        diff = _difference(differ, setup, played.moves, played, trace)
        if diff is not None and not trace:
            diff = _difference(differ, setup, played.moves) or diff
        if diff is not None:
            stats.differences += 1
            progress.close()
            path = _report(differ, diff, outdir, seed, game, out, args.quiet)
            stats.written.append(path)
            if args.max_diffs and stats.differences >= args.max_diffs:
                break
        stats.seconds = time.perf_counter() - start
        progress.update(stats.hands, stats.actions, stats.differences, stats.hands_per_second)
    stats.seconds = time.perf_counter() - start
    progress.close()
    mode = ("play" + ("" if trace else " without trace")) if differ.use_play else "act"
    print(
        f"tonk fuzz: {stats.hands} hands, {stats.actions} actions, {stats.differences} differences, "
        f"{stats.hands_per_second:,.0f} hands/s ({caps.name} {caps.version}, {mode}, seed {seed}; "
        f"repeat with --seed {seed})",
        file=out,
    )
    return 1 if stats.differences else 0


def _difference(
    differ: F.Differ, setup: F.JSON, moves: list[F.Move], played: F.Played | None = None, trace: bool = True
) -> F.Difference | None:
    try:
        return differ.first_difference(setup, moves, played, trace)
    except AdapterFault as e:
        return F.Difference(setup, moves, len(moves) - 1, [f"the engine failed: {e.kind}: {e.message}"])


def _report(differ: F.Differ, diff: F.Difference, outdir: Path, seed: int, game: int, out: TextIO, quiet: bool) -> str:
    final = F.minimize(lambda setup, moves: _difference(differ, setup, moves), diff)
    case_id = f"fuzz-{seed}-{game + 1}"
    doc = F.scenario_for(final, case_id, note=f"tonk fuzz --seed {seed}, hand {game + 1}")
    outdir.mkdir(parents=True, exist_ok=True)
    path = outdir / f"{case_id}.yaml"
    path.write_text(F.scenario_yaml(doc), encoding="utf-8")
    if not quiet:
        print(f"DIFFERENCE in hand {game + 1} ({len(diff.moves)} moves, shrunk to {len(final.moves)}): "
              f"{final.describe()}", file=out)
        print(f"  wrote {path}", file=out)
    return str(path)
