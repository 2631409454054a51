"""The toolkit of the part-B scenario generators: a case description, an independent
table model that follows a script card by card, a settlement written from the rules
brief (not from the reference engine), and a YAML writer with a fixed layout.

Nothing here imports the reference engine.  The generators state the totals and net
results of the worked payments by hand; :func:`build` follows the script with its own
:class:`Table`, settles the hand with :func:`settle` and refuses to write a case whose
hand-stated figures disagree with what the script actually deals.  The runner then
checks every written case against the reference engine, so a fault must be made twice,
in two independent places, to go unnoticed.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

RANKS = "A23456789TJQK"
SUITS = "cdhs"
ALL_CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)  # code order

#: The default value of every ruleset option (rules brief: the seed rules and D1-D22).
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
    "forced_spreads_timing": "turn_end",
    "after_knock": "show",
    "turn_limit": None,
    "turn_limit_end": "count",
}

PRESETS: dict[str, dict[str, Any]] = {
    "seed": {},
    "seed-no-upcard": {"upcard": False},
    "seed-forced-spreads": {"forced_spreads": True},
    "seed-new-spread-double": {"tonk_out_double": "new_spread"},
    "seed-all-variations": {"upcard": False, "forced_spreads": True, "tonk_out_double": "new_spread"},
}


class GenError(ValueError):
    """A case whose table entry is inconsistent: the generator refuses to write it."""


# ------------------------------------------------------------------------------ cards
def rank(card: str) -> int:
    return RANKS.index(card[0])


def suit(card: str) -> int:
    return SUITS.index(card[1])


def value(card: str) -> int:
    return min(rank(card) + 1, 10)


def total(cards: Iterable[str]) -> int:
    return sum(value(c) for c in cards)


def cards(text: str | Sequence[str]) -> list[str]:
    out = text.split() if isinstance(text, str) else list(text)
    for c in out:
        if c not in ALL_CARDS:
            raise GenError(f"{c!r} is not a card")
    return out


def is_book(cs: Sequence[str]) -> bool:
    return 3 <= len(cs) <= 4 and len({rank(c) for c in cs}) == 1


def run_positions(cs: Sequence[str], ace_high: bool) -> list[int] | None:
    """The positions (ace 0 or, where allowed, 13) of a run, lowest first, or None."""
    if len(cs) < 3 or len({suit(c) for c in cs}) != 1:
        return None
    low = sorted(rank(c) for c in cs)
    if all(b == a + 1 for a, b in itertools.pairwise(low)):
        return low
    if ace_high and low[0] == 0:
        high = sorted([*low[1:], 13])
        if all(b == a + 1 for a, b in itertools.pairwise(high)):
            return high
    return None


def is_spread(cs: Sequence[str], ace_high: bool = False) -> bool:
    return is_book(cs) or run_positions(cs, ace_high) is not None


def best_cover(hand: Sequence[str], ace_high: bool) -> int:
    """The largest value of disjoint spreads that can be made from ``hand`` (deadwood
    counting, option count_held_spreads = false)."""
    hand = list(hand)
    best = 0
    subsets = [s for n in range(3, len(hand) + 1) for s in itertools.combinations(hand, n) if is_spread(s, ace_high)]

    def search(used: frozenset[str], start: int, acc: int) -> None:
        nonlocal best
        best = max(best, acc)
        for i in range(start, len(subsets)):
            s = subsets[i]
            if used.isdisjoint(s):
                search(used | set(s), i + 1, acc + total(s))

    search(frozenset(), 0, 0)
    return best


def amount_text(a: Fraction) -> int | str:
    return int(a) if a.denominator == 1 else f"{a.numerator}/{a.denominator}"


# ------------------------------------------------------------------------------ the table
@dataclass
class Spread:
    owner: int
    cards: list[str]

    @property
    def kind(self) -> str:
        return "book" if len({rank(c) for c in self.cards}) == 1 else "run"


@dataclass
class Ending:
    kind: str
    winner: int | None = None  # tonk_out, out_by_discard, dealt_tonk
    knocker: int | None = None
    new_spread: bool = False  # tonk_out: a spread was laid in the going-out turn
    totals: list[int] | None = None
    dead: bool = False


class Table:
    """The cards of one hand as a script moves them.  It checks only what it needs to
    follow the script (a card is where the script says); legality is the engine's
    business and the runner's."""

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
        self.players = players
        self.dealer = dealer
        self.rules = rules
        first = (dealer + 1) % players
        if deck is not None:
            deck = list(deck)
            if sorted(deck) != sorted(ALL_CARDS):
                raise GenError("the deck must hold every card once")
            self.hands = [[] for _ in range(players)]  # type: list[list[str]]
            for i in range(5 * players):
                self.hands[(first + i) % players].append(deck[i])
            pos = 5 * players
            self.pile: list[str] = []
            if rules["upcard"]:
                self.pile.append(deck[pos])
                pos += 1
            self.stock = deck[pos:]
        else:
            assert hands is not None
            self.hands = [list(h) for h in hands]
            used = [c for h in self.hands for c in h] + ([upcard] if upcard else []) + list(stock_top)
            if len(set(used)) != len(used):
                raise GenError(f"a card is dealt twice: {sorted(c for c in used if used.count(c) > 1)}")
            if any(len(h) != 5 for h in self.hands) or len(self.hands) != players:
                raise GenError("five cards for each seat")
            if bool(upcard) != bool(rules["upcard"]):
                raise GenError("an upcard iff the ruleset turns one")
            self.pile = [upcard] if upcard else []
            self.stock = list(stock_top) + [c for c in ALL_CARDS if c not in used]
        self.deck_order = self._deck_order(first)
        self.dealt = [list(h) for h in self.hands]
        self.spreads: list[Spread] = []
        self.to_act: int | None = first
        self.stage = "start"
        self.taken: str | None = None
        self.laid = False
        self.turn = 0
        self.ending: Ending | None = None
        self.knocker: int | None = None  # after_knock = one_turn_each: the others' last turns
        self.last = 0
        self._dealt_check()

    def _deck_order(self, first: int) -> list[str]:
        out = [self.hands[(first + k) % self.players][i] for i in range(5) for k in range(self.players)]
        return out + self.pile + self.stock

    def _dealt_check(self) -> None:
        wanted = {"49_50": (49, 50), "50": (50,), "none": ()}[self.rules["dealt_tonk"]]
        tonks = [s for s in range(self.players) if total(self.hands[s]) in wanted]
        totals = [total(h) for h in self.hands]
        if len(tonks) == 1:
            self._end(Ending("dealt_tonk", winner=tonks[0], totals=totals))
        elif tonks:
            self._end(Ending("dealt_draw", totals=totals))

    def _end(self, e: Ending) -> None:
        self.ending = e
        self.to_act = None
        self.stage = "over"

    def count(self, seat: int) -> int:
        t = total(self.hands[seat])
        if not self.rules["count_held_spreads"]:
            t -= best_cover(self.hands[seat], self.rules["ace"] == "low_or_high")
        return t

    def totals(self) -> list[int]:
        return [self.count(s) for s in range(self.players)]

    def _take(self, seat: int, card: str) -> None:
        if card not in self.hands[seat]:
            raise GenError(f"seat {seat} does not hold {card}")
        self.hands[seat].remove(card)

    def _next(self, seat: int) -> None:
        self.to_act = (seat + 1) % self.players
        self.stage = "start"
        self.taken = None
        self.laid = False
        self.turn += 1
        if self.knocker is not None:  # a last turn after a knock has ended (PAY-KNOCK-1)
            self.last -= 1
            if self.last == 0:
                self._end(Ending("knock", knocker=self.knocker, totals=self.totals()))
        elif self.rules["turn_limit"] is not None and self.turn >= self.rules["turn_limit"]:
            # STOCK-1: the turn limit ends the hand, settled as at an empty stock, or dead
            self._end(Ending("turn_limit", totals=self.totals(), dead=self.rules["turn_limit_end"] == "dead"))

    def apply(self, seat: int, verb: str, args: list[str]) -> None:
        if self.ending is not None:
            raise GenError(f"seat {seat} {verb}: the hand is already over")
        if seat != self.to_act:
            raise GenError(f"seat {seat} {verb}: seat {self.to_act} is to act")
        if verb == "draw":
            if self.stage != "start":
                raise GenError("a second draw")
            if args[0] == "discard":
                card = self.pile.pop()
                self.taken = card
            elif self.stock:
                card = self.stock.pop(0)
            elif self.rules["empty_stock"] == "reshuffle" and len(self.pile) > 1:
                top = self.pile.pop()
                self.stock, self.pile = self.pile, [top]  # turned over: the pile's bottom is the top
                card = self.stock.pop(0)
            else:
                dead = self.rules["empty_stock"] == "dead"
                self._end(Ending("stock_out", totals=self.totals(), dead=dead))
                return
            self.hands[seat].append(card)
            self.stage = "drawn"
        elif verb == "spread":
            for c in args:
                self._take(seat, c)
            self.spreads.append(Spread(seat, list(args)))
            self.laid = True
            if not self.hands[seat]:
                self._out_of_cards(seat, True)
        elif verb == "hit":
            card, index = args[0], int(args[1])
            self._take(seat, card)
            self.spreads[index].cards.append(card)
            if not self.hands[seat]:
                self._out_of_cards(seat, self.laid)
        elif verb == "discard":
            self._take(seat, args[0])
            self.pile.append(args[0])
            if not self.hands[seat] and self.knocker is None:
                self._end(Ending("out_by_discard", winner=seat))
            else:
                self._next(seat)
        elif verb == "knock":
            if args:
                self._take(seat, args[0])
                self.pile.append(args[0])
                if not self.hands[seat]:  # a knock's discard that empties the hand goes out (OUT-2)
                    self._end(Ending("out_by_discard", winner=seat))
                    return
            if self.rules["after_knock"] == "one_turn_each":  # the others play a last turn first
                self.knocker, self.last = seat, self.players
                self._next(seat)
                return
            self._end(Ending("knock", knocker=seat, totals=self.totals()))
        else:
            raise GenError(f"unknown verb {verb!r}")

    def _out_of_cards(self, seat: int, new_spread: bool) -> None:
        if self.knocker is not None:  # a last turn after a knock ends with nothing to count
            self._next(seat)
        else:
            self._end(Ending("tonk_out", winner=seat, new_spread=new_spread))

    def snapshot(self, full: bool = False) -> dict[str, Any]:
        snap: dict[str, Any] = {}
        if full:
            snap["hands"] = [list(h) for h in self.hands]
            snap["spreads"] = [{"owner": s.owner, "kind": s.kind, "cards": list(s.cards)} for s in self.spreads]
        snap["hand_sizes"] = [len(h) for h in self.hands]
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
    """Winners and payments, from the rules brief (S12, S26-S31, D3-D9, D17, V31-V38)."""
    S = Fraction(stake)
    everyone = range(players)

    def from_each(w: int, a: Fraction, rule: str) -> list[Pay]:
        return [(p, w, a, rule) for p in everyone if p != w]

    if e.kind == "dealt_tonk":
        assert e.winner is not None
        return [e.winner], from_each(e.winner, 2 * S, "PAY-DEALT-1")
    if e.kind == "dealt_draw":
        return [], []
    if e.kind == "tonk_out":
        assert e.winner is not None
        if rules["tonk_out_double"] == "new_spread" and not e.new_spread:
            return [e.winner], from_each(e.winner, S, "VAR-NEWSPREAD-1")
        return [e.winner], from_each(e.winner, 2 * S, "PAY-OUT-1")
    if e.kind == "out_by_discard":
        assert e.winner is not None
        return [e.winner], from_each(e.winner, S, "PAY-OUT-2")
    assert e.totals is not None
    t = e.totals
    if e.kind == "knock":
        k = e.knocker
        assert k is not None
        others = [s for s in everyone if s != k]
        low = min(t[s] for s in others)
        if t[k] < low or (t[k] == low and rules["knock_tie"] == "knocker_wins"):
            return [k], from_each(k, S, "PAY-KNOCK-2")
        lowest = [s for s in others if t[s] == low]
        rule = "PAY-CAUGHT-3" if len(lowest) > 1 else "PAY-CAUGHT-2"
        scheme = rules["caught_payment"]
        pays: list[Pay] = []
        at_or_below = [s for s in others if t[s] <= t[k]]
        if scheme in ("seed", "non_knockers", "doubles_only"):
            pays += [(k, s, 2 * S, "PAY-CAUGHT-1") for s in at_or_below]
        elif scheme in ("double_lowest_others_single", "double_lowest_only"):
            pays += [(k, s, 2 * S, "PAY-CAUGHT-1") for s in lowest]
        if scheme == "seed":  # S from every player not tied for lowest, the knocker included
            pays += [(p, s, S, rule) for s in lowest for p in everyone if p not in lowest]
        elif scheme in ("non_knockers", "double_lowest_others_single"):
            pays += [(p, s, S, rule) for s in lowest for p in others if p not in lowest]
        elif scheme == "per_player":  # one stake for every player at the table
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
        share = S / len(lowest) if rules["stock_tie"] == "split" else S
        return lowest, [(p, s, share, tied) for s in lowest for p in everyone if p not in lowest]
    raise GenError(f"unknown ending {e.kind}")


def result_of(table: Table, stake: int) -> dict[str, Any]:
    e = table.ending
    assert e is not None
    winners, pays = settle(e, table.players, stake, table.rules)
    kind = e.kind
    if kind == "knock":
        kind = "knock_won" if winners == [e.knocker] else "knock_caught"
    out: dict[str, Any] = {"ending": kind, "winners": sorted(winners)}
    if e.totals is not None:
        out["totals"] = list(e.totals)
    net = [Fraction(0)] * table.players
    for p, q, a, _ in pays:
        net[p] -= a
        net[q] += a
    out["net"] = [amount_text(a) for a in net]
    out["payments"] = [{"payer": p, "payee": q, "amount": amount_text(a), "rule": r} for p, q, a, r in pays]
    return out


# ------------------------------------------------------------------------------ cases
ACTION = re.compile(r"^(\d+) (knock|draw|spread|hit|discard)((?: \S+)*)$")


@dataclass
class Case:
    """One scenario as a generator table gives it.

    ``script`` is a list of items: a string holds actions separated by ``;`` (an action
    ending in ``!reason`` or ``!`` must be refused), ``@`` inserts an ``expect`` step with
    the table model's state, ``@@`` one with the hands and spreads too; a dict is written
    as a step unchanged.  ``totals``/``net`` are the hand-stated figures: the case is
    written only if the model agrees with them."""

    id: str
    title: str
    rules: list[str]
    players: int
    dealer: int
    script: list[Any]
    hands: list[str] | None = None
    upcard: str | None = None
    stock: str | None = None
    deck: str | None = None
    stake: int = 1
    options: dict[str, Any] = field(default_factory=dict)
    preset: str | None = None
    totals: list[int] | None = None
    net: list[Any] | None = None
    ending: str | None = None
    over: bool = True  # False: the case stops before the hand ends (no result block)
    notes: str = ""
    requires: list[str] | None = None
    folder: str = ""


def ruleset_of(case: Case) -> dict[str, Any]:
    rules = dict(DEFAULTS)
    rules.update(PRESETS[case.preset or "seed"])
    for k, v in case.options.items():
        if k not in DEFAULTS:
            raise GenError(f"{case.id}: unknown option {k}")
        rules[k] = v
    return rules


def split_script(items: list[Any]) -> list[Any]:
    out: list[Any] = []
    for item in items:
        if isinstance(item, str):
            for part in re.split(r"[;\n]", item):
                part = part.strip()
                if part:
                    out.append(part)
        else:
            out.append(item)
    return out


def build(case: Case) -> dict[str, Any]:
    """The scenario document of ``case``, after following its script on a model table."""
    rules = ruleset_of(case)
    if case.deck is not None:
        table = Table(case.players, case.dealer, rules, deck=cards(case.deck))
    else:
        assert case.hands is not None
        table = Table(
            case.players,
            case.dealer,
            rules,
            hands=[cards(h) for h in case.hands],
            upcard=case.upcard,
            stock_top=cards(case.stock or ""),
        )
    if table.ending is None and case.ending in ("dealt_tonk", "dealt_draw"):
        raise GenError(f"{case.id}: expected a dealt ending")
    dealt_totals = [total(h) for h in table.dealt]
    if table.ending is None and any(t in (49, 50) for t in dealt_totals) and rules["dealt_tonk"] == "49_50":
        raise GenError(f"{case.id}: a dealt 49/50 nobody meant")
    steps: list[dict[str, Any]] = []
    for item in split_script(case.script):
        if isinstance(item, dict):
            steps.append(item)
            continue
        if item in ("@", "@@"):
            steps.append({"expect": table.snapshot(full=item == "@@")})
            continue
        reject: str | bool | None = None
        text = item
        if "!" in item:
            text, _, why = item.partition("!")
            text = text.strip()
            reject = why.strip() or True
        m = ACTION.match(text)
        if not m:
            raise GenError(f"{case.id}: cannot read action {item!r}")
        seat, verb, rest = int(m.group(1)), m.group(2), m.group(3).split()
        step: dict[str, Any] = {"act": text}
        if reject is not None:
            step["reject"] = reject
        else:
            try:
                table.apply(seat, verb, rest)
            except GenError as e:
                raise GenError(f"{case.id}: {item}: {e}") from None
        steps.append(step)
    doc: dict[str, Any] = {"id": case.id, "title": case.title, "rules": case.rules}
    rs: dict[str, Any] = {}
    if case.preset:
        rs["preset"] = case.preset
    if case.options:
        rs["options"] = dict(case.options)
    if rs:
        doc["ruleset"] = rs
    if case.requires:
        doc["requires"] = {"features": list(case.requires)}
    doc["players"] = case.players
    doc["dealer"] = case.dealer
    doc["stake"] = case.stake
    if case.deck is not None:
        doc["deal"] = {"deck": cards(case.deck)}
    else:
        deal: dict[str, Any] = {"hands": [cards(h) for h in case.hands or []]}
        if case.upcard:
            deal["upcard"] = case.upcard
        if case.stock:
            deal["stock"] = cards(case.stock)
        doc["deal"] = deal
    doc["script"] = steps
    notes = case.notes.strip()
    if case.over:
        if table.ending is None:
            raise GenError(f"{case.id}: the script does not end the hand")
        result = result_of(table, case.stake)
        if case.ending is not None and result["ending"] != case.ending:
            raise GenError(f"{case.id}: the script ends in {result['ending']}, the table says {case.ending}")
        if case.totals is not None and result.get("totals") != case.totals:
            raise GenError(f"{case.id}: the cards held total {result.get('totals')}, the table says {case.totals}")
        if case.net is not None and [Fraction(a) for a in result["net"]] != [Fraction(a) for a in case.net]:
            raise GenError(f"{case.id}: the settlement nets {result['net']}, the table says {case.net}")
        doc["result"] = result
        if "totals" in result and table.ending is not None and table.ending.kind in ("knock", "stock_out"):
            held = "; ".join(
                f"seat {s} " + (" ".join(table.hands[s]) or "nothing") + f" = {result['totals'][s]}"
                for s in range(table.players)
            )
            notes = (notes + "\n" if notes else "") + f"Held at the end: {held}."
    else:
        if table.ending is not None:
            raise GenError(f"{case.id}: the hand ends, but the table says it goes on")
        if case.totals is not None or case.net is not None:
            raise GenError(f"{case.id}: totals or net given for a hand that goes on")
    if notes:
        doc["notes"] = notes
    return doc


# ------------------------------------------------------------------------------ YAML
_PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")
_RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


def scalar(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        if v in ALL_CARDS or (_PLAIN.match(v) and v.lower() not in _RESERVED):
            return v
        return json.dumps(v)
    raise GenError(f"cannot write {v!r}")


def flow(v: Any) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(flow(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {flow(x)}" for k, x in v.items()) + "}"
    return scalar(v)


def _text(v: str, indent: str) -> str:
    if "\n" not in v and len(v) < 100:
        return scalar(v) if _PLAIN.match(v) else json.dumps(v)
    lines = v.split("\n")
    return "|-\n" + "\n".join(indent + "  " + line if line else "" for line in lines)


def dump(doc: dict[str, Any]) -> str:
    out: list[str] = []
    for key, v in doc.items():
        if key in ("id",):
            out.append(f"{key}: {scalar(v)}")
        elif key in ("title",):
            out.append(f"{key}: {json.dumps(v)}")
        elif key == "notes":
            out.append(f"notes: {_text(v, '')}")
        elif key == "deal":
            out.append("deal:")
            for k, x in v.items():
                if k in ("hands",):
                    out.append(f"  {k}:")
                    out.extend(f"    - {flow(h)}" for h in x)
                else:
                    out.append(f"  {k}: {flow(x)}")
        elif key == "script":
            out.append("script:")
            for step in v:
                if "act" in step:
                    line = f"  - act: {step['act']}"
                    out.append(line)
                    if "reject" in step:
                        out.append(f"    reject: {scalar(step['reject'])}")
                else:
                    ((k, x),) = step.items()
                    out.append(f"  - {k}: {flow(x)}")
        elif key == "result":
            out.append("result:")
            for k, x in v.items():
                if k == "payments":
                    if x:
                        out.append("  payments:")
                        out.extend(f"    - {flow(p)}" for p in x)
                    else:
                        out.append("  payments: []")
                else:
                    out.append(f"  {k}: {flow(x)}")
        elif isinstance(v, dict):
            out.append(f"{key}:")
            out.extend(f"  {k}: {flow(x)}" for k, x in v.items())
        else:
            out.append(f"{key}: {flow(v)}")
    return "\n".join(out) + "\n"
