"""Spreads (rules SPREAD-1..5): writes scenarios/spread/.

Tables:
- VALID: seat 0 holds four or five cards of a spread, draws the last one from the stock,
  lays the spread and discards; then the next seat knocks, so the totals show that the
  laid cards no longer count (SPREAD-1).  Books of three and four, runs of three to five,
  ace-low runs, a run named out of order, and the ace-high runs ``ace: low_or_high`` allows.
- NOT_A_SPREAD: cards that are no book and no run, each refused with not_a_spread and the
  state unchanged: two cards, one card, four of a rank plus one, Q-K-A and K-A-2 (and
  K-A-2 under low_or_high), mixed suits, gaps, a book mixed with a run.
- LAID: spreads stay as laid (SPREAD-5): several spreads in one turn, two runs of one suit
  kept apart, the order of the spreads on the table, the owner kept after hits.
"""

from __future__ import annotations

import sys
from typing import Any

from scenarios._gen.make.files import Doc
from scenarios._gen.make.play import Play
from scenarios._gen.make.table import auto_deal, build

F = "spread"
HIGH = {"ace": "low_or_high"}

# (id, title, rules, players, seat 0's hand, the card drawn, the spread, discard, options)
VALID: list[tuple[str, str, list[str], int, str, str, str, str, dict[str, Any]]] = [
    ("spread-book-of-three-2p", "A book of three sevens", ["SPREAD-2"], 2,
     "7c 7d 2s 9h 4c", "7h", "7c 7d 7h", "9h", {}),
    ("spread-book-of-three-faces-3p", "A book of three queens", ["SPREAD-2"], 3,
     "Qc Qd 2s 9h 4c", "Qs", "Qc Qs Qd", "9h", {}),
    ("spread-book-of-four-2p", "A book of four sevens laid at once", ["SPREAD-2"], 2,
     "7c 7d 7h 2s 9h", "7s", "7c 7d 7h 7s", "9h", {}),
    ("spread-book-of-four-aces-3p", "A book of four aces", ["SPREAD-2"], 3,
     "Ac As Ah 5s 9h", "Ad", "Ac Ad Ah As", "9h", {}),
    ("spread-run-of-three-2p", "A club run 4-5-6", ["SPREAD-3"], 2,
     "4c 5c 9h Kd 2s", "6c", "4c 5c 6c", "Kd", {}),
    ("spread-run-of-four-3p", "A club run 4-5-6-7", ["SPREAD-3"], 3,
     "4c 5c 6c Kd 2s", "7c", "4c 5c 6c 7c", "Kd", {}),
    ("spread-run-of-five-2p", "A diamond run 9-10-J-Q-K", ["SPREAD-3"], 2,
     "9d Td Jd Qd 2s", "Kd", "9d Td Jd Qd Kd", "2s", {}),
    ("spread-run-ace-low-2p", "A-2-3 of clubs: the ace is low", ["SPREAD-3"], 2,
     "Ac 2c 9h Kd 5s", "3c", "Ac 2c 3c", "Kd", {}),
    ("spread-run-ace-low-four-3p", "A-2-3-4 of hearts", ["SPREAD-3"], 3,
     "Ah 2h 3h 9c Kd", "4h", "Ah 2h 3h 4h", "9c", {}),
    ("spread-run-j-q-k-2p", "J-Q-K of spades: the king ends a run", ["SPREAD-3"], 2,
     "Js Qs 2h 9c 5d", "Ks", "Js Qs Ks", "9c", {}),
    ("spread-run-named-out-of-order-2p", "The run 4-5-6 of clubs named as 6c 4c 5c", ["SPREAD-3", "SPREAD-1"], 2,
     "4c 5c 9h Kd 2s", "6c", "6c 4c 5c", "Kd", {}),
    ("spread-run-q-k-a-ace-high-2p", "ace low_or_high: Q-K-A of hearts is a run", ["SPREAD-3"], 2,
     "Qh Kh 2c 9d 5s", "Ah", "Qh Kh Ah", "9d", HIGH),
    ("spread-run-t-to-a-ace-high-3p", "ace low_or_high: 10-J-Q-K-A of clubs is a run", ["SPREAD-3"], 3,
     "Tc Jc Qc Kc 2d", "Ac", "Tc Jc Qc Kc Ac", "2d", HIGH),
    ("spread-run-a-2-3-ace-high-2p", "ace low_or_high: A-2-3 is still a run", ["SPREAD-3"], 2,
     "Ac 2c 9h Kd 5s", "3c", "Ac 2c 3c", "Kd", HIGH),
]


def valid_cases() -> list[Doc]:
    out: list[Doc] = []
    for cid, title, rules, players, hand, drawn, spread, discard, options in VALID:
        deal = auto_deal(players, {0: hand}, drawn)
        play = Play(deal.state(options))
        for a in ("0 draw stock", f"0 spread {spread}", f"0 discard {discard}"):
            play.act(a)
        kind = "book" if len({c[0] for c in spread.split()}) == 1 else "run"
        steps: list[str | dict[str, Any]] = [
            "0 draw stock", f"0 spread {spread}",
            {"expect": {"spreads": [{"owner": 0, "kind": kind, "cards": spread.split()}],
                        "hand_sizes": [6 - len(spread.split()), *[5] * (players - 1)]}},
            f"0 discard {discard}", "=",
        ]
        if play.state.stage == "over":  # a five-card spread leaves one card: discarding it goes out
            tail = "goes out by discarding the last card"
            result = {"ending": "out_by_discard", "winners": [0]}
        else:
            tail = "its cards no longer count at the next seat's knock"
            steps.append("1 knock")
            play.act("1 knock")
            result = {k: v for k, v in (play.result() or {}).items() if k in ("ending", "winners", "totals")}
        out.append(build(
            F, cid, f"{title}: laid after drawing; {tail}", [*rules, "SPREAD-1", "SPREAD-4"], deal, steps,
            options=options, result=result,
        ))
    return out


# (id, title, rules, players, seat 0's hand, drawn, the bad spread, a legal follow-up, options)
NOT_A_SPREAD: list[tuple[str, str, list[str], int, str, str, str, str, dict[str, Any]]] = [
    ("spread-two-cards-2p", "Two sevens are not a spread", ["SPREAD-1", "SPREAD-2"], 2,
     "7c 7d 2s 9h 4c", "Kd", "7c 7d", "0 discard Kd", {}),
    ("spread-one-card-3p", "One card is not a spread", ["SPREAD-1"], 3,
     "7c 7d 2s 9h 4c", "Kd", "7c", "0 discard Kd", {}),
    ("spread-four-of-a-rank-plus-one-2p", "Four sevens and an eight are not one spread (a book holds at most four)",
     ["SPREAD-2"], 2, "7c 7d 7h 7s 9h", "8c", "7c 7d 7h 7s 8c", "0 spread 7c 7d 7h 7s", {}),
    ("spread-q-k-a-2p", "Q-K-A is not a run: the ace is low (D12)", ["SPREAD-3"], 2,
     "Qh Kh 2c 9d 5s", "Ah", "Qh Kh Ah", "0 discard Ah", {}),
    ("spread-q-k-a-3p", "Q-K-A of spades is not a run with 3 players either", ["SPREAD-3"], 3,
     "Qs Ks 2c 9d 5h", "As", "Qs Ks As", "0 discard 9d", {}),
    ("spread-k-a-2-2p", "K-A-2 is not a run: runs do not wrap", ["SPREAD-3"], 2,
     "Kh 2h 2c 9d 5s", "Ah", "Kh Ah 2h", "0 discard Kh", {}),
    ("spread-k-a-2-ace-high-3p", "ace low_or_high: K-A-2 is still not a run (no wrapping)", ["SPREAD-3"], 3,
     "Kh 2h 2c 9d 5s", "Ah", "Kh Ah 2h", "0 discard Kh", HIGH),
    ("spread-q-k-a-2-ace-high-2p", "ace low_or_high: Q-K-A-2 is not a run (no wrapping)", ["SPREAD-3"], 2,
     "Qh Kh 2h 9d 5s", "Ah", "Qh Kh Ah 2h", "0 spread Qh Kh Ah", HIGH),
    ("spread-mixed-suits-2p", "4c 5d 6c is not a run: one suit only", ["SPREAD-3"], 2,
     "4c 5d 6c 9h Kd", "2s", "4c 5d 6c", "0 discard Kd", {}),
    ("spread-mixed-suits-3p", "8h 9h Ts is not a run", ["SPREAD-3"], 3,
     "8h 9h Ts 2c 4d", "3s", "8h 9h Ts", "0 discard Ts", {}),
    ("spread-gap-2p", "4c 5c 7c is not a run: a gap", ["SPREAD-3"], 2,
     "4c 5c 7c 9h Kd", "2s", "4c 5c 7c", "0 discard Kd", {}),
    ("spread-gap-in-four-3p", "4c 5c 6c 8c is not a run, though 4c 5c 6c is", ["SPREAD-3"], 3,
     "4c 5c 6c 8c Kd", "2s", "4c 5c 6c 8c", "0 spread 4c 5c 6c", {}),
    ("spread-same-suit-no-sequence-2p", "2c 9c Kc are one suit but not in sequence", ["SPREAD-3"], 2,
     "2c 9c Kc 4h 5d", "3s", "2c 9c Kc", "0 discard Kc", {}),
    ("spread-book-and-run-mixed-2p", "7c 7d 8c is neither a book nor a run", ["SPREAD-1"], 2,
     "7c 7d 8c 2h 4s", "9h", "7c 7d 8c", "0 discard 9h", {}),
    ("spread-book-plus-adjacent-3p", "7c 7d 7h 8h: three sevens and an eight are not one spread", ["SPREAD-2"], 3,
     "7c 7d 7h 8h 2s", "4d", "7c 7d 7h 8h", "0 spread 7c 7d 7h", {}),
    ("spread-run-plus-other-suit-2p", "4c 5c 6c 6d: a run and a stray six are not one spread", ["SPREAD-3"], 2,
     "4c 5c 6c 6d 2s", "Kh", "4c 5c 6c 6d", "0 spread 4c 5c 6c", {}),
]


def not_a_spread_cases() -> list[Doc]:
    out: list[Doc] = []
    for cid, title, rules, players, hand, drawn, bad, follow, options in NOT_A_SPREAD:
        deal = auto_deal(players, {0: hand}, drawn)
        out.append(build(
            F, cid, f"{title}: not_a_spread, nothing changes", rules, deal,
            ["0 draw stock", f"0 spread {bad} !not_a_spread", follow, "="], options=options,
        ))
    return out


def laid_cases() -> list[Doc]:
    return [
        build(F, "spread-run-and-book-same-turn-tonk-out-2p",
              "Two spreads in one turn: seat 0 lays 4-5-6 of clubs and three nines, holding no card: tonk out",
              ["SPREAD-1", "TURN-5", "OUT-1"], auto_deal(2, {0: "4c 5c 6c 9d 9h"}, "9s"),
              ["0 draw stock", "0 spread 9d 9h 9s", "0 spread 4c 5c 6c", "="],
              result={"ending": "tonk_out", "winners": [0], "net": [2, -2]}),
        build(F, "spread-two-runs-of-one-suit-stay-apart-2p",
              "Seat 0 lays 4-5-6 and seat 1 7-8-9 of clubs: two spreads, never merged, so 10c fits only the second "
              "and 3c only the first",
              ["SPREAD-5", "HIT-3"], auto_deal(2, {0: "4c 5c 6c 2h Kd", 1: "7c 8c 9c Qd 3d"}, "Ah 2d Tc 3c"),
              ["0 draw stock", "0 spread 4c 5c 6c", "0 discard Kd", "1 draw stock", "1 spread 7c 8c 9c",
               "1 discard Qd",
               {"expect": {"spreads": [{"owner": 0, "kind": "run", "cards": ["4c", "5c", "6c"]},
                                       {"owner": 1, "kind": "run", "cards": ["7c", "8c", "9c"]}]}},
               "0 draw stock", "0 hit Tc 0 !hit_does_not_fit", "0 hit Tc 1", "0 discard 2h", "1 draw stock",
               "1 hit 3c 1 !hit_does_not_fit", "1 hit 3c 0", "="]),
        build(F, "spread-order-on-table-3p",
              "Spreads are listed in the order laid (seat 0's, then seat 1's, then seat 2's), each keeping its owner",
              ["SPREAD-5", "SPREAD-1"],
              auto_deal(3, {0: "7c 7d 7h 2s 9h", 1: "4d 5d 6d Kc 3s", 2: "Jh Qh Kh 8c 4c"}, "Ad 5s 9c"),
              ["0 draw stock", "0 spread 7c 7d 7h", "0 discard 9h", "1 draw stock", "1 spread 4d 5d 6d",
               "1 discard Kc", "2 draw stock", "2 spread Jh Qh Kh", "2 discard 8c",
               {"expect": {"spreads": [{"owner": 0, "kind": "book", "cards": ["7c", "7d", "7h"]},
                                       {"owner": 1, "kind": "run", "cards": ["4d", "5d", "6d"]},
                                       {"owner": 2, "kind": "run", "cards": ["Jh", "Qh", "Kh"]}]}},
               "0 draw stock", "0 discard Ad", "="]),
        build(F, "spread-owner-kept-after-hit-2p",
              "Seat 1 hits 7s on seat 0's book: the book still belongs to seat 0 and stays first on the table",
              ["SPREAD-5", "HIT-1"], auto_deal(2, {0: "7c 7d 7h 2s 9h", 1: "4c 5c 6c Kd 7s"}, "Qs 8c"),
              ["0 draw stock", "0 spread 7c 7d 7h", "0 discard Qs", "1 draw stock", "1 spread 4c 5c 6c",
               "1 hit 7s 0", "1 discard Kd", "="]),
    ]


def cases() -> list[Doc]:
    return valid_cases() + not_a_spread_cases() + laid_cases()


if __name__ == "__main__":
    from scenarios._gen.cli import main

    raise SystemExit(main(["spreads", *sys.argv[1:]]))
