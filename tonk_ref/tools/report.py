"""``tonk report``: one page from the JSON reports of ``tonk check --json``, for one
engine or several side by side (see :mod:`tonk_ref.views.html_report`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import InputError
from .cli import UsageError, writable_file, write_output

COMMAND = "report"
HELP = "build one self-contained HTML page from the JSON reports of one or more engines (tonk check --json)"


EPILOG = (
    "Example:\n"
    "  tonk check --json ref.json\n"
    "  tonk check --adapter-cmd 'node examples/js-engine/server.js' --json js.json\n"
    "  tonk report --html report.html ref.json js.json\n"
    "The page needs no network: its styles and script are inline. Filters and an open case are kept in\n"
    "its address: report.html#section=PAY&problems=1.\n"
    "A report is read only from a regular file of at most 32 MiB (spec/scenarios.md, \"Limits of input files\").\n"
    "Exit status: 0 written; 2 bad input (a file that is not such a report, or a page that cannot be written:\n"
    "the old page is then left as it was)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("reports", metavar="REPORT.json", nargs="+", help="reports written by tonk check --json")
    parser.add_argument("--html", metavar="OUT", required=True, help="the page to write")
    parser.add_argument("--title", default="Tonk conformance report", help="the page's title")


def run(args: argparse.Namespace) -> int:
    from ..harness.report import load_report
    from ..views.escape import visible
    from ..views.html_report import html_report

    out = Path(args.html)
    if out.is_dir():
        raise UsageError(f"--html: {out} is a directory; expected the path of the page to write")
    writable_file(args.html, "--html")  # before the reports are read: a page that cannot be kept is said first
    try:
        reports = [load_report(p) for p in args.reports]
    except InputError as e:
        raise UsageError(str(e)) from None
    failed = write_output(args.html, html_report(reports, args.title), "--html")  # whole, or the old page kept
    if failed:
        raise UsageError(failed)
    names = ", ".join(f"{r['engine']['name']} {r['engine']['version']}" for r in reports)
    print(visible(f"tonk report: wrote {out} ({len(reports)} report{'s' if len(reports) != 1 else ''}: {names})"))
    return 0
