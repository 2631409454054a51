"""Signals end everything: a ``tonk`` run ended by SIGINT or SIGTERM stops its workers and
engines within a second or two, says so in one line, exits with 130 or 143 and writes the
reports of what ran, marked partial; a runner ended by SIGKILL leaves no engine or worker
behind.

Each test runs the command in a process of its own (a session of its own, so SIGINT can
be sent to its whole group as a terminal's Ctrl-C is) with a mark in its environment that
every process it starts inherits, and counts the marked processes in /proc before and
after.  The engine is ``tests/fakes/forking_engine.py --hang``: it answers ``hello`` (and
``--hang N``: N requests) and then never answers, so the run is mid-request when the
signal comes.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from test_engine_processes import FORKING, running

from tonk_ref.harness.report_schema import report_schema

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not Path("/proc/self/environ").exists() or sys.platform != "linux",
                                reason="counts processes in /proc; the process guarantees are Linux's")


#: Seconds a signal may take to end a run: a second or two, with room for a loaded machine.
PROMPT = 5.0


def marked(mark: str) -> list[int]:
    """The live processes (not zombies) whose environment carries ``TONK_TEST_MARK=mark``."""
    want = f"TONK_TEST_MARK={mark}\0".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            env = Path(f"/proc/{entry}/environ").read_bytes()
            state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z" and want in env:
            found.append(int(entry))
    return found


def until(check: Callable[[], bool], limit: float, what: str) -> None:
    end = time.monotonic() + limit
    while not check():
        assert time.monotonic() < end, f"waited {limit} s for {what}"
        time.sleep(0.05)


class Run:
    """``python -m tonk_ref ARGS --adapter-cmd ENGINE`` against the hanging engine, in a
    session of its own."""

    def __init__(self, tmp_path: Path, *args: str, hang: int = 1) -> None:
        self.mark = f"sig-{os.getpid()}-{tmp_path.name}"
        self.hung = tmp_path / "hung"
        engine = f"{sys.executable} {FORKING} {self.mark} --hang {hang} --hung {self.hung}"
        env = {**os.environ, "TONK_TEST_MARK": self.mark, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, "-m", "tonk_ref", *args, "--adapter-cmd", engine,
                                      "--timeout", "120"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, env=env, cwd=tmp_path, start_new_session=True)

    def engines(self) -> int:
        return len(running(self.mark, "--hang"))

    def wait_engines(self, n: int) -> None:
        until(lambda: self.engines() >= n or self.proc.poll() is not None, 120, f"{n} engines")
        assert self.proc.poll() is None, self.proc.communicate()
        time.sleep(0.3)  # and the requests they hang on sent

    def signal(self, signum: int, group: bool = False) -> tuple[int, str, str, float]:
        """Send ``signum``; the exit status, stdout, stderr and the seconds it took to end."""
        start = time.monotonic()
        if group:
            os.killpg(self.proc.pid, signum)
        else:
            self.proc.send_signal(signum)
        out, err = self.proc.communicate(timeout=30)
        return self.proc.returncode, out, err, time.monotonic() - start

    def left(self, wait: float = 5.0) -> list[int]:
        """The marked processes still running after ``wait`` seconds at most."""
        end = time.monotonic() + wait
        while (alive := marked(self.mark)) and time.monotonic() < end:
            time.sleep(0.05)
        return alive

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.communicate()
        for pid in marked(self.mark):  # never left behind by a failing test either
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


@pytest.fixture
def runs(tmp_path: Path) -> Callable[..., Run]:
    made: list[Run] = []

    def make(*args: str, hang: int = 1) -> Run:
        run = Run(tmp_path, *args, hang=hang)
        made.append(run)
        return run

    yield make  # type: ignore[misc]
    for run in made:
        run.close()


def one_line(err: str) -> str:
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]
#: (signal, sent to the whole group as a terminal's Ctrl-C is, the exit status)
SIGNALS = [pytest.param(signal.SIGTERM, False, 143, id="SIGTERM"), pytest.param(signal.SIGINT, True, 130, id="SIGINT")]


@pytest.mark.parametrize(("signum", "group", "status"), SIGNALS)
def test_a_signal_ends_a_plain_check_whose_engine_hangs_and_the_reports_are_written_marked_partial(
        runs: Callable[..., Run], tmp_path: Path, signum: int, group: bool, status: int) -> None:
    import jsonschema

    name = signal.Signals(signum).name
    run = runs("check", "-k", "PAY-KNOCK", "--no-progress", "--json", "r.json", "--report", "r.md", hang=12)
    until(run.hung.exists, 120, "the engine to hang")
    assert len(marked(run.mark)) >= 2  # the runner and its engine
    code, _out, err, took = run.signal(signum, group)
    assert code == status and took < PROMPT, (code, took, err)
    line = one_line(err)
    report = json.loads((tmp_path / "r.json").read_text())
    ran = report["counts"]["ran"]
    assert line == f"tonk check: interrupted ({name}); the reports hold the {ran} cases that ran, marked partial"
    assert ran >= 1 and report["counts"]["not_run"] >= 1 and not report["ok"]
    assert report["run"]["partial"] is True and report["run"]["interrupted"] == name
    assert report["run"]["stopped"] == f"interrupted by {name}"
    jsonschema.validate(report, report_schema())
    assert f"interrupted by {name}" in (tmp_path / "r.md").read_text()
    assert run.left() == []


@pytest.mark.parametrize(("signum", "group", "status"), SIGNALS)
def test_a_signal_ends_check_on_two_workers_with_hung_engines_and_the_resource_tracker(
        runs: Callable[..., Run], tmp_path: Path, signum: int, group: bool, status: int) -> None:
    name = signal.Signals(signum).name
    run = runs("check", "-n", "2", "-k", "PAY-KNOCK", "--no-progress", "--json", "r.json")
    run.wait_engines(2)
    assert len(marked(run.mark)) >= 5  # the runner, two workers, their engines (and the resource tracker)
    code, _out, err, took = run.signal(signum, group)
    assert code == status and took < PROMPT, (code, took, err)
    assert one_line(err) == f"tonk check: interrupted ({name}); the reports hold the 0 cases that ran, marked partial"
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["run"]["partial"] is True and report["run"]["interrupted"] == name
    assert report["counts"]["ran"] == 0 and report["counts"]["not_run"] == len(report["not_run"]) > 0
    assert run.left() == []


@pytest.mark.parametrize(("signum", "group", "status"), SIGNALS)
def test_a_signal_ends_fuzz_on_two_workers_and_their_engines(runs: Callable[..., Run], signum: int, group: bool,
                                                             status: int) -> None:
    name = signal.Signals(signum).name
    run = runs("fuzz", "-j", "2", "--games", "200", "--seed", "5", "--no-progress")
    run.wait_engines(3)  # the runner's and one per worker
    assert len(marked(run.mark)) >= 6  # and the runner and its workers
    code, _out, err, took = run.signal(signum, group)
    assert code == status and took < PROMPT, (code, took, err)
    line = one_line(err)
    assert line.startswith(f"tonk fuzz: interrupted ({name}); partial: 0 hands played of seed 5"), line
    assert run.left() == []


@pytest.mark.parametrize("command", [["check", "-k", "PAY-KNOCK"], ["check", "-n", "2", "-k", "PAY-KNOCK"],
                                     ["fuzz", "-j", "2", "--games", "200"]], ids=["check", "check-n2", "fuzz-j2"])
def test_sigkill_of_the_runner_leaves_no_engine_or_worker(runs: Callable[..., Run], command: list[str]) -> None:
    run = runs(*command, "--no-progress")
    engines = {"check": 1, "fuzz": 3}[command[0]] + (1 if "-n" in command else 0)
    run.wait_engines(engines)
    assert len(marked(run.mark)) > engines
    code, *_ = run.signal(signal.SIGKILL)
    assert code == -signal.SIGKILL
    assert run.left() == []


def catches_sigterm(pid: int) -> bool:
    """Whether process ``pid`` has a handler for SIGTERM (the command's, once it runs)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = next(int(line.split()[1], 16) for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(caught >> (signal.SIGTERM - 1) & 1)


def test_sigint_ends_perft_against_a_hung_engine_with_one_line_and_status_130(runs: Callable[..., Run]) -> None:
    run = runs("perft", "--check", "--max-depth", "2")
    until(run.hung.exists, 120, "the engine to hang")
    code, _out, err, took = run.signal(signal.SIGINT, group=True)
    assert code == 130 and took < PROMPT, (code, took, err)
    assert one_line(err) == "tonk perft: interrupted (SIGINT)"
    assert run.left() == []


def test_sigterm_ends_mutants_with_one_line_and_status_143(tmp_path: Path) -> None:
    mark = f"sig-{os.getpid()}-{tmp_path.name}"
    env = {**os.environ, "TONK_TEST_MARK": mark, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "tonk_ref", "mutants", "--no-progress"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT, start_new_session=True)
    try:
        # at once when its handler is in place: a warm run of every mutant takes a few seconds only
        until(lambda: catches_sigterm(proc.pid) or proc.poll() is not None, 60, "the command to start")
        assert proc.poll() is None, "mutants ended before it could be signalled"
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=30)
        assert proc.returncode == 143, (proc.returncode, err)
        assert one_line(err) == "tonk mutants: interrupted (SIGTERM)"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def test_ctrl_c_in_diff_is_one_line_and_status_130(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from tonk_ref.tools import cli
    from tonk_ref.tools import diff as diff_command

    def searching(*args: object, **kw: object) -> object:
        os.kill(os.getpid(), signal.SIGINT)  # as a terminal's Ctrl-C, mid-search
        time.sleep(5)
        raise AssertionError("the signal did not end the search")

    monkeypatch.setattr(diff_command, "diff", searching)
    before = signal.getsignal(signal.SIGINT)
    assert cli.main(["diff", "seed", "online"]) == 130
    out, err = capsys.readouterr()
    assert one_line(err) == "tonk diff: interrupted (SIGINT)" and out == ""
    assert signal.getsignal(signal.SIGINT) is before  # the handlers are the caller's again
