"""Faults of spreads and hits (spec sections SPREAD and HIT)."""

from __future__ import annotations

import dataclasses

from tonk_ref.engine.actions import IllegalAction
from tonk_ref.engine.cards import BITS, CARD_CODES, DECK_SIZE, Card
from tonk_ref.engine.hand import DRAWN, Compiled, Hand
from tonk_ref.engine.ruleset import Ruleset
from tonk_ref.engine.spreads import STANDARD, Geometry, Spread

from .core import SpreadFault, TablesFault, as_class, as_if_drawn, fault


def _mask(cards: tuple[Card, ...]) -> int:
    m = 0
    for c in cards:
        m |= BITS[c]
    return m


def _natural_run(cards: tuple[Card, ...]) -> bool:
    """Three or more distinct natural cards (no joker)."""
    return len(cards) >= 3 and len(set(cards)) == len(cards) and all(c < DECK_SIZE for c in cards)


@fault("aces_high_runs", "SPREAD-3", "Q-K-A is accepted as a run: the ace may be high by default.")
class AcesHighRuns(TablesFault):
    @staticmethod
    def alter(rules: Ruleset, c: Compiled) -> None:
        c.geometry = dataclasses.replace(c.geometry, ace_high=True)


@fault("runs_wrap", "SPREAD-3", "K-A-2 is accepted as a run: runs wrap round the ace.")
class RunsWrap(Hand):
    def _make_spread(self, seat: int, cards: tuple[Card, ...]) -> Spread | None:
        sp = super()._make_spread(seat, cards)
        if sp is not None or not _natural_run(cards) or len({c // 13 for c in cards}) != 1:
            return sp
        ranks = {c % 13 for c in cards}
        n = len(ranks)
        for start in range(13):
            if {(start + k) % 13 for k in range(n)} == ranks:
                return Spread(seat, "run", cards, _mask(cards), suit=cards[0] // 13, lo=start, hi=start + n - 1)
        return sp


@fault("run_mixed_suits", "SPREAD-3", "A sequence of mixed suits (4c 5d 6h) is accepted as a run.")
class RunMixedSuits(Hand):
    def _make_spread(self, seat: int, cards: tuple[Card, ...]) -> Spread | None:
        sp = super()._make_spread(seat, cards)
        if sp is not None or not _natural_run(cards):
            return sp
        ranks = sorted(c % 13 for c in cards)
        if len(set(ranks)) == len(ranks) and ranks[-1] - ranks[0] == len(ranks) - 1:  # the suit is never compared
            return Spread(seat, "run", cards, _mask(cards), suit=cards[0] // 13, lo=ranks[0], hi=ranks[-1])
        return sp


@fault("pair_is_book", "SPREAD-2", "Two cards of one rank are accepted as a book.")
class PairIsBook(Hand):
    def _make_spread(self, seat: int, cards: tuple[Card, ...]) -> Spread | None:
        if len(cards) == 2 and cards[0] != cards[1] and all(c < DECK_SIZE for c in cards):
            if cards[0] % 13 == cards[1] % 13:  # the size test is len(cards) < 2
                return Spread(seat, "book", cards, _mask(cards), rank=cards[0] % 13)
        return super()._make_spread(seat, cards)


class FullBookTakesWild(Spread):
    """A full book of four takes a fifth card, a wild one, on a hit."""

    def with_card(self, card: Card, g: Geometry = STANDARD) -> Spread | None:
        bit = BITS[card]
        if self.kind == "book" and len(self.cards) >= 4 and not self.mask & bit and g.wild & bit:
            return FullBookTakesWild(self.owner, "book", (*self.cards, card), self.mask | bit, rank=self.rank)
        return as_class(FullBookTakesWild, super().with_card(card, g))


@fault("hit_full_book", "HIT-3", "A full book of four takes a fifth (wild) card on a hit.")
class HitFullBook(SpreadFault):
    spread = FullBookTakesWild


class RunTakesAnyRank(Spread):
    """A run takes any card of its suit, not only the next one at either end."""

    def with_card(self, card: Card, g: Geometry = STANDARD) -> Spread | None:
        bit = BITS[card]
        if self.kind == "run" and card < DECK_SIZE and card // 13 == self.suit and not self.mask & bit:
            p = g.pos[card % 13]
            if p >= 0:
                return RunTakesAnyRank(self.owner, "run", (*self.cards, card), self.mask | bit, suit=self.suit,
                                       lo=min(self.lo, p), hi=max(self.hi, p))
        return as_class(RunTakesAnyRank, super().with_card(card, g))


@fault("run_hit_any_rank", "HIT-3",
       "A run takes any card of its suit on a hit, not only the next card at either end.")
class RunHitAnyRank(SpreadFault):
    spread = RunTakesAnyRank


@fault("hit_before_draw", "HIT-2", "A player may hit before drawing.")
class HitBeforeDraw(Hand):
    def _hit(self, me: int, card: Card, index: int) -> None:
        with as_if_drawn(self):  # the stage test of HIT-2 is skipped
            super()._hit(me, card, index)


@fault("spread_before_draw", "SPREAD-4", "A player may lay a spread before drawing.")
class SpreadBeforeDraw(Hand):
    def _spread(self, me: int, cards: tuple[Card, ...]) -> None:
        with as_if_drawn(self):  # the stage test of SPREAD-4 is skipped
            super()._spread(me, cards)


@fault("hit_own_spreads_only", "HIT-1", "A player may hit only their own spreads.")
class HitOwnSpreadsOnly(Hand):
    def _hit(self, me: int, card: Card, index: int) -> None:
        if self._stage == DRAWN and 0 <= index < len(self._spreads) and self._spreads[index].owner != me:
            raise IllegalAction("hit_target", "a player may hit only their own spreads", "HIT-1")
        super()._hit(me, card, index)


@fault("one_hit_per_turn", "HIT-4", "At most one hit per turn, whatever the ruleset says.")
class OneHitPerTurn(Hand):
    def _hit(self, me: int, card: Card, index: int) -> None:
        if self._stage == DRAWN and self._hits >= 1:
            raise IllegalAction("hit_limit", "one hit per turn", "HIT-4")
        super()._hit(me, card, index)


@fault("half_applied_spread", "SPREAD-1",
       "An illegal spread is refused only after its cards were taken out of the hand (the state changes).")
class HalfAppliedSpread(Hand):
    def _spread(self, me: int, cards: tuple[Card, ...]) -> None:
        try:
            super()._spread(me, cards)
        except IllegalAction as e:
            if e.reason == "not_a_spread":
                for c in cards:
                    if 0 <= c < CARD_CODES:
                        self._hands[me] &= ~BITS[c]
            raise
