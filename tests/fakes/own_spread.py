"""House engines at a table with forced spreads and a hit lock (``seed-forced-spreads`` with
``hit_lock = 2``: :data:`TABLE`), where every written case of a hit on one's own spread is
skipped (each deals a hand that forced spreads would make lay a spread first):

* ``clean_forced_lock``: the reference engine at that table;
* ``own_hit_locks_forced``: a hit on one's own spread locks its owner's knock, as another
  player's hit does (VAR-HITLOCK-1 says only a hit by another player locks).

Only the generated block's staged hand (a hit on one's own run, then a knock within the
lock) catches the second.  Served in process as ``own_spread:NAME`` (with tests/fakes on
``sys.path``)."""

from __future__ import annotations

from house import HitOwnLocks, HouseService

from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.engine.hand import Hand
from tonk_ref.rulebook.book import load_presets

#: The table: a preset and the option it changes, as a table-rules file gives them.
PRESET = "seed-forced-spreads"
OPTIONS: dict[str, object] = {"hit_lock": 2}
TABLE: dict[str, object] = {**dict(load_presets()[PRESET].options), **OPTIONS}


class ForcedLockService(HouseService):
    """The reference engine at :data:`TABLE`: it declares that table's values only."""

    def __init__(self, hand_class: type[Hand] = Hand) -> None:
        super().__init__("online", hand_class)
        self.table = f"{PRESET} with hit_lock = 2"
        self.name = f"house engine ({self.table})"
        self.plays = TABLE


def table_rules_text() -> str:
    """The table as a table-rules file (``tonk check --rules FILE``)."""
    options = ", ".join(f"{k}: {v}" for k, v in OPTIONS.items())
    return f"preset: {PRESET}\noptions: {{{options}}}\n"


def clean_forced_lock() -> InProcessAdapter:
    return InProcessAdapter(ForcedLockService())


def own_hit_locks_forced() -> InProcessAdapter:
    return InProcessAdapter(ForcedLockService(HitOwnLocks))
