"""The binding module of the Gherkin features for pytest: importing it (inside a pytest
session) binds every scenario of ``features/*.feature`` as a test of this module, through
pytest-bdd.  pytest-bdd collects them, turns their tags into markers and walks their steps;
the step definitions here accept every step and do nothing, and when a scenario's steps
are done the ``tonk`` plugin compiles them with the suite's one step compiler
(:mod:`tonk_ref.harness.steps`) and runs the case with its one runner, as ``tonk check``
does (:func:`tonk_ref.tools.pytest_tonk.pytest_bdd_after_scenario`).

Run the features against an engine::

    pytest --pyargs tonk_ref.harness.feature_suite --tonk-adapter-cmd "..."

A test module that wants them imports :func:`collectables` into its globals (this
repository's ``tests/features/test_features.py`` does); bind them in one module only, or
pytest collects them twice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pytest_bdd import given, parsers, scenarios, then, when
from pytest_bdd.utils import CONFIG_STACK

from ..paths import features_dir
from .case import Case
from .gherkin import Scenario, case_id, compile_scenario, shown_path
from .steps import ID_TAG, RULE_TAG

#: The plugin runs the scenarios of modules that set this.
TONK_FEATURES = True

_ANY = parsers.re(r"(?P<text>.*)")


@given(_ANY)
def _given(text: str) -> None:
    """Every Given step: compiled with the others when the scenario's steps are done."""


@when(_ANY)
def _when(text: str) -> None:
    """Every When step: compiled with the others when the scenario's steps are done."""


@then(_ANY)
def _then(text: str) -> None:
    """Every Then step: compiled with the others when the scenario's steps are done."""


def case_of(item: Any, feature: Any, scenario: Any) -> Case:
    """The case of a pytest-bdd scenario, compiled from its rendered steps."""
    tags = {m.name for m in item.iter_markers()}
    ids = sorted(m.group(1) for t in tags if (m := ID_TAG.match(t)))
    callspec = getattr(item, "callspec", None)
    row = None
    if callspec is not None and "_pytest_bdd_example" in callspec.params:
        row = [str(v) for v in callspec.params["_pytest_bdd_example"].values()]
    base = ids[0] if ids else item.name.split("[", 1)[0]
    steps = tuple(
        (st.type, st.name, st.line_number, st.datatable.raw() if st.datatable is not None else None)
        for st in scenario.steps
    )
    return compile_scenario(Scenario(
        id=case_id(base, row),
        title=scenario.name,
        rules=tuple(sorted(t for t in tags if RULE_TAG.match(t))),
        source=shown_path(Path(feature.filename)),
        line=scenario.line_number,
        steps=steps,
    ))


if CONFIG_STACK:  # inside a pytest session: register the tags before they become marks
    from .markers import register_markers

    register_markers(CONFIG_STACK[-1])
scenarios(str(features_dir()))


def collectables() -> dict[str, Any]:
    """The test functions and step definitions of this module, by name."""
    return {k: v for k, v in globals().items()
            if (k.startswith("test_") and callable(v)) or k.startswith("pytestbdd_")
            or k in ("_given", "_when", "_then", "TONK_FEATURES")}
