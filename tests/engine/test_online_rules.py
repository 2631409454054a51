"""The rules of online engines (VAR-REEM-1, VAR-NODRAW-1, VAR-HITEND-1, VAR-KNOCKHELD-1,
VAR-KNOCKTIE-1, VAR-SPECIAL-1, STOCK-3's last_turn and VAR-HITLOCK-1's hit_lock_further):
each played against the default on the same deal, each refusal leaving the state as it was."""

from __future__ import annotations

from fractions import Fraction

import pytest
from enginekit import action, assert_illegal, deal, laid, net, payments_of, pays, play

from tonk_ref.engine.actions import discard
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT, Ruleset
from tonk_ref.engine.serialize import state_from_json, state_to_json

rule = pytest.mark.rule

B_HAND = "Td Tc 9s 9h 6d"
C_HAND = "4c 5d 8s Kh Qd"


# --------------------------------------------------------------------------- reem
SEVEN = DEFAULT.replace(hand_size=7)


def two_spreads(rules: Ruleset) -> Hand:
    """Two players of seven cards; A holds 4h 5h 6h Jc Jd 2s 3c, draws Js and lays both
    spreads, keeping 2s 3c."""
    h = deal(["4h 5h 6h Jc Jd 2s 3c", "Td Tc 9s 9h 6d 8c 7d"], dealer=1, stock="Js", rules=rules)
    return play(h, "A draw stock", "A spread 4h 5h 6h", "A spread Jc Jd Js")


@rule("VAR-REEM-1", "GAME-1")
@pytest.mark.parametrize("mode", ["one_turn", "second_spread"])
def test_two_spreads_in_one_turn_are_a_reem(mode: str) -> None:
    h = two_spreads(SEVEN.replace(reem=mode))
    assert h.result is not None and h.result.ending == "reem" and h.result.winners == (0,)
    assert net(h) == (2, -2)
    assert payments_of(h) == pays(("B", "A", 2, "VAR-REEM-1"))
    assert any(e.kind == "reem" and e.rule == "VAR-REEM-1" for e in h.events)


@rule("VAR-REEM-1")
def test_without_reem_two_spreads_leave_the_turn_open() -> None:
    h = two_spreads(SEVEN)
    assert not h.is_over and h.stage == "drawn" and len(h.hand(0)) == 2


@rule("VAR-REEM-1")
def test_a_second_spread_in_a_later_turn_is_a_reem_only_under_second_spread() -> None:
    def play_it(rules: Ruleset) -> Hand:
        h = deal(["4h 5h 6h Jc Jd", B_HAND], dealer=1, stock="2s 7c Js", rules=rules)
        return play(h, "A draw stock", "A spread 4h 5h 6h", "A discard 2s", "B draw stock", "B discard 7c",
                    "A draw stock", "A spread Jc Jd Js")

    late = play_it(DEFAULT.replace(reem="second_spread"))
    assert late.result is not None and late.result.ending == "reem" and net(late) == (2, -2)
    for rules in (DEFAULT.replace(reem="one_turn"), DEFAULT):
        out = play_it(rules)
        assert out.result is not None and out.result.ending == "tonk_out" and net(out) == (2, -2)


@rule("VAR-REEM-1", "OUT-1")
def test_two_spreads_that_empty_the_hand_are_a_reem() -> None:
    h = deal(["4h 5h 6h Jc Jd", B_HAND], dealer=1, stock="Js", rules=DEFAULT.replace(reem="one_turn"))
    play(h, "A draw stock", "A spread 4h 5h 6h", "A spread Jc Jd Js")
    assert h.result is not None and h.result.ending == "reem" and net(h) == (2, -2)


# --------------------------------------------------------------------------- discard without drawing
@rule("VAR-NODRAW-1", "TURN-6", "TURN-2")
def test_a_discard_without_drawing_ends_the_turn() -> None:
    rules = DEFAULT.replace(discard_without_draw=True)
    h = deal(["4h 5h 6h Jc Jd", B_HAND], dealer=1, stock="2s", rules=rules)
    assert action("discard Jd") in h.legal_actions()
    play(h, "A discard Jd")
    assert h.to_act == 1 and h.stage == "start" and h.discard_count == 2 and h.stock_count == 41
    assert len(h.hand(0)) == 4
    assert h.events[-1].kind == "discard" and h.events[-1].rule == "VAR-NODRAW-1"
    assert_illegal(h, 1, "spread 9s 9h Td", "must_draw_first")
    assert_illegal(deal(["4h 5h 6h Jc Jd", B_HAND], dealer=1), 0, "discard Jd", "must_draw_first")


@rule("VAR-NODRAW-1", "VAR-NOUP-1")
def test_without_an_upcard_the_first_player_may_discard_without_drawing() -> None:
    rules = DEFAULT.replace(discard_without_draw=True, upcard=False)
    h = play(deal(["4h 5h 6h Jc Jd", B_HAND], dealer=1, rules=rules), "A discard Jc")
    assert h.discard_count == 1 and h.stock_count == 42


# --------------------------------------------------------------------------- a hit ends the turn
def b_hits(rules: Ruleset) -> Hand:
    h = deal(["5c 6c 7c Kd 2s", "8c 4d Jd Jh 3h"], dealer=1, stock="3s 9d", rules=rules)
    return play(h, "A draw stock", "A spread 5c 6c 7c", "A discard Kd", "B draw stock", "B hit 8c 0")


@rule("VAR-HITEND-1", "TURN-5", "HIT-4")
def test_a_hit_ends_the_turn_without_a_discard() -> None:
    h = b_hits(DEFAULT.replace(hit_ends_turn=True))
    assert h.to_act == 0 and h.stage == "start" and len(h.hand(1)) == 5 and h.discard_top is not None
    assert h.events[-1].kind == "hit_ends_turn" and h.events[-1].rule == "VAR-HITEND-1"
    default = b_hits(DEFAULT)
    assert default.to_act == 1 and default.stage == "drawn"


@rule("VAR-HITEND-1", "TURN-8")
def test_a_hit_may_leave_only_the_taken_card_when_it_ends_the_turn() -> None:
    def taken(rules: Ruleset) -> Hand:
        h = deal(["5c 6c 7c 8c 9c", B_HAND], dealer=1, upcard="Qh", stock="Ks 2h", rules=rules)
        return play(h, "A draw stock", "A spread 5c 6c 7c 8c", "A discard Ks", "B draw stock", "B discard 2h",
                    "A draw discard")

    assert_illegal(taken(DEFAULT), 0, "hit 9c 0", "last_card_taken")
    h = play(taken(DEFAULT.replace(hit_ends_turn=True)), "A hit 9c 0")
    assert h.to_act == 1 and h.hand(0) == [action("discard 2h").card]


# --------------------------------------------------------------------------- a knock on the cards held
@rule("VAR-KNOCKHELD-1", "TURN-3")
def test_a_knock_after_drawing_without_a_discard_is_judged_on_the_cards_held() -> None:
    rules = DEFAULT.replace(knock_timing="any", knock_with_discard=False)
    h = deal(["5c 6c 7c Ad 2s", "Td Tc 9s 9h 6d"], dealer=1, stock="3h", rules=rules)
    play(h, "A draw stock", "A spread 5c 6c 7c")
    assert action("knock") in h.legal_actions() and not any(a.type == "knock" and a.card >= 0
                                                             for a in h.legal_actions())
    assert_illegal(h, 0, "knock 3h", "knock_discard")
    play(h, "A knock")
    assert h.result is not None and h.result.ending == "knock_won" and h.result.totals == (6, 44)


# --------------------------------------------------------------------------- knock ties
@rule("VAR-KNOCKTIE-1", "PAY-KNOCK-3")
def test_a_shared_knock_tie_splits_the_stake_among_the_tied() -> None:
    h = play(laid(["3d 4d", "2h 5h", "Jh Qs"], rules=DEFAULT.replace(knock_tie="split")), "A knock")
    assert h.result is not None and h.result.ending == "knock_tie" and h.result.winners == (0, 1)
    assert h.result.knocker == 0 and h.result.totals == (7, 7, 20)
    assert net(h) == (Fraction(1, 2), Fraction(1, 2), -1)


@rule("VAR-KNOCKTIE-1")
def test_a_drawn_knock_tie_pays_nothing_and_a_lower_knock_still_wins() -> None:
    rules = DEFAULT.replace(knock_tie="draw")
    h = play(laid(["3d 4d", "2h 5h"], rules=rules), "A knock")
    assert h.result is not None and h.result.ending == "knock_tie" and h.result.winners == () and net(h) == (0, 0)
    won = play(laid(["3d Ad", "2h 5h"], rules=rules), "A knock")
    assert won.result is not None and won.result.ending == "knock_won"
    two = play(laid(["3d 4d", "2h 5h"], rules=DEFAULT.replace(knock_tie="split")), "A knock")
    assert two.result is not None and two.result.winners == (0, 1) and net(two) == (0, 0)


# --------------------------------------------------------------------------- the last stock card
def down_to(h: Hand, left: int) -> None:
    """Each player draws from the stock and discards the card drawn until ``left`` cards are left."""
    while h.stock_count > left:
        seat = h.to_act
        assert seat is not None
        drawn = h.stock()[0]
        h.apply(action("draw stock"), seat)
        h.apply(discard(drawn), seat)


@rule("STOCK-3", "STOCK-1", "PAY-STOCK-1")
def test_the_turn_that_draws_the_last_stock_card_ends_the_hand() -> None:
    def last(rules: Ruleset) -> Hand:
        h = deal(["Ac 2c 3d 4d 5s", B_HAND], dealer=1, rules=rules)
        down_to(h, 1)
        seat = h.to_act
        assert seat is not None
        drawn = h.stock()[0]
        h.apply(action("draw stock"), seat)
        assert not h.is_over  # the turn goes on: spreads, hits, the discard
        h.apply(discard(drawn), seat)
        return h

    h = last(DEFAULT.replace(empty_stock="last_turn"))
    assert h.result is not None and h.result.ending == "stock_out" and h.result.winners == (0,)
    assert h.result.totals == (15, 44) and net(h) == (1, -1)
    assert any(e.kind == "stock_end" and e.rule == "STOCK-3" for e in h.events)
    default = last(DEFAULT)
    assert not default.is_over and default.stock_count == 0


# --------------------------------------------------------------------------- hit lock further
@rule("VAR-HITLOCK-1")
def test_a_later_hit_adds_one_turn_under_hit_lock_further() -> None:
    def locks(further: int | None) -> tuple[int, ...]:
        rules = DEFAULT.replace(hit_lock=2, hit_lock_further=further)
        h = deal(["5c 6c 7c Kd 2s", "8c 4c Jd Jh 3h"], dealer=1, stock="3s 9d", rules=rules)
        play(h, "A draw stock", "A spread 5c 6c 7c", "A discard Kd", "B draw stock", "B hit 8c 0", "B hit 4c 0")
        return h.knock_locks

    assert locks(None) == (4, 0)
    assert locks(1) == (3, 0)


# --------------------------------------------------------------------------- special hands
@rule("VAR-SPECIAL-1", "OBS-3")
@pytest.mark.parametrize(("hand", "total"), [("Kc Qc Jd 9d 2s", 41), ("Ac 2c 3d 2s Ad", 9), ("Ac 2c 3d 2s 2d", 10)])
def test_a_declared_special_hand_wins_triple(hand: str, total: int) -> None:
    h = deal([hand, B_HAND, C_HAND], dealer=2, rules=DEFAULT.replace(special_hands="first_turn"), stake=2)
    assert action("declare") in h.legal_actions()
    play(h, "A declare")
    assert h.result is not None and h.result.ending == "special_hand" and h.result.winners == (0,)
    assert h.result.totals is not None and h.result.totals[0] == total
    assert net(h) == (12, -6, -6)


@rule("VAR-SPECIAL-1")
def test_a_special_hand_is_declared_on_the_first_turn_only_under_first_turn() -> None:
    def second_turn(mode: str) -> Hand:
        h = deal(["Ac 2c 3d 2s Ad", B_HAND], dealer=1, stock="Kd 7h", rules=DEFAULT.replace(special_hands=mode))
        return play(h, "A draw stock", "A discard Kd", "B draw stock", "B discard 7h")

    assert_illegal(second_turn("first_turn"), 0, "declare", "declare_timing")
    h = play(second_turn("any_turn"), "A declare")
    assert h.result is not None and h.result.ending == "special_hand" and net(h) == (3, -3)


@rule("VAR-SPECIAL-1")
def test_a_hand_with_cards_laid_is_not_special() -> None:
    rules = DEFAULT.replace(special_hands="any_turn")
    h = deal(["Ac 2c 3c 2s Ad", B_HAND], dealer=1, stock="Kd 7h", rules=rules)
    play(h, "A draw stock", "A spread Ac 2c 3c", "A discard Kd", "B draw stock", "B discard 7h")
    assert_illegal(h, 0, "declare", "not_special")


# --------------------------------------------------------------------------- the state round trip
@rule("VAR-REEM-1")
def test_a_state_with_a_spread_this_turn_round_trips() -> None:
    h = deal(["4h 5h 6h Jc Jd", B_HAND], dealer=1, stock="Js", rules=DEFAULT.replace(reem="one_turn"))
    play(h, "A draw stock", "A spread 4h 5h 6h")
    again = state_from_json(state_to_json(h))
    play(again, "A spread Jc Jd Js")
    assert again.result is not None and again.result.ending in ("reem", "tonk_out")
