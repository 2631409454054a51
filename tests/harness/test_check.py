"""``tonk check``: its pytest run goes through pytester in-process (fast); one test runs
the real command in a subprocess against ``tonk serve``."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from tonkcases import write_cases

import tonk_ref.adapters.inprocess
import tonk_ref.harness.rulebook
import tonk_ref.harness.steps  # noqa: F401 - imported once here, not again in every pytester run
from tonk_ref.harness.report import REPORT_SCHEMA
from tonk_ref.tools import check, cli

HERE = Path(__file__).resolve().parent


@pytest.fixture
def tonk(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Any:
    """``tonk(*argv) -> (exit status, stdout)``, running check's pytest with pytester."""
    pytester.makepyfile(tonkfake=(HERE / "tonkfake.py").read_text(encoding="utf-8"))
    pytester.syspathinsert()
    runs: list[list[str]] = []

    def fake_main(argv: list[str]) -> int:
        runs.append(argv)
        return int(pytester.runpytest(*argv, "-p", "no:hypothesispytest").ret)

    monkeypatch.setattr(check, "_pytest_main", fake_main)

    def tonk_(*argv: str) -> tuple[int, str]:
        capsys.readouterr()
        code = cli.main(["check", "--no-features", *argv])
        return code, capsys.readouterr().out

    tonk_.runs = runs
    return tonk_


def test_check_writes_every_report(tonk: Any, pytester: pytest.Pytester) -> None:
    sc = pytester.path / "sc"
    write_cases(sc, ["h-pass-knock", "h-fail-ending", "h-hit", "h-tie-knocker-wins"])
    known = pytester.path / "known.yaml"
    known.write_text("cases:\n  - {id: h-fail-ending, reason: we disagree}\n", encoding="utf-8")
    p = pytester.path
    code, out = tonk("--scenarios", str(sc), "--adapter", "tonkfake:odd", "--known-failures", str(known),
                     "--json", str(p / "r.json"), "--report", str(p / "r.md"), "--junit", str(p / "r.xml"),
                     "--badge", str(p / "b.json"))
    assert code == 1  # h-hit errored
    assert "tonk check: FAIL: 1 passed, 0 failed, 1 skipped, 1 errored, 1 known failures" in out

    report = json.loads((p / "r.json").read_text())
    jsonschema.validate(report, REPORT_SCHEMA)
    assert {c["id"]: c["status"] for c in report["cases"]} == {
        "h-pass-knock": "passed", "h-fail-ending": "known", "h-hit": "errored", "h-tie-knocker-wins": "skipped"}
    assert report["engine"]["name"] == "tonk_ref" and report["suite"]["version"]
    assert report["run"]["duration_s"] >= 0 and report["run"]["date"].endswith("+00:00")

    md = (p / "r.md").read_text()
    assert "result: **FAIL**" in md and "## Profiles" in md and "## Rules" in md
    assert "### errored: `h-hit`" in md and "segmentation fault in hit()" in md
    assert "| `knock_tie=knocker_wins` | skipped | 1 |" in md

    suite = ET.parse(p / "r.xml").getroot().find("testsuite")
    assert suite is not None and suite.get("name") == "tonk-conformance"
    counts = tuple(suite.get(k) for k in ("tests", "errors", "failures", "skipped"))
    assert counts == ("4", "1", "0", "2")

    assert json.loads((p / "b.json").read_text()) == {
        "schemaVersion": 1, "label": "tonk conformance", "message": "33% passing", "color": "red"}


def test_write_known_failures_then_use_the_list(tonk: Any, pytester: pytest.Pytester) -> None:
    sc = pytester.path / "sc"
    write_cases(sc, ["h-pass-knock", "h-fail-ending", "h-hit"])
    code, out = tonk("--scenarios", str(sc), "--adapter", "tonkfake:odd", "--write-known-failures")
    assert code == 1
    listed = yaml.safe_load(out)  # stdout holds only the YAML list
    assert listed["engine"] == "tonk_ref 0.1.0"
    reasons = {c["id"]: c["reason"] for c in listed["cases"]}
    assert set(reasons) == {"h-fail-ending", "h-hit"}
    diff = "result.ending: expected 'knock_caught', got 'knock_won'"
    assert reasons["h-fail-ending"] == f"sc/h-fail-ending.yaml:1: {diff}"
    assert reasons["h-hit"] == "engine fault (crashed): the engine exited (exit code 139)"
    known = pytester.path / "known.yaml"
    known.write_text(out, encoding="utf-8")
    code, out = tonk("--scenarios", str(sc), "--adapter", "tonkfake:odd", "--known-failures", str(known))
    assert code == 0, out
    assert "tonk check: PASS: 1 passed, 0 failed, 0 skipped, 0 errored, 2 known failures" in out
    # an entry for a case the suite does not have is stale too
    known.write_text(out_with_extra(known.read_text()), encoding="utf-8")
    code, out = tonk("--scenarios", str(sc), "--adapter", "tonkfake:odd", "--known-failures", str(known))
    assert code == 1
    assert "stale known failure: no-such-case" in out


def out_with_extra(text: str) -> str:
    doc = yaml.safe_load(text)
    doc["cases"].append({"id": "no-such-case", "reason": "renamed"})
    return yaml.safe_dump(doc)


def test_rules_restrict_the_run(tonk: Any, pytester: pytest.Pytester) -> None:
    sc = pytester.path / "sc"
    write_cases(sc, ["h-pass-knock", "h-tie-knocker-wins"])
    table = pytester.path / "table.yaml"
    table.write_text("preset: seed\n", encoding="utf-8")
    code, _ = tonk("--scenarios", str(sc), "--rules", str(table), "--json", str(pytester.path / "r.json"))
    assert code == 0
    assert [c["id"] for c in json.loads((pytester.path / "r.json").read_text())["cases"]] == ["h-pass-knock"]


def test_no_case_selected_is_a_failure(tonk: Any, pytester: pytest.Pytester) -> None:
    sc = pytester.path / "sc"
    write_cases(sc, ["h-pass-knock"])
    code, out = tonk("--scenarios", str(sc), "-k", "no-such-thing")
    assert code == 1
    assert "no case ran" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--rules", "{tmp}/table.yaml"], "--rules: {tmp}/table.yaml:2: options.knock_tie"),
        (["--known-failures", "{tmp}/known.yaml"], "--known-failures: {tmp}/known.yaml:2: cases[0]"),
        (["-n", "0"], "-n: expected a number of workers or 'auto'"),
        (["--timeout", "0"], "--timeout: expected a positive number"),
        (["--scenarios", "{tmp}/nowhere"], "--scenarios: {tmp}/nowhere is not a directory"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(argv: list[str], words: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "table.yaml").write_text("preset: seed\noptions: {knock_tie: knocker}\n")
    (tmp_path / "known.yaml").write_text("cases:\n  - {id: a-case}\n")
    code = cli.main(["check", *(a.format(tmp=tmp_path) for a in argv)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("tonk check: error: ") and words.format(tmp=tmp_path) in err
    assert "Traceback" not in err and err.count("\n") == 1


def test_the_real_command_against_tonk_serve(tmp_path: Path) -> None:
    """End to end: the ``tonk`` command, a stdio engine, the reference over the wire."""
    write_cases(tmp_path / "sc", ["h-pass-knock", "h-hit", "h-net", "h-observe", "h-tie-knocker-wins"])
    engine = f"{sys.executable} -m tonk_ref serve"
    proc = subprocess.run(
        [sys.executable, "-m", "tonk_ref", "check", "--scenarios", str(tmp_path / "sc"), "--no-features",
         "--adapter-cmd", engine, "--validate", "--json", str(tmp_path / "r.json"),
         "--badge", str(tmp_path / "b.json")],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["counts"]["passed"] == 5 and report["ok"] is True
    assert report["run"]["adapter"] == f"stdio: {engine}"
    assert "per rule:" in proc.stdout and "PASS    seed (4 cases: 4 passed)" in proc.stdout
    assert "PASS    knock_tie=knocker_wins (1 case: 1 passed)" in proc.stdout
    assert json.loads((tmp_path / "b.json").read_text())["color"] == "brightgreen"
