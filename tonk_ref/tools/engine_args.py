"""The engine options every command that tests an engine shares: ``--adapter-cmd``,
``--adapter``, ``--timeout``, ``--start-timeout`` and ``--validate``; and the message of a
run whose engine could not be used (:func:`engine_unavailable`, said by :func:`greeted`)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from ..adapters.base import Adapter
from ..adapters.factory import EngineSpec, EngineSpecError
from ..bounds import MAX_TIMEOUT
from .cli import UsageError

if TYPE_CHECKING:
    from ..harness.runner import Engine


def add_engine_arguments(parser: argparse.ArgumentParser, *, validate: bool = True) -> None:
    engine = parser.add_mutually_exclusive_group()
    engine.add_argument("--adapter-cmd", metavar="CMD",
                        help="the engine: a command that speaks the stdio protocol (spec/protocol.md)")
    engine.add_argument("--adapter", metavar="MODULE:FACTORY",
                        help="the engine: a Python factory returning an adapter (default: the reference engine "
                             "in process)")
    parser.add_argument("--timeout", type=float, default=10.0, metavar="S",
                        help=f"seconds the engine may take to answer one request (default 10; at most "
                             f"{MAX_TIMEOUT:g})")
    parser.add_argument("--start-timeout", type=float, default=10.0, metavar="S",
                        help=f"seconds a new engine process may take to answer hello (default 10; at most "
                             f"{MAX_TIMEOUT:g})")
    if validate:
        parser.add_argument("--validate", action="store_true",
                            help="check every message both ways against the protocol schemas")


def build(spec: EngineSpec) -> Adapter:
    """The adapter of ``spec``; a factory that cannot be imported is bad input."""
    try:
        return spec.build()
    except EngineSpecError as e:
        raise UsageError(str(e)) from None


def engine_spec(args: argparse.Namespace) -> EngineSpec:
    try:
        return EngineSpec(cmd=args.adapter_cmd, factory=args.adapter, timeout=args.timeout,
                          start_timeout=args.start_timeout, validate=getattr(args, "validate", False))
    except EngineSpecError as e:
        raise UsageError(str(e)) from None


def engine_unavailable(spec_text: str, fault: Any) -> list[str]:
    """The message of a run that could not start: the command, the fault, the engine's last words."""
    lines = [f"tonk check: the engine could not be used: {fault.kind}: {fault.message}", f"  engine: {spec_text}"]
    if fault.response:
        lines.append(f"  it answered: {fault.response[:300]}")
    tail = [x for x in (fault.stderr_tail or "").splitlines() if x.strip()]
    if tail:
        lines.append("  its stderr ended with:")
        lines += [f"    | {x[:200]}" for x in tail[-4:]]
    lines.append("  no case was run (exit status 3)")
    return lines


def greeted(adapter: Adapter, spec: EngineSpec, command: str) -> Engine | None:
    """The engine behind ``adapter``, greeted; None where it could not be used, said on
    stderr (:func:`engine_unavailable`) as the words of ``command`` (``tonk fuzz``)."""
    from ..harness.runner import Engine, EngineUnavailable

    try:
        return Engine.greet(adapter)
    except EngineUnavailable as e:
        from ..views.escape import visible_lines

        lines = engine_unavailable(spec.describe(), e.fault)
        print("\n".join(visible_lines(x.replace("tonk check", command) for x in lines)), file=sys.stderr)
        return None
