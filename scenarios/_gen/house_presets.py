"""Cases under the presets hoyle-tunk, online and online-reem (spec/rulesets/), a few each: the
options they set, working together.  Seats: A = 0, B = 1, C = 2, D = 3.  The table is
tables/house_presets.yml."""

from __future__ import annotations

from scenarios._gen.make import tables
from scenarios._gen.make.case import Case


def cases() -> list[Case]:
    return tables.cases("house_presets")
