"""The binding module of the Gherkin features: importing it (inside a pytest session)
binds every scenario of ``features/*.feature`` as a test function of this module, with
the step definitions of :mod:`tonk_ref.harness.steps` as its fixtures.

The steps need the session fixtures ``tonk_adapter`` and ``tonk_caps`` (the ``tonk``
pytest plugin provides them).  Scenario tags become markers: each rule ID
(``-m PAY-KNOCK-2``) and each stable id (``-m id.pay-knock-w6``), registered when this
module is imported (:func:`tonk_ref.harness.steps.register_markers`).

Run the features against an engine::

    pytest --pyargs tonk_ref.harness.feature_suite --tonk-adapter=MODULE:FACTORY

A test module that wants them imports :func:`collectables` into its globals (this
repository's ``tests/features/test_features.py`` does); bind them in one module only, or
pytest collects them twice.
"""

from __future__ import annotations

from typing import Any

from pytest_bdd import scenarios
from pytest_bdd.utils import CONFIG_STACK

from ..paths import features_dir
from . import steps

globals().update(steps.fixtures())
steps.cache_step_lookup()

if CONFIG_STACK:  # inside a pytest session: register the tags before they become marks
    steps.register_markers(CONFIG_STACK[-1])
scenarios(str(features_dir()))


def collectables() -> dict[str, Any]:
    """The test functions and step fixtures of this module, by name."""
    fixtures = steps.fixtures()
    tests = {k: v for k, v in globals().items() if k.startswith("test_") and callable(v)}
    return {**fixtures, **tests}
