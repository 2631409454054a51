"""Round trips per second over stdio (run on demand, not a test):

    python tests/adapters/bench_stdio.py [--seconds 3] [--cmd "tonk serve"]

Records 200 random hands in process (a random player that knocks rarely), then replays
them against the engine over stdio: ``act`` one round trip per action, ``state``, and
``play`` of a whole hand (with and without ``trace``).  Prints round trips per second,
the wall time of one, and the CPU time the client and the engine spent on it (the CPU
figures are steadier than the wall clock on a busy machine).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import protokit

from tonk_ref.adapters.inprocess import reference
from tonk_ref.adapters.stdio_client import StdioAdapter


def cpu_of(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def record(hands: int, seed: int) -> list[tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]]:
    rng = random.Random(seed)
    ref = reference()
    games = []
    for _ in range(hands):
        setup = protokit.setup(rng, ruleset={})
        state = ref.new_hand(setup)
        actions: list[tuple[int, dict[str, Any]]] = []
        while state["stage"] != "over":
            legal = ref.legal_actions()
            others = [a for a in legal if a["type"] != "knock"]
            action = rng.choice(others if others and rng.random() > 0.05 else legal)
            actions.append((state["to_act"], action))
            state = ref.act(state["to_act"], action)
        games.append((setup, actions))
    return games


def measure(name: str, adapter: StdioAdapter, seconds: float, run: Callable[[], int], unit: str) -> None:
    pid = adapter.pid
    assert pid is not None
    n = 0
    c0, e0, t0 = own_cpu(), cpu_of(pid), time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        n += run()
    wall = time.perf_counter() - t0
    client, engine = own_cpu() - c0, cpu_of(pid) - e0
    print(
        f"{name:<28} {n / wall:>9,.0f} {unit}/s   {wall / n * 1e6:>7.0f} us wall"
        f"   client {client / n * 1e6:>6.0f} us cpu   engine {engine / n * 1e6:>6.0f} us cpu"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--cmd", default=shlex.join(protokit.SERVE))
    args = parser.parse_args()
    games = record(200, 7)
    n_actions = sum(len(a) for _, a in games)
    print(
        f"{len(games)} hands, {n_actions / len(games):.1f} actions per hand; engine: {args.cmd}; {os.cpu_count()} cpus"
    )
    with StdioAdapter(args.cmd, timeout=30) as a:
        a.hello()

        def acts() -> int:
            n = 0
            for setup, actions in games[:20]:
                a.new_hand(setup)
                for seat, action in actions:
                    a.act(seat, action)
                n += 1 + len(actions)
            return n

        def states() -> int:
            for _ in range(100):
                a.state()
            return 100

        def plays(trace: bool) -> Callable[[], int]:
            def run() -> int:
                for setup, actions in games[:20]:
                    a.play(setup, actions, trace)
                return 20

            return run

        measure("act (and new_hand)", a, args.seconds, acts, "round trips")
        measure("state", a, args.seconds, states, "round trips")
        measure("play, whole hand", a, args.seconds, plays(False), "hands")
        measure("play, whole hand, trace", a, args.seconds, plays(True), "hands")
        ref = reference()
        t0 = time.perf_counter()
        n = 0
        while time.perf_counter() - t0 < args.seconds:
            for setup, actions in games[:20]:
                ref.play(setup, actions)
            n += 20
        print(f"{'in process play (no stdio)':<28} {n / (time.perf_counter() - t0):>9,.0f} hands/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
