"""Actions as text and as the protocol's JSON: the compact form the generators' tables use
("0 draw stock", "1 spread 5h 6h 7h", "0 hit 8h 0", "2 knock Kc"), every well-formed
action a seat could try, the legal ones, and perft counts."""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from .cards import sort_cards
from .errors import ModelError
from .hand import State, apply, check

_COMPACT = re.compile(r"^(\d+) (knock|draw|spread|hit|discard|declare)((?: \S+)*)$")


def parse_compact(text: str) -> tuple[int, dict[str, Any]]:
    """The seat and the protocol action of a compact action such as ``"0 hit 8h 0"``."""
    m = _COMPACT.match(text)
    if not m:
        raise ModelError(f"cannot read action {text!r}")
    seat, verb, args = int(m.group(1)), m.group(2), m.group(3).split()
    action: dict[str, Any]
    if verb == "draw" and len(args) == 1:
        action = {"type": "draw", "from": args[0]}
    elif verb == "spread":
        action = {"type": "spread", "cards": args}
    elif verb == "hit" and len(args) == 2 and re.fullmatch(r"-?\d+", args[1]):
        action = {"type": "hit", "card": args[0], "spread": int(args[1])}
    elif verb == "discard" and len(args) == 1:
        action = {"type": "discard", "card": args[0]}
    elif verb == "knock" and len(args) <= 1:
        action = {"type": "knock", **({"discard": args[0]} if args else {})}
    elif verb == "declare" and not args:
        action = {"type": "declare"}
    else:
        raise ModelError(f"cannot read action {text!r}")
    return seat, action


def candidate_actions(st: State, seat: int, extra_cards: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Every well-formed action built from the seat's hand: knocks (with and without a
    discard), both draws, every discard, every hit on every spread (and one index past
    the end), and a spread of every subset of the hand (any size, in the hand's order).
    ``extra_cards`` adds discards, knocks and hits of cards the seat does not hold."""
    hand = st.hands[seat]
    cards = [*hand, *[c for c in extra_cards if c not in hand]]
    out: list[dict[str, Any]] = [
        {"type": "knock"},
        {"type": "draw", "from": "stock"},
        {"type": "draw", "from": "discard"},
        {"type": "declare"},
    ]
    for c in cards:
        out.append({"type": "knock", "discard": c})
        out.append({"type": "discard", "card": c})
        for i in range(len(st.spreads) + 1):
            out.append({"type": "hit", "card": c, "spread": i})
    for size in range(len(hand) + 1):
        for combo in combinations(hand, size):
            out.append({"type": "spread", "cards": list(combo)})
    return out


def legal_actions(st: State) -> list[dict[str, Any]]:
    if st.stage == "over" or st.to_act is None:
        return []
    seat = st.to_act
    return [a for a in candidate_actions(st, seat) if check(st, seat, a) is None]


def action_key(action: dict[str, Any]) -> str:
    """A canonical text for an action (spread cards sorted) to compare sets of actions."""
    kind = action["type"]
    if kind == "spread":
        return "spread " + " ".join(sort_cards(list(action["cards"])))
    if kind == "draw":
        return f"draw {action['from']}"
    if kind == "hit":
        return f"hit {action['card']} {action['spread']}"
    if kind == "discard":
        return f"discard {action['card']}"
    if kind == "declare":
        return "declare"
    return "knock" if "discard" not in action else f"knock {action['discard']}"


def perft(st: State, depth: int) -> int:
    """Legal action sequences of exactly ``depth`` actions (a hand that ends sooner
    contributes nothing; perft 0 is 1)."""
    if depth == 0:
        return 1
    legal = legal_actions(st)
    if depth == 1 or st.to_act is None:
        return len(legal)
    seat = st.to_act
    return sum(perft(apply(st, seat, a), depth - 1) for a in legal)
