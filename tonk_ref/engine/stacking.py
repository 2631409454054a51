"""Stacked decks: build the 52-card deck order that deals given hands (rules DEAL-1..3).

Scenarios and tests describe a deal readably (each seat's hand, the upcard, the top of
the stock); :func:`stack_deck` turns that into the one deck order that deals it, filling
the rest of the stock deterministically with the unused cards in code order.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import TonkError
from .cards import FULL_DECK_MASK, NAMES, Card, CardMask, cards_of
from .hand import HAND_SIZE


class StackError(TonkError, ValueError):
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
    hand_size: int = HAND_SIZE,
    pack: CardMask = FULL_DECK_MASK,
) -> list[Card]:
    """The deck order (top first) that deals ``hands`` (one list per seat), then turns
    ``upcard`` (when the ruleset has one), then leaves ``stock_top`` on top of the stock.
    ``rest`` optionally orders the remaining cards; by default they follow in code order.
    ``hand_size`` and ``pack`` follow the ruleset (options hand_size, deck, jokers)."""
    if len(hands) != players:
        raise StackError(f"{players} players need {players} hands, got {len(hands)}")
    for seat, cards in enumerate(hands):
        if len(cards) != hand_size:
            raise StackError(f"seat {seat} must be dealt {hand_size} cards, got {len(cards)}")
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
        if not pack >> c & 1:
            raise StackError(f"{NAMES[c]} is not in the pack of this ruleset")
        seen.add(c)
    deck: list[Card] = []
    first = (dealer + 1) % players
    for i in range(hand_size):
        for k in range(players):
            deck.append(hands[(first + k) % players][i])
    if upcard is not None:
        deck.append(upcard)
    deck.extend(stock_top)
    unused = [c for c in cards_of(pack) if c not in seen]
    if rest is None:
        deck.extend(unused)
    else:
        extra = [c for c in rest if c not in seen]
        if sorted(extra) != unused:
            raise StackError("the rest of the deck must hold every unused card once")
        deck.extend(extra)
    return deck
