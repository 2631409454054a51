"""``tonk diff --format html``: the witnesses of two rulesets' disagreement as one page,
each situation drawn as cards (as a ruling draws it), the two outcomes side by side, the
deciding rule in the words of each ruleset, and the scenario file."""

from __future__ import annotations

from ..engine.serialize import state_to_json
from ..spec.rulebook import provenance, rules_by_id
from ..spec.situation import CannotArise, Description
from ..views import cardface
from ..views.htmlpage import esc, page
from .diff import changes_line, judge_command, nothing_line, outcome_line
from .diffsearch import Diff, Witness
from .ruling_html import CSS, rule_html


def _witness(d: Diff, k: int, w: Witness) -> str:
    sit = Description(w.description)
    try:
        table = cardface.table(state_to_json(sit.start(d.a.rules)))
    except CannotArise:
        table = ""
    acts = "".join(f"<li><code>{esc(a.text)}</code></li>" for a in sit.acts)
    rule = rules_by_id().get(w.rule)
    said = ""
    if rule is not None:
        said = rule_html(w.rule, [(rule.text_under(s.rules), provenance(rule, s.rules, 60), f"{label} ({s.label})")
                                  for label, s in (("A", d.a), ("B", d.b))])
    scenario = (f"<details><summary>Scenario file</summary><div class=\"body\"><pre>{esc(w.scenario)}</pre></div>"
                "</details>" if w.scenario else f'<p class="muted">{esc(w.scenario_note)}</p>')
    return (f'<section class="group" id="witness-{k}"><h2><span class="letter">{k}</span>Decided by '
            f"<code>{esc(w.rule)}</code></h2><p class=\"situation\"><code>{esc(w.description)}</code></p>"
            f"{table}<h3>Then</h3><ol class=\"acts\">{acts or '<li>nothing: the deal itself</li>'}</ol>"
            f'<div class="grid2"><div><h3>Under A</h3><p class="outcome">{esc(outcome_line(w, 0))}</p></div>'
            f'<div><h3>Under B</h3><p class="outcome">{esc(outcome_line(w, 1))}</p></div></div>'
            f"<h3>The rule</h3>{said}<p>Check it: <code>{esc(judge_command(w, d.a))}</code></p>{scenario}</section>")


def diff_page(d: Diff) -> str:
    body = [f"<h1>Where {esc(d.a.label)} and {esc(d.b.label)} disagree</h1>",
            f"<p><b>A:</b> {esc(d.a.label)} · <b>B:</b> {esc(d.b.label)}</p>",
            f"<p><b>They differ in:</b> {esc(changes_line(d))}</p>"]
    body += [_witness(d, k, w) for k, w in enumerate(d.witnesses, 1)]
    if not d.witnesses:
        body.append(f'<p class="panel">{esc(nothing_line(d))}</p>')
    if d.inert:
        body.append("<h2>Cannot change a hand within the bound</h2><ul>"
                    + "".join(f"<li><code>{esc(i.option)}</code>: {esc(i.reason)}</li>" for i in d.inert) + "</ul>")
    body.append(f'<p class="muted">Searched {d.searched} situations in {d.seconds:.1f} s. Made by '
                f"<code>tonk diff {esc(d.a.label)} {esc(d.b.label)} --format html</code>.</p>")
    return page(f"Tonk diff: {d.a.label} / {d.b.label}", "\n".join(body), css=CSS)
