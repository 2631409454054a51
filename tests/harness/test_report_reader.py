"""Reading a report back (``tonk report``): every report ``tonk check`` writes is read,
one for an engine that crashed on an observation case included (the hands its state hid
are null); a report whose fields have other types than spec/schemas/report.json's, or a
file that is no report at all, is refused in one line naming the file and the place, with
exit 2; and the compiled check the reader uses gives jsonschema's verdict."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonpaths import json_paths

from tonk_ref.harness.report import _validator, assemble, load_report, report_check, table_checks
from tonk_ref.harness.scene import engine_table
from tonk_ref.tools import cli

FAKE = Path(__file__).resolve().parents[1] / "fakes" / "fake_engine.py"
JSON = dict[str, Any]


def _small_report() -> JSON:
    """A report of one case, failing, with its cards, a fault and a transcript."""
    table = {"players": 2, "dealer": 1, "hands": [["3d", "4d"], None], "spreads": [
        {"cards": ["7c", "8c", "9c"], "kind": "run", "owner": 0}], "discard_top": "Qs", "discard_count": 1,
             "stock_count": 39, "to_act": 0, "stage": "start", "result": None}
    failing = {"id": "f", "kind": "scenario", "origin": "written", "title": "t", "source": "f.yaml:1",
               "rules": ["PAY-KNOCK-3"], "options": {}, "status": "failed", "message": "m",
               "cause": "result.ending", "duration": 0.01, "checked": 3, "unchecked": [{"field": "x", "why": "y"}],
               "needs": [], "failures": [{"step": None, "line": 3, "text": "the final result", "cause": "c",
                                          "rule": "PAY-KNOCK-3", "message": "m", "seat": None, "action": None,
                                          "after": "0 knock", "diffs": [{"field": "result.ending",
                                                                         "expected": "a", "actual": "b"}]}],
               "fault": {"kind": "crashed", "message": "m", "step": "", "request": None, "response": None,
                         "stderr_tail": "", "exit_code": 139, "traceback": ""},
               "stale": False, "transcript": [{"method": "act", "params": {"seat": 0}, "ok": True, "answer": {}}],
               "script": [{"text": "0 knock", "kind": "act", "line": 3, "seat": 0, "action": "0 knock"}],
               "failing_step": None, "scene": {"deal": table, "table": copy.deepcopy(table),
                                               "engine_table": copy.deepcopy(table), "before_step": None,
                                               "actions_played": 1}}
    engine = {"name": "x", "version": "1", "protocol": 1, "options": {"knock_tie": ["caught"]}, "features": ["play"]}
    return assemble([failing], engine=engine, adapter="in process: x", duration_s=1.0)


def _set(doc: JSON, path: tuple[Any, ...], value: Any) -> JSON:
    """A copy of ``doc`` with the value at ``path`` set."""
    out = copy.deepcopy(doc)
    node = out
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value
    return out


def test_the_compiled_schema_gives_jsonschemas_verdict_on_every_field_of_every_type() -> None:
    """Every value of a report (the first item of each list standing for the others), and
    every member of every object, replaced by each JSON type (or removed): the reader's
    compiled check and jsonschema accept and refuse the same reports."""
    report = _small_report()
    original = copy.deepcopy(report)
    check, validator = report_check(), _validator()
    assert check(report) and validator.is_valid(report)
    missing = object()
    tried = refused = 0
    for path in list(json_paths(report)):
        if not path or any(isinstance(p, int) and p > 0 for p in path) or path[-2:-1] in (("table",),
                                                                                             ("engine_table",)):
            continue  # the first item of a list, and the deal's table, stand for the others
        parent = report
        for p in path[:-1]:
            parent = parent[p]
        was = parent[path[-1]]
        for value in (None, True, 1.5, "x", [], {"x": 1}, *([missing] if isinstance(parent, dict) else [])):
            if value is missing:
                del parent[path[-1]]
            else:
                parent[path[-1]] = value
            verdict = validator.is_valid(report)
            assert check(report) == verdict, (path, value)
            tried += 1
            refused += not verdict
        parent[path[-1]] = was
    assert report == original
    assert tried > 500 and refused > tried // 3


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _one_line(code: int, out: str, err: str) -> str:
    assert code == 2 and out == "" and "Traceback" not in err, (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize(("field", "value", "words"), [
    (("run", "duration_s"), "x", "run.duration_s: 'x' is not of type 'number'"),
    (("run", "date"), 5, "run.date: 5 is not of type 'string'"),
    (("cases", 0, "fault"), {"bogus": 1}, "cases.0.fault: 'kind' is a required property"),
    (("engine", "options"), [], "engine.options: [] is not of type 'object'"),
    (("groups", 0, "count"), "<img src=x onerror=alert(1)>", "groups.0.count: '<img src=x onerror=alert(1)>' is not"),
    (("profiles", 0, "ran"), "3", "profiles.0.ran: '3' is not of type 'integer'"),
    (("cases", 0, "failures", 0, "line"), "<b>", "cases.0.failures.0.line: '<b>' is not of type 'integer'"),
    (("cases", 0, "rules"), [1], "cases.0.rules.0: 1 is not of type 'string'"),
    (("engine", "name"), {"a": 1}, "engine.name: {'a': 1} is not of type 'string'"),
    (("cases", 0, "scene", "deal", "hands"), "7h", "cases.0.scene.deal.hands: '7h' is not of type 'array'"),
    (("rules", "\x1b[31m\x00"), "x", "rules.\\x1b[31m\\x00: 'x' is not of type 'object'"),
])
def test_a_report_with_fields_of_the_wrong_types_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, field: tuple[Any, ...], value: Any, words: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_set(_small_report(), field, value)), encoding="utf-8")
    line = _one_line(*_run(capsys, "report", "--html", str(tmp_path / "o.html"), str(bad)))
    assert line.startswith(f"tonk report: error: {bad}: {words}"), line
    assert not (tmp_path / "o.html").exists()


@pytest.mark.parametrize(("content", "words"), [
    (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "not UTF-8 text"),
    (b"[" * 100_000 + b"]" * 100_000, "nests more than 32 levels deep (the limit)"),
    (b'{"format": "tonk-conformance-report", "n": ' + b"9" * 5000 + b"}",
     "an integer of 5,000 digits: the limit is 18"),
    (b"[1, 2]", "expected 'tonk-conformance-report'"),
    (b'{"format": "tonk-conformance-report", "x": "\x1b[31m"}', "not JSON (Invalid control character"),
])
def test_a_file_that_is_no_report_is_refused_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                          content: bytes, words: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    line = _one_line(*_run(capsys, "report", "--html", str(tmp_path / "o.html"), str(bad)))
    assert words in line and str(bad) in line and "\x1b" not in line


def test_the_report_of_an_engine_that_crashed_on_an_observation_case_is_read(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The engine answers an observation (two hands hidden, null) and crashes on its next
    request: the report ``tonk check`` writes holds the engine's last table with the null
    hands, and ``tonk report`` reads it and draws them face down."""
    report, page = tmp_path / "r.json", tmp_path / "r.html"
    engine = f"{sys.executable} {FAKE} --mode crash --nth 6"
    code, _, _ = _run(capsys, "check", "-k", "obs-buried-card-shown-when-top-taken-3p", "--no-progress",
                      "--adapter-cmd", engine, "--json", str(report))
    assert code in (1, 3)
    data = json.loads(report.read_text(encoding="utf-8"))
    hands = [c["scene"]["engine_table"]["hands"] for c in data["cases"] if (c.get("scene") or {}).get("engine_table")]
    assert any(h is None for hs in hands for h in hs), hands
    code, out, err = _run(capsys, "report", "--html", str(page), str(report))
    assert code == 0 and "Traceback" not in err and "wrote" in out
    assert page.read_text(encoding="utf-8").count('aria-label="hidden"') >= 1


def test_an_engines_table_keeps_only_the_fields_of_the_reports_types() -> None:
    """The table an engine last reported is the engine's own words: a field of another
    type than the report's is left out, and a table whose hands cannot be read is none."""
    def result_with(state: object) -> JSON:
        return {"transcript": [{"method": "state", "params": {}, "ok": True, "answer": state}]}

    state = {"hands": [["7h", "8h"], None], "dealer": "one", "stock_count": 3.5, "discard_top": 7,
             "spreads": [{"cards": ["7c"], "owner": 0}], "stage": "start", "secret": "x"}
    checks = table_checks()
    assert engine_table(result_with(state), checks) == {"hands": [["7h", "8h"], None], "spreads": [{"cards": ["7c"],
                                                                                              "owner": 0}],
                                                "stage": "start"}
    assert engine_table(result_with({"hands": [[1, 2]], "stage": "start"}), checks) is None
    assert engine_table(result_with({"stage": "start"}), checks) is None
    assert set(checks) >= {"hands", "spreads", "discard_top", "discard_count", "stock_count", "to_act"}


def test_the_example_report_is_read() -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "js-engine" / "report.json"
    report = load_report(str(example))
    assert report["engine"]["name"] == "tonk-js-example" and report_check()(report)
