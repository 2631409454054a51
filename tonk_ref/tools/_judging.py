"""The judge's work: play one situation under a base ruleset and under every alternative
value of every option (one option at a time; the presets too with ``--all``), group the
rulesets that reach the same outcome, and say which options change it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.hand import Event
from ..engine.result import Amount, Payment
from ..engine.ruleset import DEFAULT, Ruleset, option_values
from ._situation import Played, Situation, play
from ._table import PLAIN, amount, event_text, option_text, rule_text, show_value

#: Options that act between hands (the first dealer, the next dealer, points scoring):
#: a single hand is played the same under every value, so the judge does not try them.
BETWEEN_HANDS = ("first_dealer", "next_dealer", "dealer_after_draw", "scoring")

#: Options that only take effect together with another option: when the base does not
#: have it, the value is tried together with it.
NEEDS: dict[str, dict[str, Any]] = {
    "joker_value": {"jokers": 2},
    "wild_min_naturals": {"deuces_wild": True},
}

#: Event kinds that decide how a hand ends (shown for scenarios, whose early events are many).
DECISIVE = frozenset(
    {"dealt_tonk", "dealt_draw", "dealt_best", "dealt_split", "eat", "hit_lock", "tonk_out", "out", "knock",
     "empty_stock", "restock", "dead_hand"}
)


@dataclass
class Trial:
    """One ruleset tried: the base, one option changed (with what it needs), or a preset."""

    label: str
    ruleset: Ruleset
    option: str | None = None
    value: object = None
    preset: str | None = None
    played: Played | None = None
    outcome: Outcome | None = None

    def changes(self, base: Ruleset) -> dict[str, Any]:
        mine = self.ruleset.to_dict()
        return {k: v for k, v in mine.items() if base.to_dict()[k] != v}


@dataclass
class Outcome:
    """What one ruleset decides, in a form that compares and prints."""

    kind: str  # ended | goes_on | refused | allowed | cannot_arise
    key: tuple[Any, ...]
    money: tuple[Any, ...]  # the key without the totals: who pays whom
    ending: str | None = None
    winners: tuple[int, ...] = ()
    totals: tuple[int, ...] | None = None
    knocker: int | None = None
    payments: tuple[Payment, ...] = ()
    net: tuple[Amount, ...] = ()
    events: list[Event] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)  # the rule IDs that decided, in order
    notes: list[str] = field(default_factory=list)
    why: str = ""
    refusal: dict[str, Any] | None = None
    to_act: int | None = None
    stock: int = 0
    stage: str = ""


def outcome_of(p: Played, situation: Situation) -> Outcome:
    if p.kind == "cannot_arise":
        return Outcome("cannot_arise", ("cannot_arise", p.why), ("cannot_arise", p.why), why=p.why)
    hand = p.hand
    assert hand is not None
    events = hand.events[p.first_event :]
    shown = [e for e in events if e.kind not in ("pay", "end", "deal", "upcard", "no_upcard")]
    if situation.kind == "scenario":
        shown = [e for e in shown if e.kind in DECISIVE or (e.kind == "discard" and e.rule == "TURN-3")]
    rules: list[str] = []

    def cite(rid: str) -> None:
        if rid not in rules:
            rules.append(rid)

    notes: list[str] = []
    if p.kind in ("refused", "allowed"):
        act = p.act
        assert act is not None
        for e in shown:
            cite(e.rule)
        key: tuple[Any, ...]
        refusal: dict[str, Any]
        if p.kind == "refused":
            err = p.error
            assert err is not None
            refusal = {"action": act.text, "where": act.where, "reason": err.reason, "rule": err.rule,
                       "message": err.message}
            if err.rule:
                cite(err.rule)
            key = ("refused", act.where, err.reason, err.rule)
        else:
            refusal = {"action": act.text, "where": act.where, "expected": act.reject}
            key = ("allowed", act.where)
        return Outcome(p.kind, key, key, events=shown, rules=rules, refusal=refusal)
    if p.kind == "goes_on":
        for e in shown:
            cite(e.rule)
        state = (
            tuple(tuple(hand.hand(s)) for s in range(hand.players)),
            tuple((sp.owner, sp.cards) for sp in hand.spreads),
            hand.discard_top, hand.to_act, hand.stage, hand.knock_locks, hand.knock_waits, hand.must_use_taken,
        )  # fmt: skip
        key_on: tuple[Any, ...] = ("goes_on", state)
        for s, n in enumerate(hand.knock_waits):
            if n:
                cite("VAR-KNOCKWAIT-1")
                notes.append(f"seat {s} laid a spread and may not knock on its next {n} turn(s)")
        for s, n in enumerate(hand.knock_locks):
            if n:
                cite("VAR-HITLOCK-1")
                notes.append(f"seat {s}'s spread was hit and seat {s} may not knock on its next {n} turn(s)")
        if hand.must_use_taken:
            cite("VAR-MUSTUSE-1")
            notes.append(f"seat {hand.to_act} must use the card taken from the discard pile at once")
        return Outcome("goes_on", key_on, key_on, events=shown, rules=rules, notes=notes, to_act=hand.to_act,
                       stock=hand.stock_count, stage=hand.stage)
    r = hand.result
    assert r is not None
    for e in shown:
        cite(e.rule)
        if e.kind == "knock":
            cite("TURN-3")
            cite("PAY-KNOCK-1")
            cite("CARD-4")
        elif e.kind == "empty_stock":
            cite("CARD-4")
    if r.ending in ("knock_won", "knock_caught") and r.totals is not None and r.knocker is not None:
        others = [t for s, t in enumerate(r.totals) if s != r.knocker]
        if r.totals[r.knocker] == min(others):
            if r.ending == "knock_caught":
                cite("PAY-KNOCK-3")
            else:
                notes.append("knock_tie = knocker_wins: the knocker ties the lowest total and wins the tie")
    if r.ending == "stock_out" and r.totals is not None and hand.rules.empty_stock != "dead":
        low = min(r.totals)
        if sum(1 for t in r.totals if t == low) > 1:
            cite("PAY-STOCK-2")
            if not r.payments:
                notes.append("stock_tie = dead: a tie for the lowest total at the empty stock pays nothing")
    for pay in r.payments:
        cite(pay.rule)
    if p.unplayed:
        notes.append(f"the hand ended before '{p.unplayed[0].text}' ({p.unplayed[0].where}); "
                     f"{len(p.unplayed)} action(s) were not played")
    pays = tuple(sorted((x.payer, x.payee, x.amount, x.rule) for x in r.payments))
    money: tuple[Any, ...] = ("ended", r.ending, r.winners, pays, r.net, bool(p.unplayed))
    return Outcome("ended", (*money, r.totals), money, ending=r.ending, winners=r.winners, totals=r.totals,
                   knocker=r.knocker, payments=r.payments, net=r.net, events=shown, rules=rules, notes=notes)


@dataclass
class Group:
    letter: str
    outcome: Outcome
    trials: list[Trial]

    @property
    def first(self) -> Trial:
        return self.trials[0]


@dataclass
class OptionVerdict:
    """What one option does here: its values and the group each reaches."""

    option: str
    results: list[tuple[object, str | None, str]]  # value, group letter (None: cannot arise), label
    changes: bool
    money: bool  # changes who pays whom (not only the counts)
    with_: dict[str, Any] = field(default_factory=dict)  # options set with it (NEEDS)


@dataclass
class Judgement:
    situation: Situation
    base: Ruleset
    base_label: str
    trials: list[Trial]
    groups: list[Group]
    cannot: list[Trial]
    verdicts: list[OptionVerdict]
    presets: list[Trial]

    @property
    def base_trial(self) -> Trial:
        return self.trials[0]

    def group_of(self, trial: Trial) -> Group | None:
        for g in self.groups:
            if any(t is trial for t in g.trials):
                return g
        return None

    @property
    def changing(self) -> list[OptionVerdict]:
        return [v for v in self.verdicts if v.changes]

    @property
    def unchanging(self) -> list[OptionVerdict]:
        return [v for v in self.verdicts if not v.changes]


def trials_for(base: Ruleset, presets: dict[str, Ruleset] | None = None) -> list[Trial]:
    out = [Trial("the base rules", base)]
    for option, values in option_values().items():
        if option in BETWEEN_HANDS:
            continue
        current = getattr(base, option)
        needs = {k: v for k, v in NEEDS.get(option, {}).items() if getattr(base, k) != v}
        if option == "wild_min_naturals" and (base.jokers or base.deuces_wild):
            needs = {}
        for value in values:
            if type(value) is type(current) and value == current:
                continue
            changes = {**needs, option: value}
            label = option_text(option, value)
            if needs:
                label += " (with " + ", ".join(option_text(k, v) for k, v in needs.items()) + ")"
            out.append(Trial(label, base.replace(**changes), option, value))
    for name, rules in (presets or {}).items():
        out.append(Trial(f"preset {name}", rules, preset=name))
    return out


def judge(situation: Situation, base: Ruleset, base_label: str, presets: dict[str, Ruleset] | None = None
          ) -> Judgement:
    trials = trials_for(base, presets)
    cache: dict[Ruleset, Played] = {}
    for t in trials:
        if t.ruleset not in cache:
            cache[t.ruleset] = play(situation, t.ruleset)
        t.played = cache[t.ruleset]
        t.outcome = outcome_of(t.played, situation)
    groups: list[Group] = []
    cannot: list[Trial] = []
    by_key: dict[tuple[Any, ...], Group] = {}
    for t in trials:
        o = t.outcome
        assert o is not None
        if o.kind == "cannot_arise":
            cannot.append(t)
            continue
        found = by_key.get(o.key)
        if found is None:
            found = by_key[o.key] = Group(_letter(len(groups)), o, [])
            groups.append(found)
        found.trials.append(t)
    j = Judgement(situation, base, base_label, trials, groups, cannot, [], [t for t in trials if t.preset])
    j.verdicts = _verdicts(j)
    return j


def _letter(i: int) -> str:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return letters[i] if i < 26 else letters[i // 26 - 1] + letters[i % 26]


def _verdicts(j: Judgement) -> list[OptionVerdict]:
    out: list[OptionVerdict] = []
    base = j.base_trial
    by_option: dict[str, list[Trial]] = {}
    for t in j.trials:
        if t.option is not None:
            by_option.setdefault(t.option, []).append(t)
    for option, trials in by_option.items():
        needs = {k: v for k, v in trials[0].ruleset.to_dict().items()
                 if k != option and getattr(j.base, k) != v}  # fmt: skip
        reference = base
        if needs:  # compare with the trial of what it needs (jokers = 2 for joker_value)
            reference = next((t for t in j.trials if t.option is not None and t.ruleset == j.base.replace(**needs)),
                             base)
        ref_value = getattr(reference.ruleset, option)
        results: list[tuple[object, str | None, str]] = []
        for t in [reference, *trials]:
            g = j.group_of(t)
            value = ref_value if t is reference else t.value
            results.append((value, g.letter if g else None, t.label))
        judged = {r[1] for r in results if r[1] is not None}
        # an option changes the result when two of its values reach different outcomes, or
        # when the situation cannot arise under the reference value but arises under another
        changes = len(judged) > 1 or (results[0][1] is None and bool(judged))
        monies = {g.outcome.money for t in [reference, *trials] if (g := j.group_of(t)) is not None}
        out.append(OptionVerdict(option, results, changes, len(monies) > 1, needs))
    return out


def to_json(j: Judgement) -> dict[str, Any]:
    """The machine-readable judgement: one record per group."""

    def trial_json(t: Trial) -> dict[str, Any]:
        rec: dict[str, Any] = {"label": t.label, "changes": {k: v for k, v in t.changes(j.base).items()}}
        if t.option is not None:
            rec["option"] = t.option
            rec["value"] = t.value
        if t.preset is not None:
            rec["preset"] = t.preset
        return rec

    groups = []
    hs = j.base.hand_size_for(j.situation.players)
    for g in j.groups:
        o = g.outcome
        rec: dict[str, Any] = {
            "group": g.letter,
            "outcome": o.kind,
            "rulesets": [trial_json(t) for t in g.trials],
            "includes_base": any(t is j.base_trial for t in g.trials),
        }
        if o.kind == "ended":
            rec.update({
                "ending": o.ending,
                "winners": list(o.winners),
                "knocker": o.knocker,
                "totals": None if o.totals is None else list(o.totals),
                "payments": [{"payer": p.payer, "payee": p.payee, "amount": _amount_json(p.amount), "rule": p.rule}
                             for p in o.payments],
                "net": [_amount_json(a) for a in o.net],
            })  # fmt: skip
        elif o.kind == "goes_on":
            rec["to_act"] = o.to_act
            rec["stock_count"] = o.stock
            rec["stage"] = o.stage
        else:
            rec["refusal"] = o.refusal
        rec["events"] = [{"kind": e.kind, "seat": e.seat, "rule": e.rule, "text": event_text(e, hs, PLAIN)}
                         for e in o.events]  # fmt: skip
        rep = g.first.ruleset
        rec["decided_by"] = [{"rule": rid, "text": rule_text(rid), "options": _options_of(rid, rep)}
                             for rid in o.rules]  # fmt: skip
        rec["notes"] = o.notes
        groups.append(rec)
    return {
        "situation": j.situation.to_json(),
        "base": {"label": j.base_label, "options": j.base.changes()},
        "tried": len(j.trials),
        "groups": groups,
        "cannot_arise": [{**trial_json(t), "why": t.outcome.why if t.outcome else ""} for t in j.cannot],
        "options": {
            "change_the_result": {
                v.option: {show_value(val): letter for val, letter, _ in v.results} for v in j.changing
            },
            "do_not_change_the_result": [v.option for v in j.unchanging],
            "not_tried": list(BETWEEN_HANDS),
        },
        "presets": {t.preset: (pg.letter if (pg := j.group_of(t)) else None) for t in j.presets},
    }


def _options_of(rid: str, rules: Ruleset) -> dict[str, Any]:
    from ._table import rule_options

    return rule_options(rid, rules)


def _amount_json(a: Amount) -> int | str:
    text = amount(a)
    return int(text) if "/" not in text else text


__all__ = ["BETWEEN_HANDS", "DEFAULT", "Group", "Judgement", "Outcome", "Trial", "judge", "to_json"]
