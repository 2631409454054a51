"""Actions read from JSON: the quick reading of a well-formed draw or discard gives what the
full reading gives, and every near miss of those two forms is refused as the full reading
refuses it (the same reason and message)."""

from __future__ import annotations

from typing import Any

import pytest

from tonk_ref.engine import serialize
from tonk_ref.engine.actions import IllegalAction
from tonk_ref.engine.cards import NAMES

WELL_FORMED: list[Any] = [
    {"type": "draw", "from": "stock"},
    {"type": "draw", "from": "discard"},
    *({"type": "discard", "card": name} for name in NAMES),
    {"card": "Ah", "type": "discard"},
]

NEAR_MISSES: list[Any] = [
    {"type": "draw", "from": "Stock"},
    {"type": "draw", "from": None},
    {"type": "draw", "from": ["stock"]},
    {"type": "draw", "source": "stock"},
    {"type": "draw", "from": "stock", "card": "Ah"},
    {"type": "discard", "card": "ah"},
    {"type": "discard", "card": "10h"},
    {"type": "discard", "card": ["Ah"]},
    {"type": "discard", "card": {"Ah": 1}},
    {"type": "discard", "card": 0},
    {"type": "discard", "card": True},
    {"type": "discard", "cards": "Ah"},
    {"type": "discard", "card": "Ah", "from": "stock"},
    {"type": "discard"},
    {"type": ["discard"], "card": "Ah"},
    {"type": "Discard", "card": "Ah"},
    ["discard", "Ah"],
    "discard Ah",
    None,
]


def _full(obj: Any) -> Any:
    """The full reading, past the quick one."""
    try:
        return serialize._action_from_json(obj)
    except IllegalAction as e:
        return ("refused", e.reason, e.message)
    except Exception as e:  # a card error: action_from_json makes it malformed_action
        return ("refused", "malformed_action", str(e))


def _read(obj: Any) -> Any:
    try:
        return serialize.action_from_json(obj)
    except IllegalAction as e:
        return ("refused", e.reason, e.message)


@pytest.mark.rule("CARD-2")
@pytest.mark.parametrize("obj", WELL_FORMED + NEAR_MISSES, ids=repr)
def test_the_quick_reading_agrees_with_the_full_one(obj: Any) -> None:
    assert _read(obj) == _full(obj)


@pytest.mark.rule("CARD-2")
@pytest.mark.parametrize("obj", NEAR_MISSES, ids=repr)
def test_near_misses_are_refused(obj: Any) -> None:
    assert _read(obj)[:2] == ("refused", "malformed_action")
