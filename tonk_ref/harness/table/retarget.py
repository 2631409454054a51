"""Retargeting: a case written for one ruleset, run under a table's rules.

Under ``--rules T`` every case that can be set up under T runs under T
(spec/scenarios.md, "A table's rules"):

- its deal is dealt again from T's pack: the same hands, the upcard where T turns one (or
  on top of the stock where T turns none), the rest of the stock in the same order without
  the cards T's pack lacks.  A case whose hands hold a card outside T's pack, whose hands
  are another size than T deals, or whose table has more players than T seats, cannot
  exist under T and is skipped with the reason;
- its script is played on the reference engine under T: an action the case expects to be
  accepted that T refuses, or one it expects refused that T allows, makes the script
  impossible under T, and the case is skipped with the reason;
- every expectation the reference engine meets under T is kept as written; every other is
  recomputed by the reference engine under T (a *derived* expectation: the same fields, the
  reference's values).  So under T no case asserts an outcome the reference does not give.

The reference engine is reached through its adapter, as any engine.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, TypeVar

from ...adapters.base import JSON, Adapter, Rejected
from ...engine.cards import NAMES, cards_of, pack_mask
from ...engine.ruleset import Ruleset
from ...errors import TonkError
from ...rulebook.notation import action_key, describe_action
from ..capabilities import Need
from ..case import Act, Call, Case, Expect, Legal, Observe, Origin, Perft, Step
from ..compare import compare_observation, compare_result, compare_state, pair_totals
from ..interpret import StepInterpreter, answer_at
from ..perft import AdapterPerft

ALL_FEATURES = ("payments", "reasons")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Retargeted:
    case: Case | None  # the case under the table's rules; None: it cannot exist there
    need: Need | None = None  # why it cannot
    derived: tuple[str, ...] = ()  # the expectations recomputed by the reference engine
    translated: str = ""  # what a translation to the table's pack mapped (spec/scenarios.md, 10a)



class _Impossible(TonkError):
    """The case cannot exist under the table's rules: why (one wording per cause, so that
    reports can add them up) and what exactly."""

    def __init__(self, why: str, detail: str) -> None:
        super().__init__(f"{why}: {detail}")
        self.need = Need("table", why, detail)


def _pack(rules: Ruleset) -> list[str]:
    return [NAMES[c] for c in cards_of(pack_mask(rules.deck, rules.jokers))]


def redeal_refused(setup: JSON, was: Ruleset, table: Ruleset) -> JSON:
    """A deal the case expects refused, at the table with the same fault: a player count,
    dealer or stake out of range is kept and the deck is the table's pack; a deck that is
    not the pack keeps its extra, doubled and missing cards (a card missing that the
    table's pack lacks anyway is made up for by leaving out the deck's last card)."""
    pack = _pack(table)
    players = setup.get("players")
    if not isinstance(players, int) or not 2 <= players <= was.max_players:  # the count is the fault
        if isinstance(players, int) and 2 <= players <= table.max_players:
            raise _Impossible("a deal it accepts", f"{players} players, {table.max_players} at most")
        return {**setup, "ruleset": table.to_dict(), "deck": pack}
    deck = [c for c in setup.get("deck") or [] if isinstance(c, str)]
    own = set(_pack(was))
    in_table = set(pack)
    kept = [c for c in deck if c in in_table or c not in own]  # the table's cards, the doubles and the extras
    missing = [c for c in own if c not in deck]
    kept += [c for c in pack if c not in deck and c not in missing]
    if sorted(kept) == sorted(pack) and kept:
        kept.pop()
    return {**setup, "ruleset": table.to_dict(), "deck": kept}


def redeal(setup: JSON, was: Ruleset, table: Ruleset, draws: int | None = None) -> JSON:
    """The setup dealt again from the table's pack (raises :class:`_Impossible`).

    The stock keeps the order the case draws it in (``draws``: how many cards its script
    draws from the stock; None: all of them): where the case turns up an upcard and the
    table none, the old upcard goes under the cards drawn and the next one; where the
    table turns up an upcard and the case none, the bottom card of the stock is turned up."""
    players = int(setup["players"])
    if players > table.max_players:
        raise _Impossible("more players than it seats", f"{players} players, {table.max_players} at most")
    size, size_t = was.hand_size_for(players), table.hand_size_for(players)
    if size != size_t:
        raise _Impossible("another hand size", f"hands of {size} cards; the table deals {size_t}")
    deck = list(setup["deck"])
    pack = _pack(table)
    in_pack = set(pack)
    dealt = deck[: players * size]
    for i, card in enumerate(dealt):
        if card not in in_pack:
            seat = (int(setup["dealer"]) + 1 + i) % players
            raise _Impossible("a card outside its pack", f"seat {seat} is dealt {card}")
    rest = deck[players * size:]
    upcard = rest.pop(0) if was.upcard and rest else None
    if upcard is not None and table.upcard and upcard not in in_pack:
        raise _Impossible("a card outside its pack", f"the upcard is {upcard}")
    stock = [c for c in rest if c in in_pack]
    named = set(dealt) | set(stock) | ({upcard} if upcard is not None else set())
    stock += [c for c in pack if c not in named]
    head: list[str] = []
    if upcard is not None and upcard in in_pack:
        if table.upcard:
            head.append(upcard)
        else:
            at = len(stock) if draws is None else min(draws + 1, len(stock))
            stock.insert(at, upcard)
    elif upcard is None and table.upcard and stock:
        head.append(stock.pop())
    return {**setup, "ruleset": table.to_dict(), "deck": dealt + head + stock}


# ---------------------------------------------------------------------------- the reference's values
def _seat_view(expected: object, actual: list[Any], convert: Any) -> object:
    if isinstance(expected, dict):
        return {k: convert(actual[int(k)]) if int(k) < len(actual) else None for k in expected}
    return [convert(x) for x in actual]


def _spreads_as(expected: object, actual: list[JSON]) -> object:
    def one(want: JSON, got: JSON) -> JSON:
        out: JSON = {"cards": list(got.get("cards", []))}
        for key in ("owner", "kind"):
            if key in want and key in got:
                out[key] = got[key]
        return out

    if isinstance(expected, dict):
        return {k: one(v, actual[int(k)]) for k, v in expected.items() if int(k) < len(actual)}
    template = expected if isinstance(expected, list) else []
    return [one(template[i] if i < len(template) else {}, s) for i, s in enumerate(actual)]


def result_as(expected: JSON | None, actual: object) -> JSON | None:
    """The reference's result in the shape of ``expected``."""
    if expected is None or not isinstance(actual, dict):
        return None if not isinstance(actual, dict) else {"ending": actual.get("ending")}
    out: JSON = {}
    for key in ("ending", "winners", "totals", "knocker", "net"):
        if key in expected and actual.get(key) is not None:
            out[key] = actual[key]
    if "payments" in expected:
        out["payments"] = [{k: p[k] for k in ("payer", "payee", "amount")} for p in actual.get("payments") or []]
    if "pays" in expected:
        totals = pair_totals(actual.get("payments") or [])
        out["pays"] = [{"payer": p["payer"], "payee": p["payee"], "amount": _amount(totals.get(
            (p["payer"], p["payee"]), 0))} for p in expected["pays"]]
    return out or {"ending": actual.get("ending")}


def _amount(v: Any) -> int | str:
    from ...bounds import amount

    f = amount(v)
    return int(f) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def state_as(expected: JSON, actual: JSON) -> JSON:
    """The reference's state in the shape of ``expected`` (the same fields)."""
    out: JSON = {}
    hands = actual.get("hands") or []
    for key, want in expected.items():
        if key == "hands":
            out[key] = _seat_view(want, hands, list)
        elif key == "hand_sizes":
            out[key] = _seat_view(want, hands, len)
        elif key == "spreads":
            out[key] = _spreads_as(want, actual.get("spreads") or [])
        elif key == "spread_count":
            out[key] = len(actual.get("spreads") or [])
        elif key == "result":
            out[key] = result_as(want, actual.get("result"))
        else:
            out[key] = actual.get(key)
    return out


def observation_as(expected: JSON, actual: JSON) -> JSON:
    out = state_as({k: v for k, v in expected.items() if k not in ("hand", "hidden", "hand_sizes", "hands")},
                   actual)
    if "hand" in expected:
        out["hand"] = list(actual.get("hand") or [])
    if "hand_sizes" in expected:
        sizes = actual.get("hand_sizes") or []
        out["hand_sizes"] = _seat_view(expected["hand_sizes"], sizes, int)
    if "hands" in expected:
        out["hands"] = _seat_view(expected["hands"], actual.get("hands") or [],
                                  lambda h: None if h is None else list(h))
    if "hidden" in expected:
        import json

        text = json.dumps(actual)
        out["hidden"] = [c for c in expected["hidden"] if f'"{c}"' not in text]
        if not out["hidden"]:
            del out["hidden"]
    return out or {"stage": actual.get("stage")}


# ---------------------------------------------------------------------------- the walk
class _Walk(StepInterpreter[Step]):
    """The script played on the reference under the table's rules, each step kept or
    derived."""

    def __init__(self, case: Case, table: Ruleset, reference: Adapter) -> None:
        super().__init__(reference)
        self.case = case
        self.table = table
        self.ref = reference
        self.derived: list[str] = []
        self.where = ""

    def keep_or_derive(self, what: str, written: T, ok: bool, derived: T) -> T:
        if ok:
            return written
        self.derived.append(what)
        return derived

    def begin(self, index: int, step: Step) -> None:
        shown = describe_action(step.seat, step.action) if isinstance(step, Act) else step.kind
        self.where = f"step {index + 1} ({shown})"

    def expect(self, index: int, step: Expect) -> Expect:
        state = self.state()
        ok = not compare_state(step.state, state, ALL_FEATURES).diffs
        return dataclasses.replace(
            step, state=self.keep_or_derive(self.where, step.state, ok, state_as(step.state, state)))

    def observe(self, index: int, step: Observe) -> Observe:
        seen = self.ref.observe(step.seat)
        ok = not compare_observation(step.expect, seen, step.seat).diffs
        return dataclasses.replace(
            step, expect=self.keep_or_derive(self.where, step.expect, ok, observation_as(step.expect, seen)))

    def act(self, index: int, step: Act) -> Act:
        where = self.where
        ok, reason = self.perform(index, step)
        if step.refuse is None and not ok:
            raise _Impossible("an action it refuses", f"{where}: {reason}")
        if step.refuse is not None and ok:
            raise _Impossible("an action it allows", where)
        if isinstance(step.refuse, str) and step.refuse != reason:
            return self.keep_or_derive(where, step, False, dataclasses.replace(step, refuse=reason))
        return step

    def legal(self, index: int, step: Legal) -> Legal:
        where = self.where
        actual = self.ref.legal_actions()
        have = {action_key(a) for a in actual}
        includes = tuple(a for a in step.includes if action_key(a) in have)
        excludes = tuple(a for a in step.excludes if action_key(a) not in have)
        count = None if step.count is None else len(actual)
        ok = includes == step.includes and excludes == step.excludes and count == step.count
        if not (includes or excludes or count is not None):
            count = len(actual)
        return self.keep_or_derive(where, step, ok, dataclasses.replace(
            step, includes=includes, excludes=excludes, count=count))

    def call(self, index: int, step: Call) -> Call:
        where = self.where
        params = {**step.params, "ruleset": self.table.to_dict()}
        if step.from_result:
            result = self.state().get("result") or {}
            params["result"] = {k: result[k] for k in step.from_result if result.get(k) is not None}
        try:
            answer = self.ref.call(step.method, params)
        except Rejected:
            if step.refuse:
                return dataclasses.replace(step, params={**step.params, "ruleset": self.table.to_dict()})
            raise _Impossible("a match request it refuses", where) from None
        if step.refuse:
            raise _Impossible("a match request it answers", where)
        expect = {k: answer_at(answer, k) for k in step.expect}
        ok = all(expect[k] == v and type(expect[k]) is type(v) for k, v in step.expect.items())
        new = dataclasses.replace(step, params={**step.params, "ruleset": self.table.to_dict()})
        return self.keep_or_derive(where, new, ok, dataclasses.replace(new, expect=expect))

    def perft(self, index: int, step: Perft) -> Perft:
        where = self.where
        setup = self.case.setup
        assert setup is not None
        counts = tuple((d, AdapterPerft(self.ref, setup, True).count(d)) for d, _ in step.counts)
        return self.keep_or_derive(where, step, counts == step.counts, dataclasses.replace(step, counts=counts))


def retarget(case: Case, table: Ruleset, reference: Adapter) -> Retargeted:
    """``case`` under ``table``'s rules, played on ``reference`` (an adapter of the
    reference engine), or why it cannot exist there.  A case whose cards or hands do not
    fit the table's pack is translated (:mod:`.translate`) where a translation keeps what
    it checks."""
    if case.ruleset == table:
        return Retargeted(case)
    if table.special_hands == "none" and any(a.get("type") == "declare" for _, a in case.actions):
        # an engine that plays no special hands never receives a declare (protocol, "Actions")
        return Retargeted(None, Need("table", "an action it has not", "a declare, under special_hands = none"))
    try:
        if case.setup is None:
            setup = None
        elif case.deal_refused:
            setup = redeal_refused(case.setup, case.ruleset, table)
        else:
            setup = redeal(case.setup, case.ruleset, table, _draws(case))
        plain = _walked(case, setup, table, reference)
    except _Impossible as e:
        plain = Retargeted(None, e.need)
    if plain.case is not None or not _packs_differ(case, table):
        return plain
    from .translate import keeps, translations, untranslatable

    tried = 0
    played: Need | None = None  # why the table cannot play the first translation, if it is the table's rules
    for candidate, how in translations(case, table):
        tried += 1
        if not keeps(case, candidate):
            if played is None:
                played = _table_need(candidate, table, reference)
            continue
        try:
            moved = _walked(candidate, candidate.setup, table, reference)
        except _Impossible:
            continue
        if moved.case is not None:
            return Retargeted(dataclasses.replace(moved.case, origin="translated"), derived=moved.derived,
                              translated=how)
    if played is not None:
        # the case translates to the table's pack, but the table's other rules play its
        # script otherwise: that is why it cannot exist there
        detail = f"{played.detail} (its cards translated to the table's pack)"
        return Retargeted(None, Need("table", played.name, detail))
    need = plain.need
    assert need is not None
    why = (f"{tried} translations to its pack tried, none keeps what the case checks" if tried
           else untranslatable(case, table))
    return Retargeted(None, Need("table", need.name, f"{need.detail}; {why}" if why else need.detail))


def _table_need(candidate: Case, table: Ruleset, reference: Adapter) -> Need | None:
    """Why ``table`` cannot play a translation of a case (an action it refuses or allows,
    or the like), or None where it plays it (the translation then changes what the case
    checks, and the pack is the cause)."""
    try:
        return _walked(candidate, candidate.setup, table, reference).need
    except _Impossible as e:
        return e.need


def _draws(case: Case) -> int | None:
    """How many cards the case's script draws from the stock, on the reference engine
    (None where the reference refuses its deal)."""
    from .translate import stock_draws

    try:
        return stock_draws(case)
    except Exception:  # a deal the reference refuses: the stock is kept as it lies
        return None


def _packs_differ(case: Case, table: Ruleset) -> bool:
    """Whether the case's pack or hand size is not the table's (a translation may help)."""
    was = case.ruleset
    players = int(case.setup["players"]) if case.setup is not None else 2
    return (was.deck, was.jokers, was.hand_size_for(players)) != (table.deck, table.jokers,
                                                                  table.hand_size_for(players))


def _walked(case: Case, setup: JSON | None, table: Ruleset, reference: Adapter) -> Retargeted:
    """The case dealt from ``setup`` under ``table`` and played on the reference, its
    expectations kept or derived (raises :class:`_Impossible`)."""
    moved = dataclasses.replace(case, setup=setup, ruleset=table)
    walk = _Walk(moved, table, reference)
    if setup is not None:
        try:
            walk.last = reference.new_hand(setup)
        except Rejected as e:
            if case.deal_refused:
                return Retargeted(moved)
            return Retargeted(None, Need("table", "a deal it refuses", e.reason))
        if case.deal_refused:
            return Retargeted(None, Need("table", "a deal it accepts", "the deck is the table's"))
    steps = walk.run(case.steps)
    result = case.result
    if result is not None:
        final = walk.final_state().get("result")
        ok = not compare_result(result, final, ALL_FEATURES).diffs
        result = walk.keep_or_derive("the final result", result, ok, result_as(result, final))
    origin: Origin = "derived" if walk.derived else "written"
    return Retargeted(dataclasses.replace(moved, steps=tuple(steps), result=result, origin=origin),
                      derived=tuple(walk.derived))
