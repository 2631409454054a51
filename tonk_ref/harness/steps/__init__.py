"""Step definitions of the Gherkin features (``features/*.feature``).

The steps drive an engine only through the adapter interface
(:mod:`tonk_ref.adapters.base`), so the features run against any engine.  They need two
fixtures, provided by the ``tonk`` pytest plugin (or, in this repository's tests, by
``tests/features/conftest.py``):

- ``tonk_adapter`` (session): the :class:`~tonk_ref.adapters.base.Adapter` under test;
- ``tonk_caps`` (session): its :class:`~tonk_ref.harness.execute.Capabilities`.

A step that needs an option value or a protocol feature the engine does not declare
skips the scenario; it never fails it.

This package is imported once, by :mod:`tonk_ref.harness.feature_suite`, which binds the
features; pytest sees the step fixtures there through :func:`fixtures`.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml

from ...paths import features_dir, spec_dir
from . import given, then, when
from .parse import REGISTRY, StepDef

#: A tag that names a rule of spec/rules.yaml: ``@PAY-KNOCK-2``.
RULE_TAG = re.compile(r"^[A-Z]+(?:-[A-Z0-9]+)+$")
#: The stable id of a scenario: ``@id.pay-knock-w6``.
ID_TAG = re.compile(r"^id\.([a-z0-9]+(?:-[a-z0-9]+)*)$")

_STEP_MODULES = (given, when, then)


def fixtures() -> dict[str, Any]:
    """The pytest fixtures this package defines (the step definitions pytest-bdd
    generated and ``tonk_table``), by name, for the module that binds the features."""
    out: dict[str, Any] = {}
    for module in _STEP_MODULES:
        for name, value in vars(module).items():
            if name.startswith("pytestbdd_") or name == "tonk_table":
                out[name] = value
    return out


def spec_rules() -> dict[str, str]:
    """Rule ID to title, read straight from spec/rules.yaml (no schema check: the
    marker registration must not break a pytest session; the lint tests check)."""
    data = yaml.safe_load((spec_dir() / "rules.yaml").read_text(encoding="utf-8"))
    return {str(r["id"]): str(r.get("title", "")) for r in data.get("rules", []) if isinstance(r, dict) and "id" in r}


def register_markers(config: pytest.Config) -> None:
    """Register the tags of the features as pytest markers, so that ``-m PAY-KNOCK-2``
    or ``-m id.pay-knock-w6`` selects scenarios and no unknown-marker warning is shown:
    every rule ID of spec/rules.yaml, and every ``@id.`` tag found in the features.
    Idempotent: markers already registered are left alone."""
    known = {str(line).split(":", 1)[0].split("(", 1)[0].strip() for line in config.getini("markers")}
    lines = [(rid, f"Gherkin scenarios checking rule {rid} ({title})") for rid, title in spec_rules().items()]
    for path in sorted(features_dir().glob("*.feature")):
        for tag in re.findall(r"@(id\.[a-z0-9-]+)", path.read_text(encoding="utf-8")):
            lines.append((tag, "the Gherkin scenario with this stable id"))
    for name, text in lines:
        if name not in known:
            known.add(name)
            config.addinivalue_line("markers", f"{name}: {text}")


__all__ = ["ID_TAG", "REGISTRY", "RULE_TAG", "StepDef", "fixtures", "register_markers", "spec_rules"]


def cache_step_lookup() -> None:
    """Find step definitions without asking pytest about every fixture for every step.

    pytest-bdd finds the definitions for each step line by asking pytest, for every fixture
    name in the session, which definitions are visible from the item
    (``pytest_bdd.scenario.find_fixturedefs_for_step``), once per step of every scenario:
    about two thirds of a feature's run time here.  Which step definitions are visible
    depends only on the item's parent (its module or class), and all are registered
    before any test runs, so they are listed once per parent and each step is then only
    matched against them, exactly as pytest-bdd matches it.  Left as it is when this
    pytest-bdd lacks the pieces (the results are the same either way, only slower).
    """
    import importlib

    bdd: Any = importlib.import_module("pytest_bdd.scenario")  # the module, not the decorator
    needed = ("find_fixturedefs_for_step", "get_fixture_names", "getfixturedefs", "step_function_context_registry")
    if not all(hasattr(bdd, n) for n in needed) or getattr(bdd.find_fixturedefs_for_step, "_tonk_cached", False):
        return
    visible: dict[str, list[tuple[Any, Any]]] = {}

    def find(step: Any, fixturemanager: Any, node: Any) -> list[Any]:
        parent = getattr(node, "parent", None)
        key = parent.nodeid if parent is not None else node.nodeid
        defs = visible.get(key)
        if defs is None:
            defs = []
            for name in bdd.get_fixture_names(fixturemanager=fixturemanager):
                for fixturedef in bdd.getfixturedefs(fixturemanager, name, node) or []:
                    context = bdd.step_function_context_registry.get(fixturedef.func)
                    if context is not None:
                        defs.append((fixturedef, context))
            visible[key] = defs
        return [
            fixturedef
            for fixturedef, context in defs
            if (context.type is None or context.type == step.type) and context.parser.is_matching(step.name)
        ]

    find._tonk_cached = True  # type: ignore[attr-defined]
    bdd.find_fixturedefs_for_step = find
