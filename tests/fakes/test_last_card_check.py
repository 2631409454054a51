"""A staged hand for the last card hit at a table where a hit ends the turn: at online-reem
the generated block holds a hit that empties the hand, which must end it (a tonk out); an
engine that only ends the turn there is caught, and the clean fake passes it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.harness.table.staged import staged_last_card_hit
from tonk_ref.rulebook.book import load_presets
from tonk_ref.tools import cli

HERE = Path(__file__).resolve().parent
CASE = "generated-staged-last-card-hit-2p"


def _check(adapter: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any], str]:
    out = tmp_path / f"{adapter.replace(':', '-')}.json"
    code = cli.main(["check", "--no-progress", "--adapter", adapter, "--rules", "online-reem", "-k", CASE,
                     "--json", str(out), "--found", str(tmp_path / "found")])
    return code, json.loads(out.read_text(encoding="utf-8")), capsys.readouterr().out


def test_the_staged_last_card_hit_ends_the_hand_only_where_a_hit_ends_the_turn() -> None:
    case = staged_last_card_hit(load_presets()["online-reem"].ruleset())
    assert case is not None and case.result is not None
    assert case.result["ending"] == "tonk_out" and case.result["winners"] == [0]
    assert case.actions[-1] == (0, {"type": "hit", "card": "3c", "spread": 0})
    assert case.rules[:2] == ("OUT-1", "VAR-HITEND-1")
    assert staged_last_card_hit(load_presets()["pagat"].ruleset()) is None, "a hit does not end the turn there"


def test_the_staged_last_card_hit_catches_an_engine_whose_last_hit_ends_only_the_turn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))  # house, last_card
    code, report, printed = _check("last_card:last_hit_goes_on", tmp_path, capsys)
    assert code == 1, printed[-800:]
    case = next(c for c in report["cases"] if c["id"] == CASE)
    assert case["status"] == "failed" and case["failures"][0]["rule"] == "OUT-1", case["failures"][:1]
    code, report, printed = _check("house:clean_online_reem", tmp_path, capsys)
    assert code == 0 and any(c["id"] == CASE and c["status"] == "passed" for c in report["cases"]), printed[-800:]
