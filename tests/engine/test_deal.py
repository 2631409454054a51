"""Sections DEAL and DEALT: the deal order, the upcard, the stock, and the dealt 49/50
check."""

from __future__ import annotations

import random

import pytest
from enginekit import cards, deal, play

from tonk_ref.engine.cards import CardError, cards_of, check_deck, full_deck, is_deck, names, pack_mask, pack_table
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.engine.stacking import stack_deck

rule = pytest.mark.rule


# --- DEAL -----------------------------------------------------------------------------------
def _spoilt(rng: random.Random, pack: int) -> list[object]:
    """A deck of the pack, shuffled, and as often as not spoilt in one of the ways a deck is not one."""
    deck: list[object] = list(cards_of(pack))
    rng.shuffle(deck)
    k = rng.randrange(10)
    if k == 0:
        deck[rng.randrange(len(deck))] = rng.randrange(-3, 300)  # another card, or no card at all
    elif k == 1:
        deck.pop()
    elif k == 2:
        deck.append(rng.randrange(56))
    elif k == 3:
        deck[rng.randrange(len(deck))] = 1.0
    elif k == 4:
        deck = deck[: rng.randrange(len(deck))]
    return deck


@rule("CARD-2")
def test_the_cards_of_a_mask_are_its_bits_in_code_order() -> None:
    rng = random.Random(9)
    for width in (13, 26, 27, 39, 52, 53, 54, 58):
        for _ in range(500):
            mask = rng.getrandbits(width)
            assert cards_of(mask) == [c for c in range(width) if mask >> c & 1]


@rule("CARD-1")
@pytest.mark.parametrize(("size", "jokers"), [(52, 0), (40, 0), (52, 2), (40, 2)])
def test_the_quick_deck_check_passes_exactly_the_decks_the_full_check_passes(size: int, jokers: int) -> None:
    rng = random.Random(size + jokers)
    pack = pack_mask(size, jokers)
    passed = 0
    for _ in range(2000):
        deck = _spoilt(rng, pack)
        try:
            check_deck(deck, pack)  # type: ignore[arg-type]
        except (CardError, TypeError, ValueError, IndexError):  # what the full check raises for a card that is no card
            ok = False
        else:
            ok = True
        assert is_deck(deck, pack_table(pack)) == ok, deck  # type: ignore[arg-type]
        passed += ok
    assert 0 < passed < 2000


@rule("DEAL-1", "DEAL-2", "DEAL-3", "GAME-3")
def test_deal_from_an_unshuffled_deck() -> None:
    # Three players, seat 1 deals: seat 2 (the dealer's left) gets the first card, then
    # seat 0, then seat 1, five rounds; the 16th card is the upcard; the rest the stock.
    h = Hand(full_deck(), players=3, dealer=1)
    assert names(h.dealt(2)) == ["Ac", "4c", "7c", "Tc", "Kc"]
    assert names(h.dealt(0)) == ["2c", "5c", "8c", "Jc", "Ad"]
    assert names(h.dealt(1)) == ["3c", "6c", "9c", "Qc", "2d"]
    assert names(h.discard_pile()) == ["3d"]
    assert h.stock() == list(range(16, 52))
    assert names(h.stock()[:2]) == ["4d", "5d"]
    assert h.to_act == 2


@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 0), (3, 1), (3, 2)])
@pytest.mark.parametrize("upcard", [True, False])
@rule("DEAL-1", "DEAL-2", "DEAL-3", "VAR-NOUP-1", "TURN-1")
def test_deal_order_one_card_at_a_time_from_the_dealers_left(players: int, dealer: int, upcard: bool) -> None:
    rules = DEFAULT.replace(upcard=upcard)
    for seed in range(20):
        deck = full_deck()
        random.Random(seed).shuffle(deck)
        h = Hand(deck, players, dealer, 1, rules)
        for s in range(players):
            expected = [deck[i] for i in range(5 * players) if (dealer + 1 + i) % players == s]
            assert len(expected) == 5
            assert h.dealt(s) == sorted(expected)
        n = 5 * players
        if upcard:
            assert h.discard_pile() == [deck[n]] and h.discard_top == deck[n] and h.discard_count == 1
            assert h.stock() == deck[n + 1 :] and h.stock_count == 52 - n - 1
        else:
            assert h.discard_pile() == [] and h.discard_top is None and h.discard_count == 0
            assert h.stock() == deck[n:] and h.stock_count == 52 - n
        if not h.is_over:
            assert h.to_act == (dealer + 1) % players
            assert all(h.hand(s) == h.dealt(s) for s in range(players))


@rule("DEAL-3", "STOCK-1")
def test_the_stock_is_drawn_in_order() -> None:
    h = deal(["2c 3d 4h 5s 6c", "2d 3h 4s 5c 6d"], dealer=1, upcard="Kh", stock="9c 9d 9h")
    drawn: list[int] = []
    while h.stock_count:
        seat = h.to_act
        assert seat is not None
        top = h.stock()[0]
        play(h, f"{'AB'[seat]} draw stock")
        drawn.append(top)
        assert top in h.hand(seat)
        play(h, f"{'AB'[seat]} discard {names([top])[0]}")
    assert names(drawn[:3]) == ["9c", "9d", "9h"]
    assert len(drawn) == 41 and len(set(drawn)) == 41
    # the stock is never rebuilt: empty it stays (the hand goes on, STOCK-1)
    assert h.stock() == [] and h.result is None


@rule("DEAL-1", "DEAL-2", "DEAL-3")
def test_stack_deck_deals_the_hands_it_was_given() -> None:
    hands = [cards("2c 3d 4h 5s 6c"), cards("2d 3h 4s 5c 6d"), cards("7c 8d 9h Ts Jc")]
    for dealer in range(3):
        deck = stack_deck(3, dealer, hands, cards("Kh")[0], cards("Qs Qd"))
        h = Hand(deck, 3, dealer)
        assert [h.hand(s) for s in range(3)] == [sorted(x) for x in hands]
        assert h.discard_top == cards("Kh")[0]
        assert h.stock()[:2] == cards("Qs Qd")


# --- DEALT ------------------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", [0, 1, 2])
@pytest.mark.parametrize("seat", [0, 1, 2])
@rule("DEALT-1", "DEALT-3", "PAY-DEALT-1")
def test_a_dealt_tonk_is_found_at_every_seat_dealer_included(seat: int, dealer: int) -> None:
    hands = ["2c 3d 4h 5s 6c", "2d 3h 4s 5c 6d", "7c 8d 9h 7s 8h"]
    hands[seat] = "Kc Qd Jh Ts 9c"  # 49
    h = deal(hands, dealer=dealer, stake=2)
    assert h.is_over and h.to_act is None and h.result is not None
    assert h.result.ending == "dealt_tonk" and h.result.winners == (seat,)
    assert h.result.net[seat] == 8
    assert all(h.result.net[s] == -4 for s in range(3) if s != seat)
    assert [e.rule for e in h.events if e.kind == "dealt_tonk"] == ["DEALT-1"]
    assert h.legal_actions() == []


@pytest.mark.parametrize(
    ("dealt_tonk", "hand", "tonk"),
    [
        ("49_50", "Kc Qd Jh Ts 9c", True),  # 49
        ("49_50", "Kc Qd Jh Ts Kd", True),  # 50
        ("49_50", "Kc Qd Jh Ts 8c", False),  # 48
        ("49_50", "Kc Qd Jh Ts Ks", True),  # 50 (five tens)
        ("50", "Kc Qd Jh Ts 9c", False),
        ("50", "Kc Qd Jh Ts Kd", True),
        ("none", "Kc Qd Jh Ts Kd", False),
        ("none", "Kc Qd Jh Ts 9c", False),
    ],
)
@rule("DEALT-1")
def test_dealt_tonk_totals(dealt_tonk: str, hand: str, tonk: bool) -> None:
    h = deal([hand, "2d 3h 4s 5c 6d"], dealer=1, rules=DEFAULT.replace(dealt_tonk=dealt_tonk))
    assert h.is_over == tonk
    if tonk:
        assert h.result is not None and h.result.ending == "dealt_tonk"
    else:
        assert h.to_act == 0 and h.stage == "start"


@pytest.mark.parametrize(
    ("hands", "dealer"),
    [
        (["Kc Qc Jd Th Ts", "Ks Qs Jc Tc 9d", "2c 3d 4h 5s 6c"], 2),  # 50 and 49 (W2)
        (["Kc Qc Jd Th Ts", "2c 3d 4h 5s 6c", "Ks Qs Jc Tc Kd"], 0),  # 50 and 50, dealer included
        (["Kc Qc Jd Th 9s", "Ks Qs Jc Tc 9d", "Kh Qd Js Td 9h"], 1),  # three 49s
        (["Kc Qc Jd Th 9s", "Ks Qs Jc Tc 9d"], 1),  # two players, both 49
    ],
)
@rule("DEALT-2", "DEALT-3")
def test_two_or_more_dealt_tonks_are_a_draw(hands: list[str], dealer: int) -> None:
    h = deal(hands, dealer=dealer)
    assert h.result is not None and h.result.ending == "dealt_draw"
    assert h.result.payments == () and set(h.result.net) == {0} and h.result.winners == ()
    assert h.to_act is None and h.legal_actions() == []
    assert [e.rule for e in h.events if e.kind == "dealt_draw"] == ["DEALT-2"]


@rule("DEALT-3")
def test_the_dealt_check_ignores_the_upcard() -> None:
    # 40 dealt, and the upcard is a 9 or a 10: the dealt cards do not make 49 or 50.
    for upcard in ("9h", "Th"):
        h = deal(["Kc Qd Jh 5s 5c", "2d 3h 4s 5h 6d"], dealer=1, upcard=upcard)
        assert not h.is_over and h.to_act == 0


@rule("DEALT-4")
def test_49_after_the_deal_is_worth_nothing() -> None:
    # A is dealt 41, draws the 10 of spades and discards the 2: A now holds 49.
    h = deal(["Kc Qd Jh 9s 2c", "2d 3h 4s 5c 6d"], dealer=1, stock="Ts 8h")
    play(h, "A draw stock", "A discard 2c")
    assert h.total(0) == 49 and len(h.hand(0)) == 5
    assert h.result is None and h.to_act == 1
    play(h, "B draw stock", "B discard 8h")
    assert h.result is None and h.to_act == 0
    assert not any(e.kind in ("dealt_tonk", "dealt_draw") for e in h.events)
    # A's 49 is only a total: A knocks with it and loses to B's 20
    play(h, "A knock")
    assert h.result is not None and h.result.ending == "knock_caught" and h.result.totals == (49, 20)
