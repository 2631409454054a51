"""The protocol's invariants, checked on every answer of an engine whatever a case expects
(spec/protocol.md, "Invariants the runner checks on every answer").

A case compares only the fields it expects; these hold of every state, result and
observation: the net sums to zero and is what the payments give, every card is shown once
and belongs to the ruleset's pack, the cards add up to the pack, the stage agrees with
``to_act`` and ``result``, an observation shows nothing its seat may not see, and no
action is accepted once the hand is over.

The functions are pure and take the engine's answer as untrusted JSON: a field that is
missing or of the wrong type is the schema's business (``--validate``), so it is not
checked here, and nothing here raises on any input.  Each problem is a :class:`Broken`
whose ``kind`` is a short stable word reports group failures by.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..adapters.fields import observation_fields
from ..engine.cards import NAMES, cards_of, pack_mask
from ..engine.ruleset import Ruleset

JSON = dict[str, Any]

#: Every kind of problem, in the order the functions look for them.
KINDS = ("net_sum", "net_payments", "card_twice", "card_outside_pack", "card_count", "stage", "leak",
         "observed_hand", "after_over")

#: The rule each kind breaks, where one rule says it (the runner cites it in its failure).
RULES: dict[str, str] = {
    "net_sum": "STAKE-2", "net_payments": "STAKE-2", "card_twice": "CARD-1", "card_outside_pack": "CARD-1",
    "card_count": "CARD-1", "leak": "OBS-2", "observed_hand": "OBS-2", "after_over": "TURN-10",
}


@dataclass(frozen=True, slots=True)
class Broken:
    """One invariant an answer breaks: ``kind`` (one of :data:`KINDS`), the ``field`` of the
    answer it concerns and a one-line ``message``."""

    kind: str
    field: str
    message: str

    def __str__(self) -> str:
        return self.message


# ---------------------------------------------------------------------------- reading JSON
#: an amount as the protocol writes one, its digits bounded (a longer one is for the schemas,
#: and the decoding of answers, to refuse: tonk_ref.bounds.MAX_AMOUNT_DIGITS)
_AMOUNT = re.compile(r"-?[0-9]{1,18}/[0-9]{1,18}")


#: The largest amount summed as it is (a larger one is for the schemas to refuse).
_LARGEST = 10**18 - 1

Amount = int | Fraction  # exact: integers stay integers (fast), fractions are Fractions


def _amount(v: object) -> Amount | None:
    """An amount (an integer, or an exact fraction ``"p/q"``), or None for anything else."""
    if isinstance(v, int) and not isinstance(v, bool):
        return v if -_LARGEST <= v <= _LARGEST else None
    if isinstance(v, str) and _AMOUNT.fullmatch(v):
        p, q = v.split("/")
        return Fraction(int(p), int(q)) if int(q) else None
    return None


def _amounts(v: object) -> list[Amount] | None:
    if not isinstance(v, list):
        return None
    out = [_amount(a) for a in v]
    return None if any(a is None for a in out) else out  # type: ignore[return-value]


def _seat(v: object) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _num(q: Amount) -> str:
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def _list(values: list[Amount]) -> str:
    return "[" + ", ".join(_num(v) for v in values) + "]"


_CARDS = frozenset(NAMES)


@functools.cache
def _pack(deck: int, jokers: int) -> frozenset[str]:
    return frozenset(NAMES[c] for c in cards_of(pack_mask(deck, jokers)))


def _pack_of(rules: Ruleset) -> frozenset[str]:
    return _pack(rules.deck, rules.jokers)


def _pack_words(rules: Ruleset) -> str:
    jokers = f" and {rules.jokers} jokers" if rules.jokers else ""
    return f"the {rules.deck}-card pack{jokers}"


# ---------------------------------------------------------------------------- the result
def result_problems(result: object, where: str = "result") -> list[Broken]:
    """``net`` sums to zero; with ``payments``, each seat's net is what it received less what
    it paid."""
    if not isinstance(result, dict):
        return []
    out: list[Broken] = []
    net = _amounts(result.get("net"))
    if net is None:
        return out
    total: Amount = sum(net, 0)
    if total:
        out.append(Broken("net_sum", f"{where}.net", f"{where}.net sums to {_num(total)}, not 0: {_list(net)}"))
    payments = result.get("payments")
    if not isinstance(payments, list):
        return out
    flows: list[Amount] = [0] * len(net)
    for p in payments:
        if not isinstance(p, dict):
            return out
        payer, payee, amount = _seat(p.get("payer")), _seat(p.get("payee")), _amount(p.get("amount"))
        if payer is None or payee is None or amount is None:
            return out
        for s in (payer, payee):
            if not 0 <= s < len(net):
                out.append(Broken("net_payments", f"{where}.payments",
                                  f"{where}.payments name seat {s}, but {where}.net has {len(net)} seats"))
                return out
        flows[payer] -= amount
        flows[payee] += amount
    if flows != net:
        seats = [s for s in range(len(net)) if flows[s] != net[s]]
        out.append(Broken("net_payments", f"{where}.net",
                          f"{where}.net is {_list(net)} but the payments give {_list(flows)} "
                          f"(seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))})"))
    return out


# ---------------------------------------------------------------------------- the cards
def _shown(places: Iterator[tuple[str, object]], rules: Ruleset) -> list[Broken]:
    """No card twice among ``places`` (field, card), none outside the pack."""
    pack = _pack_of(rules)
    where: dict[str, list[str]] = {}
    outside: list[str] = []
    for field, card in places:
        if not isinstance(card, str) or card not in _CARDS:  # not a card at all: the schema's business
            continue
        if card not in pack:
            outside.append(f"{card} in {field}")
        where.setdefault(card, []).append(field)
    out: list[Broken] = []
    twice = {card: fields for card, fields in where.items() if len(fields) > 1}
    if twice:
        first = next(iter(twice))
        shown = "; ".join(f"{c} in {', '.join(f)}" for c, f in twice.items())
        out.append(Broken("card_twice", twice[first][1],
                          f"{len(twice)} card{'s' if len(twice) > 1 else ''} shown more than once: {shown}"))
    if outside:
        out.append(Broken("card_outside_pack", outside[0].rsplit(" in ", 1)[1],
                          f"not cards of {_pack_words(rules)}: {', '.join(outside)}"))
    return out


def _distinct_in_pack(lists: list[list[Any]], top: object, rules: Ruleset) -> bool:
    """Whether the cards of ``lists`` and ``top`` are distinct cards of the pack: the common
    case, told fast, before :func:`_shown` looks for what is wrong."""
    cards = [c for cs in lists for c in cs]
    if top is not None:
        cards.append(top)
    try:
        return len(set(cards)) == len(cards) and _pack_of(rules).issuperset(cards)
    except TypeError:  # an unhashable item
        return False


def _lists(items: object) -> list[list[Any]]:
    return [x for x in items if isinstance(x, list)] if isinstance(items, list) else []


def _laid(spreads: object) -> list[list[Any]]:
    """The card lists of the spreads that give one."""
    if not isinstance(spreads, list):
        return []
    return [sp["cards"] for sp in spreads if isinstance(sp, dict) and isinstance(sp.get("cards"), list)]


def _table_cards(answer: JSON) -> Iterator[tuple[str, object]]:
    """The spreads' cards and the discard top, with their fields."""
    spreads = answer.get("spreads")
    if isinstance(spreads, list):
        for i, sp in enumerate(spreads):
            cards = sp.get("cards") if isinstance(sp, dict) else None
            if isinstance(cards, list):
                for card in cards:
                    yield f"spreads[{i}].cards", card
    yield "discard_top", answer.get("discard_top")


def _hand_cards(hands: object, field: str = "hands") -> Iterator[tuple[str, object]]:
    if isinstance(hands, list):
        for s, hand in enumerate(hands):
            if isinstance(hand, list):
                for card in hand:
                    yield f"{field}[{s}]", card


def _count(count: object) -> int | None:
    return count if isinstance(count, int) and not isinstance(count, bool) else None


def _card_count(state: JSON, hands: list[list[Any]], laid: list[list[Any]], rules: Ruleset) -> Broken | None:
    """The hands, the spreads, the discard pile and the stock hold the pack (when all are given)."""
    discard, stock = _count(state.get("discard_count")), _count(state.get("stock_count"))
    given_hands, spreads = state.get("hands"), state.get("spreads")
    if discard is None or stock is None or not isinstance(given_hands, list) or len(hands) != len(given_hands) \
            or not isinstance(spreads, list) or len(laid) != len(spreads):
        return None
    held = sum(len(h) for h in hands)
    on_table = sum(len(c) for c in laid)
    total = held + on_table + discard + stock
    size = len(_pack_of(rules))
    if total == size:
        return None
    return Broken("card_count", "stock_count",
                  f"the state holds {total} cards, not the {size} of {_pack_words(rules)}: hands {held} + "
                  f"spreads {on_table} + discard_count {discard} + stock_count {stock}")


def _stage(state: JSON) -> Broken | None:
    """stage "over" iff to_act is null iff result is not null (of the fields given)."""
    said: dict[str, bool] = {}
    stage, to_act, result = state.get("stage"), state.get("to_act", ...), state.get("result", ...)
    if isinstance(stage, str):
        said["stage"] = stage == "over"
    if to_act is None or _seat(to_act) is not None:
        said["to_act"] = to_act is None
    if result is None or isinstance(result, dict):
        said["result"] = result is not None
    if len(set(said.values())) < 2:
        return None
    shown = {"stage": f"stage is {json.dumps(stage)}",
             "to_act": "to_act is null" if to_act is None else f"to_act is {to_act}",
             "result": "result is null" if result is None else "result is given"}
    return Broken("stage", "stage", f"{', '.join(shown[k] for k in said)}: a hand is over exactly when its stage "
                                    f"is \"over\", to_act is null and result is not null")


# ---------------------------------------------------------------------------- the answers
def state_problems(state: object, rules: Ruleset) -> list[Broken]:
    """What a full state (``new_hand``, ``act``, ``state``, ``play``) breaks of the protocol's
    invariants under ``rules`` (the ruleset the hand was dealt under)."""
    if not isinstance(state, dict):
        return []
    out = result_problems(state.get("result"))
    hands, laid = _lists(state.get("hands")), _laid(state.get("spreads"))
    if not _distinct_in_pack(hands + laid, state.get("discard_top"), rules):
        out += _shown(_chain(_hand_cards(state.get("hands")), _table_cards(state)), rules)
    for problem in (_card_count(state, hands, laid, rules), _stage(state)):
        if problem is not None:
            out.append(problem)
    return out


def observation_problems(obs: object, seat: int, rules: Ruleset) -> list[Broken]:
    """What the observation of ``seat`` breaks: a card shown twice or outside the pack, what
    the seat may not see (OBS-1, OBS-2), its ``hand`` other than ``hands[seat]``, the net."""
    if not isinstance(obs, dict):
        return []
    out = result_problems(obs.get("result"))
    hands, hand = obs.get("hands"), obs.get("hand")
    own = hands[seat] if isinstance(hands, list) and 0 <= seat < len(hands) else None
    same = isinstance(own, list) and isinstance(hand, list) and (own == hand or _multiset(own) == _multiset(hand))
    shown = [*_lists(hands), *([hand] if isinstance(hand, list) and not isinstance(own, list) else [])]
    if not same or not _distinct_in_pack(shown + _laid(obs.get("spreads")), obs.get("discard_top"), rules):
        cards = _chain(_hand_cards(hands), _table_cards(obs))
        if isinstance(hand, list):  # hand repeats hands[seat]: only what it adds is shown again
            extra = _strings(hand) - _strings(own) if isinstance(own, list) else _strings(hand)
            cards = _chain(cards, (("hand", c) for c in extra.elements()))
        out += _shown(cards, rules)
    leaked = [k for k in observation_fields().never if obs.get(k) is not None]
    stage = obs.get("stage")
    if isinstance(stage, str) and stage != "over" and isinstance(hands, list):
        others = [s for s, h in enumerate(hands) if s != seat and h is not None]
        # under after_knock = one_turn_each the knocker's hand lies face up during the last turns (OBS-3)
        if len(others) > (1 if rules.after_knock == "one_turn_each" else 0):
            leaked += [f"hands[{s}]" for s in others]
    if leaked:
        out.append(Broken("leak", leaked[0].split("[", 1)[0],
                          f"the observation of seat {seat} shows {', '.join(leaked)}, which seat {seat} may not see"
                          + ("" if not isinstance(stage, str) else f" (stage {json.dumps(stage)})")))
    if isinstance(own, list) and isinstance(hand, list) and not same:
        out.append(Broken("observed_hand", "hand",
                          f"hand is {_cards_text(hand)} but hands[{seat}] is {_cards_text(own)}"))
    return out


def after_over_problem(previous_state: object, accepted: bool) -> Broken | None:
    """An action accepted although the engine's own previous state said the hand was over."""
    if not accepted or not isinstance(previous_state, dict) or previous_state.get("stage") != "over":
        return None
    return Broken("after_over", "stage", "an action was accepted after the engine's own state said the hand "
                                         "was over (stage \"over\"); it must be refused as hand_over")


def _chain(*parts: Iterator[tuple[str, object]]) -> Iterator[tuple[str, object]]:
    for part in parts:
        yield from part


def _strings(cards: list[Any]) -> Counter[str]:
    return Counter(c for c in cards if isinstance(c, str))


def _multiset(cards: list[Any]) -> Counter[str]:
    return Counter(c if isinstance(c, str) else repr(c) for c in cards)


def _cards_text(cards: list[Any]) -> str:
    return "[" + " ".join(sorted(c if isinstance(c, str) else repr(c) for c in cards)) + "]"
