"""``tonk explain``: replay a scenario step by step.  After each step it draws the table
(each seat's hand with suit symbols and its count, the spreads with their owners, the
discard top, the stock, who is to act) and prints each event and payment with its rule ID,
the rule's sentence under the ruleset in play and where the rule comes from (the seeds,
a decision of this spec, or a house rule), each refusal with its reason code and rules,
and the result."""

from __future__ import annotations

import argparse
import sys

from ..rulebook.situation import CannotArise
from ..rulebook.wording import style_for
from ..views.replay_text import explain, replay_view
from .cli import UsageError, command_line, situation_and_rules

COMMAND = "explain"
HELP = "replay a scenario step by step: the table after each step, each event with its rule and the spec's words"


EPILOG = (
    "SCENARIO is a scenario file (.yaml), the ID of a scenario of the corpus, or a situation\n"
    "described as for 'tonk judge' (see tonk judge --help).\n"
    "Colour (red hearts and diamonds) is used when stdout is a terminal and NO_COLOR is unset.\n"
    "Examples:\n  tonk explain scenarios/pay/pay-w7-knock-tie-2p.yaml\n  tonk explain pay-w7-knock-tie-2p"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", metavar="SCENARIO",
                        help="a scenario file, the ID of a scenario of the corpus, or a situation in quotes")
    parser.add_argument("--rules", metavar="PRESET|FILE",
                        help="play it under the table's rules (a preset, a preset file or a table-rules file) "
                             "instead of the scenario's")
    parser.add_argument("--format", choices=("text", "html"), default="text",
                        help="text (default) or html (one self-contained page with the cards drawn)")
    parser.add_argument("--no-color", action="store_true", help="no colour, even on a terminal")


def run(args: argparse.Namespace) -> int:
    situation, rules, label = situation_and_rules(args.scenario, args.rules)
    try:
        hand = situation.start(rules)
    except CannotArise as e:
        raise UsageError(f"this situation cannot arise under {label}: {e}") from None
    if args.format == "html":
        from ..views.replay_html import replay_page

        sys.stdout.write(replay_page(replay_view(situation, hand, label, command_line(args))))
        return 0
    style = style_for(sys.stdout, args.no_color)
    for line in explain(situation, hand, label, style):
        print(line)
    return 0
