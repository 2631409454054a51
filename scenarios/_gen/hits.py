"""Hitting (rules HIT-1..4, TURN-5): writes scenarios/hit/.

Tables:
- FITS: hits that are allowed: on one's own and on another player's spread, at either
  end of a run, a fourth card on a book, an ace below 2-3-4, an ace above J-Q-K under
  ``ace: low_or_high``, several hits and spreads in one turn in any order.
- MISFITS: hits that do not fit (hit_does_not_fit): wrong suit, wrong rank, a gap above
  or below a run, a card of a rank inside the run, K on A-2-3, A on J-Q-K by default.
- INDEX: hits naming a spread that is not on the table (no_such_spread).
- OPTIONS: ``hit_targets: runs`` and ``hits_per_turn: one``, each beside the default on
  the same deal.
"""

from __future__ import annotations

import sys
from typing import Any

from scenarios._gen.make.files import Doc
from scenarios._gen.make.table import auto_deal, build

F = "hit"
HIGH = {"ace": "low_or_high"}
RUNS = {"hit_targets": "runs"}
ONE = {"hits_per_turn": "one"}

Row = tuple[str, str, list[str], int, dict[int, str], str, list[Any], dict[str, Any], dict[str, Any] | None]

# Seat 0 lays 4c 5c 6c on its first turn (drawing 2s, discarding Kd); the next seat
# then draws Qh.  Used by most rows below.
RUN_FIRST = ["0 draw stock", "0 spread 4c 5c 6c", "0 discard Kd"]
BOOK_FIRST = ["0 draw stock", "0 spread 7c 7d 7h", "0 discard Kd"]

FITS: list[Row] = [
    ("hit-own-run-high-end-same-turn-2p", "Seat 0 lays 4-5-6 of clubs and hits 7c on it in the same turn",
     ["HIT-1", "HIT-3"], 2, {0: "4c 5c 6c 7c 9h"}, "Kd",
     ["0 draw stock", "0 spread 4c 5c 6c", "0 hit 7c 0", "0 discard Kd", "="], {}, None),
    ("hit-own-run-low-end-later-turn-3p", "Seat 0 hits 3c below its own run 4-5-6 on a later turn",
     ["HIT-1", "HIT-3"], 3, {0: "4c 5c 6c 9h Kd"}, "2s 8s 8d 3c",
     [*RUN_FIRST, "1 draw stock", "1 discard 8s", "2 draw stock", "2 discard 8d", "0 draw stock", "0 hit 3c 0",
      "0 discard 9h", "="], {}, None),
    ("hit-other-run-low-end-2p", "Seat 1 hits 3c below seat 0's run 4-5-6",
     ["HIT-1", "HIT-3"], 2, {0: "4c 5c 6c 9h Kd", 1: "3c Qh Jd 2h 8s"}, "2s 5h",
     [*RUN_FIRST, "1 draw stock", "1 hit 3c 0", "1 discard Qh", "="], {}, None),
    ("hit-other-run-high-end-3p", "Seat 2 hits 7c above seat 0's run 4-5-6",
     ["HIT-1", "HIT-3"], 3, {0: "4c 5c 6c 9h Kd", 2: "7c Qh Jd 2h 8s"}, "2s 5h 9s",
     [*RUN_FIRST, "1 draw stock", "1 discard 5h", "2 draw stock", "2 hit 7c 0", "2 discard Qh", "="], {}, None),
    ("hit-own-book-fourth-card-2p", "Seat 0 lays three sevens and hits the fourth on them in the same turn",
     ["HIT-1", "HIT-3"], 2, {0: "7c 7d 7h 7s 9h"}, "Kd",
     ["0 draw stock", "0 spread 7c 7d 7h", "0 hit 7s 0", "0 discard Kd", "="], {}, None),
    ("hit-other-book-fourth-card-3p", "Seat 1 hits 7s on seat 0's book of sevens",
     ["HIT-1", "HIT-3"], 3, {0: "7c 7d 7h 9h Kd", 1: "7s Qh Jd 2h 8s"}, "2s 5h",
     [*BOOK_FIRST, "1 draw stock", "1 hit 7s 0", "1 discard Qh", "="], {}, None),
    ("hit-ace-below-two-2p", "Seat 1 hits Ad below seat 0's 2-3-4 of diamonds: the ace is low",
     ["HIT-1", "HIT-3", "SPREAD-3"], 2, {0: "2d 3d 4d 9h Kd", 1: "Ad Qh Jc 2h 8s"}, "2s 5h",
     ["0 draw stock", "0 spread 2d 3d 4d", "0 discard Kd", "1 draw stock", "1 hit Ad 0", "1 discard Qh", "="],
     {}, None),
    ("hit-ace-above-king-ace-high-2p", "ace low_or_high: Seat 1 hits Ad above seat 0's J-Q-K of diamonds",
     ["HIT-3", "SPREAD-3"], 2, {0: "Jd Qd Kd 9h 2c", 1: "Ad 5s 6h 8c 3h"}, "2s 7h",
     ["0 draw stock", "0 spread Jd Qd Kd", "0 discard 9h", "1 draw stock", "1 hit Ad 0", "1 discard 8c", "="],
     HIGH, None),
    ("hit-spread-hit-one-turn-2p",
     "In one turn seat 1 hits 3c on seat 0's run, lays 9d 10d Jd, hits 7c on the run and goes out discarding Kh",
     ["HIT-4", "TURN-5", "HIT-1"], 2, {0: "4c 5c 6c 9h Kd", 1: "3c 7c 9d Td Kh"}, "2s Jd",
     [*RUN_FIRST, "1 draw stock", "1 hit 3c 0", "1 spread 9d Td Jd", "1 hit 7c 0",
      {"expect": {"spreads": [{"owner": 0, "kind": "run", "cards": ["3c", "4c", "5c", "6c", "7c"]},
                              {"owner": 1, "kind": "run", "cards": ["9d", "Td", "Jd"]}]}},
      "1 discard Kh", "="], {}, {"ending": "out_by_discard", "winners": [1], "net": [-1, 1]}),
    ("hit-spread-then-hit-it-and-another-3p",
     "In one turn seat 1 lays 9d 10d Jd, hits Qd on it, hits 7s on seat 0's book, then goes out discarding 2h",
     ["HIT-4", "TURN-5", "HIT-1"], 3, {0: "7c 7d 7h 9h Kd", 1: "9d Td Jd 7s 2h"}, "2s Qd",
     [*BOOK_FIRST, "1 draw stock", "1 spread 9d Td Jd", "1 hit Qd 1", "1 hit 7s 0", "1 discard 2h", "="],
     {}, {"ending": "out_by_discard", "winners": [1], "net": [-1, 2, -1]}),
    ("hit-three-hits-one-turn-2p", "Seat 1 hits 3c and 7c, then 2c below the 3c, on seat 0's run in one turn",
     ["HIT-4", "HIT-3"], 2, {0: "4c 5c 6c 9h Kd", 1: "3c 7c 2c Qh Jd"}, "2s 5h",
     [*RUN_FIRST, "1 draw stock", "1 hit 3c 0", "1 hit 7c 0", "1 hit 2c 0", "1 discard Qh", "="], {}, None),
]

MISFITS: list[Row] = [
    ("hit-wrong-suit-on-run-2p", "7d does not fit 4-5-6 of clubs (wrong suit)", ["HIT-3"], 2,
     {0: "4c 5c 6c 7d Kd"}, "2s", ["0 draw stock", "0 spread 4c 5c 6c", "0 hit 7d 0 !hit_does_not_fit",
                                   "0 discard 7d", "="], {}, None),
    ("hit-wrong-suit-on-run-3p", "3h does not fit below 4-5-6 of clubs (wrong suit)", ["HIT-3"], 3,
     {0: "4c 5c 6c 9h Kd", 1: "3h Qh Jd 2h 8s"}, "2s 5h",
     [*RUN_FIRST, "1 draw stock", "1 hit 3h 0 !hit_does_not_fit", "1 discard 3h", "="], {}, None),
    ("hit-wrong-rank-on-book-2p", "8c does not fit a book of sevens", ["HIT-3", "SPREAD-2"], 2,
     {0: "7c 7d 7h 8c Kd"}, "2s", ["0 draw stock", "0 spread 7c 7d 7h", "0 hit 8c 0 !hit_does_not_fit",
                                   "0 discard 8c", "="], {}, None),
    ("hit-wrong-rank-on-book-3p", "6d does not fit seat 0's book of sevens", ["HIT-3"], 3,
     {0: "7c 7d 7h 9h Kd", 1: "6d Qh Jc 2h 8s"}, "2s 5h",
     [*BOOK_FIRST, "1 draw stock", "1 hit 6d 0 !hit_does_not_fit", "1 discard Qh", "="], {}, None),
    ("hit-gap-above-run-2p", "8c does not fit 4-5-6 of clubs: a run grows one card at an end", ["HIT-3"], 2,
     {0: "4c 5c 6c 9h Kd", 1: "8c Qh Jd 2h 8s"}, "2s 5h",
     [*RUN_FIRST, "1 draw stock", "1 hit 8c 0 !hit_does_not_fit", "1 discard 8c", "="], {}, None),
    ("hit-gap-below-run-3p", "2c does not fit 4-5-6 of clubs (a gap below)", ["HIT-3"], 3,
     {0: "4c 5c 6c 9h Kd", 1: "2c Qh Jd 2h 8s"}, "3s 5h",
     [*RUN_FIRST, "1 draw stock", "1 hit 2c 0 !hit_does_not_fit", "1 discard 2c", "="], {}, None),
    ("hit-rank-inside-run-2p", "5d does not fit 4-5-6 of clubs: a run takes no card in its middle", ["HIT-3"], 2,
     {0: "4c 5c 6c 9h Kd", 1: "5d Qh Jc 2h 8s"}, "2s 5h",
     [*RUN_FIRST, "1 draw stock", "1 hit 5d 0 !hit_does_not_fit", "1 discard 5d", "="], {}, None),
    ("hit-same-rank-as-run-end-3p", "6d does not fit 4-5-6 of clubs (a run is not a book)", ["HIT-3"], 3,
     {0: "4c 5c 6c 9h Kd", 2: "6d Qh Jc 2h 8s"}, "2s 5h 3s",
     [*RUN_FIRST, "1 draw stock", "1 discard 5h", "2 draw stock", "2 hit 6d 0 !hit_does_not_fit", "2 discard 6d",
      "="], {}, None),
    ("hit-king-on-a-2-3-2p", "Kc does not fit A-2-3 of clubs: runs do not wrap", ["HIT-3", "SPREAD-3"], 2,
     {0: "Ac 2c 3c 9h Kd", 1: "Kc Qh Jd 2h 8s"}, "2s 5h",
     ["0 draw stock", "0 spread Ac 2c 3c", "0 discard Kd", "1 draw stock", "1 hit Kc 0 !hit_does_not_fit",
      "1 discard Kc", "="], {}, None),
    ("hit-king-on-a-2-3-ace-high-3p", "ace low_or_high: Kc still does not fit A-2-3 (no wrapping)",
     ["HIT-3", "SPREAD-3"], 3, {0: "Ac 2c 3c 9h Kd", 1: "Kc Qh Jd 2h 8s"}, "2s 5h",
     ["0 draw stock", "0 spread Ac 2c 3c", "0 discard Kd", "1 draw stock", "1 hit Kc 0 !hit_does_not_fit",
      "1 discard Kc", "="], HIGH, None),
    ("hit-ace-above-king-default-2p",
     "Default ace low (same deal as hit-ace-above-king-ace-high-2p): Ad does not fit above J-Q-K",
     ["HIT-3", "SPREAD-3"], 2, {0: "Jd Qd Kd 9h 2c", 1: "Ad 5s 6h 8c 3h"}, "2s 7h",
     ["0 draw stock", "0 spread Jd Qd Kd", "0 discard 9h", "1 draw stock", "1 hit Ad 0 !hit_does_not_fit",
      "1 discard 8c", "="], {}, None),
    ("hit-run-end-card-on-other-run-3p", "With two runs on the table, 7c fits seat 0's 4-5-6 but not seat 1's 9-10-J",
     ["HIT-3", "SPREAD-5"], 3, {0: "4c 5c 6c 9h Kd", 1: "9c Tc Jc 2h 8s", 2: "7c Qh Jd 3h 5d"}, "2s 5h Ah",
     [*RUN_FIRST, "1 draw stock", "1 spread 9c Tc Jc", "1 discard 8s", "2 draw stock",
      "2 hit 7c 1 !hit_does_not_fit", "2 hit 7c 0", "2 discard Qh", "="], {}, None),
]

INDEX: list[Row] = [
    ("hit-no-spread-on-table-2p", "Seat 0 hits spread 0 when no spread is on the table: no_such_spread",
     ["HIT-1"], 2, {0: "7c 7d 7h 9h Kd"}, "2s",
     ["0 draw stock", "0 hit 9h 0 !no_such_spread", "0 spread 7c 7d 7h", "0 discard Kd", "="], {}, None),
    ("hit-index-past-end-3p", "One spread is on the table; seat 1 names spread 1: no_such_spread",
     ["HIT-1"], 3, {0: "7c 7d 7h 9h Kd", 1: "7s Qh Jd 2h 8s"}, "2s 5h",
     [*BOOK_FIRST, "1 draw stock", "1 hit 7s 1 !no_such_spread", "1 hit 7s 0", "1 discard Qh", "="], {}, None),
    ("hit-negative-index-2p", "A hit naming spread -1 is refused: no_such_spread (no counting from the end)",
     ["HIT-1"], 2, {0: "7c 7d 7h 9h Kd", 1: "7s Qh Jd 2h 8s"}, "2s 5h",
     [*BOOK_FIRST, "1 draw stock", {"seat": 1, "action": {"type": "hit", "card": "7s", "spread": -1},
                                    "reject": "no_such_spread"}, "1 hit 7s 0", "1 discard Qh", "="], {}, None),
]

# Seat 0 lays a book of sevens and seat 1 a club run 4-5-6; seat 0 then holds 7s and 3c.
BOTH = {0: "7c 7d 7h 7s 3c", 1: "4c 5c 6c Qh Jd"}
BOTH_FIRST = ["0 draw stock", "0 spread 7c 7d 7h", "0 discard 2s", "1 draw stock", "1 spread 4c 5c 6c",
              "1 discard Qh", "0 draw stock"]
# Seat 0 lays 5-6-7 of clubs; seat 1 holds 4c, 8c and 3c.
RUN567 = {0: "5c 6c 7c 9h Kd", 1: "4c 8c 3c Qh Jd"}
RUN567_FIRST = ["0 draw stock", "0 spread 5c 6c 7c", "0 discard Kd", "1 draw stock"]

OPTIONS: list[Row] = [
    ("hit-book-and-run-default-2p", "Default hit_targets any: seat 0 hits 7s on its book and 3c on seat 1's run",
     ["HIT-1", "HIT-4"], 2, BOTH, "2s Ah 9d",
     [*BOTH_FIRST, "0 hit 7s 0", "0 hit 3c 1", "0 discard 9d", "="], {},
     {"ending": "out_by_discard", "winners": [0], "net": [1, -1]}),
    ("hit-book-refused-runs-only-2p",
     "hit_targets runs (same deal as hit-book-and-run-default-2p): the book may not be hit (hit_target), the run may",
     ["HIT-1"], 2, BOTH, "2s Ah 9d",
     [*BOTH_FIRST, "0 hit 7s 0 !hit_target", "0 hit 3c 1", "0 discard 9d", "="], RUNS, None),
    ("hit-book-allowed-default-3p", "Default: seat 1 hits 7s on seat 0's book",
     ["HIT-1"], 3, {0: "7c 7d 7h 9h Kd", 1: "7s Qh Jd 2h 8s"}, "2s 5h",
     [*BOOK_FIRST, "1 draw stock", "1 hit 7s 0", "1 discard Qh", "="], {}, None),
    ("hit-book-refused-runs-only-3p",
     "hit_targets runs (same deal as hit-book-allowed-default-3p): seat 1 may not hit the book of sevens",
     ["HIT-1"], 3, {0: "7c 7d 7h 9h Kd", 1: "7s Qh Jd 2h 8s"}, "2s 5h",
     [*BOOK_FIRST, "1 draw stock", "1 hit 7s 0 !hit_target", "1 discard Qh", "="], RUNS, None),
    ("hit-run-allowed-runs-only-3p", "hit_targets runs: hitting a run is still allowed, at either end",
     ["HIT-1", "HIT-3"], 3, {0: "4c 5c 6c 9h Kd", 2: "7c 3c Jd 2h 8s"}, "2s 5h 9s",
     [*RUN_FIRST, "1 draw stock", "1 discard 5h", "2 draw stock", "2 hit 7c 0", "2 hit 3c 0", "2 discard Jd", "="],
     RUNS, None),
    ("hit-two-hits-default-2p", "Default hits_per_turn any: seat 1 hits 4c, 8c and 3c on 5-6-7 in one turn",
     ["HIT-4"], 2, RUN567, "2s 9s",
     [*RUN567_FIRST, "1 hit 4c 0", "1 hit 8c 0", "1 hit 3c 0", "1 discard Qh", "="], {}, None),
    ("hit-second-hit-refused-one-2p",
     "hits_per_turn one (same deal as hit-two-hits-default-2p): the second hit of the turn is refused (hit_limit)",
     ["HIT-4"], 2, RUN567, "2s 9s Ts",
     [*RUN567_FIRST, "1 hit 4c 0", "1 hit 8c 0 !hit_limit", "1 hit 3c 0 !hit_limit", "1 discard Qh",
      "0 draw stock", "0 discard 9h", "1 draw stock", "1 hit 8c 0", "1 discard Jd", "="], ONE, None),
    ("hit-one-per-turn-each-player-3p",
     "hits_per_turn one: the limit is per turn; seat 1 and then seat 2 each hit once, and a spread is not a hit",
     ["HIT-4"], 3, {0: "5c 6c 7c 9h Kd", 1: "4c 8c Qh Kh 2h", 2: "3c 9d Td 5h 8h"}, "2s 9s Jd",
     [*RUN567_FIRST, "1 hit 4c 0", "1 hit 8c 0 !hit_limit", "1 discard Qh", "2 draw stock", "2 hit 3c 0",
      "2 spread 9d Td Jd", "2 discard 8h", "="], ONE, None),
]


def cases() -> list[Doc]:
    out: list[Doc] = []
    fits = {row[0] for row in FITS}
    for cid, title, rules, players, special, stock, steps, options, result in FITS + MISFITS + INDEX + OPTIONS:
        deal = auto_deal(players, special, stock)
        tags = [*rules, "HIT-2"] if cid in fits else rules
        out.append(build(F, cid, title, tags, deal, steps, options=options or None, result=result))
    return out


if __name__ == "__main__":
    from scenarios._gen.cli import main

    raise SystemExit(main(["hits", *sys.argv[1:]]))
