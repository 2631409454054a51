"""The end of a hand: ending kinds, payments and net results (spec section PAY)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, get_args

Amount = int | Fraction
Ending = Literal[
    "dealt_tonk",
    "dealt_draw",
    "tonk_out",
    "out_by_discard",
    "knock_won",
    "knock_caught",
    "stock_out",
    "turn_limit",
    "knock_tie",
    "reem",
    "special_hand",
]
ENDINGS: tuple[Ending, ...] = get_args(Ending)


@dataclass(frozen=True, slots=True)
class Payment:
    payer: int
    payee: int
    amount: Amount
    rule: str


@dataclass(frozen=True, slots=True)
class Result:
    ending: Ending
    winners: tuple[int, ...]
    payments: tuple[Payment, ...]
    net: tuple[Amount, ...]
    totals: tuple[int, ...] | None = None
    knocker: int | None = None


def net_of(players: int, payments: tuple[Payment, ...]) -> tuple[Amount, ...]:
    net: list[Amount] = [0] * players
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    return tuple(_whole(a) for a in net)


def _whole(a: Amount) -> Amount:
    if type(a) is int:
        return a
    if isinstance(a, Fraction) and a.denominator == 1:
        return int(a)
    return a
