"""What both browser test modules need to run at all: Chromium, node and the npm packages,
each found or, missing, the test skipped saying why, except in CI (``CI`` or
``TONK_BROWSER_REQUIRED`` set), where it fails."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def required() -> bool:
    return bool(os.environ.get("CI") or os.environ.get("TONK_BROWSER_REQUIRED"))


def missing(what: str, how: str) -> None:
    if required():
        pytest.fail(f"{what}: {how}")
    pytest.skip(f"{what} ({how}); this test runs in CI")


def chromium() -> str:
    found = next((p for p in (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")) if p), None)
    if not found:
        missing("Chromium is not installed", ".ci/run installs Debian's chromium package (apt-get install chromium)")
    assert found
    return found


def node() -> str:
    found = shutil.which("node")
    if not found:
        missing("node is not installed", "Node 20 or later runs the browser driver")
    assert found
    return found


def node_modules(*packages: str) -> Path:
    """The folder of npm packages holding every one of ``packages``: ``TONK_NODE_MODULES``,
    else the repository's own node_modules."""
    for nm in [os.environ.get("TONK_NODE_MODULES"), ROOT / "node_modules"]:
        if nm and all((Path(nm) / p).is_dir() for p in packages):
            return Path(nm)
    names = ", ".join(packages[:-1]) + f" and {packages[-1]}" if len(packages) > 1 else packages[0]
    missing(f"the npm packages {names} are not installed",
            "npm ci at the repository's root installs them from package.json (.ci/run does)")
    raise AssertionError("unreachable")
