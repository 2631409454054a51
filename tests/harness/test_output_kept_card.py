"""A hit that keeps its card in the hand as well as on the spread (tests/fakes/combined.py, also
locking its own player's knock) fails first as the hit not done, in one ``play`` too, even where
a later action stops the case; the cards then counted twice and too many follow from it and are
grouped by it under its rule, not under CARD-1; the knock refused later still counts, second."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tonk_ref.tools import cli

FAKES = Path(__file__).resolve().parents[1] / "fakes"
LOCKED = "house-var-hit-lock-own-spread-hit-ends-turn-2p"
CASES = f"{LOCKED} or house-hit-ends-turn-true-hit-leaves-the-taken-card-2p"
HIT = "hit accepted, but the hand is not as it says"


def test_cards_counted_twice_after_a_kept_card_are_grouped_by_the_hit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(FAKES))  # house, combined
    out = tmp_path / "r.json"
    capsys.readouterr()
    code = cli.main(["check", "--no-progress", "--adapter", "combined:hit_own_keeps_and_locks", "--rules",
                     "online-reem", "-k", CASES, "--generated", "0", "--perft-depth", "0", "--json", str(out)])
    printed = capsys.readouterr().out
    assert code == 1, printed
    report = json.loads(out.read_text(encoding="utf-8"))
    groups = {g["cause"]: g for g in report["groups"]}
    assert report["groups"][0]["cause"] == HIT and groups[HIT]["count"] == 2, report["groups"]
    assert not [g for g in report["groups"] if "CARD-1" in g["rules"]], report["groups"]
    twice = groups["broken invariant: card_twice, after an action kept a card it played"]
    assert "CARD-1" not in twice["rules"] and len(twice["cases"]) == 2, twice
    locked = next(c for c in report["cases"] if c["id"] == LOCKED)
    causes = [f["cause"] for f in locked["failures"]]
    assert locked["cause"] == HIT and causes.index(HIT) < causes.index(
        "knock refused as hit_lock, expected acceptance"), causes
    first = locked["failures"][0]
    assert first["text"] == "0 hit 4h 0" and "the answer changed to_act 0 -> 1" in first["message"], first
