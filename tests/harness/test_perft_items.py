"""The perft tables run inside the conformance suite: one item a table entry, for engines
that declare legal_actions; a wrong count fails with the per-action breakdown."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tonk_ref.harness.perft import load_table
from tonk_ref.paths import scenarios_dir

HERE = Path(__file__).resolve().parent
QUIET = ("-p", "no:cacheprovider", "-p", "no:hypothesispytest")
TABLE = scenarios_dir() / "perft" / "presets.perft"


def project(pytester: pytest.Pytester) -> None:
    (pytester.path / "sc" / "perft").mkdir(parents=True)
    shutil.copy(TABLE, pytester.path / "sc" / "perft" / TABLE.name)
    pytester.makepyfile(tonkfake=(HERE / "tonkfake.py").read_text(encoding="utf-8"))
    pytester.syspathinsert()
    pytester.makeini("[pytest]\ntonk_scenarios = sc\n")


def run(pytester: pytest.Pytester, *args: str) -> tuple[pytest.RunResult, dict[str, object]]:
    out = pytester.path / "report.json"
    result = pytester.runpytest("sc", *QUIET, f"--tonk-json={out}", "--tonk-perft-depth=2", *args)
    return result, json.loads(out.read_text(encoding="utf-8"))


def entries() -> list[str]:
    return [line.split()[1] for line in TABLE.read_text(encoding="utf-8").splitlines() if line.startswith("id ")]


def test_the_reference_matches_every_entry(pytester: pytest.Pytester) -> None:
    project(pytester)
    result, report = run(pytester)
    result.assert_outcomes(passed=len(entries()))
    assert {c["id"] for c in report["cases"]} == {f"perft-{e}" for e in entries()}


def test_a_legal_actions_bug_fails_with_the_breakdown(pytester: pytest.Pytester) -> None:
    project(pytester)
    result, report = run(pytester, "--tonk-adapter=tonkfake:no_discard_draw")
    statuses = {c["id"]: c["status"] for c in report["cases"]}
    # the entries whose ruleset turns an upcard offer a draw from the pile at once; without
    # an upcard the first move cannot take one, and two moves deep no pile draw is reached,
    # unless the first player may discard without drawing (the second may then take that card)
    expected = {f"perft-{e.id}": "failed" if e.ruleset.upcard or e.ruleset.discard_without_draw else "passed"
                for e in load_table(TABLE)}
    assert statuses == expected
    assert "passed" in statuses.values() and "failed" in statuses.values()
    result.stdout.fnmatch_lines(
        ["*perft(1): expected *, got *", "*divide (first action: expected / engine):", "*draw discard: 1 / -*differs*"]
    )


def test_without_legal_actions_the_entries_are_skipped(pytester: pytest.Pytester) -> None:
    project(pytester)
    result, report = run(pytester, "--tonk-adapter-cmd=tonk serve --without legal_actions")
    result.assert_outcomes(skipped=len(entries()))
    assert all("legal_actions" in c["message"] for c in report["cases"])
