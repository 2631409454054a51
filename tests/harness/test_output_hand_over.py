"""A refusal from an engine whose hand is already over says so and when it ended: an engine
that ends hands at the deal (a dealt total of 15 or less taken for a dealt tonk at every table,
tests/fakes/ended_early.py) has every later action refused as ``hand_over``, which is right
for the hand it holds; the failure is grouped by when and how the engine ended the hand, under
the rule of that ending, and not as a knock or a draw refused under TURN-10; so too for an
engine that ends hands after an action.  Step by step and in one ``play`` alike; the reference
engine passes the same cases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.tools import cli

FAKES = Path(__file__).resolve().parents[1] / "fakes"
#: cases that knock (and draw) on a deal whose dealt total is 15 or less for some seat
CASES = "cards-values or game-seats-clockwise or house-points-caught-knocker"
AT_DEAL = "refused after the engine ended the hand at the deal (dealt_tonk)"


def _check(adapter: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any], str]:
    out = tmp_path / f"{adapter.replace(':', '-')}.json"
    capsys.readouterr()
    code = cli.main(["check", "--no-progress", "--adapter", adapter, "-k", CASES, "--perft-depth", "0",
                     "--json", str(out)])
    return code, json.loads(out.read_text(encoding="utf-8")), capsys.readouterr().out


@pytest.mark.parametrize("factory", ["low_dealt_always", "low_dealt_always_stepwise"])
def test_a_refusal_after_the_engine_ended_the_hand_says_when_it_ended(
        factory: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(FAKES))
    code, report, printed = _check(f"ended_early:{factory}", tmp_path, capsys)
    assert code == 1, printed[-1500:]
    causes = {g["cause"]: g for g in report["groups"]}
    assert not [c for c in causes if "refused as hand_over" in c], causes
    group = causes[AT_DEAL]
    assert group["rule"] == "DEALT-1" and "TURN-10" not in group["rules"], group
    assert "cards-values" in group["cases"], group
    case = next(c for c in report["cases"] if c["id"] == "cards-values")
    failure = case["failures"][0]
    assert failure["cause"] == AT_DEAL
    assert failure["message"].splitlines() == [
        "0 knock: refused (hand_over), expected it to be accepted",
        "the engine had already ended the hand at the deal (dealt_tonk: a dealt tonk, seat 0 wins)"]
    assert "the engine had already ended the hand at the deal" in printed
    draws = causes.get("refused after the engine ended the hand at the deal (dealt_draw)")
    assert draws is not None and draws["rule"] == "DEALT-2", causes


def test_the_reference_engine_passes_the_same_cases(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report, printed = _check("tonk_ref.adapters.inprocess:reference", tmp_path, capsys)
    assert code == 0 and report["counts"]["passed"] == 3, printed[-800:]


def test_the_whole_suite_against_it_fits_a_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Nearly every option profile fails with such an engine: the console lists the seed and
    the profiles failing most, and says how many more; the causes lead."""
    from tonk_ref.views.render import CONSOLE_PROFILES

    monkeypatch.syspath_prepend(str(FAKES))
    capsys.readouterr()
    code = cli.main(["check", "--no-progress", "--adapter", "ended_early:low_dealt_always", "--perft-depth", "0"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 1
    profiles = lines[lines.index("profiles (how many of each profile's cases ran):") + 1:]
    profiles = profiles[:next(i for i, x in enumerate(profiles) if not x.startswith("  "))]
    assert profiles[0].split()[:2] == ["FAIL", "seed"], profiles
    assert sum(1 for x in profiles if x.startswith("  FAIL")) == CONSOLE_PROFILES
    assert any(x.startswith("  ... ") and "more option profiles with failures (-v lists them)" in x for x in profiles)
    causes = lines[lines.index("failures by cause, largest group first:") + 1]
    assert AT_DEAL in causes, causes
    assert len(lines) <= 80, "\n".join(lines)


def test_a_hand_ended_after_an_action_says_which(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(FAKES))
    out = tmp_path / "r.json"
    capsys.readouterr()
    code = cli.main(["check", "--no-progress", "--adapter", "ended_early:ends_after_first_discard", "-k",
                     "stock-last-turn-ends-the-hand", "--json", str(out)])
    printed = capsys.readouterr().out
    assert code == 1, printed
    case = json.loads(out.read_text(encoding="utf-8"))["cases"][0]
    failure = case["failures"][0]
    assert failure["cause"] == "refused after the engine ended the hand after a discard (stock_out)", failure
    assert failure["rule"] == "STOCK-2"
    assert failure["message"].splitlines()[1].startswith(
        "the engine had already ended the hand after step 2, 0 discard 2c (stock_out: "), failure["message"]
