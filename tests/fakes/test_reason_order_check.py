"""A staged refusal for the order of reasons: at the online table the generated block holds a
spread naming a card twice before a card not held, refused as duplicate_card; an engine that
checks every card for not_in_hand first is caught, and the clean fake passes it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.tools import cli

HERE = Path(__file__).resolve().parent
CASE = "generated-staged-reason-order-2p"


def _check(adapter: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any], str]:
    out = tmp_path / f"{adapter.replace(':', '-')}.json"
    code = cli.main(["check", "--no-progress", "--adapter", adapter, "--rules", "online", "-k", CASE,
                     "--json", str(out), "--found", str(tmp_path / "found")])
    return code, json.loads(out.read_text(encoding="utf-8")), capsys.readouterr().out


def test_a_card_named_twice_before_a_card_not_held_catches_the_reverse_order_of_checks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))  # house, reason_order
    code, report, printed = _check("reason_order:not_held_first", tmp_path, capsys)
    assert code == 1, printed[-800:]
    case = next(c for c in report["cases"] if c["id"] == CASE)
    assert case["cause"] == "spread refused as not_in_hand, expected duplicate_card", case["failures"][:1]
    code, report, printed = _check("house:clean_online", tmp_path, capsys)
    assert code == 0 and any(c["id"] == CASE and c["status"] == "passed" for c in report["cases"]), printed[-800:]
