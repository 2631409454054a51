"""Reports from typed results: failures grouped by cause, skips with their gain, honest
profile verdicts, per-rule counts, the badge and the text forms."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from tonk_ref.harness.report import PARTLY_CHECKED, REPORT_SCHEMA, assemble, badge, badge_color, percent_passing
from tonk_ref.views.render import console_lines, markdown, rule_table

ENGINE = {"name": "x", "version": "1", "protocol": 1, "options": {}, "features": ["play"]}


def rec(cid: str, status: str, rules: list[str], options: dict[str, Any] | None = None, *,
        cause: str = "", needs: list[tuple[str, str]] = (), unchecked: list[tuple[str, str]] = (),  # type: ignore[assignment]
        rule: str | None = None) -> dict[str, Any]:
    failures = []
    if status in ("failed",):
        failures = [{"step": None, "line": 3, "text": "the final result", "cause": cause, "rule": rule or rules[0],
                     "message": f"{cause}: expected a, got b", "seat": None, "action": None, "after": "0 knock",
                     "diffs": [{"field": cause, "expected": "a", "actual": "b"}]}]
    fault = None
    if status == "errored":
        fault = {"kind": "timeout", "message": "no answer to act within 10 s", "step": "0 knock", "request": "{}",
                 "response": None, "stderr_tail": "stuck", "exit_code": None, "traceback": ""}
    return {"id": cid, "kind": "scenario", "title": f"case {cid}", "source": f"sc/{cid}.yaml:1", "rules": rules,
            "options": options or {}, "status": status, "message": f"{cause or status}", "duration": 0.001,
            "cause": cause or ("engine fault: timeout" if fault else status), "checked": 3,
            "unchecked": [{"field": f, "why": w} for f, w in unchecked],
            "needs": [{"kind": k, "name": n} for k, n in needs], "failures": failures, "fault": fault,
            "stale": False}


CASES = [
    rec("a", "passed", ["PAY-KNOCK-2", "TURN-2"], unchecked=[("result.net", "payments")]),
    rec("b", "failed", ["PAY-KNOCK-2"], cause="result.winners"),
    rec("b2", "failed", ["PAY-STOCK-1"], cause="result.winners"),
    rec("b3", "failed", ["PAY-KNOCK-3"], cause="refused as hit_lock, expected acceptance", rule="VAR-HITLOCK-1"),
    rec("c", "skipped", ["PAY-KNOCK-3"], {"knock_tie": "knocker_wins"}, needs=[("option", "knock_tie=knocker_wins")]),
    rec("c2", "skipped", ["OBS-1"], needs=[("feature", "observations")]),
    rec("c3", "skipped", ["OBS-1"], {"knock_tie": "knocker_wins"},
        needs=[("option", "knock_tie=knocker_wins"), ("feature", "observations")]),
    rec("d", "errored", ["HIT-1"], {"upcard": False, "knock_timing": "any"}),
    rec("e", "known", ["HIT-1"], {"upcard": False}),
    rec("f", "passed", ["TURN-2"], {"knock_timing": "any"}),
]


def report(**kw: Any) -> dict[str, Any]:
    return assemble(CASES, engine=ENGINE, adapter="in process: test", duration_s=1.5, **kw)


def test_the_report_validates_and_says_not_ok() -> None:
    r = report()
    jsonschema.validate(r, REPORT_SCHEMA)
    assert r["ok"] is False
    assert r["counts"] == {"passed": 2, "failed": 3, "skipped": 3, "errored": 1, "known": 1, "total": 10, "ran": 7,
                           "not_run": 0, "load_errors": 0}
    assert r["checks"]["not_checked"] == {"payments": {"expectations": 1, "cases": 1, "fields": {"result.net": 1}}}


def test_failures_are_grouped_by_cause_largest_group_first() -> None:
    groups = report()["groups"]
    assert [(g["count"], g["status"], g["cause"]) for g in groups] == [
        (2, "failed", "result.winners"),
        (1, "errored", "engine fault: timeout"),
        (1, "failed", "refused as hit_lock, expected acceptance"),
    ]
    assert groups[0]["cases"] == ["b", "b2"] and groups[2]["rule"] == "VAR-HITLOCK-1"


def test_skips_are_summed_by_need_with_the_gain_of_declaring_each() -> None:
    skips = {s["need"]: (s["cases"], s["gain"]) for s in report()["skips"]}
    assert skips == {"needs option value knock_tie=knocker_wins": (2, 1), "needs feature observations": (2, 1)}


def test_profiles_say_how_many_ran_and_known_failures_do_not_pass() -> None:
    profiles = {p["name"]: p for p in report()["profiles"]}
    assert next(iter(profiles)) == "seed"
    seed = profiles["seed"]
    assert (seed["cases"], seed["ran"], seed["verdict"]) == (5, 4, "fail")
    assert profiles["knock_tie=knocker_wins"]["verdict"] == "skipped"
    assert profiles["upcard=false"]["verdict"] == "fail"  # d errored
    only_known = assemble([rec("e", "known", ["HIT-1"], {"upcard": False}),
                           rec("g", "passed", ["HIT-1"], {"upcard": False})], engine=ENGINE, adapter="x",
                          duration_s=0.1)
    assert {p["name"]: p["verdict"] for p in only_known["profiles"]}["upcard=false"] == "known"


def test_per_rule_counts_and_the_problems_table() -> None:
    r = report()
    assert r["rules"]["PAY-KNOCK-2"] == {"passed": 1, "failed": 1, "skipped": 0, "errored": 0, "known": 0,
                                         "not_checked": 1}
    problems = [line.split()[0] for line in rule_table(r, only_problems=True)[1:]]
    assert problems == ["HIT-1", "PAY-KNOCK-2", "PAY-KNOCK-3", "PAY-STOCK-1"]  # no rule order given: sorted
    assert "TURN-2" not in problems and "OBS-1" not in problems  # only skips or passes
    assert len(rule_table(r, only_problems=False)) == len(r["rules"]) + 1


@pytest.mark.parametrize(
    ("passed", "failed", "skipped", "known", "pct", "color", "message"),
    [(10, 0, 0, 0, 100, "brightgreen", "10/10 checked, all pass"),
     (99, 1, 0, 0, 99, "green", "100/100 checked, 1 fail"),
     (9, 1, 0, 0, 90, "yellowgreen", "10/10 checked, 1 fail"),
     (3, 1, 0, 0, 75, "yellow", "4/4 checked, 1 fail"),
     (1, 1, 0, 0, 50, "orange", "2/2 checked, 1 fail"),
     (1, 2, 0, 0, 33, "red", "3/3 checked, 2 fail"),
     (0, 0, 3, 0, None, "lightgrey", "no cases ran"),
     (199, 0, 0, 1, 99, "green", "200/200 checked, 1 known failures"),
     (8, 1, 5, 0, 57, "orange", "9/14 checked, 1 fail"),
     # a skip is not a pass: an engine that skips most of the suite is not at 100%, nor is
     # it failing: every case it could answer passed
     (462, 0, 798, 0, 36, "blue", "462/1,260 checked, all pass"),
     (10, 0, 5, 0, 66, "blue", "10/15 checked, all pass"),
     (9, 0, 5, 1, 60, "orange", "10/15 checked, 1 known failures")],
)
def test_badge_counts_the_whole_suite(passed: int, failed: int, skipped: int, known: int, pct: int | None,
                                      color: str, message: str) -> None:
    counts = {"passed": passed, "failed": failed, "skipped": skipped, "errored": 0, "known": known}
    assert percent_passing(counts) == pct
    assert badge_color(pct) == color or color == PARTLY_CHECKED
    assert badge({"counts": counts}) == {"schemaVersion": 1, "label": "tonk conformance", "message": message,
                                         "color": color}


STOPPED = "the engine faulted on 3 cases in a row (the last: crashed: the engine exited)"


def test_a_run_that_ended_early_is_an_error_everywhere() -> None:
    """Exit status 3: the badge is an error (not the share of the cases before the end),
    JUnit lists every case not run as skipped with the reason, Markdown says it first."""
    import xml.etree.ElementTree as ET

    from tonk_ref.views.junit import junit_xml

    r = report(stopped=STOPPED, not_run=["g", "h", "i"])
    jsonschema.validate(r, REPORT_SCHEMA)
    assert badge(r) == {"schemaVersion": 1, "label": "tonk conformance", "message": "engine unusable",
                        "color": "red", "isError": True}
    first = report(stopped="stopped at the first failure (b)", not_run=["g"])
    assert badge(first)["message"] == "stopped early" and badge(first)["isError"] is True
    assert "isError" not in badge(report())

    suite = ET.fromstring(junit_xml(r)).find("testsuite")
    assert suite is not None
    assert (suite.get("tests"), suite.get("skipped")) == ("13", str(3 + 1 + 3))
    unrun = suite.find("testcase[@name='h']/skipped")
    assert unrun is not None and unrun.get("message") == f"not run: the run stopped early: {STOPPED}"
    assert len(suite.findall("testcase")) == 13

    text = markdown(r)
    assert "- result: **ENGINE UNUSABLE**:" in text
    assert "- 7/13 checked, 4 fail, 1 known failures (a case skipped or not run counts against" in text
    assert "- not run (3): `g`, `h`, `i`" in text
    assert "- 7/10 checked, 4 fail, 1 known failures (" in markdown(report())


def test_the_console_summary_is_short_and_names_what_to_do() -> None:
    lines = console_lines(report())
    assert len(lines) <= 50
    assert "cases: 10: 2 passed, 3 failed, 3 skipped, 1 errored, 1 known failures (1.5 s)" in lines
    assert any("declare the feature payments to check them" in x for x in lines)
    assert "     2 failed  result.winners [PAY-KNOCK-2, PAY-STOCK-1]: b, b2" in lines
    assert "  replay: tonk replay b" in lines
    assert "  FAIL    seed                               4 of 5 run: 1 passed, 3 failed" in lines
    assert "     1 more cases run if the engine declares the option value knock_tie=knocker_wins (2 need it, with " \
           "other things)" in lines


def test_markdown_has_the_summary_groups_failures_skips_and_rules() -> None:
    md = markdown(report())
    for heading in ("## Profiles", "## Failures by cause", "## Failing cases", "## Known failures", "## Skipped",
                    "## Rules", "## Not checked"):
        assert heading in md
    assert "| 2 | failed | result.winners | PAY-KNOCK-2 | `b`, `b2` |" in md
    assert "| needs feature observations | 2 | 1 |" in md
    assert "engine fault (timeout): no answer to act within 10 s" in md


def test_the_suites_own_gaps_are_a_line_of_their_own_and_the_last_line_names_the_engine() -> None:
    from tonk_ref.views.render import coverage_lines, summary_line

    coverage = {"seed": {"rules": ["A-1", "B-2"], "reasons": ["x"], "target": 2, "uncovered": {}},
                "profiles": {"knock_tie=caught": {"uncovered": {"PAY-KNOCK-3": "1 case"}},
                             "upcard=false": {"uncovered": {}}}}
    passing = assemble([c for c in CASES if c["status"] in ("passed", "skipped")], engine=ENGINE,
                       adapter="in process: test", duration_s=1.5, coverage=coverage)
    assert coverage_lines(passing) == [
        "coverage under the seed rules: 2 rules apply and 1 refusal reasons can be reached (spec data); "
        "each exercised by 2 cases or more",
        "a gap in the suite, not in the engine: in 1 option profiles a rule or reason the option changes has fewer "
        "than 2 cases (-v lists them)",
    ]
    r = report(coverage=coverage)  # with failures to read, the suite's gap is left to -v
    assert [x for x in coverage_lines(r) if "gap in the suite" in x] == []
    r["engine"] = {**r["engine"], "name": "evil\x1b[2J"}
    assert summary_line(r, 1) == ("tonk check: FAIL: 2 passed, 3 failed, 3 skipped, 1 errored, 1 known failures "
                                  "(evil\\x1b[2J 1)")
