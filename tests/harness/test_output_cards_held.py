"""Cards not held are grouped under the rule about cards held: an engine that accepts a spread
of cards its player does not hold (house.py's ``spread_not_held``) then shows cards twice and
too many cards; those broken invariants follow from the card not held and are grouped under
TURN-11 ("Cards in hand"), not CARD-1 ("One standard deck"), saying which action played it.
The console shows a case failing for several causes once, and no coverage lines for a run of
chosen cases.  In one ``play`` and step by step (tests/fakes/not_held.py) alike."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.tools import cli

FAKES = Path(__file__).resolve().parents[1] / "fakes"
COUNT = "broken invariant: card_count, after a card not held was played"


def _check(adapter: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any], str]:
    out = tmp_path / f"{adapter.replace(':', '-')}.json"
    capsys.readouterr()
    code = cli.main(["check", "--no-progress", "--adapter", adapter, "--rules", "online", "-k",
                     "pack40-knock-first-turn-3-2p", "--generated", "12", "--perft-depth", "0", "--json", str(out),
                     "--found", str(tmp_path / "found")])
    return code, json.loads(out.read_text(encoding="utf-8")), capsys.readouterr().out


@pytest.mark.parametrize("adapter", ["house:spread_not_held", "not_held:spread_not_held_stepwise"])
def test_cards_shown_twice_after_a_card_not_held_are_grouped_under_cards_held(
        adapter: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(FAKES))
    code, report, printed = _check(adapter, tmp_path, capsys)
    assert code == 1, printed[-1500:]
    groups = {g["cause"]: g for g in report["groups"]}
    assert not [g for g in report["groups"] if "CARD-1" in g["rules"]], report["groups"]
    assert groups[COUNT]["rule"] == "TURN-11" and groups[COUNT]["rules"] == ["TURN-11"]
    accepted = groups["spread accepted, expected refusal as not_in_hand"]
    assert set(groups[COUNT]["cases"]) <= set(accepted["cases"])
    case = next(c for c in report["cases"] if c["id"] == groups[COUNT]["cases"][0])
    assert case["cause"] == "spread accepted, expected refusal as not_in_hand", "the first cause stays first"
    failure = next(f for f in case["failures"] if f["cause"] == COUNT)
    said = failure["message"].splitlines()[-1]
    assert said.startswith("after ") and said.endswith("(TURN-11, cards in hand)"), failure
    if "stepwise" in adapter:  # the state before the spread is known: the cards are named
        assert re.search(r"seat \d played (\w\w ?)+ without holding", said), said
    # each failing case once on the console; a cause whose cases are shown points at one
    headers = [line.split()[1] for line in printed.splitlines() if line.startswith("FAIL ")]
    assert len(headers) == len(set(headers)), headers
    assert f"({COUNT}: as " in printed
    assert "coverage" not in printed, "a run of chosen cases has no coverage lines"


def test_the_clean_fake_passes_the_same_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(FAKES))
    code, report, printed = _check("house:clean_online", tmp_path, capsys)
    assert code == 0 and report["counts"]["passed"] > 12, printed[-800:]
