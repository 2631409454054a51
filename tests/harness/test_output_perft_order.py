"""The plain action group before perft counts: an engine that never lists drawing from the
discard pile among its legal actions (tests/fakes/unlisted.py) fails a few cases that ask for
its legal actions and many perft entries; the perft counts, which follow from the same missing
action, are grouped after the plain group however many they are, and the console says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tonk_ref.tools import cli

FAKES = Path(__file__).resolve().parents[1] / "fakes"


def test_perft_counts_come_after_the_plain_group_of_the_same_missing_action(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(FAKES))
    out = tmp_path / "r.json"
    capsys.readouterr()
    code = cli.main(["check", "--no-progress", "--adapter", "unlisted:no_discard_draw_listed", "-k",
                     "perft-deck40 or perft-hoyle-tunk or turn-choices-at-start", "--no-features", "--json",
                     str(out)])
    printed = capsys.readouterr().out
    assert code == 1, printed
    groups = json.loads(out.read_text(encoding="utf-8"))["groups"]
    assert [g["cause"] for g in groups] == ["legal_actions", "perft count"], groups
    assert groups[1]["count"] > groups[0]["count"], "the perft group is larger, and still last"
    lines = printed.splitlines()
    head = lines.index("failures by cause, largest group first (perft counts last):")
    assert lines[head + 1].split()[2] == "legal_actions" and lines[head + 2].split()[2:4] == ["perft", "count"]
