"""The protocol's invariants (tonk_ref.harness.invariants): each kind broken by a real state
of the reference engine with one field changed, and not broken by the state as it was; no
crash on any JSON; and the reference engine breaks none in random play under random
rulesets.  (Named apart from tests/properties/test_invariants.py, the engine's own.)"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from deals import HIT_DEAL
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tonk_ref.adapters.base import Rejected
from tonk_ref.adapters.inprocess import InProcessAdapter, reference
from tonk_ref.adapters.reference import random_hand
from tonk_ref.engine.ruleset import DEFAULT, Ruleset
from tonk_ref.harness.hands import random_ruleset, random_setup
from tonk_ref.harness.invariants import (
    KINDS,
    RULES,
    Broken,
    after_over_problem,
    observation_problems,
    result_problems,
    state_problems,
)
from tonk_ref.harness.scenario import parse_scenario

JSON = dict[str, Any]

DEAL = HIT_DEAL + "  stock: [7h, 2c]\n"


def played(script: str, options: str = "{}", deal: str = DEAL) -> tuple[InProcessAdapter, Ruleset, list[JSON]]:
    """The reference engine after dealing ``deal`` and playing ``script`` (compact actions,
    one a line), with every state it answered."""
    acts = [a.strip() for a in script.split(";") if a.strip()]
    text = (f"id: inv-hand\ntitle: a hand for the invariants\nrules: [CARD-1]\nruleset: {{options: {options}}}\n"
            f"{deal}script:\n" + "".join(f"  - act: {a}\n" for a in acts) + ("" if acts else "  []\n"))
    case = parse_scenario(text, "sc/inv-hand.yaml")
    engine = reference()
    engine.hello()
    assert case.setup is not None
    states = [engine.new_hand(case.setup)]
    for seat, action in case.actions:
        states.append(engine.act(seat, action))
    return engine, case.ruleset, states


@pytest.fixture(scope="module")
def spread() -> tuple[InProcessAdapter, Ruleset, list[JSON]]:
    """Seat 0 draws 7h, spreads 4h 5h 6h, hits 7h and discards Kc: seat 1 to act."""
    return played("0 draw stock; 0 spread 4h 5h 6h; 0 hit 7h 0; 0 discard Kc")


@pytest.fixture(scope="module")
def knocked() -> tuple[InProcessAdapter, Ruleset, list[JSON]]:
    """Seat 0 knocks with 12 against 47 and 46 and wins: net [2, -1, -1]."""
    return played("0 knock", deal=DEAL.replace("[4h, 5h, 6h, Kc, Qd]", "[Ac, 2c, 2d, 3s, 4h]")
                  .replace("stock: [7h, 2c]", "stock: [7h, 5c]"))


def kinds(problems: list[Broken]) -> list[str]:
    assert all(p.kind in KINDS for p in problems)
    return [p.kind for p in problems]


def test_the_reference_states_break_nothing(spread: Any, knocked: Any) -> None:
    for _, rules, states in (spread, knocked):
        assert states[-1]["stage"] in ("start", "over")
        for s in states:
            assert state_problems(s, rules) == []
    assert knocked[2][-1]["result"]["net"] == [2, -1, -1]
    assert spread[2][-1]["spreads"][0]["cards"] and spread[2][-1]["stock_count"] > 0


# ------------------------------------------------------------------------------ the result
def test_a_net_that_does_not_sum_to_zero(knocked: Any) -> None:
    _, rules, states = knocked
    state = copy.deepcopy(states[-1])
    state["result"]["net"] = [-2, 4, 4]
    problems = state_problems(state, rules)
    assert kinds(problems) == ["net_sum", "net_payments"]
    assert problems[0] == Broken("net_sum", "result.net", "result.net sums to 6, not 0: [-2, 4, 4]")
    assert RULES["net_sum"] == "STAKE-2"


def test_fractions_are_summed_exactly(knocked: Any) -> None:
    _, rules, states = knocked
    state = copy.deepcopy(states[-1])
    state["result"].update(payments=[{"payer": 1, "payee": 0, "amount": "1/2"},
                                     {"payer": 2, "payee": 0, "amount": "1/3"}], net=["5/6", "-1/2", "-1/3"])
    assert state_problems(state, rules) == []
    state["result"]["net"] = ["5/6", "-1/2", "-1/2"]
    assert str(state_problems(state, rules)[0]) == "result.net sums to -1/6, not 0: [5/6, -1/2, -1/2]"


def test_a_net_that_is_not_what_the_payments_give(knocked: Any) -> None:
    _, rules, states = knocked
    state = copy.deepcopy(states[-1])
    state["result"]["net"] = [2, -2, 0]  # sums to zero, but seat 2 paid 1
    (p,) = state_problems(state, rules)
    assert p.kind == "net_payments" and p.field == "result.net"
    assert p.message == "result.net is [2, -2, 0] but the payments give [2, -1, -1] (seats 1, 2)"
    state["result"]["payments"][0]["payee"] = 5
    assert kinds(state_problems(state, rules)) == ["net_payments"]


def test_the_net_is_checked_only_where_given() -> None:
    assert result_problems({"net": None, "payments": None}) == []  # an engine without payments
    assert result_problems({"net": [1.5, -1.5]}) == []  # floats are the schema's business
    assert result_problems({"net": [1, "x"]}) == []
    assert kinds(result_problems({"net": [1, 0], "payments": "none"})) == ["net_sum"]
    assert result_problems({"net": [1, -1], "payments": [{"payer": 1, "payee": 0}]}) == []  # no amount


# ------------------------------------------------------------------------------ the cards
def test_a_card_shown_twice(spread: Any) -> None:
    _, rules, states = spread
    state = copy.deepcopy(states[-1])
    state["discard_top"] = state["hands"][1][0]
    (p,) = state_problems(state, rules)
    assert p.kind == "card_twice" and p.field == "discard_top"
    assert p.message == f"1 card shown more than once: {state['hands'][1][0]} in hands[1], discard_top"
    state = copy.deepcopy(states[-1])
    state["spreads"][0]["cards"][0] = state["hands"][2][0]
    assert kinds(state_problems(state, rules)) == ["card_twice"]


def test_a_card_outside_the_pack() -> None:
    deal = "players: 2\ndealer: 1\ndeal:\n  hands:\n    - [Ac, 2c, 3c, 4c, 5c]\n    - [Ad, 2d, 3d, 4d, 5d]\n"
    deal += "  upcard: Kh\n"
    _, rules, states = played("", options="{deck: 40}", deal=deal)
    assert rules.deck == 40 and state_problems(states[0], rules) == []
    state = copy.deepcopy(states[0])
    state["hands"][0][0] = "8c"  # no eights in the 40-card pack
    (p,) = state_problems(state, rules)
    assert p == Broken("card_outside_pack", "hands[0]", "not cards of the 40-card pack: 8c in hands[0]")
    assert state_problems(state, DEFAULT) != []  # 40 cards, not 52: the count is wrong there
    assert kinds(state_problems({**states[0], "discard_top": "X1"}, rules)) == ["card_outside_pack"]
    assert state_problems({**states[0], "discard_top": "1x"}, rules) == []  # no card at all: the schema's business


def test_the_cards_must_add_up_to_the_pack(spread: Any) -> None:
    _, rules, states = spread
    state = copy.deepcopy(states[-1])
    state["stock_count"] += 1
    (p,) = state_problems(state, rules)
    assert p.kind == "card_count" and p.message.startswith("the state holds 53 cards, not the 52 of the 52-card pack")
    state["hands"][1].pop()  # a card lost from a hand makes it up again
    assert state_problems(state, rules) == []
    del state["stock_count"]
    assert state_problems(state, rules) == []  # a missing count is the schema's business


def test_the_stage_to_act_and_result_agree(spread: Any, knocked: Any) -> None:
    _, rules, states = spread
    assert kinds(state_problems({**states[-1], "stage": "over"}, rules)) == ["stage"]
    assert kinds(state_problems({**states[-1], "to_act": None}, rules)) == ["stage"]
    _, rules, states = knocked
    over = states[-1]
    (p,) = state_problems({**over, "to_act": 1}, rules)
    assert p.message.startswith('stage is "over", to_act is 1, result is given:')
    assert kinds(state_problems({**over, "result": None}, rules)) == ["stage"]
    assert state_problems({k: v for k, v in over.items() if k != "to_act"}, rules) == []
    assert state_problems({**over, "to_act": "nobody"}, rules) == []  # the schema's business


# ------------------------------------------------------------------------------ observations
def test_the_reference_observations_break_nothing(spread: Any, knocked: Any) -> None:
    for engine, rules, _ in (spread, knocked):
        for seat in range(3):
            assert observation_problems(engine.observe(seat), seat, rules) == []


def test_an_observation_that_leaks(spread: Any, knocked: Any) -> None:
    engine, rules, states = spread
    obs = engine.observe(1)
    assert obs["hands"][0] is None and obs["stage"] == "start"
    (p,) = observation_problems({**obs, "hands": states[-1]["hands"]}, 1, rules)
    assert p == Broken("leak", "hands", 'the observation of seat 1 shows hands[0], hands[2], which seat 1 may '
                                        'not see (stage "start")')
    for extra in ("stock", "discard_pile", "dealt"):
        assert kinds(observation_problems({**obs, extra: states[-1][extra]}, 1, rules)) == ["leak"]
    assert observation_problems({**obs, "stock": None}, 1, rules) == []
    engine, rules, states = knocked  # every hand is shown after a knock
    obs = engine.observe(1)
    assert obs["hands"][0] is not None and observation_problems(obs, 1, rules) == []


def test_the_knockers_hand_lies_face_up_during_the_last_turns() -> None:
    engine, rules, states = played("0 knock", options="{after_knock: one_turn_each}",
                                   deal=DEAL.replace("[4h, 5h, 6h, Kc, Qd]", "[Ac, 2c, 2d, 3s, 4h]")
                                   .replace("stock: [7h, 2c]", "stock: [7h, 5c]"))
    obs = engine.observe(1)
    assert obs["stage"] == "start" and obs["hands"][0] is not None and obs["hands"][2] is None
    assert observation_problems(obs, 1, rules) == []
    assert kinds(observation_problems({**obs, "hands": states[-1]["hands"]}, 1, rules)) == ["leak"]
    assert kinds(observation_problems(obs, 1, DEFAULT)) == ["leak"]


def test_an_observation_whose_hand_is_not_its_hands_entry(spread: Any) -> None:
    engine, rules, _ = spread
    obs = engine.observe(1)
    hand = list(reversed(obs["hand"]))
    assert observation_problems({**obs, "hand": hand}, 1, rules) == []  # a multiset: any order
    (p,) = observation_problems({**obs, "hand": hand[1:]}, 1, rules)
    assert p.kind == "observed_hand" and p.field == "hand"
    assert observation_problems({**obs, "hands": None}, 1, rules) == []


def test_an_observation_with_a_card_twice_outside_the_pack_or_a_wrong_net(spread: Any, knocked: Any) -> None:
    engine, rules, _ = spread
    obs = engine.observe(1)
    assert kinds(observation_problems({**obs, "discard_top": obs["hand"][0]}, 1, rules)) == ["card_twice"]
    hand = [*obs["hand"][:-1], obs["spreads"][0]["cards"][0]]
    assert sorted(kinds(observation_problems({**obs, "hand": hand}, 1, rules))) == ["card_twice", "observed_hand"]
    assert kinds(observation_problems({**obs, "discard_top": "X2"}, 1, rules)) == ["card_outside_pack"]
    engine, rules, _ = knocked
    obs = engine.observe(2)
    assert kinds(observation_problems({**obs, "result": {**obs["result"], "net": [2, 1, 1]}}, 2, rules)) == \
        ["net_sum", "net_payments"]


def test_an_action_accepted_after_the_hand_is_over(spread: Any, knocked: Any) -> None:
    over, playing = knocked[2][-1], spread[2][-1]
    p = after_over_problem(over, True)
    assert p is not None and p.kind == "after_over" and RULES["after_over"] == "TURN-10"
    assert after_over_problem(over, False) is None
    assert after_over_problem(playing, True) is None
    assert after_over_problem(None, True) is None


# ------------------------------------------------------------------------------ any input
_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=True) | st.sampled_from(
        ["Ah", "Ah", "X1", "8c", "1x", "over", "1/2", "1/0", "-3/2", "hands", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
        ["hands", "spreads", "cards", "discard_top", "discard_count", "stock_count", "stage", "to_act", "result",
         "net", "payments", "payer", "payee", "amount", "hand", "stock", "dealt"]), inner, max_size=6),
    max_leaves=25)


@given(_json, st.integers(-1, 4), st.sampled_from([DEFAULT, DEFAULT.replace(deck=40, jokers=2)]))
@settings(max_examples=150, deadline=None, derandomize=True, database=None)
def test_no_input_makes_them_crash(answer: Any, seat: int, rules: Ruleset) -> None:
    for problems in (state_problems(answer, rules), observation_problems(answer, seat, rules),
                     result_problems(answer)):
        assert all(isinstance(p, Broken) and p.kind in KINDS and "\n" not in p.message for p in problems)
    p = after_over_problem(answer, True)
    assert p is None or p.kind == "after_over"


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=25, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
def test_the_reference_breaks_no_invariant_in_random_play(seed: int) -> None:
    rng = random.Random(seed)
    rules = random_ruleset(rng)
    setup = random_setup(rng, rules)
    moves = random_hand(rng, setup).moves
    engine = reference()
    engine.hello()
    state = engine.new_hand(setup)
    assert state_problems(state, rules) == []
    for seat, action in [(None, None), *moves]:
        previous = state
        if seat is not None and action is not None:
            try:
                state = engine.act(seat, action)
            except Rejected:
                continue
            assert state_problems(state, rules) == [], (seat, action)
            assert after_over_problem(previous, True) is None
        for s in range(setup["players"]):
            assert observation_problems(engine.observe(s), s, rules) == [], (s, seat, action)
    assert state["stage"] == "over" or len(moves) >= 2000
