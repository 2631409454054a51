"""Tests of the players' commands (``tonk judge``, ``tonk explain``, ``tonk rules``): each
runs :func:`tonk_ref.tools.cli.main` in process and captures what it prints."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from runkit import tonk

__all__ = ["table_file", "tonk"]


@pytest.fixture
def table_file(tmp_path: Path) -> Callable[[str], str]:
    def write(text: str) -> str:
        p = tmp_path / "table.yaml"
        p.write_text(text, encoding="utf-8")
        return str(p)

    return write
