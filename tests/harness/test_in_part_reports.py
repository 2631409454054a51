"""Every report says which cases were checked in part (steps left out for a feature the
engine did not declare): the console and JSON reports, and the Markdown, HTML and JUnit
ones written from the JSON report."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from test_in_part import cases
from tonkfake import NoMatch

from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.harness.report import build_report
from tonk_ref.harness.runner import run_suite
from tonk_ref.views.html_report import html_report
from tonk_ref.views.junit import junit_xml
from tonk_ref.views.render import in_part_lines, left_out_text, markdown

JSON = dict[str, Any]
IN_PART = ["h-pay-then-match", "ip-acts-after-match"]


@pytest.fixture(scope="module")
def run() -> tuple[JSON, dict[str, str]]:
    """The report of an engine without match over the in-part cases, and each case's message."""
    done = run_suite(NoMatch(), cases())
    return build_report(done, adapter="no_match"), {r.id: r.message for r in done.results}


@pytest.fixture(scope="module")
def whole() -> JSON:
    return build_report(run_suite(InProcessAdapter(), cases()[:1]), adapter="reference")


def test_what_a_case_left_out_reads_as_its_message(run: tuple[JSON, dict[str, str]]) -> None:
    report, messages = run
    by_id = {c["id"]: c for c in report["cases"]}
    for cid in IN_PART:
        assert by_id[cid]["status"] == "passed"
        assert left_out_text(by_id[cid]) == messages[cid]
        assert messages[cid].startswith("checked in part: ")
    assert left_out_text(by_id["ip-match-first"]) == ""  # skipped, not run in part


def test_markdown_lists_the_cases_checked_in_part(run: tuple[JSON, dict[str, str]], whole: JSON) -> None:
    text = markdown(run[0])
    section = text.split("## Checked in part\n\n", 1)[1].split("\n\n", 1)[0]
    (line,) = in_part_lines(run[0])
    assert section == f"- {line}: `h-pay-then-match`, `ip-acts-after-match`"
    assert "Checked in part" not in markdown(whole)


def test_html_lists_the_cases_checked_in_part_escaped(run: tuple[JSON, dict[str, str]], whole: JSON) -> None:
    page = html_report([run[0]])
    (line,) = in_part_lines(run[0])
    assert f"<h3>Checked in part</h3><ul><li>{line}: h-pay-then-match, ip-acts-after-match</li></ul>" in page
    assert "Checked in part" not in html_report([whole])
    hostile = copy.deepcopy(run[0])
    parts = hostile["checks"]["in_part"]
    parts["<b>m</b>"] = parts.pop("match")
    hostile["checks"]["in_part"]["<b>m</b>"]["ids"] = ["<i>x</i>"]
    page = html_report([hostile])
    assert "need the feature &lt;b&gt;m&lt;/b&gt;" in page and ": &lt;i&gt;x&lt;/i&gt;</li>" in page
    assert "<b>m</b>" not in page and "<i>x</i>" not in page


def test_junit_says_what_a_case_checked_in_part_left_out(run: tuple[JSON, dict[str, str]]) -> None:
    report, messages = run
    suite = ET.fromstring(junit_xml(report)).find("testsuite")
    assert suite is not None
    for tc in suite.findall("testcase"):
        outs = tc.findall("system-out")
        if tc.get("name") in IN_PART:
            assert [o.text for o in outs] == [messages[tc.get("name") or ""]]
        else:
            assert outs == []
        # valid JUnit: the status's element (skipped, failure, error) before system-out
        tags = [child.tag for child in tc]
        assert tags == sorted(tags, key=lambda t: t == "system-out")


def test_junit_puts_system_out_after_a_failure() -> None:
    report = build_report(run_suite(NoMatch(), cases()), adapter="no_match")
    case = next(c for c in report["cases"] if c["id"] == "ip-acts-after-match")
    case.update(status="failed", message="it failed")
    report["counts"]["failed"] += 1
    report["counts"]["passed"] -= 1
    suite = ET.fromstring(junit_xml(report)).find("testsuite")
    assert suite is not None
    tc = suite.find("testcase[@name='ip-acts-after-match']")
    assert tc is not None and [child.tag for child in tc] == ["failure", "system-out"]
    assert (tc.findtext("system-out") or "").startswith("checked in part: steps 2-3 and the final result")
