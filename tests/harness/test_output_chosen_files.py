"""No coverage lines for a run of chosen files: ``tonk check --scenarios DIR`` with a few
files (at the seed rules, or at a table beside generated hands) says nothing of how many rules
its cases exercise, which says nothing of the suite's coverage; the JSON report still holds it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tonk_ref.paths import scenarios_dir
from tonk_ref.tools import cli

FILES = ("pay/pay-dealt-tonk-50-3p.yaml", "turn/turn-choices-at-start-2p.yaml")


@pytest.mark.parametrize("table", [[], ["--rules", "online", "--generated", "3"]], ids=["seed", "table"])
def test_a_run_of_chosen_files_prints_no_coverage(table: list[str], tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    chosen = tmp_path / "chosen"
    chosen.mkdir()
    for rel in FILES:
        source = scenarios_dir() / rel
        assert source.is_file(), source
        shutil.copy(source, chosen / source.name)
    out = tmp_path / "r.json"
    capsys.readouterr()
    code = cli.main(["check", "--no-progress", "--scenarios", str(chosen), "--no-features", "--perft-depth", "0",
                     *table, "--json", str(out), "--found", str(tmp_path / "found")])
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert "coverage" not in printed and "exercised by" not in printed, printed
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["coverage"], "the JSON report keeps what the cases exercised"
    assert report["counts"]["passed"] >= len(FILES)
