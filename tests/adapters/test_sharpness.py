"""``adapters.sharpness.refusal_reasons``: every reason the reference finds to refuse an
action, asked in protocol JSON after a setup and the moves played so far."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tonk_ref.adapters.base import Rejected
from tonk_ref.adapters.sharpness import refusal_reasons
from tonk_ref.engine.cards import NAMES, parse_card
from tonk_ref.engine.stacking import stack_deck
from tonk_ref.rulebook.notation import parse_action

JSON = dict[str, Any]


def setup(**ruleset: object) -> JSON:
    """Two players, seat 1 deals: seat 0 holds 5c 6c 7c Kd 2s, seat 1 Td Tc 9s 9h 6d; the
    upcard is Qh and the stock starts 8c 4c."""
    hands = [[parse_card(c) for c in h.split()] for h in ("5c 6c 7c Kd 2s", "Td Tc 9s 9h 6d")]
    deck = stack_deck(2, 1, hands, parse_card("Qh"), [parse_card("8c"), parse_card("4c")])
    return {"ruleset": dict(ruleset), "players": 2, "dealer": 1, "stake": 1, "deck": [NAMES[c] for c in deck]}


def act(text: str) -> tuple[int, JSON]:
    seat, action = parse_action(text)
    assert seat is not None
    return seat, action


def reasons(s: JSON, moves: list[str], text: str) -> list[str]:
    seat, action = act(text)
    return [r for r, _ in refusal_reasons(s, [act(m) for m in moves], seat, action)]


def test_the_deal_is_the_one_asked_for() -> None:
    assert reasons(setup(), [], "0 draw stock") == []
    assert reasons(setup(), ["0 draw stock"], "0 discard 8c") == []  # the 8c was drawn


def test_every_reason_with_its_rule_in_the_order_checked() -> None:
    seat, action = act("0 spread Jc 2d 3s")
    assert refusal_reasons(setup(), [], seat, action) == [
        ("must_draw_first", "SPREAD-4"),
        ("not_in_hand", "TURN-11"),
        ("not_a_spread", "SPREAD-1"),
    ]
    assert reasons(setup(), [], "0 spread 5c 6c 7c") == ["must_draw_first"]


def test_refused_moves_change_nothing_as_in_the_protocol() -> None:
    moves = ["0 draw stock", "0 draw stock", "1 discard 6d", "0 discard Kd"]  # the 2nd and 3rd are refused
    assert reasons(setup(), moves, "1 draw stock") == []
    assert reasons(setup(), moves, "0 draw stock") == ["not_your_turn"]


def test_a_malformed_action_or_seat_is_malformed_alone() -> None:
    assert refusal_reasons(setup(), [], 0, {"type": "pass"})[0][0] == "malformed_action"
    assert len(refusal_reasons(setup(), [], 0, {"type": "discard", "card": "Zz"})) == 1
    over = [act("0 knock")]
    assert reasons(setup(), ["0 knock"], "1 draw stock") == ["hand_over"]
    assert [r for r, _ in refusal_reasons(setup(), over, 1, {"type": "draw"})] == ["malformed_action"]
    assert refusal_reasons(setup(), [], True, {"type": "draw", "from": "stock"}) == [("malformed_action", None)]


def test_a_setup_the_reference_refuses_raises() -> None:
    bad = setup()
    bad["deck"] = bad["deck"][:-1]
    with pytest.raises(Rejected) as info:
        refusal_reasons(bad, [], 0, {"type": "draw", "from": "stock"})
    assert info.value.reason == "invalid_setup"


def test_replays_that_share_a_beginning_agree_with_fresh_ones() -> None:
    s = setup(hit_ends_turn=True)
    moves = [act(m) for m in ["0 draw stock", "0 spread 5c 6c 7c", "0 discard Kd", "1 draw stock"]]
    asked = [(moves[:n], seat, action) for n in range(len(moves) + 1) for seat, action in (act("1 hit 4c 0"),)]
    first = [refusal_reasons(s, m, seat, a) for m, seat, a in asked]
    # a different history, then the same questions again, out of order
    refusal_reasons(setup(), [act("0 knock")], 1, {"type": "draw", "from": "stock"})
    again = [refusal_reasons(copy.deepcopy(s), m, seat, a) for m, seat, a in reversed(asked)]
    assert first == list(reversed(again))
    assert [r for r, _ in first[-1]] == []  # B drew the 4c, which fits the run
    assert [r for r, _ in first[0]] == ["not_your_turn", "must_draw_first", "not_in_hand", "no_such_spread"]


def test_changing_the_moves_after_asking_does_not_change_later_answers() -> None:
    s = setup()
    moves = [act("0 draw stock")]
    assert refusal_reasons(s, moves, 0, {"type": "discard", "card": "8c"}) == []
    moves[0][1]["from"] = "discard"  # the caller's own list, changed afterwards: now the upcard Qh is taken
    assert reasons(s, ["0 draw discard"], "0 discard 8c") == ["not_in_hand"]
    assert reasons(s, ["0 draw discard"], "0 discard Qh") == ["taken_card"]
