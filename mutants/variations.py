"""Faults of the house rules (spec section VAR): each under its option's non-seed values."""

from __future__ import annotations

import dataclasses

from tonk_ref.engine.actions import IllegalAction
from tonk_ref.engine.cards import JOKER_MASK
from tonk_ref.engine.hand import Compiled, Hand
from tonk_ref.engine.ruleset import Ruleset
from tonk_ref.engine.spreads import RANK_MASKS

from .core import Misread, TablesFault, always, fault, one_less, rank_values
from .counting import faces


@fault("forced_spreads_ignored", "VAR-FORCED-1", "Under forced spreads a player may keep a spread in hand.")
class ForcedSpreadsIgnored(TablesFault):
    @staticmethod
    def alter(rules: Ruleset, c: Compiled) -> None:
        c.forced = c.forced_at_once = False


@fault("forced_three_aces", "VAR-FORCED-1", "Under forced spreads a book of three aces must be laid too.")
class ForcedThreeAces(Hand):
    def _forced_in(self, mask: int) -> bool:
        return super()._forced_in(mask) or (mask & RANK_MASKS[0]).bit_count() >= 3


@fault("forced_knock_allowed", "VAR-FORCED-2", "Under forced spreads a player holding a spread may knock.")
class ForcedKnockAllowed(Hand):
    def _knock_refusal(self, seat: int, kept: int) -> IllegalAction | None:
        r = super()._knock_refusal(seat, kept)
        return None if r is not None and r.reason == "forced_spread" else r


@fault("must_use_not_enforced", "VAR-MUSTUSE-1",
       "Under must_use_taken the player need not use the taken discard before discarding.")
class MustUseNotEnforced(Hand):
    def _check_must_use(self, uses_taken: bool) -> None:
        return None


@fault("hit_lock_ignored", "VAR-HITLOCK-1", "Under hit_lock a hit on a player's spread does not lock their knock.")
class HitLockIgnored(Misread):
    method, option, reads = "_hit", "hit_lock", always(0)


@fault("knock_limit_strict", "VAR-KNOCKLIMIT-1", "Under knock_limit a knock needs a total below the limit.")
class KnockLimitStrict(Misread):
    method, option, reads = "_knock_refusal", "knock_limit", one_less


@fault("eat_by_discarder", "VAR-EAT-1", "Under eating the player who just discarded may take the discard back.")
class EatByDiscarder(Hand):
    def may_eat(self, seat: int) -> bool:
        me = self.to_act
        if me is None or seat == me or seat != (me - 1) % self.players:
            return super().may_eat(seat)
        # the discarder is judged as any other seat: the test that leaves them out is missing
        return (self.rules.eating and self.stage == "start" and self.turn > 0 and self.knocker is None
                and self.discard_top is not None and self._usable_top(seat))


@fault("low_knock_bonus_strict", "VAR-LOWKNOCK-1", "Under low_knock_bonus a knock at exactly 13 earns no bonus.")
class LowKnockBonusStrict(Misread):
    method, option, reads = "_settle_knock", "low_knock_bonus", one_less


@fault("deck40_jack_not_after_seven", "VAR-DECK40-1",
       "In the 40-card pack a run does not go from the seven to the jack.")
class Deck40JackNotAfterSeven(TablesFault):
    @staticmethod
    def alter(rules: Ruleset, c: Compiled) -> None:
        if rules.deck == 40:
            c.geometry = dataclasses.replace(c.geometry, pos=tuple(range(13)), top=12)


@fault("joker_counts_zero", "VAR-JOKER-2", "A joker left in the hand counts 0 instead of joker_value.")
class JokerCountsZero(TablesFault):
    @staticmethod
    def alter(rules: Ruleset, c: Compiled) -> None:
        if rules.jokers and rules.joker_value == 15:
            rank_values(c, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, *faces(rules)], joker=0)


@fault("deuces_not_wild", "VAR-DEUCES-1", "Under deuces_wild a two is only a two.")
class DeucesNotWild(TablesFault):
    @staticmethod
    def alter(rules: Ruleset, c: Compiled) -> None:
        if rules.deuces_wild:
            wild = JOKER_MASK if rules.jokers else 0
            c.geometry = dataclasses.replace(c.geometry, wild=wild, simple=not wild and rules.deck == 52)
