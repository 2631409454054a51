"""Which files of a folder the suite is compiled from: YAML scenarios, perft tables and
Gherkin features (listing them imports none of their compilers)."""

from __future__ import annotations

from pathlib import Path

from ..paths import features_dir, scenarios_dir


def scenario_files(root: Path | None = None) -> list[Path]:
    """The ``*.yaml`` scenarios under ``root`` (default: the packaged corpus), leaving out
    the perft tables and the generators' folders (names starting with ``_``)."""
    base = root or scenarios_dir()
    return sorted(
        p
        for p in base.rglob("*.yaml")
        if p.is_file() and not any(part == "perft" or part.startswith("_") for part in p.relative_to(base).parts)
    )


def table_files(root: str | Path) -> list[Path]:
    """The perft tables of a folder, or the one file named."""
    p = Path(root)
    return sorted(p.glob("*.perft")) if p.is_dir() else [p]


def feature_files(root: Path | None = None) -> list[Path]:
    return sorted((root or features_dir()).rglob("*.feature"))
