"""The ``tonk`` command.  :data:`COMMANDS` is its table: each command is a module of this
package that defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``, and may define ``DESCRIPTION`` and ``EPILOG`` (printed as written).
Only the module of the command asked for is imported, so a command starts without
loading the others.  A command imports no other command: what two share is a library
function of a layer below, or one of the command-line helpers (this module's
:class:`UsageError`, :func:`writable_folder`, :func:`writable_file`,
:func:`situation_and_rules` and :func:`command_line`; :mod:`.engine_args`, :mod:`.exitcodes`, :mod:`.progress`)."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from .. import __version__
from ..errors import TonkError

if TYPE_CHECKING:
    from ..engine.ruleset import Ruleset
    from ..spec.situation import Situation

#: Command name -> the module (in this package) that implements it.
COMMANDS: dict[str, str] = {
    "bench": "bench",
    "cache": "cachecmd",
    "check": "check",
    "diff": "diff",
    "explain": "explain",
    "export": "export",
    "fuzz": "fuzz",
    "judge": "judge",
    "mutants": "mutation",
    "perft": "perft",
    "replay": "replay",
    "report": "report",
    "rules": "rules",
    "serve": "serve",
}


class UsageError(TonkError):
    """A command's input is wrong: printed as one clear line, no traceback, exit 2."""


def writable_folder(path: str | None, option: str) -> None:
    """A folder a run may write into later: checked before the run, not after it."""
    if path and Path(path).exists() and not Path(path).is_dir():
        raise UsageError(f"{option}: {path} exists and is not a folder")


def writable_file(path: str | None, option: str) -> None:
    """A report file a run writes at its end: its folder must exist and it must not be a folder."""
    if not path:
        return
    p = Path(path)
    if p.is_dir():
        raise UsageError(f"{option}: {path} is a folder, not a file")
    if not p.parent.is_dir():
        raise UsageError(f"{option}: the folder {p.parent} does not exist")


def situation_and_rules(text: str, rules: str | None) -> tuple[Situation, Ruleset, str]:
    """The situation a command is given (a scenario file, a case ID or a description) and
    the rules it is played under first (``--rules``, else the scenario's, else the seed
    rules) with how to name them; a bad one is a usage error."""
    from ..harness.situations import base_rules, load_situation
    from ..spec.rulebook import RulebookError
    from ..spec.situation import SituationError

    try:
        situation = load_situation(text)
    except SituationError as e:
        raise UsageError(str(e)) from None
    try:
        ruleset, label = base_rules(situation, rules)
    except RulebookError as e:
        raise UsageError(f"--rules: {e}") from None
    return situation, ruleset, label


def command_line(args: argparse.Namespace) -> str:
    """The command that made a page, for its footer."""
    import shlex

    words = ["tonk", args.command, getattr(args, "situation", None) or args.scenario]
    if args.rules:
        words += ["--rules", args.rules]
    if getattr(args, "all", False):
        words.append("--all")
    return shlex.join([*words, "--format", "html"])


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"{__package__}.{COMMANDS[name]}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``only`` (the others are not imported)."""
    parser = argparse.ArgumentParser(prog="tonk", description="Tonk rules, reference engine and conformance suite.")
    parser.add_argument("--version", action="version", version=f"tonk {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in [only] if only else COMMANDS:
        module = _module(name)
        p = sub.add_parser(name, help=module.HELP, description=getattr(module, "DESCRIPTION", module.HELP),
                           epilog=getattr(module, "EPILOG", None), formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    try:
        code: int = args._run(args)
    except UsageError as e:
        from ..views.escape import visible

        print(visible(f"tonk {args.command}: error: {e}"), file=sys.stderr)  # one line, whatever a file held
        return 2
    except BrokenPipeError:
        return 0
    return code


if __name__ == "__main__":
    raise SystemExit(main())
