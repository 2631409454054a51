"""Stacked decks: build the 52-card deck order that deals given hands (rules DEAL-1..3).

Scenarios and tests describe a deal readably (each seat's hand, the upcard, the top of
the stock); :func:`stack_deck` turns that into the one deck order that deals it, filling
the rest of the stock deterministically with the unused cards in code order.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import DECK_SIZE, NAMES, Card
from .hand import HAND_SIZE


class StackError(ValueError):
    """A deal that no deck order produces: wrong hand sizes, a card used twice."""


def stack_deck(
    players: int,
    dealer: int,
    hands: Sequence[Sequence[Card]],
    upcard: Card | None = None,
    stock_top: Sequence[Card] = (),
    *,
    with_upcard: bool = True,
    rest: Sequence[Card] | None = None,
) -> list[Card]:
    """The deck order (top first) that deals ``hands`` (one list per seat), then turns
    ``upcard`` (when the ruleset has one), then leaves ``stock_top`` on top of the stock.
    ``rest`` optionally orders the remaining cards; by default they follow in code order."""
    if len(hands) != players:
        raise StackError(f"{players} players need {players} hands, got {len(hands)}")
    for seat, cards in enumerate(hands):
        if len(cards) != HAND_SIZE:
            raise StackError(f"seat {seat} must be dealt {HAND_SIZE} cards, got {len(cards)}")
    if with_upcard and upcard is None:
        raise StackError("the ruleset turns an upcard (DEAL-2): name one")
    if not with_upcard and upcard is not None:
        raise StackError("the ruleset turns no upcard (VAR-NOUP-1), but one was named")
    used: list[Card] = [c for cards in hands for c in cards]
    if upcard is not None:
        used.append(upcard)
    used.extend(stock_top)
    seen: set[Card] = set()
    for c in used:
        if c in seen:
            raise StackError(f"{NAMES[c]} is used twice in the deal")
        seen.add(c)
    deck: list[Card] = []
    first = (dealer + 1) % players
    for i in range(HAND_SIZE):
        for k in range(players):
            deck.append(hands[(first + k) % players][i])
    if upcard is not None:
        deck.append(upcard)
    deck.extend(stock_top)
    if rest is None:
        deck.extend(c for c in range(DECK_SIZE) if c not in seen)
    else:
        extra = [c for c in rest if c not in seen]
        if len(deck) + len(extra) != DECK_SIZE or len(set(extra)) != len(extra):
            raise StackError("the rest of the deck must hold every unused card once")
        deck.extend(extra)
    return deck
