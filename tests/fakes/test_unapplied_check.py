"""An action whose answer leaves the hand not as the action says is reported as such: a hit
accepted whose answer passes the turn with the card still in hand fails as "hit accepted,
but the hand is not as it says", naming the card and what the answer changed; the clean fake
of the table passes the same cases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.tools import cli

HERE = Path(__file__).resolve().parent
CAUSE = "hit accepted, but the hand is not as it says"


def _check(adapter: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any], str]:
    out = tmp_path / f"{adapter.replace(':', '-')}.json"
    code = cli.main(["check", "--no-progress", "--adapter", adapter, "--rules", "online-reem", "-k", "hit",
                     "--generated", "0", "--perft-depth", "0", "--json", str(out),
                     "--found", str(tmp_path / "found")])
    return code, json.loads(out.read_text(encoding="utf-8")), capsys.readouterr().out


def test_a_hit_answered_with_the_card_still_in_hand_is_reported_as_such(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))  # house, unapplied
    code, report, printed = _check("unapplied:hit_not_applied", tmp_path, capsys)
    assert code == 1, printed[-800:]
    group = next(g for g in report["groups"] if g["cause"] == CAUSE)
    case = next(c for c in report["cases"] if c["id"] == group["cases"][0])
    failure = next(f for f in case["failures"] if f["cause"] == CAUSE)
    assert "still holds" in failure["message"] and "\nthe answer changed to_act" in failure["message"], failure
    assert "the answer changed to_act" in printed, "what changed instead is shown on the console"
    assert failure["diffs"][0]["field"].startswith("state.hands[")
    assert CAUSE in printed

    code, report, printed = _check("house:clean_online_reem", tmp_path, capsys)
    assert code == 0 and report["counts"]["passed"] > 0, printed[-800:]
