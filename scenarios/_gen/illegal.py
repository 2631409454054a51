"""Families of illegal actions, one reason code each (rules TURN-6, TURN-10, TURN-11,
CARD-2, SPREAD-4, HIT-2): writes cases into scenarios/turn/, spread/ and hit/.

Every refused action (``"... !reason"``) is followed by an expectation that the state is
exactly as before, written from the model's state; most rows then let the right seat, or the
same seat at the right moment, take an action that is legal, so an engine that refuses
everything fails too.

Tables:
- WRONG_SEAT: each action of each stage (knock, draw stock, draw discard; discard,
  spread, hit) by a seat that is not to act, 2 and 3 players (not_your_turn).
- HAND_OVER: acting after a knock, a tonk out and an out by discarding (hand_over).
- NOT_IN_HAND: a card not held, for every action that names a card (not_in_hand).
- OTHERS: duplicate_card, must_draw_first, already_drawn, malformed_action.
"""

from __future__ import annotations

import sys

from scenarios._gen.deals import THREE, TWO
from scenarios._gen.make.files import Doc
from scenarios._gen.make.table import Deal, build

# (stage, action, the wrong seat (2p, 3p), the illegal action's verb and arguments,
#  steps that reach the stage, and steps that show the right seat may do it)
WRONG_SEAT: list[tuple[str, str, dict[int, int], str, list[str], list[str]]] = [
    ("start", "knock", {2: 1, 3: 2}, "knock", [], ["0 knock"]),
    ("start", "draw-stock", {2: 1, 3: 1}, "draw stock", [], ["0 draw stock"]),
    ("start", "draw-discard", {2: 1, 3: 2}, "draw discard", [], ["0 draw discard"]),
    ("drawn", "discard", {2: 1, 3: 2}, "discard {card}", ["0 draw stock"], ["0 discard Qs"]),
    ("drawn", "spread", {2: 1, 3: 2}, "spread {run}", ["0 draw stock"], ["0 spread 7c 7d 7h"]),
    ("drawn", "hit", {2: 1, 3: 1}, "hit 7s 0", ["0 draw stock", "0 spread 7c 7d 7h"],
     ["0 discard Qs", "1 draw stock", "1 hit 7s 0"]),
]

# What each wrong seat holds: a card it could discard, a spread it could lay.
HOLDS = {1: {"card": "Kd", "run": "4c 5c 6c"}, 2: {"card": "2d", "run": "9s Ts Js"}}

# After the right seat's knock every hand of TWO and THREE totals 32 (7+7+7+2+9, 4+5+6+10+7,
# 9+10+10+2+1): the knocker ties and is caught (PAY-KNOCK-3). Two players: seat 1 is paid
# 2S + S (W7). Three players: seats 1 and 2 tie for lowest, a catch (PAY-CAUGHT-3): each is
# paid 2S and S by the knocker and nothing by the other (W10).
KNOCK_RESULT = {
    2: {"ending": "knock_caught", "winners": [1], "totals": [32, 32], "net": [-3, 3]},
    3: {"ending": "knock_caught", "winners": [1, 2], "totals": [32, 32, 32], "net": [-6, 3, 3]},
}


def wrong_seat_cases() -> list[Doc]:
    out: list[Doc] = []
    for stage, name, seats, verb, before, after in WRONG_SEAT:
        for players, deal in ((2, TWO), (3, THREE)):
            seat = seats[players]
            act = f"{seat} " + verb.format(**HOLDS[seat])
            who = "the dealer" if seat == deal.dealer else f"seat {seat}"
            rules = ["TURN-10", "TURN-1"]
            if name == "hit":
                rules.append("HIT-2")
            if name == "spread":
                rules.append("SPREAD-4")
            out.append(build(
                "turn",
                f"turn-wrong-seat-{stage}-{name}-{players}p",
                f"{players} players, seat 0 to act ({stage}): {who} tries to {name.replace('-', ' ')}; "
                "refused (not_your_turn), nothing changes; the same action is accepted from the right seat",
                rules,
                deal,
                [*before, f"{act} !not_your_turn", *after, "="],
                result=KNOCK_RESULT[players] if name == "knock" else None,
            ))
    return out


TONK3 = Deal(3, 2, ["7c 7d 7h Ts Js", "4c 5c 6c Kd 7s", "2d 3d 4d 9h Ah"], "3s", "Qs")
OUT2 = Deal(2, 1, ["4h 5h 6h 7h 2s", "4c 5c 6c Kd 7s"], "3d", "8h")


def hand_over_cases() -> list[Doc]:
    return [
        build("turn", "turn-hand-over-after-knock-2p",
              "After seat 0 knocks no seat may act, the knocker included (hand_over)",
              ["TURN-10"], TWO,
              ["0 knock", "1 draw stock !hand_over", "0 knock !hand_over", "0 draw stock !hand_over"],
              result={"ending": "knock_caught", "winners": [1], "totals": [32, 32]}),
        build("turn", "turn-hand-over-after-tonk-out-3p",
              "After seat 0 tonks out, seats 1 and 2 may not act (hand_over, not not_your_turn)",
              ["TURN-10", "OUT-1"], TONK3,
              ["0 draw stock", "0 spread 7c 7d 7h", "0 spread Ts Js Qs", "1 draw stock !hand_over",
               "2 draw discard !hand_over", "1 knock !hand_over"],
              result={"ending": "tonk_out", "winners": [0], "net": [4, -2, -2]}),
        build("turn", "turn-hand-over-after-out-by-discard-2p",
              "After seat 0 goes out by discarding, seat 1 may not draw or knock (hand_over)",
              ["TURN-10", "OUT-2"], OUT2,
              ["0 draw stock", "0 spread 4h 5h 6h 7h 8h", "0 discard 2s", "1 draw stock !hand_over",
               "1 knock !hand_over", "1 discard Kd !hand_over"],
              result={"ending": "out_by_discard", "winners": [0], "net": [1, -1]}),
    ]


def not_in_hand_cases() -> list[Doc]:
    return [
        build("turn", "turn-discard-not-in-hand-other-seat-2p",
              "Seat 0 tries to discard a card seat 1 holds: not_in_hand",
              ["TURN-11"], TWO, ["0 draw stock", "0 discard Kd !not_in_hand", "0 discard Qs", "="]),
        build("turn", "turn-discard-not-in-hand-pile-top-3p",
              "Seat 0 draws from the stock and tries to discard the upcard still on the pile: not_in_hand",
              ["TURN-11"], THREE, ["0 draw stock", "0 discard 3d !not_in_hand", "0 discard 2s", "="]),
        build("turn", "turn-discard-not-in-hand-stock-card-2p",
              "Seat 0 tries to discard the next card of the stock: not_in_hand",
              ["TURN-11"], TWO, ["0 draw stock", "0 discard 8c !not_in_hand", "0 discard 9h", "="]),
        build("turn", "turn-discard-card-already-spread-3p",
              "Seat 0 lays 7c 7d 7h and then tries to discard 7c from the table: not_in_hand",
              ["TURN-11", "SPREAD-5"], THREE,
              ["0 draw stock", "0 spread 7c 7d 7h", "0 discard 7c !not_in_hand", "0 discard Qs", "="]),
        build("turn", "turn-discard-own-discard-again-2p",
              "Seat 0 discards Qs, then on its next turn tries to discard Qs again: not_in_hand",
              ["TURN-11"], TWO,
              ["0 draw stock", "0 discard Qs", "1 draw stock", "1 discard 8c", "0 draw stock",
               "0 discard Qs !not_in_hand", "0 discard 3c", "="]),
        build("spread", "spread-not-in-hand-2p",
              "Seat 0 names 7s, held by seat 1, in a book: not_in_hand",
              ["TURN-11", "SPREAD-2"], TWO,
              ["0 draw stock", "0 spread 7c 7d 7s !not_in_hand", "0 spread 7c 7d 7h", "="]),
        build("spread", "spread-not-in-hand-four-3p",
              "Seat 0 names a fourth seven it does not hold: not_in_hand, and the three it holds stay in hand",
              ["TURN-11", "SPREAD-2"], THREE,
              ["0 draw stock", "0 spread 7c 7d 7h 7s !not_in_hand", "0 spread 7h 7d 7c", "="]),
        build("spread", "spread-taken-from-pile-top-not-in-hand-2p",
              "Seat 0 draws from the stock and names the pile's top card in a run: not_in_hand",
              ["TURN-11", "SPREAD-3"], Deal(2, 1, ["2d 4d 5h 9c Kh", "4c 5c 6c Kd 7s"], "3d", "Qs"),
              ["0 draw stock", "0 spread 2d 3d 4d !not_in_hand", "0 discard Kh", "="]),
        build("hit", "hit-not-in-hand-2p",
              "Seat 0 lays the sevens and hits them with 7s, which seat 1 holds: not_in_hand",
              ["TURN-11", "HIT-1"], TWO,
              ["0 draw stock", "0 spread 7c 7d 7h", "0 hit 7s 0 !not_in_hand", "0 discard Qs", "="]),
        build("hit", "hit-not-in-hand-card-on-table-3p",
              "Seat 1 tries to hit with 7h, a card already in the spread: not_in_hand; then hits with 7s",
              ["TURN-11", "HIT-1", "HIT-3"], THREE,
              ["0 draw stock", "0 spread 7c 7d 7h", "0 discard Qs", "1 draw stock", "1 hit 7h 0 !not_in_hand",
               "1 hit 7s 0", "="]),
        build("turn", "turn-knock-discard-not-in-hand-2p",
              "knock_timing any: seat 0 draws and knocks naming a discard seat 1 holds: not_in_hand",
              ["TURN-11", "TURN-3"], TWO, ["0 draw stock", "0 knock Kd !not_in_hand", "0 knock Qs"],
              options={"knock_timing": "any"},
              result={"ending": "knock_caught", "winners": [1], "totals": [32, 32]}),
        build("turn", "turn-knock-discard-not-in-hand-3p",
              "knock_timing after_draw: seat 0 knocks naming 9s, which seat 2 holds: not_in_hand",
              ["TURN-11", "TURN-3"], THREE, ["0 draw stock", "0 knock 9s !not_in_hand", "0 discard Qs", "="],
              options={"knock_timing": "after_draw"}),
    ]


def other_cases() -> list[Doc]:
    return [
        # duplicate_card
        build("spread", "spread-duplicate-card-2p",
              "Seat 0 names 7c twice in a spread of three: duplicate_card (two distinct cards are no spread)",
              ["TURN-11", "SPREAD-2"], TWO,
              ["0 draw stock", "0 spread 7c 7c 7d !duplicate_card", "0 spread 7c 7d 7h", "="]),
        build("spread", "spread-duplicate-card-four-3p",
              "Seat 0 names 7c twice in a spread of four: duplicate_card, not a book of three",
              ["TURN-11", "SPREAD-2"], THREE,
              ["0 draw stock", "0 spread 7c 7d 7h 7c !duplicate_card", "="]),
        # must_draw_first
        build("turn", "turn-discard-before-drawing-2p",
              "Seat 0 tries to discard before drawing: must_draw_first; after drawing it may",
              ["TURN-6", "TURN-2"], TWO, ["0 discard 2s !must_draw_first", "0 draw stock", "0 discard 2s", "="]),
        build("turn", "turn-discard-before-drawing-3p",
              "Seat 1, on its first turn, tries to discard before drawing: must_draw_first",
              ["TURN-6", "TURN-2"], THREE,
              ["0 draw stock", "0 discard Qs", "1 discard Kd !must_draw_first", "1 draw discard", "1 discard Kd",
               "="]),
        build("spread", "spread-before-drawing-2p",
              "Seat 0 tries to lay its book before drawing: must_draw_first",
              ["SPREAD-4", "TURN-6"], TWO,
              ["0 spread 7c 7d 7h !must_draw_first", "0 draw stock", "0 spread 7c 7d 7h", "="]),
        build("spread", "spread-before-drawing-3p",
              "Seat 2 tries to lay its run before drawing: must_draw_first",
              ["SPREAD-4", "TURN-6"], THREE,
              ["0 draw stock", "0 discard Qs", "1 draw stock", "1 discard 8c", "2 spread 9s Ts Js !must_draw_first",
               "2 draw stock", "2 spread 9s Ts Js", "="]),
        build("hit", "hit-before-drawing-2p",
              "Seat 1 tries to hit seat 0's book before drawing: must_draw_first",
              ["HIT-2", "TURN-6"], TWO,
              ["0 draw stock", "0 spread 7c 7d 7h", "0 discard Qs", "1 hit 7s 0 !must_draw_first", "1 draw stock",
               "1 hit 7s 0", "="]),
        build("hit", "hit-before-drawing-3p",
              "Seat 1 tries to hit seat 0's book before drawing: must_draw_first",
              ["HIT-2", "TURN-6"], THREE,
              ["0 draw stock", "0 spread 7c 7d 7h", "0 discard Qs", "1 hit 7s 0 !must_draw_first",
               "1 draw discard", "1 hit 7s 0", "="]),
        # already_drawn
        build("turn", "turn-draw-twice-stock-stock-2p",
              "Seat 0 draws from the stock twice: already_drawn, the second card stays in the stock",
              ["TURN-6"], TWO, ["0 draw stock", "0 draw stock !already_drawn", "0 discard Qs", "="]),
        build("turn", "turn-draw-twice-stock-discard-3p",
              "Seat 0 draws from the stock, then tries to take the upcard too: already_drawn",
              ["TURN-6"], THREE, ["0 draw stock", "0 draw discard !already_drawn", "0 discard 9h", "="]),
        build("turn", "turn-draw-twice-discard-stock-2p",
              "Seat 0 takes the upcard, then tries to draw from the stock too: already_drawn",
              ["TURN-6"], TWO, ["0 draw discard", "0 draw stock !already_drawn", "0 discard 9h", "="]),
        build("turn", "turn-draw-twice-discard-discard-3p",
              "Seat 1 takes Qs and tries to take the 3d below it: already_drawn, 3d stays buried",
              ["TURN-6", "OBS-1"], THREE,
              ["0 draw stock", "0 discard Qs", "1 draw discard", "1 draw discard !already_drawn", "1 discard Kd",
               "="]),
        build("turn", "turn-take-only-discard-leaves-pile-empty-2p",
              "Seat 0 takes the upcard, the only card of the pile: the pile is empty, a second draw is already_drawn",
              ["TURN-6", "TURN-9"], TWO,
              ["0 draw discard", {"expect": {"discard_top": None, "discard_count": 0, "stage": "drawn"}},
               "0 draw discard !already_drawn", "0 discard 2s", "="]),
        # malformed_action (protocol form; the compact form cannot express these)
        build("turn", "turn-malformed-unknown-action-type-2p",
              "An action of an unknown type (pass) is malformed_action; nothing changes",
              ["TURN-2"], TWO,
              [{"seat": 0, "action": {"type": "pass"}, "reject": "malformed_action"}, "0 draw stock", "="]),
        build("turn", "turn-malformed-draw-source-2p",
              "Drawing from 'table' (neither stock nor discard) is malformed_action",
              ["TURN-2"], TWO,
              [{"seat": 0, "action": {"type": "draw", "from": "table"}, "reject": "malformed_action"},
               {"seat": 0, "action": {"type": "draw"}, "reject": "malformed_action"}, "0 draw discard", "="]),
        build("card", "card-malformed-card-in-discard-3p",
              "Cards must be written rank then suit: 1x, 10h, 9H, h9 and '9h ' are not cards (malformed_action); 9h is",
              ["CARD-2"], THREE,
              ["0 draw stock",
               {"seat": 0, "action": {"type": "discard", "card": "1x"}, "reject": "malformed_action"},
               {"seat": 0, "action": {"type": "discard", "card": "10h"}, "reject": "malformed_action"},
               {"seat": 0, "action": {"type": "discard", "card": "9H"}, "reject": "malformed_action"},
               {"seat": 0, "action": {"type": "discard", "card": "h9"}, "reject": "malformed_action"},
               {"seat": 0, "action": {"type": "discard", "card": "9h "}, "reject": "malformed_action"},
               "0 discard 9h", "="]),
        build("card", "card-ten-written-t-2p",
              "A ten is written T (Td), not 10: the spread Td Jd Qd is accepted, 10d is malformed",
              ["CARD-2", "SPREAD-3"], Deal(2, 0, ["2c 3c 8h 9s 4d", "Td Jd 5h 6s 8c"], "Ks", "Qd"),
              ["1 draw stock",
               {"seat": 1, "action": {"type": "spread", "cards": ["10d", "Jd", "Qd"]}, "reject": "malformed_action"},
               "1 spread Td Jd Qd", "="]),
        build("hit", "hit-malformed-spread-index-3p",
              "A hit whose spread index is not an integer ('0') is malformed_action",
              ["HIT-1"], THREE,
              ["0 draw stock", "0 spread 7c 7d 7h", "0 discard Qs", "1 draw stock",
               {"seat": 1, "action": {"type": "hit", "card": "7s", "spread": "0"}, "reject": "malformed_action"},
               {"seat": 1, "action": {"type": "hit", "card": "7s"}, "reject": "malformed_action"},
               "1 hit 7s 0", "="]),
        build("turn", "turn-malformed-extra-field-2p",
              "A discard with an extra field, or a spread whose cards are not a list, is malformed_action",
              ["TURN-5"], TWO,
              ["0 draw stock",
               {"seat": 0, "action": {"type": "discard", "card": "Qs", "face": "down"}, "reject": "malformed_action"},
               {"seat": 0, "action": {"type": "spread", "cards": "7c 7d 7h"}, "reject": "malformed_action"},
               "0 discard Qs", "="]),
    ]


def cases() -> list[Doc]:
    return wrong_seat_cases() + hand_over_cases() + not_in_hand_cases() + other_cases()


if __name__ == "__main__":
    from scenarios._gen.cli import main

    raise SystemExit(main(["illegal", *sys.argv[1:]]))

