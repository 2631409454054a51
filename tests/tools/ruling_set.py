"""Situations whose rulings the length test measures: the examples of docs/judging.md,
knock ties, dealt draws, hit locks, and the same under other base rules ((arguments of
``tonk judge``, base rules or None))."""

from __future__ import annotations

W7 = "2 players, dealer 1; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; 0 knocks"
W12 = ("3 players; 0: Ac Ad Ah As 2c; 1: 2d 4d; 2: 4c 5d; table: 1 [5h 6h 7h], 2 [Tc Jc Qc]; discard Qs; stock 0; "
       "2 draws")
QKA = "2 players; 0: Qh Kh Ah 2c 3d; 1: 4s 5s 6s 7d 9d; discard Jc; 0 draws 8c, spreads Qh Kh Ah"
HIT_FIRST = "2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s; table: 1 [5c 6c 7c]; discard Qs; 0 hits 4c on 0"
KNOCK_28 = "2 players, dealer 1; 0: 3d 4d 5h 6h Qc; 1: 3h 4h; table: 1 [5s 6s 7s]; discard Qs; 0 knocks"
KNOCK_AFTER_DRAW = ("2 players, dealer 1; 0: 3d 4d; 1: 3h 4h 9s Kd Kh; table: 0 [7c 8c 9c]; discard Qs; "
                    "0 draws 2s, knocks discarding 4d")
TIE_3P = ("3 players, dealer 2; 0: 2c 3c; 1: 2d 3d; 2: Ah 4h; table: 0 [As 2s 3s], 1 [4s 5s 6s], 2 [Js Qs Ks]; "
          "discard 7s; 0 knocks")
DEALT_DRAW = "2 players, dealer 1; first turn; 0: Kc Qd Jc Td 9c; 1: Kh Qs Jh Ts 9h; discard 7d"
DEALT_DRAW_50 = "2 players, dealer 1; first turn; 0: Kc Qd Jc Kd Qc; 1: Kh Qs Jh Ks Qh; discard 7d"
DEALT_TONK = "2 players, first turn; 0: Kc Qd Jh Ts 9c; 1: 2c 3c 4d 5d 6h; discard 7s"
HIT_LOCK = ("3 players; 0: 5c 6d; 1: Kc Kd 2s 3s 4s; 2: Ac 2c 3d 4d 8d; table: 0 [7h 8h 9h]; discard Kh; "
            "1 draws 6h, hits 6h on 0, discards Kc")
HIT_LOCK_KNOCK = ("2 players, dealer 0; 0: 2c 3c; 1: 7d Qh; table: 1 [As 2s 3s], 0 [4d 5d 6d]; discard Jh; turn 2; "
                  "1 draws Kh, hits 7d on 1, discards Kh; 0 knocks")
OUT_BY_HITS = ("2 players; 0: 4c 8c; 1: Kc Kd 2s 3s 4s; table: 0 [5c 6c 7c]; discard Kh; "
               "0 draws 9c, hits 4c on 0, hits 8c on 0, hits 9c on 0")
TAKE = ("2 players, dealer 1; 0: 4d 5d Kc Qc 7h; 1: 2h 3h; table: 1 [4s 5s 6s]; discard 6d; turn 2; "
        "0 takes the discard, discards 6d")

RULINGS: list[tuple[str, str | None]] = [
    (W7, None), (W12, None), (QKA, None), (HIT_FIRST, None), (KNOCK_28, None),
    (KNOCK_AFTER_DRAW, "docs/tables/knock-any-time.yaml"), (TIE_3P, None), (DEALT_DRAW, None), (DEALT_TONK, None),
    (HIT_LOCK, None), (HIT_LOCK_KNOCK, None), (OUT_BY_HITS, None), (TAKE, None),
    ("scenarios/pay/pay-w12-stock-tie-3p.yaml", None), ("scenarios/pay/pay-w7-knock-tie-2p.yaml", None),
    (W7, "online"), (W7, "online-reem"), (W7, "hoyle-tunk"), (TIE_3P, "online"), (DEALT_DRAW_50, "online-reem"),
    (HIT_LOCK, "online"), (HIT_LOCK_KNOCK, "online-reem"), (TAKE, "online-reem"),
]
