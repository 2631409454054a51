"""The comparison rules of spec/tonk.md ("Comparison rules"), as code.

Only the fields an expectation gives are compared.  A seat's hand and a spread's cards
compare as multisets; the spreads compare in the order laid; payments compare as the
total per ordered (payer, payee) pair; ``net`` compares exactly per seat.  Every
function returns a list of human-readable differences (empty when they match).
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from typing import Any

JSON = dict[str, Any]


def amount(v: object) -> Fraction:
    if isinstance(v, bool) or not isinstance(v, int | str | Fraction):
        raise ValueError(f"{v!r} is not an amount")
    return Fraction(v)


def _cards(v: object) -> Counter[str]:
    return Counter(v) if isinstance(v, list) else Counter()


def _fmt(cards: object) -> str:
    if isinstance(cards, list):
        return "[" + " ".join(str(c) for c in sorted(cards, key=str)) + "]"
    return repr(cards)


def _hands_expected(expected: object, players: int) -> dict[int, list[str]]:
    if isinstance(expected, list):
        return dict(enumerate(expected))
    if isinstance(expected, dict):
        return {int(k): v for k, v in expected.items()}
    return {}


def match_hands(expected: object, actual: object, where: str) -> list[str]:
    diffs: list[str] = []
    if not isinstance(actual, list):
        return [f"{where}: expected a list of hands, got {actual!r}"]
    for seat, cards in _hands_expected(expected, len(actual)).items():
        got = actual[seat] if seat < len(actual) else None
        if got is None or _cards(got) != _cards(cards):
            diffs.append(f"{where}[{seat}]: expected {_fmt(cards)}, got {_fmt(got)}")
    return diffs


def match_spreads(expected: list[JSON], actual: object, where: str) -> list[str]:
    if not isinstance(actual, list):
        return [f"{where}: expected a list of spreads, got {actual!r}"]
    if len(expected) != len(actual):
        return [f"{where}: expected {len(expected)} spreads, got {len(actual)}: {_show_spreads(actual)}"]
    diffs: list[str] = []
    for i, (want, got) in enumerate(zip(expected, actual, strict=True)):
        if not isinstance(got, dict):
            diffs.append(f"{where}[{i}]: expected a spread object, got {got!r}")
            continue
        for key in ("owner", "kind"):
            if key in want and want[key] != got.get(key):
                diffs.append(f"{where}[{i}].{key}: expected {want[key]!r}, got {got.get(key)!r}")
        if _cards(want["cards"]) != _cards(got.get("cards")):
            diffs.append(f"{where}[{i}].cards: expected {_fmt(want['cards'])}, got {_fmt(got.get('cards'))}")
    return diffs


def _show_spreads(spreads: list[Any]) -> str:
    return ", ".join(_fmt(s.get("cards")) if isinstance(s, dict) else repr(s) for s in spreads) or "none"


def pair_totals(payments: object) -> dict[tuple[int, int], Fraction]:
    """Payments summed per ordered (payer, payee) pair; zero totals dropped."""
    totals: dict[tuple[int, int], Fraction] = {}
    if not isinstance(payments, list):
        raise ValueError(f"payments must be a list, got {payments!r}")
    for p in payments:
        key = (p["payer"], p["payee"])
        totals[key] = totals.get(key, Fraction(0)) + amount(p["amount"])
    return {k: v for k, v in totals.items() if v}


def _fmt_pairs(t: dict[tuple[int, int], Fraction]) -> str:
    return ", ".join(f"{a}->{b}: {v}" for (a, b), v in sorted(t.items())) or "none"


def match_result(expected: JSON | None, actual: object, where: str = "result") -> list[str]:
    if expected is None:
        return [] if actual is None else [f"{where}: expected the hand not to be over, got {actual!r}"]
    if not isinstance(actual, dict):
        return [f"{where}: expected a result, got {actual!r}"]
    diffs: list[str] = []
    if "ending" in expected and expected["ending"] != actual.get("ending"):
        diffs.append(f"{where}.ending: expected {expected['ending']!r}, got {actual.get('ending')!r}")
    if "winners" in expected and sorted(expected["winners"]) != sorted(actual.get("winners") or []):
        diffs.append(f"{where}.winners: expected {sorted(expected['winners'])}, got {actual.get('winners')!r}")
    if "totals" in expected and expected["totals"] != actual.get("totals"):
        diffs.append(f"{where}.totals: expected {expected['totals']}, got {actual.get('totals')!r}")
    if "net" in expected:
        got = actual.get("net")
        try:
            same = isinstance(got, list) and [amount(a) for a in got] == [amount(a) for a in expected["net"]]
        except ValueError:
            same = False
        if not same:
            diffs.append(f"{where}.net: expected {expected['net']}, got {got!r}")
    if "payments" in expected:
        want = pair_totals(expected["payments"])
        try:
            got_pairs = pair_totals(actual.get("payments"))
        except (ValueError, KeyError, TypeError) as e:
            diffs.append(f"{where}.payments: unreadable payments {actual.get('payments')!r} ({e})")
        else:
            if want != got_pairs:
                diffs.append(f"{where}.payments: expected {_fmt_pairs(want)}, got {_fmt_pairs(got_pairs)}")
    return diffs


_SCALARS = ("discard_top", "discard_count", "stock_count", "to_act", "stage")


def match_state(expected: JSON, actual: JSON, where: str = "state") -> list[str]:
    diffs: list[str] = []
    if "hands" in expected:
        diffs += match_hands(expected["hands"], actual.get("hands"), f"{where}.hands")
    if "hand_sizes" in expected:
        hands = actual.get("hands")
        sizes = [len(h) for h in hands] if isinstance(hands, list) else None
        if sizes != expected["hand_sizes"]:
            diffs.append(f"{where}.hand_sizes: expected {expected['hand_sizes']}, got {sizes}")
    if "spreads" in expected:
        diffs += match_spreads(expected["spreads"], actual.get("spreads"), f"{where}.spreads")
    for key in _SCALARS:
        if key in expected and expected[key] != actual.get(key):
            diffs.append(f"{where}.{key}: expected {expected[key]!r}, got {actual.get(key)!r}")
    if "result" in expected:
        diffs += match_result(expected["result"], actual.get("result"), f"{where}.result")
    return diffs


def match_observation(expected: JSON, actual: JSON, where: str = "observation") -> list[str]:
    diffs: list[str] = []
    if "hand" in expected and _cards(expected["hand"]) != _cards(actual.get("hand")):
        diffs.append(f"{where}.hand: expected {_fmt(expected['hand'])}, got {_fmt(actual.get('hand'))}")
    if "hands" in expected:
        got = actual.get("hands")
        want = expected["hands"]
        same = isinstance(got, list) and len(got) == len(want)
        if same and isinstance(got, list):
            for w, g in zip(want, got, strict=True):
                if (w is None) != (g is None) or (w is not None and _cards(w) != _cards(g)):
                    same = False
        if not same:
            diffs.append(f"{where}.hands: expected {want!r}, got {got!r}")
    if "hand_sizes" in expected and expected["hand_sizes"] != actual.get("hand_sizes"):
        diffs.append(f"{where}.hand_sizes: expected {expected['hand_sizes']}, got {actual.get('hand_sizes')!r}")
    if "spreads" in expected:
        diffs += match_spreads(expected["spreads"], actual.get("spreads"), f"{where}.spreads")
    for key in _SCALARS:
        if key in expected and expected[key] != actual.get(key):
            diffs.append(f"{where}.{key}: expected {expected[key]!r}, got {actual.get(key)!r}")
    if "hidden" in expected:
        text = json.dumps(actual)
        seen = [c for c in expected["hidden"] if f'"{c}"' in text]
        if seen:
            diffs.append(f"{where}: seat {actual.get('seat')} can see {_fmt(seen)}, which it must not")
    return diffs
