"""Invariants of every hand under random play (OpenSpiel's random-simulation battery),
over random decks, every preset of spec/rulesets/, rulesets with every option drawn at
random, and action streams mixing legal actions with random well-formed ones."""

from __future__ import annotations

import random

import propkit as K
from hypothesis import given

from tonk_ref.engine.serialize import state_to_json


@given(K.setups(), K.randoms())
@K.prop_settings(40)
def test_the_52_cards_are_conserved_in_every_state(setup: K.Setup, rng: random.Random) -> None:
    deck = setup.json()["deck"]
    K.holds_throughout(setup.hand(), rng, lambda h: K.check_conservation(state_to_json(h), deck))


@given(K.setups(), K.randoms())
@K.prop_settings(30)
def test_exactly_one_seat_may_act_until_the_hand_is_over_and_none_after(setup: K.Setup, rng: random.Random) -> None:
    h = setup.hand()
    K.holds_throughout(h, rng, K.check_one_actor)
    K.check_one_actor(h)


@given(K.setups(), K.randoms())
@K.prop_settings(60)
def test_payments_sum_to_zero_and_net_is_their_sum(setup: K.Setup, rng: random.Random) -> None:
    h = setup.hand()
    for _ in K.walk(h, rng, illegal_rate=0.0, knock_weight=0.5):
        pass
    assert h.is_over
    K.check_payments(h)


@given(K.setups(), K.randoms())
@K.prop_settings(30)
def test_an_illegal_action_leaves_the_state_identical(setup: K.Setup, rng: random.Random) -> None:
    h = setup.hand()
    refused = 0
    for step in K.walk(h, rng, illegal_rate=0.5):
        if not step.accepted:
            refused += 1
            assert h == step.before, f"{step.action} was refused ({step.reason}) but changed the hand"
            assert state_to_json(h) == state_to_json(step.before)
    assert h.is_over


@given(K.setups(), K.randoms())
@K.prop_settings(20)
def test_the_same_deck_and_actions_give_the_same_states(setup: K.Setup, rng: random.Random) -> None:
    h = setup.hand()
    moves = []
    states = [state_to_json(h)]
    for step in K.walk(h, rng):
        moves.append((step.seat, step.action))
        states.append(state_to_json(h))
    again = setup.hand()
    replayed = [state_to_json(again)]
    for seat, action in moves:
        try:
            again.apply(action, seat)
        except Exception:
            pass
        replayed.append(state_to_json(again))
    assert replayed == states
    assert again == h


@given(K.setups(), K.randoms())
@K.prop_settings(20)
def test_every_state_survives_a_json_round_trip(setup: K.Setup, rng: random.Random) -> None:
    h = setup.hand()
    K.check_round_trip(h)
    for step in K.walk(h, rng):
        if step.accepted:
            K.check_round_trip(h)
            # and play goes on identically from the rebuilt state
            back = K.state_from_json(state_to_json(step.before))
            back.apply(step.action, step.seat)
            assert state_to_json(back) == state_to_json(h)


@given(K.setups(), K.randoms())
@K.prop_settings(25)
def test_no_observation_reveals_another_hand_or_the_pile_below_its_top(setup: K.Setup, rng: random.Random) -> None:
    h = setup.hand()
    K.check_observations(h)
    for _step in K.walk(h, rng, illegal_rate=0.0):
        K.check_observations(h)


@given(K.setups(), K.randoms())
@K.prop_settings(15)
def test_legal_actions_are_accepted_and_every_other_well_formed_action_refused(
    setup: K.Setup, rng: random.Random
) -> None:
    h = setup.hand()
    for step in [None, *K.walk(h, rng, illegal_rate=0.0)]:
        if h.is_over:
            break
        seat = h.to_act
        assert seat is not None
        legal = {K.action_key(a) for a in h.legal_actions()}
        assert len(legal) == len(h.legal_actions()), "legal_actions() lists an action twice"
        seen_legal = set()
        for a in K.enumerate_well_formed(h, seat, rng=rng):
            key = K.action_key(a)
            why = K.reason(h, seat, a)
            if key in legal:
                assert why is None, f"{a} is in legal_actions() but refused ({why})"
                seen_legal.add(key)
            else:
                assert why is not None, f"{a} is accepted but not in legal_actions()"
        assert seen_legal == legal, f"legal_actions() lists actions outside the enumeration: {legal - seen_legal}"
        del step


@given(K.setups(), K.randoms())
@K.prop_settings(20)
def test_legal_actions_of_some_kinds_are_those_of_the_full_list(setup: K.Setup, rng: random.Random) -> None:
    """legal_actions(kinds=...) lists exactly the actions of those types that the full
    list holds, in the same order, in every state of random play."""
    kinds = ("knock", "draw", "spread", "hit", "discard")

    def same(h: K.Hand) -> None:
        every = h.legal_actions()
        for k in kinds:
            assert h.legal_actions(kinds=(k,)) == [a for a in every if a.type == k]
        assert h.legal_actions(kinds=("spread", "discard")) == [a for a in every if a.type in ("spread", "discard")]

    K.holds_throughout(setup.hand(), rng, same)
