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
from itertools import combinations, pairwise
from typing import Any

RANKS = "A23456789TJQK"
SUITS = "cdhs"
ALL_CARDS = [r + s for s in SUITS for r in RANKS]
JOKERS = ["X1", "X2"]  # named by CARD-2 for option jokers, which the oracle does not model

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
    "first_dealer": "high",
    "next_dealer": "left",
    "dealer_after_draw": "next",
    "dealt_tonk": "49_50",
    "max_players": 3,
}


class OracleIllegal(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# ------------------------------------------------------------------------------ cards
def is_card(text: object) -> bool:
    return isinstance(text, str) and (text in JOKERS or (len(text) == 2 and text[0] in RANKS and text[1] in SUITS))


def rank(card: str) -> int:
    """1 for an ace .. 13 for a king."""
    return RANKS.index(card[0]) + 1


def suit(card: str) -> str:
    return card[1]


def value(card: str) -> int:
    """CARD-3: an ace counts 1, two to ten their number, J Q K count 10."""
    return min(rank(card), 10)


def sort_cards(cards: list[str]) -> list[str]:
    order = ALL_CARDS + JOKERS
    return sorted(cards, key=order.index)


# ------------------------------------------------------------------------------ spreads
def is_book(cards: list[str]) -> bool:
    """SPREAD-2: three or four cards of one rank."""
    return len(cards) in (3, 4) and len(set(cards)) == len(cards) and len({rank(c) for c in cards}) == 1


def _consecutive(numbers: list[int]) -> bool:
    numbers = sorted(numbers)
    return all(b == a + 1 for a, b in pairwise(numbers))


def is_run(cards: list[str], ace_high: bool) -> bool:
    """SPREAD-3: three or more cards of one suit in sequence; the ace is low, or (option
    ``ace = low_or_high``) may also follow the king; a run never turns the corner."""
    if len(cards) < 3 or len(set(cards)) != len(cards) or len({suit(c) for c in cards}) != 1:
        return False
    low = [rank(c) for c in cards]
    if _consecutive(low):
        return True
    if ace_high and 1 in low:
        high = [14 if r == 1 else r for r in low]
        return _consecutive(high)
    return False


def spread_kind(cards: list[str], ace_high: bool) -> str | None:
    if is_book(cards):
        return "book"
    if is_run(cards, ace_high):
        return "run"
    return None


def spreads_within(hand: list[str], ace_high: bool) -> list[list[str]]:
    """Every subset of the hand that is a spread."""
    out = []
    for size in range(3, len(hand) + 1):
        for combo in combinations(hand, size):
            if spread_kind(list(combo), ace_high):
                out.append(list(combo))
    return out


def holds_forced_spread(hand: list[str], ace_high: bool) -> bool:
    """VAR-FORCED-1: a spread other than a book of exactly three aces."""
    for sp in spreads_within(hand, ace_high):
        three_aces = len(sp) == 3 and all(rank(c) == 1 for c in sp)
        if not three_aces:
            return True
    return False


def deadwood(hand: list[str], ace_high: bool) -> int:
    """The total of the cards not covered by the best choice of disjoint spreads."""
    spreads = spreads_within(hand, ace_high)
    best = 0

    def search(start: int, used: set[str], covered: int) -> None:
        nonlocal best
        best = max(best, covered)
        for i in range(start, len(spreads)):
            sp = spreads[i]
            if used.isdisjoint(sp):
                search(i + 1, used | set(sp), covered + sum(value(c) for c in sp))

    search(0, set(), 0)
    return sum(value(c) for c in hand) - best


# ------------------------------------------------------------------------------ state
@dataclass
class OState:
    rules: dict[str, Any]
    players: int
    dealer: int
    stake: int
    hands: list[list[str]]
    spreads: list[dict[str, Any]]  # {owner, kind, cards (order laid)}
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

    @property
    def ace_high(self) -> bool:
        return bool(self.rules["ace"] == "low_or_high")

    def total(self, seat: int) -> int:
        """CARD-4 (and option count_held_spreads)."""
        hand = self.hands[seat]
        if self.rules["count_held_spreads"]:
            return sum(value(c) for c in hand)
        return deadwood(hand, self.ace_high)

    # --- to and from the engine's JSON -------------------------------------------
    @classmethod
    def from_json(cls, s: dict[str, Any]) -> OState:
        res = s["result"]
        return cls(
            rules={**DEFAULT_RULES, **s["ruleset"]},
            players=s["players"],
            dealer=s["dealer"],
            stake=s["stake"],
            hands=[sort_cards(list(h)) for h in s["hands"]],
            spreads=[{"owner": sp["owner"], "kind": sp["kind"], "cards": list(sp["cards"])} for sp in s["spreads"]],
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
        )

    def comparable(self) -> dict[str, Any]:
        """The state in a form to compare with :func:`comparable_engine_state`."""
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
    """DEAL-1..3 and DEALT-1..3."""
    rules = {**DEFAULT_RULES, **rules}
    hands: list[list[str]] = [[] for _ in range(players)]
    for i in range(5 * players):  # one at a time, starting at the dealer's left
        hands[(dealer + 1 + i) % players].append(deck[i])
    rest = list(deck[5 * players :])
    pile: list[str] = []
    if rules["upcard"]:
        pile.append(rest.pop(0))
    st = OState(
        rules=rules,
        players=players,
        dealer=dealer,
        stake=stake,
        hands=[sort_cards(h) for h in hands],
        spreads=[],
        stock=rest,
        pile=pile,
        to_act=(dealer + 1) % players,
        stage="start",
        dealt=[sort_cards(h) for h in hands],
    )
    wanted = {"49_50": {49, 50}, "50": {50}, "none": set()}[rules["dealt_tonk"]]
    totals = [sum(value(c) for c in h) for h in hands]
    tonks = [p for p in range(players) if totals[p] in wanted]
    if len(tonks) == 1:
        pays = [(p, tonks[0], Fraction(2 * stake)) for p in range(players) if p != tonks[0]]
        _end(st, "dealt_tonk", tonks, pays, totals)
    elif len(tonks) > 1:
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
    if seat != st.to_act:
        raise OracleIllegal("not_your_turn")  # TURN-10
    new = _clone(st)
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
    return new


def _first_round(st: OState) -> bool:
    """TURN-4 with first_turn_knock = false: nobody knocks in the first round of turns."""
    return st.turn < st.players


def _draw(st: OState, seat: int, source: str) -> None:
    if st.stage != "start":
        raise OracleIllegal("already_drawn")  # TURN-6
    if source == "discard":
        if not st.pile:
            raise OracleIllegal("discard_pile_empty")  # TURN-9, VAR-NOUP-1
        card = st.pile.pop()
        st.hands[seat] = sort_cards([*st.hands[seat], card])
        st.taken = card
        st.stage = "drawn"
        return
    if not st.stock:
        mode = st.rules["empty_stock"]  # STOCK-2
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
    timing = st.rules["knock_timing"]
    forced = st.rules["forced_spreads"]
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
        if not _may_discard(st, seat, discard):
            raise OracleIllegal("taken_card")  # TURN-7
        kept = [c for c in st.hands[seat] if c != discard]
    if not st.rules["first_turn_knock"] and _first_round(st):
        raise OracleIllegal("first_turn_knock")  # TURN-4
    if forced and holds_forced_spread(kept, st.ace_high):
        raise OracleIllegal("forced_spread")  # VAR-FORCED-2
    if discard is not None:
        st.hands[seat] = kept
        st.pile.append(discard)
        if not kept:
            # OUT-2 has no exception: a discard that leaves no card in hand goes out.
            _end(st, "out_by_discard", [seat], _from_each(st, seat, Fraction(st.stake)), None)
            return
    _settle_knock(st, seat)


def _discard(st: OState, seat: int, card: str) -> None:
    if st.stage != "drawn":
        raise OracleIllegal("must_draw_first")  # TURN-6
    if card not in st.hands[seat]:
        raise OracleIllegal("not_in_hand")  # TURN-11
    if not _may_discard(st, seat, card):
        raise OracleIllegal("taken_card")  # TURN-7
    kept = [c for c in st.hands[seat] if c != card]
    if st.rules["forced_spreads"] and holds_forced_spread(kept, st.ace_high):
        raise OracleIllegal("forced_spread")  # VAR-FORCED-1
    st.hands[seat] = kept
    st.pile.append(card)
    if not kept:  # OUT-2, PAY-OUT-2
        _end(st, "out_by_discard", [seat], _from_each(st, seat, Fraction(st.stake)), None)
        return
    st.to_act = (seat + 1) % st.players  # TURN-1
    st.stage = "start"
    st.turn += 1
    st.taken = None
    st.hits = 0
    st.laid = False


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
    kind = spread_kind(cards, st.ace_high)
    if kind is None:
        raise OracleIllegal("not_a_spread")  # SPREAD-1..3
    rest = [c for c in st.hands[seat] if c not in seen]
    if _leaves_only_taken(st, rest):
        raise OracleIllegal("last_card_taken")
    st.hands[seat] = rest
    st.spreads.append({"owner": seat, "kind": kind, "cards": list(cards)})
    st.laid = True
    if not rest:
        _settle_tonk_out(st, seat)


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
    grown = [*target["cards"], card]
    if spread_kind(grown, st.ace_high) != target["kind"]:
        raise OracleIllegal("hit_does_not_fit")  # HIT-3
    rest = [c for c in st.hands[seat] if c != card]
    if _leaves_only_taken(st, rest):
        raise OracleIllegal("last_card_taken")
    st.hands[seat] = rest
    target["cards"] = grown
    st.hits += 1
    if not rest:
        _settle_tonk_out(st, seat)


# ------------------------------------------------------------------------------ payments
def _from_each(st: OState, winner: int, amount: Fraction) -> list[tuple[int, int, Fraction]]:
    return [(p, winner, amount) for p in range(st.players) if p != winner]


def _settle_tonk_out(st: OState, seat: int) -> None:
    """OUT-1, PAY-OUT-1, VAR-NEWSPREAD-1."""
    double = st.rules["tonk_out_double"] == "always" or st.laid
    amount = Fraction(2 * st.stake if double else st.stake)
    _end(st, "tonk_out", [seat], [(p, seat, amount) for p in range(st.players) if p != seat], None)


def _settle_knock(st: OState, knocker: int) -> None:
    """PAY-KNOCK-1..3 and PAY-CAUGHT-1..3 with option caught_payment."""
    n = st.players
    S = Fraction(st.stake)
    totals = [st.total(p) for p in range(n)]
    others = [p for p in range(n) if p != knocker]
    low = min(totals[p] for p in others)
    mine = totals[knocker]
    if mine < low or (mine == low and st.rules["knock_tie"] == "knocker_wins"):
        _end(st, "knock_won", [knocker], [(p, knocker, S) for p in others], totals, knocker)
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


def _settle_stock_out(st: OState, dead: bool) -> None:
    """STOCK-2, PAY-STOCK-1, PAY-STOCK-2 with options empty_stock and stock_tie."""
    n = st.players
    S = Fraction(st.stake)
    totals = [st.total(p) for p in range(n)]
    if dead:
        _end(st, "stock_out", [], [], totals)
        return
    low = min(totals)
    lowest = [p for p in range(n) if totals[p] == low]
    not_tied = [p for p in range(n) if p not in lowest]
    if len(lowest) == 1:
        _end(st, "stock_out", lowest, [(q, lowest[0], S) for q in not_tied], totals)
        return
    tie = st.rules["stock_tie"]
    if tie == "dead":
        _end(st, "stock_out", [], [], totals)
    elif tie == "split":
        share = S / len(lowest)
        _end(st, "stock_out", lowest, [(q, p, share) for p in lowest for q in not_tied], totals)
    else:
        _end(st, "stock_out", lowest, [(q, p, S) for p in lowest for q in not_tied], totals)


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
