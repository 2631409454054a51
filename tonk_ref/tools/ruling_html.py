"""``tonk judge --format html``: a ruling as one self-contained page, to send as a file or
a link: the situation as a table of cards with its actions, each group's outcome, who
pays whom and the table it ends at, the rules that decide it in the sentence that holds
under the group's rulesets with where each comes from (the seeds, this spec's decision
or a house rule), and which options change the result.  The cards are drawn as in the
conformance report (:mod:`tonk_ref.harness.cardface`)."""

from __future__ import annotations

from ..engine.hand import Hand
from ..engine.ruleset import Ruleset
from ..engine.serialize import state_to_json
from ..harness import cardface
from ..harness.htmlpage import esc, page
from ..spec.judging import Group, Judgement, labels
from ..spec.notation import option_text, value_text
from ..spec.situation import CannotArise
from ..spec.wording import amount, signed
from .judge import (
    allowed_words,
    cannot_words,
    group_title,
    hint_words,
    outcome_words,
    pays_words,
    refusal_messages,
    shown_sentences,
)

CSS = """
.situation code{font-size:14px;word-break:break-word}
section.group{border:1px solid var(--line);border-radius:.6rem;padding:.2rem .9rem .7rem;margin:1rem 0;
  background:var(--panel)}
section.group.base{border-left:6px solid var(--accent)}
section.group h2{border:0;margin:.6rem 0 .3rem}
.letter{display:inline-block;min-width:1.7em;text-align:center;border-radius:.3em;background:var(--accent);
  color:var(--bg);margin-right:.35em}
.outcome{font-size:1.08rem;font-weight:600}
.rule{margin:.45rem 0;padding-left:.6rem;border-left:3px solid var(--line)}
.rule .id{font-weight:700}.rule .prov{display:block;color:var(--muted);font-size:.88em}
.rule .under{display:block;color:var(--muted);font-size:.88em;font-style:italic}
ol.acts{padding-left:1.6rem}
"""


def rule_html(rid: str, texts: list[tuple[str, str, str]]) -> str:
    """A rule: its ID, and each sentence with where it comes from (and, when the rule says
    different things under different rulesets, under which)."""
    parts = []
    for sentence, prov, under in texts:
        head = f'<span class="under">under {esc(under)}:</span>' if under else ""
        parts.append(f'{head}{esc(sentence)}<span class="prov">[{esc(prov)}]</span>')
    return f'<div class="rule"><span class="id"><code>{esc(rid)}</code></span> {"".join(parts)}</div>'


def starting_hand(j: Judgement) -> tuple[Hand | None, Ruleset]:
    """The situation's start under the base rules, or under the first ruleset where it
    arises."""
    for rules in [j.base, *(g.first.ruleset for g in j.groups)]:
        try:
            return j.situation.start(rules), rules
        except CannotArise:
            continue
    return None, j.base


def _group(j: Judgement, g: Group) -> str:
    o = g.outcome
    base = any(t is j.base_trial for t in g.trials)
    out = [f'<section class="group{" base" if base else ""}" id="group-{esc(g.letter)}" '
           f'aria-labelledby="group-{esc(g.letter)}-h">',
           f'<h2 id="group-{esc(g.letter)}-h"><span class="letter">{esc(g.letter)}</span>{esc(group_title(j, g))}'
           "</h2>"]
    if o.kind == "refused":
        r = o.refusal or {}
        messages = refusal_messages(g)
        why = f"{r['reason']}: {', '.join(r.get('rules') or [r['rule']])}"
        msg = f": {r['message']}" if len(messages) == 1 else ""
        out.append(f'<p class="outcome">Refused: <code>{esc(r["action"])}</code> ({esc(why)}){esc(msg)}</p>')
        if len(messages) > 1:
            out.append("<ul>" + "".join(f"<li>{esc(labels(ts))}: {esc(m)}</li>" for m, ts in messages.items())
                       + "</ul>")
        out.append(f"<p>Allowed {esc(allowed_words(j, g))}.</p>")
    else:
        out.append(f'<p class="outcome">{esc(outcome_words(o))}</p>')
    if o.kind == "ended":
        net = " · ".join(f"seat {s}: {signed(a)}" for s, a in enumerate(o.net))
        pays = "".join(f"<li>seat {p.payer} pays seat {p.payee} <b>{esc(amount(p.amount))}</b> "
                       f'<small class="muted">{esc(p.rule)}</small></li>' for p in o.payments)
        out.append(f"<p><b>Payments:</b> {esc(pays_words(o.payments))}; <b>net</b> {esc(net)}</p>")
        if pays:
            out.append(f'<details><summary>each payment and its rule</summary><div class="body"><ul>{pays}</ul>'
                       "</div></details>")
    for note in o.notes:
        out.append(f'<p class="muted">Note: {esc(note)}</p>')
    played = g.first.played
    hand = None if played is None else (played.before if o.kind == "refused" and played.before else played.hand)
    if hand is not None:
        when = "when the action is tried" if o.kind == "refused" else "after the actions"
        out.append(f"<details open><summary>The table {when}</summary><div class=\"body\">"
                   f"{cardface.table(state_to_json(hand))}</div></details>")
    rids = j.deciding(g)
    if rids:
        out.append("<h3>Decided by</h3>")
        for rid in rids:
            out.append(rule_html(rid, [(text, prov, labels(trials) if under else "")
                                       for text, prov, trials, under in shown_sentences(j, g, rid)]))
    out.append("</section>")
    return "".join(out)


def _options(j: Judgement) -> str:
    if not j.changing:
        return "<p>No option changes the result" + (" where the situation can arise" if j.cannot else "") + ".</p>"
    rows = []
    for v in j.changing:
        cells = ", ".join(f"<code>{esc(value_text(val))}</code> \u2192 "
                          f"{esc(letter) if letter else 'cannot arise'}" for val, letter, _ in v.results)
        with_ = " (with " + ", ".join(option_text(k, x) for k, x in v.with_.items()) + ")" if v.with_ else ""
        only = "" if v.money else ' <small class="muted">(only the counts)</small>'
        rows.append(f"<tr><td><code>{esc(v.option)}</code>{esc(with_)}</td><td>{cells}{only}</td></tr>")
    return ('<div class="scroll"><table><thead><tr><th>option</th><th>value \u2192 outcome</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table></div>")


def ruling_page(j: Judgement, command: str = "") -> str:
    """The whole page of a judgement."""
    sit = j.situation
    described = sit.describe()
    presets = f" and {len(j.presets)} presets" if j.presets else ""
    hand, shown_under = starting_hand(j)
    acts = "".join(f"<li><code>{esc(a.text)}</code></li>" for a in sit.acts)
    start = ""
    if hand is not None:
        under = "" if shown_under == j.base else " (under the first ruleset where it arises)"
        title = "The deal" if sit.from_deal else "The situation"
        start = (f"<h2>{title}{esc(under)}</h2>{cardface.table(state_to_json(hand))}"
                 + (f'<h3>Then</h3><ol class="acts">{acts}</ol>' if acts else ""))
    body = [
        "<h1>Ruling</h1>",
        f'<p class="situation"><code>{esc(described[0])}</code>'
        + (f'<br><span class="muted">{esc(described[1])}</span>' if len(described) > 1 else "") + "</p>",
        f"<p><b>Rules:</b> {esc(j.base_label)}; the base rules, every other value of each option{presets} "
        "tried.</p>",
        start,
    ]
    base = j.base_trial.outcome
    if base is not None and base.kind == "cannot_arise":
        body.append(f'<p class="panel fail">Under these rules the situation cannot arise: {esc(base.why)}</p>')
    body += [_group(j, g) for g in j.groups]
    body.append("<h2>Which options matter</h2>" + _options(j))
    if j.unchanging:
        body.append(f'<p class="muted">Do not change the result: {esc(", ".join(v.option for v in j.unchanging))}'
                    "</p>")
    if j.cannot:
        hint = f" {hint_words(j)}" if j.first_turn_hint else ""
        body.append(f"<p><b>Cannot arise under:</b> {esc(cannot_words(j))}{esc(hint)}</p>")
    if j.not_judged:
        body.append(f"<p><b>Not judged</b> (they change only cards the situation does not name): "
                    f"{esc(labels(j.not_judged))}</p>")
    if j.presets:
        body.append("<p><b>Presets:</b> " + ", ".join(
            f"<code>{esc(t.preset)}</code> \u2192 {esc(pg.letter) if (pg := j.group_of(t)) else 'cannot arise'}"
            for t in j.presets) + "</p>")
    if command:
        body.append(f'<p class="muted">Made by <code>{esc(command)}</code>.</p>')
    return page(f"Tonk ruling: {described[0][:80]}", "\n".join(body), css=CSS)
