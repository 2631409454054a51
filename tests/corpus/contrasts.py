"""What the tests of the generated folders (test_generated_b.py, test_generated_house.py)
share: their cases run on the reference engine, and the contrasts of an option's values
read back from the case ids and compared."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from scenarios._gen.make.contrast import tag
from tonk_ref.engine.ruleset import option_values

__all__ = ["contrast_id", "failing_on_the_reference_engine", "outcomes_differ", "parse_contrast_id", "tag"]

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def failing_on_the_reference_engine(folders: Iterable[str]) -> tuple[list[str], int]:
    """The cases of ``folders`` (below scenarios/) that do not pass on the reference
    engine, one line each, and how many cases ran."""
    from tonk_ref.adapters.inprocess import reference
    from tonk_ref.harness.runner import run_suite
    from tonk_ref.harness.suite import load_suite

    suite = load_suite([SCENARIOS / f for f in folders], features=False, perft_depth=0)
    assert not suite.errors, suite.errors
    outcomes = run_suite(reference(), suite.cases).results
    return [f"{o.status} {o.id}: {o.message}" for o in outcomes if o.status != "passed"], len(outcomes)


def contrast_id(prefix: str, option: str, value_tag: str, what: str) -> str:
    return f"{prefix}-{option.replace('_', '-')}-{value_tag}-{what}"


def parse_contrast_id(case_id: str, prefix: str, options: Iterable[str]) -> tuple[str, str, str] | None:
    """(option, value tag, what) of a case id ``<prefix>-<option>-<value tag>-<what>``
    (``default`` for the option's default; the value as :func:`tag` writes it), the longest
    option name that fits; None for an id of another shape."""
    for option in sorted(options, key=len, reverse=True):
        head = f"{prefix}-{option.replace('_', '-')}-"
        if case_id.startswith(head):
            rest = case_id[len(head) :]
            tags = sorted([tag(v) for v in option_values()[option]] + ["default"], key=len, reverse=True)
            for t in tags:
                if rest.startswith(t + "-"):
                    return option, t, rest[len(t) + 1 :]
    return None


def outcomes_differ(case: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two cases of a contrast expect something different (their ids, titles,
    rulesets and notes aside)."""
    strip = ("id", "title", "ruleset", "notes")
    return {k: v for k, v in case.items() if k not in strip} != {k: v for k, v in other.items() if k not in strip}
