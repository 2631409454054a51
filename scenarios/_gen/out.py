"""scenarios/out: going out (rules OUT-1 and OUT-2), by spreads, by hits, by a mix
(D18), by a discard, on the first turn and later, by each seat; and the plays that leave
cards and so do not end the hand.  Seats: A = 0, B = 1, C = 2.  The table is
tables/out.yml."""

from __future__ import annotations

from scenarios._gen.make import tables
from scenarios._gen.make.case import Case


def cases() -> list[Case]:
    return tables.cases("out")
