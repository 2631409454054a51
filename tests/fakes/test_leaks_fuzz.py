"""``tonk fuzz`` at the online table asks every seat what it sees after the deal and after every
action: each leak fake of leaks.py (the stock shown, another seat's hand in play, the hands
after a player goes out) is caught, the scenario written fails on the fake and passes on the
clean fake, and the clean fake shows no difference."""

from __future__ import annotations

from pathlib import Path

import pytest
from house import clean_online
from leaks import LEAKS, leak_hands_after_out, leak_next_hand, leak_stock

from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.harness.case import Observe
from tonk_ref.harness.runner import Engine, run_case
from tonk_ref.harness.scenario import load_scenario
from tonk_ref.tools import cli

HERE = Path(__file__).resolve().parent
FACTORIES = {"leak_stock": leak_stock, "leak_next_hand": leak_next_hand, "leak_hands_after_out": leak_hands_after_out}


def _fuzz(adapter: str, out: Path, capsys: pytest.CaptureFixture[str], *more: str) -> tuple[int, str]:
    code = cli.main(["fuzz", "--adapter", adapter, "--rules", "online", "--games", "40", "--seed", "1", "-j", "1",
                     "--no-progress", "--out", str(out), *more])
    return code, capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(LEAKS))
def test_fuzz_catches_each_observation_leak_and_writes_a_scenario_that_fails_on_it(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))  # house, leaks
    code, printed = _fuzz(f"leaks:{name}", tmp_path / "found", capsys)
    assert code == 1, f"{name} ({LEAKS[name]}) is not caught by tonk fuzz at online: {printed[-600:]}"
    assert "every seat observed after every action" in printed
    files = sorted((tmp_path / "found").glob("*.yaml"))
    assert len(files) == 1, printed
    case = load_scenario(files[0])
    assert any(isinstance(s, Observe) for s in case.steps), "the scenario asks what the seats see where it failed"
    leaky: InProcessAdapter = FACTORIES[name]()
    assert run_case(case, Engine.greet(leaky)).status == "failed"
    assert run_case(case, Engine.greet(clean_online())).status == "passed"


def test_without_observations_the_leaks_go_unseen_so_the_catch_is_the_observations_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))
    code, printed = _fuzz("leaks:leak_stock", tmp_path / "found", capsys, "--no-observe")
    assert code == 0, printed[-600:]


def test_the_clean_fake_shows_every_seat_what_the_reference_shows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))
    code, printed = _fuzz("house:clean_online", tmp_path / "found", capsys)
    assert code == 0, printed[-600:]
    assert "every seat observed after every action" in printed and " 0 differences" in printed
    assert not (tmp_path / "found").exists()
