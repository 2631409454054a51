"""``tonk bench``: the quick run gives every figure, the policies play by their rules, and
the text names each target.  (Benchmarks are not pass/fail: no figure is checked against
its target here.)"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.engine.actions import DRAW, KNOCK, SPREAD, Action
from tonk_ref.engine.cards import DECK_SIZE
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.engine.spreads import make_spread
from tonk_ref.tools import bench
from tonk_ref.tools.cli import main


@cache
def quick_json() -> dict[str, Any]:
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["bench", "--quick", "--json"]) == 0
    data: dict[str, Any] = json.loads(buf.getvalue())
    return data


def test_the_quick_json_has_every_figure_as_a_positive_number() -> None:
    data = quick_json()
    assert data["quick"] is True
    missing = []
    for path in bench.FIGURES:
        node: Any = data
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        if not isinstance(node, int | float) or isinstance(node, bool) or (node <= 0 and path[-1] != "policy_overhead"):
            missing.append(("/".join(path), node))
    assert not missing, missing
    assert data["targets"] == bench.TARGETS


def test_the_text_report_names_every_target() -> None:
    text = bench.render(quick_json())
    for needle in ("P0 2p validated actions/s", "P1 3p validated actions/s", ">= 1,000,000", ">= 200,000",
                   "<= 0.8", "<= 1.25", "echo floor", "the old measure", ">= 1,500", "<= 150", "Peak memory"):
        assert needle in text, needle
    assert ("runs from compiled bytecode" in text) != ("runs from source" in text)


def test_the_report_says_which_build_of_the_engine_ran() -> None:
    from tonk_ref.engine.build import COMPILED_MODULES, compiled_modules

    data = quick_json()["engine_build"]
    assert data["compiled_modules"] == compiled_modules()
    assert set(data["compiled_modules"]) <= set(COMPILED_MODULES)
    assert data["build"] == {0: "pure Python", len(COMPILED_MODULES): "compiled"}.get(
        len(data["compiled_modules"]), "partly compiled")
    text = bench.render(quick_json())
    assert f"The engine build: {data['build']} (" in text


def play(policy: str, players: int, seed: int) -> tuple[Hand, list[tuple[int, Action]]]:
    rng = random.Random(seed)
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    h = Hand(deck, players, 0, 1, DEFAULT)
    moves: list[tuple[int, Action]] = []
    bench.POLICIES[policy](h, rng, moves)
    return h, moves


@pytest.mark.parametrize("players", [2, 3])
def test_p0_only_draws_from_the_stock_and_discards_until_the_stock_runs_out(players: int) -> None:
    for seed in range(20):
        h, moves = play("P0", players, seed)
        assert h.is_over
        assert h.result is not None and h.result.ending in ("stock_out", "dealt_tonk", "dealt_draw")
        kinds = {a.type for _, a in moves}
        assert kinds <= {"draw", "discard"}
        assert all(a.source == "stock" for _, a in moves if a.type == DRAW)
        if h.result.ending == "stock_out":
            assert h.stock_count == 0 and moves[-1][1].type == DRAW


def test_p1_knocks_low_and_lays_the_first_spread() -> None:
    knocked = spread = 0
    for seed in range(200):
        h, moves = play("P1", 3, seed)
        assert h.is_over
        for _, a in moves:
            if a.type == KNOCK:
                knocked += 1
                res = h.result
                assert res is not None and res.totals is not None and res.knocker is not None
                assert res.totals[res.knocker] <= 5
            if a.type == SPREAD:
                spread += 1
                assert make_spread(0, a.cards) is not None
    assert spread > 0


def test_first_spread_finds_books_then_runs() -> None:
    def mask(*cards: int) -> int:
        return sum(1 << c for c in cards)

    assert bench.first_spread(mask(0, 13, 26, 5)) == [0, 13, 26]  # three aces
    assert bench.first_spread(mask(3, 4, 5, 20)) == [3, 4, 5]  # 4c 5c 6c
    assert bench.first_spread(mask(3, 4, 6, 20)) is None


def test_bytecode_counts_as_fresh_only_a_pyc_this_python_would_load(tmp_path: Path) -> None:
    import os
    import py_compile

    src = tmp_path / "m.py"
    src.write_text("x = 1\n")
    assert not bench.fresh_bytecode(src)
    py_compile.compile(str(src), doraise=True)
    assert bench.fresh_bytecode(src)
    src.write_text("x = 22\n")  # the source changed: the .pyc is stale
    os.utime(src, (1, 1))
    assert not bench.fresh_bytecode(src)
    data = quick_json()["bytecode"]
    assert 0 <= data["compiled"] <= data["modules"] and data["modules"] > 50
    assert "compileall" in data["command"]


def test_the_fuzz_memory_child_reports_each_tenth(capsys: pytest.CaptureFixture[str]) -> None:
    bench.fuzz_memory_child(20, points=4)
    points = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [p["hands"] for p in points] == [5, 10, 15, 20]
    assert all(p["peak_rss_kib"] > 0 for p in points)
    assert points == sorted(points, key=lambda p: p["seconds"])
