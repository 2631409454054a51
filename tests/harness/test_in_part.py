"""A case whose later steps alone need a feature the engine did not declare runs in part:
its steps up to the first that needs it are checked (their actions, states, final result
and payments), and the report names the steps left out and why."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from deals import HIT_DEAL, KNOCK_DEAL
from tonkcases import PAY_THEN_MATCH
from tonkfake import NoMatch, NoMatchOverpays

from tonk_ref.adapters.base import Adapter
from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.harness.case import Case
from tonk_ref.harness.report import REPORT_SCHEMA, build_report
from tonk_ref.harness.results import CaseResult
from tonk_ref.harness.runner import run_suite
from tonk_ref.harness.scenario import parse_scenario
from tonk_ref.views.render import console_lines

NEXT_DEALER = "{method: next_dealer, params: {players: 3, dealer: 2, result: {ending: knock_won, winners: [0]}}, " \
              "expect: {dealer: 0}}"
#: The match request is the first step: nothing comes before it to run.
MATCH_FIRST = """id: ip-match-first
title: who deals next, then seat 0 knocks
rules: [DEALER-2]
""" + KNOCK_DEAL + f"""script:
  - call: {NEXT_DEALER}
  - act: 0 knock
result:
  ending: knock_won
"""
#: Actions follow the match request: the final result (a wrong one) is left out with them.
ACTS_AFTER_MATCH = """id: ip-acts-after-match
title: seat 0 draws; who deals next; seat 0 spreads
rules: [SPREAD-3]
""" + HIT_DEAL + f"""  stock: [7h]
script:
  - act: 0 draw stock
  - expect: {{hand_sizes: [6, 5, 5]}}
  - call: {NEXT_DEALER}
  - act: 0 spread 4h 5h 6h
result:
  ending: knock_caught
"""
#: The file itself asks for match: the whole case needs it.
REQUIRES_MATCH = PAY_THEN_MATCH.replace("id: h-pay-then-match", "id: ip-requires-match") \
    .replace("rules: [", "requires: {features: [match]}\nrules: [")


def cases() -> list[Case]:
    return [parse_scenario(text, f"in_part/{i}.yaml")
            for i, text in enumerate([PAY_THEN_MATCH, MATCH_FIRST, ACTS_AFTER_MATCH, REQUIRES_MATCH])]


def results(adapter: Adapter) -> dict[str, CaseResult]:
    return {r.id: r for r in run_suite(adapter, cases()).results}


def test_the_payments_before_a_match_request_are_checked_without_match() -> None:
    r = results(NoMatch())["h-pay-then-match"]
    assert r.status == "passed" and not r.needs and not r.unchecked
    assert r.checked >= 5  # the ending, the winners, the totals, the net, the payments
    assert r.left_out is not None and r.left_out.at == 1 and not r.left_out.result
    assert r.message == ("checked in part: step 1 left out (from line 14: call next_dealer), they need the feature "
                         "match, which the engine did not declare")
    assert not any(x.method == "next_dealer" for x in r.transcript)
    assert r.to_json()["left_out"] == {
        "from_step": 1, "needs": [{"kind": "feature", "name": "match"}],
        "steps": [{"step": 1, "kind": "call", "line": 14, "text": "call next_dealer"}], "result": False}


@pytest.mark.parametrize("adapter", [NoMatchOverpays, lambda: _Overpays()], ids=["without match", "with match"])
def test_a_wrong_payment_before_a_match_request_fails_the_case(adapter: Any) -> None:
    r = results(adapter())["h-pay-then-match"]
    assert r.status == "failed"
    assert "result.payments (after knock_won)" in [f.cause for f in r.failures], r.failures


class _Overpays(NoMatchOverpays):
    """The same wrong payment, by an engine that declares match: the whole case runs."""

    def hello(self) -> dict[str, Any]:
        return InProcessAdapter.hello(self)


def test_a_case_that_needs_the_feature_at_its_first_step_or_in_its_file_is_skipped() -> None:
    got = results(NoMatch())
    for cid in ("ip-match-first", "ip-requires-match"):
        assert got[cid].status == "skipped" and got[cid].left_out is None
        assert [str(n) for n in got[cid].needs] == ["needs feature match"]


def test_the_final_result_is_left_out_with_actions_after_the_first_step_left_out() -> None:
    r = results(NoMatch())["ip-acts-after-match"]
    assert r.status == "passed"  # its final result, wrong on purpose, is not checked
    assert r.left_out is not None and r.left_out.at == 2 and r.left_out.result
    assert [s["step"] for s in r.left_out.steps(r.case)] == [2, 3]
    assert r.message.startswith("checked in part: steps 2-3 and the final result left out (from line ")
    assert results(InProcessAdapter())["ip-acts-after-match"].status == "failed"  # run whole, it fails


def test_the_report_counts_the_cases_run_in_part() -> None:
    run = run_suite(NoMatch(), cases())
    report = build_report(run, adapter="no_match")
    jsonschema.validate(report, REPORT_SCHEMA)
    assert report["counts"]["passed"] == 2 and report["counts"]["skipped"] == 2
    assert report["checks"]["in_part"] == {"match": {"cases": 2, "steps": 3, "kinds": ["call"], "results": 1,
                                                     "ids": ["h-pay-then-match", "ip-acts-after-match"]}}
    assert ("2 cases checked in part: their match-request steps need the feature match, not declared (3 steps left "
            "out, and 1 final result; declare it to check them whole)") in console_lines(report)
    whole = build_report(run_suite(InProcessAdapter(), cases()[:1]), adapter="reference")
    assert "in_part" not in whole["checks"] and "left_out" not in whole["cases"][0]


def test_a_case_run_in_part_keeps_its_id_and_all_its_steps() -> None:
    r = results(NoMatch())["ip-acts-after-match"]
    assert r.case.id == "ip-acts-after-match" and len(r.case.steps) == 4 and r.case.result is not None
