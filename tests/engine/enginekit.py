"""Helpers for the engine unit tests: readable deals, actions written as text, and the
check that an illegal action changes nothing.

Seats are written A, B, C (= 0, 1, 2) in move lists, as in the brief's worked payments.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest

from tonk_ref.engine import actions as A
from tonk_ref.engine.actions import Action, IllegalAction
from tonk_ref.engine.cards import Card, pack_mask, parse_card
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.result import Amount, Payment
from tonk_ref.engine.ruleset import DEFAULT, Ruleset
from tonk_ref.engine.serialize import state_to_json
from tonk_ref.engine.stacking import stack_deck

SEATS = {"A": 0, "B": 1, "C": 2, "D": 3}


def cards(text: str) -> list[Card]:
    """``"Ah Td 5c"`` -> the three card codes."""
    return [parse_card(t) for t in text.split()]


def card(text: str) -> Card:
    return parse_card(text)


def deal(
    hands: Sequence[str],
    dealer: int = 0,
    upcard: str | None = "Qh",
    stock: str = "",
    rules: Ruleset = DEFAULT,
    stake: int = 1,
) -> Hand:
    """A hand dealing ``hands[seat]`` (five cards as text, or the ruleset's hand size) to
    each seat, then turning ``upcard`` (ignored under ``upcard = false``), with ``stock``
    on top of the stock; the rest of the ruleset's pack follows in code order."""
    players = len(hands)
    deck = stack_deck(
        players,
        dealer,
        [cards(h) for h in hands],
        card(upcard) if (upcard is not None and rules.upcard) else None,
        cards(stock),
        with_upcard=rules.upcard,
        hand_size=rules.hand_size_for(players),
        pack=pack_mask(rules.deck, rules.jokers),
    )
    return Hand(deck, players, dealer, stake, rules)


def action(text: str) -> Action:
    """``"draw stock"``, ``"draw discard"``, ``"knock"``, ``"knock Kd"`` (after drawing),
    ``"discard Kd"``, ``"spread 5c 6c 7c"``, ``"hit 8c 0"`` (card, spread index)."""
    word, *rest = text.split()
    if word == "draw":
        assert rest in (["stock"], ["discard"]), text
        return A.draw("stock" if rest == ["stock"] else "discard")
    if word == "knock":
        return A.knock(card(rest[0]) if rest else None)
    if word == "discard":
        return A.discard(card(rest[0]))
    if word == "spread":
        return A.spread(cards(" ".join(rest)))
    if word == "hit":
        return A.hit(card(rest[0]), int(rest[1]))
    if word == "declare":
        return A.declare()
    raise AssertionError(f"unknown action text {text!r}")


def play(hand: Hand, *moves: str) -> Hand:
    """Apply moves written ``"A draw stock"``, ``"B discard Kd"``: each names its seat,
    which must be the seat to act."""
    for move in moves:
        who, text = move.split(" ", 1)
        hand.apply(action(text), SEATS[who])
    return hand


def assert_illegal(hand: Hand, seat: int | None, act: Action | str, reason: str) -> IllegalAction:
    """``act`` by ``seat`` is refused with ``reason`` and the state is exactly unchanged:
    the same state JSON, an equal hand, the same record of events."""
    if isinstance(act, str):
        act = action(act)
    before_json = state_to_json(hand)
    before = hand.copy()
    before_events = hand.events
    before_legal = hand.legal_actions()
    with pytest.raises(IllegalAction) as info:
        hand.apply(act, seat)
    assert info.value.reason == reason, f"expected {reason}, got {info.value.reason}: {info.value.message}"
    assert state_to_json(hand) == before_json
    assert hand == before
    assert hand.events == before_events
    assert hand.legal_actions() == before_legal
    if seat is None or seat == hand.to_act:
        assert act not in before_legal
    return info.value


def pays(*items: tuple[str, str, Amount, str]) -> list[tuple[int, int, Amount, str]]:
    """Payments written ``("A", "B", 2, "PAY-CAUGHT-1")``: payer, payee, amount, rule."""
    return sorted((SEATS[a], SEATS[b], amt, rule) for a, b, amt, rule in items)


def payments_of(hand: Hand) -> list[tuple[int, int, Amount, str]]:
    assert hand.result is not None
    return sorted((p.payer, p.payee, p.amount, p.rule) for p in hand.result.payments)


def net(hand: Hand) -> tuple[Amount, ...]:
    assert hand.result is not None
    assert sum(hand.result.net, Fraction(0)) == 0, "the net results of a hand sum to zero (STAKE-2)"
    # the net is the sum of the payments
    computed: list[Amount] = [0] * hand.players
    for p in hand.result.payments:
        assert isinstance(p, Payment)
        computed[p.payer] -= p.amount
        computed[p.payee] += p.amount
    assert tuple(computed) == hand.result.net
    return hand.result.net


# ---------------------------------------------------------------------------------------
# Hands where each seat holds chosen cards after laying one spread.  Every seat is dealt
# its held cards plus one of LAYS; in a first round, from the first player, each seat
# draws a filler from the stock, lays its spread and discards the filler.  Held cards
# must avoid the LAYS, the FILLERS and the upcard Qh.
LAYS = ("7c 8c 9c", "7d 8d 9d", "7s 8s 9s")
FILLERS = ("Kc", "Kd", "Ks")
LETTERS = "ABCD"


def laid(held: Sequence[str], first: int = 0, rules: Ruleset = DEFAULT, stake: int = 1) -> Hand:
    """After the first round, seat ``s`` holds exactly ``held[s]`` (two cards) and
    ``first`` is to act again."""
    n = len(held)
    hands = [f"{held[s]} {LAYS[s]}" for s in range(n)]
    # the k-th filler is drawn by the k-th player of the round
    stock = " ".join(FILLERS[k] for k in range(n))
    h = deal(hands, dealer=(first - 1) % n, upcard="Qh", stock=stock, rules=rules, stake=stake)
    for k in range(n):
        s = (first + k) % n
        who = LETTERS[s]
        play(h, f"{who} draw stock", f"{who} spread {LAYS[s]}", f"{who} discard {FILLERS[k]}")
    for s in range(n):
        assert h.hand(s) == sorted(cards(held[s])), (s, h.hand(s))
    assert h.to_act == first
    return h


def run_down_stock(hand: Hand) -> None:
    """Every player in turn draws from the stock and discards the card drawn, until the
    stock is empty (nobody's holding changes)."""
    while hand.stock_count:
        seat = hand.to_act
        assert seat is not None
        drawn = hand.stock()[0]
        hand.apply(A.draw("stock"), seat)
        hand.apply(A.discard(drawn), seat)


@functools.cache
def rules_yaml() -> dict[str, Any]:
    """spec/rules.yaml, parsed once."""
    import yaml

    from tonk_ref.paths import spec_dir

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data: dict[str, Any] = yaml.load((spec_dir() / "rules.yaml").read_text(encoding="utf-8"), Loader=loader)
    return data


def rule_ids() -> frozenset[str]:
    """Every rule ID of spec/rules.yaml."""
    return frozenset(r["id"] for r in rules_yaml()["rules"])
