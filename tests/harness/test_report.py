"""Reports: per-rule counts, profile verdicts, the badge and the text forms."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from tonk_ref.harness.report import (
    REPORT_SCHEMA,
    CaseRecord,
    badge,
    badge_color,
    build_report,
    markdown,
    per_rule,
    percent_passing,
    profiles,
    terminal_lines,
)


def rec(cid: str, status: str, rules: list[str], options: dict[str, Any] | None = None, msg: str = "") -> CaseRecord:
    return CaseRecord(id=cid, nodeid=f"sc/{cid}.yaml::{cid}", kind="scenario", source=f"sc/{cid}.yaml:1",
                      rules=rules, options={} if options is None else options, status=status, message=msg)


RECORDS = [
    rec("a", "passed", ["PAY-KNOCK-2", "TURN-2"]),
    rec("b", "failed", ["PAY-KNOCK-2"], msg="sc/b.yaml:3: result.ending: expected 'knock_won', got 'knock_caught'"),
    rec("c", "skipped", ["PAY-KNOCK-3"], {"knock_tie": "knocker_wins"}, "option values not declared"),
    rec("d", "errored", ["HIT-1"], {"upcard": False, "knock_timing": "any"}, "engine fault (timeout)"),
    rec("e", "known", ["HIT-1"], {"upcard": False}, "known failure: ours"),
    rec("f", "passed", ["TURN-2"], {"knock_timing": "any"}),
]


def report() -> dict[str, Any]:
    return build_report(RECORDS, engine={"name": "x", "version": "1", "protocol": 1},
                        run={"date": "2026-01-01T00:00:00+00:00", "duration_s": 1.5, "adapter": "stdio: x",
                             "workers": 1},
                        suite={"version": "0.1.0"}, rule_order=["TURN-2", "PAY-KNOCK-2"])


def test_per_rule_counts_every_case_under_each_rule_it_cites() -> None:
    table = per_rule(RECORDS, order=["TURN-2", "PAY-KNOCK-2"])
    assert list(table) == ["TURN-2", "PAY-KNOCK-2", "HIT-1", "PAY-KNOCK-3"]
    assert table["PAY-KNOCK-2"] == {"passed": 1, "failed": 1, "skipped": 0, "errored": 0, "known": 0}
    assert table["HIT-1"] == {"passed": 0, "failed": 0, "skipped": 0, "errored": 1, "known": 1}
    assert table["TURN-2"]["passed"] == 2


def test_profiles_seed_and_one_per_non_default_value() -> None:
    got = {p.name: p for p in profiles(RECORDS)}
    assert list(got) == ["seed", "knock_tie=knocker_wins", "knock_timing=any", "upcard=false"]
    assert got["seed"].cases == 2 and got["seed"].verdict == "fail"  # b failed
    assert got["knock_tie=knocker_wins"].verdict == "skipped"  # every case skipped
    assert got["knock_timing=any"].cases == 2 and got["knock_timing=any"].verdict == "fail"  # d errored
    assert got["upcard=false"].counts["known"] == 1
    ok = profiles([rec("g", "passed", ["X-1"], {"upcard": False}), rec("h", "known", ["X-1"], {"upcard": False}),
                   rec("i", "skipped", ["X-1"], {"upcard": False})])
    assert ok[1].name == "upcard=false" and ok[1].verdict == "pass"  # known failures and skips do not fail it


def test_a_case_whose_ruleset_is_unknown_is_in_no_profile() -> None:
    r = rec("z", "failed", ["X-1"])
    r.options = None
    assert all(p.cases == 0 for p in profiles([r]))


@pytest.mark.parametrize(
    ("passed", "failed", "skipped", "known", "pct", "color"),
    [
        (10, 0, 5, 0, 100, "brightgreen"),
        (199, 1, 0, 0, 99, "green"),  # 99.5% is rounded down: a failure never shows 100%
        (95, 5, 0, 0, 95, "green"),
        (94, 6, 0, 0, 94, "yellowgreen"),
        (90, 0, 0, 10, 90, "yellowgreen"),  # known failures are not passing
        (89, 11, 0, 0, 89, "yellow"),
        (75, 25, 0, 0, 75, "yellow"),
        (74, 26, 0, 0, 74, "orange"),
        (50, 50, 0, 0, 50, "orange"),
        (49, 51, 0, 0, 49, "red"),
        (0, 0, 7, 0, None, "lightgrey"),  # nothing ran
    ],
)
def test_badge_percentage_and_colour(passed: int, failed: int, skipped: int, known: int, pct: int | None,
                                     color: str) -> None:
    counts = {"passed": passed, "failed": failed, "skipped": skipped, "errored": 0, "known": known}
    assert percent_passing(counts) == pct
    assert badge_color(pct) == color
    b = badge({"counts": counts})
    assert b == {"schemaVersion": 1, "label": "tonk conformance",
                 "message": "no cases ran" if pct is None else f"{pct}% passing", "color": color}


def test_the_report_validates_and_says_not_ok() -> None:
    r = report()
    jsonschema.validate(r, REPORT_SCHEMA)
    assert r["ok"] is False
    assert r["counts"] == {"passed": 2, "failed": 1, "skipped": 1, "errored": 1, "known": 1, "total": 6,
                           "collection_errors": 0}
    good = build_report([RECORDS[0], RECORDS[2], RECORDS[4]], engine=None, run=r["run"], suite=r["suite"])
    assert good["ok"] is True


def test_markdown_has_the_summary_profiles_rules_and_every_failure() -> None:
    md = markdown(report())
    assert md.startswith("# Tonk conformance report\n")
    assert "result: **FAIL**" in md
    assert "| `upcard=false` | fail | 2 | 0 | 0 | 0 | 1 | 1 |" in md
    assert "| PAY-KNOCK-2 | 1 | 1 | 0 | 0 | 0 |" in md
    assert "### failed: `b` (sc/b.yaml:1)" in md
    assert "result.ending: expected 'knock_won', got 'knock_caught'" in md
    assert "### errored: `d`" in md and "engine fault (timeout)" in md
    assert "- `c`: option values not declared" in md


def test_terminal_table_full_and_problems_only() -> None:
    full = terminal_lines(report(), table="full")
    assert any(line.startswith("TURN-2") and line.split()[1:] == ["2", "0", "0", "0", "0"] for line in full)
    problems = terminal_lines(report(), table="problems")
    assert not any(line.startswith("TURN-2") for line in problems)
    assert any(line.startswith("HIT-1") for line in problems)
    assert "  FAIL    seed (2 cases: 1 passed, 1 failed)" in full
    assert "  SKIPPED knock_tie=knocker_wins (1 case: 0 passed, 1 skipped)" in full
    assert terminal_lines(report(), table="off").count("per rule:") == 0
