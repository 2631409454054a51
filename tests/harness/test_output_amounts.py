"""Nets in seat order as the engine sent them: an engine that settles at half the stake and
sends ``["1/2", "1/2", "1/2", "-3/2"]`` for a net of ``[1, 1, 1, -3]`` (tests/fakes/halved.py)
is shown that net as it sent it, seat 0 first, on the console, in the Markdown report and in
a replay; never sorted as if it were a hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from tonk_ref.tools import cli

FAKES = Path(__file__).resolve().parents[1] / "fakes"
CASE = "house-stock3-play-on-takes-the-discard-4p"
SAID = "result.net: expected [1, 1, 1, -3], got [1/2, 1/2, 1/2, -3/2]"


def test_a_net_of_fractions_is_shown_as_the_engine_sent_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(FAKES))
    md = tmp_path / "report.md"
    capsys.readouterr()
    code = cli.main(["check", "--no-progress", "--adapter", "halved:half_stake", "-k", CASE, "--report", str(md)])
    printed = capsys.readouterr().out
    assert code == 1, printed
    assert SAID in printed and "-3/2 1/2" not in printed
    assert SAID in md.read_text(encoding="utf-8")
    code = cli.main(["replay", CASE, "--adapter", "halved:half_stake"])
    printed = capsys.readouterr().out
    assert code == 1 and SAID in printed, printed[-800:]
