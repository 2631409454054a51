"""The action notation of spec/scenarios.md ("The compact action syntax"): one parser and
one formatter, for everything that writes or reads an action as text (scenarios, the
Gherkin features' legal-action lists, judge and explain descriptions, reports and fuzz
output).

    0 knock             seat 0: {"type": "knock"}
    0 knock 9s          seat 0: {"type": "knock", "discard": "9s"}
    1 draw stock        seat 1: {"type": "draw", "from": "stock"}
    1 draw discard      seat 1: {"type": "draw", "from": "discard"}
    2 spread 4h 5h 6h   seat 2: {"type": "spread", "cards": ["4h", "5h", "6h"]}
    2 hit 7h 0          seat 2: {"type": "hit", "card": "7h", "spread": 0}
    0 discard 9s        seat 0: {"type": "discard", "card": "9s"}
    0 declare           seat 0: {"type": "declare"} (a special hand, VAR-SPECIAL-1)

The seat may be left out where it is known (a list of one seat's legal actions).  Words
are separated by single spaces.  With ``strict`` (the default) every card must be a card
of CARD-2; without it a card is any word, so that a malformed card can still be sent to an
engine, which must refuse it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..engine.cards import NAMES
from ..errors import TonkError

JSON = dict[str, Any]

VERBS = ("knock", "draw", "spread", "hit", "discard", "declare")
FORMS = "'SEAT knock [CARD]', 'SEAT draw stock|discard', 'SEAT spread CARD CARD CARD...', 'SEAT hit CARD INDEX', " \
        "'SEAT discard CARD' or 'SEAT declare'"
_CARDS = frozenset(NAMES)
_SEAT = re.compile(r"[0-9]+")
#: The most digits of a seat or a spread index (a number past it is refused before it is read).
_DIGITS = 9


def value_text(value: object) -> str:
    """An option value as a table-rules file writes it and reports show it: true, false,
    null, any, 5, 49_50."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_text(option: str, value: object) -> str:
    """``option = value``, as the spec's rule texts and the judge write a choice."""
    return f"{option} = {value_text(value)}"


def or_words(values: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: a choice of values in words."""
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + f" or {values[-1]}"


class NotationError(TonkError, ValueError):
    """Text that is not an action in the notation; the message says what was expected."""


def _card(word: str, strict: bool) -> str:
    if strict and word not in _CARDS:
        raise NotationError(
            f"{word!r} is not a card: expected a rank from 'A23456789TJQK' and a suit from 'cdhs', such as 'Ah'"
        )
    return word


def parse_action(text: str, *, seat: int | None = None, strict: bool = True) -> tuple[int, JSON]:
    """``(seat, protocol action)`` of an action written in the notation.  When ``seat`` is
    given the text may leave its seat out (and must not name another one)."""
    words = text.split(" ")
    if not words or "" in words:
        raise NotationError(f"{text!r} is not an action: expected {FORMS}, words separated by single spaces")
    if _SEAT.fullmatch(words[0]):
        if len(words[0]) > _DIGITS:
            raise NotationError(f"{words[0][:20]}...: a seat of {len(words[0])} digits: no table seats that many")
        named = int(words[0])
        if seat is not None and named != seat:
            raise NotationError(f"{text!r} names seat {named}, but these are seat {seat}'s actions")
        seat, words = named, words[1:]
    if seat is None:
        raise NotationError(f"{text!r} does not start with a seat: expected {FORMS}")
    if not words:
        raise NotationError(f"{text!r} has no verb: expected {FORMS}")
    verb, args = words[0], words[1:]
    if verb == "knock" and len(args) <= 1:
        return seat, ({"type": "knock", "discard": _card(args[0], strict)} if args else {"type": "knock"})
    if verb == "draw" and len(args) == 1 and args[0] in ("stock", "discard"):
        return seat, {"type": "draw", "from": args[0]}
    if verb == "spread" and args:
        return seat, {"type": "spread", "cards": [_card(c, strict) for c in args]}
    if verb == "hit" and len(args) == 2 and _SEAT.fullmatch(args[1]):
        if len(args[1]) > _DIGITS:
            raise NotationError(f"{args[1][:20]}...: a spread index of {len(args[1])} digits: no table holds that "
                                "many spreads")
        return seat, {"type": "hit", "card": _card(args[0], strict), "spread": int(args[1])}
    if verb == "discard" and len(args) == 1:
        return seat, {"type": "discard", "card": _card(args[0], strict)}
    if verb == "declare" and not args:
        return seat, {"type": "declare"}
    raise NotationError(f"{text!r} is not an action: expected {FORMS}")


def parse_move(text: str, *, strict: bool = True) -> JSON:
    """An action written without its seat (``knock 9s``, ``hit 7h 0``): one entry of a
    seat's list of legal actions."""
    if text[:1].isascii() and text[:1].isdigit():
        raise NotationError(f"{text!r} names a seat: write the action alone, such as 'draw stock'")
    try:
        return parse_action(text, seat=-1, strict=strict)[1]
    except NotationError as e:
        raise NotationError(str(e).replace("'SEAT ", "'")) from None


def format_action(seat: int | None, action: object) -> str | None:
    """The notation of a protocol action (without the seat when ``seat`` is None), or None
    when the action cannot be written in it (a malformed action, sent on purpose)."""
    body = _body(action)
    if body is None:
        return None
    return body if seat is None else f"{seat} {body}"


def describe_action(seat: int | None, action: object) -> str:
    """The notation of an action, or its JSON when it has none: always some text."""
    text = format_action(seat, action)
    if text is not None:
        return text
    shown = json.dumps(action, separators=(", ", ": "), default=str)
    return shown if seat is None else f"{seat} {shown}"


def _word(v: object) -> str | None:
    return v if isinstance(v, str) and v and " " not in v else None


def _body(a: object) -> str | None:
    if not isinstance(a, dict):
        return None
    kind = a.get("type")
    keys = set(a)
    if kind == "knock" and keys <= {"type", "discard"}:
        if "discard" not in a:
            return "knock"
        card = _word(a["discard"])
        return None if card is None else f"knock {card}"
    if kind == "draw" and keys == {"type", "from"} and a["from"] in ("stock", "discard"):
        return f"draw {a['from']}"
    if kind == "spread" and keys == {"type", "cards"} and isinstance(a["cards"], list) and a["cards"]:
        cards = [_word(c) for c in a["cards"]]
        return None if any(c is None for c in cards) else "spread " + " ".join(str(c) for c in cards)
    if kind == "hit" and keys == {"type", "card", "spread"}:
        card, index = _word(a["card"]), a["spread"]
        if card is None or type(index) is not int or index < 0:
            return None
        return f"hit {card} {index}"
    if kind == "discard" and keys == {"type", "card"}:
        card = _word(a["card"])
        return None if card is None else f"discard {card}"
    if kind == "declare" and keys == {"type"}:
        return "declare"
    return None


def action_key(action: object) -> str:
    """A comparable form of an action: equal for two actions that are the same move (a
    spread's cards compare as a set)."""
    if isinstance(action, dict) and action.get("type") == "spread" and isinstance(action.get("cards"), list):
        action = {**action, "cards": sorted(map(str, action["cards"]))}
    return json.dumps(action, sort_keys=True, default=str)
