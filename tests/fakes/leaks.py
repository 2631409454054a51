"""House engines at the ``online`` table that play every hand as the reference does but show a
seat more than it may see in ``observe`` (OBS-1, OBS-2, OBS-3), one leak each:

* ``leak_stock``: every observation carries the stock, in order;
* ``leak_next_hand``: while the hand is in play, a seat sees the hand of the seat on its left;
* ``leak_hands_after_out``: after a player goes out (a tonk out or out by discarding), every
  seat sees every hand, as after a knock.

Each is served in process as ``leaks:NAME`` (with tests/fakes on ``sys.path``); the clean
fake of the table is ``house:clean_online``.
"""

from __future__ import annotations

from collections.abc import Callable

from house import HouseService

from tonk_ref.adapters.base import JSON
from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.engine.serialize import state_to_json

#: The endings by going out, after which the other hands stay hidden (OBS-3).
GONE_OUT = ("tonk_out", "out_by_discard")


class LeakService(HouseService):
    """The reference at the online table whose ``observe`` adds what ``leak`` returns."""

    def __init__(self, leak: Callable[[JSON, JSON, int], JSON]) -> None:
        super().__init__("online")
        self.leak = leak

    def observe(self, params: JSON) -> JSON:
        seen = super().observe(params)
        return self.leak(seen, state_to_json(self._current()), int(params["seat"]))


def _stock(seen: JSON, state: JSON, seat: int) -> JSON:
    return {**seen, "stock": list(state["stock"])}


def _next_hand(seen: JSON, state: JSON, seat: int) -> JSON:
    if state["stage"] == "over":
        return seen
    left = (seat + 1) % len(state["hands"])
    hands = list(seen["hands"])
    hands[left] = list(state["hands"][left])
    return {**seen, "hands": hands}


def _hands_after_out(seen: JSON, state: JSON, seat: int) -> JSON:
    result = state.get("result")
    if state["stage"] != "over" or not isinstance(result, dict) or result.get("ending") not in GONE_OUT:
        return seen
    return {**seen, "hands": [list(h) for h in state["hands"]]}


def leak_stock() -> InProcessAdapter:
    return InProcessAdapter(LeakService(_stock))


def leak_next_hand() -> InProcessAdapter:
    return InProcessAdapter(LeakService(_next_hand))


def leak_hands_after_out() -> InProcessAdapter:
    return InProcessAdapter(LeakService(_hands_after_out))


#: The leak fakes by name, each with the rule its leak breaks.
LEAKS: dict[str, str] = {"leak_stock": "OBS-1", "leak_next_hand": "OBS-2", "leak_hands_after_out": "OBS-3"}
