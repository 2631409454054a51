"""``tonk check``: run the conformance suite against an engine and report what is wrong
and how to replay it (spec/scenarios.md, "Running an engine").

It compiles the suite (the YAML scenarios, the Gherkin features, the perft tables) into
cases, runs them with the harness's own runner and renders the reports from the typed
results.  Exit status (:mod:`.exitcodes`): 0 if every case that ran passed (known failures
allowed); 1 if a case failed or errored, a file failed to load or a known-failures entry
went stale; 2 for bad input; 3 if the engine could not be started or stopped answering;
4 if no case ran.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..harness.suite import PERFT_DEPTH
from . import exitcodes
from .cli import UsageError, writable_file, writable_folder
from .engine_args import add_engine_arguments, engine_spec, engine_unavailable

if TYPE_CHECKING:
    from ..harness.runner import SuiteRun
    from ..harness.session import Prepared, Request, Session

COMMAND = "check"
HELP = "run the conformance suite against an engine: what fails, why, and how to replay it"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_engine_arguments(parser)
    parser.add_argument("--rules", metavar="PRESET|FILE",
                        help="a table's rules (a preset, a preset file or a table-rules file): every case that can "
                             "be played under them runs under them, its expectations kept or recomputed by the "
                             "reference engine")
    parser.add_argument("--generated", type=int, default=60, metavar="N",
                        help="with --rules: at least N seeded hands played under the table's rules beside the "
                             "written cases, more while a rule is exercised by fewer than 2 cases (0: none; "
                             "default 60)")
    parser.add_argument("--found", metavar="DIR", default="check-found",
                        help="at a table: where a failing generated hand, shrunk, is written as a scenario "
                             "(default ./check-found, made only when a hand fails)")
    parser.add_argument("--seed", type=int, default=1, metavar="S",
                        help="with --rules: the seed of the generated hands (default 1)")
    parser.add_argument("--known-failures", metavar="FILE",
                        help="cases accepted as failing (spec/known-failures.schema.json); a listed case that "
                             "passes is an error")
    parser.add_argument("--write-known-failures", action="store_true",
                        help="print today's known-failures list (every failing or erroring case) as YAML on "
                             "stdout; the run's own output goes to stderr")
    parser.add_argument("--report", metavar="FILE", help="write a Markdown report")
    parser.add_argument("--junit", metavar="FILE", help="write JUnit XML")
    parser.add_argument("--json", metavar="FILE", help="write the full JSON report")
    parser.add_argument("--badge", metavar="FILE", help="write a shields.io endpoint badge (JSON)")
    parser.add_argument("-n", dest="workers", metavar="N",
                        help="run on N worker processes, one engine each ('auto': one per CPU)")
    parser.add_argument("-k", dest="keyword", metavar="EXPR",
                        help="only the cases whose id, file or rule IDs match EXPR (words, and/or/not)")
    parser.add_argument("--scenarios", metavar="DIR", action="append",
                        help="run the scenarios of DIR instead of the packaged corpus (repeatable)")
    parser.add_argument("--no-features", action="store_true", help="leave out the Gherkin features")
    parser.add_argument("--perft-depth", type=int, default=PERFT_DEPTH, metavar="D",
                        help="count the perft tables to depth D for engines with legal_actions (0: leave them out; "
                             "default 3)")
    parser.add_argument("--table", choices=("full", "problems", "off"), default="problems",
                        help="the per-rule table printed: rules with failures (default), every rule, or none")
    parser.add_argument("--stop-after-faults", type=int, default=10, metavar="N",
                        help="stop the run when the engine faults on N cases in a row (default 10)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="every failing case with its transcript, every skip cause and profile")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar, even on a terminal")


def _workers(text: str | None) -> int:
    if text is None:
        return 1
    if text == "auto":
        return max(1, os.cpu_count() or 1)
    if text.isdigit() and int(text) > 0:
        return int(text)
    raise UsageError(f"-n: expected a number of workers or 'auto', got {text!r}")


def todays_known_failures(report: dict[str, Any], previous: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(id, reason) for every case that failed, errored or was a known failure, once per
    id; an existing reason is kept, a new one is the case's one-line message."""
    out: dict[str, str] = {}
    for case in report["cases"]:
        if case["status"] not in ("failed", "errored", "known") or case.get("stale"):
            continue
        cid = case["id"]
        reason = (previous or {}).get(cid) or (previous or {}).get(cid.split("[", 1)[0]) or ""
        if not reason:
            reason = case["message"].splitlines()[0] if case["message"] else case["status"]
        out.setdefault(cid, reason)
    return sorted(out.items())


def request_of(args: argparse.Namespace) -> Request:
    """The run ``tonk check``'s arguments ask for."""
    from ..harness.session import Request

    if args.stop_after_faults < 1:
        raise UsageError(f"--stop-after-faults: expected a positive number, got {args.stop_after_faults}")
    if args.perft_depth < 0:
        raise UsageError(f"--perft-depth: expected 0 or more, got {args.perft_depth}")
    return Request(
        scenario_dirs=tuple(Path(d) for d in args.scenarios) if args.scenarios else None,
        features=not args.no_features, perft_depth=args.perft_depth, keyword=args.keyword, rules=args.rules,
        generated=args.generated, seed=args.seed, known_failures=args.known_failures,
        workers=_workers(args.workers), stop_after_faults=args.stop_after_faults,
    )


def run(args: argparse.Namespace) -> int:
    from ..harness.known_failures import dump_known_failures
    from ..harness.runner import EngineUnavailable
    from ..harness.session import RunInputError, Session, suite_args
    from ..views.escape import visible, visible_lines
    from ..views.render import console_lines, summary_line
    from .progress import Progress

    spec = engine_spec(args)
    out = sys.stderr if args.write_known_failures else sys.stdout
    writable_folder(args.found, "--found")
    for option, path in (("--json", args.json), ("--report", args.report), ("--junit", args.junit),
                         ("--badge", args.badge)):
        writable_file(path, option)
    try:
        session = Session(spec, request_of(args))
    except RunInputError as e:
        raise UsageError(str(e)) from None
    try:
        # The engine first: a command that cannot start is reported before anything else is done.
        try:
            session.start()
        except EngineUnavailable as e:
            print("\n".join(visible_lines(engine_unavailable(spec.describe(), e.fault))), file=sys.stderr)
            return exitcodes.ENGINE
        except RunInputError as e:
            raise UsageError(str(e)) from None
        try:
            prepared = session.prepare()
        except RunInputError as e:
            raise UsageError(str(e)) from None
        bar = Progress(len(prepared.cases), "tonk check", enabled=False if args.no_progress else None)
        outcome = session.run(prepared, progress=lambda done, total, r: bar.update(done, r.id))
        bar.close()
        if outcome.interrupted:
            return _interrupted(args, session, prepared, outcome)
        found = session.shrink_generated(outcome, Path(args.found)) if prepared.block is not None else []
        report = session.report(prepared, outcome, suite_args=suite_args(request_of(args).scenario_dirs,
                                                                          args.perft_depth))
        stale = session.stale_known(prepared)
    finally:
        session.close()
    print("\n".join(console_lines(report, verbose=args.verbose, table=args.table)), file=out)
    if found:
        print("failing generated hands, shrunk to scenario files (tonk replay runs them with --scenarios):", file=out)
        print("\n".join(visible_lines(found)), file=out)
    known = session.known
    if stale and known is not None:
        print("\n" + visible(f"stale known failures: {', '.join(stale)} in {known.path} match no case of the suite"),
              file=out)
    _write(args, report)
    code = _exit_code(report)
    print(summary_line(report, code), file=out)
    for label, path in (("JSON", args.json), ("Markdown", args.report), ("JUnit XML", args.junit),
                        ("badge", args.badge)):
        if path:
            print(visible(f"  {label} report: {path}"), file=out)
    if args.write_known_failures:
        previous = known.reasons if known is not None else None
        engine_name = f"{report['engine']['name']} {report['engine']['version']}"
        table = (report.get("table") or {}).get("rules", "the seed rules")
        made = {c["id"]: {"table": table, "source": c["source"], "digest": c["digest"]}
                for c in report["cases"] if c.get("digest")}
        sys.stdout.write(dump_known_failures(todays_known_failures(report, previous), engine=engine_name, made=made))
        return exitcodes.ENGINE if outcome.stopped and outcome.not_run else exitcodes.OK
    return code


def _interrupted(args: argparse.Namespace, session: Session, prepared: Prepared, outcome: SuiteRun) -> int:
    """A run a signal ended: its engines are gone; the reports asked for hold the cases that
    ran, marked partial, and one line says so (exit status 128 + the signal)."""
    import signal

    from ..harness.session import suite_args

    report = session.report(prepared, outcome, suite_args=suite_args(request_of(args).scenario_dirs,
                                                                      args.perft_depth))
    _write(args, report)
    ran = report["counts"]["ran"]
    name = outcome.interrupted or "SIGINT"
    files = [p for p in (args.json, args.report, args.junit, args.badge) if p]
    said = (f"the reports hold the {ran} cases that ran, marked partial" if files
            else f"{ran} cases ran of {ran + report['counts']['not_run']}")
    print(f"tonk check: interrupted ({name}); {said}", file=sys.stderr)
    return 128 + signal.Signals[name].value


def _exit_code(report: dict[str, Any]) -> int:
    if report["run"]["stopped"] and report["counts"]["not_run"]:
        return exitcodes.ENGINE
    if not report["ok"]:
        return exitcodes.FAILED
    if report["counts"]["ran"] == 0:
        return exitcodes.NOTHING_CHECKED
    return exitcodes.OK


def _write(args: argparse.Namespace, report: dict[str, Any]) -> None:
    """The report files asked for (each writer imported only when its file is)."""
    if args.json:
        from ..harness.report import report_text

        Path(args.json).write_text(report_text(report), encoding="utf-8")
    if args.report:
        from ..views.render import markdown

        Path(args.report).write_text(markdown(report), encoding="utf-8")
    if args.junit:
        from ..views.junit import junit_xml

        Path(args.junit).write_text(junit_xml(report), encoding="utf-8")
    if args.badge:
        from ..harness.report import badge

        Path(args.badge).write_text(json.dumps(badge(report), indent=2) + "\n", encoding="utf-8")
