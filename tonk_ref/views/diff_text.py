"""Where two rulesets disagree (:class:`~tonk_ref.rulebook.diffsearch.Diff`) in words, for
``tonk diff``: the text, Markdown, the JSON record, and the words of its HTML page
(:func:`diff_view`, laid out by :mod:`.diff_html`)."""

from __future__ import annotations

import shlex
from typing import Any

from ..engine.cards import NAMES
from ..engine.serialize import state_to_json
from ..rulebook.book import rules_by_id
from ..rulebook.diffsearch import Diff, Side, Witness
from ..rulebook.notation import option_text
from ..rulebook.outcome_text import outcome_words, pays_words
from ..rulebook.provenance import provenance
from ..rulebook.situation import CannotArise, Description
from .diff_html import DiffPage
from .diff_html import Witness as PageWitness
from .ruling_html import Quote, Sentence


def side_changes(d: Diff, i: int) -> str:
    """The values one side plays of the options that differ, as a table-rules file or
    ``tonk judge`` writes them: 'knock_timing = start, knock_limit = null'."""
    return ", ".join(option_text(k, pair[i]) for k, pair in d.changed.items())


def changes_line(d: Diff) -> str:
    if not d.changed:
        return "no option differs"
    return f"A: {side_changes(d, 0)}; B: {side_changes(d, 1)}"


def spreads_words(w: Witness) -> str:
    """The spreads of a witness with their numbers and owners: 'spread 0: seat 1's As 2s
    3s · spread 1: seat 0's 4d 5d 6d' (a hit names the spread by its number)."""
    d = Description(w.description)
    return " \u00b7 ".join(f"spread {k}: seat {o}'s {' '.join(NAMES[c] for c in cs)}"
                           for k, (o, cs) in enumerate(d.table))


def hits_words(w: Witness) -> str:
    """Each hit of a witness with the spread it goes on: '1 hit 7d 1: on spread 1, seat 0's'."""
    d = Description(w.description)
    out = []
    for a in d.acts:
        if a.action is not None and a.action.type == "hit" and 0 <= a.action.spread < len(d.table):
            out.append(f"{a.text}: on spread {a.action.spread}, seat {d.table[a.action.spread][0]}'s")
    return "; ".join(out)


def outcome_line(w: Witness, i: int) -> str:
    o = w.outcomes[i]
    words = outcome_words(o)
    return f"{words}; {pays_words(o.payments)}" if o.kind == "ended" else words


def judge_command(w: Witness, side: Side) -> str:
    return shlex.join(["tonk", "judge", w.description, "--rules", side.label])


def nothing_line(d: Diff) -> str:
    if d.note:
        return f"Nothing found: {d.note}."
    if not d.families:
        return f"Nothing found: {d.bound}."
    return f"Nothing found within the bound: {d.bound}."


def text(d: Diff) -> list[str]:
    out = [f"A  {d.a.label}", f"B  {d.b.label}"]
    if d.changed:
        out += wrap(f"A: {side_changes(d, 0)}", 100 - 11, "Differ in  ", "           ")
        out += wrap(f"B: {side_changes(d, 1)}", 100 - 11, "           ", "           ")
    else:
        out.append("Differ in  no option differs")
    if d.compared:
        out += wrap(d.compared, 100 - 11, "Compared   ", "           ")
    if not d.changed:
        out += ["", "The two rulesets are the same: no situation can tell them apart."]
        return out
    for k, w in enumerate(d.witnesses, 1):
        out += ["", f"{k}. decided by {w.rule} ({w.players} players, {w.actions} action{'s' if w.actions != 1 else ''};"
                    f" {w.family})",
                f"   situation  {w.description}",
                *([f"   spreads    {spreads_words(w)}"] if Description(w.description).table else []),
                *([f"   hits       {hits_words(w)}"] if hits_words(w) else []),
                f"   under A    {outcome_line(w, 0)}",
                f"   under B    {outcome_line(w, 1)}",
                f"   check      {judge_command(w, d.a)}",
                f"              {judge_command(w, d.b)}"]
        if w.scenario and w.scenario_b:
            out.append(f"   scenarios  {w.scenario_note} (--scenarios DIR writes both; --format json holds them)")
        elif w.scenario:
            out.append("   scenario   (--scenarios DIR writes it; --format json holds it)")
        else:
            out.append(f"   scenario   {w.scenario_note}")
    if not d.witnesses:
        out += ["", nothing_line(d)]
        if d.unfound and d.families:
            out += ["", "Not told apart within the bound:"]
            out += [f"  {u.option} ({_values(u)}; {', '.join(u.rules) or 'no rule'}): {u.words}" for u in d.unfound]
    if d.inert:
        out += ["", "Cannot change a hand within the bound:"]
        out += [f"  {i.option} ({_values(i)}): {i.reason}" for i in d.inert]
    out += ["", f"Searched {d.searched} situations in {d.seconds:.1f} s"
                + (f" (families: {'; '.join(d.families)})" if d.families else "") + "."]
    return out


def wrap(words: str, width: int, first: str, rest: str) -> list[str]:
    """``words`` in lines of at most ``width`` characters after their lead."""
    lines: list[str] = []
    for word in words.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return [(first if k == 0 else rest) + x for k, x in enumerate(lines)]


def _values(i: Any) -> str:
    va, vb = i.values
    return f"{option_text(i.option, va).split(' = ', 1)[1]} / {option_text(i.option, vb).split(' = ', 1)[1]}"


def markdown(d: Diff) -> list[str]:
    out = [f"**A:** `{d.a.label}`  ", f"**B:** `{d.b.label}`  ", f"**Differ in:** {changes_line(d)}", ""]
    if d.compared:
        out[-2] += "  "
        out[-1:-1] = [f"**Compared** {d.compared}"]
    for k, w in enumerate(d.witnesses, 1):
        out += [f"### {k}. Decided by {w.rule}", "", f"`{w.description}`", "",
                f"- **Under A:** {outcome_line(w, 0)}", f"- **Under B:** {outcome_line(w, 1)}",
                f"- **Check:** `{judge_command(w, d.a)}`", ""]
        if w.scenario:
            files = [("scenario file", w.scenario)] if not w.scenario_b else [
                (f"scenario file under A ({w.scenario_note})", w.scenario), ("scenario file under B", w.scenario_b)]
            for summary, yml in files:
                out += [f"<details><summary>{summary}</summary>", "", "```yaml", yml.rstrip(), "```", "",
                        "</details>", ""]
        else:
            out += [f"*{w.scenario_note}*", ""]
    if not d.witnesses:
        out += [nothing_line(d), ""]
        if d.unfound and d.families:
            out += ["**Not told apart within the bound:**", ""]
            out += [f"- `{u.option}` ({_values(u)}; {', '.join(u.rules) or 'no rule'}): {u.words}"
                    for u in d.unfound]
            out.append("")
    if d.inert:
        out += ["**Cannot change a hand within the bound:**", ""]
        out += [f"- `{i.option}` ({_values(i)}): {i.reason}" for i in d.inert]
        out.append("")
    out.append(f"*Searched {d.searched} situations in {d.seconds:.1f} s.*")
    return out


def witness_json(w: Witness) -> dict[str, Any]:
    return {"rule": w.rule, "description": w.description, "family": w.family, "players": w.players,
            "actions": w.actions, "under_a": outcome_line(w, 0), "under_b": outcome_line(w, 1),
            "scenario": w.scenario, "scenario_b": w.scenario_b, "scenario_note": w.scenario_note or None}


def to_json(d: Diff) -> dict[str, Any]:
    return {
        "a": {"label": d.a.label, "options": d.a.rules.changes()},
        "b": {"label": d.b.label, "options": d.b.rules.changes()},
        "differ": {k: {"a": va, "b": vb} for k, (va, vb) in d.changed.items()},
        "witnesses": [witness_json(w) for w in d.witnesses],
        "cannot_matter": [{"option": i.option, "a": i.values[0], "b": i.values[1], "reason": i.reason}
                          for i in d.inert],
        "found": bool(d.witnesses),
        "not_told_apart": [{"option": u.option, "a": u.values[0], "b": u.values[1], "rules": u.rules,
                            "searched": u.searched, "rules_without_family": u.untagged, "text": u.words}
                           for u in d.unfound],
        "bound": {"players": list(d.players), "max_cards": d.max_cards, "searched": d.searched,
                  "families": d.families, "per_family": d.per_family, "rules": d.rules,
                  "text": d.note or d.bound},
        "compared": d.compared or None,
        "seconds": round(d.seconds, 3),
    }


# ---------------------------------------------------------------------------- the page (views.diff_html)


def _page_witness(d: Diff, w: Witness) -> PageWitness:
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
                       outcome_line(w, 1), said, judge_command(w, d.a),
                       (w.scenario or "") + (f"# under B\n---\n{w.scenario_b}" if w.scenario_b else ""),
                       w.scenario_note)


def diff_view(d: Diff) -> DiffPage:
    """The search in the words of its page."""
    nothing = nothing_line(d)
    if not d.witnesses and d.unfound and d.families:  # what was searched for each option, or what it needs
        nothing += " Not told apart: " + "; ".join(f"{u.option}: {u.words}" for u in d.unfound) + "."
    return DiffPage(d.a.label, d.b.label, changes_line(d), tuple(_page_witness(d, w) for w in d.witnesses),
                    nothing, tuple((i.option, i.reason) for i in d.inert), d.searched, d.seconds)
