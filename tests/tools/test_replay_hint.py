"""The replay hint runs as printed: a failing generated hand that ``tonk check --rules`` shrinks to
a scenario file is replayed with ``--scenarios DIR``, and the hint that replay prints at its
end keeps ``--scenarios DIR`` (and the table), so that running it as printed replays the same
case and fails the same way."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tonk_ref.tools import cli

FAKES = Path(__file__).resolve().parents[1] / "fakes"
ENGINE = "house:spread_not_held"


def _tonk(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    code = cli.main(argv)
    return code, capsys.readouterr().out


def _hint(printed: str) -> list[str]:
    lines = [x.strip() for x in printed.splitlines() if x.strip().startswith("replay: tonk replay ")]
    assert lines, printed[-1500:]
    argv = shlex.split(lines[-1].removeprefix("replay: tonk "))
    return argv


def test_the_hint_at_the_end_of_a_replay_of_a_found_file_runs_as_printed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(FAKES))
    found = tmp_path / "found"
    code, printed = _tonk(["check", "--no-progress", "--adapter", ENGINE, "--rules", "online", "-k",
                           "pack40-knock-first-turn-3-2p", "--generated", "12", "--perft-depth", "0",
                           "--found", str(found)], capsys)
    assert code == 1 and sorted(found.glob("*.yaml")), printed[-1500:]
    first = _hint(printed.split("failing generated hands, shrunk", 1)[1])
    assert first[:1] == ["replay"] and "--scenarios" in first, first

    code, printed = _tonk(first, capsys)  # as check printed it
    assert code == 1, printed[-1500:]
    again = _hint(printed)
    assert again[1] == first[1], (first, again)
    assert again[again.index("--scenarios") + 1] == str(found), again
    code, printed_again = _tonk(again, capsys)  # and replay's own hint, as printed
    assert code == 1 and f"FAIL {first[1]}" in printed_again, printed_again[-1500:]
