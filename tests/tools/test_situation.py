"""Described situations: what the description builds (the hands, the spreads, the stock
and the pile, filled the same way under every ruleset), the forms it accepts, and two
real runs of the ``tonk`` console script."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import W7

from tonk_ref.engine.cards import NAMES, pack_mask, parse_card
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.tools._situation import CannotArise, Description, SituationError, play


def names(cards: list[int]) -> list[str]:
    return [NAMES[c] for c in cards]


def test_state_from_a_description() -> None:
    sit = Description(W7)
    hand = sit.start(DEFAULT)
    assert (hand.players, hand.dealer, hand.to_act, hand.stage) == (2, 1, 0, "start")
    assert names(hand.hand(0)) == ["3d", "4d"] and names(hand.hand(1)) == ["3h", "4h"]
    assert [(s.owner, s.kind, names(list(s.cards))) for s in hand.spreads] == [
        (0, "run", ["7c", "8c", "9c"]), (1, "run", ["5s", "6s", "7s"])]
    assert (hand.discard_top, hand.stock_count) == (parse_card("Qs"), 39)
    # every card of the pack is somewhere, once
    everywhere = hand.hand(0) + hand.hand(1) + [c for s in hand.spreads for c in s.cards]
    everywhere += hand.stock() + hand.discard_pile()
    assert sorted(everywhere) == list(range(52))
    # the stock takes the unused cards in code order, the pile the rest under its top
    assert names(hand.stock()[:3]) == ["Ac", "2c", "3c"]
    assert hand.discard_pile()[-1] == parse_card("Qs") and hand.discard_count == 52 - 4 - 6 - 39


def test_the_fill_is_the_same_under_a_smaller_pack() -> None:
    sit = Description("2 players; 0: 3d 4d; 1: 3h 4h; table: 0 [5c 6c 7c], 1 [5s 6s 7s]; discard Qs; stock 20; "
                      "0 knocks")
    small = DEFAULT.replace(deck=40)
    hand = sit.start(small)
    assert names(hand.stock()[:3]) == ["Ac", "2c", "3c"] and hand.stock_count == 20
    assert hand.discard_count == 40 - 4 - 6 - 20
    assert all(pack_mask(40) >> c & 1 for c in hand.discard_pile())


def test_forms_of_the_description() -> None:
    sit = Description("2-player; dealer: 1; seat 0: 10h 2D; 1: a\u2660 4h 5h Jc Qd; table: seat 0 [9c 9d 9h]; "
                      "pile Ks; turn 5; stake 3; seat 0 draws Jh then discards Jh")
    assert sit.hands == [[parse_card("Th"), parse_card("2d")],
                         [parse_card(c) for c in ("As", "4h", "5h", "Jc", "Qd")]]
    assert (sit.dealer, sit.stake, sit.turn, sit.to_act) == (1, 3, 5, 0)
    assert [a.text for a in sit.acts] == ["0 draws from the stock (Jh)", "0 discards Jh"]
    p = play(sit, DEFAULT)
    assert p.kind == "goes_on" and p.hand is not None and p.hand.to_act == 1
    assert names(p.hand.hand(0)) == ["2d", "Th"]


def test_named_draws_come_off_the_stock_in_order() -> None:
    sit = Description("2 players; 0: 3d 4d; 1: 3h 4h; table: 0 [5c 6c 7c], 1 [5s 6s 7s]; discard Qs; stock 5; "
                      "0 draws, discards 3d; 1 draws 8h, discards 8h")
    hand = sit.start(DEFAULT)
    assert names(hand.stock()) == ["Ac", "8h", "2c", "3c", "4c"]
    p = play(sit, DEFAULT)
    assert p.kind == "goes_on" and p.hand is not None and p.hand.discard_top == parse_card("8h")


def test_a_take_that_names_another_card_cannot_arise_later() -> None:
    sit = Description("2 players; 0: 3d 4d; 1: 3h 4h; table: 0 [5c 6c 7c], 1 [5s 6s 7s]; discard Qs; "
                      "0 draws, discards 3d; 1 takes Ks")
    p = play(sit, DEFAULT)
    assert p.kind == "cannot_arise" and "the top of the discard pile is 3d" in p.why


def test_too_many_cards_for_the_stock() -> None:
    sit = Description("2 players; 0: 3d 4d; 1: 3h 4h; table: 0 [5c 6c 7c], 1 [5s 6s 7s]; discard Qs; stock 45; "
                      "0 knocks")
    with pytest.raises(CannotArise, match="the stock holds 45 cards, but only 41 cards"):
        sit.start(DEFAULT)


def test_the_empty_pile_is_the_first_turn_without_an_upcard() -> None:
    sit = Description("2 players; 0: 2c 3c 4d 5d 6h; 1: 7c 8c 9d Th Js; discard none; 0 draws, discards 6h")
    assert sit.first_turn
    with pytest.raises(CannotArise, match="an upcard is turned after the deal"):
        sit.start(DEFAULT)
    p = play(sit, DEFAULT.replace(upcard=False))
    assert p.kind == "goes_on" and p.hand is not None and p.hand.discard_count == 1


def test_errors_name_the_column() -> None:
    with pytest.raises(SituationError, match=r"column 18 \('Kx'\): not a card"):
        Description("2 players; 0: 3d Kx; 1: 3h 4h; 0 knocks")
    with pytest.raises(SituationError, match=r"column 12 \('stake'\): expected the stake, a positive whole number "
                                             r"after it"):
        Description("2 players; stake; 0: 3d 4d; 1: 3h 4h; 0 knocks")
    with pytest.raises(SituationError, match=r"column 18 \('0'\): expected the stake, a positive whole number$"):
        Description("2 players; stake 0; 0: 3d 4d; 1: 3h 4h; 0 knocks")


# ---------------------------------------------------------------------------- the console script


def _tonk() -> list[str]:
    script = Path(sys.executable).with_name("tonk")
    if script.exists():
        return [str(script)]
    found = shutil.which("tonk")
    if found is None:  # pragma: no cover - the package is not installed with its script
        pytest.skip("the tonk console script is not installed")
    return [found]


def test_console_script_judges() -> None:
    done = subprocess.run([*_tonk(), "judge", W7, "--format", "json"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["groups"][0]["net"] == [-3, 3]
    assert doc["options"]["change_the_result"]["knock_tie"]["knocker_wins"] != doc["groups"][0]["group"]


def test_console_script_bad_input() -> None:
    done = subprocess.run([*_tonk(), "judge", "2 players; 0: 3d 4d; 1: 3h 4h 4h; 0 knocks"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "tonk judge: error: situation at column 31 ('4h'): 4h is in two places: seat 1's hand (column 28) and "
        "seat 1's hand; a card is in one place only"]
