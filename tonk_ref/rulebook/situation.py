"""Situations for ``tonk judge`` and ``tonk explain``: a scenario (read by the harness,
:mod:`tonk_ref.harness.situations`), or a short description typed on the command line,
turned into a starting :class:`Hand` under a given ruleset plus the actions that follow.

A description is a list of items separated by ``;`` or ``,`` (see :data:`GRAMMAR`)::

    3 players, dealer 2; 0: 5h 6h 7h 9c 9d; 1: Kc Kd 2s 3s; 2: Ac 2c 3d 4d 8h;
    table: 1 [4s 5s 6s]; discard Kh; stock 20; 0 knocks

The seats may be named (``names Ann Bob Cy``, then ``Ann: ...``, ``Bob knocks``, ``hits 4c
on Cy's run``), and a hand may be left out (``1: not shown``) or given by its count
(``2: total 12``): the judge then chooses its cards under each ruleset (:func:`choose_cards`,
:meth:`Situation.filled`).

The same description can arise under one ruleset and not under another (a hand of five
cards under a seven-card deal, an 8 in the 40-card pack, a joker without jokers): building
the hand raises :class:`CannotArise` with the reason, and the judge lists that ruleset as
"cannot arise" instead of judging it.  Input that is wrong under every ruleset (a word that
is not a card, a seat that does not exist, a card in two places) raises
:class:`SituationError` naming the column of the description, or the file and line.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..engine import actions as A
from ..engine.actions import Action, IllegalAction
from ..engine.cards import (
    JOKER_MASK,
    NAMES,
    Card,
    CardError,
    cards_of,
    check_deck,
    make,
    mask_of,
    pack_mask,
    parse_card,
)
from ..engine.hand import Hand, SetupError, compiled
from ..engine.ruleset import DEFAULT, Ruleset, option_values
from ..engine.serialize import action_from_json, action_to_json, state_from_json
from ..engine.spreads import has_forced_spread, holds_spread_with, make_spread
from ..engine.stacking import StackError, stack_deck
from ..errors import TonkError
from .notation import describe_action

GRAMMAR = """\
A situation is a scenario file (YAML; its deal and its script are played to the end), or a
description: items separated by ';', ',' or 'then', in any order, the actions last:
  3 players            how many players (default: one more than the highest seat named)
  dealer 2             the dealer (default: the seat before the first to act)
  stake 5              the stake (default 1)
  names Ann Bob Cy     a name for each seat, in seat order (one word each); a name then stands
                       wherever a seat number does: 'Ann: 3d 4d', 'dealer Bob', 'Cy knocks'
  0: 5h 6h 7h 9c 9d    the cards seat 0 holds (every seat needs one); 10h = Th, X1/X2 = jokers
  1: not shown         a hand that does not matter: the judge fills it with cards that make no
                       spread and hit none on the table (the same under every ruleset it can)
  2: total 12          a hand that matters by its count only: cards chosen to count 12 (CARD-4)
  table: 0 [4s 5s 6s], 1 [Kc Kd Ks]
                       spreads on the table with their owners, numbered 0, 1, ... in this order
  discard Kh           the top of the discard pile ('discard none': the pile is empty, which
                       happens only on the first turn without an upcard)
  stock 20             how many cards are left in the stock (default: every card of the
                       standard 52 not named)
  first turn           nobody has played yet: the hands are the dealt hands (49/50 is checked)
  turn 4               how many turns were played before this one (default: one round or more)
  2 to act             who is to act (default: the seat of the first action)
  0 knocks             then the actions, each 'SEAT VERB ...'; the seat may be left out after
                       the first: '0 draws 9h, spreads 9c 9d 9h, discards 5h'. Verbs:
                       knocks [discarding C] | draws [C] (from the stock; C names the card drawn)
                       | takes the discard | spreads C C C... | hits C on N (spread N)
                       | hits C on 1's run (seat 1's only spread; also 'on Ann's book')
                       | discards C | declares (a special hand, VAR-SPECIAL-1)
                       or the action notation: '0 knock', '0 knock 9s', '1 draw stock',
                       '1 draw discard', '2 spread 4h 5h 6h', '2 hit 7h 0', '0 discard 9s',
                       '0 declare'
At the start of a turn the hands and the table hold every card dealt (players x hand size): a
seat that laid a spread holds that many fewer (a hand not shown, or given by its total, is
filled to that size). A ruleset under which the position cannot happen (that check, a card
not in its pack, too many players, a spread it does not allow) is listed as "cannot arise";
an action a ruleset refuses is judged: the reason, the rule, and the rulesets that allow it.
Unused cards fill the stock (named draws first, then the cards every pack has in code order:
clubs A-K, diamonds, hearts, spades; then 8s, 9s and 10s; then jokers) and the discard pile
below its top card, the same way under every ruleset."""




class SituationError(TonkError, ValueError):
    """A situation that is wrong whatever the ruleset; the message names the place, and
    ``column`` is the 1-based column of the description it points at (None: none)."""

    def __init__(self, message: str, column: int | None = None) -> None:
        super().__init__(message)
        self.column = column


class CannotArise(TonkError):
    """The situation cannot arise under this ruleset; the message says why."""


@dataclass(frozen=True, slots=True)
class Step:
    """One action of a situation: who does it, what, and where it was written."""

    seat: int
    action: Action | None  # None: a malformed action the scenario expects to be refused
    text: str
    where: str
    reject: str | bool | None = None  # a scenario step the scenario expects to be refused
    card: Card | None = None  # a draw or take that names the card it gets
    malformed: str = ""  # why the action is not well formed (action is None)


class Situation:
    """A starting position (built per ruleset) and the actions played from it."""

    kind: str = ""
    source: str = ""
    players: int = 2
    dealer: int = 0
    stake: int = 1
    acts: tuple[Step, ...] = ()
    #: the situation's own ruleset (a scenario's); None means the seed ruleset
    ruleset: Ruleset | None = None
    from_deal: bool = False
    #: the players' names in seat order ('names Ann Bob'), or None: seats are "seat 0", ...
    names: tuple[str, ...] | None = None
    #: the seats whose hand is not shown ('1: not shown'): the judge fills them
    hidden: frozenset[int] = frozenset()
    #: the seats whose hand is given by its count only ('2: total 12'): seat -> total
    totals: Mapping[int, int] = MappingProxyType({})

    def seat_name(self, seat: int) -> str:
        """A seat as a ruling names it: the player's name, else "seat N"."""
        return self.names[seat] if self.names is not None and 0 <= seat < len(self.names) else f"seat {seat}"

    def filled(self, rules: Ruleset) -> dict[int, tuple[Card, ...]]:
        """The cards the judge chose for each hand not shown or given by its total, under
        ``rules`` (raises :class:`CannotArise` when there are none to choose)."""
        return {}

    def filled_words(self, filled: Mapping[int, tuple[Card, ...]]) -> list[str]:
        """What a ruling says of the hands it filled (``Played.filled``), one clause each:
        "Bob's hand, not shown, was taken as Kh Jd"."""
        out = []
        for seat, cards in sorted(filled.items()):
            how = f"said to count {self.totals[seat]}" if seat in self.totals else "not shown"
            out.append(f"{self.seat_name(seat)}'s hand, {how}, was taken as {' '.join(NAMES[c] for c in cards)}")
        return out

    def start(self, rules: Ruleset) -> Hand:  # pragma: no cover - abstract
        raise NotImplementedError

    def describe(self) -> list[str]:  # pragma: no cover - abstract
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError


# ---------------------------------------------------------------------------- the outcome of playing


@dataclass(frozen=True)
class Played:
    """What happened when a situation was played under one ruleset."""

    kind: str  # "ended" | "goes_on" | "refused" | "allowed" | "cannot_arise"
    hand: Hand | None = None
    first_event: int = 0  # events before this index belong to the starting position
    act: Step | None = None  # the refused (or unexpectedly allowed) action
    error: IllegalAction | None = None
    why: str = ""  # cannot_arise
    unplayed: tuple[Step, ...] = field(default=())  # actions after the hand ended
    reached: int = 0  # how many of the situation's actions were applied (or refused as expected)
    before: Hand | None = None  # the hand as it was when the refused action was tried
    #: the cards chosen for the hands not shown or given by a total (Situation.filled)
    filled: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)


def play(situation: Situation, rules: Ruleset) -> Played:
    """Play ``situation`` under ``rules``: build the start, apply every action in turn."""
    try:
        hand = situation.start(rules)
        filled = situation.filled(rules)
    except CannotArise as e:
        return Played("cannot_arise", why=str(e))
    first = 0 if situation.from_deal or getattr(situation, "first_turn", False) else len(hand.events)
    for i, act in enumerate(situation.acts):
        if hand.is_over:
            return Played("ended", hand, first, unplayed=situation.acts[i:], reached=i, filled=filled)
        if act.action is None:
            continue  # malformed, and refused as the scenario expects
        if act.card is not None and act.action.source == "discard" and hand.discard_top != act.card:
            top = "empty" if hand.discard_top is None else NAMES[hand.discard_top]
            return Played("cannot_arise", hand, first, act=act, reached=i, filled=filled,
                          why=f"{act.where}: {act.text}: the top of the discard pile is {top}")
        before = hand.copy()
        try:
            hand.apply(act.action, seat=act.seat)
        except IllegalAction as e:
            if act.reject is not None:
                continue  # refused as the scenario expects (perhaps for another reason)
            # an illegal action is a verdict of the rules, judged like any other outcome
            return Played("refused", hand, first, act=act, error=e, reached=i, before=before, filled=filled)
        if act.reject is not None:
            return Played("allowed", hand, first, act=act, reached=i + 1, filled=filled)
        if act.card is not None and act.action.source == "stock":
            got = hand.events[-1]
            if got.kind == "draw" and got.data != act.card:
                return Played("cannot_arise", hand, first, act=act, reached=i, filled=filled,
                              why=f"{act.where}: {act.text}: the card drawn is {NAMES[got.data]}")
    return Played("ended" if hand.is_over else "goes_on", hand, first, reached=len(situation.acts), filled=filled)


# ---------------------------------------------------------------------------- descriptions

_TOKEN = re.compile(r"\s*(?:([;,:\[\]])|([^\s;,:\[\]]+))")
_SUITS = {"\u2663": "c", "\u2666": "d", "\u2665": "h", "\u2660": "s"}
_VERBS = {
    "knock": "knock", "knocks": "knock",
    "draw": "draw", "draws": "draw",
    "take": "take", "takes": "take",
    "spread": "spread", "spreads": "spread", "lay": "spread", "lays": "spread",
    "hit": "hit", "hits": "hit",
    "discard": "discard", "discards": "discard",
    "declare": "declare", "declares": "declare",
}  # fmt: skip
#: Words an action may hold besides its cards, per verb ("takes the top of the discard
#: pile", "hits 4c on spread 0"); any other word is an error.
_FILLER: dict[str, frozenset[str]] = {
    "knock": frozenset(),
    "draw": frozenset({"the", "from", "a", "card", "pile", "top", "of"}),
    "take": frozenset({"the", "from", "a", "card", "pile", "top", "of"}),
    "spread": frozenset(),
    "hit": frozenset({"the", "on", "onto", "to", "spread"}),
    "discard": frozenset({"the", "a", "card"}),
    "declare": frozenset({"a", "special", "hand"}),
}
#: The words that begin an item other than a hand or an action: one of them inside another
#: item means a separator is missing.
_ITEM_WORDS = frozenset("dealer stake table discard upcard pile stock names first turn".split())  # words, not fields
#: Words of the notation, which no player may be named.
_RESERVED = _ITEM_WORDS | frozenset(_VERBS) | frozenset(w for f in _FILLER.values() for w in f) | frozenset({
    "players", "player", "seat", "to", "act", "then", "none", "empty", "nothing", "not", "shown", "hidden",
    "total", "onto", "discarding", "with", "is", "run", "book", "set", "spread"})
_NAME = re.compile(r"(?:[^\W_]|-){1,20}")


def _isnum(text: str) -> bool:
    """Digits 0-9 only (not the other characters Unicode calls digits, which int() refuses)."""
    return text.isascii() and text.isdigit()
#: What a hit may call the spread it names by its owner ("on 1's run"); 'set' is a book.
_KIND_WORDS = {"run": "run", "book": "book", "set": "book"}


@dataclass(frozen=True, slots=True)
class _Tok:
    text: str
    col: int  # 1-based column in the description

    @property
    def low(self) -> str:
        return self.text.lower()


def _tokens(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            break
        tok = m.group(1) or m.group(2)
        if tok:
            out.append(_Tok(tok, m.start(1 if m.group(1) else 2) + 1))
        pos = m.end()
    return out


def _at(tok: _Tok) -> str:
    return f"column {tok.col} ({tok.text!r})"


def _fail(tok: _Tok | None, message: str, end: int = 0) -> SituationError:
    if tok is None:
        return SituationError(f"situation at column {end}: {message}", end)
    return SituationError(f"situation at {_at(tok)}: {message}", tok.col)


def card_token(tok: _Tok) -> Card:
    """A card as typed: the canonical 'Ah', 'Td', also '10d', 'AH', 'a♥', 'x1'."""
    t = tok.text
    if len(t) == 3 and t.startswith("10"):
        t = "T" + t[2]
    if len(t) == 2:
        suit = _SUITS.get(t[1], t[1].lower())
        t = t[0].upper() + suit if t[0].upper() != "X" else t.upper()
    try:
        return parse_card(t)
    except CardError:
        raise _fail(
            tok,
            "not a card: expected a rank (A 2-9 T J Q K, or 10) then a suit (c d h s), such as Ah or Td, "
            "or a joker X1 or X2",
        ) from None


@dataclass
class _Draft:
    players: int | None = None
    players_tok: _Tok | None = None
    dealer: int | None = None
    dealer_tok: _Tok | None = None
    stake: int = 1
    hands: dict[int, list[tuple[Card, _Tok]]] = field(default_factory=dict)
    hand_toks: dict[int, _Tok] = field(default_factory=dict)
    table: list[tuple[int, list[tuple[Card, _Tok]], _Tok]] = field(default_factory=list)
    discard: tuple[Card, _Tok] | None = None
    discard_none: _Tok | None = None
    stock: int | None = None
    stock_tok: _Tok | None = None
    first_turn: _Tok | None = None
    turn: int | None = None
    to_act: int | None = None
    to_act_tok: _Tok | None = None
    acts: list[tuple[int, _Tok, str, list[_Tok], _Tok]] = field(default_factory=list)  # seat, seat tok, verb, args
    names: list[str] | None = None
    names_tok: _Tok | None = None
    #: seats whose hand is not shown ("hidden", None) or given by its total ("total", N)
    modes: dict[int, tuple[str, int | None, _Tok]] = field(default_factory=dict)
    #: each name (lower case) -> its seat
    seat_of: dict[str, int] = field(default_factory=dict)


#: The most players any ruleset seats (option max_players), so the largest seat number.
MOST_PLAYERS = max(v for v in option_values()["max_players"] if isinstance(v, int))


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.d = _Draft()
        self.actor: tuple[int, _Tok] | None = None

    def number(self, tok: _Tok | None, what: str, least: int = 0, after: _Tok | None = None,
               most: int | None = None, too_many: str = "") -> int:
        """A whole number at ``tok``; its digits are checked against ``most`` before the
        number is used for anything (a seat or a player count of a hundred digits)."""
        if tok is None:
            raise _fail(after, f"expected {what} after it", len(self.text) + 1)
        if not _isnum(tok.text):
            raise _fail(tok, f"expected {what}")
        digits = tok.text.lstrip("0") or "0"
        if most is not None and (len(digits) > len(str(most)) or int(digits) > most):
            raise _fail(tok, too_many or f"expected {what}, at most {most}")
        if len(digits) > 9:
            raise _fail(tok, f"expected {what}: {len(digits)} digits is too many")
        if int(digits) < least:
            raise _fail(tok, f"expected {what}")
        return int(digits)

    def seatlike(self, tok: _Tok | None) -> bool:
        """Whether ``tok`` stands for a seat: a number, or a name given with 'names'."""
        return tok is not None and (_isnum(tok.text) or tok.low in self.d.seat_of)

    def seat(self, tok: _Tok | None, what: str = "a seat number", after: _Tok | None = None) -> int:
        if tok is not None and tok.low in self.d.seat_of:
            return self.d.seat_of[tok.low]
        if tok is not None and _NAME.fullmatch(tok.text) and any(ch.isalpha() for ch in tok.text):
            raise _fail(tok, self.unknown_name(tok))
        most = MOST_PLAYERS - 1
        return self.number(tok, what, 0, after, most,
                           f"seat {tok.text if tok else ''} does not exist: no ruleset seats more than "
                           f"{MOST_PLAYERS} players, in seats 0 to {most}")

    def unknown_name(self, tok: _Tok) -> str:
        if self.d.names is None:
            other = "Bob" if tok.low != "bob" else "Ann"
            return (f"{tok.text!r} is not a seat: seats are numbered from 0, or named in seat order first, "
                    f"e.g. 'names {tok.text} {other}'")
        return f"{tok.text!r} is not a seat: the names given are {', '.join(self.d.names)}"

    def parse(self) -> _Draft:
        toks = _tokens(self.text)
        if not toks:
            raise SituationError("the situation is empty: describe the hands and what happens, e.g. "
                                 "'2 players; 0: 3d 4d; 1: 3h 4h; discard Qs; 0 knocks'")
        items: list[list[_Tok]] = []
        item: list[_Tok] = []
        depth = 0
        end = _Tok(";", len(self.text) + 1)
        sep: _Tok | None = None  # the separator before the item being read
        for tok in [*toks, end]:
            if tok is end and depth:
                raise _fail(None, "a '[' is not closed with ']'", end.col)
            if tok.text == "[":
                depth += 1
            elif tok.text == "]":
                depth -= 1
                if depth < 0:
                    raise _fail(tok, "a ']' without its '['")
            if (tok.text in ";," or tok.low == "then") and depth == 0:
                if item:
                    items.append(item)
                elif tok is end and sep is not None and sep.low == "then":
                    raise _fail(sep, "'then' is not followed by an action")
                elif tok is not end:
                    before = f"between {sep.text!r} and {tok.text!r}" if sep is not None else f"before {tok.text!r}"
                    raise _fail(tok, f"nothing {before}: an item is missing, or a word is doubled")
                item = []
                sep = tok
            elif tok.text in ";,":
                raise _fail(tok, "a spread's cards are written inside [ ] with spaces, e.g. 0 [4s 5s 6s]")
            else:
                item.append(tok)
        # the names first: they may stand for seats in any item, before or after them
        for it in items:
            if it[0].low == "names":
                self.names(it)
        for it in items:
            if it[0].low != "names":
                self.item(it)
        return self.d

    def names(self, toks: list[_Tok]) -> None:
        d = self.d
        if d.names is not None:
            raise _fail(toks[0], "the names are given twice: give them once, in seat order")
        words = [t for t in toks[1:] if t.text != ":"]
        if len(words) < 2:
            raise _fail(toks[0], "give each player a name, in seat order, e.g. 'names Ann Bob'")
        for t in words:
            if t.text in "[]":
                raise _fail(t, "a name is one word of letters, digits and '-'")
            if not _NAME.fullmatch(t.text):
                raise _fail(t, "a name is one word of letters, digits and '-', at most 20 characters")
            if not any(ch.isalpha() for ch in t.text):
                raise _fail(t, "a name is not a number: it holds a letter (the seats are numbered 0, 1, ... already)")
            if t.low in _RESERVED:
                raise _fail(t, f"{t.text!r} is a word of the notation: choose another name")
            try:
                card_token(t)
            except SituationError:
                pass
            else:
                raise _fail(t, f"{t.text!r} is a card: choose another name")
            if t.low in d.seat_of:
                raise _fail(t, f"two players are named {t.text!r} (names are told apart ignoring case): "
                            "give each a name of their own")
            d.seat_of[t.low] = len(d.seat_of)
        if len(words) > MOST_PLAYERS:
            raise _fail(words[MOST_PLAYERS], f"a hand has at most {MOST_PLAYERS} players: {len(words)} names "
                        "are too many")
        d.names = [t.text for t in words]
        d.names_tok = toks[0]

    def item(self, toks: list[_Tok]) -> None:
        d = self.d
        w = [t.low for t in toks]
        first = toks[0]
        if (_isnum(w[0]) and len(w) > 1 and w[1] in ("players", "player")) or re.fullmatch(r"[0-9]+-players?", w[0]):
            if d.players is not None:
                raise _fail(first, "the number of players is given twice")
            count = _Tok(first.text.split("-")[0], first.col)
            d.players = self.number(count, "the number of players, 2 or more", 2, most=MOST_PLAYERS,
                                    too_many=f"a hand has at most {MOST_PLAYERS} players (max_players allows "
                                             f"{MOST_PLAYERS} at most)")
            d.players_tok = first
            self.rest_empty(toks, 1 if "-" in w[0] else 2)
        elif w[0] == "dealer":
            args = [t for t in toks[1:] if t.text != ":" and t.low != "seat"]
            d.dealer = self.seat(args[0] if args else None, "the dealer's seat number", after=first)
            d.dealer_tok = args[0]
            if len(args) > 1:
                self.rest_empty(toks, toks.index(args[1]))
        elif w[0] == "stake":
            args = [t for t in toks[1:] if t.text != ":"]
            d.stake = self.number(args[0] if args else None, "the stake, a positive whole number", 1, first,
                                  most=10**9, too_many="the stake is at most 1000000000")
            self.rest_empty(toks, toks.index(args[0]) + 1)
        elif (w[0] == "seat" and len(w) > 2 and w[2] == ":") or (self.seatlike(first) and len(w) > 1 and w[1] == ":"):
            at = 1 if w[0] == "seat" else 0
            self.hand(toks, at)
        elif w[0] == "table":
            rest = toks[1:]
            if rest and rest[0].text == ":":
                rest = rest[1:]
            if len(rest) == 1 and rest[0].low in ("none", "empty", "nothing"):
                return
            self.spreads(rest, first)
        elif self.seatlike(first) and len(w) > 1 and w[1] == "[":
            self.spreads(toks, first)
        elif (w[0] == "discard" and self.actor is None) or w[0] in ("upcard", "pile"):
            args = [t for t in toks[1:] if t.text != ":" and t.low not in ("top", "pile", "is")]
            if d.discard is not None or d.discard_none is not None:
                raise _fail(first, "the top of the discard pile is given twice")
            if len(args) == 1 and args[0].low in ("none", "empty"):
                d.discard_none = args[0]
            elif len(args) == 1:
                d.discard = (card_token(args[0]), args[0])
            else:
                if len(args) > 1:
                    self.run_on(toks, toks.index(args[1]))
                raise _fail(args[1] if args else first, "expected one card, the top of the discard pile "
                            "(or 'discard none')")
        elif w[0] == "stock":
            args = [t for t in toks[1:] if t.text != ":"]
            if len(args) == 1 and args[0].low in ("empty", "none"):
                d.stock = 0
            else:
                d.stock = self.number(args[0] if args else None, "how many cards are left in the stock", after=first,
                                      most=99, too_many="no pack holds that many cards")
                self.rest_empty(toks, toks.index(args[0]) + 1, "cards")
            d.stock_tok = args[0]
        elif w[:2] == ["first", "turn"]:
            d.first_turn = first
            self.rest_empty(toks, 2)
        elif w[0] == "turn":
            args = [t for t in toks[1:] if t.text != ":"]
            d.turn = self.number(args[0] if args else None, "how many turns were played before this one", after=first,
                                 most=10**6, too_many="the turn is at most 1000000")
            self.rest_empty(toks, toks.index(args[0]) + 1)
        elif w[:2] == ["to", "act"] or (len(w) > 2 and w[1:3] == ["to", "act"]):
            args = [t for t in toks if t.text != ":" and t.low not in ("to", "act", "seat")]
            d.to_act = self.seat(args[0] if args else None, "the seat to act", after=first)
            d.to_act_tok = args[0]
            if len(args) > 1:
                self.rest_empty(toks, toks.index(args[1]))
        elif self.seatlike(first) and len(w) > 1 and w[1] in _VERBS:
            self.actor = (self.seat(first), first)
            self.action(self.actor[0], first, toks, 1)
        elif w[0] == "seat" and len(w) > 2 and self.seatlike(toks[1]) and w[2] in _VERBS:
            self.actor = (self.seat(toks[1]), toks[1])
            self.action(self.actor[0], toks[1], toks, 2)
        elif w[0] in _VERBS and self.actor is not None:
            self.action(self.actor[0], self.actor[1], toks, 0)
        elif w[0] in _VERBS:
            raise _fail(first, "say who acts: 'SEAT VERB ...', e.g. '0 knocks'")
        elif self.seatlike(first) and len(w) > 1 and w[1].isalpha():
            raise _fail(toks[1], "not an action: expected knocks [discarding CARD], draws [CARD], takes the discard, "
                        "spreads CARDS, hits CARD on N or discards CARD")
        elif (_NAME.fullmatch(first.text) and any(ch.isalpha() for ch in first.text) and len(w) > 1
              and (w[1] in (":", "[") or w[1] in _VERBS)):
            raise _fail(first, self.unknown_name(first))
        else:
            raise _fail(first, "expected 'N players', 'names A B', 'dealer N', 'stake N', 'SEAT: CARDS', "
                        "'table: OWNER [CARDS]', 'discard CARD', 'stock N', 'first turn', 'turn N', 'SEAT to act' "
                        "or an action 'SEAT knocks|draws|takes the discard|spreads|hits|discards ...'")

    def hand(self, toks: list[_Tok], at: int) -> None:
        """``SEAT: CARDS``, ``SEAT: not shown`` or ``SEAT: total N``."""
        d = self.d
        seat_tok = toks[at]
        seat = self.seat(seat_tok)
        if seat in d.hands:
            raise _fail(seat_tok, f"{self.who(seat)}'s hand is given twice")
        rest = toks[at + 2 :]
        words = [t.low for t in rest]
        if words[:2] == ["not", "shown"] or words[:1] == ["hidden"]:
            d.modes[seat] = ("hidden", None, rest[0])
            self.rest_empty(toks, at + 2 + (1 if words[0] == "hidden" else 2))
            d.hands[seat] = []
        elif words[:1] == ["total"]:
            total = self.number(rest[1] if len(rest) > 1 else None, "a number, the hand's total (e.g. 'total 12'),", 0,
                                after=rest[0], most=999, too_many="no hand counts that much")
            d.modes[seat] = ("total", total, rest[0])
            self.rest_empty(toks, at + 4)
            d.hands[seat] = []
        else:
            self.run_on(toks, at + 2)
            cards = [(card_token(t), t) for t in rest]
            if not cards:
                written = self.written(seat)
                raise _fail(seat_tok, f"{self.who(seat)} holds no cards: a player without cards has gone out (say "
                            f"'{written}: not shown' for a hand that does not matter)")
            d.hands[seat] = cards
        d.hand_toks[seat] = seat_tok

    def who(self, seat: int) -> str:
        names = self.d.names
        return names[seat] if names is not None and seat < len(names) else f"seat {seat}"

    def written(self, seat: int) -> str:
        names = self.d.names
        return names[seat] if names is not None and seat < len(names) else str(seat)

    def starts_item(self, toks: Sequence[_Tok], i: int) -> str:
        """What begins another item at ``toks[i]`` ('1:', '1 draws', 'discard'), or ''."""
        tok = toks[i]
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if nxt is not None and nxt.text == ":" and (self.seatlike(tok) or tok.low in _ITEM_WORDS or tok.low == "seat"):
            return f"{tok.text}:"
        if nxt is not None and self.seatlike(tok) and (nxt.low in _VERBS or nxt.low in ("players", "player")):
            return f"{tok.text} {nxt.text}"
        if tok.low in _ITEM_WORDS and tok.low != "turn":
            return tok.text
        return ""

    def run_on(self, toks: Sequence[_Tok], start: int, verb: str = "") -> None:
        """A separator left out: another item begins inside this one ('0: 3d 4d 1: 3h')."""
        skip = _FILLER[verb] | ({"discard", "stock"} if verb in ("draw", "take") else set()) if verb else set()
        for i in range(start, len(toks)):
            tok = toks[i]
            if tok.low in skip:
                continue  # 'draws from the discard', '1 draw stock'
            what = self.starts_item(toks, i)
            if what and verb == "hit" and i and toks[i - 1].low in ("on", "onto", "to", "spread") and " " in what:
                continue  # 'hits 4c on 1 discards 3d': the seat is the hit's, the verb that follows begins
            if not what and verb and tok.low in _VERBS:
                what = tok.text
            if what:
                begin = toks[0].col - 1
                shown = self.text[begin : tok.col - 1 + len(what)].strip()
                raise _fail(tok, f"{shown!r} runs two items together: put ';' before {what!r}")

    def rest_empty(self, toks: Sequence[_Tok], start: int, what: str = "") -> None:
        if start < len(toks):
            self.run_on(toks, start)
            extra = f" ({what} are not named here)" if what else ""
            raise _fail(toks[start], f"unexpected words at the end of this item{extra}; separate items with ';' or ','")

    def spreads(self, toks: list[_Tok], first: _Tok) -> None:
        i = 0
        if not toks:
            raise _fail(first, "expected spreads: OWNER [CARDS], e.g. 'table: 0 [4s 5s 6s]'")
        while i < len(toks):
            owner_tok = toks[i]
            if owner_tok.low == "seat":
                i += 1
                owner_tok = toks[i] if i < len(toks) else owner_tok
            if i + 1 < len(toks) and toks[i + 1].text != "[":
                self.run_on(toks, i)
            owner = self.seat(owner_tok, "a spread's owner (a seat number) before its [cards]")
            if i + 1 >= len(toks) or toks[i + 1].text != "[":
                raise _fail(owner_tok, "expected '[' and the spread's cards after its owner, e.g. 0 [4s 5s 6s]")
            j = i + 2
            cards: list[tuple[Card, _Tok]] = []
            while j < len(toks) and toks[j].text != "]":
                cards.append((card_token(toks[j]), toks[j]))
                j += 1
            if len(cards) < 3:
                raise _fail(owner_tok, f"a spread has three cards or more, this one has {len(cards)} (SPREAD-1)")
            self.d.table.append((owner, cards, owner_tok))
            i = j + 1

    def action(self, seat: int, seat_tok: _Tok, toks: list[_Tok], at: int) -> None:
        verb = _VERBS[toks[at].low]
        self.run_on(toks, at + 1, verb)
        args = [t for t in toks[at + 1 :] if t.low not in _FILLER[verb]]
        self.d.acts.append((seat, seat_tok, verb, args, toks[at]))


def _act(seat: int, action: Action, where: str, card: Card | None = None) -> Step:
    """A described action, written in the project's action notation (a draw that names
    the card it gets shows that card after it: '0 draw stock (7d)')."""
    text = describe_action(seat, action_to_json(action))
    if card is not None:
        text += f" ({NAMES[card]})"
    return Step(seat, action, text, where, card=card)


def _dealer_text(seat: int) -> str:
    return f"seat {seat}"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" and {words[-1]}"


def _or(numbers: Sequence[int]) -> str:
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" or {words[-1]}"


def _wild_like(card: Card) -> bool:
    """A joker or a deuce: a wild card under some ruleset."""
    return card >= 52 or card % 13 == 1


def _kind_word(cards: Sequence[Card]) -> str:
    """What a spread is, as a player calls it: 'book' (one rank), 'run' (one suit), or
    'spread' (wild cards that leave it open); the deuces count as wild where they may be."""
    naturals = [c for c in cards if not _wild_like(c)] or [c for c in cards if c < 52]
    if not naturals:
        return "spread"
    if len({c % 13 for c in naturals}) == 1:
        return "book"
    if len({c // 13 for c in naturals}) == 1:
        return "run"
    return "spread"


class Description(Situation):
    """A situation typed on the command line (:data:`GRAMMAR`)."""

    kind = "description"

    def __init__(self, text: str) -> None:
        self.text = text.strip()
        self.source = "the command line"
        d = _Parser(self.text).parse()
        if not d.hands:
            raise SituationError("the situation names no hands: give each seat's cards, e.g. '0: 3d 4d; 1: 3h 4h'")
        if not d.acts and d.first_turn is None:
            raise SituationError("the situation says nothing happens: end it with an action, e.g. '0 knocks' "
                                 "or '2 draws'")
        if d.names is not None:
            if d.players is not None and d.players != len(d.names):
                raise _fail(d.names_tok, f"{d.players} players but {len(d.names)} names: give one name per seat, "
                            "in seat order")
            self.names = tuple(d.names)
        players = d.players if d.players is not None else len(d.names) if d.names else max(d.hands) + 1
        self.players = players
        self._written = {s: d.names[s] if d.names is not None else str(s) for s in range(players)}
        self._check_seats(d, players)
        self.hidden = frozenset(s for s, (mode, _, _) in d.modes.items() if mode == "hidden")
        self.totals = MappingProxyType({s: n for s, (mode, n, _) in sorted(d.modes.items())
                                        if mode == "total" and n is not None})
        first_actor = d.to_act if d.to_act is not None else (d.acts[0][0] if d.acts else None)
        if d.dealer is not None:
            self.dealer = d.dealer
        elif first_actor is not None:
            self.dealer = (first_actor - 1) % players
        else:
            self.dealer = players - 1
        self.to_act = first_actor if first_actor is not None else (self.dealer + 1) % players
        self.stake = d.stake
        self.hands = [[c for c, _ in d.hands[s]] for s in range(players)]
        self.table = [(owner, [c for c, _ in cards]) for owner, cards, _ in d.table]
        self.discard_top = d.discard[0] if d.discard else None
        self.pile_empty = d.discard_none is not None
        self.stock_count = d.stock
        self.first_turn = d.first_turn is not None or (self.pile_empty and d.turn in (None, 0))
        self.turn = 0 if self.first_turn else (d.turn if d.turn is not None else players)
        if self.first_turn and self.to_act != (self.dealer + 1) % players:
            tok = d.to_act_tok or d.first_turn or (d.acts[0][1] if d.acts else None)
            raise _fail(tok, f"on the first turn the player at the dealer's left, "
                        f"{self.seat_name((self.dealer + 1) % players)}, acts first (TURN-1), not "
                        f"{self.seat_name(self.to_act)}", 1)
        if self.first_turn and self.table:
            raise _fail(d.table[0][2], "nothing is on the table on the first turn")
        self.draws: list[Card | None] = []  # per draw from the stock: the card named, if any
        self.acts = tuple(self._acts(d))
        self._check_places(d)
        self.named: list[Card] = [c for h in self.hands for c in h] + [c for _, cs in self.table for c in cs]
        if self.discard_top is not None:
            self.named.append(self.discard_top)
        self.named += [c for c in self.draws if c is not None]
        self._given = self._given_cards()
        self.named += [c for cs in self._given.values() for c in cs]
        #: per the options that shape them: the hands filled, or why none can be
        self._filled: dict[tuple[object, ...], dict[int, tuple[Card, ...]] | str] = {}

    # -------------------------------------------------------------- parse-time checks
    def _check_seats(self, d: _Draft, players: int) -> None:
        def seat(s: int, tok: _Tok, what: str) -> None:
            if not 0 <= s < players:
                raise _fail(tok, f"seat {s} ({what}) does not exist: {players} players sit in seats 0 to "
                            f"{players - 1}")

        for s, tok in d.hand_toks.items():
            seat(s, tok, "a hand")
        missing = [s for s in range(players) if s not in d.hands]
        if missing:
            m = self._written[missing[0]]
            raise _fail(d.players_tok or d.names_tok, f"{self.seat_name(missing[0])} has no hand: give each of the "
                        f"{players} seats its cards ('{m}: ...', or '{m}: not shown')", 1)
        for owner, _, tok in d.table:
            seat(owner, tok, "a spread's owner")
        if d.dealer is not None and d.dealer_tok is not None:
            seat(d.dealer, d.dealer_tok, "the dealer")
        if d.to_act is not None and d.to_act_tok is not None:
            seat(d.to_act, d.to_act_tok, "the player to act")
        for s, tok, *_ in d.acts:
            seat(s, tok, "the player acting")

    def _check_places(self, d: _Draft) -> None:
        where: dict[Card, tuple[str, _Tok]] = {}
        places: list[tuple[Card, _Tok, str]] = []
        for s in range(self.players):
            places += [(c, t, f"{self.seat_name(s)}'s hand") for c, t in d.hands[s]]
        for i, (_, cards, _) in enumerate(d.table):
            places += [(c, t, f"spread {i} on the table") for c, t in cards]
        if d.discard is not None:
            places.append((d.discard[0], d.discard[1], "the top of the discard pile"))
        places += self._draw_places
        for c, tok, place in places:
            if c in where:
                there, at = where[c]
                if there == place:
                    raise _fail(tok, f"{NAMES[c]} is given twice in {place} (columns {at.col} and {tok.col}); "
                                "a card is in one place only, so leave one out")
                raise _fail(tok, f"{NAMES[c]} is in two places: {there} (column {at.col}) and {place} (column "
                            f"{tok.col}); a card is in one place only, so leave one out")
            where[c] = (place, tok)

    def _acts(self, d: _Draft) -> list[Step]:
        out: list[Step] = []
        self._draw_places: list[tuple[Card, _Tok, str]] = []
        laid: list[tuple[int, list[Card]]] = [(o, [c for c, _ in cs]) for o, cs, _ in d.table]
        for seat, _seat_tok, verb, args, vtok in d.acts:
            where = f"column {vtok.col}"
            if verb == "knock":
                if args and args[0].low in ("discarding", "with"):
                    if len(args) == 1:
                        raise _fail(args[0], f"'{args[0].text}' needs the card discarded, e.g. 'knocks discarding 9s'")
                    args = args[1:]
                if len(args) > 1:
                    raise _fail(args[1], "a knock names at most one card, the one discarded")
                card = card_token(args[0]) if args else None
                out.append(_act(seat, A.knock(card), where))
            elif verb == "draw" or verb == "take":
                words = [a.low for a in args]
                from_pile = verb == "take" or "discard" in words
                if from_pile and "stock" in words:
                    raise _fail(args[words.index("stock")], "a draw is from the stock or from the discard pile, "
                                                           "not both")
                cards = [a for a in args if a.low not in ("discard", "stock")]
                if len(cards) > 1:
                    raise _fail(cards[1], "a draw takes one card")
                card = card_token(cards[0]) if cards else None
                if from_pile:
                    if card is not None and not out and self.discard_top is None and not self.pile_empty:
                        self.discard_top = card  # "0 takes Kh" names the top of the pile
                        self._draw_places.append((card, cards[0], "the top of the discard pile"))
                    elif card is not None and not out and card != self.discard_top:
                        top = "empty" if self.discard_top is None else NAMES[self.discard_top]
                        raise _fail(cards[0], f"{NAMES[card]} is not the top of the discard pile ({top})")
                    out.append(_act(seat, A.draw("discard"), where, card))
                else:
                    self.draws.append(card)
                    if card is not None:
                        self._draw_places.append((card, cards[0], "the stock"))
                    out.append(_act(seat, A.draw("stock"), where, card))
            elif verb == "spread":
                cards_t = [card_token(a) for a in args]
                if not cards_t:
                    raise _fail(vtok, "name the cards of the spread")
                out.append(_act(seat, A.spread(cards_t), where))
                laid.append((seat, cards_t))
            elif verb == "declare":
                if args:
                    raise _fail(args[0], "a declaration names no card: '0 declares'")
                out.append(_act(seat, A.declare(), where))
            elif verb == "hit":
                card = card_token(args[0]) if args else -1
                index = self._hit_target(args[1:], vtok, laid, d.seat_of)
                out.append(_act(seat, A.hit(card, index), where))
            else:
                if len(args) != 1:
                    raise _fail(args[1] if len(args) > 1 else vtok, "a discard names one card")
                card = card_token(args[0])
                out.append(_act(seat, A.discard(card), where))
        return out

    def _hit_target(self, args: list[_Tok], vtok: _Tok, laid: list[tuple[int, list[Card]]],
                    seat_of: dict[str, int]) -> int:
        """The spread a hit names: 'on 2' (spread 2) or 'on 1's run' (seat 1's only spread),
        among the spreads on the table and those laid before it."""
        possessive = None
        if args and args[0].low.endswith(("'s", "\u2019s")) and len(args[0].text) > 2:
            possessive = args[0].text[:-2]
        elif args and args[0].low.endswith(("'", "\u2019")) and len(args[0].text) > 1:
            possessive = args[0].text[:-1]  # "on Chris' run"
        elif args and args[0].low in seat_of:
            possessive = args[0].text  # "on Ann": Ann's only spread
        if possessive is None:
            if len(args) != 1 or not _isnum(args[0].text):
                raise _fail(args[1] if len(args) > 1 and _isnum(args[0].text) else args[0] if args else vtok,
                            "a hit is 'hits CARD on N', N the number of the spread (0 = the first on the table), "
                            "or 'hits CARD on SEAT's run'")
            index = self.number_tok(args[0])
            owned = [k for k, (o, _) in enumerate(laid) if o == index] if index < self.players else []
            if index < len(laid) or not owned:
                return index  # a spread that is not there is refused by the rules (HIT-1, SPREAD-5)
            # the number of a seat that owns a spread, where a spread's number was meant
            there = "only spread 0 is on the table" if len(laid) == 1 else \
                f"the spreads on the table are numbered 0 to {len(laid) - 1}"
            if len(owned) == 1:
                k = owned[0]
                hint = f"did you mean on {self._written[index]}'s {_kind_word(laid[k][1])} (spread {k})?"
            else:
                hint = f"did you mean one of {self.seat_name(index)}'s spreads, {_or(owned)}?"
            raise _fail(args[0], f"there is no spread {index}: {there}; {hint}")
        owner_tok = _Tok(possessive, args[0].col)
        if possessive.lower() in seat_of:
            owner = seat_of[possessive.lower()]
        elif _isnum(possessive) and len(possessive) <= 3 and int(possessive) < self.players:
            owner = int(possessive)
        else:
            what = "seat" if _isnum(possessive) else "name"
            raise _fail(owner_tok, f"no {what} {possessive!r} at this table: say whose spread it is by a seat "
                        f"number or a name given with 'names'")
        kind = None
        if len(args) > 2 or (len(args) == 2 and args[1].low not in _KIND_WORDS):
            raise _fail(args[-1], f"expected 'on {possessive}'s run' or 'on {possessive}'s book' here")
        if len(args) == 2:
            kind = _KIND_WORDS[args[1].low]
        owned = [k for k, (o, _) in enumerate(laid) if o == owner]
        of_kind = [k for k in owned if _kind_word(laid[k][1]) == kind]
        if kind is not None and len(of_kind) == 1:
            return of_kind[0]
        if len(owned) == 1:
            return owned[0]
        who = self.seat_name(owner)
        if not owned:
            others = ", ".join(f"{k} ({self.seat_name(o)}'s)" for k, (o, _) in enumerate(laid))
            listed = f": the spreads are {others}" if laid else ": no spread is on the table"
            raise _fail(owner_tok, f"{who} owns no spread on the table{listed}")
        raise _fail(owner_tok, f"{who} owns {len(owned)} spreads: say on spread {_or(owned)}")

    @staticmethod
    def number_tok(tok: _Tok) -> int:
        if not _isnum(tok.text):
            raise _fail(tok, "expected the number of a spread on the table (0 = the first)")
        if len(tok.text.lstrip("0")) > 3:
            raise _fail(tok, "no table holds that many spreads")
        return int(tok.text)

    # -------------------------------------------------------------- hands not shown
    def _given_cards(self) -> dict[int, list[Card]]:
        """The cards a hand not shown (or given by its total) must hold: those its own
        actions name first (a spread, a hit, a discard) that the description places nowhere."""
        out: dict[int, list[Card]] = {s: [] for s in sorted(self.hidden | set(self.totals))}
        if not out:
            return out
        seen = set(self.named)
        for act in self.acts:
            if act.action is None:
                continue
            for c in (act.action.card, *act.action.cards):
                if c >= 0 and c not in seen:
                    seen.add(c)
                    if act.seat in out:
                        out[act.seat].append(c)
        return out

    def filled(self, rules: Ruleset) -> dict[int, tuple[Card, ...]]:
        """The whole hand the judge takes for each seat not shown or given by its total
        (the cards its own actions name, then cards chosen as :func:`choose_cards` does),
        after checking that the hands and the table hold the cards dealt under ``rules``;
        raises :class:`CannotArise` where they do not, or where no cards can be chosen."""
        hs = rules.hand_size_for(self.players)
        key = (hs, rules.face_values, rules.deuces_wild, rules.jokers, rules.deck, rules.ace,
               rules.wild_min_naturals)
        found = self._filled.get(key)
        if found is None:
            try:
                found = self._fill_hands(rules, hs)
            except CannotArise as e:
                found = str(e)
            self._filled[key] = found
        if isinstance(found, str):
            raise CannotArise(found)
        return dict(found)

    def _fill_hands(self, rules: Ruleset, hs: int) -> dict[int, tuple[Card, ...]]:
        n = self.players
        open_seats = sorted(self.hidden | set(self.totals))
        written = [s for s in range(n) if s not in open_seats]
        for s in written:
            if len(self.hands[s]) > hs:
                raise CannotArise(f"{self.seat_name(s)} holds {len(self.hands[s])} cards, but each player is dealt "
                                  f"{hs} (DEAL-1, hand_size) and holds no more than that at the start of a turn")
        owned = [sum(1 for o, _ in self.table if o == s) for s in range(n)]
        laid_by = [sum(len(cs) for o, cs in self.table if o == s) for s in range(n)]
        for s in written:
            if owned[s] and len(self.hands[s]) > hs - 3 * owned[s]:
                laid = "a spread" if owned[s] == 1 else f"{owned[s]} spreads"
                raise CannotArise(f"{self.seat_name(s)} laid {laid} of 3 cards or more, so holds at most "
                                  f"{hs - 3 * owned[s]} of the {hs} dealt, not {len(self.hands[s])}")
        sizes: dict[int, int] = {}
        for s in open_seats:
            sizes[s] = hs - laid_by[s]
            if sizes[s] < max(1, len(self._given[s])):
                raise CannotArise(f"{self.seat_name(s)} laid {laid_by[s]} of the {hs} cards dealt, so holds "
                                  f"{max(sizes[s], 0)}, too few for a hand" + (
                                      f" that plays {len(self._given[s])} cards" if self._given[s] else ""))
        laid_cards = sum(laid_by)
        surplus = sum(len(self.hands[s]) for s in written) + sum(sizes.values()) + laid_cards - n * hs
        for s in reversed(open_seats):  # a hit moved cards from some hand to a spread not its own
            cut = max(0, min(surplus, sizes[s] - max(1, len(self._given[s]))))
            sizes[s] -= cut
            surplus -= cut
        if surplus:
            raise CannotArise(self._count_message(hs, written, laid_by, sizes))
        out: dict[int, tuple[Card, ...]] = {}
        if not open_seats:
            return out
        g = compiled(rules).geometry
        values = compiled(rules).values
        on_table = [list(cs) for _, cs in self.table]
        on_table += [list(a.action.cards) for a in self.acts if a.action is not None and a.action.type == "spread"]
        built = [sp for sp in (make_spread(0, tuple(cs), g) for cs in on_table) if sp is not None]
        taken = set(self.named)
        unnamed_draws = sum(1 for c in self.draws if c is None)
        drawn = [c for c in fill_order(pack_mask(rules.deck, rules.jokers)) if c not in taken][:unnamed_draws]
        unnamed = iter(drawn)  # the k-th draw from the stock that names no card gets the k-th of these
        gets: dict[int, list[Card]] = {}
        for a in self.acts:
            if a.action is not None and a.action.type == "draw" and a.action.source == "stock":
                got = a.card if a.card is not None else next(unnamed, None)
                if got is not None:
                    gets.setdefault(a.seat, []).append(got)
        for s in open_seats:
            given = self._given[s]
            near = [*given, *gets.get(s, [])]
            takes = any(a.seat == s and a.action is not None and a.action.source == "discard" for a in self.acts)
            if self.discard_top is not None and takes:
                near.append(self.discard_top)
            total = self.totals.get(s)
            need = None if total is None else total - sum(values[c] for c in given)

            def fits(cards: Sequence[Card], near: Sequence[Card] = tuple(near)) -> bool:
                """No card chosen hits a spread laid, or makes a spread with the cards around it."""
                if any(sp.with_card(c, g) is not None for c in cards for sp in built):
                    return False
                mask = mask_of([*cards, *near])
                return not any(holds_spread_with(mask, c, g) for c in cards)

            chosen = choose_cards(sizes[s] - len(given), need, values, exclude=taken | set(drawn), near=near,
                                  laid=on_table, given=given, whole=sizes[s] == hs, fits=fits,
                                  twos=not rules.deuces_wild)
            if chosen is None:
                k = sizes[s]
                if total is None:
                    raise CannotArise(f"{self.seat_name(s)}'s hand is not shown, and no {k} cards left make no spread "
                                      f"and hit none on the table: show it")
                raise CannotArise(f"{self.seat_name(s)}'s hand counts {total}, but no {k} cards left count {total} "
                                  f"here without making a spread or hitting one on the table (CARD-4)")
            out[s] = (*given, *chosen)
            taken.update(chosen)
        return out

    def _count_message(self, hs: int, written: list[int], laid_by: list[int], sizes: dict[int, int]) -> str:
        """Why the hands and the table do not hold the cards dealt, naming the hand that is
        short or long."""
        n = self.players
        held = sum(len(self.hands[s]) for s in written) + sum(sizes.values())
        laid = sum(laid_by)
        total = f"the hands hold {held} cards and the table {laid}, not the {n} x {hs} = {n * hs} cards dealt"
        off = [s for s in written if len(self.hands[s]) != hs - laid_by[s]]
        if not off:
            return total
        s = off[0]
        k = len(self.hands[s])
        same = [t for t in off if len(self.hands[t]) == k and laid_by[t] == laid_by[s]]
        if len(same) == 1:
            who = f"{self.seat_name(s)} holds"
        elif self.names is None:
            who = f"seats {_and([str(t) for t in same])} hold"
        else:
            who = f"{_and([self.seat_name(t) for t in same])} hold"
        cards = f"{k} card{'s' if k != 1 else ''}"
        should = f"the {hs} dealt" if not laid_by[s] else f"{hs - laid_by[s]} ({hs} dealt, {laid_by[s]} laid)"
        return f"{who} {cards}, not {should}, or say '{self._written[s]}: not shown'; {total}"

    # -------------------------------------------------------------- building per ruleset
    def start(self, rules: Ruleset) -> Hand:
        n = self.players
        if n > rules.max_players:
            raise CannotArise(f"{n} players, but this ruleset seats at most {rules.max_players} (GAME-2, max_players)")
        pack = pack_mask(rules.deck, rules.jokers)
        for c in self.named:
            if not pack >> c & 1:
                if c >= 52:
                    raise CannotArise(f"{NAMES[c]}: there are no jokers under jokers = 0 (CARD-1, VAR-JOKER-1)")
                raise CannotArise(f"{NAMES[c]}: the 40-card pack has no 8s, 9s or 10s (VAR-DECK40-1)")
        hs = rules.hand_size_for(n)
        filled = self.filled(rules)
        hands = [list(filled[s]) if s in filled else list(h) for s, h in enumerate(self.hands)]
        if self.first_turn:
            return self._deal(rules, pack, hs, hands, filled)
        if self.pile_empty:
            raise CannotArise("the discard pile is empty only on the first turn without an upcard")  # pragma: no cover
        geometry = compiled(rules).geometry
        spreads = []
        for owner, cards in self.table:
            sp = make_spread(owner, tuple(cards), geometry)
            if sp is None:
                shown = " ".join(NAMES[x] for x in cards)
                raise CannotArise(f"[{shown}] is not a spread under this ruleset (SPREAD-1 to SPREAD-3, ace, "
                                  f"deck, wild cards)")
            spreads.append({"owner": owner, "kind": sp.kind, "cards": [NAMES[x] for x in cards]})
        if rules.forced_spreads:
            played = range(n) if self.turn >= n else [(self.dealer + 1 + k) % n for k in range(self.turn)]
            for s in played:
                mask = sum(1 << x for x in hands[s])
                if has_forced_spread(mask, geometry):
                    raise CannotArise(f"under forced spreads {self.seat_name(s)} could not have ended a turn holding "
                                      f"a spread (VAR-FORCED-1)")
        if self.discard_top is None:
            raise CannotArise("name the top of the discard pile ('discard CARD')")  # checked at parse time
        stock, pile = self._fill(pack, filled)
        if not stock and rules.empty_stock == "last_turn":
            raise CannotArise("under empty_stock = last_turn the hand ends with the turn that drew the last stock "
                              "card, so no turn starts with the stock empty (STOCK-3)")
        names = [[NAMES[x] for x in h] for h in hands]
        state = {
            "players": n, "dealer": self.dealer, "stake": self.stake, "hands": names, "spreads": spreads,
            "to_act": self.to_act, "stage": "start", "result": None, "turn": self.turn, "taken": None,
            "hits_this_turn": 0, "spread_this_turn": False, "stock": [NAMES[x] for x in stock],
            "discard_pile": [NAMES[x] for x in pile], "dealt": names, "knock_locks": [0] * n,
            "knock_waits": [0] * n, "must_use_taken": False, "ruleset": rules.to_dict(),
        }  # fmt: skip
        return state_from_json(state)

    def _fill(self, pack: int, filled: Mapping[int, tuple[Card, ...]]) -> tuple[list[Card], list[Card]]:
        """The stock (top first) and the discard pile (bottom first) from the unused cards."""
        named = set(self.named).union(*filled.values())
        spare = [c for c in fill_order(pack) if c not in named]
        drawn = [c for c in self.draws if c is not None]
        room = len(spare) + len(drawn)
        # by default the stock holds the cards of the standard pack not named, the same
        # under every ruleset that has them (a pack with jokers puts them in the pile)
        standard = sum(1 for c in cards_of(pack_mask(52, 0)) if c not in named) + len(drawn)
        size = self.stock_count if self.stock_count is not None else min(room, standard)
        if size > room:
            raise CannotArise(f"the stock holds {size} cards, but only {room} cards are not in the hands, on the "
                              f"table or on top of the discard pile")
        stock: list[Card] = []
        free = iter(spare)
        for k in range(size):
            slot = self.draws[k] if k < len(self.draws) else None
            stock.append(slot if slot is not None else next(free))
        late = [c for c in drawn if c not in stock]
        if late:
            raise CannotArise(f"{NAMES[late[0]]} is named as drawn from the stock, but the stock holds only {size} "
                              f"cards by then")
        rest = list(free)
        pile = [*rest, self.discard_top] if self.discard_top is not None else rest
        return stock, pile

    def _deal(self, rules: Ruleset, pack: int, hs: int, hands: list[list[Card]],
              filled: Mapping[int, tuple[Card, ...]]) -> Hand:
        if rules.upcard and self.discard_top is None:
            raise CannotArise("an upcard is turned after the deal (DEAL-2), so the discard pile is not empty on "
                              "the first turn")
        if not rules.upcard and self.discard_top is not None:
            raise CannotArise("no upcard is turned under upcard = false (VAR-NOUP-1), so the discard pile is "
                              "empty on the first turn")
        left = pack.bit_count() - n_dealt(self.players, hs, rules.upcard)
        if self.stock_count is not None and self.stock_count != left:
            raise CannotArise(f"on the first turn the stock holds the {left} cards left after the deal, not "
                              f"{self.stock_count}")
        named = set(self.named).union(*filled.values())
        spare = iter(c for c in fill_order(pack) if c not in named)
        stock_top = [c if c is not None else next(spare) for c in self.draws]
        try:
            deck = stack_deck(self.players, self.dealer, hands, self.discard_top, stock_top,
                              with_upcard=rules.upcard, hand_size=hs, pack=pack)
            return Hand(deck, self.players, self.dealer, self.stake, rules)
        except (StackError, SetupError) as e:  # pragma: no cover - the checks above come first
            raise CannotArise(str(e)) from None

    # -------------------------------------------------------------- showing
    def describe(self) -> list[str]:
        return [self.text]

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "description",
            "text": self.text,
            "players": self.players,
            "dealer": self.dealer,
            "stake": self.stake,
            "to_act": self.to_act,
            "names": None if self.names is None else list(self.names),
            "hands": [None if s in self.hidden or s in self.totals else [NAMES[c] for c in h]
                      for s, h in enumerate(self.hands)],
            "hidden": sorted(self.hidden),
            "totals": {str(s): n for s, n in self.totals.items()},
            "spreads": [{"owner": o, "cards": [NAMES[c] for c in cs]} for o, cs in self.table],
            "discard_top": None if self.discard_top is None else NAMES[self.discard_top],
            "stock_count": self.stock_count,
            "first_turn": self.first_turn,
            "actions": [{"seat": a.seat, "action": action_to_json(a.action)} for a in self.acts if a.action],
        }


# ---------------------------------------------------------------------------- choosing a hand not shown

#: A rank's position in a run of the 40-card pack (no 8, 9 or 10).
_POS40 = (0, 1, 2, 3, 4, 5, 6, -1, -1, -1, 7, 8, 9)
#: The ranks a hand not shown is filled from, highest first: ranks every pack has (no 8,
#: 9 or 10), and no deuce (wild under deuces_wild).  High cards, so that a hand not shown
#: is not the lowest at a knock.
_HIDDEN_RANKS = (12, 11, 10, 6, 5, 4, 3, 2, 0)
_SUIT_ORDER = (3, 2, 1, 0)  # spades first: the stock's unnamed cards come from the clubs first
#: The totals a whole hand not shown stays clear of: a dealt tonk (DEALT-1), a special hand
#: (VAR-SPECIAL-1); and it counts more than any low dealt double (VAR-LOWDEALT-1).
_SPECIAL_TOTALS = frozenset({41, 49, 50})
_LOW_TOTAL = 15


def _places(rank: int) -> list[tuple[int, int]]:
    """Where a rank stands in a run: (0, position) in the 52-card pack, (1, position) in
    the 40-card pack; the ace also above the king."""
    out = [(0, rank)] + ([(0, 13)] if rank == 0 else [])
    if _POS40[rank] >= 0:
        out += [(1, _POS40[rank])] + ([(1, 10)] if rank == 0 else [])
    return out


@functools.lru_cache(maxsize=2048)  # two ranks and a reach: a few hundred keys
def _near(a: int, b: int, reach: int = 2) -> bool:
    """Whether two ranks of one suit stand within ``reach`` places of each other in a run
    of some pack, the ace low or high: two such cards and a third make a run."""
    return any(g == h and abs(p - q) <= reach for g, p in _places(a) for h, q in _places(b))


def _blocked(laid: Sequence[Sequence[Card]]) -> set[Card]:
    """The cards that might hit a spread laid, whatever is wild: a book's rank, and the
    cards of a run's suit near it (farther by one for each card that may be wild)."""
    out: set[Card] = set()
    for cards in laid:
        wild = [c for c in cards if _wild_like(c)]
        naturals = [c for c in cards if not _wild_like(c)] or [c for c in cards if c < 52]
        if not naturals:
            continue
        if len({c % 13 for c in naturals}) == 1:
            out.update(make(naturals[0] % 13, suit) for suit in range(4))
        if len({c // 13 for c in naturals}) == 1:
            suit = naturals[0] // 13
            out.update(make(r, suit) for r in range(13) if any(_near(r, c % 13, 2 + len(wild)) for c in naturals))
    return out


def _totals(cards: Sequence[Card]) -> tuple[int, int]:
    """What cards count with faces 10-10-10 and with faces 11-12-13 (CARD-4)."""
    return (sum(min(c % 13 + 1, 10) for c in cards if c < 52), sum(c % 13 + 1 for c in cards if c < 52))


def choose_cards(k: int, need: int | None, values: Sequence[int], *, exclude: set[Card], near: Sequence[Card],
                 laid: Sequence[Sequence[Card]], given: Sequence[Card], whole: bool,
                 fits: Callable[[Sequence[Card]], bool], twos: bool, budget: int = 20000
                 ) -> tuple[Card, ...] | None:
    """``k`` cards for a hand not shown (``need`` None) or counting ``need`` more (under
    ``values``), from the cards no pack lacks, not in ``exclude``: no two of a rank, no two
    of a suit within two places of a run, none of a rank or near a run of a spread ``laid``
    or of the cards ``near`` (the cards the hand plays or may get), and ``fits`` (the
    ruleset's own check).  A hand not shown takes the highest such cards (then pairs, then
    deuces, where there are too few), and a hand that is the whole deal (``whole``) stays
    clear of a special total; a total is made first
    of aces to sevens (the same under every ruleset), then with faces, then with deuces
    (``twos``: not wild), each first without a pair and then with pairs.  None if there
    are none (or the search gives up)."""
    blocked = _blocked(laid)
    low = (6, 5, 4, 3, 2, 0)
    every = (*_HIDDEN_RANKS[:3], *low[:-1], *((1,) if twos else ()), 0)
    if need is None:
        stages: list[tuple[tuple[int, ...], bool]] = [(_HIDDEN_RANKS, False), (_HIDDEN_RANKS, True), (every, True)]
    else:
        stages = [(low, False), (low, True), (_HIDDEN_RANKS, False), (_HIDDEN_RANKS, True), (every, False),
                  (every, True)]

    def accept(cards: Sequence[Card]) -> bool:
        if need is None and whole:
            for t in _totals([*given, *cards]):
                if t in _SPECIAL_TOTALS or t <= _LOW_TOTAL:
                    return False
        return fits(cards)

    tried: set[tuple[tuple[Card, ...], bool]] = set()
    for ranks, pairs in stages:
        pool = tuple(c for r in ranks for c in (make(r, suit) for suit in _SUIT_ORDER)
                     if c not in exclude and c not in blocked)
        if (pool, pairs) in tried:
            continue
        tried.add((pool, pairs))
        found = _search(pool, k, need, values, near, pairs, accept, budget)
        if found is not None:
            return found
    return None


class _GiveUp(TonkError):
    """A search for a hand's cards that took too many steps (caught where it starts)."""


def _search(pool: tuple[Card, ...], k: int, need: int | None, values: Sequence[int], near: Sequence[Card],
            pairs: bool, accept: Callable[[Sequence[Card]], bool], budget: int) -> tuple[Card, ...] | None:
    """The first ``k`` cards of ``pool`` (highest first), in its order, that keep apart
    (see :func:`choose_cards`) and, with ``need``, count it; depth first, at most
    ``budget`` steps."""
    n = len(pool)
    ranks = [0] * (n + 1)  # how many ranks the cards from i on hold
    for i in range(n - 1, -1, -1):
        ranks[i] = ranks[i + 1] + (1 if pool[i] % 13 not in {c % 13 for c in pool[i + 1 :]} else 0)
    per_rank = 2 if pairs else 1
    sums = [0]  # the pool is highest first, so the most the cards from i on can add is the next few's sum
    for c in pool:
        sums.append(sums[-1] + values[c])
    others = [c for c in near if c < 52]
    chosen: list[Card] = []
    steps = 0

    def apart(c: Card) -> bool:
        r, suit = c % 13, c // 13
        for o in others:
            if o % 13 == r or (o // 13 == suit and _near(o % 13, r)):
                return False
        same = 0
        for o in chosen:
            if o % 13 == r:
                same += 1
                if not pairs or same > 1:
                    return False
            elif o // 13 == suit and _near(o % 13, r):
                return False
        return True

    def go(i: int, total: int) -> tuple[Card, ...] | None:
        nonlocal steps
        steps += 1
        if steps > budget:
            raise _GiveUp
        left = k - len(chosen)
        if left == 0:
            if need is not None and total != need:
                return None
            return tuple(chosen) if accept(chosen) else None
        if n - i < left or left > per_rank * ranks[i]:
            return None
        if need is not None and not sums[n] - sums[n - left] <= need - total <= sums[i + left] - sums[i]:
            return None
        for j in range(i, n):
            c = pool[j]
            if apart(c):
                chosen.append(c)
                found = go(j + 1, total + values[c])
                chosen.pop()
                if found is not None:
                    return found
        return None

    try:
        return go(0, 0)
    except _GiveUp:
        return None


def fill_order(pack: int) -> list[Card]:
    """The cards of ``pack`` in the order unnamed cards fill the stock: first the cards
    every pack has (the 40-card pack: no 8, 9 or 10), in code order, then the 8s, 9s and
    10s, then the jokers.  So a card drawn without being named is the same under every
    pack that holds it, and a pack option changes a described situation only through
    the cards the description names."""
    common = pack_mask(40, 0)
    return cards_of(pack & common) + cards_of(pack & ~common)


def n_dealt(players: int, hand_size: int, upcard: bool) -> int:
    return players * hand_size + (1 if upcard else 0)


# ---------------------------------------------------------------------------- scenario files


@dataclass(eq=False)
class ScenarioSituation(Situation):
    """A scenario's deal and script, as a situation: the deal dealt again under each
    ruleset judged (a full deck as it is; hands, upcard and stock top stacked into the
    ruleset's pack) and the script played from the first turn."""

    id: str
    title: str
    source: str
    players: int
    dealer: int
    stake: int
    ruleset: Ruleset | None
    acts: tuple[Step, ...]
    deck: list[Card] | None = None
    hands: list[list[Card]] = field(default_factory=list)
    upcard: Card | None = None
    stock_top: list[Card] = field(default_factory=list)
    kind = "scenario"
    from_deal = True

    def start(self, rules: Ruleset) -> Hand:
        pack = pack_mask(rules.deck, rules.jokers)
        hs = rules.hand_size_for(self.players)
        try:
            if self.deck is not None:
                try:
                    check_deck(self.deck, pack)
                except CardError as e:
                    raise CannotArise(f"the scenario's deck does not fit this pack: {e}") from None
                deck = self.deck
            else:
                deck = stack_deck(self.players, self.dealer, self.hands, self.upcard, self.stock_top,
                                  with_upcard=rules.upcard, hand_size=hs, pack=pack)
            return Hand(deck, self.players, self.dealer, self.stake, rules)
        except (StackError, SetupError) as e:
            raise CannotArise(f"the scenario's deal cannot be dealt here: {e}") from None

    def describe(self) -> list[str]:
        return [f"{self.id}: {self.title}", f"({self.source}: the deal and {len(self.acts)} actions)"]

    def to_json(self) -> dict[str, Any]:
        return {"kind": "scenario", "id": self.id, "title": self.title, "file": self.source,
                "players": self.players, "dealer": self.dealer, "stake": self.stake, "actions": len(self.acts),
                "names": None}


def scripted(seat: int, action: dict[str, Any], where: str, refuse: str | bool | None = None) -> Step:
    """One step of a written script (an action in the protocol's JSON form) as a
    :class:`Step`; a malformed action is kept, to be refused, only where the script
    expects a refusal."""
    text = describe_action(seat, action)
    try:
        parsed = action_from_json(action)
    except IllegalAction as e:
        if refuse is None:
            raise SituationError(f"{where}: script: {e.message}") from None
        return Step(seat, None, text, where, refuse, malformed=e.message)
    return Step(seat, parsed, text, where, refuse)


def named_cards(situation: Situation) -> set[Card]:
    """The cards a situation names: a description's hands, spreads, discard top and named
    draws; a scenario's deck, or its hands, upcard and stock top, and the cards its script
    names."""
    if isinstance(situation, Description):
        return set(situation.named)
    if isinstance(situation, ScenarioSituation):
        out = set(situation.deck or [c for h in situation.hands for c in h])
        if situation.upcard is not None:
            out.add(situation.upcard)
        out.update(situation.stock_top)
        for act in situation.acts:
            if act.action is not None:
                out.update(c for c in (act.action.card, *act.action.cards) if c >= 0)
        return out
    return set()


def uses_jokers(situation: Situation) -> bool:
    if isinstance(situation, Description):
        return any(c >= 52 for c in situation.named)
    if isinstance(situation, ScenarioSituation):
        cards = situation.deck or [c for h in situation.hands for c in h]
        return any(1 << c & JOKER_MASK for c in cards)
    return False


__all__ = [
    "DEFAULT",
    "GRAMMAR",
    "CannotArise",
    "Description",
    "Played",
    "ScenarioSituation",
    "Situation",
    "SituationError",
    "Step",
    "fill_order",
    "named_cards",
    "play",
    "scripted",
]
