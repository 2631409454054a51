"""Every distinct failure of a case counts: a case that fails for two causes (a hit on one's
own spread that stays in the hand, then that player's knock refused by a lock on their own
hit) is counted in the group of each cause, its own (first) cause first, while the clean
fake of the table passes the same case."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.harness.report import failure_causes, failure_groups
from tonk_ref.tools import cli

HERE = Path(__file__).resolve().parent
CASE = "house-var-hit-lock-own-spread-hit-ends-turn-2p"


def _check(adapter: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any], str]:
    out = tmp_path / f"{adapter.replace(':', '-')}.json"
    code = cli.main(["check", "--no-progress", "--adapter", adapter, "--rules", "online-reem", "-k", CASE,
                     "--generated", "0", "--json", str(out), "--found", str(tmp_path / "found")])
    return code, json.loads(out.read_text(encoding="utf-8")), capsys.readouterr().out


def test_a_case_failing_for_two_causes_counts_in_both_groups(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))  # house, combined
    code, report, printed = _check("combined:hit_own_keeps_and_locks", tmp_path, capsys)
    assert code == 1, printed
    case = next(c for c in report["cases"] if c["id"] == CASE)
    causes = [cause for cause, _ in failure_causes(case)]
    assert causes[0] == case["cause"] and len(causes) == len(set(causes)) >= 2, causes
    assert "knock refused as hit_lock, expected acceptance" in causes, causes
    grouped = {g["cause"]: g for g in report["groups"]}
    for cause in causes:
        assert CASE in grouped[cause]["cases"], (cause, report["groups"])
    assert grouped["knock refused as hit_lock, expected acceptance"]["rule"] == "VAR-HITLOCK-1"
    assert "knock refused as hit_lock, expected acceptance" in printed  # on the console too
    assert report["counts"]["failed"] == 1, "one case, however many causes"

    code, report, printed = _check("house:clean_online_reem", tmp_path, capsys)
    assert code == 0 and report["counts"]["passed"] >= 1, printed


def test_groups_count_each_cause_once_per_case_and_keep_the_first_cause_first() -> None:
    def failure(cause: str, rule: str) -> dict[str, Any]:
        return {"cause": cause, "rule": rule}

    results = [
        {"id": "a", "status": "failed", "cause": "state.hands",
         "failures": [failure("state.hands", "HIT-1"), failure("knock refused as hit_lock, expected acceptance",
                                                               "VAR-HITLOCK-1"), failure("state.hands", "HIT-1")]},
        {"id": "b", "status": "failed", "cause": "knock refused as hit_lock, expected acceptance",
         "failures": [failure("knock refused as hit_lock, expected acceptance", "VAR-HITLOCK-1")]},
    ]
    groups = failure_groups(results)
    assert [(g["cause"], g["count"], g["cases"], g["rule"]) for g in groups] == [
        ("knock refused as hit_lock, expected acceptance", 2, ["a", "b"], "VAR-HITLOCK-1"),
        ("state.hands", 1, ["a"], "HIT-1"),
    ]
    lock = "knock refused as hit_lock, expected acceptance"
    assert [c for c, _ in failure_causes(results[0])] == ["state.hands", lock]


def test_at_one_step_what_the_case_expects_comes_before_the_invariants_its_answer_breaks() -> None:
    from tonk_ref.harness.results import Failure
    from tonk_ref.harness.runner import in_order

    def failure(step: int | None, cause: str) -> Failure:
        return Failure(step=step, line=0, text="", cause=cause, rule=None, message=cause)

    found = [failure(3, "broken invariant: card_count"), failure(None, "result.net"),
             failure(3, "spread accepted, expected refusal as not_in_hand"), failure(-1, "deal refused as x"),
             failure(5, "state.hands")]
    assert [f.cause for f in in_order(found)] == [
        "deal refused as x", "spread accepted, expected refusal as not_in_hand", "broken invariant: card_count",
        "state.hands", "result.net"]


def test_perft_counts_are_grouped_after_the_plain_action_groups() -> None:
    perft = [{"id": f"perft-{i}", "status": "failed", "cause": "perft count",
              "failures": [{"cause": "perft count", "rule": "TURN-1"}]} for i in range(3)]
    plain = [{"id": "a", "status": "failed", "cause": "knock accepted, expected refusal as knock_limit",
              "failures": [{"cause": "knock accepted, expected refusal as knock_limit", "rule": "VAR-KNOCK-1"}]}]
    assert [g["cause"] for g in failure_groups(perft + plain)] == [
        "knock accepted, expected refusal as knock_limit", "perft count"]
