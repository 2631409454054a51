"""The judge's work: play one situation under a base ruleset and under every alternative
value of every option (one option at a time; the presets too with ``--all``), group the
rulesets that reach the same outcome, say which options change it, and which rules decide
each group, with each rule's sentence under the rulesets of the group."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..engine.cards import BITS, NAMES, Card, cards_of, pack_mask
from ..engine.hand import RULE_OF, Event, Hand, compiled, forced_spread
from ..engine.match import hand_points, next_dealer
from ..engine.result import (
    AT_DEAL,
    COUNT,
    COUNT_LATER,
    DECIDES,
    FRAME,
    RESTS_ON,
    SHOW,
    SHOW_DECIDES,
    STOCK,
    Amount,
    Applied,
    Payment,
    Result,
)
from ..engine.ruleset import DEFAULT, Ruleset, option_values
from .book import Rule, load_rules, rules_by_id
from .notation import option_text, value_text
from .notation import or_words as _or
from .options import acting_on, option_facts
from .provenance import house_label, provenance, provenance_record, sentence_values
from .situation import Description, Played, Situation, SituationError, named_cards, play
from .wording import PLAIN, amount, event_text, rule_options

#: Options that act between hands (the first dealer, the next dealer, points scoring):
#: a single hand is played the same under every value, so the judge does not try them
#: (``x-acts-on: between_hands`` in spec/ruleset.schema.json).
BETWEEN_HANDS = acting_on("between_hands")

#: Options that change the pack (or what a joker counts): a ruleset that differs from the
#: base only in them changes a situation through the cards the situation does not name
#: (how many are in the stock, a joker at its bottom), unless it names one of the cards
#: they add or remove.  Such rulesets are listed as not judged (``x-acts-on: pack``).
PACK_OPTIONS = acting_on("pack")

#: Event kinds that decide how a hand ends (shown for scenarios, whose early events are many).
DECISIVE = frozenset(
    {"dealt_tonk", "dealt_draw", "dealt_best", "dealt_split", "eat", "hit_lock", "tonk_out", "out", "knock",
     "last_turns", "empty_stock", "restock", "dead_hand", "turn_limit", "stock_end", "hit_ends_turn", "reem",
     "knock_tie", "special_hand"}
)

_ACES = BITS[0] | BITS[13] | BITS[26] | BITS[39]


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
    primary: list[str] = field(default_factory=list)  # those that settle this outcome itself
    #: those cited as the course of every hand (the engine's record says so): never the
    #: deciding rule alone
    context: list[str] = field(default_factory=list)
    #: those cited as the course of every hand or of the deal (and not a house rule): cited
    #: with --full, never among the deciding rules of the short ruling
    full_only: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    why: str = ""
    refusal: dict[str, Any] | None = None
    to_act: int | None = None
    stock: int = 0
    stage: str = ""
    dealer_next: int | None = None  # who deals the next hand (DEALER-2, DEALER-4)
    points: tuple[int, ...] | None = None  # the points each seat scores, when the match keeps points


class _Cites:
    """An ordered set of rule IDs."""

    def __init__(self) -> None:
        self.ids: list[str] = []

    def __call__(self, *rids: str | None) -> None:
        for rid in rids:
            if rid and rid not in self.ids:
                self.ids.append(rid)


def _run_links(deck: int) -> dict[int, frozenset[int]]:
    """For each rank a pack holds, the ranks next to it in a run (VAR-DECK40-1: in the
    40-card pack the jack follows the seven)."""
    pos = compiled(DEFAULT.replace(deck=deck)).geometry.pos
    at = {p: r for r, p in enumerate(pos) if p >= 0}
    return {r: frozenset(at[q] for q in (p - 1, p + 1) if q in at) for r, p in enumerate(pos) if p >= 0}


def pack_changes_named(named: Iterable[Card], base: Ruleset, other: Ruleset) -> bool:
    """Whether ``other``'s pack differs from ``base``'s for the cards the situation names:
    it adds or removes one, or makes two of one suit neighbours in a run in one pack and
    not in the other (a named seven and jack of a suit: VAR-DECK40-1)."""
    differ = pack_mask(base.deck, base.jokers) ^ pack_mask(other.deck, other.jokers)
    cards = set(named)
    if any(differ >> c & 1 for c in cards):
        return True
    if base.deck == other.deck:
        return False
    mine, theirs = _run_links(base.deck), _run_links(other.deck)
    natural = sorted(c for c in cards if c < 52)
    return any(a // 13 == b // 13 and (b % 13 in mine.get(a % 13, ())) != (b % 13 in theirs.get(a % 13, ()))
               for k, a in enumerate(natural) for b in natural[k + 1:])


def _natural_aces(mask: int) -> int:
    return (mask & _ACES).bit_count()


def _kept(p: Played) -> int:
    """The cards a refused action would have left in the acting seat's hand (the hand less
    the card it names, if any)."""
    act, hand = p.act, p.hand
    assert act is not None and hand is not None and act.action is not None
    kept = hand.holding(act.seat)
    card = getattr(act.action, "card", -1)
    if isinstance(card, int) and card >= 0 and kept & BITS[card]:
        kept ^= BITS[card]
    return kept


def _forced_note(seat: int, kept: int, spread: int) -> str:
    """Why forced spreads make ``seat`` lay a spread of the hand it would keep: the spread
    it holds, and, where it holds three aces or more, why S33's exception for a book of
    exactly three aces does not cover it (four aces are a book of four)."""
    aces = _natural_aces(kept)
    if aces >= 4:
        return (f"seat {seat} holds {_aces_of(kept)}, a book of four aces, which forced spreads make it lay: S33's "
                "exception covers only a book of exactly three aces")
    shown = " ".join(NAMES[c] for c in cards_of(spread))
    if aces == 3:
        return (f"seat {seat} holds {shown}, a spread that forced spreads make it lay; S33's exception covers only "
                f"the book of three aces, {_aces_of(kept)}")
    return f"seat {seat} holds {shown}, a spread that forced spreads make it lay"


def _aces_of(mask: int) -> str:
    """The natural aces of a hand, named (``Ac Ad Ah``)."""
    return " ".join(NAMES[c] for c in cards_of(mask & _ACES))


def refusal_rules(p: Played) -> list[str]:
    """The rules that decide a refusal, as the engine names them (:meth:`Hand.refused_by`):
    the one that settles the point first, then the rule the refusal names."""
    err, act, hand = p.error, p.act, p.hand
    assert err is not None and act is not None and hand is not None and act.action is not None
    return list(hand.refused_by(act.action, act.seat, err))


#: The events of the deal, before anyone plays, and those no ruling shows (the payments
#: and the end, whose rules the readers of the settlement read).
_OPENING = frozenset({"deal", "upcard", "no_upcard"})
_UNSHOWN = _OPENING | {"pay", "end"}
#: The roles of the record cited at each step where the ruling reads the step (AT_DEAL:
#: where it starts at the deal).
_AT_STEP = frozenset({DECIDES, RESTS_ON, FRAME})
_AT_SHOW = frozenset({SHOW, SHOW_DECIDES})


@dataclass
class _Reading:
    """One play being read into an outcome: the hand's record (the events the ruling shows,
    the rules each step applied), and the rules cited so far, those that decide, and the
    notes."""

    played: Played
    situation: Situation
    hand: Hand
    events: list[Event]  # from the situation's start
    shown: list[Event]
    first_turn: bool
    cite: _Cites = field(default_factory=_Cites)
    primary: _Cites = field(default_factory=_Cites)
    notes: list[str] = field(default_factory=list)
    frame: _Cites = field(default_factory=_Cites)  # cited as the course of every hand
    dealing: _Cites = field(default_factory=_Cites)  # cited as the deal's own course

    def take(self, rid: str, role: str) -> None:
        """Cite a rule the record names, as its role says."""
        self.cite(rid)
        if role in (DECIDES, SHOW_DECIDES):
            self.primary(rid)
        elif role == FRAME:
            self.frame(rid)
        elif role == AT_DEAL:
            self.dealing(rid)

    def outcome(self, kind: str, key: tuple[Any, ...], money: tuple[Any, ...], **more: Any) -> Outcome:
        # the deal's course is cited with --full only, but for a house rule's part in it
        # (another hand size, no upcard: spec/rules.yaml), which an option may make decide
        by_id = rules_by_id()
        dealt = [rid for rid in self.dealing.ids if rid not in by_id or by_id[rid].basis != "house"]
        return Outcome(kind, key, money, events=self.shown, rules=self.cite.ids, primary=self.primary.ids,
                       notes=self.notes, context=self.frame.ids, full_only=[*self.frame.ids, *dealt], **more)


def _reading(p: Played, situation: Situation) -> _Reading:
    hand = p.hand
    assert hand is not None
    events = hand.events[p.first_event :]
    shown = [e for e in events if e.kind not in _UNSHOWN]
    if situation.kind == "scenario":  # its early events are many: the decisive ones, and a knock's discard
        shown = [e for e in shown if e.kind in DECISIVE or (e.kind == "discard" and _rests(e))]
    first_turn = situation.from_deal or getattr(situation, "first_turn", False)
    return _Reading(p, situation, hand, events, shown, bool(first_turn))


def _rests(e: Event) -> bool:
    """Whether a step rests on a rule beyond its own and the turn's frame (a knock's discard
    does; a discard that ends a turn does not)."""
    return any(role == RESTS_ON for _, role in e.applied)


def _read_table(r: _Reading) -> None:
    """The deal's course where the ruling starts at the deal, and the table's own rules."""
    if r.first_turn:
        for e in r.hand.events:
            if e.kind in _OPENING:
                for rid, role in e.applied:
                    if role == AT_DEAL:
                        r.take(rid, role)
    for rid in r.hand.table_rules():
        r.cite(rid)


def _read_steps(r: _Reading) -> None:
    """Each step shown: its rule, and the rules it applied (those of the deal's course where
    the ruling starts at the deal); then the empty stock reached by play."""
    for e in r.shown:
        r.cite(e.rule)
        for rid, role in e.applied:
            if role in _AT_STEP or (role == AT_DEAL and r.first_turn):
                r.take(rid, role)
        if (RULE_OF["dealer_dealt"], DECIDES) in e.applied:
            r.notes.append(f"seat {r.hand.dealer} dealt and is checked like every player ({RULE_OF['dealer_dealt']})")
    for e in r.shown:
        for rid, role in e.applied:
            if role == STOCK and r.played.kind != "refused":
                r.take(rid, role)


def outcome_of(p: Played, situation: Situation) -> Outcome:
    """What a play decides, read from the engine's record of it (every rule each step
    applied, the settlement's included): the rules cited, those that decide, and notes."""
    if p.kind == "cannot_arise":
        return Outcome("cannot_arise", ("cannot_arise", p.why), ("cannot_arise", p.why), why=p.why)
    r = _reading(p, situation)
    _read_table(r)
    _read_steps(r)
    if p.kind in ("refused", "allowed"):
        return _refusal_outcome(r)
    if p.kind == "goes_on":
        return _goes_on_outcome(r)
    return _ended_outcome(r)


def _refusal_outcome(r: _Reading) -> Outcome:
    """An action refused (the rules that decide the refusal), or allowed though the
    scenario expects it refused."""
    p, act = r.played, r.played.act
    assert act is not None
    key: tuple[Any, ...]
    refusal: dict[str, Any]
    if p.kind == "refused":
        err = p.error
        assert err is not None
        deciding = refusal_rules(p)
        r.cite(*deciding)
        r.primary(*deciding)
        refusal = {"action": act.text, "where": act.where, "reason": err.reason, "rule": err.rule,
                   "message": err.message, "rules": deciding}
        g = compiled(r.hand.rules).geometry
        if err.reason == "forced_spread" and (spread := forced_spread(kept := _kept(p), g)):
            r.notes.append(_forced_note(act.seat, kept, spread))
        key = ("refused", act.where, err.reason, err.rule)
    else:
        refusal = {"action": act.text, "where": act.where, "expected": act.reject}
        key = ("allowed", act.where)
    return r.outcome(p.kind, key, key, refusal=refusal)


def _goes_on_outcome(r: _Reading) -> Outcome:
    """A hand that goes on: what its state carries on (a wait to knock, a hit lock, a card
    taken that must be used or kept, three aces kept under forced spreads)."""
    hand = r.hand
    state = (
        tuple(tuple(hand.hand(s)) for s in range(hand.players)),
        tuple((sp.owner, sp.cards) for sp in hand.spreads),
        hand.discard_top, hand.to_act, hand.stage, hand.knock_locks, hand.knock_waits, hand.must_use_taken,
    )  # fmt: skip
    key: tuple[Any, ...] = ("goes_on", state)
    for s, n in enumerate(hand.knock_waits):
        if n:
            r.take(RULE_OF["knock_waits"], DECIDES)
            r.notes.append(f"seat {s} laid a spread and may not knock on its next {n} turn(s)")
    for s, n in enumerate(hand.knock_locks):
        if n:
            r.take(RULE_OF["knock_locks"], DECIDES)
            r.notes.append(f"seat {s}'s spread was hit and seat {s} may not knock on its next {n} turn(s)")
    if hand.must_use_taken:
        r.take(RULE_OF["must_use_taken"], DECIDES)
        r.notes.append(f"seat {hand.to_act} must use the card taken from the discard pile at once")
    if hand.rules.forced_spreads:
        _read_aces_kept(r)
    if hand.taken is not None:
        r.cite(RULE_OF["taken"])
    if not r.primary.ids:
        r.primary(*(rid for rid in r.cite.ids if rid not in r.frame.ids))
    return r.outcome("goes_on", key, key, to_act=hand.to_act, stock=hand.stock_count, stage=hand.stage)


def _read_aces_kept(r: _Reading) -> None:
    """Under forced spreads, a seat that discarded and keeps a book of exactly three aces
    (S33's exception)."""
    rid = RULE_OF["forced_kept"]
    for e in r.shown:
        if e.kind == "discard" and e.seat is not None and _natural_aces(r.hand.holding(e.seat)) >= 3:
            r.take(rid, DECIDES)
            r.notes.append(f"forced_spreads = true: seat {e.seat} keeps {_aces_of(r.hand.holding(e.seat))} in "
                           f"hand, a book of exactly three aces, which S33's exception lets it keep ({rid})")


def _ended_outcome(r: _Reading) -> Outcome:
    """A hand that ended: the count, the show, the settlement, the payments and the close,
    as the record of its end names them; who deals next and the points scored."""
    hand, p = r.hand, r.played
    res = hand.result
    assert res is not None
    _read_end(r, res)
    rules = hand.rules
    nxt = next_dealer(hand.players, hand.dealer, res.ending, res.winners, rules)
    points: tuple[int, ...] | None = None
    if rules.scoring != "stakes":
        points = hand_points(res, [hand.total(s) for s in range(hand.players)], everyone=rules.scoring == "points_all")
        r.cite(*(rule.id for rule in load_rules() if "scoring" in rule.options))  # the match keeps points
    if p.unplayed:
        r.notes.append(f"the hand ended before '{p.unplayed[0].text}' ({p.unplayed[0].where}); "
                       f"{len(p.unplayed)} action(s) were not played")
    pays = tuple(sorted((x.payer, x.payee, x.amount, x.rule) for x in res.payments))
    money: tuple[Any, ...] = ("ended", res.ending, res.winners, pays, res.net, bool(p.unplayed))
    return r.outcome("ended", (*money, res.totals), money, ending=res.ending, winners=res.winners,
                     totals=res.totals, knocker=res.knocker, payments=res.payments, net=res.net, dealer_next=nxt,
                     points=points)


def _read_end(r: _Reading, res: Result) -> None:
    """The record of the end, in its order: what the count meets, the rules each step
    applies at the show, the settlement, the payments (each its own event), then the close
    (from the end's first rule of the frame on)."""
    end = next(e for e in reversed(r.hand.events) if e.kind == "end")
    for rid, role in end.applied:
        if role == COUNT or (role == COUNT_LATER and not r.first_turn):
            r.take(rid, role)
    _read_show(r, res)
    close = next((k for k, (_, role) in enumerate(end.applied) if role == FRAME), len(end.applied))
    _read_settlement(r, res, end.applied[:close])
    for rid, role in end.applied[close:]:
        r.take(rid, role)


def _read_settlement(r: _Reading, res: Result, settled: Applied) -> None:
    """The rules that settled the ending, with its words, then each payment's."""
    for rid, role in settled:
        if role in _AT_STEP:
            r.take(rid, role)
    _settlement_notes(r, res, {rid for rid, role in settled if role == DECIDES})
    for e in r.hand.events:
        if e.kind == "pay":
            r.cite(e.rule)
            for rid, role in e.applied:
                r.take(rid, role)


def _read_show(r: _Reading, res: Result) -> None:
    """The rules each step applies when the hands are shown and counted (a knock's count,
    the empty stock's, the turn limit's), with S33's three aces a knocker keeps and a tie
    at the turn limit that nobody pays, in words."""
    for e in r.shown:
        for rid, role in e.applied:
            if role in _AT_SHOW:
                r.take(rid, role)
        if (RULE_OF["forced_knock"], SHOW_DECIDES) in e.applied and e.seat is not None:
            r.notes.append(f"forced_spreads = true: seat {e.seat} knocks holding "
                           f"{_aces_of(r.hand.holding(e.seat))}, a book of exactly three aces, which S33's "
                           f"exception lets it keep ({RULE_OF['forced_knock']})")
        if (RULE_OF["stock_tie"], SHOW) in e.applied and not res.payments and res.totals is not None \
                and len(set(res.totals)) == 1 and r.hand.rules.stock_tie != "dead":
            r.notes.append(_nobody_outside(RULE_OF["stock_tie"]))


def _nobody_outside(rid: str) -> str:
    return f"every player ties for the lowest total, so nobody is outside the tie to pay ({rid})"


def _settlement_notes(r: _Reading, res: Result, settled: set[str]) -> None:
    """A knocker who wins a tie, and a tie at the empty stock that pays nothing, in words
    (``settled``: the rules that settled the ending)."""
    if res.ending == "knock_won" and RULE_OF["knock_tie"] in settled:
        r.notes.append("knock_tie = knocker_wins: the knocker ties the lowest total and wins the tie")
    tie = RULE_OF["stock_tie"]
    if res.ending == "stock_out" and tie in settled and not res.payments and res.totals is not None:
        if r.hand.rules.stock_tie == "dead":
            r.notes.append("stock_tie = dead: a tie for the lowest total at the empty stock pays nothing")
        elif len(set(res.totals)) == 1:
            r.notes.append(_nobody_outside(tie))


@dataclass
class Group:
    letter: str
    outcome: Outcome
    trials: list[Trial]
    allowed_by: list[Trial] = field(default_factory=list)  # a refusal: the rulesets that allow the action

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
    with_: dict[str, Any] = field(default_factory=dict)  # options set with it (x-needs)


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
    first_turn_hint: list[Trial] = field(default_factory=list)  # cannot arise, but can on the first turn
    not_judged: list[Trial] = field(default_factory=list)  # they change only cards the situation does not name
    #: the sentences already worked out, by group letter and rule (:meth:`sentences`)
    _said: dict[tuple[str, str], list[tuple[str, str, list[Trial]]]] = field(default_factory=dict, repr=False,
                                                                             compare=False)

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

    def key_options(self, g: Group) -> set[str]:
        """The options whose values make this group what it is: for the group of the base
        rules, every option that changes the result; for another group, the options its
        rulesets change from the base."""
        if any(t is self.base_trial for t in g.trials):
            return {v.option for v in self.changing if v.money}
        return {k for t in g.trials for k in t.changes(self.base)}

    def deciding(self, g: Group) -> list[str]:
        """The rules that decide this group, in the order cited: those that settle the
        outcome itself and those an option that matters here changes.  Only rules with a
        sentence to quote under some ruleset of the group are among them (a rule that
        settles the outcome only under another ruleset of the group than its first, say
        forced spreads' exception for three aces in the base rules' group, is quoted for
        that ruleset: :meth:`quotes`)."""
        keys = self.key_options(g)
        by_id = rules_by_id()
        o = g.outcome
        first = [rid for rid in o.rules if rid in o.primary]
        then = [rid for rid in o.rules
                if rid not in o.primary and rid not in o.full_only and rid in by_id
                and set(by_id[rid].options) & keys]  # fmt: skip
        found = first + then or [r for r in o.rules if r not in o.context][:1] or o.rules[:1]
        return [rid for rid in found if rid not in by_id or self.sentences(g, rid)]

    def is_base(self, g: Group) -> bool:
        """Whether ``g`` is the group of the base rules."""
        return any(t is self.base_trial for t in g.trials)

    def quotes(self, g: Group, rid: str) -> list[Quote]:
        """The rule's sentences for the group (:meth:`sentences`), each saying for which of the
        group's rulesets it is quoted: ``under`` is empty where the sentence speaks for the
        whole group (in the base rules' group, the sentence of the base rules themselves),
        else the labels of the rulesets it holds for.  A ruling says "under <under>:" before
        every sentence whose ``under`` is not empty."""
        texts = self.sentences(g, rid)
        base = self.is_base(g)
        out = []
        for k, (text, label, trials) in enumerate(texts):
            whole = len(texts) == 1 and len(trials) == len(g.trials)
            mine = base and k == 0 and any(t is self.base_trial for t in trials)
            out.append(Quote(text, label, trials, "" if whole or mine else labels(trials)))
        return out

    def sentences(self, g: Group, rid: str) -> list[tuple[str, str, list[Trial]]]:
        """The rule's sentence under the rulesets of the group: one entry per distinct
        sentence, with where it comes from and the rulesets it holds for (the group's first
        ruleset's sentence first)."""
        said = self._said.get((g.letter, rid))
        if said is None:
            said = self._said[(g.letter, rid)] = self._sentences(g, rid)
        return list(said)

    def _sentences(self, g: Group, rid: str) -> list[tuple[str, str, list[Trial]]]:
        rule = rules_by_id().get(rid)
        if rule is None:
            return [("(not in spec/rules.yaml)", "", list(g.trials))]
        out: dict[str, list[Trial]] = {}
        for t in g.trials:
            # a ruleset under which the rule does not apply, or does not decide this
            # position (its own play never cites it), has no sentence of it to quote
            if not rule.applies.holds(t.ruleset) or (t.outcome is not None and rid not in t.outcome.rules):
                continue
            out.setdefault(rule.text_under(t.ruleset), []).append(t)
        return [(text, provenance_of(rule, trials), trials) for text, trials in out.items()]


@dataclass
class Quote:
    """A rule's sentence as a ruling quotes it for a group (:meth:`Judgement.quotes`)."""

    text: str
    label: str  # where the sentence comes from (:func:`provenance_of`)
    trials: list[Trial]  # the rulesets of the group it holds for
    under: str = ""  # "": it speaks for the group; else the rulesets to name before it


def provenance_of(rule: Rule, trials: list[Trial]) -> str:
    """Where ``rule`` comes from for a set of rulesets that say the same sentence: the
    spec's or the seeds' label when, under one of them, no option of the rule has a value
    that decides the sentence (:func:`~.provenance.sentence_values`), else the house rule
    with every such value the rulesets play."""
    if not trials:
        return provenance(rule, None, 60)
    named = [sentence_values(rule, t.ruleset) for t in trials]
    plain = next((t for t, n in zip(trials, named, strict=True) if not n), None)
    if plain is not None:
        return provenance(rule, plain.ruleset, 60)
    values: dict[str, list[object]] = {}
    for n in named:
        for o, v in n.items():
            if not any(type(v) is type(w) and v == w for w in values.setdefault(o, [])):
                values[o].append(v)
    return house_label(rule, values)


def trials_for(base: Ruleset, presets: dict[str, Ruleset] | None = None) -> list[Trial]:
    out = [Trial("the base rules", base)]
    facts = option_facts()
    for option, values in option_values().items():
        if option in BETWEEN_HANDS:
            continue
        current = getattr(base, option)
        # an option that takes effect only together with another (x-needs) is tried with it
        needs = facts[option].tried_with(base)
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
    named = named_cards(situation)
    not_judged = []
    for t in trials:
        if t.option in PACK_OPTIONS:
            jokers_named = any(c >= 52 for c in named)
            if not pack_changes_named(named, base, t.ruleset) and not (t.option == "joker_value" and jokers_named):
                not_judged.append(t)
    trials = [t for t in trials if not any(t is u for u in not_judged)]
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
    for g in groups:
        g.outcome = _group_outcome(g)
        if g.outcome.kind == "refused":
            step = g.first.played.reached if g.first.played else 0
            g.allowed_by = [t for t in trials if t.played is not None and t.outcome is not None
                            and t.outcome.kind != "cannot_arise" and t.played.reached > step]  # fmt: skip
    j = Judgement(situation, base, base_label, trials, groups, cannot, [], [t for t in trials if t.preset],
                  not_judged=not_judged)
    j.verdicts = _verdicts(j)
    j.first_turn_hint = _first_turn_hint(situation, cannot)
    return j


def _group_outcome(g: Group) -> Outcome:
    """The outcome a group shows: its first ruleset's, with the rules that settle the
    outcome under another of its rulesets (and that ruleset's notes on them) added, each
    rule's sentence then quoted only for the rulesets that cite it (:meth:`Judgement.sentences`).
    A forced-spreads ruleset that reaches the base's outcome by S33's exception keeps it."""
    o = g.outcome
    if (refusal := _group_refusal(g)) is not None:
        o = dataclasses.replace(o, refusal=refusal)
    rules, primary, notes = list(o.rules), list(o.primary), list(o.notes)
    for t in g.trials[1:]:
        other = t.outcome
        assert other is not None
        extra = [r for r in other.primary if r not in primary]
        if not extra:
            continue
        rules += [r for r in extra if r not in rules]
        primary += extra
        notes += [n if n.startswith(t.label) else f"under {t.label}: {n}" for n in other.notes
                  if n not in notes and n not in o.notes]
    if rules == o.rules and primary == o.primary and notes == o.notes:
        return o
    return dataclasses.replace(o, rules=rules, primary=primary, notes=notes)


def _group_refusal(g: Group) -> dict[str, Any] | None:
    """A refusal whose rulesets word it differently (each value of a knock limit its own
    limit, no special hands and special hands on the first turn only): its ``message``
    says each wording with the rulesets it holds for, and ``messages`` lists them as data.
    None when every ruleset of the group words it the same."""
    o = g.outcome
    if o.kind != "refused" or o.refusal is None:
        return None
    by: dict[str, list[Trial]] = {}
    for t in g.trials:
        err = t.played.error if t.played is not None else None
        by.setdefault(err.message if err is not None else str(o.refusal["message"]), []).append(t)
    if len(by) < 2:
        return None
    said = [(labels(ts), m) for m, ts in by.items()]
    # the rulesets of the longest label (the base rules and many more) are the others
    longest = max(range(len(said)), key=lambda k: len(said[k][0]))
    if len(said[longest][0]) > 60:
        said.append(("elsewhere", said.pop(longest)[1]))
    return {**o.refusal, "message": "; ".join(f"{who}: {m}" for who, m in said),
            "messages": [{"message": m, "rulesets": [t.label for t in ts]} for m, ts in by.items()]}


def _first_turn_hint(situation: Situation, cannot: list[Trial]) -> list[Trial]:
    """The rulesets under which a described situation cannot arise after a round of play
    but can on the very first turn (forced spreads, say: a dealt hand may hold a spread)."""
    if not isinstance(situation, Description) or situation.first_turn or not cannot:
        return []
    try:
        first = Description(situation.text + "; first turn")
    except SituationError:
        return []
    out = []
    for t in cannot:
        if t.preset is None and play(first, t.ruleset).kind != "cannot_arise":
            out.append(t)
    return out


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


def labels(trials: Iterable[Trial]) -> str:
    """'caught_payment = non_knockers, doubles_only or per_player; knock_limit = 5' for a
    list of trials (one option's values folded together)."""
    parts: list[str] = []
    by_option: dict[str, list[str]] = {}
    for t in trials:
        if t.option is not None:
            head, _, value = t.label.partition(" = ")
            value, _, needs = value.partition(" (with ")
            key = head + (f" (with {needs}" if needs else "")
            if key not in by_option:
                by_option[key] = []
                parts.append(key)
            by_option[key].append(value)
        else:
            parts.append(t.label)
    out = []
    for p in parts:
        values = by_option.get(p)
        if values is None:
            out.append(p)
        else:
            head, _, needs = p.partition(" (with ")
            out.append(f"{head} = " + _or(values) + (f" (with {needs}" if needs else ""))
    return "; ".join(out)


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

    by_id = rules_by_id()
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
                "next_dealer": o.dealer_next,
                "points": None if o.points is None else list(o.points),
            })  # fmt: skip
        elif o.kind == "goes_on":
            rec["to_act"] = o.to_act
            rec["stock_count"] = o.stock
            rec["stage"] = o.stage
        else:
            rec["refusal"] = o.refusal
            if o.kind == "refused":
                rec["allowed_by"] = [trial_json(t) for t in g.allowed_by]
        rec["events"] = [{"kind": e.kind, "seat": e.seat, "rule": e.rule, "text": event_text(e, hs, PLAIN)}
                         for e in o.events]  # fmt: skip
        rep = g.first.ruleset
        deciding = j.deciding(g)

        def decided(rid: str, g: Group = g, rep: Ruleset = rep, deciding: list[str] = deciding) -> dict[str, Any]:
            rule = by_id.get(rid)
            texts = j.sentences(g, rid) if rule is not None else []
            # the first ruleset the rule is quoted for (a rule that settles the outcome under
            # another ruleset of the group than its first is quoted for that one)
            mine = texts[0][2][0].ruleset if texts else rep
            entry: dict[str, Any] = {
                "rule": rid,
                "text": rule.text_under(mine) if rule is not None else "(not in spec/rules.yaml)",
                "options": _options_of(rid, mine),
                "deciding": rid in deciding,
            }
            if rule is not None:
                entry["provenance"] = provenance_record(rule, mine)
                quotes = j.quotes(g, rid)
                if len(quotes) > 1 or any(q.under for q in quotes):
                    entry["texts"] = [{"text": q.text, "provenance": q.label, "rulesets": [t.label for t in q.trials],
                                       "under": q.under} for q in quotes]  # fmt: skip
            return entry

        rec["decided_by"] = [decided(rid) for rid in o.rules]
        rec["deciding"] = deciding
        rec["notes"] = o.notes
        groups.append(rec)
    return {
        "situation": j.situation.to_json(),
        "base": {"label": j.base_label, "options": j.base.changes()},
        "tried": len(j.trials),
        "groups": groups,
        "cannot_arise": [{**trial_json(t), "why": t.outcome.why if t.outcome else ""} for t in j.cannot],
        "first_turn_would_arise": [t.label for t in j.first_turn_hint],
        "not_judged": [t.label for t in j.not_judged],
        "options": {
            "change_the_result": {
                v.option: {value_text(val): letter for val, letter, _ in v.results} for v in j.changing
            },
            "do_not_change_the_result": [v.option for v in j.unchanging],
            "not_tried": list(BETWEEN_HANDS),
        },
        "presets": {t.preset: (pg.letter if (pg := j.group_of(t)) else None) for t in j.presets},
    }


def _options_of(rid: str, rules: Ruleset) -> dict[str, Any]:
    return rule_options(rid, rules)


def _amount_json(a: Amount) -> int | str:
    text = amount(a)
    return int(text) if "/" not in text else text


__all__ = ["BETWEEN_HANDS", "DEFAULT", "Group", "Judgement", "Outcome", "Quote", "Trial", "judge", "labels",
           "pack_changes_named", "to_json"]
