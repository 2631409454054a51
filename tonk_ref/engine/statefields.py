"""The hand's plain per-hand values, declared once: :data:`COUNTERS`.

A counter is a value of the hand's state that is not a card's place: a number, a flag, a
card or a seat (or none), one number per seat.  Each is declared here, once, with its
attribute of :class:`~tonk_ref.engine.hand.Hand`, its name in the state's JSON, the value of
a fresh hand, and whether the protocol's schema names it; ``python scripts/sync_spec.py``
writes from this list every place that names them, between ``BEGIN generated`` and ``END
generated`` lines:

- in ``hand.py``: the attribute in ``Hand.__slots__``, its fresh value in ``__init__``, its
  read-only property, its line of ``copy()`` and its place in the tuple ``__eq__`` compares;
- in ``serialize.py``: its field of ``state_to_json`` and its reading in ``state_from_json``
  (the fresh value when the field is absent, so that states written before it still load);
- in ``spec/protocol.md`` ("The state"): the table of the reference engine's counters the
  schema does not name.

Explicit code keeps the rest of the state: the cards (hands, dealt hands, stock, discard
pile), the spreads, the stage, who acts, the result and the setup (players, dealer, stake,
ruleset), whose JSON is not one value per attribute.

This module imports nothing but the standard library: the script reads it without
importing the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

#: How a counter is held and written:
#: ``count``: an ``int``, a JSON integer;
#: ``flag``: a ``bool``, a JSON boolean;
#: ``per_seat``: a ``tuple[int, ...]``, one integer per seat, a JSON list;
#: ``card_or_none``: an ``int`` card code or -1, the card's name or null;
#: ``seat_or_none``: an ``int`` seat or -1, the seat or null.
Kind = Literal["count", "flag", "per_seat", "card_or_none", "seat_or_none"]

@dataclass(frozen=True, slots=True)
class Counter:
    """One plain value of the hand's state."""

    #: the attribute of ``Hand`` (private: the property below reads it)
    attr: str
    #: its field in the state's JSON, and the name of its property
    json: str
    kind: Kind
    #: its value in a fresh hand, as Python source (``players``: the number of players)
    fresh: str
    #: what it holds, in one line (the property's docstring, the row of spec/protocol.md)
    doc: str
    #: whether spec/schemas/state.json names it (else a reference engine's extra, listed in
    #: spec/protocol.md)
    schema: bool = False
    #: whether ``Hand.__eq__`` compares it
    compared: bool = True
    #: an option and a value under which the state leaves the field out
    omitted_when: tuple[str, str | int | bool | None] | None = None


#: The counters, in the order the state writes them (the schema's first).
COUNTERS: Final[tuple[Counter, ...]] = (
    Counter("_turn", "turn", "count", "0",
            "How many turns have begun before the current one (0 on the first turn).", schema=True),
    Counter("_taken", "taken", "card_or_none", "-1",
            "The card taken from the discard pile this turn, if any.", schema=True),
    Counter("_hits", "hits_this_turn", "count", "0", "How many hits the player to act made this turn.",
            schema=True),
    Counter("_laid", "spread_this_turn", "flag", "False",
            "Whether the player to act laid a spread this turn.", schema=True),
    Counter("_locks", "knock_locks", "per_seat", "(0,) * players",
            "Per seat, the turns left in which a hit lock (VAR-HITLOCK-1) forbids a knock."),
    Counter("_waits", "knock_waits", "per_seat", "(0,) * players",
            "Per seat, the turns left in which a spread wait (VAR-KNOCKWAIT-1) forbids a knock."),
    Counter("_must_use", "must_use_taken", "flag", "False",
            "Whether the card taken from the discard pile must still be used (VAR-MUSTUSE-1)."),
    Counter("_knocker", "knocker", "seat_or_none", "-1",
            "Under `after_knock = one_turn_each`, the seat that knocked, while the others play their last turn "
            "(PAY-KNOCK-1); none before a knock.", omitted_when=("after_knock", "show")),
    Counter("_last", "last_turns", "count", "0",
            "How many of the other players' last turns after a knock are still to be played.",
            omitted_when=("after_knock", "show")),
)
