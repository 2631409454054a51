"""The house fake ``spread_not_held`` (house.py: a spread naming a card the player does not hold
is accepted, the card taken from wherever it lies) declaring every feature but ``play``, so that
each action is asked and answered alone and the state before each is known.  Served in process
as ``not_held:spread_not_held_stepwise`` (with tests/fakes on ``sys.path``)."""

from __future__ import annotations

from house import HouseService, SpreadNotHeld

from tonk_ref.adapters.base import JSON
from tonk_ref.adapters.inprocess import InProcessAdapter


class Stepwise(HouseService):
    def hello(self, params: JSON) -> JSON:
        said = super().hello(params)
        return {**said, "features": [f for f in said["features"] if f != "play"]}


def spread_not_held_stepwise() -> InProcessAdapter:
    return InProcessAdapter(Stepwise("online", SpreadNotHeld))
