"""The protocol's `match` feature methods over the reference engine (tonk_ref.engine.match).
Maps method name to a handler taking the params object and returning JSON data.

- ``cut {ruleset?, players, cards}`` -> ``{dealer, rounds: [[{seat, card}]]}``
- ``next_dealer {ruleset?, players, dealer, result}`` -> ``{dealer}``; ``result`` is a
  result object with at least ``ending`` and ``winners``
- ``join {ruleset?, players, dealer}`` -> ``{players, dealer, seat, seats}``; ``seats[old]``
  is the new seat of the player who sat at ``old``

Bad params raise ``Rejected("invalid_setup", message)``; a ruleset the engine does not
know raises ``Rejected("unsupported_option", message)``, as ``new_hand`` does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import match
from ..engine.cards import NAMES, CardError, parse_card
from ..engine.result import ENDINGS, Ending, Result
from ..engine.ruleset import DEFAULT, Ruleset, RulesetError
from .base import JSON, Rejected


def _rules(params: JSON) -> Ruleset:
    ruleset = params.get("ruleset", {})
    if not isinstance(ruleset, dict):
        raise Rejected("invalid_setup", f"ruleset must be an object of option values, got {ruleset!r}")
    try:
        return Ruleset.from_mapping(ruleset) if ruleset else DEFAULT
    except RulesetError as e:
        raise Rejected("unsupported_option", str(e)) from None


def _int(params: JSON, key: str) -> int:
    if key not in params:
        raise Rejected("invalid_setup", f"missing parameter {key!r}")
    v = params[key]
    if not isinstance(v, int) or isinstance(v, bool):
        raise Rejected("invalid_setup", f"{key} must be an integer, got {v!r}")
    return v


def _check_params(params: object) -> JSON:
    if not isinstance(params, dict):
        raise Rejected("invalid_setup", f"params must be an object, got {params!r}")
    return params


def cut(params: JSON) -> JSON:
    params = _check_params(params)
    rules = _rules(params)
    players = _int(params, "players")
    cards_json = params.get("cards")
    if not isinstance(cards_json, list):
        raise Rejected("invalid_setup", f"cards must be a list of cards, top first, got {cards_json!r}")
    try:
        cards = [parse_card(c) for c in cards_json]
        result = match.cut(players, cards, rules)
    except (CardError, match.MatchError) as e:
        raise Rejected("invalid_setup", str(e)) from None
    return {
        "dealer": result.dealer,
        "rounds": [[{"seat": seat, "card": NAMES[card]} for seat, card in rnd] for rnd in result.rounds],
    }


def next_dealer(params: JSON) -> JSON:
    params = _check_params(params)
    rules = _rules(params)
    players = _int(params, "players")
    dealer = _int(params, "dealer")
    _, ending, winners = _result(params, players)
    try:
        return {"dealer": match.next_dealer(players, dealer, ending, winners, rules)}
    except match.MatchError as e:
        raise Rejected("invalid_setup", str(e)) from None


def join(params: JSON) -> JSON:
    params = _check_params(params)
    rules = _rules(params)
    players = _int(params, "players")
    dealer = _int(params, "dealer")
    try:
        j = match.join(players, dealer, rules)
    except match.MatchError as e:
        raise Rejected("invalid_setup", str(e)) from None
    return {"players": j.players, "dealer": j.dealer, "seat": j.seat, "seats": list(j.seats)}


def _result(params: JSON, players: int) -> tuple[JSON, Ending, list[int]]:
    """The ``result`` parameter of next_dealer and score: at least its ending and winners."""
    result = params.get("result")
    if not isinstance(result, dict):
        raise Rejected("invalid_setup", f"result must be a result object with ending and winners, got {result!r}")
    ending = result.get("ending")
    if ending not in ENDINGS:
        raise Rejected("invalid_setup", f"result.ending must be one of {list(ENDINGS)}, got {ending!r}")
    winners = result.get("winners")
    if not isinstance(winners, list) or not all(type(w) is int and 0 <= w < players for w in winners):
        raise Rejected("invalid_setup", f"result.winners must be a list of seats 0..{players - 1}, got {winners!r}")
    return result, ending, winners


def _ints(params: JSON, key: str, players: int) -> list[int]:
    v = params.get(key)
    if not isinstance(v, list) or len(v) != players or not all(type(x) is int for x in v):
        raise Rejected("invalid_setup", f"{key} must be a list of {players} integers, one per seat, got {v!r}")
    return v


def score(params: JSON) -> JSON:
    """Points scoring (VAR-POINTS-1): the points a hand adds and the new scores; under
    ``scoring = stakes`` no score is kept: no points, the scores as given, nobody out.
    params: {ruleset, players, scores, result: {ending, winners, totals, knocker?}}."""
    params = _check_params(params)
    rules = _rules(params)
    players = _int(params, "players")
    scores = _ints(params, "scores", players)
    result, ending, winners = _result(params, players)
    totals = _ints(result, "totals", players)
    knocker = result.get("knocker")
    if knocker is not None and not (type(knocker) is int and 0 <= knocker < players):
        raise Rejected("invalid_setup", f"result.knocker must be a seat or null, got {knocker!r}")
    res = Result(ending, tuple(winners), (), (0,) * players, tuple(totals), knocker)
    points = match.scored_points(rules, res, totals)  # nothing under scoring = stakes
    new = [a + b for a, b in zip(scores, points, strict=True)]
    return {
        "points": list(points),
        "scores": new,
        "out": [s for s, v in enumerate(new) if v >= match.POINTS_LIMIT] if rules.scoring != "stakes" else [],
    }


MATCH_METHODS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "cut": cut,
    "next_dealer": next_dealer,
    "join": join,
    "score": score,
}
