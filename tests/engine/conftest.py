"""Engine unit tests: every test names the rule IDs of spec/rules.yaml it checks with
``@pytest.mark.rule("ID", ...)``.  Collection fails on a test without the marker or
with an ID that rules.yaml does not define (test_rule_coverage.py checks the reverse:
every rule ID is checked by at least one engine test)."""

from __future__ import annotations

from pathlib import Path

import pytest
from enginekit import rule_ids

HERE = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rule(*ids): the spec/rules.yaml rule IDs an engine test checks")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    known = rule_ids()
    problems: list[str] = []
    for item in items:
        path = item.path.resolve()
        if HERE not in path.parents or path.name == "test_rule_coverage.py":
            continue
        marks = list(item.iter_markers("rule"))
        if not marks:
            problems.append(f"{item.nodeid}: no @pytest.mark.rule(...) naming the rule IDs it checks")
        for mark in marks:
            if not mark.args:
                problems.append(f"{item.nodeid}: @pytest.mark.rule() names no rule ID")
            for rid in mark.args:
                if rid not in known:
                    problems.append(f"{item.nodeid}: rule ID {rid!r} is not in spec/rules.yaml")
    if problems:
        raise pytest.UsageError("engine tests with bad rule markers:\n  " + "\n  ".join(problems))
