"""Hitting (rules HIT-1..4, TURN-5): writes scenarios/hit/.

Tables (tables/hits.yml):
- fits: hits that are allowed: on one's own and on another player's spread, at either
  end of a run, a fourth card on a book, an ace below 2-3-4, an ace above J-Q-K under
  ``ace: low_or_high``, several hits and spreads in one turn in any order.
- misfits: hits that do not fit (hit_does_not_fit): wrong suit, wrong rank, a gap above
  or below a run, a card of a rank inside the run, K on A-2-3, A on J-Q-K by default.
- index: hits naming a spread that is not on the table (no_such_spread).
- options: ``hit_targets: runs`` and ``hits_per_turn: one``, each beside the default on
  the same deal.
"""

from __future__ import annotations

from scenarios._gen.make.command import run_family
from scenarios._gen.make.files import Doc, Family
from scenarios._gen.make.table import build_row
from scenarios._gen.make.tables import table
from scenarios._gen.make.write import HEADED


def cases() -> list[Doc]:
    t = table("hits")
    fits = [{**row, "rules": [*row["rules"], "HIT-2"]} for row in t["fits"]]  # an allowed hit is HIT-2's too
    return [build_row("hit", row, {}) for row in fits + t["misfits"] + t["index"] + t["options"]]


#: The family: the files whose header names this module.
FAMILY = Family("hits", cases, HEADED)


if __name__ == "__main__":
    raise SystemExit(run_family(FAMILY))
