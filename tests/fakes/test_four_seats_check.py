"""A staged hand at four seats (PAY-CAUGHT-3): at the online-reem table the generated block
holds a knocker caught by three players tied for the lowest total, which catches an engine
that pays only two of them, and which the clean fake passes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.harness.table.staged import staged_four_seat_catch
from tonk_ref.rulebook.book import load_presets
from tonk_ref.tools import cli

HERE = Path(__file__).resolve().parent
CASE = "generated-staged-pay-caught-3-4p"


def _check(adapter: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any], str]:
    out = tmp_path / f"{adapter.replace(':', '-')}.json"
    code = cli.main(["check", "--no-progress", "--adapter", adapter, "--rules", "online-reem", "-k", CASE,
                     "--json", str(out), "--found", str(tmp_path / "found")])
    return code, json.loads(out.read_text(encoding="utf-8")), capsys.readouterr().out


def test_the_staged_four_seat_catch_pays_all_three_tied_players() -> None:
    case = staged_four_seat_catch(load_presets()["online-reem"].ruleset())
    assert case is not None and case.setup is not None and case.setup["players"] == 4
    assert case.result is not None and case.result["ending"] == "knock_caught"
    assert case.result["winners"] == [1, 2, 3] and case.result["net"][0] < 0 < min(case.result["net"][1:])
    assert staged_four_seat_catch(load_presets()["seed"].ruleset()) is None, "the seed table seats three"


def test_the_staged_four_seat_catch_catches_an_engine_that_pays_two_of_three(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))  # house, four_seats
    code, report, printed = _check("four_seats:catch_pays_two_tied", tmp_path, capsys)
    assert code == 1, printed[-800:]
    case = next(c for c in report["cases"] if c["id"] == CASE)
    assert case["status"] == "failed" and any(f["cause"].startswith("result.") for f in case["failures"]), case
    code, report, printed = _check("house:clean_online_reem", tmp_path, capsys)
    assert code == 0 and any(c["id"] == CASE and c["status"] == "passed" for c in report["cases"]), printed[-800:]


def test_the_staged_four_seat_hit_lock_catches_a_lock_counted_one_turn_late_at_four_seats(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))  # house, four_seats
    case_id = "generated-staged-hit-lock-4p"

    def check(adapter: str) -> tuple[int, dict[str, Any]]:
        out = tmp_path / f"{adapter.replace(':', '-')}-lock.json"
        code = cli.main(["check", "--no-progress", "--adapter", adapter, "--rules", "online", "-k", case_id,
                         "--json", str(out), "--found", str(tmp_path / "found")])
        capsys.readouterr()
        return code, json.loads(out.read_text(encoding="utf-8"))

    code, report = check("four_seats:hit_lock_late_at_four")
    case = next(c for c in report["cases"] if c["id"] == case_id)
    assert code == 1 and case["cause"] == "knock refused as hit_lock, expected acceptance", case["failures"][:1]
    code, report = check("house:clean_online")
    assert code == 0 and any(c["id"] == case_id and c["status"] == "passed" for c in report["cases"])
