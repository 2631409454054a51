"""The views' tests run ``tonk`` in process (:func:`tonk_ref.tools.cli.main`) and read
what it printed and wrote."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from viewkit import Ran

from tonk_ref.tools import cli


@pytest.fixture
def tonk(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Ran]:
    monkeypatch.delenv("NO_COLOR", raising=False)

    def run(*args: str) -> Ran:
        code = cli.main(list(args))
        captured = capsys.readouterr()
        return Ran(code, captured.out, captured.err)

    return run
