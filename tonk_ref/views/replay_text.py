"""A replay in words, for ``tonk explain``: the text (the table after each step, each
event and payment with its rule ID, the rule's sentence under the ruleset in play and
where the rule comes from, each refusal with its reason code and rules, and the result),
and the words of its HTML page (:func:`replay_view`, laid out by :mod:`.replay_html`)."""

from __future__ import annotations

from dataclasses import replace

from ..engine.actions import REASONS
from ..engine.hand import Event, Hand
from ..engine.ruleset import Ruleset
from ..engine.serialize import state_to_json
from ..rulebook.book import rules_by_id
from ..rulebook.provenance import provenance
from ..rulebook.replaying import Moment, replay
from ..rulebook.situation import Situation
from ..rulebook.wording import PLAIN, Style, amount, draw_table, ending_words, event_text, seats, signed, wrap
from .replay_html import ReplayPage, Said
from .replay_html import Result as PageResult
from .replay_html import Step as PageStep
from .ruling_html import Pay
from .ruling_html import quote as page_quote


def quote(rule_id: str, rules: Ruleset, style: Style, indent: str = "      ") -> list[str]:
    """The rule's sentence under ``rules``, in quotes, and where the rule comes from."""
    rule = rules_by_id().get(rule_id)
    if rule is None:
        return [style.dim(x) for x in wrap('"(not in spec/rules.yaml)"', 86, indent)]
    lines = wrap(f'"{rule.text_under(rules)}"', 86, indent)
    lines += wrap(f"[{provenance(rule, rules, 60)}]", 86, indent)
    return [style.dim(x) for x in lines]


def explain(situation: Situation, hand: Hand, label: str, style: Style) -> list[str]:
    out: list[str] = []
    rules = hand.rules
    hs = hand.rules.hand_size_for(hand.players)
    for line in situation.describe():
        out.append(style.bold(line) if not out else line)
    out.append(f"Rules: {label}")
    out.append("")
    if situation.from_deal:
        out.append(style.bold("The deal"))
        out += _events(hand.events, hs, style, rules)
    else:
        out.append(style.bold("The situation"))
    out += draw_table(hand, style)
    for m in replay(situation, hand):
        act = m.act
        out.append("")
        out.append(style.bold(f"Step {m.index} ({act.where}): seat {act.seat}: {_action_words(act.text)}"))
        if m.kind == "over":
            out.append(f"  the hand is over: this step and the {m.left} after it are not played")
        elif m.kind == "malformed":
            out.append(f"  refused: malformed_action: {act.malformed}")
            out.append(f"    {style.dim(REASONS['malformed_action'])}")
            out.append("  the scenario expects this refusal; the table is unchanged")
        elif m.kind == "refused":
            e = m.error
            assert e is not None
            shown = f" ({', '.join(m.deciding)})" if m.deciding else ""
            out.append(f"  refused: {e.reason}{shown}: {e.message}")
            out.append(f"    {style.dim(REASONS[e.reason])}")
            for rid in m.deciding:
                out.append(f"    {style.bold(rid)}")
                out += quote(rid, rules, style, "      ")
            if act.reject is not None:
                out.append(f"  the scenario expects this refusal{expected_for(act.reject, e.reason)}; the table is "
                           "unchanged")
            else:
                out.append(f"  under these rules the rest of the script ({m.left} step(s)) does not apply")
        else:
            if act.reject is not None:
                out.append(f"  allowed under these rules, though the scenario expects it refused ({act.reject})")
            out += _events(m.events, hs, style, rules)
            for rid, words in m.settlement:
                out.append(f"  {style.bold(rid)}  {words}")
                out += quote(rid, rules, style)
            out += _events(m.pays, hs, style, rules)
            out += draw_table(hand if m.table is None else m.table, style)
    out.append("")
    out += result_lines(hand, style)
    return out


def expected_for(reject: str | bool, reason: str) -> str:
    """' (for not_in_hand)' when the script expects a refusal for another reason."""
    return "" if reject is True or reject == reason else f" (for {reject})"


def _action_words(text: str) -> str:
    return text.split(" ", 1)[1] if " " in text else text


def _events(events: list[Event], hand_size: int, style: Style, rules: Ruleset) -> list[str]:
    out: list[str] = []
    for e in events:
        if e.kind == "end":
            continue
        out.append(f"  {style.bold(e.rule)}  {event_text(e, hand_size, style)}")
        out += quote(e.rule, rules, style)
        if e.kind == "knock":  # when a knock is allowed is TURN-3's, under the ruleset in play
            out.append(f"  {style.bold('TURN-3')}  when seat {e.seat} may knock")
            out += quote("TURN-3", rules, style)
    return out


def result_lines(hand: Hand, style: Style) -> list[str]:
    r = hand.result
    if r is None:
        return [style.bold("Result: the hand is not over") + f": seat {hand.to_act} is to act ({hand.stage})"]
    out = [style.bold(f"Result: {ending_words(r.ending, r.winners, r.knocker)}")]
    if r.totals is not None:
        out.append("  totals    " + " · ".join(f"seat {s}: {t}" for s, t in enumerate(r.totals)))
    if r.payments:
        for i, p in enumerate(r.payments):
            head = "payments" if i == 0 else "        "
            out.append(f"  {head}  seat {p.payer} pays seat {p.payee} {amount(p.amount)}  ({p.rule})")
    else:
        out.append("  payments  nobody pays")
    out.append("  net       " + " · ".join(f"seat {s}: {signed(a)}" for s, a in enumerate(r.net)))
    out.append(f"  winners   {seats(r.winners)}")
    return out


# ---------------------------------------------------------------------------- the page (views.replay_html)


def _said(events: list[Event], hand_size: int, rules: Ruleset) -> tuple[Said, ...]:
    """Each event but the end, in words, with its rule (and TURN-3 for a knock) quoted."""
    return tuple(Said(event_text(e, hand_size, PLAIN),
                      (page_quote(e.rule, rules), *((page_quote("TURN-3", rules),) if e.kind == "knock" else ())))
                 for e in events if e.kind != "end")


def _page_step(m: Moment, rules: Ruleset, hand_size: int) -> PageStep:
    act = m.act
    words = act.text.split(" ", 1)[1] if " " in act.text else act.text
    step = PageStep(m.index, act.seat, words, act.where, m.kind, left=m.left)
    if m.kind == "malformed":
        return replace(step, message=str(act.malformed), meaning=REASONS["malformed_action"])
    if m.kind == "refused":
        e = m.error
        assert e is not None
        return replace(step, reason=e.reason, message=e.message, meaning=REASONS[e.reason],
                       deciding=tuple(page_quote(rid, rules) for rid in m.deciding),
                       expects_refusal=act.reject is not None,
                       expected=expected_for(act.reject, e.reason) if act.reject is not None else "")
    if m.kind == "played":
        return replace(step, expects_refusal=act.reject is not None,
                       expected=str(act.reject) if act.reject is not None else "",
                       events=_said(m.events, hand_size, rules),
                       settlement=tuple((w, page_quote(rid, rules)) for rid, w in m.settlement),
                       pays=_said(m.pays, hand_size, rules),
                       table=None if m.table is None else state_to_json(m.table))
    return step


def _page_result(hand: Hand) -> PageResult:
    r = hand.result
    if r is None:
        return PageResult(False, to_act=hand.to_act, stage=hand.stage)
    return PageResult(
        True, ending=ending_words(r.ending, r.winners, r.knocker),
        totals=" · ".join(f"seat {s}: {t}" for s, t in enumerate(r.totals)) if r.totals is not None else "",
        payments=tuple(Pay(p.payer, p.payee, amount(p.amount), p.rule) for p in r.payments),
        net=" · ".join(f"seat {s}: {signed(a)}" for s, a in enumerate(r.net)), winners=seats(r.winners))


def replay_view(situation: Situation, hand: Hand, label: str, command: str = "") -> ReplayPage:
    """A replay of ``situation`` from ``hand`` (played in place) in the words of its page."""
    rules = hand.rules
    hs = rules.hand_size_for(hand.players)
    deal = _said(hand.events, hs, rules) if situation.from_deal else ()
    start = state_to_json(hand)
    steps = tuple(_page_step(m, rules, hs) for m in replay(situation, hand))
    return ReplayPage(tuple(situation.describe()), label, situation.from_deal, deal, start, steps,
                      _page_result(hand), command)
