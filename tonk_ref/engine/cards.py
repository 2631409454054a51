"""Cards: the canonical notation, integer codes, bit sets and values (spec section CARD).

A card is an ``int`` 0..51: ``suit * 13 + rank`` with rank 0 = ace .. 12 = king and
suits in the order clubs, diamonds, hearts, spades.  A set of cards is an ``int`` bit
mask with bit ``card`` set, so membership, union and removal are single operations.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

RANKS = "A23456789TJQK"
SUITS = "cdhs"
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"
DECK_SIZE = 52
FULL_DECK_MASK = (1 << DECK_SIZE) - 1

Card = int
CardMask = int

NAMES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
_CODES: dict[str, Card] = {name: i for i, name in enumerate(NAMES)}
BITS: tuple[int, ...] = tuple(1 << c for c in range(DECK_SIZE))


class CardError(ValueError):
    """A string that is not a card in the canonical notation (rule CARD-2)."""


def rank_of(card: Card) -> int:
    return card % 13


def suit_of(card: Card) -> int:
    return card // 13


def make(rank: int, suit: int) -> Card:
    return suit * 13 + rank


def parse_card(text: object) -> Card:
    """Parse one card such as ``"Ah"`` or ``"Td"``; raise :class:`CardError` otherwise."""
    if isinstance(text, str):
        code = _CODES.get(text)
        if code is not None:
            return code
    raise CardError(
        f"{text!r} is not a card: expected a rank from {RANKS!r} followed by a suit "
        f"from {SUITS!r}, for example 'Ah' or 'Td' (rule CARD-2)"
    )


def parse_cards(items: Iterable[object]) -> list[Card]:
    return [parse_card(item) for item in items]


def name(card: Card) -> str:
    return NAMES[card]


def names(cards: Iterable[Card]) -> list[str]:
    return [NAMES[c] for c in cards]


def mask_of(cards: Iterable[Card]) -> CardMask:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: CardMask) -> list[Card]:
    """The cards of a mask in code order (clubs A..K, then diamonds, ...)."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: CardMask) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def full_deck() -> list[Card]:
    """The 52 cards in code order (an unshuffled deck, top first)."""
    return list(range(DECK_SIZE))


def check_deck(deck: Sequence[Card]) -> None:
    """A deck is every one of the 52 cards exactly once (rule CARD-1)."""
    if len(deck) != DECK_SIZE:
        raise CardError(f"a deck has {DECK_SIZE} cards, got {len(deck)}")
    seen = mask_of(deck)
    if seen != FULL_DECK_MASK:
        missing = names(cards_of(FULL_DECK_MASK & ~seen))
        dupes = sorted({NAMES[c] for c in deck if deck.count(c) > 1})
        raise CardError(f"a deck holds each card once: duplicated {dupes}, missing {missing}")


def value_table(face_values: Sequence[int]) -> tuple[int, ...]:
    """Value of each card code, given the values of ranks A..K."""
    return tuple(face_values[c % 13] for c in range(DECK_SIZE))


def suit_sum_table(rank_values: Sequence[int]) -> tuple[int, ...]:
    """For each 13-bit rank mask, the sum of the values of the ranks it holds."""
    table = [0] * (1 << 13)
    for m in range(1, 1 << 13):
        low = m & -m
        table[m] = table[m ^ low] + rank_values[low.bit_length() - 1]
    return tuple(table)
