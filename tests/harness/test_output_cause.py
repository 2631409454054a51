"""Output that points at the cause: amounts as the engine sent them, in seat order (only cards
are shown sorted), and no coverage lines for a run of chosen files."""

from __future__ import annotations

from typing import Any

from tonk_ref.harness.compare import Difference, show
from tonk_ref.views.render import coverage_lines


def test_a_net_of_fractions_is_shown_in_seat_order_as_sent() -> None:
    sent = ["1/2", "1/2", "1/2", "-3/2"]
    assert show(sent) == "[1/2, 1/2, 1/2, -3/2]"
    said = str(Difference("result.net", [1, 1, 1, -3], sent))
    assert said == "result.net: expected [1, 1, 1, -3], got [1/2, 1/2, 1/2, -3/2]"
    assert show(["Kd", "3c", "X1", "Ah"]) == "[3c Kd Ah X1]", "a hand is still shown in the pack's order"


def _report(engine_args: str) -> dict[str, Any]:
    low = {"VAR-HITLOCK-1": "1 case exercised it"}
    cov = {"rules": {"VAR-HITLOCK-1": 1}, "reasons": {}, "target": 2, "uncovered": low}
    return {"coverage": {"table": cov}, "run": {"engine_args": engine_args, "selection": None}}


def test_coverage_lines_are_left_out_for_a_run_of_chosen_files_only() -> None:
    assert coverage_lines(_report("--scenarios my-cases")) == []
    whole = coverage_lines(_report(""))
    assert whole and "1 exercised by fewer than 2 cases" in whole[0] and "VAR-HITLOCK-1" in whole[1]


def test_the_console_cuts_the_rule_table_to_the_rules_most_cases_fail() -> None:
    from tonk_ref.views.render import CONSOLE_RULES, rule_table

    def row(failed: int) -> dict[str, int]:
        return {"passed": 1, "failed": failed, "skipped": 0, "errored": 0, "known": 0, "not_checked": 0}

    rules = {f"TURN-{i}": row(1) for i in range(1, CONSOLE_RULES + 3)} | {"PAY-KNOCK-3": row(9)}
    report = {"rules": rules}
    assert [x.split()[0] for x in rule_table(report, True)[1:]][-1] == "PAY-KNOCK-3", "in the rules' order"
    worst = [x.split()[0] for x in rule_table(report, True, worst_first=True)[1:]]
    assert worst[:3] == ["PAY-KNOCK-3", "TURN-1", "TURN-2"], worst
