"""The steps that score a hand for points through the match method ``score``
(VAR-POINTS-1): they skip without the match feature, read the hand's own result, refuse
to score a hand that goes on or whose result has no totals, and fail with both figures."""

from __future__ import annotations

import pytest

from tonk_ref.adapters.inprocess import reference
from tonk_ref.harness.execute import Capabilities
from tonk_ref.harness.steps import then, when
from tonk_ref.harness.steps.parse import card_names
from tonk_ref.harness.steps.world import Table


def _table(features: tuple[str, ...] = ("payments", "reasons", "match")) -> Table:
    adapter = reference()
    hello = adapter.hello()
    hello["features"] = list(features)
    table = Table(adapter, Capabilities.from_hello(hello))
    table.players, table.dealer = 2, 1
    table.set_option("scoring", "points")
    table.hands = {0: card_names("Ac Ad 2c 3d 6h"), 1: card_names("4c 4d 5c 5d 6c")}
    table.upcard = "7s"
    return table


def test_the_hand_just_played_is_scored() -> None:
    table = _table()
    when.knocks(table, "0")  # 13 against 24: A wins
    when.score_this_hand(table, "30, 80")
    then.points_added(table, "0, 24")
    then.scores_now(table, "30, 104")
    then.leave_the_match(table, "1")
    with pytest.raises(AssertionError, match=r"expected the scores \[30, 80\], got \[30, 104\]"):
        then.scores_now(table, "30, 80")
    with pytest.raises(AssertionError, match=r"expected nobody to reach 100 and leave the match, got \[1\]"):
        then.leave_the_match(table, None)


def test_a_described_hand_is_scored_with_its_knocker() -> None:
    table = _table()
    table.players = 3
    when.score_a_hand(table, "knock_caught", "1", "0", "10, 9, 48", "0, 0, 0")
    then.points_added(table, "20, 0, 48")
    when.score_a_hand(table, "tonk_out", "0", None, "0, 29, 29", "10, 20, 30")
    then.scores_now(table, "10, 49, 59")


def test_without_the_match_feature_scoring_skips() -> None:
    table = _table(features=("payments", "reasons"))
    when.knocks(table, "0")
    with pytest.raises(pytest.skip.Exception, match="'match'"):
        when.score_this_hand(table, "0, 0")


def test_a_hand_that_goes_on_cannot_be_scored() -> None:
    table = _table()
    when.draws(table, "0", "stock")
    with pytest.raises(AssertionError, match="the hand is not over"):
        when.score_this_hand(table, "0, 0")


def test_a_result_without_totals_names_the_other_step() -> None:
    table = _table()
    table.hands = {0: card_names("5h 6h 7h 9c 9d"), 1: card_names("4c 4d 5c 5d 6c")}
    table.stock_top = ["9h"]
    for move in ("draw from the stock", "spread 5h 6h 7h", "spread 9c 9d 9h"):
        when.plays(table, "0", move)
    with pytest.raises(AssertionError, match=r"gives no totals to score: use 'When a \.\.\. hand won by seat N"):
        when.score_this_hand(table, "0, 0")
