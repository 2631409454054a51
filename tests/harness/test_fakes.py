"""Testing the tester: the fake engines of tests/fakes/fake_engine.py over stdio.

Each fault errors only the case in hand, and the run goes on (the engine is restarted);
an engine without features gets skips and the ``act`` fallback, never failures; a known
rule bug fails exactly the cases it should, computed from the case data."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from tonkcases import corpus, write_cases

import tonk_ref.adapters.stdio_client
import tonk_ref.harness.rulebook
import tonk_ref.harness.steps  # noqa: F401 - imported once here, not again in every pytester run
from tonk_ref.adapters.inprocess import reference
from tonk_ref.harness.scenario import Case, load_scenario

FAKE = Path(__file__).resolve().parents[1] / "fakes" / "fake_engine.py"
QUIET = ("-p", "no:cacheprovider", "-p", "no:hypothesispytest")
NAMES = ["h-pass-knock", "h-hit", "h-net", "h-tie-knocker-wins"]


def fake(mode: str, *trigger: str) -> str:
    return " ".join([sys.executable, str(FAKE), "--mode", mode, *trigger])


def run(pytester: pytest.Pytester, engine: str, *args: str) -> tuple[pytest.RunResult, dict[str, Any]]:
    out = pytester.path / "report.json"
    result = pytester.runpytest("sc", *QUIET, f"--tonk-adapter-cmd={engine}", f"--tonk-json={out}", *args)
    return result, json.loads(out.read_text(encoding="utf-8"))


def statuses(report: dict[str, Any]) -> dict[str, str]:
    return {c["id"]: c["status"] for c in report["cases"]}


def has_hit(case: Case) -> bool:
    return any((a or {}).get("type") == "hit" for _, a in case.actions)


@pytest.fixture
def small(pytester: pytest.Pytester) -> dict[str, Case]:
    d = pytester.path / "sc"
    write_cases(d, NAMES)
    pytester.makeini("[pytest]\ntonk_scenarios = sc\n")
    return {n: load_scenario(d / f"{n}.yaml") for n in NAMES}


FAULTS = [
    ("crash", (), "engine fault (crashed)", "fake engine: crashing"),
    ("hang", ("--tonk-timeout=0.5",), "engine fault (timeout)", "fake engine: hanging"),
    ("garbage", (), "engine fault (garbage)", "this is not JSON-RPC"),
    ("wrong_id", (), "engine fault (wrong_id)", ""),
    ("bad_state", ("--tonk-validate",), "engine fault (schema)", ""),
]


@pytest.mark.parametrize(("mode", "options", "headline", "evidence"), FAULTS, ids=[f[0] for f in FAULTS])
def test_a_fault_errors_only_the_case_in_hand(pytester: pytest.Pytester, small: dict[str, Case], mode: str,
                                              options: tuple[str, ...], headline: str, evidence: str) -> None:
    result, report = run(pytester, fake(mode, "--action", "hit"), *options)
    expected = {n: "errored" if has_hit(c) else "passed" for n, c in small.items()}
    assert "errored" in expected.values() and "passed" in expected.values()
    assert statuses(report) == expected
    result.assert_outcomes(passed=len(small) - 1, errors=1)
    message = next(c["message"] for c in report["cases"] if c["status"] == "errored")
    assert message.startswith(headline), message
    assert "last request: " in message and '"hit"' in message
    assert evidence in message
    assert report["engine"]["name"] == "tonk_ref"


def test_without_validate_a_bad_state_is_not_checked_against_the_schema(pytester: pytest.Pytester,
                                                                       small: dict[str, Case]) -> None:
    # without --tonk-validate no schema is checked: the bad state is not an engine fault; the
    # case whose state it is fails where it compares that state (the stage is "sideways")
    _result, report = run(pytester, fake("bad_state", "--action", "hit"))
    assert report["counts"]["errored"] == 0
    expected = {n: "failed" if n == "h-hit" else "passed" for n in small}
    assert statuses(report) == expected
    failed = next(c for c in report["cases"] if c["id"] == "h-hit")
    assert "sideways" in failed["message"]


def test_a_chatty_engine_does_not_block(pytester: pytest.Pytester, small: dict[str, Case]) -> None:
    result, report = run(pytester, fake("chatty", "--chatter", str(256 * 1024)))
    result.assert_outcomes(passed=len(small))
    assert report["ok"] is True


def test_an_engine_without_features_gets_skips_and_the_act_fallback(pytester: pytest.Pytester,
                                                                   small: dict[str, Case]) -> None:
    result, report = run(pytester, fake("minimal"))
    assert report["engine"]["features"] == []
    expected = {n: "skipped" if c.features else "passed" for n, c in small.items()}
    assert statuses(report) == expected  # no failures, no errors: play was never called
    assert {n for n, s in expected.items() if s == "passed"} >= {"h-hit", "h-pass-knock"}
    messages = {c["id"]: c["message"] for c in report["cases"]}
    assert messages["h-net"] == "features not declared: payments"
    # the rejection in h-hit names a reason the minimal engine does not give; any refusal will do
    assert "reject: must_draw_first" in (pytester.path / "sc" / "h-hit.yaml").read_text()
    assert result.ret == pytest.ExitCode.OK


def _expects_settlement(case: Case) -> bool:
    """Whether the case's expected results compare something a knock tie decides."""
    results = [case.result] + [(s.expect or {}).get("result") for s in case.steps if s.kind == "expect"]
    return any(isinstance(r, dict) and {"ending", "winners", "net", "payments"} & set(r) for r in results)


def _knocker_ties_lowest(case: Case) -> bool:
    """Play the case on the reference engine: does the knocker tie the lowest total?"""
    final = reference().play(case.setup, [(s, a or {}) for s, a in case.actions])["state"]
    result = final.get("result") or {}
    totals, knocker = result.get("totals"), result.get("knocker")
    if knocker is None or not totals:
        return False
    low = min(totals)
    return totals[knocker] == low and totals.count(low) >= 2


def test_a_knock_tie_bug_fails_exactly_the_knock_tie_cases(pytester: pytest.Pytester) -> None:
    # every corpus case with a knock in its script (the cases a knock-settlement bug can reach)
    chosen = [(f, c) for f, c in corpus() if " knock" in f.read_text(encoding="utf-8")]
    files = [f for f, _ in chosen]
    cases = {c.id: c for _, c in chosen}
    expected = {cid for cid, c in cases.items()
                if c.ruleset.knock_tie == "caught" and _expects_settlement(c) and _knocker_ties_lowest(c)}
    knocker_wins = {cid for cid, c in cases.items() if c.ruleset.knock_tie == "knocker_wins"}
    assert expected, "the corpus has knock-tie cases"
    sc = pytester.path / "sc"
    sc.mkdir()
    for f in files:
        shutil.copy(f, sc / f.name)
    pytester.makeini("[pytest]\ntonk_scenarios = sc\n")
    _, report = run(pytester, fake("bug_knock_tie"))
    st = statuses(report)
    assert set(st) == set(cases)
    failed = {cid for cid, s in st.items() if s == "failed"}
    assert failed == expected
    assert {s for cid, s in st.items() if cid not in expected} == {"passed"}  # ties under knocker_wins too
    assert knocker_wins <= {cid for cid, s in st.items() if s == "passed"}
