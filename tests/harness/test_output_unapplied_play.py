"""An action whose answer leaves the hand not as the action says is reported as such by an engine
that declares ``play`` too (its cases are sent in one request, with no state between actions):
a hit that passes the turn with the card still in hand (tests/fakes/unapplied_play.py) fails as
"hit accepted, but the hand is not as it says" at the hit, with what the answer changed, for
every case whose later states show the card still held; the hands that then differ follow it.
The clean fake of the table passes the same cases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.tools import cli

FAKES = Path(__file__).resolve().parents[1] / "fakes"
CAUSE = "hit accepted, but the hand is not as it says"


def _check(adapter: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any], str]:
    out = tmp_path / f"{adapter.replace(':', '-')}.json"
    capsys.readouterr()
    code = cli.main(["check", "--no-progress", "--adapter", adapter, "--rules", "online-reem", "-k", "hit",
                     "--generated", "0", "--perft-depth", "0", "--json", str(out)])
    return code, json.loads(out.read_text(encoding="utf-8")), capsys.readouterr().out


def test_an_unapplied_hit_is_found_in_one_play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(FAKES))
    code, report, printed = _check("unapplied_play:hit_not_applied_played", tmp_path, capsys)
    assert code == 1, printed[-1500:]
    groups = {g["cause"]: g for g in report["groups"]}
    assert report["groups"][0]["cause"] == CAUSE, report["groups"][0]
    hands = groups["hands"]
    assert set(hands["cases"]) <= set(groups[CAUSE]["cases"]), (hands["cases"], groups[CAUSE]["cases"])
    case = next(c for c in report["cases"] if c["id"] == "hit-before-drawing-2p")
    assert case["cause"] == CAUSE, case["failures"]
    failure = case["failures"][0]
    assert failure["text"] == "1 hit 7s 0" and failure["diffs"][0]["field"] == "state.hands[1]"
    assert "\nthe answer changed to_act 1 -> 0" in failure["message"], failure["message"]
    assert "the answer changed to_act" in printed

    code, report, printed = _check("house:clean_online_reem", tmp_path, capsys)
    assert code == 0 and report["counts"]["passed"] > 40, printed[-800:]
