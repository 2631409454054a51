"""The step compiler: what a Gherkin scenario compiles to (the deal, actions expected to be
accepted or refused, expectations, match requests), the clear errors of bad feature text,
and the outcomes of its case on engines that declare less."""

from __future__ import annotations

import re

import pytest

from tonk_ref.adapters.inprocess import reference
from tonk_ref.harness.case import Act, Call, Case, Expect, Legal, Observe
from tonk_ref.harness.gherkin import FeatureError, Scenario, compile_scenario
from tonk_ref.harness.runner import Engine, run_case
from tonk_ref.harness.steps.parse import FeatureTextError, card_names

TABLE = [
    ("given", "a 2-player hand dealt by seat 1"),
    ("given", "seat 0 holds Ac Ad 2c 2d 3c"),
    ("given", "seat 1 holds 4c 4d 5c 5d 6c"),
    ("given", "the upcard is 7s"),
]


def compile_steps(*steps: tuple[str, str], table: bool = True, tables: dict[int, list[list[str]]] | None = None
                  ) -> Case:
    lines = [*(TABLE if table else []), *steps]
    return compile_scenario(Scenario(
        id="t-case", title="a test", rules=("TURN-2",), source="features/t.feature", line=1,
        steps=tuple((kind, text, 10 + i, (tables or {}).get(i)) for i, (kind, text) in enumerate(lines))))


def test_the_given_steps_become_the_setup() -> None:
    case = compile_steps(("given", "the ruleset has knock_tie = knocker_wins"), ("given", "the stake is 3"),
                         ("when", "seat 0 knocks"))
    assert case.setup is not None
    assert (case.setup["players"], case.setup["dealer"], case.setup["stake"]) == (2, 1, 3)
    assert case.setup["deck"][:11] == ["Ac", "4c", "Ad", "4d", "2c", "5c", "2d", "5d", "3c", "6c", "7s"]
    assert case.options == {"knock_tie": "knocker_wins"}
    assert case.kind == "feature" and case.steps == (Act(0, {"type": "knock"}, line=16, text="seat 0 knocks"),)


def test_an_action_is_accepted_unless_the_next_step_refuses_it() -> None:
    case = compile_steps(("when", "seat 1 discards 4c"), ("then", "the action is refused as not_your_turn"),
                         ("then", "the state is unchanged"), ("when", "seat 0 draws from the stock"),
                         ("then", "seat 0 is to act"))
    first, second, third = case.steps
    assert isinstance(first, Act) and first.refuse == "not_your_turn" and first.unchanged
    assert isinstance(second, Act) and second.refuse is None
    assert third == Expect({"to_act": 0}, line=18, text="seat 0 is to act")


def test_in_a_turn_of_moves_a_refusal_is_about_the_last_move() -> None:
    case = compile_steps(("when", "seat 0 plays: draw stock, spread 2c 2d 2h, hit 9h 0"),
                         ("then", "the action is refused"))
    refusals = [s.refuse for s in case.steps if isinstance(s, Act)]
    assert refusals == [None, None, True]
    assert [s.notation for s in case.steps if isinstance(s, Act)] == ["0 draw stock", "0 spread 2c 2d 2h",
                                                                     "0 hit 9h 0"]


def test_running_the_stock_dry_is_written_out_from_the_deal() -> None:
    dry = "the players draw from the stock and discard the card drawn until the stock is empty"
    case = compile_steps(("when", dry))
    acts = [s for s in case.steps if isinstance(s, Act)]
    assert case.setup is not None
    stock = case.setup["deck"][11:]
    assert len(acts) == 2 * len(stock) == 82
    assert [a.seat for a in acts[:6]] == [0, 0, 1, 1, 0, 0]
    assert acts[1].action == {"type": "discard", "card": stock[0]} and acts[-1].action["card"] == stock[-1]
    result = run_case(case, Engine.greet(reference()))
    assert result.status == "passed"


def test_then_steps_become_expectations_observations_legal_actions_and_calls() -> None:
    case = compile_steps(
        ("when", "seat 0 knocks"), ("then", "the hand ends as knock_won"), ("then", "seat 1 pays seat 0 1"),
        ("then", "nobody pays"), ("then", "seat 1 does not see the hand of seat 0"),
        ("then", "the legal actions exclude \"knock\""), ("when", "the deal passes after this hand"),
        ("then", "seat 0 deals next"))
    kinds = [type(s).__name__ for s in case.steps]
    assert kinds == ["Act", "Expect", "Expect", "Expect", "Observe", "Legal", "Call"]
    assert case.steps[2] == Expect({"result": {"pays": [{"payer": 1, "payee": 0, "amount": 1}]}}, line=16,
                                   text="seat 1 pays seat 0 1")
    assert isinstance(case.steps[4], Observe) and case.steps[4].expect == {"hands": {0: None}}
    assert isinstance(case.steps[5], Legal) and case.steps[5].excludes == ({"type": "knock"},)
    call = case.steps[6]
    assert isinstance(call, Call) and call.from_result == ("ending", "winners") and call.expect == {"dealer": 0}
    assert case.methods == {"observations", "legal_actions", "match"}


def test_a_refused_deal_and_match_requests_without_a_hand() -> None:
    refused = compile_steps(("when", "the hand is dealt from a deck without 9s"), ("then", "the deal is refused"))
    assert refused.deal_refused and refused.setup is not None and len(refused.setup["deck"]) == 51
    cut = compile_steps(("given", "a 3-player game"), ("when", "the players cut Kc 5d 2h"),
                        ("then", "seat 0 deals first"), ("then", "the cut takes 1 round"), table=False)
    assert cut.setup is None
    (call,) = cut.steps
    assert isinstance(call, Call) and call.expect == {"dealer": 0, "len(rounds)": 1}
    engine = Engine.greet(reference())
    assert run_case(refused, engine).status == "passed"
    assert run_case(cut, engine).status == "passed"


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ([("given", "the ruleset has knock_ties = caught")], "unknown ruleset option 'knock_ties'"),
        ([("given", "the ruleset has knock_tie = maybe")], "allowed: caught, knocker_wins"),
        ([("given", "the upcard is 1x")], "'1x' is not a card"),
        ([("when", "seat 0 plays: pass")], "'pass' is not an action"),
        ([("then", "the action is refused")], "no action to settle"),
        ([("then", "the deal is refused")], "must follow 'When the hand is dealt'"),
        ([("when", "seat 0 knocks"), ("then", "the state is unchanged")], "follows a refused action"),
        ([("then", "the net result is +1, +1")], "does not sum to zero"),
        ([("when", "seat 0 knocks"), ("given", "the stake is 2")], "described after the hand was dealt"),
        ([("then", "the moon is blue")], "no step definition matches it"),
        ([("then", "seat 0 deals first")], "no request was made"),
    ],
)
def test_bad_feature_text_is_one_clear_error_with_its_line(steps: list[tuple[str, str]], message: str) -> None:
    with pytest.raises(FeatureError, match=message) as info:
        compile_steps(*steps)
    assert str(info.value).startswith("features/t.feature:1") and "t-case" in str(info.value)


def test_a_seat_without_a_hand_is_named() -> None:
    with pytest.raises(FeatureError, match=re.escape("'And seat 1 holds ...'")):
        compile_scenario(Scenario("t", "t", (), "f.feature", 1, (
            ("given", "a 2-player hand dealt by seat 1", 2, None), ("given", "seat 0 holds Ac Ad 2c 2d 3c", 3, None),
            ("given", "the upcard is 7s", 4, None), ("when", "seat 0 knocks", 5, None))))
    with pytest.raises(FeatureTextError, match="'1x' is not a card"):
        card_names("Ac 1x")


def test_the_points_of_the_hand_just_played_come_from_the_engines_result() -> None:
    case = compile_steps(("given", "the ruleset has scoring = points"), ("when", "seat 0 knocks"),
                         ("when", "the hand is scored for points from the scores 30, 80"),
                         ("then", "the points added are 0, 24"), ("then", "the scores are now 30, 104"),
                         ("then", "seat 1 leaves the match"))
    call = case.steps[-1]
    assert isinstance(call, Call) and call.method == "score"
    assert call.from_result == ("ending", "winners", "totals", "knocker")
    assert call.expect == {"points": [0, 24], "scores": [30, 104], "out": [1]}
    assert run_case(case, Engine.greet(reference())).status == "passed"
    wrong = compile_steps(("given", "the ruleset has scoring = points"), ("when", "seat 0 knocks"),
                          ("when", "the hand is scored for points from the scores 30, 80"),
                          ("then", "the scores are now 30, 80"))
    result = run_case(wrong, Engine.greet(reference()))
    assert result.status == "failed"
    assert str(result.failures[0].diffs[0]) == "score.scores: expected [30, 80], got [30, 104]"
    assert (result.failures[0].line, result.failures[0].text) == (17, "the scores are now 30, 80")
    assert result.failures[0].after == "0 knock"


def test_a_wrong_expectation_names_the_step_and_the_action_before_it() -> None:
    case = compile_steps(("when", "seat 0 knocks"), ("then", "the net result is -1, +1"))
    result = run_case(case, Engine.greet(reference()))
    (f,) = result.failures
    assert (f.line, f.text, f.after) == (15, "the net result is -1, +1", "0 knock")
    assert str(f.diffs[0]) == "result.net: expected [-1, 1], got [1, -1]"
