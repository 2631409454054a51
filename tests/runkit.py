"""What the tests of the commands and of the views share: a ``tonk`` command run in
process (:func:`tonk_ref.tools.cli.main`), its exit status and what it printed, and the
situations and scenarios they draw."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from tonk_ref.paths import scenarios_dir
from tonk_ref.tools import cli

#: W7 of the rules brief as a described situation: two players have laid a run each; seat
#: 0 knocks holding 3d 4d (7) and seat 1 holds 3h 4h (7).
W7 = "2 players, dealer 1; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; stock 39; 0 knocks"

#: W12 as a described situation: the stock is empty and seat 2 draws from it; seat 0
#: holds 6 (four aces and a deuce), seat 1 holds 6 and seat 2 holds 9.
W12 = ("3 players; 0: Ac Ad Ah As 2c; 1: 2d 4d; 2: 4c 5d; table: 1 [5h 6h 7h], 2 [Tc Jc Qc]; discard Qs; "
       "stock 0; 2 draws")


def scenario(rel: str) -> str:
    path = scenarios_dir() / rel
    assert path.is_file(), path
    return str(path)


@dataclass
class Ran:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        assert self.code == 0, self.err
        return json.loads(self.out)

    def one_error_line(self, command: str) -> str:
        """The run failed with exit 2 and one clear line on stderr, no traceback."""
        assert self.code == 2, (self.code, self.out, self.err)
        assert "Traceback" not in self.err + self.out
        lines = self.err.strip().splitlines()
        assert len(lines) == 1, self.err
        assert lines[0].startswith(f"tonk {command}: error: "), lines[0]
        assert self.out == ""
        return lines[0]


@pytest.fixture
def tonk(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Ran]:
    """``tonk(*args)`` runs the command in process (colour as on a terminal that allows it)."""
    monkeypatch.delenv("NO_COLOR", raising=False)

    def run(*args: str) -> Ran:
        code = cli.main(list(args))
        captured = capsys.readouterr()
        return Ran(code, captured.out, captured.err)

    return run
