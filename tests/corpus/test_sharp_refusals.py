"""Every refusal the suite expects is sharp: the action breaks exactly the rule whose code
the case names (tonk_ref/harness/sharp.py), so an engine that accepts it for that rule, or
refuses it for another, fails the case.  The whole suite is linted: the YAML scenarios,
the Gherkin features (every Examples row) and the perft tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from tonk_ref.harness.case import Case
from tonk_ref.harness.scenario import load_scenario
from tonk_ref.harness.sharp import Blunt, blunt_refusals, is_sharp
from tonk_ref.harness.suite import load_suite


def test_no_case_of_the_suite_has_a_blunt_refusal() -> None:
    suite = load_suite()
    assert suite.errors == []
    kinds = {c.kind for c in suite.cases}
    assert {"scenario", "feature", "perft"} <= kinds
    blunt = [b for case in suite.cases for b in blunt_refusals(case)]
    where = {c.id: c.source for c in suite.cases}
    shown = "\n".join(f"  {where[b.case]}: {b}" for b in blunt)
    assert not blunt, f"{len(blunt)} refusals are not sharp (the action breaks another rule too, or none):\n{shown}"


SCENARIO = """\
id: lint-probe-2p
title: a probe of the lint
rules: [SPREAD-4]
players: 2
dealer: 1
deal:
  hands:
    - [5h, 6h, 7h, 2d, 3s]
    - [Ac, 4d, 7s, Qh, Kd]
  upcard: 9c
  stock: [Ks, 6c]
script:
{script}
"""


def case_of(tmp_path: Path, *steps: str) -> Case:
    f = tmp_path / "lint-probe-2p.yaml"
    f.write_text(SCENARIO.format(script="\n".join(steps)), encoding="utf-8")
    return load_scenario(f)


def test_the_lint_finds_a_blunt_refusal(tmp_path: Path) -> None:
    case = case_of(
        tmp_path,
        "  - act: 0 spread 7h 2d 3s",  # no spread at all, and before drawing
        "    reject: must_draw_first",
        "  - act: 0 spread 5h 6h 7h",  # a real spread before drawing: sharp
        "    reject: must_draw_first",
    )
    assert blunt_refusals(case) == [
        Blunt("lint-probe-2p", 0, case.steps[0].line, "0 spread 7h 2d 3s", "must_draw_first",
              ("must_draw_first", "not_a_spread")),
    ]
    shown = str(blunt_refusals(case)[0])
    assert "lint-probe-2p" in shown and f"line {case.steps[0].line}" in shown
    assert "breaks must_draw_first, not_a_spread" in shown


def test_the_lint_replays_the_steps_before_each_refusal(tmp_path: Path) -> None:
    case = case_of(
        tmp_path,
        "  - act: 0 draw stock",
        "  - act: 1 discard 7s",  # refused (not seat 1's turn), and so left out of the replay
        "    reject: not_your_turn",
        "  - act: 0 discard Ks",
        "  - act: 0 discard 2d",  # seat 0's turn is over; seat 1 has not drawn: two rules
        "    reject: not_your_turn",
        "  - act: 1 draw stock",
        "  - act: 0 discard 2d",  # now only the turn is wrong
        "    reject: not_your_turn",
        "  - act: 1 discard 7s",
        "    reject: true",  # accepted by the rules: no reason at all
    )
    found = blunt_refusals(case)
    assert [(b.step, b.expected, b.found) for b in found] == [
        (3, "not_your_turn", ("not_your_turn", "must_draw_first")),
        (6, True, ()),
    ]
    assert "none: the action is legal" in str(found[1]) and "any one reason" in str(found[1])


def test_any_reason_is_sharp_when_exactly_one_is_found() -> None:
    assert is_sharp(True, ("not_in_hand",))
    assert not is_sharp(True, ())
    assert not is_sharp(True, ("must_draw_first", "not_in_hand"))
    assert is_sharp("not_in_hand", ("not_in_hand",))
    assert not is_sharp("not_in_hand", ("must_draw_first",))


def test_cases_that_deal_no_hand_or_must_have_their_deal_refused_are_skipped(tmp_path: Path) -> None:
    case = case_of(tmp_path, "  - act: 0 spread 7h 2d 3s", "    reject: must_draw_first")
    assert blunt_refusals(case) != []
    from dataclasses import replace

    assert blunt_refusals(replace(case, setup=None)) == []
    assert blunt_refusals(replace(case, deal_refused=True)) == []


@pytest.mark.parametrize("kind", ["feature", "perft"])
def test_the_suite_lints_features_and_perft_too(kind: str) -> None:
    cases = [c for c in load_suite().cases if c.kind == kind]
    assert cases
    if kind == "feature":  # the features expect refusals, and the lint reaches them
        assert any(getattr(s, "refuse", None) for c in cases for s in c.steps)
