"""The tonk pytest plugin, run in-process with pytester on small temporary projects."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from tonkcases import write_cases

import tonk_ref.adapters.inprocess
import tonk_ref.adapters.stdio_client
import tonk_ref.harness.rulebook
import tonk_ref.harness.steps  # noqa: F401 - imported once here, not again in every pytester run
from tonk_ref.harness.report import REPORT_SCHEMA

HERE = Path(__file__).resolve().parent
ODD = "--tonk-adapter=tonkfake:odd"
QUIET = ("-p", "no:cacheprovider", "-p", "no:hypothesispytest")


def project(pytester: pytest.Pytester, names: list[str] | None = None, ini: bool = True) -> Path:
    """Scenario files under sc/, the fake adapters as tonkfake.py, and an ini naming sc."""
    d = pytester.path / "sc"
    write_cases(d, names)
    pytester.makepyfile(tonkfake=(HERE / "tonkfake.py").read_text(encoding="utf-8"))
    pytester.syspathinsert()
    if ini:
        pytester.makeini("[pytest]\ntonk_scenarios = sc\n")
    return d


def run(pytester: pytest.Pytester, *args: str) -> tuple[pytest.RunResult, dict[str, Any]]:
    out = pytester.path / "report.json"
    result = pytester.runpytest("sc", *QUIET, "-ra", f"--tonk-json={out}", *args)
    report = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    return result, report


def statuses(report: dict[str, Any]) -> dict[str, str]:
    return {c["id"]: c["status"] for c in report["cases"]}


def test_does_nothing_unless_asked(pytester: pytest.Pytester) -> None:
    project(pytester, ini=False)
    pytester.makepyfile(test_plain="def test_one():\n    assert 1 + 1 == 2\n")
    result = pytester.runpytest(*QUIET)
    result.assert_outcomes(passed=1)
    assert "tonk conformance" not in result.stdout.str() and "tonk:" not in result.stdout.str()
    # asked through the ini option, the same folder yields one item per case, named by id
    pytester.makeini("[pytest]\ntonk_scenarios = sc\n")
    result = pytester.runpytest(*QUIET, "--collect-only", "-q", ".")
    assert "sc/h-pass-knock.yaml::h-pass-knock" in result.stdout.str()
    assert "6 tests collected" in result.stdout.str() or "7 tests collected" in result.stdout.str()


def test_outcomes_are_counted_apart(pytester: pytest.Pytester) -> None:
    project(pytester)
    result, report = run(pytester, ODD)
    result.assert_outcomes(passed=1, failed=1, skipped=3, errors=1)
    assert statuses(report) == {
        "h-pass-knock": "passed",
        "h-fail-ending": "failed",
        "h-net": "skipped",
        "h-observe": "skipped",
        "h-tie-knocker-wins": "skipped",
        "h-hit": "errored",
    }
    c = report["counts"]
    assert (c["passed"], c["failed"], c["skipped"], c["errored"], c["known"]) == (1, 1, 3, 1, 0)
    assert "cases: 1 passed, 1 failed, 3 skipped, 1 errored" in result.stdout.str()
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_skips_name_the_missing_option_or_feature(pytester: pytest.Pytester) -> None:
    project(pytester, ["h-net", "h-observe", "h-tie-knocker-wins"])
    result, report = run(pytester, ODD)
    result.assert_outcomes(skipped=3)
    messages = {c["id"]: c["message"] for c in report["cases"]}
    assert messages["h-tie-knocker-wins"] == "option values not declared: knock_tie='knocker_wins'"
    assert messages["h-net"] == "features not declared: payments"
    assert messages["h-observe"] == "features not declared: observations"
    result.stdout.fnmatch_lines(["SKIPPED*option values not declared: knock_tie='knocker_wins'*"])
    # the profile of that option is reported as skipped, not failed; seed passes
    verdicts = {p["name"]: p["verdict"] for p in report["profiles"] if p["cases"]}
    assert verdicts == {"seed": "skipped", "knock_tie=knocker_wins": "skipped"}


def test_a_failure_shows_the_case_message_not_a_traceback(pytester: pytest.Pytester) -> None:
    project(pytester, ["h-fail-ending"])
    result, report = run(pytester)
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    assert "sc/h-fail-ending.yaml:1: result.ending: expected 'knock_caught', got 'knock_won'" in out
    assert "Traceback" not in out and "runtest" not in out and "CaseFailed" not in out
    diff = "sc/h-fail-ending.yaml:1: result.ending: expected 'knock_caught', got 'knock_won'"
    title = "case h-fail-ending: the same knock, with a wrong expected ending"
    assert report["cases"][0]["message"] == f"{diff}\n{title}"
    # the short summary leads with the difference (cut to the terminal's width)
    result.stdout.fnmatch_lines(["FAILED sc/h-fail-ending.yaml::h-fail-ending - sc/h-fail-ending.yaml:1: result*"])


def test_an_engine_fault_is_an_error_with_request_answer_and_stderr(pytester: pytest.Pytester) -> None:
    project(pytester, ["h-hit", "h-pass-knock"])
    result, report = run(pytester, ODD)
    result.assert_outcomes(passed=1, errors=1)  # the run went on after the fault
    out = result.stdout.str()
    assert "engine fault (crashed): the engine exited (exit code 139)" in out
    assert "last request: {" in out and '"hit"' in out
    assert "answer: null" in out
    assert "| engine: segmentation fault in hit()" in out
    case = {c["id"]: c for c in report["cases"]}["h-hit"]
    assert case["status"] == "errored" and "segmentation fault" in case["message"]


def test_an_adapter_that_raises_errors_the_case_with_its_traceback(pytester: pytest.Pytester) -> None:
    project(pytester, ["h-pass-knock", "h-hit"])
    result, report = run(pytester, "--tonk-adapter=tonkfake:buggy")
    result.assert_outcomes(passed=1, errors=1)  # h-hit has no knock
    case = {c["id"]: c for c in report["cases"]}["h-pass-knock"]
    assert case["status"] == "errored"
    assert case["message"].startswith("engine fault (adapter): KeyError: 'result'")
    assert "tonkfake.py" in case["message"]  # the frame that raised


def test_an_engine_that_cannot_start_errors_every_case_and_says_so(pytester: pytest.Pytester) -> None:
    project(pytester, ["h-pass-knock", "h-hit", "h-net"])
    result, report = run(pytester, "--tonk-adapter-cmd=/nonexistent/engine --stdio")
    result.assert_outcomes(errors=3)
    assert report["counts"]["errored"] == 3 and report["engine"] is None
    assert "every case that ran errored: is the engine command right?" in result.stdout.str()
    assert "/nonexistent/engine" in report["cases"][0]["message"]


def test_json_report_is_well_formed(pytester: pytest.Pytester) -> None:
    project(pytester)
    _, report = run(pytester, ODD)
    jsonschema.validate(report, REPORT_SCHEMA)
    assert report["engine"]["name"] == "tonk_ref" and report["engine"]["protocol"] == 1
    assert report["run"]["adapter"] == "factory: tonkfake:odd"
    assert report["ok"] is False
    # PAY-KNOCK-2 is cited by h-pass-knock (passed), h-fail-ending (failed), h-net (skipped)
    assert report["rules"]["PAY-KNOCK-2"] == {"passed": 1, "failed": 1, "skipped": 1, "errored": 0, "known": 0}
    assert report["rules"]["HIT-1"] == {"passed": 0, "failed": 0, "skipped": 0, "errored": 1, "known": 0}
    by_id = {c["id"]: c for c in report["cases"]}
    assert by_id["h-tie-knocker-wins"]["options"] == {"knock_tie": "knocker_wins"}
    assert by_id["h-pass-knock"]["source"] == "sc/h-pass-knock.yaml:1"
    assert by_id["h-pass-knock"]["kind"] == "scenario"


def test_junit_xml_keeps_failures_errors_and_skips_apart(pytester: pytest.Pytester) -> None:
    project(pytester)
    xml = pytester.path / "out.xml"
    run(pytester, ODD, f"--junitxml={xml}")
    suite = ET.parse(xml).getroot().find("testsuite")
    assert suite is not None
    assert {k: suite.get(k) for k in ("tests", "failures", "errors", "skipped")} == {
        "tests": "6", "failures": "1", "errors": "1", "skipped": "3"}
    names = {tc.get("name") for tc in suite.iter("testcase")}
    assert "h-hit" in names and "h-pass-knock" in names
    hit = next(tc for tc in suite.iter("testcase") if tc.get("name") == "h-hit")
    assert hit.find("error") is not None


def test_known_failures_are_known_and_stale_ones_are_errors(pytester: pytest.Pytester) -> None:
    project(pytester)
    known = pytester.path / "known.yaml"
    known.write_text(
        "cases:\n"
        "  - {id: h-fail-ending, reason: we think the knock is caught}\n"
        "  - {id: h-hit, reason: our hit crashes}\n"
        "  - {id: h-pass-knock, reason: fixed since}\n",
        encoding="utf-8",
    )
    result, report = run(pytester, ODD, f"--tonk-known-failures={known}")
    result.assert_outcomes(xfailed=2, errors=1, skipped=3)
    st = statuses(report)
    assert (st["h-fail-ending"], st["h-hit"], st["h-pass-knock"]) == ("known", "known", "errored")
    stale = {c["id"]: c for c in report["cases"]}["h-pass-knock"]
    assert stale["stale"] is True and "stale known failure" in stale["message"]
    assert "remove it from the list" in stale["message"]
    assert "XFAIL" in result.stdout.str() and "known failure: our hit crashes" in result.stdout.str()
    assert report["known_failures"]["unmatched"] == []


def test_a_bad_known_failures_file_is_a_usage_error(pytester: pytest.Pytester) -> None:
    project(pytester)
    bad = pytester.path / "known.yaml"
    bad.write_text("cases:\n  - id: h-hit\n    reasn: typo\n", encoding="utf-8")
    result, _ = run(pytester, f"--tonk-known-failures={bad}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*known.yaml:2: cases[[]0[]]: *reasn*"])


def test_a_bad_scenario_file_is_a_collection_error_naming_file_line_field(pytester: pytest.Pytester) -> None:
    d = project(pytester, ["h-pass-knock"])
    bad = (d / "h-pass-knock.yaml").read_text(encoding="utf-8").replace("2d, 3s, 4h", "2d, 1x, 4h")
    (d / "bad.yaml").write_text(bad.replace("id: h-pass-knock", "id: h-bad"), encoding="utf-8")
    result, report = run(pytester, "--continue-on-collection-errors")
    result.assert_outcomes(passed=1, errors=1)
    out = result.stdout.str()
    assert "ERROR collecting sc/bad.yaml" in out
    assert "sc/bad.yaml:8: deal.hands[0][3]: '1x' is not a card" in out
    assert "Traceback" not in out
    assert report["collection_errors"][0]["nodeid"] == "sc/bad.yaml"
    assert report["ok"] is False


def test_table_rules_restrict_the_run(pytester: pytest.Pytester) -> None:
    project(pytester, ["h-pass-knock", "h-tie-knocker-wins"])
    seed = pytester.path / "seed.yaml"
    seed.write_text("preset: seed\n", encoding="utf-8")
    result, report = run(pytester, f"--tonk-rules={seed}")
    result.assert_outcomes(passed=1, deselected=1)
    assert set(statuses(report)) == {"h-pass-knock"}
    tie = pytester.path / "tie.yaml"
    tie.write_text("preset: seed\noptions: {knock_tie: knocker_wins}\n", encoding="utf-8")
    result, report = run(pytester, f"--tonk-rules={tie}")
    result.assert_outcomes(passed=2)
    bad = pytester.path / "bad.yaml"
    bad.write_text("preset: seed\noptions: {knock_tie: knocker}\n", encoding="utf-8")
    result, _ = run(pytester, f"--tonk-rules={bad}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*bad.yaml:2*knock_tie*"])


FEATURE = """\
Feature: knocks for the plugin test
  @id.bdd-knock-tie @PAY-KNOCK-3
  Scenario: a tie under knocker_wins
    Given a deal under knock_tie knocker_wins
    Then the engine answered a state

  @id.bdd-broken @PAY-KNOCK-2
  Scenario: the engine breaks
    Given a deal under knock_tie knocker_wins
    Then the engine breaks

  Scenario: not a tonk case
    Then nothing happens
"""

BINDING = """\
from pytest_bdd import given, then, scenarios
from tonk_ref.adapters.base import AdapterFault
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.engine.cards import names
from tonk_ref.engine.stacking import stack_deck
from tonk_ref.engine.cards import parse_card

scenarios("knock.feature")

@given("a deal under knock_tie knocker_wins", target_fixture="state")
def deal(tonk_adapter, tonk_caps):
    hands = [[parse_card(c) for c in h.split()] for h in ("Ac 2c 2d 3s 4h", "Kd Qd Jd 9h 8s", "Kc Qc Jc 9c 7s")]
    deck = names(stack_deck(3, 2, hands, parse_card("Kh"), []))
    rules = DEFAULT.replace(knock_tie="knocker_wins").to_dict()
    return tonk_adapter.new_hand({"ruleset": rules, "players": 3, "dealer": 2, "stake": 1, "deck": deck})

@then("the engine answered a state")
def answered(state):
    assert state["to_act"] == 0

@then("the engine breaks")
def breaks():
    raise AdapterFault("timeout", "no answer within 0.1 s", {"request": "{...}", "stderr_tail": "stuck"})

@then("nothing happens")
def nothing():
    pass
"""


def test_gherkin_scenarios_are_cases_with_ids_rules_and_options(pytester: pytest.Pytester) -> None:
    project(pytester, [])
    pytester.makefile(".feature", knock=FEATURE)
    pytester.makepyfile(test_bdd=BINDING)
    out = pytester.path / "report.json"
    result = pytester.runpytest("test_bdd.py", *QUIET, f"--tonk-json={out}")
    result.assert_outcomes(passed=2, errors=1)
    report = json.loads(out.read_text(encoding="utf-8"))
    cases = {c["id"]: c for c in report["cases"]}
    assert set(cases) == {"bdd-knock-tie", "bdd-broken"}  # the untagged scenario is not a case
    tie = cases["bdd-knock-tie"]
    assert (tie["kind"], tie["status"], tie["rules"]) == ("feature", "passed", ["PAY-KNOCK-3"])
    assert tie["options"] == {"knock_tie": "knocker_wins"}
    assert tie["source"].endswith("knock.feature:3")
    broken = cases["bdd-broken"]
    assert broken["status"] == "errored" and "engine fault (timeout)" in broken["message"]
    assert "| stuck" in broken["message"]
    profile = {p["name"]: p for p in report["profiles"]}["knock_tie=knocker_wins"]
    assert profile["counts"]["passed"] == 1 and profile["verdict"] == "fail"


def test_xdist_gives_the_totals_of_a_serial_run(pytester: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    project(pytester)
    _, serial = run(pytester)
    result, parallel = run(pytester, "-n", "2")
    result.assert_outcomes(passed=5, failed=1)
    assert parallel["counts"] == serial["counts"]
    assert parallel["rules"] == serial["rules"]
    assert statuses(parallel) == statuses(serial)
    assert parallel["run"]["workers"] == 2
    assert parallel["engine"] == serial["engine"]
