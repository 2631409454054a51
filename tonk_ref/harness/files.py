"""Which files of a folder the suite is compiled from: YAML scenarios, perft tables and
Gherkin features (listing them imports none of their compilers)."""

from __future__ import annotations

import os
from pathlib import Path

from ..paths import features_dir, scenarios_dir


def scenario_files(root: Path | None = None) -> list[Path]:
    """The ``*.yaml`` scenarios under ``root`` (default: the packaged corpus), leaving out
    the perft tables and the generators' folders (names starting with ``_``), and files
    named so too; as ``rglob`` finds them (no folder is entered through a link), listed
    with ``os.scandir``, a quarter of the time."""
    base = root or scenarios_dir()
    found: list[str] = []

    def walk(folder: str) -> None:
        with os.scandir(folder) as entries:
            for e in entries:
                if e.name == "perft" or e.name.startswith("_"):
                    continue
                if e.is_dir() and not e.is_symlink():
                    walk(e.path)
                elif e.name.endswith(".yaml") and e.is_file():
                    found.append(e.path)

    if base.is_dir():
        walk(str(base))
    return sorted(Path(p) for p in found)


def table_files(root: str | Path) -> list[Path]:
    """The perft tables of a folder, or the one file named."""
    p = Path(root)
    return sorted(p.glob("*.perft")) if p.is_dir() else [p]


def feature_files(root: Path | None = None) -> list[Path]:
    return sorted((root or features_dir()).rglob("*.feature"))
