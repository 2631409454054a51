"""The spreads of a hand, listed fast, are exactly the subsets of the hand that are a
spread, in the same order, under every shape the options give (wild jokers and deuces,
one or two naturals, the 40-card pack, the ace high).

The engine lists the spreads of a hand with wild cards by building them from their
readings (a book is natural cards of one rank and wild cards, a run natural cards of one
suit and wild cards for its gaps); this test holds that list to the plain definition:
every subset of three cards or more that ``make_spread`` reads as a spread, smallest
first, sets of one size in the order ``itertools.combinations`` gives.  The order matters:
legal actions list spreads in it, and random play picks among them by index.  The best
cover (CARD-4 under ``count_held_spreads = false``) and the forced-spread test
(VAR-FORCED-1) are held to plain searches over that definition too.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tonk_ref.engine.cards import BITS, cards_of
from tonk_ref.engine.hand import compiled
from tonk_ref.engine.ruleset import DEFAULT, Ruleset
from tonk_ref.engine.spreads import Geometry, best_cover, has_forced_spread, make_spread, spread_masks

rule = pytest.mark.rule

#: Every shape of spread the options give.
SHAPES: list[Ruleset] = [
    DEFAULT.replace(deck=deck, jokers=jokers, deuces_wild=deuces, ace=ace, wild_min_naturals=least)
    for deck in (52, 40)
    for jokers in (0, 2)
    for deuces in (False, True)
    for ace in ("low", "low_or_high")
    for least in (1, 2)
]
HANDS = 600
_ACES = sum(BITS[13 * s] for s in range(4))


def plain_masks(mask: int, g: Geometry) -> list[int]:
    """Every subset of ``mask`` of three cards or more that is a spread, in the order of
    ``itertools.combinations`` of the cards in code order, smallest first."""
    held = cards_of(mask)
    return [
        sum(BITS[c] for c in combo)
        for k in range(3, len(held) + 1)
        for combo in itertools.combinations(held, k)
        if make_spread(-1, combo, g) is not None
    ]


def plain_cover(options: list[int], values: tuple[int, ...]) -> int:
    """The largest total value of pairwise disjoint spreads among ``options``: every choice."""
    best = 0

    def search(i: int, used: int, acc: int) -> None:
        nonlocal best
        best = max(best, acc)
        for k in range(i, len(options)):
            if not options[k] & used:
                search(k + 1, used | options[k], acc + sum(values[c] for c in cards_of(options[k])))

    search(0, 0, 0)
    return best


def random_hands(rng: random.Random, count: int) -> list[tuple[Ruleset, int]]:
    """Hands of 3 to 10 cards of each shape's pack; half of them drawn from one suit, the
    wild cards and the deuces, where runs and wild readings crowd."""
    out = []
    for _ in range(count):
        rules = rng.choice(SHAPES)
        pack = cards_of(compiled(rules).pack)
        size = rng.randrange(3, 11)
        if rng.random() < 0.5:
            suit = rng.randrange(4)
            pool = [c for c in pack if c // 13 == suit or c >= 52 or c % 13 == 1]
        else:
            pool = pack
        out.append((rules, sum(BITS[c] for c in rng.sample(pool, min(size, len(pool))))))
    return out


@rule("SPREAD-1", "SPREAD-2", "SPREAD-3", "VAR-WILD-1", "VAR-DEUCES-1", "VAR-JOKER-1", "VAR-DECK40-1")
def test_spread_masks_are_the_subsets_that_are_spreads_in_order() -> None:
    for rules, mask in random_hands(random.Random("spread masks"), HANDS):
        g = compiled(rules).geometry
        found = spread_masks(mask, g)
        want = plain_masks(mask, g)
        if g.simple:  # the bit-trick path lists books first, then runs
            found, want = sorted(found), sorted(want)
        assert found == want, (rules.to_dict(), cards_of(mask))


@rule("CARD-4", "VAR-FORCED-1", "VAR-WILD-1")
def test_best_cover_and_forced_spreads_agree_with_plain_searches() -> None:
    rng = random.Random("best cover")
    for rules, mask in random_hands(rng, HANDS // 4):
        c = compiled(rules)
        options = plain_masks(mask, c.geometry)
        assert best_cover(mask, c.values, c.geometry) == plain_cover(options, c.values), cards_of(mask)
        forced = (mask & _ACES).bit_count() == 4 or any(m.bit_count() != 3 or m & _ACES != m for m in options)
        assert has_forced_spread(mask, c.geometry) == forced, cards_of(mask)


@rule("VAR-WILD-1", "VAR-JOKER-1", "VAR-DEUCES-1")
def test_a_hand_full_of_wild_cards() -> None:
    """Both jokers, the four deuces and naturals around them: every reading at once."""
    rules = DEFAULT.replace(jokers=2, deuces_wild=True, ace="low_or_high")
    g = compiled(rules).geometry
    for naturals in ([0, 2, 3], [12, 11, 0], [4, 17, 30], []):
        mask = sum(BITS[c] for c in (52, 53, 1, 14, 27, 40, *naturals))
        assert spread_masks(mask, g) == plain_masks(mask, g)
