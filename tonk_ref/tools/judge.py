"""``tonk judge``: settle a house-rule argument.  Play one situation under the table's
rules and under every alternative value of every option, one option at a time (and every
preset with ``--all``); group the rulesets that reach the same outcome; print for each
group the outcome, who pays whom, and the rules that decide it, each in the sentence that
holds under the group's rulesets and marked as the seeds' rule, a decision of this spec or
a house rule; say which options change the result and under which rulesets the situation
cannot arise.  ``--full`` gives every event, the totals and every rule.  See
docs/judging.md."""

from __future__ import annotations

import argparse
import json
import sys

from ..rulebook.book import load_presets
from ..rulebook.judging import judge, to_json
from ..rulebook.situation import GRAMMAR
from ..rulebook.wording import style_for
from ..views.ruling_text import markdown, ruling_view, text, text_full
from .cli import UsageError, command_line, situation_and_rules

COMMAND = "judge"
HELP = "settle a house-rule argument: play a situation under every ruleset that could matter"

EPILOG = (
    GRAMMAR
    + """

Example:
  tonk judge "2 players; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; 0 knocks"
  tonk judge scenarios/pay/pay-w12-stock-tie-3p.yaml --format markdown
Exit status: 0 judged (an action the rules refuse is a verdict too); 2 bad input, or a
situation that cannot arise under any ruleset tried."""
)

def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("situation", metavar="SITUATION",
                        help="a scenario file (.yaml), the ID of a scenario of the corpus, or a description "
                             "in quotes (see below)")
    parser.add_argument("--rules", metavar="PRESET|FILE",
                        help="the table's rules: a preset, a preset file or a table-rules file {preset: NAME, "
                             "options: {...}} (default: the seed "
                             "rules, or a scenario's own ruleset)")
    parser.add_argument("--format", choices=("text", "markdown", "json", "html"), default="text",
                        help="text (default), markdown (to paste into a chat), json (one record per group) or html "
                             "(one self-contained page with the cards drawn, to send as a file)")
    parser.add_argument("--full", action="store_true",
                        help="every event, the totals, every rule cited, and why each ruleset cannot arise")
    parser.add_argument("--all", action="store_true", help="also play the situation under every preset")
    parser.add_argument("--no-color", action="store_true", help="no colour, even on a terminal")
    parser.add_argument("--link", action="store_true",
                        help="print the players' page link that reproduces this situation, these rules and this "
                             "ruling (everything in the link's fragment: nothing is sent anywhere)")
    parser.add_argument("--site-url", metavar="URL", default=None,
                        help="where the players' page is hosted (tonk site), for --link (default: $TONK_SITE_URL, "
                             "else index.html)")


def _width() -> int:
    """The terminal's width (COLUMNS first, as the shell sets it); 80 when not a terminal."""
    import os
    import shutil

    columns = os.environ.get("COLUMNS", "")
    if columns.isascii() and columns.isdigit() and 20 <= int(columns) <= 1000:
        return int(columns)
    if sys.stdout.isatty():
        return shutil.get_terminal_size((80, 24)).columns
    return 80


def run(args: argparse.Namespace) -> int:
    situation, base, label = situation_and_rules(args.situation, args.rules)
    presets = {name: p.ruleset() for name, p in load_presets().items()} if args.all else None
    j = judge(situation, base, label, presets)
    if not j.groups:
        why = j.base_trial.outcome.why if j.base_trial.outcome else ""
        raise UsageError(f"the situation cannot arise under any ruleset tried: {why}")
    if args.link:
        import os

        from ..rulebook.situation import Description
        from ..views.ask import fragment

        if not isinstance(situation, Description):
            raise UsageError("--link: a link carries a described situation, not a scenario file")
        site = args.site_url or os.environ.get("TONK_SITE_URL") or "index.html"
        sys.stdout.write(f"{site}#{fragment(situation.text, base)}\n")
        return 0
    if args.format == "json":
        from ..views.verdict import verdict

        sys.stdout.write(json.dumps({**to_json(j), "verdict": verdict(j).to_json()}, indent=2, default=str) + "\n")
    elif args.format == "html":
        from ..views.ruling_html import ruling_page

        sys.stdout.write(ruling_page(ruling_view(j, command_line(args))))
    elif args.format == "markdown":
        sys.stdout.write("\n".join(markdown(j, args.full)) + "\n")
    else:
        style = style_for(sys.stdout, args.no_color)
        lines = text_full(j, style) if args.full else text(j, style, _width())
        sys.stdout.write("\n".join(lines) + "\n")
    return 0
