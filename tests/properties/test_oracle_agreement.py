"""The engine against the independent oracle (tests/oracle/: the generators' model) under random play:
the same initial state, the same verdict and reason code for every well-formed action
built from the hand (and for other seats), the same legal action set, the same next state
and the same result and payments, for every value of every option the oracle models."""

from __future__ import annotations

import random
from typing import Any

import oracle as O
import propkit as K
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tonk_ref.adapters.reference import random_move
from tonk_ref.engine.actions import IllegalAction
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT, Ruleset
from tonk_ref.engine.serialize import action_from_json, action_to_json, state_to_json

#: The options the oracle models, with their values (the engine may know more).
ORACLE_OPTIONS = {k: v for k, v in K.OPTION_VALUES.items() if k in O.DEFAULTS}
OPTION_CASES = [(k, v) for k, values in ORACLE_OPTIONS.items() for v in values]


def oracle_rulesets(fixed: dict[str, Any] | None = None) -> st.SearchStrategy[Ruleset]:
    """Each option the oracle models keeps its default half the time, else takes a random
    value; ``fixed`` options are set; options the oracle does not model stay default."""
    def pick(values: tuple[Any, ...]) -> st.SearchStrategy[Any]:
        return st.one_of(st.just(values[0]), st.sampled_from(values))

    parts = {k: (st.just(fixed[k]) if fixed and k in fixed else pick(v)) for k, v in ORACLE_OPTIONS.items()}
    return st.fixed_dictionaries(parts).map(lambda d: DEFAULT.replace(**d))


def engine_reason(h: Hand, seat: int, action: dict[str, Any]) -> str | None:
    try:
        h.copy().apply(action_from_json(action), seat)
    except IllegalAction as e:
        return e.reason
    return None


def same_state(h: Hand, ost: O.State, context: str) -> None:
    got = O.comparable_engine_state(state_to_json(h))
    want = O.comparable(ost)
    if got != want:
        diffs = {k: (want[k], got[k]) for k in want if want[k] != got.get(k)}
        raise AssertionError(f"{context}: engine and oracle states differ (oracle, engine): {diffs}")


def same_legality(h: Hand, ost: O.State, rng: random.Random) -> None:
    seat = h.to_act
    assert seat is not None and ost.to_act == seat
    outside = tuple(rng.sample([c for c in K.pack_names(h) if c not in ost.hands[seat]], 2))
    oracle_legal = set()
    for a in O.candidate_actions(ost, seat, outside):
        want = O.check(ost, seat, a)
        got = engine_reason(h, seat, a)
        assert got == want, (
            f"{O.action_key(a)} by seat {seat}: engine says {got}, oracle says {want}; state {state_to_json(h)}"
        )
        if want is None:
            oracle_legal.add(O.action_key(a))
    engine_legal = {O.action_key(action_to_json(a)) for a in h.legal_actions()}
    assert engine_legal == oracle_legal, (
        f"legal actions differ: only the engine lists {sorted(engine_legal - oracle_legal)}, "
        f"only the oracle allows {sorted(oracle_legal - engine_legal)}"
    )
    for other in range(h.players):
        if other == seat:
            continue
        for probe in ({"type": "draw", "from": "stock"}, {"type": "draw", "from": "discard"}):
            want = O.check(ost, other, probe)
            assert engine_reason(h, other, probe) == want, f"seat {other} out of turn: {probe}"
            eat = probe["from"] == "discard" and O.may_eat(ost, other)
            assert want == (None if eat else "not_your_turn")


def play_against_oracle(setup: K.Setup, rng: random.Random, full_legality_every: int = 1) -> None:
    h = setup.hand()
    ost = O.deal(setup.json()["deck"], setup.players, setup.dealer, setup.stake, setup.rules.to_dict())
    same_state(h, ost, "after the deal")
    n = 0
    knock_weight = rng.choice(K.KNOCK_WEIGHTS)
    while not h.is_over:
        if n % full_legality_every == 0:
            same_legality(h, ost, rng)
        seat, action = random_move(rng, h, illegal_rate=0.2, knock_weight=knock_weight)
        eaters = [p for p in range(h.players) if O.may_eat(ost, p)]
        if eaters and rng.random() < 0.3:
            seat, action = rng.choice(eaters), action_from_json({"type": "draw", "from": "discard"})
        a = action_to_json(action)
        want = O.check(ost, seat, a)
        got = engine_reason(h, seat, a)
        assert got == want, f"{O.action_key(a)} by seat {seat}: engine says {got}, oracle says {want}"
        if want is None:
            h.apply(action, seat)
            ost = O.apply(ost, seat, a)
            same_state(h, ost, f"after seat {seat} {O.action_key(a)}")
        n += 1
        assert n < K.MAX_ACTIONS
    probe = {"type": "knock"}
    assert engine_reason(h, 0, probe) == O.check(ost, 0, probe) == "hand_over"


def test_the_oracle_models_every_option() -> None:
    missing = sorted(set(K.OPTION_VALUES) - set(O.DEFAULTS))
    assert not missing, f"options the oracle does not model (extend tonk_model): {missing}"
    defaults = {k: v[0] for k, v in K.OPTION_VALUES.items()}
    assert {k: O.DEFAULTS[k] for k in defaults} == defaults


@given(K.setups(oracle_rulesets()), K.randoms())
@K.prop_settings(25)
def test_engine_agrees_with_the_oracle_under_random_rulesets(setup: K.Setup, rng: random.Random) -> None:
    play_against_oracle(setup, rng, full_legality_every=3)


@pytest.mark.parametrize(("option", "value"), OPTION_CASES, ids=[f"{k}={v}" for k, v in OPTION_CASES])
def test_engine_agrees_with_the_oracle_for_every_option_value(option: str, value: Any) -> None:
    @given(K.setups(oracle_rulesets({option: value})), K.randoms())
    @K.prop_settings(1)
    def inner(setup: K.Setup, rng: random.Random) -> None:
        play_against_oracle(setup, rng, full_legality_every=2)

    inner()


@pytest.mark.parametrize("preset", sorted(K.PRESETS))
def test_engine_agrees_with_the_oracle_for_every_preset(preset: str) -> None:
    rules = K.PRESETS[preset]
    unmodelled = {k: v for k, v in rules.changes().items() if k not in O.DEFAULTS}
    assert not unmodelled, f"the oracle does not model {unmodelled} of preset {preset}"

    @given(K.setups(st.just(rules)), K.randoms())
    @K.prop_settings(3)
    def inner(setup: K.Setup, rng: random.Random) -> None:
        play_against_oracle(setup, rng)

    inner()
