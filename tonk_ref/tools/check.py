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
import shlex
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..harness.suite import PERFT_DEPTH
from . import exitcodes
from .cli import UsageError
from .engine_args import add_engine_arguments, build, engine_spec

if TYPE_CHECKING:
    from ..adapters.factory import EngineSpec
    from ..harness.results import CaseResult
    from ..harness.runner import Engine

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
                        help="with --rules: where a failing generated hand, shrunk, is written as a scenario "
                             "(default ./check-found)")
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


def _shrink_generated(spec: EngineSpec, engine: Engine, results: list[CaseResult], outdir: Path) -> list[str]:
    """The failing generated hands of a table run shrunk to scenario files (as tonk fuzz
    writes a difference), on a fresh engine; the lines that say where they are."""
    failed = [r.case for r in results if r.case.kind == "generated" and r.status in ("failed", "errored")]
    if not failed:
        return []
    from .tablerun import shrink_failures

    adapter = build(spec)
    try:
        written = shrink_failures(adapter, engine.caps, failed, outdir)
    finally:
        adapter.close()
    return [f"  {case.id} shrunk to {n} moves: {path}" for case, path, n in written]


def _suite_args(args: argparse.Namespace) -> str:
    """The options of this run that choose the suite, as ``tonk replay`` takes them (so the
    replay command finds the case where this run found it)."""
    out = [f"--scenarios {shlex.quote(str(d))}" for d in args.scenarios or []]
    if args.perft_depth != PERFT_DEPTH:
        out.append(f"--perft-depth {args.perft_depth}")
    return " ".join(out)


def _dirs(args: argparse.Namespace) -> list[Path] | None:
    if not args.scenarios:
        return None
    dirs = [Path(d) for d in args.scenarios]
    for d in dirs:
        if not d.is_dir():
            raise UsageError(f"--scenarios: {d} is not a directory")
    return dirs


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


def run(args: argparse.Namespace) -> int:
    from ..harness.known_failures import KnownFailuresError, dump_known_failures, load_known_failures
    from ..harness.report import build_report
    from ..harness.results import CaseResult
    from ..harness.select import SelectError, select
    from ..harness.suite import load_suite

    spec = engine_spec(args)
    workers = _workers(args.workers)
    if args.stop_after_faults < 1:
        raise UsageError(f"--stop-after-faults: expected a positive number, got {args.stop_after_faults}")
    if args.perft_depth < 0:
        raise UsageError(f"--perft-depth: expected 0 or more, got {args.perft_depth}")
    from ..spec.rulebook import RulebookError, load_table_rules

    known = _read(args.known_failures, "--known-failures", load_known_failures, KnownFailuresError)
    table = _read(args.rules, "--rules", load_table_rules, RulebookError)
    out = sys.stderr if args.write_known_failures else sys.stdout

    # The engine first: a command that cannot start is reported before anything else is done.
    from ..harness.runner import Engine, EngineUnavailable, run_suite

    adapter = build(spec)
    warm_up = getattr(adapter, "warm_up", None)
    if callable(warm_up):
        warm_up()  # the engine starts while the suite loads
    try:
        suite = load_suite(_dirs(args), features=not args.no_features, perft_depth=args.perft_depth)
        try:
            engine = Engine.greet(adapter)
        except EngineUnavailable as e:
            print("\n".join(engine_unavailable(spec.describe(), e.fault)), file=sys.stderr)
            return exitcodes.ENGINE
        try:
            cases = select(suite.cases, args.keyword)
        except SelectError as e:
            raise UsageError(str(e)) from None
        table_skips: list[CaseResult] = []
        block = None
        if table is not None:
            from ..adapters.inprocess import reference
            from ..harness.retarget import retarget
            from .tablerun import table_block

            ref = reference()
            moved = [(c, retarget(c, table, ref)) for c in cases]
            cases = [r.case for _, r in moved if r.case is not None]
            table_skips = [CaseResult(c, "skipped", needs=(r.need,)) for c, r in moved if r.need is not None]
            if args.generated:
                block = table_block(table, cases, seed=args.seed, base=args.generated)
                cases += block.cases
        from .progress import Progress

        bar = Progress(len(cases), "tonk check", enabled=False if args.no_progress else None)
        if workers > 1 and len(cases) > 1:
            from ..harness.parallel import run_parallel

            adapter.close()
            run = run_parallel(spec, engine, cases, min(workers, len(cases)), known)
        else:
            run = run_suite(adapter, cases, known=known, engine=engine, stop_after_faults=args.stop_after_faults,
                            progress=lambda done, total, r: bar.update(done, r.id))
        bar.close()
        run.results += table_skips
    finally:
        adapter.close()
    found = _shrink_generated(spec, engine, run.results, Path(args.found)) if block is not None else []

    whole = not (args.keyword or args.rules or args.scenarios)
    known_json = None
    if known is not None:
        unmatched = known.unmatched(c.id for c in cases)
        known_json = {"file": known.path, "listed": len(known.reasons), "unmatched": unmatched,
                      "stale_entries": unmatched if whole else []}
    from ..spec.reasons import rule_order

    table_json = None
    if table is not None:
        from .tablerun import REACH_SEED, TARGET, below_target

        origins = Counter(r.case.origin for r in run.results if r.status != "skipped")
        table_json = {"rules": args.rules, "options": table.changes(), "ran": dict(origins),
                      "cannot_exist": len(table_skips), "target": TARGET}
        if block is not None:
            ran_ids = [r.id for r in run.results if r.status != "skipped"]
            coverage = Counter(rule for cid in ran_ids for rule in block.exercised.get(cid, ()))
            table_json.update(exercised={rule: coverage[rule] for rule in sorted(block.reachable)},
                              below_target=below_target(block, ran_ids),
                              reach={"sample": block.sample, "seed": REACH_SEED, "sampled": block.sampled})
    report = build_report(
        run, table=table_json, adapter=spec.describe(), load_errors=suite.errors,
        engine_args=" ".join(a for a in (spec.args(), _suite_args(args)) if a),
        known=known_json,
        rule_order=rule_order(), workers=workers, timeout_s=spec.timeout, validate=spec.validate,
        table_rules=args.rules, selection=args.keyword,
    )
    from ..harness.render import console_lines, summary_line

    print("\n".join(console_lines(report, verbose=args.verbose, table=args.table)), file=out)
    if found:
        print("failing generated hands, shrunk to scenario files (tonk replay runs them with --scenarios):", file=out)
        print("\n".join(found), file=out)
    stale = list(known.unmatched(c.id for c in cases)) if known is not None and whole else []
    if stale and known is not None:
        print(f"\nstale known failures: {', '.join(stale)} in {known.path} match no case of the suite", file=out)
    _write(args, report)
    code = _exit_code(report)
    print(summary_line(report, code == exitcodes.OK), file=out)
    for label, path in (("JSON", args.json), ("Markdown", args.report), ("JUnit XML", args.junit),
                        ("badge", args.badge)):
        if path:
            print(f"  {label} report: {path}", file=out)
    if args.write_known_failures:
        previous = known.reasons if known is not None else None
        engine_name = f"{report['engine']['name']} {report['engine']['version']}"
        sys.stdout.write(dump_known_failures(todays_known_failures(report, previous), engine=engine_name))
        return exitcodes.ENGINE if run.stopped and run.not_run else exitcodes.OK
    return code


T = TypeVar("T")


def _read(path: str | None, option: str, load: Callable[[str], T], error: type[Exception]) -> T | None:
    """The file an option names, read by ``load``; its error is bad input, said once."""
    if not path:
        return None
    try:
        return load(path)
    except error as e:
        raise UsageError(f"{option}: {e}") from None


def _exit_code(report: dict[str, Any]) -> int:
    if report["run"]["stopped"] and report["counts"]["not_run"]:
        return exitcodes.ENGINE
    if not report["ok"]:
        return exitcodes.FAILED
    if report["counts"]["ran"] == 0:
        return exitcodes.NOTHING_CHECKED
    return exitcodes.OK


def _write(args: argparse.Namespace, report: dict[str, Any]) -> None:
    from ..harness.junit import junit_xml
    from ..harness.render import markdown
    from ..harness.report import badge

    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    if args.report:
        Path(args.report).write_text(markdown(report), encoding="utf-8")
    if args.junit:
        Path(args.junit).write_text(junit_xml(report), encoding="utf-8")
    if args.badge:
        Path(args.badge).write_text(json.dumps(badge(report), indent=2) + "\n", encoding="utf-8")
