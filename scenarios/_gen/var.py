"""scenarios/var: the three variations printed in the seeds (rules VAR-NOUP-1,
VAR-FORCED-1, VAR-FORCED-2, VAR-NEWSPREAD-1), each applied and not applied, under the
presets of spec/rulesets/.  Seats: A = 0, B = 1, C = 2.  The table is tables/var.yml."""

from __future__ import annotations

from scenarios._gen.make import tables
from scenarios._gen.make.case import Case


def cases() -> list[Case]:
    return tables.cases("var")
