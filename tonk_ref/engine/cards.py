"""Cards: the canonical notation, integer codes, bit sets and values (spec section CARD).

A card is an ``int`` 0..51: ``suit * 13 + rank`` with rank 0 = ace .. 12 = king and
suits in the order clubs, diamonds, hearts, spades.  A set of cards is an ``int`` bit
mask with bit ``card`` set, so membership, union and removal are single operations.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from ..errors import TonkError

RANKS = "A23456789TJQK"
SUITS = "cdhs"
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"
DECK_SIZE = 52
FULL_DECK_MASK = (1 << DECK_SIZE) - 1
#: The two jokers of option ``jokers = 2`` (rule VAR-JOKER-1), written X1 and X2.
JOKERS = (52, 53)
CARD_CODES = 54
JOKER_MASK = (1 << 52) | (1 << 53)

Card = int
CardMask = int

NAMES: tuple[str, ...] = (*(r + s for s in SUITS for r in RANKS), "X1", "X2")
_CODES: dict[str, Card] = {name: i for i, name in enumerate(NAMES)}
BITS: tuple[int, ...] = tuple(1 << c for c in range(CARD_CODES))


class CardError(TonkError, ValueError):
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
        f"from {SUITS!r}, for example 'Ah' or 'Td' (rule CARD-2), or a joker X1 or X2"
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
    """The cards of a mask in code order (clubs A..K, then diamonds, ..., then the jokers):
    read suit by suit from tables of the cards of each 13-bit set, built at the first call.
    The mask is cut once into its low 26 bits and the rest, small ints that are cheaper to
    cut again than the whole."""
    try:
        low = mask & 0x3FFFFFF
        high = mask >> 26
        if high >> 26:  # jokers, or bits past them
            return [*_CLUBS[low & 0x1FFF], *_DIAMONDS[low >> 13], *_HEARTS[high & 0x1FFF],
                    *_SPADES[high >> 13 & 0x1FFF], *_JOKERS[high >> 26]]
        return [*_CLUBS[low & 0x1FFF], *_DIAMONDS[low >> 13], *_HEARTS[high & 0x1FFF], *_SPADES[high >> 13]]
    except (IndexError, OverflowError):  # the tables are not built yet, or bits past the jokers
        # (compiled by mypyc, an index past the machine word overflows)
        if not _SPADES:
            _build_suit_cards()
            return cards_of(mask)
        return _bit_by_bit(mask)


def _bit_by_bit(mask: CardMask) -> list[Card]:
    """The set bits of a mask past the tables (codes above the jokers), lowest first."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


#: The cards of each 13-bit set of ranks of clubs, diamonds, hearts and spades.  Built by
#: :func:`_build_suit_cards`.
_CLUBS: tuple[tuple[Card, ...], ...] = ()
_DIAMONDS: tuple[tuple[Card, ...], ...] = ()
_HEARTS: tuple[tuple[Card, ...], ...] = ()
_SPADES: tuple[tuple[Card, ...], ...] = ()
#: The jokers of each 2-bit set above the spades.
_JOKERS: tuple[tuple[Card, ...], ...] = ((), (52,), (53,), (52, 53))


def _build_suit_cards() -> None:
    global _CLUBS, _DIAMONDS, _HEARTS, _SPADES
    tables = []
    for base in (0, 13, 26, 39):
        cards: list[tuple[Card, ...]] = [()] * (1 << 13)
        for m in range(1, 1 << 13):
            top = m.bit_length() - 1  # the highest card comes last
            cards[m] = (*cards[m ^ 1 << top], base + top)
        tables.append(tuple(cards))
    _CLUBS, _DIAMONDS, _HEARTS, _SPADES = tables


def iter_cards(mask: CardMask) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def full_deck() -> list[Card]:
    """The 52 cards in code order (an unshuffled deck, top first)."""
    return list(range(DECK_SIZE))


def pack_mask(deck: int = 52, jokers: int = 0) -> CardMask:
    """The cards of a pack: 52, or 40 without the 8s, 9s and 10s; plus 0 or 2 jokers."""
    mask = FULL_DECK_MASK
    if deck == 40:
        for r in (7, 8, 9):
            for s in range(4):
                mask &= ~(1 << (s * 13 + r))
    if jokers:
        mask |= JOKER_MASK
    return mask


def check_deck(deck: Sequence[Card], expected: CardMask = FULL_DECK_MASK) -> None:
    """A deck is every card of the pack exactly once (rule CARD-1): by default the 52
    cards; ``expected`` is the pack of the ruleset (40 cards, jokers)."""
    if is_deck(deck, pack_table(expected)):
        return
    size = expected.bit_count()
    seen = mask_of(deck)
    if len(deck) != size or seen != expected:
        missing = names(cards_of(expected & ~seen))
        extra = names(cards_of(seen & ~expected))
        counted = Counter(deck)  # once over the deck: a deck of 100,000 cards is not counted per card
        dupes = sorted(NAMES[c] for c, n in counted.items() if n > 1)
        parts = [f"a deck holds each of the {size} cards of the pack once, got {len(deck)} cards"]
        if dupes:
            parts.append(f"duplicated {dupes}")
        if missing:
            parts.append(f"missing {missing}")
        if extra:
            parts.append(f"not in this pack {extra}")
        raise CardError("; ".join(parts))


#: A pack as :func:`is_deck` reads it: as many bytes 255 as the pack has cards, and the
#: translation table that sends each card of the pack to 255.
PackTable = tuple[bytes, bytes]


def is_deck(deck: Sequence[Card], pack: PackTable) -> bool:
    """Whether ``deck`` is every card of a pack exactly once, as :func:`check_deck` finds in
    the common case; False for any other deck, which :func:`check_deck` then explains.
    ``pack`` is the pack's :func:`pack_table`.

    The deck is read as bytes (integers 0 to 255, else it is not this common case), and the
    translation table that sends each of its cards to 255 is made: it is the pack's own
    exactly when the deck holds every card of the pack, and since ``bytes.maketrans`` takes
    only as many cards as the pack has, it then holds each one once."""
    marks, table = pack
    try:
        return bytes.maketrans(bytes(deck), marks) == table
    except (TypeError, ValueError):  # not bytes, or not as many cards as the pack
        return False


@functools.lru_cache(maxsize=8)  # keyed by a pack: four packs (52 or 40 cards, jokers or not)
def pack_table(pack: CardMask) -> PackTable:
    """The :data:`PackTable` of the cards of ``pack`` (a mask)."""
    cards = bytes(cards_of(pack))
    marks = b"\xff" * len(cards)
    return marks, bytes.maketrans(cards, marks)


def value_table(face_values: Sequence[int]) -> tuple[int, ...]:
    """Value of each card code, given the values of ranks A..K."""
    return tuple(face_values[c % 13] for c in range(DECK_SIZE))


def suit_sum_table(rank_values: Sequence[int]) -> tuple[int, ...]:
    """For each 13-bit rank mask, the sum of the values of the ranks it holds (computed
    once per list of rank values: every ruleset with the same face values shares it)."""
    return _suit_sum_table(tuple(rank_values))


@functools.cache
def _suit_sum_table(rank_values: tuple[int, ...]) -> tuple[int, ...]:
    table = [0] * (1 << 13)
    for m in range(1, 1 << 13):
        low = m & -m
        table[m] = table[m ^ low] + rank_values[low.bit_length() - 1]
    return tuple(table)
