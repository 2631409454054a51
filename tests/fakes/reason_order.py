"""A house engine at the ``online`` table that checks a spread's cards in the wrong order:
every card for ``not_in_hand`` first, then for ``duplicate_card``, so that a spread naming a
card twice before a card not held is refused as ``not_in_hand`` (spec/tonk.md: the cards one
by one, the first bad card deciding: ``duplicate_card``).  It declares every feature but
``play``, so that each action comes through ``act``.  Served in process as
``reason_order:not_held_first`` (with tests/fakes on ``sys.path``)."""

from __future__ import annotations

from house import HouseService

from tonk_ref.adapters.base import JSON, Rejected
from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.engine.cards import NAMES
from tonk_ref.engine.serialize import state_to_json


class NotHeldFirst(HouseService):
    """Every feature but ``play``: each action is asked alone, through :meth:`act`."""

    def __init__(self) -> None:
        super().__init__("online")

    def hello(self, params: JSON) -> JSON:
        said = super().hello(params)
        return {**said, "features": [f for f in said["features"] if f != "play"]}

    def act(self, params: JSON) -> JSON:
        action = params.get("action")
        seat = params.get("seat")
        if isinstance(action, dict) and action.get("type") == "spread" and isinstance(seat, int) and self.hand:
            cards = action.get("cards")
            state = state_to_json(self.hand)
            if (isinstance(cards, list) and all(c in NAMES for c in cards) and 0 <= seat < len(state["hands"])
                    and state["to_act"] == seat and state["stage"] == "drawn"):
                held = state["hands"][seat]
                if any(c not in held for c in cards):
                    raise Rejected("not_in_hand", "a card named is not in the player's hand", "TURN-11")
        return super().act(params)


def not_held_first() -> InProcessAdapter:
    return InProcessAdapter(NotHeldFirst())
