"""``tonk check``: run the conformance suite against an engine and report per rule and
per conformance profile (spec/scenarios.md, "Running an engine").

It runs pytest (``pytest.main``) with the ``tonk`` plugin on the packaged scenarios and
the Gherkin features, then reads the plugin's JSON report.  Exit status: 0 if no case
failed or errored (known failures allowed), 1 otherwise (or if no case ran), 2 for bad
input.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..harness.known_failures import KnownFailuresError, dump_known_failures, load_known_failures
from ..harness.report import badge, markdown
from ..paths import scenarios_dir
from .cli import UsageError

COMMAND = "check"
HELP = "run the conformance suite against an engine: per-rule table, profile verdicts, reports"

FEATURE_SUITE = "tonk_ref.harness.feature_suite"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    engine = parser.add_mutually_exclusive_group()
    engine.add_argument("--adapter-cmd", metavar="CMD",
                        help="the engine: a command that speaks the stdio protocol (spec/protocol.md)")
    engine.add_argument("--adapter", metavar="MODULE:FACTORY",
                        help="the engine: a Python factory returning an adapter (default: the reference engine "
                             "in process)")
    parser.add_argument("--rules", metavar="FILE",
                        help="a table-rules file (preset + options): run only the cases whose rulesets agree "
                             "with it on every option the case sets")
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
                        help="run on N worker processes (pytest-xdist; 'auto' for one per CPU)")
    parser.add_argument("-k", dest="keyword", metavar="EXPR", help="only the cases matching EXPR (pytest -k)")
    parser.add_argument("--validate", action="store_true",
                        help="check every message both ways against the protocol schemas")
    parser.add_argument("--timeout", type=float, default=10.0, metavar="S",
                        help="seconds the engine may take to answer one request (default 10)")
    parser.add_argument("--scenarios", metavar="DIR", action="append",
                        help="run the scenarios of DIR instead of the packaged corpus (repeatable)")
    parser.add_argument("--no-features", action="store_true", help="leave out the Gherkin features")
    parser.add_argument("--table", choices=("full", "problems", "off"), default="full",
                        help="the per-rule table printed: every rule (default), rules with problems, or none")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per case")


def _feature_suite_file() -> str | None:
    """The binding module of the Gherkin features, if there are features to bind."""
    from ..paths import features_dir

    if not any(features_dir().rglob("*.feature")):
        return None
    try:
        spec = importlib.util.find_spec(FEATURE_SUITE)
    except ImportError:
        return None
    return spec.origin if spec is not None and spec.origin else None


@contextlib.contextmanager
def _stdout_to_stderr(active: bool) -> Iterator[None]:
    if not active:
        yield
        return
    with contextlib.redirect_stdout(sys.stderr):
        yield


def pytest_args(args: argparse.Namespace, workdir: Path, json_path: Path) -> list[str]:
    """The pytest command line for these ``tonk check`` arguments."""
    dirs = [Path(d).resolve() for d in (args.scenarios or [str(scenarios_dir())])]
    for d in dirs:
        if not d.is_dir():
            raise UsageError(f"--scenarios: {d} is not a directory")
    paths = [str(d) for d in dirs]
    feature_file = None if args.no_features else _feature_suite_file()
    if feature_file:
        paths.append(feature_file)
    ini = workdir / "pytest.ini"
    ini.write_text("[pytest]\n", encoding="utf-8")
    rootdir = os.path.commonpath([str(Path(p).parent) for p in paths])  # sources read "scenarios/pay/x.yaml"
    out = [
        "-c", str(ini), "--rootdir", rootdir, "-p", "no:cacheprovider", "-p", "no:hypothesispytest",
        "--continue-on-collection-errors",
        "-q" if not args.verbose else "-v", "--tb=short", "--tonk-json", str(json_path), "--tonk-table", args.table,
        "--tonk-timeout", str(args.timeout), "-W", "ignore::pytest.PytestAssertRewriteWarning",
    ]
    if os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD"):
        out += ["-p", "tonk_ref.harness.plugin", "-p", "pytest_bdd.plugin"]
        if args.workers:
            out += ["-p", "xdist.plugin"]
    for d in dirs:
        out += ["--tonk-scenarios", str(d)]
    if args.adapter_cmd:
        out += ["--tonk-adapter-cmd", args.adapter_cmd]
    if args.adapter:
        out += ["--tonk-adapter", args.adapter]
    if args.validate:
        out.append("--tonk-validate")
    if args.rules:
        out += ["--tonk-rules", args.rules]
    if args.known_failures:
        out += ["--tonk-known-failures", args.known_failures]
    if args.junit:
        out += [f"--junitxml={args.junit}", "-o", "junit_family=xunit2", "-o", "junit_suite_name=tonk-conformance"]
    if args.workers:
        out += ["-n", args.workers]
    if args.keyword:
        out += ["-k", args.keyword]
    return out + paths


def _check_inputs(args: argparse.Namespace) -> None:
    if args.rules:
        from ..harness.rulebook import RulebookError, load_ruleset_file

        try:
            load_ruleset_file(args.rules)
        except RulebookError as e:
            raise UsageError(f"--rules: {e}") from None
    if args.known_failures:
        try:
            load_known_failures(args.known_failures)
        except KnownFailuresError as e:
            raise UsageError(f"--known-failures: {e}") from None
    if args.workers and importlib.util.find_spec("xdist") is None:
        raise UsageError("-n needs pytest-xdist (pip install pytest-xdist)")
    if args.workers and args.workers != "auto" and not (args.workers.isdigit() and int(args.workers) > 0):
        raise UsageError(f"-n: expected a number of workers or 'auto', got {args.workers!r}")
    if args.timeout <= 0:
        raise UsageError(f"--timeout: expected a positive number of seconds, got {args.timeout}")


def todays_known_failures(report: dict[str, Any], previous: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(id, reason) for every case that failed, errored or was a known failure, once per
    id; an existing reason is kept, a new one is the first line of the message."""
    out: dict[str, str] = {}
    for case in report["cases"]:
        if case["status"] not in ("failed", "errored", "known") or case.get("stale"):
            continue
        cid = case["id"]
        if cid in out:
            continue
        reason = (previous or {}).get(cid) or (previous or {}).get(cid.split("[", 1)[0]) or ""
        if not reason:
            lines = [ln.strip() for ln in case["message"].splitlines() if ln.strip()]
            reason = lines[0] if lines else case["status"]
        out[cid] = reason
    return sorted(out.items())


def _pytest_main(argv: list[str]) -> int:
    import pytest

    return int(pytest.main(argv))


def run(args: argparse.Namespace) -> int:
    import pytest

    _check_inputs(args)
    with tempfile.TemporaryDirectory(prefix="tonk-check-") as tmp:
        json_path = Path(args.json).resolve() if args.json else Path(tmp) / "report.json"
        argv = pytest_args(args, Path(tmp), json_path)
        with _stdout_to_stderr(args.write_known_failures):
            code = _pytest_main(argv)
        if code in (pytest.ExitCode.INTERNAL_ERROR, pytest.ExitCode.USAGE_ERROR) or not json_path.exists():
            print(f"tonk check: pytest stopped with exit status {code}; no report", file=sys.stderr)
            return 2 if code == pytest.ExitCode.USAGE_ERROR else 3
        report = json.loads(json_path.read_text(encoding="utf-8"))
    problems: list[str] = []
    if report["counts"]["total"] == 0:
        problems.append("no case ran (check -k, --rules and --scenarios)")
    unmatched = (report.get("known_failures") or {}).get("unmatched") or []
    if unmatched and not (args.keyword or args.rules):
        problems.append(f"stale known failure: {', '.join(unmatched)} in {args.known_failures} "
                        "matches no case of the suite")
    if args.report:
        Path(args.report).write_text(markdown(report), encoding="utf-8")
    if args.badge:
        Path(args.badge).write_text(json.dumps(badge(report), indent=2) + "\n", encoding="utf-8")
    ok = bool(report["ok"]) and not problems
    out = sys.stderr if args.write_known_failures else sys.stdout
    for p in problems:
        print(f"tonk check: {p}", file=out)
    c = report["counts"]
    print(f"tonk check: {'PASS' if ok else 'FAIL'}: {c['passed']} passed, {c['failed']} failed, "
          f"{c['skipped']} skipped, {c['errored']} errored, {c['known']} known failures", file=out)
    for label, path in (("JSON", args.json), ("Markdown", args.report), ("JUnit XML", args.junit),
                        ("badge", args.badge)):
        if path:
            print(f"  {label} report: {path}", file=out)
    if args.write_known_failures:
        previous = load_known_failures(args.known_failures).reasons if args.known_failures else None
        engine = report.get("engine") or {}
        engine_name = f"{engine.get('name', '?')} {engine.get('version', '?')}" if engine else None
        sys.stdout.write(dump_known_failures(todays_known_failures(report, previous), engine=engine_name))
    return 0 if ok else 1
