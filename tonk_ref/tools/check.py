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
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..harness.suite import PERFT_DEPTH
from . import exitcodes
from .cli import STDOUT, UsageError, integer, writable_file, writable_folder, write_output
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
    parser.add_argument("--generated", type=integer, default=60, metavar="N",
                        help="with --rules: at least N seeded hands played under the table's rules beside the "
                             "written cases, more while a rule is exercised by fewer than 2 cases (0: none; "
                             "default 60)")
    parser.add_argument("--found", metavar="DIR", default="check-found",
                        help="at a table: where a failing generated hand, shrunk, is written as a scenario "
                             "(default ./check-found, made only when a hand fails)")
    parser.add_argument("--seed", type=integer, default=1, metavar="S",
                        help="with --rules: the seed of the generated hands (default 1)")
    parser.add_argument("--known-failures", metavar="FILE",
                        help="cases accepted as failing (spec/known-failures.schema.json); a listed case that "
                             "passes is an error")
    parser.add_argument("--write-known-failures", nargs="?", const=STDOUT, metavar="FILE",
                        help="write today's known-failures list (every failing or erroring case) as YAML to FILE, "
                             "or print it on stdout (no FILE, or -); the run's own output then goes to stderr")
    parser.add_argument("--report", metavar="FILE", help="write a Markdown report (-: on stdout)")
    parser.add_argument("--junit", metavar="FILE", help="write JUnit XML (-: on stdout)")
    parser.add_argument("--json", metavar="FILE", help="write the full JSON report (-: on stdout)")
    parser.add_argument("--badge", metavar="FILE", help="write a shields.io endpoint badge (JSON; -: on stdout)")
    parser.add_argument("-n", dest="workers", metavar="N",
                        help="run on N worker processes, one engine each ('auto': one per CPU)")
    parser.add_argument("-k", dest="keyword", metavar="EXPR",
                        help="only the cases whose id, file or rule IDs match EXPR (words, and/or/not)")
    parser.add_argument("--scenarios", metavar="DIR", action="append",
                        help="run the scenarios of DIR instead of the packaged corpus (repeatable)")
    parser.add_argument("--no-features", action="store_true", help="leave out the Gherkin features")
    parser.add_argument("--perft-depth", type=integer, default=PERFT_DEPTH, metavar="D",
                        help="count the perft tables to depth D for engines with legal_actions (0: leave them out; "
                             "default 3)")
    parser.add_argument("--table", choices=("full", "problems", "off"), default="problems",
                        help="the per-rule table printed: rules with failures (default), every rule, or none")
    parser.add_argument("--stop-after-faults", type=integer, default=10, metavar="N",
                        help="stop the run when the engine faults on N cases in a row (default 10)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="every failing case with its transcript, every skip cause and profile")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar, even on a terminal")


def _workers(text: str | None) -> int:
    if text is None:
        return 1
    if text == "auto":
        return max(1, os.cpu_count() or 1)
    from ..bounds import is_ascii_int

    if is_ascii_int(text) and int(text) > 0:  # the digits 0-9: not '²', not '٣'
        return int(text)
    raise UsageError(f"-n: expected a number of workers or 'auto' (in the digits 0-9), got {text[:40]!r}")


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
    from ..harness.known_failures import cause_of, dump_known_failures
    from ..harness.runner import EngineUnavailable
    from ..harness.session import RunInputError, Session, suite_args
    from ..views.escape import visible, visible_lines
    from ..views.render import console_lines, summary_line
    from .progress import Progress, cache_is_cold, say_first_run

    cold = cache_is_cold()  # before the run reads the rules through the cache
    spec = engine_spec(args)
    given = (("--json", args.json), ("--report", args.report), ("--junit", args.junit), ("--badge", args.badge),
             ("--write-known-failures", args.write_known_failures))
    on_stdout = [option for option, path in given if path == STDOUT]
    if len(on_stdout) > 1:
        raise UsageError(f"{' and '.join(on_stdout)}: only one output can go to the standard output (-)")
    # the console goes to stderr when stdout carries a file's text
    out = sys.stderr if on_stdout else sys.stdout
    writable_folder(args.found, "--found")
    for option, path in given:
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
        say_first_run("tonk check", cold, rules=bool(args.rules), enabled=False if args.no_progress else None)
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
    code = run_code = _exit_code(report)
    # the files first: a console its reader closed (| head -1) or a full disk skips none
    unwritten = _write(args, report)
    known = session.known
    if args.write_known_failures:
        previous = known.reasons if known is not None else None
        engine_name = f"{report['engine']['name']} {report['engine']['version']}"
        table = (report.get("table") or {}).get("rules", "the seed rules")
        made = {c["id"]: {"table": table, "source": c["source"], "digest": c["digest"]}
                for c in report["cases"] if c.get("digest")}
        causes = {c["id"]: cause for c in report["cases"] if (cause := cause_of(c)) is not None}
        listed = dump_known_failures(todays_known_failures(report, previous), engine=engine_name, made=made,
                                     causes=causes)
        failed = write_output(args.write_known_failures, listed, "--write-known-failures")
        unwritten += [failed] if failed else []
        code = exitcodes.ENGINE if outcome.stopped and outcome.not_run else exitcodes.OK
    print("\n".join(console_lines(report, verbose=args.verbose, table=args.table)), file=out)
    if found:
        print("failing generated hands, shrunk to scenario files (tonk replay runs them with --scenarios):", file=out)
        print("\n".join(visible_lines(found)), file=out)
    if stale and known is not None:
        print("\n" + visible(f"stale known failures: {', '.join(stale)} in {known.path} match no case of the suite"),
              file=out)
    print(summary_line(report, run_code), file=out)
    for label, option, path in (("JSON", "json", args.json), ("Markdown", "report", args.report),
                                ("JUnit XML", "junit", args.junit), ("badge", "badge", args.badge)):
        if path and path != STDOUT and not any(line.startswith(f"--{option}:") for line in unwritten):
            print(visible(f"  {label} report: {path}"), file=out)
    for line in unwritten:
        print(visible(f"tonk check: error: {line}"), file=sys.stderr)
    out.flush()
    if unwritten and code == exitcodes.OK:
        return exitcodes.USAGE  # a report asked for is missing: the run is not a success
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


def _write(args: argparse.Namespace, report: dict[str, Any]) -> list[str]:
    """The report files asked for, each written whole (each writer imported only when its
    file is): the lines that say which could not be written (the others are)."""
    texts: list[tuple[str, str, Callable[[], str]]] = []
    if args.json:
        from ..harness.report import report_text

        texts.append(("--json", args.json, lambda: report_text(report)))
    if args.report:
        from ..views.render import markdown

        texts.append(("--report", args.report, lambda: markdown(report)))
    if args.junit:
        from ..views.junit import junit_xml

        texts.append(("--junit", args.junit, lambda: junit_xml(report)))
    if args.badge:
        from ..harness.report import badge

        texts.append(("--badge", args.badge, lambda: json.dumps(badge(report), indent=2) + "\n"))
    failed = [write_output(path, make(), option) for option, path, make in texts]
    return [f for f in failed if f]
