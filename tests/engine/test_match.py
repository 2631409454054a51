"""Section DEALER and the match layer (tonk_ref.engine.match, the protocol methods cut,
next_dealer and join): cutting for the first deal, the deal passing left, the redeal
after a dealt draw, a player joining at the dealer's right, running balances."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from enginekit import cards, deal, laid, play

from tonk_ref.adapters.base import Rejected
from tonk_ref.adapters.inprocess import reference
from tonk_ref.adapters.match_service import MATCH_METHODS
from tonk_ref.engine.cards import full_deck
from tonk_ref.engine.match import (
    HandRecord,
    JoinRecord,
    LeaveRecord,
    Match,
    MatchError,
    cut,
    hand_points,
    join,
    next_dealer,
)
from tonk_ref.engine.result import ENDINGS, Result
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.engine.stacking import stack_deck

rule = pytest.mark.rule

LOW = DEFAULT.replace(first_dealer="low")


def rounds(text: str) -> list[list[tuple[int, int]]]:
    """``"0:5c 1:Kd | 1:2c"`` -> the rounds of a cut."""
    return [[(int(x.split(":")[0]), cards(x.split(":")[1])[0]) for x in r.split()] for r in text.split("|")]


# --- DEALER-1: cutting for the first deal -----------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "cut_cards", "rules", "dealer", "expected_rounds"),
    [
        (3, "5c Kd 9h", DEFAULT, 1, "0:5c 1:Kd 2:9h"),
        (2, "Ac 2d", DEFAULT, 1, "0:Ac 1:2d"),  # the ace is low
        (3, "Ac 2d 3h", LOW, 0, "0:Ac 1:2d 2:3h"),  # under first_dealer low the lowest deals
        (3, "Kc Kd 5h Qs 2c", DEFAULT, 0, "0:Kc 1:Kd 2:5h | 0:Qs 1:2c"),  # a tie for highest
        (3, "5h Ks Kc 2c Qs", DEFAULT, 2, "0:5h 1:Ks 2:Kc | 1:2c 2:Qs"),  # suits are equal
        (3, "Kc 5h Kd 2c Qs 9h", DEFAULT, 2, "0:Kc 1:5h 2:Kd | 0:2c 2:Qs"),  # only the tied cut again
        (3, "7c 7d 7h 9c 9d 9h 2c 5d Kh", DEFAULT, 2, "0:7c 1:7d 2:7h | 0:9c 1:9d 2:9h | 0:2c 1:5d 2:Kh"),
        (3, "Ac Ad Kh 5c 3d", LOW, 1, "0:Ac 1:Ad 2:Kh | 0:5c 1:3d"),  # a tie for lowest
        (2, "Jc Qc Kc", DEFAULT, 1, "0:Jc 1:Qc"),  # cards left over are not used
        (4, "3c 9d 9h 9s 2c Ks Kh 4d 5h", DEFAULT.replace(max_players=4), 3,
         "0:3c 1:9d 2:9h 3:9s | 1:2c 2:Ks 3:Kh | 2:4d 3:5h"),
    ],
)
@rule("DEALER-1")
def test_cut(players: int, cut_cards: str, rules: Any, dealer: int, expected_rounds: str) -> None:
    result = cut(players, cards(cut_cards), rules)
    assert result.dealer == dealer
    assert [list(r) for r in result.rounds] == rounds(expected_rounds)


@rule("DEALER-1", "GAME-2")
def test_cut_refuses_what_cannot_be_cut() -> None:
    with pytest.raises(MatchError, match="still tied"):
        cut(3, cards("Kc Kd 5h Qs"))
    with pytest.raises(MatchError, match="needs 3 cards"):
        cut(3, cards("Kc Kd"))
    with pytest.raises(MatchError, match="cut once"):
        cut(2, [5, 5])
    with pytest.raises(MatchError, match="not a card"):
        cut(2, [5, 60])
    with pytest.raises(MatchError, match="GAME-2"):
        cut(1, cards("Kc"))
    with pytest.raises(MatchError, match="GAME-2"):
        cut(4, cards("Kc Qc Jc Tc"))


@rule("DEALER-1")
def test_a_full_deck_cut_always_names_a_seat_holding_the_best_first_card() -> None:
    rng = random.Random(3)
    for _ in range(200):
        deck = full_deck()
        rng.shuffle(deck)
        players = rng.choice((2, 3))
        result = cut(players, deck)
        first = dict(result.rounds[0])
        best = max(c % 13 for c in first.values())
        assert first[result.dealer] % 13 == best
        for prev, nxt in zip(result.rounds, result.rounds[1:], strict=False):
            top = max(c % 13 for _, c in prev)
            assert [s for s, _ in nxt] == [s for s, c in prev if c % 13 == top]


# --- DEALER-2 and DEALER-4: the next dealer ------------------------------------------------------------
@pytest.mark.parametrize("ending", [e for e in ENDINGS if e != "dealt_draw"])
@rule("DEALER-2")
def test_the_deal_passes_left_after_every_hand(ending: str) -> None:
    for players in (2, 3):
        for dealer in range(players):
            assert next_dealer(players, dealer, ending, (0,)) == (dealer + 1) % players  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("option", "expected"),
    [("next", [1, 2, 0]), ("same", [0, 1, 2])],
)
@rule("DEALER-4", "DEALT-2")
def test_the_dealer_after_a_dealt_draw(option: str, expected: list[int]) -> None:
    rules = DEFAULT.replace(dealer_after_draw=option)
    assert [next_dealer(3, d, "dealt_draw", (), rules) for d in range(3)] == expected
    # the option only concerns dealt draws
    assert [next_dealer(3, d, "knock_won", (d,), rules) for d in range(3)] == [1, 2, 0]


@pytest.mark.parametrize(
    ("dealer", "ending", "winners", "expected"),
    [
        (0, "knock_won", (2,), 2),  # the winner deals
        (0, "tonk_out", (0,), 0),  # the dealer won: deals again
        (0, "knock_caught", (0, 2), 2),  # a catch: seats 0 and 2 won; from the dealer's left (1) seat 2 comes first
        (2, "knock_caught", (0, 1), 0),  # from the dealer's left (0): seat 0 first
        (1, "stock_out", (0, 1), 0),  # a tie at the empty stock; from seat 2, seat 0 comes before seat 1
        (1, "stock_out", (), 2),  # a dead hand: nobody won, the deal passes left
        (1, "dealt_draw", (), 2),  # a dealt draw follows dealer_after_draw
    ],
)
@rule("DEALER-2", "DEALER-4")
def test_next_dealer_winner(dealer: int, ending: str, winners: tuple[int, ...], expected: int) -> None:
    rules = DEFAULT.replace(next_dealer="winner")
    assert next_dealer(3, dealer, ending, winners, rules) == expected  # type: ignore[arg-type]


@rule("DEALER-2")
def test_next_dealer_refuses_bad_seats() -> None:
    with pytest.raises(MatchError, match="dealer"):
        next_dealer(3, 3, "knock_won", (0,))
    with pytest.raises(MatchError, match="winner"):
        next_dealer(3, 0, "knock_won", (5,))


# --- DEALER-3: joining at the dealer's right ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "dealer", "seat", "new_dealer", "seats"),
    [
        (2, 1, 1, 2, (0, 2)),  # the newcomer takes seat 1, the dealer moves to seat 2
        (2, 0, 2, 0, (0, 1)),  # the seat before seat 0 is the new last seat: nobody moves
        (3, 1, 1, 2, (0, 2, 3)),
        (3, 2, 2, 3, (0, 1, 3)),
        (3, 0, 3, 0, (0, 1, 2)),
    ],
)
@rule("DEALER-3", "GAME-3")
def test_join_at_the_dealers_right(
    players: int, dealer: int, seat: int, new_dealer: int, seats: tuple[int, ...]
) -> None:
    rules = DEFAULT.replace(max_players=4)
    j = join(players, dealer, rules)
    assert (j.players, j.dealer, j.seat, j.seats) == (players + 1, new_dealer, seat, seats)
    n = j.players
    # the dealer is still the dealer, and sits at the newcomer's left
    assert j.seats[dealer] == j.dealer and (j.seat + 1) % n == j.dealer
    # everyone else keeps their neighbours in the same clockwise order
    order = [j.seats[(dealer + k) % players] for k in range(players)]
    assert [(order[0] + k) % n for k in range(players)] == order
    # the newcomer is the last to deal as the deal passes left
    d, dealers = j.dealer, []
    for _ in range(n):
        d = next_dealer(n, d, "knock_won", (0,), rules)
        dealers.append(d)
    assert dealers[-2] == j.seat and dealers[-1] == j.dealer


@rule("DEALER-3", "GAME-2")
def test_no_seat_at_a_full_table() -> None:
    with pytest.raises(MatchError, match="full"):
        join(3, 0)
    assert join(2, 0).players == 3


# --- the Match -------------------------------------------------------------------------------------------------
def _deck(hands: list[str], dealer: int, upcard: str = "Qh", stock: str = "") -> list[int]:
    return stack_deck(len(hands), dealer, [cards(h) for h in hands], cards(upcard)[0], cards(stock))


@rule("DEALER-2", "DEALER-4", "DEALT-2", "STAKE-2")
def test_a_match_rotates_the_deal_redeals_after_a_draw_and_keeps_balances() -> None:
    m = Match(3, stake=2, dealer=2)
    # hand 1, dealt by seat 2: A (seat 0) knocks first turn and wins
    h = m.deal(_deck(["Ac 2c 3d 4d 5h", "Td Tc 9s 9h 6d", "Jd Js 8s 8h 7d"], dealer=2))
    play(h, "A knock")
    rec = m.record()
    assert rec.ending == "knock_won" and rec.dealer == 2 and rec.net == (4, -2, -2) and not rec.redeal
    assert m.balances == [4, -2, -2] and m.dealer == 0 and not m.redeal
    # hand 2, dealt by seat 0: a dealt draw; the next deal is a redeal by seat 1
    h = m.deal(_deck(["Kc Qc Jd Th Ts", "Ks Qs Jc Tc 9d", "2c 3d 4h 5s 6c"], dealer=0))
    assert h.is_over and h.dealer == 0
    rec = m.record(h)
    assert rec.ending == "dealt_draw" and rec.net == (0, 0, 0)
    assert m.balances == [4, -2, -2] and m.dealer == 1 and m.redeal
    # hand 3 is the redeal, dealt by seat 1: C (seat 2) plays first and knocks, caught by A
    h = m.deal(_deck(["Ac 2c 3d 4d 5h", "Td Tc 9s 9h 6d", "Jd Js 8s 8h 7d"], dealer=1))
    assert h.to_act == 2
    play(h, "C knock")
    rec = m.record(h)
    assert rec.redeal and rec.ending == "knock_caught" and rec.dealer == 1
    assert sum(m.balances) == 0 and m.dealer == 2 and not m.redeal
    assert m.balances == [4 + rec.net[0], -2 + rec.net[1], -2 + rec.net[2]]
    assert [e.number for e in m.history if isinstance(e, HandRecord)] == [1, 2, 3]
    assert m.hands_played == 3


@rule("DEALER-4")
def test_a_match_keeps_the_dealer_after_a_draw_under_same() -> None:
    m = Match(2, DEFAULT.replace(dealer_after_draw="same"), dealer=1)
    m.deal(_deck(["Kc Qc Jd Th Ts", "Ks Qs Jc Tc 9d"], dealer=1))
    m.record()
    assert m.dealer == 1 and m.redeal


@rule("DEALER-3", "STAKE-2")
def test_a_player_joins_a_match_between_hands() -> None:
    m = Match(2, stake=1, dealer=1)
    h = m.deal(_deck(["Ac 2c 3d 4d 5h", "Td Tc 9s 9h 6d"], dealer=1))
    play(h, "A knock")
    m.record()
    assert m.balances == [1, -1] and m.dealer == 0
    # seat 0 deals next; the newcomer sits at its right, the new last seat
    j = m.join()
    assert (j.players, j.dealer, j.seat) == (3, 0, 2)
    assert m.players == 3 and m.balances == [1, -1, 0] and m.dealer == 0
    assert isinstance(m.history[-1], JoinRecord)
    h = m.deal(_deck(["Ac 2c 3d 4d 5h", "Td Tc 9s 9h 6d", "Jd Js 8s 8h 7d"], dealer=0))
    assert h.players == 3 and h.to_act == 1
    play(h, "B knock")  # 44 against 15 and 48: caught
    m.record()
    assert sum(m.balances) == 0 and m.dealer == 1
    # with seat 1 dealing, the next newcomer takes seat 1 and the others move up
    m2 = Match(2, DEFAULT.replace(max_players=4), dealer=1, balances=[3, -3])
    j = m2.join()
    assert (j.seat, j.dealer, j.seats) == (1, 2, (0, 2)) and m2.balances == [3, 0, -3]


@rule("DEALER-1")
def test_a_match_from_the_cut() -> None:
    m = Match.from_cut(3, cards("Kc Kd 5h Qs 2c"), stake=5)
    assert m.dealer == 0 and m.stake == 5 and m.balances == [0, 0, 0]
    h = m.deal(full_deck())
    assert h.dealer == 0 and h.to_act == 1


@rule("DEALER-2", "TURN-10")
def test_a_match_refuses_out_of_order_requests() -> None:
    m = Match(2, dealer=0)
    with pytest.raises(MatchError, match="deal one first"):
        m.record()
    h = m.deal(_deck(["Ac 2c 3d 4d 5h", "Td Tc 9s 9h 6d"], dealer=0))
    with pytest.raises(MatchError, match="not over"):
        m.deal(full_deck())
    with pytest.raises(MatchError, match="not over"):
        m.record()
    with pytest.raises(MatchError, match="between hands"):
        m.join()
    with pytest.raises(MatchError, match="not the hand"):
        m.record(deal(["Ac 2c 3d 4d 5h", "Td Tc 9s 9h 6d"], dealer=0))
    play(h, "B knock")
    m.record()
    with pytest.raises(MatchError, match="deal one first"):
        m.record()
    assert m.dealer == 1
    other = laid(["2c 3c", "4h Th"], first=1)  # dealt by seat 0
    play(other, "B knock")
    with pytest.raises(MatchError, match="by seat 0"):
        m.record(other)
    with pytest.raises(MatchError):
        Match(2, stake=0)
    with pytest.raises(MatchError):
        Match(2, balances=[1, 2, 3])


@rule("STAKE-2", "DEALER-2", "DEALER-4", "DEALER-3")
def test_random_matches_keep_balances_summing_to_zero() -> None:
    rng = random.Random(11)
    for rules in (DEFAULT, DEFAULT.replace(stock_tie="split", next_dealer="winner", max_players=4)):
        m = Match(2, rules, stake=3, dealer=rng.randrange(2))
        expected: list[Any] = [0, 0]
        for k in range(30):
            if k in (10, 20) and m.players < rules.max_players:
                j = m.join()
                moved: list[Any] = [0] * j.players
                for old, new in enumerate(j.seats):
                    moved[new] = expected[old]
                expected = moved
            dealer = m.dealer
            deck = full_deck()
            rng.shuffle(deck)
            h = m.deal(deck)
            while not h.is_over:
                legal = h.legal_actions()
                h.apply(legal[rng.randrange(len(legal))], h.to_act)
            assert h.result is not None
            rec = m.record()
            assert rec.dealer == dealer and rec.players == m.players
            expected = [e + n for e, n in zip(expected, h.result.net, strict=True)]
            assert m.balances == expected
            assert sum(m.balances, Fraction(0)) == 0
            assert m.dealer == next_dealer(m.players, dealer, h.result.ending, h.result.winners, rules)
        assert m.hands_played == 30
    assert m.players == 4


# --- the protocol methods -------------------------------------------------------------------------------------------
@rule("VAR-POINTS-1")
def test_score_method_adds_the_points_of_a_hand() -> None:
    adapter = reference()
    result = {"ending": "knock_caught", "winners": [1], "totals": [8, 5, 20], "knocker": 0}
    params = {"players": 3, "ruleset": {"scoring": "points"}, "scores": [90, 10, 0], "result": result}
    # the caught knocker adds double (16), the winner nothing, the third player its total
    assert adapter.call("score", params) == {"points": [16, 0, 20], "scores": [106, 10, 20], "out": [0]}
    dead = {**params, "result": {"ending": "stock_out", "winners": [], "totals": [8, 5, 20]}}
    assert adapter.call("score", dead)["points"] == [0, 0, 0]
    with pytest.raises(Rejected):
        adapter.call("score", {**params, "scores": [1, 2]})



@rule("DEALER-1", "DEALER-2", "DEALER-3", "DEALER-4")
def test_match_methods_through_the_reference_adapter() -> None:
    adapter = reference()
    assert set(MATCH_METHODS) == {"cut", "next_dealer", "join", "score"}
    assert adapter.call("cut", {"players": 3, "cards": ["Kc", "Kd", "5h", "Qs", "2c"]}) == {
        "dealer": 0,
        "rounds": [
            [{"seat": 0, "card": "Kc"}, {"seat": 1, "card": "Kd"}, {"seat": 2, "card": "5h"}],
            [{"seat": 0, "card": "Qs"}, {"seat": 1, "card": "2c"}],
        ],
    }
    assert adapter.call("cut", {"ruleset": {"first_dealer": "low"}, "players": 2, "cards": ["Kc", "2d"]})["dealer"] == 1
    result = {"ending": "knock_won", "winners": [2], "payments": [], "net": [0, 0, 0]}
    assert adapter.call("next_dealer", {"players": 3, "dealer": 0, "result": result}) == {"dealer": 1}
    assert adapter.call(
        "next_dealer", {"ruleset": {"next_dealer": "winner"}, "players": 3, "dealer": 0, "result": result}
    ) == {"dealer": 2}
    draw = {"ending": "dealt_draw", "winners": []}
    assert adapter.call("next_dealer", {"players": 3, "dealer": 2, "result": draw}) == {"dealer": 0}
    assert adapter.call(
        "next_dealer", {"ruleset": {"dealer_after_draw": "same"}, "players": 3, "dealer": 2, "result": draw}
    ) == {"dealer": 2}
    assert adapter.call("join", {"players": 2, "dealer": 1}) == {"players": 3, "dealer": 2, "seat": 1, "seats": [0, 2]}
    assert adapter.call("join", {"ruleset": {"max_players": 4}, "players": 3, "dealer": 0}) == {
        "players": 4, "dealer": 0, "seat": 3, "seats": [0, 1, 2]
    }


@pytest.mark.parametrize(
    ("method", "params", "reason"),
    [
        ("cut", {"players": 3}, "invalid_setup"),
        ("cut", {"players": "3", "cards": ["Kc"]}, "invalid_setup"),
        ("cut", {"players": True, "cards": ["Kc", "Qc"]}, "invalid_setup"),
        ("cut", {"players": 2, "cards": ["Kc", "10h"]}, "invalid_setup"),
        ("cut", {"players": 2, "cards": ["Kc", "Kd"]}, "invalid_setup"),
        ("cut", {"players": 2, "cards": ["Kc", "Kc"]}, "invalid_setup"),
        ("cut", {"players": 4, "cards": ["Kc", "Qc", "Jc", "Tc"]}, "invalid_setup"),
        ("cut", {"players": 2, "cards": "Kc Qc"}, "invalid_setup"),
        ("cut", {"ruleset": "seed", "players": 2, "cards": ["Kc", "Qc"]}, "invalid_setup"),
        ("cut", {"ruleset": {"first_dealer": "middle"}, "players": 2, "cards": ["Kc", "Qc"]}, "unsupported_option"),
        ("cut", {"ruleset": {"no_such_option": 1}, "players": 2, "cards": ["Kc", "Qc"]}, "unsupported_option"),
        ("next_dealer", {"players": 3, "dealer": 0}, "invalid_setup"),
        ("next_dealer", {"players": 3, "dealer": 0, "result": {"ending": "won", "winners": []}}, "invalid_setup"),
        ("next_dealer", {"players": 3, "dealer": 0, "result": {"ending": "knock_won"}}, "invalid_setup"),
        ("next_dealer", {"players": 3, "dealer": 0, "result": {"ending": "knock_won", "winners": [True]}},
         "invalid_setup"),
        ("next_dealer", {"players": 3, "dealer": 0, "result": {"ending": "knock_won", "winners": [3]}},
         "invalid_setup"),
        ("next_dealer", {"players": 3, "dealer": 3, "result": {"ending": "knock_won", "winners": [0]}},
         "invalid_setup"),
        ("next_dealer", {"dealer": 0, "result": {"ending": "knock_won", "winners": [0]}}, "invalid_setup"),
        ("join", {"players": 3, "dealer": 0}, "invalid_setup"),
        ("join", {"players": 2, "dealer": 2}, "invalid_setup"),
        ("join", {"players": 2}, "invalid_setup"),
        ("join", {"players": 2, "dealer": -1}, "invalid_setup"),
    ],
)
@rule("DEALER-1", "DEALER-2", "DEALER-3", "GAME-2")
def test_match_methods_reject_bad_params(method: str, params: dict[str, Any], reason: str) -> None:
    with pytest.raises(Rejected) as info:
        MATCH_METHODS[method](params)
    assert info.value.reason == reason and info.value.message


# --- VAR-POINTS-1: playing for points ----------------------------------------------------------------------------
POINTS = DEFAULT.replace(scoring="points")
HAND_15, HAND_48, HAND_42 = "Ac 2c 3d 4d 5h", "Kd Kh Qs Qc 8d", "Jd Js Jh Th 2s"


@rule("VAR-POINTS-1")
def test_hand_points() -> None:
    assert hand_points(Result("knock_won", (0,), (), (0, 0, 0), (5, 14, 6), 0), (5, 14, 6)) == (0, 14, 6)
    # a caught knocker adds double; the lowest hand (the winner) adds nothing
    assert hand_points(Result("knock_caught", (1,), (), (0, 0, 0), (10, 6, 15), 0), (10, 6, 15)) == (20, 0, 15)
    assert hand_points(Result("knock_caught", (1, 2), (), (0, 0, 0), (8, 5, 5), 0), (8, 5, 5)) == (16, 0, 0)
    assert hand_points(Result("tonk_out", (2,), (), (0, 0, 0)), (30, 12, 0)) == (30, 12, 0)
    assert hand_points(Result("stock_out", (0, 1), (), (0, 0, 0), (6, 6, 9)), (6, 6, 9)) == (0, 0, 9)
    # nobody won: a dealt draw or a dead hand scores nothing
    assert hand_points(Result("dealt_draw", (), (), (0, 0)), (50, 49)) == (0, 0)
    assert hand_points(Result("stock_out", (), (), (0, 0, 0), (6, 6, 9)), (6, 6, 9)) == (0, 0, 0)


@rule("VAR-POINTS-1")
def test_hand_points_of_every_player_under_points_all() -> None:
    """scoring = points_all (Hoyle's Tunk): every player's count is scored, the winners'
    too; a caught knocker still adds double, and a hand nobody won still scores nothing."""
    assert hand_points(Result("knock_won", (0,), (), (0, 0, 0), (5, 14, 6), 0), (5, 14, 6), everyone=True) == (
        5, 14, 6)
    assert hand_points(Result("knock_caught", (1,), (), (0, 0, 0), (10, 6, 15), 0), (10, 6, 15),
                       everyone=True) == (20, 6, 15)
    assert hand_points(Result("stock_out", (), (), (0, 0, 0), (6, 6, 9)), (6, 6, 9), everyone=True) == (0, 0, 0)
    answer = MATCH_METHODS["score"]({"ruleset": {"scoring": "points_all"}, "players": 3, "scores": [90, 0, 0],
                                     "result": {"ending": "knock_caught", "winners": [1], "totals": [10, 6, 15],
                                                "knocker": 0}})
    assert answer == {"points": [20, 6, 15], "scores": [110, 6, 15], "out": [0]}
    seed = MATCH_METHODS["score"]({"ruleset": {"scoring": "points"}, "players": 3, "scores": [90, 0, 0],
                                   "result": {"ending": "knock_caught", "winners": [1], "totals": [10, 6, 15],
                                              "knocker": 0}})
    assert seed["points"] == [20, 0, 15]


@rule("VAR-POINTS-1", "DEALER-2")
def test_a_points_match_to_the_last_player_left() -> None:
    m = Match(3, POINTS, dealer=2)
    # hand 1: A (first) knocks with 15 and wins; B adds 48, C adds 42
    h = m.deal(_deck([HAND_15, HAND_48, HAND_42], dealer=2))
    play(h, "A knock")
    rec = m.record()
    assert rec.points == (0, 48, 42) and rec.scores == (0, 48, 42)
    assert m.scores == [0, 48, 42] and m.balances == [0, 0, 0] and m.dealer == 0 and not m.over
    # hand 2, dealt by A: B plays first and knocks with 48: caught by A's 15 (and C's 42)
    h = m.deal(_deck([HAND_15, HAND_48, HAND_42], dealer=0))
    play(h, "B knock")
    rec = m.record()
    assert rec.ending == "knock_caught" and rec.points == (0, 96, 42)
    # B reached 144 and left; the deal passed to B, so it goes on to C, now seat 1
    assert m.players == 2 and m.ids == [0, 2] and m.scores == [0, 84] and m.dealer == 1
    leave = m.history[-1]
    assert isinstance(leave, LeaveRecord) and leave.left == (1,) and leave.seats == (0, None, 1) and leave.dealer == 1
    assert not m.over
    # hand 3, two players, C deals: A plays first and knocks with 15 against C's 42
    h = m.deal(_deck([HAND_15, HAND_42], dealer=1))
    play(h, "A knock")
    m.record()
    assert m.players == 1 and m.ids == [0] and m.over and m.winner == 0
    with pytest.raises(MatchError, match="over"):
        m.deal(full_deck())
    with pytest.raises(MatchError, match="over"):
        m.join()


@rule("VAR-POINTS-1", "DEALER-3")
def test_a_newcomer_starts_at_zero_points() -> None:
    m = Match(2, POINTS.replace(max_players=4), dealer=1, scores=[30, 70])
    j = m.join()
    assert m.scores == [30, 0, 70] and m.ids == [0, 2, 1] and j.seat == 1
