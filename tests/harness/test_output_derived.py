"""A derived case shows its derived numbers in its title: W10 written for ``caught_payment =
double_lowest_only`` says "-4, +2, +2"; at a table that pays ``per_player`` its expectation is
recomputed as -6, +3, +3, and its title says so (in the JSON report, on the console and in a
replay), while its step keeps its written words, marked as such.  A case played as written keeps
its title."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tonk_ref.tools import cli

FAKES = Path(__file__).resolve().parents[1] / "fakes"
DERIVED = "pay-caught-w10[double_lowest_only--4, +2, +2]"
WRITTEN = "pay-caught-w10[per_player--6, +3, +3]"


def test_a_derived_case_shows_its_derived_numbers_in_its_title(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(FAKES))  # halved: an engine that pays half, so that the cases fail
    table = tmp_path / "table.yaml"
    table.write_text("preset: seed\noptions: {caught_payment: per_player}\n", encoding="utf-8")
    out = tmp_path / "r.json"
    capsys.readouterr()
    code = cli.main(["check", "--no-progress", "--adapter", "halved:half_stake", "--rules", str(table), "-k",
                     "pay-caught-w10", "--generated", "0", "--perft-depth", "0", "--json", str(out), "-v"])
    printed = capsys.readouterr().out
    assert code == 1, printed[-1500:]
    cases = {c["id"]: c for c in json.loads(out.read_text(encoding="utf-8"))["cases"]}
    derived, written = cases[DERIVED], cases[WRITTEN]
    assert derived["origin"] == "derived" and written["origin"] == "written"
    assert derived["title"].endswith("(double_lowest_only) (derived at this table: net -6, +3, +3)"), derived
    assert "derived" not in written["title"], written
    assert derived["failures"][0]["diffs"][0]["expected"] == [-6, 3, 3]
    assert "(derived at this table: net -6, +3, +3)" in printed
    assert "the net result is -4, +2, +2  (after 0 knock)  (its words as written; what this table expects below)" \
        in printed, printed[-2500:]

    code = cli.main(["replay", DERIVED, "--adapter", "halved:half_stake", "--rules", str(table)])
    printed = capsys.readouterr().out
    assert code == 1 and f"{DERIVED}: {derived['title']}" in printed.splitlines()[0], printed[:400]
