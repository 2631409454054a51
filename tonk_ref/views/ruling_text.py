"""A ruling (:class:`~tonk_ref.rulebook.judging.Judgement`) in words, for ``tonk judge``: the
short text, the full text (``--full``: every event, the totals and every rule), Markdown to
paste into a chat, and the words of its HTML page (:func:`ruling_view`, laid out by
:mod:`.ruling_html`).  Each rule is quoted in the sentence that holds under the group's
rulesets, marked as the seeds' rule, a decision of this spec or a house rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.actions import REASONS
from ..engine.hand import Hand
from ..engine.ruleset import Ruleset
from ..engine.serialize import state_to_json
from ..rulebook.book import rules_by_id
from ..rulebook.judging import BETWEEN_HANDS, Group, Judgement, Outcome, Trial, labels
from ..rulebook.notation import option_text, or_words, value_text
from ..rulebook.outcome_text import goes_on_words, outcome_words, pays_words
from ..rulebook.situation import CannotArise
from ..rulebook.wording import Style, amount, ending_words, event_text, signed, wrap
from .escape import md, md_code
from .ruling_html import OptionRow, Pay, Quote, Refused, RulingGroup, RulingPage, Sentence

#: The width the text rulings are wrapped to.
WIDTH = 100


# ---------------------------------------------------------------------------- words shared by the formats


def refusal_words(o: Outcome) -> str:
    r = o.refusal or {}
    if o.kind == "allowed":
        return outcome_words(o)
    rule = f", {r['rule']}" if r.get("rule") else ""
    return (f"'{r['action']}' ({r['where']}) is refused: {r['reason']}{rule}: {r['message']} "
            f"({REASONS[r['reason']]})")


def allowed_words(j: Judgement, g: Group, full: bool = False) -> str:
    """The rulesets under which the refused action is allowed."""
    if not g.allowed_by:
        return "under none of the rulesets tried"
    others = [t for t in j.trials if t.outcome is not None and t.outcome.kind != "cannot_arise"
              and not any(t is u for u in g.trials)]  # fmt: skip
    if len(g.allowed_by) == len(others) and len(others) > 1:
        return "under every other ruleset tried"
    if full or len(g.allowed_by) <= 4:
        return "under " + labels(g.allowed_by)
    refused = [t for t in others if not any(t is u for u in g.allowed_by)]
    if len(refused) <= 3:
        return f"under every other ruleset tried but {labels(refused)}"
    if any(t is j.base_trial for t in g.allowed_by):
        return f"under the base rules and {len(g.allowed_by) - 1} other rulesets tried (--full names them)"
    return "under " + labels(g.allowed_by[:3]) + f" and {len(g.allowed_by) - 3} more (--full names them)"


def refusal_messages(g: Group) -> dict[str, list[Trial]]:
    """The refusal's message per distinct wording in the group (a merged group of several
    values of one option may word it differently: 'a knock needs 5 points or fewer')."""
    out: dict[str, list[Trial]] = {}
    for t in g.trials:
        err = t.played.error if t.played is not None else None
        out.setdefault(err.message if err is not None else "", []).append(t)
    return out


def group_title(j: Judgement, g: Group) -> str:
    if g.trials[0] is j.base_trial:
        named = [t.label for t in g.trials[1:] if t.preset]
        rest = len([t for t in g.trials[1:] if not t.preset])
        title = "the base rules"
        if named:
            title += ", " + ", ".join(named)
        if rest:
            title += ", and every variation not named below"
        return title
    return labels(g.trials)


def per_seat(values: Any, fmt: Callable[[Any], str] = str) -> str:
    return " · ".join(f"seat {s}: {fmt(v)}" for s, v in enumerate(values))


def cannot_words(j: Judgement) -> str:
    """Every ruleset under which the situation cannot arise, in one line."""
    return labels(j.cannot)


def hint_words(j: Judgement) -> str:
    return (f"(with 'first turn', if nobody has played yet, it arises under {labels(j.first_turn_hint)})"
            if j.first_turn_hint else "")


def changing_words(j: Judgement) -> str:
    parts = []
    for v in j.changing:
        base_letter = v.results[0][1]
        moved: dict[str, list[str]] = {}
        for val, letter, _ in v.results[1:]:
            if letter != base_letter:
                moved.setdefault(letter or "cannot arise", []).append(value_text(val))
        inner = "; ".join(f"{or_words(vals)} \u2192 {letter}" for letter, vals in moved.items())
        with_ = " (with " + ", ".join(option_text(k, x) for k, x in v.with_.items()) + ")" if v.with_ else ""
        only = ", only the counts" if not v.money else ""
        parts.append(f"{v.option}{with_} ({inner}{only})")
    return ", ".join(parts)


def shown_sentences(j: Judgement, g: Group, rid: str) -> list[tuple[str, str, list[Trial], bool]]:
    """The rule's sentences a ruling shows for a group: (sentence, provenance, rulesets,
    whether to say under which rulesets).  The base group shows its other sentences only
    for the options that matter here."""
    quotes = j.quotes(g, rid)
    if j.is_base(g):
        keys = j.key_options(g)
        quotes = [q for k, q in enumerate(quotes) if k == 0 or any(set(t.changes(j.base)) & keys for t in q.trials)]
    return [(q.text, q.label, q.trials, bool(q.under)) for q in quotes]


def _decision_lines(j: Judgement, g: Group, width: int, indent: str, rids: list[str]) -> list[str]:
    """Each rule: its ID, its sentence under the group's rulesets (each distinct sentence
    with the rulesets it holds for, in a merged group), and where it comes from."""
    out: list[str] = []
    if not rids:
        return out
    w = max(len(r) for r in rids)
    pad = " " * (w + 2)
    for rid in rids:
        texts = shown_sentences(j, g, rid)
        head = f"{indent}{rid.ljust(w)}  "
        for k, (sentence, label, trials, under) in enumerate(texts):
            lead = head if k == 0 else indent + pad
            if under:
                out += _wrapped(lead, f"under {labels(trials)}:", width, indent + pad)
                lead = indent + pad
            out += _wrapped(lead, sentence, width, indent + pad)
            out += _wrapped(indent + pad, f"[{label}]", width, indent + pad + " ")
    return out


def _wrapped(lead: str, words: str, width: int, rest: str) -> list[str]:
    lines = wrap(words, width - len(lead), "")
    return [lead + lines[0], *(rest + x for x in lines[1:])] if lines else [lead]


# ---------------------------------------------------------------------------- text


def _short_provenance(label: str) -> str:
    """Where a rule comes from, without the alternatives the other groups show: 'this spec
    decides (D3)' for 'this spec decides (D3; alternatives: knock_tie = ...)'."""
    cut = label.find("; alternatives: ")
    return label if cut < 0 else label[:cut] + ")"


def base_rule_lines(j: Judgement, g: Group, width: int, indent: str, tight: bool = False) -> list[str]:
    """The deciding rules of the base group, each in the base rules' sentence and where it
    comes from (the sentences of the group's other rulesets: --full); ``tight`` puts where
    it comes from after the sentence, without the alternatives the other groups show."""
    return [line for _, lines in base_rule_chunks(j, g, width, indent, tight) for line in lines]


def base_rule_chunks(j: Judgement, g: Group, width: int, indent: str,
                     tight: bool = False) -> list[tuple[str, list[str]]]:
    """:func:`base_rule_lines` rule by rule: each deciding rule's ID and its lines."""
    out: list[tuple[str, list[str]]] = []
    rids = j.deciding(g)
    if not rids:
        return out
    w = max(len(r) for r in rids)
    for rid in rids:
        sentence, label, trials, under = shown_sentences(j, g, rid)[0]
        if under:
            sentence = f"under {labels(trials)}: {sentence}"
        pad = indent + " " * (w + 2)
        if tight:
            lines = _wrapped(f"{indent}{rid.ljust(w)}  ", f"{sentence} [{_short_provenance(label)}]", width, pad)
        else:
            lines = _wrapped(f"{indent}{rid.ljust(w)}  ", sentence, width, pad)
            lines += _wrapped(pad, f"[{label}]", width, pad + " ")
        out.append((rid, lines))
    return out


def _clip(line: str, width: int) -> str:
    return line if len(line) <= width else line[: width - 1].rstrip() + "\u2026"


def difference_words(g: Group) -> str:
    """The option (and value) that makes a group other than the base: 'knock_tie =
    knocker_wins', 'caught_payment (4 values)', or the first ruleset and how many more."""
    named = labels(g.trials)
    if len(named) <= 40 or len(g.trials) == 1:
        return named
    options = {t.option for t in g.trials}
    if len(options) == 1 and None not in options:
        return f"{g.first.option} ({len(g.trials)} values)"
    return f"{g.first.label} and {len(g.trials) - 1} more"


def outcome_short(o: Outcome) -> str:
    """A group's outcome in a few words: the ending and who pays whom, the refusal, or who
    is to act."""
    if o.kind == "ended":
        return f"{o.ending}; {pays_words(o.payments)}"
    if o.kind == "refused":
        r = o.refusal or {}
        return f"refused by {r['rule']}: {r['message']}"
    if o.kind == "goes_on":
        last = any(e.kind == "last_turns" for e in o.events)
        return ("the others play a last turn: " if last else "the hand goes on: ") + \
            f"seat {o.to_act} is to act" + (", having drawn" if o.stage != "start" else "")
    return outcome_words(o)


def group_line(j: Judgement, g: Group) -> str:
    """A group other than the base in one line: its letter, what makes it, its outcome."""
    return f"{g.letter}  {difference_words(g)}: {outcome_short(g.outcome)}"


#: The most lines a default ruling takes.
SHORT_LINES = 25


def _base_block(j: Judgement, g: Group, style: Style, tight: bool) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The base group in full: the outcome, who pays whom and the notes; and the deciding
    rules, each with its lines."""
    o = g.outcome
    out = _wrapped(style.bold(f"{g.letter}  "), style.bold(group_title(j, g)), WIDTH, "   ")
    if o.kind == "refused":
        r = o.refusal or {}
        messages = refusal_messages(g)
        why = f"{r['reason']}: {', '.join(r.get('rules') or [r['rule']])}"
        if len(messages) == 1:
            out += _wrapped("   ", f"refused: {r['action']} ({why}): {r['message']}", WIDTH, "     ")
        else:
            out += _wrapped("   ", f"refused: {r['action']} ({why})", WIDTH, "     ")
            for message, trials in messages.items():
                out += _wrapped("     ", f"{labels(trials)}: {message}", WIDTH, "       ")
        out += _wrapped("   ", f"allowed {allowed_words(j, g)}", WIDTH, "     ")
    else:
        out += _wrapped("   ", outcome_words(o), WIDTH, "     ")
    if o.kind == "ended":
        out.append(f"   {pays_words(o.payments)}; net {per_seat(o.net, signed)}")
    for note in o.notes:
        out += _wrapped("   note: ", note, WIDTH, "     ")
    return out, base_rule_chunks(j, g, WIDTH, "   ", tight)


def other_group_lines(j: Judgement, room: int) -> list[str]:
    """One line per group other than the base, in at most ``room`` lines.  When they do not
    fit, the groups of one option share a line (each value and its outcome); when even
    those do not, the last line says how many more groups --full shows."""
    others = [g for g in j.groups if g is not _base_group(j)]
    lines = [_clip(group_line(j, g), WIDTH) for g in others]
    if len(lines) <= room:
        return lines
    folds: list[list[Group]] = []
    for g in others:
        option = _one_option(g)
        same = next((f for f in folds if option is not None and _one_option(f[0]) == option), None)
        if same is None:
            folds.append([g])
        else:
            same.append(g)
    lines = [_clip(group_line(j, f[0]) if len(f) == 1 else _folded_line(f), WIDTH) for f in folds]
    if len(lines) <= room:
        return lines
    keep = max(room - 1, 0)
    rest = [g.letter for f in folds[keep:] for g in f]
    return [*lines[:keep], f"{', '.join(rest)}  {len(rest)} more groups (--full shows them)"]


def _one_option(g: Group) -> str | None:
    """The option every ruleset of the group changes alone, if there is one."""
    options = {t.option for t in g.trials}
    return g.first.option if len(options) == 1 else None


def _folded_line(groups: list[Group]) -> str:
    """Groups of one option in one line: 'C, D, E  knock_tie = knocker_wins: ...; split: ...'."""
    parts = []
    for k, g in enumerate(groups):
        values = difference_words(g)
        shown = values if k == 0 else values.removeprefix(f"{g.first.option} = ")
        parts.append(f"{shown}: {outcome_short(g.outcome)}")
    return f"{', '.join(g.letter for g in groups)}  " + " \u00b7 ".join(parts)


def _base_group(j: Judgement) -> Group | None:
    """The group shown in full: the base rules' group, or the first group where the
    situation cannot arise under the base rules."""
    return j.group_of(j.base_trial) or (j.groups[0] if j.groups else None)


def _fitted(head: list[str], rules: list[tuple[str, list[str]]], room: int) -> list[str]:
    """The base group in at most ``room`` lines (never fewer than its outcome): the
    deciding rules that fit in whole, the others named in one line for ``--full``."""
    if not rules or len(head) + sum(len(lines) for _, lines in rules) <= room:
        return [*head, *(line for _, lines in rules for line in lines)]
    said = " ".join(head)
    by_id = rules_by_id()

    def named(rid: str) -> bool:
        rule = by_id.get(rid)
        return rid in said or (rule is not None and any(o in said for o in rule.options))

    # the rules the outcome names itself (a refusal's rule, an option it is allowed
    # under) first, then in their order
    order = sorted(range(len(rules)), key=lambda k: not named(rules[k][0]))
    kept: set[int] = set()
    used = len(head) + 1
    for k in order:
        if used + len(rules[k][1]) > room:
            break
        kept.add(k)
        used += len(rules[k][1])
    rest = [rid for k, (rid, _) in enumerate(rules) if k not in kept]
    return [*head, *(line for k, (_, lines) in enumerate(rules) if k in kept for line in lines),
            _clip(f"   and {', '.join(rest)} (--full quotes them)", WIDTH)]


def text(j: Judgement, style: Style, width: int = 80) -> list[str]:
    """The short ruling, the verdict first (:mod:`.verdict`): who pays whom and why, in the
    players' names and in words; then every house rule that changes the outcome, one
    sentence each, none folded; then the rules in play, the situation, the rules quoted with
    their brief items, and where the situation cannot arise.  Lines are wrapped at
    ``width``, never cut."""
    from .verdict import verdict

    v = verdict(j)
    width = max(width, 40)
    out = [style.bold(line) for line in _para("", v.headline, width, "  ")]
    for sentence in v.why:
        out += _para("  ", sentence, width, "  ")
    by_source: dict[str, list[str]] = {}
    for q in v.deciding:
        by_source.setdefault(q.source, []).append(q.id)
    if by_source:
        said = "; ".join(f"{source} ({', '.join(ids)})" for source, ids in by_source.items())
        out += _para("  ", f"Source{'s' if len(by_source) > 1 else ''}: {said}.", width, "  ")
    out.append("")
    if v.alternatives:
        out.append("At other tables:" if v.outcome != "cannot_arise" else "At tables where it can happen:")
        for a in v.alternatives:
            out += _para("  - ", f"where {a.where}: {a.outcome}", width, "    ")
    else:
        out.append("No house rule tried changes this outcome.")
    presets = f" and {len(j.presets)} presets" if j.presets else ""
    out += _para("Rules      ", f"{v.table_rules}; every other value of each house rule{presets} tried", width,
                 "           ")
    for note in v.footnotes:
        out += _para("", note, width, "  ")
    cannot = len([t for t in j.cannot if t.preset is None])
    why_not = f"; the {cannot} tables where it cannot happen" if cannot else ""
    out += _para("", f"--full: every event, total and rule{why_not}", width, "  ")
    return out


def _para(lead: str, words: str, width: int, rest: str) -> list[str]:
    """``words`` wrapped at ``width`` after ``lead``, its other lines indented by ``rest``."""
    import textwrap

    return textwrap.wrap(words, width=width, initial_indent=lead, subsequent_indent=rest,
                         break_on_hyphens=False, break_long_words=True) or [lead.rstrip()]


def text_full(j: Judgement, style: Style) -> list[str]:
    out: list[str] = []
    sit = j.situation
    out.append(f"Situation   {sit.describe()[0]}")
    for line in sit.describe()[1:]:
        out.append(f"            {line}")
    out.append(f"Base rules  {j.base_label}")
    presets = f" and {len(j.presets)} presets" if j.presets else ""
    out.append(f"Tried       the base rules, every other value of each option{presets}")
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
            if o.points is not None:
                out.append(f"   points    {per_seat(o.points)}  {style.dim('VAR-POINTS-1')}")
            if o.dealer_next is not None:
                out.append(f"   next      seat {o.dealer_next} deals the next hand")
        elif o.kind == "goes_on":
            out.append(f"   the hand goes on: {goes_on_words(o)}")
        else:
            out += wrap(refusal_words(o), 96, "   ")
            if o.kind == "refused":
                out += _wrapped("   ", f"allowed {allowed_words(j, g, full=True)}", WIDTH, "     ")
        for note in o.notes:
            out += wrap(f"note: {note}", 96, "   ")
        if o.rules:
            out.append("   decided by")
            out += _decision_lines(j, g, WIDTH, "     ", o.rules)
    out.append("")
    out.append(style.bold("Options that change the result"))
    if not j.changing:
        out.append("   none: every ruleset tried reaches the same outcome" if not j.cannot else
                   "   none, where the situation can arise")
    for v in j.changing:
        parts = [f"{value_text(val)} \u2192 {letter or 'cannot arise'}" for val, letter, _ in v.results]
        with_ = " (with " + ", ".join(option_text(k, x) for k, x in v.with_.items()) + ")" if v.with_ else ""
        only = "" if v.money else "   (only the counts change, not who pays)"
        out += _wrapped(f"   {v.option}{with_}: ", " \u00b7 ".join(parts) + only, WIDTH, "      ")
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
        if j.first_turn_hint:
            out += wrap(hint_words(j), 90, "   ")
    if j.presets:
        out.append("")
        out.append(style.bold("Presets"))
        for t in j.presets:
            pg = j.group_of(t)
            out.append(f"   {t.preset} \u2192 {pg.letter if pg else 'cannot arise'}")
    if j.not_judged:
        out.append("")
        out.append(style.bold("Not judged"))
        out += wrap(f"{labels(j.not_judged)}: they change the pack (or what a joker counts), and the situation "
                    "names no card they add or remove, so they would change only the cards it does not name",
                    90, "   ")
    out.append("")
    out.append(f"Not tried (they act between hands): {', '.join(BETWEEN_HANDS)}")
    return out


# ---------------------------------------------------------------------------- markdown


def markdown(j: Judgement, full: bool = False) -> list[str]:
    """The ruling in Markdown, to paste into a chat: every text that came from a file or
    the command line (a scenario's title and file, a rules file's name, the rulesets'
    labels) escaped (:func:`~tonk_ref.views.escape.md`); the rules' sentences are the
    spec's own Markdown."""
    sit = j.situation
    described = sit.describe()
    out = [f"**Situation:** {md_code(described[0])}  " if sit.kind == "description" else
           f"**Situation:** {md(described[0])} {md(described[1])}  "]
    out.append(f"**Base rules:** {md(j.base_label)}  ")
    out.append("**Tried:** the base rules and every other value of each option"
               + (f" and {len(j.presets)} presets" if j.presets else ""))
    if j.base_trial.outcome and j.base_trial.outcome.kind == "cannot_arise":
        out += ["", f"**Under the base rules this situation cannot arise:** {md(j.base_trial.outcome.why)}"]
    hs = j.base.hand_size_for(sit.players)
    shown = _base_group(j)
    for g in j.groups if full else [g for g in j.groups if g is shown]:
        o = g.outcome
        out += ["", f"### {g.letter}: {md(group_title(j, g))}", ""]
        if full:
            for e in o.events:
                out.append(f"- {md(event_text(e, hs, _MD))} ({e.rule})")
        if o.kind == "ended":
            out.append(f"- **Ending:** {md(ending_words(o.ending, o.winners, o.knocker))}")
            if o.totals is not None:
                out.append(f"- **Totals:** {per_seat(o.totals)}")
            if full:
                pays = "; ".join(f"seat {p.payer} pays seat {p.payee} {amount(p.amount)} ({p.rule})"
                                 for p in o.payments)  # fmt: skip
                out.append(f"- **Payments:** {pays or 'nobody pays'}")
            else:
                out.append(f"- **Payments:** {pays_words(o.payments)}")
            out.append(f"- **Net:** {per_seat(o.net, signed)}")
        elif o.kind == "goes_on":
            out.append(f"- The hand goes on: {md(goes_on_words(o))}")
        else:
            out.append(f"- {md(refusal_words(o))}")
            if o.kind == "refused":
                out.append(f"- **Allowed** {md(allowed_words(j, g))}")
        for note in o.notes:
            out.append(f"- *Note:* {md(note)}")
        rids = o.rules if full else j.deciding(g)
        if rids:
            out.append("- **Decided by:**")
            for rid in rids:
                quotes = j.quotes(g, rid) if full else j.quotes(g, rid)[:1]
                for q in quotes:
                    under = f" *(under {md(q.under)})*" if q.under else ""
                    out.append(f"  - **{rid}**{under}: {q.text} *[{q.label if full else _short_provenance(q.label)}]*")
    if not full:
        return out + _markdown_short_tail(j, shown)
    out += ["", "### Which options matter", ""]
    if j.changing:
        out += ["| Option | Value \u2192 outcome |", "| --- | --- |"]
        for v in j.changing:
            parts = ", ".join(f"{md_code(value_text(val), cell=True)} \u2192 {letter or 'cannot arise'}"
                              for val, letter, _ in v.results)
            with_ = " (with " + ", ".join(option_text(k, x) for k, x in v.with_.items()) + ")" if v.with_ else ""
            out.append(f"| {md_code(v.option, cell=True)}{md(with_)} | {parts} |")
    else:
        out.append("No option changes the result.")
    out += ["", "**Do not change the result:** " + (", ".join(md_code(v.option) for v in j.unchanging) or "none")]
    if j.cannot:
        if full:
            out += ["", "**Cannot arise:**", ""]
            out += [f"- {md_code(t.label)}: {md(t.outcome.why if t.outcome else '')}" for t in j.cannot]
        else:
            out += ["", f"**Cannot arise under:** {md(cannot_words(j))}"]
        if j.first_turn_hint:
            out.append(f"*Hint:* {md(hint_words(j))}")
    if j.not_judged:
        out += ["", f"**Not judged** (they change only cards the situation does not name): {md(labels(j.not_judged))}"]
    if j.presets:
        out += ["", "**Presets:** " + ", ".join(
            f"{md_code(t.preset)} \u2192 {pg.letter if (pg := j.group_of(t)) else 'cannot arise'}" for t in j.presets)]
    return out


def _markdown_short_tail(j: Judgement, shown: Group | None) -> list[str]:
    """The short ruling's end in Markdown: each other group in one line, where the
    situation cannot arise, and what --full adds."""
    out: list[str] = []
    others = [g for g in j.groups if g is not shown]
    if others:
        out += ["", "### The other groups", ""]
        out += [f"- **{g.letter}** {md(difference_words(g))}: {md(outcome_short(g.outcome))}" for g in others]
    else:
        out += ["", "No option changes the result" + (" where the situation can arise." if j.cannot else ".")]
    if j.cannot:
        out += ["", f"**Cannot arise under:** {md(cannot_words(j))}"]
        if j.first_turn_hint:
            out.append(f"*Hint:* {md(hint_words(j))}")
    if j.not_judged:
        out += ["", f"**Not judged** (they change only cards the situation does not name): {md(labels(j.not_judged))}"]
    out += ["", "*--full shows each group in full, every event, total and rule, and which options matter.*"]
    return out


_MD = Style(color=False, symbols=True)


# ---------------------------------------------------------------------------- the page (views.ruling_html)


def starting_hand(j: Judgement) -> tuple[Hand | None, Ruleset]:
    """The situation's start under the base rules, or under the first ruleset where it
    arises."""
    for rules in [j.base, *(g.first.ruleset for g in j.groups)]:
        try:
            return j.situation.start(rules), rules
        except CannotArise:
            continue
    return None, j.base


def _page_group(j: Judgement, g: Group) -> RulingGroup:
    """A group on the page: the group shown in full opens, each other is folded under its
    one-line summary, as in the short text."""
    o = g.outcome
    refused = None
    if o.kind == "refused":
        r = o.refusal or {}
        messages = refusal_messages(g)
        refused = Refused(
            action=r["action"], why=f"{r['reason']}: {', '.join(r.get('rules') or [r['rule']])}",
            message=f": {r['message']}" if len(messages) == 1 else "",
            messages=tuple((labels(ts), m) for m, ts in messages.items()) if len(messages) > 1 else (),
            allowed=allowed_words(j, g))
    ended = o.kind == "ended"
    played = g.first.played
    hand = None if played is None else (played.before if o.kind == "refused" and played.before else played.hand)
    return RulingGroup(
        letter=g.letter, title=group_title(j, g), base=any(t is j.base_trial for t in g.trials),
        outcome=outcome_words(o) if refused is None else "", refused=refused,
        pays=pays_words(o.payments) if ended else "",
        net=" · ".join(f"seat {s}: {signed(a)}" for s, a in enumerate(o.net)) if ended else "",
        payments=tuple(Pay(p.payer, p.payee, amount(p.amount), p.rule) for p in o.payments) if ended else (),
        notes=tuple(o.notes), table=None if hand is None else state_to_json(hand),
        table_when="when the action is tried" if o.kind == "refused" else "after the actions",
        deciding=tuple(Quote(rid, tuple(Sentence(text, prov, labels(trials) if under else "")
                                        for text, prov, trials, under in shown_sentences(j, g, rid)))
                       for rid in j.deciding(g)),
        summary="" if g is _base_group(j) else f"{difference_words(g)}: {outcome_short(o)}")


def ruling_view(j: Judgement, command: str = "") -> RulingPage:
    """A judgement in the words of a ruling's page."""
    sit = j.situation
    hand, shown_under = starting_hand(j)
    base = j.base_trial.outcome
    return RulingPage(
        described=tuple(sit.describe()), rules=j.base_label,
        presets=len(j.presets),
        start_title="The deal" if sit.from_deal else "The situation",
        start_under="" if shown_under == j.base else " (under the first ruleset where it arises)",
        start=None if hand is None else state_to_json(hand), acts=tuple(a.text for a in sit.acts),
        cannot_arise=base.why if base is not None and base.kind == "cannot_arise" else "",
        groups=tuple(_page_group(j, g) for g in j.groups),
        options=tuple(OptionRow(
            v.option, " (with " + ", ".join(option_text(k, x) for k, x in v.with_.items()) + ")" if v.with_ else "",
            tuple((value_text(val), letter or "cannot arise") for val, letter, _ in v.results), v.money)
            for v in j.changing),
        some_cannot=bool(j.cannot), unchanging=tuple(v.option for v in j.unchanging),
        cannot=cannot_words(j) + (f" {hint_words(j)}" if j.first_turn_hint else "") if j.cannot else "",
        not_judged=labels(j.not_judged) if j.not_judged else "",
        preset_results=tuple((t.preset or "", pg.letter if (pg := j.group_of(t)) else "cannot arise")
                             for t in j.presets),
        command=command)
