"""The turn (rules TURN-1..9, GAME-3): writes scenarios/turn/.

Each table row is one case: a deal, a compact script (``"... !reason"`` for a refused
action, ``"="`` for the whole state, dicts for ``legal`` steps) and, where the hand
ends, the result.  Rows that contrast a ruleset option use the same deal and script
prefix as the default row next to them.

Tables: KNOCK (when a knock is allowed: knock_timing, first_turn_knock), TAKEN (the card
taken from the discard pile: discard_taken, discard_taken_last, D22), EMPTY_PILE,
ROTATION, CHOICES (the legal actions at each stage).
"""

from __future__ import annotations

from typing import Any

from scenarios._gen.deals import KNOCK2, KNOCK3, THREE, TWO
from scenarios._gen.make.command import run_family
from scenarios._gen.make.files import Doc, Family
from scenarios._gen.make.table import Deal, build
from scenarios._gen.make.write import HEADED

F = "turn"


def won(winner: int, totals: list[int], stake: int = 1) -> dict[str, Any]:
    n = len(totals)
    return {
        "ending": "knock_won",
        "winners": [winner],
        "totals": totals,
        "net": [stake * (n - 1) if s == winner else -stake for s in range(n)],
        "payments": [{"payer": s, "payee": winner, "amount": stake} for s in range(n) if s != winner],
    }


def legal(
    includes: list[str] | None = None, excludes: list[str] | None = None, count: int | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {}
    if includes:
        body["includes"] = includes
    if excludes:
        body["excludes"] = excludes
    if count is not None:
        body["count"] = count
    return {"legal": body}


ANY = {"knock_timing": "any"}
AFTER = {"knock_timing": "after_draw"}
NO_FIRST = {"first_turn_knock": False}


def knock_cases() -> list[Doc]:
    return [
        build(F, "turn-knock-at-start-2p",
              "Seat 0 knocks at the start of its first turn, before drawing: allowed, and wins 19 against 44",
              ["TURN-2", "TURN-3", "TURN-4"], KNOCK2,
              [legal(["0 knock", "0 draw stock", "0 draw discard"], ["0 knock 9c"], 3), "0 knock", "="],
              result=won(0, [19, 44])),
        build(F, "turn-knock-at-start-naming-discard-2p",
              "A knock before drawing that names a discard is refused (knock_discard); the plain knock is not",
              ["TURN-3"], KNOCK2, ["0 knock 9c !knock_discard", "0 knock"], result=won(0, [19, 44])),
        build(F, "turn-knock-at-start-naming-discard-3p",
              "Three players: a knock before drawing that names a discard is refused (knock_discard); the plain "
              "knock is not",
              ["TURN-3"], KNOCK3, ["0 knock Ac !knock_discard", "0 knock"], result=won(0, [19, 44, 40])),
        # After drawing the knock names its discard (TURN-3): a knock that names none would be
        # refused for that too (knock_discard), so only the knock with a discard is tried.
        build(F, "turn-knock-after-draw-refused-2p",
              "Default knock_timing start: after drawing, seat 0 may not knock, even naming its discard; it knocks "
              "on its next turn",
              ["TURN-3"], KNOCK2,
              ["0 draw stock", "0 knock 9c !knock_timing", "0 discard 9c", "1 draw stock", "1 discard Kd", "0 knock"],
              result=won(0, [15, 42])),
        build(F, "turn-knock-after-draw-refused-3p",
              "Default knock_timing start, 3 players: seat 1 may not knock after drawing; seat 0 knocks next turn",
              ["TURN-3"], KNOCK3,
              ["0 draw stock", "0 discard 9c", "1 draw stock", "1 knock Kd !knock_timing", "1 discard Kd",
               "2 draw stock", "2 discard Kc", "0 knock"],
              result=won(0, [15, 43, 32])),
        build(F, "turn-knock-after-draw-any-2p",
              "knock_timing any (same deal as turn-knock-after-draw-refused-2p): seat 0 draws 5c and knocks "
              "discarding 9c",
              ["TURN-3"], KNOCK2,
              ["0 draw stock", "0 knock 9c", {"expect": {"discard_top": "9c", "discard_count": 2}}],
              options=ANY, result=won(0, [15, 44])),
        build(F, "turn-knock-at-start-any-2p",
              "knock_timing any still allows the knock at the start of the turn",
              ["TURN-3", "TURN-2"], KNOCK2, [legal(["0 knock", "0 draw stock"], count=3), "0 knock"],
              options=ANY, result=won(0, [19, 44])),
        build(F, "turn-knock-after-draw-any-3p",
              "knock_timing any: seat 2 draws and knocks discarding Kc with 32; seat 0 holds 15, so seat 2 is caught",
              ["TURN-3"], KNOCK3,
              ["0 draw stock", "0 discard 9c", "1 draw stock", "1 discard Kd", "2 draw stock", "2 knock Kc"],
              options=ANY,
              result={"ending": "knock_caught", "winners": [0], "totals": [15, 43, 32], "net": [4, -1, -3],
                      "payments": [{"payer": 2, "payee": 0, "amount": 3}, {"payer": 1, "payee": 0, "amount": 1}]}),
        build(F, "turn-knock-after-draw-option-2p",
              "knock_timing after_draw: no knock at the start; after drawing the knock must name its discard",
              ["TURN-3", "TURN-2"], KNOCK2,
              [legal(["0 draw stock", "0 draw discard"], ["0 knock"], 2), "0 knock !knock_timing", "0 draw stock",
               "0 knock !knock_discard", legal(["0 knock 9c", "0 discard 9c"], ["0 knock"]), "0 knock 9c"],
              options=AFTER, result=won(0, [15, 44])),
        build(F, "turn-knock-after-draw-option-3p",
              "knock_timing after_draw, 3 players: no knock before drawing, none without a discard; "
              "seat 0 knocks discarding 9c",
              ["TURN-3"], KNOCK3, ["0 knock !knock_timing", "0 draw stock", "0 knock !knock_discard", "0 knock 9c"],
              options=AFTER, result=won(0, [15, 44, 40])),
        build(F, "turn-knock-discarding-taken-card-any-2p",
              "knock_timing any: the knock's discard may not be the card just taken from the pile (taken_card)",
              ["TURN-3", "TURN-7"], KNOCK2, ["0 draw discard", "0 knock Th !taken_card", "0 knock 9c"],
              options=ANY, result=won(0, [20, 44])),
        build(F, "turn-first-turn-knock-allowed-3p",
              "Default first_turn_knock: seat 0 knocks at once, before anyone has drawn, and wins",
              ["TURN-4", "TURN-2"], KNOCK3, ["0 knock"], result=won(0, [19, 44, 40])),
        build(F, "turn-first-turn-knock-allowed-later-seat-3p",
              "Default first_turn_knock: seat 2 (the dealer) knocks on its first turn; seat 0 holds 15, "
              "so seat 2 is caught",
              ["TURN-4"], KNOCK3,
              ["0 draw stock", "0 discard 9c", "1 draw stock", "1 discard Kd", "2 knock"],
              result={"ending": "knock_caught", "winners": [0], "totals": [15, 43, 40], "net": [4, -1, -3]}),
        build(F, "turn-first-turn-knock-refused-2p",
              "first_turn_knock false: neither player may knock on its first turn; seat 0 may on its second",
              ["TURN-4"], KNOCK2,
              ["0 knock !first_turn_knock", legal(["0 draw stock"], ["0 knock"], 2), "0 draw stock", "0 discard 9c",
               "1 knock !first_turn_knock", "1 draw stock", "1 discard Kd", legal(["0 knock"], count=3), "0 knock"],
              options=NO_FIRST, result=won(0, [15, 42])),
        build(F, "turn-first-turn-knock-refused-3p",
              "first_turn_knock false, 3 players: every seat's first turn refuses the knock; seat 0's second allows it",
              ["TURN-4"], KNOCK3,
              ["0 knock !first_turn_knock", "0 draw stock", "0 discard 9c", "1 knock !first_turn_knock",
               "1 draw stock", "1 discard Kd", "2 knock !first_turn_knock", "2 draw stock", "2 discard Kc", "0 knock"],
              options=NO_FIRST, result=won(0, [15, 43, 32])),
        build(F, "turn-first-turn-knock-after-draw-refused-any-2p",
              "first_turn_knock false with knock_timing any: a knock after drawing on the first turn is refused too",
              ["TURN-4", "TURN-3"], KNOCK2,
              ["0 draw stock", "0 knock 9c !first_turn_knock", "0 discard 9c", "1 draw stock",
               "1 knock Kd !first_turn_knock", "1 discard Kd", "0 draw stock", "0 knock 4s"],
              options={**NO_FIRST, **ANY}, result=won(0, [13, 42])),
    ]


# Seat 0 holds a five-card heart run; the upcard is Kd.
D22_2 = Deal(2, 1, ["4h 5h 6h 7h 8h", "2c 3c 9d Jd Ks"], "Kd", "Qc")
# Seat 1 lays 9c Tc Jc on its first turn; seat 0 later takes 9d and hits 8c on that run.
D22_3 = Deal(3, 2, ["4h 5h 6h 7h 8c", "9c Tc Jc Qd 2s", "Ad 3s 5d 7s 9d"], "2h", "Ks 4d 6d")
D22_3_PREFIX = ["0 draw stock", "0 discard Ks", "1 draw stock", "1 spread 9c Tc Jc", "1 discard Qd", "2 draw stock",
                "2 discard 9d", "0 draw discard", "0 spread 4h 5h 6h 7h"]
TAKEN_LAST = {"discard_taken_last": True}
TAKEN_ANY = {"discard_taken": True}


def taken_cases() -> list[Doc]:
    return [
        build(F, "turn-taken-card-discard-2p",
              "Seat 0 takes the upcard 3d and tries to discard it at once: taken_card (D10)",
              ["TURN-7"], TWO,
              ["0 draw discard", legal(["0 discard 9h"], ["0 discard 3d"]), "0 discard 3d !taken_card",
               "0 discard 9h", "="]),
        build(F, "turn-taken-card-discard-3p",
              "Seat 1 takes seat 0's discard Qs and tries to throw it back: taken_card",
              ["TURN-7"], THREE,
              ["0 draw stock", "0 discard Qs", "1 draw discard", "1 discard Qs !taken_card", "1 discard Kd", "="]),
        build(F, "turn-taken-card-discard-allowed-2p",
              "discard_taken true (same deal as turn-taken-card-discard-2p): seat 0 takes 3d and discards it",
              ["TURN-7"], TWO, ["0 draw discard", legal(["0 discard 3d", "0 discard 9h"]), "0 discard 3d", "="],
              options=TAKEN_ANY),
        build(F, "turn-taken-card-discard-allowed-3p",
              "discard_taken true (same deal as turn-taken-card-discard-3p): seat 1 throws Qs back",
              ["TURN-7"], THREE, ["0 draw stock", "0 discard Qs", "1 draw discard", "1 discard Qs", "="],
              options=TAKEN_ANY),
        build(F, "turn-taken-card-discard-refused-under-taken-last-2p",
              "discard_taken_last true allows the taken card only as the last card: with others held it is refused",
              ["TURN-7", "TURN-8"], TWO, ["0 draw discard", "0 discard 3d !taken_card", "0 discard 9h", "="],
              options=TAKEN_LAST),
        build(F, "turn-stock-card-may-be-discarded-2p",
              "A card drawn from the stock may be discarded at once: D10 is about the discard pile only",
              ["TURN-7", "TURN-5"], TWO, ["0 draw stock", "0 discard Qs", "="]),
        build(F, "turn-taken-card-discarded-next-turn-2p",
              "The card taken from the pile may be discarded on a later turn",
              ["TURN-7"], TWO,
              ["0 draw discard", "0 discard 9h", "1 draw stock", "1 discard Kd", "0 draw stock", "0 discard 3d", "="]),
        build(F, "turn-last-card-taken-2p",
              "D22: after taking Kd, seat 0 may not spread or hit so as to hold only Kd (last_card_taken)",
              ["TURN-8", "TURN-7"], D22_2,
              ["0 draw discard", "0 spread 4h 5h 6h 7h 8h !last_card_taken", "0 spread 4h 5h 6h 7h",
               "0 hit 8h 0 !last_card_taken", legal(["0 discard 8h"], ["0 hit 8h 0", "0 discard Kd"], 1),
               "0 discard 8h", "="]),
        build(F, "turn-last-card-taken-hit-other-spread-3p",
              "D22, 3 players: seat 0 takes 9d and may not hit 8c on seat 1's run if that leaves only 9d",
              ["TURN-8", "HIT-1"], D22_3,
              [*D22_3_PREFIX, "0 hit 8c 0 !last_card_taken", "0 discard 8c", "="]),
        build(F, "turn-last-card-taken-allowed-taken-last-2p",
              "discard_taken_last true (deal of turn-last-card-taken-2p): seat 0 spreads five, then discards Kd "
              "and goes out",
              ["TURN-8", "TURN-7", "OUT-2"], D22_2,
              ["0 draw discard", "0 discard Kd !taken_card", "0 spread 4h 5h 6h 7h 8h", "0 discard Kd", "="],
              options=TAKEN_LAST, result={"ending": "out_by_discard", "winners": [0], "net": [1, -1]}),
        build(F, "turn-last-card-taken-allowed-discard-taken-2p",
              "discard_taken true (deal of turn-last-card-taken-2p): the spread and hit are allowed, Kd is discarded",
              ["TURN-8", "TURN-7", "OUT-2"], D22_2,
              ["0 draw discard", "0 spread 4h 5h 6h 7h", "0 hit 8h 0", "0 discard Kd", "="],
              options=TAKEN_ANY, result={"ending": "out_by_discard", "winners": [0], "net": [1, -1]}),
        build(F, "turn-last-card-taken-allowed-taken-last-3p",
              "discard_taken_last true (deal of turn-last-card-taken-hit-other-spread-3p): the hit is allowed "
              "and seat 0 goes out discarding 9d",
              ["TURN-8", "OUT-2"], D22_3,
              [*D22_3_PREFIX, "0 hit 8c 0", "0 discard 9d", "="],
              options=TAKEN_LAST, result={"ending": "out_by_discard", "winners": [0], "net": [2, -1, -1]}),
        build(F, "turn-taken-card-used-to-tonk-out-2p",
              "Going out with no card left is always allowed: seat 0 takes Kh and lays it in a book, tonking out",
              ["TURN-8", "OUT-1"], Deal(2, 1, ["4h 5h 6h Kc Ks", "2c 3c 9d Jd 8s"], "Kh", "Qc"),
              ["0 draw discard", "0 spread 4h 5h 6h", "0 spread Kc Ks Kh", "="],
              result={"ending": "tonk_out", "winners": [0], "net": [2, -2]}),
    ]


NO_UP = {"upcard": False}


def empty_pile_cases() -> list[Doc]:
    return [
        build(F, "turn-draw-empty-pile-no-upcard-2p",
              "upcard false: the first player may not draw from the empty pile (discard_pile_empty); "
              "the next player may take its discard",
              ["TURN-9", "VAR-NOUP-1", "DEAL-2"], TWO,
              [{"expect": {"discard_top": None, "discard_count": 0, "stock_count": 42}},
               legal(["0 knock", "0 draw stock"], ["0 draw discard"], 2), "0 draw discard !discard_pile_empty",
               "0 draw stock", "0 discard 9h", "1 draw discard", "="],
              options=NO_UP),
        build(F, "turn-draw-empty-pile-no-upcard-3p",
              "upcard false, 3 players: seat 0 may not take from the empty pile; seat 1 takes seat 0's discard",
              ["TURN-9", "VAR-NOUP-1"], THREE,
              ["0 draw discard !discard_pile_empty", "0 draw stock", "0 discard 2s", "1 draw discard", "1 discard Kd",
               "="],
              options=NO_UP),
    ]


ROT3 = Deal(3, 0, ["2c 3c 4c 8d 9h", "Kd Qh 7s 5c 6d", "As 2h Th 8s Jc"], "4d", "9c Qs 5h 6c 7d")
ROT3B = Deal(3, 1, ["2c 3c 4c 8d 9h", "Kd Qh 7s 5c 6d", "As 2h Th 8s Jc"], "4d", "9c Qs 5h 6c 7d")


def rotation_cases() -> list[Doc]:
    return [
        build(F, "turn-play-passes-left-dealer-0-3p",
              "Seat 0 deals: seat 1 plays first, then 2, then 0, then 1; the others are refused in between",
              ["TURN-1", "GAME-3", "TURN-10"], ROT3,
              ["0 draw stock !not_your_turn", "2 draw stock !not_your_turn", "1 draw stock", "1 discard Kd",
               "0 draw stock !not_your_turn", "2 draw stock", "2 discard Jc", "1 draw stock !not_your_turn",
               "0 draw stock", "0 discard 9h", "2 draw stock !not_your_turn", "1 draw stock", "1 discard Qh", "="]),
        build(F, "turn-play-passes-left-dealer-1-3p",
              "Seat 1 deals: seat 2 plays first, then 0 (seat 2's left wraps to 0), then 1",
              ["TURN-1", "GAME-3", "TURN-10"], ROT3B,
              ["1 draw stock !not_your_turn", "0 draw stock !not_your_turn", "2 draw stock", "2 discard Jc",
               "1 draw stock !not_your_turn", "0 draw stock", "0 discard 9h", "2 draw stock !not_your_turn",
               "1 draw stock", "1 discard Kd", "="]),
        build(F, "turn-play-passes-left-dealer-0-2p",
              "2 players, seat 0 deals: seat 1 plays first, then seat 0",
              ["TURN-1", "GAME-3", "TURN-10"], Deal(2, 0, ["2c 3c 4c 8d 9h", "Kd Qh 7s 5c 6d"], "4d", "9c Qs"),
              ["0 draw stock !not_your_turn", "1 draw stock", "1 discard Kd", "1 draw stock !not_your_turn",
               "0 draw discard", "0 discard 9h", "="]),
        build(F, "turn-discard-ends-turn-3p",
              "The discard ends the turn: seat 0 may not draw or discard again; seat 1 is to act",
              ["TURN-5", "TURN-10"], THREE,
              # seat 0's second discard comes once seat 1 has drawn: a discard before anyone drew
              # would break TURN-6 too (must_draw_first)
              ["0 draw stock", "0 discard Qs", "0 draw stock !not_your_turn", "1 draw stock",
               "0 discard 2s !not_your_turn"]),
    ]


def choice_cases() -> list[Doc]:
    return [
        build(F, "turn-choices-at-start-2p",
              "At the start of a turn the choices are knock, draw from the stock or take the upcard; nothing else",
              ["TURN-2", "TURN-6"], TWO,
              [legal(["0 knock", "0 draw stock", "0 draw discard"], ["0 discard 9h", "0 spread 7c 7d 7h"], 3)]),
        build(F, "turn-choices-after-draw-2p",
              "After drawing: the book 7c 7d 7h and the six discards; no second draw and (default) no knock",
              ["TURN-5", "TURN-6", "TURN-3"], TWO,
              ["0 draw stock",
               legal(["0 spread 7c 7d 7h", "0 discard Qs", "0 discard 2s"],
                     ["0 draw stock", "0 draw discard", "0 knock", "0 knock Qs"], 7)]),
        build(F, "turn-choices-after-draw-any-2p",
              "knock_timing any: after drawing, a knock discarding any of the six cards is also legal",
              ["TURN-5", "TURN-3"], TWO,
              ["0 draw stock", legal(["0 knock Qs", "0 knock 2s", "0 spread 7c 7d 7h"], ["0 knock"], 13)],
              options=ANY),
        build(F, "turn-spread-then-discard-3p",
              "After drawing, seat 2 (first to play) lays a run, then ends the turn with a discard; seat 0 is next",
              ["TURN-5", "SPREAD-4"], Deal(3, 1, ["2c 3c 4c 8d 9h", "Kd Qh 7s 5c 6d", "9s Ts Js 8h Kc"], "4d", "5s"),
              ["2 draw stock", "2 spread 9s Ts Js", legal(["2 discard 8h", "2 discard Kc", "2 discard 5s"], count=3),
               "2 discard Kc", "="]),
    ]


def cases() -> list[Doc]:
    return knock_cases() + taken_cases() + empty_pile_cases() + rotation_cases() + choice_cases()


#: The family: the files whose header names this module.
FAMILY = Family("turn", cases, HEADED)


if __name__ == "__main__":
    raise SystemExit(run_family(FAMILY))
