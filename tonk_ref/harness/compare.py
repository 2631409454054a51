"""The comparison rules of spec/tonk.md ("Comparison rules"), as code.

Only the fields an expectation gives are compared.  A seat's hand and a spread's cards
compare as multisets; the spreads compare in the order laid; payments compare as the
total per ordered (payer, payee) pair; ``net`` and ``totals`` exactly per seat; winners
as a set.  Each function returns a :class:`Comparison`: the :class:`Difference`\\ s found
(field, expected, actual), the fields it could not check and why (an optional field the
engine did not send, an expectation that needs a feature it did not declare), and how many
fields it did check.  A field the engine did not send reads "absent".
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..adapters.fields import state_fields

JSON = dict[str, Any]


class _Absent:
    """A field the engine did not send."""

    def __repr__(self) -> str:
        return "absent"


ABSENT: Any = _Absent()

#: Endings after which ``result.totals`` and ``result.knocker`` are required (protocol.md,
#: "The result"): the totals decide the winner there.  Elsewhere they are optional.
KNOCK_ENDINGS = frozenset({"knock_won", "knock_caught", "knock_tie"})
TOTALS_REQUIRED = KNOCK_ENDINGS | {"stock_out"}
#: The result fields that need the ``payments`` feature.
PAYMENT_FIELDS = ("net", "payments", "pays")
#: The state fields of play that hold one value each, compared by value and type.
_SCALARS = state_fields().scalars_of_play


@dataclass(frozen=True, slots=True)
class Difference:
    field: str
    expected: Any
    actual: Any
    note: str = ""

    def __str__(self) -> str:
        text = f"{self.field}: expected {show(self.expected)}, got {show(self.actual)}"
        return f"{text} ({self.note})" if self.note else text

    def to_json(self) -> JSON:
        out: JSON = {"field": self.field, "expected": _jsonable(self.expected), "actual": _jsonable(self.actual)}
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True, slots=True)
class Unchecked:
    """An expectation the engine's declarations do not let the runner check."""

    field: str
    why: str  # "payments" (a feature to declare) or "optional" (a field the engine may leave out)

    def __str__(self) -> str:
        if self.why == "optional":
            return f"{self.field}: not sent (an optional field)"
        return f"{self.field}: needs the feature {self.why}"


@dataclass(slots=True)
class Comparison:
    diffs: list[Difference] = field(default_factory=list)
    unchecked: list[Unchecked] = field(default_factory=list)
    checked: int = 0

    def __bool__(self) -> bool:
        """True when nothing differs."""
        return not self.diffs

    def differ(self, name: str, expected: Any, actual: Any, note: str = "") -> None:
        self.checked += 1
        self.diffs.append(Difference(name, expected, actual, note))

    def same(self) -> None:
        self.checked += 1

    def check(self, ok: bool, name: str, expected: Any, actual: Any, note: str = "") -> None:
        """One comparison: the same where ``ok``, else a difference."""
        if ok:
            self.same()
        else:
            self.differ(name, expected, actual, note)

    def skip(self, name: str, why: str) -> None:
        self.unchecked.append(Unchecked(name, why))

    def extend(self, other: Comparison) -> None:
        self.diffs += other.diffs
        self.unchecked += other.unchecked
        self.checked += other.checked


# ---------------------------------------------------------------------------- showing values
def show(value: Any) -> str:
    """A value as a report shows it: cards as ``[2c 3c 4d]``, missing fields as ``absent``."""
    if value is ABSENT:
        return "absent"
    if isinstance(value, list) and value and all(isinstance(c, str) for c in value):
        if all(_is_card(c) for c in value):  # a hand: in the order of the pack
            return "[" + " ".join(sorted(value, key=_card_order)) + "]"
        return "[" + ", ".join(value) + "]"  # amounts ("1/2") and the like: in seat order, as sent, as numbers are
    if isinstance(value, str):
        return value
    if isinstance(value, Fraction):
        return str(value)
    return json.dumps(_jsonable(value), separators=(", ", ": "))


_RANKS = "A23456789TJQK"
_SUITS = "cdhs"


def _is_card(text: str) -> bool:
    return text in ("X1", "X2") or (len(text) == 2 and text[0] in _RANKS and text[1] in _SUITS)


def _card_order(card: str) -> tuple[int, int, str]:
    if len(card) == 2 and card[0] in _RANKS and card[1] in _SUITS:
        return (_SUITS.index(card[1]), _RANKS.index(card[0]), card)
    return (9, 0, card)


def _jsonable(value: Any) -> Any:
    if value is ABSENT:
        return None
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def _get(obj: Any, key: str) -> Any:
    return obj.get(key, ABSENT) if isinstance(obj, dict) else ABSENT


def _cards(v: object) -> Counter[str] | None:
    return Counter(str(c) for c in v) if isinstance(v, list) else None


def amount(v: object) -> Fraction:
    """An amount read exactly, within :func:`tonk_ref.bounds.amount`'s limits; a
    ValueError for anything else."""
    from ..bounds import amount as bounded

    return bounded(v)


def _amounts(v: object) -> list[Fraction] | None:
    if not isinstance(v, list):
        return None
    try:
        return [amount(a) for a in v]
    except (ValueError, ZeroDivisionError):
        return None


def pair_totals(payments: object) -> dict[tuple[int, int], Fraction]:
    """Payments summed per ordered (payer, payee) pair; zero totals dropped.  Raises
    ValueError for payments that cannot be read."""
    if not isinstance(payments, list):
        raise ValueError(f"payments must be a list, got {show(payments)}")
    totals: dict[tuple[int, int], Fraction] = {}
    for p in payments:
        if not isinstance(p, dict) or not all(k in p for k in ("payer", "payee", "amount")):
            raise ValueError(f"a payment is {{payer, payee, amount}}, got {show(p)}")
        key = (p["payer"], p["payee"])
        totals[key] = totals.get(key, Fraction(0)) + amount(p["amount"])
    return {k: v for k, v in totals.items() if v}


def _show_pairs(t: Mapping[tuple[int, int], Fraction]) -> str:
    return ", ".join(f"{a}->{b}: {v}" for (a, b), v in sorted(t.items())) or "none"


def _seat_items(expected: object) -> list[tuple[int, Any]]:
    """A per-seat expectation given as a list (every seat) or a mapping (some seats)."""
    if isinstance(expected, list):
        return list(enumerate(expected))
    if isinstance(expected, dict):
        return sorted((int(k), v) for k, v in expected.items())
    return []


# ---------------------------------------------------------------------------- the parts
def _hands(c: Comparison, name: str, expected: object, actual: object) -> None:
    if not isinstance(actual, list):
        c.differ(name, expected, actual, "expected one list of cards per seat")
        return
    if isinstance(expected, list) and len(expected) != len(actual):
        c.differ(name, expected, actual, f"expected {len(expected)} hands, got {len(actual)}")
        return
    for seat, cards in _seat_items(expected):
        got = actual[seat] if seat < len(actual) else ABSENT
        if cards is None or got is None:  # an observation: null is a hidden hand
            c.check((cards is None) == (got is None), f"{name}[{seat}]", cards, got,
                    "null is a hand this seat may not see")
        elif got != cards and _cards(got) != _cards(cards):  # the same cards in the same order: no count
            c.differ(f"{name}[{seat}]", cards, got)
        else:
            c.same()


def _hand_sizes(c: Comparison, name: str, expected: object, sizes: object) -> None:
    if not isinstance(sizes, list):
        c.differ(name, expected, sizes)
        return
    for seat, n in _seat_items(expected):
        got = sizes[seat] if seat < len(sizes) else ABSENT
        c.check(got == n, f"{name}[{seat}]", n, got)


def _spreads(c: Comparison, name: str, expected: object, actual: object) -> None:
    if not isinstance(actual, list):
        c.differ(name, expected, actual, "expected a list of spreads")
        return
    if isinstance(expected, list) and len(expected) != len(actual):
        c.differ(f"{name}", _spread_cards(expected), _spread_cards(actual),
                 f"expected {len(expected)} spreads, got {len(actual)}")
        return
    for i, want in _seat_items(expected):
        where = f"{name}[{i}]"
        got = actual[i] if i < len(actual) else ABSENT
        if not isinstance(got, dict):
            c.differ(where, want, got, "expected a spread object")
            continue
        if "owner" in want:
            c.check(want["owner"] == _get(got, "owner"), f"{where}.owner", want["owner"], _get(got, "owner"))
        if "kind" in want:
            kind = _get(got, "kind")
            if kind is ABSENT:
                c.skip(f"{where}.kind", "optional")
            elif kind != want["kind"]:
                c.differ(f"{where}.kind", want["kind"], kind)
            else:
                c.same()
        c.check(_cards(want["cards"]) == _cards(_get(got, "cards")), f"{where}.cards", want["cards"],
                _get(got, "cards"))


def _spread_cards(spreads: object) -> object:
    if isinstance(spreads, list):
        return [s.get("cards") if isinstance(s, dict) else s for s in spreads]
    return spreads


def _table(c: Comparison, where: str, expected: Mapping[str, Any], actual: object) -> None:
    """What a state and an observation both show: the spreads, their number, the piles,
    who acts and the stage."""
    if "spreads" in expected:
        _spreads(c, f"{where}spreads", expected["spreads"], _get(actual, "spreads"))
    if "spread_count" in expected:
        spreads = _get(actual, "spreads")
        got = len(spreads) if isinstance(spreads, list) else spreads
        c.check(got == expected["spread_count"], f"{where}spreads", f"{expected['spread_count']} spreads",
                _spread_cards(spreads))
    _scalars(c, where, expected, actual)


def _scalars(c: Comparison, where: str, expected: Mapping[str, Any], actual: object) -> None:
    for key in _SCALARS:
        if key in expected:
            got = _get(actual, key)
            c.check(got == expected[key] and type(got) is type(expected[key]), f"{where}{key}", expected[key], got)


# ---------------------------------------------------------------------------- the public comparisons
def compare_result(expected: JSON | None, actual: object, features: Iterable[str], where: str = "result"
                   ) -> Comparison:
    """A result expectation against an engine's result (null while the hand is in play)."""
    c = Comparison()
    if expected is None:
        if actual is None:
            c.same()
        else:
            c.differ(where, "the hand goes on (null)", _summary(actual))
        return c
    if not isinstance(actual, dict):
        c.differ(where, "the hand is over" if actual is None else expected,
                 "the hand goes on (null)" if actual is None else actual)
        return c
    feats = set(features)
    ending = _get(actual, "ending")
    if "ending" in expected:
        c.check(ending == expected["ending"], f"{where}.ending", expected["ending"], ending)
    if "winners" in expected:
        got = _get(actual, "winners")
        c.check(isinstance(got, list) and sorted(map(str, got)) == sorted(map(str, expected["winners"])),
                f"{where}.winners", sorted(expected["winners"]), got)
    for key, required in (("totals", TOTALS_REQUIRED), ("knocker", KNOCK_ENDINGS)):
        if key not in expected:
            continue
        got = _get(actual, key)
        if got is ABSENT or got is None:
            if ending in required:
                c.differ(f"{where}.{key}", expected[key], ABSENT, f"required after {ending}")
            else:
                c.skip(f"{where}.{key}", "optional")
        elif got != expected[key]:
            c.differ(f"{where}.{key}", expected[key], got)
        else:
            c.same()
    wanted = [k for k in PAYMENT_FIELDS if k in expected]
    if wanted and "payments" not in feats:
        for k in wanted:
            c.skip(f"{where}.{k}", "payments")
        return c
    if "net" in expected:
        got = _get(actual, "net")
        c.check(_amounts(got) == _amounts(expected["net"]), f"{where}.net", expected["net"], got)
    if "payments" in expected or "pays" in expected:
        try:
            got_pairs = pair_totals(_get(actual, "payments"))
        except (ValueError, TypeError, ZeroDivisionError) as e:
            c.differ(f"{where}.payments", expected.get("payments", expected.get("pays")),
                     _get(actual, "payments"), f"unreadable: {e}")
            return c
        if "payments" in expected:
            want = pair_totals(expected["payments"])
            c.check(want == got_pairs, f"{where}.payments", _show_pairs(want), _show_pairs(got_pairs),
                    "totals per payer and payee")
        for p in expected.get("pays", []):
            payer, payee = int(p["payer"]), int(p["payee"])
            want_amount = amount(p["amount"])
            got_amount = got_pairs.get((payer, payee), Fraction(0))
            c.check(got_amount == want_amount, f"{where}.payments[{payer}->{payee}]", want_amount, got_amount,
                    f"what seat {payer} pays seat {payee} in all")
    return c


def _summary(result: object) -> object:
    if isinstance(result, dict):
        return {k: result[k] for k in ("ending", "winners") if k in result}
    return result


def compare_state(expected: Mapping[str, Any], actual: object, features: Iterable[str], where: str = ""
                  ) -> Comparison:
    """A partial state (spec/scenarios.md, ``expect``) against an engine's state."""
    c = Comparison()
    prefix = f"{where}." if where else ""
    if not isinstance(actual, dict):
        c.differ(where or "state", "a state object", actual)
        return c
    hands = _get(actual, "hands")
    if "hands" in expected:
        _hands(c, f"{prefix}hands", expected["hands"], hands)
    if "hand_sizes" in expected:
        sizes = [len(h) if isinstance(h, list) else ABSENT for h in hands] if isinstance(hands, list) else hands
        _hand_sizes(c, f"{prefix}hand_sizes", expected["hand_sizes"], sizes)
    _table(c, prefix, expected, actual)
    if "result" in expected:
        c.extend(compare_result(expected["result"], _get(actual, "result"), features, f"{prefix}result"))
    return c


def compare_observation(expected: Mapping[str, Any], actual: object, seat: int) -> Comparison:
    """A partial observation of one seat (OBS-1 to OBS-3)."""
    c = Comparison()
    where = f"observe({seat})."
    if not isinstance(actual, dict):
        c.differ(f"observe({seat})", "an observation object", actual)
        return c
    if "hand" in expected:
        got = _get(actual, "hand")
        c.check(got == expected["hand"] or _cards(got) == _cards(expected["hand"]), f"{where}hand",
                expected["hand"], got)
    if "hands" in expected:
        _hands(c, f"{where}hands", expected["hands"], _get(actual, "hands"))
    if "hand_sizes" in expected:
        _hand_sizes(c, f"{where}hand_sizes", expected["hand_sizes"], _get(actual, "hand_sizes"))
    _table(c, where, expected, actual)
    if "hidden" in expected:
        text = json.dumps(actual)
        seen = [card for card in expected["hidden"] if f'"{card}"' in text]
        c.check(not seen, f"{where}hidden", "none of " + show(expected["hidden"]), "it shows " + show(seen),
                f"seat {seat} must not see these cards")
    return c


#: The state fields of the protocol (spec/protocol.md, "The state"): what "the state is
#: unchanged" compares after a refusal (an engine's extras are its own business).
CORE_STATE = state_fields().required


def compare_unchanged(before: object, after: object) -> Comparison:
    """After a refusal: the protocol's state fields, as before it (hands as multisets)."""
    c = Comparison()
    if not isinstance(before, dict) or not isinstance(after, dict):
        c.differ("state", before, after, "a refusal changes nothing")
        return c
    for key in CORE_STATE:
        b, a = _get(before, key), _get(after, key)
        if key == "hands" and isinstance(b, list) and isinstance(a, list) and len(a) == len(b):
            same = all(_cards(x) == _cards(y) for x, y in zip(b, a, strict=True))
        else:
            same = a == b
        c.check(same, f"state.{key}", b, a, "changed by a refused action")
    return c
