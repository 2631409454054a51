"""The JSON form of cards, actions, rulesets, results, states and observations
(spec/protocol.md and the schemas under spec/schemas/).  Pure data in, pure data out."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from . import actions as A
from .actions import Action, IllegalAction
from .cards import _CODES, NAMES, RANKS, Card, CardError, cards_of, mask_of, names, parse_card
from .hand import OVER, STAGES, Hand
from .result import Amount, Payment, Result
from .ruleset import Ruleset
from .spreads import STANDARD, Geometry, Spread

JSON = dict[str, Any]


def amount_json(a: Amount) -> int | str:
    """An amount: an integer, or an exact fraction as the string ``"p/q"`` (rule STAKE-2)."""
    if isinstance(a, Fraction):
        return int(a) if a.denominator == 1 else f"{a.numerator}/{a.denominator}"
    return a


def amount_from_json(v: object) -> Amount:
    if isinstance(v, bool):
        raise ValueError(f"{v!r} is not an amount")
    if isinstance(v, int):
        return v
    if isinstance(v, str):
        from ..bounds import amount  # digits bounded, no zero denominator

        f = amount(v)
        return int(f) if f.denominator == 1 else f
    raise ValueError(f"{v!r} is not an amount: expected an integer or a fraction 'p/q'")


def action_to_json(a: Action) -> JSON:
    if a.type == A.DRAW:
        return {"type": "draw", "from": a.source}
    if a.type == A.DISCARD:
        return {"type": "discard", "card": NAMES[a.card]}
    if a.type == A.SPREAD:
        return {"type": "spread", "cards": names(a.cards)}
    if a.type == A.HIT:
        return {"type": "hit", "card": NAMES[a.card], "spread": a.spread}
    if a.type == A.DECLARE:
        return {"type": "declare"}
    return {"type": "knock"} if a.card < 0 else {"type": "knock", "discard": NAMES[a.card]}


_ACTION_KEYS = {
    "knock": ({"type"}, {"discard"}),
    "draw": ({"type", "from"}, set()),
    "discard": ({"type", "card"}, set()),
    "spread": ({"type", "cards"}, set()),
    "hit": ({"type", "card", "spread"}, set()),
    "declare": ({"type"}, set()),
}


def action_from_json(obj: object) -> Action:
    """Parse a JSON action; raise IllegalAction('malformed_action') on anything else."""
    # the two commonest actions, well formed, at once (every other case below)
    if type(obj) is dict and len(obj) == 2:
        kind = obj.get("type")
        if kind == "discard":
            card = obj.get("card")
            if type(card) is str and card in _CODES:
                return A.discard(_CODES[card])
        elif kind == "draw":
            source = obj.get("from")
            if source == "stock":
                return A.DRAW_STOCK
            if source == "discard":
                return A.DRAW_DISCARD
    try:
        return _action_from_json(obj)
    except CardError as e:
        raise IllegalAction("malformed_action", str(e), "CARD-2") from None


def _action_from_json(obj: object) -> Action:
    if not isinstance(obj, dict):
        raise IllegalAction("malformed_action", f"an action is an object, got {obj!r}")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in _ACTION_KEYS:
        raise IllegalAction("malformed_action", f"unknown action type {kind!r}; expected one of {sorted(_ACTION_KEYS)}")
    required, optional = _ACTION_KEYS[kind]
    keys = set(obj)
    if not required <= keys or not keys <= required | optional:
        raise IllegalAction(
            "malformed_action", f"a {kind} action has the fields {sorted(required | optional)}, got {sorted(keys)}"
        )
    if kind == "knock":
        return A.knock(parse_card(obj["discard"]) if "discard" in obj else None)
    if kind == "draw":
        src = obj["from"]
        if src not in ("stock", "discard"):
            raise IllegalAction("malformed_action", f"draw from {src!r}: expected 'stock' or 'discard'")
        return A.draw(src)
    if kind == "discard":
        return A.discard(parse_card(obj["card"]))
    if kind == "declare":
        return A.declare()
    if kind == "spread":
        cards = obj["cards"]
        if not isinstance(cards, list):
            raise IllegalAction("malformed_action", "a spread's cards are a list")
        return A.spread(tuple(parse_card(c) for c in cards))
    index = obj["spread"]
    if not isinstance(index, int) or isinstance(index, bool):
        raise IllegalAction("malformed_action", f"a hit's spread is an index, got {index!r}")
    return A.hit(parse_card(obj["card"]), index)


def payment_to_json(p: Payment) -> JSON:
    return {"payer": p.payer, "payee": p.payee, "amount": amount_json(p.amount), "rule": p.rule}


def result_to_json(r: Result | None) -> JSON | None:
    if r is None:
        return None
    out: JSON = {
        "ending": r.ending,
        "winners": list(r.winners),
        "payments": [payment_to_json(p) for p in r.payments],
        "net": [amount_json(a) for a in r.net],
    }
    if r.totals is not None:
        out["totals"] = list(r.totals)
    if r.knocker is not None:
        out["knocker"] = r.knocker
    return out


def result_from_json(obj: JSON | None) -> Result | None:
    if obj is None:
        return None
    pays = tuple(Payment(p["payer"], p["payee"], amount_from_json(p["amount"]), p["rule"]) for p in obj["payments"])
    totals = obj.get("totals")
    return Result(
        obj["ending"],
        tuple(obj["winners"]),
        pays,
        tuple(amount_from_json(a) for a in obj["net"]),
        None if totals is None else tuple(totals),
        obj.get("knocker"),
    )


def spread_to_json(s: Spread, g: Geometry = STANDARD) -> JSON:
    """A spread; a run holding a wild card also names the ranks at its ends (``low``,
    ``high``), which says where its wild cards stand (a reference extra: VAR-WILD-1/2)."""
    out: JSON = {"owner": s.owner, "kind": s.kind, "cards": names(s.cards)}
    if s.kind == "run" and s.mask & g.wild:
        out["low"] = _rank_at(s.lo, g)
        out["high"] = _rank_at(s.hi, g)
    return out


def _rank_at(position: int, g: Geometry) -> str:
    if position > g.top:
        return RANKS[0]  # the ace above the king
    return RANKS[g.pos.index(position)]


def _position_of(rank: str, g: Geometry, high: bool) -> int:
    r = RANKS.index(rank)
    if r == 0 and high:
        return g.top + 1
    return g.pos[r]


def _card_or_none(c: Card | None) -> str | None:
    return None if c is None else NAMES[c]


_NAME = NAMES.__getitem__


def _names_of(cards: Any) -> list[str]:
    return list(map(_NAME, cards))


def _table_to_json(h: Hand) -> JSON:
    """What every seat sees, in a state and in an observation alike: the spreads, the
    discard pile's top and size, the stock's size, who acts, the stage and the result."""
    pile = h._pile
    return {
        "spreads": [spread_to_json(s, h._c.geometry) for s in h._spreads] if h._spreads else [],
        "discard_top": None if pile is None else NAMES[pile[0]],
        "discard_count": h._pile_count,
        "stock_count": len(h._deck) - h._pos,
        "to_act": h.to_act,
        "stage": STAGES[h._stage],
        "result": None if h.result is None else result_to_json(h.result),
    }


def state_to_json(h: Hand) -> JSON:
    """The full state (protocol `state`): every field an engine must give, then the
    reference engine's optional extras (stock order, whole pile, turn counters)."""
    seats = range(h.players)
    out = {
        "players": h.players,
        "dealer": h.dealer,
        "stake": h.stake,
        "hands": [_names_of(cards_of(h._hands[s])) for s in seats],
        **_table_to_json(h),
        # BEGIN generated (to_json) from statefields.COUNTERS by scripts/sync_spec.py: edit COUNTERS
        "turn": h._turn,
        "taken": None if h._taken < 0 else NAMES[h._taken],
        "hits_this_turn": h._hits,
        "spread_this_turn": h._laid,
        # END generated
        "stock": _names_of(h._deck[h._pos:]),
        "discard_pile": _names_of(h.discard_pile()),
        "dealt": [_names_of(cards_of(h._dealt[s])) for s in seats],
        # BEGIN generated (extras) from statefields.COUNTERS by scripts/sync_spec.py: edit COUNTERS
        "knock_locks": list(h._locks),
        "knock_waits": list(h._waits),
        "must_use_taken": h._must_use,
        # END generated
        "ruleset": _changes(h.rules),
    }
    # BEGIN generated (omitted) from statefields.COUNTERS by scripts/sync_spec.py: edit COUNTERS
    if h.rules.after_knock != "show":
        out["knocker"] = None if h._knocker < 0 else h._knocker
        out["last_turns"] = h._last
    # END generated
    return out


def _changes(rules: Ruleset) -> JSON:
    """The ruleset as a state carries it: the options not at their defaults (a state of the
    seed rules carries ``{}``), which :func:`state_from_json` reads back."""
    return rules.changes()


def state_from_json(obj: JSON) -> Hand:
    """Rebuild a hand from :func:`state_to_json` output (the reference engine's extras
    included).  The record of events is not part of the state and starts empty."""
    from .hand import compiled

    rules = Ruleset.from_mapping(obj["ruleset"])
    h = Hand.__new__(Hand)
    h.rules = rules
    h.players = obj["players"]
    h.dealer = obj["dealer"]
    h.stake = obj["stake"]
    h.to_act = obj["to_act"]
    h.result = result_from_json(obj["result"])
    h._c = compiled(rules)
    h._deck = tuple(parse_card(c) for c in obj["stock"])
    h._pos = 0
    h._hands = [mask_of(parse_card(c) for c in cards) for cards in obj["hands"]]
    pile: Any = None
    for c in obj["discard_pile"]:
        pile = (parse_card(c), pile)
    h._pile = pile
    h._pile_count = len(obj["discard_pile"])
    from .spreads import make_spread

    spreads = []
    for s in obj["spreads"]:
        cards = tuple(parse_card(c) for c in s["cards"])
        g = h._c.geometry
        sp = make_spread(s["owner"], tuple(sorted(cards)), g)
        if sp is None:
            raise ValueError(f"spread {s['cards']} is not a book or a run")
        lo, hi = sp.lo, sp.hi
        if sp.kind == "run" and "low" in s and "high" in s:
            lo, hi = _position_of(s["low"], g, False), _position_of(s["high"], g, True)
        spreads.append(Spread(sp.owner, sp.kind, cards, sp.mask, sp.rank, sp.suit, lo, hi))
    h._spreads = tuple(spreads)
    h._stage = STAGES.index(obj["stage"])
    h.is_over = h._stage == OVER
    h._dealt = tuple(mask_of(parse_card(c) for c in cards) for cards in obj["dealt"])
    h._log = None
    # BEGIN generated (from_json) from statefields.COUNTERS by scripts/sync_spec.py: edit COUNTERS
    h._turn = int(obj.get("turn", 0))
    h._taken = _card_code(obj.get("taken"))
    h._hits = int(obj.get("hits_this_turn", 0))
    h._laid = bool(obj.get("spread_this_turn", False))
    h._locks = tuple(obj.get("knock_locks", (0,) * h.players))
    h._waits = tuple(obj.get("knock_waits", (0,) * h.players))
    h._must_use = bool(obj.get("must_use_taken", False))
    h._knocker = _seat(obj.get("knocker"))
    h._last = int(obj.get("last_turns", 0))
    # END generated
    return h


def _card_code(v: object) -> Card:
    """A card of the state, or none (-1): the engine's value of a ``card_or_none`` counter."""
    return -1 if v is None else parse_card(v)


def _seat(v: object) -> int:
    """A seat of the state, or none (-1): the engine's value of a ``seat_or_none`` counter."""
    return v if isinstance(v, int) and not isinstance(v, bool) else -1


#: Endings that show every hand to every player (rule OBS-3).
SHOWN_ENDINGS = (
    "dealt_tonk", "dealt_draw", "knock_won", "knock_caught", "stock_out", "turn_limit", "knock_tie", "special_hand",
)


def observation_to_json(h: Hand, seat: int) -> JSON:
    """What ``seat`` may see (rules OBS-1..3): its own hand, the other hands' sizes, the
    spreads, the discard top, the counts; every hand once the ending shows them."""
    shown = h.result is not None and h.result.ending in SHOWN_ENDINGS
    # under after_knock = one_turn_each the knocker's hand lies face up during the last turns (OBS-3)
    up = h.knocker
    hands: list[list[str] | None] = [names(h.hand(s)) if (s == seat or shown or s == up) else None
                                     for s in range(h.players)]
    return {
        "seat": seat,
        "players": h.players,
        "dealer": h.dealer,
        "stake": h.stake,
        "hand": names(h.hand(seat)),
        "hands": hands,
        "hand_sizes": [len(h.hand(s)) for s in range(h.players)],
        **_table_to_json(h),
    }


def ruleset_from_json(obj: object) -> Ruleset:
    if not isinstance(obj, dict):
        raise ValueError("a ruleset is an object of option values")
    return Ruleset.from_mapping(obj)
