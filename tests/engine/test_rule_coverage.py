"""Every rule ID of spec/rules.yaml is checked by at least one engine test.

The markers are read from the source of the test modules (not from the tests pytest
collected), so the check gives the same answer whichever tests were selected.  A marker
on a test that is expected to fail (``xfail``) does not count: a known engine bug does
not check its rule."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from _pytest.mark.structures import Mark, ParameterSet
from enginekit import rule_ids, rules_yaml

HERE = Path(__file__).resolve().parent


def _load(path: Path) -> Any:
    """The test module at ``path``, loaded under a private name (so the scan does not
    depend on how pytest imported it)."""
    spec = importlib.util.spec_from_file_location(f"_rule_coverage_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def _marks(obj: object) -> list[Mark]:
    marks = getattr(obj, "pytestmark", [])
    return list(marks) if isinstance(marks, list) else [marks]


def marked_rules() -> dict[str, set[str]]:
    """Rule ID -> the tests (``file::function`` or ``file::function[param]``) whose
    ``rule`` markers name it, leaving out tests and parameters marked xfail."""
    found: dict[str, set[str]] = {}
    for path in sorted(HERE.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        module = _load(path)
        module_marks = _marks(module)
        for name, fn in vars(module).items():
            if not (name.startswith("test_") and callable(fn)):
                continue
            marks = module_marks + _marks(fn)
            if any(m.name == "xfail" for m in marks):
                continue
            where = f"{path.name}::{name}"
            for m in marks:
                if m.name == "rule":
                    for rid in m.args:
                        found.setdefault(rid, set()).add(where)
                if m.name == "parametrize":
                    for i, value in enumerate(m.args[1]):
                        if not isinstance(value, ParameterSet):
                            continue
                        pmarks = [getattr(x, "mark", x) for x in value.marks]
                        if any(x.name == "xfail" for x in pmarks):
                            continue
                        for x in pmarks:
                            if x.name == "rule":
                                for rid in x.args:
                                    found.setdefault(rid, set()).add(f"{where}[{value.id or i}]")
    return found


def test_every_rule_id_is_checked_by_an_engine_test() -> None:
    ids = {r["id"] for r in rules_yaml()["rules"] if r.get("status") != "withdrawn"}
    found = marked_rules()
    missing = sorted(ids - set(found))
    assert not missing, f"rule IDs no engine test checks: {missing}"


def test_every_marked_rule_id_exists() -> None:
    unknown = {rid: sorted(where) for rid, where in marked_rules().items() if rid not in rule_ids()}
    assert not unknown, f"markers name rule IDs that spec/rules.yaml does not define: {unknown}"


def test_the_scan_finds_markers_in_every_form() -> None:
    found = marked_rules()
    assert any("test_payments.py::test_w1_dealt_tonk_two_players_stake_5" in w for w in found["PAY-DEALT-1"])
    # marks given to pytest.param(...) of a parametrized test
    assert "test_illegal.py::test_illegal_action_changes_nothing[draw-from-the-empty-discard-pile-with-no-upcard]" in (
        found["TURN-9"]
    )
