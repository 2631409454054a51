"""Every reason the reference engine finds to refuse an action, asked in protocol terms.

The harness checks that the refusals its cases expect are *sharp* (each action breaks
exactly the rule it is refused for) without importing the engine's hand: it hands a
setup, the moves played so far and the action, all as protocol JSON, to
:func:`refusal_reasons`, which deals and plays them on the reference engine and answers
with :meth:`tonk_ref.engine.hand.Hand.refusals` (its docstring says how the reasons are
found).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.actions import IllegalAction
from ..engine.hand import Hand
from ..engine.serialize import action_from_json
from .base import JSON
from .service import RefService

Reason = tuple[str, str | None]

#: The last hand replayed: (setup, moves, hand).  A case asks about its refusals in order,
#: each time with the moves before it, so the next question extends the last replay.
_last: list[tuple[JSON, list[tuple[int, JSON]], Hand]] = []


def _dealt(setup: JSON) -> Hand:
    service = RefService()
    service.new_hand(setup)  # raises Rejected when the reference refuses the deal
    assert service.hand is not None
    return service.hand


def _play(hand: Hand, moves: Sequence[tuple[int, Any]]) -> None:
    for seat, action in moves:
        try:
            hand.apply(action_from_json(action), seat)
        except IllegalAction:
            pass  # a refused move leaves the hand as it was, as it did in the case


def _replayed(setup: JSON, moves: Sequence[tuple[int, JSON]]) -> Hand:
    """The hand ``setup`` deals after ``moves``; the caller may change it."""
    played = [(seat, action) for seat, action in moves]
    if _last:
        last_setup, last_moves, last_hand = _last[0]
        n = len(last_moves)
        if last_setup == setup and played[:n] == last_moves:
            hand = last_hand.copy()
            _play(hand, played[n:])
            _last[0] = (last_setup, last_moves + _frozen(played[n:]), hand)
            return hand.copy()
    hand = _dealt(setup)
    _play(hand, played)
    _last[:] = [(_frozen(setup), _frozen(played), hand)]
    return hand.copy()


def _frozen(value: Any) -> Any:
    """A copy of JSON data that the caller's later changes do not reach."""
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_frozen(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_frozen(v) for v in value)
    return value


def refusal_reasons(setup: JSON, moves: Sequence[tuple[int, JSON]], seat: int, action: JSON) -> list[Reason]:
    """Every (reason, rule) for which the reference engine refuses ``action`` by ``seat``
    after dealing ``setup`` (the protocol's ``new_hand`` parameters) and playing ``moves``
    (``(seat, action)`` pairs in protocol JSON; a refused move changes nothing, as in the
    protocol), in the order the engine checks them; empty when the action is legal.

    A malformed action (or seat) gives ``[("malformed_action", rule)]`` alone.  A setup the
    reference refuses raises :class:`tonk_ref.adapters.base.Rejected`."""
    if not isinstance(seat, int) or isinstance(seat, bool):
        return [("malformed_action", None)]
    try:
        parsed = action_from_json(action)
    except IllegalAction as e:
        return [(e.reason, e.rule)]
    hand = _replayed(setup, moves)
    return [(e.reason, e.rule) for e in hand.refusals(parsed, seat)]
