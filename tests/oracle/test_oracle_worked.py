"""The oracle (the generators' model) checked against the brief itself (worked payments W1-W12, D5's example and
the spread rules), with no engine involved: if these fail, the oracle is wrong."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import oracle as O
import pytest


def stacked(players: int, dealer: int, hands: list[str], upcard: str | None, stock: str = "") -> list[str]:
    """A deck (top first) that deals ``hands`` (seat 0 first) one card at a time from the
    dealer's left, then the upcard, then ``stock``, then every other card in code order."""
    split = [h.split() for h in hands]
    return O.stack(players, dealer, split, ([upcard] if upcard else []) + stock.split(), O.STANDARD)


def play(st: O.State, moves: list[str]) -> O.State:
    """Moves like "0 draw stock", "1 spread 5h 6h 7h", "0 hit 8h 0", "2 discard Kc"."""
    for move in moves:
        seat_text, verb, *args = move.split()
        action: dict[str, Any]
        if verb == "draw":
            action = {"type": "draw", "from": args[0]}
        elif verb == "spread":
            action = {"type": "spread", "cards": args}
        elif verb == "hit":
            action = {"type": "hit", "card": args[0], "spread": int(args[1])}
        elif verb == "discard":
            action = {"type": "discard", "card": args[0]}
        else:
            action = {"type": "knock", **({"discard": args[0]} if args else {})}
        st = O.apply(st, int(seat_text), action)
    return st


def net(st: O.State) -> list[Fraction]:
    assert st.result is not None
    return list(st.result.net)


def settled(st: O.State) -> tuple[str, list[Fraction]]:
    """How the hand ended and what each seat nets."""
    assert st.result is not None
    return st.result.ending, list(st.result.net)


def at_knock(totals_hands: list[str], rules: dict[str, Any] | None = None, knocker: int = 0) -> O.State:
    """A state at the start of ``knocker``'s turn with the given hands (any sizes)."""
    n = len(totals_hands)
    return O.State(
        rules={**O.DEFAULTS, **(rules or {})},
        players=n,
        dealer=(knocker - 1) % n,
        stake=1,
        hands=[h.split() for h in totals_hands],
        spreads=[],
        stock=[],
        pile=["Kh"],
        to_act=knocker,
        stage="start",
        turn=5,
    )


def test_w1_dealt_49_two_players_stake_5() -> None:
    deck = stacked(2, 1, ["Kc Qc Jc Tc 9c", "2d 3d 4d 5d 7h"], "Kh")
    st = O.deal(deck, 2, 1, 5, {})
    assert settled(st) == ("dealt_tonk", [10, -10])


def test_w2_dealt_50_and_49_is_a_draw() -> None:
    deck = stacked(3, 2, ["Kc Qc Jc Tc Ts", "Kd Qd Jd Td 9d", "2h 3h 4h 5h 7s"], "Kh")
    st = O.deal(deck, 3, 2, 1, {})
    assert st.result is not None and st.result.ending == "dealt_draw"
    assert net(st) == [0, 0, 0] and st.result.pairs == {}


@pytest.mark.parametrize("double", ["always", "new_spread"])
def test_w3_tonk_out_with_two_new_spreads(double: str) -> None:
    deck = stacked(3, 2, ["5h 6h 7h 9c 9d", "2c 3d 4s 6c 8d", "Kc Qd Js 2s 3c"], "Ks", "9s")
    st = O.deal(deck, 3, 2, 1, {"tonk_out_double": double})
    st = play(st, ["0 draw stock", "0 spread 5h 6h 7h", "0 spread 9c 9d 9s"])
    assert settled(st) == ("tonk_out", [4, -2, -2])


@pytest.mark.parametrize(("double", "want"), [("always", [4, -2, -2]), ("new_spread", [2, -1, -1])])
def test_w4_out_by_hits_only(double: str, want: list[int]) -> None:
    deck = stacked(3, 2, ["5h 6h 7h 8h 4h", "2c 3d 4s 6c 8d", "Kc Qd Js 2s 3c"], "Ks", "Tc Jc Qc 9h")
    st = O.deal(deck, 3, 2, 1, {"tonk_out_double": double})
    st = play(
        st,
        [
            "0 draw stock", "0 spread 5h 6h 7h", "0 discard Tc",
            "1 draw stock", "1 discard Jc",
            "2 draw stock", "2 discard Qc",
            "0 draw stock", "0 hit 8h 0", "0 hit 9h 0", "0 hit 4h 0",
        ],
    )
    assert settled(st) == ("tonk_out", want)


def test_w5_hit_then_discard_the_last_card() -> None:
    deck = stacked(2, 1, ["5h 6h 7h 8h Kc", "2c 3d 4s 6c 8d"], "Ks", "Tc Jc 9h")
    st = O.deal(deck, 2, 1, 1, {})
    st = play(
        st,
        ["0 draw stock", "0 spread 5h 6h 7h", "0 discard Tc", "1 draw stock", "1 discard Jc",
         "0 draw stock", "0 hit 8h 0", "0 hit 9h 0", "0 discard Kc"],
    )
    assert settled(st) == ("out_by_discard", [1, -1])


def test_w6_knocker_wins() -> None:
    assert settled(play(at_knock(["Ac 4d", "Kc 4s", "6d"]), ["0 knock"])) == ("knock_won", [2, -1, -1])


@pytest.mark.parametrize(
    ("rules", "want"),
    [({}, [-3, 3]), ({"caught_payment": "non_knockers"}, [-2, 2]), ({"knock_tie": "knocker_wins"}, [1, -1])],
)
def test_w7_knocker_tied_two_players(rules: dict[str, Any], want: list[int]) -> None:
    st = play(at_knock(["7c", "7d"], rules), ["0 knock"])
    assert net(st) == want


def test_w8_caught_lowest_collects_from_all() -> None:
    assert net(play(at_knock(["Tc", "6d", "Ks 5s"]), ["0 knock"])) == [-3, 4, -1]


def test_w9_two_players_at_or_below_the_knocker() -> None:
    assert net(play(at_knock(["Qc 2c", "9d", "4s"]), ["0 knock"])) == [-5, 1, 4]


def test_w10_a_catch() -> None:
    st = play(at_knock(["8c", "5d", "5s"]), ["0 knock"])
    assert st.result is not None and st.result.winners == [1, 2]
    assert net(st) == [-6, 3, 3]


def test_d5_the_lowest_hand_is_never_the_knocker() -> None:
    assert net(play(at_knock(["5c", "5d", "9s"]), ["0 knock"])) == [-3, 4, -1]


def empty_stock(hands: list[str], rules: dict[str, Any] | None = None) -> O.State:
    """A state at the start of seat 2's turn with the stock empty."""
    return at_knock(hands, rules, knocker=2)


def test_w11_empty_stock_lowest_wins() -> None:
    assert settled(play(empty_stock(["6c", "Ac Kd", "9s"]), ["2 draw stock"])) == ("stock_out", [2, -1, -1])


@pytest.mark.parametrize(
    ("tie", "want"),
    [("all_paid", [1, 1, -2]), ("split", [Fraction(1, 2), Fraction(1, 2), -1]), ("dead", [0, 0, 0])],
)
def test_w12_tie_at_the_empty_stock(tie: str, want: list[Fraction]) -> None:
    st = play(empty_stock(["6c", "6d", "9s"], {"stock_tie": tie}), ["2 draw stock"])
    assert net(st) == want


def test_caught_payment_schemes_on_w9() -> None:
    # A knocks 12, B 9, C 4: C is the lowest, B is below the knocker too.
    want = {
        "seed": [-5, 1, 4],
        "non_knockers": [-4, 1, 3],  # C collects only from B
        "doubles_only": [-4, 2, 2],
        "double_lowest_others_single": [-2, -1, 3],
        "double_lowest_only": [-2, 0, 2],
        "per_player": [-3, 0, 3],
    }
    for scheme, expected in want.items():
        assert net(play(at_knock(["Qc 2c", "9d", "4s"], {"caught_payment": scheme}), ["0 knock"])) == expected, scheme


def kind(cards: list[str], ace_high: bool = False) -> str | None:
    read = O.read_spread(cards, rules(ace="low_or_high" if ace_high else "low"))
    return None if read is None else read.kind


def test_spread_shapes() -> None:
    assert kind(["Qh", "Kh", "Ah"], ace_high=True) == "run"
    assert kind(["Qh", "Kh", "Ah"]) is None
    assert kind(["Kh", "Ah", "2h"], ace_high=True) is None
    assert kind(["Ah", "2h", "3h"], ace_high=True) == "run"
    assert kind(["4c", "4d", "4s", "4h"]) == "book" and kind(["4c", "4d"]) is None
    assert kind(["4c", "5c", "7c"]) is None
    seed = O.Rules(O.DEFAULTS)
    assert O.holds_forced_spread(["Ac", "Ad", "Ah", "Kc"], seed) is False
    assert O.holds_forced_spread(["Ac", "Ad", "Ah", "As"], seed) is True
    assert O.holds_forced_spread(["Ac", "2c", "3c", "Ad", "Ah"], seed) is True
    assert O.deadwood(["5c", "6c", "7c", "Kd"], seed) == 10
    # CARD-4's example: 29 under the default, 5 as deadwood
    assert O.count(["7h", "8h", "9h", "2c", "3d"], seed) == 29
    assert O.count(["7h", "8h", "9h", "2c", "3d"], O.Rules({**O.DEFAULTS, "count_held_spreads": False})) == 5


def rules(**options: Any) -> O.Rules:
    return O.Rules({**O.DEFAULTS, **options})


def test_var_wild_1_examples() -> None:
    jokers = rules(jokers=2)
    assert O.read_spread(["7h", "X1", "9h"], jokers) == O.Shape("run", suit="h", lo=7, hi=9)
    assert O.read_spread(["X1", "Ah", "2h"], jokers) == O.Shape("run", suit="h", lo=1, hi=3)
    assert O.read_spread(["Qh", "Kh", "X1"], jokers) == O.Shape("run", suit="h", lo=11, hi=13)
    assert O.read_spread(["5c", "X1", "X2"], jokers) == O.Shape("book", rank=5)
    assert O.read_spread(["5c", "X1", "X2"], rules(jokers=2, wild_min_naturals=2)) is None
    # one natural card with wild cards is a book or nothing: five such cards are no run
    assert O.read_spread(["5c", "X1", "X2", "2d", "2h"], rules(jokers=2, deuces_wild=True)) is None
    deuces = rules(deuces_wild=True)
    assert O.read_spread(["2c", "3c", "4c"], deuces) == O.Shape("run", suit="c", lo=2, hi=4)
    assert O.read_spread(["5c", "2d", "2h", "2s"], deuces) == O.Shape("book", rank=5)  # three wild twos
    assert O.read_spread(["5c", "5d", "2h"], deuces) == O.Shape("book", rank=5)


def test_var_wild_2_a_wild_hit_on_j_q_k() -> None:
    jqk = O.Spread(0, ["Jh", "Qh", "Kh"], O.Shape("run", suit="h", lo=11, hi=13))
    low = O.fits(jqk, "X1", rules(jokers=2))
    high = O.fits(jqk, "X1", rules(jokers=2, ace="low_or_high"))
    assert low is not None and (low.lo, low.hi) == (10, 13)  # stands for the ten
    assert high is not None and (high.lo, high.hi) == (11, 14)  # stands for the ace
    assert O.fits(jqk, "Th", rules()) is not None and O.fits(jqk, "9h", rules()) is None
    book = O.Spread(0, ["5c", "5d", "5h", "X1"], O.Shape("book", rank=5))
    assert O.fits(book, "5s", rules(jokers=2)) is None  # a book holds four cards at most


def test_var_deck40_1_the_jack_follows_the_seven() -> None:
    forty = rules(deck=40)
    assert O.read_spread(["6h", "7h", "Jh"], forty) is not None
    assert O.read_spread(["6h", "7h", "Jh"], rules()) is None
    assert len(O.pack(forty.options)) == 40 and "9c" not in O.pack(forty.options)


def test_var_face_1_and_var_lowdealt_1() -> None:
    assert sum(rules(face_values="11-12-13").value(c) for c in "Kc Qc Jc 9c 8c".split()) == 53
    deck = stacked(2, 1, ["Ac 2d 3h 4s 5c", "Kd Qd Jd 9s 8s"], "Kh")
    st = O.deal(deck, 2, 1, 1, {"low_dealt_double": 15})
    assert st.result is not None and st.result.ending == "dealt_tonk" and net(st) == [2, -2]


def test_var_dealttonks_1_split_example() -> None:
    deck = stacked(3, 2, ["Kc Qc Jc Tc Ts", "Kd Qd Jd Td 9d", "2h 3h 4h 5h 7s"], "Kh")
    st = O.deal(deck, 3, 2, 1, {"dealt_tonks": "split"})
    assert st.result is not None and st.result.ending == "dealt_tonk" and st.result.winners == [0, 1]
    assert net(st) == [1, 1, -2]
    best = O.deal(deck, 3, 2, 1, {"dealt_tonks": "best"})
    assert best.result is not None and best.result.winners == [0] and net(best) == [4, -2, -2]
