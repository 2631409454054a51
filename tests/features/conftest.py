"""Fixtures for running the Gherkin features in this repository's own test run.

``tonk_adapter`` and ``tonk_caps`` are FALLBACKS: the ``tonk`` pytest plugin
(tonk_ref/harness/plugin.py) is to provide them as session fixtures chosen by
``--tonk-adapter``; delete the two fixtures below once it does.  Here they are the
reference engine in process and its declared capabilities.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tonk_ref.adapters.base import Adapter
from tonk_ref.adapters.inprocess import reference
from tonk_ref.harness.execute import Capabilities
from tonk_ref.harness.steps import register_markers


def pytest_configure(config: pytest.Config) -> None:
    register_markers(config)


@pytest.fixture(scope="session")
def tonk_adapter() -> Iterator[Adapter]:
    adapter = reference()
    yield adapter
    adapter.close()


@pytest.fixture(scope="session")
def tonk_caps(tonk_adapter: Adapter) -> Capabilities:
    return Capabilities.from_hello(tonk_adapter.hello())
