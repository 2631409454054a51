"""The progress bar: a rate, the time left, and one fixed width whatever the note; drawn
on a terminal only.  And the line a first run on an empty case cache prints."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest

from tonk_ref import cache
from tonk_ref.tools import progress
from tonk_ref.tools.progress import Progress, eta_text, rate_text


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_line_has_a_rate_and_the_time_left() -> None:
    clock = Clock()
    bar = Progress(200, "tonk check", enabled=True, width=101, clock=clock)
    clock.now += 5
    line = bar.line(50, "pay-knock-d5-tie-3p")
    assert line.startswith("tonk check [#####...............]  50/200   10.0/s ETA 00:15 pay-knock-d5-tie-3p")
    assert bar.line(0).startswith("tonk check [....................]   0/200     --/s ETA --:-- ")
    clock.now += 5 * 60 * 60
    assert " ETA  >99m " in bar.line(1)


def test_every_line_has_one_width_whatever_the_note_or_count() -> None:
    clock = Clock()
    for columns in (64, 80, 132, 300):
        bar = Progress(1269, "tonk check", enabled=True, width=columns, clock=clock)
        clock.now += 3
        lines = [bar.line(done, note) for done, note in
                 ((0, ""), (7, "a"), (1269, "x" * 200), (640, "house-var-deuces-fill-a-gap-3p"))]
        assert {len(x) for x in lines} == {min(columns - 1, progress.MAX_WIDTH)}, lines
        # the bar, the count, the rate and the time left stay in their columns
        assert len({x.index("]") for x in lines}) == 1 and len({x.index(" ETA ") for x in lines}) == 1
    assert Progress(10, "t", enabled=True, width=80).line(1, "y" * 100).endswith("…")
    assert len(Progress(1269, "tonk check", enabled=True, width=30).line(5, "z")) == 29  # cut, never longer


def test_rates_and_times_keep_their_width() -> None:
    assert {len(rate_text(r)) for r in (0, 0.5, 96.3, 999.9, 1234, 99_999, 2_500_000)} == {8}
    assert {len(eta_text(t)) for t in (None, 0, 9.4, 61, 5999, 6000, 10**7)} == {9}
    assert (eta_text(61), eta_text(None)) == ("ETA 01:01", "ETA --:--")


def test_it_draws_on_a_terminal_only_and_clears_its_line() -> None:
    quiet = io.StringIO()
    bar = Progress(3, "tonk check", stream=quiet)
    bar.update(1, "a")
    bar.close()
    assert quiet.getvalue() == ""
    tty = Terminal()
    bar = Progress(3, "tonk check", stream=tty, width=60)
    bar.update(3, "a")
    bar.close()
    drawn = tty.getvalue().split("\r")
    assert drawn[1].startswith("tonk check [") and len(drawn[1]) == 59 and drawn[2] == " " * 59


# ---------------------------------------------------------------------------- the first run
@pytest.fixture
def empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "cache"
    root.mkdir(mode=0o700)
    monkeypatch.setenv("TONK_CACHE_DIR", str(root))
    monkeypatch.delenv("TONK_NO_CACHE", raising=False)
    return root


def test_a_first_run_on_an_empty_cache_says_what_it_is_doing(empty_cache: Path) -> None:
    assert progress.cache_is_cold()
    tty = Terminal()
    assert progress.say_first_run("tonk check", progress.cache_is_cold(), stream=tty)
    assert tty.getvalue() == "tonk check: building the case cache (first run of this version, about 10 s; " \
                             "later runs read it)…\n"
    piped = io.StringIO()  # not a terminal: nothing
    assert not progress.say_first_run("tonk check", True, stream=piped) and piped.getvalue() == ""
    cache.cached("k", lambda: {"a": 1}, codec=cache.typed_codec("t", 1, dict[str, int]))
    assert not progress.cache_is_cold()  # an entry of this version: warm


def test_no_first_run_line_when_the_cache_is_off(empty_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TONK_NO_CACHE", "1")
    assert not progress.cache_is_cold()


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal")
def test_tonk_check_on_a_terminal_says_it_builds_the_cache_then_shows_the_bar(empty_cache: Path,
                                                                               tmp_path: Path) -> None:
    """``tonk check`` on a terminal (a pseudo-terminal), the case cache empty."""
    import pty
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    main, follower = pty.openpty()
    env: dict[str, Any] = {**os.environ, "PYTHONPATH": str(root), "COLUMNS": "100"}
    proc = subprocess.run([sys.executable, "-m", "tonk_ref", "check", "-k", "PAY-KNOCK", "--no-features",
                           "--table", "off"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=follower, env=env, cwd=tmp_path, timeout=300)
    os.close(follower)
    chunks = []
    try:
        while data := os.read(main, 65536):
            chunks.append(data)
    except OSError:  # the pseudo-terminal's end
        pass
    os.close(main)
    err = b"".join(chunks).decode()
    assert proc.returncode == 0, err
    assert err.startswith("tonk check: building the case cache (first run of this version, about 10 s"), err[:300]
    assert "/s ETA " in err and "\rtonk check [" in err



def test_the_rate_is_measured_from_the_first_update_not_the_slow_start() -> None:
    clock = Clock()
    tty = Terminal()
    bar = Progress(1000, "tonk fuzz", stream=tty, width=80, clock=clock)
    clock.now += 30  # workers and engines starting
    bar.update(100)
    clock.now += 2
    bar.update(300)
    last = tty.getvalue().split("\r")[-1]
    assert " 300/1000  100.0/s ETA 00:07 " in last, last
