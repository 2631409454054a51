"""A house engine at the ``online-reem`` table (where a hit ends the turn) that answers an
accepted hit with a state in which the hit was never made: the turn has passed, but the card
is still in the hitter's hand and not on the spread.  It declares every feature but ``play``,
so each action is asked and answered alone.  Served in process as
``unapplied:hit_not_applied`` (with tests/fakes on ``sys.path``)."""

from __future__ import annotations

from house import HouseService

from tonk_ref.adapters.base import JSON
from tonk_ref.adapters.inprocess import InProcessAdapter


class HitNotApplied(HouseService):
    def __init__(self) -> None:
        super().__init__("online-reem")

    def hello(self, params: JSON) -> JSON:
        said = super().hello(params)
        return {**said, "features": [f for f in said["features"] if f != "play"]}

    def act(self, params: JSON) -> JSON:
        state = super().act(params)
        action = params.get("action")
        if not isinstance(action, dict) or action.get("type") != "hit" or state["stage"] == "over":
            return state
        card, seat = action["card"], params["seat"]
        hands = [list(h) for h in state["hands"]]
        hands[seat].append(card)
        spreads = [{**s, "cards": [c for c in s["cards"] if c != card]} for s in state["spreads"]]
        return {**state, "hands": hands, "spreads": spreads}


def hit_not_applied() -> InProcessAdapter:
    return InProcessAdapter(HitNotApplied())
