"""``tonk fuzz``: differential fuzzing of an engine against the reference.

Random hands (random decks, rulesets within what the engine declares, random play that
mixes legal actions with random well-formed ones) are played on the engine and on the
reference engine side by side; every accept/refuse decision (and reason code, for an
engine declaring ``reasons``) and the final state are compared by the comparison rules of
spec/tonk.md (``--trace``: every state between too).  Each difference is located state by
state, shrunk to a short action sequence and written as a scenario file that reproduces
it: add it to the corpus and the bug stays fixed.

Hand N of seed S is always the same hand (its random choices are seeded by S and N), so
``-j`` workers, each with its own engine, play the hands between them and find the same
differences as one.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import os
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from ..adapters.factory import EngineSpec
from ..engine.ruleset import Ruleset
from ..harness.capabilities import Capabilities
from . import exitcodes
from . import fuzzing as F
from .cli import UsageError
from .engine_args import add_engine_arguments, build, engine_spec

HELP = "play random hands on an engine and on the reference side by side; write each difference as a scenario"
#: Hands a worker plays per task (progress and stopping are checked between tasks).
CHUNK = 50


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_engine_arguments(parser)
    parser.add_argument("--games", type=int, default=200, metavar="N", help="hands to play (default 200)")
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="random seed (default: a fresh one, printed in the summary)")
    parser.add_argument("--rules", metavar="PRESET|FILE",
                        help="the table's rules (a preset, a preset file or a table-rules file); default: "
                             "random rulesets within the option values the engine declares")
    parser.add_argument("--players", type=int, choices=(2, 3, 4, 5, 6), help="players per hand (default 2 or 3)")
    parser.add_argument("--out", metavar="DIR", default="fuzz-found",
                        help="where to write the scenario of each difference (default ./fuzz-found)")
    parser.add_argument("--max-diffs", type=int, default=1, metavar="K",
                        help="stop after K differences (default 1; 0 = never stop)")
    parser.add_argument("--illegal-rate", type=float, default=0.1, metavar="P",
                        help="share of random well-formed (often illegal) actions (default 0.1)")
    parser.add_argument("--no-play", action="store_true",
                        help="send one act per action even if the engine declares play")
    parser.add_argument("--trace", action="store_true",
                        help="with play, compare every state between the actions too (slower); without it "
                        "every decision and the final state are compared, and a difference found is then "
                        "located state by state")
    parser.add_argument("--no-trace", action="store_true", help=argparse.SUPPRESS)  # the default now
    parser.add_argument("-j", "--jobs", type=int, default=None, metavar="N",
                        help=f"worker processes, each with its own engine (default: one per CPU, here "
                             f"{os.cpu_count() or 1})")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar, even on a terminal")


@dataclass(frozen=True, slots=True)
class Plan:
    """What every hand of a run is made from (the same in every worker)."""

    seed: int
    fixed_rules: Ruleset | None
    options: dict[str, tuple[Any, ...]]
    players: int | None
    illegal_rate: float
    trace: bool
    use_play: bool | None


def make_hand(plan: Plan, game: int, use_play: bool) -> tuple[F.JSON, F.Playout]:
    """Hand ``game`` of the run: its setup and its moves, played on the reference."""
    rng = random.Random(f"{plan.seed}:{game}")
    rules = plan.fixed_rules if plan.fixed_rules is not None else F.random_ruleset(rng, plan.options)
    if plan.players is not None and plan.players > rules.max_players:
        values = plan.options.get("max_players", ())
        if plan.players in values:
            rules = rules.replace(max_players=plan.players)
    setup = F.random_setup(rng, rules, plan.players)
    played = F.random_game(rng, setup, illegal_rate=plan.illegal_rate, trace=plan.trace or not use_play)
    return setup, played


@dataclass(slots=True)
class Tally:
    hands: int = 0
    actions: int = 0
    differing: tuple[int, ...] = ()  # the hands that differ


def play_hands(differ: F.Differ, plan: Plan, games: range) -> Tally:
    tally = Tally()
    found = []
    for game in games:
        setup, played = make_hand(plan, game, differ.use_play)
        tally.hands += 1
        tally.actions += len(played.moves)
        if F.difference_or_fault(differ, setup, played.moves, played, plan.trace) is not None:
            found.append(game)
    tally.differing = tuple(found)
    return tally


_WORKER: dict[str, Any] = {}


def _start_worker(spec: EngineSpec, plan: Plan) -> None:
    adapter = spec.build()
    caps = Capabilities.from_hello(adapter.hello())
    _WORKER.update(differ=F.Differ(adapter, caps, use_play=plan.use_play), plan=plan)


def _work(games: range) -> Tally:
    return play_hands(_WORKER["differ"], _WORKER["plan"], games)


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if not 0 <= args.illegal_rate <= 1:
        raise UsageError("--illegal-rate must be between 0 and 1")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError(f"-j: expected a positive number of workers, got {args.jobs}")
    spec = engine_spec(args)
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    fixed_rules = None
    if args.rules:
        from ..spec.rulebook import RulebookError, load_table_rules

        try:
            fixed_rules = load_table_rules(args.rules)
        except (RulebookError, OSError) as e:
            raise UsageError(str(e)) from None
    adapter = build(spec)
    try:
        return _fuzz(args, spec, adapter, seed, fixed_rules)
    finally:
        adapter.close()


def _fuzz(args: argparse.Namespace, spec: EngineSpec, adapter: Any, seed: int, fixed_rules: Ruleset | None) -> int:
    from ..harness.runner import Engine, EngineUnavailable
    from .check import engine_unavailable
    from .progress import Progress

    out = sys.stdout
    try:
        caps = Engine.greet(adapter).caps
    except EngineUnavailable as e:
        print("\n".join(engine_unavailable(spec.describe(), e.fault)).replace("tonk check", "tonk fuzz"),
              file=sys.stderr)
        return exitcodes.ENGINE
    if fixed_rules is not None:
        unsupported = caps.missing_options(fixed_rules)
        if unsupported:
            raise UsageError(f"{args.rules}: the engine does not play {'; '.join(map(str, unsupported))}")
    plan = Plan(seed, fixed_rules, caps.options, args.players, args.illegal_rate, args.trace,
                False if args.no_play else None)
    differ = F.Differ(adapter, caps, use_play=plan.use_play)
    jobs = min(args.jobs or os.cpu_count() or 1, max(1, args.games // CHUNK))
    bar = Progress(args.games, "tonk fuzz", enabled=False if args.no_progress or args.quiet else None)
    chunks = [range(start, min(start + CHUNK, args.games)) for start in range(0, args.games, CHUNK)]
    stats = F.FuzzStats()
    differing: list[int] = []
    start = time.perf_counter()

    def add(t: Tally) -> None:
        stats.hands += t.hands
        stats.actions += t.actions
        differing.extend(t.differing)
        stats.seconds = time.perf_counter() - start
        bar.update(stats.hands, f"{stats.hands_per_second:,.0f} hands/s, {len(differing)} differences")

    def enough() -> bool:
        return bool(args.max_diffs) and len(differing) >= args.max_diffs

    if jobs == 1:
        for games in chunks:
            add(play_hands(differ, plan, games))
            if enough():
                break
    else:
        ctx = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_start_worker,
                                                    initargs=(spec, plan)) as pool:
            pending = list(chunks)
            running = {pool.submit(_work, pending.pop(0)) for _ in range(min(jobs * 2, len(pending)))}
            while running:
                done, running = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
                for fut in done:
                    add(fut.result())
                if not enough():
                    while pending and len(running) < jobs * 2:
                        running.add(pool.submit(_work, pending.pop(0)))
    stats.seconds = time.perf_counter() - start
    bar.close()
    # each differing hand again, in order, here: located, shrunk and written
    for game in sorted(differing)[: args.max_diffs or None]:
        setup, played = make_hand(plan, game, differ.use_play)
        diff = F.difference_or_fault(differ, setup, played.moves)
        if diff is None:  # an engine that answers differently the second time
            diff = F.Divergence(setup, played.moves, len(played.moves) - 1, ["the engine answered this hand "
                                                                             "differently when it was played again"])
        stats.differences += 1
        stats.written.append(_report(differ, diff, Path(args.out), seed, game, out, args.quiet))
    mode = ("play" + (" with trace" if plan.trace else "")) if differ.use_play else "act"
    print(
        f"tonk fuzz: {stats.hands} hands, {stats.actions} actions, {stats.differences} differences, "
        f"{stats.hands_per_second:,.0f} hands/s ({caps.name} {caps.version}, {mode}, {jobs} worker"
        f"{'s' if jobs > 1 else ''}, seed {seed}; repeat with --seed {seed})",
        file=out,
    )
    return exitcodes.FAILED if stats.differences else exitcodes.OK


def _report(differ: F.Differ, diff: F.Divergence, outdir: Path, seed: int, game: int, out: TextIO, quiet: bool) -> str:
    case_id = f"fuzz-{seed}-{game + 1}"
    final, path = F.write_shrunk(differ, diff, outdir, case_id, note=f"tonk fuzz --seed {seed}, hand {game + 1}")
    if not quiet:
        print(f"DIFFERENCE in hand {game + 1} ({len(diff.moves)} moves, shrunk to {len(final.moves)}): "
              f"{final.describe()}", file=out)
        print(f"  wrote {path}", file=out)
    return str(path)
