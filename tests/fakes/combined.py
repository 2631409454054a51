"""A house engine with two bugs in one move, for testing that every distinct failure of a case
counts: at the ``online-reem`` table, a hit on one's own spread leaves the card in the hitter's
hand as well as on the spread (the hand is not as the hit says), and locks the hitter's own
knock as another player's hit would (VAR-HITLOCK-1).  Served in process as
``combined:hit_own_keeps_and_locks`` (with tests/fakes on ``sys.path``)."""

from __future__ import annotations

from house import HitOwnLocks, HouseService

from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.engine.cards import BITS, Card


class HitOwnKeepsAndLocks(HitOwnLocks):
    """A hit on one's own spread locks its owner (:class:`~house.HitOwnLocks`) and leaves
    the card in the hand too."""

    def _hit(self, me: int, card: Card, index: int) -> None:
        own = 0 <= index < len(self._spreads) and self._spreads[index].owner == me
        super()._hit(me, card, index)
        if own and not self.is_over:
            self._hands[me] |= BITS[card]


def hit_own_keeps_and_locks() -> InProcessAdapter:
    return InProcessAdapter(HouseService("online-reem", HitOwnKeepsAndLocks))
