"""How long a hand lasts.

Nothing in the rules bounds a hand.  A player may take the discard instead of drawing
from the stock at every turn, so the stock need never run out, and D10 (the taken card
may not be discarded in the same turn) does not stop a loop: with two players taking the
discard in turn and handing three cards round, the whole state repeats every six turns
(:func:`test_finding_a_hand_can_repeat_forever_when_players_keep_taking_the_discard`).
Under ``empty_stock = reshuffle`` even drawing from the stock never ends the hand.  So
the bound below is statistical, for random play:

* random play that prefers not to knock (a knock weighs 0.002 against 1 for each other
  kind of action, draws from the stock and the pile equally likely) under
  ``empty_stock = play_on`` or ``dead``: over 2,000 hands of 2 and 3 players the longest
  took 229 actions (median 140-160).  The stock empties after about twice its size in
  turns, then each turn ends the hand with probability about 1/2 (drawing from the empty
  stock), so 1,000 actions is out of reach in practice.
* under ``reshuffle`` with no knocking at all, 49 of 300 two-player hands and 19 of 300
  three-player hands did not end within 20,000 actions; with the 0.002 knock weight the
  longest of 1,000 hands took 4,397 actions.  Reported to the lead: the spec has no rule
  that ends such a hand.
"""

from __future__ import annotations

import random

import propkit as K
from hypothesis import given
from hypothesis import strategies as st

from tonk_ref.engine.actions import discard as discard_action
from tonk_ref.engine.actions import draw
from tonk_ref.engine.cards import parse_card
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.engine.serialize import state_to_json
from tonk_ref.engine.stacking import stack_deck

BOUND = 1000


@given(K.setups(K.any_ruleset().filter(lambda r: r.empty_stock != "reshuffle")), K.randoms())
@K.prop_settings(40)
def test_every_hand_ends_within_a_bound_under_play_that_prefers_not_to_knock(
    setup: K.Setup, rng: random.Random
) -> None:
    h = setup.hand()
    steps = sum(1 for _ in K.walk(h, rng, illegal_rate=0.0, knock_weight=0.002, max_actions=BOUND))
    assert h.is_over, f"the hand was still going after {steps} actions"


@given(K.setups(st.just(DEFAULT.replace(empty_stock="reshuffle"))), K.randoms())
@K.prop_settings(10)
def test_under_reshuffle_random_play_that_knocks_now_and_then_ends(setup: K.Setup, rng: random.Random) -> None:
    h = setup.hand()
    steps = sum(1 for _ in K.walk(h, rng, illegal_rate=0.0, knock_weight=0.05, max_actions=20 * BOUND))
    assert h.is_over, f"the hand was still going after {steps} actions"


def test_finding_a_hand_can_repeat_forever_when_players_keep_taking_the_discard() -> None:
    """A: takes the upcard Kh, discards 2c.  B: takes 2c, discards 3d.  A: takes 3d,
    discards Kh.  B: takes Kh, discards 2c.  A: takes 2c, discards 3d.  B: takes 3d,
    discards Kh.  After these six turns every hand, the pile, the stock and the player to
    act are as they were after the deal: the hand can go on forever, with the stock full."""
    cards = [parse_card(c) for c in "2c 5c 9d Jh Qs".split()], [parse_card(c) for c in "3d 6d 8h Tc 4s".split()]
    deck = stack_deck(2, 1, list(cards), parse_card("Kh"))
    h = Hand(deck, 2, 1, 1, DEFAULT)
    start = state_to_json(h)
    cycle = [
        (0, "2c"), (1, "3d"), (0, "Kh"), (1, "2c"), (0, "3d"), (1, "Kh"),
    ]

    def strip(state: dict[str, object]) -> dict[str, object]:
        return {k: v for k, v in state.items() if k != "turn"}

    for lap in range(50):
        for seat, card in cycle:
            h.apply(draw("discard"), seat)
            h.apply(discard_action(parse_card(card)), seat)
        assert strip(state_to_json(h)) == strip(start), f"lap {lap}: the state did not come back"
    assert not h.is_over and h.turn == 300 and h.stock_count == start["stock_count"]
