"""``tonk bench``: the project's performance figures, measured in one run.

Benchmarks are not pass/fail: each figure is printed beside its target.

- Reference engine throughput, 2 and 3 players, under two fixed policies.  P0: every
  turn draw from the stock (from the empty stock once it has run out, which ends the
  hand) and discard a uniformly random card, never spreading, hitting or knocking.  P1:
  as P0, but knock at the start of a turn holding 5 or less, and after drawing lay the
  first valid spread found.  An action is one ``Hand.apply``.  The engine's figure times
  only ``Hand(...)`` and ``apply`` (each hand is played by the policy, then replayed);
  the policy's overhead is given apart.
- ``tonk check`` over the whole suite in process: the wall time of the command, from
  start to exit (the median of three runs).
- The same over the stdio adapter (``tonk serve``), as a ratio to in process.
- ``tonk fuzz`` against the reference served over stdio: hands/s with its defaults (one
  worker per CPU, every decision and the final state compared) on the seed ruleset, and
  with one worker, and with every state traced.
- Peak memory (RSS) of a full suite run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..engine.actions import DRAW_STOCK, KNOCK_ACTION, Action, discard, spread
from ..engine.build import compiled_modules, engine_build
from ..engine.cards import DECK_SIZE, cards_of
from ..engine.hand import Hand
from ..engine.ruleset import DEFAULT
from ..engine.spreads import RANK_MASKS

COMMAND = "bench"
HELP = "measure engine throughput, suite cost, stdio overhead, fuzzing speed and peak memory against their targets"

TARGETS = {
    "engine_p0_actions_per_s": 1_000_000,
    "engine_p1_actions_per_s": 200_000,
    "suite_wall_s": 0.8,
    "stdio_floor_ratio": 1.25,
    "fuzz_hands_per_s": 1_500,
    "peak_rss_mb": 150,
    "fuzz_memory_growth": 0.10,
}

#: Every figure of the JSON report, as a path of keys (tests check they are all there).
FIGURES = [
    *[("engine", p, f"{n}p", k) for p in ("P0", "P1") for n in (2, 3)
      for k in ("actions_per_s", "hands_per_s", "actions_per_hand", "with_policy_actions_per_s", "policy_overhead")],
    ("suite", "cases"), ("suite", "seconds"), ("suite", "per_case_ms"),
    ("stdio", "in_process_s"), ("stdio", "stdio_s"), ("stdio", "echo_floor_s"), ("stdio", "floor_ratio"),
    ("stdio", "ratio"), ("stdio", "requests"), ("stdio", "bytes_out"), ("stdio", "bytes_back"),
    ("stdio", "round_trip_us"), ("bytecode", "modules"),
    ("fuzz", "hands"), ("fuzz", "jobs"), ("fuzz", "stdio_hands_per_s"), ("fuzz", "stdio_one_worker_hands_per_s"),
    ("fuzz", "stdio_traced_hands_per_s"), ("fuzz", "in_process_hands_per_s"), ("fuzz", "stdio_unobserved_hands_per_s"),
    ("memory", "peak_rss_mb"),
]


#: The parts measured by default.
PARTS = ("engine", "suite", "stdio", "fuzz", "memory")
#: Hands played by the fuzz-memory part by default (2,000 with --quick).
FUZZ_MEMORY_HANDS = 100_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quick", action="store_true",
                        help="small sizes (seconds, not minutes): for checking the tool, not for figures")
    parser.add_argument("--only", choices=(*PARTS, "fuzz-memory"), action="append",
                        help="measure only these parts (repeatable); the others are reported as null")
    parser.add_argument("--fuzz-memory", type=int, metavar="N", nargs="?", const=FUZZ_MEMORY_HANDS,
                        help=f"also measure the peak memory of one process fuzzing N hands (default "
                             f"{FUZZ_MEMORY_HANDS:,}; an hour or so) with random rulesets, at each tenth of them "
                             "(the part fuzz-memory: --only fuzz-memory alone)")
    parser.add_argument("--profile", action="store_true",
                        help="print a cProfile of the engine replaying P0 hands (where Hand.apply spends its time)")


# ---------------------------------------------------------------------------- policies

_RUN3 = [0x7 << i for i in range(11)]


def p0(h: Hand, rng: random.Random, out: list[tuple[int, Action]]) -> None:
    """P0: draw from the stock, discard a uniformly random card; until the hand ends."""
    # the policy's own work is timed with the engine's: its methods are bound once
    apply, hand, rand, record = h.apply, h.hand, rng.random, out.append
    while not h.is_over:
        seat: int = h.to_act  # type: ignore[assignment]
        apply(DRAW_STOCK, seat)
        record((seat, DRAW_STOCK))
        if h.is_over:
            return
        cards = hand(seat)
        a = discard(cards[int(rand() * len(cards))])
        apply(a, seat)
        record((seat, a))


def first_spread(mask: int) -> list[int] | None:
    """The first valid spread of a hand: a book (all its cards), else the lowest three
    cards in sequence of the first suit that has them."""
    for rank_mask in RANK_MASKS:
        book = mask & rank_mask
        if book.bit_count() >= 3:
            return cards_of(book)
    for suit in range(4):
        bits = (mask >> (13 * suit)) & 0x1FFF
        run = bits & (bits >> 1) & (bits >> 2)
        if run:
            low = (run & -run).bit_length() - 1
            return [suit * 13 + low, suit * 13 + low + 1, suit * 13 + low + 2]
    return None


def p1(h: Hand, rng: random.Random, out: list[tuple[int, Action]]) -> None:
    """P1: knock at the start of a turn holding 5 or less; else draw from the stock, lay
    the first valid spread found, discard a uniformly random card."""
    apply, total, holding, hand, rand, record = h.apply, h.total, h.holding, h.hand, rng.random, out.append
    while not h.is_over:
        seat = h.to_act
        assert seat is not None
        if total(seat) <= 5:
            apply(KNOCK_ACTION, seat)
            record((seat, KNOCK_ACTION))
            return
        apply(DRAW_STOCK, seat)
        record((seat, DRAW_STOCK))
        if h.is_over:
            return
        found = first_spread(holding(seat))
        if found is not None:
            a = spread(found)
            apply(a, seat)
            record((seat, a))
            if h.is_over:
                return
        cards = hand(seat)
        d = discard(cards[int(rand() * len(cards))])
        apply(d, seat)
        record((seat, d))


POLICIES: dict[str, Callable[[Hand, random.Random, list[tuple[int, Action]]], None]] = {"P0": p0, "P1": p1}


def engine_figures(policy: str, players: int, hands: int, seed: int = 1) -> dict[str, float]:
    rng = random.Random(seed)
    play = POLICIES[policy]
    decks = []
    for _ in range(hands):
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        decks.append(deck)
    actions = 0
    t_policy = t_deal = t_apply = 0.0
    perf = time.perf_counter
    for i, deck in enumerate(decks):
        moves: list[tuple[int, Action]] = []
        start = perf()
        h = Hand(deck, players, i % players, 1, DEFAULT)
        play(h, rng, moves)
        t_policy += perf() - start
        # replay: the engine alone
        start = perf()
        h = Hand(deck, players, i % players, 1, DEFAULT)
        mid = perf()
        apply = h.apply
        for seat, a in moves:
            apply(a, seat)
        end = perf()
        t_deal += mid - start
        t_apply += end - mid
        actions += len(moves)
    engine = t_deal + t_apply
    return {
        "actions_per_s": actions / t_apply if t_apply else 0.0,
        "hands_per_s": hands / engine if engine else 0.0,
        "actions_per_hand": actions / hands,
        "with_policy_actions_per_s": actions / t_policy if t_policy else 0.0,
        "policy_overhead": (t_policy - engine) / engine if engine else 0.0,
    }


def profile_p0(hands: int) -> str:
    import cProfile
    import io
    import pstats

    rng = random.Random(2)
    games = []
    for i in range(hands):
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        moves: list[tuple[int, Action]] = []
        p0(Hand(deck, 2, i % 2, 1, DEFAULT), rng, moves)
        games.append((deck, i % 2, moves))

    def replay() -> None:
        for deck, dealer, moves in games:
            h = Hand(deck, 2, dealer, 1, DEFAULT)
            for seat, a in moves:
                h.apply(a, seat)

    prof = cProfile.Profile()
    prof.runcall(replay)
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(15)
    return buf.getvalue()


# ---------------------------------------------------------------------------- subprocess runs


def _python() -> list[str]:
    return [sys.executable]


def _timed(cmd: Sequence[str], cwd: str | None = None) -> tuple[float, subprocess.CompletedProcess[str]]:
    start = time.perf_counter()
    proc = subprocess.run(list(cmd), capture_output=True, text=True, cwd=cwd, env={**os.environ, "PYTHONHASHSEED": "0"})
    return time.perf_counter() - start, proc


def _check_cmd(quick: bool, json_path: str, extra: Sequence[str] = ()) -> list[str]:
    cmd = [*_python(), "-m", "tonk_ref", "check", "--table", "off", "--json", json_path, *extra]
    if quick:
        from ..paths import scenarios_dir

        cmd += ["--scenarios", str(scenarios_dir() / "pay"), "--no-features"]
    return cmd


_RSS_WRAPPER = (
    "import resource, subprocess, sys\n"
    "proc = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
    "sys.stderr.write(proc.stdout[-2000:] + proc.stderr[-2000:])\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def _suite_run(quick: bool, extra: Sequence[str] = ()) -> tuple[float, int, float, float]:
    """One suite run through ``tonk check``: (wall seconds, cases, the session's own
    duration from the report, peak RSS of the run in MB, measured by a wrapper process
    whose only child is the run)."""
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "r.json")
        secs, proc = _timed([*_python(), "-c", _RSS_WRAPPER, *_check_cmd(quick, report, extra)])
        try:
            data = json.loads(Path(report).read_text())
            kib = int(proc.stdout.strip().splitlines()[-1])
            return secs, int(data["counts"]["total"]), float(data["run"]["duration_s"]), kib / 1024
        except (OSError, ValueError, KeyError, IndexError, TypeError):
            raise RuntimeError(f"the suite run failed: {proc.stdout[-2000:]}{proc.stderr[-2000:]}") from None


def _median(values: Sequence[float]) -> float:
    return sorted(values)[len(values) // 2]


def _serve() -> list[str]:
    return [*_python(), "-m", "tonk_ref", "serve"]


def _echo(*args: str) -> list[str]:
    return [*_python(), "-m", "tonk_ref.tools.echo", *args]


def echo_floor(recording: Path) -> float:
    """Seconds to send the recorded requests again, through the stdio client, to an echo
    process that answers each with its recorded answer over the same codec: what the pipe
    and the codec cost, with no engine and no runner."""
    from ..adapters.echo import replay_requests, requests
    from ..adapters.stdio_client import StdioAdapter

    sent = requests(recording)
    with StdioAdapter(_echo("replay", str(recording)), timeout=60) as adapter:
        adapter.hello()  # started and greeted before the clock starts
        start = time.perf_counter()
        replay_requests(adapter, sent)
        return time.perf_counter() - start


def suite_and_stdio_figures(quick: bool, stdio: bool = True) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """``tonk check`` over the whole suite in process, as a user runs it (the command's wall
    time), and with ``stdio`` the same over ``tonk serve`` and the echo floor of its traffic:
    three rounds, each in process, over stdio and the floor one after the other (so that a
    change in the machine's load falls on all three), after a run that fills the case cache
    and one over stdio that records the traffic; the medians."""
    from ..adapters.echo import exchanges

    with tempfile.TemporaryDirectory() as tmp:
        recording = Path(tmp, "traffic")
        _suite_run(quick)  # compiles the suite into the cache, as any later run finds it
        if stdio:
            _suite_run(quick, ["--adapter-cmd", shlex.join(_echo("record", str(recording), "--", *_serve()))])
        local, remote, floor = [], [], []
        for _ in range(3):
            local.append(_suite_run(quick))
            if stdio:
                remote.append(_suite_run(quick, ["--adapter-cmd", shlex.join(_serve())])[0])
                floor.append(echo_floor(recording))
        traffic = exchanges(recording) if stdio else []
    secs, cases, session, _ = sorted(local)[1]
    suite = {
        "cases": cases,
        "seconds": secs,
        "runs": [r[0] for r in local],
        "session_s": session,
        "per_case_ms": 1000 * session / max(cases, 1),
        "peak_rss_mb": max(r[3] for r in local),
    }
    if not stdio:
        return suite, None
    stdio_s, floor_s = _median(remote), _median(floor)
    requests = len(traffic)
    return suite, {
        "in_process_s": secs, "stdio_s": stdio_s, "echo_floor_s": floor_s,
        "floor_ratio": stdio_s / (secs + floor_s), "ratio": stdio_s / secs,
        "stdio_runs": remote, "echo_floor_runs": floor,
        "requests": requests, "bytes_out": sum(len(q) + 1 for q, _ in traffic),
        "bytes_back": sum(len(a) + 1 for _, a in traffic),
        "round_trip_us": 1e6 * floor_s / max(requests, 1),
    }


def fresh_bytecode(source: Path) -> bool:
    """Whether ``source`` has a ``.pyc`` that this Python would load instead of compiling it:
    this version's magic number, and (for a timestamped one) the source's time and size."""
    import importlib.util

    try:
        head = Path(importlib.util.cache_from_source(str(source))).read_bytes()[:16]
        st = source.stat()
    except OSError:
        return False
    if len(head) < 16 or head[:4] != importlib.util.MAGIC_NUMBER:
        return False
    if int.from_bytes(head[4:8], "little") != 0:  # a hash-based .pyc, checked by the importer
        return True
    return (int.from_bytes(head[8:12], "little") == int(st.st_mtime) & 0xFFFFFFFF
            and int.from_bytes(head[12:16], "little") == st.st_size & 0xFFFFFFFF)


def bytecode() -> dict[str, Any]:
    """Whether this package's modules load from compiled bytecode: how many have an up-to-date
    ``.pyc`` beside them (which Python reads even under ``PYTHONDONTWRITEBYTECODE``) or an
    extension module (the compiled engine), and the command that compiles the others."""
    from importlib.machinery import EXTENSION_SUFFIXES

    import tonk_ref

    def loads_compiled(source: Path) -> bool:
        return fresh_bytecode(source) or any(source.with_name(source.stem + s).exists() for s in EXTENSION_SUFFIXES)

    root = Path(tonk_ref.__file__).parent
    sources = sorted(root.rglob("*.py"))
    return {
        "modules": len(sources), "compiled": sum(map(loads_compiled, sources)),
        "dont_write_bytecode": bool(os.environ.get("PYTHONDONTWRITEBYTECODE")),
        "command": f"{Path(sys.executable).name} -m compileall -q {root}",
    }


def _fuzz_rate(hands: int, *extra: str) -> float:
    """Hands/s of ``tonk fuzz`` against ``tonk serve`` on the seed ruleset, as it reports them."""
    import re

    with tempfile.TemporaryDirectory() as tmp:
        rules = Path(tmp, "seed.yaml")
        rules.write_text("preset: seed\n", encoding="utf-8")
        _, proc = _timed([*_python(), "-m", "tonk_ref", "fuzz", "--games", str(hands), "--seed", "11",
                          "--rules", str(rules), "--out", str(Path(tmp, "found")), "--quiet", *extra],
                         cwd=tmp)
        found = re.search(r"([0-9,]+) hands/s", proc.stdout)
        if proc.returncode != 0 or found is None:
            raise RuntimeError(f"tonk fuzz failed: {proc.stdout[-1000:]}{proc.stderr[-1000:]}")
        return float(found.group(1).replace(",", ""))


def fuzz_figures(hands: int) -> dict[str, float]:
    """Fuzzing's speed: with its defaults (every seat observed after every action, a request
    each: a tenth of the hands), and without observing (one ``play`` request a hand, the path
    the target was set for) with two workers, one, every state traced, and in process."""
    serve = " ".join([*_python(), "-m", "tonk_ref", "serve"])
    quiet = "--no-observe"
    return {
        "hands": hands,
        "jobs": os.cpu_count() or 1,
        "stdio_hands_per_s": _fuzz_rate(max(hands // 10, 50), "--adapter-cmd", serve),
        "stdio_unobserved_hands_per_s": _fuzz_rate(hands, "--adapter-cmd", serve, quiet),
        "stdio_one_worker_hands_per_s": _fuzz_rate(hands, "--adapter-cmd", serve, "-j", "1", quiet),
        "stdio_traced_hands_per_s": _fuzz_rate(hands // 4, "--adapter-cmd", serve, "--trace", quiet),
        "in_process_hands_per_s": _fuzz_rate(hands, "-j", "1", quiet),
    }


def fuzz_memory_child(hands: int, seed: int = 5, points: int = 10) -> None:
    """Play ``hands`` fuzzed hands with random rulesets in this process (the reference
    engine in process, so its caches and the harness's are in the one process measured),
    as ``tonk fuzz`` plays them, printing after each tenth of them a JSON line: hands
    played, peak RSS in KiB, seconds, and the hands that could not be made (a random
    ruleset can reach a position the reference's random play finds no action in)."""
    import resource

    from ..adapters.inprocess import reference
    from ..harness.fuzz import Plan, fuzz_hand
    from ..harness.runner import Engine, run_case

    engine = Engine.greet(reference())
    plan = Plan(seed, None, engine.caps.options)
    start = time.perf_counter()
    done = unmade = 0
    for k in range(1, points + 1):
        stop = hands * k // points
        for game in range(done, stop):
            try:
                case = fuzz_hand(plan, game)
            except AssertionError:
                unmade += 1
                continue
            run_case(case, engine, batch=True)
        done = stop
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(json.dumps({"hands": done, "peak_rss_kib": peak, "seconds": time.perf_counter() - start,
                          "unmade": unmade}), flush=True)


def fuzz_memory_figures(hands: int) -> dict[str, Any]:
    """Peak RSS of one process fuzzing ``hands`` hands with random rulesets, at each tenth
    of them: flat memory is the peak at the end within 10% of the peak at the first tenth."""
    code = f"from tonk_ref.tools.bench import fuzz_memory_child; fuzz_memory_child({hands})"
    points = []
    with subprocess.Popen([*_python(), "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env={**os.environ, "PYTHONHASHSEED": "0"}) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        for line in proc.stdout:  # each tenth as it comes: the run takes long
            if line.startswith("{"):
                p = json.loads(line)
                points.append(p)
                print(f"tonk bench: fuzz-memory: {p['hands']:,} hands, peak RSS {p['peak_rss_kib'] / 1024:.1f} MB, "
                      f"{p['seconds']:.0f} s", file=sys.stderr, flush=True)
        errors = proc.stderr.read()
    if proc.returncode != 0 or not points:
        raise RuntimeError(f"the fuzzing run failed: {errors[-2000:]}")
    first, last = points[0], points[-1]
    return {
        "hands": hands,
        "checkpoints": [{"hands": p["hands"], "peak_rss_mb": p["peak_rss_kib"] / 1024} for p in points],
        "first_hands": first["hands"],
        "first_peak_rss_mb": first["peak_rss_kib"] / 1024,
        "peak_rss_mb": last["peak_rss_kib"] / 1024,
        "growth": last["peak_rss_kib"] / first["peak_rss_kib"] - 1,
        "hands_per_s": last["hands"] / last["seconds"] if last["seconds"] else 0.0,
        "unmade": last["unmade"],
    }


def memory_figures(quick: bool, suite: dict[str, float] | None = None) -> dict[str, float]:
    """Peak RSS of a full suite run (that of the suite figure's run when there is one)."""
    if suite is not None:
        return {"peak_rss_mb": suite["peak_rss_mb"]}
    return {"peak_rss_mb": _suite_run(quick)[3]}


# ---------------------------------------------------------------------------- the run


def measure(quick: bool, only: Sequence[str] | None = None, fuzz_memory: int | None = None) -> dict[str, Any]:
    want = set(only or PARTS)
    if fuzz_memory is not None:
        want.add("fuzz-memory")
    hands = 100 if quick else 20_000
    out: dict[str, Any] = {
        "quick": quick,
        "machine": {"python": platform.python_version(), "implementation": platform.python_implementation(),
                    "machine": platform.machine(), "cpus": os.cpu_count()},
        "targets": TARGETS,
        "bytecode": bytecode(),
        "engine_build": {"build": engine_build(), "compiled_modules": compiled_modules()},
        "engine": None, "suite": None, "stdio": None, "fuzz": None, "memory": None, "fuzz_memory": None,
    }
    if "engine" in want:
        out["engine"] = {p: {f"{n}p": engine_figures(p, n, hands) for n in (2, 3)} for p in ("P0", "P1")}
    suite: dict[str, Any] | None = None
    if "suite" in want or "stdio" in want:
        suite, out["stdio"] = suite_and_stdio_figures(quick, "stdio" in want)
        out["suite"] = suite if "suite" in want else None
    if "fuzz" in want:
        out["fuzz"] = fuzz_figures(100 if quick else 5000)
    if "memory" in want:
        out["memory"] = memory_figures(quick, suite)
    if "fuzz-memory" in want:
        out["fuzz_memory"] = fuzz_memory_figures(fuzz_memory or (2_000 if quick else FUZZ_MEMORY_HANDS))
    return out


def _row(name: str, value: float | None, target: str, ok: bool | None, unit: str = "") -> str:
    shown = "n/a" if value is None else (f"{value:,.0f}" if value >= 100 else f"{value:,.2f}")
    mark = "" if ok is None else ("meets" if ok else "MISSES")
    return f"  {name:<52} {shown + unit:>14}   target {target:<12} {mark}"


def render(fig: dict[str, Any]) -> str:
    t = TARGETS
    lines = [f"tonk bench{' --quick (sizes too small for real figures)' if fig['quick'] else ''}: "
             f"Python {fig['machine']['python']} on {fig['machine']['machine']}, {fig['machine']['cpus']} CPUs"]
    bc = fig["bytecode"]
    if bc["compiled"] == bc["modules"]:
        lines.append(f"The package runs from compiled bytecode ({bc['modules']} modules compiled"
                     + (", read though PYTHONDONTWRITEBYTECODE is set)" if bc["dont_write_bytecode"] else ")"))
    else:
        lines.append(f"The package runs from source: {bc['modules'] - bc['compiled']} of {bc['modules']} modules "
                     "have no up-to-date bytecode"
                     + (" and PYTHONDONTWRITEBYTECODE is set, so every process compiles them" if
                        bc["dont_write_bytecode"] else "") + f"; {bc['command']} compiles them")
    eb = fig["engine_build"]
    if eb["build"] == "pure Python":
        lines.append("The engine build: pure Python (HATCH_BUILD_HOOK_ENABLE_MYPYC=true pip install . "
                     "builds the compiled engine)")
    else:
        lines.append(f"The engine build: {eb['build']} (mypyc: {', '.join(eb['compiled_modules'])})")
    eng = fig["engine"]
    if eng:
        lines.append("Reference engine (one core; an action is one Hand.apply):")
        for p in ("P0", "P1"):
            target = t["engine_p0_actions_per_s"] if p == "P0" else t["engine_p1_actions_per_s"]
            for n in ("2p", "3p"):
                e = eng[p][n]
                lines.append(_row(f"{p} {n} validated actions/s", e["actions_per_s"], f">= {target:,}",
                                  e["actions_per_s"] >= target))
                lines.append(_row(f"{p} {n} complete hands/s ({e['actions_per_hand']:.0f} actions/hand)",
                                  e["hands_per_s"], "", None))
                lines.append(_row(f"{p} {n} actions/s with the policy (overhead {e['policy_overhead']:.0%})",
                                  e["with_policy_actions_per_s"], "", None))
    s = fig["suite"]
    if s:
        lines.append(f"tonk check, the whole suite in process ({s['cases']} cases; the command's wall time, "
                     "median of 3):")
        lines.append(_row("seconds", s["seconds"], f"<= {t['suite_wall_s']}", s["seconds"] <= t["suite_wall_s"]))
        lines.append(_row("runner's own time per case (ms)", s["per_case_ms"], "", None))
    st = fig["stdio"]
    if st:
        lines.append(f"The same over stdio (tonk serve): {st['stdio_s']:.2f} s vs {st['in_process_s']:.2f} s in "
                     f"process, median of 3; {st['requests']:,} requests, {st['bytes_out'] / 1e6:.2f} MB out, "
                     f"{st['bytes_back'] / 1e6:.2f} MB back")
        lines.append(_row(f"echo floor, s ({st['round_trip_us']:.0f} us a round trip)", st["echo_floor_s"], "", None))
        lines.append(_row("stdio / (in process + echo floor)", st["floor_ratio"], f"<= {t['stdio_floor_ratio']}",
                          st["floor_ratio"] <= t["stdio_floor_ratio"], "x"))
        lines.append(_row("stdio / in process (the old measure; was <= 1.5)", st["ratio"], "", None, "x"))
    fz = fig["fuzz"]
    if fz:
        lines.append(f"tonk fuzz against tonk serve, seed ruleset ({fz['hands']} hands):")
        lines.append(_row(f"hands/s with its defaults ({fz['jobs']} workers; every seat observed after every "
                          "action, one request each)", fz["stdio_hands_per_s"], "", None))
        lines.append(_row(f"hands/s without observing (--no-observe: one play request a hand; {fz['jobs']} workers)",
                          fz["stdio_unobserved_hands_per_s"], f">= {t['fuzz_hands_per_s']:,}",
                          fz["stdio_unobserved_hands_per_s"] >= t["fuzz_hands_per_s"]))
        lines.append(_row("the same with one worker", fz["stdio_one_worker_hands_per_s"], "", None))
        lines.append(_row("the same with every state traced (--trace)", fz["stdio_traced_hands_per_s"], "", None))
        lines.append(_row("the same in process, one worker", fz["in_process_hands_per_s"], "", None))
    m = fig["memory"]
    if m:
        lines.append(_row("Peak memory of a suite run (RSS, MB)", m["peak_rss_mb"], f"<= {t['peak_rss_mb']}",
                          m["peak_rss_mb"] <= t["peak_rss_mb"]))
    fm = fig.get("fuzz_memory")
    if fm:
        lines.append(f"One process fuzzing {fm['hands']:,} hands with random rulesets, in process "
                     f"({fm['hands_per_s']:,.0f} hands/s; {fm['unmade']} could not be made: a position with no "
                     "legal action); peak RSS (MB) after "
                     + ", ".join(f"{c['hands']:,}: {c['peak_rss_mb']:.0f}" for c in fm["checkpoints"]) + ":")
        lines.append(_row(f"growth of the peak from {fm['first_hands']:,} to {fm['hands']:,} hands",
                          100 * fm["growth"], f"<= {t['fuzz_memory_growth']:.0%}",
                          fm["growth"] <= t["fuzz_memory_growth"], "%"))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if args.profile:
        print(profile_p0(300 if args.quick else 3000))
        return 0
    fig = measure(args.quick, args.only, args.fuzz_memory)
    print(json.dumps(fig, indent=2) if args.json else render(fig))
    return 0
