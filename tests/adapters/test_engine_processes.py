"""Engines that cannot be used, engines that leave processes behind, and engines that do
not say who they are.

An engine that exits at once, or answers garbage, ends ``tonk check`` with one message and
exit status 3, with one worker or two.  An engine's process group is killed once the engine
is done with, even when its leader has already exited: a shell that leaves a ``sleep``
running, or an engine that forks a child holding the pipe and exits, leaves nothing behind,
and the fault is reported as ``crashed`` (the process exited), not as a ``timeout``.
A daemon an engine starts in a session of its own is ended with the engine: by the mark
in its environment, or, where it cleared that, because the ``tonk`` program is a child
subreaper and the daemon is handed to it.  A ``hello`` without the members its schema
requires, or one that changes when the engine is started again, ends the run with exit
status 3.  The tests count the processes by their command line before and after (the
signal tests are in test_signals.py).
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


HELLO = Path(__file__).resolve().parents[1] / "fakes" / "hello_engine.py"
ROOT = Path(__file__).resolve().parents[2]


def test_an_engine_daemon_that_left_its_process_group_is_ended_with_the_engine(tmp_path: Path) -> None:
    marker = f"setsid-{os.getpid()}-{tmp_path.name}"
    adapter = StdioAdapter([sys.executable, str(FORKING), marker, "--setsid"], timeout=20)
    try:
        assert adapter.hello()["name"] == "tonk_ref"
        daemon = [p for p in running(marker) if p != adapter.pid]
        assert len(daemon) == 1 and os.getsid(daemon[0]) != os.getsid(adapter.pid or 0)  # out of the group
    finally:
        adapter.close()
    assert settled(marker) == []


def test_tonk_check_ends_an_engine_daemon_that_cleared_its_environment(tmp_path: Path) -> None:
    import subprocess

    marker = f"setsid-{os.getpid()}-{tmp_path.name}"
    engine = f"{sys.executable} {FORKING} {marker} --setsid --clean-env"
    done = subprocess.run([sys.executable, "-m", "tonk_ref", "check", "--adapter-cmd", engine, "-k", "PAY-KNOCK-3",
                           "--no-progress"], capture_output=True, text=True, timeout=300, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert done.returncode == 0, done.stdout + done.stderr
        assert settled(marker) == []  # handed to the runner, a subreaper, when its parent exited, and ended
    finally:
        for pid in running(marker):
            os.kill(pid, 9)


def test_a_hello_without_the_members_its_schema_requires_ends_the_run_with_exit_3(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["check", "--adapter-cmd", f"{sys.executable} {HELLO} bare", "-k", "PAY-KNOCK-3",
                     "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 3 and out == "", out + err
    assert err.splitlines()[0] == (
        "tonk check: the engine could not be used: protocol: hello lacks name, version, options and features: "
        "spec/schemas/hello.json requires name, version, protocol, options and features (the engine says who it is)")
    assert "Traceback" not in err


def test_a_restarted_engine_whose_hello_changed_ends_the_run_with_exit_3_naming_the_change(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    report = tmp_path / "r.json"
    code = cli.main(["check", "--adapter-cmd", f"{sys.executable} {HELLO} changing {tmp_path / 'starts'}",
                     "-k", "PAY-KNOCK", "--no-progress", "--json", str(report)])
    out, err = capsys.readouterr()
    assert code == 3, out + err
    said = ("the engine said something else in hello when it was started again: "
            'version "0.1.0" -> "9.9.9"; features lost play')
    assert f"the run stopped early: {said}" in out.splitlines()
    data = json.loads(report.read_text())
    assert data["run"]["stopped"] == said
    assert data["counts"]["ran"] >= 1 and data["counts"]["not_run"] >= 1
    assert (tmp_path / "starts").read_text() == "2"  # no third process was started after the change


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_fuzz_against_an_engine_whose_hello_changes_on_a_restart_ends_with_one_line_and_exit_3(
        tmp_path: Path, jobs: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["fuzz", "--adapter-cmd", f"{sys.executable} {HELLO} changing {tmp_path / 'starts'}", "-j", jobs,
                     "--games", "100", "--seed", "3", "--no-progress", "--out", str(tmp_path / "found")])
    out, err = capsys.readouterr()
    assert code == 3, out + err
    assert err == ("tonk fuzz: the engine said something else in hello when it was started again: "
                   'version "0.1.0" -> "9.9.9"; features lost play\n')
