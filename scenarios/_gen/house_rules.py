"""Cases for each wider house rule (VAR-JOKER-1 .. VAR-POINTS-1, STOCK-3): where the rule
applies or pays and where it does not, wild cards in books and runs, hits with wild
cards, the 40-card pack, other hand sizes, several dealt tonks, the taken discard, hit
locks, eating, knock limits and waits, points and the empty stock.

Ids are ``house-var-<rule>-<what>`` and ``house-stock3-<what>``.  Figures are worked out
by hand from the rules text and checked by the model.  Seats: A = 0, B = 1, C = 2, D = 3.
"""

from __future__ import annotations

from typing import Any

from scenarios._gen.make.case import Case
from scenarios._gen.model import STANDARD

J2 = {"jokers": 2}
DW = {"deuces_wild": True}
FILL = "3s 4d 6s Td Jd"  # B's hand when B only fills a seat: 33, no spread


def two(id_: str, title: str, rules: list[str], seat0: str, script: list[Any], seat1: str = FILL,
        upcard: str = "Qs", stock: str = "Ks Kc", **kw: Any) -> Case:
    """A two-player case dealt by B, so that A plays first."""
    kw.setdefault("over", False)
    return Case(id_, title, rules, 2, 1, script, hands=[seat0, seat1], upcard=upcard, stock=stock, **kw)


# ---------------------------------------------------------------------------------- wild cards
def wild_spreads() -> list[Case]:
    r = ["VAR-WILD-1", "VAR-JOKER-1"]
    return [
        two("house-var-wild-joker-fills-a-gap-2p", "7h X1 9h is the run 7-8-9: the joker stands as 8h",
            [*r, "HIT-3"], "7h X1 9h 8h 6h",
            ["0 draw stock; 0 spread 7h X1 9h; 0 hit 8h 0 !hit_does_not_fit; 0 hit 6h 0; 0 discard Ks", "@@"],
            options=J2, notes="The joker fills the gap first; 8h has no place left, 6h extends the run down."),
        two("house-var-wild-joker-goes-up-2p", "X1 Ah 2h is A-2-3: the joker extends the run upward",
            [*r, "HIT-3"], "X1 Ah 2h 3h 4h",
            ["0 draw stock; 0 spread X1 Ah 2h; 0 hit 3h 0 !hit_does_not_fit; 0 hit 4h 0; 0 discard Ks", "@@"],
            options=J2),
        two("house-var-wild-joker-below-the-king-2p", "Qh Kh X1 is J-Q-K: nothing is above the king",
            [*r, "HIT-3", "SPREAD-3"], "Qh Kh X1 Jh Th",
            ["0 draw stock; 0 spread Qh Kh X1; 0 hit Jh 0 !hit_does_not_fit; 0 hit Th 0; 0 discard Ks", "@@"],
            options=J2),
        two("house-var-wild-one-natural-is-a-book-2p", "5c X1 X2 is a book of fives, which holds four cards at most",
            [*r, "VAR-WILD-2", "SPREAD-2"], "5c X1 X2 5d 6c",
            ["0 draw stock; 0 spread 5c X1 X2; 0 hit 6c 0 !hit_does_not_fit; 0 hit 5d 0; 0 discard Ks",
             "1 draw stock; 1 hit 5h 0 !hit_does_not_fit; 1 discard Kc", "@@"],
            seat1="5h 3d 4s Td Jd", options=J2,
            notes="Read as a run 5-6-7 of clubs 6c would fit; as a book it does not (VAR-WILD-1)."),
        two("house-var-wild-book-of-five-refused-2p", "9c 9d 9h 9s X1 would be a book of five",
            [*r, "SPREAD-2"], "9c 9d 9h 9s X1",
            ["0 draw stock; 0 spread 9c 9d 9h 9s X1 !not_a_spread; 0 spread 9c 9d 9h X1; "
             "0 hit 9s 0 !hit_does_not_fit; 0 discard Ks", "@@"],
            options=J2),
        two("house-var-wild-joker-cannot-fill-two-gaps-2p", "5h X1 8h leaves a gap; 5h X1 6c mixes suits",
            r, "5h X1 8h 6c Kd",
            ["0 draw stock; 0 spread 5h X1 8h !not_a_spread; 0 spread 5h X1 6c !not_a_spread; 0 discard Ks", "@@"],
            options=J2),
        two("house-var-wild-two-naturals-suffice-2p",
            "under wild_min_naturals = 2, 7h 8h X1 has two natural cards and is a run",
            r, "7h 8h X1 2c Kd", ["0 draw stock; 0 spread 7h 8h X1; 0 discard Ks",
                                  "1 draw stock; 1 hit 9h 0 !hit_does_not_fit; 1 hit 6h 0; 1 discard Kc", "@@"],
            seat1="9h 6h 4s Td Jd", options={"jokers": 2, "wild_min_naturals": 2},
            notes="The joker stands as 9h, above the natural cards, so B's 9h finds no place; 6h fits below."),
        two("house-var-wild-deuce-and-joker-2p", "with deuces and jokers wild, 9c 2d X1 is a book of nines",
            [*r, "VAR-DEUCES-1"], "9c 2d X1 4h Kd",
            ["0 draw stock; 0 spread 9c 2d X1; 0 discard Ks", "@@",
             "1 draw stock; 1 hit 2c 0; 1 discard Kc", "@@"],
            seat1="2c 3d 4s Td Jd", options={"jokers": 2, "deuces_wild": True},
            notes="B's 2c is wild too: the book of nines takes it as its fourth card."),
        two("house-var-wild-joker-as-jack-in-the-40-card-pack-2p",
            "in the 40-card pack 6h 7h X1 is 6-7-J: the joker stands as the jack",
            [*r, "VAR-DECK40-1"], "6h 7h X1 Jh Qh",
            ["0 draw stock; 0 spread 6h 7h X1; 0 hit Jh 0 !hit_does_not_fit; 0 hit Qh 0; 0 discard Ks", "@@"],
            seat1="2c 3d 4s Kd Jd", options={"jokers": 2, "deck": 40}),
    ]


def joker_held() -> list[Case]:
    return [
        two("house-var-joker-laid-counts-nothing-2p", "A lays X1 in a run, then knocks: a joker on the table counts "
            "nothing", ["VAR-JOKER-2", "CARD-4", "PAY-KNOCK-1"], "5h 6h X1 2c 3c",
            ["0 draw stock; 0 spread 5h 6h X1; 0 discard Ks", "1 draw stock; 1 discard Kc", "0 knock"],
            options=J2, over=True, ending="knock_won", totals=[5, 33], net=[1, -1]),
    ]


def wild_hits() -> list[Case]:
    r = ["VAR-WILD-2", "HIT-3"]
    return [
        two("house-var-wild-hit-joker-on-a-book-2p", "a joker hit on a book of three makes four; no fifth",
            [*r, "VAR-JOKER-1"], "9c 9d 9h X1 X2",
            ["0 draw stock; 0 spread 9c 9d 9h; 0 hit X1 0; 0 hit X2 0 !hit_does_not_fit; 0 discard Ks", "@@"],
            options=J2),
        two("house-var-wild-hit-joker-upward-on-another-run-2p",
            "B hits a joker on A's run 5-6-7 of hearts: it stands as 8h",
            [*r, "HIT-1"], "5h 6h 7h 2c 3c",
            ["0 draw stock; 0 spread 5h 6h 7h; 0 discard Ks",
             "1 draw stock; 1 hit X1 0; 1 hit 8h 0 !hit_does_not_fit; 1 hit 4h 0; 1 discard Kc", "@@"],
            seat1="X1 8h 4h Td Jd", options=J2),
        two("house-var-wild-hit-joker-downward-2p", "B hits a joker on A's J-Q-K: nothing above the king, so Th",
            [*r, "HIT-1"], "Jh Qh Kh 2c 3c",
            ["0 draw stock; 0 spread Jh Qh Kh; 0 discard Ks",
             "1 draw stock; 1 hit X1 0; 1 hit Th 0 !hit_does_not_fit; 1 hit 9h 0; 1 discard Kc", "@@"],
            seat1="X1 Th 9h 4d Jd", options=J2),
        two("house-var-wild-hit-deuce-on-a-book-2p", "B hits a wild 2s on A's book of nines",
            [*r, "VAR-DEUCES-1"], "9c 9d 9h 4c 5c",
            ["0 draw stock; 0 spread 9c 9d 9h; 0 discard Ks", "1 draw stock; 1 hit 2s 0; 1 discard Kc", "@@"],
            seat1="2s 3d 4s Td Jd", options=DW),
    ]


def deuces() -> list[Case]:
    r = ["VAR-DEUCES-1", "VAR-WILD-1"]
    return [
        two("house-var-deuces-fill-a-gap-2p", "5h 2c 7h is 5-6-7 of hearts: the deuce stands as 6h",
            [*r, "HIT-3"], "5h 2c 7h 6h 8h",
            ["0 draw stock; 0 spread 5h 2c 7h; 0 hit 6h 0 !hit_does_not_fit; 0 hit 8h 0; 0 discard Ks", "@@"],
            options=DW),
        two("house-var-deuces-stand-as-themselves-2p", "2c 3c 4c is a run with the deuce as itself, so Ac fits below",
            [*r, "HIT-3"], "2c 3c 4c Ac 9d",
            ["0 draw stock; 0 spread 2c 3c 4c; 0 hit Ac 0; 0 discard Ks", "@@"],
            options=DW,
            notes="The deuce may stand as itself (VAR-DEUCES-1): read with the most natural cards, 2c 3c 4c "
                  "is the run 2-3-4 of clubs, and the ace extends it downward."),
        two("house-var-deuces-book-of-deuces-2p", "2c 2d 2h is a book of deuces; 2s makes four",
            r, "2c 2d 2h 9c Kd", ["0 draw stock; 0 spread 2c 2d 2h; 0 discard Ks",
                                  "1 draw stock; 1 hit 2s 0; 1 discard Kc", "@@"],
            seat1="2s 3d 4s Td Jd", options=DW),
        two("house-var-deuces-count-two-when-held-2p", "A knocks holding two wild deuces: each counts 2",
            ["VAR-DEUCES-1", "CARD-3", "PAY-KNOCK-1"], "2c 2d 3h 4s 6c", ["0 knock"], seat1="5c 5d 6h 7s 8c",
            options=DW, over=True, ending="knock_won", totals=[17, 31], net=[1, -1]),
    ]


def deck40() -> list[Case]:
    r = ["VAR-DECK40-1"]
    d40 = {"deck": 40}
    return [
        two("house-var-deck40-seven-jack-queen-2p", "7c Jc Qc is a run in the 40-card pack; the stock holds 29",
            [*r, "SPREAD-3", "CARD-1"], "7c Jc Qc 2d 3d", ["@", "0 draw stock; 0 spread 7c Jc Qc; 0 discard Ks", "@@"],
            seat1="2c 3h 4s Kd Jd", options=d40),
        two("house-var-deck40-hit-seven-below-the-jack-2p", "B hits 7h below A's J-Q-K of hearts",
            [*r, "HIT-3"], "Jh Qh Kh 2c 3c",
            ["0 draw stock; 0 spread Jh Qh Kh; 0 discard Ks", "1 draw stock; 1 hit 7h 0; 1 hit 6h 0; 1 discard Kc",
             "@@"],
            seat1="7h 6h 6d Qd Kd", options=d40),
        Case("house-var-deck40-a-new-pack-2p", "a new 40-card pack, unshuffled, dealt whole: no eights, nines or tens",
             [*r, "CARD-1", "DEAL-1", "DEAL-2"], 2, 1, ["@", "0 knock"],
             deck=" ".join(c for c in STANDARD if c[0] not in "89T"), options=d40, ending="knock_won",
             totals=[26, 32], net=[1, -1],
             notes="A is dealt Ac 3c 5c 7c Qc (26), B 2c 4c 6c Jc Kc (32); Ad is turned up, 29 cards stay."),
        two("house-var-deck40-values-unchanged-2p", "the 40-card pack changes no card's value: A knocks with 23",
            [*r, "CARD-3", "PAY-KNOCK-2"], "Jc 7d Ac 2c 3h", ["0 knock"], seat1="Kd Qd 5c 6c 4h",
            options=d40, over=True, ending="knock_won", totals=[23, 35], net=[1, -1]),
    ]


def hand_sizes() -> list[Case]:
    r = ["VAR-HANDSIZE-1", "DEAL-1"]
    return [
        Case("house-var-handsize-nine-cards-3p", "nine cards to each of three players; the stock holds 24",
             [*r, "DEAL-3", "PAY-CAUGHT-1", "PAY-CAUGHT-2"], 3, 2, ["@", "0 knock"],
             hands=["Ac 2c 3c 4c 5c 6c 7c 8c 9c", "Ad 2d 3d 4d 5d 6d 7d 8d 9d", "Ah 2h 3h 4h 5h 6h 7h 8h Th"],
             upcard="Ks", options={"hand_size": 9}, ending="knock_caught", totals=[45, 45, 46], net=[-3, 4, -1],
             notes="B ties A's 45 and catches the knock (PAY-KNOCK-3)."),
        Case("house-var-handsize-seven-cards-tonk-out-2p", "seven cards each: A draws 9h and lays all eight",
             [*r, "OUT-1", "PAY-OUT-1"], 2, 1, ["@", "0 draw stock; 0 spread 5h 6h 7h 8h; 0 spread 9c 9d 9s 9h"],
             hands=["5h 6h 7h 8h 9c 9d 9s", "Ac 2d 3c 4d Jc Qd Kh"], upcard="Qs", stock="9h",
             options={"hand_size": 7}, ending="tonk_out", winners=[0], net=[2, -2]),
    ]


def dealt_tonks() -> list[Case]:
    r = ["VAR-DEALTTONKS-1", "VAR-LOWDEALT-1"]
    low_best = {"low_dealt_double": 15, "dealt_tonks": "best"}
    return [
        Case("house-var-dealt-tonks-best-49-beats-a-low-hand-3p", "A is dealt 14 and B 49: a 49 beats a low hand",
             [*r, "PAY-DEALT-1"], 3, 2, ["@"], hands=["Ac 2c 3d 4d 4h", "Kd Qd Jd Th 9s", "5c 6c 7d 8d Kc"],
             upcard="7s", options=low_best, ending="dealt_tonk", winners=[1], net=[-2, 4, -2]),
        Case("house-var-dealt-tonks-best-lower-low-hand-wins-3p", "A is dealt 14 and B 12: the lower low hand wins",
             [*r, "PAY-DEALT-1"], 3, 2, ["@"], hands=["Ac 2c 3d 4d 4h", "Ah As 2h 3c 5d", "9c 9d Tc Jd Kc"],
             upcard="7s", options=low_best, ending="dealt_tonk", winners=[1], net=[-2, 4, -2]),
        Case("house-var-dealt-tonks-best-tie-is-a-draw-3p", "A and B are each dealt 49: a tie for the best is a draw",
             ["VAR-DEALTTONKS-1", "DEALT-2"], 3, 2, ["@"], hands=["Kc Qc Jc Tc 9d", "Kd Qd Jd Th 9s", "2c 3c 4d 5d 6h"],
             upcard="7s", options={"dealt_tonks": "best"}, ending="dealt_draw", winners=[], net=[0, 0, 0]),
        Case("house-var-dealt-tonks-split-all-hold-one-3p", "all three players are dealt 49 or 50: under split, a draw",
             ["VAR-DEALTTONKS-1", "DEALT-2"], 3, 2, ["@"], hands=["Kc Qc Jc Tc Td", "Kd Qd Jd Th 9s", "Ks Qs Js Ts 9h"],
             upcard="7s", options={"dealt_tonks": "split"}, ending="dealt_draw", winners=[], net=[0, 0, 0]),
        Case("house-var-dealt-tonks-split-low-and-50-3p", "A is dealt 13, B 50; under split C pays 2, shared",
             [*r], 3, 2, ["@"], hands=["Ac 2c 3d 3h 4h", "Kc Qc Jc Tc Td", "5c 6c 7d 8d Kd"], upcard="7s",
             options={"low_dealt_double": 13, "dealt_tonks": "split"}, ending="dealt_tonk", winners=[0, 1],
             net=[1, 1, -2]),
    ]


def must_use() -> list[Case]:
    r = ["VAR-MUSTUSE-1"]
    mu = {"must_use_taken": True}
    return [
        two("house-var-must-use-hit-on-the-table-2p", "B takes A's discard 8h, usable only as a hit on A's run",
            [*r, "HIT-1"], "5h 6h 7h 8h 2c",
            ["0 draw stock; 0 spread 5h 6h 7h; 0 discard 8h",
             "1 draw discard; 1 discard Td !must_use_taken; 1 hit 8h 0; 1 discard Td", "@@"],
            seat1="4d 9d Td Jd Qd", options=mu),
        two("house-var-must-use-before-another-spread-2p",
            "A takes Kc: another spread before the kings is refused; then A lays both and goes out",
            [*r, "OUT-1", "PAY-OUT-1"], "Kd Ks 5h 6h 7h",
            ["0 draw discard; 0 spread 5h 6h 7h !must_use_taken; 0 spread Kc Kd Ks; 0 spread 5h 6h 7h"],
            upcard="Kc", stock="Qc", options=mu, over=True, ending="tonk_out", winners=[0], net=[2, -2]),
        two("house-var-must-use-before-a-knock-2p",
            "under knock_timing = any, A may not knock after taking Kc until the kings are down",
            [*r, "TURN-3"], "Kd Ks 5h 6h 9c",
            ["0 draw discard; 0 knock 9c !must_use_taken; 0 spread Kc Kd Ks; 0 knock 9c"],
            seat1="2c 3d 4h 9d Td", upcard="Kc", stock="Qc", options={"must_use_taken": True, "knock_timing": "any"},
            over=True, ending="knock_won", totals=[11, 28], net=[1, -1]),
    ]


def hit_locks() -> list[Case]:
    r = ["VAR-HITLOCK-1"]
    return [
        two("house-var-hit-lock-two-hits-add-up-2p", "under hit_lock = 1 two hits on A's run lock A for two turns",
            [*r, "HIT-4"], "5h 6h 7h 2c 3c",
            ["0 draw stock; 0 spread 5h 6h 7h; 0 discard Ks", "1 draw stock; 1 hit 8h 0; 1 hit 9h 0; 1 discard Kc",
             "0 knock !hit_lock; 0 draw stock; 0 discard 4s; 1 draw stock; 1 discard 5s",
             "0 knock !hit_lock; 0 draw stock; 0 discard 6s; 1 draw stock; 1 discard 7s", "0 knock"],
            seat1="8h 9h 4d Td Jd", stock="Ks Kc 4s 5s 6s 7s", options={"hit_lock": 1}, over=True,
            ending="knock_won", totals=[5, 24], net=[1, -1]),
        two("house-var-hit-lock-own-spread-2p", "under hit_lock = 2 A hits A's own run: no lock",
            [*r, "HIT-1"], "5h 6h 7h 2c 3c",
            ["0 draw stock; 0 spread 5h 6h 7h; 0 hit 8h 0; 0 discard 3c", "1 draw stock; 1 discard Kd", "0 knock"],
            seat1="4d 9d Td Jd Qd", stock="8h Kd", options={"hit_lock": 2}, over=True, ending="knock_won",
            totals=[2, 43], net=[1, -1]),
        two("house-var-hit-lock-the-hitter-is-free-2p", "under hit_lock = 3 B, who hit, may knock; A may not",
            [*r, "PAY-KNOCK-2"], "5h 6h 7h 2c 9c",
            ["0 draw stock; 0 spread 5h 6h 7h; 0 discard Ks", "1 draw stock; 1 hit 8h 0; 1 discard Kc",
             "0 knock !hit_lock; 0 draw stock; 0 discard Qc", "1 knock"],
            seat1="8h Ad 2d 3d 4d", stock="Ks Kc Qc", options={"hit_lock": 3}, over=True, ending="knock_won",
            totals=[11, 10], net=[-1, 1]),
    ]


def eating() -> list[Case]:
    r = ["VAR-EAT-1", "TURN-10"]
    three: dict[str, Any] = dict(players=3, dealer=2, hands=["Ac 2c 3c 9s Kd", "5h 6h 7h 4c Qd", "4d 4h 4s Jc 8s"],
                                 upcard="Kh", stock="8h 8d 2h 3h", over=False)
    eat = {"eating": True}
    return [
        Case("house-var-eat-not-the-upcard-3p", "nobody discarded the upcard, so nobody may eat it",
             r, script=["1 draw discard !not_your_turn; 2 draw discard !not_your_turn", "@"], options=eat, **three),
        Case("house-var-eat-not-ones-own-discard-3p", "A may not take back A's own discard out of turn",
             r, script=["0 draw stock; 0 discard 9s; 0 draw discard !not_your_turn", "@"], options=eat, **three),
        Case("house-var-eat-too-late-3p", "once B, to act, has drawn, C may no longer eat A's discard",
             r, script=["0 draw stock; 0 discard 9s; 1 draw stock; 2 draw discard !not_your_turn", "@"],
             options=eat, **three),
        Case("house-var-eat-skips-two-players-4p", "D eats A's discard: B and C lose their turns",
             r, 4, 3, ["0 draw stock; 0 discard 9s; 3 draw discard; 3 spread 9c 9d 9s; 3 discard Jc", "@@",
                       "0 draw stock; 0 discard 8d", "@"],
             hands=["Ac 2c 3c 9s Kd", "5h 6h 7h 4c Qd", "4d 4h 4s Jh 8s", "9c 9d Jc Qc Ks"], upcard="Kh",
             stock="8h 8d", options={"eating": True, "max_players": 4}, over=False),
        Case("house-var-eat-with-must-use-3p",
             "under must_use_taken only a player who can use the discard may eat it, and must use it at once",
             [*r, "VAR-MUSTUSE-1"], script=["0 draw stock; 0 discard 9s; 2 draw discard !not_your_turn",
                                            "1 draw stock; 1 discard 4c",
                                            "0 draw discard; 0 discard Kd !must_use_taken; 0 spread Ac 2c 3c 4c; "
                                            "0 discard Kd", "@@"],
             options={"eating": True, "must_use_taken": True}, **three,
             notes="C cannot use A's 9s, so may not eat it. A can use B's 4c (Ac 2c 3c 4c), eats it before "
                   "C acts, and must lay it before discarding; play goes on with B."),
    ]


def knock_limits() -> list[Case]:
    return [
        two("house-var-knock-limit-counts-the-hand-kept-2p",
            "under knock_timing = any and knock_limit = 10, A's knock is judged on the hand kept",
            ["VAR-KNOCKLIMIT-1", "TURN-3"], "Ac 2c 3c Kd 2d",
            ["0 draw stock; 0 knock 2d !knock_limit; 0 knock Kd"], seat1="5c 6d 7h 8s 9c", stock="Ah",
            options={"knock_timing": "any", "knock_limit": 10}, over=True, ending="knock_won", totals=[9, 35],
            net=[1, -1], notes="Keeping Kd the hand is 17; discarding Kd it is 9."),
    ]


def knock_waits() -> list[Case]:
    r = ["VAR-KNOCKWAIT-1"]
    return [
        two("house-var-knock-wait-the-same-turn-2p",
            "under knock_timing = any and spread_knock_wait = 1 A may not knock in the turn of the spread",
            [*r, "TURN-3"], "5h 6h 7h 2c 3c", ["0 draw stock; 0 spread 5h 6h 7h; 0 knock Ks !knock_wait; 0 discard Ks",
                                               "@"],
            seat1="4d 9d Td Jd Qd", options={"knock_timing": "any", "spread_knock_wait": 1}),
        Case("house-var-knock-wait-starts-again-2p",
             "under spread_knock_wait = 1 a second spread starts the wait again",
             [*r, "VAR-HANDSIZE-1"], 2, 1,
             ["0 draw stock; 0 spread 5h 6h 7h; 0 discard Ks", "1 draw stock; 1 discard Kc",
              "0 knock !knock_wait; 0 draw stock; 0 spread 9c 9d 9s; 0 discard 3c", "1 draw stock; 1 discard Qs",
              "0 knock !knock_wait; 0 draw stock; 0 discard 4c", "1 draw stock; 1 discard 5c", "0 knock"],
             hands=["5h 6h 7h 9c 9d 2c 3c", "Ad Jd Qd Kd 4s 5d 6s"], upcard="Qh", stock="Ks Kc 9s Qs 4c 5c",
             options={"hand_size": 7, "spread_knock_wait": 1}, ending="knock_won", totals=[2, 46], net=[1, -1]),
    ]


def points() -> list[Case]:
    r = ["VAR-POINTS-1"]
    pts = {"scoring": "points"}
    return [
        Case("house-var-points-tonk-out-3p", "A tonks out: B and C add their totals",
             [*r, "OUT-1", "PAY-OUT-1"], 3, 2,
             ["0 draw stock; 0 spread 5h 6h 7h; 0 spread 9c 9d 9h", {"score": [10, 20, 30]}],
             hands=["5h 6h 7h 9c 9d", "2c 3c 4d Td Kd", "2d 3d 4c Jc Qc"], upcard="Ks", stock="9h", options=pts,
             ending="tonk_out", winners=[0], totals=[0, 29, 29], net=[4, -2, -2]),
        Case("house-var-points-out-by-discard-3p", "A goes out by discarding: B and C add their totals",
             [*r, "OUT-2", "PAY-OUT-2"], 3, 2, ["0 draw stock; 0 spread 5h 6h 7h 8h 9h; 0 discard Qh",
                                                {"score": [0, 95, 99]}],
             hands=["5h 6h 7h 8h Qh", "2c 3c 4d Td Kd", "Ad Ac 2h 3s 4s"], upcard="Ks", stock="9h",
             options=pts, ending="out_by_discard", winners=[0], totals=[0, 29, 11], net=[2, -1, -1],
             notes="B reaches 124 and leaves; C reaches 110 and leaves too: A is the last player left."),
        Case("house-var-points-dealt-tonk-2p", "A is dealt 50: B adds the 20 dealt",
             [*r, "DEALT-1", "PAY-DEALT-1"], 2, 1, ["@", {"score": [0, 0]}],
             hands=["Kc Qc Jc Tc Td", "2c 3c 4d 5d 6h"], upcard="7s", options=pts, ending="dealt_tonk",
             winners=[0], totals=[50, 20], net=[2, -2]),
        Case("house-var-points-stock-out-tie-4p", "the stock runs dry: A, B and C tie at 48 and D adds 51",
             [*r, "STOCK-2", "PAY-STOCK-2"], 4, 3,
             ["0 draw stock; 0 discard Kc; 1 draw stock; 1 discard Kd; 2 draw stock; 2 discard Ks; 3 draw stock",
              {"score": [0, 0, 0, 60]}],
             hands=["Ac 2c 3c 4c 5c 6c 7c Jc Qc", "Ad 2d 3d 4d 5d 6d 7d Jd Qd", "As 2s 3s 4s 5s 6s 7s Js Qs",
                    "Ah 2h 3h 4h 5h 6h Jh Qh Kh"], upcard="7h",
             options={"scoring": "points", "max_players": 4, "hand_size": 9, "deck": 40}, ending="stock_out",
             winners=[0, 1, 2], totals=[48, 48, 48, 51], net=[1, 1, 1, -3]),
    ]


STOCK3_HANDS = ["Ac 2c 3c 4c 5c 6c 7c Jc Qc", "Ad 2d 3d 4d 5d 6d 7d Jd Qd", "As 2s 3s 4s 5s 6s 7s Js Qs",
                "Ah 2h 3h 4h 5h 6h Jh Qh Kh"]  # 48, 48, 48, 51; the stock is Kc Kd Ks
STOCK3 = {"max_players": 4, "hand_size": 9, "deck": 40}
DRY = "0 draw stock; 0 discard Kc; 1 draw stock; 1 discard Kd; 2 draw stock; 2 discard Ks"


def stock3() -> list[Case]:
    return [
        Case("house-stock3-reshuffle-4p",
             "empty_stock = reshuffle: D draws from the empty stock; the pile below Ks, turned over, is the stock",
             ["STOCK-3", "STOCK-2", "DEAL-3"], 4, 3,
             [DRY, "@", "3 draw stock", "@@", "3 discard Kh; 0 draw stock", "@@", "0 discard Kc; 1 draw stock", "@"],
             hands=STOCK3_HANDS, upcard="7h", options={**STOCK3, "empty_stock": "reshuffle"}, over=False,
             notes="The pile was 7h Kc Kd Ks (bottom first). Ks stays; 7h Kc Kd turned over make the stock, "
                   "7h on top: D draws 7h, A draws Kc, B draws Kd."),
        Case("house-stock3-dead-hand-4p", "empty_stock = dead: D draws from the empty stock and nobody pays",
             ["STOCK-3", "STOCK-2"], 4, 3, [DRY, "3 draw stock"], hands=STOCK3_HANDS, upcard="7h",
             options={**STOCK3, "empty_stock": "dead"}, ending="stock_out", winners=[], totals=[48, 48, 48, 51],
             net=[0, 0, 0, 0]),
        Case("house-stock3-play-on-takes-the-discard-4p",
             "empty_stock = play_on (default): D takes the discard instead; A then draws from the empty stock",
             ["STOCK-3", "STOCK-2", "PAY-STOCK-2"], 4, 3, [DRY, "3 draw discard; 3 discard Kh; 0 draw stock"],
             hands=STOCK3_HANDS, upcard="7h", options=STOCK3, ending="stock_out", winners=[0, 1, 2],
             totals=[48, 48, 48, 51], net=[1, 1, 1, -3],
             notes="D takes Ks and discards Kh (still 51); A, B and C tie for the lowest (PAY-STOCK-2)."),
    ]


def cases() -> list[Case]:
    return [
        *wild_spreads(), *joker_held(), *wild_hits(), *deuces(), *deck40(), *hand_sizes(), *dealt_tonks(), *must_use(),
        *hit_locks(), *eating(), *knock_limits(), *knock_waits(), *points(), *stock3(),
    ]
