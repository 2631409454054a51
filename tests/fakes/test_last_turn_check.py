"""Staged hands for the last turn under ``empty_stock = last_turn`` at online-reem (a 40-card
table): the turn that draws the last stock card, ended by a plain discard or by a hit, ends
the hand, stock out; an engine that plays on after either is caught by the staged hand of
that ending, and the clean fake passes both."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.harness.table.block import LAST_TURNS, staged_last_turn
from tonk_ref.rulebook.book import load_presets
from tonk_ref.tools import cli

HERE = Path(__file__).resolve().parent


def _check(adapter: str, case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
           ) -> tuple[int, dict[str, Any], str]:
    out = tmp_path / f"{adapter.replace(':', '-')}.json"
    code = cli.main(["check", "--no-progress", "--adapter", adapter, "--rules", "online-reem", "-k", case,
                     "--json", str(out), "--found", str(tmp_path / "found")])
    return code, json.loads(out.read_text(encoding="utf-8")), capsys.readouterr().out


def test_each_last_turn_ends_the_hand_stock_out_with_the_stock_drawn_to_its_last_card() -> None:
    table = load_presets()["online-reem"].ruleset()
    for variant in range(len(LAST_TURNS)):
        case = staged_last_turn(table, variant)
        assert case is not None and case.result is not None and case.result["ending"] == "stock_out"
        _, last = case.actions[-1]
        assert last["type"] == ("discard", "hit")[variant]
        assert case.rules[0] == "STOCK-3"
    assert staged_last_turn(load_presets()["pagat"].ruleset()) is None, "the stock plays on there"


@pytest.mark.parametrize(("fake", "variant"), [("last_discard_goes_on", 0), ("last_hit_turn_goes_on", 1)])
def test_the_staged_last_turn_catches_an_engine_that_plays_on_after_it(
        fake: str, variant: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))  # house, last_turn
    case_id = f"generated-staged-last-turn-{variant + 1}"
    code, report, printed = _check(f"last_turn:{fake}", case_id, tmp_path, capsys)
    assert code == 1, printed[-800:]
    case = next(c for c in report["cases"] if c["id"] == case_id)
    assert case["status"] == "failed" and case["failures"][0]["rule"] == "STOCK-3", case["failures"][:1]
    code, report, printed = _check("house:clean_online_reem", case_id, tmp_path, capsys)
    assert code == 0 and any(c["id"] == case_id and c["status"] == "passed" for c in report["cases"]), printed[-800:]
