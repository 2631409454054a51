"""Helpers for the protocol tests: commands, decks, rulesets, and a raw line pipe to a
server process (for the tests that must send what no adapter would)."""

from __future__ import annotations

import os
import random
import selectors
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tonk_ref.adapters import schemas
from tonk_ref.engine import cards
from tonk_ref.engine.actions import REASONS
from tonk_ref.engine.ruleset import option_values

REPO = Path(__file__).resolve().parents[2]
FAKE = REPO / "tests" / "fakes" / "fake_engine.py"
SERVE = [sys.executable, "-m", "tonk_ref.adapters.server"]

#: Reason codes of the protocol itself (spec/protocol.md, "Reason codes"), besides the
#: rules' codes in REASONS.
PROTOCOL_REASONS = {"invalid_setup", "invalid_seat", "unsupported_protocol", "rejected"}
ALL_REASONS = set(REASONS) | PROTOCOL_REASONS


def fake(mode: str, *extra: str) -> list[str]:
    return [sys.executable, str(FAKE), "--mode", mode, *extra]


def pack(ruleset: dict[str, Any] | None = None) -> list[str]:
    """Every card of the pack the ruleset plays with, in code order."""
    ruleset = ruleset or {}
    mask = cards.pack_mask(ruleset.get("deck", 52), ruleset.get("jokers", 0))
    return [cards.NAMES[c] for c in cards.cards_of(mask)]


def shuffled(rng: random.Random, ruleset: dict[str, Any] | None = None) -> list[str]:
    deck = pack(ruleset)
    rng.shuffle(deck)
    return deck


def ruleset_options() -> dict[str, tuple[object, ...]]:
    """The engine's options that spec/ruleset.schema.json also describes (the two may be
    briefly out of step while options are added), with their values."""
    described = schemas.schemas()[schemas.RULESET_ID].get("properties", {})
    return {k: v for k, v in option_values().items() if k in described}


def random_ruleset(rng: random.Random) -> dict[str, Any]:
    """Half the time the seed rules; otherwise a few options at random values."""
    if rng.random() < 0.5:
        return {}
    options = ruleset_options()
    chosen = rng.sample(sorted(options), k=min(len(options), rng.randint(1, 6)))
    return {name: rng.choice(options[name]) for name in chosen}


def setup(rng: random.Random, ruleset: dict[str, Any] | None = None) -> dict[str, Any]:
    ruleset = random_ruleset(rng) if ruleset is None else ruleset
    players = rng.choice([2, 2, 3])
    return {
        "ruleset": ruleset,
        "players": players,
        "dealer": rng.randrange(players),
        "stake": rng.choice([1, 1, 2, 5]),
        "deck": shuffled(rng, ruleset),
    }


class LinePipe:
    """A server process spoken to line by line, with a timeout on every answer."""

    def __init__(self, argv: list[str] | None = None, stderr_path: Path | None = None) -> None:
        self.stderr_file = open(stderr_path, "wb") if stderr_path else subprocess.DEVNULL
        self.proc = subprocess.Popen(
            argv or SERVE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr_file, bufsize=0
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.out = self.proc.stdout.fileno()
        os.set_blocking(self.out, False)
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.out, selectors.EVENT_READ)
        self.buf = bytearray()

    def send(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)

    def read_line(self, timeout: float = 10.0) -> bytes:
        deadline = time.monotonic() + timeout
        while True:
            i = self.buf.find(b"\n")
            if i >= 0:
                line = bytes(self.buf[:i])
                del self.buf[: i + 1]
                return line
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no answer within {timeout} s (the server hangs)")
            self.sel.select(left)
            try:
                chunk = os.read(self.out, 1 << 20)
            except BlockingIOError:
                continue
            if not chunk:
                raise EOFError(f"the server exited (status {self.proc.wait(5)})")
            self.buf += chunk

    def ask(self, line: bytes, timeout: float = 10.0) -> bytes:
        self.send(line + b"\n")
        return self.read_line(timeout)

    def close(self) -> int:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            code = self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait(10)
        self.sel.close()
        if self.stderr_file is not subprocess.DEVNULL:
            self.stderr_file.close()  # type: ignore[union-attr]
        return code
