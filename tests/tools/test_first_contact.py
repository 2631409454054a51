"""The command line as a newcomer meets it: every command's --help ends with an example and
its exit statuses, a mistyped command or option is one error naming the nearest, and a
command that needs a source checkout is not listed where there is none."""

from __future__ import annotations

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
