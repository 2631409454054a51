"""Described situations: what the description builds (the hands, the spreads, the stock
and the pile, filled the same way under every ruleset), the forms it accepts, and two
real runs of the ``tonk`` console script."""

from __future__ import annotations

import itertools
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from runkit import W7

from tonk_ref.engine.cards import NAMES, pack_mask, parse_card
from tonk_ref.engine.hand import compiled
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.engine.spreads import holds_spread_with
from tonk_ref.rulebook.situation import CannotArise, Description, SituationError, play


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
        "tonk judge: error: situation at column 31 ('4h'): 4h is given twice in seat 1's hand (columns 28 and 31); "
        "a card is in one place only, so leave one out"]


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


# ---------------------------------------------------------------------------- names, hands not shown, totals

NAMED = ("3 players, dealer 2; names Ann Bob Cy; Ann: 3d 4d 5c 9h Th; Bob: total 12; Cy: not shown; "
         "table: none; discard Qs; Ann knocks")


def test_names_stand_for_seats_everywhere() -> None:
    sit = Description("names Ann Bob Cy; dealer Cy; Ann: 3d 4d; Bob: 3h 4h; cy: 5c 6d 9s Jd Jh; "
                      "table: Ann [7c 8c 9c], BOB [5s 6s 7s]; discard Qs; Bob to act; Bob draws 8s, hits 8s on Bob's "
                      "run, discards 3h; Cy draws 6c, hits 6c on Ann's, discards 9s; Ann knocks")
    assert sit.names == ("Ann", "Bob", "Cy") and sit.players == 3
    assert (sit.dealer, sit.to_act) == (2, 1)
    assert [o for o, _ in sit.table] == [0, 1]
    assert [a.text for a in sit.acts] == ["1 draw stock (8s)", "1 hit 8s 1", "1 discard 3h", "2 draw stock (6c)",
                                          "2 hit 6c 0", "2 discard 9s", "0 knock"]
    assert sit.seat_name(1) == "Bob" and Description(W7).seat_name(1) == "seat 1"
    doc = sit.to_json()
    assert doc["names"] == ["Ann", "Bob", "Cy"] and doc["hidden"] == [] and doc["totals"] == {}
    assert Description(W7).to_json()["names"] is None
    assert play(sit, DEFAULT).kind == "ended"
    accents = Description("names Zo\u00eb Jos\u00e9; ZO\u00cb: 3d 4d 5d 6d 7d; jos\u00e9: not shown; discard Qs; "
                          "Zo\u00eb knocks")
    assert accents.names == ("Zo\u00eb", "Jos\u00e9") and accents.hidden == frozenset({1})


def test_a_hit_names_the_spread_by_its_owner() -> None:
    table = "3 players; 0: 4c 3h; 1: 2h 8s; 2: Kd; table: 1 [5c 6c 7c], 0 [Js Qs Ks], 1 [9h 9d 9c]; discard Qh; "
    assert Description(table + "0 hits 3h on 0's").acts[0].action.spread == 1
    assert Description(table + "0 hits 4c on 1's run").acts[0].action.spread == 0
    assert Description(table + "0 hits 9s on 1's book").acts[0].action.spread == 2
    assert Description(table + "0 hits 9s on 1's set").acts[0].action.spread == 2
    laid = Description(table + "2 spreads Kd Kc Kh; 0 hits 4c on 2's").acts[1].action
    assert laid.spread == 3  # a spread laid by an earlier action counts
    with pytest.raises(SituationError, match=r"column 113 \('1'\): seat 1 owns 2 spreads: say on spread 0 or 2$"):
        Description(table + "0 hits 4c on 1's")
    with pytest.raises(SituationError, match=r"seat 2 owns no spread on the table: the spreads are 0 \(seat 1's\), "
                                             r"1 \(seat 0's\), 2 \(seat 1's\)"):
        Description(table + "0 hits 4c on 2's run")


def test_a_hit_on_a_spread_that_does_not_exist_is_an_error_that_suggests_the_seat_s() -> None:
    base = "2 players; names Ann Bob; Ann: 4c 9d; Bob: 2h 8s 9s; table: Bob [5c 6c 7c]; discard Qs; Ann draws 2d, "
    with pytest.raises(SituationError) as e:
        Description(base + "hits 4c on 1")
    assert str(e.value) == ("situation at column 114 ('1'): there is no spread 1: only spread 0 is on the table; "
                            "did you mean on Bob's run (spread 0)?")
    assert Description(base + "hits 4c on Bob's run").acts[1].action.spread == 0
    assert Description(base + "hits 4c on bob").acts[1].action.spread == 0
    with pytest.raises(SituationError, match=r"column 102 \('2'\): there is no spread 2: the spreads on the table are "
                                             r"numbered 0 to 1; did you mean one of seat 2's spreads, 0 or 1\?$"):
        Description("3 players; 0: 4c 3h; 1: 2h 8s 5d; 2: Kd; table: 2 [5c 6c 7c], 2 [9h 9d 9c]; discard Qh; "
                    "0 hits 4c on 2")
    # a number that is no seat with a spread is a hit the rules refuse, a verdict (HIT-1, SPREAD-5)
    for text in ("2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s; table: 1 [5c 6c 7c]; discard Qs; 0 draws 2d, hits 4c on 3",
                 "2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s 9s Kh Kd; discard Qs; 0 draws 2d, hits 4c on 0"):
        p = play(Description(text), DEFAULT)
        assert p.kind == "refused" and p.error is not None and p.error.reason == "no_such_spread"


def test_a_hidden_hand_is_filled_with_cards_that_make_no_spread_and_hit_nothing() -> None:
    sit = Description("3 players, dealer 2; names Ann Bob Cy; Ann: 3d 4d; Bob: not shown; Cy: 2c 3c; "
                      "table: Ann [5c 6c 7c], Bob [4s 5s 6s], Cy [Kh Kd Kc]; discard Qs; Ann draws, discards 3d")
    assert sit.hidden == frozenset({1}) and sit.to_json()["hands"] == [["3d", "4d"], None, ["2c", "3c"]]
    rulesets = [DEFAULT, DEFAULT.replace(deck=40), DEFAULT.replace(deuces_wild=True, jokers=2),
                DEFAULT.replace(ace="low_or_high"), DEFAULT.replace(face_values="11-12-13"),
                DEFAULT.replace(forced_spreads=True)]
    fills = set()
    for rules in rulesets:
        p = play(sit, rules)
        assert p.kind == "goes_on", (rules.changes(), p.why)
        assert p.hand is not None
        bob = tuple(p.hand.hand(1))
        assert sorted(p.filled[1]) == sorted(bob) and len(bob) == 2  # 5 dealt, 3 laid
        fills.add(p.filled[1])
        hand = sit.start(rules)
        for c in bob:
            assert c % 13 not in (1, 7, 8, 9) and c < 52  # no deuce, no card the 40-card pack lacks
            assert all(sp.with_card(c, compiled(rules).geometry) is None for sp in hand.spreads)
        assert len({c % 13 for c in bob}) == len(bob)
    assert len(fills) == 1  # the same cards under every ruleset
    assert names(list(fills.pop())) == ["Qh", "Jd"]  # the highest left: the Ks is in a book, Qs on the pile


def test_a_hand_given_by_its_total_counts_it_under_each_ruleset() -> None:
    sit = Description(NAMED)
    assert sit.totals == {1: 12} and sit.hidden == frozenset({2})
    doc = sit.to_json()
    assert doc["hands"][1:] == [None, None] and doc["hidden"] == [2] and doc["totals"] == {"1": 12}
    for rules in (DEFAULT, DEFAULT.replace(face_values="11-12-13"), DEFAULT.replace(deuces_wild=True)):
        p = play(sit, rules)
        assert p.kind == "ended" and p.hand is not None and p.hand.result is not None
        assert p.hand.result.totals[1] == 12 and len(p.filled[1]) == 5
        assert p.hand.result.totals[2] > 31  # a hand not shown counts high: not the lowest at a knock
        said = sit.filled_words(p.filled)
        assert said[0].startswith("Bob's hand, said to count 12, was taken as ")
        assert said[1] == "Cy's hand, not shown, was taken as " + " ".join(names(list(p.filled[2])))
    faces = Description("2 players; names Ann Bob; Ann: 3d 4d 5c 9h Th; Bob: total 45; discard Qs; Ann knocks")
    ten, eleven = (play(faces, DEFAULT.replace(face_values=f)) for f in ("10-10-10", "11-12-13"))
    assert ten.hand and eleven.hand and ten.hand.result and eleven.hand.result
    assert ten.hand.result.totals[1] == eleven.hand.result.totals[1] == 45
    assert ten.filled != eleven.filled  # a face counts 10 or 11-13: chosen per ruleset
    too_low = play(Description("2 players; 0: 3d 4d 5c 9h Th; 1: total 5; discard Qs; 0 knocks"), DEFAULT)
    assert too_low.kind == "cannot_arise"
    assert too_low.why == ("seat 1's hand counts 5, but no 5 cards left count 5 here without making a spread or "
                           "hitting one on the table (CARD-4)")


def test_a_hidden_hand_plays_the_cards_its_actions_name() -> None:
    sit = Description("2 players, dealer 0; names Ann Bob; Ann: 3d 4d; Bob: not shown; table: Ann [7c 8c 9c]; "
                      "discard Qs; Bob draws, hits 6c on Ann's run, discards 2h")
    p = play(sit, DEFAULT)
    assert p.kind == "goes_on" and names(list(p.filled[1][:2])) == ["6c", "2h"] and len(p.filled[1]) == 5
    assert {parse_card("6c"), parse_card("2h")} <= set(sit.named)


def test_a_short_hand_is_named_with_the_count_it_should_hold() -> None:
    sit = Description("2 players; names Ann Bob; Ann: 3d 4d 5d 6s 7s; Bob: 3h; discard Qs; Ann knocks")
    with pytest.raises(CannotArise) as e:
        sit.start(DEFAULT)
    assert str(e.value) == ("Bob holds 1 card, not the 5 dealt, or say 'Bob: not shown'; the hands hold 6 cards and "
                            "the table 0, not the 2 x 5 = 10 cards dealt")
    laid = Description("2 players; 0: 3d; 1: 3h 4h 5h 6h 7s; table: 0 [7c 8c 9c]; discard Qs; 0 knocks")
    with pytest.raises(CannotArise, match=r"^seat 0 holds 1 card, not 2 \(5 dealt, 3 laid\), or say '0: not "
                                          r"shown'; the hands hold 6 cards and the table 3"):
        laid.start(DEFAULT)
    both = Description("2 players; 0: 3d 4d; 1: 3h 4h; discard Qs; 0 knocks")
    with pytest.raises(CannotArise, match=r"^seats 0 and 1 hold 2 cards, not the 7 dealt"):
        both.start(DEFAULT.replace(hand_size=7))
    hidden = Description("2 players; 0: not shown; 1: not shown; table: 0 [7c 8c 9c]; discard Qs; 0 knocks")
    for rules, sizes in ((DEFAULT, [2, 5]), (DEFAULT.replace(hand_size=7), [4, 7])):
        assert [len(hidden.start(rules).hand(s)) for s in (0, 1)] == sizes


@pytest.mark.parametrize(
    ("situation", "expected"),
    [
        ("2 players; 0: 3d 4d 1: 3h 4h; discard Qs; 0 knocks",
         "column 21 ('1'): '0: 3d 4d 1:' runs two items together: put ';' before '1:'"),
        ("2 players; 0: 3d 4d 5d 9s Jh; 1: 3h 4h 5h 9c Qh; discard Qs 0 knocks",
         "column 61 ('0'): 'discard Qs 0 knocks' runs two items together: put ';' before '0 knocks'"),
        ("2 players 0: 3d 4d; 1: 3h 4h; 0 knocks", "'2 players 0:' runs two items together: put ';' before '0:'"),
        ("2 players; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c] discard Qs; 0 knocks",
         "'0 [7c 8c 9c] discard' runs two items together: put ';' before 'discard'"),
        ("2 players; 0: 3d 4d 5d; 1: 3h 4h; table: 1 [7c 8c 9c]; discard Qs; 0 knocks 1 draws",
         "'0 knocks 1 draws' runs two items together: put ';' before '1 draws'"),
        ("2 players; 0: 3d 4d 5d; 1: 3h 4h; table: 1 [7c 8c 9c]; discard Qs; 0 draws 6d discards 3d",
         "'0 draws 6d discards' runs two items together: put ';' before 'discards'"),
        ("2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s; table: 1 [5c 6c 7c]; discard Qs; 0 draws 2d, hits 4c on 1 "
         "discards 3d", "'hits 4c on 1 discards' runs two items together: put ';' before 'discards'"),
        ("2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s 9s Kh Kd; discard Qs Kh; 0 knocks",
         "column 61 ('Kh'): expected one card, the top of the discard pile"),
        ("names Ann Bob; Ann: 3d 4d; Cy: 3h; Ann knocks", "'Cy' is not a seat: the names given are Ann, Bob"),
        ("Ann: 3d 4d; Bob: 3h; Ann knocks", "'Ann' is not a seat: seats are numbered from 0, or named in seat order "
         "first, e.g. 'names Ann Bob'"),
        ("names Ann ann; Ann: 3d 4d; ann: 3h; Ann knocks", "two players are named 'ann'"),
        ("names Ann knocks; Ann: 3d 4d; 1: 3h; Ann knocks", "'knocks' is a word of the notation"),
        ("names Ann Qs; Ann: 3d 4d; 1: 3h; Ann knocks", "'Qs' is a card: choose another name"),
        ("names Ann 12; Ann: 3d 4d; 1: 3h; Ann knocks", "a name is not a number"),
        ("2 players; \u00b2: 3d; 1: 3h; 0 knocks", "column 12 ('\u00b2'): expected 'N players'"),  # not 0-9: no crash
        ("names Ann Bobbybobbybobbybobbybob; Ann: 3d 4d; 1: 3h; Ann knocks", "at most 20 characters"),
        ("names Ann; Ann: 3d 4d; 1: 3h; Ann knocks", "give each player a name, in seat order"),
        ("3 players; names Ann Bob; Ann: 3d 4d; 1: 3h; Ann knocks", "3 players but 2 names"),
        ("names Ann Bob; Ann: 3d 4d; Ann knocks", "Bob has no hand: give each of the 2 seats its cards ('Bob: ...', "
         "or 'Bob: not shown')"),
        ("names Ann Bob; Ann: 3d 4d; Bob: 3h; Bob knocks; names Cy Dan", "the names are given twice"),
        ("2 players; 0: 3d 4d; 1: 3h 4d; 0 knocks", "4d is in two places: seat 0's hand (column 18) and seat 1's hand "
         "(column 28); a card is in one place only, so leave one out"),
        ("2 players; 0: 3d 4d 3d; 1: 3h 4h; 0 knocks", "3d is given twice in seat 0's hand (columns 15 and 21)"),
        ("2 players; 0: 3d 4d; 1:; 0 knocks", "seat 1 holds no cards: a player without cards has gone out (say "
         "'1: not shown' for a hand that does not matter)"),
        ("2 players; 0: 3d 4d; 1: total; 0 knocks", "expected a number, the hand's total (e.g. 'total 12'), after it"),
        ("2 players; 0: 3d 4d; 1: not shown now; 0 knocks", "column 35 ('now'): unexpected words"),
        ("names Ann Bob Cy; Ann: 4c; Bob: 2h 8s; Cy: Kd; table: Bob [5c 6c 7c]; discard Qh; Ann hits 4c on Dan's run",
         "no name 'Dan' at this table"),
        ("names Ann Bob Cy; Ann: 4c; Bob: 2h 8s; Cy: Kd; table: Bob [5c 6c 7c]; discard Qh; Ann hits 4c on Bob's ace",
         "expected 'on Bob's run' or 'on Bob's book' here"),
    ],
)
def test_mistakes_are_named_in_one_sentence(situation: str, expected: str) -> None:
    with pytest.raises(SituationError) as e:
        Description(situation)
    assert expected in str(e.value)
    assert "\n" not in str(e.value)
    at = re.match(r"situation at column (\d+)", str(e.value))  # the column, for a page to point at
    assert e.value.column == (int(at.group(1)) if at else None)


@pytest.mark.parametrize("table", [
    "table: 0 [7c 8c 9c], 1 [5s 6s 7s]",
    "table: 0 [Qh Kh Ah], 1 [4d 5d 6d]",
    "table: 0 [2c 5h 6h], 1 [Jc Jd Js]",
    "table: 0 [X1 Ks Qs], 1 [3c 3d 3h]",
])
def test_a_hand_not_shown_makes_no_spread_and_hits_none_under_any_ruleset(table: str) -> None:
    """Under every pack, ace, wild card and hand size a table may play, the cards taken for
    a hand not shown are cards the description leaves free, hold no spread with the cards
    the seat plays or draws, and fit no spread on the table."""
    sit = Description(f"3 players, dealer 2; 0: not shown; 1: 7h Jh; 2: not shown; {table}; discard 4s; "
                      "0 draws, discards 4s")
    seen = 0
    for deck, jokers, wild, ace, faces, size in itertools.product(
            (52, 40), (0, 2), (False, True), ("low", "low_or_high"), ("10-10-10", "11-12-13"), (5, 7)):
        rules = DEFAULT.replace(deck=deck, jokers=jokers, deuces_wild=wild, ace=ace, face_values=faces, hand_size=size)
        try:
            hand = sit.start(rules)
        except CannotArise as e:
            assert any(w in str(e) for w in ("not a spread under", "has no", "there are no", "seat 1 holds")), e
            continue
        seen += 1
        g = compiled(rules).geometry
        filled = sit.filled(rules)
        drawn = hand.stock()[0]
        for s, cards in filled.items():
            assert not set(cards) & set(sit.named) and len(cards) == len(hand.hand(s))
            assert sorted(cards) == sorted(hand.hand(s))
            mask = sum(1 << c for c in (*cards, *([drawn] if s == 0 else [])))
            assert not any(holds_spread_with(mask, c, g) for c in cards), (rules.changes(), names(list(cards)))
            assert all(sp.with_card(c, g) is None for sp in hand.spreads for c in cards), names(list(cards))
    assert seen >= 8
