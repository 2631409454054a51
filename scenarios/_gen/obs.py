"""What each seat sees (rules OBS-1..3): writes scenarios/obs/.

Every ``"?S"`` step of a row becomes an ``observe`` step for seat S whose expectation
the model's state gives (``Play.observation``): the seat's own hand, every other hand
as null, the hand sizes, the spreads, the top of the pile and the counts, and a ``hidden``
list (cards that must appear nowhere in the observation): the other seats' cards, the
cards below the top of the pile and the top of the stock.  ``"?S*"`` is the same at an
ending that shows every hand (a knock, a dealt tonk, an empty stock), where only the pile
and the stock stay hidden.
"""

from __future__ import annotations

from scenarios._gen.deals import KNOCK2, KNOCK3, OUT2, THREE, TONK3, TWO
from scenarios._gen.make.command import run_family
from scenarios._gen.make.files import Doc, Family
from scenarios._gen.make.play import Play
from scenarios._gen.make.play import drain as drain_stock
from scenarios._gen.make.table import Deal, build, total
from scenarios._gen.make.write import HEADED

F = "obs"

DEALT3 = Deal(3, 2, ["2c 3d 4h 5s 6c", "Kc Qd Jh Ts 9c", "Ac 7d 8h 3s 8c"], "2h", dealt_tonk=True)
DRAW2 = Deal(2, 1, ["Kc Qd Jh Ts 9c", "Ks Kh Qc Jd Tc"], "2h", dealt_tonk=True)


def drain(deal: Deal) -> list[str]:
    """The stock drawn and discarded to its end, then a draw from the empty stock."""
    return drain_stock(Play(deal.state()))


def cases() -> list[Doc]:
    stock_out = drain(TWO)
    last = int(stock_out[-1].split()[0])
    totals = [total(h) for h in TWO.hands]
    return [
        build(F, "obs-start-own-hand-only-2p",
              "At the start each seat sees its own hand, seat sizes, the upcard and counts; not the other hand "
              "or the stock",
              ["OBS-2", "OBS-1"], TWO, ["?0", "?1"]),
        build(F, "obs-start-own-hand-only-3p",
              "3 players at the start: each seat sees only its own hand",
              ["OBS-2"], THREE, ["?0", "?1", "?2"]),
        build(F, "obs-drawn-card-hidden-2p",
              "Seat 0 draws Qs from the stock: seat 1 sees seat 0 hold 6 cards but not which",
              ["OBS-2"], TWO, ["0 draw stock", "?1", "?0"]),
        build(F, "obs-buried-discards-hidden-2p",
              "After three discards only the top one is visible, to every seat, the one who discarded the others "
              "included",
              ["OBS-1", "OBS-2"], TWO,
              ["0 draw stock", "0 discard Qs", "1 draw stock", "1 discard 8c", "0 draw stock", "0 discard 3c",
               "?0", "?1"]),
        build(F, "obs-buried-card-shown-when-top-taken-3p",
              "The upcard 3d, buried under Qs, is hidden; once seat 1 takes Qs, 3d is the top and visible, "
              "and Qs is hidden in seat 1's hand",
              ["OBS-1", "OBS-2"], THREE,
              ["0 draw stock", "0 discard Qs", "?2", "1 draw discard", "?2", "?0"]),
        build(F, "obs-spreads-visible-3p",
              "Spreads on the table, with their owners and hits, are seen by every seat",
              ["OBS-2", "SPREAD-1"], THREE,
              ["0 draw stock", "0 spread 7c 7d 7h", "0 discard Qs", "?1", "?2", "1 draw stock", "1 hit 7s 0", "?2"]),
        build(F, "obs-no-upcard-2p",
              "upcard false: the pile is empty (no top) and 42 cards are in the stock; then seat 0's discard is seen",
              ["OBS-2", "OBS-1", "VAR-NOUP-1"], TWO,
              ["?0", "?1", "0 draw stock", "0 discard 9h", "?1"], options={"upcard": False}),
        build(F, "obs-hands-shown-after-knock-2p",
              "After seat 0 knocks both seats see both hands",
              ["OBS-3", "PAY-KNOCK-1"], KNOCK2, ["0 knock", "?0*", "?1*"]),
        build(F, "obs-hands-shown-after-knock-3p",
              "After seat 1 knocks every seat sees every hand; the pile below its top stays hidden",
              ["OBS-3", "OBS-1"], KNOCK3, ["0 draw stock", "0 discard 9c", "1 knock", "?0*", "?2*"],
              result={"ending": "knock_caught", "winners": [0], "totals": [15, 44, 40]}),
        build(F, "obs-hands-shown-after-dealt-tonk-3p",
              "Seat 1 is dealt 49: the tonk is shown, every seat sees every hand",
              ["OBS-3", "DEALT-1"], DEALT3, ["?0*", "?2*"],
              result={"ending": "dealt_tonk", "winners": [1]}),
        build(F, "obs-hands-shown-after-dealt-draw-2p",
              "Both seats are dealt a tonk (49 and 50): both hands are shown",
              ["OBS-3", "DEALT-2"], DRAW2, ["?0*", "?1*"],
              result={"ending": "dealt_draw", "winners": []}),
        build(F, "obs-hands-shown-after-stock-out-2p",
              "The players draw and discard until the stock is empty; seat "
              f"{last} then draws from the empty stock: every hand is shown",
              ["OBS-3", "STOCK-2", "CARD-1"], TWO, [*stock_out, "?0*", "?1*"],
              result={"ending": "stock_out", "totals": totals}),
        build(F, "obs-hands-not-shown-after-tonk-out-3p",
              "After seat 0 tonks out the other hands stay secret: seat 1 does not see seat 2's cards",
              ["OBS-3", "OBS-2"], TONK3,
              ["0 draw stock", "0 spread 7c 7d 7h", "0 spread Ts Js Qs", "?1", "?2"],
              result={"ending": "tonk_out", "winners": [0]}),
        build(F, "obs-hands-not-shown-after-out-by-discard-2p",
              "After seat 0 goes out by discarding, seat 1 sees only its own hand",
              ["OBS-3", "OBS-2"], OUT2,
              ["0 draw stock", "0 spread 4h 5h 6h 7h 8h", "0 discard 2s", "?1", "?0"],
              result={"ending": "out_by_discard", "winners": [0]}),
    ]


#: The family: the files whose header names this module.
FAMILY = Family("obs", cases, HEADED)


if __name__ == "__main__":
    raise SystemExit(run_family(FAMILY))
