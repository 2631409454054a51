"""scenarios/pay: the worked payments W1-W12 of the rules brief, exactly as stated, their
printed variants, and 2- and 3-player versions of every payment with other stakes.

The table is tables/pay.yml; this module holds the knock deals its rows name.  Seats:
A = 0, B = 1, C = 2.  In 3-player cases seat 2 deals, so A plays first; in 2-player cases
seat 1 deals.  Totals and nets are stated by hand; the generator refuses to write a case
whose script does not deal them.
"""

from __future__ import annotations

from typing import Any

from scenarios._gen.drystock import dry_case
from scenarios._gen.make import tables
from scenarios._gen.make.case import Case


def knock3(
    cid: str,
    title: str,
    rules: list[str],
    a: tuple[str, str],
    b: tuple[str | None, str],
    c: tuple[str | None, str],
    c_draw: str = "Qh",
    **kw: Any,
) -> Case:
    """The knock deal of three players: A lays a[0] on its first turn and keeps a[1]; B and
    C likewise (or keep five cards when their spread is None); every first turn draws from
    the stock (Kd, Qs, then c_draw) and discards the card drawn; A knocks at the start of
    its second turn."""

    def turn(seat: int, spread: str | None, drawn: str) -> str:
        lay = f"; {seat} spread {spread}" if spread else ""
        return f"{seat} draw stock{lay}; {seat} discard {drawn}"

    hands = [f"{a[0]} {a[1]}", f"{b[0] or ''} {b[1]}".strip(), f"{c[0] or ''} {c[1]}".strip()]
    script = [turn(0, a[0], "Kd"), turn(1, b[0], "Qs"), turn(2, c[0], c_draw), "@", "0 knock"]
    return Case(cid, title, rules, players=3, dealer=2, hands=hands, upcard="Td", stock=f"Kd Qs {c_draw}",
                script=script, **kw)


def knock2(cid: str, title: str, rules: list[str], a: tuple[str, str], b: tuple[str | None, str], **kw: Any) -> Case:
    """The knock deal of two players, as :func:`knock3` (stock Kd, Qs)."""
    lay = f"; 1 spread {b[0]}" if b[0] else ""
    hands = [f"{a[0]} {a[1]}", f"{b[0] or ''} {b[1]}".strip()]
    script = [f"0 draw stock; 0 spread {a[0]}; 0 discard Kd", f"1 draw stock{lay}; 1 discard Qs", "@", "0 knock"]
    return Case(cid, title, rules, players=2, dealer=1, hands=hands, upcard="Td", stock="Kd Qs", script=script, **kw)


#: The makers the rows of tables/pay.yml and tables/options.yml name.
MAKERS: dict[str, tables.Maker] = {"knock3": knock3, "knock2": knock2, "dry": dry_case}


def cases() -> list[Case]:
    return tables.cases("pay", MAKERS)
