"""Spreads (rules SPREAD-1..5): writes scenarios/spread/.

Tables (tables/spreads.yml):
- valid: seat 0 holds four or five cards of a spread, draws the last one from the stock,
  lays the spread and discards; then the next seat knocks, so the totals show that the
  laid cards no longer count (SPREAD-1).  Books of three and four, runs of three to five,
  ace-low runs, a run named out of order, and the ace-high runs ``ace: low_or_high`` allows.
- not_a_spread: cards that are no book and no run, each refused with not_a_spread and the
  state unchanged: two cards, one card, four of a rank plus one, Q-K-A and K-A-2 (and
  K-A-2 under low_or_high), mixed suits, gaps, a book mixed with a run.
- laid: spreads stay as laid (SPREAD-5): several spreads in one turn, two runs of one suit
  kept apart, the order of the spreads on the table, the owner kept after hits.
"""

from __future__ import annotations

from typing import Any

from scenarios._gen.make.command import run_family
from scenarios._gen.make.files import Doc, Family
from scenarios._gen.make.play import Play
from scenarios._gen.make.table import auto_deal, build, build_row
from scenarios._gen.make.tables import table
from scenarios._gen.make.write import HEADED

F = "spread"


def valid_case(row: dict[str, Any]) -> Doc:
    players, spread, options = row["players"], row["spread"], row.get("options", {})
    deal = auto_deal(players, {0: row["hand"]}, row["drawn"])
    play = Play(deal.state(options))
    for a in ("0 draw stock", f"0 spread {spread}", f"0 discard {row['discard']}"):
        play.act(a)
    kind = "book" if len({c[0] for c in spread.split()}) == 1 else "run"
    steps: list[str | dict[str, Any]] = [
        "0 draw stock", f"0 spread {spread}",
        {"expect": {"spreads": [{"owner": 0, "kind": kind, "cards": spread.split()}],
                    "hand_sizes": [6 - len(spread.split()), *[5] * (players - 1)]}},
        f"0 discard {row['discard']}", "=",
    ]
    if play.state.stage == "over":  # a five-card spread leaves one card: discarding it goes out
        tail = "goes out by discarding the last card"
        result = {"ending": "out_by_discard", "winners": [0]}
    else:
        tail = "its cards no longer count at the next seat's knock"
        steps.append("1 knock")
        play.act("1 knock")
        result = {k: v for k, v in (play.result() or {}).items() if k in ("ending", "winners", "totals")}
    return build(
        F, row["id"], f"{row['title']}: laid after drawing; {tail}", [*row["rules"], "SPREAD-1", "SPREAD-4"], deal,
        steps, options=options, result=result,
    )


def not_a_spread_case(row: dict[str, Any]) -> Doc:
    deal = auto_deal(row["players"], {0: row["hand"]}, row["drawn"])
    return build(
        F, row["id"], f"{row['title']}: not_a_spread, nothing changes", row["rules"], deal,
        ["0 draw stock", f"0 spread {row['spread']} !not_a_spread", row["then"], "="], options=row.get("options", {}),
    )


def cases() -> list[Doc]:
    t = table("spreads")
    return (
        [valid_case(row) for row in t["valid"]]
        + [not_a_spread_case(row) for row in t["not_a_spread"]]
        + [build_row(F, row, {}) for row in t["laid"]]
    )


#: The family: the files whose header names this module.
FAMILY = Family("spreads", cases, HEADED)


if __name__ == "__main__":
    raise SystemExit(run_family(FAMILY))
