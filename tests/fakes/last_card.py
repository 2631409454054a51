"""A house engine at the ``online-reem`` table (a hit ends the turn) where a hit that empties
the hand ends only the turn, as other hits do: the hand goes on with a player holding no
cards.  Served in process as ``last_card:last_hit_goes_on`` (with tests/fakes on
``sys.path``)."""

from __future__ import annotations

from house import HouseService

from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.engine.hand import Hand


class LastHitGoesOn(Hand):
    """OUT-1 with VAR-HITEND-1: the last card hit ends the turn, not the hand."""

    def _out_of_cards(self, me: int) -> None:
        if self.rules.hit_ends_turn and self._log[0][0] == "hit":
            self._next_turn(me)
            return
        super()._out_of_cards(me)


def last_hit_goes_on() -> InProcessAdapter:
    return InProcessAdapter(HouseService("online-reem", LastHitGoesOn))
