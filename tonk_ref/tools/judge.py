"""``tonk judge``: settle a house-rule argument.  Play one situation under the table's
rules and under every alternative value of every option, one option at a time (and every
preset with ``--all``); group the rulesets that reach the same outcome; print each group's
option values, ending, payments, net per seat and the rules (with the spec's words) that
decided; say which options change the result and which do not, and under which rulesets
the situation cannot arise.  See docs/judging.md."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..engine.actions import REASONS
from ..engine.ruleset import DEFAULT, Ruleset
from ..harness.rulebook import RulebookError, load_presets, load_ruleset_file
from ._judging import BETWEEN_HANDS, Group, Judgement, Outcome, judge, to_json
from ._situation import GRAMMAR, Situation, SituationError, load_situation
from ._table import (
    Style,
    amount,
    ending_words,
    event_text,
    option_text,
    rule_options,
    rule_text,
    signed,
    style_for,
    wrap,
)
from .cli import UsageError

COMMAND = "judge"
HELP = "settle a house-rule argument: play a situation under every ruleset that could matter"

EPILOG = (
    GRAMMAR
    + """

Example:
  tonk judge "2 players; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; 0 knocks"
  tonk judge scenarios/pay/pay-w12-stock-tie-3p.yaml --format markdown
Exit status: 0 judged; 2 bad input, or a situation that cannot arise under any ruleset tried."""
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EPILOG
    parser.add_argument("situation", metavar="SITUATION",
                        help="a scenario file (.yaml) or a description in quotes (see below)")
    parser.add_argument("--rules", metavar="FILE",
                        help="the table's rules, a YAML file {preset: NAME, options: {...}} (default: the seed "
                             "rules, or a scenario's own ruleset)")
    parser.add_argument("--format", choices=("text", "markdown", "json"), default="text",
                        help="text (default), markdown (to paste into a chat) or json (one record per group)")
    parser.add_argument("--all", action="store_true", help="also play the situation under every preset")
    parser.add_argument("--no-color", action="store_true", help="no colour, even on a terminal")


def table_rules(path: str | None) -> tuple[Ruleset | None, str]:
    """The ruleset of ``--rules FILE`` (None if not given) and how to name it."""
    if not path:
        return None, ""
    try:
        rules = load_ruleset_file(path)
    except RulebookError as e:
        raise UsageError(f"--rules: {e}") from None
    changes = rules.changes()
    shown = ", ".join(option_text(k, v) for k, v in changes.items()) or "every option at its default"
    return rules, f"{path} ({shown})"


def base_rules(situation: Situation, path: str | None) -> tuple[Ruleset, str]:
    rules, label = table_rules(path)
    if rules is not None:
        return rules, label
    if situation.ruleset is not None:
        changes = situation.ruleset.changes()
        shown = ", ".join(option_text(k, v) for k, v in changes.items()) or "every option at its default"
        return situation.ruleset, f"the scenario's ruleset ({shown})"
    return DEFAULT, "seed (every option at its default)"


def run(args: argparse.Namespace) -> int:
    try:
        situation = load_situation(args.situation)
    except SituationError as e:
        raise UsageError(str(e)) from None
    base, label = base_rules(situation, args.rules)
    presets = {name: p.ruleset() for name, p in load_presets().items()} if args.all else None
    j = judge(situation, base, label, presets)
    if not j.groups:
        why = j.base_trial.outcome.why if j.base_trial.outcome else ""
        raise UsageError(f"the situation cannot arise under any ruleset tried: {why}")
    if args.format == "json":
        sys.stdout.write(json.dumps(to_json(j), indent=2) + "\n")
    elif args.format == "markdown":
        sys.stdout.write("\n".join(markdown(j)) + "\n")
    else:
        sys.stdout.write("\n".join(text(j, style_for(sys.stdout, args.no_color))) + "\n")
    return 0


# ---------------------------------------------------------------------------- words shared by both formats


def goes_on_words(o: Outcome) -> str:
    stage = "at the start of the turn" if o.stage == "start" else "having drawn"
    return f"seat {o.to_act} is to act, {stage}; {o.stock} cards are left in the stock"


def refusal_words(o: Outcome) -> str:
    r = o.refusal or {}
    if o.kind == "allowed":
        return (f"'{r['action']}' ({r['where']}) is allowed here, though the scenario expects it refused "
                f"({r['expected']})")
    rule = f", {r['rule']}" if r.get("rule") else ""
    return (f"'{r['action']}' ({r['where']}) is not allowed: {r['reason']}{rule}: {r['message']} "
            f"({REASONS[r['reason']]})")


def group_title(j: Judgement, g: Group) -> str:
    if g.trials[0] is j.base_trial:
        named = [t.label for t in g.trials[1:] if t.preset]
        rest = len([t for t in g.trials[1:] if not t.preset])
        title = "the base rules"
        if named:
            title += ", " + ", ".join(named)
        if rest:
            title += f", and {rest} more variation{'s' if rest > 1 else ''} (all those not named below)"
        return title
    return compact_labels(g.trials)


def compact_labels(trials: list[Any]) -> str:
    """'caught_payment = non_knockers, doubles_only or per_player' for one option's values."""
    parts: list[str] = []
    by_option: dict[str, list[str]] = {}
    for t in trials:
        if t.option is not None and " (with " not in t.label:
            if t.option not in by_option:
                by_option[t.option] = []
                parts.append(t.option)
            by_option[t.option].append(t.label.split(" = ", 1)[1])
        else:
            parts.append(t.label)
    out = []
    for p in parts:
        values = by_option.get(p)
        if values is None:
            out.append(p)
        else:
            out.append(f"{p} = " + (values[0] if len(values) == 1 else ", ".join(values[:-1]) + f" or {values[-1]}"))
    return "; ".join(out)


def per_seat(values: Any, fmt: Any = str) -> str:
    return " · ".join(f"seat {s}: {fmt(v)}" for s, v in enumerate(values))


# ---------------------------------------------------------------------------- text


def text(j: Judgement, style: Style) -> list[str]:
    out: list[str] = []
    sit = j.situation
    out.append(f"Situation   {sit.describe()[0]}")
    for line in sit.describe()[1:]:
        out.append(f"            {line}")
    out.append(f"Base rules  {j.base_label}")
    variations = len([t for t in j.trials if t.option is not None])
    presets = f" and {len(j.presets)} presets" if j.presets else ""
    out.append(f"Tried       the base rules, {variations} variations of one option{presets}")
    hs = j.base.hand_size_for(sit.players)
    if j.base_trial.outcome and j.base_trial.outcome.kind == "cannot_arise":
        out.append("")
        out.append(style.bold(f"Under the base rules this situation cannot arise: {j.base_trial.outcome.why}"))
    for g in j.groups:
        o = g.outcome
        out.append("")
        out.append(style.bold(f"{g.letter}  {group_title(j, g)}"))
        for e in o.events:
            out.append(f"   {event_text(e, hs, style)}  {style.dim(e.rule)}")
        if o.kind == "ended":
            out.append(f"   ending    {ending_words(o.ending, o.winners, o.knocker)}")
            if o.totals is not None:
                out.append(f"   totals    {per_seat(o.totals)}")
            if o.payments:
                for i, p in enumerate(o.payments):
                    head = "payments" if i == 0 else "        "
                    out.append(f"   {head}  seat {p.payer} pays seat {p.payee} {amount(p.amount)}  "
                               f"{style.dim(p.rule)}")
            else:
                out.append("   payments  nobody pays")
            out.append(f"   net       {per_seat(o.net, signed)}")
        elif o.kind == "goes_on":
            out.append(f"   the hand goes on: {goes_on_words(o)}")
        else:
            out += wrap(refusal_words(o), 96, "   ")
        for note in o.notes:
            out += wrap(f"note: {note}", 96, "   ")
        if o.rules:
            out.append("   decided by")
            width = max(len(r) for r in o.rules)
            for rid in o.rules:
                opts = rule_options(rid, g.first.ruleset)
                lines = wrap(rule_text(rid), 88, "")
                if opts:
                    tail = "(" + ", ".join(option_text(k, v) for k, v in opts.items()) + ")"
                    if len(lines[-1]) + 1 + len(tail) <= 88:
                        lines[-1] += " " + tail
                    else:
                        lines.append(tail)
                out.append(f"     {rid.ljust(width)}  {lines[0]}")
                out += [f"     {' ' * width}  {line}" for line in lines[1:]]
    out.append("")
    out.append(style.bold("Options that change the result"))
    if not j.changing:
        out.append("   none: every ruleset tried reaches the same outcome" if not j.cannot else
                   "   none, where the situation can arise")
    for v in j.changing:
        parts = [f"{_value(val)} \u2192 {letter or 'cannot arise'}" for val, letter, _ in v.results]
        with_ = " (with " + ", ".join(option_text(k, x) for k, x in v.with_.items()) + ")" if v.with_ else ""
        only = "" if v.money else "   (only the counts change, not who pays)"
        out.append(f"   {v.option}{with_}: " + " · ".join(parts) + only)
    out.append("")
    out.append(style.bold("Options that do not change it"))
    names = []
    for v in j.unchanging:
        partly = any(letter is None for _, letter, _ in v.results)
        names.append(v.option + ("*" if partly else ""))
    out += wrap(", ".join(names) or "none", 88, "   ")
    if any(n.endswith("*") for n in names):
        out.append("   (* some values of it cannot arise here; see below)")
    if j.cannot:
        out.append("")
        out.append(style.bold("Cannot arise"))
        for t in j.cannot:
            why = t.outcome.why if t.outcome else ""
            lines = wrap(f"{t.label}: {why}", 90, "")
            out.append(f"   {lines[0]}")
            out += [f"     {line}" for line in lines[1:]]
    if j.presets:
        out.append("")
        out.append(style.bold("Presets"))
        for t in j.presets:
            pg = j.group_of(t)
            out.append(f"   {t.preset} \u2192 {pg.letter if pg else 'cannot arise'}")
    out.append("")
    out.append(f"Not tried (they act between hands): {', '.join(BETWEEN_HANDS)}")
    return out


def _value(v: object) -> str:
    from ._table import show_value

    return show_value(v)


# ---------------------------------------------------------------------------- markdown


def markdown(j: Judgement) -> list[str]:
    sit = j.situation
    out = [f"**Situation:** `{sit.describe()[0]}`  " if sit.kind == "description" else
           f"**Situation:** {sit.describe()[0]} {sit.describe()[1]}  "]
    out.append(f"**Base rules:** {j.base_label}  ")
    variations = len([t for t in j.trials if t.option is not None])
    out.append(f"**Tried:** the base rules and {variations} variations of one option"
               + (f" and {len(j.presets)} presets" if j.presets else ""))
    if j.base_trial.outcome and j.base_trial.outcome.kind == "cannot_arise":
        out += ["", f"**Under the base rules this situation cannot arise:** {j.base_trial.outcome.why}"]
    hs = j.base.hand_size_for(sit.players)
    for g in j.groups:
        o = g.outcome
        out += ["", f"### {g.letter}: {group_title(j, g)}", ""]
        for e in o.events:
            out.append(f"- {event_text(e, hs, _MD)} ({e.rule})")
        if o.kind == "ended":
            out.append(f"- **Ending:** {ending_words(o.ending, o.winners, o.knocker)}")
            if o.totals is not None:
                out.append(f"- **Totals:** {per_seat(o.totals)}")
            pays = "; ".join(f"seat {p.payer} pays seat {p.payee} {amount(p.amount)} ({p.rule})" for p in o.payments)
            out.append(f"- **Payments:** {pays or 'nobody pays'}")
            out.append(f"- **Net:** {per_seat(o.net, signed)}")
        elif o.kind == "goes_on":
            out.append(f"- The hand goes on: {goes_on_words(o)}")
        else:
            out.append(f"- {refusal_words(o)}")
        for note in o.notes:
            out.append(f"- *Note:* {note}")
        if o.rules:
            out.append("- **Decided by:**")
            for rid in o.rules:
                opts = rule_options(rid, g.first.ruleset)
                tail = " *(" + ", ".join(option_text(k, v) for k, v in opts.items()) + ")*" if opts else ""
                out.append(f"  - **{rid}**: {rule_text(rid)}{tail}")
    out += ["", "### Which options matter", ""]
    if j.changing:
        out += ["| Option | Value \u2192 outcome |", "| --- | --- |"]
        for v in j.changing:
            parts = ", ".join(f"`{_value(val)}` \u2192 {letter or 'cannot arise'}" for val, letter, _ in v.results)
            with_ = " (with " + ", ".join(option_text(k, x) for k, x in v.with_.items()) + ")" if v.with_ else ""
            out.append(f"| `{v.option}`{with_} | {parts} |")
    else:
        out.append("No option changes the result.")
    out += ["", "**Do not change the result:** " + (", ".join(f"`{v.option}`" for v in j.unchanging) or "none")]
    if j.cannot:
        out += ["", "**Cannot arise:**", ""]
        out += [f"- `{t.label}`: {t.outcome.why if t.outcome else ''}" for t in j.cannot]
    if j.presets:
        out += ["", "**Presets:** " + ", ".join(
            f"`{t.preset}` \u2192 {pg.letter if (pg := j.group_of(t)) else 'cannot arise'}" for t in j.presets)]
    return out


_MD = Style(color=False, symbols=True)
