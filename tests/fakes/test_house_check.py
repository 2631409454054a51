"""``tonk check`` against every house fake of house.py, at the fake's own table: a clean fake
passes (exit 0), and every bug fake is caught (exit 1: a case failed).  About a minute on
two workers: each fake runs the whole suite retargeted to its table, with its generated
block and probes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from house import HOUSE_FAKES, HouseFake

from tonk_ref.tools import cli

HERE = Path(__file__).resolve().parent


@pytest.mark.parametrize("fake", HOUSE_FAKES.values(), ids=lambda f: f.name)
def test_tonk_check_at_its_table_passes_a_clean_fake_and_catches_a_bug(
        fake: HouseFake, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))  # house
    out = tmp_path / "report.json"
    code = cli.main(["check", "--no-progress", "--adapter", f"house:{fake.name}", "--rules", fake.table,
                     "--json", str(out), "--found", str(tmp_path / "found")])
    text = capsys.readouterr().out
    summary = next((line for line in text.splitlines() if line.startswith("tonk check:")), text[-2000:])
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    counts = report["counts"]
    if fake.clean:
        assert code == 0, summary
        assert counts["failed"] == 0 and counts["errored"] == 0 and counts["passed"] > 0, counts
    else:
        assert code == 1, f"{fake.name} ({fake.description}) is not caught at {fake.table}: {summary}"
        assert counts["failed"] + counts["errored"] > 0, counts
