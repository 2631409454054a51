"""A ruling as the players at the table need it: the verdict first, in their names and
their money ("Ann pays Bob 3: 2 for being caught and 1 to the lowest hand"), why in one or
two sentences, then every house rule that would change the outcome ("At tables where a
knocker who ties the lowest hand wins: Bob pays Ann 1"), each source in words ("the printed
rules say so"), and the rule IDs and brief items for whoever wants them.

The terminal's short ruling (:mod:`.ruling_text`) and the players' page (which runs this
module in the browser, through :mod:`.ask`) say the same words: :func:`verdict` builds them
once, as plain data.  The words of each option and value are the schema's own
(``x-question`` and ``x-choices`` in spec/ruleset.schema.json, read by
:mod:`tonk_ref.rulebook.options`); the words of each payment are its rule's ``paid_for``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from ..engine.actions import Action
from ..engine.cards import NAMES
from ..engine.result import Amount, Payment
from ..engine.ruleset import Ruleset
from ..rulebook.book import Rule, load_presets, rules_by_id
from ..rulebook.judging import Group, Judgement, Outcome, Trial
from ..rulebook.provenance import sentence_values

__all__ = ["Alternative", "QuotedRule", "Verdict", "amount_json", "choice_phrase", "source_words", "verdict"]


@dataclass(frozen=True)
class Alternative:
    """Another outcome, and the tables at which it holds."""

    where: str  # "a knocker who ties the lowest hand wins" (or several, joined by "or")
    outcome: str  # "Bob pays Ann 1"
    net: list[int | str]
    options: list[dict[str, Any]]  # each table's changes from the table in play
    source: str


@dataclass(frozen=True)
class QuotedRule:
    id: str
    text: str
    source: str
    brief: list[str]


@dataclass(frozen=True)
class Verdict:
    outcome: str  # ended | goes_on | refused | allowed
    headline: str
    net: list[int | str]
    names: list[str]
    why: list[str]
    source: str
    alternatives: list[Alternative]
    rules: list[QuotedRule]
    table_rules: str
    footnotes: list[str] = field(default_factory=list)
    deciding: list[QuotedRule] = field(default_factory=list)  # the rules of the sentences of ``why``

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


# ---------------------------------------------------------------------------- words


def amount_json(a: Amount) -> int | str:
    return a if isinstance(a, int) else f"{a.numerator}/{a.denominator}"


def _amount(a: Amount) -> str:
    if isinstance(a, Fraction) and a.denominator != 1:
        whole, rest = divmod(a.numerator, a.denominator)
        return f"{whole} {rest}/{a.denominator}" if whole else f"{rest}/{a.denominator}"
    return str(int(a))


def _joined(parts: Sequence[str], last: str = "and") -> str:
    parts = list(parts)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]


class _Names:
    def __init__(self, names: Sequence[str] | None, players: int) -> None:
        self.given = bool(names)
        self.names = list(names) if names else [f"seat {s}" for s in range(players)]

    def __call__(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"

    def many(self, seats: Sequence[int]) -> str:
        return _joined([self(s) for s in seats])


def _paid_for(rule_id: str) -> str:
    rule = rules_by_id().get(rule_id)
    words = getattr(rule, "paid_for", "") if rule is not None else ""
    return str(words) if words else f"under {rule_id}"


def pays_sentence(payments: Sequence[Payment], name: _Names) -> str:
    """'Ann pays Bob 3: 2 for being caught and 1 to the lowest hand'; one payer paying
    several the same, 'Ann pays Bob and Cy 3 each: ...'; several paying one the same, 'Bob
    and Cy each pay Ann 1 for a winning knock'."""
    pairs: dict[tuple[int, int], dict[str, Amount]] = {}
    for p in payments:
        if p.amount:
            parts = pairs.setdefault((p.payer, p.payee), {})
            parts[p.rule] = parts.get(p.rule, 0) + p.amount
    if not pairs:
        return "Nobody pays"

    def why(parts: dict[str, Amount]) -> tuple[Amount, str]:
        total: Amount = sum(parts.values(), start=0)
        if len(parts) == 1:
            return total, " " + _paid_for(next(iter(parts)))
        return total, ": " + _joined([f"{_amount(x)} {_paid_for(r)}" for r, x in parts.items()])

    # several payers paying one payee the same way, or one payer paying several the same way
    by_payee: dict[tuple[int, tuple[tuple[str, Amount], ...]], list[int]] = {}
    by_payer: dict[tuple[int, tuple[tuple[str, Amount], ...]], list[int]] = {}
    for (a, b), parts in pairs.items():
        key = tuple(parts.items())
        by_payee.setdefault((b, key), []).append(a)
        by_payer.setdefault((a, key), []).append(b)
    out = []
    if len(by_payee) <= len(by_payer):
        for (b, key), payers in by_payee.items():
            total, words = why(dict(key))
            if len(payers) == 1:
                out.append(f"{name(payers[0])} pays {name(b)} {_amount(total)}{words}")
            else:
                out.append(f"{name.many(payers)} each pay {name(b)} {_amount(total)}{words}")
    else:
        for (a, key), payees in by_payer.items():
            total, words = why(dict(key))
            each = " each" if len(payees) > 1 else ""
            out.append(f"{name(a)} pays {name.many(payees)} {_amount(total)}{each}{words}")
    return "; ".join(out)


def _card(c: int) -> str:
    return NAMES[c]


def action_words(action: Action | None, text: str, spreads: Sequence[tuple[int, Sequence[str]]], name: _Names
                 ) -> str:
    """An action in words ('hit 4c on Bob's run 5c 6c 7c'), from its notation."""
    if action is None:
        return text
    kind = action.type
    if kind == "knock":
        card = getattr(action, "discard", None)
        return "knock" + (f", discarding {_card(card)}" if card is not None else "")
    if kind == "draw":
        return "take the discard" if getattr(action, "source", "stock") == "discard" else "draw from the stock"
    if kind == "spread":
        return "lay " + " ".join(_card(c) for c in getattr(action, "cards", ()))
    if kind == "hit":
        k = getattr(action, "spread", 0)
        where = f"spread {k}"
        if isinstance(k, int) and 0 <= k < len(spreads):
            owner, cards = spreads[k]
            where = f"{name(owner)}'s spread {' '.join(cards)}"
        return f"hit {_card(getattr(action, 'card', 0))} on {where}"
    if kind == "discard":
        return f"discard {_card(getattr(action, 'card', 0))}"
    if kind == "declare":
        return "declare a special hand"
    return text


def _ending(o: Outcome, name: _Names, with_totals: bool = True) -> str:
    """How the hand ended, in the players' names (the money is the headline)."""
    # Not rulebook.wording.ending_words, on purpose: that one states the ending as a rule
    # does, led by its code, in the present and by seat ("knock_caught: seat 0 knocks and
    # is caught; seat 1 wins"); this one tells players what happened at their table, in
    # the past, by name, with the totals counted ("Ann knocked and was caught; Bob won
    # (Ann 12, Bob 9)."), and some endings in other words (a dealt tonk's 49 or 50).
    w = name.many(o.winners)
    k = name(o.knocker)
    totals = ""
    if o.totals is not None and o.knocker is not None and with_totals:
        totals = " (" + ", ".join(f"{name(s)} {t}" for s, t in enumerate(o.totals)) + ")"
    ending = o.ending
    if ending == "knock_caught":
        return f"{k} knocked and was caught; {w} won{totals}."
    if ending == "knock_won":
        return f"{k} knocked and won{totals}."
    if ending == "knock_tie":
        return f"{k} knocked and tied the lowest hand{totals}: " + (f"{w} share the win." if o.winners else
                                                                     "a draw.")
    if ending == "tonk_out":
        return f"{w} went out without a discard."
    if ending == "out_by_discard":
        return f"{w} went out by discarding the last card."
    if ending == "dealt_tonk":
        return f"{w} was dealt a winning hand (49 or 50)."
    if ending == "dealt_draw":
        return "Two players were dealt 49 or 50: the hand is a draw."
    if ending in ("stock_out", "turn_limit"):
        why = "The stock ran out" if ending == "stock_out" else "The turn limit ended the hand"
        return f"{why}; " + (f"{w} won with the lowest total." if o.winners else "nobody won.")
    if ending == "reem":
        return f"{w} laid a second spread and won (a reem)."
    if ending == "special_hand":
        return f"{w} declared a special hand and won."
    return f"The hand ended ({ending})."


def _refused(o: Outcome, j: Judgement, name: _Names) -> tuple[str, str]:
    r = o.refusal or {}
    step = _refused_step(o, j)
    seat = step.seat if step is not None else None
    what = action_words(step.action if step else None, str(r.get("action", "")), _spreads(j), name)
    if o.kind == "allowed":
        return f"Allowed: {name(seat)} may {what}", "The scenario expects it refused, but these rules allow it."
    several = r.get("messages")  # the rulesets of the group word it differently: each wording, in order
    text = "; or ".join(str(m["message"]) for m in several) if several else str(r.get("message", ""))
    message = _named(_no_ids(text), name)
    return f"Not allowed: {name(seat)} may not {what} now", (message[:1].upper() + message[1:] + ".") if message else ""


def _refused_step(o: Outcome, j: Judgement) -> Any:
    where = (o.refusal or {}).get("where")
    return next((s for s in j.situation.acts if s.where == where), None)


def _spreads(j: Judgement) -> list[tuple[int, list[str]]]:
    data = j.situation.to_json()
    return [(int(s["owner"]), [str(c) for c in s["cards"]]) for s in data.get("spreads") or []]


def _headline(o: Outcome, j: Judgement, name: _Names) -> tuple[str, str]:
    """The verdict and the sentence that says what happened."""
    if o.kind == "ended":
        return pays_sentence(o.payments, name), _ending(o, name)
    if o.kind == "goes_on":
        knock = next((e for e in o.events if e.kind == "last_turns"), None)
        stage = "to start a turn" if o.stage == "start" else "having drawn"
        if knock is not None:
            return (f"Nobody pays yet: the others play a last turn after {name(knock.seat)}'s knock",
                    f"{name(o.to_act)} is to play ({stage}).")
        notes = "".join(f" {_named(n, name)[:1].upper()}{_named(n, name)[1:]}." for n in o.notes)
        return "Allowed: the hand goes on", f"{name(o.to_act)} is to play ({stage}); the stock holds {o.stock}.{notes}"
    return _refused(o, j, name)


def _named(text: str, name: _Names) -> str:
    """A note of the judge ('seat 0 may not knock ...') in the players' names."""
    import re

    text = re.sub(r"\bits next 1 turn\(s\)", "their next turn", text)
    text = re.sub(r"\bits next (\d+) turn\(s\)", r"their next \1 turns", text)
    return re.sub(r"\bseat (\d+)\b", lambda m: name(int(m.group(1))), text) if name.given else text


def _no_ids(text: str) -> str:
    """A message without the rule IDs it cites in brackets ('(VAR-DECK40-1)'): the rules
    are quoted beside it, in words."""
    import re

    text = re.sub(r",? as [A-Z]{3,}(?:-[A-Z0-9]+)+ says", "", text)
    return re.sub(r"\s*\((?:[A-Z]{3,}(?:-[A-Z0-9]+)+(?:, )?)+\)", "", text)


def _stakes(text: str) -> str:
    """A rule's sentence with the stake in words: '2S' is '2 stakes', 'S' is 'a stake'."""
    import re

    text = re.sub(r"(?<![\w-])([2-9]|\d\d+)S(?![\w-])", r"\1 stakes", text)
    return re.sub(r"(?<![\w-])1?S(?![\w-])", "a stake", text)


def _lower(text: str, name: _Names | None = None) -> str:
    """A sentence made a phrase: its first word lower-cased, unless it is a player's name."""
    first = text.split(" ", 1)[0].rstrip("'s,.:;")
    if name is not None and name.given and first in name.names:
        return text
    return text[:1].lower() + text[1:]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def outcome_phrase(o: Outcome, j: Judgement, name: _Names) -> str:
    """An alternative's outcome in one phrase."""
    head, then = _headline(o, j, name)
    if o.kind == "ended" and not o.payments:
        short = _ending(o, name, with_totals=False).rstrip(".").split(": ")[-1]  # 'a draw', not how it came
        return f"nobody pays ({_lower(short, name)})"
    if o.kind == "refused":
        head = head.removeprefix("Not allowed: ").removesuffix(" now")
        return head + (f" ({_lower(then.rstrip('.'), name)})" if then else "")
    if o.kind == "allowed":
        return _lower(head, name)
    if o.kind == "goes_on" and o.notes:
        return "the hand goes on, and " + "; ".join(_named(n, name) for n in o.notes)
    return _lower(head, name)


# ---------------------------------------------------------------------------- where a rule comes from


def _written_sources(rule: Rule) -> list[str]:
    """The presets of a written source (not the seed set) whose sources list one of the rule's
    decisions: the tables that decide as this rulebook does."""
    decisions = set(rule.items("D"))
    out = []
    for name, preset in load_presets().items():
        if name.startswith("seed") or not decisions:
            continue
        if decisions & set(preset.sources):
            out.append(name)
    return out


def source_words(rule: Rule, rules: Ruleset) -> str:
    """Where a rule's sentence comes from, in words a player reads."""
    from ..rulebook.options import option_facts

    changed = sentence_values(rule, rules)
    if changed:
        facts = option_facts()
        if any(o in facts and facts[o].is_unsourced(v) for o, v in changed.items()):
            return "a house rule with no written source"
        return ("a house rule, not the printed rules" if rule.items("V")
                else "your table's house rule, not the printed rules")
    if rule.basis == "seeds":
        return "the printed rules say so"
    if rule.basis == "decided":
        agree = _written_sources(rule)
        also = f", as {_joined(agree)} {'does' if len(agree) == 1 else 'do'}" if agree else ""
        seeds = rule.items("S")
        if rule.seeds_disagree:
            return f"the printed rules disagree; this rulebook takes a side{also}"
        if seeds:
            return f"the printed rules say part of it; this rulebook decides the rest{also}"
        return f"the printed rules don't say; this rulebook decides{also}"
    return "a house rule, not the printed rules"


# ---------------------------------------------------------------------------- option words


def choice_phrase(changes: dict[str, Any]) -> str:
    """The table a set of option changes makes, in words: 'a knocker who ties the lowest
    hand wins' (the schema's x-choices), joined by 'and'."""
    from ..rulebook.options import choice_words

    return _joined([choice_words(option, value) for option, value in changes.items()])


def table_of(rules: Ruleset) -> tuple[str, dict[str, Any]]:
    """The preset nearest a table's rules (the fewest options changed, the seed rules first
    among equals) and the options the table changes from it."""
    presets = load_presets()
    best = min(presets.values(), key=lambda p: len(_diff(p.ruleset(), rules)))
    return best.name, _diff(best.ruleset(), rules)


def _table_words(j: Judgement) -> str:
    preset, diff = table_of(j.base)
    return preset + (", with: " + choice_phrase(diff) if diff else "")


def _diff(a: Ruleset, b: Ruleset) -> dict[str, Any]:
    da, db = a.to_dict(), b.to_dict()
    return {k: v for k, v in db.items() if da.get(k) != v}


# ---------------------------------------------------------------------------- the verdict


def _base_group(j: Judgement) -> Group | None:
    return j.group_of(j.base_trial)


def _why(j: Judgement, g: Group) -> tuple[list[QuotedRule], str, list[QuotedRule]]:
    by_id = rules_by_id()
    deciding = j.deciding(g)
    quoted: list[QuotedRule] = []
    for rid in deciding:
        rule = by_id.get(rid)
        if rule is None:
            continue
        # the sentence of the table's own rules: the first quote of the base group speaks for them
        for q in j.quotes(g, rid)[:1]:
            if q.under and not any(t is j.base_trial for t in q.trials):
                continue  # a sentence of other tables of the group, not of this one
            quoted.append(QuotedRule(rid, q.text, source_words(rule, j.base), list(rule.brief)))
    # the deciding rule, and every rule whose sentence the table's own house rules decide:
    # the very rule the players argue about is never left out
    argued = [q for q in quoted[1:] if sentence_values(by_id[q.id], j.base)][:1]
    source = quoted[0].source if quoted else ""
    return quoted[:1] + argued, source, quoted


def verdict(j: Judgement) -> Verdict:
    """The verdict of a judgement under the table's own rules, with every other outcome a
    house rule reaches (outcome ``cannot_arise`` when the situation cannot arise under the
    table's rules: then only the other tables' outcomes)."""
    names = getattr(j.situation, "names", None)
    name = _Names(names, j.situation.players)
    g = _base_group(j)
    if g is None:  # the situation cannot arise under the table's rules: what other tables do
        base = j.base_trial.outcome
        why_not = base.why if base is not None else ""
        why_not = _no_ids(why_not)
        headline, then = "This cannot happen under your table's rules", why_not[:1].upper() + why_not[1:]
        why, source = [then] if then else [], ""
        quoted: list[QuotedRule] = []
        deciding: list[QuotedRule] = []
        o = None
    else:
        o = g.outcome
        headline, then = (_capital(t) for t in _headline(o, j, name))
        deciding, source, quoted = _why(j, g)
        said = [_no_ids(_stakes(q.text)) for q in deciding]  # the IDs are beside them, in ``deciding``
        why = [then, *said] if then else said
    alternatives = []
    for other in j.groups:
        if other is g:
            continue
        trials = [t for t in other.trials if t.preset is None]
        if not trials or (o is not None and _same_for_players(o, other.outcome, j, name)):
            continue  # the same money (other totals, another rule's words): no other outcome for the players
        alternatives.append(_alternative(j, other, trials, name))
    net = [amount_json(a) for a in o.net] if o is not None and o.kind == "ended" else []
    footnotes = []
    played = j.base_trial.played
    for seat, cards in sorted(getattr(played, "filled", {}).items()):
        total = getattr(j.situation, "totals", {}).get(seat)
        given = f"given by its total, {total}" if total is not None else "not shown"
        footnotes.append(f"{name(seat)}'s hand, {given}, was taken as {' '.join(_card(c) for c in cards)}.")
    hint = [t for t in j.first_turn_hint if t.preset is None]
    if hint:
        footnotes.append("If nobody has played yet (say 'first turn'), it can also happen at tables where "
                         + _joined([choice_phrase(t.changes(j.base)) for t in hint], "or") + ".")
    kind = o.kind if o is not None else "cannot_arise"
    return Verdict(kind, headline, net, name.names, why, source, alternatives, quoted, _table_words(j), footnotes,
                   deciding)


def _where(j: Judgement, trials: list[Trial]) -> str:
    """The tables of an alternative in words; several values of one option share the words
    they begin with ('a player who lays a spread may not knock in that turn, nor for one
    turn after; or two turns after')."""
    phrases = [choice_phrase(t.changes(j.base)) for t in trials]
    if len(phrases) < 2 or len({t.option for t in trials}) != 1 or any(len(t.changes(j.base)) != 1 for t in trials):
        return _joined(phrases, "or")
    words = [p.split(" ") for p in phrases]
    common = 0
    while all(len(w) > common + 1 for w in words) and len({w[common] for w in words}) == 1:
        common += 1
    if common < 4:
        return "; or ".join(phrases)
    head = " ".join(words[0][:common])
    return head + " " + "; or ".join(" ".join(w[common:]) for w in words)


def _same_for_players(a: Outcome, b: Outcome, j: Judgement, name: _Names) -> bool:
    """Whether two outcomes are the same to the players: the same money for an ended hand
    (whatever the totals or the rule that names it), else the same words."""
    if a.kind != b.kind:
        return False
    if a.kind == "ended":
        if any(a.net) or any(b.net):
            return a.net == b.net
        return a.ending == b.ending  # nobody pays either way: the same only for the same reason
    return _headline(a, j, name) == _headline(b, j, name)


def _alternative(j: Judgement, g: Group, trials: list[Trial], name: _Names) -> Alternative:
    by_id = rules_by_id()
    o = g.outcome
    where = _where(j, trials)
    rid = next((r for r in j.deciding(g) if r in by_id), None)
    source = source_words(by_id[rid], trials[0].ruleset) if rid else ""
    net = [amount_json(a) for a in o.net] if o.kind == "ended" else []
    return Alternative(where, outcome_phrase(o, j, name), net, [t.changes(j.base) for t in trials], source)
