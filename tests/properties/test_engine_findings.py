"""Minimal reproductions of the engine bugs the oracle and the property tests found.

Each was first marked ``xfail(strict=True)`` with the reason and, once the engine was
fixed, became a plain regression test.  Decisions
follow the spec text (spec/tonk.md) and the rules brief; the same cases are in
/work/engine-bugs/ as scenario files for the corpus.
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
    st = O.OState.from_json(state_to_json(h))
    kept = ["3h", "7h", "X1", "X2", "2c"]
    assert O.read_spread(kept, st.r) == {"kind": "run", "lo": 3, "hi": 7, "suit": "h"}
    assert all(len(sp) == 5 for sp in O.spreads_within(kept, st.r))
    assert O.check(st, 0, {"type": "discard", "card": "5c"}) == "forced_spread"


def test_forced_spreads_refuse_keeping_a_five_card_wild_run() -> None:
    h = wild_run_hand()
    with pytest.raises(IllegalAction) as e:
        h.copy().apply(A.discard(parse_card("5c")), 0)
    assert e.value.reason == "forced_spread"
