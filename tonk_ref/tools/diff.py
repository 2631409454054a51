"""``tonk diff A B``: where two rulesets disagree.  The smallest situations (fewest
players, fewest actions) in which A and B give a different outcome, each found by a
different deciding rule, as a one-line ``tonk judge`` description and a scenario file;
the options that cannot change a hand, with the reason; and the bound searched when
nothing is found.  See :mod:`.diffsearch`."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..spec.notation import option_text
from ..spec.rulebook import RulebookError, load_table_rules
from ..views.diff_html import DiffPage
from ..views.diff_html import Witness as PageWitness
from .cli import UsageError
from .diffsearch import Diff, Side, Witness, diff

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
    parser.add_argument("--players", type=int, choices=(2, 3), help="only situations of this many players "
                        "(default: 2, then 3)")
    parser.add_argument("--max-cards", type=int, default=27, metavar="K",
                        help="at most K cards in the hands and on the table (default 27)")
    parser.add_argument("--limit", type=int, default=3, metavar="N", help="at most N witnesses (default 3)")
    parser.add_argument("--format", choices=("text", "json", "markdown", "html"), default="text")
    parser.add_argument("--scenarios", metavar="DIR", help="also write each witness's scenario file into DIR")


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
    a, b = _side(args.a, "A"), _side(args.b, "B")
    players = (args.players,) if args.players else (2, 3)
    d = diff(a, b, players=players, max_cards=args.max_cards, limit=args.limit)
    if args.scenarios:
        from pathlib import Path

        out = Path(args.scenarios)
        out.mkdir(parents=True, exist_ok=True)
        for w in d.witnesses:
            if w.scenario:
                (out / f"diff-{_slug(w.rule)}.yaml").write_text(w.scenario, encoding="utf-8")
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


def _slug(rule: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in rule.lower())


# ---------------------------------------------------------------------------- words
def changes_line(d: Diff) -> str:
    if not d.changed:
        return "no option differs"
    return "; ".join(f"{k}: {option_text(k, va).split(' = ', 1)[1]} / {option_text(k, vb).split(' = ', 1)[1]}"
                     for k, (va, vb) in d.changed.items())


def outcome_line(w: Witness, i: int) -> str:
    from .judge import outcome_words, pays_words

    o = w.outcomes[i]
    words = outcome_words(o)
    return f"{words}; {pays_words(o.payments)}" if o.kind == "ended" else words


def judge_command(w: Witness, side: Side) -> str:
    import shlex

    return shlex.join(["tonk", "judge", w.description, "--rules", side.label])


def nothing_line(d: Diff) -> str:
    if d.note:
        return f"Nothing found: {d.note}."
    if not d.families:
        return f"Nothing found: {d.bound}."
    return f"Nothing found within the bound: {d.bound}."


def text(d: Diff) -> list[str]:
    out = [f"A  {d.a.label}", f"B  {d.b.label}", f"Differ in  {changes_line(d)}"]
    if not d.changed:
        out += ["", "The two rulesets are the same: no situation can tell them apart."]
        return out
    for k, w in enumerate(d.witnesses, 1):
        out += ["", f"{k}. decided by {w.rule} ({w.players} players, {w.actions} action{'s' if w.actions != 1 else ''};"
                    f" {w.family})",
                f"   situation  {w.description}",
                f"   under A    {outcome_line(w, 0)}",
                f"   under B    {outcome_line(w, 1)}",
                f"   check      {judge_command(w, d.a)}",
                f"              {judge_command(w, d.b)}"]
        if w.scenario:
            out.append("   scenario   (--scenarios DIR writes it; --format json holds it)")
        else:
            out.append(f"   scenario   {w.scenario_note}")
    if not d.witnesses:
        out += ["", nothing_line(d)]
    if d.inert:
        out += ["", "Cannot change a hand within the bound:"]
        out += [f"  {i.option} ({_values(i)}): {i.reason}" for i in d.inert]
    out += ["", f"Searched {d.searched} situations in {d.seconds:.1f} s"
                + (f" (families: {'; '.join(d.families)})" if d.families else "") + "."]
    return out


def _values(i: Any) -> str:
    va, vb = i.values
    return f"{option_text(i.option, va).split(' = ', 1)[1]} / {option_text(i.option, vb).split(' = ', 1)[1]}"


def markdown(d: Diff) -> list[str]:
    out = [f"**A:** `{d.a.label}`  ", f"**B:** `{d.b.label}`  ", f"**Differ in:** {changes_line(d)}", ""]
    for k, w in enumerate(d.witnesses, 1):
        out += [f"### {k}. Decided by {w.rule}", "", f"`{w.description}`", "",
                f"- **Under A:** {outcome_line(w, 0)}", f"- **Under B:** {outcome_line(w, 1)}",
                f"- **Check:** `{judge_command(w, d.a)}`", ""]
        if w.scenario:
            out += ["<details><summary>scenario file</summary>", "", "```yaml", w.scenario.rstrip(), "```", "",
                    "</details>", ""]
        else:
            out += [f"*{w.scenario_note}*", ""]
    if not d.witnesses:
        out += [nothing_line(d), ""]
    if d.inert:
        out += ["**Cannot change a hand within the bound:**", ""]
        out += [f"- `{i.option}` ({_values(i)}): {i.reason}" for i in d.inert]
        out.append("")
    out.append(f"*Searched {d.searched} situations in {d.seconds:.1f} s.*")
    return out


def witness_json(w: Witness) -> dict[str, Any]:
    return {"rule": w.rule, "description": w.description, "family": w.family, "players": w.players,
            "actions": w.actions, "under_a": outcome_line(w, 0), "under_b": outcome_line(w, 1),
            "scenario": w.scenario, "scenario_note": w.scenario_note or None}


def to_json(d: Diff) -> dict[str, Any]:
    return {
        "a": {"label": d.a.label, "options": d.a.rules.changes()},
        "b": {"label": d.b.label, "options": d.b.rules.changes()},
        "differ": {k: {"a": va, "b": vb} for k, (va, vb) in d.changed.items()},
        "witnesses": [witness_json(w) for w in d.witnesses],
        "cannot_matter": [{"option": i.option, "a": i.values[0], "b": i.values[1], "reason": i.reason}
                          for i in d.inert],
        "found": bool(d.witnesses),
        "bound": {"players": list(d.players), "max_cards": d.max_cards, "searched": d.searched,
                  "families": d.families, "rules": d.rules, "text": d.note or d.bound},
        "seconds": round(d.seconds, 3),
    }


# ---------------------------------------------------------------------------- the page (views.diff_html)


def _page_witness(d: Diff, w: Witness) -> PageWitness:
    from ..engine.serialize import state_to_json
    from ..spec.rulebook import provenance, rules_by_id
    from ..spec.situation import CannotArise, Description
    from ..views.ruling_html import Quote, Sentence

    sit = Description(w.description)
    try:
        start = state_to_json(sit.start(d.a.rules))
    except CannotArise:
        start = None
    rule = rules_by_id().get(w.rule)
    said = None if rule is None else Quote(w.rule, tuple(
        Sentence(rule.text_under(s.rules), provenance(rule, s.rules, 60), f"{label} ({s.label})")
        for label, s in (("A", d.a), ("B", d.b))))
    return PageWitness(w.rule, w.description, start, tuple(a.text for a in sit.acts), outcome_line(w, 0),
                       outcome_line(w, 1), said, judge_command(w, d.a), w.scenario or "", w.scenario_note)


def diff_view(d: Diff) -> DiffPage:
    """The search in the words of its page."""
    return DiffPage(d.a.label, d.b.label, changes_line(d), tuple(_page_witness(d, w) for w in d.witnesses),
                    nothing_line(d), tuple((i.option, i.reason) for i in d.inert), d.searched, d.seconds)
