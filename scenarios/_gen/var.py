"""scenarios/var: the three variations printed in the seeds (rules VAR-NOUP-1,
VAR-FORCED-1, VAR-FORCED-2, VAR-NEWSPREAD-1), each applied and not applied, under the
presets of spec/rulesets/.  Seats: A = 0, B = 1, C = 2."""

from __future__ import annotations

from typing import Any

from scenarios._gen.make.case import Case

NOUP = "seed-no-upcard"
FORCED = "seed-forced-spreads"
NEW = "seed-new-spread-double"

# Deals shared by a variation and its counterpart under the seed rules.
OWN_SPREAD_EARLIER: dict[str, Any] = dict(
    players=2, dealer=1, hands=["5d 6d 7d 4d 8d", "2c 3h 9s Jc 4h"], upcard="Tc", stock="Ks Qs 3d",
    script=[
        "0 draw stock; 0 spread 5d 6d 7d; 0 discard Ks",
        "1 draw stock; 1 discard Qs",
        "0 draw stock; 0 hit 4d 0; 0 hit 3d 0; @@; 0 hit 8d 0",
    ],
    ending="tonk_out",
)
BOOK_HELD: dict[str, Any] = dict(players=2, dealer=1, hands=["Kc Kd Kh 2s 5d", "3c 6h 8c 9s Jd"], upcard="9c",
                                 stock="7h")


def noup() -> list[Case]:
    cs: list[Case] = []
    cs.append(Case(
        "var-noup-first-player-draws-stock-2p",
        "No upcard: the discard pile is empty, A must draw from the stock, and A's discard starts the pile",
        ["VAR-NOUP-1", "TURN-9"], preset=NOUP, players=2, dealer=1,
        hands=["2c 4d 6h 8s Tc", "3c 5d 7h 9s Jc"], stock="Kd",
        script=["@", "0 draw discard !discard_pile_empty", "0 draw stock; @@", "0 discard Kd; @",
                "1 draw discard; 1 discard 3c; @@"],
        over=False,
    ))
    cs.append(Case(
        "var-noup-first-player-draws-stock-3p",
        "No upcard, 3 players, seat 1 deals: C plays first and must draw the stock's top card",
        ["VAR-NOUP-1", "TURN-9"], preset=NOUP, players=3, dealer=1,
        hands=["2c 4d 6h 8s Tc", "3c 5d 7h 9s Jc", "Ah 3d 5s 7c 9d"], stock="Qh 2s",
        script=["@", "2 draw discard !discard_pile_empty", "2 draw stock; 2 discard 9d; @",
                "0 draw discard; 0 discard 9d !taken_card; 0 discard Tc; @@"],
        over=False,
    ))
    cs.append(Case(
        "var-noup-tonk-out-with-first-stock-card-2p",
        "No upcard: the card after the deal is the top of the stock; A draws it and tonks out",
        ["VAR-NOUP-1", "OUT-1"], preset=NOUP, players=2, dealer=1,
        hands=["5h 6h 7h 9c 9d", "2c 4d 6s 8c Tc"], stock="9s",
        script=["@", "0 draw stock; 0 spread 5h 6h 7h; 0 spread 9c 9d 9s"],
        net=[2, -2], ending="tonk_out",
    ))
    cs.append(Case(
        "var-noup-default-upcard-taken-2p",
        "With the seed rules the same card is the upcard: A takes it from the discard pile and tonks out",
        ["VAR-NOUP-1", "DEAL-2", "OUT-1"], players=2, dealer=1,
        hands=["5h 6h 7h 9c 9d", "2c 4d 6s 8c Tc"], upcard="9s",
        script=["@", "0 draw discard; 0 spread 9c 9d 9s; 0 spread 5h 6h 7h"],
        net=[2, -2], ending="tonk_out",
    ))
    return cs


def forced() -> list[Case]:
    cs: list[Case] = []
    cs.append(Case(
        "var-forced-discard-keeping-book-refused-2p",
        "Forced spreads: A may not end its turn holding three kings; laid, the discard is accepted",
        ["VAR-FORCED-1"], preset=FORCED, **BOOK_HELD,
        script=["0 draw stock; 0 discard 7h !forced_spread; 0 discard 2s !forced_spread",
                "0 spread Kc Kd Kh; 0 discard 7h; @@"],
        over=False,
    ))
    cs.append(Case(
        "var-forced-break-book-by-discard-2p",
        "Forced spreads: discarding one of the three kings leaves no spread, so it is allowed",
        ["VAR-FORCED-1"], preset=FORCED, **BOOK_HELD,
        script=["0 draw stock; 0 discard Kh; @@"],
        over=False,
    ))
    cs.append(Case(
        "var-forced-default-keeps-book-2p",
        "Seed rules: A may keep three kings in hand and discard another card",
        ["VAR-FORCED-1"], **BOOK_HELD,
        script=["0 draw stock; 0 discard 7h; @@"],
        over=False,
    ))
    cs.append(Case(
        "var-forced-three-aces-kept-3p",
        "Forced spreads: three aces may stay in the hand, at a discard and at a knock",
        ["VAR-FORCED-1", "VAR-FORCED-2", "PAY-KNOCK-1"], preset=FORCED, players=3, dealer=2,
        hands=["Ac Ad Ah 5c 9d", "2c 4d 6h 8s Tc", "3c 5d 7h 9s Jc"], upcard="Kd", stock="Qs Qh Qd",
        script=["0 draw stock; 0 discard Qs", "1 draw stock; 1 discard Qh", "2 draw stock; 2 discard Qd",
                "@@", "0 knock"],
        totals=[17, 30, 34], net=[2, -1, -1], ending="knock_won",
        notes="The three aces count 3 towards A's 17: held books count at a knock.",
    ))
    cs.append(Case(
        "var-forced-four-aces-refused-2p",
        "Forced spreads: four aces are not exempt; keeping three of them is",
        ["VAR-FORCED-1"], preset=FORCED, players=2, dealer=1,
        hands=["Ac Ad Ah 9d 5c", "2c 4d 6h 8s Tc"], upcard="Kd", stock="As",
        script=["0 draw stock; 0 discard 9d !forced_spread; 0 discard As; @@"],
        over=False,
    ))
    cs.append(Case(
        "var-forced-ace-run-refused-3p",
        "Forced spreads: a run with an ace (A-2-3 of clubs) is no exception and must be laid",
        ["VAR-FORCED-1"], preset=FORCED, players=3, dealer=2,
        hands=["Ac 2c 3c 8d Jh", "4c 6d 8h Ts 2s", "5c 7d 9h Js 3s"], upcard="Kd", stock="Ks",
        script=["0 draw stock; 0 discard Ks !forced_spread; 0 spread Ac 2c 3c; 0 discard Ks; @@"],
        over=False,
    ))
    cs.append(Case(
        "var-forced-run-broken-in-the-middle-2p",
        "Forced spreads: from 5-6-7-8 of diamonds A may not discard an end card, but may discard the 6",
        ["VAR-FORCED-1"], preset=FORCED, players=2, dealer=1,
        hands=["5d 6d 7d 8d Qc", "2c 4h 6s 9c Tc"], upcard="Kh", stock="Qs",
        script=["0 draw stock; 0 discard Qs !forced_spread; 0 discard 8d !forced_spread",
                "0 discard 5d !forced_spread; 0 discard 6d; @@"],
        over=False,
        notes="Keeping 6-7-8 or 5-6-7 keeps a run; keeping 5, 7, 8 does not.",
    ))
    cs.append(Case(
        "var-forced-hitting-not-forced-2p",
        "Forced spreads: B must lay its run, but A need not hit it with the 8 of spades it holds",
        ["VAR-FORCED-2", "VAR-FORCED-1"], preset=FORCED, players=2, dealer=1,
        hands=["8s 2c 4d 9h Jc", "5s 6s 7s Kd 3h"], upcard="Ad", stock="Qd Qc Th",
        script=["0 draw stock; 0 discard Qd", "1 draw stock; 1 discard Qc !forced_spread",
                "1 spread 5s 6s 7s; 1 discard Qc", "0 draw stock; 0 discard Th; @@"],
        over=False,
    ))
    cs.append(Case(
        "var-forced-three-aces-and-ace-run-discard-2p",
        "Forced spreads: the three-aces exception does not cover A-2-3 of diamonds held beside them",
        ["VAR-FORCED-1"], preset=FORCED, players=2, dealer=1,
        hands=["Ac Ad Ah 2d 9c", "4c 6d 8h Ts 2h"], upcard="Qd", stock="3d",
        script=["0 draw stock; 0 discard 9c !forced_spread; 0 discard 3d; @@"],
        over=False,
    ))
    # Knocking -----------------------------------------------------------------------------
    cs.append(Case(
        "var-forced-knock-holding-book-refused-3p",
        "Forced spreads: A may not knock holding three kings",
        ["VAR-FORCED-2"], preset=FORCED, players=3, dealer=2,
        hands=["Kc Kd Kh 2s 3d", "4c 6d 8h Ts 2h", "5c 7d 9h Js 3s"], upcard="Qd",
        script=["0 knock !forced_spread", "@"],
        over=False,
    ))
    cs.append(Case(
        "var-forced-knock-holding-book-default-2p",
        "Seed rules: A may knock holding three kings; they count 30 and A is caught",
        ["VAR-FORCED-2", "PAY-KNOCK-1"], players=2, dealer=1,
        hands=["Kc Kd Kh 2s 3d", "4c 6d 8h Ts 2h"], upcard="Qd",
        script=["0 knock"], totals=[35, 30], net=[-3, 3], ending="knock_caught",
    ))
    cs.append(Case(
        "var-forced-knock-three-aces-2p",
        "Forced spreads: A may knock holding exactly three aces",
        ["VAR-FORCED-2"], preset=FORCED, players=2, dealer=1,
        hands=["Ac Ad Ah 2c 3d", "4c 6d 8h Ts 2h"], upcard="Qd",
        script=["0 knock"], totals=[8, 30], net=[1, -1], ending="knock_won",
    ))
    cs.append(Case(
        "var-forced-knock-four-aces-refused-2p",
        "Forced spreads: no knock with four aces; after discarding one A keeps three and may knock",
        ["VAR-FORCED-2", "VAR-FORCED-1"], preset=FORCED, players=2, dealer=1,
        hands=["Ac Ad Ah As 2c", "4c 6d 8h Ts 2h"], upcard="Qd", stock="3d Jc",
        script=["0 knock !forced_spread", "0 draw stock; 0 discard As", "1 draw stock; 1 discard Jc", "0 knock"],
        totals=[8, 30], net=[1, -1], ending="knock_won",
    ))
    cs.append(Case(
        "var-forced-knock-ace-run-refused-2p",
        "Forced spreads: no knock holding A-2-3 of clubs",
        ["VAR-FORCED-2"], preset=FORCED, players=2, dealer=1,
        hands=["Ac 2c 3c 5d 6h", "4c 6d 8h Ts 2h"], upcard="Qd",
        script=["0 knock !forced_spread", "@"],
        over=False,
    ))
    cs.append(Case(
        "var-forced-knock-three-aces-and-ace-run-refused-2p",
        "Forced spreads: no knock holding Ac Ad Ah 2c 3c, which holds the run A-2-3 of clubs",
        ["VAR-FORCED-2"], preset=FORCED, players=2, dealer=1,
        hands=["Ac Ad Ah 2c 3c", "4c 6d 8h Ts 2h"], upcard="Qd",
        script=["0 knock !forced_spread", "@"],
        over=False,
    ))
    cs.append(Case(
        "var-forced-knock-after-draw-2p",
        "Forced spreads with knock_timing = after_draw: the hand kept after the knock's discard is checked",
        ["VAR-FORCED-2", "TURN-3"], preset=FORCED, options={"knock_timing": "after_draw"}, players=2, dealer=1,
        hands=["Kc Kd 2s 3d 4h", "4c 6d 8h Ts 9c"], upcard="Qd", stock="Kh",
        script=["0 draw stock; 0 knock 4h !forced_spread; 0 knock Kh"],
        totals=[29, 37], net=[1, -1], ending="knock_won",
    ))
    return cs


def newspread() -> list[Case]:
    cs: list[Case] = []
    cs.append(Case(
        "var-newspread-spreads-double-2p",
        "New-spread double: A lays two new spreads to go out: 2S",
        ["VAR-NEWSPREAD-1", "PAY-OUT-1"], preset=NEW, players=2, dealer=1,
        hands=["4s 5s 6s Jc Jd", "2c 3d 7h 8s Kc"], upcard="Qd", stock="Jh",
        script=["0 draw stock; 0 spread 4s 5s 6s; 0 spread Jc Jd Jh"], net=[2, -2], ending="tonk_out",
    ))
    hits_only: dict[str, Any] = dict(
        players=2, dealer=1, stake=3,
        hands=["8c 9c Tc 3c 2c", "4c 5c 6c 7c Qh"], upcard="Jd", stock="Kd Qs Jc",
        script=[
            "0 draw stock; 0 discard Kd",
            "1 draw stock; 1 spread 4c 5c 6c 7c; 1 discard Qs",
            "0 draw stock; 0 hit 3c 0; 0 hit 2c 0; 0 hit 8c 0; 0 hit 9c 0; 0 hit Tc 0; 0 hit Jc 0",
        ],
        ending="tonk_out",
    )
    cs.append(Case(
        "var-newspread-hits-only-single-2p-stake-3",
        "New-spread double, S = 3: A goes out by hits only: S = 3, not 6",
        ["VAR-NEWSPREAD-1"], preset=NEW, net=[3, -3], **hits_only,
    ))
    cs.append(Case(
        "var-newspread-spread-earlier-turn-single-2p",
        "New-spread double: A's run was laid on an earlier turn; going out by hits on it pays S",
        ["VAR-NEWSPREAD-1"], preset=NEW, net=[1, -1], **OWN_SPREAD_EARLIER,
        notes="Only a spread laid in the going-out turn earns the double (D17).",
    ))
    cs.append(Case(
        "var-newspread-default-spread-earlier-turn-double-2p",
        "Seed rules: the same going out by hits on A's earlier run pays 2S",
        ["VAR-NEWSPREAD-1", "PAY-OUT-1"], net=[2, -2], **OWN_SPREAD_EARLIER,
    ))
    cs.append(Case(
        "var-newspread-mix-double-3p",
        "New-spread double: A lays a book, then hits its last cards: the new spread earns 2S",
        ["VAR-NEWSPREAD-1", "PAY-OUT-1"], preset=NEW, players=3, dealer=2,
        hands=["Qc Qd Qs 8h 9h", "5h 6h 7h 3c 4d", "2c 4h 6d 8s Tc"], upcard="Ks", stock="Jd Js 2h Th",
        script=[
            "0 draw stock; 0 discard Jd",
            "1 draw stock; 1 spread 5h 6h 7h; 1 discard Js",
            "2 draw stock; 2 discard 2h",
            "0 draw stock; 0 spread Qc Qd Qs; 0 hit 8h 0; 0 hit 9h 0; 0 hit Th 0",
        ],
        net=[4, -2, -2], ending="tonk_out",
    ))
    cs.append(Case(
        "var-newspread-hits-then-spread-double-3p",
        "New-spread double: A hits three cards, then lays a new book with its last three: 2S",
        ["VAR-NEWSPREAD-1", "PAY-OUT-1"], preset=NEW, players=3, dealer=2,
        hands=["Jh Jd 8s 9s 4c", "5s 6s 7s 2d 3h", "2c 6d 8h Tc Kc"], upcard="Qd", stock="Ts Kh Qh Jc",
        script=[
            "0 draw stock; 0 discard 4c",
            "1 draw stock; 1 spread 5s 6s 7s; 1 discard Kh",
            "2 draw stock; 2 discard Qh",
            "0 draw stock; 0 hit 8s 0; 0 hit 9s 0; 0 hit Ts 0; 0 spread Jh Jd Jc",
        ],
        net=[4, -2, -2], ending="tonk_out",
    ))
    cs.append(Case(
        "var-newspread-discard-out-single-3p",
        "New-spread double: going out by a discard still pays S, new spread or not",
        ["VAR-NEWSPREAD-1", "PAY-OUT-2"], preset=NEW, players=3, dealer=2,
        hands=["3s 4s 5s 6s Kd", "2c 4d 6h 8c Tc", "3c 5d 7h 9c Jc"], upcard="Qh", stock="7s",
        script=["0 draw stock; 0 spread 3s 4s 5s 6s 7s; 0 discard Kd"],
        net=[2, -1, -1], ending="out_by_discard",
    ))
    cs.append(Case(
        "var-all-variations-2p",
        "All three printed variations: A must draw the stock, must lay its kings, and goes out by hits for S",
        ["VAR-NOUP-1", "VAR-FORCED-1", "VAR-NEWSPREAD-1"], preset="seed-all-variations", players=2, dealer=1,
        hands=["Kc Kd Kh 4s 5s", "6s 7s 8s 2d 9h"], stock="3s Qd Ks",
        script=[
            "0 draw discard !discard_pile_empty",
            "0 draw stock; 0 discard 3s !forced_spread; 0 spread Kc Kd Kh; 0 discard 3s",
            "1 draw stock; 1 discard Qd !forced_spread; 1 spread 6s 7s 8s; 1 discard Qd",
            "0 draw stock; 0 hit Ks 0; 0 hit 5s 1; @@; 0 hit 4s 1",
        ],
        net=[1, -1], ending="tonk_out",
    ))
    return cs


def cases() -> list[Case]:
    return noup() + forced() + newspread()
