"""The root conftest of the project's tests: kept tiny.  ``pytester`` runs pytest
in-process on small temporary projects (tests/harness/).

The case cache of a test run is a folder of pytest's own cache (kept between runs, inside
the checkout), never the user's cache folder; ``TONK_CACHE_DIR`` set by hand wins.  Set in
the environment, it reaches pytest-xdist's workers and every ``tonk`` a test starts."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]
_made: list[Path] = []


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("TONK_CACHE_DIR"):
        return
    cache = getattr(config, "cache", None)
    if cache is not None:
        folder = cache.mkdir("tonk-cases")
        folder.chmod(0o700)  # the case cache uses no folder that group or others may write
    else:  # pytest's cache is off (-p no:cacheprovider): a folder of this run's own
        folder = Path(tempfile.mkdtemp(prefix="tonk-cases-"))
        _made.append(folder)
    os.environ["TONK_CACHE_DIR"] = str(folder)


def pytest_unconfigure(config: pytest.Config) -> None:
    for folder in _made:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop("TONK_CACHE_DIR", None)
