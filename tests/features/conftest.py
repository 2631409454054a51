"""The Gherkin features in this repository's own test run.

The session fixtures the steps need, ``tonk_adapter`` and ``tonk_caps``, come from the
``tonk`` pytest plugin (tonk_ref/harness/plugin.py): by default the reference engine in
process, or the engine chosen with ``--tonk-adapter`` / ``--tonk-adapter-cmd``.  The
plugin registers the scenario tags as markers only when a ``--tonk-*`` option is given,
so this conftest registers them for a plain ``pytest tests/features`` too.
"""

from __future__ import annotations

import pytest

from tonk_ref.harness.steps import register_markers


def pytest_configure(config: pytest.Config) -> None:
    register_markers(config)
