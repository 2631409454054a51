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
import sys
from pathlib import Path

from ..harness.suite import PERFT_DEPTH
from . import exitcodes
from .cli import UsageError, integer
from .engine_args import add_engine_arguments, engine_spec, engine_unavailable

HELP = "run one case alone against an engine and show every request and answer"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("case", metavar="CASE", help="a case id, as reports name it")
    parser.add_argument("--scenarios", metavar="DIR", action="append",
                        help="find the case among the scenarios of DIR, as tonk check --scenarios (repeatable)")
    parser.add_argument("--perft-depth", type=integer, default=PERFT_DEPTH, metavar="D",
                        help=f"check perft entries up to depth D, as tonk check does (default {PERFT_DEPTH})")
    parser.add_argument("--rules", metavar="PRESET|FILE",
                        help="run the case as tonk check --rules runs it: retargeted to the table's rules (a "
                             "generated case, generated-S-N, is dealt again from its seed)")
    add_engine_arguments(parser)
    parser.add_argument("--play", action="store_true",
                        help="send the script in one play request when the engine declares play")
    parser.add_argument("--json", action="store_true", help="print the case's result as JSON")
    parser.add_argument("--width", type=integer, default=200, metavar="N",
                        help="cut each line of the transcript to N characters (default 200; 0: whole)")


def run(args: argparse.Namespace) -> int:
    from ..harness.results import shown_title
    from ..harness.runner import EngineUnavailable, run_case
    from ..harness.session import Request, RunInputError, Session, suite_args
    from ..harness.transcript import exchange_lines
    from ..views.escape import visible, visible_lines
    from ..views.render import case_detail

    spec = engine_spec(args)
    request = Request(scenario_dirs=tuple(Path(d) for d in args.scenarios) if args.scenarios else None,
                      perft_depth=args.perft_depth, rules=args.rules, generated=0)
    try:
        session = Session(spec, request)
    except RunInputError as e:
        raise UsageError(str(e)) from None
    try:
        try:
            engine = session.start()
        except EngineUnavailable as e:
            print("\n".join(visible_lines(engine_unavailable(spec.describe(), e.fault))).replace("tonk check",
                                                                                                   "tonk replay"),
                  file=sys.stderr)
            return exitcodes.ENGINE
        try:
            case = session.case(args.case)
        except RunInputError as e:
            print(f"{e}: nothing to replay")
            return exitcodes.NOTHING_CHECKED
        if case is None:
            _, errors = session.load()
            if errors:  # the case may be in the file that failed
                more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
                raise UsageError(f"no case {args.case!r} in the suite, and a file failed to load: "
                                 f"{errors[0].message}{more}")
            near = sorted(c for c in session.case_ids() if args.case.lower() in c.lower())[:8]
            hint = f"; did you mean {', '.join(near)}?" if near else "; tonk check -v lists the case ids"
            raise UsageError(f"no case {args.case!r} in the suite{hint}")
        result = run_case(case, engine, keep_transcript=True, batch=args.play)
    finally:
        session.close()
    table = session.table
    if args.json:
        print(json.dumps(result.to_json(), indent=1))
    else:
        width = args.width if args.width > 0 else 10**9
        print(f"{case.id}: {shown_title(case)}")
        print(f"  {case.where}  rules: {', '.join(case.rules)}")
        print(visible(f"  engine: {engine.caps.name} {engine.caps.version} via {spec.describe()}"))
        if table is not None:
            print(f"  at the table: {table.label}")
        print(f"  {len(case.steps)} steps, played {'in one play request' if result.mode == 'play' else 'step by step'}")
        if result.transcript:
            print(f"transcript ({len(result.transcript)} requests):")
            for x in result.transcript:
                for line in exchange_lines(x, width):
                    print(visible(f"  {line}"))
        # the hint runs as printed: the suite found where this run found the case
        chosen = suite_args(request.scenario_dirs, args.perft_depth)
        report = {"run": {"engine_args": " ".join(a for a in (spec.args(), chosen) if a)},
                  "table": {"rules": args.rules} if args.rules else None}
        if result.status in ("failed", "errored"):
            print("\n".join(case_detail(report, result.to_json())))
        elif result.status == "skipped":
            print(visible(f"SKIPPED: {result.message}"))
        else:
            print(f"PASSED: {result.checked} expectations checked" + (
                f"; not checked: {', '.join(str(u) for u in result.unchecked)}" if result.unchecked else ""))
    if result.status == "skipped":
        return exitcodes.NOTHING_CHECKED
    return exitcodes.OK if result.status == "passed" else exitcodes.FAILED
