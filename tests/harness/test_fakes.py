"""Testing the tester: fake engines over stdio (tests/fakes/fake_engine.py), each the
reference server with one fault or one limit.

A fault errors only the case in hand and the run goes on (the engine is restarted); an
engine that cannot start, or whose hello hangs, stops ``tonk check`` at once with one short
message; an engine that faults on case after case stops the run; a payment-less engine is
still checked on everything else, and fails what it gets wrong; an engine that leaves out
optional fields passes; one that does not play a default gets that case skipped, by name."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tonkcases import CASES

from tonk_ref.adapters.inprocess import reference
from tonk_ref.adapters.stdio_client import StdioAdapter
from tonk_ref.harness.case import Act, Case, Expect
from tonk_ref.harness.runner import Engine, run_case, run_suite
from tonk_ref.harness.scenario import parse_scenario
from tonk_ref.harness.suite import load_suite

FAKE = Path(__file__).resolve().parents[1] / "fakes" / "fake_engine.py"
NAMES = ["h-pass-knock", "h-hit", "h-net", "h-tie-knocker-wins"]


def fake(mode: str, *trigger: str) -> list[str]:
    return [sys.executable, str(FAKE), "--mode", mode, *trigger]


def small() -> list[Case]:
    return [parse_scenario(CASES[n], f"sc/{n}.yaml") for n in NAMES]


@pytest.fixture(scope="module")
def suite() -> list[Case]:
    loaded = load_suite()
    assert not loaded.errors
    return loaded.cases


def run_fake(cases: list[Case], mode: str, *trigger: str, **options: Any) -> dict[str, Any]:
    with StdioAdapter(fake(mode, *trigger), **options) as adapter:
        run = run_suite(adapter, cases)
    return {r.id: r for r in run.results}


def tonk(*args: str, timeout: float = 60) -> tuple[subprocess.CompletedProcess[str], float]:
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "tonk_ref", *args], capture_output=True, text=True,
                          timeout=timeout)
    return proc, time.monotonic() - start


FAULTS = [
    ("crash", {}, "crashed", "fake engine: crashing"),
    ("hang", {"timeout": 0.5}, "timeout", "fake engine: hanging"),
    ("garbage", {}, "garbage", ""),
    ("wrong_id", {}, "wrong_id", ""),
    ("bad_state", {"validate": True}, "schema", ""),
]


@pytest.mark.parametrize(("mode", "options", "kind", "evidence"), FAULTS, ids=[f[0] for f in FAULTS])
def test_a_fault_errors_only_the_case_in_hand(mode: str, options: dict[str, Any], kind: str, evidence: str) -> None:
    results = run_fake(small(), mode, "--action", "hit", **options)
    assert {n: r.status for n, r in results.items()} == {n: "errored" if n == "h-hit" else "passed"
                                                        for n in NAMES if n != "h-tie-knocker-wins"} | {
        "h-tie-knocker-wins": "passed"}
    fault = results["h-hit"].fault
    assert fault is not None and fault.kind == kind
    assert fault.request is not None and '"hit"' in fault.request
    assert evidence in fault.stderr_tail
    assert fault.step == "0 hit 7h 0" or kind in ("timeout",)  # a hang is not replayed to find its step


def test_without_validate_a_bad_state_fails_where_it_is_compared() -> None:
    results = run_fake(small(), "bad_state", "--action", "hit")
    assert results["h-hit"].status == "failed" and results["h-hit"].fault is None
    assert "sideways" in results["h-hit"].message


def test_a_refusal_is_code_1_and_nothing_else() -> None:
    with StdioAdapter(fake("reason_in_other_code")) as adapter:
        engine = Engine.greet(adapter)
        results = {c.id: run_case(c, engine, batch=False) for c in small()}
    hit = results["h-hit"]
    assert hit.status == "errored" and hit.fault is not None and hit.fault.kind == "protocol"
    assert "error -32000" in hit.fault.message
    assert results["h-pass-knock"].status == "passed"


def test_a_chatty_engine_does_not_block() -> None:
    results = run_fake(small(), "chatty", "--chatter", str(256 * 1024))
    assert {r.status for r in results.values()} == {"passed"}


def test_an_engine_without_features_is_checked_step_by_step() -> None:
    results = run_fake(small(), "minimal")
    assert {n: r.status for n, r in results.items()} == dict.fromkeys(NAMES, "passed")
    assert {r.mode for r in results.values()} == {"act"}
    assert [u.why for u in results["h-net"].unchecked] == ["payments"]
    assert [u.why for u in results["h-hit"].unchecked] == ["reasons"]


def _expected_results(case: Case) -> Iterator[dict[str, Any]]:
    for s in case.steps:
        if isinstance(s, Expect) and isinstance(s.state.get("result"), dict):
            yield s.state["result"]
    if case.result is not None:
        yield case.result


def _final(case: Case) -> dict[str, Any]:
    assert case.setup is not None
    state: dict[str, Any] = reference().play(case.setup, case.actions)["state"]
    return state


def test_a_payment_less_engine_fails_the_stock_ties_it_gets_wrong(suite: list[Case]) -> None:
    """It names one winner when players tie at the empty stock: every case that expects
    several winners of a stock_out fails (none is skipped for want of payments); every
    other case passes."""
    hands = [c for c in suite if c.setup is not None and not c.deal_refused and c.kind != "perft"]
    expected = {c.id for c in hands
                if any(len(r.get("winners", [])) > 1 for r in _expected_results(c))
                and (_final(c).get("result") or {}).get("ending") == "stock_out"}
    assert len(expected) >= 5
    results = run_fake(hands, "stock_tie_one_winner")
    failed = {cid for cid, r in results.items() if r.status == "failed"}
    assert failed == expected
    assert all(r.failures[0].cause == "result.winners (after stock_out)" for cid, r in results.items() if cid in failed)
    assert {r.status for cid, r in results.items() if cid not in failed} <= {"passed", "skipped"}
    assert not any(any(n.name == "payments" for n in r.needs) for r in results.values())
    money = [r for r in results.values() if any(u.why == "payments" for u in r.unchecked)]
    assert len(money) >= 300


def test_an_engine_that_omits_every_optional_field_passes(suite: list[Case]) -> None:
    results = run_fake(suite, "omit_optional")
    assert {r.status for r in results.values()} == {"passed"}
    optional = {u.field.split(".")[-1] for r in results.values() for u in r.unchecked}
    assert optional == {"kind", "totals"}


def test_an_engine_that_does_not_play_a_default(suite: list[Case]) -> None:
    chosen = [c for c in suite if c.kind == "scenario"]
    results = run_fake(chosen, "no_default")
    for cid, r in results.items():
        if r.case.ruleset.upcard:
            assert r.status == "skipped", cid
            assert "upcard=true (the default, which the engine does not play)" in r.message
        elif r.status == "skipped":
            assert "upcard" not in r.message
        else:
            assert r.status == "passed", (cid, r.message)
    assert sum(1 for r in results.values() if r.status == "passed") >= 10


def test_a_knock_tie_bug_fails_exactly_the_knock_tie_cases(suite: list[Case]) -> None:
    chosen = [c for c in suite if c.kind == "scenario" and any(
        isinstance(s, Act) and s.action.get("type") == "knock" for s in c.steps)]

    def ties(c: Case) -> bool:
        result = _final(c).get("result") or {}
        totals, knocker = result.get("totals"), result.get("knocker")
        return bool(totals) and knocker is not None and totals[knocker] == min(totals) and totals.count(
            min(totals)) >= 2

    expected = {c.id for c in chosen if c.ruleset.knock_tie == "caught" and ties(c) and any(
        {"ending", "winners", "net", "payments"} & set(r) for r in _expected_results(c))}
    assert expected
    results = run_fake(chosen, "bug_knock_tie")
    assert {cid for cid, r in results.items() if r.status == "failed"} == expected
    assert {r.status for cid, r in results.items() if cid not in expected} == {"passed"}


# ---------------------------------------------------------------------------- failing fast
def test_a_command_that_does_not_exist_is_reported_at_once() -> None:
    # a start timeout far beyond the run: a command that cannot start is not waited for
    proc, seconds = tonk("check", "--adapter-cmd", "no-such-tonk-engine --stdio", "--start-timeout", "60")
    assert proc.returncode == 3
    assert seconds < 30
    lines = proc.stderr.strip().splitlines()
    assert len(lines) < 10, proc.stderr
    assert "no-such-tonk-engine --stdio" in lines[0] and "No such file or directory" in lines[0]
    assert "is the command right?" in lines[0]
    assert proc.stdout == ""


def test_a_hello_that_hangs_stops_the_run_after_one_timeout() -> None:
    proc, seconds = tonk("check", "--adapter-cmd", " ".join(fake("hang", "--method", "hello")),
                         "--start-timeout", "1")
    assert proc.returncode == 3
    assert seconds < 6
    assert "timeout: no answer to hello within 1 s" in proc.stderr
    assert "fake engine: hanging" in proc.stderr


def test_an_engine_that_crashes_on_every_case_after_the_tenth_stops_the_run(tmp_path: Path) -> None:
    count = tmp_path / "dealt"
    out = tmp_path / "report.json"
    cmd = " ".join(fake("crash_after", "--count-file", str(count)))
    proc, _ = tonk("check", "--adapter-cmd", cmd, "--no-features", "--perft-depth", "0", "--json", str(out))
    assert proc.returncode == 3, proc.stdout + proc.stderr
    report = json.loads(out.read_text())
    assert report["counts"]["passed"] >= 1  # the cases of the first ten hands
    assert report["counts"]["errored"] == 10
    assert [c["status"] for c in report["cases"] if c["status"] != "skipped"][-1] == "errored"
    assert report["counts"]["not_run"] > 500
    assert "faulted on 10 cases in a row" in report["run"]["stopped"]
    assert "the run stopped early" in proc.stdout
    assert "fake engine: crashing on hand" in json.dumps(report)
