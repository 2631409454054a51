"""In-process adapters with a declared limit or an injected fault, for the plugin tests.
The tests copy this file into pytester's temporary project as ``tonkfake.py`` and pass
``--tonk-adapter=tonkfake:FACTORY``."""

from __future__ import annotations

from typing import Any

from tonk_ref.adapters.base import AdapterFault
from tonk_ref.adapters.inprocess import InProcessAdapter

JSON = dict[str, Any]


def _hit_fault(request: JSON) -> AdapterFault:
    return AdapterFault(
        "crashed",
        "the engine exited (exit code 139)",
        {"request": request, "response": None, "stderr_tail": "engine: segmentation fault in hit()"},
    )


class Odd(InProcessAdapter):
    """The reference engine, declaring only the default knock_tie and neither payments
    nor observations, and breaking on every hit."""

    def hello(self) -> JSON:
        h = super().hello()
        h["options"] = {k: v for k, v in h["options"].items() if k != "knock_tie"}
        h["features"] = [f for f in h["features"] if f not in ("payments", "observations")]
        return h

    def act(self, seat: int, action: JSON) -> JSON:
        if action.get("type") == "hit":
            raise _hit_fault({"method": "act", "params": {"seat": seat, "action": action}})
        return super().act(seat, action)

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON:
        if any(a.get("type") == "hit" for _, a in actions):
            raise _hit_fault({"method": "play", "params": {"actions": [list(a) for a in actions]}})
        return super().play(setup, actions, trace)


def odd() -> Odd:
    return Odd()


class Buggy(InProcessAdapter):
    """An adapter with a bug of its own: it breaks on knocks with a KeyError."""

    def act(self, seat: int, action: JSON) -> JSON:
        if action.get("type") == "knock":
            return {}["result"]  # type: ignore[no-any-return]
        return super().act(seat, action)

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON:
        if any(a.get("type") == "knock" for _, a in actions):
            return {}["result"]  # type: ignore[no-any-return]
        return super().play(setup, actions, trace)


def buggy() -> Buggy:
    return Buggy()


class NoDiscardDraw(InProcessAdapter):
    """Lists no draw from the discard pile among the legal actions (a legal_actions bug
    only a perft count sees: every case that plays such a draw still works)."""

    def legal_actions(self) -> list[JSON]:
        return [a for a in super().legal_actions() if a != {"type": "draw", "from": "discard"}]


def no_discard_draw() -> NoDiscardDraw:
    return NoDiscardDraw()
