"""scenarios/out: going out (rules OUT-1 and OUT-2), by spreads, by hits, by a mix
(D18), by a discard, on the first turn and later, by each seat; and the plays that leave
cards and so do not end the hand.  Seats: A = 0, B = 1, C = 2."""

from __future__ import annotations

from scenarios._gen.make.case import Case


def cases() -> list[Case]:
    cs: list[Case] = []
    cs.append(Case(
        "out-tonk-six-card-run-3p",
        "A draws the sixth card of a run and lays all six: the hand ends at once, with no discard",
        ["OUT-1", "PAY-OUT-1"], players=3, dealer=2,
        hands=["3h 4h 5h 6h 7h", "2c 4d 6s 8c Tc", "3c 5d 7s 9c Jc"], upcard="Kd", stock="8h",
        script=["0 draw stock; @@; 0 spread 3h 4h 5h 6h 7h 8h", "@", "0 discard 8h !hand_over",
                "1 draw stock !hand_over"],
        net=[4, -2, -2], ending="tonk_out",
        notes="Nothing may follow a tonk out: not a discard by the winner, not a draw by the next seat.",
    ))
    cs.append(Case(
        "out-tonk-with-taken-upcard-3p",
        "A takes the upcard and lays it in one of two spreads: going out with no card is always allowed",
        ["OUT-1", "PAY-OUT-1", "TURN-8"], players=3, dealer=2,
        hands=["9c 9d 2s 3s 4s", "2c 4d 6h 8c Tc", "3c 5d 7h Jc Qd"], upcard="9h",
        script=["0 draw discard; 0 spread 2s 3s 4s; @@; 0 spread 9c 9d 9h", "@"],
        net=[4, -2, -2], ending="tonk_out",
    ))
    cs.append(Case(
        "out-tonk-hits-own-spread-2p",
        "A laid a run on its first turn; on the next it hits its three cards onto it: a tonk out, 2S",
        ["OUT-1", "PAY-OUT-1"], players=2, dealer=1,
        hands=["5d 6d 7d 4d 8d", "2c 3h 9s Jc 4h"], upcard="Tc", stock="Ks Qs 3d",
        script=[
            "0 draw stock; 0 spread 5d 6d 7d; 0 discard Ks",
            "1 draw stock; 1 discard Qs",
            "0 draw stock; 0 hit 4d 0; 0 hit 3d 0; @@; 0 hit 8d 0",
        ],
        net=[2, -2], ending="tonk_out",
    ))
    cs.append(Case(
        "out-tonk-hits-then-book-3p",
        "D18: A hits three cards on B's run, then lays a book with the card drawn: a tonk out, 2S",
        ["OUT-1", "PAY-OUT-1"], players=3, dealer=2,
        hands=["Jh Jd 8s 9s 4c", "5s 6s 7s 2d 3h", "2c 6d 8h Tc Kc"], upcard="Qd", stock="Ts Kh Qh Jc",
        script=[
            "0 draw stock; 0 discard 4c",
            "1 draw stock; 1 spread 5s 6s 7s; 1 discard Kh",
            "2 draw stock; 2 discard Qh",
            "0 draw stock; 0 hit 8s 0; 0 hit 9s 0; 0 hit Ts 0; @@; 0 spread Jh Jd Jc",
        ],
        net=[4, -2, -2], ending="tonk_out",
    ))
    cs.append(Case(
        "out-tonk-spread-then-hits-2p",
        "D18, 2 players: A lays a run, then hits its last three cards on B's run: 2S",
        ["OUT-1", "PAY-OUT-1"], players=2, dealer=1,
        hands=["2h 3h 4h 9c Kc", "Tc Jc Qc 3s 4d"], upcard="7d", stock="Ks Qd 8c",
        script=[
            "0 draw stock; 0 discard Ks",
            "1 draw stock; 1 spread Tc Jc Qc; 1 discard Qd",
            "0 draw stock; 0 spread 2h 3h 4h; 0 hit 9c 0; 0 hit 8c 0; @@; 0 hit Kc 0",
        ],
        net=[2, -2], ending="tonk_out",
    ))
    cs.append(Case(
        "out-tonk-dealer-takes-discard-3p",
        "C, the dealer, takes B's discard and lays two spreads on its first turn: C collects 2S from each",
        ["OUT-1", "PAY-OUT-1"], players=3, dealer=2,
        hands=["3c 5h 8s 9d Ah", "2c 4d 7h Tc 9s", "6c 6d 6h Jd Qd"], upcard="4s", stock="2s Kd",
        script=["0 draw stock; 0 discard 2s", "1 draw stock; 1 discard Kd",
                "2 draw discard; 2 spread 6c 6d 6h; @@; 2 spread Jd Qd Kd"],
        net=[-2, -2, 4], ending="tonk_out",
    ))
    cs.append(Case(
        "out-tonk-hits-two-spreads-second-seat-3p",
        "B goes out by hitting six cards on A's run and C's book: a tonk out paid by A and C",
        ["OUT-1", "PAY-OUT-1"], players=3, dealer=2,
        hands=["2c 3c 4c 9h Th", "5c 6c Kc Ac 7c", "Kh Kd Ks 2d 3s"], upcard="9d", stock="Jd Qs Qh Js 8c",
        script=[
            "0 draw stock; 0 spread 2c 3c 4c; 0 discard Jd",
            "1 draw stock; 1 discard Qs",
            "2 draw stock; 2 spread Kh Kd Ks; 2 discard Qh",
            "0 draw stock; 0 discard Js",
            "1 draw stock; 1 hit Ac 0; 1 hit 5c 0; 1 hit 6c 0; 1 hit 7c 0; 1 hit Kc 1; @@; 1 hit 8c 0",
        ],
        net=[-2, 4, -2], ending="tonk_out",
    ))
    cs.append(Case(
        "out-tonk-taken-card-hit-before-last-2p",
        "A takes B's discard and hits out; a hit that would leave only the taken card is refused first",
        ["OUT-1", "PAY-OUT-1", "TURN-8"], players=2, dealer=1,
        hands=["2h 3h 4h 8s Kd", "5s 6s 7s Qc Jc"], upcard="Td", stock="4s 9s",
        script=[
            "0 draw stock; 0 spread 2h 3h 4h; 0 discard Kd",
            "1 draw stock; 1 spread 5s 6s 7s; 1 discard 9s",
            "0 draw discard; 0 hit 8s 1",
            "0 hit 4s 1 !last_card_taken",
            "@@",
            "0 hit 9s 1; 0 hit 4s 1",
        ],
        net=[2, -2], ending="tonk_out",
    ))
    cs.append(Case(
        "out-spread-leaves-cards-3p",
        "A lays a spread and still holds cards: the hand goes on, and A ends the turn with a discard",
        ["OUT-1", "OUT-2"], players=3, dealer=2,
        hands=["5h 6h 7h 9c 2d", "2c 4d 6s 8c Tc", "3c 5d 7s 9h Jc"], upcard="Kd", stock="9s",
        script=["0 draw stock; 0 spread 5h 6h 7h; @", "1 draw stock !not_your_turn", "0 discard 2d; @@"],
        over=False,
        notes="W3's deal with the book left unlaid: a wrong engine ends the hand when a spread is laid.",
    ))
    cs.append(Case(
        "out-hit-leaves-card-then-discard-out-2p",
        "After a hit A holds one card: no tonk out; the discard of that card goes out for S",
        ["OUT-1", "OUT-2", "PAY-OUT-2"], players=2, dealer=1,
        hands=["2s 3s 4s 5s 9h", "3c 6d 8h Tc Qc"], upcard="Ks", stock="Jd 7c 6s",
        script=[
            "0 draw stock; 0 spread 2s 3s 4s 5s; @; 0 discard Jd; @",
            "1 draw stock; 1 discard 7c",
            "0 draw stock; 0 hit 6s 0; @@; 0 discard 9h",
        ],
        net=[1, -1], ending="out_by_discard",
        notes="Each '@' check shows the hand still going on: after the spread (two cards left), after "
        "the discard (one left) and after the hit (one left, still to discard).",
    ))
    cs.append(Case(
        "out-discard-dealer-3p-stake-3",
        "C, the dealer, lays a five-card run and discards its last card: S = 3 from each",
        ["OUT-2", "PAY-OUT-2"], players=3, dealer=2, stake=3,
        hands=["2d 4h 6s 8d Ts", "3d 5h 7s 9d Js", "5c 6c 7c 8c Qh"], upcard="Kd", stock="Ah Ad 9c",
        script=["0 draw stock; 0 discard Ah", "1 draw stock; 1 discard Ad",
                "2 draw stock; 2 spread 5c 6c 7c 8c 9c; @; 2 discard Qh"],
        net=[-3, -3, 6], ending="out_by_discard",
    ))
    cs.append(Case(
        "out-discard-after-book-and-hit-3p",
        "B lays a book, hits A's run and discards its last card: out by discard, S from each",
        ["OUT-2", "PAY-OUT-2", "OUT-1"], players=3, dealer=2,
        hands=["9h Th Jh 2c 3d", "8s 8d 8c Qh 4s", "2d 5c 7h Ks 6d"], upcard="Ac", stock="Kd 8h",
        script=[
            "0 draw stock; 0 spread 9h Th Jh; 0 discard Kd",
            "1 draw stock; 1 spread 8s 8d 8c 8h; 1 hit Qh 0; @@; 1 discard 4s",
        ],
        net=[-1, 2, -1], ending="out_by_discard",
    ))
    cs.append(Case(
        "out-knock-discarding-last-card-2p",
        "knock_timing = any: a knock whose discard is the last card is going out by discarding, paid S",
        ["OUT-2", "TURN-3", "PAY-OUT-2"], options={"knock_timing": "any"}, players=2, dealer=1,
        hands=["5c 6c 7c 8c Kd", "Td Tc 9s 9h 6d"], upcard="2s", stock="9c",
        script=["0 draw stock; 0 spread 5c 6c 7c 8c 9c; @@; 0 knock Kd"],
        net=[1, -1], ending="out_by_discard",
        notes="Discarding the last card leaves no card: OUT-2, whether the discard is a plain one or a "
        "knock's. A wrong engine settles a knock with A's total of 0.",
    ))
    return cs
