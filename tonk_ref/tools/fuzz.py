"""``tonk fuzz``: differential fuzzing of an engine against the reference.

Random hands (random decks, rulesets within what the engine declares, random play that
mixes legal actions with random well-formed ones) are played on the engine and on the
reference engine side by side; every accept/refuse decision (and reason code, for an
engine declaring ``reasons``) and the final state are compared by the comparison rules of
spec/tonk.md (``--trace``: every state between too).  Each difference is located state by
state, shrunk to a short action sequence and written as a scenario file that reproduces
it: add it to the corpus and the bug stays fixed.  One hand in five is dealt and played
toward a rare ending (out by hits only, a dealt tonk or draw, a tie at the empty stock, four
of a kind), and the summary says how often each was reached and which the table cannot
reach.

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
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from ..adapters.factory import EngineSpec
from ..adapters.lifetime import Interrupted
from ..adapters.lifetime import signals_held as held
from ..engine.ruleset import DEFAULT, Ruleset
from ..errors import TonkError
from ..harness.case import Case
from ..harness.fuzz import FuzzStats, Plan, ShrunkNotWritten, failed, fuzz_hand, locate, make_hand, warm, write_shrunk
from ..harness.hands import RARE, RARE_WORDS, deals, seated
from ..harness.results import CaseResult
from ..harness.runner import Engine, run_case
from ..views.escape import visible
from . import exitcodes
from .cli import UsageError, integer, writable_folder
from .engine_args import add_engine_arguments, build, engine_spec, greeted

HELP = "play random hands on an engine and on the reference side by side; write each difference as a scenario"
#: Hands a worker plays per task (progress and stopping are checked between tasks).
CHUNK = 50


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_engine_arguments(parser)
    parser.add_argument("--games", type=integer, default=200, metavar="N", help="hands to play (default 200)")
    parser.add_argument("--seed", type=integer, default=None, metavar="S",
                        help="random seed (default: a fresh one, printed in the summary)")
    parser.add_argument("--rules", metavar="PRESET|FILE",
                        help="the table's rules (a preset, a preset file or a table-rules file); default: "
                             "random rulesets within the option values the engine declares")
    parser.add_argument("--players", type=integer, choices=(2, 3, 4, 5, 6),
                        help="players per hand (default: every seat count the table plays, 2 up to its "
                             "max_players, in turn)")
    parser.add_argument("--out", metavar="DIR", default="fuzz-found",
                        help="where to write the scenario of each difference (default ./fuzz-found)")
    parser.add_argument("--max-diffs", type=integer, default=1, metavar="K",
                        help="stop after K differences (default 1; 0 = never stop)")
    parser.add_argument("--illegal-rate", type=float, default=0.1, metavar="P",
                        help="share of random well-formed (often illegal) actions (default 0.1)")
    parser.add_argument("--no-probes", action="store_true",
                        help="no probes: by default each hand also tries, at a few points and after its end, actions "
                             "the reference refuses for exactly one reason, and checks each is refused (with its "
                             "reason) and leaves the state as it was")
    parser.add_argument("--no-observe", action="store_true",
                        help="no observations: by default, for an engine that declares observations, every seat's "
                             "observation after the deal and after every action is checked for what the seat may not "
                             "see and against what the reference shows it (one request per action and seat)")
    parser.add_argument("--no-play", action="store_true",
                        help="send one act per action even if the engine declares play")
    parser.add_argument("--trace", action="store_true",
                        help="with play, compare every state between the actions too (slower); without it "
                        "every decision and the final state are compared, and a difference found is then "
                        "located state by state (one request per action, as when observing or without play, "
                        "answers every state, and each is compared)")
    parser.add_argument("--no-trace", action="store_true", help=argparse.SUPPRESS)  # the default now
    parser.add_argument("-j", "--jobs", type=integer, default=None, metavar="N",
                        help=f"worker processes, each with its own engine (default: one per CPU, here "
                             f"{os.cpu_count() or 1})")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar, even on a terminal")


@dataclass(slots=True)
class Tally:
    hands: int = 0
    actions: int = 0
    differing: tuple[int, ...] = ()  # the hands that differ
    skipped: int = 0  # the hands the engine could not be asked to play (a value it does not declare)
    why: str = ""  # what the first of them needed
    error: str = ""  # a worker's engine could not be used: why (no hand was played)
    rare: Counter[str] = field(default_factory=Counter)  # the rare endings reached by the hands played
    steered: int = 0  # the hands steered toward a rare ending
    open: set[str] = field(default_factory=set)  # the rare endings some hand's table can reach
    closed: dict[str, str] = field(default_factory=dict)  # the others: why, at the first table that cannot

    def add(self, t: Tally) -> None:
        self.hands += t.hands
        self.actions += t.actions
        self.differing += t.differing
        self.skipped += t.skipped
        self.why = self.why or t.why
        self.rare.update(t.rare)
        self.steered += t.steered
        self.open |= t.open
        for goal, why in t.closed.items():
            self.closed.setdefault(goal, why)


def play_hands(engine: Engine, plan: Plan, games: range, batch: bool,
               stop: Callable[[int], bool] | None = None) -> Tally:
    """Hands ``games`` of the run played on ``engine``, in order; with ``stop``, asked with
    the differences found so far after each hand, no more once it says so."""
    tally = Tally()
    found = []
    # each hand is made while the engine plays the one before (the runner sends the next
    # case's play ahead once the case in hand needs no more answers)
    following = make_hand(plan, games[0]) if games else None
    for k, game in enumerate(games):
        made = following
        assert made is not None
        following = make_hand(plan, games[k + 1]) if k + 1 < len(games) else None
        engine.following = following.case if following is not None else None
        case = made.case
        tally.hands += 1
        tally.actions += len(case.actions)
        result = run_case(case, engine, batch=batch)
        if failed(result):
            found.append(game)
        elif result.status == "skipped":
            tally.skipped += 1
            tally.why = tally.why or result.message
        if result.status != "skipped":  # a rare ending counts where the engine played it
            tally.rare.update(made.reached)
        tally.steered += made.goal is not None
        tally.open |= set(RARE) - set(made.closed)
        for goal, why in made.closed.items():
            tally.closed.setdefault(goal, why)
        if stop is not None and stop(len(found)):
            break
    engine.following = None
    tally.differing = tuple(found)
    return tally


_WORKER: dict[str, Any] = {}


def _pool_context() -> multiprocessing.context.BaseContext:
    """How workers start: forked on Linux, where they begin with the modules this process
    has imported and the caches it has filled (a spawned worker imports and fills them
    again, which costs a short run much of its time); spawned elsewhere."""
    return multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")


def _start_worker(spec: EngineSpec, plan: Plan, batch: bool, parent: int, hello: Any, found: Any, most: int) -> None:
    from ..adapters.lifetime import worker_started

    worker_started(parent)  # ends with the runner, however it ends
    from ..adapters.base import EngineChanged
    from ..harness.runner import EngineUnavailable

    adapter = spec.build()
    if hasattr(adapter, "first_hello"):
        setattr(adapter, "first_hello", hello)  # noqa: B010 (a worker's engine says what the runner's said)
    try:
        _WORKER.update(engine=Engine.greet(adapter), plan=plan, batch=batch, found=found, most=most)
    except EngineUnavailable as e:
        _WORKER["error"] = f"the engine could not be used in a worker: {e.fault.kind}: {e.fault.message}"
    except EngineChanged as e:
        _WORKER["error"] = str(e)


def _work(games: range) -> Tally:
    from ..adapters.base import EngineChanged

    if "error" in _WORKER:
        return Tally(error=_WORKER["error"])
    found, most = _WORKER["found"], _WORKER["most"]
    told = 0

    def stop(differences: int) -> bool:
        """Whether the workers have found the differences asked for between them (this
        one's added to the count they share)."""
        nonlocal told
        if not most:
            return False
        with found.get_lock():
            found.value += differences - told
            told = differences
            return bool(found.value >= most)

    if stop(0):
        return Tally()  # enough found already: the chunk is not played
    try:
        return play_hands(_WORKER["engine"], _WORKER["plan"], games, _WORKER["batch"], stop)
    except EngineChanged as e:
        _WORKER["error"] = str(e)
        return Tally(error=str(e))


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if not 0 <= args.illegal_rate <= 1:
        raise UsageError("--illegal-rate must be between 0 and 1")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError(f"-j: expected a positive number of workers, got {args.jobs}")
    writable_folder(args.out, "--out")
    spec = engine_spec(args)
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    fixed_rules = None
    if args.rules:
        from ..rulebook.book import RulebookError, load_table_rules

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
    from .progress import Progress

    out = sys.stdout
    engine = greeted(adapter, spec, "tonk fuzz")
    if engine is None:
        return exitcodes.ENGINE
    caps = engine.caps
    if fixed_rules is not None:
        unsupported = caps.missing_options(fixed_rules)
        if unsupported:
            raise UsageError(f"{args.rules}: the engine does not play {'; '.join(map(str, unsupported))}")
    if args.players is not None:
        _check_players(args.players, caps.options, fixed_rules, args.rules)
    observe = "observations" in caps.features and not args.no_observe
    batch = not args.no_play
    # one request per action (observing, or no play): each answer is a state, and each is compared
    acting = observe or not batch or "play" not in caps.features
    plan = Plan(seed, fixed_rules, caps.options, args.players, args.illegal_rate, args.trace or acting,
                not args.no_probes, observe=observe)
    jobs = min(args.jobs or os.cpu_count() or 1, max(1, args.games // CHUNK))
    bar = Progress(args.games, "tonk fuzz", enabled=False if args.no_progress or args.quiet else None)
    chunks = [range(start, min(start + CHUNK, args.games)) for start in range(0, args.games, CHUNK)]
    stats = FuzzStats()
    total = Tally()  # the rare endings reached, and those no table of the run can reach
    differing: list[int] = []
    start = time.perf_counter()

    def add(t: Tally) -> None:
        total.add(t)
        stats.hands += t.hands
        stats.actions += t.actions
        differing.extend(t.differing)
        stats.skipped += t.skipped
        stats.skip_why = stats.skip_why or t.why
        stats.seconds = time.perf_counter() - start
        bar.update(stats.hands, f"{len(differing)} differences")  # the bar shows the rate (hands/s)

    def enough() -> bool:
        return bool(args.max_diffs) and len(differing) >= args.max_diffs

    def stop(differences: int) -> bool:
        return bool(args.max_diffs) and len(differing) + differences >= args.max_diffs

    if jobs == 1:
        try:
            for games in chunks:
                add(play_hands(engine, plan, games, batch, stop))
                if enough():
                    break
        except Interrupted as e:
            bar.close()
            return _interrupted(e, stats, differing, seed)
    else:
        warm(plan)  # once here, not once per worker: a forked worker starts with it
        context = _pool_context()
        found = context.Value("i", 0)  # the differences the workers have found, so that all stop at once
        pool = concurrent.futures.ProcessPoolExecutor(
            jobs, mp_context=context, initializer=_start_worker,
            initargs=(spec, plan, batch, os.getpid(), engine.hello, found, args.max_diffs))
        try:
            pending = list(chunks)
            with held():  # the workers are forked whole, or not at all
                running = {pool.submit(_work, pending.pop(0)) for _ in range(min(jobs * 2, len(pending)))}
            while running:
                done, running = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
                for fut in done:
                    tally = fut.result()
                    if tally.error:
                        raise _WorkerFailed(tally.error)
                    add(tally)
                if not enough():
                    with held():
                        while pending and len(running) < jobs * 2:
                            running.add(pool.submit(_work, pending.pop(0)))
        except Interrupted as e:
            from ..adapters.lifetime import end_workers

            end_workers()  # each kills its engine
            pool.shutdown(wait=False, cancel_futures=True)
            bar.close()
            return _interrupted(e, stats, differing, seed)
        except BaseException as e:  # no worker is left, whatever ended them
            from ..adapters.lifetime import end_workers

            end_workers()
            pool.shutdown(wait=False, cancel_futures=True)
            if not isinstance(e, _WorkerFailed):
                raise
            bar.close()
            print(visible(f"tonk fuzz: {e}"), file=sys.stderr)
            return exitcodes.ENGINE
        pool.shutdown()
    stats.seconds = time.perf_counter() - start
    stats.timed = stats.hands  # the rate is of the random hands: the staged ones below are not timed
    bar.close()
    # each differing hand again, in order, here: located, shrunk and written
    for game in sorted(differing)[: args.max_diffs or None]:
        case = fuzz_hand(plan, game)
        result = run_case(case, engine, batch=batch)
        if not failed(result):  # an engine that answers differently the second time
            print(f"hand {game + 1} differed, but not when it was played again: the engine answers the same "
                  "hand differently", file=out)
            stats.differences += 1
            continue
        case, result = locate(engine, case, result)
        stats.differences += 1
        written = _report(engine, spec, case, result, Path(args.out), seed, game, out, args.quiet)
        if written:
            stats.written.append(written)
    # at a fixed table, the staged hands too: situations random play seldom reaches
    if fixed_rules is not None and plan.probes and not enough():
        from ..harness.table.block import staged

        for case in staged(fixed_rules):
            if enough():
                break
            result = run_case(case, engine, batch=batch)
            stats.hands += 1
            stats.actions += len(case.actions)
            if failed(result):
                stats.differences += 1
                differing.append(-1)
                try:
                    small, got, path = write_shrunk(engine, case, result, Path(args.out), f"fuzz-{case.id}",
                                                    note=f"tonk fuzz --rules {args.rules}: {case.title}")
                except ShrunkNotWritten as e:
                    _not_written(e, case, out)
                    continue
                if not args.quiet:
                    from ..harness.session import replay_found

                    print(f"DIFFERENCE in {case.id} ({len(case.actions)} moves, shrunk to {len(small.actions)}): "
                          f"{visible(_where(small, got))}", file=out)
                    print(f"  wrote {path}", file=out)
                    print(f"  replay: {replay_found(f'fuzz-{case.id}', Path(args.out), spec)}", file=out)
                stats.written.append(str(path))
    mode = ("play" + (" with trace" if plan.trace else "")) if not acting else "act, every state compared"
    if plan.observe:
        mode = "act, every state compared and every seat observed after every action"
    random_hands = stats.timed
    print(rare_line(total), file=out)
    if random_hands < args.games:
        first = min((g for g in differing if g >= 0), default=None)
        at = f" (the first in hand {first + 1})" if first is not None else ""
        print(f"stopped after {args.max_diffs} difference{'s' if args.max_diffs != 1 else ''}{at}: "
              f"{random_hands} of {args.games} random hands played (--max-diffs 0 plays them all)", file=out)
    if stats.skipped:
        print(f"{'every hand was' if stats.skipped == stats.hands else f'{stats.skipped} hands were'} skipped, "
              f"unchecked: {visible(stats.skip_why[:300])}", file=out)
    print(visible(  # the engine's name and version, made visible and clipped
        f"tonk fuzz: {stats.hands} hands ({random_hands} of {args.games} random hands played"
        f"{f', {stats.hands - random_hands} staged' if stats.hands > random_hands else ''}), "
        f"{stats.actions} actions, {stats.differences} differences, "
        + (f"{stats.skipped} skipped, " if stats.skipped else "") +
        f"{stats.hands_per_second:,.0f} hands/s ({caps.name} {caps.version}, {mode}, {jobs} worker"
        f"{'s' if jobs > 1 else ''}, seed {seed}; repeat with --seed {seed})"),
        file=out,
    )
    if stats.differences:
        return exitcodes.FAILED
    return exitcodes.NOTHING_CHECKED if stats.skipped == stats.hands else exitcodes.OK


def rare_line(tally: Tally) -> str:
    """One line: how many times the hands played reached each rare ending, how many hands
    were steered toward them, and the endings no table of the run can reach, with why."""
    closed = {goal: why for goal, why in tally.closed.items() if goal not in tally.open}
    reached = ", ".join(f"{RARE_WORDS[g]} {tally.rare[g]}" for g in RARE if g not in closed)
    line = (f"rare endings reached: {reached or 'none possible'} "
            f"({tally.steered} of {tally.hands} hands steered toward them)")
    whys: dict[str, list[str]] = {}
    for goal in RARE:
        if goal in closed:
            whys.setdefault(closed[goal], []).append(RARE_WORDS[goal])
    for why, words in whys.items():
        line += f"; {' and '.join(words)} cannot happen at this table: {why}"
    return line


class _WorkerFailed(TonkError):
    """A worker's engine could not be used, or said something else in hello."""


def _interrupted(e: Interrupted, stats: FuzzStats, differing: list[int], seed: int) -> int:
    """A signal ended the fuzzing: one line says what was played (the hands that differed are
    not shrunk) and the exit status is 128 + the signal."""
    hands = ", ".join(str(g + 1) for g in sorted(differing)[:10]) + (", ..." if len(differing) > 10 else "")
    found = f"; hands {hands} differed (not shrunk)" if differing else ""
    print(f"tonk fuzz: interrupted ({e.name}); partial: {stats.hands} hands played of seed {seed}, "
          f"{len(differing)} differences{found}; repeat with --seed {seed}", file=sys.stderr)
    return e.exit_status


def _check_players(players: int, options: dict[str, tuple[Any, ...]], fixed_rules: Ruleset | None,
                   rules_arg: str | None) -> None:
    """Refuse ``--players`` where no hand can seat them: more than the table (or the engine)
    seats, or no pack it plays deals that many hands."""
    seats = [v for v in options.get("max_players", (3,)) if type(v) is int]
    most = fixed_rules.max_players if fixed_rules is not None else max(seats, default=3)
    if players > most:
        where = f"{rules_arg} seats" if fixed_rules is not None else "the engine plays"
        raise UsageError(f"--players {players}: {where} at most {most} players (max_players)")
    if fixed_rules is not None and not deals(fixed_rules, players):
        raise UsageError(f"--players {players}: the pack of {rules_arg} cannot deal "
                         f"{players} hands of {fixed_rules.hand_size_for(players)} cards")
    if fixed_rules is None and seated(DEFAULT, players, options) is None:
        raise UsageError(f"--players {players}: no pack and hand size the engine plays deal {players} hands")


def _report(engine: Engine, spec: EngineSpec, case: Case, result: CaseResult, outdir: Path, seed: int, game: int,
            out: TextIO, quiet: bool) -> str:
    from ..harness.session import replay_found

    case_id = f"fuzz-{seed}-{game + 1}"
    try:
        small, got, path = write_shrunk(engine, case, result, outdir, case_id,
                                        note=f"tonk fuzz --seed {seed}, hand {game + 1}")
    except ShrunkNotWritten as e:
        _not_written(e, case, out)
        return ""
    if not quiet:
        print(f"DIFFERENCE in hand {game + 1} ({len(case.actions)} moves, shrunk to {len(small.actions)}): "
              f"{visible(_where(small, got))}", file=out)
        print(f"  wrote {path}", file=out)
        print(f"  replay: {replay_found(case_id, outdir, spec)}", file=out)
    return str(path)


def _not_written(e: ShrunkNotWritten, case: Case, out: TextIO) -> None:
    """A difference whose scenario file could not be written: one line on stderr naming
    the file, and the scenario itself on the console, so that nothing found is lost."""
    print(visible(f"tonk fuzz: error: --out: {e}"), file=sys.stderr)
    print(f"DIFFERENCE in {case.id} ({len(case.actions)} moves, shrunk to {len(e.small.actions)}): "
          f"{visible(_where(e.small, e.got))}; its scenario, not written:", file=out)
    print(visible(e.text, lines=True).rstrip("\n"), file=out)


def _where(case: Case, result: CaseResult) -> str:
    """Where a failing hand first went wrong, and how."""
    f = result.failures[0] if result.failures else None
    if f is None or result.fault is not None:
        return result.message
    if f.step is None:
        at = "the end of the hand"
    elif f.step == -1:
        at = "the deal"
    else:
        moves = sum(1 for s in case.steps[: f.step + 1] if s.kind == "act")
        at = f"{f'move {moves}' if moves else 'the deal'} ({f.text})"
    return f"after {at}: {f.message}"
