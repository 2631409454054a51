"""Readings the spec once left open, decided (spec/tonk.md, "Readings decided"): the cut is
made from the table's pack without its jokers (DEALER-1), and a table that plays for stakes
keeps no score (VAR-POINTS-1). The play readings are cases in scenarios/regress."""

from __future__ import annotations

import pytest
from enginekit import cards

from tonk_ref.adapters.base import Rejected
from tonk_ref.adapters.match_service import MATCH_METHODS
from tonk_ref.engine.match import MatchError, cut, scored_points
from tonk_ref.engine.result import Result
from tonk_ref.engine.ruleset import DEFAULT

rule = pytest.mark.rule

FORTY = DEFAULT.replace(deck=40)


@rule("DEALER-1")
def test_a_cut_under_the_40_card_pack_takes_only_its_cards() -> None:
    assert cut(3, cards("7s Jd 4h"), FORTY).dealer == 1
    with pytest.raises(MatchError, match="not in the pack of 40 cards"):
        cut(3, cards("Kc 9c 2h"), FORTY)
    assert cut(3, cards("Kc 9c 2h")).dealer == 0  # the 52-card pack holds the nine


@rule("DEALER-1")
def test_a_cut_naming_a_joker_is_refused_even_where_the_pack_holds_jokers() -> None:
    with pytest.raises(MatchError, match="jokers take no part in the cut"):
        cut(3, cards("Kc X1 2h"), DEFAULT.replace(jokers=2))
    with pytest.raises(Rejected) as caught:
        MATCH_METHODS["cut"]({"players": 3, "cards": ["Kc", "9c", "2h"], "ruleset": {"deck": 40}})
    assert caught.value.reason == "invalid_setup"


@rule("VAR-POINTS-1")
def test_a_table_playing_for_stakes_scores_no_points() -> None:
    caught = Result("knock_caught", (1,), (), (0, 0, 0), (12, 9, 30), 0)
    assert scored_points(DEFAULT, caught, [12, 9, 30]) == (0, 0, 0)
    assert scored_points(DEFAULT.replace(scoring="points"), caught, [12, 9, 30]) == (24, 0, 30)
    answer = MATCH_METHODS["score"]({
        "players": 3, "scores": [95, 0, 99], "ruleset": {},
        "result": {"ending": "knock_caught", "winners": [1], "totals": [12, 9, 30], "knocker": 0},
    })
    assert answer == {"points": [0, 0, 0], "scores": [95, 0, 99], "out": []}
