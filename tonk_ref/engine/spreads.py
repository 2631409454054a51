"""Spreads: books and runs (spec sections SPREAD and HIT), on card bit masks.

A run's cards occupy *positions* 0..12 within one suit (ace = 0).  When the ruleset
lets the ace be high (``ace = low_or_high``) an ace may stand at position 13 instead,
after the king; a run never wraps (K-A-2 is never a run).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import BITS, Card, CardMask, cards_of

SpreadKind = Literal["book", "run"]

RANK_MASKS: tuple[int, ...] = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
_ACES = RANK_MASKS[0]


@dataclass(frozen=True, slots=True)
class Spread:
    """A spread on the table.  ``cards`` keeps the order laid, hits appended."""

    owner: int
    kind: SpreadKind
    cards: tuple[Card, ...]
    mask: CardMask
    rank: int = -1  # books
    suit: int = -1  # runs
    lo: int = -1  # runs: lowest position
    hi: int = -1  # runs: highest position (13 = ace high)

    def with_card(self, card: Card, ace_high: bool) -> Spread | None:
        """The spread with ``card`` added, or None if it does not fit (rule HIT-3)."""
        if self.mask & BITS[card]:
            return None
        suit, rank = divmod(card, 13)
        if self.kind == "book":
            if rank != self.rank or len(self.cards) >= 4:
                return None
            return Spread(self.owner, "book", (*self.cards, card), self.mask | BITS[card], rank=rank)
        if suit != self.suit:
            return None
        if rank == self.lo - 1:
            return Spread(self.owner, "run", (*self.cards, card), self.mask | BITS[card], suit=suit, lo=rank, hi=self.hi)
        pos = 13 if (rank == 0 and ace_high) else rank
        if pos == self.hi + 1:
            return Spread(self.owner, "run", (*self.cards, card), self.mask | BITS[card], suit=suit, lo=self.lo, hi=pos)
        return None


def _contiguous(bits: int) -> bool:
    if not bits:
        return False
    low = bits & -bits
    run = bits // low
    return run & (run + 1) == 0


def make_spread(owner: int, cards: tuple[Card, ...], ace_high: bool) -> Spread | None:
    """The spread these distinct cards form, or None (rules SPREAD-1..3)."""
    n = len(cards)
    if n < 3:
        return None
    mask = 0
    for c in cards:
        mask |= BITS[c]
    first = cards[0]
    rank = first % 13
    if mask & RANK_MASKS[rank] == mask:
        return Spread(owner, "book", cards, mask, rank=rank) if n <= 4 else None
    suit = first // 13
    if mask & SUIT_MASKS[suit] != mask:
        return None
    bits = mask >> (13 * suit)
    if _contiguous(bits):
        lo = (bits & -bits).bit_length() - 1
        return Spread(owner, "run", cards, mask, suit=suit, lo=lo, hi=bits.bit_length() - 1)
    if ace_high and bits & 1:
        high = (bits >> 1) | (1 << 12)  # positions 1..13 shifted down by one
        if _contiguous(high):
            lo = (high & -high).bit_length()  # back to positions
            return Spread(owner, "run", cards, mask, suit=suit, lo=lo, hi=13)
    return None


def spread_masks(mask: CardMask, ace_high: bool) -> list[CardMask]:
    """Every subset of ``mask`` that is a valid spread, without repeats."""
    found: list[CardMask] = []
    for rank_mask in RANK_MASKS:
        book = mask & rank_mask
        if book.bit_count() >= 3:
            members = cards_of(book)
            if len(members) == 3:
                found.append(book)
            else:
                found.append(book)
                found.extend(book & ~BITS[c] for c in members)
    for suit in range(4):
        bits = (mask >> (13 * suit)) & 0x1FFF
        if not bits:
            continue
        positions = bits | ((bits & 1) << 13) if ace_high else bits
        seen: set[int] = set()
        start = 0
        while start < 14:
            if not positions >> start & 1:
                start += 1
                continue
            end = start
            while end + 1 < 14 and positions >> (end + 1) & 1:
                end += 1
            for i in range(start, end - 1):
                for j in range(i + 2, end + 1):
                    sub = 0
                    for p in range(i, j + 1):
                        sub |= BITS[suit * 13 + (p % 13)]
                    if sub not in seen:
                        seen.add(sub)
                        found.append(sub)
            start = end + 1
    return found


def has_forced_spread(mask: CardMask, ace_high: bool) -> bool:
    """Whether a hand holds a spread that forced spreads make the player lay (VAR-FORCED-1):
    any run, any book of four, any book of three that is not three aces."""
    for r in range(1, 13):
        if (mask & RANK_MASKS[r]).bit_count() >= 3:
            return True
    if (mask & _ACES).bit_count() == 4:
        return True
    for suit in range(4):
        bits = (mask >> (13 * suit)) & 0x1FFF
        if ace_high and bits & 1:
            bits |= 1 << 13
        if bits & (bits >> 1) & (bits >> 2):
            return True
    return False


def best_cover(mask: CardMask, values: tuple[int, ...], ace_high: bool) -> int:
    """The largest total value of disjoint spreads within ``mask`` (for deadwood counting)."""
    options = spread_masks(mask, ace_high)
    best = 0

    def value(m: int) -> int:
        return sum(values[c] for c in cards_of(m))

    def search(i: int, used: int, acc: int) -> None:
        nonlocal best
        if acc > best:
            best = acc
        for k in range(i, len(options)):
            m = options[k]
            if not m & used:
                search(k + 1, used | m, acc + value(m))

    search(0, 0, 0)
    return best
