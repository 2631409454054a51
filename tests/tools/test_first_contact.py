"""The command line as a newcomer meets it: every command's --help ends with an example and
its exit statuses, a mistyped command or option is one error naming the nearest, and a
command that needs a source checkout is not listed where there is none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tonk_ref.tools import cli


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as e:
        cli.main([*argv, "--help"])
    assert e.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("command", list(cli.COMMANDS))
def test_every_commands_help_has_an_example_and_its_exit_statuses(capsys: pytest.CaptureFixture[str],
                                                                   command: str) -> None:
    text = _help(capsys, command)
    assert "\nExample:\n  tonk " in text or "\nExamples:\n  tonk " in text or "Examples:\n  tonk" in text, text
    tail = text[text.index("Exit status"):]
    assert "0 " in tail and "2 bad input" in tail, tail


def test_a_mistyped_command_names_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        cli.main(["chek", "-k", "x"])
    assert e.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert err[-1].startswith("tonk: error: unknown command 'chek'; did you mean 'check'? (the commands: bench, ")


def test_a_mistyped_option_is_said_by_its_command_with_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        cli.main(["check", "--jsn", "out.json"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: tonk check ")  # the command's usage, not the top level's
    assert err.splitlines()[-1] == "tonk check: error: unrecognized arguments: --jsn out.json; did you mean '--json'?"
    with pytest.raises(SystemExit):
        cli.main(["judge", "2 players", "--rulez=seed"])
    assert capsys.readouterr().err.splitlines()[-1].endswith("did you mean '--rules'?")


def test_a_command_that_needs_a_checkout_is_not_listed_without_one(capsys: pytest.CaptureFixture[str],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    assert "mutants" in _help(capsys)
    monkeypatch.setattr(cli, "in_checkout", lambda: False)
    text = _help(capsys)
    assert "mutants" not in text and "    check " in text
    assert "mutants" not in cli.listed_commands()


def test_the_top_level_help_says_where_the_examples_are(capsys: pytest.CaptureFixture[str]) -> None:
    assert "'tonk COMMAND --help' tells what a command does" in _help(capsys)


def test_no_command_prints_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 2
    out: Any = capsys.readouterr().out
    assert out.startswith("usage: tonk ")


@pytest.mark.parametrize("argv", [["check", "--rules", "sede"], ["judge", "2 players; 0: 3d 4d; 1: 3h 4h; 0 knocks",
                                                                  "--rules", "onlin"]])
def test_a_mistyped_preset_names_the_nearest(tonk: Any, argv: list[str]) -> None:
    line = tonk(*argv).one_error_line(argv[0])
    nearest = {"sede": "seed", "onlin": "online"}[argv[-1]]
    assert f"{argv[-1]}: no such preset or file (did you mean {nearest!r}?): give a preset (seed, " in line, line


def test_a_word_near_no_preset_gets_no_guess(tonk: Any) -> None:
    line = tonk("check", "--rules", "zzzzzz").one_error_line("check")
    assert "did you mean" not in line and "no such preset or file: give a preset" in line


# ---------------------------------------------------------------------------- '-': the standard output
KNOCK = ("-k", "pay-knock-d5-tie-3p", "--no-features", "--no-progress", "--table", "off")


@pytest.mark.parametrize(("option", "starts"), [("--json", '{\n "format": "tonk-conformance-report"'),
                                                ("--report", "# "), ("--junit", "<?xml"),
                                                ("--badge", '{\n  "schemaVersion": 1'),
                                                ("--write-known-failures", "#")])
def test_every_report_flag_of_check_takes_dash_for_the_standard_output(tonk: Any, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch,
                                                                       option: str, starts: str) -> None:
    monkeypatch.chdir(tmp_path)
    ran = tonk("check", *KNOCK, option, "-")
    assert ran.code == 0, ran.err
    assert ran.out.startswith(starts), ran.out[:200]
    assert "tonk check: PASS: 1 passed" in ran.err  # the console moved to stderr
    assert list(tmp_path.iterdir()) == []  # no file named '-'


def test_two_report_flags_cannot_both_take_the_standard_output(tonk: Any) -> None:
    line = tonk("check", *KNOCK, "--json", "-", "--junit", "-").one_error_line("check")
    assert "--json and --junit: only one output can go to the standard output (-)" in line


def test_tonk_report_html_takes_dash(tonk: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert tonk("check", *KNOCK, "--json", "r.json").code == 0
    ran = tonk("report", "--html", "-", "r.json")
    assert ran.code == 0 and ran.out.lower().startswith("<!doctype html"), ran.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def test_the_pytest_plugins_json_takes_dash(pytester: pytest.Pytester) -> None:
    import json

    result = pytester.runpytest("--tonk-table=off", "-k", "pay-knock-d5-tie-3p", "-p", "no:terminal",
                                "-p", "no:cacheprovider", "--tonk-json", "-")
    assert result.ret == 0
    report = json.loads(result.stdout.str())
    assert report["counts"]["passed"] >= 1
    assert not (pytester.path / "-").exists()


# ---------------------------------------------------------------------------- completion
def test_the_readmes_completion_lines_make_scripts_that_complete_every_command() -> None:
    """The README's shtab lines, run as written (shtab is a test dependency): each takes
    ``tonk_ref.tools.cli.build_parser``, a function of no argument that returns the parser
    of every command and option, and writes a script for its shell that completes the
    commands and check's options."""
    import argparse
    import importlib
    import re
    import subprocess
    import sys

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    lines = re.findall(r"^shtab (--shell=(\w+) --prog tonk (\S+)) > ", readme, re.M)
    assert {shell for _, shell, _ in lines} == {"bash", "zsh"}
    [target] = {target for _, _, target in lines}
    module, _, name = target.rpartition(".")
    parser = getattr(importlib.import_module(module), name)()
    assert isinstance(parser, argparse.ArgumentParser)
    assert set(parser.commands) == set(cli.COMMANDS)
    for args, shell, _ in lines:
        made = subprocess.run([sys.executable, "-m", "shtab", *args.split()], capture_output=True, text=True,
                              timeout=60, check=False)
        assert made.returncode == 0, made.stderr
        script = made.stdout
        assert all(word in script for word in ("check", "judge", "--adapter-cmd", "--known-failures")), shell
