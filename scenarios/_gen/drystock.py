"""Hands that run the stock dry: a script of simple turns written from a stacked deck.

Every turn until the stock is empty is a P0-like turn: draw from the stock, then discard
the card drawn (policy ``"drawn"``) or a highest-valued card (policy ``"high"``: the
card drawn if it is among the highest, else the first such card held).  A seat may do
more on its first turn (``first_round``: e.g. lay a spread) before discarding.  With
policy ``"drawn"`` a hand never changes except by those first-round plays, so the
totals at the end are the dealt cards minus the spreads laid: easy to check by hand,
and the cases state them.  The full stock is written out in the case.

Right after the last stock card is drawn the script checks that the hand goes on
(rule STOCK-1: stock_count 0, the same player still to discard, no result).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenarios._gen.make.case import Case, start
from scenarios._gen.make.play import GenError, Play, split_script


def dry_script(
    play: Play,
    first_round: Mapping[int, str] | None = None,
    policy: str = "drawn",
    check_last: bool = True,
    stop_before: int = 0,
) -> list[Any]:
    """Play P0-like turns on the model until the stock is empty (or ``stop_before`` cards
    are left); return the script lines (played as they are written)."""
    first_round = dict(first_round or {})
    done: set[int] = set()
    lines: list[Any] = []
    while len(play.state.stock) > stop_before:
        seat = play.state.to_act
        assert seat is not None
        drawn = play.state.stock[0]
        turn = [f"{seat} draw stock"]
        play.act(turn[0])
        if check_last and not play.state.stock:
            lines.extend(turn)
            lines.append("@")
            turn = []
        if seat in first_round and seat not in done:
            done.add(seat)
            for part in split_script([first_round[seat]]):
                play.act(part)
                turn.append(part)
        hand = play.state.hands[seat]
        value = play.state.r.value
        if policy == "drawn":
            if drawn not in hand:
                raise GenError(f"seat {seat} used the card it drew ({drawn}); policy 'drawn' discards it")
            out = drawn
        elif policy == "high":
            top = max(value(c) for c in hand)
            out = drawn if value(drawn) == top else next(c for c in hand if value(c) == top)
        else:
            raise GenError(f"unknown policy {policy!r}")
        turn.append(f"{seat} discard {out}")
        play.act(turn[-1])
        lines.append("; ".join(turn))
    return lines


def dry_case(
    cid: str,
    title: str,
    rules: list[str],
    *,
    players: int,
    dealer: int,
    hands: list[str],
    upcard: str | None,
    tail: str | list[Any] = "",
    first_round: Mapping[int, str] | None = None,
    policy: str = "drawn",
    stock: str = "",
    check_last: bool = True,
    stop_before: int = 0,
    bottom: str = "",
    **kw: Any,
) -> Case:
    """A case whose script runs the stock dry and then plays ``tail``.  ``stock`` is the
    top of the stock, ``bottom`` its last cards (the last one is drawn last)."""
    case = Case(cid, title, rules, players=players, dealer=dealer, hands=hands, upcard=upcard, stock=stock,
                script=[], **kw)
    low = bottom.split()
    case.stock = " ".join([c for c in start(case).state.stock if c not in low] + low)  # the whole stock
    script = dry_script(start(case), first_round, policy, check_last, stop_before)
    case.script = script + ([tail] if isinstance(tail, str) else list(tail))
    return case
