"""The tests' independent oracle: the scenario generators' model of a hand
(``tonk_model``), which shares no code with ``tonk_ref`` and is written from
the rules text (spec/rules.yaml, spec/tonk.md, the option descriptions of
spec/ruleset.schema.json and the rules brief), and here the glue that reads an engine's
state JSON (``serialize.state_to_json``) into the model's form.  The JSON is the only
contact between the two: one independent model serves both the generators and the tests.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tonk_model import *  # noqa: F403  (the oracle is the model)
from tonk_model import DEFAULTS, Payment, Result, Spread, State, read_spread, sort_cards
from tonk_model import Shape as _Shape
from tonk_model.settle import result


def from_json(s: dict[str, Any]) -> State:
    """A state from the engine's JSON, to enumerate candidate actions from it.  Not for
    judging them: a run's ends are re-read from its cards, and the counters of the
    house rules are not carried over."""
    res = s["result"]
    st = State(
        rules={**DEFAULTS, **s["ruleset"]},
        players=s["players"],
        dealer=s["dealer"],
        stake=s["stake"],
        hands=[sort_cards(list(h)) for h in s["hands"]],
        spreads=[],
        stock=list(s["stock"]),
        pile=list(s["discard_pile"]),
        to_act=s["to_act"],
        stage=s["stage"],
        turn=s["turn"],
        taken=s["taken"],
        hits=s["hits_this_turn"],
        laid=s["spread_this_turn"],
        laid_now=1 if s["spread_this_turn"] else 0,
        dealt=[sort_cards(list(h)) for h in s["dealt"]],
        knocker=s.get("knocker"),
        last=s.get("last_turns", 0),
    )
    for sp in s["spreads"]:
        shape = read_spread(list(sp["cards"]), st.r) or _Shape(sp["kind"])
        st.spreads.append(Spread(sp["owner"], list(sp["cards"]), shape))
    if res is not None:
        pays = [Payment(p["payer"], p["payee"], Fraction(p["amount"]), p.get("rule", "")) for p in res["payments"]]
        st.result = result(res["ending"], st.players, res["winners"], pays, res.get("totals"), res.get("knocker"))
    return st


def comparable(st: State) -> dict[str, Any]:
    """The state in a form to compare with :func:`comparable_engine_state` (the house
    rules' counters are compared through their effect on legality, not as numbers)."""
    return {
        "players": st.players,
        "dealer": st.dealer,
        "stake": st.stake,
        "hands": [sort_cards(h) for h in st.hands],
        "spreads": [(sp.owner, sp.kind, sort_cards(sp.cards)) for sp in st.spreads],
        "stock": list(st.stock),
        "pile": list(st.pile),
        "discard_top": st.pile[-1] if st.pile else None,
        "discard_count": len(st.pile),
        "stock_count": len(st.stock),
        "to_act": st.to_act,
        "stage": st.stage,
        "turn": st.turn,
        "taken": st.taken,
        "hits": st.hits,
        "laid": st.laid,
        "result": None if st.result is None else result_form(st.result),
    }


def result_form(r: Result) -> dict[str, Any]:
    """A model result in the form :func:`result_from_engine` gives."""
    return {
        "ending": r.ending,
        "winners": list(r.winners),
        "pairs": r.pairs,
        "net": list(r.net),
        "totals": r.totals,
        "knocker": r.knocker,
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
    pairs: dict[tuple[int, int], Fraction] = {}
    for p in r["payments"]:
        key = (p["payer"], p["payee"])
        pairs[key] = pairs.get(key, Fraction(0)) + Fraction(p["amount"])
    return {
        "ending": r["ending"],
        "winners": sorted(r["winners"]),
        "pairs": {k: v for k, v in sorted(pairs.items()) if v != 0},
        "net": [Fraction(a) for a in r["net"]],
        "totals": None if r.get("totals") is None else list(r["totals"]),
        "knocker": r.get("knocker"),
    }
