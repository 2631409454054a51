"""W1-W12 of the rules brief (section 4, "Worked payments") as situations a player taps
into the page, read from ``w_items.json``, and the same situations written in the
project's notation for ``tonk judge``.

Each hand holds the cards that give the brief's totals. A hand's ``give`` says how a
player gives it on the page (and so in the notation): its cards (the default), only its
total, or "not shown" (``hidden``), where the question does not depend on the cards.
``notation(item, as_given=False)`` writes every hand's cards instead, which the judge
reads without the notation's newer items.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
VALUES = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


def load() -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = json.loads((HERE / "w_items.json").read_text(encoding="utf-8"))["items"]
    return items


def total(cards: list[str]) -> int:
    """A hand's total under the seed rules (J, Q, K 10; ace 1)."""
    return sum(VALUES.get(c[0]) or int(c[0]) for c in cards)


def rules_of(item: dict[str, Any], options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The table rules of an item (a variant's options on top of the item's own)."""
    return {"preset": item.get("preset", "seed"), "options": {**item.get("options", {}), **(options or {})}}


def _cards(cards: list[str]) -> str:
    return " ".join(cards)


def notation(item: dict[str, Any], *, as_given: bool = True, names: bool = True) -> str:
    """The item in the project's notation: seats by name (``names``), and each hand as
    given on the page (``as_given``) or by its cards."""
    who = item["names"] if names else [str(i) for i in range(item["players"])]
    parts = [f"{item['players']} players"]
    if "dealer" in item:
        parts[0] += f", dealer {who[item['dealer']]}"
    if names:
        parts.append("names " + " ".join(item["names"]))
    if item.get("stake", 1) != 1:
        parts.append(f"stake {item['stake']}")
    for seat, hand in enumerate(item["hands"]):
        give = hand.get("give", "cards") if as_given else "cards"
        if give == "hidden":
            parts.append(f"{who[seat]}: not shown")
        elif give == "total":
            parts.append(f"{who[seat]}: total {total(hand['cards'])}")
        else:
            parts.append(f"{who[seat]}: {_cards(hand['cards'])}")
    if item["spreads"]:
        parts.append("table: " + ", ".join(f"{who[s['owner']]} [{_cards(s['cards'])}]" for s in item["spreads"]))
    parts.append(f"discard {item['discard'] or 'none'}")
    if item.get("stock") is not None:
        parts.append(f"stock {item['stock']}")
    if item.get("first_turn"):
        parts.append("first turn")
    for act in item["actions"]:
        seat, verb, cards = who[act["seat"]], act["verb"], act.get("cards", [])
        if verb == "knock":
            parts.append(f"{seat} knocks")
        elif verb == "draw":
            parts.append(f"{seat} draws {_cards(cards)}".rstrip())
        elif verb == "take":
            parts.append(f"{seat} takes the discard")
        elif verb == "spread":
            parts.append(f"{seat} spreads {_cards(cards)}")
        elif verb == "hit":
            parts.append(f"{seat} hits {cards[0]} on {act['target']}")
        elif verb == "discard":
            parts.append(f"{seat} discards {cards[0]}")
        else:
            raise ValueError(f"{item['id']}: unknown verb {verb!r}")
    return "; ".join(parts)
