"""Deals that tests of several folders write their small scenarios around, each in the
scenario format (the ``players``, ``dealer`` and ``deal`` fields)."""

from __future__ import annotations

#: Seat 0 holds 12 (Ac 2c 2d 3s 4h) and knocks to win; the others hold 47 and 46.
KNOCK_DEAL = """players: 3
dealer: 2
deal:
  hands:
    - [Ac, 2c, 2d, 3s, 4h]
    - [Kd, Qd, Jd, 9h, 8s]
    - [Kc, Qc, Jc, 9c, 7s]
  upcard: Kh
"""

#: Seat 0 holds the run 4h 5h 6h, to spread and hit on; the stock is the caller's (a
#: ``  stock: [...]`` line follows).
HIT_DEAL = """players: 3
dealer: 2
deal:
  hands:
    - [4h, 5h, 6h, Kc, Qd]
    - [Kd, Td, Jd, 9h, 8s]
    - [Ks, Qc, Jc, 9c, 7s]
  upcard: Kh
"""
