"""The runner checks every state, result and observation an engine answers against the
protocol's invariants, whatever the case expects: engines that break one fail with
``broken invariant: KIND``, once per kind and case, naming the step; the reference breaks
none."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Any

import invariantfakes as fakes
import pytest
import tonkfake
from tonkcases import CASES, write_cases

from tonk_ref.adapters.inprocess import reference
from tonk_ref.harness.case import Act, Case
from tonk_ref.harness.results import CaseResult
from tonk_ref.harness.runner import Engine, run_case, run_suite
from tonk_ref.harness.scenario import parse_scenario
from tonk_ref.harness.suite import load_suite
from tonk_ref.tools import cli

HERE = Path(__file__).resolve().parent


def case(name: str, extra: str = "") -> Case:
    return parse_scenario(CASES[name] + extra, f"sc/{name}.yaml")


def broken(result: CaseResult) -> list[str]:
    return [f.cause.removeprefix("broken invariant: ") for f in result.failures
            if f.cause.startswith("broken invariant: ")]


@pytest.fixture(scope="module")
def suite() -> list[Case]:
    loaded = load_suite()
    assert not loaded.errors
    return loaded.cases


def test_a_net_that_does_not_sum_to_zero_fails_cases_that_expect_nothing_of_net(suite: list[Case]) -> None:
    """Every written case that ends a hand with a winner fails on the engine whose winners'
    net is doubled, and only those; though none of them expects a net."""
    chosen = [c for c in suite if c.kind in ("scenario", "feature") and c.setup is not None
              and not any(s.kind in ("perft", "call") for s in c.steps)
              and not any("net" in e or "payments" in e for e in c.expectations())]
    assert len(chosen) >= 600
    ref, off = Engine.greet(reference()), Engine.greet(fakes.NetOff())
    winning = 0
    for c in chosen:
        assert run_case(c, ref, batch=False).status == "passed"
        result = ref.adapter.state()["result"]
        wins = result is not None and any(n > 0 for n in result["net"])
        winning += wins
        got = run_case(c, off)
        assert (got.status, broken(got)) == (("failed", ["net_sum", "net_payments"]) if wins else ("passed", [])), c.id
    assert winning >= 60


def test_the_failure_names_the_step_and_says_what_is_wrong_in_one_line() -> None:
    knock = case("h-pass-knock")  # expects ending, winners and totals: no net
    for batch in (True, False):
        result = run_case(knock, Engine.greet(fakes.NetOff()), batch=batch)
        f = result.failures[0]
        assert (result.status, result.mode) == ("failed", "play" if batch else "act")
        assert f.cause == "broken invariant: net_sum" and f.rule == "STAKE-2"
        assert f.message == "result.net sums to 2, not 0: [4, -1, -1]"
        assert (f.step, f.seat, f.action, f.text) == (1, 0, "knock", "0 knock")
        assert result.failures[1].cause == "broken invariant: net_payments"
        assert len(result.failures) == 2  # nothing else: the case expects nothing of net


def test_a_card_shown_twice_is_reported_once_per_case() -> None:
    hit = case("h-hit")
    stepwise = run_case(hit, Engine.greet(fakes.CardTwice()), batch=False)
    assert broken(stepwise) == ["card_twice"]  # every state breaks it; reported once
    f = next(f for f in stepwise.failures if f.cause == "broken invariant: card_twice")
    assert (f.step, f.text, f.rule) == (-1, "the deal", "CARD-1")
    first = reference().new_hand(hit.setup or {})["hands"][0][0]
    assert f.message == f"1 card shown more than once: {first} in hands[0], discard_top"
    batched = run_case(hit, Engine.greet(fakes.CardTwice()))
    assert batched.mode == "play" and broken(batched) == ["card_twice"]
    assert batched.failures[0].step == 5  # the final state of the play: after its last action


def test_an_observation_that_shows_another_seats_hand_is_a_leak() -> None:
    result = run_case(case("h-observe"), Engine.greet(fakes.Peeking()))
    assert result.status == "failed" and broken(result) == ["leak"]
    f, seen = result.failures  # and the case's own check of the cards seat 1 must not see
    assert seen.cause == "observe(1).hidden"
    assert f.step == 0 and f.text == "observe seat 1" and f.rule == "OBS-2"
    assert f.message == 'the observation of seat 1 shows hands[0], hands[2], which seat 1 may not see (stage "start")'
    assert run_case(case("h-observe"), Engine.greet(reference())).status == "passed"


def test_an_action_accepted_after_the_engines_own_state_said_over() -> None:
    """The engine says the hand is over after seat 0's draw, then takes the spread."""
    result = run_case(case("h-hit"), Engine.greet(fakes.EndsEarly()), batch=False)
    assert "after_over" in broken(result)
    f = next(f for f in result.failures if f.cause == "broken invariant: after_over")
    assert (f.step, f.seat, f.action, f.rule) == (1, 0, "spread 4h 5h 6h", "TURN-10")
    assert run_case(case("h-hit"), Engine.greet(reference()), batch=False).status == "passed"


def test_an_expected_refusal_after_the_end_fails_as_that_only() -> None:
    knock = case("h-pass-knock")
    draw = Act(1, {"type": "draw", "from": "stock"}, refuse="hand_over", text="1 draw stock")
    after = dataclasses.replace(knock, steps=(*knock.steps, draw))
    assert run_case(after, Engine.greet(reference()), batch=False).status == "passed"
    result = run_case(after, Engine.greet(fakes.PlaysOn()), batch=False)
    assert [f.cause for f in result.failures] == ["draw accepted, expected refusal as hand_over"]
    accepted = dataclasses.replace(knock, steps=(*knock.steps, dataclasses.replace(draw, refuse=None)))
    result = run_case(accepted, Engine.greet(fakes.PlaysOn()), batch=False)
    assert [f.cause for f in result.failures] == ["broken invariant: after_over"]


def test_the_reference_breaks_no_invariant_action_by_action(suite: list[Case]) -> None:
    """Without ``play`` every case runs step by step: every state of every action, every
    observation and every action after the end are checked."""
    run = run_suite(tonkfake.Without("play"), suite)
    assert run.ok and len(run.results) >= 900
    assert not any(broken(r) for r in run.results)


@pytest.fixture
def tonk(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.syspath_prepend(str(HERE))

    def run(*argv: str | Path) -> tuple[int, str]:
        capsys.readouterr()
        code = cli.main(["check", "--no-progress", *map(str, argv)])
        return code, capsys.readouterr().out

    return run


def test_tonk_check_groups_the_broken_invariants_with_and_without_validate(tonk: Any, tmp_path: Path) -> None:
    sc = tmp_path / "sc"
    write_cases(sc, ["h-pass-knock", "h-hit", "h-tie-knocker-wins"])
    code, out = tonk("--no-features", "--scenarios", sc, "--adapter", "invariantfakes:NetOff")
    assert code == 1 and "broken invariant: net_sum" in out
    assert "result.net sums to 2, not 0: [4, -1, -1]" in out
    engine = f"{sys.executable} {HERE / 'invariantfakes.py'} net_off"
    code, out = tonk("--no-features", "--scenarios", sc, "--adapter-cmd", engine, "--validate")
    assert code == 1 and "broken invariant: net_sum" in out and " 0 errored" in out  # the schemas hold
    code, out = tonk("--no-features", "--scenarios", sc, "--adapter", "tonk_ref.adapters.inprocess:reference")
    assert code == 0 and "broken invariant" not in out
