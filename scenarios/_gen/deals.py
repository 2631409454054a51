"""Deals shared by several generators (not a generator itself)."""

from __future__ import annotations

from scenarios._gen.make.table import Deal

# Seat 0 (first to play) holds a book of three sevens, seat 1 a club run 4-5-6 and the
# fourth seven, seat 2 (3 players) a spade run 9-T-J.  The stock begins Qs 8c 3c Jd:
# 8c and 3c extend seat 1's run at either end.  Every dealt total is 32.
TWO = Deal(2, 1, ["7c 7d 7h 2s 9h", "4c 5c 6c Kd 7s"], "3d", "Qs 8c 3c Jd")
THREE = Deal(3, 2, ["7c 7d 7h 2s 9h", "4c 5c 6c Kd 7s", "9s Ts Js 2d Ah"], "3d", "Qs 8c 3c Jd")

# Seat 0 holds 19 and draws 5c (then 15 after discarding 9c); the others hold 44 and 40.
KNOCK2 = Deal(2, 1, ["Ac 2d 3h 4s 9c", "Kd Qh Js 8d 6h"], "Th", "5c 8s")
KNOCK3 = Deal(3, 2, ["Ac 2d 3h 4s 9c", "Kd Qh Js 8d 6h", "Kc Qs 7h 8s 5d"], "Th", "5c 9s 2c")

# Seat 0 tonks out by drawing Qs (7c 7d 7h and Ts Js Qs); seat 0 goes out by discarding 2s
# after laying 4h..8h.
TONK3 = Deal(3, 2, ["7c 7d 7h Ts Js", "4c 5c 6c Kd 7s", "2d 3d 4d 9h Ah"], "3s", "Qs")
OUT2 = Deal(2, 1, ["4h 5h 6h 7h 2s", "4c 5c 6c Kd 7s"], "3d", "8h")

#: The deals above by name, as the tables name them (scenarios/_gen/tables/*.yml).
NAMED = {"TWO": TWO, "THREE": THREE, "KNOCK2": KNOCK2, "KNOCK3": KNOCK3, "TONK3": TONK3, "OUT2": OUT2}
