"""The ``tonk`` command.  Each subcommand is a module of this package that defines
``COMMAND`` (its name), ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``; this file only finds and dispatches them."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence
from types import ModuleType

from .. import __version__


def _commands() -> dict[str, ModuleType]:
    from .. import tools

    found: dict[str, ModuleType] = {}
    for info in pkgutil.iter_modules(tools.__path__):
        if info.name.startswith("_") or info.name == "cli":
            continue
        module = importlib.import_module(f"{tools.__name__}.{info.name}")
        command = getattr(module, "COMMAND", None)
        if isinstance(command, str):
            found[command] = module
    return dict(sorted(found.items()))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tonk", description="Tonk rules, reference engine and conformance suite.")
    parser.add_argument("--version", action="version", version=f"tonk {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module in _commands().items():
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


class UsageError(Exception):
    """A command's input is wrong: printed as one clear line, no traceback, exit 2."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    try:
        code: int = args._run(args)
    except UsageError as e:
        print(f"tonk {args.command}: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return code


if __name__ == "__main__":
    raise SystemExit(main())
