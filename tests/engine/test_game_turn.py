"""Sections GAME, CARD, STAKE and TURN: players and seats, cards and values, the stake,
and the shape of a turn.  (Refused actions are in test_illegal.py.)"""

from __future__ import annotations

import pytest
from enginekit import action, assert_illegal, cards, deal, laid, play

from tonk_ref.engine.actions import IllegalAction
from tonk_ref.engine.cards import NAMES, CardError, full_deck, parse_card
from tonk_ref.engine.hand import Hand, SetupError
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.engine.serialize import action_from_json

rule = pytest.mark.rule

B_HAND = "Td Tc 9s 9h 6d"


# --- GAME ------------------------------------------------------------------------------------
@rule("GAME-1")
def test_the_hand_is_won_by_going_out_or_by_the_lowest_total() -> None:
    h = deal(["5h 6h 7h 9c 9d", "Td Tc 8s 8h 6d"], dealer=1, stock="9s")
    play(h, "A draw stock", "A spread 5h 6h 7h", "A spread 9c 9d 9s")
    assert h.result is not None and h.result.winners == (0,) and h.hand(0) == []
    h = laid(["2c 3c", "4h Th", "Ac 5d"])
    play(h, "A knock")
    assert h.result is not None and h.result.winners == (0,)
    assert h.result.totals is not None and min(h.result.totals) == h.result.totals[0]
    assert [e.rule for e in h.events if e.kind == "end"] == ["GAME-1"]


@pytest.mark.parametrize(
    ("players", "max_players", "ok"),
    [(1, 3, False), (2, 3, True), (3, 3, True), (4, 3, False), (4, 4, True), (5, 4, False), (6, 6, True),
     (7, 6, False), (0, 3, False)],
)
@rule("GAME-2")
def test_player_count(players: int, max_players: int, ok: bool) -> None:
    rules = DEFAULT.replace(max_players=max_players)
    if ok:
        h = Hand(full_deck(), players, 0, 1, rules)
        assert h.players == players
        assert sum(len(h.dealt(s)) for s in range(players)) == 5 * players
    else:
        with pytest.raises(SetupError, match="GAME-2"):
            Hand(full_deck(), players, 0, 1, rules)


@rule("GAME-2")
def test_the_dealer_must_be_a_seat() -> None:
    for dealer in (-1, 3, "0"):
        with pytest.raises(SetupError, match="dealer"):
            Hand(full_deck(), 3, dealer, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 0), (3, 1), (3, 2)])
@rule("GAME-3", "TURN-1")
def test_turns_pass_to_the_left(players: int, dealer: int) -> None:
    others = ["2d 3h 4s 5c 6d", "7c 8d 9h 7s 8h"][: players - 1]
    h = deal(["2c 3d 4h 5s 6c", *others], dealer=dealer)
    order: list[int] = []
    for _ in range(3 * players):
        seat = h.to_act
        assert seat is not None
        order.append(seat)
        drawn = h.stock()[0]
        h.apply(action("draw stock"), seat)
        h.apply(action(f"discard {NAMES[drawn]}"), seat)
    assert order == [(dealer + 1 + k) % players for k in range(3 * players)]


# --- CARD -------------------------------------------------------------------------------------
@rule("CARD-1")
def test_a_deck_is_every_card_once() -> None:
    deck = full_deck()
    with pytest.raises(SetupError, match="52"):
        Hand(deck[:51], 2, 0)
    with pytest.raises(SetupError, match="duplicated"):
        Hand([*deck[:51], deck[0]], 2, 0)
    with pytest.raises(SetupError):
        Hand([*deck, 0], 2, 0)
    assert Hand(list(reversed(deck)), 2, 0).stock_count == 41


@rule("CARD-2")
def test_card_notation() -> None:
    ranks, suits = "A23456789TJQK", "cdhs"
    seen = set()
    for s in suits:
        for r in ranks:
            c = parse_card(r + s)
            assert NAMES[c] == r + s
            seen.add(c)
    assert seen == set(range(52))
    for bad in ("10h", "ah", "AH", "1c", "Ax", "", " Ah", "Ah ", "A", "Ahh", "T", None, 5, 0):
        with pytest.raises(CardError, match="CARD-2"):
            parse_card(bad)
    with pytest.raises(IllegalAction) as info:
        action_from_json({"type": "discard", "card": "10h"})
    assert info.value.reason == "malformed_action"


@rule("CARD-3")
def test_card_values() -> None:
    # Thirteen ranks over three hands: A=1, 2..10 their number, J Q K 10.
    h = deal(["Ac 2d 3h 4s 5c", "6d 7h 8s 9c Td", "Jh Qs Kc Ah 2s"], dealer=2)
    assert [h.total(s) for s in range(3)] == [1 + 2 + 3 + 4 + 5, 6 + 7 + 8 + 9 + 10, 10 + 10 + 10 + 1 + 2]


@rule("CARD-4", "PAY-KNOCK-1")
def test_held_spreads_count_laid_ones_do_not() -> None:
    # A holds 5-6-7 of clubs: all of it counts until it is laid.
    h = deal(["5c 6c 7c Kd 2s", B_HAND], dealer=1, stock="8c")
    assert h.total(0) == 5 + 6 + 7 + 10 + 2
    play(h, "A draw stock")
    assert h.total(0) == 30 + 8
    play(h, "A spread 5c 6c 7c 8c")
    assert h.total(0) == 12
    # a knock counts the held run (D7)
    h = deal(["5c 6c 7c Ac 2s", B_HAND], dealer=1)
    play(h, "A knock")
    assert h.result is not None and h.result.totals == (21, 44)


@rule("CARD-4", "PAY-KNOCK-1")
def test_count_held_spreads_false_counts_deadwood_only() -> None:
    rules = DEFAULT.replace(count_held_spreads=False)
    h = deal(["5c 6c 7c Kd 2s", "Td Tc Ts 9h 6d"], dealer=1, rules=rules)
    assert h.total(0) == 12 and h.total(1) == 15
    play(h, "A knock")
    assert h.result is not None and h.result.totals == (12, 15) and h.result.ending == "knock_won"


# --- STAKE ------------------------------------------------------------------------------------
@rule("STAKE-1")
def test_the_stake_is_a_positive_integer() -> None:
    for bad in (0, -1, True, 1.5, "1", None):
        with pytest.raises(SetupError, match="STAKE-1"):
            Hand(full_deck(), 2, 0, bad)  # type: ignore[arg-type]
    assert Hand(full_deck(), 2, 0, 25).stake == 25


# --- TURN -------------------------------------------------------------------------------------
@rule("TURN-2")
def test_a_turn_starts_with_knock_or_draw() -> None:
    h = deal(["5c 6c 7c Kd 2s", B_HAND], dealer=1)
    assert h.stage == "start"
    assert h.legal_actions() == [action("knock"), action("draw stock"), action("draw discard")]
    taken = h.discard_top
    play(h, "A draw discard")
    assert taken in h.hand(0) and h.stage == "drawn" and h.discard_count == 0
    assert [e.rule for e in h.events if e.kind == "take"] == ["TURN-2"]


@pytest.mark.parametrize(
    ("timing", "at_start", "after_draw"),
    [("start", True, False), ("any", True, True), ("after_draw", False, True)],
)
@rule("TURN-3")
def test_knock_timing(timing: str, at_start: bool, after_draw: bool) -> None:
    rules = DEFAULT.replace(knock_timing=timing)
    h = deal(["5c 6c 7c Kd 2s", B_HAND], dealer=1, stock="8c", rules=rules)
    assert (action("knock") in h.legal_actions()) == at_start
    play(h, "A draw stock")
    assert (action("knock Kd") in h.legal_actions()) == after_draw
    assert action("knock") not in h.legal_actions()
    if after_draw:
        play(h, "A knock Kd")
        assert h.result is not None and h.result.knocker == 0
        assert h.discard_top == parse_card("Kd") and h.result.totals == (28, 44)
    else:
        assert_illegal(h, 0, "knock Kd", "knock_timing")


@rule("TURN-4", "TURN-3")
def test_knocking_on_the_first_turn() -> None:
    # allowed by default, before anyone has drawn
    h = deal(["5c 6c 7c Kd 2s", B_HAND], dealer=1)
    play(h, "A knock")
    assert h.result is not None and h.result.knocker == 0 and h.stock_count == 41
    # under first_turn_knock = false each player's first turn is closed to knocking,
    # the second is open
    rules = DEFAULT.replace(first_turn_knock=False)
    h = deal(["5c 6c 7c Kd 2s", B_HAND], dealer=1, stock="Ks Kh", rules=rules)
    assert action("knock") not in h.legal_actions()
    play(h, "A draw stock", "A discard Ks")
    assert_illegal(h, 1, "knock", "first_turn_knock")
    play(h, "B draw stock", "B discard Kh")
    assert action("knock") in h.legal_actions()
    play(h, "A knock")
    assert h.result is not None


@rule("TURN-5", "HIT-4", "SPREAD-1", "OUT-1")
def test_spreads_and_hits_in_any_order() -> None:
    # B lays 5-6-7 of hearts.  A draws the 4 of hearts and then: hits 8h onto B's run,
    # lays 2-3-4 of clubs, hits 4h onto B's run, and hits 5c onto the new run: out.
    h = deal(["2c 3c 4c 8h 5c", "5h 6h 7h Jc Jd"], dealer=0, stock="Qc 4h")
    play(h, "B draw stock", "B spread 5h 6h 7h", "B discard Qc")
    play(h, "A draw stock", "A hit 8h 0", "A spread 2c 3c 4c", "A hit 4h 0", "A hit 5c 1")
    assert [sorted(sp.cards) for sp in h.spreads] == [sorted(cards("4h 5h 6h 7h 8h")), sorted(cards("2c 3c 4c 5c"))]
    assert h.result is not None and h.result.ending == "tonk_out"


@rule("TURN-5")
def test_a_hit_then_a_spread_then_the_discard() -> None:
    h = deal(["2c 3c 4c 8h Kd", "5h 6h 7h Jc Jd"], dealer=0, stock="Qc 9h")
    play(h, "B draw stock", "B spread 5h 6h 7h", "B discard Qc")
    play(h, "A draw stock", "A hit 8h 0", "A spread 2c 3c 4c")
    assert h.to_act == 0 and h.stage == "drawn" and h.hand(0) == sorted(cards("Kd 9h"))
    play(h, "A discard Kd")
    assert h.to_act == 1 and h.stage == "start" and h.result is None and h.hand(0) == cards("9h")


@rule("TURN-5", "TURN-6")
def test_the_discard_ends_the_turn() -> None:
    h = deal(["5c 6c 7c Kd 2s", B_HAND], dealer=1, stock="8c")
    play(h, "A draw stock", "A spread 5c 6c 7c", "A hit 8c 0")
    assert h.to_act == 0 and h.stage == "drawn"
    play(h, "A discard Kd")
    assert h.to_act == 1 and h.stage == "start" and h.turn == 1
    assert h.hand(0) == cards("2s") and h.discard_top == parse_card("Kd")
