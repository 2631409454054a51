"""Then steps: what the engine must show, read through the adapter and compared with
the comparison rules of :mod:`tonk_ref.harness.compare` (hands and spreads as
multisets, payments as totals per payer and payee)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from ...adapters.base import JSON
from ..compare import match_observation, match_result, match_spreads, match_state, pair_totals
from .parse import (
    AMOUNTS,
    CARD,
    CARDS,
    INTS,
    SEAT,
    SEATS,
    WORD,
    FeatureTextError,
    amounts,
    card_name,
    card_names,
    ints,
    quoted,
    seats,
    show_amount,
    step,
)
from .world import CORE_STATE, Table


def _fail_if(diffs: list[str]) -> None:
    if diffs:
        raise AssertionError("\n".join(diffs))


def _amount_json(a: Fraction) -> int | str:
    return int(a) if a.denominator == 1 else f"{a.numerator}/{a.denominator}"


def _payments_result(tonk_table: Table, what: str) -> JSON:
    tonk_table.require_feature("payments", what)
    return tonk_table.result()


# ---------------------------------------------------------------------- how the hand ends
@step("then", rf"the hand ends as (?P<ending>{WORD})")
def hand_ends_as(tonk_table: Table, ending: str) -> None:
    _fail_if(match_result({"ending": ending}, tonk_table.result()))


@step("then", r"the hand goes on")
def hand_goes_on(tonk_table: Table) -> None:
    state = tonk_table.state()
    if state.get("result") is not None or state.get("to_act") is None:
        raise AssertionError(f"expected the hand to go on, but it is over: {state.get('result')!r}")


@step("then", rf"the winners? (?:is|are) seats? (?P<winners>{SEATS})")
def the_winners(tonk_table: Table, winners: str) -> None:
    _fail_if(match_result({"winners": seats(winners)}, tonk_table.result()))


@step("then", r"there is no winner")
def no_winner(tonk_table: Table) -> None:
    _fail_if(match_result({"winners": []}, tonk_table.result()))


@step("then", rf"the net result is (?P<net>{AMOUNTS})")
def net_result(tonk_table: Table, net: str) -> None:
    result = _payments_result(tonk_table, "checking the net result")
    want = amounts(net)
    if sum(want) != 0:
        raise FeatureTextError(f"the net result {net} does not sum to zero (rule STAKE-2)")
    diffs = match_result({"net": [_amount_json(a) for a in want]}, result)
    if diffs:
        got = result.get("net")
        shown = ", ".join(show_amount(Fraction(a)) for a in got) if isinstance(got, list) else repr(got)
        raise AssertionError(f"expected the net result {net}, got {shown}")


@step("then", rf"seat (?P<payer>{SEAT}) pays seat (?P<payee>{SEAT}) (?P<amount>\d+(?:/\d+)?)")
def seat_pays(tonk_table: Table, payer: str, payee: str, amount: str) -> None:
    result = _payments_result(tonk_table, "checking a payment")
    totals = pair_totals(result.get("payments"))
    got = totals.get((int(payer), int(payee)), Fraction(0))
    if got != Fraction(amount):
        raise AssertionError(f"expected seat {payer} to pay seat {payee} {amount} in all, got {got}")


@step("then", r"nobody pays")
def nobody_pays(tonk_table: Table) -> None:
    result = _payments_result(tonk_table, "checking that nobody pays")
    _fail_if(match_result({"payments": [], "net": [0] * len(result.get("net") or [])}, result))


@step("then", r"the payments are")
def the_payments_are(tonk_table: Table, datatable: list[list[str]]) -> None:
    header, *rows = datatable
    if [h.strip() for h in header] != ["payer", "payee", "amount"]:
        raise FeatureTextError(f"the payments table has the columns payer | payee | amount, got {header}")
    want = [{"payer": int(a), "payee": int(b), "amount": _amount_json(Fraction(x))} for a, b, x in rows]
    result = _payments_result(tonk_table, "checking the payments")
    _fail_if(match_result({"payments": want}, result))


@step("then", rf"the totals are (?P<totals>{INTS})")
def the_totals(tonk_table: Table, totals: str) -> None:
    _fail_if(match_result({"totals": ints(totals)}, tonk_table.result()))


# ---------------------------------------------------------------------- refusals
@step("then", r"the action is (?P<verdict>accepted|refused)")
def action_verdict(tonk_table: Table, verdict: str) -> None:
    if verdict == "refused":
        tonk_table.take_refusal("action")
    else:
        tonk_table.check_settled()


@step("then", rf"the action is refused as (?P<reason>{WORD})")
def action_refused_as(tonk_table: Table, reason: str) -> None:
    r = tonk_table.take_refusal("action")
    if "reasons" in tonk_table.caps.features and r.error.reason != reason:
        raise AssertionError(f"{r.what} was refused for {r.error.reason!r} ({r.error.message}), expected {reason!r}")


@step("then", r"the deal is refused")
def deal_refused(tonk_table: Table) -> None:
    tonk_table.take_refusal("deal")


@step("then", r"the request is refused")
def request_refused(tonk_table: Table) -> None:
    tonk_table.take_refusal("request")


@step("then", r"the state is unchanged")
def state_unchanged(tonk_table: Table) -> None:
    r = tonk_table.take_refusal("action")
    before = r.before or {}
    after = tonk_table.state()
    changed = [k for k in CORE_STATE if before.get(k) != after.get(k)]
    if changed:
        detail = "; ".join(f"{k}: {before.get(k)!r} -> {after.get(k)!r}" for k in changed)
        raise AssertionError(f"{r.what} was refused but changed the state: {detail}")


# ---------------------------------------------------------------------- the table
@step("then", rf"seat (?P<seat>{SEAT}) is to act")
def seat_to_act(tonk_table: Table, seat: str) -> None:
    _fail_if(match_state({"to_act": int(seat)}, tonk_table.state()))


@step("then", r"no seat is to act")
def nobody_to_act(tonk_table: Table) -> None:
    _fail_if(match_state({"to_act": None}, tonk_table.state()))


@step("then", r"the turn stage is (?P<stage>start|drawn|over)")
def turn_stage(tonk_table: Table, stage: str) -> None:
    _fail_if(match_state({"stage": stage}, tonk_table.state()))


@step("then", rf"seat (?P<seat>{SEAT}) has (?P<n>\d+) cards?")
def seat_has_n_cards(tonk_table: Table, seat: str, n: str) -> None:
    state = tonk_table.state()
    hands = state.get("hands")
    got = len(hands[int(seat)]) if isinstance(hands, list) and int(seat) < len(hands) else None
    if got != int(n):
        raise AssertionError(f"expected seat {seat} to hold {n} cards, got {got}: {hands!r}")


@step("then", rf"the hand of seat (?P<seat>{SEAT}) is (?P<cards>{CARDS})")
def hand_of_seat(tonk_table: Table, seat: str, cards: str) -> None:
    _fail_if(match_state({"hands": {int(seat): card_names(cards)}}, tonk_table.state()))


@step("then", rf"the discard pile shows (?P<card>{CARD})")
def discard_shows(tonk_table: Table, card: str) -> None:
    _fail_if(match_state({"discard_top": card_name(card)}, tonk_table.state()))


@step("then", r"the discard pile is empty")
def discard_empty(tonk_table: Table) -> None:
    _fail_if(match_state({"discard_top": None, "discard_count": 0}, tonk_table.state()))


@step("then", r"the discard pile holds (?P<n>\d+) cards?")
def discard_holds(tonk_table: Table, n: str) -> None:
    _fail_if(match_state({"discard_count": int(n)}, tonk_table.state()))


@step("then", r"the stock holds (?P<n>\d+) cards?")
def stock_holds(tonk_table: Table, n: str) -> None:
    _fail_if(match_state({"stock_count": int(n)}, tonk_table.state()))


@step("then", r"the stock is empty")
def stock_empty(tonk_table: Table) -> None:
    _fail_if(match_state({"stock_count": 0}, tonk_table.state()))


@step("then", r"there (?:is|are) (?P<n>\d+|no) spreads? on the table")
def n_spreads(tonk_table: Table, n: str) -> None:
    want = 0 if n == "no" else int(n)
    spreads = tonk_table.state().get("spreads")
    got = len(spreads) if isinstance(spreads, list) else None
    if got != want:
        raise AssertionError(f"expected {want} spreads on the table, got {spreads!r}")


@step("then", rf"spread (?P<index>\d+) is a (?P<kind>book|run) of (?P<cards>{CARDS}) laid by seat (?P<owner>{SEAT})")
def spread_is(tonk_table: Table, index: str, kind: str, cards: str, owner: str) -> None:
    spreads = tonk_table.state().get("spreads")
    i = int(index)
    if not isinstance(spreads, list) or i >= len(spreads):
        raise AssertionError(f"there is no spread {i} on the table: {spreads!r}")
    want = {"owner": int(owner), "kind": kind, "cards": card_names(cards)}
    _fail_if(match_spreads([want], [spreads[i]], f"spreads[{i}]"))


# ---------------------------------------------------------------------- observations
def _observe(tonk_table: Table, seat: str) -> JSON:
    tonk_table.require_feature("observations", "what a seat sees")
    tonk_table.state()  # deals the hand, and fails on an unexpected refusal
    return tonk_table.adapter.observe(int(seat))


@step("then", rf"seat (?P<seat>{SEAT}) sees its hand as (?P<cards>{CARDS})")
def sees_own_hand(tonk_table: Table, seat: str, cards: str) -> None:
    _fail_if(match_observation({"hand": card_names(cards)}, _observe(tonk_table, seat)))


@step("then", rf"seat (?P<seat>{SEAT}) sees the hand sizes (?P<sizes>{INTS})")
def sees_hand_sizes(tonk_table: Table, seat: str, sizes: str) -> None:
    _fail_if(match_observation({"hand_sizes": ints(sizes)}, _observe(tonk_table, seat)))


@step("then", rf"seat (?P<seat>{SEAT}) sees the hand of seat (?P<other>{SEAT}) as (?P<cards>{CARDS})")
def sees_other_hand(tonk_table: Table, seat: str, other: str, cards: str) -> None:
    obs = _observe(tonk_table, seat)
    hands = obs.get("hands")
    got = hands[int(other)] if isinstance(hands, list) and int(other) < len(hands) else None
    if got is None or Counter(got) != Counter(card_names(cards)):
        raise AssertionError(f"seat {seat} should see seat {other}'s hand as {cards}, but sees {got!r}")


@step("then", rf"seat (?P<seat>{SEAT}) does not see the hand of seat (?P<other>{SEAT})")
def does_not_see_hand(tonk_table: Table, seat: str, other: str) -> None:
    obs = _observe(tonk_table, seat)
    hands = obs.get("hands")
    got = hands[int(other)] if isinstance(hands, list) and int(other) < len(hands) else "missing"
    if got is not None:
        raise AssertionError(f"seat {seat} must not see seat {other}'s hand, but its observation shows {got!r}")


@step("then", rf"seat (?P<seat>{SEAT}) sees (?P<card>{CARD}) on top of the discard pile")
def sees_discard_top(tonk_table: Table, seat: str, card: str) -> None:
    _fail_if(match_observation({"discard_top": card_name(card)}, _observe(tonk_table, seat)))


@step("then", rf"seat (?P<seat>{SEAT}) sees (?P<n>\d+) cards? in the (?P<where>stock|discard pile)")
def sees_count(tonk_table: Table, seat: str, n: str, where: str) -> None:
    key = "stock_count" if where == "stock" else "discard_count"
    _fail_if(match_observation({key: int(n)}, _observe(tonk_table, seat)))


@step("then", rf"seat (?P<seat>{SEAT}) sees (?P<n>\d+) spreads? on the table")
def sees_spreads(tonk_table: Table, seat: str, n: str) -> None:
    spreads = _observe(tonk_table, seat).get("spreads")
    if not isinstance(spreads, list) or len(spreads) != int(n):
        raise AssertionError(f"seat {seat} should see {n} spreads, but sees {spreads!r}")


@step("then", rf"seat (?P<seat>{SEAT}) cannot see (?P<cards>{CARDS})")
def cannot_see(tonk_table: Table, seat: str, cards: str) -> None:
    _fail_if(match_observation({"hidden": card_names(cards)}, _observe(tonk_table, seat)))


# ---------------------------------------------------------------------- legal actions
def _action_key(action: Any) -> tuple[Any, ...]:
    """A comparable form of an action (a spread's cards as a set)."""
    if not isinstance(action, dict):
        return ("?", repr(action))
    kind = action.get("type")
    if kind == "knock":
        return ("knock", action.get("discard"))
    if kind == "draw":
        return ("draw", action.get("from"))
    if kind == "spread":
        return ("spread", frozenset(action.get("cards") or ()))
    if kind == "hit":
        return ("hit", action.get("card"), action.get("spread"))
    return (str(kind), action.get("card"))


def _compact(text: str) -> tuple[Any, ...]:
    """The key of a compact action text: "knock", "knock discarding 9s", "draw stock",
    "draw discard", "spread 5h 6h 7h", "hit 4h on 0", "discard 9s"."""
    words = text.split()
    try:
        if words == ["knock"]:
            return ("knock", None)
        if words[:2] == ["knock", "discarding"] and len(words) == 3:
            return ("knock", card_name(words[2]))
        if words[0] == "draw" and len(words) == 2 and words[1] in ("stock", "discard"):
            return ("draw", words[1])
        if words[0] == "spread" and len(words) >= 2:
            return ("spread", frozenset(card_names(" ".join(words[1:]))))
        if words[0] == "hit" and len(words) == 4 and words[2] == "on":
            return ("hit", card_name(words[1]), int(words[3]))
        if words[0] == "discard" and len(words) == 2:
            return ("discard", card_name(words[1]))
    except (IndexError, ValueError):
        pass
    raise FeatureTextError(
        f"{text!r} is not an action: write knock, knock discarding C, draw stock, draw discard, "
        "spread C C C, hit C on N or discard C"
    )


def _legal(tonk_table: Table) -> set[tuple[Any, ...]]:
    tonk_table.require_feature("legal_actions", "listing the legal actions")
    tonk_table.state()
    return {_action_key(a) for a in tonk_table.adapter.legal_actions()}


@step("then", r'the legal actions include (?P<items>"[^"]+"(?:, "[^"]+")*)')
def legal_include(tonk_table: Table, items: str) -> None:
    legal = _legal(tonk_table)
    missing = [t for t in quoted(items) if _compact(t) not in legal]
    if missing:
        raise AssertionError(f"expected {', '.join(missing)} to be legal; legal: {sorted(map(str, legal))}")


@step("then", r'the legal actions exclude (?P<items>"[^"]+"(?:, "[^"]+")*)')
def legal_exclude(tonk_table: Table, items: str) -> None:
    legal = _legal(tonk_table)
    present = [t for t in quoted(items) if _compact(t) in legal]
    if present:
        raise AssertionError(f"expected {', '.join(present)} not to be legal")


@step("then", r"there (?:is|are) (?P<n>\d+) legal actions?")
def legal_count(tonk_table: Table, n: str) -> None:
    legal = _legal(tonk_table)
    if len(legal) != int(n):
        raise AssertionError(f"expected {n} legal actions, got {len(legal)}: {sorted(map(str, legal))}")


# ---------------------------------------------------------------------- match answers
def _answer(tonk_table: Table, key: str) -> Any:
    tonk_table.check_settled()
    answer = tonk_table.answer
    if not isinstance(answer, dict) or key not in answer:
        raise AssertionError(f"expected an answer with {key!r}, got {answer!r}")
    return answer[key]


@step("then", rf"seat (?P<seat>{SEAT}) deals first")
def deals_first(tonk_table: Table, seat: str) -> None:
    got = _answer(tonk_table, "dealer")
    if got != int(seat):
        raise AssertionError(f"expected seat {seat} to win the cut and deal, got seat {got}")


@step("then", r"the cut takes (?P<n>\d+) rounds?")
def cut_rounds(tonk_table: Table, n: str) -> None:
    rounds = _answer(tonk_table, "rounds")
    if not isinstance(rounds, list) or len(rounds) != int(n):
        raise AssertionError(f"expected the cut to take {n} rounds, got {rounds!r}")


@step("then", rf"seat (?P<seat>{SEAT}) deals next")
def deals_next(tonk_table: Table, seat: str) -> None:
    got = _answer(tonk_table, "dealer")
    if got != int(seat):
        raise AssertionError(f"expected seat {seat} to deal the next hand, got seat {got}")


@step("then", rf"the new player sits at seat (?P<seat>{SEAT})")
def new_player_seat(tonk_table: Table, seat: str) -> None:
    got = _answer(tonk_table, "seat")
    if got != int(seat):
        raise AssertionError(f"expected the new player at seat {seat}, got seat {got}")


@step("then", r"the table has (?P<n>\d+) players")
def table_players(tonk_table: Table, n: str) -> None:
    got = _answer(tonk_table, "players")
    if got != int(n):
        raise AssertionError(f"expected {n} players at the table, got {got}")


@step("then", rf"the dealer is now seat (?P<seat>{SEAT})")
def dealer_now(tonk_table: Table, seat: str) -> None:
    got = _answer(tonk_table, "dealer")
    if got != int(seat):
        raise AssertionError(f"expected the dealer to be seat {seat} now, got seat {got}")


@step("then", rf"the player from seat (?P<old>{SEAT}) moves to seat (?P<new>{SEAT})")
def player_moves(tonk_table: Table, old: str, new: str) -> None:
    moved = _answer(tonk_table, "seats")
    got = moved[int(old)] if isinstance(moved, list) and int(old) < len(moved) else None
    if got != int(new):
        raise AssertionError(f"expected the player from seat {old} at seat {new}, got {got!r}")


@step("then", rf"the points added are (?P<points>{INTS})")
def points_added(tonk_table: Table, points: str) -> None:
    got = _answer(tonk_table, "points")
    if got != ints(points):
        raise AssertionError(f"expected the hand to add the points {ints(points)}, got {got!r}")


@step("then", rf"the scores are now (?P<scores>{INTS})")
def scores_now(tonk_table: Table, scores: str) -> None:
    got = _answer(tonk_table, "scores")
    if got != ints(scores):
        raise AssertionError(f"expected the scores {ints(scores)}, got {got!r}")


@step("then", rf"(?:seats? (?P<leaving>{SEATS}) (?:leaves|leave)|nobody leaves) the match")
def leave_the_match(tonk_table: Table, leaving: str | None) -> None:
    want = seats(leaving) if leaving else []
    got = _answer(tonk_table, "out")
    if got != want:
        raise AssertionError(f"expected {want or 'nobody'} to reach 100 and leave the match, got {got!r}")
