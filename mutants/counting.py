"""Faults of counting a hand (spec section CARD)."""

from __future__ import annotations

from tonk_ref.engine.hand import Compiled, Hand
from tonk_ref.engine.ruleset import Ruleset

from .core import Misread, TablesFault, fault, rank_values


def faces(rules: Ruleset) -> list[int]:
    """What the jack, the queen and the king count under ``rules``."""
    return [10, 10, 10] if rules.face_values == "10-10-10" else [11, 12, 13]


@fault("held_spreads_not_counted", "CARD-4",
       "Spreads still held in the hand are left out of the total (deadwood counting) under the seed rules.")
class HeldSpreadsNotCounted(Misread):
    method, option, reads = "total", "count_held_spreads", {True: False}


@fault("laid_spreads_counted", "CARD-4", "The cards of a player's spreads on the table count against the player.")
class LaidSpreadsCounted(Hand):
    def total(self, seat: int) -> int:
        laid = sum(self._c.values[c] for sp in self._spreads if sp.owner == seat for c in sp.cards)
        return super().total(seat) + laid


@fault("face_cards_ranked", "CARD-3", "Jacks, queens and kings count 11, 12 and 13 instead of 10.")
class FaceCardsRanked(TablesFault):
    @staticmethod
    def alter(rules: Ruleset, c: Compiled) -> None:
        if rules.face_values == "10-10-10":
            rank_values(c, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])


@fault("ace_counts_eleven", "CARD-3", "An ace counts 11 instead of 1.")
class AceCountsEleven(TablesFault):
    @staticmethod
    def alter(rules: Ruleset, c: Compiled) -> None:
        rank_values(c, [11, 2, 3, 4, 5, 6, 7, 8, 9, 10, *faces(rules)])
