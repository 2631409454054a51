"""Actions a player can take, and the typed error an illegal one raises.

An action is a small immutable value.  The common ones are interned, so a policy that
draws and discards allocates nothing.  Reason codes are public contracts, listed in
spec/tonk.md (section "Reason codes") and declared once, in the ``reasons`` of spec/rules.yaml,
from which :data:`REASONS` is generated; never rename one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ..errors import TonkError
from .cards import CARD_CODES, NAMES, Card

KNOCK: Final = "knock"
DRAW: Final = "draw"
SPREAD: Final = "spread"
HIT: Final = "hit"
DISCARD: Final = "discard"
DECLARE: Final = "declare"

ActionType = Literal["knock", "draw", "spread", "hit", "discard", "declare"]
Source = Literal["stock", "discard"]

# BEGIN generated from spec/rules.yaml by scripts/sync_spec.py: edit the reasons of rules.yaml, not these lines
#: Every reason code an engine may give for refusing an action, with its meaning in one line (the
#: codes of play, then the protocol's codes about a hand).
REASONS: Final[dict[str, str]] = {
    "hand_over": "the hand is over; no action is possible",
    "not_your_turn": "the seat is not the one to act",
    "malformed_action": "the action is not well formed",
    "already_drawn": "the player has already drawn this turn",
    "must_draw_first": "the player must draw before spreading, hitting or discarding",
    "knock_timing": "the ruleset does not allow a knock at this point of the turn",
    "first_turn_knock": "the ruleset does not allow a knock on the player's first turn",
    "knock_discard": "a knock after drawing names one discard; a knock before drawing names none",
    "discard_pile_empty": "there is no card on the discard pile to take",
    "not_in_hand": "a card named is not in the player's hand",
    "duplicate_card": "a card is named twice",
    "not_a_spread": "the cards are not a book or a run",
    "no_such_spread": "there is no spread with that index on the table",
    "hit_does_not_fit": "the card does not extend that spread",
    "hit_target": "the ruleset does not allow hitting that kind of spread",
    "hit_limit": "the ruleset allows no more hits this turn",
    "taken_card": "the card taken from the discard pile may not be discarded this turn",
    "last_card_taken": "the play would leave only the card taken from the discard pile in hand",
    "forced_spread": "under forced spreads the hand kept may not hold a spread",
    "must_use_taken": "the card taken from the discard pile must be used at once in a spread or hit",
    "hit_lock": "a hit on the player's spread forbids the player to knock for now",
    "knock_wait": "the player laid a spread too recently to knock",
    "knock_limit": "the player's count is above the ruleset's knock limit",
    "declare_timing": "the ruleset does not allow declaring a special hand at this point of the game",
    "not_special": "the cards held are not a special hand",
    "unsupported_option": "the engine does not implement a ruleset option value",
    "no_hand": "no hand has been dealt yet",
}
# END generated


class IllegalAction(TonkError):
    """An action the rules do not allow; the state is left exactly as it was."""

    def __init__(self, reason: str, message: str, rule: str | None = None) -> None:
        assert reason in REASONS, reason
        super().__init__(f"{reason}: {message}" + (f" ({rule})" if rule else ""))
        self.reason = reason
        self.message = message
        self.rule = rule


@dataclass(frozen=True, slots=True)
class Action:
    """One action.  ``cards`` is used by spreads, ``card`` by hits, discards and knocks
    after drawing (``-1`` when absent), ``spread`` by hits, ``source`` by draws.

    ``type`` and ``source`` are typed as any text, not as their well-formed values
    (:data:`ActionType`, :data:`Source`): an action read from an engine or a file may hold
    any, and the engine refuses it as malformed.  (The compiled build checks each value
    against its type where the code narrows it.)"""

    type: str
    source: str | None = None
    card: Card = -1
    cards: tuple[Card, ...] = ()
    spread: int = -1

    def __str__(self) -> str:
        if self.type == DRAW:
            return f"draw {self.source}"
        if self.type == SPREAD:
            return "spread " + " ".join(NAMES[c] for c in self.cards)
        if self.type == HIT:
            return f"hit {NAMES[self.card]} on {self.spread}"
        if self.type == DISCARD:
            return f"discard {NAMES[self.card]}"
        if self.type == DECLARE:
            return "declare"
        return "knock" if self.card < 0 else f"knock discarding {NAMES[self.card]}"


KNOCK_ACTION: Final = Action(KNOCK)
DRAW_STOCK: Final = Action(DRAW, source="stock")
DRAW_DISCARD: Final = Action(DRAW, source="discard")
DECLARE_ACTION: Final = Action(DECLARE)
_DISCARDS: Final = tuple(Action(DISCARD, card=c) for c in range(CARD_CODES))


_KNOCKS: Final = tuple(Action(KNOCK, card=c) for c in range(CARD_CODES))
#: How many spread indices :func:`hit` keeps its actions for (a table holds fewer spreads).
_HIT_INDICES: Final = 16
#: The hits made so far, by card and spread index (an action is immutable: one serves all;
#: bounded by the card codes and :data:`_HIT_INDICES`).
_HITS: Final[dict[int, Action]] = {}


def knock(discard: Card | None = None) -> Action:
    if discard is None:
        return KNOCK_ACTION
    return _KNOCKS[discard] if 0 <= discard < CARD_CODES else Action(KNOCK, card=discard)


def declare() -> Action:
    """Declare a special hand (option ``special_hands``, rule VAR-SPECIAL-1)."""
    return DECLARE_ACTION


def draw(source: Source) -> Action:
    return DRAW_STOCK if source == "stock" else DRAW_DISCARD


def discard(card: Card) -> Action:
    return _DISCARDS[card]


def spread(cards: tuple[Card, ...] | list[Card]) -> Action:
    return Action(SPREAD, cards=tuple(cards))


def hit(card: Card, spread_index: int) -> Action:
    if 0 <= card < CARD_CODES and 0 <= spread_index < _HIT_INDICES:
        key = card * _HIT_INDICES + spread_index
        made = _HITS.get(key)
        if made is None:
            made = _HITS[key] = Action(HIT, card=card, spread=spread_index)
        return made
    return Action(HIT, card=card, spread=spread_index)
