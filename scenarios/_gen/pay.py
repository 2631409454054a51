"""scenarios/pay: the worked payments W1-W12 of the rules brief, exactly as stated, their
printed variants, and 2- and 3-player versions of every payment with other stakes.

Seats: A = 0, B = 1, C = 2.  In 3-player cases seat 2 deals, so A plays first; in
2-player cases seat 1 deals.  Totals and nets below are stated by hand; the generator
refuses to write a case whose script does not deal them.
"""

from __future__ import annotations

from typing import Any

from scenarios._gen.drystock import dry_case
from scenarios._gen.make.case import Case

OTHER_SCHEMES = ("non_knockers", "doubles_only", "double_lowest_others_single", "double_lowest_only", "per_player")


def knock3(
    cid: str,
    title: str,
    rules: list[str],
    a: tuple[str, str],
    b: tuple[str | None, str],
    c: tuple[str | None, str],
    c_draw: str = "Qh",
    **kw: Any,
) -> Case:
    """The knock deal of three players: A lays a[0] on its first turn and keeps a[1]; B and
    C likewise (or keep five cards when their spread is None); every first turn draws from
    the stock (Kd, Qs, then c_draw) and discards the card drawn; A knocks at the start of
    its second turn."""

    def turn(seat: int, spread: str | None, drawn: str) -> str:
        lay = f"; {seat} spread {spread}" if spread else ""
        return f"{seat} draw stock{lay}; {seat} discard {drawn}"

    hands = [f"{a[0]} {a[1]}", f"{b[0] or ''} {b[1]}".strip(), f"{c[0] or ''} {c[1]}".strip()]
    script = [turn(0, a[0], "Kd"), turn(1, b[0], "Qs"), turn(2, c[0], c_draw), "@", "0 knock"]
    return Case(cid, title, rules, players=3, dealer=2, hands=hands, upcard="Td", stock=f"Kd Qs {c_draw}",
                script=script, **kw)


def knock2(cid: str, title: str, rules: list[str], a: tuple[str, str], b: tuple[str | None, str], **kw: Any) -> Case:
    """The knock deal of two players, as :func:`knock3` (stock Kd, Qs)."""
    lay = f"; 1 spread {b[0]}" if b[0] else ""
    hands = [f"{a[0]} {a[1]}", f"{b[0] or ''} {b[1]}".strip()]
    script = [f"0 draw stock; 0 spread {a[0]}; 0 discard Kd", f"1 draw stock{lay}; 1 discard Qs", "@", "0 knock"]
    return Case(cid, title, rules, players=2, dealer=1, hands=hands, upcard="Td", stock="Kd Qs", script=script, **kw)


# The W7 deal: A keeps 3d 4d (7), B keeps 3h 4h (7).
W7_A, W7_B = ("7c 8c 9c", "3d 4d"), ("5s 6s 7s", "3h 4h")
# The W8, W9 and W10 deals (A, B, C, the card C draws).
W8: dict[str, Any] = dict(a=("7c 8c 9c", "4d 6d"), b=("5s 6s 7s", "As 5h"), c=(None, "2c 2h 3s 4h 4c"))
W9: dict[str, Any] = dict(a=("7c 8c 9c", "5d 7d"), b=("5s 6s 7s", "4h 5h"), c=("Jh Qh Kh", "Ac 3d"), c_draw="Ts")
W10: dict[str, Any] = dict(a=("7c 8c 9c", "3d 5d"), b=("5s 6s 7s", "2h 3h"), c=("Jh Qh Kh", "Ac 4c"), c_draw="Ts")

W3: dict[str, Any] = dict(
    players=3, dealer=2, hands=["5h 6h 7h 9c 9d", "2c 4d 6s 8c Tc", "3c 5d 7s 9h Jc"], upcard="Kd", stock="9s",
    script=["0 draw stock; 0 spread 5h 6h 7h; @; 0 spread 9c 9d 9s", "@"], ending="tonk_out",
)
W4: dict[str, Any] = dict(
    players=3, dealer=2,
    hands=["3d 4d 8d 9d Js", "5d 6d 7d Kc Qc", "Jc Jh Jd 2h 3h"], upcard="5c", stock="Kd Ks Qs 2d",
    script=[
        "0 draw stock; 0 discard Kd",
        "1 draw stock; 1 spread 5d 6d 7d; 1 discard Ks",
        "2 draw stock; 2 spread Jc Jh Jd; 2 discard Qs",
        "0 draw stock; 0 hit 4d 0; 0 hit 3d 0; 0 hit 2d 0; 0 hit 8d 0; 0 hit 9d 0; @@; 0 hit Js 1",
    ],
    ending="tonk_out",
    notes="A lays nothing: all six of its cards go onto B's run and C's book (A even holds "
    "2d-3d-4d, a run it never lays).",
)


def w_cases() -> list[Case]:
    cs: list[Case] = []
    cs.append(Case(
        "pay-w1-dealt-tonk-2p-stake-5",
        "W1: 2 players, S = 5: A is dealt K-Q-J-10-9 (49); B pays 10",
        ["PAY-DEALT-1", "DEALT-1"], players=2, dealer=1, stake=5,
        hands=["Kc Qd Jh Ts 9c", "2c 3d 4h 5s 7c"], upcard="8d",
        script=["@"], totals=[49, 21], net=[10, -10], ending="dealt_tonk",
        notes="A mixed-suit K-Q-J-10-9 is no spread; it counts 10+10+10+10+9 = 49. The hand is not played.",
    ))
    cs.append(Case(
        "pay-w2-dealt-draw-3p",
        "W2: 3 players, A is dealt 50 and B 49: a draw, nobody pays",
        ["PAY-DEALT-1", "DEALT-2"], players=3, dealer=2,
        hands=["Kc Kd Kh Ks Tc", "Qc Qd Qh Qs 9c", "2c 3d 4h 5s 7c"], upcard="8d",
        script=["@"], totals=[50, 49, 21], net=[0, 0, 0], ending="dealt_draw",
        notes="Two dealt tonks: no payment at all (a wrong engine pays one of them, or both).",
    ))
    cs.append(Case(
        "pay-w3-tonk-out-two-spreads-3p",
        "W3: A holds 5-6-7 of hearts and two nines, draws the third nine, lays both spreads: 2S from each",
        ["PAY-OUT-1", "OUT-1"], net=[4, -2, -2], **W3,
    ))
    cs.append(Case(
        "pay-w3-tonk-out-two-spreads-3p-new-spread-double",
        "W3 under S34: A laid new spreads in the going-out turn, so the double stands",
        ["VAR-NEWSPREAD-1", "PAY-OUT-1"], preset="seed-new-spread-double", net=[4, -2, -2], **W3,
    ))
    cs.append(Case(
        "pay-w4-tonk-out-hits-only-3p",
        "W4: A goes out with no discard by hits only: 2S from each under the seed rules",
        ["PAY-OUT-1", "OUT-1"], net=[4, -2, -2], **W4,
    ))
    cs.append(Case(
        "pay-w4-tonk-out-hits-only-3p-new-spread-double",
        "W4 under S34: going out by hits only pays the single stake",
        ["VAR-NEWSPREAD-1", "PAY-OUT-1"], preset="seed-new-spread-double", net=[2, -1, -1], **W4,
    ))
    cs.append(Case(
        "pay-w5-hit-then-discard-out-2p",
        "W5: 2 players, A hits a card and discards the last one: S, not 2S",
        ["PAY-OUT-2", "OUT-2"], players=2, dealer=1,
        hands=["6c 7c 8c 9c Kd", "2d 4h 6s 8d Qs"], upcard="5h", stock="Kh Jh Tc",
        script=[
            "0 draw stock; 0 spread 6c 7c 8c 9c; 0 discard Kh",
            "1 draw stock; 1 discard Jh",
            "0 draw stock; 0 hit Tc 0; @; 0 discard Kd",
        ],
        net=[1, -1], ending="out_by_discard",
    ))
    cs.append(knock3(
        "pay-w6-knock-won-3p",
        "W6: A knocks with 5, B has 14, C has 6: A collects S from each",
        ["PAY-KNOCK-2", "PAY-KNOCK-1"],
        a=("7c 8c 9c", "2d 3d"), b=(None, "Ah 2h 3s 4s 4h"), c=("5s 6s 7s", "Ac 5h"),
        totals=[5, 14, 6], net=[2, -1, -1], ending="knock_won",
    ))
    cs.append(knock2(
        "pay-w7-knock-tie-2p",
        "W7: A knocks with 7, B has 7: A is caught, pays B 2S, and B as lowest collects S from A",
        ["PAY-KNOCK-3", "PAY-CAUGHT-1", "PAY-CAUGHT-2"], a=W7_A, b=W7_B,
        totals=[7, 7], net=[-3, 3], ending="knock_caught",
        notes="A wrong engine gives the tie to the knocker (+1/-1) or forgets that the lowest "
        "hand collects from the knocker too (-2/+2).",
    ))
    cs.append(knock2(
        "pay-w7-knock-tie-2p-knocker-wins",
        "W7 under V31, a tie goes to the knocker: A collects S",
        ["PAY-KNOCK-3", "PAY-KNOCK-2"], a=W7_A, b=W7_B, options={"knock_tie": "knocker_wins"},
        totals=[7, 7], net=[1, -1], ending="knock_won",
    ))
    cs.append(knock2(
        "pay-w7-knock-tie-2p-non-knockers",
        "W7 when the lowest collects only from non-knockers: A pays B 2S only",
        ["PAY-CAUGHT-1", "PAY-CAUGHT-2"], a=W7_A, b=W7_B, options={"caught_payment": "non_knockers"},
        totals=[7, 7], net=[-2, 2], ending="knock_caught",
    ))
    for scheme in OTHER_SCHEMES[1:]:
        cs.append(knock2(
            f"pay-w7-knock-tie-2p-{scheme.replace('_', '-')}",
            f"W7 under caught_payment = {scheme}: A pays B 2S and nothing more",
            ["PAY-CAUGHT-1", "PAY-CAUGHT-2"], a=W7_A, b=W7_B, options={"caught_payment": scheme},
            totals=[7, 7], net=[-2, 2], ending="knock_caught",
            notes="With two players the other schemes all come to 2S: the double alone, or "
            "(per_player) one stake for each of the two players at the table.",
        ))
    cs.append(knock3(
        "pay-w8-knock-caught-3p",
        "W8: A knocks with 10, B has 6, C 15: A pays B 2S; B collects S from A and from C",
        ["PAY-CAUGHT-1", "PAY-CAUGHT-2"], **W8,
        totals=[10, 6, 15], net=[-3, 4, -1], ending="knock_caught",
        notes="C's 15 is above the knocker's 10: C gets no double, and pays the lowest hand S.",
    ))
    cs.append(knock3(
        "pay-w9-knock-caught-3p",
        "W9: A knocks with 12, B 9, C 4: A pays B and C 2S each; C collects S from A and from B",
        ["PAY-CAUGHT-1", "PAY-CAUGHT-2"], **W9,
        totals=[12, 9, 4], net=[-5, 1, 4], ending="knock_caught",
    ))
    cs.append(knock3(
        "pay-w10-knock-catch-3p",
        "W10: A knocks with 8, B 5, C 5 (a catch): A pays each 2S; B and C each collect S from A",
        ["PAY-CAUGHT-1", "PAY-CAUGHT-3"], **W10,
        totals=[8, 5, 5], net=[-6, 3, 3], ending="knock_caught",
        notes="B and C are tied for lowest: they pay each other nothing.",
    ))
    cs.append(dry_case(
        "pay-w11-stock-out-3p",
        "W11: the stock is empty and C draws from it; A 6, B 11, C 9: A collects S from each",
        ["PAY-STOCK-1", "STOCK-2", "STOCK-1"], players=3, dealer=1,
        hands=["Ac Ad Ah As 2c", "5h 6h 7h 2d 9c", "Tc Jc Qc 4d 5d"], upcard="Kd",
        first_round={1: "1 spread 5h 6h 7h", 2: "2 spread Tc Jc Qc"},
        tail=["2 draw stock", "@"], totals=[6, 11, 9], net=[2, -1, -1], ending="stock_out",
        notes="Seat 1 deals, so C (seat 2) plays first and B draws the last stock card; every "
        "turn draws from the stock and discards the card drawn.",
    ))
    cs.append(dry_case(
        "pay-w12-stock-tie-3p",
        "W12: the stock is empty; A 6, B 6, C 9: C pays A S and B S",
        ["PAY-STOCK-2", "STOCK-2"], players=3, dealer=1,
        hands=["Ac Ad Ah As 2c", "5h 6h 7h 2d 4d", "Tc Jc Qc 4c 5d"], upcard="Kd",
        first_round={1: "1 spread 5h 6h 7h", 2: "2 spread Tc Jc Qc"},
        tail=["2 draw stock", "@"], totals=[6, 6, 9], net=[1, 1, -2], ending="stock_out",
    ))
    return cs


def more_cases() -> list[Case]:
    """2- and 3-player versions of each payment, other stakes, other seats, and D5."""
    cs: list[Case] = []
    # Dealt tonks -----------------------------------------------------------------------
    cs.append(Case(
        "pay-dealt-tonk-50-3p",
        "B is dealt 50 in a 3-player hand: 2S from each other player",
        ["PAY-DEALT-1", "DEALT-1"], players=3, dealer=2,
        hands=["2c 3d 4h 5s 7c", "Kc Qd Jh Ts Td", "8c 8d 6h 6s Ac"], upcard="9d",
        script=["@"], totals=[21, 50, 29], net=[-2, 4, -2], ending="dealt_tonk",
    ))
    cs.append(Case(
        "pay-dealt-tonk-dealer-3p-stake-3",
        "The dealer's own dealt 49, 3 players, S = 3: 6 from each other player",
        ["PAY-DEALT-1", "DEALT-3"], players=3, dealer=2, stake=3,
        hands=["2c 3d 4h 5s 7c", "8c 8d 6h 6s Ac", "Kc Qd Jh Ts 9s"], upcard="9d",
        script=["@"], totals=[21, 29, 49], net=[-6, -6, 12], ending="dealt_tonk",
    ))
    cs.append(Case(
        "pay-dealt-tonk-dealer-2p-stake-2",
        "B, the dealer, is dealt 50 in a 2-player hand, S = 2: A pays 4",
        ["PAY-DEALT-1"], players=2, dealer=1, stake=2,
        hands=["2c 3d 4h 5s 7c", "Kc Kd Qh Qs Jd"], upcard="9d",
        script=["@"], totals=[21, 50], net=[-4, 4], ending="dealt_tonk",
    ))
    cs.append(Case(
        "pay-dealt-draw-2p-stake-4",
        "Both players are dealt a tonk (49 and 50), S = 4: a draw, nobody pays",
        ["PAY-DEALT-1", "DEALT-2"], players=2, dealer=1, stake=4,
        hands=["Kc Kd Kh Ks 9c", "Qc Qd Qh Qs Jc"], upcard="2d",
        script=["@"], totals=[49, 50], net=[0, 0], ending="dealt_draw",
    ))
    cs.append(Case(
        "pay-dealt-48-no-tonk-2p",
        "A dealt 48 is no tonk: nobody is paid at the deal and A is to act",
        ["PAY-DEALT-1", "DEALT-1"], players=2, dealer=1,
        hands=["Kc Qd Jh Ts 8c", "2c 3d 4h 5s 7c"], upcard="9d",
        script=["@", "0 knock"], totals=[48, 21], net=[-3, 3], ending="knock_caught",
        notes="48 pays nothing at the deal; A then knocks with 48 against 21 and is caught.",
    ))
    # Going out, other stakes ---------------------------------------------------------------
    cs.append(Case(
        "pay-tonk-out-spreads-2p-stake-2",
        "2 players, S = 2: A draws and lays two spreads, no card left: 2S = 4",
        ["PAY-OUT-1", "OUT-1"], players=2, dealer=1, stake=2,
        hands=["4s 5s 6s Jc Jd", "2c 3d 7h 8s Kc"], upcard="Qd", stock="Jh",
        script=["0 draw stock; 0 spread 4s 5s 6s; 0 spread Jc Jd Jh"], net=[4, -4], ending="tonk_out",
    ))
    cs.append(Case(
        "pay-tonk-out-hits-only-2p-stake-3",
        "2 players, S = 3: A goes out by hitting all six cards on B's run: 2S = 6",
        ["PAY-OUT-1", "OUT-1"], players=2, dealer=1, stake=3,
        hands=["8c 9c Tc 3c 2c", "4c 5c 6c 7c Qh"], upcard="Jd", stock="Kd Qs Jc",
        script=[
            "0 draw stock; 0 discard Kd",
            "1 draw stock; 1 spread 4c 5c 6c 7c; 1 discard Qs",
            "0 draw stock; 0 hit 3c 0; 0 hit 2c 0; 0 hit 8c 0; 0 hit 9c 0; 0 hit Tc 0; @@; 0 hit Jc 0",
        ],
        net=[6, -6], ending="tonk_out",
    ))
    cs.append(Case(
        "pay-tonk-out-mix-3p-stake-5",
        "D18, 3 players, S = 5: A lays a book, then hits its last cards on B's run: 2S = 10 from each",
        ["PAY-OUT-1", "OUT-1"], players=3, dealer=2, stake=5,
        hands=["Qc Qd Qs 8h 9h", "5h 6h 7h 3c 4d", "2c 4h 6d 8s Tc"], upcard="Ks", stock="Jd Js 2h Th",
        script=[
            "0 draw stock; 0 discard Jd",
            "1 draw stock; 1 spread 5h 6h 7h; 1 discard Js",
            "2 draw stock; 2 discard 2h",
            "0 draw stock; 0 spread Qc Qd Qs; 0 hit 8h 0; 0 hit 9h 0; @@; 0 hit Th 0",
        ],
        net=[20, -10, -10], ending="tonk_out",
    ))
    cs.append(Case(
        "pay-out-by-discard-first-turn-3p-stake-2",
        "3 players, S = 2: A draws, lays a five-card run and discards its last card: S = 2 from each",
        ["PAY-OUT-2", "OUT-2"], players=3, dealer=2, stake=2,
        hands=["3s 4s 5s 6s Kd", "2c 4d 6h 8c Tc", "3c 5d 7h 9c Jc"], upcard="Qh", stock="7s",
        script=["0 draw stock; 0 spread 3s 4s 5s 6s 7s; @@; 0 discard Kd"],
        net=[4, -2, -2], ending="out_by_discard",
        notes="A wrong engine pays the discard-out double (8, -4, -4).",
    ))
    cs.append(Case(
        "pay-out-by-discard-taken-card-2p-stake-3",
        "2 players, S = 3: B takes A's discard, lays it in a five-card run, discards its last card: 3",
        ["PAY-OUT-2", "OUT-2"], players=2, dealer=1, stake=3,
        hands=["2c 9h Jc Qc Kh", "4d 5d 7d 8d Kc"], upcard="Ts", stock="6d",
        script=["0 draw stock; 0 discard 6d", "1 draw discard; 1 spread 4d 5d 6d 7d 8d; @; 1 discard Kc"],
        net=[-3, 3], ending="out_by_discard",
    ))
    # Knocks, 2 and 3 players, other stakes and seats ---------------------------------------------
    cs.append(knock2(
        "pay-knock-won-2p-stake-3",
        "2 players, S = 3: A knocks with 5, B has 14: A collects 3",
        ["PAY-KNOCK-2", "PAY-KNOCK-1"], a=("7c 8c 9c", "2d 3d"), b=(None, "Ah 2h 3s 4s 4h"),
        stake=3, totals=[5, 14], net=[3, -3], ending="knock_won",
    ))
    cs.append(Case(
        "pay-knock-won-first-turn-3p-stake-4",
        "3 players, S = 4: A knocks on the first turn with 9 against 30 and 27: 4 from each",
        ["PAY-KNOCK-2", "PAY-KNOCK-1"], players=3, dealer=2, stake=4,
        hands=["Ac Ad 2h 2s 3c", "4c 5d 6h 7s 8c", "9c 4d 5h 6s 3d"], upcard="Kd",
        script=["0 knock"], totals=[9, 30, 27], net=[8, -4, -4], ending="knock_won",
    ))
    cs.append(Case(
        "pay-knock-won-dealer-3p-stake-2",
        "3 players, S = 2: C, the dealer, knocks on its first turn with 9: 2 from each",
        ["PAY-KNOCK-2", "PAY-KNOCK-1"], players=3, dealer=2, stake=2,
        hands=["4c 5d 6h 7s 8c", "9c 4d 5h 6s 3d", "Ac Ad 2h 2s 3c"], upcard="Kd", stock="Qd Js",
        script=["0 draw stock; 0 discard Qd", "1 draw stock; 1 discard Js", "@", "2 knock"],
        totals=[30, 27, 9], net=[-2, -2, 4], ending="knock_won",
    ))
    cs.append(knock2(
        "pay-knock-caught-higher-2p-stake-2",
        "2 players, S = 2: A knocks with 11, B has 5: A pays 2S + S = 6",
        ["PAY-CAUGHT-1", "PAY-CAUGHT-2"], a=("7c 8c 9c", "5d 6d"), b=("5s 6s 7s", "2h 3h"),
        stake=2, totals=[11, 5], net=[-6, 6], ending="knock_caught",
    ))
    cs.append(knock3(
        "pay-knock-tie-3p-stake-3",
        "3 players, S = 3: A knocks with 7, B 7, C 12: A pays B 6 + 3; C pays B 3",
        ["PAY-KNOCK-3", "PAY-CAUGHT-1", "PAY-CAUGHT-2"],
        a=("7c 8c 9c", "3d 4d"), b=("5s 6s 7s", "3h 4h"), c=(None, "Ac 2c 2s 3s 4c"),
        stake=3, totals=[7, 7, 12], net=[-9, 12, -3], ending="knock_caught",
    ))
    cs.append(knock3(
        "pay-knock-d5-tie-3p",
        "D5: the knocker has 5, B 5 and C 9: B is the lowest; A pays B 2S + S, C pays B S",
        ["PAY-KNOCK-3", "PAY-CAUGHT-1", "PAY-CAUGHT-2"],
        a=("7c 8c 9c", "2d 3d"), b=("5s 6s 7s", "Ah 4h"), c=(None, "Ac As 2c 2h 3s"),
        totals=[5, 5, 9], net=[-3, 4, -1], ending="knock_caught",
        notes="The knocker is never 'the lowest hand' of D4, even when tied for it (D5).",
    ))
    cs.append(knock3(
        "pay-knock-caught-other-tied-with-knocker-3p",
        "A knocks with 7, B has 5, C 7: C, level with the knocker, gets the double; B alone is the lowest",
        ["PAY-CAUGHT-1", "PAY-CAUGHT-2", "PAY-KNOCK-3"],
        a=("7c 8c 9c", "3d 4d"), b=("5s 6s 7s", "Ah 4h"), c=("Jh Qh Kh", "3c 4c"), c_draw="Ts",
        totals=[7, 5, 7], net=[-5, 4, 1], ending="knock_caught",
        notes="A pays 2S to every player at or below its 7 (B and C); B, the lowest, collects S from A and from C.",
    ))
    cs.append(knock3(
        "pay-knock-three-way-tie-3p",
        "All three hold 5 when A knocks: B and C tie for lowest; A pays each 2S + S",
        ["PAY-KNOCK-3", "PAY-CAUGHT-1", "PAY-CAUGHT-3"],
        a=("7c 8c 9c", "2d 3d"), b=("5s 6s 7s", "Ah 4h"), c=("Jh Qh Kh", "Ac 4c"), c_draw="Ts",
        totals=[5, 5, 5], net=[-6, 3, 3], ending="knock_caught",
    ))
    cs.append(knock3(
        "pay-knock-catch-3p-stake-2",
        "A catch with S = 2: A knocks with 9, B and C both hold 6: A pays each 4 + 2",
        ["PAY-CAUGHT-1", "PAY-CAUGHT-3"],
        a=("7c 8c 9c", "4d 5d"), b=("5s 6s 7s", "Ah 5h"), c=("Jh Qh Kh", "2s 4c"), c_draw="Ts",
        stake=2, totals=[9, 6, 6], net=[-12, 6, 6], ending="knock_caught",
    ))
    cs.append(knock3(
        "pay-knock-single-lowest-not-catch-3p",
        "A knocks with 9, B 6, C 8: only B is the lowest; C gets the double but collects nothing",
        ["PAY-CAUGHT-1", "PAY-CAUGHT-2", "PAY-CAUGHT-3"],
        a=("7c 8c 9c", "4d 5d"), b=("5s 6s 7s", "Ah 5h"), c=("Jh Qh Kh", "2s 6c"), c_draw="Ts",
        totals=[9, 6, 8], net=[-5, 4, 1], ending="knock_caught",
        notes="A pays B 2S and C 2S (both at or below 9); B alone is the lowest, so B collects S from A "
        "and S from C. Not a catch: C, on 8, is paid no S.",
    ))
    cs.append(Case(
        "pay-knock-caught-second-seat-3p",
        "B knocks with 8 on its second turn; C has 4, A 30: B pays C 2S; C collects S from A and B",
        ["PAY-CAUGHT-1", "PAY-CAUGHT-2"], players=3, dealer=2,
        hands=["2c 4d 6h 8s Tc", "7c 8c 9c 3d 5d", "Jh Qh Kh Ac 3s"], upcard="Td", stock="Kd Qs Js Qd",
        script=[
            "0 draw stock; 0 discard Kd",
            "1 draw stock; 1 spread 7c 8c 9c; 1 discard Qs",
            "2 draw stock; 2 spread Jh Qh Kh; 2 discard Js",
            "0 draw stock; 0 discard Qd",
            "@",
            "1 knock",
        ],
        totals=[30, 8, 4], net=[-1, -3, 4], ending="knock_caught",
        notes="A, on 30, is above the knocker: no double for A, and A pays the lowest hand S.",
    ))
    return cs


def cases() -> list[Case]:
    return w_cases() + more_cases()
