"""Spreads: books and runs (spec sections SPREAD and HIT), on card bit masks.

A run's cards occupy *positions* within one suit.  With the standard pack the position
of a card is its rank (ace = 0 .. king = 12); with the 40-card pack (option ``deck``)
the jack follows the seven.  When the ace may be high (``ace = low_or_high``) it may
stand one position above the king instead; a run never wraps (K-A-2 is never a run).

Wild cards (jokers, and deuces under ``deuces_wild``) stand for any card a spread needs
(rule VAR-WILD-1).  The common case, no wild cards and the standard pack, runs on bit
tricks; everything else goes through a plain general search, which reads one set of
cards (:func:`make_spread`).  Listing every spread of a hand with wild cards
(:func:`spread_masks`) builds them from their readings instead of reading every subset
of the hand: a book is natural cards of one rank with wild cards, a run natural cards of
one suit with enough wild cards to fill its gaps.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from mypy_extensions import mypyc_attr

from .cards import BITS, FULL_DECK_MASK, Card, CardMask, cards_of

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


# Open to interpreted subclasses (in the compiled build): the mutants subclass it.
@mypyc_attr(allow_interpreted_subclasses=True)
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


def spread_masks(mask: CardMask, g: Geometry = STANDARD) -> list[CardMask]:
    """Every subset of ``mask`` that is a valid spread, without repeats.  With wild cards
    or the 40-card pack they come smallest first, sets of one size in the order of their
    cards (as ``itertools.combinations`` of the cards in code order gives them)."""
    if not g.simple:
        return sorted(set(_general_spreads(mask, g)), key=_subset_order)
    found: list[CardMask] = []
    suits = (mask & 0x1FFF, mask >> 13 & 0x1FFF, mask >> 26 & 0x1FFF, mask >> 39 & 0x1FFF)
    c0, c1, c2, c3 = suits
    books = (c0 & c1) & (c2 | c3) | (c2 & c3) & (c0 | c1)  # the ranks held in three suits or four
    while books:
        low = books & -books
        books ^= low
        book = mask & RANK_MASKS[low.bit_length() - 1]
        found.append(book)
        if book.bit_count() == 4:
            found.extend(book & ~BITS[c] for c in cards_of(book))
    for suit, bits in enumerate(suits):
        positions = bits | (bits & 1) << 13 if g.ace_high else bits
        if positions & positions >> 1 & positions >> 2:  # three in sequence
            shift = 13 * suit
            found.extend(run << shift for run in _runs_in(bits, g.ace_high))
    return found


def _subset_order(m: CardMask) -> tuple[int, list[Card]]:
    return m.bit_count(), cards_of(m)


def _submasks(mask: CardMask) -> Iterator[CardMask]:
    """Every subset of ``mask``, the empty one included."""
    sub = mask
    while True:
        yield sub
        if not sub:
            return
        sub = (sub - 1) & mask


def _general_spreads(mask: CardMask, g: Geometry) -> Iterator[CardMask]:
    """Every spread within ``mask`` under ``g`` (wild cards, the 40-card pack), some more
    than once, built from the readings :func:`_make_general` tries: some of the
    wild-capable cards (jokers, wild deuces) stand wild, the others with the fixed cards
    are the naturals, at least ``g.min_naturals`` of them.  A book: naturals of one rank of
    the pack, three or four cards in all.  A run: two or more naturals of one suit, at
    distinct positions, whose gaps the wild cards fill, no longer than the positions allow."""
    wild = mask & g.wild
    fixed = mask & ~g.wild
    naturals = fixed | (wild & FULL_DECK_MASK)  # wild deuces may also stand as themselves
    least = max(1, g.min_naturals)
    by_size: list[list[CardMask]] = [[] for _ in range(wild.bit_count() + 1)]
    for w in _submasks(wild):
        by_size[w.bit_count()].append(w)
    most = len(by_size) - 1
    for rank in range(13):
        pool = naturals & RANK_MASKS[rank]
        if not pool or pool.bit_count() + most < 3 or g.pos[rank] < 0:
            continue
        for nat in _submasks(pool):
            n = nat.bit_count()
            if n < least:
                continue
            for k in range(max(0, 3 - n), min(4 - n, most) + 1):
                for w in by_size[k]:
                    if not w & nat:
                        yield nat | w
    longest = g.high + 1
    outside = _outside(g.pos) * _SUITS_OF_RANKS  # a card with no position in the pack is in no run
    for suit in range(4):
        pool = naturals & SUIT_MASKS[suit] & ~outside
        if pool.bit_count() < 2 or pool.bit_count() + most < 3:
            continue
        for nat in _submasks(pool):
            n = nat.bit_count()
            if n < 2 or n < least:
                continue
            gaps = _fewest_gaps(nat >> (13 * suit), n, g)
            for k in range(max(gaps, 3 - n), min(longest - n, most) + 1):
                for w in by_size[k]:
                    if not w & nat:
                        yield nat | w


@functools.lru_cache(maxsize=4)  # keyed by the positions of a pack: two packs
def _outside(pos: tuple[int, ...]) -> int:
    """The ranks (a 13-bit set) that have no position in the pack."""
    return sum(1 << r for r in range(13) if pos[r] < 0)


def _fewest_gaps(ranks: int, n: int, g: Geometry) -> int:
    """The fewest wild cards a run of the ``n`` natural ranks ``ranks`` (a 13-bit set of
    one suit, two ranks or more) needs inside it, over the readings of its ace: low, or
    (ace_high) high.  Positions grow with the rank, so the ends are the lowest and the
    highest rank."""
    pos = g.pos
    top = pos[ranks.bit_length() - 1]
    gaps = top - pos[(ranks & -ranks).bit_length() - 1] + 1 - n
    if ranks & 1 and g.ace_high:
        rest = ranks ^ 1
        gaps = min(gaps, g.top + 1 - pos[(rest & -rest).bit_length() - 1] + 1 - n)
    return gaps


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


def holds_spread_with(mask: CardMask, card: Card, g: Geometry = STANDARD) -> bool:
    """Whether some spread within ``mask`` holds ``card`` (listing none of them)."""
    bit = BITS[card]
    spreads = spread_masks(mask, g) if g.simple else _general_spreads(mask, g)
    return any(m & bit for m in spreads)


def has_forced_spread(mask: CardMask, g: Geometry = STANDARD) -> bool:
    """Whether a hand holds a spread that forced spreads make the player lay (VAR-FORCED-1):
    any run, any book of four, any book of three that is not three natural aces."""
    if not g.simple:
        return _holds_general_forced(mask, g)
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


def _holds_general_forced(mask: CardMask, g: Geometry) -> bool:
    """:func:`has_forced_spread` under wild cards or the 40-card pack, listing no spread.
    A book of a rank needs ``g.min_naturals`` naturals of it and three cards with the wild
    ones (three natural aces alone are kept); wild deuces make a book of deuces with other
    wild cards.  A run needs three naturals of one suit in sequence, or two with wild cards
    for the gaps between them and for a third card: a longer run always holds such a pair
    or three (two of its naturals next to each other, with no more gap than it fills).
    With wild_min_naturals = 2 that pair may be all a run of five has in it."""
    if (mask & _ACES).bit_count() == 4:
        return True
    wild = mask & g.wild
    w = wild.bit_count()
    fixed = mask & ~g.wild
    least = max(1, g.min_naturals)
    outside = _outside(g.pos)
    # books: the ranks of which the hand holds at least max(least, 3 - w) fixed cards
    c0, c1, c2, c3 = (fixed >> (13 * s) & 0x1FFF for s in range(4))
    need = max(least, 3 - w)
    if need == 1:
        ranks = c0 | c1 | c2 | c3
    elif need == 2:
        ranks = (c0 | c1) & (c2 | c3) | c0 & c1 | c2 & c3
    else:
        ranks = (c0 & c1) & (c2 | c3) | (c2 & c3) & (c0 | c1)
    ranks &= ~outside
    if not w:
        ranks &= ~1  # three natural aces alone are kept
    if ranks:
        return True
    deuces = wild & FULL_DECK_MASK
    if deuces.bit_count() >= least and w >= 3:  # a book of wild deuces
        return True
    # runs: three naturals of one suit in sequence, or two and the wild cards they need
    table = _position_table(g.pos)
    longest = g.high + 1
    naturals = (fixed | deuces) & ~(outside * _SUITS_OF_RANKS)
    for suit in range(4):
        pool = naturals & SUIT_MASKS[suit]
        if pool & (pool - 1) == 0:  # fewer than two
            continue
        ranks = pool >> (13 * suit)
        positions = table[ranks]
        if g.ace_high and ranks & 1:
            positions |= 1 << (g.top + 1)
        if positions & (positions >> 1) & (positions >> 2):
            return True
        if not w:
            continue
        for a, b in combinations(cards_of(pool), 2):
            pair = BITS[a] | BITS[b]
            gaps = max(1, _fewest_gaps(pair >> (13 * suit), 2, g))
            if gaps <= w - (pair & wild).bit_count() and gaps + 2 <= longest:
                return True
    return False


#: Times a 13-bit set of ranks: the same set in each of the four suits.
_SUITS_OF_RANKS = 1 | 1 << 13 | 1 << 26 | 1 << 39


@functools.lru_cache(maxsize=4)  # keyed by the positions of a pack: two packs
def _position_table(pos: tuple[int, ...]) -> tuple[int, ...]:
    """For each 13-bit set of ranks, the set of their positions in a run (``pos``; a rank
    with no position in the pack has none)."""
    table = [0] * (1 << 13)
    for m in range(1, 1 << 13):
        low = m & -m
        p = pos[low.bit_length() - 1]
        table[m] = table[m ^ low] | (1 << p if p >= 0 else 0)
    return tuple(table)


def best_cover(mask: CardMask, values: tuple[int, ...], g: Geometry = STANDARD) -> int:
    """The largest total value of disjoint spreads within ``mask`` (for deadwood counting)."""
    options = [(m, sum(values[c] for c in cards_of(m))) for m in spread_masks(mask, g)]
    if not options:
        return 0
    memo: dict[int, int] = {}

    def best(rest: int) -> int:
        # the lowest card of ``rest`` is either left uncovered or covered by one spread
        # within ``rest``: every choice of disjoint spreads is one of these branches
        if not rest:
            return 0
        found = memo.get(rest)
        if found is None:
            low = rest & -rest
            found = best(rest ^ low)
            for m, v in options:
                if m & low and m & rest == m:
                    found = max(found, v + best(rest ^ m))
            memo[rest] = found
        return found

    covered = 0
    for m, _ in options:
        covered |= m
    return best(covered)
