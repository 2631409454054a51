"""The ``tonk`` command.  :data:`COMMANDS` is its table: each command is a module of this
package that defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``, and may define ``DESCRIPTION`` and ``EPILOG`` (printed as written).
Only the module of the command asked for is imported, so a command starts without
loading the others.  A command imports no other command: what two share is a library
function of a layer below, or one of the command-line helpers (this module's
:class:`UsageError`, :func:`writable_folder`, :func:`writable_file`, :func:`write_output`,
:func:`integer`, :func:`situation_and_rules` and :func:`command_line`; :mod:`.engine_args`,
:mod:`.exitcodes`, :mod:`.progress`).  :func:`main` runs a command with a standard output
that a closed reader or a full disk cannot stop (:class:`GuardedStdout`)."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..errors import TonkError

if TYPE_CHECKING:
    from ..engine.ruleset import Ruleset
    from ..rulebook.situation import Situation

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
    "site": "site",
}


#: The commands that run only in a source checkout: an installed package does not list them.
NEEDS_CHECKOUT = {"mutants"}

#: How a command's ``--help`` ends, for a command whose own epilog does not say it: an
#: example (the commands that test an engine: the reference in process, or yours with
#: --adapter-cmd) and its exit statuses (:mod:`.exitcodes`).
EXAMPLES: dict[str, str] = {
    "bench": "tonk bench --quick",
    "cache": "tonk cache info",
    "check": "tonk check\n  tonk check --adapter-cmd './my-engine --stdio' --junit out.xml --badge badge.json"
             "\n  tonk check -k 'pay-knock' --rules house.yaml -n 2",
    "diff": "tonk diff seed house.yaml",
    "export": "tonk export --out cases/",
    "fuzz": "tonk fuzz --games 200 --adapter-cmd './my-engine --stdio'",
    "judge": "tonk judge '2 players; 0: 3d 4d; 1: 3h 4h; 0 knocks'",
    "mutants": "tonk mutants --list",
    "perft": "tonk perft seed:42:3p:dealer0 --depth 3\n  tonk perft --check --adapter-cmd './my-engine --stdio'",
    "replay": "tonk replay pay-knock-d5-tie-3p --adapter-cmd './my-engine --stdio'",
    "report": "tonk report a.json b.json --html engines.html",
    "serve": "tonk serve < requests.jsonl",
}
EXIT_STATUSES: dict[str, str] = {
    "bench": "0 measured; 2 bad input.",
    "cache": "0 done; 2 bad input.",
    "check": "0 every case that ran passed (known failures allowed); 1 a case failed or errored, a file\n"
             "failed to load or a known failure went stale; 2 bad input (-k matching no case among them);\n"
             "3 the engine could not be used (the run stopped early); 4 nothing was checked.",
    "explain": "0 explained; 2 bad input.",
    "export": "0 written; 2 bad input.",
    "fuzz": "0 no difference; 1 the engine and the reference differed; 2 bad input; 3 the engine could\n"
            "not be used; 4 nothing was played (every hand skipped).",
    "mutants": "0 scored; 2 bad input, or not run from a source checkout.",
    "perft": "0 counted (--check: every count agreed); 1 a count differed; 2 bad input; 3 the engine\n"
             "could not be used; 4 nothing was checked (the engine does not declare legal_actions).",
    "replay": "0 the case passed; 1 it failed or errored; 2 bad input; 3 the engine could not be used;\n"
              "4 skipped (the engine does not declare what the case needs).",
    "serve": "0 the input ended; 2 bad input.",
}


def help_epilog(name: str, module: ModuleType) -> str:
    """The command's own epilog, then an example and its exit statuses where it says none."""
    epilog: str = getattr(module, "EPILOG", None) or ""
    parts = [epilog] if epilog else []
    if "Example" not in epilog and name in EXAMPLES:
        parts.append("Example" + ("s" if "\n" in EXAMPLES[name] else "") + ":\n  " + EXAMPLES[name])
    if "Exit status" not in epilog and name in EXIT_STATUSES:
        parts.append("Exit status: " + EXIT_STATUSES[name])
    return "\n".join(parts)


class UsageError(TonkError):
    """A command's input is wrong: printed as one clear line, no traceback, exit 2."""


def writable_folder(path: str | None, option: str) -> None:
    """A folder a run may write into later, checked before the run, not after it: it is a
    folder, or the nearest part of its path that exists is one (so it can be made)."""
    if not path:
        return
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise UsageError(f"{option}: {path} exists and is not a folder")
    for up in p.absolute().parents:
        if up.exists():
            if not up.is_dir():
                raise UsageError(f"{option}: {path} cannot be made: {up} is not a folder")
            break


def writable_file(path: str | None, option: str) -> None:
    """A report file a run writes at its end, checked before the run: its folder must
    exist and take a new file, and it must not be a folder (``-``: standard output)."""
    from ..atomic import OutputError, check_destination

    if not path or path == STDOUT:
        return
    p = Path(path)
    if p.is_dir():
        raise UsageError(f"{option}: {path} is a folder, not a file")
    if not p.parent.is_dir():
        if p.parent.exists() or any(up.exists() and not up.is_dir() for up in p.parent.parents):
            raise UsageError(f"{option}: cannot write {path}: a part of its path is not a folder")
        raise UsageError(f"{option}: the folder {p.parent} does not exist")
    try:
        check_destination(p)
    except OutputError as e:
        raise UsageError(f"{option}: {e}") from None


def integer(text: str) -> int:
    """An ``int`` option's value: digits 0-9 only (``int`` reads ``٣`` as 3), a sign
    allowed, at most 18 digits; argparse says a bad one as an "invalid integer value"."""
    digits = text.strip().removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
        raise ValueError(text)
    return int(text)


#: A report option's path that means standard output.
STDOUT = "-"


def write_output(path: str, text: str, option: str) -> str | None:
    """Write a file a command was asked for whole (:func:`tonk_ref.atomic.write_text`;
    ``-``: standard output); None when written, else the one line that says why not."""
    from ..atomic import OutputError, write_text

    if path == STDOUT:
        sys.stdout.write(text)
        return None
    try:
        write_text(path, text)
    except OutputError as e:
        return f"{option}: {e}"
    return None


def _silence(stream: Any) -> None:
    """Point ``stream``'s file at the null device: what is still printed goes nowhere, so
    neither a later print nor the flush at exit fails."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


class GuardedStdout:
    """Standard output that a closed reader (``| head -1``: BrokenPipeError) or a full
    disk cannot stop: the first failure is kept (:attr:`error`; None for a reader that went
    away, which is no fault of the run) and everything printed after it is dropped, so a
    command goes on, writes every file it was asked for and ends with its own status."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.failed = False
        self.error: OSError | None = None

    def _fail(self, e: OSError) -> None:
        self.failed = True
        self.error = None if isinstance(e, BrokenPipeError) else e
        _silence(self.stream)

    def write(self, text: str) -> int:
        if not self.failed:
            try:
                return int(self.stream.write(text))
            except OSError as e:
                self._fail(e)
        return len(text)

    def flush(self) -> None:
        if not self.failed:
            try:
                self.stream.flush()
            except OSError as e:
                self._fail(e)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def situation_and_rules(text: str, rules: str | None) -> tuple[Situation, Ruleset, str]:
    """The situation a command is given (a scenario file, a case ID or a description) and
    the rules it is played under first (``--rules``, else the scenario's, else the seed
    rules) with how to name them; a bad one is a usage error."""
    from ..harness.situations import base_rules, load_situation
    from ..rulebook.book import RulebookError
    from ..rulebook.situation import SituationError

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


class Parser(argparse.ArgumentParser):
    """The ``tonk`` parser, which keeps each command's parser (:attr:`commands`), so that an
    unknown option is said by the command's parser, with the nearest option it has."""

    commands: dict[str, argparse.ArgumentParser]


def in_checkout() -> bool:
    from ..paths import mutants_dir

    return mutants_dir() is not None


def listed_commands() -> list[str]:
    """The commands ``tonk --help`` lists: those that need a source checkout only in one."""
    return [n for n in COMMANDS if n not in NEEDS_CHECKOUT or in_checkout()]


def build_parser(only: str | None = None) -> Parser:
    """The parser of every command, or of ``only`` (the others are not imported)."""
    parser = Parser(prog="tonk", description="Tonk rules, reference engine and conformance suite.",
                    epilog="'tonk COMMAND --help' tells what a command does, with an example and its exit statuses.")
    parser.commands = {}
    parser.add_argument("--version", action="version", version=f"tonk {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    listed = listed_commands()
    for name in [only] if only else COMMANDS:
        module = _module(name)
        # a command given no help is not listed (argparse lists those given one)
        shown = {"help": module.HELP} if name in listed else {}
        p = sub.add_parser(name, **shown, description=getattr(module, "DESCRIPTION", module.HELP),
                           epilog=help_epilog(name, module), formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
        parser.commands[name] = p
    return parser


def _run_command(args: argparse.Namespace, program: bool) -> int:
    """Run the command ``args`` asks for.  SIGINT and SIGTERM end it with one line and exit
    status 130 or 143, its engines and workers ended (a command that runs an engine keeps
    what ran: :mod:`..adapters.lifetime`); an engine whose ``hello`` changed when it was
    started again ends it with one line and exit status 3.  ``program``: run as the ``tonk``
    program, which is then a child subreaper (its engines' orphans are handed to it)."""
    from ..adapters import lifetime
    from ..adapters.base import EngineChanged

    if program:
        lifetime.become_subreaper()
    with lifetime.handling_signals():
        try:
            code: int = args._run(args)
        except lifetime.Interrupted as e:
            lifetime.kill_engines()
            lifetime.end_workers()
            print(f"tonk {args.command}: interrupted ({e.name})", file=sys.stderr)
            return e.exit_status
        except EngineChanged as e:
            from ..views.escape import visible
            from . import exitcodes

            print(visible(f"tonk {args.command}: {e}"), file=sys.stderr)
            return exitcodes.ENGINE
    return code


def nearest(word: str, among: Sequence[str]) -> str:
    """``; did you mean 'check'?`` for the nearest of ``among``, or nothing."""
    import difflib

    found = difflib.get_close_matches(word, among, n=1, cutoff=0.6)
    return f"; did you mean {found[0]!r}?" if found else ""


def _unknown_options(parser: argparse.ArgumentParser, extra: list[str]) -> str:
    """argparse's words for arguments no parser took, with the nearest option of the
    command for the first that looks like one."""
    message = f"unrecognized arguments: {' '.join(extra)}"
    first = next((x.split("=", 1)[0] for x in extra if x.startswith("-")), None)
    if first is not None:
        message += nearest(first, [o for o in parser._option_string_actions if o.startswith("--")] if
                           first.startswith("--") else list(parser._option_string_actions))
    return message


def parse(argv: list[str]) -> tuple[argparse.Namespace, Parser]:
    """The command line, as the command's parser reads it: an unknown command or option is
    one error (exit status 2) naming the nearest command or option, under the usage of the
    command it was given to."""
    if argv and not argv[0].startswith("-") and argv[0] not in COMMANDS:
        listed = listed_commands()
        print(f"usage: tonk [-h] [--version] COMMAND ...\ntonk: error: unknown command {argv[0]!r}"
              f"{nearest(argv[0], listed)} (the commands: {', '.join(listed)})", file=sys.stderr)
        raise SystemExit(2)
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    args, extra = parser.parse_known_args(argv)
    if extra:
        command = parser.commands.get(getattr(args, "command", None) or "", parser)
        command.error(_unknown_options(command, extra))
    return args, parser


def main(argv: Sequence[str] | None = None) -> int:
    program = argv is None
    argv = list(sys.argv[1:] if argv is None else argv)
    args, parser = parse(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    from ..atomic import OutputError
    from ..errors import InputError
    from ..views.escape import visible

    given = sys.stdout
    guarded = sys.stdout = GuardedStdout(given)
    try:
        code: int = _run_command(args, program)
        guarded.flush()
    except (UsageError, OutputError, InputError) as e:
        print(visible(f"tonk {args.command}: error: {e}"), file=sys.stderr)  # one line, whatever a file held
        return 2
    finally:
        sys.stdout = given
    if guarded.error is not None:  # a full disk, not a reader that went away
        why = guarded.error.strerror or guarded.error
        print(f"tonk {args.command}: error: cannot write the standard output ({why})", file=sys.stderr)
        return code or 2
    return code


if __name__ == "__main__":
    raise SystemExit(main())
