"""House engines at the ``online-reem`` table (``empty_stock = last_turn``, a hit ends the
turn) that get the end of the last turn wrong, each one way:

* ``last_discard_goes_on``: the turn that draws the last stock card and ends by a discard
  does not end the hand: play goes on as under ``play_on``;
* ``last_hit_turn_goes_on``: the same turn ended by a hit does not end the hand.

Served in process as ``last_turn:NAME`` (with tests/fakes on ``sys.path``)."""

from __future__ import annotations

from house import HouseService

from mutants.core import rules_as
from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.engine.hand import Hand


class _GoesOn(Hand):
    """STOCK-3: the last turn ended by an event of :attr:`kind` ends only the turn."""

    kind = ""

    def _next_turn(self, me: int) -> None:
        goes_on = self.rules.empty_stock == "last_turn" and self._log[0][0] == self.kind
        with rules_as(self, goes_on, empty_stock="play_on"):
            super()._next_turn(me)


class LastDiscardGoesOn(_GoesOn):
    kind = "discard"


class LastHitTurnGoesOn(_GoesOn):
    kind = "hit_ends_turn"


def last_discard_goes_on() -> InProcessAdapter:
    return InProcessAdapter(HouseService("online-reem", LastDiscardGoesOn))


def last_hit_turn_goes_on() -> InProcessAdapter:
    return InProcessAdapter(HouseService("online-reem", LastHitTurnGoesOn))
