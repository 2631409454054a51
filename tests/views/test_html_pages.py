"""The HTML pages without a browser: ``tonk report --html`` from JSON reports (bad input
is one line), the fields the page draws from (a failing case's script and scene, valid
under the report's schema), and ``tonk judge``/``tonk explain --format html``.  The
browser test (tests/browser) runs their scripts."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import jsonschema
from runkit import W7, Ran, scenario

from tonk_ref.harness.report import REPORT_SCHEMA

FAKE = Path(__file__).resolve().parents[1] / "fakes" / "fake_engine.py"


def test_report_page_from_a_failing_engine(tonk: Callable[..., Ran], tmp_path: Path) -> None:
    bug = tmp_path / "bug.json"
    engine = f"{sys.executable} {FAKE} --mode bug_knock_tie"
    assert tonk("check", "-k", "PAY-KNOCK-3", "--no-progress", "--adapter-cmd", engine, "--json", str(bug)).code == 1
    report = json.loads(bug.read_text())
    jsonschema.validate(report, REPORT_SCHEMA)
    failed = [c for c in report["cases"] if c["status"] == "failed"]
    assert failed and all(c["script"] and c["scene"]["deal"]["hands"] for c in failed)
    assert all(c.get("script") is None for c in report["cases"] if c["status"] == "passed")
    out = tmp_path / "r.html"
    r = tonk("report", "--html", str(out), str(bug))
    assert r.code == 0 and "1 report" in r.out
    page = out.read_text()
    assert "http://" not in page.replace("http://www.w3.org", "") and "https://" not in page
    assert 'class="card red"' in page and 'class="failing"' in page and "tonk replay " in page
    assert "PAY-KNOCK-3" in page and "prefers-color-scheme:dark" in page


def test_report_page_names_the_table_a_run_played_at(tonk: Callable[..., Ran], tmp_path: Path) -> None:
    """A run at a table: the engines' table says at which table and how many cases ran
    there by origin, and the legend tells a skip for a case that cannot exist there from
    one for what the engine did not declare; a plain run names no table."""
    at, plain = tmp_path / "at.json", tmp_path / "plain.json"
    assert tonk("check", "-k", "DEALT-1", "--no-progress", "--rules", "online", "--generated", "0",
                "--json", str(at)).code == 0
    assert tonk("check", "-k", "DEALT-1", "--no-progress", "--json", str(plain)).code == 0
    table = json.loads(at.read_text())["table"]
    out = tmp_path / "r.html"
    assert tonk("report", "--html", str(out), str(at), str(plain)).code == 0
    page = out.read_text()
    ran = ", ".join(f"{n} {origin}" for origin, n in table["ran"].items())
    assert page.count("at the table online: ran ") == 1
    assert f"at the table online: ran {ran}; {table['cannot_exist']} cases cannot exist there" in page
    assert "the case cannot exist there" in page


def test_report_bad_input_is_one_line(tonk: Callable[..., Ran], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert "bad.json:1: not JSON" in tonk("report", "--html", str(tmp_path / "o.html"), str(bad)).one_error_line(
        "report")
    bad.write_text(json.dumps({"format": "something else"}))
    assert "not a report of 'tonk check --json'" in tonk("report", "--html", "o.html", str(bad)).one_error_line(
        "report")
    bad.write_text(json.dumps({"format": "tonk-conformance-report", "format_version": 2}))
    assert "is a required property" in tonk("report", "--html", "o.html", str(bad)).one_error_line("report")
    assert "nope.json: cannot read it" in tonk("report", "--html", "o.html", str(tmp_path / "nope.json")
                                               ).one_error_line("report")


def test_judge_and_explain_pages(tonk: Callable[..., Ran]) -> None:
    page = tonk("judge", W7, "--format", "html").out
    assert page.startswith("<!doctype html>") and page.count('class="card red"') >= 4
    assert "PAY-KNOCK-3" in page and "[the seeds (S29, S30) and this spec (D3" in page and "Decided by" in page
    replay = tonk("explain", scenario("pay/pay-w7-knock-tie-2p.yaml"), "--format", "html").out
    assert "Step 7" in replay and "PAY-CAUGHT-1" in replay and "[the seeds (S30)]" in replay
    assert replay.count('class="card') > 50
