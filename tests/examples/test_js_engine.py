"""The worked example of examples/js-engine: an independent Tonk engine in JavaScript,
plugged into the suite with ``tonk check --adapter-cmd "node examples/js-engine/server.js"``.

Two whole runs of the suite, started side by side: the engine as it is (it must pass every
case it runs and be skipped only for what it did not declare), and the same engine with
``TONK_JS_BUG=knock_tie`` (a knock tie goes to the knocker), which must fail exactly the
cases that settle a tied knock. Which cases those are is worked out here on the reference
engine, not copied from a run.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tonk_ref.adapters.inprocess import reference
from tonk_ref.harness.case import Act, Expect
from tonk_ref.harness.report import REPORT_SCHEMA
from tonk_ref.harness.suite import load_suite

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "js-engine"
CMD = "node examples/js-engine/server.js"
FEATURES = ["legal_actions", "observations", "payments", "play", "reasons"]

needs_node = pytest.mark.skipif(
    shutil.which("node") is None, reason="node is not on PATH: the JavaScript example engine cannot run"
)

JSON = dict[str, Any]


@dataclass
class Run:
    code: int
    output: str
    report: JSON

    def ids(self, *statuses: str) -> set[str]:
        return {c["id"] for c in self.report["cases"] if c["status"] in statuses}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Run]]:
    tmp = tmp_path_factory.mktemp("js-engine")
    started: dict[str, tuple[subprocess.Popen[str], Path]] = {}
    for name in ("clean", "knock_tie"):
        env = {k: v for k, v in os.environ.items() if k != "TONK_JS_BUG"}
        if name != "clean":
            env["TONK_JS_BUG"] = name
        out = tmp / f"{name}.json"
        argv = [sys.executable, "-m", "tonk_ref", "check", "--adapter-cmd", CMD, "--json", str(out), "--table", "off"]
        proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        started[name] = (proc, out)
    result: dict[str, Run] = {}
    try:
        for name, (proc, out) in started.items():
            output, _ = proc.communicate(timeout=300)
            assert out.exists(), f"tonk check ({name}) wrote no JSON report:\n{output[-3000:]}"
            result[name] = Run(proc.returncode, output, json.loads(out.read_text()))
    finally:
        for proc, _ in started.values():
            if proc.poll() is None:
                proc.kill()
    yield result


@needs_node
def test_the_example_passes_every_case_it_runs(runs: dict[str, Run]) -> None:
    run = runs["clean"]
    counts = run.report["counts"]
    assert run.code == 0, run.output[-3000:]
    assert counts["failed"] == 0 and counts["errored"] == 0 and counts["load_errors"] == 0, counts
    assert counts["passed"] > 300, counts  # the seed rules are most of the suite
    assert "tonk check: PASS" in run.output
    engine = run.report["engine"]
    assert (engine["name"], engine["options"], engine["features"]) == ("tonk-js-example", {}, FEATURES)
    seed = next(p for p in run.report["profiles"] if p["name"] == "seed")
    assert seed["verdict"] == "pass" and seed["counts"]["passed"] > 300, seed


@needs_node
def test_skips_are_for_undeclared_options_and_the_match_feature_only(runs: dict[str, Run]) -> None:
    """An engine that declares no option is skipped for every case that needs another value
    than the default (or sends an action of an option it does not play), and, lacking only
    `match`, for match cases; never for anything else."""
    run = runs["clean"]
    skipped = [c for c in run.report["cases"] if c["status"] == "skipped"]
    assert skipped
    # an option value, with what asks for it when it is not the case's ruleset (a declare action)
    need = r"(needs option value [a-z_]+=\S+( \([^)]*\))?|needs feature match)"
    allowed = re.compile(rf"^{need}(; {need})*$")
    for case in skipped:
        assert allowed.search(case["message"]), (case["id"], case["message"])
    # every scenario that sets an option is skipped; every option profile is SKIPPED
    for case in run.report["cases"]:
        if case["options"]:
            assert case["status"] == "skipped", case
    for profile in run.report["profiles"]:
        if profile["option"] is not None:
            assert profile["verdict"] == "skipped", profile
    assert sum(1 for c in skipped if "needs option value" in c["message"]) > 200


def _tied_knock_cases() -> set[str]:
    """The seed cases (YAML and Gherkin) whose hand ends on a knock that ties the lowest
    other total, and that check the result: played here on the reference engine."""
    engine = reference()
    out: set[str] = set()
    for case in load_suite(perft_depth=0).cases:
        knocks = any(isinstance(s, Act) and s.action.get("type") == "knock" for s in case.steps)
        if case.options or not knocks or case.setup is None:
            continue
        checks_result = case.result is not None or any(
            isinstance(s, Expect) and isinstance(s.state.get("result"), dict) and s.state["result"]
            for s in case.steps
        )
        result = engine.play(case.setup, case.actions)["state"]["result"]
        if checks_result and result and result.get("knocker") is not None:
            knocker, totals = result["knocker"], result["totals"]
            if totals[knocker] == min(t for seat, t in enumerate(totals) if seat != knocker):
                out.add(case.id)
    return out


@needs_node
def test_a_knock_tie_bug_fails_exactly_the_knock_tie_cases(runs: dict[str, Run]) -> None:
    clean, buggy = runs["clean"], runs["knock_tie"]
    assert buggy.code == 1, buggy.output[-3000:]
    assert buggy.report["counts"]["errored"] == 0, buggy.report["counts"]
    failed = {c["id"]: c for c in buggy.report["cases"] if c["status"] == "failed"}
    expected = _tied_knock_cases()
    assert len(expected) >= 4, expected
    assert set(failed) == expected
    assert {c["kind"] for c in failed.values()} == {"scenario", "feature"}
    # and nothing else changed: the same cases pass or are skipped
    assert buggy.ids("passed") == clean.ids("passed") - set(failed)
    assert buggy.ids("skipped") == clean.ids("skipped")
    seed = next(p for p in buggy.report["profiles"] if p["name"] == "seed")
    assert seed["verdict"] == "fail" and seed["counts"]["failed"] == len(failed)


@needs_node
def test_the_engine_refuses_an_option_value_it_did_not_declare() -> None:
    """The runner never sends one, but an engine must refuse it (protocol "Capabilities")."""
    deck = [r + s for s in "cdhs" for r in "A23456789TJQK"]
    setup = {"ruleset": {"knock_tie": "knocker_wins"}, "players": 2, "dealer": 0, "stake": 1, "deck": deck}
    lines = [
        {"jsonrpc": "2.0", "id": 1, "method": "new_hand", "params": setup},
        {"jsonrpc": "2.0", "id": 2, "method": "new_hand", "params": {**setup, "ruleset": {"knock_tie": "caught"}}},
        {"jsonrpc": "2.0", "id": 3, "method": "bye", "params": {}},
    ]
    proc = subprocess.run(
        ["node", str(EXAMPLE / "server.js")],
        input="".join(json.dumps(m) + "\n" for m in lines),
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a["id"] for a in answers] == [1, 2, 3]
    assert answers[0]["error"]["code"] == 1 and answers[0]["error"]["data"]["reason"] == "unsupported_option"
    state = answers[1]["result"]
    assert [len(h) for h in state["hands"]] == [5, 5] and state["discard_top"] == "Jc" and state["stock_count"] == 41
    assert answers[2]["result"] == {}


def test_the_committed_report_is_a_passing_report_and_the_readme_quotes_it() -> None:
    report = json.loads((EXAMPLE / "report.json").read_text())
    jsonschema.validate(report, REPORT_SCHEMA)
    counts = report["counts"]
    assert report["ok"] and counts["failed"] == counts["errored"] == 0
    assert report["engine"]["name"] == "tonk-js-example"
    badge = json.loads((EXAMPLE / "badge.json").read_text())
    assert badge["message"] == f"{counts['passed']}/{counts['passed'] + counts['skipped']:,} checked, all pass"
    readme = (EXAMPLE / "README.md").read_text()
    line = f"tonk check: PASS: {counts['passed']} passed, 0 failed, {counts['skipped']} skipped, 0 errored"
    assert line in readme, f"README.md should quote the committed report's summary line: {line!r}"
