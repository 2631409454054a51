"""House engines whose bug shows only at four seats:

* ``catch_pays_two_tied`` (``online-reem``): a caught knock pays only the first two of the
  players tied for the lowest total: right at two or three seats, wrong when three tie;
* ``hit_lock_late_at_four`` (``online``): at four seats the hit lock lasts one turn of the
  locked player more than ``hit_lock`` says.

Served in process as ``four_seats:NAME`` (with tests/fakes on ``sys.path``)."""

from __future__ import annotations

from collections.abc import Iterable

from house import HouseService

from mutants.core import rules_as
from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.engine.cards import Card
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.result import Ending, Payment


class CatchPaysTwoTied(Hand):
    """PAY-CAUGHT-3: a caught knocker pays the first two of the tied lowest hands only."""

    def _finish(self, ending: Ending, winners: tuple[int, ...], pays: Iterable[Payment],
                totals: tuple[int, ...] | None = None, knocker: int | None = None) -> None:
        if ending == "knock_caught" and len(winners) > 2:
            pays = [p for p in pays if p.payee not in winners[2:]]
        super()._finish(ending, winners, pays, totals, knocker)


class HitLockLateAtFour(Hand):
    """VAR-HITLOCK-1: at four seats a hit locks its spread's owner one turn more."""

    def _hit(self, me: int, card: Card, index: int) -> None:
        late = self.players == 4 and bool(self.rules.hit_lock)
        with rules_as(self, late, hit_lock=self.rules.hit_lock + 1):
            super()._hit(me, card, index)


def hit_lock_late_at_four() -> InProcessAdapter:
    return InProcessAdapter(HouseService("online", HitLockLateAtFour))


def catch_pays_two_tied() -> InProcessAdapter:
    return InProcessAdapter(HouseService("online-reem", CatchPaysTwoTied))
