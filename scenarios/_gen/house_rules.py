"""Cases for each wider house rule (VAR-JOKER-1 .. VAR-POINTS-1, STOCK-3): where the rule
applies or pays and where it does not, wild cards in books and runs, hits with wild
cards, the 40-card pack, other hand sizes, several dealt tonks, the taken discard, hit
locks, eating, knock limits and waits, points and the empty stock.

Ids are ``house-var-<rule>-<what>`` and ``house-stock3-<what>``.  Figures are worked out
by hand from the rules text and checked by the model.  Seats: A = 0, B = 1, C = 2, D = 3.
The table is tables/house_rules.yml.
"""

from __future__ import annotations

from typing import Any

from scenarios._gen.make import tables
from scenarios._gen.make.case import Case

FILL = "3s 4d 6s Td Jd"  # B's hand when B only fills a seat: 33, no spread


def two(id_: str, title: str, rules: list[str], seat0: str, script: list[Any], seat1: str = FILL,
        upcard: str = "Qs", stock: str = "Ks Kc", **kw: Any) -> Case:
    """A two-player case dealt by B, so that A plays first."""
    kw.setdefault("over", False)
    return Case(id_, title, rules, 2, 1, script, hands=[seat0, seat1], upcard=upcard, stock=stock, **kw)


def cases() -> list[Case]:
    return tables.cases("house_rules", {"two": two})
