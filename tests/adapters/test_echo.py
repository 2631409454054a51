"""The echo floor of ``tonk bench`` (tonk_ref.adapters.echo, run as tonk_ref.tools.echo): a
recording engine passes every exchange through and writes it down, and the replaying engine
answers the same requests with the recorded answers, so the suite passes against it exactly
as against the engine."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import protokit
import pytest

from tonk_ref.adapters import echo
from tonk_ref.adapters.base import AdapterFault
from tonk_ref.adapters.stdio_client import StdioAdapter
from tonk_ref.paths import scenarios_dir
from tonk_ref.tools import cli

ECHO = [sys.executable, "-m", "tonk_ref.tools.echo"]


def check(tmp: Path, engine: list[str], name: str, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    report = tmp / f"{name}.json"
    code = cli.main(["check", "--no-progress", "--no-features", "--scenarios", str(scenarios_dir() / "turn"),
                     "--adapter-cmd", shlex.join(engine), "--json", str(report)])
    capsys.readouterr()
    assert code == 0
    data: dict[str, object] = json.loads(report.read_text())
    return data


def test_the_replay_of_a_recorded_run_passes_the_same_cases(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recording = tmp_path / "traffic"
    live = check(tmp_path, [*ECHO, "record", str(recording), "--", *protokit.SERVE], "live", capsys)
    pairs = echo.exchanges(recording)
    assert len(pairs) > 20 and all(json.loads(a)["jsonrpc"] == "2.0" for _, a in pairs)
    again = check(tmp_path, [*ECHO, "replay", str(recording)], "again", capsys)

    def statuses(report: dict[str, object]) -> list[tuple[str, str, int]]:
        return [(c["id"], c["status"], c["checked"]) for c in report["cases"]]  # type: ignore[attr-defined,index]

    assert statuses(again) == statuses(live)
    sent = echo.requests(recording)
    assert {m for m, _ in sent} >= {"new_hand", "act"} and not {m for m, _ in sent} & echo.UNRECORDED
    with StdioAdapter([*ECHO, "replay", str(recording)], timeout=20) as adapter:
        assert adapter.hello()["name"] == "tonk_ref"
        assert echo.replay_requests(adapter, sent) == len(sent)
        assert adapter.starts == 1
        with pytest.raises(AdapterFault) as info:  # the recording is used up
            adapter.state()
        assert info.value.kind == "protocol" and "out of step" in info.value.message
