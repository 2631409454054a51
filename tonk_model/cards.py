"""Cards as the text the protocol uses ("Ah", "Td", "X1"): the pack, code order and the
size of a hand (CARD-1, CARD-2, DEAL-1, VAR-DECK40-1, VAR-JOKER-1, VAR-HANDSIZE-1)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .errors import ModelError

RANKS = "A23456789TJQK"
SUITS = "cdhs"
#: The 52 standard cards in code order: the clubs ace to king, then diamonds, hearts, spades.
STANDARD: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
JOKERS: tuple[str, ...] = ("X1", "X2")
_ORDER = {c: i for i, c in enumerate(STANDARD + JOKERS)}


def is_card(text: object) -> bool:
    """CARD-2: a rank and a suit, or a joker X1 / X2."""
    return isinstance(text, str) and text in _ORDER


def is_joker(card: str) -> bool:
    return card in JOKERS


def rank(card: str) -> int:
    """1 for an ace .. 13 for a king (not for a joker)."""
    return RANKS.index(card[0]) + 1


def suit(card: str) -> str:
    return card[1]


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards in code order."""
    return sorted(cards, key=_ORDER.__getitem__)


def cards(text: str | Sequence[str]) -> list[str]:
    """The cards of ``"Ah 2c"`` (or a list), each checked."""
    out = text.split() if isinstance(text, str) else list(text)
    for c in out:
        if not is_card(c):
            raise ModelError(f"{c!r} is not a card")
    return out


def pack(options: Mapping[str, Any]) -> list[str]:
    """CARD-1, VAR-DECK40-1, VAR-JOKER-1: the cards of the ruleset's pack, in code order."""
    out = [c for c in STANDARD if not (options["deck"] == 40 and c[0] in "89T")]
    return out + (list(JOKERS) if options["jokers"] == 2 else [])


def hand_size(options: Mapping[str, Any], players: int) -> int:
    """DEAL-1, VAR-HANDSIZE-1."""
    size = options["hand_size"]
    if size == "by_players":
        return 7 if players == 2 else 5
    return int(size)
