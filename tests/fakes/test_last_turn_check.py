"""Staged hands for the last turn under ``empty_stock = last_turn`` at online-reem (a 40-card
table), at each seat count: the turn that draws the last stock card, ended by a plain
discard or by a hit, ends the hand, stock out; ended by going out or by a knock, it ends
the hand that way instead.  An engine that plays on after a discard or a hit is caught by
the staged hand of that ending, and the clean fake passes both."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.harness.table.staged import LAST_TURNS, staged_last_turn
from tonk_ref.rulebook.book import load_presets
from tonk_ref.tools import cli

HERE = Path(__file__).resolve().parent


def _check(adapter: str, case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
           ) -> tuple[int, dict[str, Any], str]:
    out = tmp_path / f"{adapter.replace(':', '-')}.json"
    code = cli.main(["check", "--no-progress", "--adapter", adapter, "--rules", "online-reem", "-k", case,
                     "--json", str(out), "--found", str(tmp_path / "found")])
    return code, json.loads(out.read_text(encoding="utf-8")), capsys.readouterr().out


#: How the hand ends when the last turn ends each way.
ENDINGS = {"discard": ("discard", "stock_out"), "hit": ("hit", "stock_out"), "out": ("spread", "reem"),
           "knock": ("knock", "knock_won")}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_way_a_last_turn_ends_ends_the_hand_with_the_stock_drawn_to_its_last_card(players: int) -> None:
    table = load_presets()["online-reem"].ruleset()
    assert set(ENDINGS) == set(LAST_TURNS)
    for way in LAST_TURNS:
        case = staged_last_turn(table, way, players)
        assert case is not None and case.result is not None and case.setup is not None, way
        move, ending = ENDINGS[way]
        seat, last = case.actions[-1]
        assert (seat, last["type"], case.result["ending"]) == (1, move, ending), way
        assert case.setup["players"] == players and case.rules[0] == "STOCK-3"
    assert staged_last_turn(load_presets()["pagat"].ruleset()) is None, "the stock plays on there"


@pytest.mark.parametrize(("fake", "way"), [("last_discard_goes_on", "discard"), ("last_hit_turn_goes_on", "hit")])
def test_the_staged_last_turn_catches_an_engine_that_plays_on_after_it(
        fake: str, way: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))  # house, last_turn
    case_id = f"generated-staged-last-turn-{way}-2p"
    code, report, printed = _check(f"last_turn:{fake}", case_id, tmp_path, capsys)
    assert code == 1, printed[-800:]
    case = next(c for c in report["cases"] if c["id"] == case_id)
    assert case["status"] == "failed" and case["failures"][0]["rule"] == "STOCK-3", case["failures"][:1]
    code, report, printed = _check("house:clean_online_reem", case_id, tmp_path, capsys)
    assert code == 0 and any(c["id"] == case_id and c["status"] == "passed" for c in report["cases"]), printed[-800:]
