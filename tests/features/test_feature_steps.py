"""The step library's own behaviour: skipping on undeclared capabilities, clear errors
for bad feature text, refusals that no Then step expected."""

from __future__ import annotations

import re

import pytest

from tonk_ref.adapters.base import Adapter
from tonk_ref.adapters.inprocess import reference
from tonk_ref.harness.execute import Capabilities
from tonk_ref.harness.steps import then, when
from tonk_ref.harness.steps.parse import FeatureTextError, card_names
from tonk_ref.harness.steps.when import parse_move
from tonk_ref.harness.steps.world import Table

Options = dict[str, list[object]]


def _caps(adapter: Adapter, features: tuple[str, ...] = (), options: Options | None = None) -> Capabilities:
    hello = adapter.hello()
    hello["features"] = list(features)
    if options is not None:
        hello["options"] = options
    return Capabilities.from_hello(hello)


def _table(features: tuple[str, ...] = ("payments", "reasons"), options: Options | None = None) -> Table:
    adapter = reference()
    table = Table(adapter, _caps(adapter, features, options))
    table.players, table.dealer = 2, 1
    table.hands = {0: card_names("Ac Ad 2c 2d 3c"), 1: card_names("4c 4d 5c 5d 6c")}
    table.upcard = "7s"
    return table


def test_an_undeclared_option_value_skips() -> None:
    table = _table(options={"knock_tie": ["caught"]})
    with pytest.raises(pytest.skip.Exception, match="knock_tie = 'knocker_wins'"):
        table.set_option("knock_tie", "knocker_wins")


def test_a_default_option_value_needs_no_declaration() -> None:
    table = _table(options={})
    table.set_option("knock_tie", "caught")
    table.deal()
    assert table.dealt


def test_an_undeclared_feature_skips() -> None:
    table = _table(features=())
    when.knocks(table, "0")
    with pytest.raises(pytest.skip.Exception, match="'payments'"):
        then.net_result(table, "+1, -1")


def test_unknown_option_and_value_are_feature_errors() -> None:
    table = _table()
    with pytest.raises(FeatureTextError, match="unknown ruleset option 'knock_ties'"):
        table.set_option("knock_ties", "caught")
    with pytest.raises(FeatureTextError, match="allowed: caught, knocker_wins"):
        table.set_option("knock_tie", "maybe")


def test_a_seat_without_a_hand_is_named() -> None:
    table = _table()
    del table.hands[1]
    with pytest.raises(FeatureTextError, match=re.escape("'And seat 1 holds ...'")):
        table.deal()


def test_a_bad_card_in_a_given_step_is_a_clear_error() -> None:
    with pytest.raises(FeatureTextError, match="'1x' is not a card"):
        card_names("Ac 1x")


def test_a_bad_move_is_a_clear_error() -> None:
    with pytest.raises(FeatureTextError, match="'pass' is not a move"):
        parse_move(" pass")


def test_an_unexpected_refusal_fails_the_next_step() -> None:
    table = _table()
    when.discards(table, "1", "4c")  # seat 0 is to act
    with pytest.raises(AssertionError, match="seat 1 discarding 4c was refused \\(not_your_turn"):
        then.seat_to_act(table, "0")


def test_an_accepted_action_fails_a_refusal_step() -> None:
    table = _table()
    when.draws(table, "0", "stock")
    with pytest.raises(AssertionError, match="expected the action to be refused, but it was accepted"):
        then.action_verdict(table, "refused")


def test_reason_codes_compared_only_when_declared() -> None:
    strict = _table(features=("reasons",))
    when.discards(strict, "0", "4c")
    with pytest.raises(AssertionError, match="refused for 'must_draw_first'"):
        then.action_refused_as(strict, "not_in_hand")
    lenient = _table(features=())
    when.discards(lenient, "0", "4c")
    then.action_refused_as(lenient, "not_in_hand")
    then.state_unchanged(lenient)


def test_a_wrong_net_result_fails_with_both_results() -> None:
    table = _table()
    when.knocks(table, "0")
    with pytest.raises(AssertionError, match=r"expected the net result -1, \+1, got \+1, -1"):
        then.net_result(table, "-1, +1")
    with pytest.raises(FeatureTextError, match="does not sum to zero"):
        then.net_result(table, "+1, +1")
