"""Section PAY: who pays whom.  The worked payments W1-W12 of the rules brief, exactly as
stated, each in a 2-player and a 3-player version, and every value of the payment
options (caught_payment, knock_tie, stock_tie, empty_stock, tonk_out_double).

Seats A, B, C are 0, 1, 2.  ``laid`` deals hands whose holdings after one round are the
given two cards per seat (see enginekit)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from enginekit import action, assert_illegal, cards, deal, laid, net, payments_of, pays, play, run_down_stock

from tonk_ref.engine.cards import NAMES
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.engine.serialize import observation_to_json, result_to_json, state_from_json, state_to_json

rule = pytest.mark.rule


# --- W1: dealt tonk ---------------------------------------------------------------------
@rule("PAY-DEALT-1", "DEALT-1", "STAKE-1")
def test_w1_dealt_tonk_two_players_stake_5() -> None:
    # A is dealt K-Q-J-10-9 (49); B pays 10.
    h = deal(["Kc Qd Jh Ts 9c", "2c 3d 4h 5s 6c"], dealer=1, stake=5)
    assert h.is_over and h.result is not None
    assert h.result.ending == "dealt_tonk"
    assert h.result.winners == (0,)
    assert payments_of(h) == pays(("B", "A", 10, "PAY-DEALT-1"))
    assert net(h) == (10, -10)


@rule("PAY-DEALT-1", "DEALT-1")
def test_w1_dealt_tonk_three_players() -> None:
    h = deal(["Kc Qd Jh Ts 9c", "2c 3d 4h 5s 6c", "2d 3h 4s 5c 6d"], dealer=2, stake=5)
    assert h.result is not None and h.result.ending == "dealt_tonk"
    assert payments_of(h) == pays(("B", "A", 10, "PAY-DEALT-1"), ("C", "A", 10, "PAY-DEALT-1"))
    assert net(h) == (20, -10, -10)


# --- W2: dealt draw -----------------------------------------------------------------------
@rule("DEALT-2", "DEALT-1")
def test_w2_dealt_draw_three_players() -> None:
    # A dealt 50, B dealt 49: a draw, no payment.  (The deal passing left: test_match.py.)
    h = deal(["Kc Qc Jd Th Ts", "Ks Qs Jc Tc 9d", "2c 3d 4h 5s 6c"], dealer=2)
    assert h.result is not None
    assert h.result.ending == "dealt_draw"
    assert h.result.winners == ()
    assert h.result.payments == ()
    assert net(h) == (0, 0, 0)


@rule("DEALT-2")
def test_w2_dealt_draw_two_players() -> None:
    h = deal(["Kc Qc Jd Th Ts", "Ks Qs Jc Tc 9d"], dealer=1)
    assert h.result is not None and h.result.ending == "dealt_draw"
    assert net(h) == (0, 0)


# --- W3: tonk out with new spreads -----------------------------------------------------------
W3_A = "5h 6h 7h 9c 9d"
W3_MOVES = ("A draw stock", "A spread 5h 6h 7h", "A spread 9c 9d 9s")


@pytest.mark.parametrize("tonk_out_double", ["always", "new_spread"])
@rule("PAY-OUT-1", "OUT-1", "VAR-NEWSPREAD-1")
def test_w3_tonk_out_three_players(tonk_out_double: str) -> None:
    # A holds 5-6-7 of hearts and two nines, draws the third nine, lays both spreads.
    rules = DEFAULT.replace(tonk_out_double=tonk_out_double)
    h = deal([W3_A, "2c 3d 4h 5s 6c", "2d 3h 4s 5c 6d"], dealer=2, stock="9s", rules=rules)
    play(h, *W3_MOVES)
    assert h.result is not None and h.result.ending == "tonk_out"
    assert h.result.winners == (0,)
    assert payments_of(h) == pays(("B", "A", 2, "PAY-OUT-1"), ("C", "A", 2, "PAY-OUT-1"))
    assert net(h) == (4, -2, -2)


@pytest.mark.parametrize("tonk_out_double", ["always", "new_spread"])
@rule("PAY-OUT-1", "OUT-1", "VAR-NEWSPREAD-1")
def test_w3_tonk_out_two_players(tonk_out_double: str) -> None:
    rules = DEFAULT.replace(tonk_out_double=tonk_out_double)
    h = deal([W3_A, "2c 3d 4h 5s 6c"], dealer=1, stock="9s", rules=rules)
    play(h, *W3_MOVES)
    assert h.result is not None and h.result.ending == "tonk_out"
    assert payments_of(h) == pays(("B", "A", 2, "PAY-OUT-1"))
    assert net(h) == (2, -2)


# --- W4: tonk out by hits only -------------------------------------------------------------
# The dealer is A, so B plays first and lays 5-6-7 of hearts; A then draws the 2 of
# hearts and hits all six cards onto B's run: 8, 9, 10 at the top, 4, 3, 2 below.
W4_A = "3h 4h 8h 9h Th"
W4_B = "5h 6h 7h Jc Jd"
W4_HITS = ("A draw stock", "A hit 8h 0", "A hit 9h 0", "A hit Th 0", "A hit 4h 0", "A hit 3h 0", "A hit 2h 0")


@pytest.mark.parametrize(
    ("tonk_out_double", "expected", "rule_id"),
    [("always", (4, -2, -2), "PAY-OUT-1"), ("new_spread", (2, -1, -1), "VAR-NEWSPREAD-1")],
)
@rule("PAY-OUT-1", "OUT-1", "VAR-NEWSPREAD-1", "HIT-1")
def test_w4_tonk_out_by_hits_three_players(tonk_out_double: str, expected: tuple[int, ...], rule_id: str) -> None:
    rules = DEFAULT.replace(tonk_out_double=tonk_out_double)
    h = deal([W4_A, W4_B, "2d 3d 4s 5c 6d"], dealer=0, stock="Qc Qd 2h", rules=rules)
    play(h, "B draw stock", "B spread 5h 6h 7h", "B discard Qc", "C draw stock", "C discard Qd", *W4_HITS)
    assert h.result is not None and h.result.ending == "tonk_out"
    assert h.result.winners == (0,)
    amount = expected[0] // 2
    assert payments_of(h) == pays(("B", "A", amount, rule_id), ("C", "A", amount, rule_id))
    assert net(h) == expected


@pytest.mark.parametrize(
    ("tonk_out_double", "expected", "rule_id"),
    [("always", (2, -2), "PAY-OUT-1"), ("new_spread", (1, -1), "VAR-NEWSPREAD-1")],
)
@rule("PAY-OUT-1", "OUT-1", "VAR-NEWSPREAD-1", "HIT-1")
def test_w4_tonk_out_by_hits_two_players(tonk_out_double: str, expected: tuple[int, ...], rule_id: str) -> None:
    rules = DEFAULT.replace(tonk_out_double=tonk_out_double)
    h = deal([W4_A, W4_B], dealer=0, stock="Qc 2h", rules=rules)
    play(h, "B draw stock", "B spread 5h 6h 7h", "B discard Qc", *W4_HITS)
    assert h.result is not None and h.result.ending == "tonk_out"
    assert payments_of(h) == pays(("B", "A", expected[0], rule_id))
    assert net(h) == expected


# --- W5: out by discarding --------------------------------------------------------------------
# A lays 5-6-7 of clubs and hits the 8 in the first turn, keeping the king; in the second
# turn A draws the 9 of clubs, hits it and discards the last card.
def _w5(players: int) -> tuple[int, ...]:
    others = ["2d 3d 4s 5s 6d", "2s 3h 4h 5d 6s"][: players - 1]
    fillers = ["Qc", "Qd"][: players - 1]
    h = deal(["5c 6c 7c 8c Kd", *others], dealer=players - 1, stock=" ".join(["2c", *fillers, "9c"]))
    play(h, "A draw stock", "A spread 5c 6c 7c", "A hit 8c 0", "A discard 2c")
    for who, filler in zip("BC", fillers, strict=False):
        play(h, f"{who} draw stock", f"{who} discard {filler}")
    play(h, "A draw stock", "A hit 9c 0")
    assert h.result is None
    play(h, "A discard Kd")
    assert h.result is not None and h.result.ending == "out_by_discard"
    assert h.result.winners == (0,)
    assert payments_of(h) == pays(*[(w, "A", 1, "PAY-OUT-2") for w in "BC"[: players - 1]])
    return net(h)


@rule("PAY-OUT-2", "OUT-2")
def test_w5_out_by_discard_two_players() -> None:
    assert _w5(2) == (1, -1)


@rule("PAY-OUT-2", "OUT-2")
def test_w5_out_by_discard_three_players() -> None:
    assert _w5(3) == (2, -1, -1)


# --- W6: the knocker wins ------------------------------------------------------------------------
@rule("PAY-KNOCK-2", "PAY-KNOCK-1", "TURN-2")
def test_w6_knock_won_three_players() -> None:
    # A knocks with 5, B has 14, C has 6.
    h = laid(["2c 3c", "4h Th", "Ac 5d"])
    assert [h.total(s) for s in range(3)] == [5, 14, 6]
    play(h, "A knock")
    assert h.result is not None and h.result.ending == "knock_won"
    assert h.result.winners == (0,) and h.result.knocker == 0
    assert h.result.totals == (5, 14, 6)
    assert payments_of(h) == pays(("B", "A", 1, "PAY-KNOCK-2"), ("C", "A", 1, "PAY-KNOCK-2"))
    assert net(h) == (2, -1, -1)


@rule("PAY-KNOCK-2", "PAY-KNOCK-1")
def test_w6_knock_won_two_players() -> None:
    h = laid(["2c 3c", "4h Th"])
    play(h, "A knock")
    assert h.result is not None and h.result.ending == "knock_won"
    assert h.result.totals == (5, 14)
    assert payments_of(h) == pays(("B", "A", 1, "PAY-KNOCK-2"))
    assert net(h) == (1, -1)


@rule("PAY-KNOCK-2", "STAKE-1")
def test_knock_won_scales_with_the_stake() -> None:
    h = laid(["2c 3c", "4h Th", "Ac 5d"], stake=7)
    play(h, "A knock")
    assert net(h) == (14, -7, -7)


# --- W7: a tie catches the knocker -------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "ending", "expected"),
    [
        ({}, "knock_caught", (-3, 3)),
        ({"caught_payment": "non_knockers"}, "knock_caught", (-2, 2)),
        ({"knock_tie": "knocker_wins"}, "knock_won", (1, -1)),
    ],
)
@rule("PAY-KNOCK-3", "PAY-CAUGHT-1", "PAY-CAUGHT-2")
def test_w7_knock_tie_two_players(options: dict[str, str], ending: str, expected: tuple[int, int]) -> None:
    # A knocks with 7, B has 7.
    h = laid(["3c 4d", "2h 5h"], rules=DEFAULT.replace(**options))
    play(h, "A knock")
    assert h.result is not None and h.result.ending == ending
    assert h.result.totals == (7, 7)
    assert net(h) == expected


@rule("PAY-KNOCK-3", "PAY-CAUGHT-1", "PAY-CAUGHT-2")
def test_w7_payments_in_detail() -> None:
    h = laid(["3c 4d", "2h 5h"])
    play(h, "A knock")
    assert h.result is not None and h.result.winners == (1,) and h.result.knocker == 0
    assert payments_of(h) == pays(("A", "B", 2, "PAY-CAUGHT-1"), ("A", "B", 1, "PAY-CAUGHT-2"))


@pytest.mark.parametrize(
    ("knock_tie", "ending", "expected"),
    [("caught", "knock_caught", (-3, 4, -1)), ("knocker_wins", "knock_won", (2, -1, -1))],
)
@rule("PAY-KNOCK-3", "PAY-CAUGHT-2")
def test_w7_knock_tie_three_players(knock_tie: str, ending: str, expected: tuple[int, ...]) -> None:
    # D5's example: the knocker on 5, B on 5, C on 9.  B is the lowest hand.
    h = laid(["2c 3c", "Ad 4d", "4h 5h"], rules=DEFAULT.replace(knock_tie=knock_tie))
    assert [h.total(s) for s in range(3)] == [5, 5, 9]
    play(h, "A knock")
    assert h.result is not None and h.result.ending == ending
    assert net(h) == expected
    if knock_tie == "caught":
        assert payments_of(h) == pays(
            ("A", "B", 2, "PAY-CAUGHT-1"), ("A", "B", 1, "PAY-CAUGHT-2"), ("C", "B", 1, "PAY-CAUGHT-2")
        )


# --- W8, W9, W10: the caught knocker -------------------------------------------------------------
W8 = ["4c 6c", "Ad 5h", "5s Ts"]  # A 10, B 6, C 15
W9 = ["2c Tc", "4h 5h", "Ah 3s"]  # A 12, B 9, C 4
W10 = ["3c 5c", "Ad 4d", "2s 3h"]  # A 8, B 5, C 5 (a catch)


@pytest.mark.parametrize(("held", "totals", "winners", "paid", "expected"), [
    pytest.param(W8, [10, 6, 15], (1,), (
        ("A", "B", 2, "PAY-CAUGHT-1"), ("A", "B", 1, "PAY-CAUGHT-2"), ("C", "B", 1, "PAY-CAUGHT-2"),
    ), (-3, 4, -1), id="w8", marks=rule("PAY-CAUGHT-1", "PAY-CAUGHT-2")),
    pytest.param(W9, [12, 9, 4], (2,), (
        ("A", "B", 2, "PAY-CAUGHT-1"),
        ("A", "C", 2, "PAY-CAUGHT-1"),
        ("A", "C", 1, "PAY-CAUGHT-2"),
        ("B", "C", 1, "PAY-CAUGHT-2"),
    ), (-5, 1, 4), id="w9", marks=rule("PAY-CAUGHT-1", "PAY-CAUGHT-2")),
    pytest.param(W10, [8, 5, 5], (1, 2), (
        ("A", "B", 2, "PAY-CAUGHT-1"),
        ("A", "C", 2, "PAY-CAUGHT-1"),
        ("A", "B", 1, "PAY-CAUGHT-3"),
        ("A", "C", 1, "PAY-CAUGHT-3"),
    ), (-6, 3, 3), id="w10 catch", marks=rule("PAY-CAUGHT-3", "PAY-CAUGHT-1")),
])
def test_caught_three_players(held: list[str], totals: list[int], winners: tuple[int, ...],
                              paid: tuple[tuple[str, str, int, str], ...], expected: tuple[int, ...]) -> None:
    h = laid(held)
    assert [h.total(s) for s in range(3)] == totals
    play(h, "A knock")
    assert h.result is not None and h.result.ending == "knock_caught" and h.result.winners == winners
    assert payments_of(h) == pays(*paid)
    assert net(h) == expected


@pytest.mark.parametrize("held", [
    pytest.param(W8[:2], id="w8", marks=rule("PAY-CAUGHT-1", "PAY-CAUGHT-2")),
    # A knocks with 12, the only other player has 4.
    pytest.param([W9[0], W9[2]], id="w9", marks=rule("PAY-CAUGHT-1", "PAY-CAUGHT-2")),
    # With two players only one player can hold the low hand: A on 8 against B on 5, no catch.
    pytest.param(W10[:2], id="w10 has no catch", marks=rule("PAY-CAUGHT-3", "PAY-CAUGHT-1", "PAY-CAUGHT-2")),
])
def test_caught_two_players(held: list[str]) -> None:
    """With two players the caught knocker pays the other 2S and S: there is no one else."""
    h = laid(held)
    play(h, "A knock")
    assert payments_of(h) == pays(("A", "B", 2, "PAY-CAUGHT-1"), ("A", "B", 1, "PAY-CAUGHT-2"))
    assert net(h) == (-3, 3)


# Every caught_payment value (V32) on W7 (2 players), W8, W9 and W10 (3 players).
CAUGHT = {
    # scheme: (W7, W8, W9, W10)
    "seed": ((-3, 3), (-3, 4, -1), (-5, 1, 4), (-6, 3, 3)),
    "non_knockers": ((-2, 2), (-2, 3, -1), (-4, 1, 3), (-4, 2, 2)),
    "doubles_only": ((-2, 2), (-2, 2, 0), (-4, 2, 2), (-4, 2, 2)),
    "double_lowest_others_single": ((-2, 2), (-2, 3, -1), (-2, -1, 3), (-4, 2, 2)),
    "double_lowest_only": ((-2, 2), (-2, 2, 0), (-2, 0, 2), (-4, 2, 2)),
    "per_player": ((-2, 2), (-3, 3, 0), (-3, 0, 3), (-6, 3, 3)),
}


@pytest.mark.parametrize("scheme", sorted(CAUGHT))
@rule("PAY-CAUGHT-1", "PAY-CAUGHT-2", "PAY-CAUGHT-3")
def test_every_caught_payment_value(scheme: str) -> None:
    rules = DEFAULT.replace(caught_payment=scheme)
    holdings = (["3c 4d", "2h 5h"], W8, W9, W10)
    for held, expected in zip(holdings, CAUGHT[scheme], strict=True):
        h = laid(held, rules=rules)
        play(h, "A knock")
        assert h.result is not None and h.result.ending == "knock_caught", held
        assert net(h) == expected, (scheme, held)


@rule("PAY-CAUGHT-1", "STAKE-1")
def test_caught_scales_with_the_stake() -> None:
    h = laid(W9, stake=3)
    play(h, "A knock")
    assert net(h) == (-15, 3, 12)


# --- W11, W12: the empty stock ------------------------------------------------------------------
def _stock_out(held: list[str], **options: str) -> tuple[object, ...]:
    """Hold ``held``, run the stock down, and let the player to act draw from the empty
    stock: C with 3 players (36 stock cards, C plays first), B with 2 (41 stock cards,
    A plays first)."""
    n = len(held)
    first, drawer = (2, 2) if n == 3 else (0, 1)
    h = laid(held, first=first, rules=DEFAULT.replace(**options))
    run_down_stock(h)
    assert h.stock_count == 0 and h.result is None
    assert h.to_act == drawer
    who = "ABC"[drawer]
    play(h, f"{who} draw stock")
    assert h.result is not None and h.result.ending == "stock_out"
    assert h.result.totals is not None and list(h.result.totals) == [h.total(s) for s in range(n)]
    return (h.result.winners, payments_of(h), net(h))


@rule("PAY-STOCK-1", "STOCK-2")
def test_w11_stock_out_three_players() -> None:
    # Stock empty, C draws from the empty stock; A 6, B 11, C 9.
    winners, payments, result = _stock_out(["Ac 5d", "Ah Th", "4h 5h"])
    assert winners == (0,)
    assert payments == pays(("B", "A", 1, "PAY-STOCK-1"), ("C", "A", 1, "PAY-STOCK-1"))
    assert result == (2, -1, -1)


@rule("PAY-STOCK-1", "STOCK-2")
def test_w11_stock_out_two_players() -> None:
    winners, payments, result = _stock_out(["Ac 5d", "Ah Th"])
    assert winners == (0,)
    assert payments == pays(("B", "A", 1, "PAY-STOCK-1"))
    assert result == (1, -1)


W12 = ["Ac 5d", "2h 4h", "3s 6s"]  # A 6, B 6, C 9


@rule("PAY-STOCK-2")
def test_w12_stock_tie_three_players() -> None:
    winners, payments, result = _stock_out(W12)
    assert winners == (0, 1)
    assert payments == pays(("C", "A", 1, "PAY-STOCK-2"), ("C", "B", 1, "PAY-STOCK-2"))
    assert result == (1, 1, -2)


@rule("PAY-STOCK-2")
def test_w12_stock_tie_two_players_nobody_pays() -> None:
    # Both players tie for lowest: nobody is "not tied", so nobody pays.
    winners, payments, result = _stock_out(W12[:2])
    assert winners == (0, 1)
    assert payments == []
    assert result == (0, 0)


@pytest.mark.parametrize(
    ("stock_tie", "winners", "expected"),
    [
        ("all_paid", (0, 1), (1, 1, -2)),
        ("split", (0, 1), (Fraction(1, 2), Fraction(1, 2), -1)),
        ("dead", (), (0, 0, 0)),
    ],
)
@rule("PAY-STOCK-2", "STAKE-2")
def test_every_stock_tie_value(stock_tie: str, winners: tuple[int, ...], expected: tuple[object, ...]) -> None:
    got_winners, _, result = _stock_out(W12, stock_tie=stock_tie)
    assert got_winners == winners
    assert result == expected
    # without a tie every stock_tie value pays W11 the same way
    assert _stock_out(["Ac 5d", "Ah Th", "4h 5h"], stock_tie=stock_tie)[2] == (2, -1, -1)


@rule("PAY-STOCK-2", "STAKE-2")
def test_split_stock_tie_is_an_exact_fraction() -> None:
    h = laid(W12, first=2, rules=DEFAULT.replace(stock_tie="split"), stake=3)
    run_down_stock(h)
    play(h, "C draw stock")
    assert net(h) == (Fraction(3, 2), Fraction(3, 2), -3)
    as_json = result_to_json(h.result)
    assert as_json is not None
    assert as_json["net"] == ["3/2", "3/2", -3]
    assert sorted(p["amount"] for p in as_json["payments"]) == ["3/2", "3/2"]
    # a split that comes out whole is an integer, not a fraction
    h = laid(W12, first=2, rules=DEFAULT.replace(stock_tie="split"), stake=2)
    run_down_stock(h)
    play(h, "C draw stock")
    assert net(h) == (1, 1, -2)
    assert all(type(p.amount) is int for p in h.result.payments)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("empty_stock", "ending", "expected"),
    [("play_on", "stock_out", (2, -1, -1)), ("dead", "stock_out", (0, 0, 0))],
)
@rule("STOCK-2", "PAY-STOCK-1")
def test_every_empty_stock_value_that_ends_the_hand(empty_stock: str, ending: str, expected: tuple[int, ...]) -> None:
    h = laid(["Ac 5d", "Ah Th", "4h 5h"], first=2, rules=DEFAULT.replace(empty_stock=empty_stock))
    run_down_stock(h)
    play(h, "C draw stock")
    assert h.result is not None and h.result.ending == ending
    assert net(h) == expected
    assert h.result.winners == ((0,) if empty_stock == "play_on" else ())


@rule("STOCK-2", "DEAL-3")
def test_empty_stock_reshuffle_turns_the_pile_into_a_new_stock() -> None:
    h = laid(["Ac 5d", "Ah Th", "4h 5h"], first=2, rules=DEFAULT.replace(empty_stock="reshuffle"))
    run_down_stock(h)
    pile = h.discard_pile()  # bottom first
    top = h.discard_top
    play(h, "C draw stock")
    # the hand goes on: the pile but its top card, turned over, is the new stock, and
    # C drew its first card (the bottom card of the old pile)
    assert h.result is None and h.stage == "drawn" and h.to_act == 2
    assert h.discard_pile() == [top]
    assert h.hand(2) == sorted([*cards("4h 5h"), pile[0]])
    assert h.stock() == pile[1:-1]
    assert h.stock_count == len(pile) - 2


# --- after_knock = one_turn_each (Hoyle's and Bicycle's Tunk) ---------------------------------------------------
LAST = DEFAULT.replace(after_knock="one_turn_each")


@pytest.mark.rule("PAY-KNOCK-1", "OUT-1", "OBS-3")
def test_each_other_player_plays_a_last_turn_before_the_count() -> None:
    h = deal(["Ac 2c 3c 4d 5d", "9h 9s 9d Kc Kd", "Th Js Qd Kh 2s"], dealer=2, upcard="Qs", stock="9c 8s",
             rules=LAST)
    play(h, "A knock")
    assert (h.to_act, h.knocker, h.last_turns, h.result) == (1, 0, 2, None)
    before = h.copy()
    assert_illegal(h, 1, "knock", "knock_timing")
    assert h == before and action("knock") not in h.legal_actions()
    # the knocker's hand lies face up meanwhile; the others' stay hidden
    seen = observation_to_json(h, 2)["hands"]
    assert seen[0] == ["Ac", "2c", "3c", "4d", "5d"] and seen[1] is None
    # the state round-trips with the knock pending
    again = state_from_json(state_to_json(h))
    assert (again.knocker, again.last_turns, again.legal_actions()) == (0, 2, h.legal_actions())
    play(h, "B draw stock", "B spread 9h 9s 9d 9c", "B discard Kc")
    assert h.result is None and (h.to_act, h.last_turns) == (2, 1)
    play(h, "C draw stock", "C discard 8s")
    r = h.result
    assert r is not None and (r.ending, r.knocker, r.totals, r.net) == ("knock_caught", 0, (15, 10, 42), (-3, 4, -1))


@pytest.mark.rule("PAY-KNOCK-1", "OUT-1", "OUT-2")
def test_a_last_turn_that_empties_the_hand_counts_nothing_and_goes_on() -> None:
    h = deal(["Ac 2c 3d 4h 5s", "7h 8h 9h 9c 9d"], dealer=1, upcard="Qs", stock="9s", rules=LAST)
    play(h, "A knock", "B draw stock", "B spread 7h 8h 9h", "B spread 9c 9d 9s")
    r = h.result
    assert r is not None and (r.ending, r.totals, r.net) == ("knock_caught", (15, 0), (-3, 3))
    assert not any(e.kind == "tonk_out" for e in h.events)
    # a discard that empties the hand in a last turn ends that turn, not the hand (no out_by_discard)
    g = laid(["Ac 2d", "5d 6d"], first=0, rules=LAST)  # B laid 7d 8d 9d (spread 1)
    play(g, "A knock")
    drawn = NAMES[g.stock()[0]]
    play(g, "B draw stock", "B hit 6d 1", "B hit 5d 1", f"B discard {drawn}")
    r = g.result
    assert r is not None and (r.ending, r.totals) == ("knock_caught", (3, 0))
    assert not any(e.kind == "out" for e in g.events)


@pytest.mark.rule("PAY-KNOCK-1", "STOCK-2", "VAR-EAT-1")
def test_last_turns_allow_no_eating_and_an_empty_stock_still_ends_the_hand() -> None:
    h = laid(["Ac 2d", "5h 6s", "Kh Qs"], first=0, rules=LAST.replace(eating=True))
    run_down_stock(h)
    knocker = h.to_act
    assert knocker is not None
    play(h, f"{'ABC'[knocker]} knock")
    assert h.knocker == knocker and all(not h.may_eat(s) for s in range(3))
    seat = h.to_act
    assert seat is not None and seat != knocker
    play(h, f"{'ABC'[seat]} draw stock")  # the stock is empty: the hand ends there, the knock unsettled
    assert h.result is not None and h.result.ending == "stock_out" and h.result.knocker is None
