"""Tests of the players' commands (``tonk judge``, ``tonk explain``, ``tonk rules``): each
runs :func:`tonk_ref.tools.cli.main` in process and captures what it prints."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from runkit import W7, Ran, scenario, tonk

__all__ = ["W7", "W12", "Ran", "scenario", "table_file", "tonk"]

#: W12 as a described situation: the stock is empty and seat 2 draws from it; seat 0
#: holds 6 (four aces and a deuce), seat 1 holds 6 and seat 2 holds 9.
W12 = ("3 players; 0: Ac Ad Ah As 2c; 1: 2d 4d; 2: 4c 5d; table: 1 [5h 6h 7h], 2 [Tc Jc Qc]; discard Qs; "
       "stock 0; 2 draws")


@pytest.fixture
def table_file(tmp_path: Path) -> Callable[[str], str]:
    def write(text: str) -> str:
        p = tmp_path / "table.yaml"
        p.write_text(text, encoding="utf-8")
        return str(p)

    return write
