"""A one-line progress bar for long runs (``check``, ``fuzz``, ``mutants``), drawn on
stderr when it is a terminal and silent otherwise, so logs and pipes stay clean."""

from __future__ import annotations

import shutil
import sys
import time
from typing import TextIO


class Progress:
    def __init__(self, total: int, label: str, stream: TextIO | None = None, enabled: bool | None = None) -> None:
        self.total = max(total, 0)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.on = self.stream.isatty() if enabled is None else enabled
        self.last = 0.0
        self.drawn = False

    def update(self, done: int, note: str = "") -> None:
        if not self.on:
            return
        now = time.monotonic()
        if now - self.last < 0.08 and done < self.total:
            return
        self.last = now
        width = shutil.get_terminal_size((80, 24)).columns
        counter = f" {done}/{self.total}" if self.total else f" {done}"
        room = max(10, min(40, width - len(self.label) - len(counter) - len(note) - 6))
        filled = room * done // self.total if self.total else 0
        line = f"{self.label} [{'#' * filled}{'.' * (room - filled)}]{counter} {note}"
        self.stream.write("\r" + line[: width - 1].ljust(width - 1))
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.on and self.drawn:
            width = shutil.get_terminal_size((80, 24)).columns
            self.stream.write("\r" + " " * (width - 1) + "\r")
            self.stream.flush()
            self.drawn = False
