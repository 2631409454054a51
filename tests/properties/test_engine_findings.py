"""Minimal reproductions of the engine bugs the oracle and the property tests found.

Each was first marked ``xfail(strict=True)`` with the reason and, once the engine was
fixed, became a plain regression test.  Decisions follow the spec text (spec/tonk.md)
and the rules brief; scenarios/regress/ holds the corpus's cases for the bugs found.
"""

from __future__ import annotations

import oracle as O
import pytest

from tonk_ref.engine import actions as A
from tonk_ref.engine.actions import IllegalAction
from tonk_ref.engine.cards import pack_mask, parse_card
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.engine.serialize import state_to_json
from tonk_ref.engine.stacking import stack_deck


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def wild_run_hand() -> Hand:
    rules = DEFAULT.replace(forced_spreads=True, jokers=2, deuces_wild=True, wild_min_naturals=2)
    deck = stack_deck(2, 1, [cards("3h 7h X1 X2 5c"), cards("Kd Qd 9s 8s 6d")], parse_card("Kh"), cards("2c"),
                      pack=pack_mask(52, 2))
    h = Hand(deck, 2, 1, 1, rules)
    h.apply(A.draw("stock"), 0)
    return h


def test_the_oracle_reads_the_five_card_wild_run() -> None:
    """The oracle's side of the finding (not xfail): 3h 7h X1 X2 2c is the run 3-7 of
    hearts with two natural cards, and no 3- or 4-card part of it is a spread."""
    h = wild_run_hand()
    st = O.from_json(state_to_json(h))
    kept = ["3h", "7h", "X1", "X2", "2c"]
    assert O.read_spread(kept, st.r) == O.Shape("run", suit="h", lo=3, hi=7)
    assert all(len(sp) == 5 for sp in O.spreads_within(kept, st.r))
    assert O.check(st, 0, {"type": "discard", "card": "5c"}) == "forced_spread"


def test_forced_spreads_refuse_keeping_a_five_card_wild_run() -> None:
    h = wild_run_hand()
    with pytest.raises(IllegalAction) as e:
        h.copy().apply(A.discard(parse_card("5c")), 0)
    assert e.value.reason == "forced_spread"


def wild_hits_hand() -> Hand:
    """Seat 0 lays 5s 6s X1 (the run 5-6-7 of spades, the joker above), hits the wild 2s
    (it cannot stand as itself there, so it extends the run upward: 5-8) and hits 4s (4-8)."""
    rules = DEFAULT.replace(jokers=2, deuces_wild=True)
    deck = stack_deck(2, 1, [cards("5s 6s X1 2s 4s"), cards("Kd Qd 9c 8c 6d")], parse_card("Kh"), cards("Kc"),
                      pack=pack_mask(52, 2))
    h = Hand(deck, 2, 1, 1, rules)
    for a in (A.draw("stock"), A.spread(cards("5s 6s X1")), A.hit(parse_card("2s"), 0), A.hit(parse_card("4s"), 0)):
        h.apply(a, 0)
    return h


def test_the_oracle_keeps_where_the_wild_cards_stand() -> None:
    """Played through the oracle the run is 4-8 of spades: 3s fits below it, 7s nowhere."""
    h = wild_hits_hand()
    st = O.deal(_deck_names(h), 2, 1, 1, h.rules.to_dict())
    for a in ({"type": "draw", "from": "stock"}, {"type": "spread", "cards": ["5s", "6s", "X1"]},
              {"type": "hit", "card": "2s", "spread": 0}, {"type": "hit", "card": "4s", "spread": 0}):
        st = O.apply(st, 0, a)
    run = st.spreads[0]
    assert (run.shape.lo, run.shape.hi) == (4, 8)
    assert O.fits(run, "3s", st.r) is not None and O.fits(run, "7s", st.r) is None


def _deck_names(h: Hand) -> list[str]:
    from tonk_ref.engine.cards import NAMES

    return [NAMES[c] for c in h._deck]


def test_a_run_with_wild_cards_survives_a_json_round_trip() -> None:
    from tonk_ref.engine.serialize import state_from_json

    h = wild_hits_hand()
    back = state_from_json(state_to_json(h))
    assert back == h
