"""The probes of hostile use that are not a file of a folder here: full disks, closed pipes,
folders that cannot be written, numbers in other digits, expressions too deep, timeouts
out of range, endless inputs and text that could spoof.  Each test is named after its
probe; each runs the ``tonk`` command of this tree in a child process (a file-size limit
stands in for a full disk: ``RLIMIT_FSIZE``; a path under a regular file, or under
``/proc``, for a folder that cannot be written, since a test run as root writes through
``chmod``).
"""

from __future__ import annotations

import errno
import os
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tonk_ref import atomic
from tonk_ref.bounds import BoundError, amount, ascii_int
from tonk_ref.views.escape import clip, md, md_code, visible, xml_text

REPO = Path(__file__).resolve().parents[2]
CASE = REPO / "scenarios" / "pay" / "pay-dealt-48-no-tonk-2p.yaml"
FAKE = REPO / "tests" / "fakes" / "fake_engine.py"
SITUATION = "2 players; 0: 3d 4d 5d Kc Qc; 1: 3h 4h 7s 8s 9d; discard Qs; 0 knocks"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file limits and devices")


def tonk(*argv: str, cwd: Path, stdin: int | None = subprocess.DEVNULL, fsize: int | None = None,
         timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``tonk ARGV`` of this tree in a child, with at most ``fsize`` bytes per file written."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])}

    def limit() -> None:
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    return subprocess.run([sys.executable, "-m", "tonk_ref", *argv], cwd=cwd, stdin=stdin, capture_output=True,
                          text=True, env=env, preexec_fn=limit, timeout=timeout, check=False)


def one_line(r: subprocess.CompletedProcess[str], command: str, *words: str) -> str:
    """The one error line of a run (stderr), which names what it must."""
    assert "Traceback" not in r.stdout + r.stderr, r.stderr
    lines = [x for x in r.stderr.splitlines() if x.strip()]
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith(f"tonk {command}: error: "), lines[0]
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


def failing_suite(tmp: Path) -> Path:
    """A suite of one case the reference fails: its net is not what the hand pays."""
    suite = tmp / "suite"
    suite.mkdir()
    text = CASE.read_text(encoding="utf-8").replace("net: [-3, 3]", "net: [-2, 2]")
    (suite / CASE.name).write_text(text, encoding="utf-8")
    return suite


# ---------------------------------------------------------------------------- nothing lost


def test_a_file_written_whole_or_not_at_all_on_a_failed_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "r.md"
    target.write_text("old report\n" * 1000, encoding="utf-8")
    real = os.write
    calls = 0

    def full(fd: int, data: bytes | memoryview) -> int:
        nonlocal calls
        calls += 1
        if calls > 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, bytes(data)[:100])

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(atomic.OutputError, match=r"cannot write .*r\.md \(No space left on device\)"):
        atomic.write_text(target, "new report\n" * 5000)
    monkeypatch.undo()
    assert target.read_text(encoding="utf-8") == "old report\n" * 1000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.md"]  # no temporary file left


def test_a_file_rewritten_keeps_its_mode_and_a_link_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("{}", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    atomic.write_text(link, '{"a": 1}')
    assert link.is_symlink() and real.read_text(encoding="utf-8") == '{"a": 1}'
    assert real.stat().st_mode & 0o777 == 0o640


def test_a_report_on_a_full_disk_leaves_the_old_report_whole(tmp_path: Path) -> None:
    old = "# an old report\n" + "a line of the old report\n" * 400  # 10 KB
    (tmp_path / "r.md").write_text(old, encoding="utf-8")
    r = tonk("check", "--no-features", "--no-progress", "-k", "PAY-KNOCK", "--report", "r.md", "--json", "r.json",
             "--badge", "badge.json", cwd=tmp_path, fsize=2_000)  # the new report is larger: it cannot be written
    assert r.returncode == 2, r.stdout + r.stderr  # the run passed, but a report asked for is missing
    assert "Traceback" not in r.stderr
    assert r.stderr.splitlines() == ["tonk check: error: --json: cannot write r.json (File too large)",
                                     "tonk check: error: --report: cannot write r.md (File too large)"], r.stderr
    assert (tmp_path / "badge.json").stat().st_size > 0  # every other report is written
    assert (tmp_path / "r.md").read_text(encoding="utf-8") == old
    assert "tonk check: PASS" in r.stdout  # the summary is printed all the same
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_tonk_report_html_on_a_full_disk_keeps_the_old_page(tmp_path: Path) -> None:
    r = tonk("check", "--no-features", "--no-progress", "-k", "PAY-KNOCK-2", "--json", "ref.json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    (tmp_path / "page.html").write_text("<p>the old page</p>\n", encoding="utf-8")
    r = tonk("report", "--html", "page.html", "ref.json", cwd=tmp_path, fsize=4096)
    one_line(r, "report", "--html", "page.html", "File too large")
    assert r.returncode == 2
    assert (tmp_path / "page.html").read_text(encoding="utf-8") == "<p>the old page</p>\n"


def test_a_closed_stdout_keeps_the_exit_status_and_writes_every_file(tmp_path: Path) -> None:
    suite = failing_suite(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    with subprocess.Popen([sys.executable, "-m", "tonk_ref", "check", "-v", "--scenarios", str(suite),
                           "--no-features", "--no-progress", "--json", "r.json", "--report", "r.md"],
                          cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env) as p:
        assert p.stdout is not None and p.stderr is not None
        p.stdout.readline()  # | head -1
        p.stdout.close()
        err = p.stderr.read().decode()
        code = p.wait(timeout=120)
    assert code == 1, err  # the run failed: a closed pipe does not make it pass
    assert "Traceback" not in err and "BrokenPipe" not in err
    assert (tmp_path / "r.json").stat().st_size > 0 and (tmp_path / "r.md").stat().st_size > 0


def test_a_report_flag_of_dash_writes_the_report_on_stdout(tmp_path: Path) -> None:
    r = tonk("check", "--no-features", "--no-progress", "-k", "PAY-KNOCK-2", "--json", "-", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("{") and '"format": "tonk-conformance-report"' in r.stdout
    assert "tonk check: PASS" in r.stderr  # the console moves to stderr
    assert not (tmp_path / "-").exists()


def test_write_known_failures_to_a_file_is_written_whole(tmp_path: Path) -> None:
    suite = failing_suite(tmp_path)
    r = tonk("check", "--scenarios", str(suite), "--no-features", "--no-progress",
             "--write-known-failures", "known.yaml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "pay-dealt-48-no-tonk-2p" in (tmp_path / "known.yaml").read_text(encoding="utf-8")
    r = tonk("check", "--scenarios", str(suite), "--no-features", "--no-progress", "--known-failures", "known.yaml",
             cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize(("argv", "command", "words"), [
    (["check", "--no-features", "--json", "{file}/r.json"], "check", ["--json", "r.json"]),
    (["check", "--no-features", "--found", "{file}/found"], "check", ["--found", "is not a folder"]),
    (["export", "--out", "{file}/out"], "export", ["--out", "is not a folder"]),
    (["fuzz", "--games", "1", "--out", "{file}/found"], "fuzz", ["--out", "is not a folder"]),
    (["report", "--html", "{file}/page.html", "{file}"], "report", ["--html", "page.html"]),
    (["diff", "seed", "online", "--scenarios", "{file}/out"], "diff", ["--scenarios", "is not a folder"]),
])
def test_an_unwritable_destination_is_refused_before_the_run(tmp_path: Path, argv: list[str], command: str,
                                                            words: list[str]) -> None:
    """A path under a regular file cannot be written, even by root: refused in one line,
    exit status 2, before anything is run."""
    (tmp_path / "file").write_text("a regular file\n", encoding="utf-8")
    r = tonk(*(a.replace("{file}", str(tmp_path / "file")) for a in argv), cwd=tmp_path)
    assert r.returncode == 2, r.stdout + r.stderr
    one_line(r, command, *words)
    assert not r.stdout.strip()


@pytest.mark.parametrize("argv", [
    ["judge", SITUATION],
    ["rules"],
    ["explain", "pay-dealt-48-no-tonk-2p"],
    ["check", "--no-features", "--no-progress", "-k", "PAY-KNOCK-2"],
])
def test_a_full_stdout_is_one_line_not_a_traceback(tmp_path: Path, argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "tonk_ref", *argv], cwd=tmp_path, stdout=full,
                           stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(REPO)},
                           timeout=120, check=False)
    lines = [x for x in r.stderr.splitlines() if x.strip()]
    assert "Traceback" not in r.stderr and len(lines) == 1, r.stderr
    assert lines[0] == f"tonk {argv[0]}: error: cannot write the standard output (No space left on device)"
    assert r.returncode == 2


def test_an_unwritable_found_folder_after_the_run_still_writes_the_reports(tmp_path: Path) -> None:
    """A folder that passes the check before the run and cannot be made at its end (under
    /proc): the failing generated hands are said, not written; the reports are written."""
    if not Path("/proc/self").is_dir():
        pytest.skip("no /proc")
    r = tonk("check", "--rules", "seed", "--adapter-cmd", f"{sys.executable} {FAKE} --mode bug_knock_tie",
             "--found", "/proc/tonk-found", "--no-progress", "--no-features", "-k", "generated",
             "--json", "r.json", cwd=tmp_path, timeout=300)
    assert "Traceback" not in r.stdout + r.stderr, r.stderr
    assert r.returncode == 1, r.stdout + r.stderr
    assert "not written: --found: cannot write /proc/tonk-found" in r.stdout
    assert "tonk check: FAIL" in r.stdout
    assert (tmp_path / "r.json").stat().st_size > 0


def test_an_unwritable_fuzz_out_keeps_the_difference(tmp_path: Path) -> None:
    if not Path("/proc/self").is_dir():
        pytest.skip("no /proc")
    r = tonk("fuzz", "--adapter-cmd", f"{sys.executable} {FAKE} --mode bug_knock_tie", "--games", "300", "-j", "1",
             "--players", "2", "--seed", "1", "--max-diffs", "1", "--no-progress", "--no-observe",
             "--out", "/proc/tonk-found", cwd=tmp_path, timeout=300)
    assert r.returncode == 1, r.stdout + r.stderr
    one_line(r, "fuzz", "--out", "/proc/tonk-found")
    assert "its scenario, not written:" in r.stdout
    assert "\nscript:" in r.stdout and "\nresult:" in r.stdout  # the scenario itself, on the console


# ---------------------------------------------------------------------------- bounds


@pytest.mark.parametrize(("argv", "command", "words"), [
    (["judge", "² players; 0: 3d 4d; 1: 3h 4h; 0 knocks"], "judge", ["'²'"]),
    (["judge", "2 players, dealer ¹; 0: 3d 4d; 1: 3h 4h; 0 knocks"], "judge", ["'¹'"]),
    (["check", "-n", "²"], "check", ["-n", "digits 0-9"]),
    (["check", "-n", "٣"], "check", ["-n", "digits 0-9"]),
])
def test_numbers_in_other_digits_are_refused_in_one_line(tmp_path: Path, argv: list[str], command: str,
                                                          words: list[str]) -> None:
    r = tonk(*argv, cwd=tmp_path)
    assert r.returncode == 2
    one_line(r, command, *words)


def test_a_count_option_in_other_digits_is_refused(tmp_path: Path) -> None:
    r = tonk("perft", "seed:1", "--depth", "٣", cwd=tmp_path)
    assert r.returncode == 2 and "invalid integer value: '٣'" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("expr", ["(" * 500 + "x" + ")" * 500, "not " * 500 + "x", "x or " * 3000 + "x"])
def test_a_keyword_expression_nested_500_deep_or_too_long_is_one_line(tmp_path: Path, expr: str) -> None:
    r = tonk("check", "-k", expr, cwd=tmp_path)
    assert r.returncode == 2
    line = one_line(r, "check", "-k", "the limit")
    assert len(line) < 300


@pytest.mark.parametrize("value", ["inf", "1e308", "nan", "0", "-1", "3601"])
def test_a_timeout_out_of_range_is_refused(tmp_path: Path, value: str) -> None:
    r = tonk("check", "--timeout", value, cwd=tmp_path)
    assert r.returncode == 2
    one_line(r, "check", "--timeout: expected a number of seconds above 0 and at most 3600, got ")


def test_an_adapter_that_is_no_adapter_is_one_line(tmp_path: Path) -> None:
    r = tonk("check", "--adapter", "builtins:dict", cwd=tmp_path)
    assert r.returncode == 2
    one_line(r, "check", "builtins:dict", "not an adapter")


def test_tonk_report_reads_an_endless_stdin_no_further_than_its_limit(tmp_path: Path) -> None:
    with open("/dev/zero", "rb") as zero:
        r = tonk("report", "--html", "page.html", "-", cwd=tmp_path, stdin=zero.fileno())
    assert r.returncode == 2
    one_line(r, "report", "larger than 32 MiB")
    assert not (tmp_path / "page.html").exists()


def test_perft_check_honours_depth(tmp_path: Path) -> None:
    """``tonk perft --check TABLE --depth 1`` counts no deeper than depth 1: a table whose
    depth 2 is wrong passes at depth 1 and fails without it."""
    table = (REPO / "scenarios" / "perft" / "presets.perft").read_text(encoding="utf-8")
    entry = table[table.index("id hoyle-tunk-seed42-2p\n"):].split("\n\n", 1)[0]
    assert "perft 2 15" in entry
    (tmp_path / "t.perft").write_text(entry.replace("perft 2 15", "perft 2 16") + "\n", encoding="utf-8")
    assert tonk("perft", "--check", "t.perft", "--depth", "1", cwd=tmp_path).returncode == 0
    r = tonk("perft", "--check", "t.perft", cwd=tmp_path)
    assert r.returncode == 1 and "perft 2: expected 16, the engine gives 15" in r.stdout


def test_amounts_are_bounded() -> None:
    assert amount("-7/2") == amount("-14/4")
    with pytest.raises(BoundError, match="divides by zero"):
        amount("-3/0")
    with pytest.raises(BoundError, match="4,400 digits"):
        amount("1/" + "9" * 4400)
    with pytest.raises(BoundError, match="digits 0-9"):
        amount("²")
    with pytest.raises(BoundError, match="more than 18 digits"):
        amount(10**40)
    assert ascii_int("12", "-n") == 12
    with pytest.raises(BoundError, match="digits 0-9"):
        ascii_int("٣", "-n")


# ---------------------------------------------------------------------------- spoofing


@pytest.mark.parametrize("show", [visible, md, lambda t: md_code(t), xml_text])
@pytest.mark.parametrize("char", ["\u202a", "\u202e", "\u2066", "\u2069", "\u200b", "\u200d", "\ufeff", "\u2028",
                                  "\u2029", "\u200f"])
def test_text_that_could_spoof_is_made_visible(show: Callable[[str], str], char: str) -> None:
    out = show(f"engine{char}name")
    assert char not in out
    assert f"\\u{ord(char):04x}" in out


def test_a_10_mb_name_is_clipped_with_its_length_said() -> None:
    name = "x" * 10_485_760
    for out in (visible(name), md(name), xml_text(name)):
        assert len(out) < 10_100
        assert out.endswith("…(10,485,760 characters)")
    assert clip("short") == "short"


def test_a_full_device_destination_is_written_in_place_or_said() -> None:
    """/dev/full is not replaced by a file (a device is written in place) and says it is full."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    with pytest.raises(atomic.OutputError, match="No space left on device"):
        atomic.write_text("/dev/full", "x" * 100_000)
    assert Path("/dev/full").is_char_device()
