"""An independent oracle for Tonk: legality with reason codes, the next state, and the
payments at every ending, written straight from the text of spec/rules.yaml, the option
descriptions of spec/ruleset.schema.json and /work/shared/rules-brief.md (S and D items).

Deliberately plain and slow.  It shares NO code with ``tonk_ref``: cards are strings
("Ah"), hands are sorted lists, spreads are checked with sets and sorted lists, amounts are
``Fraction``s, and a state is a plain dataclass rebuilt from, or compared with, the JSON
the engine gives (``serialize.state_to_json``) -- the JSON is the only contact.

Reason codes.  The spec names the reason codes but not which one wins when an action is
wrong in several ways.  The oracle checks in this order, which reads the rules in the
order a player meets them (is the hand on? is it my turn? which part of the turn? my cards?
the cards' shape? the ruleset's limits? what the play leaves behind?):

    malformed_action, hand_over, not_your_turn, then by action type:
    draw     already_drawn, discard_pile_empty
    knock    (before drawing) knock_timing, knock_discard, first_turn_knock, forced_spread
             (after drawing)  knock_timing, knock_discard, not_in_hand, taken_card,
                              first_turn_knock, forced_spread
    discard  must_draw_first, not_in_hand, taken_card, forced_spread
    spread   must_draw_first, then card by card in the order named: not_in_hand or
             duplicate_card; then not_a_spread, last_card_taken
    hit      must_draw_first, not_in_hand, no_such_spread, hit_target, hit_limit,
             hit_does_not_fit, last_card_taken
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Any

RANKS = "A23456789TJQK"
SUITS = "cdhs"
ALL_CARDS = [r + s for s in SUITS for r in RANKS]
JOKERS = ["X1", "X2"]  # CARD-2, VAR-JOKER-1

# The default of every ruleset option (spec/ruleset.schema.json: the seeds' base rules).
DEFAULT_RULES: dict[str, Any] = {
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
    "first_dealer": "high",  # a match option: no effect on a hand
    "next_dealer": "left",  # a match option
    "dealer_after_draw": "next",  # a match option
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
    "scoring": "stakes",  # a match option (VAR-POINTS-1): "it changes the match, not the play of a hand"
    "wild_min_naturals": 1,
    "eating": False,
    "forced_spreads_timing": "turn_end",  # VAR-FORCED-1: at_once lays a spread held before the turn ends
    "after_knock": "show",  # PAY-KNOCK-1: one_turn_each gives every other player a last turn first
    "turn_limit": None,  # STOCK-1: a hand also ends when that many turns have ended
    "turn_limit_end": "count",  # ... settled by the lowest total (as at an empty stock), or dead
}


class OracleIllegal(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# ------------------------------------------------------------------------------ cards
def is_card(text: object) -> bool:
    """CARD-2: a rank and a suit, or a joker X1 / X2."""
    return isinstance(text, str) and (text in JOKERS or (len(text) == 2 and text[0] in RANKS and text[1] in SUITS))


def is_joker(card: str) -> bool:
    return card in JOKERS


def rank(card: str) -> int:
    """1 for an ace .. 13 for a king (not for a joker)."""
    return RANKS.index(card[0]) + 1


def suit(card: str) -> str:
    return card[1]


def sort_cards(cards: list[str]) -> list[str]:
    order = ALL_CARDS + JOKERS
    return sorted(cards, key=order.index)


def pack(rules: dict[str, Any]) -> list[str]:
    """CARD-1, VAR-DECK40-1, VAR-JOKER-1: the cards of the pack, in code order."""
    cards = [c for c in ALL_CARDS if not (rules["deck"] == 40 and c[0] in "89T")]
    return cards + (JOKERS if rules["jokers"] == 2 else [])


def hand_size(rules: dict[str, Any], players: int) -> int:
    """DEAL-1, VAR-HANDSIZE-1."""
    h = rules["hand_size"]
    if h == "by_players":
        return 7 if players == 2 else 5
    return int(h)


class Rules:
    """What the ruleset says about cards, values and spreads, looked up plainly."""

    def __init__(self, rules: dict[str, Any]) -> None:
        self.r = rules
        self.ace_high = rules["ace"] == "low_or_high"
        self.min_naturals = rules["wild_min_naturals"]

    def value(self, card: str) -> int:
        """CARD-3, VAR-FACE-1, VAR-JOKER-2 (a wild two counts 2, VAR-DEUCES-1)."""
        if is_joker(card):
            return int(self.r["joker_value"])
        r = rank(card)
        if r > 10:
            return r if self.r["face_values"] == "11-12-13" else 10  # J=11, Q=12, K=13
        return r

    def wild(self, card: str) -> bool:
        """VAR-JOKER-1 (jokers are wild), VAR-DEUCES-1 (every two is wild)."""
        return is_joker(card) or (bool(self.r["deuces_wild"]) and rank(card) == 2)

    def may_be_natural(self, card: str) -> bool:
        """A joker is never natural; a wild two may also stand as itself."""
        return not is_joker(card)

    def positions(self, card: str) -> list[int]:
        """Where a natural card stands in a run (1 = ace low): under deck = 40 the jack
        follows the seven (VAR-DECK40-1); an ace may also follow the king (SPREAD-3)."""
        r = rank(card)
        pos = r - 3 if (self.r["deck"] == 40 and r >= 11) else r
        out = [pos]
        if r == 1 and self.ace_high:
            out.append(self.top() + 1)
        return out

    def top(self) -> int:
        """The king's position."""
        return 10 if self.r["deck"] == 40 else 13

    def high(self) -> int:
        return self.top() + 1 if self.ace_high else self.top()


# ------------------------------------------------------------------------------ spreads
def read_spread(cards: list[str], rules: Rules) -> dict[str, Any] | None:
    """The spread these cards make, as {kind, rank} for a book or {kind, lo, hi} for a
    run (positions), or None.  VAR-WILD-1: a spread holds at least wild_min_naturals
    natural cards and a book at most four; one natural card with wild cards is a book; in
    a run wild cards fill the gaps first, then extend upward, and downward only where it
    cannot go up.  The spec leaves open which reading to take when a wild two could stand
    as itself or not, and an ace low or high: the oracle takes the reading with the most
    natural cards, a book before a run, and the ace low before high (as the reference
    engine's documentation says it does)."""
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return None
    flexible = [c for c in cards if rules.wild(c) and rules.may_be_natural(c)]
    fixed_naturals = [c for c in cards if not rules.wild(c)]
    for k in range(len(flexible), -1, -1):
        for chosen in combinations(flexible, k):
            naturals = fixed_naturals + list(chosen)
            wilds = len(cards) - len(naturals)
            if len(naturals) < max(1, rules.min_naturals):
                continue
            book = _read_book(cards, naturals)
            if book is not None:
                return book
            if len(naturals) == 1:
                continue  # one natural card with wild cards is a book, or nothing
            run = _read_run(naturals, wilds, rules)
            if run is not None:
                return run
    return None


def _read_book(cards: list[str], naturals: list[str]) -> dict[str, Any] | None:
    """SPREAD-2: three or four cards of one rank (wild cards standing for that rank)."""
    ranks = {rank(c) for c in naturals}
    if len(cards) <= 4 and len(ranks) == 1:
        return {"kind": "book", "rank": ranks.pop()}
    return None


def _read_run(naturals: list[str], wilds: int, rules: Rules) -> dict[str, Any] | None:
    """SPREAD-3 with VAR-WILD-1 and VAR-DECK40-1."""
    if len({suit(c) for c in naturals}) != 1:
        return None
    readings: list[list[int]] = [[]]
    for c in naturals:
        readings = [[*ps, p] for ps in readings for p in rules.positions(c)]
    for ps in readings:  # aces low first
        if len(set(ps)) != len(ps):
            continue
        lo, hi = min(ps), max(ps)
        gaps = (hi - lo + 1) - len(ps)
        if gaps > wilds:
            continue
        extra = wilds - gaps
        up = min(extra, rules.high() - hi)
        down = extra - up
        if lo - down < 1:
            continue
        return {"kind": "run", "lo": lo - down, "hi": hi + up, "suit": suit(naturals[0])}
    return None


def fits(target: dict[str, Any], card: str, rules: Rules) -> dict[str, Any] | None:
    """HIT-3 and VAR-WILD-2: the spread with the card hit on it, or None.  A book takes a
    card of its rank or a wild card, up to four cards; a run grows at either end only, by a
    natural card of its suit just below or above it, or by a wild card upward if it can,
    else downward."""
    if card in target["cards"]:
        return None
    grown = dict(target, cards=[*target["cards"], card])
    if target["kind"] == "book":
        if len(target["cards"]) >= 4:
            return None
        natural_fit = rules.may_be_natural(card) and rank(card) == target["rank"]
        return grown if natural_fit or rules.wild(card) else None
    if rules.may_be_natural(card) and suit(card) == target["suit"]:
        for p in rules.positions(card):
            if p == target["lo"] - 1 and p >= 1:
                return dict(grown, lo=p)
            if p == target["hi"] + 1:
                return dict(grown, hi=p)
    if rules.wild(card):
        if target["hi"] < rules.high():
            return dict(grown, hi=target["hi"] + 1)
        if target["lo"] > 1:
            return dict(grown, lo=target["lo"] - 1)
    return None


def spreads_within(hand: list[str], rules: Rules) -> list[list[str]]:
    """Every subset of the hand that is a spread."""
    out = []
    for size in range(3, len(hand) + 1):
        for combo in combinations(hand, size):
            if read_spread(list(combo), rules):
                out.append(list(combo))
    return out


def holds_forced_spread(hand: list[str], rules: Rules) -> bool:
    """VAR-FORCED-1: any spread but a book of exactly three natural aces."""
    for sp in spreads_within(hand, rules):
        three_natural_aces = len(sp) == 3 and all(not rules.wild(c) and rank(c) == 1 for c in sp)
        if not three_natural_aces:
            return True
    return False


def deadwood(hand: list[str], rules: Rules) -> int:
    """CARD-4 under count_held_spreads = false: the total of the cards not covered by the
    choice of disjoint spreads that covers the most value."""
    spreads = spreads_within(hand, rules)
    best = 0

    def search(start: int, used: set[str], covered: int) -> None:
        nonlocal best
        best = max(best, covered)
        for i in range(start, len(spreads)):
            sp = spreads[i]
            if used.isdisjoint(sp):
                search(i + 1, used | set(sp), covered + sum(rules.value(c) for c in sp))

    search(0, set(), 0)
    return sum(rules.value(c) for c in hand) - best


def spread_kind(cards: list[str], ace_high: bool) -> str | None:
    """Book or run under the seed rules (and the ace option): for simple callers."""
    read = read_spread(cards, Rules({**DEFAULT_RULES, "ace": "low_or_high" if ace_high else "low"}))
    return None if read is None else str(read["kind"])


def is_book(cards: list[str]) -> bool:
    return spread_kind(cards, False) == "book"


def is_run(cards: list[str], ace_high: bool) -> bool:
    return spread_kind(cards, ace_high) == "run"


# ------------------------------------------------------------------------------ state
@dataclass
class OState:
    rules: dict[str, Any]
    players: int
    dealer: int
    stake: int
    hands: list[list[str]]
    spreads: list[dict[str, Any]]  # {owner, kind, cards (order laid), rank | suit, lo, hi}
    stock: list[str]  # top first
    pile: list[str]  # bottom first
    to_act: int | None
    stage: str  # start | drawn | over
    turn: int = 0
    taken: str | None = None
    hits: int = 0
    laid: bool = False
    dealt: list[list[str]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    locks: list[int] = field(default_factory=list)  # VAR-HITLOCK-1: turns left without a knock
    waits: list[int] = field(default_factory=list)  # VAR-KNOCKWAIT-1: turns left (this one included)
    knocker: int | None = None  # after_knock = one_turn_each: who knocked, while the others play a last turn
    last: int = 0  # ... and how many of those last turns are left

    def __post_init__(self) -> None:
        self.locks = self.locks or [0] * self.players
        self.waits = self.waits or [0] * self.players

    @property
    def r(self) -> Rules:
        return Rules(self.rules)

    @property
    def ace_high(self) -> bool:
        return bool(self.rules["ace"] == "low_or_high")

    def total(self, seat: int) -> int:
        """CARD-4 (and option count_held_spreads)."""
        return count(self.hands[seat], self.r)

    def pending_taken(self) -> bool:
        """VAR-MUSTUSE-1: the taken card must be used by the next play (it still is in hand)."""
        seat = self.to_act
        return bool(self.rules["must_use_taken"]) and self.taken is not None and seat is not None and (
            self.taken in self.hands[seat]
        )

    # --- to and from the engine's JSON -------------------------------------------
    @classmethod
    def from_json(cls, s: dict[str, Any]) -> OState:
        """A state from the engine's JSON, to enumerate candidate actions from it.  Not for
        judging them: a run's ends are re-read from its cards, and the counters of the
        house rules are not carried over."""
        res = s["result"]
        rules = {**DEFAULT_RULES, **s["ruleset"]}
        r = Rules(rules)
        spreads = []
        for sp in s["spreads"]:
            read = read_spread(list(sp["cards"]), r) or {"kind": sp["kind"], "rank": 0, "lo": 0, "hi": 0, "suit": "c"}
            spreads.append({**read, "owner": sp["owner"], "kind": sp["kind"], "cards": list(sp["cards"])})
        return cls(
            rules=rules,
            players=s["players"],
            dealer=s["dealer"],
            stake=s["stake"],
            hands=[sort_cards(list(h)) for h in s["hands"]],
            spreads=spreads,
            stock=list(s["stock"]),
            pile=list(s["discard_pile"]),
            to_act=s["to_act"],
            stage=s["stage"],
            turn=s["turn"],
            taken=s["taken"],
            hits=s["hits_this_turn"],
            laid=s["spread_this_turn"],
            dealt=[sort_cards(list(h)) for h in s["dealt"]],
            result=None if res is None else result_from_engine(res),
            knocker=s.get("knocker"),
            last=s.get("last_turns", 0),
        )

    def comparable(self) -> dict[str, Any]:
        """The state in a form to compare with :func:`comparable_engine_state` (the house
        rules' counters are compared through their effect on legality, not as numbers)."""
        return {
            "players": self.players,
            "dealer": self.dealer,
            "stake": self.stake,
            "hands": [sort_cards(h) for h in self.hands],
            "spreads": [(sp["owner"], sp["kind"], sort_cards(sp["cards"])) for sp in self.spreads],
            "stock": list(self.stock),
            "pile": list(self.pile),
            "discard_top": self.pile[-1] if self.pile else None,
            "discard_count": len(self.pile),
            "stock_count": len(self.stock),
            "to_act": self.to_act,
            "stage": self.stage,
            "turn": self.turn,
            "taken": self.taken,
            "hits": self.hits,
            "laid": self.laid,
            "result": self.result,
        }


def count(hand: list[str], r: Rules) -> int:
    if r.r["count_held_spreads"]:
        return sum(r.value(c) for c in hand)
    return deadwood(hand, r)


def comparable_engine_state(s: dict[str, Any]) -> dict[str, Any]:
    return {
        "players": s["players"],
        "dealer": s["dealer"],
        "stake": s["stake"],
        "hands": [sort_cards(list(h)) for h in s["hands"]],
        "spreads": [(sp["owner"], sp["kind"], sort_cards(list(sp["cards"]))) for sp in s["spreads"]],
        "stock": list(s["stock"]),
        "pile": list(s["discard_pile"]),
        "discard_top": s["discard_top"],
        "discard_count": s["discard_count"],
        "stock_count": s["stock_count"],
        "to_act": s["to_act"],
        "stage": s["stage"],
        "turn": s["turn"],
        "taken": s["taken"],
        "hits": s["hits_this_turn"],
        "laid": s["spread_this_turn"],
        "result": None if s["result"] is None else result_from_engine(s["result"]),
    }


def result_from_engine(r: dict[str, Any]) -> dict[str, Any]:
    """A result in the oracle's form: payments summed per (payer, payee) pair, amounts as
    Fractions, winners sorted."""
    return {
        "ending": r["ending"],
        "winners": sorted(r["winners"]),
        "pairs": _pairs((p["payer"], p["payee"], Fraction(p["amount"])) for p in r["payments"]),
        "net": [Fraction(a) for a in r["net"]],
        "totals": None if r.get("totals") is None else list(r["totals"]),
        "knocker": r.get("knocker"),
    }


def _pairs(payments: Any) -> dict[tuple[int, int], Fraction]:
    out: dict[tuple[int, int], Fraction] = {}
    for payer, payee, amount in payments:
        out[(payer, payee)] = out.get((payer, payee), Fraction(0)) + amount
    return {k: v for k, v in sorted(out.items()) if v != 0}


# ------------------------------------------------------------------------------ the deal
def deal(deck: list[str], players: int, dealer: int, stake: int, rules: dict[str, Any]) -> OState:
    """DEAL-1..3 (VAR-HANDSIZE-1), DEALT-1..3, VAR-LOWDEALT-1, VAR-DEALTTONKS-1."""
    rules = {**DEFAULT_RULES, **rules}
    r = Rules(rules)
    h = hand_size(rules, players)
    hands: list[list[str]] = [[] for _ in range(players)]
    for i in range(h * players):  # one at a time, starting at the dealer's left
        hands[(dealer + 1 + i) % players].append(deck[i])
    rest = list(deck[h * players :])
    pile: list[str] = []
    if rules["upcard"]:
        pile.append(rest.pop(0))
    st = OState(
        rules=rules,
        players=players,
        dealer=dealer,
        stake=stake,
        hands=[sort_cards(x) for x in hands],
        spreads=[],
        stock=rest,
        pile=pile,
        to_act=(dealer + 1) % players,
        stage="start",
        dealt=[sort_cards(x) for x in hands],
    )
    high = {"49_50": {49, 50}, "50": {50}, "none": set()}[rules["dealt_tonk"]]
    low = rules["low_dealt_double"]
    totals = [sum(r.value(c) for c in x) for x in hands]  # every dealt card, CARD-4 aside

    def is_tonk(t: int) -> bool:
        return t in high or (low is not None and t <= low)

    tonks = [p for p in range(players) if is_tonk(totals[p])]
    S2 = Fraction(2 * stake)
    if len(tonks) == 1:
        _end(st, "dealt_tonk", tonks, _from_each(st, tonks[0], S2), totals)
    elif len(tonks) > 1:
        mode = rules["dealt_tonks"]
        if mode == "best":
            # a 50 beats a 49, a 49 or 50 beats a low hand, a lower low hand beats a higher one
            def strength(t: int) -> tuple[int, int]:
                return (1, t) if t in high else (0, -t)

            best = max(strength(totals[p]) for p in tonks)
            top = [p for p in tonks if strength(totals[p]) == best]
            if len(top) == 1:
                _end(st, "dealt_tonk", top, _from_each(st, top[0], S2), totals)
            else:
                _end(st, "dealt_draw", [], [], totals)
        elif mode == "split" and len(tonks) < players:
            share = S2 / len(tonks)
            pays = [(q, p, share) for p in tonks for q in range(players) if q not in tonks]
            _end(st, "dealt_tonk", tonks, pays, totals)
        else:
            _end(st, "dealt_draw", [], [], totals)
    return st


def _end(
    st: OState,
    ending: str,
    winners: list[int],
    payments: list[tuple[int, int, Fraction]],
    totals: list[int] | None,
    knocker: int | None = None,
) -> None:
    net = [Fraction(0)] * st.players
    for payer, payee, amount in payments:
        net[payer] -= amount
        net[payee] += amount
    st.result = {
        "ending": ending,
        "winners": sorted(winners),
        "pairs": _pairs(payments),
        "net": net,
        "totals": totals,
        "knocker": knocker,
    }
    st.stage = "over"
    st.to_act = None


# ------------------------------------------------------------------------------ actions
def parse_action(action: object) -> dict[str, Any]:
    """Check an action's form (spec/schemas/action.json); raise malformed_action."""
    bad = OracleIllegal("malformed_action")
    if not isinstance(action, dict):
        raise bad
    kind = action.get("type")
    fields = {
        "knock": ({"type"}, {"type", "discard"}),
        "draw": ({"type", "from"}, {"type", "from"}),
        "discard": ({"type", "card"}, {"type", "card"}),
        "spread": ({"type", "cards"}, {"type", "cards"}),
        "hit": ({"type", "card", "spread"}, {"type", "card", "spread"}),
    }
    if kind not in fields:
        raise bad
    need, allowed = fields[kind]
    if not need <= set(action) <= allowed:
        raise bad
    if kind == "knock" and "discard" in action and not is_card(action["discard"]):
        raise bad
    if kind == "draw" and action["from"] not in ("stock", "discard"):
        raise bad
    if kind in ("discard", "hit") and not is_card(action["card"]):
        raise bad
    if kind == "spread" and not (isinstance(action["cards"], list) and all(is_card(c) for c in action["cards"])):
        raise bad
    if kind == "hit" and (type(action["spread"]) is not int):
        raise bad
    return action


def check(st: OState, seat: int, action: object) -> str | None:
    """The reason the action is illegal, or None if it is legal."""
    try:
        apply(st, seat, action)
    except OracleIllegal as e:
        return e.reason
    return None


def apply(st: OState, seat: int, action: object) -> OState:
    """The state after the action (a new object); raise OracleIllegal if it is illegal."""
    a = parse_action(action)
    if st.stage == "over":
        raise OracleIllegal("hand_over")  # TURN-10
    new = _clone(st)
    if seat != st.to_act:
        if a == {"type": "draw", "from": "discard"} and may_eat(st, seat):
            new.to_act = seat  # VAR-EAT-1: the eater plays the turn; the seats between lose theirs
            _draw(new, seat, "discard")
            return new
        raise OracleIllegal("not_your_turn")  # TURN-10
    kind = a["type"]
    if kind == "draw":
        _draw(new, seat, a["from"])
    elif kind == "knock":
        _knock(new, seat, a.get("discard"))
    elif kind == "discard":
        _discard(new, seat, a["card"])
    elif kind == "spread":
        _spread(new, seat, list(a["cards"]))
    else:
        _hit(new, seat, a["card"], a["spread"])
    return new


def _clone(st: OState) -> OState:
    new = copy.copy(st)
    new.hands = [list(h) for h in st.hands]
    new.spreads = [dict(sp, cards=list(sp["cards"])) for sp in st.spreads]
    new.stock = list(st.stock)
    new.pile = list(st.pile)
    new.locks = list(st.locks)
    new.waits = list(st.waits)
    return new


def may_eat(st: OState, seat: int) -> bool:
    """VAR-EAT-1: under eating, a seat other than the one to act and the one who just
    discarded may take that discard before the player to act acts; not the upcard, which
    nobody discarded; under must_use_taken only a card it can use at once."""
    me = st.to_act
    if not st.rules["eating"] or me is None or st.stage != "start" or not st.pile or st.turn == 0:
        return False
    if st.knocker is not None:  # nobody eats during the last turns after a knock
        return False
    if not 0 <= seat < st.players or seat in (me, (me - 1) % st.players):
        return False
    return usable_at_once(st, seat, st.pile[-1])


def usable_at_once(st: OState, seat: int, card: str) -> bool:
    """VAR-MUSTUSE-1: the card can be used at once, in a new spread with cards from the
    hand, or in a hit the ruleset allows on a spread on the table."""
    if not st.rules["must_use_taken"]:
        return True
    r = st.r
    for sp in st.spreads:
        if st.rules["hit_targets"] == "runs" and sp["kind"] != "run":
            continue
        if fits(sp, card, r) is not None:
            return True
    return any(card in sp for sp in spreads_within([*st.hands[seat], card], r))


def _first_round(st: OState) -> bool:
    """TURN-4 with first_turn_knock = false: nobody knocks in the first round of turns."""
    return st.turn < st.players


def _draw(st: OState, seat: int, source: str) -> None:
    if st.stage != "start":
        raise OracleIllegal("already_drawn")  # TURN-6
    if source == "discard":
        if not st.pile:
            raise OracleIllegal("discard_pile_empty")  # TURN-9, VAR-NOUP-1
        if not usable_at_once(st, seat, st.pile[-1]):
            raise OracleIllegal("must_use_taken")  # VAR-MUSTUSE-1
        card = st.pile.pop()
        st.hands[seat] = sort_cards([*st.hands[seat], card])
        st.taken = card
        st.stage = "drawn"
        return
    if not st.stock:
        mode = st.rules["empty_stock"]  # STOCK-2, STOCK-3
        if mode == "reshuffle" and len(st.pile) > 1:
            top = st.pile[-1]
            st.stock = list(st.pile[:-1])  # turned over: the bottom card becomes the top
            st.pile = [top]
        else:
            _settle_stock_out(st, dead=(mode == "dead"))
            return
    card = st.stock.pop(0)
    st.hands[seat] = sort_cards([*st.hands[seat], card])
    st.stage = "drawn"


def _may_discard(st: OState, seat: int, card: str) -> bool:
    """TURN-7: the taken card may not be discarded in the same turn (option discard_taken
    allows it; option discard_taken_last allows it as the last card held)."""
    if card != st.taken or st.rules["discard_taken"]:
        return True
    return bool(st.rules["discard_taken_last"]) and st.hands[seat] == [card]


def _knock(st: OState, seat: int, discard: str | None) -> None:
    if st.knocker is not None:
        raise OracleIllegal("knock_timing")  # PAY-KNOCK-1: no knock in a last turn after a knock
    timing = st.rules["knock_timing"]
    if st.stage == "start":
        if timing == "after_draw":
            raise OracleIllegal("knock_timing")  # TURN-3
        if discard is not None:
            raise OracleIllegal("knock_discard")
        kept = list(st.hands[seat])
    else:
        if timing == "start":
            raise OracleIllegal("knock_timing")  # TURN-3
        if discard is None:
            raise OracleIllegal("knock_discard")
        if discard not in st.hands[seat]:
            raise OracleIllegal("not_in_hand")  # TURN-11
        if st.pending_taken():
            raise OracleIllegal("must_use_taken")  # VAR-MUSTUSE-1
        if not _may_discard(st, seat, discard):
            raise OracleIllegal("taken_card")  # TURN-7
        kept = [c for c in st.hands[seat] if c != discard]
    if not st.rules["first_turn_knock"] and _first_round(st):
        raise OracleIllegal("first_turn_knock")  # TURN-4
    if st.locks[seat] > 0:
        raise OracleIllegal("hit_lock")  # VAR-HITLOCK-1
    if st.waits[seat] > 0:
        raise OracleIllegal("knock_wait")  # VAR-KNOCKWAIT-1
    limit = st.rules["knock_limit"]
    if limit is not None and count(kept, st.r) > limit:
        raise OracleIllegal("knock_limit")  # VAR-KNOCKLIMIT-1
    if st.rules["forced_spreads"] and holds_forced_spread(kept, st.r):
        raise OracleIllegal("forced_spread")  # VAR-FORCED-2
    if discard is not None and must_lay_first(st, seat):
        raise OracleIllegal("forced_spread")  # VAR-FORCED-1, forced_spreads_timing = at_once
    if discard is not None:
        st.hands[seat] = kept
        st.pile.append(discard)
        if not kept:
            # OUT-2 has no exception: a discard that leaves no card in hand goes out.
            _end(st, "out_by_discard", [seat], _from_each(st, seat, Fraction(st.stake)), None)
            return
    if st.rules["after_knock"] == "one_turn_each":
        # the knocker's turn ends, then each other player plays one more (PAY-KNOCK-1); a turn
        # limit does not cut these turns short
        st.knocker = seat
        st.last = st.players
        _end_turn(st, seat)
        return
    _settle_knock(st, seat)


def _discard(st: OState, seat: int, card: str) -> None:
    if st.stage != "drawn":
        raise OracleIllegal("must_draw_first")  # TURN-6
    if card not in st.hands[seat]:
        raise OracleIllegal("not_in_hand")  # TURN-11
    if st.pending_taken():
        raise OracleIllegal("must_use_taken")  # VAR-MUSTUSE-1
    if not _may_discard(st, seat, card):
        raise OracleIllegal("taken_card")  # TURN-7
    kept = [c for c in st.hands[seat] if c != card]
    if st.rules["forced_spreads"] and holds_forced_spread(kept, st.r):
        raise OracleIllegal("forced_spread")  # VAR-FORCED-1
    if must_lay_first(st, seat):
        raise OracleIllegal("forced_spread")  # VAR-FORCED-1, forced_spreads_timing = at_once
    st.hands[seat] = kept
    st.pile.append(card)
    if not kept and st.knocker is None:  # OUT-2, PAY-OUT-2
        _end(st, "out_by_discard", [seat], _from_each(st, seat, Fraction(st.stake)), None)
        return
    _end_turn(st, seat)


def _end_turn(st: OState, seat: int) -> None:
    """The turn ends: the house rules' knock counters go down by one (VAR-HITLOCK-1,
    VAR-KNOCKWAIT-1) and the next seat is to act (TURN-1); the end of the last of the
    last turns after a knock settles the knock (PAY-KNOCK-1)."""
    st.locks[seat] = max(0, st.locks[seat] - 1)
    st.waits[seat] = max(0, st.waits[seat] - 1)
    st.to_act = (seat + 1) % st.players  # TURN-1
    st.stage = "start"
    st.turn += 1
    st.taken = None
    st.hits = 0
    st.laid = False
    if st.knocker is not None:
        st.last -= 1
        if st.last == 0:
            _settle_knock(st, st.knocker)
    elif st.rules["turn_limit"] is not None and st.turn >= st.rules["turn_limit"]:
        # STOCK-1: the turn limit ends the hand, settled as at the empty stock or dead
        _settle_stock_out(st, dead=st.rules["turn_limit_end"] == "dead", ending="turn_limit")


def must_lay_first(st: OState, seat: int) -> bool:
    """VAR-FORCED-1 under forced_spreads_timing = at_once: the hand (before the discard)
    holds a spread it could lay now, other than exactly three natural aces; one whose laying
    would leave only the card taken from the pile (TURN-8) cannot be laid, so does not count."""
    if not (st.rules["forced_spreads"] and st.rules["forced_spreads_timing"] == "at_once"):
        return False
    hand = st.hands[seat]
    for sp in spreads_within(hand, st.r):
        if len(sp) == 3 and all(c in ("Ac", "Ad", "Ah", "As") for c in sp):
            continue
        if not _leaves_only_taken(st, [c for c in hand if c not in sp]):
            return True
    return False


def _leaves_only_taken(st: OState, rest: list[str]) -> bool:
    """TURN-8 (D22), unless the taken card could then be discarded."""
    if st.rules["discard_taken"] or st.rules["discard_taken_last"]:
        return False
    return st.taken is not None and rest == [st.taken]


def _spread(st: OState, seat: int, cards: list[str]) -> None:
    if st.stage != "drawn":
        raise OracleIllegal("must_draw_first")  # SPREAD-4
    seen: set[str] = set()
    for c in cards:
        if c not in st.hands[seat]:
            raise OracleIllegal("not_in_hand")  # TURN-11
        if c in seen:
            raise OracleIllegal("duplicate_card")  # TURN-11
        seen.add(c)
    read = read_spread(cards, st.r)
    if read is None:
        raise OracleIllegal("not_a_spread")  # SPREAD-1..3, VAR-WILD-1
    if st.pending_taken() and st.taken not in seen:
        raise OracleIllegal("must_use_taken")  # VAR-MUSTUSE-1
    rest = [c for c in st.hands[seat] if c not in seen]
    if _leaves_only_taken(st, rest):
        raise OracleIllegal("last_card_taken")
    st.hands[seat] = rest
    st.spreads.append({**read, "owner": seat, "cards": list(cards)})
    st.laid = True
    wait = st.rules["spread_knock_wait"]
    if wait:
        st.waits[seat] = wait + 1  # this turn and the next N (VAR-KNOCKWAIT-1)
    if not rest:
        _out_of_cards(st, seat)


def _hit(st: OState, seat: int, card: str, index: int) -> None:
    if st.stage != "drawn":
        raise OracleIllegal("must_draw_first")  # HIT-2
    if card not in st.hands[seat]:
        raise OracleIllegal("not_in_hand")  # TURN-11
    if not 0 <= index < len(st.spreads):
        raise OracleIllegal("no_such_spread")
    target = st.spreads[index]
    if st.rules["hit_targets"] == "runs" and target["kind"] != "run":
        raise OracleIllegal("hit_target")  # HIT-1
    if st.rules["hits_per_turn"] == "one" and st.hits >= 1:
        raise OracleIllegal("hit_limit")  # HIT-4
    grown = fits(target, card, st.r)
    if grown is None:
        raise OracleIllegal("hit_does_not_fit")  # HIT-3, VAR-WILD-2
    if st.pending_taken() and card != st.taken:
        raise OracleIllegal("must_use_taken")  # VAR-MUSTUSE-1
    rest = [c for c in st.hands[seat] if c != card]
    if _leaves_only_taken(st, rest):
        raise OracleIllegal("last_card_taken")
    st.hands[seat] = rest
    st.spreads[index] = grown
    st.hits += 1
    if target["owner"] != seat:
        st.locks[target["owner"]] += st.rules["hit_lock"]  # VAR-HITLOCK-1
    if not rest:
        _out_of_cards(st, seat)


# ------------------------------------------------------------------------------ payments
def _from_each(st: OState, winner: int, amount: Fraction) -> list[tuple[int, int, Fraction]]:
    return [(p, winner, amount) for p in range(st.players) if p != winner]


def _out_of_cards(st: OState, seat: int) -> None:
    """Every card laid or hit: a tonk out (OUT-1), or, in a last turn after a knock, the
    end of that turn with nothing left to count (PAY-KNOCK-1)."""
    if st.knocker is not None:
        _end_turn(st, seat)
    else:
        _settle_tonk_out(st, seat)


def _settle_tonk_out(st: OState, seat: int) -> None:
    """OUT-1, PAY-OUT-1, VAR-NEWSPREAD-1."""
    double = st.rules["tonk_out_double"] == "always" or st.laid
    amount = Fraction(2 * st.stake if double else st.stake)
    _end(st, "tonk_out", [seat], _from_each(st, seat, amount), None)


def _settle_knock(st: OState, knocker: int) -> None:
    """PAY-KNOCK-1..3, PAY-CAUGHT-1..3 with option caught_payment, VAR-LOWKNOCK-1."""
    n = st.players
    S = Fraction(st.stake)
    totals = [st.total(p) for p in range(n)]
    others = [p for p in range(n) if p != knocker]
    low = min(totals[p] for p in others)
    mine = totals[knocker]
    if mine < low or (mine == low and st.rules["knock_tie"] == "knocker_wins"):
        bonus = st.rules["low_knock_bonus"]
        amount = 2 * S if bonus is not None and mine <= bonus else S
        _end(st, "knock_won", [knocker], [(p, knocker, amount) for p in others], totals, knocker)
        return
    lowest = [p for p in others if totals[p] == low]
    not_tied = [p for p in range(n) if p not in lowest]
    scheme = st.rules["caught_payment"]
    pays: list[tuple[int, int, Fraction]] = []
    if scheme in ("seed", "non_knockers", "doubles_only"):
        # PAY-CAUGHT-1: 2S to every other player with an equal or lower total
        pays += [(knocker, p, 2 * S) for p in others if totals[p] <= mine]
    if scheme in ("double_lowest_others_single", "double_lowest_only"):
        pays += [(knocker, p, 2 * S) for p in lowest]
    if scheme == "seed":
        # PAY-CAUGHT-2/3: the lowest also receives S from every player not tied with it
        pays += [(q, p, S) for p in lowest for q in not_tied]
    if scheme in ("non_knockers", "double_lowest_others_single"):
        pays += [(q, p, S) for p in lowest for q in not_tied if q != knocker]
    if scheme == "per_player":
        pays += [(knocker, p, S * n) for p in lowest]
    _end(st, "knock_caught", lowest, pays, totals, knocker)


def _settle_stock_out(st: OState, dead: bool, ending: str = "stock_out") -> None:
    """STOCK-2, STOCK-3, PAY-STOCK-1, PAY-STOCK-2 with options empty_stock and stock_tie
    (and STOCK-1's turn limit, ending turn_limit, settled the same way)."""
    n = st.players
    S = Fraction(st.stake)
    totals = [st.total(p) for p in range(n)]
    if dead:
        _end(st, ending, [], [], totals)
        return
    low = min(totals)
    lowest = [p for p in range(n) if totals[p] == low]
    not_tied = [p for p in range(n) if p not in lowest]
    if len(lowest) == 1:
        _end(st, ending, lowest, [(q, lowest[0], S) for q in not_tied], totals)
        return
    tie = st.rules["stock_tie"]
    if tie == "dead":
        _end(st, ending, [], [], totals)
    elif tie == "split":
        share = S / len(lowest)
        _end(st, ending, lowest, [(q, p, share) for p in lowest for q in not_tied], totals)
    else:
        _end(st, ending, lowest, [(q, p, S) for p in lowest for q in not_tied], totals)


# ------------------------------------------------------------------------------ enumeration
def candidate_actions(st: OState, seat: int, extra_cards: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Every well-formed action built from the seat's hand: knocks (with and without a
    discard), both draws, every discard, every hit on every spread (and one index past
    the end), and a spread of every subset of the hand (any size, in code order).
    ``extra_cards`` adds discards, knocks and hits of cards the seat does not hold."""
    hand = st.hands[seat]
    cards = [*hand, *[c for c in extra_cards if c not in hand]]
    out: list[dict[str, Any]] = [
        {"type": "knock"},
        {"type": "draw", "from": "stock"},
        {"type": "draw", "from": "discard"},
    ]
    for c in cards:
        out.append({"type": "knock", "discard": c})
        out.append({"type": "discard", "card": c})
        for i in range(len(st.spreads) + 1):
            out.append({"type": "hit", "card": c, "spread": i})
    for size in range(len(hand) + 1):
        for combo in combinations(hand, size):
            out.append({"type": "spread", "cards": list(combo)})
    return out


def legal_actions(st: OState) -> list[dict[str, Any]]:
    if st.stage == "over" or st.to_act is None:
        return []
    seat = st.to_act
    return [a for a in candidate_actions(st, seat) if check(st, seat, a) is None]


def action_key(action: dict[str, Any]) -> str:
    """A canonical text for an action (spread cards sorted) to compare sets of actions."""
    kind = action["type"]
    if kind == "spread":
        return "spread " + " ".join(sort_cards(list(action["cards"])))
    if kind == "draw":
        return f"draw {action['from']}"
    if kind == "hit":
        return f"hit {action['card']} {action['spread']}"
    if kind == "discard":
        return f"discard {action['card']}"
    return "knock" if "discard" not in action else f"knock {action['discard']}"


def perft(st: OState, depth: int) -> int:
    """Legal action sequences of exactly ``depth`` actions (a hand that ends sooner
    contributes nothing; perft 0 is 1)."""
    if depth == 0:
        return 1
    legal = legal_actions(st)
    if depth == 1:
        return len(legal)
    assert st.to_act is not None or not legal
    return sum(perft(apply(st, st.to_act, a), depth - 1) for a in legal if st.to_act is not None)
