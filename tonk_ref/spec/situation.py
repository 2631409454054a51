"""Situations for ``tonk judge`` and ``tonk explain``: a scenario (read by the harness,
:mod:`tonk_ref.harness.situations`), or a short description typed on the command line,
turned into a starting :class:`Hand` under a given ruleset plus the actions that follow.

A description is a list of items separated by ``;`` or ``,`` (see :data:`GRAMMAR`)::

    3 players, dealer 2; 0: 5h 6h 7h 9c 9d; 1: Kc Kd 2s 3s; 2: Ac 2c 3d 4d 8h;
    table: 1 [4s 5s 6s]; discard Kh; stock 20; 0 knocks

The same description can arise under one ruleset and not under another (a hand of five
cards under a seven-card deal, an 8 in the 40-card pack, a joker without jokers): building
the hand raises :class:`CannotArise` with the reason, and the judge lists that ruleset as
"cannot arise" instead of judging it.  Input that is wrong under every ruleset (a word that
is not a card, a seat that does not exist, a card in two places) raises
:class:`SituationError` naming the column of the description, or the file and line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bounds import digits_only
from ..engine import actions as A
from ..engine.actions import Action, IllegalAction
from ..engine.cards import (
    JOKER_MASK,
    NAMES,
    Card,
    CardError,
    cards_of,
    check_deck,
    pack_mask,
    parse_card,
)
from ..engine.hand import Hand, SetupError, compiled
from ..engine.ruleset import DEFAULT, Ruleset, option_values
from ..engine.serialize import action_from_json, action_to_json, state_from_json
from ..engine.spreads import has_forced_spread, make_spread
from ..engine.stacking import StackError, stack_deck
from ..errors import TonkError
from .notation import describe_action

GRAMMAR = """\
A situation is a scenario file (YAML; its deal and its script are played to the end), or a
description: items separated by ';', ',' or 'then', in any order, the actions last:
  3 players            how many players (default: one more than the highest seat named)
  dealer 2             the dealer (default: the seat before the first to act)
  stake 5              the stake (default 1)
  0: 5h 6h 7h 9c 9d    the cards seat 0 holds (every seat needs one); 10h = Th, X1/X2 = jokers
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
                       | discards C | declares (a special hand, VAR-SPECIAL-1)
                       or the action notation: '0 knock', '0 knock 9s', '1 draw stock',
                       '1 draw discard', '2 spread 4h 5h 6h', '2 hit 7h 0', '0 discard 9s',
                       '0 declare'
At the start of a turn the hands and the table hold every card dealt (players x hand size): a
seat that laid a spread holds that many fewer. A ruleset under which the position cannot
happen (that check, a card not in its pack, too many players, a spread it does not allow) is
listed as "cannot arise"; an action a ruleset refuses is judged: the reason, the rule, and the
rulesets that allow it.
Unused cards fill the stock (named draws first, then the cards every pack has in code order:
clubs A-K, diamonds, hearts, spades; then 8s, 9s and 10s; then jokers) and the discard pile
below its top card, the same way under every ruleset."""




class SituationError(TonkError, ValueError):
    """A situation that is wrong whatever the ruleset; the message names the place."""


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


def play(situation: Situation, rules: Ruleset) -> Played:
    """Play ``situation`` under ``rules``: build the start, apply every action in turn."""
    try:
        hand = situation.start(rules)
    except CannotArise as e:
        return Played("cannot_arise", why=str(e))
    first = 0 if situation.from_deal or getattr(situation, "first_turn", False) else len(hand.events)
    for i, act in enumerate(situation.acts):
        if hand.is_over:
            return Played("ended", hand, first, unplayed=situation.acts[i:], reached=i)
        if act.action is None:
            continue  # malformed, and refused as the scenario expects
        if act.card is not None and act.action.source == "discard" and hand.discard_top != act.card:
            top = "empty" if hand.discard_top is None else NAMES[hand.discard_top]
            return Played("cannot_arise", hand, first, act=act, reached=i,
                          why=f"{act.where}: {act.text}: the top of the discard pile is {top}")
        before = hand.copy()
        try:
            hand.apply(act.action, seat=act.seat)
        except IllegalAction as e:
            if act.reject is not None:
                continue  # refused as the scenario expects (perhaps for another reason)
            # an illegal action is a verdict of the rules, judged like any other outcome
            return Played("refused", hand, first, act=act, error=e, reached=i, before=before)
        if act.reject is not None:
            return Played("allowed", hand, first, act=act, reached=i + 1)
        if act.card is not None and act.action.source == "stock":
            got = hand.events[-1]
            if got.kind == "draw" and got.data != act.card:
                return Played("cannot_arise", hand, first, act=act, reached=i,
                              why=f"{act.where}: {act.text}: the card drawn is {NAMES[got.data]}")
    return Played("ended" if hand.is_over else "goes_on", hand, first, reached=len(situation.acts))


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
        return SituationError(f"situation at column {end}: {message}")
    return SituationError(f"situation at {_at(tok)}: {message}")


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
        if not digits_only(tok.text):
            raise _fail(tok, f"expected {what}")
        digits = tok.text.lstrip("0") or "0"
        if most is not None and (len(digits) > len(str(most)) or int(digits) > most):
            raise _fail(tok, too_many or f"expected {what}, at most {most}")
        if len(digits) > 9:
            raise _fail(tok, f"expected {what}: {len(digits)} digits is too many")
        if int(digits) < least:
            raise _fail(tok, f"expected {what}")
        return int(digits)

    def seat(self, tok: _Tok | None, what: str = "a seat number", after: _Tok | None = None) -> int:
        most = MOST_PLAYERS - 1
        return self.number(tok, what, 0, after, most,
                           f"seat {tok.text if tok else ''} does not exist: no ruleset seats more than "
                           f"{MOST_PLAYERS} players, in seats 0 to {most}")

    def parse(self) -> _Draft:
        toks = _tokens(self.text)
        if not toks:
            raise SituationError("the situation is empty: describe the hands and what happens, e.g. "
                                 "'2 players; 0: 3d 4d; 1: 3h 4h; discard Qs; 0 knocks'")
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
                    self.item(item)
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
        return self.d

    def item(self, toks: list[_Tok]) -> None:
        d = self.d
        w = [t.low for t in toks]
        first = toks[0]
        if ((digits_only(w[0]) and len(w) > 1 and w[1] in ("players", "player"))
                or re.fullmatch(r"[0-9]+-players?", w[0])):
            if d.players is not None:
                raise _fail(first, "the number of players is given twice")
            count = _Tok(first.text.split("-")[0], first.col)
            d.players = self.number(count, "the number of players, 2 or more", 2, most=MOST_PLAYERS,
                                    too_many=f"a hand has at most {MOST_PLAYERS} players (max_players allows "
                                             f"{MOST_PLAYERS} at most)")
            d.players_tok = first
            self.rest_empty(toks[1:] if "-" in w[0] else toks[2:])
        elif w[0] == "dealer":
            args = [t for t in toks[1:] if t.text != ":" and t.low != "seat"]
            d.dealer = self.seat(args[0] if args else None, "the dealer's seat number", after=first)
            d.dealer_tok = args[0]
            self.rest_empty(args[1:])
        elif w[0] == "stake":
            args = [t for t in toks[1:] if t.text != ":"]
            d.stake = self.number(args[0] if args else None, "the stake, a positive whole number", 1, first,
                                  most=10**9, too_many="the stake is at most 1000000000")
            self.rest_empty(args[1:])
        elif (w[0] == "seat" and len(w) > 2 and w[2] == ":") or (digits_only(w[0]) and len(w) > 1 and w[1] == ":"):
            at = 1 if w[0] == "seat" else 0
            seat_tok = toks[at]
            seat = self.seat(seat_tok)
            if seat in d.hands:
                raise _fail(seat_tok, f"seat {seat}'s hand is given twice")
            cards = [(card_token(t), t) for t in toks[at + 2 :]]
            if not cards:
                raise _fail(seat_tok, f"seat {seat} holds no cards: a player without cards has gone out")
            d.hands[seat] = cards
            d.hand_toks[seat] = seat_tok
        elif w[0] == "table":
            rest = toks[1:]
            if rest and rest[0].text == ":":
                rest = rest[1:]
            if len(rest) == 1 and rest[0].low in ("none", "empty", "nothing"):
                return
            self.spreads(rest, first)
        elif digits_only(w[0]) and len(w) > 1 and w[1] == "[":
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
                raise _fail(args[1] if args else first, "expected one card, the top of the discard pile "
                            "(or 'discard none')")
        elif w[0] == "stock":
            args = [t for t in toks[1:] if t.text != ":"]
            if len(args) == 1 and args[0].low in ("empty", "none"):
                d.stock = 0
            else:
                d.stock = self.number(args[0] if args else None, "how many cards are left in the stock", after=first,
                                      most=99, too_many="no pack holds that many cards")
                self.rest_empty(args[1:], "cards")
            d.stock_tok = args[0]
        elif w[:2] == ["first", "turn"]:
            d.first_turn = first
            self.rest_empty(toks[2:])
        elif w[0] == "turn":
            args = [t for t in toks[1:] if t.text != ":"]
            d.turn = self.number(args[0] if args else None, "how many turns were played before this one", after=first,
                                 most=10**6, too_many="the turn is at most 1000000")
            self.rest_empty(args[1:])
        elif w[:2] == ["to", "act"] or (len(w) > 2 and w[1:3] == ["to", "act"]):
            args = [t for t in toks if t.text != ":" and t.low not in ("to", "act", "seat")]
            d.to_act = self.seat(args[0] if args else None, "the seat to act", after=first)
            d.to_act_tok = args[0]
            self.rest_empty(args[1:])
        elif digits_only(w[0]) and len(w) > 1 and w[1] in _VERBS:
            self.actor = (self.seat(first), first)
            self.action(self.actor[0], first, toks[1:])
        elif w[0] == "seat" and len(w) > 2 and digits_only(w[1]) and w[2] in _VERBS:
            self.actor = (self.seat(toks[1]), toks[1])
            self.action(self.actor[0], toks[1], toks[2:])
        elif w[0] in _VERBS and self.actor is not None:
            self.action(self.actor[0], self.actor[1], toks)
        elif w[0] in _VERBS:
            raise _fail(first, "say who acts: 'SEAT VERB ...', e.g. '0 knocks'")
        elif digits_only(w[0]) and len(w) > 1 and w[1].isalpha():
            raise _fail(toks[1], "not an action: expected knocks [discarding CARD], draws [CARD], takes the discard, "
                        "spreads CARDS, hits CARD on N or discards CARD")
        else:
            raise _fail(first, "expected 'N players', 'dealer N', 'stake N', 'SEAT: CARDS', 'table: OWNER [CARDS]', "
                        "'discard CARD', 'stock N', 'first turn', 'turn N', 'SEAT to act' or an action "
                        "'SEAT knocks|draws|takes the discard|spreads|hits|discards ...'")

    def rest_empty(self, toks: Sequence[_Tok], what: str = "") -> None:
        if toks:
            extra = f" ({what} are not named here)" if what else ""
            raise _fail(toks[0], f"unexpected words at the end of this item{extra}; separate items with ';' or ','")

    def spreads(self, toks: list[_Tok], first: _Tok) -> None:
        i = 0
        if not toks:
            raise _fail(first, "expected spreads: OWNER [CARDS], e.g. 'table: 0 [4s 5s 6s]'")
        while i < len(toks):
            owner_tok = toks[i]
            if owner_tok.low == "seat":
                i += 1
                owner_tok = toks[i] if i < len(toks) else owner_tok
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

    def action(self, seat: int, seat_tok: _Tok, toks: list[_Tok]) -> None:
        verb = _VERBS[toks[0].low]
        args = [t for t in toks[1:] if t.low not in _FILLER[verb]]
        self.d.acts.append((seat, seat_tok, verb, args, toks[0]))


def _act(seat: int, action: Action, where: str, card: Card | None = None) -> Step:
    """A described action, written in the project's action notation (a draw that names
    the card it gets shows that card after it: '0 draw stock (7d)')."""
    text = describe_action(seat, action_to_json(action))
    if card is not None:
        text += f" ({NAMES[card]})"
    return Step(seat, action, text, where, card=card)


def _dealer_text(seat: int) -> str:
    return f"seat {seat}"


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
        players = d.players if d.players is not None else max(d.hands) + 1
        self.players = players
        self._check_seats(d, players)
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
            raise _fail(tok, f"on the first turn the player at the dealer's left, seat {(self.dealer + 1) % players}, "
                        f"acts first (TURN-1), not seat {self.to_act}", 1)
        if self.first_turn and self.table:
            raise _fail(d.table[0][2], "nothing is on the table on the first turn")
        self.draws: list[Card | None] = []  # per draw from the stock: the card named, if any
        self.acts = tuple(self._acts(d))
        self._check_places(d)
        self.named: list[Card] = [c for h in self.hands for c in h] + [c for _, cs in self.table for c in cs]
        if self.discard_top is not None:
            self.named.append(self.discard_top)
        self.named += [c for c in self.draws if c is not None]

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
            raise _fail(d.players_tok, f"seat {missing[0]} has no hand: give each of the {players} seats its "
                        f"cards ('{missing[0]}: ...')", 1)
        for owner, _, tok in d.table:
            seat(owner, tok, "a spread's owner")
        if d.dealer is not None and d.dealer_tok is not None:
            seat(d.dealer, d.dealer_tok, "the dealer")
        if d.to_act is not None and d.to_act_tok is not None:
            seat(d.to_act, d.to_act_tok, "the player to act")
        for s, tok, *_ in d.acts:
            seat(s, tok, "the player acting")

    def _check_places(self, d: _Draft) -> None:
        where: dict[Card, str] = {}
        places: list[tuple[Card, _Tok, str]] = []
        for s in range(self.players):
            places += [(c, t, f"seat {s}'s hand") for c, t in d.hands[s]]
        for i, (_, cards, _) in enumerate(d.table):
            places += [(c, t, f"spread {i} on the table") for c, t in cards]
        if d.discard is not None:
            places.append((d.discard[0], d.discard[1], "the top of the discard pile"))
        places += self._draw_places
        for c, tok, place in places:
            if c in where:
                raise _fail(tok, f"{NAMES[c]} is in two places: {where[c]} and {place}; a card is in one place only")
            where[c] = f"{place} (column {tok.col})"

    def _acts(self, d: _Draft) -> list[Step]:
        out: list[Step] = []
        self._draw_places: list[tuple[Card, _Tok, str]] = []
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
            elif verb == "declare":
                if args:
                    raise _fail(args[0], "a declaration names no card: '0 declares'")
                out.append(_act(seat, A.declare(), where))
            elif verb == "hit":
                if len(args) != 2:
                    raise _fail(vtok, "a hit is 'hits CARD on N', N the number of the spread (0 = the first on "
                                "the table)")
                card = card_token(args[0])
                index = self.number_tok(args[1])
                out.append(_act(seat, A.hit(card, index), where))
            else:
                if len(args) != 1:
                    raise _fail(args[1] if len(args) > 1 else vtok, "a discard names one card")
                card = card_token(args[0])
                out.append(_act(seat, A.discard(card), where))
        return out

    @staticmethod
    def number_tok(tok: _Tok) -> int:
        if not digits_only(tok.text):
            raise _fail(tok, "expected the number of a spread on the table (0 = the first)")
        if len(tok.text.lstrip("0")) > 3:
            raise _fail(tok, "no table holds that many spreads")
        return int(tok.text)

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
        for s, cards in enumerate(self.hands):
            if len(cards) > hs:
                raise CannotArise(f"seat {s} holds {len(cards)} cards, but each player is dealt {hs} (DEAL-1, "
                                  f"hand_size) and holds no more than that at the start of a turn")
        owned = [sum(1 for o, _ in self.table if o == s) for s in range(n)]
        for s, cards in enumerate(self.hands):
            if owned[s] and len(cards) > hs - 3 * owned[s]:
                laid = "a spread" if owned[s] == 1 else f"{owned[s]} spreads"
                raise CannotArise(f"seat {s} laid {laid} of 3 cards or more, so holds at most {hs - 3 * owned[s]} "
                                  f"of the {hs} dealt, not {len(cards)}")
        held = sum(len(h) for h in self.hands)
        laid_cards = sum(len(cs) for _, cs in self.table)
        if held + laid_cards != n * hs:
            raise CannotArise(
                f"the hands hold {held} cards and the table {laid_cards}: at the start of a turn they hold the "
                f"{n} x {hs} = {n * hs} cards dealt (every draw is matched by a discard)"
            )
        if self.first_turn:
            return self._deal(rules, pack, hs)
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
                mask = sum(1 << x for x in self.hands[s])
                if has_forced_spread(mask, geometry):
                    raise CannotArise(f"under forced spreads seat {s} could not have ended a turn holding a spread "
                                      f"(VAR-FORCED-1)")
        if self.discard_top is None:
            raise CannotArise("name the top of the discard pile ('discard CARD')")  # checked at parse time
        stock, pile = self._fill(pack)
        if not stock and rules.empty_stock == "last_turn":
            raise CannotArise("under empty_stock = last_turn the hand ends with the turn that drew the last stock "
                              "card, so no turn starts with the stock empty (STOCK-3)")
        hands = [[NAMES[x] for x in h] for h in self.hands]
        state = {
            "players": n, "dealer": self.dealer, "stake": self.stake, "hands": hands, "spreads": spreads,
            "to_act": self.to_act, "stage": "start", "result": None, "turn": self.turn, "taken": None,
            "hits_this_turn": 0, "spread_this_turn": False, "stock": [NAMES[x] for x in stock],
            "discard_pile": [NAMES[x] for x in pile], "dealt": hands, "knock_locks": [0] * n,
            "knock_waits": [0] * n, "must_use_taken": False, "ruleset": rules.to_dict(),
        }  # fmt: skip
        return state_from_json(state)

    def _fill(self, pack: int) -> tuple[list[Card], list[Card]]:
        """The stock (top first) and the discard pile (bottom first) from the unused cards."""
        named = set(self.named)
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

    def _deal(self, rules: Ruleset, pack: int, hs: int) -> Hand:
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
        named = set(self.named)
        spare = iter(c for c in fill_order(pack) if c not in named)
        stock_top = [c if c is not None else next(spare) for c in self.draws]
        try:
            deck = stack_deck(self.players, self.dealer, self.hands, self.discard_top, stock_top,
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
            "hands": [[NAMES[c] for c in h] for h in self.hands],
            "spreads": [{"owner": o, "cards": [NAMES[c] for c in cs]} for o, cs in self.table],
            "discard_top": None if self.discard_top is None else NAMES[self.discard_top],
            "stock_count": self.stock_count,
            "first_turn": self.first_turn,
            "actions": [{"seat": a.seat, "action": action_to_json(a.action)} for a in self.acts if a.action],
        }


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
                "players": self.players, "dealer": self.dealer, "stake": self.stake, "actions": len(self.acts)}


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
