"""A fork server for the hostile-input tests: it imports the package and warms what every
command warms (the presets, the rules, the schemas) once, then runs each command it is
sent in a child forked from itself, and answers with the child's exit status, CPU time,
wall time and peak memory, measured by the kernel (``os.wait4``: the child's own rusage).

A command costs its own work and not Python's start-up, so some two hundred of them run in
seconds; the peak memory of a child counts the pages it shares with the server (as a
command started afresh holds the same imports).  Each child runs under caps, so that an
input that is not bounded fails its test instead of holding the machine: an address space
of :data:`MEMORY_CAP` bytes, :data:`CPU_CAP` seconds of CPU and :data:`WALL_CAP` seconds
of wall time.

Protocol, one JSON object a line: the test writes ``{"argv": [...], "cwd": DIR,
"stdout": FILE, "stderr": FILE}`` (``argv`` as ``tonk`` takes it) or ``{"call":
"module:function", "args": [...], ...}``; the server answers ``{"code", "cpu_s", "wall_s",
"maxrss_mb"}``.  It answers ``{"ready": true}`` first.
"""

from __future__ import annotations

import importlib
import json
import os
import resource
import signal
import sys
import time
import traceback
from typing import Any

MEMORY_CAP = 2 << 30
CPU_CAP = 20
WALL_CAP = 30


def _warm() -> None:
    from tonk_ref.rulebook.book import load_presets, load_ruleset_schema, rules_by_id
    from tonk_ref.tools import cli

    for name in cli.COMMANDS.values():
        importlib.import_module(f"tonk_ref.tools.{name}")
    load_presets()
    rules_by_id()
    load_ruleset_schema()


def load_features(folder: str) -> int:
    """What the suite's loader makes of the features of ``folder`` (no command reads a
    user's features): its load errors in report.json and printed, as ``tonk check`` has
    them (exit status 1 when there is one)."""
    from pathlib import Path

    from tonk_ref.harness.suite import load_suite

    suite = load_suite([], features=Path(folder))
    Path("report.json").write_text(json.dumps({"load_errors": [e.to_json() for e in suite.errors]}))
    for e in suite.errors:
        print(f"load error: {e.message}")
    return 1 if suite.errors else 0


def _child(request: dict[str, Any]) -> None:
    """Run one command in this (forked) process and exit with its status."""
    code = 1
    try:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_CAP, CPU_CAP))
        signal.alarm(WALL_CAP)
        os.chdir(request["cwd"])
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        for fd, path in ((1, request["stdout"]), (2, request["stderr"])):
            out = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(out, fd)
            os.close(out)
        sys.stdin = open(0, encoding="utf-8", closefd=False)
        sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        try:
            if "argv" in request:
                from tonk_ref.tools.cli import main

                code = main(request["argv"])
            else:
                module, _, name = request["call"].partition(":")
                code = getattr(importlib.import_module(module), name)(*request.get("args", []))
        except SystemExit as e:  # argparse, as the interpreter would say it
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except BaseException:  # what the interpreter does with an exception nobody caught
            traceback.print_exc()
            code = 1
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


def main() -> None:
    _warm()
    reply = sys.stdout
    print(json.dumps({"ready": True}), file=reply, flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:
            _child(request)
        _, status, usage = os.wait4(pid, 0)
        answer = {
            "code": os.waitstatus_to_exitcode(status),
            "cpu_s": usage.ru_utime + usage.ru_stime,
            "wall_s": time.monotonic() - start,
            "maxrss_mb": usage.ru_maxrss / 1024,  # kilobytes on Linux
        }
        print(json.dumps(answer), file=reply, flush=True)


if __name__ == "__main__":
    main()
