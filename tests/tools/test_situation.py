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
from runkit import W7

from tonk_ref.engine.cards import NAMES, pack_mask, parse_card
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.spec.situation import CannotArise, Description, SituationError, play


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
    assert [a.text for a in sit.acts] == ["0 draw stock (Jh)", "0 discard Jh"]
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


# ---------------------------------------------------------------------------- parsing that fails cleanly


@pytest.mark.parametrize(
    ("situation", "expected"),
    [
        ("99999999999999999999 players; 0: Ah 2d 3d 5c 6c; 1: 2h 5h 4h 8s 9s; discard Qs; 0 knocks",
         "column 1 ('99999999999999999999'): a hand has at most 6 players"),
        ("7 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s; 0 knocks", "column 1 ('7'): a hand has at most 6 players"),
        ("9-players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s; 0 knocks", "a hand has at most 6 players"),
        ("1 player; 0: 4c 9d Jh 2s 3d; 0 knocks", "expected the number of players, 2 or more"),
        ("2 players; 99999999999999999999: Ah 2d; 1: 2h 5h; discard Qs; 0 knocks",
         "seat 99999999999999999999 does not exist: no ruleset seats more than 6 players"),
        ("0: Ah 2d; 6: 2h 5h; discard Qs; 0 knocks", "column 11 ('6'): seat 6 does not exist"),
        ("2 players; 0: Ah 2d; 1: 2h 5h; discard Qs; 12345678901234567890 knocks", "seat 12345678901234567890 does"),
        ("2 players, dealer 99999999999; 0: Ah 2d; 1: 2h 5h; discard Qs; 0 knocks", "seat 99999999999 does not"),
        ("2 players; 0: Ah 2d; 1: 2h 5h; table: 88888888888888 [5c 6c 7c]; discard Qs; 0 knocks",
         "seat 88888888888888 does not exist"),
        ("2 players; 0: Ah 2d; 1: 2h 5h; discard Qs; stock 100000000000000000; 0 knocks", "no pack holds that many"),
        ("2 players; 0: Ah 2d; 1: 2h 5h; table: 0 [5c 6c 7c]; discard Qs; 0 draws, hits 2d on 99999999",
         "no table holds that many spreads"),
        ("2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s; table: 1 [5c 6c 7c]; discard Qs; 0 draws 7d, knocks discarding",
         "column 93 ('discarding'): 'discarding' needs the card discarded"),
        ("2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s 9s 3h Kh; discard Qs; 0 knocks then then",
         "column 76 ('then'): nothing between 'then' and 'then'"),
        ("2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s 9s 3h Kh; discard Qs; 0 knocks then",
         "column 71 ('then'): 'then' is not followed by an action"),
        ("2 players; 0: 4c 9d Jh 2s 3d;; 1: 2h 8s 9s 3h Kh; discard Qs; 0 knocks", "nothing between ';' and ';'"),
        ("; 2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s 9s 3h Kh; discard Qs; 0 knocks", "nothing before ';'"),
        ("2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s 9s 3h Kh; discard Qs; 0 knocks the", "column 71 ('the')"),
        ("2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s 9s 3h Kh; discard Qs; 0 draws from the stock discard",
         "a draw is from the stock or from the discard pile, not both"),
        ("2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s 9s 3h Kh; discard Qs; 0 draws, discards the 4c 9d",
         "a discard names one card"),
    ],
)
def test_bad_descriptions_fail_with_one_line(situation: str, expected: str) -> None:
    with pytest.raises(SituationError) as e:
        Description(situation)
    assert expected in str(e.value)
    assert "\n" not in str(e.value)


def test_huge_numbers_fail_fast_in_the_console_script() -> None:
    """A player count or a seat of twenty digits is refused before anything is built,
    by judge and by explain alike (one line, exit 2, no traceback)."""
    for command in ("judge", "explain"):
        for text in ("99999999999999999999 players; 0: Ah 2d 3d 5c 6c; 1: 2h 5h 4h 8s 9s; discard Qs; 0 knocks",
                     "2 players; 0: Ah 2d 3d 5c 6c; 99999999999999999999: 2h 5h 4h 8s 9s; discard Qs; 0 knocks"):
            done = subprocess.run([*_tonk(), command, text], capture_output=True, text=True, timeout=60)
            assert done.returncode == 2, done.stderr
            assert done.stdout == "" and "Traceback" not in done.stderr
            assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith(f"tonk {command}: error: ")


def test_the_action_notation_is_accepted_and_printed() -> None:
    """The situation grammar accepts the project's action notation as well as English verbs,
    and prints every action in the notation."""
    english = Description("2 players; 0: 3d 4d 5c; 1: 3h 4h 9s; table: 0 [6c 7c 8c]; discard Qs; "
                          "0 draws 5d, hits 5c on 0, discards 3d; 1 takes the discard, discards 9s; 0 knocks")
    notation = Description("2 players; 0: 3d 4d 5c; 1: 3h 4h 9s; table: 0 [6c 7c 8c]; discard Qs; "
                           "0 draw stock 5d, 0 hit 5c 0, 0 discard 3d; 1 draw discard, 1 discard 9s; 0 knock")
    assert [a.action for a in english.acts] == [a.action for a in notation.acts]
    assert [a.text for a in notation.acts] == ["0 draw stock (5d)", "0 hit 5c 0", "0 discard 3d", "1 draw discard",
                                               "1 discard 9s", "0 knock"]
    knock = Description("2 players; 0: 3d 4d; 1: 3h 4h; table: 0 [6c 7c 8c], 1 [5s 6s 7s]; discard Qs; "
                        "0 draw stock, 0 knock 3d")
    assert knock.acts[1].text == "0 knock 3d"
    spread = Description("2 players; 0: 3d 4d Kc Kh; 1: 3h 4h; table: 1 [5s 6s 7s]; discard Qs; "
                         "0 draw stock Kd, 0 spread Kc Kd Kh")
    assert spread.acts[1].text == "0 spread Kc Kd Kh"


def test_unnamed_stock_cards_are_the_same_under_every_pack() -> None:
    """The stock fills with the cards every pack holds first, so a pack option changes a
    described situation only through the cards the description names."""
    sit = Description("2 players; 0: Ac 2c 3c 4c 5c; 1: 6c 7c; table: 1 [Kc Kh Ks]; discard Qs; "
                      "0 draws, discards 4c")
    for rules in (DEFAULT, DEFAULT.replace(deck=40), DEFAULT.replace(jokers=2), DEFAULT.replace(deck=40, jokers=2)):
        p = play(sit, rules)
        assert p.kind == "goes_on" and p.hand is not None
        drawn = next(e.data for e in p.hand.events if e.kind == "draw")
        assert NAMES[drawn] == "Jc", rules.changes()
