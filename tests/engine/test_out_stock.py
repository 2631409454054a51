"""Sections OUT and STOCK: going out, and a hand whose stock runs dry.  (The payments of
these endings are in test_payments.py.)"""

from __future__ import annotations

import pytest
from enginekit import action, assert_illegal, cards, deal, laid, play, run_down_stock

from tonk_ref.engine.cards import NAMES
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT

rule = pytest.mark.rule


@rule("OUT-1")
def test_tonk_out_ends_the_hand_without_a_discard() -> None:
    h = deal(["5h 6h 7h 9c 9d", "Td Tc 8s 8h 6d"], dealer=1, upcard="Qs", stock="9s")
    play(h, "A draw stock", "A spread 5h 6h 7h")
    assert h.result is None and h.to_act == 0
    pile = h.discard_pile()
    play(h, "A spread 9c 9d 9s")
    assert h.is_over and h.to_act is None and h.stage == "over" and h.legal_actions() == []
    assert h.hand(0) == [] and h.discard_pile() == pile  # nothing was discarded
    assert [e.rule for e in h.events if e.kind == "tonk_out"] == ["OUT-1"]
    assert h.result is not None and h.result.ending == "tonk_out" and h.result.winners == (0,)


@rule("OUT-1", "HIT-1", "PAY-OUT-1")
def test_tonk_out_by_hitting_the_last_card() -> None:
    # D18: A keeps the 9c after the first turn, draws the Tc and hits both onto the run:
    # no card is left and nothing forces a discard.
    h = deal(["5c 6c 7c 8c 9c", "Td Jc 9s 9h 6d"], dealer=1, stock="Kc Qd Tc")
    play(h, "A draw stock", "A spread 5c 6c 7c 8c", "A discard Kc")
    play(h, "B draw stock", "B discard Qd")
    play(h, "A draw stock", "A hit 9c 0")
    assert h.result is None and h.hand(0) == cards("Tc")
    assert action("hit Tc 0") in h.legal_actions()
    play(h, "A hit Tc 0")
    assert h.result is not None and h.result.ending == "tonk_out" and h.result.net == (2, -2)


@rule("OUT-1", "OUT-2")
def test_going_out_with_one_card_left_after_a_hit() -> None:
    # A holds one card after drawing and hitting: discarding it is going out by discard.
    h = deal(["5c 6c 7c 8c Kd", "Td Tc 9s 9h 6d"], dealer=1, stock="2s Qd 9c")
    play(h, "A draw stock", "A spread 5c 6c 7c", "A hit 8c 0", "A discard 2s")
    play(h, "B draw stock", "B discard Qd")
    play(h, "A draw stock", "A hit 9c 0")
    assert h.legal_actions() == [action("discard Kd")]
    play(h, "A discard Kd")
    assert h.result is not None and h.result.ending == "out_by_discard"
    assert h.discard_top == cards("Kd")[0] and h.hand(0) == []
    assert [e.rule for e in h.events if e.kind == "out"] == ["OUT-2"]


@rule("STOCK-1")
def test_drawing_the_last_stock_card_does_not_end_the_hand() -> None:
    h = laid(["Ac 5d", "Ah Th", "4h 5h"], first=2)
    while h.stock_count > 1:
        seat = h.to_act
        assert seat is not None
        drawn = h.stock()[0]
        play(h, f"{'ABC'[seat]} draw stock")
        play(h, f"{'ABC'[seat]} discard {NAMES[drawn]}")
    seat = h.to_act
    assert seat is not None
    play(h, f"{'ABC'[seat]} draw stock")
    assert h.stock_count == 0 and h.result is None and h.stage == "drawn" and h.to_act == seat


@rule("STOCK-2", "TURN-2")
def test_at_an_empty_stock_a_player_may_knock_take_the_discard_or_end_the_hand() -> None:
    h = laid(["Ac 5d", "Ah Th", "4h 5h"], first=2)
    run_down_stock(h)
    assert h.to_act == 2 and h.stage == "start"
    assert h.legal_actions() == [action("knock"), action("draw stock"), action("draw discard")]
    # knock: an ordinary knock
    k = h.copy()
    play(k, "C knock")
    assert k.result is not None and k.result.ending == "knock_caught" and k.result.knocker == 2
    # take the discard and play on: the hand goes on with the stock still empty
    t = h.copy()
    top = t.discard_top
    play(t, "C draw discard", "C discard 4h")
    assert t.result is None and t.to_act == 0 and t.stock_count == 0 and top in t.hand(2)
    play(t, "A draw stock")  # A ends it from the empty stock
    assert t.result is not None and t.result.ending == "stock_out"
    # draw from the empty stock: the hand ends at once
    play(h, "C draw stock")
    assert h.result is not None and h.result.ending == "stock_out" and h.to_act is None
    assert [e.rule for e in h.events if e.kind == "empty_stock"] == ["STOCK-2"]
    assert_illegal(h, 0, "draw stock", "hand_over")


@rule("STOCK-2")
def test_empty_stock_dead_ends_the_hand_without_payment() -> None:
    h = laid(["Ac 5d", "Ah Th", "4h 5h"], first=2, rules=DEFAULT.replace(empty_stock="dead"))
    run_down_stock(h)
    play(h, "C draw stock")
    assert h.result is not None and h.result.ending == "stock_out"
    assert h.result.payments == () and h.result.winners == ()


@rule("OUT-2", "TURN-3")
def test_a_knock_that_discards_the_last_card_goes_out() -> None:
    # knock_timing = any: A draws the 9c, lays 5c-9c and holds only the Kd.  Discarding
    # it leaves no card, which is going out by discarding (OUT-2), whether the discard is
    # a plain one or the discard of a knock; or the knock is simply not offered.
    rules = DEFAULT.replace(knock_timing="any")
    h = deal(["5c 6c 7c 8c Kd", "Td Tc 9s 9h 6d"], dealer=1, stock="9c", rules=rules)
    play(h, "A draw stock", "A spread 5c 6c 7c 8c 9c")
    assert h.hand(0) == cards("Kd")
    if action("knock Kd") in h.legal_actions():
        play(h, "A knock Kd")
        assert h.result is not None and h.result.ending == "out_by_discard"
        assert [p.rule for p in h.result.payments] == ["PAY-OUT-2"]
    else:
        assert not h.is_legal(action("knock Kd"))


@rule("STOCK-2")
def test_nothing_is_compulsory_at_an_empty_stock() -> None:
    """S25's "players play all the cards they can" obliges nothing: with the stock empty a
    player may take the discard and keep a card that would hit, or draw from the empty
    stock and end the hand instead."""
    h = laid(["6c 2d", "6d 9s"], first=0)  # A laid 7c 8c 9c, B 7d 8d 9d: each holds a six that hits
    run_down_stock(h)
    seat = h.to_act
    assert seat is not None and h.stock_count == 0
    six, other = (cards("6c")[0], cards("2d")[0]) if seat == 0 else (cards("6d")[0], cards("9s")[0])
    keep = h.copy()
    keep.apply(action("draw discard"), seat)
    legal = keep.legal_actions()
    assert any(a.type == "hit" and a.card == six for a in legal)  # a hit is there to make ...
    keep.apply(action(f"discard {NAMES[other]}"), seat)  # ... and need not be made
    assert not keep.is_over and keep.stock_count == 0 and six in keep.hand(seat)
    end = h.copy()
    end.apply(action("draw stock"), seat)  # or the player would rather draw from the empty stock
    assert end.result is not None and end.result.ending == "stock_out"


def _plain_turn(h: Hand) -> None:
    """Draw from the stock and discard the card drawn; once the stock is empty, take the
    discard and throw another card (TURN-7)."""
    seat = h.to_act
    assert seat is not None
    if h.stock_count:
        drawn = h.stock()[0]
        h.apply(action("draw stock"), seat)
        h.apply(action(f"discard {NAMES[drawn]}"), seat)
    else:
        taken = h.discard_top
        h.apply(action("draw discard"), seat)
        h.apply(action(f"discard {NAMES[next(c for c in h.hand(seat) if c != taken)]}"), seat)


@rule("STOCK-1", "PAY-STOCK-1")
def test_the_turn_limit_ends_a_hand_nobody_ends() -> None:
    hands = ["Ac 2c 3d 4h 5s", "6c 7d 8h 9s Kd"]
    free = deal(hands, dealer=1, upcard="Qs")
    limited = deal(hands, dealer=1, upcard="Qs", rules=DEFAULT.replace(turn_limit=50))
    dead = deal(hands, dealer=1, upcard="Qs", rules=DEFAULT.replace(turn_limit=50, turn_limit_end="dead"))
    for _ in range(49):
        for h in (free, limited, dead):
            _plain_turn(h)
    assert not limited.is_over and limited.turn == 49
    for h in (free, limited, dead):
        _plain_turn(h)
    assert not free.is_over and free.turn == 50  # no limit: the hand goes on (the seed rule)
    r = limited.result
    assert r is not None and r.ending == "turn_limit" and r.totals == tuple(limited.total(s) for s in range(2))
    low = min(r.totals)
    assert r.winners == tuple(s for s in range(2) if r.totals[s] == low)
    assert all(p.rule == "STOCK-1" for p in r.payments) and sum(r.net) == 0 and r.net[r.winners[0]] == 1
    assert [e.kind for e in limited.events][-3:] == ["turn_limit", "pay", "end"]
    d = dead.result
    assert d is not None and (d.ending, d.winners, d.payments, d.net) == ("turn_limit", (), (), (0, 0))


@rule("STOCK-1", "PAY-KNOCK-1")
def test_the_turn_limit_never_cuts_a_knocks_last_turns_short() -> None:
    rules = DEFAULT.replace(turn_limit=50, after_knock="one_turn_each")
    h = deal(["Ac 2c 3d 4h 5s", "6c 7d 8h 9s Kd", "Tc Jd Qh Ks 2h"], dealer=2, upcard="Qs", rules=rules)
    for _ in range(49):
        _plain_turn(h)
    assert h.turn == 49 and h.to_act is not None
    h.apply(action("knock"), h.to_act)  # the 50th turn is the knock: the others still play theirs
    assert not h.is_over and h.knocker is not None and h.last_turns == 2
    _plain_turn(h)
    _plain_turn(h)
    assert h.result is not None and h.result.ending in ("knock_won", "knock_caught") and h.turn == 52
