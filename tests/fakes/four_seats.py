"""A house engine at the ``online-reem`` table (four seats) whose caught knock pays only the
first two of the players tied for the lowest total: right at two or three seats, wrong when
three players tie at four.  Served in process as ``four_seats:catch_pays_two_tied`` (with
tests/fakes on ``sys.path``)."""

from __future__ import annotations

from collections.abc import Iterable

from house import HouseService

from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.result import Ending, Payment


class CatchPaysTwoTied(Hand):
    """PAY-CAUGHT-3: a caught knocker pays the first two of the tied lowest hands only."""

    def _finish(self, ending: Ending, winners: tuple[int, ...], pays: Iterable[Payment],
                totals: tuple[int, ...] | None = None, knocker: int | None = None) -> None:
        if ending == "knock_caught" and len(winners) > 2:
            pays = [p for p in pays if p.payee not in winners[2:]]
        super()._finish(ending, winners, pays, totals, knocker)


def catch_pays_two_tied() -> InProcessAdapter:
    return InProcessAdapter(HouseService("online-reem", CatchPaysTwoTied))
