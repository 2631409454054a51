"""A one-line progress bar for long runs (``check``, ``fuzz``, ``mutants``), drawn on
stderr when it is a terminal and silent otherwise, so logs and pipes stay clean.

Every line has the same width (the terminal's, at most :data:`MAX_WIDTH`) and the same
layout, so nothing jumps as it is redrawn: the label, the bar, the count, the rate and the
time left, then the note (a case id, say) cut or padded to the room that is left::

    tonk check [#######.............]  412/1269   96.3/s ETA 00:09 pay-knock-d5-tie-3p

:func:`first_run_note` is the line a command prints before it builds the case cache for
the first time, which takes some seconds with nothing else to show."""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Callable
from typing import TextIO

#: The widest line drawn, whatever the terminal's width.
MAX_WIDTH = 100
#: The bar's cells, fewer on a narrow terminal (down to :data:`MIN_BAR`).
BAR = 20
MIN_BAR = 6
#: The room kept for the note before the bar is made shorter.
NOTE = 24
#: Seconds between two redraws (the last one is always drawn).
EVERY = 0.08


def rate_text(per_second: float) -> str:
    """A rate in 8 characters: ``  96.3/s``, `` 1,234/s``, ``  12.3k/s``, ``    --/s``."""
    if per_second <= 0:
        return "--/s".rjust(8)
    if per_second < 1000:
        return f"{per_second:.1f}/s".rjust(8)
    if per_second < 100_000:
        return f"{per_second:,.0f}/s".rjust(8)
    return f"{per_second / 1000:.0f}k/s".rjust(8)


def eta_text(seconds: float | None) -> str:
    """The time left in 9 characters: ``ETA 00:09``, ``ETA 12:30``, ``ETA  >99m``, ``ETA --:--``."""
    if seconds is None:
        return "ETA --:--"
    whole = max(0, round(seconds))
    if whole >= 100 * 60:
        return "ETA  >99m"
    return f"ETA {whole // 60:02d}:{whole % 60:02d}"


class Progress:
    """The bar of a run of ``total`` steps (0: not known), labelled ``label``."""

    def __init__(self, total: int, label: str, stream: TextIO | None = None, enabled: bool | None = None,
                 *, width: int | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.total = max(total, 0)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.on = _is_terminal(self.stream) if enabled is None else enabled
        self.clock = clock
        self.fixed_width = width
        self.started = clock()
        #: the time and count of the first update: the rate is measured from there, so a
        #: slow start (workers, an engine starting) does not count as slow progress
        self.base: tuple[float, int] | None = None
        self.last = float("-inf")
        self.drawn = False

    def width(self) -> int:
        """The width of every line: the terminal's less one column, at most MAX_WIDTH."""
        columns = self.fixed_width or shutil.get_terminal_size((80, 24)).columns
        return max(20, min(MAX_WIDTH, columns - 1))

    def line(self, done: int, note: str = "", now: float | None = None) -> str:
        """The line drawn for ``done`` steps, exactly :meth:`width` characters long."""
        now = self.clock() if now is None else now
        since, before = self.base or (self.started, 0)
        elapsed = now - since
        per_second = (done - before) / elapsed if done > before and elapsed > 0 else 0.0
        left = (self.total - done) / per_second if per_second and self.total else None
        digits = len(str(self.total)) if self.total else 1
        counter = f"{done:>{digits}}/{self.total}" if self.total else f"{done}"
        tail = f" {counter} {rate_text(per_second)} {eta_text(left)} "
        width = self.width()
        room = max(MIN_BAR, min(BAR, width - len(self.label) - len(tail) - 3 - NOTE))
        filled = min(room, room * done // self.total) if self.total else 0
        head = f"{self.label} [{'#' * filled}{'.' * (room - filled)}]{tail}"
        space = width - len(head)
        if space < 0:
            return head[:width]
        shown = note if len(note) <= space else note[: max(0, space - 1)] + "…"
        return head + shown.ljust(space)

    def update(self, done: int, note: str = "") -> None:
        if not self.on:
            return
        now = self.clock()
        if self.base is None:
            self.base = (now, done)
        if now - self.last < EVERY and done < self.total:
            return
        self.last = now
        self.stream.write("\r" + self.line(done, note, now))
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.on and self.drawn:
            self.stream.write("\r" + " " * self.width() + "\r")
            self.stream.flush()
            self.drawn = False


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed stream, or one that is no file
        return False


def first_run_note(command: str, rules: bool = False) -> str:
    """What a command says on a terminal before it builds the case cache the first time
    (for this version: an edit of a checkout makes a new one)."""
    took = "about a minute at a table's rules" if rules else "about 10 s"
    return f"{command}: building the case cache (first run of this version, {took}; later runs read it)…"


def cache_is_cold() -> bool:
    """Whether the case cache is on and holds no entry of this version yet (ask before
    anything of the run reads or fills it)."""
    from .. import cache

    if not cache.enabled():
        return False
    try:
        return not any(f.current and f.entries for f in cache.folders())
    except OSError:
        return False


def say_first_run(command: str, cold: bool, rules: bool = False, stream: TextIO | None = None,
                  enabled: bool | None = None) -> bool:
    """Print :func:`first_run_note` when ``cold`` (:func:`cache_is_cold`, asked at the
    start), on a terminal only (``enabled`` overrides); whether it was said."""
    out = stream if stream is not None else sys.stderr
    if not cold or not (_is_terminal(out) if enabled is None else enabled):
        return False
    print(first_run_note(command, rules), file=out, flush=True)
    return True
