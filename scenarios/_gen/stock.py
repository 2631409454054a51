"""scenarios/stock: hands that run the stock dry (rules STOCK-1, STOCK-2, PAY-STOCK-1,
PAY-STOCK-2 and the options empty_stock and stock_tie).

Every case draws the whole stock with P0-like turns (see drystock.py): each turn draws
from the stock and discards the card drawn, so the hands at the end are the dealt hands
(less any spread laid on a first turn) and the totals stated below can be checked by
adding up five cards.  Right after the last stock card is drawn each script checks that
the hand goes on (STOCK-1).
"""

from __future__ import annotations

from scenarios._gen.drystock import dry_case
from scenarios._gen.make.case import Case

A15, B40 = "Ac 2d 3h 4s 5c", "6d 7h 8s 9c Td"  # 15 and 40, no spread in either
# Three seats of 30, 20 and 25.
T30, T20, T25 = "4c 5d 6h 7s 8c", "2c 3d 4h 5s 6c", "3c 4d 5h 6s 7c"
# W12's deal: A 6, B 6 (after laying 5h 6h 7h), C 9 (after laying Tc Jc Qc); C draws last.
W12 = dict(players=3, dealer=1, hands=["Ac Ad Ah As 2c", "5h 6h 7h 2d 4d", "Tc Jc Qc 4c 5d"], upcard="Kd",
           first_round={1: "1 spread 5h 6h 7h", 2: "2 spread Tc Jc Qc"}, tail=["2 draw stock", "@"])
# Four seats: three of 12 and one of 30 (the fifteen lowest cards of the deck total 36).
FOUR_TIED = ["Ac 2d 2h 3s 4c", "Ad 2c 2s 3h 4d", "Ah As 3c 3d 4h", "5c 6d 7h 8s 4s"]


def cases() -> list[Case]:
    cs: list[Case] = []
    cs.append(dry_case(
        "stock-last-card-then-empty-draw-2p-stake-2",
        "2 players, S = 2: the whole stock is drawn, play goes on, then B draws from the empty stock",
        ["STOCK-1", "STOCK-2", "PAY-STOCK-1"], players=2, dealer=1, hands=[A15, B40], upcard="Kh",
        tail=["1 draw stock", "@", "0 draw stock !hand_over", "1 draw discard !hand_over"], stake=2,
        totals=[15, 40], net=[2, -2], ending="stock_out",
        notes="41 stock cards: A draws the last one (the check after it: stock_count 0, A still to "
        "discard, no result), discards it, and B's draw from the empty stock ends the hand.",
    ))
    cs.append(dry_case(
        "stock-last-card-then-empty-draw-3p",
        "3 players: C draws the last stock card; A draws from the empty stock; B's 20 is lowest",
        ["STOCK-1", "STOCK-2", "PAY-STOCK-1"], players=3, dealer=2, hands=[T30, T20, T25], upcard="Kh",
        tail=["0 draw stock", "@"], totals=[30, 20, 25], net=[-1, 2, -1], ending="stock_out",
    ))
    cs.append(dry_case(
        "stock-empty-take-discard-play-on-2p",
        "With the stock empty B takes the discard and plays on, then A does; B's draw from the empty stock ends it",
        ["STOCK-2", "STOCK-1", "PAY-STOCK-1", "TURN-7"], players=2, dealer=1,
        hands=["2c 3d 4h 5s 9c", "Ac 2d 3h 6s Kd"], upcard="Kh", bottom="As",
        tail=[
            "1 draw discard; 1 discard As !taken_card; 1 discard Kd; @@",
            "0 draw discard; 0 discard 9c; @@",
            "1 draw stock", "@",
        ],
        totals=[24, 13], net=[-1, 1], ending="stock_out",
        notes="The last stock card is As: A draws and discards it; B takes it and discards Kd "
        "(B: 22 - 10 + 1 = 13); A takes Kd and discards 9c (A: 23 + 10 - 9 = 24).",
    ))
    cs.append(dry_case(
        "stock-empty-knock-won-3p",
        "3 players: A starts its turn with the stock empty and knocks with 15: a knock, not a stock-out",
        ["STOCK-2", "PAY-KNOCK-2"], players=3, dealer=2,
        hands=["Ac 2c 3d 4h 5s", "4c 5d 6h 7s 8c", "3c 4d 5h 6s 7c"], upcard="Kh",
        tail=["0 knock", "@"], totals=[15, 30, 25], net=[2, -1, -1], ending="knock_won",
    ))
    cs.append(dry_case(
        "stock-empty-knock-caught-2p-stake-3",
        "2 players, S = 3: B starts its turn with the stock empty and knocks with 21 against 15: caught",
        ["STOCK-2", "PAY-CAUGHT-1", "PAY-CAUGHT-2"], players=2, dealer=1,
        hands=[A15, "2c 3d 4h 5s 7c"], upcard="Kh",
        tail=["1 knock"], stake=3, totals=[15, 21], net=[9, -9], ending="knock_caught",
    ))
    cs.append(dry_case(
        "stock-empty-everyone-tied-2p",
        "Both players hold 20 when the empty stock is drawn: both tie for lowest, nobody pays",
        ["PAY-STOCK-2", "PAY-STOCK-1", "STOCK-2"], players=2, dealer=1,
        hands=["Ac 2d 3h 4s Tc", "Ad 2c 3s 4h Td"], upcard="Kh",
        tail=["1 draw stock"], totals=[20, 20], net=[0, 0], ending="stock_out",
    ))
    cs.append(dry_case(
        "stock-empty-everyone-tied-3p-stake-2",
        "3 players, S = 2: all three hold 20 at the empty stock: nobody pays",
        ["PAY-STOCK-2", "STOCK-2"], players=3, dealer=2,
        hands=["Ac 2d 3h 4s Tc", "Ad 2c 3s 4h Td", "Ah 2h 3c 4d Th"], upcard="Kh",
        tail=["0 draw stock"], stake=2, totals=[20, 20, 20], net=[0, 0, 0], ending="stock_out",
    ))
    cs.append(dry_case(
        "stock-tie-3p-stake-3",
        "3 players, S = 3: B and C tie with 12 at the empty stock, A has 25: A pays each of them 3",
        ["PAY-STOCK-2", "STOCK-2"], players=3, dealer=2,
        hands=["4c 5d 6h 7s 3c", "Ac 2d 3h 4s 2c", "Ad 2h 3s 4h 2s"], upcard="Kh",
        tail=["0 draw stock"], stake=3, totals=[25, 12, 12], net=[-6, 3, 3], ending="stock_out",
    ))
    cs.append(dry_case(
        "stock-single-lowest-3p-stake-5",
        "3 players, S = 5: C's 9 is lowest at the empty stock: 5 from each",
        ["PAY-STOCK-1", "PAY-STOCK-2", "STOCK-2"], players=3, dealer=2,
        hands=[T30, "2c 3d 4h 5s 6d", "Ac Ad 2h 2s 3c"], upcard="Kh",
        tail=["0 draw stock"], stake=5, totals=[30, 20, 9], net=[-5, -5, 10], ending="stock_out",
    ))
    cs.append(dry_case(
        "stock-empty-out-by-discard-2p",
        "With the stock empty B takes the last stock card from the pile, lays a run and goes out by discarding",
        ["STOCK-2", "OUT-2", "PAY-OUT-2"], players=2, dealer=1,
        hands=["2c 3d 9s Jc Kd", "4h 5h 7h 8h Kc"], upcard="Qs", bottom="6h",
        tail=["1 draw discard; 1 spread 4h 5h 6h 7h 8h; 1 discard Kc"], net=[-1, 1], ending="out_by_discard",
    ))
    cs.append(dry_case(
        "stock-empty-tonk-out-3p",
        "With the stock empty A takes C's discard and lays two spreads: a tonk out, 2S from each",
        ["STOCK-2", "OUT-1", "PAY-OUT-1"], players=3, dealer=2,
        hands=["9c 9d 2s 3s 4s", T30, "Ac 2d 3h Tc Jd"],
        upcard="Kh", bottom="9h",
        tail=["0 draw discard; 0 spread 9c 9d 9h; 0 spread 2s 3s 4s"], net=[4, -2, -2], ending="tonk_out",
    ))
    cs.append(dry_case(
        "stock-high-policy-2p",
        "Both players discard their highest card every turn until the stock is dry: A ends on 7, B on 12",
        ["STOCK-1", "STOCK-2", "PAY-STOCK-1", "PAY-KNOCK-1"], players=2, dealer=1,
        hands=["9c 8d 7h 6s 5c", "Tc Jd Qh Ks 8h"], upcard="Kd", policy="high",
        tail=["1 draw stock", "@@"], totals=[7, 12], net=[1, -1], ending="stock_out",
        notes="The stock is the rest of the deck in code order. Nobody takes a discard, so each "
        "player keeps the five lowest cards it saw: A drew the odd stock cards, among them all four "
        "aces and two threes (1+1+1+1+3 = 7; the four aces are a book held, and held books count); B drew "
        "the even ones, among them all four twos and two fours (2+2+2+2+4 = 12).",
    ))
    cs.append(dry_case(
        "stock-no-upcard-2p",
        "No upcard: the stock has 42 cards; B draws the last one, and A's draw from the empty stock ends it",
        ["STOCK-1", "STOCK-2", "VAR-NOUP-1", "PAY-STOCK-1"], preset="seed-no-upcard", players=2, dealer=1,
        hands=[A15, B40], upcard=None,
        tail=["0 draw stock", "@"], totals=[15, 40], net=[1, -1], ending="stock_out",
    ))
    # nothing is compulsory at an empty stock (S25) ------------------------------------------
    keeps = dict(players=2, dealer=1, hands=["5h 6h 7h 2c 3d", "4h 9s 9c 9d Kd"], upcard="Qs", bottom="Ac",
                 first_round={0: "0 spread 5h 6h 7h"})
    cs.append(dry_case(
        "stock-empty-nothing-compulsory-keeps-plays-2p",
        "Stock empty: B takes the discard and keeps a book and a card that would hit; nothing is compulsory",
        ["STOCK-2", "PAY-STOCK-1"], **keeps,  # type: ignore[arg-type]
        tail=["1 draw discard; 1 discard Kd; @@", "0 draw stock", "@"],
        totals=[5, 32], net=[1, -1], ending="stock_out",
        notes="S25's 'players play all the cards they can' obliges nothing (STOCK-2): B could lay 9s 9c 9d "
        "and hit 4h on A's run, and need not. A laid 5h 6h 7h on its first turn and holds 2c 3d (5); "
        "B holds 4h 9s 9c 9d and the Ac it took (32).",
    ))
    cs.append(dry_case(
        "stock-empty-nothing-compulsory-draws-2p",
        "With the stock empty B could lay a book and hit, but draws from the empty stock instead: the hand "
        "ends and B's book counts",
        ["STOCK-2", "PAY-STOCK-1", "CARD-4"], **keeps,  # type: ignore[arg-type]
        tail=["1 draw stock", "@"], totals=[5, 41], net=[1, -1], ending="stock_out",
    ))
    # empty_stock = reshuffle and dead ------------------------------------------------------
    cs.append(dry_case(
        "stock-reshuffle-turns-pile-over-2p",
        "empty_stock = reshuffle: the pile under its top, turned over, is the new stock; its bottom card "
        "(the upcard) is drawn first",
        ["STOCK-3", "STOCK-2", "STOCK-1"], players=2, dealer=1, hands=[A15, B40], upcard="Kh",
        options={"empty_stock": "reshuffle"},
        tail=["1 draw stock; @@; 1 discard Kh", "0 draw stock; @@; 0 discard 2c", "1 knock"],
        totals=[15, 40], net=[3, -3], ending="knock_caught",
        notes="After 41 draws the pile holds Kh, then the 41 stock cards in the order drawn. B's draw "
        "from the empty stock leaves the top card (Ks) as the pile and gives B Kh; the stock then holds "
        "40 cards, the first of them 2c, the first card A drew.",
    ))
    cs.append(dry_case(
        "stock-reshuffle-no-upcard-2p",
        "empty_stock = reshuffle with no upcard: the first card ever discarded comes back first",
        ["STOCK-3", "STOCK-2", "VAR-NOUP-1"], preset="seed-no-upcard", players=2, dealer=1, hands=[A15, B40],
        upcard=None, options={"empty_stock": "reshuffle"},
        tail=["0 draw stock; @@; 0 discard 2c", "1 draw stock; @@; 1 discard 3c", "0 knock"],
        totals=[15, 40], net=[1, -1], ending="knock_won",
    ))
    cs.append(dry_case(
        "stock-dead-3p",
        "empty_stock = dead: C draws from the empty stock with A lowest (W11's deal): nobody pays",
        ["STOCK-3", "STOCK-2", "PAY-STOCK-1"], players=3, dealer=1,
        hands=["Ac Ad Ah As 2c", "5h 6h 7h 2d 9c", "Tc Jc Qc 4d 5d"], upcard="Kd",
        first_round={1: "1 spread 5h 6h 7h", 2: "2 spread Tc Jc Qc"}, options={"empty_stock": "dead"},
        tail=["2 draw stock", "@"], totals=[6, 11, 9], net=[0, 0, 0], ending="stock_out",
    ))
    cs.append(dry_case(
        "stock-dead-2p-stake-4",
        "empty_stock = dead, 2 players, S = 4: B draws from the empty stock; A's 15 wins nothing",
        ["STOCK-3", "STOCK-2", "PAY-STOCK-1"], players=2, dealer=1, hands=[A15, B40], upcard="Kh",
        options={"empty_stock": "dead"}, stake=4,
        tail=["1 draw stock"], totals=[15, 40], net=[0, 0], ending="stock_out",
    ))
    # stock_tie = split and dead ---------------------------------------------------------------
    cs.append(dry_case(
        "stock-tie-split-3p",
        "stock_tie = split: A and B tie with 6 (W12's deal); C's stake is split between them, 1/2 each",
        ["PAY-STOCK-2", "STAKE-2"], options={"stock_tie": "split"}, **W12,  # type: ignore[arg-type]
        totals=[6, 6, 9], net=["1/2", "1/2", -1], ending="stock_out",
    ))
    cs.append(dry_case(
        "stock-tie-split-3p-stake-3",
        "stock_tie = split, S = 3: C pays A and B 3/2 each",
        ["PAY-STOCK-2", "STAKE-2"], options={"stock_tie": "split"}, stake=3, **W12,  # type: ignore[arg-type]
        totals=[6, 6, 9], net=["3/2", "3/2", -3], ending="stock_out",
    ))
    cs.append(dry_case(
        "stock-tie-split-4p-three-tied",
        "stock_tie = split, 4 players: three tie with 12; the fourth pays each of them 1/3",
        ["PAY-STOCK-2", "STAKE-2", "GAME-2"], options={"stock_tie": "split", "max_players": 4},
        players=4, dealer=3, hands=FOUR_TIED, upcard="Kh",
        tail=["3 draw stock", "@"], totals=[12, 12, 12, 30], net=["1/3", "1/3", "1/3", -1], ending="stock_out",
    ))
    cs.append(dry_case(
        "stock-tie-split-4p-two-tied",
        "stock_tie = split, 4 players: two tie with 12; each of the other two pays each of them 1/2",
        ["PAY-STOCK-2", "STAKE-2", "GAME-2"], options={"stock_tie": "split", "max_players": 4},
        players=4, dealer=3, hands=[*FOUR_TIED[:2], "9h 9s 3c 3d 4h", FOUR_TIED[3]], upcard="Kh",
        tail=["3 draw stock"], totals=[12, 12, 28, 30], net=[1, 1, -1, -1], ending="stock_out",
    ))
    cs.append(dry_case(
        "stock-tie-dead-3p",
        "stock_tie = dead: A and B tie with 6 (W12's deal): a dead hand, nobody pays",
        ["PAY-STOCK-2"], options={"stock_tie": "dead"}, **W12,  # type: ignore[arg-type]
        totals=[6, 6, 9], net=[0, 0, 0], ending="stock_out",
    ))
    cs.append(dry_case(
        "stock-tie-dead-single-lowest-pays-3p",
        "stock_tie = dead changes only ties: W11's single lowest still collects",
        ["PAY-STOCK-1", "PAY-STOCK-2"], players=3, dealer=1,
        hands=["Ac Ad Ah As 2c", "5h 6h 7h 2d 9c", "Tc Jc Qc 4d 5d"], upcard="Kd",
        first_round={1: "1 spread 5h 6h 7h", 2: "2 spread Tc Jc Qc"}, options={"stock_tie": "dead"},
        tail=["2 draw stock"], totals=[6, 11, 9], net=[2, -1, -1], ending="stock_out",
    ))
    return cs
