"""Where the spec, scenarios and features are: beside the package when installed from
a wheel (``tonk_ref/_data``), else at the root of the source checkout."""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def data_root() -> Path:
    packaged = _HERE / "_data"
    if (packaged / "spec").is_dir():
        return packaged
    return _HERE.parent


def spec_dir() -> Path:
    return data_root() / "spec"


def scenarios_dir() -> Path:
    return data_root() / "scenarios"


def features_dir() -> Path:
    return data_root() / "features"


def mutants_dir() -> Path | None:
    """The source checkout's ``mutants`` folder (the mutation tests' faults and witnesses),
    or None where there is none: a wheel does not carry it."""
    root = _HERE.parent
    folder = root / "mutants"
    if (root / "pyproject.toml").is_file() and (folder / "__init__.py").is_file():
        return folder
    return None
