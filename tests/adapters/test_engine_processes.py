"""Engines that cannot be used, and engines that leave processes behind.

An engine that exits at once, or answers garbage, ends ``tonk check`` with one message and
exit status 3, with one worker or two.  An engine's process group is killed once the engine
is done with, even when its leader has already exited: a shell that leaves a ``sleep``
running, or an engine that forks a child holding the pipe and exits, leaves nothing behind,
and the fault is reported as ``crashed`` (the process exited), not as a ``timeout``.
The tests count the processes by their command line before and after.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from tonk_ref.adapters.base import AdapterFault
from tonk_ref.adapters.stdio_client import StdioAdapter
from tonk_ref.tools import cli

FORKING = Path(__file__).resolve().parents[1] / "fakes" / "forking_engine.py"


def running(*words: str) -> list[int]:
    """The live processes (not zombies) whose command line holds ``words`` in a row."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            argv = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
            state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        want = [w.encode() for w in words]
        if state != "Z" and any(argv[i : i + len(want)] == want for i in range(len(argv))):
            found.append(int(entry))
    return found


def settled(*words: str, wait: float = 3.0) -> list[int]:
    """The processes still running once killed ones have had ``wait`` seconds to go."""
    end = time.monotonic() + wait
    while (left := running(*words)) and time.monotonic() < end:
        time.sleep(0.05)
    return left


pytestmark = pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="counts processes in /proc")


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("engine", ["false", "sh -c 'exit 1'", "sh -c 'echo garbage'"])
def test_an_engine_that_cannot_be_used_ends_the_run_with_one_message_and_exit_3(
    engine: str, workers: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = cli.main(["check", "--adapter-cmd", engine, "-n", workers, "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 3, out + err
    assert "Traceback" not in out + err
    assert err.startswith("tonk check: the engine could not be used: ") and err.count("tonk check:") == 1, err
    assert "no case was run (exit status 3)" in err


def test_a_shell_engine_that_exits_leaves_no_sleep_running(capsys: pytest.CaptureFixture[str]) -> None:
    before = running("sleep", "97")
    code = cli.main(["check", "--adapter-cmd", "sh -c 'sleep 97 & exit 1'", "--no-progress"])
    err = capsys.readouterr().err
    assert code == 3 and "crashed: the engine exited during hello (exit code 1)" in err, err
    assert [p for p in settled("sleep", "97") if p not in before] == []


def test_an_engine_that_forks_a_child_holding_the_pipe_crashes_and_leaves_nothing(tmp_path: Path) -> None:
    marker = f"fork-{os.getpid()}-{tmp_path.name}"
    adapter = StdioAdapter([sys.executable, str(FORKING), marker], timeout=20)
    try:
        assert adapter.hello()["name"] == "tonk_ref"
        start = time.monotonic()
        with pytest.raises(AdapterFault) as info:
            adapter.state()
        assert info.value.kind == "crashed", info.value
        assert info.value.context.exit_code == 1
        assert time.monotonic() - start < 10, "the exit was seen only at the timeout"
        assert settled(marker) == []
    finally:
        adapter.close()


def test_tonk_check_against_a_forking_engine_reports_crashes_and_leaves_no_child(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    marker = f"fork-{os.getpid()}-{tmp_path.name}"
    report = tmp_path / "r.json"
    code = cli.main(["check", "--adapter-cmd", f"{sys.executable} {FORKING} {marker}", "--no-progress",
                     "--no-features", "--perft-depth", "0", "--timeout", "20", "--json", str(report)])
    capsys.readouterr()
    assert code == 3  # ten faults in a row stop the run
    faults = [c["fault"]["kind"] for c in json.loads(report.read_text())["cases"] if c.get("fault")]
    assert len(faults) >= 10 and set(faults) == {"crashed"}, faults
    assert settled(marker) == []
