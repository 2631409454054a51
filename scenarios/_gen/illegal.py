"""Families of illegal actions, one reason code each (rules TURN-6, TURN-10, TURN-11,
CARD-2, SPREAD-4, HIT-2): writes cases into scenarios/turn/, spread/ and hit/.

Every refused action (``"... !reason"``) is followed by an expectation that the state is
exactly as before, written from the model's state; most rows then let the right seat, or the
same seat at the right moment, take an action that is legal, so an engine that refuses
everything fails too.

Tables (tables/illegal.yml):
- wrong_seat: each action of each stage (knock, draw stock, draw discard; discard,
  spread, hit) by a seat that is not to act, 2 and 3 players (not_your_turn).
- cases: acting after a knock, a tonk out and an out by discarding (hand_over); a card
  not held, for every action that names a card (not_in_hand); duplicate_card,
  must_draw_first, already_drawn, malformed_action.
"""

from __future__ import annotations

from typing import Any

from scenarios._gen.deals import NAMED, THREE, TWO
from scenarios._gen.make.command import run_family
from scenarios._gen.make.files import Doc, Family
from scenarios._gen.make.table import build, build_row
from scenarios._gen.make.tables import table
from scenarios._gen.make.write import HEADED


def wrong_seat_cases(t: dict[str, Any]) -> list[Doc]:
    out: list[Doc] = []
    for row in t["wrong_seat"]:
        stage, name = row["stage"], row["action"]
        for players, deal in ((2, TWO), (3, THREE)):
            seat = row["seat"][players]
            act = f"{seat} " + row["verb"].format(**t["holds"][seat])
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
                [*row["before"], f"{act} !not_your_turn", *row["after"], "="],
                result=t["knock_result"][players] if name == "knock" else None,
            ))
    return out


def cases() -> list[Doc]:
    t = table("illegal")
    return wrong_seat_cases(t) + [build_row("turn", row, NAMED) for row in t["cases"]]


#: The family: the files whose header names this module.
FAMILY = Family("illegal", cases, HEADED)


if __name__ == "__main__":
    raise SystemExit(run_family(FAMILY))
