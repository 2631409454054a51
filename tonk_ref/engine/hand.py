"""One hand of Tonk: the deal, the dealt 49/50 check, the turn state machine and the
settlement (spec sections DEAL, DEALT, TURN, SPREAD, HIT, OUT, STOCK, PAY, VAR).

The model follows python-chess and OpenSpiel: a :class:`Hand` has ``legal_actions()``,
``apply(action)`` (which raises :class:`IllegalAction` and leaves the state untouched),
``is_over``, ``result`` and a record of events, each citing the rule that caused it.
Cards are ints and each seat's holding is a bit mask; the stock is an index into the
dealt deck and the discard pile a linked list of tuples, so :meth:`Hand.copy` is cheap.
Every house rule is read from the :class:`Ruleset` (compiled once into tables).
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, get_args

from mypy_extensions import mypyc_attr

from ..errors import TonkError
from . import payments
from .actions import (
    DECLARE,
    DECLARE_ACTION,
    DISCARD,
    DRAW,
    DRAW_DISCARD,
    DRAW_STOCK,
    HIT,
    KNOCK,
    KNOCK_ACTION,
    SPREAD,
    Action,
    IllegalAction,
    discard,
    hit,
    knock,
)
from .cards import (
    BITS,
    CARD_CODES,
    JOKER_MASK,
    NAMES,
    Card,
    CardError,
    cards_of,
    check_deck,
    is_deck,
    pack_mask,
    pack_table,
    suit_sum_table,
)
from .result import (
    AT_DEAL,
    COUNT,
    COUNT_LATER,
    DECIDES,
    ENDINGS,
    FRAME,
    RESTS_ON,
    SHOW,
    SHOW_DECIDES,
    STOCK,
    Applied,
    Ending,
    Payment,
    Result,
    net_of,
)
from .ruleset import DEFAULT, MaxPlayers, Ruleset
from .spreads import (
    RANK_MASKS,
    SUIT_MASKS,
    Geometry,
    Spread,
    best_cover,
    has_forced_spread,
    holds_spread_with,
    make_spread,
    spread_masks,
)

START: Final = 0
DRAWN: Final = 1
OVER: Final = 2
STAGES: Final = ("start", "drawn", "over")
HAND_SIZE: Final = 5  # the seed rule; option hand_size changes it

#: The discard pile, top card first: (top card, the pile beneath it) or None, a linked list
#: that a hand and its copies share.  (Spelt without recursion: mypyc cannot expand a
#: recursive alias.)
Pile = tuple[Card, Any] | None
_ACES: Final = BITS[0] | BITS[13] | BITS[26] | BITS[39]
#: The endings that show every hand to every player (rule OBS-3).
SHOWN_ENDINGS: Final = frozenset(
    {"dealt_tonk", "dealt_draw", "knock_won", "knock_caught", "stock_out", "turn_limit", "knock_tie", "special_hand"}
)
_NONE: Final[frozenset[str]] = frozenset()

#: The rule behind each part of the state that carries play on, and behind the facts a
#: ruling puts in words: a seat waiting to knock after a spread, a seat whose knock a hit
#: locks, the card taken that must be used at once, the card taken that may not be
#: discarded, a book of three aces kept under forced spreads (when discarding, when
#: knocking), the dealer checked for a dealt tonk, a tie for the lowest total counted.
RULE_OF: Final[dict[str, str]] = {
    "knock_waits": "VAR-KNOCKWAIT-1",
    "knock_locks": "VAR-HITLOCK-1",
    "must_use_taken": "VAR-MUSTUSE-1",
    "taken": "TURN-7",
    "forced_kept": "VAR-FORCED-1",
    "forced_knock": "VAR-FORCED-2",
    "dealer_dealt": "DEALT-3",
    "stock_tie": "PAY-STOCK-2",
    "knock_tie": "PAY-KNOCK-3",
}

#: The records of the two commonest events, a draw from the stock and a discard ending the
#: turn, by seat (of the most a ruleset seats) and card: made once, for the fast paths of
#: :meth:`Hand.apply` (a draw of the stock's last card also applies STOCK-1).
_SEATS: Final = range(max(get_args(MaxPlayers)))
_CARDS: Final = range(CARD_CODES)
_DRAWN: Final = (("TURN-2", FRAME), ("DEAL-3", AT_DEAL))
_DRAW_EVENTS: Final = tuple(tuple(("draw", seat, card, "TURN-2", _DRAWN) for card in _CARDS) for seat in _SEATS)
_LAST_DRAW_EVENTS: Final = tuple(
    tuple(("draw", seat, card, "TURN-2", (*_DRAWN, ("STOCK-1", STOCK))) for card in _CARDS) for seat in _SEATS
)
_DISCARD_EVENTS: Final = tuple(
    tuple(("discard", seat, card, "TURN-5", (("TURN-5", FRAME),)) for card in _CARDS) for seat in _SEATS
)
#: A knock's record at once: the turn's frame, and TURN-4 on a first turn.
_KNOCK: Final[Applied] = (("TURN-2", FRAME),)
_KNOCK_FIRST: Final[Applied] = (("TURN-2", FRAME), ("TURN-4", RESTS_ON))
#: The natural aces, the deuces, and the ranks of the seven and the jack (an ace is 0), next
#: to each other in a run of the 40-card pack only (VAR-DECK40-1).
_DEUCES: Final = BITS[1] | BITS[14] | BITS[27] | BITS[40]
_SEVEN: Final = 6
_JACK: Final = 10

#: The reasons :meth:`Hand.refusals` never waives: after them nothing else about the action
#: can be judged (the hand is over, the action is not well formed, the spread hit or the
#: card taken does not exist).  They are raised directly, never through the waiver.
FINAL_REASONS: Final = frozenset({"hand_over", "malformed_action", "no_such_spread", "discard_pile_empty"})


class SetupError(TonkError, ValueError):
    """A hand that cannot be dealt: bad player count, dealer, stake or deck."""


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a hand's record: what happened, to whom, and the rule that decided;
    ``applied``: every rule the engine applied at that step beyond ``rule`` (and ``rule``
    again where it settles the step), in the order it applied them, each with its role
    (:data:`.result.ROLES`)."""

    kind: str
    seat: int | None
    data: Any
    rule: str
    applied: Applied = ()


#: The fields of :class:`Compiled` (its slots; a copy made by ``waiving`` copies them all).
_COMPILED_FIELDS: Final = (
    "closing",
    "counted",
    "counters",
    "dealt",
    "discard_taken",
    "forced",
    "forced_at_once",
    "geometry",
    "joker_value",
    "knock_shown",
    "low_dealt",
    "opening",
    "pack",
    "pack_table",
    "plain",
    "sums",
    "taken_last",
    "tonk_totals",
    "values",
    "waived",
)


def _closing(ending: str) -> Applied:
    """The rules of a hand's close: every hand shown (OBS-3), the hand won or not (GAME-1),
    who deals next (DEALER-2, or DEALER-4 after a dealt draw).  (How the match scores the
    hand is the match's: an option acting between hands changes nothing of a hand.)"""
    out: list[tuple[str, str]] = []
    if ending in SHOWN_ENDINGS:
        out.append(("OBS-3", FRAME))
    out += [("GAME-1", FRAME), ("DEALER-4" if ending == "dealt_draw" else "DEALER-2", FRAME)]
    return tuple(out)


# Open to interpreted subclasses: in the compiled build (mypyc) only such a class's
# ``__new__`` makes an instance without running ``__init__``, as ``waiving`` does.
@mypyc_attr(allow_interpreted_subclasses=True)
class Compiled:
    """Tables derived from a ruleset once, shared by every hand played under it."""

    __slots__ = _COMPILED_FIELDS

    def __init__(self, rules: Ruleset) -> None:
        faces = [10, 10, 10] if rules.face_values == "10-10-10" else [11, 12, 13]
        rank_values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, *faces]
        self.joker_value = rules.joker_value
        self.values = (*(rank_values[c % 13] for c in range(52)), rules.joker_value, rules.joker_value)
        self.sums = suit_sum_table(rank_values)
        self.pack = pack_mask(rules.deck, rules.jokers)
        self.pack_table = pack_table(self.pack)
        #: for each number of players the ruleset seats (at its index), the cards dealt
        self.dealt = tuple(n * rules.hand_size_for(n) for n in range(rules.max_players + 1))
        wild = (JOKER_MASK if rules.jokers else 0) | (RANK_MASKS[1] if rules.deuces_wild else 0)
        pos: tuple[int, ...]
        if rules.deck == 40:
            pos = (0, 1, 2, 3, 4, 5, 6, -1, -1, -1, 7, 8, 9)
            top = 9
        else:
            pos = tuple(range(13))
            top = 12
        self.geometry = Geometry(
            ace_high=rules.ace == "low_or_high",
            wild=wild,
            pos=pos,
            top=top,
            simple=not wild and rules.deck == 52,
            min_naturals=rules.wild_min_naturals,
        )
        self.tonk_totals = {"49_50": (49, 50), "50": (50,), "none": ()}[rules.dealt_tonk]
        self.low_dealt = -1 if rules.low_dealt_double is None else rules.low_dealt_double
        self.discard_taken = rules.discard_taken
        self.taken_last = rules.discard_taken or rules.discard_taken_last
        self.forced = rules.forced_spreads
        self.forced_at_once = rules.forced_spreads and rules.forced_spreads_timing == "at_once"
        # per-seat knock counters (hit locks V22, spread waits V30) are kept only when needed
        self.counters = rules.hit_lock > 0 or rules.spread_knock_wait > 0
        #: the reasons a hand playing by these tables lets pass (Hand.refusals): none, except
        #: in the copy of the tables that a copy of the hand made by refusals plays by
        self.waived: frozenset[str] = _NONE
        # the rules the record names that depend on the ruleset only (Hand._record's applied)
        counted: list[tuple[str, str]] = [("CARD-4", SHOW), ("CARD-3", SHOW)]
        if rules.face_values != "10-10-10":
            counted.append(("VAR-FACE-1", SHOW))
        if rules.jokers:
            counted.append(("VAR-JOKER-2", SHOW))
        #: a count of the hands (CARD-4, CARD-3, the face values, a joker's value)
        self.counted: Applied = tuple(counted)
        #: a knock's, when the hands are shown (TURN-3, PAY-KNOCK-1, the count, a knock limit)
        self.knock_shown: Applied = (("TURN-3", SHOW), ("PAY-KNOCK-1", SHOW), *counted) + (
            (("VAR-KNOCKLIMIT-1", SHOW),) if rules.knock_limit is not None else ())
        dealt: Applied = (("DEAL-1", AT_DEAL), ("VAR-HANDSIZE-1", AT_DEAL)) if rules.hand_size != 5 else (
            ("DEAL-1", AT_DEAL),)
        #: the deal's and the upcard's (or its absence's)
        self.opening: tuple[Applied, Applied] = (
            dealt, (("DEAL-2" if rules.upcard else "VAR-NOUP-1", AT_DEAL), ("TURN-1", AT_DEAL)))
        #: by ending, the close of the hand (:func:`_closing`)
        self.closing: dict[str, Applied] = {ending: _closing(ending) for ending in ENDINGS}
        self.plain = not (
            self.forced or self.counters or rules.must_use_taken or rules.after_knock != "show"
            or rules.turn_limit is not None or rules.empty_stock == "last_turn"
        )

    def waiving(self, reasons: frozenset[str]) -> Compiled:
        """The same tables, letting ``reasons`` pass (never cached, never shared)."""
        c = Compiled.__new__(Compiled)
        for name in _COMPILED_FIELDS:
            setattr(c, name, getattr(self, name))
        c.waived = reasons
        return c


@functools.lru_cache(maxsize=512)
def compiled(rules: Ruleset) -> Compiled:
    """The tables of ``rules``, kept for the rulesets played last (bounded: a fuzzing run
    makes rulesets without end)."""
    return Compiled(rules)


#: The ruleset a hand was dealt under last and its tables: a deal under the same ruleset
#: object finds them without hashing it (one entry; :func:`compiled` keeps the others).
_LAST_TABLES: list[tuple[Ruleset, Compiled]] = [(DEFAULT, compiled(DEFAULT))]


# Open to interpreted subclasses: the mutants subclass it, and ``copy`` makes a copy of
# the same class through ``__new__`` (see Compiled).
@mypyc_attr(allow_interpreted_subclasses=True)
class Hand:
    """The state of one hand, from the deal to the settlement."""

    # sorted, but for the counters' slots (statefields.COUNTERS), generated after the others
    __slots__ = (  # noqa: RUF023
        "_c",
        "_dealt",
        "_deck",
        "_hands",
        "_log",
        "_pile",
        "_pile_count",
        "_pos",
        "_spreads",
        "_stage",
        "dealer",
        "is_over",
        "players",
        "result",
        "rules",
        "stake",
        "to_act",
        # BEGIN generated (slots) from statefields.COUNTERS by scripts/sync_spec.py: edit COUNTERS
        "_turn",
        "_taken",
        "_hits",
        "_laid",
        "_locks",
        "_waits",
        "_must_use",
        "_knocker",
        "_last",
        # END generated
    )

    rules: Ruleset
    players: int
    dealer: int
    stake: int
    to_act: int | None
    result: Result | None
    #: Whether the hand is over (its stage is "over"): kept as a field, set once by the end
    #: of the hand, since a policy asks it before every action.
    is_over: bool

    def __init__(
        self,
        deck: Sequence[Card],
        # typed Any: a setup read from a request or a file may hold any value here, and the
        # deal refuses it with a SetupError (the compiled build would refuse a value of
        # another type before the check, with a TypeError)
        players: Any = 2,
        dealer: Any = 0,
        stake: Any = 1,
        rules: Ruleset = DEFAULT,
    ) -> None:
        c = self._tables(rules)
        _check_setup(deck, players, dealer, stake, rules, c)
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.stake = stake
        self.result = None
        self.is_over = False
        self._c = c
        deck = self._deck = tuple(deck)
        first: int = (dealer + 1) % players
        dealt: int = c.dealt[players]
        # one card at a time from the player after the dealer: card i to seat first + i
        # (each card once: the deck was checked)
        hands = [0] * players
        for i in range(dealt):
            hands[(first + i) % players] |= BITS[deck[i]]
        self._hands = hands
        self._dealt = tuple(hands)
        log: Any = (("deal", dealer, players, "DEAL-1", c.opening[0]), None)
        if rules.upcard:
            self._pile: Pile = (deck[dealt], None)
            self._pile_count = 1
            self._pos = dealt + 1
            self._log: Any = (("upcard", None, deck[dealt], "DEAL-2", c.opening[1]), log)
        else:
            self._pile = None
            self._pile_count = 0
            self._pos = dealt
            self._log = (("no_upcard", None, None, "VAR-NOUP-1", c.opening[1]), log)
        self._spreads: tuple[Spread, ...] = ()
        self._stage = START
        self.to_act = first
        # BEGIN generated (fresh) from statefields.COUNTERS by scripts/sync_spec.py: edit COUNTERS
        self._turn: int = 0
        self._taken: Card = -1
        self._hits: int = 0
        self._laid: bool = False
        self._locks: tuple[int, ...] = (0,) * players
        self._waits: tuple[int, ...] = (0,) * players
        self._must_use: bool = False
        self._knocker: int = -1
        self._last: int = 0
        # END generated
        self._dealt_check()

    # ------------------------------------------------------------------ queries
    @property
    def stage(self) -> str:
        return STAGES[self._stage]

    # BEGIN generated (properties) from statefields.COUNTERS by scripts/sync_spec.py: edit COUNTERS
    @property
    def turn(self) -> int:
        """How many turns have begun before the current one (0 on the first turn)."""
        return self._turn

    @property
    def taken(self) -> Card | None:
        """The card taken from the discard pile this turn, if any."""
        return None if self._taken < 0 else self._taken

    @property
    def hits_this_turn(self) -> int:
        """How many hits the player to act made this turn."""
        return self._hits

    @property
    def spread_this_turn(self) -> bool:
        """Whether the player to act laid a spread this turn."""
        return self._laid

    @property
    def knock_locks(self) -> tuple[int, ...]:
        """Per seat, the turns left in which a hit lock (VAR-HITLOCK-1) forbids a knock."""
        return self._locks

    @property
    def knock_waits(self) -> tuple[int, ...]:
        """Per seat, the turns left in which a spread wait (VAR-KNOCKWAIT-1) forbids a
        knock."""
        return self._waits

    @property
    def must_use_taken(self) -> bool:
        """Whether the card taken from the discard pile must still be used (VAR-MUSTUSE-1)."""
        return self._must_use

    @property
    def knocker(self) -> int | None:
        """Under `after_knock = one_turn_each`, the seat that knocked, while the others play
        their last turn (PAY-KNOCK-1); none before a knock."""
        return None if self._knocker < 0 else self._knocker

    @property
    def last_turns(self) -> int:
        """How many of the other players' last turns after a knock are still to be played."""
        return self._last
    # END generated

    @property
    def geometry(self) -> Geometry:
        return self._c.geometry

    def holding(self, seat: int) -> int:
        """The seat's cards as a bit mask."""
        return self._hands[seat]

    def hand(self, seat: int) -> list[Card]:
        return cards_of(self._hands[seat])

    def dealt(self, seat: int) -> list[Card]:
        return cards_of(self._dealt[seat])

    @property
    def spreads(self) -> tuple[Spread, ...]:
        return self._spreads

    @property
    def discard_top(self) -> Card | None:
        return None if self._pile is None else self._pile[0]

    @property
    def discard_count(self) -> int:
        return self._pile_count

    def discard_pile(self) -> list[Card]:
        """The whole pile, bottom first (for the full state; no player may see it)."""
        out: list[Card] = []
        node = self._pile
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    @property
    def stock_count(self) -> int:
        return len(self._deck) - self._pos

    def stock(self) -> list[Card]:
        """The stock, top first (for the full state; no player may see it)."""
        return list(self._deck[self._pos :])

    def _count(self, m: int) -> int:
        s = self._c.sums
        low = m & 0x3FFFFFF  # clubs and diamonds; and the rest: small ints, cheap to cut again
        high = m >> 26
        t = s[low & 0x1FFF] + s[low >> 13] + s[high & 0x1FFF] + s[(high >> 13) & 0x1FFF]
        if high >> 26:
            t += (high >> 26).bit_count() * self._c.joker_value
        return t

    def total(self, seat: int) -> int:
        """The seat's count under rule CARD-4 (and option ``count_held_spreads``)."""
        m = self._hands[seat]
        t = self._count(m)
        if not self.rules.count_held_spreads:
            t -= best_cover(m, self._c.values, self._c.geometry)
        return t

    @property
    def events(self) -> list[Event]:
        out: list[Event] = []
        node = self._log
        while node is not None:
            out.append(Event(*node[0]))
            node = node[1]
        out.reverse()
        return out

    def applied_rules(self) -> list[tuple[str, str]]:
        """Every rule the hand's record names, each with its role (:data:`.result.ROLES`; an
        event's own rule without another role is ``rests_on``), in the order applied: the
        rules of :attr:`events` and of their ``applied``, the settlement's included."""
        out: list[tuple[str, str]] = []
        for e in self.events:
            out.append((e.rule, RESTS_ON))
            out.extend(e.applied)
        return out

    def table_rules(self) -> tuple[str, ...]:
        """The rules the table itself applies where it is not the seeds' table: more than
        three players (GAME-2), another pack (CARD-1), a stake other than 1 (STAKE-1)."""
        out: list[str] = []
        if self.players > 3:
            out.append("GAME-2")
        if self.rules.deck != 52 or self.rules.jokers:
            out.append("CARD-1")
        if self.stake != 1:
            out.append("STAKE-1")
        return tuple(out)

    def event_rules(self) -> set[str]:
        """The rules the hand's record cites (those of :attr:`events`), read without making
        the events."""
        out: set[str] = set()
        node = self._log
        while node is not None:
            out.add(node[0][3])
            node = node[1]
        return out

    # ------------------------------------------------------------------ copying
    def copy(self) -> Hand:
        h = type(self).__new__(type(self))
        h.rules = self.rules
        h.players = self.players
        h.dealer = self.dealer
        h.stake = self.stake
        h.to_act = self.to_act
        h.result = self.result
        h.is_over = self.is_over
        h._c = self._c
        h._deck = self._deck
        h._pos = self._pos
        h._hands = self._hands.copy()
        h._pile = self._pile
        h._pile_count = self._pile_count
        h._spreads = self._spreads
        h._stage = self._stage
        h._dealt = self._dealt
        h._log = self._log
        # BEGIN generated (copy) from statefields.COUNTERS by scripts/sync_spec.py: edit COUNTERS
        h._turn = self._turn
        h._taken = self._taken
        h._hits = self._hits
        h._laid = self._laid
        h._locks = self._locks
        h._waits = self._waits
        h._must_use = self._must_use
        h._knocker = self._knocker
        h._last = self._last
        # END generated
        return h

    def _key(self) -> tuple[Any, ...]:
        return (
            self.rules, self.players, self.dealer, self.stake, self.to_act, self.result,
            self._deck[self._pos :], tuple(self._hands), self.discard_pile(), self._spreads,
            self._stage, self._dealt,
            # BEGIN generated (key) from statefields.COUNTERS by scripts/sync_spec.py: edit COUNTERS
            self._turn, self._taken, self._hits, self._laid, self._locks, self._waits, self._must_use, self._knocker,
            self._last,
            # END generated
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------------ seams
    # What a subclass may override to play by other tables or other shape rules; the
    # engine's own hands never do.  The repository's mutation tests build their faulty
    # engines this way (and through ``copy``, which keeps the subclass).
    @classmethod
    def _tables(cls, rules: Ruleset) -> Compiled:
        """The tables compiled from ``rules`` that a hand of this class plays by."""
        last = _LAST_TABLES[0]
        if last[0] is rules:
            return last[1]
        c = compiled(rules)
        _LAST_TABLES[0] = (rules, c)
        return c

    def _make_spread(self, seat: int, cards: tuple[Card, ...]) -> Spread | None:
        """The spread ``cards`` form when ``seat`` lays them, or None (SPREAD-1 to SPREAD-3)."""
        return make_spread(seat, cards, self._c.geometry)

    def _forced_in(self, mask: int) -> bool:
        """Whether ``mask`` holds a spread that forced spreads make its holder lay (VAR-FORCED-1)."""
        return has_forced_spread(mask, self._c.geometry)

    def _dealt_tonks(self, totals: tuple[int, ...]) -> list[int]:
        """The seats whose dealt total is a dealt tonk (DEALT-1, VAR-LOWDEALT-1), in seat order."""
        wanted = self._c.tonk_totals
        low = self._c.low_dealt
        return [seat for seat, t in enumerate(totals) if t in wanted or t <= low]

    # ------------------------------------------------------------------ the deal
    def _record(self, kind: str, seat: int | None, data: Any, rule: str, applied: Applied = ()) -> None:
        self._log = ((kind, seat, data, rule, applied) if applied else (kind, seat, data, rule), self._log)

    def _pack_rules(self, cards: Iterable[Card], run: bool, spread: Iterable[Card]) -> Applied:
        """The house rules a spread or a hit leans on: wild cards, and the 40-card pack's
        runs (``spread``: the run the cards are laid in or hit on, whose seven and jack,
        next to each other only in that pack, make VAR-DECK40-1 decide)."""
        g = self._c.geometry
        out: list[tuple[str, str]] = []
        cards = tuple(cards)
        if any(g.wild & BITS[c] for c in cards):
            out.append(("VAR-WILD-1", RESTS_ON))
            if any(c >= 52 for c in cards):
                out.append(("VAR-JOKER-1", RESTS_ON))
            if self.rules.deuces_wild and any(BITS[c] & _DEUCES for c in cards):
                out.append(("VAR-DEUCES-1", RESTS_ON))
        if run and self.rules.deck == 40:
            ranks = {c % 13 for c in (*cards, *spread) if c < 52}
            out.append(("VAR-DECK40-1", DECIDES if _SEVEN in ranks and _JACK in ranks else RESTS_ON))
        return tuple(out)

    def _count_rules(self, totals: tuple[int, ...] | None) -> Applied:
        """What the count of an ended hand meets: a joker held (VAR-JOKER-2), a wild deuce
        held (VAR-DEUCES-1), a total of 49 or 50, worth nothing once play has begun (DEALT-4)."""
        if totals is None or (not self._c.geometry.wild and 49 not in totals and 50 not in totals):
            return ()
        held = 0
        for m in self._hands:
            held |= m
        out: list[tuple[str, str]] = []
        if held >> 52:
            out.append(("VAR-JOKER-2", COUNT))
        if self.rules.deuces_wild and held & _DEUCES:
            out.append(("VAR-DEUCES-1", COUNT))
        if 49 in totals or 50 in totals:
            out.append(("DEALT-4", COUNT_LATER))
        return tuple(out)

    def _counted(self) -> Applied:
        """The rules a count of the hands applies (CARD-4, CARD-3, the face values, a
        joker's value)."""
        return self._c.counted

    def _dealt_check(self) -> None:
        totals = tuple(map(self._count, self._hands))
        tonks = self._dealt_tonks(totals)
        if not tonks:
            return
        wanted = self._c.tonk_totals
        n = self.players
        double = 2 * self.stake
        if len(tonks) > 1 and self.rules.dealt_tonks == "best":
            best = max(tonks, key=lambda s: _dealt_rank(totals[s], wanted))
            if sum(1 for s in tonks if _dealt_rank(totals[s], wanted) == _dealt_rank(totals[best], wanted)) == 1:
                self._record("dealt_best", best, totals[best], "VAR-DEALTTONKS-1",
                             self._dealt_rules("VAR-DEALTTONKS-1", (best,)))
                tonks = [best]
        if len(tonks) == 1:
            seat = tonks[0]
            rule = "DEALT-1" if totals[seat] in wanted else "VAR-LOWDEALT-1"
            self._record("dealt_tonk", seat, totals[seat], rule, self._dealt_rules(rule, (seat,)))
            self._finish("dealt_tonk", (seat,), payments.from_each(seat, n, double, "PAY-DEALT-1"), totals)
        elif self.rules.dealt_tonks == "split" and len(tonks) < n:
            self._record("dealt_split", None, tuple(tonks), "VAR-DEALTTONKS-1",
                         self._dealt_rules("VAR-DEALTTONKS-1", tuple(tonks)))
            pays = payments.split_among(tuple(tonks), n, double, "VAR-DEALTTONKS-1")
            self._finish("dealt_tonk", tuple(tonks), pays, totals)
        else:
            self._record("dealt_draw", None, tuple(tonks), "DEALT-2", self._dealt_rules("DEALT-2", tuple(tonks)))
            self._finish("dealt_draw", (), [], totals)

    def _dealt_rules(self, rule: str, seats: tuple[int, ...]) -> Applied:
        """The rules that settle a dealt check: its own, and DEALT-3 where the dealer is
        among the seats it names (the dealer is checked like every player)."""
        if self.dealer in seats:
            return ((rule, DECIDES), (RULE_OF["dealer_dealt"], DECIDES))
        return ((rule, DECIDES),)

    # ------------------------------------------------------------------ legality
    def may_eat(self, seat: int) -> bool:
        """Under ``eating`` (VAR-EAT-1) a seat other than the player to act and the player
        who just discarded may take that discard out of turn, before the player to act acts."""
        me = self.to_act
        if not self.rules.eating or me is None or self._stage != START or self._turn == 0 or self._knocker >= 0:
            return False
        n = self.players
        if seat == me or seat == (me - 1) % n or not 0 <= seat < n or self._pile is None:
            return False
        return self._usable_top(seat)

    def legal_actions(self, seat: int | None = None, kinds: Collection[str] | None = None) -> list[Action]:
        """Every action the player to act (or ``seat``) may take now, in a fixed order.
        Another seat than the player to act has an action only when it may eat.  With
        ``kinds``, only the actions of those types (``"spread"``, ``"hit"``, ...), found
        without working out the others."""
        stage = self._stage
        if stage == OVER:
            return []
        if seat is not None and seat != self.to_act:
            return [DRAW_DISCARD] if self.may_eat(seat) else []
        rules = self.rules
        seat = self.to_act
        assert seat is not None
        hand = self._hands[seat]
        g = self._c.geometry
        out: list[Action] = []
        knocks = self._knocker < 0  # no knock in a last turn after a knock
        if stage == START:
            if knocks and rules.knock_timing != "after_draw" and self._knock_refusal(seat, hand) is None:
                out.append(KNOCK_ACTION)
            out.append(DRAW_STOCK)
            if self._pile is not None and self._usable_top(seat):
                out.append(DRAW_DISCARD)
            if rules.discard_without_draw and (kinds is None or DISCARD in kinds):
                out.extend(discard(c) for c in cards_of(hand) if self._may_discard(hand, c))
            if rules.special_hands != "none" and self._declare_refusal(seat) is None:
                out.append(DECLARE_ACTION)
            return out if kinds is None else [a for a in out if a.type in kinds]
        taken = self._taken
        lone_taken = BITS[taken] if taken >= 0 and not self._c.taken_last else -1
        must = self._must_use
        ends = rules.hit_ends_turn
        held = cards_of(hand)
        if kinds is None or SPREAD in kinds:
            for m in spread_masks(hand, g):
                if must and not m & BITS[taken]:
                    continue
                if hand & ~m != lone_taken:
                    out.append(Action(SPREAD, cards=tuple(cards_of(m))))
        if (kinds is None or HIT in kinds) and not (rules.hits_per_turn == "one" and self._hits >= 1):
            runs_only = rules.hit_targets == "runs"
            for i, sp in enumerate(self._spreads):
                if runs_only and sp.kind != "run":
                    continue
                # only a card of the book's rank or the run's suit, or a wild card, can fit
                if sp.kind == "book":
                    near = RANK_MASKS[sp.rank] if 0 <= sp.rank < 13 else 0
                else:
                    near = SUIT_MASKS[sp.suit] if 0 <= sp.suit < 4 else 0
                for c in cards_of(hand & (near | g.wild)):
                    if must and c != taken:
                        continue
                    if sp.with_card(c, g) is not None and (
                        self._hit_ending_refusal(hand & ~BITS[c]) is None if ends else hand & ~BITS[c] != lone_taken
                    ):
                        out.append(hit(c, i))
        if must:
            return out
        knocks = knocks and rules.knock_timing != "start" and (kinds is None or KNOCK in kinds)
        if not knocks and not (kinds is None or DISCARD in kinds):
            return out
        # the cards that may end the turn (_may_discard, with what is the same for every card once)
        tables = self._c
        if tables.forced:
            if tables.forced_at_once and self._layable_forced(hand):
                discardable = []
            else:
                discardable = [
                    x for x in held if self._may_discard_taken(hand, x) and not self._forced_in(hand & ~BITS[x])
                ]
        elif taken < 0:
            discardable = held
        else:
            discardable = [x for x in held if self._may_discard_taken(hand, x)]
        if kinds is None or DISCARD in kinds:
            out.extend(map(discard, discardable))
        if knocks:
            if rules.knock_with_discard:
                out.extend(knock(c) for c in discardable if self._knock_refusal(seat, hand & ~BITS[c]) is None)
            elif self._knock_refusal(seat, hand) is None and not (
                self._c.forced_at_once and self._layable_forced(hand)
            ):
                out.append(KNOCK_ACTION)
        return out

    def _may_discard(self, hand: int, card: Card) -> bool:
        """Whether ``card`` may end the turn: the taken-card rules, then forced spreads."""
        if not self._may_discard_taken(hand, card):
            return False
        if not self._c.forced:
            return True
        return not self._forced_in(hand & ~BITS[card]) and not (
            self._c.forced_at_once and self._layable_forced(hand)
        )

    def _layable_forced(self, hand: int) -> bool:
        """Under forced_spreads_timing = at_once (VAR-FORCED-1): whether the hand holds a
        spread it must lay before the turn ends, one other than three natural aces that
        may be laid now (TURN-8: not one that would leave only the card taken)."""
        taken = self._taken
        lone = BITS[taken] if taken >= 0 and not self._c.taken_last else -1
        for m in spread_masks(hand, self._c.geometry):
            if m.bit_count() == 3 and m & _ACES == m:
                continue
            if hand & ~m != lone:
                return True
        return False

    def _usable_top(self, seat: int) -> bool:
        """Under must_use_taken (VAR-MUSTUSE-1) the discard may be taken only if it can be
        used at once by a play that is then legal: a new spread with cards from the hand
        (always legal once the taken card is in it), or a hit on a spread on the table
        that the ruleset allows, and that, under hit_ends_turn, ends the turn keeping a
        hand forced spreads accept (VAR-HITEND-1, VAR-FORCED-1)."""
        if not self.rules.must_use_taken or self._pile is None:
            return True
        top = self._pile[0]
        bit = BITS[top]
        g = self._c.geometry
        hand = self._hands[seat]
        if (self.rules.hits_per_turn != "one" or self._hits == 0) and (
            not self.rules.hit_ends_turn or self._hit_ending_refusal(hand) is None
        ):
            runs_only = self.rules.hit_targets == "runs"
            if any(sp.with_card(top, g) is not None for sp in self._spreads if not runs_only or sp.kind == "run"):
                return True
        return holds_spread_with(hand | bit, top, g)

    def _knock_refusal(self, seat: int, kept: int) -> IllegalAction | None:
        """Why ``seat`` may not knock keeping ``kept`` (the checks after timing and discard)."""
        rules = self.rules
        if not rules.first_turn_knock and self._turn < self.players and "first_turn_knock" not in self._c.waived:
            return IllegalAction("first_turn_knock", "no knocking on a player's first turn here", "TURN-4")
        if self._locks[seat] and "hit_lock" not in self._c.waived:
            return IllegalAction("hit_lock", f"a hit on seat {seat}'s spread locks its knock", "VAR-HITLOCK-1")
        if self._waits[seat] and "knock_wait" not in self._c.waived:
            return IllegalAction("knock_wait", "no knock so soon after laying a spread", "VAR-KNOCKWAIT-1")
        if rules.knock_limit is not None:
            t = self._count(kept)
            if not rules.count_held_spreads:
                t -= best_cover(kept, self._c.values, self._c.geometry)
            if t > rules.knock_limit and "knock_limit" not in self._c.waived:
                return IllegalAction(
                    "knock_limit",
                    f"a knock needs {rules.knock_limit} points or fewer, the hand has {t}",
                    "VAR-KNOCKLIMIT-1",
                )
        if self._c.forced and self._forced_in(kept) and "forced_spread" not in self._c.waived:
            return IllegalAction("forced_spread", "a player holding a spread may not knock", "VAR-FORCED-2")
        return None

    def _declare_refusal(self, seat: int) -> IllegalAction | None:
        """Why ``seat`` may not declare a special hand now (VAR-SPECIAL-1), or None."""
        mode = self.rules.special_hands
        if mode == "none" and "declare_timing" not in self._c.waived:
            return IllegalAction("declare_timing", "this ruleset has no special hands", "VAR-SPECIAL-1")
        if (self._stage != START or self._knocker >= 0) and "declare_timing" not in self._c.waived:
            return IllegalAction(
                "declare_timing", "a special hand is declared at the start of a turn, before drawing", "VAR-SPECIAL-1"
            )
        if mode == "first_turn" and self._turn >= self.players and "declare_timing" not in self._c.waived:
            return IllegalAction("declare_timing", "a special hand is declared on the first turn only", "VAR-SPECIAL-1")
        hand = self._hands[seat]
        size = self.rules.hand_size_for(self.players)
        if hand.bit_count() != size and "not_special" not in self._c.waived:
            return IllegalAction("not_special", f"a special hand holds all {size} cards dealt", "VAR-SPECIAL-1")
        total = self._count(hand)
        if total != 41 and total > 10 and "not_special" not in self._c.waived:
            return IllegalAction("not_special", f"the cards held total {total}, not 41 or 10 or less", "VAR-SPECIAL-1")
        return None

    def _hit_ending_refusal(self, rest: int) -> IllegalAction | None:
        """Under ``hit_ends_turn`` a hit ends the turn: the hand kept then is held to forced
        spreads as a discard's is (VAR-FORCED-1)."""
        if rest and self._c.forced:
            if self._forced_in(rest) or (self._c.forced_at_once and self._layable_forced(rest)):
                if "forced_spread" not in self._c.waived:
                    return IllegalAction(
                        "forced_spread", "lay the spread you hold before ending the turn", "VAR-FORCED-1"
                    )
        return None

    def is_legal(self, action: Action) -> bool:
        try:
            self.copy().apply(action)
        except IllegalAction:
            return False
        return True

    # ------------------------------------------------------------------ refusals
    def refusal(self, action: Action, seat: int | None = None) -> IllegalAction | None:
        """The reason this engine refuses ``action`` by ``seat`` (the player to act when
        None) in this state, the one :meth:`apply` raises, or None when it is legal; the
        first of :meth:`refusals`, found without looking for the others.  ``self`` never
        changes."""
        try:
            self.copy().apply(action, seat)
        except IllegalAction as e:
            return e
        return None

    def refusals(self, action: Action, seat: int | None = None) -> list[IllegalAction]:
        """Every reason this engine finds to refuse ``action`` by ``seat`` (the player to
        act when None) in this state, in the order it checks them: the first is exactly
        what :meth:`apply` raises; empty when the action is legal.  ``self`` never changes.

        The reasons are found with *waivers*.  The action is applied to a copy of the hand;
        when the copy refuses it, the reason is recorded and the action is applied again
        to a fresh copy with that reason waived as well, until a copy accepts it or a
        reason cannot be waived.  A waived check lets the action go on as if its rule
        allowed it, and every check of that code is waived:

        - ``not_your_turn``: the action is played as if the seat were to act, at this
          point of the turn (what the player to act has done in it stands), except that a
          draw from the discard pile out of turn is played as an eat (VAR-EAT-1), which
          begins the eater's turn; a seat that is not at the table is never waived;
        - ``already_drawn``: the player draws again; ``must_draw_first``: as if the player
          had drawn (the stage is "drawn", no card added);
        - ``not_in_hand``: as if the player held the card (it is put in the copy's hand;
          a card outside the ruleset's pack is never waived);
          ``duplicate_card``: the card named twice counts once;
        - ``not_a_spread``: the cards are laid as if they were a spread;
          ``hit_does_not_fit``: the card is added to the spread as if it fitted;
          ``hit_target``, ``hit_limit``: the hit goes on;
        - ``knock_timing``: the knock goes on at this point of the turn; ``knock_discard``:
          a knock that names a discard where none is allowed is played without it, and one
          that names none where one is needed is played keeping every card;
        - ``taken_card``, ``last_card_taken``, ``must_use_taken``, ``forced_spread``,
          ``first_turn_knock``, ``hit_lock``, ``knock_wait``, ``knock_limit``,
          ``declare_timing``, ``not_special``: the check passes.

        The reasons of :data:`FINAL_REASONS` (``hand_over``, ``malformed_action``,
        ``no_such_spread``, ``discard_pile_empty``) end the search: after them nothing
        else about the action can be judged.  So do reasons the copy gives again once
        waived (a check that has no waiver, as a subclass's own may be).

        An action that breaks exactly the rule it is refused for gives one reason; one
        that breaks several gives them all (a discard before drawing of a card not held:
        ``must_draw_first``, then ``not_in_hand``)."""
        found: list[IllegalAction] = []
        waived: frozenset[str] = _NONE
        while True:
            h = self.copy()
            h._c = self._c.waiving(waived)
            try:
                h.apply(action, seat)
            except IllegalAction as e:
                if e.reason in waived:
                    return found
                found.append(e)
                if e.reason in FINAL_REASONS:
                    return found
                waived = waived | {e.reason}
                continue
            return found

    def refused_by(self, action: Action, seat: int, error: IllegalAction) -> tuple[str, ...]:
        """The rules behind ``error``, this hand's refusal of ``action`` by ``seat``: the rule
        that settles the point first (SPREAD-3 for Q-K-A, VAR-WILD-1 for five cards with
        one natural, S33's three aces under forced spreads), then the rule it names."""
        out: list[str] = []
        reason, g = error.reason, self._c.geometry
        if reason == "not_a_spread":
            out += _not_a_spread(action.cards, g)
        elif reason == "hit_does_not_fit" and 0 <= action.spread < len(self._spreads):
            out.append("SPREAD-2" if self._spreads[action.spread].kind == "book" else "SPREAD-3")
        elif reason == "forced_spread":
            kept = self._hands[seat]
            if action.card >= 0 and kept & BITS[action.card]:
                kept ^= BITS[action.card]
            if (kept & _ACES).bit_count() >= 3:
                out += [RULE_OF["forced_kept"], RULE_OF["forced_knock"]]
            if forced_spread(kept, g) & g.wild:  # the spread to lay needs a wild card
                out += [rid for rid, _ in self._pack_rules(cards_of(kept & g.wild), False, ())]
        elif reason == "not_your_turn" and self.rules.eating:
            out.append("VAR-EAT-1")
        elif reason == "no_such_spread":
            out.append("SPREAD-5")
        elif reason == "discard_pile_empty" and not self.rules.upcard:
            out.append("VAR-NOUP-1")
        if error.rule:
            out.append(error.rule)
        return tuple(dict.fromkeys(out))

    def _refuse(self, reason: str, message: str, rule: str | None = None) -> None:
        """A check of ``reason`` has failed: raise, unless the tables waive it (only on a
        copy :meth:`refusals` plays), in which case the action goes on and the caller plays
        it as the rule would allow.  Checks that return their refusal instead of raising it
        (``_knock_refusal``, ``_declare_refusal``, ``_hit_ending_refusal``) read the same
        set, ``self._c.waived``, and only once the check has failed, so the legal path
        never pays for it."""
        if reason not in self._c.waived:
            raise IllegalAction(reason, message, rule)

    # ------------------------------------------------------------------ actions
    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply ``action`` for the player to act (``seat``, when given, must be that
        player).  Raise :class:`IllegalAction` and change nothing if it is illegal."""
        me = self.to_act
        if seat is None or seat == me:
            # Fast paths for the two commonest actions, each in its plainest case (the
            # hand is on, since only a hand in play has a stage "start" or "drawn").
            if action is DRAW_STOCK:
                # a draw from a stock that still has cards
                if self._stage == START:
                    pos = self._pos
                    try:
                        card = self._deck[pos]
                    except IndexError:  # the stock is empty: the general case
                        pass
                    else:
                        self._pos = pos + 1
                        self._hands[me] |= BITS[card]  # type: ignore[index]
                        self._stage = DRAWN
                        drawn = _DRAW_EVENTS if pos + 1 < len(self._deck) else _LAST_DRAW_EVENTS
                        self._log = (drawn[me][card], self._log)  # type: ignore[index]
                        return
            elif action.type == DISCARD:
                # a discard that keeps cards in hand, with no taken card and no house rule
                # to check at the end of the turn
                card = action.card
                if self._stage == DRAWN and self._taken < 0 and self._c.plain and 0 <= card < CARD_CODES:
                    hands = self._hands
                    hand = hands[me]  # type: ignore[index]
                    kept = hand ^ BITS[card]
                    if kept < hand and kept:  # the card was held, and was not the last one
                        hands[me] = kept  # type: ignore[index]
                        self._pile = (card, self._pile)
                        self._pile_count += 1
                        self._log = (_DISCARD_EVENTS[me][card], self._log)  # type: ignore[index]
                        self.to_act = (me + 1) % self.players  # type: ignore[operator]
                        self._stage = START
                        self._turn += 1
                        self._hits = 0
                        self._laid = False
                        return
        self._apply(action, seat)

    def _apply(self, action: Action, seat: int | None) -> None:
        """:meth:`apply`, every case."""
        if self._stage == OVER:
            raise IllegalAction("hand_over", "the hand is over", "TURN-10")
        me = self.to_act
        assert me is not None
        if seat is not None and seat != me:
            if action == DRAW_DISCARD and self.may_eat(seat):
                self._record("eat", seat, me, "VAR-EAT-1", (("VAR-EAT-1", DECIDES),))
                self.to_act = seat
                self._draw(seat, action)
                return
            message = f"seat {seat} acted but seat {me} is to act"
            if not 0 <= seat < self.players:  # a seat not at the table: no waiver can seat it
                raise IllegalAction("not_your_turn", message, "TURN-10")
            self._refuse("not_your_turn", message, "TURN-10")
            # waived: as if the seat were to act, at this point of the turn; a draw from the
            # discard pile out of turn is played as an eat, which begins the eater's turn
            if action == DRAW_DISCARD:
                self._begin_turn()
            me = self.to_act = seat
        t = action.type
        if t == DRAW:
            self._draw(me, action)
        elif t == DISCARD:
            self._discard(me, action.card)
        elif t == SPREAD:
            self._spread(me, action.cards)
        elif t == HIT:
            self._hit(me, action.card, action.spread)
        elif t == KNOCK:
            self._knock(me, action.card)
        elif t == DECLARE:
            self._declare(me)
        else:
            raise IllegalAction("malformed_action", f"unknown action type {t!r}")

    def _draw(self, me: int, action: Action) -> None:
        if self._stage != START:
            self._refuse("already_drawn", "a player draws once a turn", "TURN-6")
        if action.source == "discard":
            pile = self._pile
            if pile is None:
                raise IllegalAction("discard_pile_empty", "the discard pile is empty", "TURN-9")
            if not self._usable_top(me):
                self._refuse(
                    "must_use_taken", f"{NAMES[pile[0]]} cannot be used at once in a spread or a hit", "VAR-MUSTUSE-1"
                )
            card = pile[0]
            self._pile = pile[1]
            self._pile_count -= 1
            self._hands[me] |= BITS[card]
            self._taken = card
            self._must_use = self.rules.must_use_taken
            self._stage = DRAWN
            applied: Applied = (("TURN-2", FRAME),) if self._pos < len(self._deck) else (
                ("TURN-2", FRAME), ("STOCK-2", STOCK))
            self._log = (("take", me, card, "TURN-2", applied), self._log)
            return
        if action.source != "stock":
            raise IllegalAction("malformed_action", f"draw from {action.source!r}: expected 'stock' or 'discard'")
        pos = self._pos
        if pos >= len(self._deck):
            self._empty_stock(me)
            return
        card = self._deck[pos]
        self._pos = pos + 1
        self._hands[me] |= BITS[card]
        self._stage = DRAWN
        self._log = ((_DRAW_EVENTS if pos + 1 < len(self._deck) else _LAST_DRAW_EVENTS)[me][card], self._log)

    def _empty_stock(self, me: int) -> None:
        mode = self.rules.empty_stock
        if mode == "reshuffle" and self._pile_count > 1:
            pile = self.discard_pile()
            top = pile.pop()
            self._deck = tuple(pile)  # the pile turned over: its bottom card is the new top
            self._pos = 0
            self._pile = (top, None)
            self._pile_count = 1
            self._record("restock", me, len(pile), "STOCK-3", (("STOCK-3", DECIDES), ("DEAL-3", FRAME)))
            self._draw(me, DRAW_STOCK)
            return
        self._record("empty_stock", me, None, "STOCK-2", self._counted())
        totals = tuple(self.total(s) for s in range(self.players))
        if mode == "dead":
            self._record("dead_hand", None, None, "STOCK-3", (("STOCK-3", DECIDES),))
            self._finish("stock_out", (), [], totals)
            return
        winners, pays = payments.stock_out(self.rules, self.stake, totals)
        self._finish("stock_out", tuple(winners), pays, totals)

    def _owned(self, me: int, card: Card) -> int:
        if not 0 <= card < CARD_CODES:
            raise IllegalAction("malformed_action", f"{card!r} is not a card", "CARD-2")
        bit = BITS[card]
        if not self._hands[me] & bit:
            message = f"{NAMES[card]} is not in seat {me}'s hand"
            if not self._c.pack & bit:  # a card outside the ruleset's pack: no waiver can deal it
                raise IllegalAction("not_in_hand", message, "TURN-11")
            self._refuse("not_in_hand", message, "TURN-11")
            self._hands[me] |= bit  # waived: as if the player held the card
        return bit

    def _check_taken_left(self, rest: int) -> None:
        taken = self._taken
        if taken >= 0 and rest == BITS[taken] and not self._c.taken_last:
            self._refuse(
                "last_card_taken", f"that would leave only {NAMES[taken]}, taken from the discard pile", "TURN-8"
            )

    def _check_must_use(self, uses_taken: bool) -> None:
        if self._must_use and not uses_taken:
            self._refuse(
                "must_use_taken", f"first use {NAMES[self._taken]}, taken from the discard pile", "VAR-MUSTUSE-1"
            )

    def _discard(self, me: int, card: Card) -> None:
        if self._stage != DRAWN and not (self._stage == START and self.rules.discard_without_draw):
            self._refuse("must_draw_first", "draw before discarding", "TURN-6")
            self._stage = DRAWN  # waived: as if the player had drawn
        bit = self._owned(me, card)
        self._check_must_use(False)
        hand = self._hands[me]
        if not self._may_discard_taken(hand, card):
            self._refuse("taken_card", f"{NAMES[card]} was taken from the discard pile this turn", "TURN-7")
        kept = hand ^ bit
        if self._c.forced and self._forced_in(kept):
            self._refuse("forced_spread", "lay the spread you hold before ending the turn", "VAR-FORCED-1")
        elif self._c.forced_at_once and self._layable_forced(hand):
            self._refuse("forced_spread", "lay the spread you hold before discarding", "VAR-FORCED-1")
        self._hands[me] = kept
        self._pile = (card, self._pile)
        self._pile_count += 1
        if self._stage == START:
            self._record("discard", me, card, "VAR-NODRAW-1", (("VAR-NODRAW-1", DECIDES),))
        else:
            self._log = (_DISCARD_EVENTS[me][card], self._log)
        if not kept and self._knocker < 0:
            self._record("out", me, card, "OUT-2")
            self._finish("out_by_discard", (me,), payments.from_each(me, self.players, self.stake, "PAY-OUT-2"))
            return
        self._next_turn(me)

    def _begin_turn(self) -> None:
        """Only on a copy :meth:`refusals` plays: the state of a turn that has just begun."""
        self._stage = START
        self._taken = -1
        self._hits = 0
        self._laid = False
        self._must_use = False

    def _next_turn(self, me: int) -> None:
        # under empty_stock = last_turn, a last turn after a knock that drew the last stock
        # card ends the hand at the empty stock, and the knock is not settled (STOCK-3)
        drew_last = (
            self._knocker >= 0 and self._stage == DRAWN and self._taken < 0
            and self.rules.empty_stock == "last_turn" and self._pos >= len(self._deck)
        )
        if self._c.counters:
            if self._locks[me]:
                self._locks = _bump(self._locks, me, -1)
            if self._waits[me]:
                self._waits = _bump(self._waits, me, -1)
        self.to_act = (me + 1) % self.players
        self._stage = START
        self._taken = -1
        self._turn += 1
        self._hits = 0
        self._laid = False
        self._must_use = False
        if self._knocker >= 0 and not (drew_last and me != self._knocker):  # a last turn after a knock has ended
            self._last -= 1
            if self._last == 0:
                self._settle_knock(self._knocker)
        elif self.rules.empty_stock == "last_turn" and self._pos >= len(self._deck):
            # the turn that drew the last stock card has ended: so does the hand (STOCK-3)
            self._record("stock_end", me, None, "STOCK-3", (("STOCK-3", DECIDES), *self._counted()))
            totals = tuple(self.total(s) for s in range(self.players))
            winners, pays = payments.stock_out(self.rules, self.stake, totals)
            self._finish("stock_out", tuple(winners), pays, totals)
        elif self.rules.turn_limit is not None and self._turn >= self.rules.turn_limit:
            totals = tuple(self.total(s) for s in range(self.players))
            limit: Applied = (*self._counted(), ("STOCK-1", SHOW_DECIDES))
            if sum(1 for x in totals if x == min(totals)) > 1 and self.rules.turn_limit_end == "count":
                limit += ((RULE_OF["stock_tie"], SHOW),)  # stock_tie settles a tie at the turn limit too
            self._record("turn_limit", me, self._turn, "STOCK-1", limit)
            winners, pays = payments.turn_limit(self.rules, self.stake, totals)
            self._finish("turn_limit", tuple(winners), pays, totals)

    def _spread(self, me: int, cards: tuple[Card, ...]) -> None:
        if self._stage != DRAWN:
            self._refuse("must_draw_first", "draw before laying a spread", "SPREAD-4")
            self._stage = DRAWN  # waived: as if the player had drawn
        mask = 0
        named = cards  # (the loop reads this name: the compiled build reads the loop's name anew)
        for c in named:
            bit = self._owned(me, c)
            if mask & bit:
                self._refuse("duplicate_card", f"{NAMES[c]} is named twice", "TURN-11")
                cards = tuple(dict.fromkeys(named))  # waived: the card counts once
            mask |= bit
        sp = self._make_spread(me, cards)
        if sp is None:
            shown = " ".join(NAMES[c] for c in cards)
            self._refuse("not_a_spread", f"[{shown}] is not a book or a run", "SPREAD-1")
            sp = Spread(me, "book", cards, mask)  # waived: laid as if the cards were a spread
        self._check_must_use(self._taken >= 0 and bool(mask & BITS[self._taken]))
        rest = self._hands[me] & ~mask
        self._check_taken_left(rest)
        self._hands[me] = rest
        self._spreads = (*self._spreads, sp)
        again = self._laid  # a spread laid before this one this turn (VAR-REEM-1 under reem = one_turn)
        self._laid = True
        self._must_use = False
        if self.rules.spread_knock_wait:
            # the turn in which it is laid counts too: the wait runs down as turns end
            self._waits = _bump(self._waits, me, self.rules.spread_knock_wait + 1 - self._waits[me])
        run = sp.kind == "run"
        self._record("spread", me, cards, "SPREAD-1",
                     (("SPREAD-3" if run else "SPREAD-2", DECIDES), *self._pack_rules(cards, run, cards)))
        if self.rules.reem != "none" and self._knocker < 0:
            mine = 1 + again if self.rules.reem == "one_turn" else sum(1 for x in self._spreads if x.owner == me)
            if mine >= 2:  # a reem, whether or not the spread empties the hand (VAR-REEM-1)
                self._record("reem", me, mine, "VAR-REEM-1", (("VAR-REEM-1", DECIDES), ("GAME-1", RESTS_ON)))
                self._finish("reem", (me,), payments.from_each(me, self.players, 2 * self.stake, "VAR-REEM-1"))
                return
        if not rest:
            self._out_of_cards(me)

    def _hit(self, me: int, card: Card, index: int) -> None:
        if self._stage != DRAWN:
            self._refuse("must_draw_first", "draw before hitting", "HIT-2")
            self._stage = DRAWN  # waived: as if the player had drawn
        bit = self._owned(me, card)
        spreads = self._spreads
        if not 0 <= index < len(spreads):
            raise IllegalAction("no_such_spread", f"there is no spread {index} on the table", "HIT-1")
        target = spreads[index]
        if self.rules.hit_targets == "runs" and target.kind != "run":
            self._refuse("hit_target", "only a run may be hit, not a meld of a kind", "HIT-1")
        if self.rules.hits_per_turn == "one" and self._hits >= 1:
            self._refuse("hit_limit", "a player hits at most once a turn", "HIT-4")
        grown = target.with_card(card, self._c.geometry)
        if grown is None:
            self._refuse("hit_does_not_fit", f"{NAMES[card]} does not fit spread {index}", "HIT-3")
            # waived: the card is added as if it fitted
            grown = replace(target, cards=(*target.cards, card), mask=target.mask | bit)
        self._check_must_use(card == self._taken)
        rest = self._hands[me] & ~bit
        ends = self.rules.hit_ends_turn
        if ends:
            refusal = self._hit_ending_refusal(rest)
            if refusal is not None:
                raise refusal
        else:
            self._check_taken_left(rest)
        self._hands[me] = rest
        self._spreads = (*spreads[:index], grown, *spreads[index + 1 :])
        self._hits += 1
        self._must_use = False
        owner = target.owner
        if self.rules.hit_lock and owner != me:
            further = self.rules.hit_lock_further
            add = self.rules.hit_lock if further is None or not self._locks[owner] else further
            self._locks = _bump(self._locks, owner, add)
            self._record("hit_lock", owner, self._locks[owner], "VAR-HITLOCK-1", (("VAR-HITLOCK-1", DECIDES),))
        hit_rules: list[tuple[str, str]] = [("HIT-1", DECIDES), ("HIT-3", DECIDES)]
        if self._hits > 1:
            hit_rules.append(("HIT-4", RESTS_ON))
        hit_rules.append(("SPREAD-5", RESTS_ON))
        if self._c.geometry.wild & bit:
            hit_rules.append(("VAR-WILD-2", RESTS_ON))
        self._record("hit", me, (card, index), "HIT-1",
                     (*hit_rules, *self._pack_rules((card,), grown.kind == "run", grown.cards)))
        if not rest:
            self._out_of_cards(me)
        elif ends:
            self._record("hit_ends_turn", me, card, "VAR-HITEND-1", (("VAR-HITEND-1", DECIDES),))
            self._next_turn(me)

    def _out_of_cards(self, me: int) -> None:
        """A player has laid or hit every card: a tonk out (OUT-1), or, in a last turn after
        a knock, the end of that turn with nothing left to count (PAY-KNOCK-1)."""
        if self._knocker >= 0:
            self._next_turn(me)
        else:
            self._tonk_out(me)

    def _tonk_out(self, me: int) -> None:
        self._record("tonk_out", me, None, "OUT-1")
        if self.rules.tonk_out_double == "new_spread" and not self._laid:
            pays = payments.from_each(me, self.players, self.stake, "VAR-NEWSPREAD-1")
        else:
            pays = payments.from_each(me, self.players, 2 * self.stake, "PAY-OUT-1")
        self._finish("tonk_out", (me,), pays)

    def _knock(self, me: int, card: Card) -> None:
        rules = self.rules
        hand = self._hands[me]
        if self._knocker >= 0:
            self._refuse("knock_timing", "no knock in a last turn after a knock", "PAY-KNOCK-1")
        if self._stage == START:
            if rules.knock_timing == "after_draw":
                self._refuse("knock_timing", "a player may knock only after drawing", "TURN-3")
            if card >= 0:
                self._refuse("knock_discard", "a knock before drawing names no discard", "TURN-3")
                card = -1  # waived: played without the discard
            kept = hand
        elif not rules.knock_with_discard:
            if rules.knock_timing == "start":
                self._refuse("knock_timing", "a player may knock only before drawing", "TURN-3")
            if card >= 0:
                self._refuse(
                    "knock_discard", "a knock after drawing names no discard: every card held is shown", "TURN-3"
                )
                card = -1  # waived: played without the discard
            self._check_must_use(False)
            kept = hand
        else:
            if rules.knock_timing == "start":
                self._refuse("knock_timing", "a player may knock only before drawing", "TURN-3")
            if card < 0:
                self._refuse("knock_discard", "a knock after drawing names the card discarded", "TURN-3")
                kept = hand  # waived: played keeping every card
            else:
                bit = self._owned(me, card)
                hand = self._hands[me]  # the same hand, unless a waiver put the card in it
                self._check_must_use(False)
                if not self._may_discard_taken(hand, card):
                    self._refuse("taken_card", f"{NAMES[card]} was taken from the discard pile this turn", "TURN-7")
                kept = hand ^ bit
        refusal = self._knock_refusal(me, kept)
        if (
            refusal is None and self._stage == DRAWN and self._c.forced_at_once and self._layable_forced(hand)
            and "forced_spread" not in self._c.waived
        ):
            refusal = IllegalAction("forced_spread", "lay the spread you hold before knocking", "VAR-FORCED-1")
        if refusal is not None:
            raise refusal
        if card >= 0:
            self._hands[me] = kept
            self._pile = (card, self._pile)
            self._pile_count += 1
            self._record("discard", me, card, "TURN-3", (("TURN-3", RESTS_ON),))
            if not kept:  # a discard that empties the hand goes out (OUT-2), knock or not
                self._record("out", me, card, "OUT-2")
                self._finish("out_by_discard", (me,), payments.from_each(me, self.players, self.stake, "PAY-OUT-2"))
                return
        self._record("knock", me, None, "TURN-2", self._knock_rules(me, card < 0 and self._stage == DRAWN))
        if rules.after_knock == "one_turn_each":
            # each other player plays one more turn before the hands are shown (PAY-KNOCK-1);
            # the knocker's turn ends now and counts as the first of them, so it is never
            # cut short by a turn limit
            self._record("last_turns", me, self.players - 1, "PAY-KNOCK-1", (("PAY-KNOCK-1", DECIDES),))
            self._knocker = me
            self._last = self.players
            self._next_turn(me)
            return
        self._settle_knock(me)

    def _knock_rules(self, me: int, held: bool) -> Applied:
        """The rules a knock applies: at once (TURN-4 on a first turn), and when the hands
        are shown and counted (TURN-3, PAY-KNOCK-1, the count, a knock limit, S33's three
        aces kept under forced spreads, a knock after drawing that shows the cards held:
        ``held``)."""
        rules = self.rules
        out: Applied = _KNOCK_FIRST if self._turn < self.players else _KNOCK
        out += self._c.knock_shown
        if rules.forced_spreads and (self._hands[me] & _ACES).bit_count() >= 3:
            out += ((RULE_OF["forced_knock"], SHOW_DECIDES),)
        if held and not rules.knock_with_discard and rules.knock_timing != "start":
            out += (("VAR-KNOCKHELD-1", SHOW_DECIDES),)
        return out

    def _declare(self, me: int) -> None:
        """A special hand declared (VAR-SPECIAL-1): the hand ends and the declarer receives 3S
        from each other player."""
        refusal = self._declare_refusal(me)
        if refusal is not None:
            raise refusal
        self._record("special_hand", me, self._count(self._hands[me]), "VAR-SPECIAL-1",
                     (("VAR-SPECIAL-1", DECIDES), ("GAME-1", RESTS_ON), ("CARD-3", RESTS_ON)))
        totals = tuple(self.total(s) for s in range(self.players))  # CARD-4, as at every ending
        pays = payments.from_each(me, self.players, 3 * self.stake, "VAR-SPECIAL-1")
        self._finish("special_hand", (me,), pays, totals)

    def _settle_knock(self, me: int) -> None:
        """Every hand is shown and counted, and the knock is settled (PAY-KNOCK-1 to PAY-CAUGHT-3)."""
        totals = tuple(self.total(s) for s in range(self.players))
        tie = payments.knock_tie(self.rules, self.stake, me, totals)
        if tie is not None:
            winners, pays = tie
            self._record("knock_tie", me, tuple(winners), "VAR-KNOCKTIE-1", (("VAR-KNOCKTIE-1", DECIDES),))
            self._finish("knock_tie", tuple(winners), pays, totals, knocker=me)
            return
        won, winners, pays = payments.knock(self.rules, self.stake, me, totals)
        self._finish("knock_won" if won else "knock_caught", tuple(winners), pays, totals, knocker=me)

    def _may_discard_taken(self, hand: int, card: Card) -> bool:
        if card != self._taken or self._c.discard_taken:
            return True
        return self.rules.discard_taken_last and hand == BITS[card]

    def _finish(
        self,
        ending: Ending,
        winners: tuple[int, ...],
        pays: Iterable[Payment],
        totals: tuple[int, ...] | None = None,
        knocker: int | None = None,
    ) -> None:
        pays = tuple(pays)
        log: Any = self._log
        for p in pays:
            whole = type(p.amount) is int or p.amount.denominator == 1
            paid: Applied = ((p.rule, DECIDES),) if whole else ((p.rule, DECIDES), ("STAKE-2", RESTS_ON))
            log = (("pay", p.payer, (p.payee, p.amount), p.rule, paid), log)
        # the record of the end: the count, the settlement, then (after the payments) the close
        applied = (*self._count_rules(totals), *payments.settled_by(self.rules, ending, totals, knocker),
                   *self._c.closing[ending])
        self._log = (("end", None, ending, "GAME-1", applied), log)
        self.result = Result(ending, winners, pays, net_of(self.players, pays), totals, knocker)
        self._stage = OVER
        self.is_over = True
        self.to_act = None


def forced_spread(kept: int, g: Geometry) -> int:
    """A spread of ``kept`` that forced spreads make the player lay (0 if none): any spread
    but a book of exactly three natural aces (S33), one without wild cards first, the
    smallest first."""
    forced = [m for m in spread_masks(kept, g) if not (m.bit_count() == 3 and m & _ACES == m)]
    return min(forced, key=lambda m: (bool(m & g.wild), m.bit_count(), m)) if forced else 0


def _not_a_spread(cards: tuple[Card, ...], g: Geometry) -> list[str]:
    """Why cards laid are no spread, first: wild cards among them (VAR-WILD-1), naturals of
    one suit in no run (SPREAD-3, and VAR-DECK40-1 where a seven or a jack is among them in
    the 40-card pack), or of one rank and too few (SPREAD-2)."""
    out: list[str] = []
    naturals = [c for c in cards if c < 52 and not g.wild & BITS[c]]
    if len(naturals) < len(cards):
        out.append("VAR-WILD-1")
    ranks = {c % 13 for c in naturals}
    if naturals and len({c // 13 for c in naturals}) == 1 and len(ranks) == len(naturals):
        out.append("SPREAD-3")
        if g.pos[7] < 0 and (_SEVEN in ranks or _JACK in ranks):
            out.append("VAR-DECK40-1")
    elif naturals and len(ranks) == 1:
        out.append("SPREAD-2")
    return out


def _bump(counts: tuple[int, ...], seat: int, delta: int) -> tuple[int, ...]:
    return (*counts[:seat], counts[seat] + delta, *counts[seat + 1 :])


def _dealt_rank(total: int, wanted: tuple[int, ...]) -> tuple[int, int]:
    """Option dealt_tonks = best: a 49 or 50 beats a low hand; a higher 49/50 beats a
    lower one; a lower low hand beats a higher one."""
    return (1, total) if total in wanted else (0, -total)


def _check_setup(deck: Sequence[Card], players: Any, dealer: Any, stake: Any, rules: Ruleset, c: Compiled) -> None:
    if (
        type(players) is int and type(dealer) is int and type(stake) is int
        and 2 <= players <= rules.max_players and 0 <= dealer < players and stake >= 1
        and is_deck(deck, c.pack_table) and c.dealt[players] < len(deck)
    ):
        return  # the common case, passed at once; any other is checked and explained below
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= rules.max_players:
        raise SetupError(f"players must be 2 to {rules.max_players} (rule GAME-2), got {players!r}")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise SetupError(f"dealer must be a seat 0 to {players - 1}, got {dealer!r}")
    if not isinstance(stake, int) or isinstance(stake, bool) or stake < 1:
        raise SetupError(f"stake must be a positive integer (rule STAKE-1), got {stake!r}")
    try:
        check_deck(deck, c.pack)
    except CardError as e:
        raise SetupError(str(e)) from None
    if players * rules.hand_size_for(players) + 1 > len(deck):
        raise SetupError(
            f"{players} players with {rules.hand_size_for(players)} cards each need more than {len(deck)} cards"
        )
