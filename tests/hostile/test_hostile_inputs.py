"""The hostile-input suite: every file under tests/hostile/<kind>/ is run through every
command that reads that kind of file (README.md there lists them), and each run must give
the documented exit status, one line that names the file (on stderr, or one load error in
the report of ``tonk check``), no traceback, and cost under 2 s of CPU and 200 MB.

A file added to a kind's folder is tested with no code change.  Each command runs in a
child of :mod:`forkserver` (the package imported once), measured by the kernel.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import pytest

HERE = Path(__file__).resolve().parent
RECIPE = ".recipe.json"
CPU_LIMIT_S = 2.0
MEMORY_LIMIT_MB = 200.0
#: A described situation and a case of the corpus the commands that take a table's rules
#: play, so that only the rules file can be at fault.
SITUATION = "2 players; 0: 3d 4d; 1: 3h 4h; discard Qs; 0 knocks"
CORPUS_CASE = "pay-dealt-48-no-tonk-2p"
#: The perft entry an engine's hostile answers are met in, beside CORPUS_CASE.
PERFT_ENTRY = "hoyle-tunk-seed42-2p"
REPO = HERE.parents[1]
#: An engine's answers cost an engine process (restarted after each fault) besides the command.
ENGINE_CPU_LIMIT_S = 6.0
#: What would fool a reader of a console, a Markdown report or a JUnit file: the
#: bidirectional controls, the zero-width characters, the line and paragraph separators.
SPOOF = re.compile("[\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]")
#: The longest line an output may show (tonk_ref.views.escape.MAX_LINE and the length said).
LONGEST_LINE = 10_100

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(os, "wait4"),
                                reason="the fork server needs os.fork and os.wait4")


@dataclass(frozen=True)
class Command:
    """A command that reads one kind of file: its argv for the file at ``path`` (placed in
    the work folder ``work``), the exit status it must give, and where its one line goes:
    ``stderr`` (``tonk NAME: error: ...``) or ``load error`` (the one load error of the
    run's report.json, printed as one line: exit status 1, spec/scenarios.md, "Running an
    engine")."""

    name: str
    argv: Callable[[Path, Path], list[str]]
    code: int = 2
    line: str = "stderr"  # or "load error": one in report.json, printed as one line; or "engine" (below)
    placed: str = ""  # the folder below ``work`` the file is put in ("" for the work folder itself)


REPORT = ["--no-features", "--no-progress", "--json", "report.json"]


def _scenarios(p: Path, w: Path) -> list[str]:
    return ["--scenarios", str(p.parent.relative_to(w))]


COMMANDS: dict[str, list[Command]] = {
    "scenario": [
        Command("check", lambda p, w: ["check", *_scenarios(p, w), *REPORT], 1, "load error", "suite"),
        Command("replay", lambda p, w: ["replay", p.name.split(".")[0], *_scenarios(p, w)], placed="suite"),
        Command("export", lambda p, w: ["export", *_scenarios(p, w), "--out", "out"], placed="suite"),
        Command("judge", lambda p, w: ["judge", p.name]),
        Command("explain", lambda p, w: ["explain", p.name]),
        Command("perft", lambda p, w: ["perft", p.name, "--depth", "1"]),
    ],
    "rules": [
        Command("check", lambda p, w: ["check", "--rules", p.name, "--no-progress"]),
        Command("replay", lambda p, w: ["replay", CORPUS_CASE, "--rules", p.name]),
        Command("export", lambda p, w: ["export", "--rules", p.name, "--out", "out"]),
        Command("fuzz", lambda p, w: ["fuzz", "--rules", p.name, "--games", "1", "--out", "found", "--no-progress"]),
        Command("judge", lambda p, w: ["judge", SITUATION, "--rules", p.name]),
        Command("explain", lambda p, w: ["explain", CORPUS_CASE, "--rules", p.name]),
        Command("perft", lambda p, w: ["perft", "seed:1", "--depth", "1", "--rules", p.name]),
        Command("diff", lambda p, w: ["diff", p.name, "seed"]),
        Command("rules", lambda p, w: ["rules", "PAY-KNOCK-2", "--rules", p.name]),
    ],
    "known-failures": [
        Command("check", lambda p, w: ["check", "--known-failures", p.name, "--no-progress"]),
    ],
    "perft-table": [
        Command("perft", lambda p, w: ["perft", "--check", p.name]),
        Command("check", lambda p, w: ["check", *_scenarios(p.parent, w), *REPORT], 1, "load error",
                "suite/perft"),
        Command("export", lambda p, w: ["export", *_scenarios(p.parent, w), "--out", "out"], placed="suite/perft"),
    ],
    "perft-setup": [
        Command("perft", lambda p, w: ["perft", p.name, "--depth", "1"]),
    ],
    "report": [
        Command("report", lambda p, w: ["report", "--html", "page.html", p.name]),
    ],
    # an engine's answer: tonk check against answering_engine.py, which answers as the file says
    "engine-answer": [
        Command("check", lambda p, w: ["check", "--adapter-cmd", f"{shlex.quote(sys.executable)} "
                                       f"{shlex.quote(str(HERE / 'answering_engine.py'))} {shlex.quote(p.name)}",
                "--scenarios", _answer_suite(w), "--no-features", "--no-progress", "--perft-depth", "2",
                "--json", "report.json", "--report", "report.md", "--junit", "junit.xml"],
                -1, "engine"),
    ],
    # no command reads a feature file of the user's: the suite's loader does (tonk check, pytest-bdd)
    "feature": [
        Command("load_suite", lambda p, w: ["features", str(p.parent)], 1, "load error", "features"),
    ],
}


def _answer_suite(work: Path) -> str:
    """A suite of the two cases an engine's hostile answers are met in (a hand played to its
    payments, a perft entry whose legal actions are counted), in ``work``: the whole corpus
    would cost each probe seconds of loading."""
    suite = work / "answered"
    (suite / "perft").mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "scenarios" / "pay" / f"{CORPUS_CASE}.yaml", suite)
    table = (REPO / "scenarios" / "perft" / "presets.perft").read_text(encoding="utf-8")
    entry = table[table.index(f"id {PERFT_ENTRY}\n"):].split("\n\n", 1)[0]
    (suite / "perft" / "one.perft").write_text(entry + "\n", encoding="utf-8")
    return str(suite.relative_to(work))


def hostile_files() -> Iterator[tuple[str, Path]]:
    for folder in sorted(p for p in HERE.iterdir() if p.is_dir() and not p.name.startswith(("_", "."))):
        for f in sorted(folder.iterdir()):
            if f.is_file() and not f.name.startswith("."):
                yield folder.name, f


def materialize(source: Path, into: Path) -> Path:
    """The hostile file in ``into``: a copy, or a recipe's text (a head, a part repeated,
    a tail) written under the recipe's name without ``.recipe.json``; a recipe
    ``{"special": "fifo"}`` makes a pipe with no writer there, ``{"special": "device",
    "device": "/dev/zero"}`` a link to the device, ``{"special": "folder"}`` a folder."""
    into.mkdir(parents=True, exist_ok=True)
    if not source.name.endswith(RECIPE):
        return Path(shutil.copy(source, into / source.name))
    recipe = json.loads(source.read_text(encoding="utf-8"))
    target = into / source.name.removesuffix(RECIPE)
    special = recipe.get("special")
    if special == "fifo":  # a pipe no one writes to
        os.mkfifo(target)
        return target
    if special == "device":  # a device that never ends, as /dev/zero
        target.symlink_to(recipe["device"])
        return target
    if special == "folder":
        target.mkdir()
        return target
    with target.open("w", encoding="utf-8", newline="") as out:
        out.write(recipe["head"])
        out.write(recipe["repeat"] * recipe["times"])
        out.write(recipe.get("tail", ""))
    return target


class ForkServer:
    def __init__(self, log: Path) -> None:
        # the package of this tree first: the commands tested are the tree's own
        env = {**os.environ, "TONK_NO_CACHE": "1", "PYTHONPATH": os.pathsep.join(
            [str(HERE), str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])}
        self.log = log
        with log.open("w") as err:
            self.proc = subprocess.Popen([sys.executable, str(HERE / "forkserver.py")], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=err, text=True, env=env)
        assert json.loads(self._read()) == {"ready": True}

    def _read(self) -> str:
        out: IO[str] | None = self.proc.stdout
        assert out is not None
        line = out.readline()
        assert line, f"the fork server stopped: {self.log.read_text(errors='replace')}"
        return line

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        stdin = self.proc.stdin
        assert stdin is not None
        stdin.write(json.dumps(request) + "\n")
        stdin.flush()
        answer: dict[str, Any] = json.loads(self._read())
        return answer

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ForkServer]:
    s = ForkServer(tmp_path_factory.mktemp("forkserver") / "stderr")
    yield s
    s.close()


PAIRS = [(kind, f, c) for kind, f in hostile_files() for c in COMMANDS.get(kind, [])]


def test_every_folder_is_a_kind_of_file_with_its_commands() -> None:
    kinds = {kind for kind, _ in hostile_files()}
    assert kinds == set(COMMANDS), "a folder of tests/hostile/ is a kind of file that COMMANDS lists"
    for kind in kinds:
        assert sum(1 for k, _ in hostile_files() if k == kind) >= 3, kind


@pytest.mark.parametrize(("kind", "source", "command"), PAIRS,
                         ids=[f"{k}/{f.name}/{c.name}" for k, f, c in PAIRS])
def test_hostile_input(kind: str, source: Path, command: Command, server: ForkServer, tmp_path: Path) -> None:
    path = materialize(source, tmp_path / command.placed)
    argv = command.argv(path, tmp_path)
    request: dict[str, Any] = {"cwd": str(tmp_path), "stdout": str(tmp_path / ".out"),
                               "stderr": str(tmp_path / ".err")}
    if command.name == "load_suite":
        request |= {"call": "forkserver:load_features", "args": [argv[1]]}
    else:
        request["argv"] = argv
    r = server.run(request)
    out = (tmp_path / ".out").read_text(encoding="utf-8", errors="replace")
    err = (tmp_path / ".err").read_text(encoding="utf-8", errors="replace")
    shown = f"tonk {' '.join(argv)}: exit {r['code']}\nstdout: {out[-2000:]}\nstderr: {err[-2000:]}"
    assert "Traceback" not in out + err, shown
    if command.line == "engine":
        _engine_answered(path, tmp_path, r, out, err, shown)
        return
    assert r["code"] == command.code, shown
    if command.line == "stderr":
        lines = [x for x in err.splitlines() if x.strip()]
        assert len(lines) == 1, shown
        assert lines[0].startswith(f"tonk {command.name}: error: "), shown
        assert not out.strip(), shown
    else:
        errors = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))["load_errors"]
        assert len(errors) == 1, shown
        lines = [errors[0]["message"]]
        assert "\n" not in lines[0], shown
        assert [x for x in out.splitlines() if x.startswith("load error: ")] == [f"load error: {lines[0]}"], shown
        assert not err.strip(), shown
    assert path.name in lines[0], shown
    assert r["cpu_s"] < CPU_LIMIT_S, f"{r['cpu_s']:.2f} s of CPU\n{shown}"
    assert r["maxrss_mb"] < MEMORY_LIMIT_MB, f"{r['maxrss_mb']:.0f} MB\n{shown}"


def _engine_answered(path: Path, work: Path, r: dict[str, Any], out: str, err: str, shown: str) -> None:
    """What ``tonk check`` must make of an engine's hostile answers (``expect`` of the
    file): the exit status; a fault of the engine's, never of the runner's (``adapter``),
    with the kind and words expected; no traceback in any report; no line of the console or
    the Markdown report longer than the clipped length; nothing that fools a reader
    (bidirectional controls, zero-width characters, line separators) left raw in the
    console, the Markdown or the JUnit XML."""
    expect = json.loads(path.read_text(encoding="utf-8"))["expect"]
    assert r["code"] == expect["code"], shown
    report = json.loads((work / "report.json").read_text(encoding="utf-8"))
    outputs = {"stdout": out, "stderr": err, "report.md": (work / "report.md").read_text(encoding="utf-8"),
               "junit.xml": (work / "junit.xml").read_text(encoding="utf-8")}
    for name, text in outputs.items():
        assert "Traceback" not in text, f"{name}\n{shown}"
        raw = SPOOF.search(text)
        assert raw is None, f"{name} shows U+{ord(raw.group()):04X} raw\n{shown}"
        if name != "junit.xml":
            longest = max((len(x) for x in text.splitlines()), default=0)
            assert longest <= LONGEST_LINE, f"{name} has a line of {longest:,} characters\n{shown}"
    cases = report["cases"]
    assert not [c for c in cases if (c.get("fault") or {}).get("kind") == "adapter"], shown
    assert "Traceback" not in json.dumps(cases), shown
    if "fault" in expect:
        kinds = [(c.get("fault") or {}).get("kind") for c in cases]
        assert expect["fault"] in kinds, f"{kinds}\n{shown}"
    if "status" in expect:
        assert expect["status"] in [c["status"] for c in cases], shown
    if "message" in expect:
        assert any(expect["message"] in (c.get("message") or "") for c in cases), \
            f"{[c.get('message', '')[:300] for c in cases]}\n{shown}"
    assert r["cpu_s"] < ENGINE_CPU_LIMIT_S, f"{r['cpu_s']:.2f} s of CPU\n{shown}"
    assert r["maxrss_mb"] < MEMORY_LIMIT_MB, f"{r['maxrss_mb']:.0f} MB\n{shown}"
