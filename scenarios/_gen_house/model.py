"""An independent model of a Tonk hand under the wider house rules, written from the
rules text (spec/rules.yaml and the explanations in spec/tonk.md), not from the
reference engine, which it never imports.

The generators describe each case (deal, script, expected ending and figures); the model
follows the script card by card, judges every action with its own reading of the rules
(the reason code of a refusal included, in the order of checks that spec/tonk.md gives),
settles the hand and scores it for points.  A case is written only when the model agrees
with what the generator states, and the runner then checks it against the reference
engine: a fault has to be made twice, in two independent places, to go unnoticed.

Where the rules text leaves a reading open the model refuses to guess: a spread or a hit
whose wild cards could stand in two different places raises :class:`Ambiguous`, and the
generators avoid such cases (the report names them).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml

RANKS = "A23456789TJQK"
SUITS = "cdhs"
STANDARD: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)  # code order
JOKERS = ("X1", "X2")
ALL_CARDS: frozenset[str] = frozenset(STANDARD + JOKERS)
SPEC = Path(__file__).resolve().parents[2] / "spec"

#: The default of every ruleset option: the seed rules (spec/ruleset.schema.json).
DEFAULTS: dict[str, Any] = {
    "upcard": True,
    "forced_spreads": False,
    "tonk_out_double": "always",
    "knock_timing": "start",
    "first_turn_knock": True,
    "knock_tie": "caught",
    "caught_payment": "seed",
    "count_held_spreads": True,
    "empty_stock": "play_on",
    "stock_tie": "all_paid",
    "discard_taken": False,
    "discard_taken_last": False,
    "hit_targets": "any",
    "hits_per_turn": "any",
    "ace": "low",
    "first_dealer": "high",
    "next_dealer": "left",
    "dealer_after_draw": "next",
    "dealt_tonk": "49_50",
    "max_players": 3,
    "jokers": 0,
    "joker_value": 15,
    "deck": 52,
    "face_values": "10-10-10",
    "deuces_wild": False,
    "hand_size": 5,
    "low_dealt_double": None,
    "dealt_tonks": "draw",
    "must_use_taken": False,
    "hit_lock": 0,
    "knock_limit": None,
    "spread_knock_wait": 0,
    "low_knock_bonus": None,
    "scoring": "stakes",
    "wild_min_naturals": 1,
    "eating": False,
    "forced_spreads_timing": "turn_end",
    "after_knock": "show",
    "turn_limit": None,
    "turn_limit_end": "count",
}

#: Options this model does not follow: a case that sets one is refused.
UNMODELLED = {"forced_spreads": False, "ace": "low", "discard_taken": False, "discard_taken_last": False,
              "forced_spreads_timing": "turn_end"}

POINTS_LIMIT = 100  # VAR-POINTS-1: a player reaching 100 leaves the match


class GenError(ValueError):
    """A case the model cannot follow, or whose stated figures it does not reach."""


class Ambiguous(GenError):
    """The rules text leaves open where a wild card stands: the case is not written."""


def preset(name: str) -> dict[str, Any]:
    """The option values of a preset of spec/rulesets/ (read as data, not through the engine)."""
    path = SPEC / "rulesets" / f"{name}.yaml"
    if not path.exists():
        raise GenError(f"unknown preset {name!r}")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return dict(data.get("options") or {})


def ruleset(preset_name: str | None, options: dict[str, Any]) -> dict[str, Any]:
    rules = dict(DEFAULTS)
    for source in (preset(preset_name or "seed"), options):
        for k, v in source.items():
            if k not in DEFAULTS:
                raise GenError(f"unknown option {k}")
            rules[k] = v
    for k, v in UNMODELLED.items():
        if rules[k] != v:
            raise GenError(f"the model does not follow {k} = {rules[k]!r}")
    return rules


# ------------------------------------------------------------------------------ cards
def cards(text: str | Sequence[str]) -> list[str]:
    out = text.split() if isinstance(text, str) else list(text)
    for c in out:
        if c not in ALL_CARDS:
            raise GenError(f"{c!r} is not a card")
    return out


def is_joker(card: str) -> bool:
    return card in JOKERS


def rank(card: str) -> int:
    return RANKS.index(card[0])


def suit(card: str) -> int:
    return SUITS.index(card[1])


def pack(rules: dict[str, Any]) -> list[str]:
    """The cards of the ruleset's pack in code order (CARD-1, VAR-DECK40-1, VAR-JOKER-1)."""
    out = [c for c in STANDARD if not (rules["deck"] == 40 and c[0] in "89T")]
    if rules["jokers"] == 2:
        out += list(JOKERS)
    return out


def value(card: str, rules: dict[str, Any]) -> int:
    """CARD-3 and VAR-FACE-1; a joker counts joker_value (VAR-JOKER-2); a two, wild or
    not, counts 2 (VAR-DEUCES-1)."""
    if is_joker(card):
        return int(rules["joker_value"])
    r = rank(card)
    if r >= 10:
        return 10 if rules["face_values"] == "10-10-10" else r + 1
    return r + 1


def total(hand: Iterable[str], rules: dict[str, Any]) -> int:
    return sum(value(c, rules) for c in hand)


def wild(card: str, rules: dict[str, Any]) -> bool:
    return is_joker(card) or (rules["deuces_wild"] and card[0] == "2")


def position(card: str, rules: dict[str, Any]) -> int:
    """A natural card's place in a run: its rank, the jack following the seven in the
    40-card pack (VAR-DECK40-1).  The ace is low only (SPREAD-3)."""
    r = rank(card)
    if rules["deck"] == 40:
        if r in (7, 8, 9):
            raise GenError(f"{card} is not in the 40-card pack")
        return r if r < 7 else r - 3
    return r


def top_position(rules: dict[str, Any]) -> int:
    return 9 if rules["deck"] == 40 else 12


# ------------------------------------------------------------------------------ spreads
@dataclass
class Spread:
    owner: int
    cards: list[str]
    kind: str
    rank: int = -1  # books
    suit: int = -1  # runs
    lo: int = -1
    hi: int = -1

    def shape(self) -> tuple[Any, ...]:
        return (self.kind, self.rank, self.suit, self.lo, self.hi)


def _book_or_run(cs: Sequence[str], naturals: list[str], rules: dict[str, Any]) -> tuple[Any, ...] | None:
    """The shape of ``cs`` read with ``naturals`` standing as themselves and the rest wild
    (VAR-WILD-1), or None."""
    n = len(cs)
    ranks = {rank(c) for c in naturals}
    if len(naturals) == 1 or len(ranks) == 1:
        # one natural card with wild cards is a book; a book holds at most four cards
        if len(ranks) == 1 and n <= 4:
            return ("book", ranks.pop(), -1, -1, -1)
        return None
    suits = {suit(c) for c in naturals}
    if len(suits) != 1:
        return None
    ps = sorted(position(c, rules) for c in naturals)
    if len(set(ps)) != len(ps):
        return None
    top = top_position(rules)
    # wild cards fill the gaps, then extend upward, and downward only where they cannot
    # go up: of the windows of n places holding every natural card, the highest
    windows = [lo for lo in range(0, top - n + 2) if lo <= ps[0] and ps[-1] <= lo + n - 1]
    if not windows:
        return None
    lo = max(windows)
    return ("run", -1, suits.pop(), lo, lo + n - 1)


def spread_shape(cs: Sequence[str], rules: dict[str, Any], strict: bool = True) -> tuple[Any, ...] | None:
    """The shape of the spread these cards make, or None (SPREAD-1..3, VAR-WILD-1,
    VAR-DEUCES-1).  A wild deuce may stand as itself: the readings with the most natural
    cards are tried first.  With ``strict``, two readings with as many natural cards that
    give different spreads raise :class:`Ambiguous`."""
    if len(cs) < 3 or len(set(cs)) != len(cs):
        return None
    fixed = [c for c in cs if not wild(c, rules)]
    flexible = [c for c in cs if wild(c, rules) and not is_joker(c)]  # wild deuces
    for k in range(len(flexible), -1, -1):
        found: set[tuple[Any, ...]] = set()
        for chosen in itertools.combinations(flexible, k):
            naturals = fixed + list(chosen)
            if len(naturals) < rules["wild_min_naturals"] or not naturals:
                continue
            shape = _book_or_run(cs, naturals, rules)
            if shape is not None:
                found.add(shape)
        if len(found) > 1 and strict:
            raise Ambiguous(f"{' '.join(cs)} reads as several spreads: {sorted(found)}")
        if found:
            return min(found)
    return None


def make_spread(owner: int, cs: Sequence[str], rules: dict[str, Any]) -> Spread | None:
    shape = spread_shape(cs, rules)
    if shape is None:
        return None
    kind, r, s, lo, hi = shape
    return Spread(owner, list(cs), kind, r, s, lo, hi)


def hit_fits(sp: Spread, card: str, rules: dict[str, Any]) -> tuple[int, int] | None:
    """Where ``card`` lands on ``sp`` (HIT-3, VAR-WILD-2): the new (lo, hi) of a run or
    (count, 0) of a book; None if it does not fit."""
    if sp.kind == "book":
        if len(sp.cards) >= 4:
            return None
        if (not is_joker(card) and rank(card) == sp.rank) or wild(card, rules):
            return (len(sp.cards) + 1, 0)
        return None
    natural: tuple[int, int] | None = None
    if not is_joker(card) and suit(card) == sp.suit:
        p = position(card, rules)
        if p == sp.lo - 1:
            natural = (p, sp.hi)
        elif p == sp.hi + 1:
            natural = (sp.lo, p)
    as_wild: tuple[int, int] | None = None
    if wild(card, rules):
        if sp.hi < top_position(rules):
            as_wild = (sp.lo, sp.hi + 1)
        elif sp.lo > 0:
            as_wild = (sp.lo - 1, sp.hi)
    if natural is not None and as_wild is not None and natural != as_wild:
        raise Ambiguous(f"{card} hit on {' '.join(sp.cards)} may stand as itself or wild, in two places")
    return natural or as_wild


def best_cover(hand: Sequence[str], rules: dict[str, Any]) -> int:
    """The largest value of disjoint spreads in ``hand`` (count_held_spreads = false)."""
    subsets = [
        s
        for n in range(3, len(hand) + 1)
        for s in itertools.combinations(hand, n)
        if spread_shape(s, rules, strict=False) is not None
    ]
    best = 0

    def search(used: frozenset[str], start: int, acc: int) -> None:
        nonlocal best
        best = max(best, acc)
        for i in range(start, len(subsets)):
            s = subsets[i]
            if used.isdisjoint(s):
                search(used | set(s), i + 1, acc + total(s, rules))

    search(frozenset(), 0, 0)
    return best


def count(hand: Sequence[str], rules: dict[str, Any]) -> int:
    """A player's total (CARD-4; unmatched cards only under count_held_spreads = false)."""
    t = total(hand, rules)
    if not rules["count_held_spreads"]:
        t -= best_cover(hand, rules)
    return t


def hand_size(rules: dict[str, Any], players: int) -> int:
    """VAR-HANDSIZE-1."""
    h = rules["hand_size"]
    if h == "by_players":
        return 7 if players == 2 else 5
    return int(h)


# ------------------------------------------------------------------------------ the table
@dataclass
class Ending:
    kind: str  # dealt_tonk dealt_draw tonk_out out_by_discard knock stock_out
    winners: list[int] = field(default_factory=list)
    knocker: int | None = None
    new_spread: bool = False
    totals: list[int] | None = None
    dead: bool = False


class Table:
    """The cards of one hand as a script moves them, and a judge of every action."""

    def __init__(
        self,
        players: int,
        dealer: int,
        rules: dict[str, Any],
        hands: Sequence[Sequence[str]] | None = None,
        upcard: str | None = None,
        stock_top: Sequence[str] = (),
        deck: Sequence[str] | None = None,
    ) -> None:
        if not 2 <= players <= rules["max_players"]:
            raise GenError(f"{players} players under max_players {rules['max_players']}")
        self.players = players
        self.dealer = dealer
        self.rules = rules
        h = hand_size(rules, players)
        first = (dealer + 1) % players
        the_pack = pack(rules)
        self.pile: list[str] = []  # bottom first
        if deck is not None:
            deck = list(deck)
            if sorted(deck) != sorted(the_pack):
                raise GenError("the deck must hold every card of the ruleset's pack once")
            self.hands: list[list[str]] = [[] for _ in range(players)]
            for i in range(h * players):
                self.hands[(first + i) % players].append(deck[i])
            pos = h * players
            if rules["upcard"]:
                self.pile.append(deck[pos])
                pos += 1
            self.stock = deck[pos:]
        else:
            assert hands is not None
            self.hands = [list(x) for x in hands]
            if len(self.hands) != players or any(len(x) != h for x in self.hands):
                raise GenError(f"{players} hands of {h} cards")
            used = [c for x in self.hands for c in x] + ([upcard] if upcard else []) + list(stock_top)
            if len(set(used)) != len(used):
                raise GenError(f"a card is dealt twice: {sorted(c for c in used if used.count(c) > 1)}")
            if any(c not in the_pack for c in used):
                raise GenError(f"cards not in the pack: {[c for c in used if c not in the_pack]}")
            if bool(upcard) != bool(rules["upcard"]):
                raise GenError("an upcard iff the ruleset turns one")
            self.pile = [upcard] if upcard else []
            self.stock = list(stock_top) + [c for c in the_pack if c not in used]
        self.dealt = [list(x) for x in self.hands]
        self.spreads: list[Spread] = []
        self.to_act: int | None = first
        self.stage = "start"
        self.taken: str | None = None
        self.must_use = False
        self.hits = 0
        self.laid = False
        self.turn = 0
        self.locks = [0] * players
        self.waits = [0] * players
        self.ending: Ending | None = None
        self.restocked = 0
        self.knocker: int | None = None  # after_knock = one_turn_each: the others' last turns
        self.last = 0
        self._dealt_check()

    # -------------------------------------------------------------- the deal (DEALT, VAR)
    def _dealt_check(self) -> None:
        r = self.rules
        wanted = {"49_50": (49, 50), "50": (50,), "none": ()}[r["dealt_tonk"]]
        low = -1 if r["low_dealt_double"] is None else r["low_dealt_double"]
        totals = [total(x, r) for x in self.hands]
        tonks = [s for s, t in enumerate(totals) if t in wanted or t <= low]
        if not tonks:
            return
        if len(tonks) > 1 and r["dealt_tonks"] == "best":
            # a 50 beats a 49, a 49 or 50 beats a low hand, a lower low hand beats a higher one
            def strength(s: int) -> tuple[int, int]:
                return (1, totals[s]) if totals[s] in wanted else (0, -totals[s])

            best = max(strength(s) for s in tonks)
            tops = [s for s in tonks if strength(s) == best]
            if len(tops) == 1:
                tonks = tops
        if len(tonks) == 1:
            self._end(Ending("dealt_tonk", winners=tonks, totals=totals))
        elif r["dealt_tonks"] == "split" and len(tonks) < self.players:
            self._end(Ending("dealt_tonk", winners=tonks, totals=totals))
        else:
            self._end(Ending("dealt_draw", totals=totals))

    def _end(self, e: Ending) -> None:
        self.ending = e
        self.to_act = None
        self.stage = "over"

    # -------------------------------------------------------------- queries
    def count(self, seat: int) -> int:
        return count(self.hands[seat], self.rules)

    def totals(self) -> list[int]:
        return [self.count(s) for s in range(self.players)]

    def usable(self, seat: int) -> bool:
        """VAR-MUSTUSE-1: the top discard fits a spread on the table the ruleset lets
        this player hit, or makes a new spread with cards of the hand."""
        if not self.rules["must_use_taken"]:
            return True
        if not self.pile:
            return False
        top = self.pile[-1]
        if self.rules["hits_per_turn"] != "one" or self.hits == 0:
            for sp in self.spreads:
                if self.rules["hit_targets"] == "runs" and sp.kind != "run":
                    continue
                if hit_fits(sp, top, self.rules) is not None:
                    return True
        hand = self.hands[seat]
        for n in range(2, len(hand) + 1):
            for combo in itertools.combinations(hand, n):
                if spread_shape([*combo, top], self.rules, strict=False) is not None:
                    return True
        return False

    def may_eat(self, seat: int) -> bool:
        """VAR-EAT-1: a player other than the one to act and the one who just discarded
        may take that discard before the player to act acts (not the upcard)."""
        me = self.to_act
        if not self.rules["eating"] or me is None or self.stage != "start" or self.turn == 0 or not self.pile:
            return False
        if self.knocker is not None:
            return False
        if seat in (me, (me - 1) % self.players) or not 0 <= seat < self.players:
            return False
        return self.usable(seat)

    def _knock_checks(self, seat: int, kept: list[str]) -> str | None:
        r = self.rules
        if not r["first_turn_knock"] and self.turn < self.players:
            return "first_turn_knock"
        if self.locks[seat]:
            return "hit_lock"
        if self.waits[seat]:
            return "knock_wait"
        if r["knock_limit"] is not None and count(kept, r) > r["knock_limit"]:
            return "knock_limit"
        return None

    def judge(self, seat: int, verb: str, args: list[str]) -> str | None:
        """The reason code the rules give for refusing this action, or None (the order of
        checks of spec/tonk.md, "Which code when several apply")."""
        r = self.rules
        if self.ending is not None:
            return "hand_over"
        if seat != self.to_act:
            if verb == "draw" and args == ["discard"] and self.may_eat(seat):
                return None
            return "not_your_turn"
        hand = self.hands[seat]
        drawn = self.stage == "drawn"
        if verb == "draw":
            if drawn:
                return "already_drawn"
            if args[0] == "discard":
                if not self.pile:
                    return "discard_pile_empty"
                if not self.usable(seat):
                    return "must_use_taken"
            return None
        if verb == "discard":
            if not drawn:
                return "must_draw_first"
            if args[0] not in hand:
                return "not_in_hand"
            if self.must_use:
                return "must_use_taken"
            if args[0] == self.taken:
                return "taken_card"
            return None
        if verb == "spread":
            if not drawn:
                return "must_draw_first"
            seen: set[str] = set()
            for c in args:
                if c not in hand:
                    return "not_in_hand"
                if c in seen:
                    return "duplicate_card"
                seen.add(c)
            if make_spread(seat, args, r) is None:
                return "not_a_spread"
            if self.must_use and self.taken not in args:
                return "must_use_taken"
            rest = [c for c in hand if c not in args]
            if self.taken is not None and rest == [self.taken]:
                return "last_card_taken"
            return None
        if verb == "hit":
            card, index = args[0], int(args[1])
            if not drawn:
                return "must_draw_first"
            if card not in hand:
                return "not_in_hand"
            if not 0 <= index < len(self.spreads):
                return "no_such_spread"
            sp = self.spreads[index]
            if r["hit_targets"] == "runs" and sp.kind != "run":
                return "hit_target"
            if r["hits_per_turn"] == "one" and self.hits >= 1:
                return "hit_limit"
            if hit_fits(sp, card, r) is None:
                return "hit_does_not_fit"
            if self.must_use and card != self.taken:
                return "must_use_taken"
            rest = [c for c in hand if c != card]
            if self.taken is not None and rest == [self.taken]:
                return "last_card_taken"
            return None
        if verb == "knock":
            if self.knocker is not None:
                return "knock_timing"  # PAY-KNOCK-1: no knock in a last turn after a knock
            if not drawn:
                if r["knock_timing"] == "after_draw":
                    return "knock_timing"
                if args:
                    return "knock_discard"
                return self._knock_checks(seat, hand)
            if r["knock_timing"] == "start":
                return "knock_timing"
            if not args:
                return "knock_discard"
            if args[0] not in hand:
                return "not_in_hand"
            if self.must_use:
                return "must_use_taken"
            if args[0] == self.taken:
                return "taken_card"
            return self._knock_checks(seat, [c for c in hand if c != args[0]])
        raise GenError(f"unknown verb {verb!r}")

    # -------------------------------------------------------------- acting
    def apply(self, seat: int, verb: str, args: list[str]) -> None:
        why = self.judge(seat, verb, args)
        if why is not None:
            raise GenError(f"the rules refuse seat {seat} {verb} {' '.join(args)}: {why}")
        r = self.rules
        hand = self.hands[seat]
        if seat != self.to_act:  # eating (VAR-EAT-1): the eater takes the turn
            self.to_act = seat
        if verb == "draw":
            if args[0] == "discard":
                card = self.pile.pop()
                self.taken = card
                self.must_use = bool(r["must_use_taken"])
            elif self.stock:
                card = self.stock.pop(0)
            elif r["empty_stock"] == "reshuffle" and len(self.pile) > 1:
                # STOCK-3: the pile below its top card, turned over, is the new stock
                self.stock, self.pile = self.pile[:-1], [self.pile[-1]]
                self.restocked += 1
                card = self.stock.pop(0)
            else:
                dead = r["empty_stock"] == "dead"
                self._end(Ending("stock_out", totals=self.totals(), dead=dead))
                return
            hand.append(card)
            self.stage = "drawn"
            return
        if verb == "spread":
            sp = make_spread(seat, args, r)
            assert sp is not None
            for c in args:
                hand.remove(c)
            self.spreads.append(sp)
            self.laid = True
            self.must_use = False
            if r["spread_knock_wait"]:
                self.waits[seat] = r["spread_knock_wait"] + 1
            if not hand:
                self._out_of_cards(seat, new_spread=True)
            return
        if verb == "hit":
            card, index = args[0], int(args[1])
            sp = self.spreads[index]
            where = hit_fits(sp, card, r)
            assert where is not None
            hand.remove(card)
            sp.cards.append(card)
            if sp.kind == "run":
                sp.lo, sp.hi = where
            self.hits += 1
            self.must_use = False
            if r["hit_lock"] and sp.owner != seat:
                self.locks[sp.owner] += r["hit_lock"]
            if not hand:
                self._out_of_cards(seat, new_spread=self.laid)
            return
        if verb == "discard":
            hand.remove(args[0])
            self.pile.append(args[0])
            if not hand and self.knocker is None:
                self._end(Ending("out_by_discard", winners=[seat]))
            else:
                self._next(seat)
            return
        if verb == "knock":
            if args:
                hand.remove(args[0])
                self.pile.append(args[0])
                if not hand:  # a discard that empties the hand goes out (OUT-2)
                    self._end(Ending("out_by_discard", winners=[seat]))
                    return
            if r["after_knock"] == "one_turn_each":  # PAY-KNOCK-1: the others play a last turn first
                self.knocker, self.last = seat, self.players
                self._next(seat)
                return
            self._end(Ending("knock", knocker=seat, totals=self.totals()))
            return
        raise GenError(f"unknown verb {verb!r}")

    def _out_of_cards(self, seat: int, new_spread: bool) -> None:
        if self.knocker is not None:  # a last turn after a knock ends with nothing left to count
            self._next(seat)
        else:
            self._end(Ending("tonk_out", winners=[seat], new_spread=new_spread))

    def _next(self, seat: int) -> None:
        # hit locks and spread waits run down as the player's turns end
        if self.locks[seat]:
            self.locks[seat] -= 1
        if self.waits[seat]:
            self.waits[seat] -= 1
        self.to_act = (seat + 1) % self.players
        self.stage = "start"
        self.taken = None
        self.must_use = False
        self.hits = 0
        self.laid = False
        self.turn += 1
        if self.knocker is not None:
            self.last -= 1
            if self.last == 0:
                self._end(Ending("knock", knocker=self.knocker, totals=self.totals()))
        elif self.rules["turn_limit"] is not None and self.turn >= self.rules["turn_limit"]:
            # STOCK-1: the turn limit ends the hand, settled as at an empty stock, or dead
            self._end(Ending("turn_limit", totals=self.totals(), dead=self.rules["turn_limit_end"] == "dead"))

    def snapshot(self, full: bool = False) -> dict[str, Any]:
        snap: dict[str, Any] = {}
        if full:
            snap["hands"] = [list(x) for x in self.hands]
            snap["spreads"] = [{"owner": s.owner, "kind": s.kind, "cards": list(s.cards)} for s in self.spreads]
        snap["hand_sizes"] = [len(x) for x in self.hands]
        snap["discard_top"] = self.pile[-1] if self.pile else None
        snap["discard_count"] = len(self.pile)
        snap["stock_count"] = len(self.stock)
        snap["to_act"] = self.to_act
        snap["stage"] = self.stage
        if self.ending is None:
            snap["result"] = None
        return snap


# ------------------------------------------------------------------------------ settlement
Pay = tuple[int, int, Fraction, str]


def settle(e: Ending, players: int, stake: int, rules: dict[str, Any]) -> tuple[list[int], list[Pay]]:
    """Winners and payments, from the rules text (PAY-*, VAR-LOWKNOCK-1, VAR-DEALTTONKS-1,
    STOCK-3)."""
    S = Fraction(stake)
    everyone = range(players)

    def from_each(w: int, a: Fraction, rule: str) -> list[Pay]:
        return [(p, w, a, rule) for p in everyone if p != w]

    if e.kind == "dealt_tonk":
        if len(e.winners) == 1:
            return list(e.winners), from_each(e.winners[0], 2 * S, "PAY-DEALT-1")
        share = 2 * S / len(e.winners)  # split: 2S from each player without one, shared
        return list(e.winners), [(p, w, share, "VAR-DEALTTONKS-1") for w in e.winners for p in everyone
                                 if p not in e.winners]
    if e.kind == "dealt_draw":
        return [], []
    if e.kind == "tonk_out":
        w = e.winners[0]
        if rules["tonk_out_double"] == "new_spread" and not e.new_spread:
            return [w], from_each(w, S, "VAR-NEWSPREAD-1")
        return [w], from_each(w, 2 * S, "PAY-OUT-1")
    if e.kind == "out_by_discard":
        return [e.winners[0]], from_each(e.winners[0], S, "PAY-OUT-2")
    assert e.totals is not None
    t = e.totals
    if e.kind == "knock":
        k = e.knocker
        assert k is not None
        others = [s for s in everyone if s != k]
        low = min(t[s] for s in others)
        if t[k] < low or (t[k] == low and rules["knock_tie"] == "knocker_wins"):
            if rules["low_knock_bonus"] is not None and t[k] <= rules["low_knock_bonus"]:
                return [k], from_each(k, 2 * S, "VAR-LOWKNOCK-1")
            return [k], from_each(k, S, "PAY-KNOCK-2")
        lowest = [s for s in others if t[s] == low]
        rule = "PAY-CAUGHT-3" if len(lowest) > 1 else "PAY-CAUGHT-2"
        scheme = rules["caught_payment"]
        pays: list[Pay] = []
        if scheme in ("seed", "non_knockers", "doubles_only"):
            pays += [(k, s, 2 * S, "PAY-CAUGHT-1") for s in others if t[s] <= t[k]]
        elif scheme in ("double_lowest_others_single", "double_lowest_only"):
            pays += [(k, s, 2 * S, "PAY-CAUGHT-1") for s in lowest]
        if scheme == "seed":
            pays += [(p, s, S, rule) for s in lowest for p in everyone if p not in lowest]
        elif scheme in ("non_knockers", "double_lowest_others_single"):
            pays += [(p, s, S, rule) for s in lowest for p in others if p not in lowest]
        elif scheme == "per_player":
            pays += [(k, s, S * players, rule) for s in lowest]
        return lowest, pays
    if e.kind in ("stock_out", "turn_limit"):
        single, tied = ("PAY-STOCK-1", "PAY-STOCK-2") if e.kind == "stock_out" else ("STOCK-1", "STOCK-1")
        if e.dead:
            return [], []
        low = min(t)
        lowest = [s for s in everyone if t[s] == low]
        if len(lowest) == 1:
            return lowest, from_each(lowest[0], S, single)
        if rules["stock_tie"] == "dead":
            return [], []
        if len(lowest) == players:
            return lowest, []
        share = S / len(lowest) if rules["stock_tie"] == "split" else S
        return lowest, [(p, s, share, tied) for s in lowest for p in everyone if p not in lowest]
    raise GenError(f"unknown ending {e.kind}")


def ending_name(e: Ending, winners: list[int]) -> str:
    if e.kind == "knock":
        return "knock_won" if winners == [e.knocker] else "knock_caught"
    return e.kind


def amount_text(a: Fraction) -> int | str:
    return int(a) if a.denominator == 1 else f"{a.numerator}/{a.denominator}"


def points(ending: str, winners: Sequence[int], totals: Sequence[int], knocker: int | None,
           everyone: bool = False) -> list[int]:
    """VAR-POINTS-1: every player who did not win adds their total (under points_all the
    winners too); a caught knocker adds double.  (A hand with no winner is left out of
    the corpus: see the report.)"""
    if not winners:
        raise GenError("a hand nobody won: VAR-POINTS-1 does not say what it scores")
    out = []
    for s, t in enumerate(totals):
        if s in winners and not everyone:
            out.append(0)
        elif ending == "knock_caught" and s == knocker:
            out.append(2 * t)
        else:
            out.append(t)
    return out
