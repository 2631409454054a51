"""``tonk explain --format html``: a replay as one self-contained page: the deal (or the
situation) drawn as cards, then each step with its events, each event with its rule in
the sentence that holds under the ruleset in play and where the rule comes from, a
refusal with its reason and deciding rules, the table after the step, and the result.
The cards and the rule quotes are drawn as in a ruling (:mod:`.ruling_html`)."""

from __future__ import annotations

from ..engine.actions import REASONS
from ..engine.hand import Event, Hand
from ..engine.ruleset import Ruleset
from ..engine.serialize import state_to_json
from ..spec.rulebook import provenance, rules_by_id
from ..spec.situation import Situation
from ..spec.wording import PLAIN, amount, ending_words, event_text, seats, signed
from ..views import cardface
from ..views.htmlpage import esc, page
from .explain import Moment, expected_for, replay
from .ruling_html import CSS, rule_html

STEP_CSS = """
section.step{border-top:1px solid var(--line);margin-top:1rem}
section.step h2{border:0}
.refused{color:var(--fail);font-weight:600}
ul.events{list-style:none;padding-left:0}ul.events>li{margin:.35rem 0}
"""


def _quote(rid: str, rules: Ruleset) -> str:
    rule = rules_by_id().get(rid)
    if rule is None:
        return rule_html(rid, [("(not in spec/rules.yaml)", "", "")])
    return rule_html(rid, [(rule.text_under(rules), provenance(rule, rules, 60), "")])


def _events(events: list[Event], hand_size: int, rules: Ruleset) -> str:
    items = []
    for e in events:
        if e.kind == "end":
            continue
        quotes = _quote(e.rule, rules)
        if e.kind == "knock":
            quotes += _quote("TURN-3", rules)
        items.append(f"<li>{esc(event_text(e, hand_size, PLAIN))}{quotes}</li>")
    return f'<ul class="events">{"".join(items)}</ul>' if items else ""


def _moment(m: Moment, rules: Ruleset, hand_size: int) -> str:
    act = m.act
    words = act.text.split(" ", 1)[1] if " " in act.text else act.text
    out = [f'<section class="step" id="step-{m.index}"><h2>Step {m.index}: seat {act.seat}: <code>{esc(words)}'
           f'</code> <small class="muted">({esc(act.where)})</small></h2>']
    if m.kind == "over":
        out.append(f"<p>The hand is over: this step and the {m.left} after it are not played.</p>")
    elif m.kind == "malformed":
        out.append(f'<p class="refused">Refused: malformed_action: {esc(act.malformed)}</p>'
                   f'<p class="muted">{esc(REASONS["malformed_action"])}</p>'
                   "<p>The scenario expects this refusal; the table is unchanged.</p>")
    elif m.kind == "refused":
        e = m.error
        assert e is not None
        out.append(f'<p class="refused">Refused: {esc(e.reason)}: {esc(e.message)}</p>'
                   f'<p class="muted">{esc(REASONS[e.reason])}</p>')
        out += [_quote(rid, rules) for rid in m.deciding]
        if act.reject is not None:
            out.append(f"<p>The scenario expects this refusal{esc(expected_for(act.reject, e.reason))}; the table "
                       "is unchanged.</p>")
        else:
            out.append(f"<p>Under these rules the rest of the script ({m.left} step(s)) does not apply.</p>")
    else:
        if act.reject is not None:
            out.append(f"<p>Allowed under these rules, though the scenario expects it refused ({esc(act.reject)})."
                       "</p>")
        out.append(_events(m.events, hand_size, rules))
        for rid, words_ in m.settlement:
            out.append(f"<p>{esc(words_)}</p>{_quote(rid, rules)}")
        out.append(_events(m.pays, hand_size, rules))
        if m.table is not None:
            out.append(cardface.table(state_to_json(m.table)))
    out.append("</section>")
    return "".join(out)


def _result(hand: Hand) -> str:
    r = hand.result
    if r is None:
        return f"<h2>Result</h2><p>The hand is not over: seat {hand.to_act} is to act ({esc(hand.stage)}).</p>"
    rows = [f'<p class="outcome">{esc(ending_words(r.ending, r.winners, r.knocker))}</p>', '<dl class="kv">']
    if r.totals is not None:
        rows.append(f"<dt>totals</dt><dd>{esc(' · '.join(f'seat {s}: {t}' for s, t in enumerate(r.totals)))}</dd>")
    pays = "<br>".join(f"seat {p.payer} pays seat {p.payee} {esc(amount(p.amount))} "
                       f'<small class="muted">({esc(p.rule)})</small>' for p in r.payments)
    rows.append(f"<dt>payments</dt><dd>{pays or 'nobody pays'}</dd>")
    rows.append(f"<dt>net</dt><dd>{esc(' · '.join(f'seat {s}: {signed(a)}' for s, a in enumerate(r.net)))}</dd>")
    rows.append(f"<dt>winners</dt><dd>{esc(seats(r.winners))}</dd></dl>")
    return "<h2>Result</h2>" + "".join(rows)


def replay_page(situation: Situation, hand: Hand, label: str, command: str = "") -> str:
    """The whole page of a replay of ``situation`` from ``hand`` (played in place)."""
    rules = hand.rules
    hs = rules.hand_size_for(hand.players)
    described = situation.describe()
    body = [f"<h1>Replay</h1><p class=\"situation\"><code>{esc(described[0])}</code>"
            + (f'<br><span class="muted">{esc(described[1])}</span>' if len(described) > 1 else "") + "</p>",
            f"<p><b>Rules:</b> {esc(label)}</p>"]
    if situation.from_deal:
        body.append(f"<h2>The deal</h2>{_events(hand.events, hs, rules)}")
    else:
        body.append("<h2>The situation</h2>")
    body.append(cardface.table(state_to_json(hand)))
    body += [_moment(m, rules, hs) for m in replay(situation, hand)]
    body.append(_result(hand))
    if command:
        body.append(f'<p class="muted">Made by <code>{esc(command)}</code>.</p>')
    return page(f"Tonk replay: {described[0][:80]}", "\n".join(body), css=CSS + STEP_CSS)
