"""Spreads: books and runs (spec sections SPREAD and HIT), on card bit masks.

A run's cards occupy *positions* within one suit.  With the standard pack the position
of a card is its rank (ace = 0 .. king = 12); with the 40-card pack (option ``deck``)
the jack follows the seven.  When the ace may be high (``ace = low_or_high``) it may
stand one position above the king instead; a run never wraps (K-A-2 is never a run).

Wild cards (jokers, and deuces under ``deuces_wild``) stand for any card a spread needs
(rule VAR-WILD-1).  The common case, no wild cards and the standard pack, runs on bit
tricks; everything else goes through a plain general search.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from .cards import BITS, Card, CardMask, cards_of

SpreadKind = Literal["book", "run"]

RANK_MASKS: tuple[int, ...] = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
_ACES = RANK_MASKS[0]


@dataclass(frozen=True, slots=True)
class Geometry:
    """What a ruleset says about the shape of spreads."""

    ace_high: bool = False
    wild: CardMask = 0  # the wild cards of the pack
    pos: tuple[int, ...] = tuple(range(13))  # rank -> position in a run (-1: not in the pack)
    top: int = 12  # the king's position
    simple: bool = True  # no wild cards and the standard pack: the bit-trick paths apply
    min_naturals: int = 1  # natural cards a spread needs (option wild_min_naturals)

    @property
    def high(self) -> int:
        """The highest position a run may reach."""
        return self.top + 1 if self.ace_high else self.top

    def positions(self, card: Card) -> tuple[int, ...]:
        p = self.pos[card % 13]
        if card % 13 == 0 and self.ace_high:
            return (p, self.top + 1)
        return (p,)


STANDARD = Geometry()


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
    hi: int = -1  # runs: highest position

    def with_card(self, card: Card, g: Geometry = STANDARD) -> Spread | None:
        """The spread with ``card`` added, or None if it does not fit (rule HIT-3)."""
        bit = BITS[card]
        if self.mask & bit:
            return None
        cards = (*self.cards, card)
        mask = self.mask | bit
        if self.kind == "book":
            if len(self.cards) >= 4:
                return None
            if card < 52 and card % 13 == self.rank:
                return Spread(self.owner, "book", cards, mask, rank=self.rank)
            if g.wild & bit:
                return Spread(self.owner, "book", cards, mask, rank=self.rank)
            return None
        if card < 52 and card // 13 == self.suit:
            for p in g.positions(card):
                if p == self.lo - 1 and p >= 0:
                    return Spread(self.owner, "run", cards, mask, suit=self.suit, lo=p, hi=self.hi)
                if p == self.hi + 1:
                    return Spread(self.owner, "run", cards, mask, suit=self.suit, lo=self.lo, hi=p)
        if g.wild & bit:
            if self.hi < g.high:
                return Spread(self.owner, "run", cards, mask, suit=self.suit, lo=self.lo, hi=self.hi + 1)
            if self.lo > 0:
                return Spread(self.owner, "run", cards, mask, suit=self.suit, lo=self.lo - 1, hi=self.hi)
        return None


def _contiguous(bits: int) -> bool:
    if not bits:
        return False
    low = bits & -bits
    run = bits // low
    return run & (run + 1) == 0


def make_spread(owner: int, cards: tuple[Card, ...], g: Geometry = STANDARD) -> Spread | None:
    """The spread these distinct cards form, or None (rules SPREAD-1..3, VAR-WILD-1)."""
    if len(cards) < 3:
        return None
    if not g.simple:
        return _make_general(owner, cards, g)
    n = len(cards)
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
    if g.ace_high and bits & 1:
        high = (bits >> 1) | (1 << 12)  # positions 1..13 shifted down by one
        if _contiguous(high):
            lo = (high & -high).bit_length()  # back to positions
            return Spread(owner, "run", cards, mask, suit=suit, lo=lo, hi=13)
    return None


def _make_general(owner: int, cards: tuple[Card, ...], g: Geometry) -> Spread | None:
    """The plain search: try every choice of which wild-capable cards stand as
    themselves (most naturals first); a spread needs ``g.min_naturals`` natural cards."""
    mask = 0
    for c in cards:
        mask |= BITS[c]
    if len(cards) != mask.bit_count():
        return None
    flexible = [c for c in cards if c < 52 and g.wild & BITS[c]]  # wild deuces
    fixed = [c for c in cards if not g.wild & BITS[c]]
    for k in range(len(flexible), -1, -1):
        for chosen in combinations(flexible, k):
            naturals = fixed + list(chosen)
            if len(naturals) < g.min_naturals:
                continue
            wilds = len(cards) - len(naturals)
            sp = _book(owner, cards, mask, naturals, g)
            if sp is None and len(naturals) > 1:  # one natural card with wild cards is a book
                sp = _run(owner, cards, mask, naturals, wilds, g)
            if sp is not None:
                return sp
    return None


def _book(owner: int, cards: tuple[Card, ...], mask: int, naturals: list[Card], g: Geometry) -> Spread | None:
    rank = naturals[0] % 13
    if len(cards) > 4 or g.pos[rank] < 0 or any(c % 13 != rank for c in naturals):
        return None
    return Spread(owner, "book", cards, mask, rank=rank)


def _run(
    owner: int, cards: tuple[Card, ...], mask: int, naturals: list[Card], wilds: int, g: Geometry
) -> Spread | None:
    suit = naturals[0] // 13
    if any(c // 13 != suit for c in naturals):
        return None
    # each natural ace may stand low or (ace_high) high: try the low reading first
    choices: list[list[int]] = [[]]
    for c in naturals:
        choices = [[*ps, p] for ps in choices for p in g.positions(c) if p >= 0]
    for ps in choices:
        if len(set(ps)) != len(ps):
            continue
        nlo, nhi = min(ps), max(ps)
        gaps = (nhi - nlo + 1) - len(ps)
        if gaps > wilds:
            continue
        extra = wilds - gaps
        hi = min(g.high, nhi + extra)
        lo = nlo - (extra - (hi - nhi))
        if lo < 0:
            continue
        return Spread(owner, "run", cards, mask, suit=suit, lo=lo, hi=hi)
    return None


def _subsets(mask: CardMask, least: int = 3) -> Iterator[tuple[Card, ...]]:
    cards = cards_of(mask)
    for k in range(least, len(cards) + 1):
        yield from combinations(cards, k)


def spread_masks(mask: CardMask, g: Geometry = STANDARD) -> list[CardMask]:
    """Every subset of ``mask`` that is a valid spread, without repeats."""
    if not g.simple:
        out = []
        for combo in _subsets(mask):
            if _make_general(-1, combo, g) is not None:
                m = 0
                for c in combo:
                    m |= BITS[c]
                out.append(m)
        return out
    found: list[CardMask] = []
    for rank_mask in RANK_MASKS:
        book = mask & rank_mask
        if book.bit_count() >= 3:
            found.append(book)
            if book.bit_count() == 4:
                found.extend(book & ~BITS[c] for c in cards_of(book))
    for suit in range(4):
        bits = (mask >> (13 * suit)) & 0x1FFF
        if bits:
            shift = 13 * suit
            found.extend(run << shift for run in _runs_in(bits, g.ace_high))
    return found


@functools.cache
def _runs_in(bits: int, ace_high: bool) -> tuple[int, ...]:
    """Every run (three or more ranks in sequence) within the 13-bit rank set ``bits`` of
    one suit, as 13-bit sets, in a fixed order; computed once per set of ranks."""
    positions = bits | ((bits & 1) << 13) if ace_high else bits
    found: list[int] = []
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
                    sub |= 1 << (p % 13)
                if sub not in seen:
                    seen.add(sub)
                    found.append(sub)
        start = end + 1
    return tuple(found)


def has_forced_spread(mask: CardMask, g: Geometry = STANDARD) -> bool:
    """Whether a hand holds a spread that forced spreads make the player lay (VAR-FORCED-1):
    any run, any book of four, any book of three that is not three natural aces."""
    if not g.simple:
        if (mask & _ACES).bit_count() == 4:
            return True
        # every size: with wild_min_naturals = 2 a run of five may have no smaller spread in it
        for sub in _subsets(mask, 3):
            if _make_general(-1, sub, g) is not None:
                if len(sub) == 3 and all(c < 52 and c % 13 == 0 for c in sub):
                    continue
                return True
        return False
    for r in range(1, 13):
        if (mask & RANK_MASKS[r]).bit_count() >= 3:
            return True
    if (mask & _ACES).bit_count() == 4:
        return True
    for suit in range(4):
        bits = (mask >> (13 * suit)) & 0x1FFF
        if g.ace_high and bits & 1:
            bits |= 1 << 13
        if bits & (bits >> 1) & (bits >> 2):
            return True
    return False


def best_cover(mask: CardMask, values: tuple[int, ...], g: Geometry = STANDARD) -> int:
    """The largest total value of disjoint spreads within ``mask`` (for deadwood counting)."""
    options = spread_masks(mask, g)
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
