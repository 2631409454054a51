"""The one runner: typed results, checks gated per expectation rather than per case, optional
fields, an engine that does not play a default, refusals, faults and failing fast."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
import tonkfake
from tonkcases import CASES

from tonk_ref.adapters.base import AdapterFault, FaultKind, Rejected
from tonk_ref.adapters.inprocess import reference
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.harness.case import STEP_FEATURES, Act, Case
from tonk_ref.harness.runner import Engine, EngineUnavailable, run_case, run_suite
from tonk_ref.harness.scenario import parse_scenario
from tonk_ref.harness.suite import load_suite


def case(name: str) -> Case:
    return parse_scenario(CASES[name], f"sc/{name}.yaml")


@pytest.fixture(scope="module")
def suite() -> list[Case]:
    loaded = load_suite()
    assert not loaded.errors
    return loaded.cases


def test_a_passing_case_counts_what_it_checked() -> None:
    result = run_case(case("h-hit"), Engine.greet(reference()))
    assert result.status == "passed" and result.failures == [] and result.fault is None
    assert result.checked >= 8 and result.unchecked == []
    assert result.mode == "play" and result.transcript == []  # kept only for failures (or on request)


def test_a_failure_names_the_step_the_seat_the_action_and_expected_against_actual() -> None:
    bad = dataclasses.replace(case("h-hit"), steps=tuple(
        dataclasses.replace(s, refuse="not_your_turn") if isinstance(s, Act) and s.action.get("type") == "hit" else s
        for s in case("h-hit").steps))
    result = run_case(bad, Engine.greet(reference()))
    assert result.status == "failed"
    (f,) = result.failures
    assert (f.step, f.seat, f.action) == (2, 0, "hit 7h 0")
    assert f.line == 16 and f.text == "0 hit 7h 0"
    assert f.cause == "hit accepted, expected refusal as not_your_turn" and f.rule == "TURN-10"
    assert result.transcript and result.transcript[0].method == "play"


def test_a_wrong_field_is_a_difference_with_its_field_and_values() -> None:
    wrong = dataclasses.replace(case("h-pass-knock"), result={"ending": "knock_won", "winners": [1]})
    result = run_case(wrong, Engine.greet(reference()))
    (f,) = result.failures
    assert f.cause == "result.winners (after knock_won)" and f.step is None and f.after == "0 knock"
    (d,) = f.diffs
    assert (d.field, d.expected, d.actual) == ("result.winners", [1], [0])
    assert str(d) == "result.winners: expected [1], got [0]"


def test_payments_without_the_feature_are_not_checked_but_the_rest_is(suite: list[Case]) -> None:
    """A payment-less engine runs every case whose setup and steps it can play: the endings,
    winners, totals and refusals are checked; net and payments are listed as not checked."""
    engine = Engine.greet(tonkfake.Without("payments"))
    run = run_suite(engine.adapter, suite, engine=engine)
    skipped = [r for r in run.results if r.status == "skipped"]
    assert all("payments" not in str(r.needs) for r in skipped)
    assert all(r.status == "passed" for r in run.results if r.status != "skipped")
    money = [r for r in run.results if any(u.why == "payments" for u in r.unchecked)]
    assert len(money) >= 300
    assert all(r.checked > 0 for r in money)  # each of them checked something else


def test_a_wrong_winner_fails_on_an_engine_without_payments() -> None:
    engine = Engine.greet(tonkfake.Without("payments"))
    wrong = dataclasses.replace(case("h-net"), result={"net": [2, -1, -1], "winners": [2]})
    result = run_case(wrong, engine)
    assert result.status == "failed" and result.failures[0].cause == "result.winners"
    assert [u.field for u in result.unchecked] == ["result.net"]


def test_without_reasons_a_refusal_is_compared_as_a_refusal() -> None:
    engine = Engine.greet(tonkfake.Without("reasons"))
    result = run_case(case("h-hit"), engine)
    assert result.status == "passed"
    assert [(u.field, u.why) for u in result.unchecked] == [("the reason code must_draw_first", "reasons")]
    steps = tuple(dataclasses.replace(s, refuse=None) if isinstance(s, Act) and s.refuse else s
                  for s in case("h-hit").steps)
    accepted = run_case(dataclasses.replace(case("h-hit"), steps=steps), engine)
    assert accepted.status == "failed"
    assert accepted.failures[0].cause == "discard refused as rejected, expected acceptance"


def test_with_reasons_a_wrong_code_fails() -> None:
    steps = tuple(dataclasses.replace(s, refuse="not_your_turn") if isinstance(s, Act) and s.refuse else s
                  for s in case("h-hit").steps)
    result = run_case(dataclasses.replace(case("h-hit"), steps=steps), Engine.greet(reference()))
    assert result.failures[0].cause == "discard refused as must_draw_first, expected not_your_turn"


def test_optional_fields_left_out_are_not_checked_and_required_ones_fail() -> None:
    spread = case("h-hit")  # expects spreads without kinds; add one
    steps = tuple(dataclasses.replace(s, state={"spreads": [{"owner": 0, "kind": "run", "cards": ["4h", "5h", "6h",
                                                                                              "7h"]}]})
                  if s.kind == "expect" and "spreads" in getattr(s, "state", {}) else s for s in spread.steps)
    engine = Engine.greet(tonkfake.RequiredTotalsMissing())
    assert run_case(dataclasses.replace(spread, steps=steps), engine).status == "passed"
    knock = run_case(case("h-pass-knock"), engine)
    assert knock.status == "failed"
    (d,) = knock.failures[0].diffs
    assert str(d) == "result.totals: expected [12, 47, 46], got absent (required after knock_won)"


def test_an_engine_that_does_not_play_a_default_skips_the_cases_that_need_it(suite: list[Case]) -> None:
    engine = Engine.greet(tonkfake.upcard_false_only())
    assert engine.caps.unplayed_defaults() == ["upcard=true"]
    results = [run_case(c, engine) for c in suite]
    ran = [r for r in results if r.status != "skipped"]
    assert ran and all(r.case.ruleset.upcard is False and r.status == "passed" for r in ran)
    seed = next(r for r in results if r.case.ruleset.upcard and not r.case.options)
    assert [str(n) for n in seed.needs] == ["needs option value upcard=true (the default, which the engine does "
                                            "not play)"]


def test_an_undeclared_feature_skips_only_cases_whose_steps_call_it(suite: list[Case]) -> None:
    engine = Engine.greet(tonkfake.Without("observations", "match", "legal_actions"))
    results = [run_case(c, engine) for c in suite]
    causes = Counter(str(n) for r in results if r.status == "skipped" for n in r.needs)
    assert set(causes) == {"needs feature observations", "needs feature match", "needs feature legal_actions"}
    in_part = 0
    for r in results:
        missing = r.case.methods - engine.caps.features
        if r.status == "skipped":
            assert {n.name for n in r.needs} == missing
        elif r.left_out is not None:  # only steps after its first need them: run up to the first
            in_part += 1
            at = r.left_out.at
            assert r.status == "passed" and {n.name for n in r.left_out.needs} == missing and at > 0
            assert not r.case.prefix(at).methods - engine.caps.features
            assert STEP_FEATURES.get(r.case.steps[at].kind) in missing
        else:
            assert r.status == "passed" and not missing
    assert in_part


def test_play_and_step_by_step_agree_on_every_case(suite: list[Case]) -> None:
    engine = Engine.greet(reference())
    played = [run_case(c, engine) for c in suite]
    stepped = [run_case(c, engine, batch=False) for c in suite]
    assert Counter(r.mode for r in played)["play"] > 400
    assert all(r.mode == "act" for r in stepped)
    assert [(r.id, r.status) for r in played] == [(r.id, r.status) for r in stepped]


def test_an_adapter_that_breaks_errors_the_case_and_the_run_goes_on() -> None:
    engine = Engine.greet(tonkfake.odd())
    run = run_suite(engine.adapter, [case("h-pass-knock"), case("h-hit"), case("h-pass-knock")], engine=engine)
    assert [r.status for r in run.results] == ["passed", "errored", "passed"]
    fault = run.results[1].fault
    assert fault is not None and fault.kind == "crashed" and "segmentation fault" in fault.stderr_tail
    assert fault.step == "0 hit 7h 0"  # found by playing the case again step by step
    buggy = run_case(case("h-pass-knock"), Engine.greet(tonkfake.buggy()))
    assert buggy.status == "errored" and buggy.fault is not None and buggy.fault.kind == "adapter"
    assert "KeyError" in buggy.fault.message and "Buggy" not in buggy.fault.message and buggy.fault.traceback


def test_faults_on_many_cases_in_a_row_stop_the_run() -> None:
    engine = Engine.greet(tonkfake.odd())
    cases = [case("h-hit")] * 12 + [case("h-pass-knock")]
    run = run_suite(engine.adapter, cases, engine=engine, stop_after_faults=10)
    assert len(run.results) == 10 and len(run.not_run) == 3
    assert run.stopped is not None and "faulted on 10 cases in a row" in run.stopped and not run.ok


def test_an_engine_that_cannot_greet_is_unavailable() -> None:
    with pytest.raises(EngineUnavailable, match="hello answered no protocol; this runner speaks protocol 1"):
        Engine.greet(tonkfake.hello_without_protocol())
    with pytest.raises(EngineUnavailable, match="options must map each option to the list"):
        Engine.greet(tonkfake.BadHello({"protocol": 1, "options": {"upcard": True}, "features": []}))

    class Dead(tonkfake.InProcessAdapter):
        def hello(self) -> tonkfake.JSON:
            raise AdapterFault(FaultKind.CRASHED, "cannot start x: No such file or directory")

    with pytest.raises(EngineUnavailable) as info:
        run_suite(Dead(), [case("h-pass-knock")])
    assert info.value.fault.kind == "crashed"


def test_without_reasons_a_refusal_must_still_leave_the_state_as_it_was() -> None:
    """An engine that gives no reason codes is checked on what a refusal does: nothing."""

    class Leaky(tonkfake.Without):
        def act(self, seat: int, action: tonkfake.JSON) -> tonkfake.JSON:
            try:
                return super().act(seat, action)
            except Rejected:
                self.restricted.service.hand.apply(self.restricted.service.hand.legal_actions()[0])
                raise

    honest = run_case(case("h-hit"), Engine.greet(tonkfake.Without("reasons")))
    assert honest.status == "passed" and honest.mode == "act"
    leaky = run_case(case("h-hit"), Engine.greet(Leaky("reasons")))
    assert leaky.status == "failed"
    assert leaky.failures[0].cause.startswith("state.")
    assert "changed by a refused action" in leaky.failures[0].message


def test_an_option_the_engine_never_heard_of_is_not_sent_at_its_default(suite: list[Case]) -> None:
    """An engine written before an option was added refuses rulesets that name it; the
    runner sends only the options it declared and the values other than the defaults, so
    such an engine still runs every case that plays the new option at its default."""

    class Older(tonkfake.Options):
        def new_hand(self, setup: tonkfake.JSON) -> tonkfake.JSON:
            self.check(setup)
            return super().new_hand(setup)

        def play(self, setup: tonkfake.JSON, actions: list[tuple[int, tonkfake.JSON]], trace: bool = False
                 ) -> tonkfake.JSON:
            self.check(setup)
            return super().play(setup, actions, trace)

        def check(self, setup: tonkfake.JSON) -> None:
            unknown = set(setup["ruleset"]) - {"knock_tie"}
            if unknown:
                raise Rejected("unsupported_option", f"unknown options {sorted(unknown)}")

    engine = Engine.greet(Older({"knock_tie": ["caught", "knocker_wins"]}))
    seeds = [c for c in suite if c.kind == "scenario" and c.setup is not None and not c.options][:40]
    ties = [c for c in suite if c.kind == "scenario" and c.options == {"knock_tie": "knocker_wins"}]
    results = [run_case(c, engine) for c in [*seeds, *ties]]
    assert ties and {r.status for r in results} == {"passed"}
    assert engine.ruleset_sent(DEFAULT.to_dict()) == {"knock_tie": "caught"}
