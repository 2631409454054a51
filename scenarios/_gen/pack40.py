"""scenarios/pack40: a table of 40 cards with no upcard and a dealt tonk on 50 only
(``deck: 40, upcard: false, dealt_tonk: "50"``), case by case through every section that
table plays: the deal, dealt 50s, the first turns without a discard pile, refusals, spreads
and hits across the gap where the eights, nines and tens were, knocks and their payments,
going out, the empty stock and what each seat sees.

The cases are the rows of tables/pack40.yml, one list a section.  Every case is played
under that table's own rules (its ``table``), so an engine that plays only that table runs
it as written.  The figures each row states are worked out by hand from the rules text;
the model checks each against the script (make/table.py) and the corpus tests run every
case on the reference engine.  Here is what a row's ``deal`` may be (the hands, or a deck
ordered by a permutation of the pack) and its ``drain`` (the stock drawn to its end,
played on the model).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenarios._gen.make.files import Doc
from scenarios._gen.make.play import GenError, Play
from scenarios._gen.make.play import drain as drain_stock
from scenarios._gen.make.table import Deal, build
from scenarios._gen.make.tables import table

F = "pack40"
WHERE = f"scenarios/_gen/tables/{F}.yml"
RANKS40 = "A234567JQK"
PACK40 = [r + s for s in "cdhs" for r in RANKS40]  # code order of the 40-card pack
#: The keys of the table that are not sections of cases.
HEAD = ("table", "rules", "shared")
ROW_KEYS = {"id", "title", "rules", "deal", "drain", "steps", "stake", "result", "notes"}
DEAL_KEYS = {"hands", "stock", "dealer", "dealt_tonk", "players", "deck"}
DRAINS = {"end": False, "last": True}  # drain: end, or last (keep_last: no draw from the empty stock)

#: The table every case of the folder is played under (its ruleset options).
TABLE: dict[str, Any] = table(F)["table"]


def permuted(players: int, dealer: int, multiplier: int, offset: int) -> Deal:
    """The deal of the deck whose i-th card is PACK40[(multiplier * i + offset) % 40]: the
    hands as DEAL-1 deals them, the rest as the stock (there is no upcard)."""
    order = [PACK40[(multiplier * i + offset) % 40] for i in range(40)]
    if len(set(order)) != 40:
        raise GenError(f"{WHERE}: deck [{multiplier}, {offset}] is not a permutation of the pack (40 and "
                       f"{multiplier} share a factor)")
    hands: list[list[str]] = [[] for _ in range(players)]
    for i in range(5 * players):
        hands[(dealer + 1 + i) % players].append(order[i])
    return Deal(players, dealer, [" ".join(h) for h in hands], None, " ".join(order[5 * players:]))


def deal_of(spec: Mapping[str, Any], cid: str) -> Deal:
    """A row's deal: ``deck: [M, O]`` with ``players`` and ``dealer``, or the ``hands``
    (seat 0 first; ``players``, if given, is their number), the top of the ``stock``, the
    ``dealer`` (by default the seat before 0) and ``dealt_tonk: true`` where a hand is
    dealt 50."""
    unknown = sorted(set(spec) - DEAL_KEYS)
    if unknown:
        raise GenError(f"{WHERE}: {cid}: deal: unknown keys {unknown}; expected some of {sorted(DEAL_KEYS)}")
    if "deck" in spec:
        multiplier, offset = spec["deck"]
        return permuted(spec["players"], spec["dealer"], multiplier, offset)
    players = len(spec["hands"])
    if spec.get("players", players) != players:
        raise GenError(f"{WHERE}: {cid}: deal: {players} hands for {spec['players']} players")
    return Deal(players, spec.get("dealer", players - 1), spec["hands"], None, spec.get("stock", ""),
                dealt_tonk=spec.get("dealt_tonk", False))


def case(row: Mapping[str, Any], rules: list[str]) -> Doc:
    """The scenario of one row; ``rules``: the rules every case of the table checks too."""
    cid = row.get("id", "?")
    unknown = sorted(set(row) - ROW_KEYS)
    if unknown or not str(cid).startswith(f"{F}-"):
        raise GenError(f"{WHERE}: {cid}: expected an id starting with {F}- and only the keys {sorted(ROW_KEYS)}"
                       + (f"; unknown keys {unknown}" if unknown else ""))
    deal = deal_of(row["deal"], cid)
    steps = list(row.get("steps", []))
    if "drain" in row:
        if row["drain"] not in DRAINS:
            raise GenError(f"{WHERE}: {cid}: drain: expected one of {sorted(DRAINS)}, not {row['drain']!r}")
        steps = [*drain_stock(Play(deal.state(dict(TABLE))), DRAINS[row["drain"]]), *steps]
    return build(F, cid, row["title"], [*row["rules"], *rules], deal, steps, options=dict(TABLE),
                 stake=row.get("stake"), result=row.get("result"), notes=row.get("notes"))


def cases() -> list[Doc]:
    t = table(F)
    return [case(row, t["rules"]) for section, rows in t.items() if section not in HEAD for row in rows]
