"""The tonk pytest plugin, run in-process with pytester on small temporary projects."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from tonkcases import write_cases

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
    result.assert_outcomes(passed=2, failed=1, skipped=2, errors=1)
    assert statuses(report) == {
        "h-pass-knock": "passed",
        "h-fail-ending": "failed",
        "h-net": "passed",  # run without payments: its net is not checked, the rest is
        "h-observe": "skipped",
        "h-tie-knocker-wins": "skipped",
        "h-hit": "errored",
    }
    c = report["counts"]
    assert (c["passed"], c["failed"], c["skipped"], c["errored"], c["known"]) == (2, 1, 2, 1, 0)
    assert "cases: 6: 2 passed, 1 failed, 2 skipped, 1 errored" in result.stdout.str()
    net = {x["id"]: x for x in report["cases"]}["h-net"]
    assert net["unchecked"] == [{"field": "result.net", "why": "payments"}]
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_skips_name_the_missing_option_or_feature(pytester: pytest.Pytester) -> None:
    project(pytester, ["h-observe", "h-tie-knocker-wins"])
    result, report = run(pytester, ODD)
    result.assert_outcomes(skipped=2)
    messages = {c["id"]: c["message"] for c in report["cases"]}
    assert messages["h-tie-knocker-wins"] == "needs option value knock_tie=knocker_wins"
    assert messages["h-observe"] == "needs feature observations"
    result.stdout.fnmatch_lines(["SKIPPED*needs option value knock_tie=knocker_wins*"])
    verdicts = {p["name"]: p["verdict"] for p in report["profiles"] if p["cases"]}
    assert verdicts == {"seed": "skipped", "knock_tie=knocker_wins": "skipped"}


def test_a_failure_shows_the_case_detail_not_a_traceback(pytester: pytest.Pytester) -> None:
    project(pytester, ["h-fail-ending"])
    result, report = run(pytester)
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    assert "FAIL h-fail-ending  sc/h-fail-ending.yaml:1  [PAY-KNOCK-2]" in out
    assert "    result.ending: expected knock_caught, got knock_won" in out
    assert "  replay: tonk replay h-fail-ending" in out
    assert "Traceback" not in out and "runtest" not in out and "CaseFailed" not in out
    assert report["cases"][0]["message"] == "result.ending: expected knock_caught, got knock_won"


def test_an_engine_fault_is_an_error_with_request_answer_and_stderr(pytester: pytest.Pytester) -> None:
    project(pytester, ["h-hit", "h-pass-knock"])
    result, report = run(pytester, ODD)
    result.assert_outcomes(passed=1, errors=1)  # the run went on after the fault
    out = result.stdout.str()
    assert "engine fault (crashed): the engine exited (exit code 139)" in out
    assert "during: 0 hit 7h 0" in out
    assert "| engine: segmentation fault in hit()" in out
    case = {c["id"]: c for c in report["cases"]}["h-hit"]
    assert case["status"] == "errored" and case["fault"]["kind"] == "crashed"


def test_an_adapter_that_raises_errors_the_case_with_its_traceback(pytester: pytest.Pytester) -> None:
    project(pytester, ["h-pass-knock", "h-hit"])
    result, report = run(pytester, "--tonk-adapter=tonkfake:buggy")
    result.assert_outcomes(passed=1, errors=1)  # h-hit has no knock
    case = {c["id"]: c for c in report["cases"]}["h-pass-knock"]
    assert case["status"] == "errored"
    assert case["message"].startswith("engine fault (adapter): KeyError: 'result'")
    assert "tonkfake.py" in case["fault"]["traceback"]  # the frame that raised


def test_an_engine_that_cannot_start_ends_the_session_with_one_message(pytester: pytest.Pytester) -> None:
    project(pytester, ["h-pass-knock", "h-hit", "h-net"])
    result, _ = run(pytester, "--tonk-adapter-cmd=/nonexistent/engine --stdio")
    assert result.ret == 3
    out = result.stdout.str()
    assert "the engine could not be used (stdio: /nonexistent/engine --stdio): crashed: cannot start" in out
    assert "is the command right?" in out
    assert out.count("/nonexistent/engine") <= 3


def test_json_report_is_well_formed(pytester: pytest.Pytester) -> None:
    project(pytester)
    _, report = run(pytester, ODD)
    jsonschema.validate(report, REPORT_SCHEMA)
    assert report["engine"]["name"] == "tonk_ref" and report["engine"]["protocol"] == 1
    assert report["run"]["adapter"] == "in process: tonkfake:odd"
    assert report["ok"] is False
    assert report["rules"]["PAY-KNOCK-2"] == {"passed": 2, "failed": 1, "skipped": 0, "errored": 0, "known": 0,
                                              "not_checked": 1}
    assert report["rules"]["HIT-1"]["errored"] == 1
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
        "tests": "6", "failures": "1", "errors": "1", "skipped": "2"}
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
    result.assert_outcomes(passed=1, xfailed=2, errors=1, skipped=2)
    st = statuses(report)
    assert (st["h-fail-ending"], st["h-hit"], st["h-pass-knock"]) == ("known", "known", "errored")
    stale = {c["id"]: c for c in report["cases"]}["h-pass-knock"]
    assert stale["stale"] is True and "remove it from the list" in stale["message"]
    assert "XFAIL" in result.stdout.str() and "known failure: our hit crashes" in result.stdout.str()


def test_a_bad_known_failures_file_is_a_usage_error(pytester: pytest.Pytester) -> None:
    project(pytester)
    usage_error(pytester, "--tonk-known-failures", "cases:\n  - id: h-hit\n    reasn: typo\n",
                "*known.yaml:2: cases[[]0[]]: *reasn*")


def usage_error(pytester: pytest.Pytester, option: str, text: str, line: str) -> None:
    """``option`` naming a file holding ``text`` ends the session as a usage error, with
    one line matching ``line`` on stderr."""
    bad = pytester.path / ("known.yaml" if "known" in option else "bad.yaml")
    bad.write_text(text, encoding="utf-8")
    result, _ = run(pytester, f"{option}={bad}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([line])


def test_a_bad_scenario_file_is_a_collection_error_naming_file_line_field(pytester: pytest.Pytester) -> None:
    d = project(pytester, ["h-pass-knock"])
    bad = (d / "h-pass-knock.yaml").read_text(encoding="utf-8").replace("2d, 3s, 4h", "2d, 1x, 4h")
    (d / "bad.yaml").write_text(bad.replace("id: h-pass-knock", "id: h-bad"), encoding="utf-8")
    result, _ = run(pytester, "--continue-on-collection-errors")
    result.assert_outcomes(passed=1, errors=1)
    out = result.stdout.str()
    assert "ERROR collecting sc/bad.yaml" in out
    assert "sc/bad.yaml:8: deal.hands[0][3]: '1x' is not a card" in out
    assert "Traceback" not in out


def test_table_rules_retarget_the_run(pytester: pytest.Pytester) -> None:
    """--tonk-rules runs every case under the table's rules, as tonk check --rules does: a
    case written for another ruleset runs with the expectations the table changes derived;
    a case whose deal the table's pack cannot hold is skipped, saying why."""
    project(pytester, ["h-pass-knock", "h-tie-knocker-wins"])
    result, report = run(pytester, "--tonk-rules=seed")
    result.assert_outcomes(passed=2)
    origins = {c["id"]: c["origin"] for c in report["cases"]}
    assert origins == {"h-pass-knock": "written", "h-tie-knocker-wins": "derived"}
    tie = pytester.path / "tie.yaml"
    tie.write_text("preset: seed\noptions: {knock_tie: knocker_wins}\n", encoding="utf-8")
    result, report = run(pytester, f"--tonk-rules={tie}")
    result.assert_outcomes(passed=2)
    assert {c["origin"] for c in report["cases"]} == {"written"}
    small = pytester.path / "small.yaml"
    small.write_text("preset: seed\noptions: {deck: 40}\n", encoding="utf-8")
    result, report = run(pytester, f"--tonk-rules={small}", "-rs")
    result.assert_outcomes(passed=2)  # translated to the 40-card pack
    assert {c["origin"] for c in report["cases"]} == {"translated"}
    usage_error(pytester, "--tonk-rules", "preset: seed\noptions: {knock_tie: knocker}\n", "*bad.yaml:2*knock_tie*")


def test_the_features_under_pytest_bdd_run_the_cases_tonk_check_runs(pytester: pytest.Pytester) -> None:
    """pytest-bdd collects the packaged features; each scenario's steps compile to the same
    case the suite loader compiles, and the same runner runs it."""
    from tonk_ref.harness.runner import run_suite
    from tonk_ref.harness.suite import load_suite

    project(pytester, [])
    out = pytester.path / "report.json"
    result = pytester.runpytest("--pyargs", "tonk_ref.harness.feature_suite", *QUIET, f"--tonk-json={out}",
                                "--tonk-adapter=tonkfake:no_payments_no_reasons", "-k", "stock or dealer")
    report = json.loads(out.read_text(encoding="utf-8"))
    import tonkfake

    chosen = {c["id"] for c in report["cases"]}
    assert len(chosen) >= 20
    ours = [c for c in load_suite(features=True, perft_depth=0).cases if c.id in chosen]
    assert len(ours) == len(chosen)
    expected = run_suite(tonkfake.no_payments_no_reasons(), ours).results
    by_id = {r.id: r for r in expected}
    for c in report["cases"]:
        assert c["status"] == by_id[c["id"]].status, c["id"]
        assert c["checked"] == by_id[c["id"]].checked, c["id"]
    result.assert_outcomes(passed=sum(1 for c in report["cases"] if c["status"] == "passed"),
                           skipped=sum(1 for c in report["cases"] if c["status"] == "skipped"))


def test_xdist_gives_the_totals_of_a_serial_run(pytester: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    project(pytester)
    _, serial = run(pytester)
    result, parallel = run(pytester, "-n", "2")
    result.assert_outcomes(passed=5, failed=1)
    assert parallel["counts"] == serial["counts"]
    assert parallel["rules"] == serial["rules"]
    assert statuses(parallel) == statuses(serial)
    assert parallel["engine"] == serial["engine"]


#: What a session without Tonk options loads of the package: the plugin's entry module and
#: the packages it lies in, nothing of the suite.
ENTRY_ONLY = ["tonk_ref", "tonk_ref.tools", "tonk_ref.tools.pytest_plugin"]


def test_a_session_without_tonk_options_loads_the_entry_module_only(pytester: pytest.Pytester,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``pytest11`` entry point is loaded in every session of every project where the
    package is installed: a plain project's session imports nothing of the suite."""
    monkeypatch.setenv("PYTHONPATH", str(HERE.parents[1]))
    pytester.makepyfile(test_plain=(
        "import sys\n\n"
        "def test_one():\n"
        "    loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'tonk_ref')\n"
        "    print('LOADED', loaded)\n"
    ))
    result = pytester.runpytest_subprocess("-s", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    assert f"LOADED {ENTRY_ONLY}" in result.stdout.str()
    # and -p no:tonk loads nothing of the package at all
    result = pytester.runpytest_subprocess("-s", "-p", "no:cacheprovider", "-p", "no:tonk")
    assert "LOADED []" in result.stdout.str()


def test_the_entry_module_alone_imports_quickly() -> None:
    """Importing the entry module, pytest already loaded, adds three modules of the package
    and no other third-party module, in well under a tenth of a second."""
    code = (
        "import sys, time\n"
        "import pytest\n"
        "before = set(sys.modules)\n"
        "t = time.perf_counter()\n"
        "import tonk_ref.tools.pytest_plugin\n"
        "took = time.perf_counter() - t\n"
        "print(sorted(set(sys.modules) - before))\n"
        "print(took)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=HERE.parents[1], env={**os.environ, "PYTHONPATH": str(HERE.parents[1])})
    added, took = proc.stdout.splitlines()
    assert sorted(m for m in ast.literal_eval(added) if m.split(".")[0] != "tonk_ref" and "." not in m) == []
    assert sorted(m for m in ast.literal_eval(added) if m.startswith("tonk_ref")) == ENTRY_ONLY
    assert float(took) < 0.1, took


def test_the_ini_folders_alone_bring_the_plugin_in_under_xdist(pytester: pytest.Pytester) -> None:
    """With only the ini option (no ``--tonk-*``), the first scenario file brings the plugin
    in; under pytest-xdist the controller, which collects nothing, still adds up the run."""
    pytest.importorskip("xdist")
    project(pytester, ["h-pass-knock", "h-net"])
    result = pytester.runpytest("sc", *QUIET, "-n", "2")
    result.assert_outcomes(passed=2)
    assert "tonk conformance" in result.stdout.str()


def test_a_failing_gherkin_item_shows_the_case_detail_not_a_traceback(pytester: pytest.Pytester) -> None:
    """A Gherkin scenario fails (here: the engine breaks on a hit) after pytest-bdd has run
    its steps, inside a hook: the report shows the case's detail, as a YAML item's does."""
    project(pytester, [])
    result = pytester.runpytest("--pyargs", "tonk_ref.harness.feature_suite", *QUIET, ODD, "-k", "hit", "-x")
    out = result.stdout.str()
    assert "ERROR " in out and "segmentation fault in hit()" in out, out
    assert "Traceback" not in out and "_hooks.py" not in out and "EngineBroke" not in out, out
    assert "  engine fault (crashed): the engine exited (exit code 139)" in out
