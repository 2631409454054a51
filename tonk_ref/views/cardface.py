"""Cards drawn in HTML, the one drawing every page uses (the conformance report, a ruling,
a replay, a diff): each card a small styled box with its rank and suit symbol, hearts and
diamonds red, spades and clubs black; a joker a star; the stock a card back with its
count.  A table of cards is drawn from a protocol state (spec/protocol.md, "State"): each
seat's hand (a hand the state hides, null in an observation, drawn face down), the
spreads with their owners, the discard top and the stock.

Plain text inside (``7♥``), so a card reads the same when copied or read aloud.  This
module reads the cards and the state into :class:`Face` and :class:`Table`, whatever the
state holds (a field of the wrong type is left out); ``templates/cards.html.j2`` draws
them, and ``static/cards.css`` styles them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

SUITS = {"c": ("\u2663", "clubs", "black"), "d": ("\u2666", "diamonds", "red"),
         "h": ("\u2665", "hearts", "red"), "s": ("\u2660", "spades", "black")}
RANKS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}


@dataclass(frozen=True, slots=True)
class Face:
    """One card as drawn: ``kind`` is ``joker``, ``suited`` (a rank and a suit) or
    ``plain`` (anything else, drawn as its text)."""

    name: str
    kind: str
    label: str = ""  # '7 of hearts', 'joker' (screen readers, tooltips)
    rank: str = ""
    suit: str = ""  # the symbol
    colour: str = ""  # red or black


def card_label(name: str) -> str:
    """'7 of hearts', 'joker' (for screen readers and tooltips)."""
    if name.startswith("X"):
        return "joker"
    suit = SUITS.get(name[1:2])
    rank = RANKS.get(name[0], name[0])
    return f"{rank} of {suit[1]}" if suit else name


def face(name: object) -> Face:
    """How the card ``name`` is drawn."""
    text = str(name)
    if text.startswith("X"):
        return Face(text, "joker", "joker")
    suit = SUITS.get(text[1:2])
    if suit is None or len(text) != 2:
        return Face(text, "plain")
    return Face(text, "suited", card_label(text), "10" if text[0] == "T" else text[0], suit[0], suit[2])


@dataclass(frozen=True, slots=True)
class Seat:
    number: int
    tags: str  # 'dealer, to act'
    cards: tuple[Face, ...] | None  # None: hidden


@dataclass(frozen=True, slots=True)
class Spread:
    index: int
    cards: tuple[Face, ...]
    kind: str
    owner: str


@dataclass(frozen=True, slots=True)
class Table:
    seats: tuple[Seat, ...]
    spreads: tuple[Spread, ...]
    discard_top: Face | None
    discard_count: int | None
    stock_count: int | None


def _faces(cards: object) -> tuple[Face, ...]:
    return tuple(face(c) for c in cards) if isinstance(cards, list | tuple) else ()


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def table(state: Mapping[str, Any], notes: Mapping[int, str] | None = None) -> Table:
    """A protocol state read for drawing: each seat's hand with who deals and who is to
    act (and ``notes`` per seat), the spreads numbered with their owners, the discard top
    and count, the stock's count."""
    notes = notes or {}
    hands = state.get("hands")
    seats = []
    for s, hand in enumerate(hands if isinstance(hands, list) else []):
        tags = []
        if state.get("dealer") == s:
            tags.append("dealer")
        if state.get("to_act") == s and state.get("stage") != "over":
            tags.append("to act")
        if s in notes:
            tags.append(notes[s])
        seats.append(Seat(s, ", ".join(tags), None if hand is None else _faces(hand)))
    spreads = state.get("spreads")
    rows = [Spread(i, _faces(sp.get("cards")), str(sp.get("kind", "spread")), str(sp.get("owner")))
            for i, sp in enumerate(spreads if isinstance(spreads, list) else []) if isinstance(sp, dict)]
    top = state.get("discard_top")
    return Table(tuple(seats), tuple(rows), face(top) if top else None, _int(state.get("discard_count")),
                 _int(state.get("stock_count")))
