"""Books and runs (SPREAD-1..3), wild cards (VAR-WILD-1, VAR-WILD-2, VAR-DEUCES-1), hits
(HIT-3) and what a hand counts (CARD-4).

Where the rules text leaves open where a wild card stands (a wild two that could stand as
itself or not, an ace low or high), :func:`readings` and :func:`placements` list every
reading; :func:`read_spread` and :func:`fits` take the first: the most natural cards, a
book before a run, the ace low before high, a hit card as itself before wild (as the
reference engine's documentation says it does).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, product

from .cards import is_joker, rank, suit
from .ruleset import Rules


@dataclass(frozen=True)
class Shape:
    """What a spread is: a book of ``rank``, or a run of ``suit`` from position ``lo`` to
    ``hi`` (1 = ace low; see :meth:`Rules.positions`)."""

    kind: str
    rank: int = 0
    suit: str = ""
    lo: int = 0
    hi: int = 0


@dataclass
class Spread:
    """A spread on the table: its owner, its cards in the order laid and hit, its shape."""

    owner: int
    cards: list[str]
    shape: Shape

    @property
    def kind(self) -> str:
        return self.shape.kind


def _levels(cards: Sequence[str], rules: Rules) -> Iterator[list[Shape]]:
    """The readings of ``cards``, level by level from the most natural cards down: at each
    level every book or run its natural cards make, in order of preference."""
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return
    flexible = [c for c in cards if rules.wild(c) and not is_joker(c)]  # wild twos
    fixed = [c for c in cards if not rules.wild(c)]
    for k in range(len(flexible), -1, -1):
        found: list[Shape] = []
        for chosen in combinations(flexible, k):
            naturals = fixed + list(chosen)
            if len(naturals) < max(1, rules.min_naturals):
                continue
            ranks = {rank(c) for c in naturals}
            if len(cards) <= 4 and len(ranks) == 1:  # SPREAD-2: wild cards stand for the rank
                found.append(Shape("book", rank=ranks.pop()))
            elif len(naturals) > 1:  # one natural card with wild cards is a book, or nothing
                found += _runs(naturals, len(cards) - len(naturals), rules)
        if found:
            yield list(dict.fromkeys(found))


def _runs(naturals: list[str], wilds: int, rules: Rules) -> list[Shape]:
    """SPREAD-3 with VAR-WILD-1 and VAR-DECK40-1: wild cards fill the gaps first, then
    extend the run upward, and downward only where it cannot go up."""
    if len({suit(c) for c in naturals}) != 1:
        return []
    out = []
    for ps in product(*(rules.positions(c) for c in naturals)):  # aces low first
        gaps = max(ps) - min(ps) + 1 - len(ps)
        if len(set(ps)) < len(ps) or gaps > wilds:
            continue
        up = min(wilds - gaps, rules.high() - max(ps))
        lo = min(ps) - (wilds - gaps - up)
        if lo >= 1:
            out.append(Shape("run", suit=suit(naturals[0]), lo=lo, hi=max(ps) + up))
    return out


def readings(cards: Sequence[str], rules: Rules) -> list[Shape]:
    """Every spread ``cards`` can be read as with the most natural cards, preferred first."""
    return next(_levels(cards, rules), [])


def read_spread(cards: Sequence[str], rules: Rules) -> Shape | None:
    """The spread these cards make, or None."""
    found = readings(cards, rules)
    return found[0] if found else None


def placements(target: Spread, card: str, rules: Rules) -> list[Shape]:
    """HIT-3 and VAR-WILD-2: the shapes ``target`` may take with ``card`` hit on it, the
    card standing as itself first.  A book takes a card of its rank or a wild card, up to
    four cards; a run grows at either end only, by a natural card of its suit just below
    or above it, or by a wild card upward if it can, else downward."""
    shape = target.shape
    if card in target.cards:
        return []
    if shape.kind == "book":
        if len(target.cards) >= 4:
            return []
        natural = not is_joker(card) and rank(card) == shape.rank
        return [shape] if natural or rules.wild(card) else []
    out = []
    if not is_joker(card) and suit(card) == shape.suit:
        for p in rules.positions(card):
            if p == shape.lo - 1 and p >= 1:
                out.append(replace(shape, lo=p))
            if p == shape.hi + 1:
                out.append(replace(shape, hi=p))
    if rules.wild(card):
        if shape.hi < rules.high():
            out.append(replace(shape, hi=shape.hi + 1))
        elif shape.lo > 1:
            out.append(replace(shape, lo=shape.lo - 1))
    return list(dict.fromkeys(out))


def fits(target: Spread, card: str, rules: Rules) -> Shape | None:
    """The shape of ``target`` with ``card`` hit on it, or None if it does not fit."""
    found = placements(target, card, rules)
    return found[0] if found else None


def spreads_within(hand: Sequence[str], rules: Rules) -> list[list[str]]:
    """Every subset of the hand that is a spread."""
    return [
        list(combo)
        for size in range(3, len(hand) + 1)
        for combo in combinations(hand, size)
        if read_spread(combo, rules) is not None
    ]


def holds_forced_spread(hand: Sequence[str], rules: Rules) -> bool:
    """VAR-FORCED-1: any spread but a book of exactly three natural aces."""
    for sp in spreads_within(hand, rules):
        three_natural_aces = len(sp) == 3 and all(not rules.wild(c) and rank(c) == 1 for c in sp)
        if not three_natural_aces:
            return True
    return False


def deadwood(hand: Sequence[str], rules: Rules) -> int:
    """CARD-4 under count_held_spreads = false: the total of the cards not covered by the
    choice of disjoint spreads that covers the most value."""
    spreads = spreads_within(hand, rules)
    best = 0

    def search(start: int, used: frozenset[str], covered: int) -> None:
        nonlocal best
        best = max(best, covered)
        for i in range(start, len(spreads)):
            sp = spreads[i]
            if used.isdisjoint(sp):
                search(i + 1, used | set(sp), covered + rules.total(sp))

    search(0, frozenset(), 0)
    return rules.total(list(hand)) - best


def count(hand: Sequence[str], rules: Rules) -> int:
    """A player's total (CARD-4, and option count_held_spreads)."""
    if rules["count_held_spreads"]:
        return rules.total(list(hand))
    return deadwood(hand, rules)
