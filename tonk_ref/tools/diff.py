"""``tonk diff A B``: where two rulesets disagree.  The smallest situations (fewest
players, fewest actions) in which A and B give a different outcome, each found by a
different deciding rule, as a one-line ``tonk judge`` description and a scenario file;
the options that cannot change a hand, with the reason; and, when nothing is found, the
bound searched and, for each option that could change a hand, the families of situations
its rules name (spec/rules.yaml ``family``) with how many of each were searched, or the
rules that name none.  See :mod:`tonk_ref.rulebook.diffsearch`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from ..harness.situations import load_situation
from ..rulebook.book import RulebookError, load_table_rules
from ..rulebook.diffsearch import Side, Witness, diff
from ..views.diff_text import diff_view, markdown, text, to_json
from .cli import UsageError, integer, writable_folder

COMMAND = "diff"
HELP = "find the smallest situations in which two rulesets (presets or table-rules files) disagree"


EPILOG = (
    "A and B are each a preset (seed, pagat, online, ...), a preset file or a table-rules file\n"
    "({preset: NAME, options: {...}}).\n"
    "Examples:\n"
    "  tonk diff seed online\n"
    "  tonk diff seed table.yaml --limit 5 --format markdown\n"
    "Exit status: 0 searched (whether or not a witness was found); 2 bad input."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", help="the first ruleset")
    parser.add_argument("b", metavar="B", help="the second ruleset")
    parser.add_argument("--players", type=integer, choices=(2, 3), help="only situations of this many players "
                        "(default: 2, then 3)")
    parser.add_argument("--max-cards", type=integer, default=27, metavar="K",
                        help="at most K cards in the hands and on the table (default 27)")
    parser.add_argument("--limit", type=integer, default=3, metavar="N", help="at most N witnesses (default 3)")
    parser.add_argument("--format", choices=("text", "json", "markdown", "html"), default="text")
    parser.add_argument("--scenarios", metavar="DIR", help="also write each witness's scenario file into DIR (one "
                        "for each ruleset, -a and -b, where one file cannot reach the position under both)")


def _side(text: str, which: str) -> Side:
    try:
        return Side(text, load_table_rules(text))
    except RulebookError as e:
        raise UsageError(f"{which}: {e}") from None


def run(args: argparse.Namespace) -> int:
    if args.limit < 1:
        raise UsageError(f"--limit: expected 1 or more, got {args.limit}")
    if args.max_cards < 1:
        raise UsageError(f"--max-cards: expected 1 or more, got {args.max_cards}")
    writable_folder(args.scenarios, "--scenarios")
    a, b = _side(args.a, "A"), _side(args.b, "B")
    players = (args.players,) if args.players else (2, 3)
    d = diff(a, b, load=load_situation, players=players, max_cards=args.max_cards, limit=args.limit)
    if args.scenarios:
        _write_scenarios(Path(args.scenarios), d.witnesses)
    if args.format == "json":
        sys.stdout.write(json.dumps(to_json(d), indent=2) + "\n")
    elif args.format == "markdown":
        sys.stdout.write("\n".join(markdown(d)) + "\n")
    elif args.format == "html":
        from ..views.diff_html import diff_page

        sys.stdout.write(diff_page(diff_view(d)))
    else:
        sys.stdout.write("\n".join(text(d)) + "\n")
    return 0


def _write_scenarios(out: Path, witnesses: Sequence[Witness]) -> None:
    """Each witness's scenario file (one for each ruleset where one cannot reach the
    position under both), each written whole."""
    from ..atomic import OutputError, write_text

    try:
        out.mkdir(parents=True, exist_ok=True)
        for w in witnesses:
            if w.scenario and w.scenario_b:  # one for each ruleset
                write_text(out / f"diff-{_slug(w.rule)}-a.yaml", w.scenario)
                write_text(out / f"diff-{_slug(w.rule)}-b.yaml", w.scenario_b)
            elif w.scenario:
                write_text(out / f"diff-{_slug(w.rule)}.yaml", w.scenario)
    except OutputError as e:
        raise UsageError(f"--scenarios: {e}") from None
    except OSError as e:
        raise UsageError(f"--scenarios: cannot make the folder {out} ({e.strerror or e})") from None


def _slug(rule: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in rule.lower())
