"""An engine that never lists drawing from the discard pile among its legal actions (and plays
it when asked, as the reference does): every perft count through such a draw is short, and
every case that asks for the legal actions where it may draw so fails there.  Served in process
as ``unlisted:no_discard_draw_listed`` (with tests/fakes on ``sys.path``)."""

from __future__ import annotations

from tonk_ref.adapters.base import JSON
from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.adapters.service import RefService


class NoDiscardDrawListed(RefService):
    def legal_actions(self, params: JSON) -> list[JSON]:
        return [a for a in super().legal_actions(params) if a != {"type": "draw", "from": "discard"}]


def no_discard_draw_listed() -> InProcessAdapter:
    return InProcessAdapter(NoDiscardDrawListed())
