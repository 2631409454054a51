"""``tonk replay CASE``: run one case of the suite alone against an engine and show every
request and answer, the step that went wrong, expected against actual.

The case is named by its id (``pay-knock-w6-3p``, ``dealt-tonk[Kc Qd Jh Ts 9c-49-49_50]``,
``perft-seed-42-3p``); ``tonk check`` prints this command under every failure.  The case is
played one request per step (``--play`` sends it in one ``play`` round trip, as
``tonk check`` does when the engine declares ``play``).  With ``--rules`` the case runs as
``tonk check --rules`` runs it: retargeted to the table's rules, or, for a generated case,
dealt and played again from its seed.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from ..engine.ruleset import Ruleset
from ..harness.case import Case
from ..harness.suite import PERFT_DEPTH
from . import exitcodes
from .cli import UsageError
from .engine_args import add_engine_arguments, build, engine_spec

HELP = "run one case alone against an engine and show every request and answer"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("case", metavar="CASE", help="a case id, as reports name it")
    parser.add_argument("--scenarios", metavar="DIR", action="append",
                        help="find the case among the scenarios of DIR, as tonk check --scenarios (repeatable)")
    parser.add_argument("--perft-depth", type=int, default=PERFT_DEPTH, metavar="D",
                        help=f"check perft entries up to depth D, as tonk check does (default {PERFT_DEPTH})")
    parser.add_argument("--rules", metavar="PRESET|FILE",
                        help="run the case as tonk check --rules runs it: retargeted to the table's rules (a "
                             "generated case, generated-S-N, is dealt again from its seed)")
    add_engine_arguments(parser)
    parser.add_argument("--play", action="store_true",
                        help="send the script in one play request when the engine declares play")
    parser.add_argument("--json", action="store_true", help="print the case's result as JSON")
    parser.add_argument("--width", type=int, default=200, metavar="N",
                        help="cut each line of the transcript to N characters (default 200; 0: whole)")


def run(args: argparse.Namespace) -> int:
    from ..harness.render import case_detail
    from ..harness.runner import Engine, EngineUnavailable, run_case
    from ..harness.suite import load_suite
    from ..harness.transcript import exchange_lines
    from .check import engine_unavailable

    spec = engine_spec(args)
    table = None
    if args.rules:
        from ..spec.rulebook import RulebookError, load_table_rules

        try:
            table = load_table_rules(args.rules)
        except RulebookError as e:
            raise UsageError(f"--rules: {e}") from None
    case = _generated(args.case, table) if table is not None else None
    if case is None:
        cases = load_suite([Path(d) for d in args.scenarios] if args.scenarios else None,
                           perft_depth=args.perft_depth).by_id()
        case = cases.get(args.case)
        if case is None:
            near = sorted(c for c in cases if args.case.lower() in c.lower())[:8]
            hint = f"; did you mean {', '.join(near)}?" if near else "; tonk check -v lists the case ids"
            raise UsageError(f"no case {args.case!r} in the suite{hint}")
    if table is not None:
        from ..adapters.inprocess import reference
        from ..harness.retarget import retarget

        moved = retarget(case, table, reference())
        if moved.case is None:
            print(f"{case.id}: {moved.need} under {args.rules}: nothing to replay")
            return exitcodes.NOTHING_CHECKED
        case = moved.case
    adapter = build(spec)
    try:
        try:
            engine = Engine.greet(adapter)
        except EngineUnavailable as e:
            print("\n".join(engine_unavailable(spec.describe(), e.fault)), file=sys.stderr)
            return exitcodes.ENGINE
        result = run_case(case, engine, keep_transcript=True, batch=args.play)
    finally:
        adapter.close()
    if args.json:
        print(json.dumps(result.to_json(), indent=1))
    else:
        width = args.width if args.width > 0 else 10**9
        print(f"{case.id}: {case.title}")
        print(f"  {case.where}  rules: {', '.join(case.rules)}")
        print(f"  engine: {engine.caps.name} {engine.caps.version} via {spec.describe()}")
        print(f"  {len(case.steps)} steps, played {'in one play request' if result.mode == 'play' else 'step by step'}")
        if result.transcript:
            print(f"transcript ({len(result.transcript)} requests):")
            for x in result.transcript:
                for line in exchange_lines(x, width):
                    print(f"  {line}")
        report = {"run": {"engine_args": spec.args()}, "table": {"rules": args.rules} if args.rules else None}
        if result.status in ("failed", "errored"):
            print("\n".join(case_detail(report, result.to_json())))
        elif result.status == "skipped":
            print(f"SKIPPED: {result.message}")
        else:
            print(f"PASSED: {result.checked} expectations checked" + (
                f"; not checked: {', '.join(str(u) for u in result.unchecked)}" if result.unchecked else ""))
    if result.status == "skipped":
        return exitcodes.NOTHING_CHECKED
    return exitcodes.OK if result.status == "passed" else exitcodes.FAILED


_GENERATED = re.compile(r"generated-(\d+)-(\d+)")


def _generated(case_id: str, table: Ruleset) -> Case | None:
    """The generated case ``generated-S-N`` of a run under ``table``: seeded hand N of seed
    S, dealt and played again as the run dealt it."""
    from .tablerun import generated_hand, generated_perft

    m = _GENERATED.fullmatch(case_id)
    if m is not None and int(m.group(2)) >= 1:
        return generated_hand(table, int(m.group(1)), int(m.group(2)) - 1)
    if case_id.startswith("table-seed"):
        return next((c for c in generated_perft(table) if c.id == case_id), None)
    return None
