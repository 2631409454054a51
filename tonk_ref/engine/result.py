"""The end of a hand: ending kinds, payments and net results (spec section PAY)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal, get_args

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


# How a rule the engine applied at a step bears on the hand (the roles of :attr:`Event.applied`),
# named for when a ruling on the hand cites it:
#: it settles the step (a spread's kind, a dealt tonk, a payment): cited and deciding
DECIDES: Final = "decides"
#: the step rests on it (the wild cards of a spread, a hit on a spread): cited
RESTS_ON: Final = "rests_on"
#: the course every hand takes (a draw, the end of a turn, who sees the hands, who deals
#: next): cited, and never the rule that decides
FRAME: Final = "frame"
#: the deal's own course (the deal, the upcard, the first player, the stock): cited where
#: a ruling starts at the deal
AT_DEAL: Final = "deal"
#: the empty stock reached by play (a draw of the last card, a take from an empty stock):
#: cited unless the ruling is a refusal
STOCK: Final = "stock"
#: what the count of an ended hand meets (a joker or a wild deuce held, a total of 49 or
#: 50): cited where the hand ends; COUNT_LATER only where a ruling starts after the deal
COUNT: Final = "count"
COUNT_LATER: Final = "count_later"
#: applied when the hands are shown and counted (a knock's count): cited where the hand
#: ends; SHOW_DECIDES also deciding
SHOW: Final = "show"
SHOW_DECIDES: Final = "show_decides"
#: every role
ROLES: Final = (DECIDES, RESTS_ON, FRAME, AT_DEAL, STOCK, COUNT, COUNT_LATER, SHOW, SHOW_DECIDES)

#: The rules applied at one step of a hand, each with its role.
Applied = tuple[tuple[str, str], ...]


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
