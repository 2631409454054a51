"""The lower bounds of pyproject.toml's dependencies hold.

Each floor is at least the first release with what the code uses of it (a table of known
features, each checked to be still in use, so that no entry outlives its reason) and the
first that installs on each Python the classifiers name.  Every direct requirement is met
by what is installed, and in the run of the lowest direct versions (.ci/lowest, which sets
``TONK_LOWEST_DIRECT=1``) each is installed at its floor exactly: a floor that the resolver
had to pass over (another package asks for more) would otherwise go untested."""

from __future__ import annotations

import importlib.metadata
import os
import re
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
LOWEST = os.environ.get("TONK_LOWEST_DIRECT") == "1"

#: What the code uses that a release brought: (distribution, first release, where, what
#: the code says there).
FEATURES = [
    ("hypothesis", "6.139", "tests/properties/propkit.py", "settings.get_current_profile_name()"),
    ("hatchling", "1.27", "pyproject.toml", 'license-files = ["LICENSE"]'),
    ("shtab", "1.4.1", "README.md", "shtab --shell=zsh --prog tonk"),
]

#: The first release that installs (a wheel, or a source build that succeeds) on a Python
#: and on every later one: (distribution, first release, Python).
PYTHONS = [
    ("PyYAML", "6.0.1", "3.12"),
    ("msgspec", "0.18.4", "3.12"),
    ("msgspec", "0.19", "3.13"),
]


def requirements() -> list[Requirement]:
    """The direct requirements: the runtime ones and those of the extras (the package's
    own extras, named in ``test``, left out)."""
    extras = [r for group in PROJECT["optional-dependencies"].values() for r in group]
    return [Requirement(r) for r in [*PROJECT["dependencies"], *extras] if not r.startswith(PROJECT["name"])]


def name(dist: str) -> str:
    return re.sub(r"[-_.]+", "-", dist).lower()


def floor(dist: str, python: str) -> Version:
    """The highest ``>=`` bound of ``dist`` that applies on ``python``."""
    env = {"python_version": python, "python_full_version": f"{python}.0"}
    bounds = [
        Version(s.version)
        for r in requirements()
        if name(r.name) == name(dist) and (r.marker is None or r.marker.evaluate(env))
        for s in r.specifier
        if s.operator == ">="
    ]
    assert bounds, f"{dist} has no lower bound on Python {python}"
    return max(bounds)


def claimed_pythons() -> list[str]:
    return [
        c.rsplit(" ", 1)[1]
        for c in PROJECT["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    ]


def test_every_direct_requirement_has_a_floor() -> None:
    for r in requirements():
        assert any(s.operator == ">=" for s in r.specifier), r


@pytest.mark.parametrize(("dist", "first", "path", "usage"), FEATURES, ids=[f[0] for f in FEATURES])
def test_each_floor_has_what_the_code_uses(dist: str, first: str, path: str, usage: str) -> None:
    assert usage in (ROOT / path).read_text(encoding="utf-8"), f"{path} no longer uses {usage}: drop the entry"
    oldest = PROJECT["requires-python"].removeprefix(">=")
    assert floor(dist, oldest) >= Version(first), f"{dist} {first} is the first with {usage}"


@pytest.mark.parametrize(("dist", "first", "python"), PYTHONS, ids=[f"{p[0]}-{p[2]}" for p in PYTHONS])
def test_each_floor_installs_on_every_python_claimed(dist: str, first: str, python: str) -> None:
    later = [v for v in claimed_pythons() if Version(v) >= Version(python)]
    for version in later:
        assert floor(dist, version) >= Version(first), f"{dist} {first} is the first that installs on {python}"


def test_what_is_installed_meets_every_requirement() -> None:
    """At the floors exactly in the lowest run; within the bounds elsewhere."""
    here = f"{sys.version_info.major}.{sys.version_info.minor}"
    wrong = []
    for r in requirements():
        if r.marker is not None and not r.marker.evaluate():
            continue
        installed = Version(importlib.metadata.version(r.name))
        if not r.specifier.contains(installed, prereleases=True) or (LOWEST and installed != floor(r.name, here)):
            wrong.append(f"{r} (installed: {installed})")
    assert wrong == [], "the lowest run installs each floor" if LOWEST else "a stale environment"
