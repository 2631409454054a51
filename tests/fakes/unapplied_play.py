"""The bug of unapplied.py in the engine's hand itself, so that ``play`` plays it too: a house
engine at the ``online-reem`` table (where a hit ends the turn) whose accepted hit passes the
turn without being made (the card stays in the hitter's hand, the spread as it was).  It
declares every feature, ``play`` included.  Served in process as
``unapplied_play:hit_not_applied_played`` (with tests/fakes on ``sys.path``)."""

from __future__ import annotations

from house import HouseService

from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.engine.cards import Card
from tonk_ref.engine.hand import Hand


class HitPassesOnly(Hand):
    """VAR-HITEND-1: a hit that ends the turn passes it, the card kept and the spread as it was."""

    def _hit(self, me: int, card: Card, index: int) -> None:
        held, spreads = self._hands[me], self._spreads
        super()._hit(me, card, index)
        if not self.is_over and self.to_act != me:
            self._hands[me], self._spreads = held, spreads


def hit_not_applied_played() -> InProcessAdapter:
    return InProcessAdapter(HouseService("online-reem", HitPassesOnly))
