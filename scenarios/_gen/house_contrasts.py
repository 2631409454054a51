"""Every value of every wider house-rule option, contrasted with the default on the same
deal and the same script.

A contrast is a set of cases named ``house-<option>-<value>-<what>`` and
``house-<option>-default-<what>``: the deal is the same, the scripts are the same up to
the first action one ruleset refuses and the other accepts (or until one hand is over),
and the ruleset differs in that one option (other options may be set in every case of
the set, as ``base``).  The figures each case states are worked out by hand from the
rules text; the model checks them.  Seats: A = 0, B = 1, C = 2, D = 3.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from scenarios._gen.make import contrast as shared
from scenarios._gen.make.case import Case
from scenarios._gen.make.contrast import long_hand
from scenarios._gen.model import STANDARD, cards

#: The options of the wider house rules, each contrasted here (the options/ folder
#: contrasts the others).
OPTIONS = (
    "jokers", "joker_value", "deck", "face_values", "deuces_wild", "wild_min_naturals", "hand_size",
    "low_dealt_double", "dealt_tonks", "must_use_taken", "hit_lock", "eating", "knock_limit",
    "spread_knock_wait", "low_knock_bonus", "scoring", "discard_without_draw", "hit_ends_turn", "knock_with_discard",
    "reem", "hit_lock_further", "special_hands",
)  # fmt: skip


#: The contrast ``house-<option>-<value>-<what>`` (see make/contrast.py).
contrast = partial(shared.contrast, "house")


def deck(top: str) -> str:
    """A whole 52-card deck: ``top`` first, then every other card in code order."""
    t = cards(top)
    return " ".join(t + [c for c in STANDARD if c not in t])


# ---------------------------------------------------------------------------------- cards
def jokers() -> list[Case]:
    out = contrast(
        "jokers", "stock-count-2p", "the stock after the deal: 41 cards of 52, or 43 of a 54-card pack with jokers",
        ["VAR-JOKER-1", "CARD-1", "DEAL-3"],
        dict(players=2, dealer=1, hands=["5h 6h 9c Kd 3s", "2c 4d 7s 8c Td"], upcard="Qs", over=False),
        {0: dict(script=["@", "0 draw stock", "@@"]), 2: dict(script=["@", "0 draw stock", "@@"])},
    )
    # 40-card pack, 4 x 9 cards: the stock is Kc Kd Ks, and with jokers X1 X2 below them
    hands4 = [
        "Ac 2c 3c 4c 5c 6c 7c Jc Qc",  # 48
        "Ad 2d 3d 4d 5d 6d 7d Jd Qd",  # 48
        "As 2s 3s 4s 5s 6s 7s Js Qs",  # 48
        "Ah 2h 3h 4h 5h 6h Jh Qh Kh",  # 51
    ]
    dry = "0 draw stock; 0 discard Kc; 1 draw stock; 1 discard Kd; 2 draw stock; 2 discard Ks; 3 draw stock"
    out += contrast(
        "jokers", "bottom-of-the-stock-4p",
        "three kings in the stock, and below them the jokers if the pack has them: D then lays X1, A keeps X2",
        ["VAR-JOKER-1", "VAR-JOKER-2", "VAR-WILD-1", "STOCK-2", "PAY-STOCK-1", "PAY-STOCK-2"],
        dict(players=4, dealer=3, hands=hands4, upcard="7h",
             options={"max_players": 4, "hand_size": 9, "deck": 40}),
        {
            0: dict(script=["@", dry], ending="stock_out", totals=[48, 48, 48, 51], net=[1, 1, 1, -3],
                    notes="The stock of three kings runs dry; D draws from the empty stock and the hand ends. "
                          "A, B and C tie at 48 and are each paid 1 by D (PAY-STOCK-2)."),
            2: dict(script=["@", dry, "3 spread 5h 6h X1; 3 discard Kh; 0 draw stock; 0 discard Qc", "@@",
                            "1 draw stock"],
                    ending="stock_out", totals=[53, 48, 48, 30], net=[-1, -1, -1, 3],
                    notes="D draws X1 and lays 5h 6h X1 (the joker stands as 7h, above the sixes). A draws "
                          "X2 and keeps it: 15 points (VAR-JOKER-2), so A's 48 - 10 + 15 = 53. B draws from "
                          "the empty stock; D is lowest with Ah 2h 3h 4h Jh Qh = 30."),
        },
    )
    return out


def joker_value() -> list[Case]:
    out = contrast(
        "joker_value", "knock-2p", "A knocks with 16; B holds X1 Ah 3s 4c 5h, 13 and the joker",
        ["VAR-JOKER-2", "PAY-KNOCK-1", "PAY-KNOCK-2"],
        dict(players=2, dealer=1, hands=["Ac 2c 3d 4d 6h", "X1 Ah 3s 4c 5h"], upcard="Qs", script=["0 knock"],
             options={"jokers": 2}),
        {
            15: dict(totals=[16, 28], net=[1, -1], ending="knock_won"),
            0: dict(totals=[16, 13], net=[-3, 3], ending="knock_caught",
                    notes="The joker counts nothing: B's 13 catches A's 16; A pays B 2 (PAY-CAUGHT-1) and 1 "
                          "(PAY-CAUGHT-2)."),
            25: dict(totals=[16, 38], net=[1, -1], ending="knock_won"),
            50: dict(totals=[16, 63], net=[1, -1], ending="knock_won"),
        },
    )
    out += contrast(
        "joker_value", "dealt-2p", "A is dealt X1 Kc Qd Jh 4s, 34 and the joker: 49 only when the joker counts 15",
        ["VAR-JOKER-2", "DEALT-1", "PAY-DEALT-1"],
        dict(players=2, dealer=1, hands=["X1 Kc Qd Jh 4s", "2c 3d 5h 6s 9c"], upcard="7d", options={"jokers": 2}),
        {
            15: dict(script=["@"], ending="dealt_tonk", winners=[0], net=[2, -2]),
            0: dict(script=["@", "0 knock"], ending="knock_caught", totals=[34, 25], net=[-3, 3]),
            25: dict(script=["@", "0 knock"], ending="knock_caught", totals=[59, 25], net=[-3, 3]),
            50: dict(script=["@", "0 knock"], ending="knock_caught", totals=[84, 25], net=[-3, 3]),
        },
    )
    return out


def deck40() -> list[Case]:
    out = contrast(
        "deck", "run-seven-jack-2p", "A lays 6h 7h Jh, a run only where the jack follows the seven",
        ["VAR-DECK40-1", "SPREAD-3", "CARD-1"],
        dict(players=2, dealer=1, hands=["6h 7h Jh 2c 3c", "4d 5d 6d Qd Kd"], upcard="Qs", stock="Ks", over=False),
        {
            52: dict(script=["@", "0 draw stock; 0 spread 6h 7h Jh !not_a_spread; 0 discard Ks", "@@"]),
            40: dict(script=["@", "0 draw stock; 0 spread 6h 7h Jh; 0 discard Ks", "@@"]),
        },
    )
    out += contrast(
        "deck", "hit-jack-on-seven-2p", "B hits Jh on A's run 5h 6h 7h",
        ["VAR-DECK40-1", "HIT-3", "HIT-1"],
        dict(players=2, dealer=1, hands=["5h 6h 7h 2c 3c", "Jh 4d 6d Qd Kd"], upcard="Qs", stock="Ks Kc",
             over=False),
        {
            52: dict(script=["0 draw stock; 0 spread 5h 6h 7h; 0 discard Ks",
                             "1 draw stock; 1 hit Jh 0 !hit_does_not_fit; 1 discard Kc", "@@"]),
            40: dict(script=["0 draw stock; 0 spread 5h 6h 7h; 0 discard Ks",
                             "1 draw stock; 1 hit Jh 0; 1 discard Kc", "@@"]),
        },
    )
    return out


def face_values() -> list[Case]:
    out = contrast(
        "face_values", "dealt-k-q-j-t-9-2p", "A is dealt Kc Qd Jh Tc 9s: 49, or 55 with ranked face cards",
        ["VAR-FACE-1", "DEALT-1", "PAY-DEALT-1"],
        dict(players=2, dealer=1, hands=["Kc Qd Jh Tc 9s", "2c 3d 4h 5s 6c"], upcard="7s"),
        {
            "10-10-10": dict(script=["@"], ending="dealt_tonk", winners=[0], net=[2, -2]),
            "11-12-13": dict(script=["@", "0 knock"], ending="knock_caught", totals=[55, 20], net=[-3, 3]),
        },
    )
    out += contrast(
        "face_values", "knock-3p", "A knocks holding two kings; B and C hold no face card",
        ["VAR-FACE-1", "PAY-KNOCK-1", "PAY-KNOCK-2", "PAY-CAUGHT-2"],
        dict(players=3, dealer=2, hands=["Kc Kd Ac 2c 3c", "9h 8h 7d 2d 3d", "Ts 9s 8s 2h 4h"], upcard="Qs",
             script=["0 knock"]),
        {
            "10-10-10": dict(ending="knock_won", totals=[26, 29, 33], net=[2, -1, -1]),
            "11-12-13": dict(ending="knock_caught", totals=[32, 29, 33], net=[-3, 4, -1],
                             notes="Kings count 13: A's 32 is caught by B's 29. A pays B 2 and 1, C pays B 1."),
        },
    )
    return out


def deuces_wild() -> list[Case]:
    out = contrast(
        "deuces_wild", "book-with-a-deuce-2p", "A lays 7c 7d 2s",
        ["VAR-DEUCES-1", "VAR-WILD-1", "SPREAD-2"],
        dict(players=2, dealer=1, hands=["7c 7d 2s 9h Kd", "3c 4d 6h Td Jd"], upcard="Qs", stock="Ks", over=False),
        {
            False: dict(script=["0 draw stock; 0 spread 7c 7d 2s !not_a_spread; 0 discard Ks", "@@"]),
            True: dict(script=["0 draw stock; 0 spread 7c 7d 2s; 0 discard Ks", "@@"]),
        },
    )
    out += contrast(
        "deuces_wild", "hit-deuce-on-a-run-2p", "B hits 2c on A's run 5h 6h 7h (wild, it would stand as 8h)",
        ["VAR-DEUCES-1", "VAR-WILD-2", "HIT-3"],
        dict(players=2, dealer=1, hands=["5h 6h 7h 9h Kd", "2c 3d 4s Td Jd"], upcard="Qs", stock="Ks Qc 8h",
             over=False),
        {
            False: dict(script=["0 draw stock; 0 spread 5h 6h 7h; 0 discard Ks",
                                "1 draw stock; 1 hit 2c 0 !hit_does_not_fit; 1 discard Qc", "@@"]),
            True: dict(script=["0 draw stock; 0 spread 5h 6h 7h; 0 discard Ks",
                               "1 draw stock; 1 hit 2c 0; 1 discard Qc", "@@",
                               "0 draw stock; 0 hit 8h 0 !hit_does_not_fit; 0 hit 9h 0; 0 discard Kd", "@@"]),
        },
    )
    return out


def wild_min_naturals() -> list[Case]:
    out = contrast(
        "wild_min_naturals", "two-jokers-and-a-seven-2p", "A lays X1 X2 7h: one natural card",
        ["VAR-WILD-1", "VAR-JOKER-1"],
        dict(players=2, dealer=1, hands=["X1 X2 7h 9c Kd", "2c 3d 4h Td Jd"], upcard="Qs", stock="Ks",
             over=False, options={"jokers": 2}),
        {
            1: dict(script=["0 draw stock; 0 spread X1 X2 7h; 0 discard Ks", "@@"]),
            2: dict(script=["0 draw stock; 0 spread X1 X2 7h !not_a_spread; 0 discard Ks", "@@"]),
        },
    )
    out += contrast(
        "wild_min_naturals", "two-deuces-and-a-seven-2p", "A lays 2c 2d 7h with deuces wild",
        ["VAR-WILD-1", "VAR-DEUCES-1"],
        dict(players=2, dealer=1, hands=["2c 2d 7h 9c Kd", "3c 4d 5h Td Jd"], upcard="Qs", stock="Ks",
             over=False, options={"deuces_wild": True}),
        {
            1: dict(script=["0 draw stock; 0 spread 2c 2d 7h; 0 discard Ks", "@@"],
                    notes="The deuces cannot stand as themselves next to 7h, so both are wild: a book of sevens."),
            2: dict(script=["0 draw stock; 0 spread 2c 2d 7h !not_a_spread; 0 discard Ks", "@@"],
                    notes="With both deuces natural the cards are no spread; with one or both wild there is "
                          "only one natural card, and two are needed."),
        },
    )
    return out


# ---------------------------------------------------------------------------------- the deal
HS_DECK = deck("Ac 2d 2c 3d 3c 4d 4c 5d 5c 6d Kh Ah Qh 2h Jh 3h Th 4h 9h")


def hand_size() -> list[Case]:
    out = contrast(
        "hand_size", "first-turn-knock-2p", "the same deck dealt 5, 7 or 9 cards each; A knocks at once",
        ["VAR-HANDSIZE-1", "DEAL-1", "DEAL-2", "PAY-KNOCK-2"],
        dict(players=2, dealer=1, deck=HS_DECK),
        {
            5: dict(script=["@", "0 knock"], ending="knock_won", totals=[15, 20], net=[1, -1],
                    notes="A: Ac 2c 3c 4c 5c; B: 2d 3d 4d 5d 6d; the upcard is Kh."),
            7: dict(script=["@", "0 knock"], ending="knock_caught", totals=[35, 23], net=[-3, 3],
                    notes="A also gets Kh Qh (35), B Ah 2h (23); the upcard is Jh."),
            9: dict(script=["@", "0 knock"], ending="knock_caught", totals=[55, 30], net=[-3, 3],
                    notes="A also gets Kh Qh Jh Th (55), B Ah 2h 3h 4h (30); the upcard is 9h."),
            "by_players": dict(script=["@", "0 knock"], ending="knock_caught", totals=[35, 23], net=[-3, 3],
                               notes="Two players: seven cards each, as under hand_size = 7."),
        },
    )
    out += contrast(
        "hand_size", "three-players-3p", "the same deck dealt to three players; A knocks at once",
        ["VAR-HANDSIZE-1", "DEAL-1"],
        dict(players=3, dealer=2, deck=HS_DECK, script=["@", "0 knock"]),
        {
            5: dict(ending="knock_caught", totals=[24, 22, 22], net=[-6, 3, 3],
                    notes="A: Ac 3d 4c 6d Qh; B: 2d 3c 5d Kh 2h; C: 2c 4d 5c Ah Jh; the upcard is 3h. B and C "
                          "tie below A: A pays each 2 and 1 (PAY-CAUGHT-1, PAY-CAUGHT-3)."),
            "by_players": dict(ending="knock_caught", totals=[24, 22, 22], net=[-6, 3, 3],
                               notes="Three players: five cards each, as by default."),
        },
    )
    return out


def low_dealt_double() -> list[Case]:
    out = contrast(
        "low_dealt_double", "dealt-14-2p", "A is dealt Ac 2c 3d 4d 4h, 14",
        ["VAR-LOWDEALT-1", "DEALT-1", "PAY-DEALT-1"],
        dict(players=2, dealer=1, hands=["Ac 2c 3d 4d 4h", "9c 9d Th Jh Qs"], upcard="7s"),
        {
            None: dict(script=["@", "0 knock"], ending="knock_won", totals=[14, 48], net=[1, -1]),
            15: dict(script=["@"], ending="dealt_tonk", winners=[0], net=[2, -2]),
            13: dict(script=["@", "0 knock"], ending="knock_won", totals=[14, 48], net=[1, -1]),
        },
    )
    out += contrast(
        "low_dealt_double", "dealt-13-3p", "A is dealt Ac 2c 3d 3h 4h, 13",
        ["VAR-LOWDEALT-1", "PAY-DEALT-1"],
        dict(players=3, dealer=2, hands=["Ac 2c 3d 3h 4h", "9c 9d Th Jh Qs", "5c 6c 7d 8d Kc"], upcard="7s"),
        {
            None: dict(script=["@", "0 knock"], ending="knock_won", totals=[13, 48, 36], net=[2, -1, -1]),
            15: dict(script=["@"], ending="dealt_tonk", winners=[0], net=[4, -2, -2]),
            13: dict(script=["@"], ending="dealt_tonk", winners=[0], net=[4, -2, -2]),
        },
    )
    return out


def dealt_tonks() -> list[Case]:
    out = contrast(
        "dealt_tonks", "50-and-49-3p", "A is dealt 50 and B 49",
        ["VAR-DEALTTONKS-1", "DEALT-2", "PAY-DEALT-1"],
        dict(players=3, dealer=2, hands=["Kc Qc Jc Tc Td", "Kd Qd Jd Th 9s", "2c 3c 4d 5d 6h"], upcard="7s",
             script=["@"]),
        {
            "draw": dict(ending="dealt_draw", winners=[], net=[0, 0, 0]),
            "best": dict(ending="dealt_tonk", winners=[0], net=[4, -2, -2]),
            "split": dict(ending="dealt_tonk", winners=[0, 1], net=[1, 1, -2]),
        },
    )
    out += contrast(
        "dealt_tonks", "three-of-four-4p", "A is dealt 50, B and C 49 each; D 20",
        ["VAR-DEALTTONKS-1", "DEALT-2", "STAKE-2"],
        dict(players=4, dealer=3, hands=["Kc Qc Jc Tc Td", "Kd Qd Jd Th 9s", "Ks Qs Js Ts 9h", "2c 3c 4d 5d 6h"],
             upcard="7s", script=["@"], options={"max_players": 4}),
        {
            "draw": dict(ending="dealt_draw", winners=[], net=[0, 0, 0, 0]),
            "best": dict(ending="dealt_tonk", winners=[0], net=[6, -2, -2, -2]),
            "split": dict(ending="dealt_tonk", winners=[0, 1, 2], net=["2/3", "2/3", "2/3", -2],
                          notes="D pays 2, shared equally: 2/3 to each of A, B and C, kept as a fraction "
                                "(STAKE-2)."),
        },
    )
    return out


# ---------------------------------------------------------------------------------- the turn
def must_use_taken() -> list[Case]:
    out = contrast(
        "must_use_taken", "discard-before-using-2p", "A takes Kc and discards 9c before laying the kings",
        ["VAR-MUSTUSE-1", "TURN-5"],
        dict(players=2, dealer=1, hands=["Kd Ks 5h 6h 9c", "2c 3d 4h 9d Td"], upcard="Kc", over=False),
        {
            False: dict(script=["0 draw discard; 0 discard 9c", "@@"]),
            True: dict(script=["0 draw discard; 0 discard 9c !must_use_taken; 0 spread Kc Kd Ks; 0 discard 9c",
                               "@@"]),
        },
    )
    out += contrast(
        "must_use_taken", "unusable-discard-2p", "A tries to take 2s, which fits nothing",
        ["VAR-MUSTUSE-1", "TURN-2"],
        dict(players=2, dealer=1, hands=["Kd Ks 5h 6h 9c", "2c 3d 4h 9d Td"], upcard="2s", stock="Qh",
             over=False),
        {
            False: dict(script=["0 draw discard; 0 discard 9c", "@@"]),
            True: dict(script=["0 draw discard !must_use_taken; 0 draw stock; 0 discard 9c", "@@"]),
        },
    )
    return out


def hit_lock() -> list[Case]:
    base = dict(players=2, dealer=1, hands=["5h 6h 7h 2c 3c", "8h 4d 9d Td Jd"], upcard="Qs",
                stock="Ks Kd 4s 5s 6s 7s 8s 9s Ts Js", ending="knock_won", totals=[5, 33], net=[1, -1])
    opening = "0 draw stock; 0 spread 5h 6h 7h; 0 discard Ks; 1 draw stock; 1 hit 8h 0; 1 discard Kd"
    waits = ["0 draw stock; 0 discard 4s; 1 draw stock; 1 discard 5s",
             "0 draw stock; 0 discard 6s; 1 draw stock; 1 discard 7s",
             "0 draw stock; 0 discard 8s; 1 draw stock; 1 discard 9s"]
    per: dict[Any, dict[str, Any]] = {}
    for n in (0, 1, 2, 3):
        script: list[Any] = [opening]
        for k in range(n):
            script += ["0 knock !hit_lock", waits[k]]
        script += ["0 knock"]
        per[n] = dict(script=script)
    return contrast(
        "hit_lock", "knock-after-a-hit-2p",
        "B hits A's run; A tries to knock at each turn until the lock has run down",
        ["VAR-HITLOCK-1", "TURN-2"], base, per,
    )


def eating() -> list[Case]:
    return contrast(
        "eating", "c-takes-a-discard-3p", "A discards 9s; C takes it before B, whose turn it is, acts",
        ["VAR-EAT-1", "TURN-10"],
        dict(players=3, dealer=2, hands=["Ac 2c 3c 9s Kd", "5h 6h 7h 4c Qd", "4d 4h 4s Jc 8s"], upcard="Kh",
             stock="8h 8d 2h", over=False),
        {
            False: dict(script=["0 draw stock; 0 discard 9s; 2 draw discard !not_your_turn", "@",
                                "1 draw stock; 1 discard Qd", "@@"]),
            True: dict(script=["0 draw stock; 0 discard 9s; 2 draw discard", "@", "2 discard Jc", "@@"],
                       notes="C plays the turn; B loses it, and play goes on from C's left, with A."),
        },
    )


def after_knock() -> list[Case]:
    out = contrast(
        "after_knock", "knock-3p", "A knocks with 15; under one_turn_each B and C play a last turn first",
        ["PAY-KNOCK-1", "PAY-KNOCK-2", "PAY-CAUGHT-2"],
        dict(players=3, dealer=2, hands=["Ac 2c 3c 4d 5d", "9h 9s 9d Kc Kd", "Th Js Qd Kh 2s"], upcard="Qs",
             stock="9c 8s"),
        {
            "show": dict(script=["0 knock"], ending="knock_won", totals=[15, 47, 42], net=[2, -1, -1]),
            "one_turn_each": dict(
                script=["0 knock", "@", "1 knock !knock_timing", "1 draw stock; 1 spread 9h 9s 9d 9c; 1 discard Kc",
                        "@", "2 draw stock; 2 discard 8s"],
                ending="knock_caught", totals=[15, 10, 42], net=[-3, 4, -1],
                notes="B draws the fourth nine, lays the book and keeps Kd (10): A's 15 is caught. Nobody may "
                      "knock in a last turn."),
        },
    )
    out += contrast(
        "after_knock", "last-turn-lays-everything-2p", "A knocks with 15; B's last turn lays every card",
        ["PAY-KNOCK-1", "PAY-KNOCK-3", "OUT-1"],
        dict(players=2, dealer=1, hands=["Ac 2c 3d 4h 5s", "7h 8h 9h 9c 9d"], upcard="Qs", stock="9s"),
        {
            "show": dict(script=["0 knock"], ending="knock_won", totals=[15, 42], net=[1, -1]),
            "one_turn_each": dict(
                script=["0 knock", "1 draw stock; 1 spread 7h 8h 9h; 1 spread 9c 9d 9s"],
                ending="knock_caught", totals=[15, 0], net=[-3, 3],
                notes="B holds nothing after its last turn: not a tonk out (the knock ended play), but a "
                      "total of 0, so A is caught."),
        },
    )
    return out


def turn_limit() -> list[Case]:
    hands, upcard = ["Ac 2c 3d 4h 5s", "6c 7d 8h 9s Kd"], "Qs"
    turns = long_hand(2, 1, hands, upcard, 200)
    base = dict(players=2, dealer=1, hands=hands, upcard=upcard)
    out = contrast(
        "turn_limit", "long-hand-2p",
        "nobody knocks or goes out: at the turn limit the hand ends and the lowest total wins",
        ["STOCK-1", "STOCK-2", "TURN-7"], base,
        {
            None: dict(script=[*turns, "@"], over=False,
                       notes="Without a limit the hand goes on after 200 turns: the stock ran out at the 41st, "
                             "and each player since takes the other's discard and throws another card."),
            50: dict(script=turns[:50], ending="turn_limit"),
            100: dict(script=turns[:100], ending="turn_limit"),
            200: dict(script=turns, ending="turn_limit"),
        },
    )
    out += contrast(
        "turn_limit_end", "fifty-turns-2p", "turn_limit = 50: the hand ends at its 50th turn",
        ["STOCK-1"], dict(base, options={"turn_limit": 50}),
        {
            "count": dict(script=turns[:50], ending="turn_limit"),
            "dead": dict(script=turns[:50], ending="turn_limit", winners=[], net=[0, 0],
                         notes="turn_limit_end = dead: like a draw by the move limits of chess, nobody pays."),
        },
    )
    return out


def knock_limit() -> list[Case]:
    out = contrast(
        "knock_limit", "knock-with-8-2p", "A knocks with Ac Ad 2c 2d 2h, 8",
        ["VAR-KNOCKLIMIT-1", "TURN-2"],
        dict(players=2, dealer=1, hands=["Ac Ad 2c 2d 2h", "4c 5c 6d 7d 9h"], upcard="Ks"),
        {
            None: dict(script=["0 knock"], ending="knock_won", totals=[8, 31], net=[1, -1]),
            5: dict(script=["0 knock !knock_limit", "@"], over=False),
            10: dict(script=["0 knock"], ending="knock_won", totals=[8, 31], net=[1, -1]),
            50: dict(script=["0 knock"], ending="knock_won", totals=[8, 31], net=[1, -1]),
        },
    )
    out += contrast(
        "knock_limit", "knock-with-51-2p", "with ranked face cards A knocks with Kc Kd Qc Qd Ac, 51",
        ["VAR-KNOCKLIMIT-1", "VAR-FACE-1"],
        dict(players=2, dealer=1, hands=["Kc Kd Qc Qd Ac", "Kh Ks Qh Qs Jc"], upcard="2s",
             options={"face_values": "11-12-13"}),
        {
            None: dict(script=["0 knock"], ending="knock_won", totals=[51, 61], net=[1, -1]),
            5: dict(script=["0 knock !knock_limit", "@"], over=False),
            10: dict(script=["0 knock !knock_limit", "@"], over=False),
            50: dict(script=["0 knock !knock_limit", "@"], over=False),
        },
    )
    return out


def spread_knock_wait() -> list[Case]:
    base = dict(players=2, dealer=1, hands=["5h 6h 7h 2c 3c", "4d 9d Td Jd Qd"], upcard="Qs",
                stock="Ks Kd 4s 5s 6s 7s", ending="knock_won", totals=[5, 43], net=[1, -1])
    opening = "0 draw stock; 0 spread 5h 6h 7h; 0 discard Ks; 1 draw stock; 1 discard Kd"
    waits = ["0 draw stock; 0 discard 4s; 1 draw stock; 1 discard 5s",
             "0 draw stock; 0 discard 6s; 1 draw stock; 1 discard 7s"]
    per: dict[Any, dict[str, Any]] = {}
    for n in (0, 1, 2):
        script: list[Any] = [opening]
        for k in range(n):
            script += ["0 knock !knock_wait", waits[k]]
        script += ["0 knock"]
        per[n] = dict(script=script)
    return contrast(
        "spread_knock_wait", "knock-after-a-spread-2p",
        "A lays a run, then tries to knock at each turn until the wait is over",
        ["VAR-KNOCKWAIT-1", "TURN-2"], base, per,
    )


def low_knock_bonus() -> list[Case]:
    out = contrast(
        "low_knock_bonus", "knock-with-13-2p", "A knocks with 13 and wins",
        ["VAR-LOWKNOCK-1", "PAY-KNOCK-2"],
        dict(players=2, dealer=1, hands=["Ac Ad 2c 3d 6h", "4c 4d 5c 5d 6c"], upcard="7s", script=["0 knock"],
             ending="knock_won", totals=[13, 24]),
        {None: dict(net=[1, -1]), 13: dict(net=[2, -2])},
    )
    out += contrast(
        "low_knock_bonus", "knock-with-14-2p", "A knocks with 14 and wins: no bonus either way",
        ["VAR-LOWKNOCK-1", "PAY-KNOCK-2"],
        dict(players=2, dealer=1, hands=["Ac Ad 2c 4h 6h", "4c 4d 5c 5d 6c"], upcard="7s", script=["0 knock"],
             ending="knock_won", totals=[14, 24]),
        {None: dict(net=[1, -1]), 13: dict(net=[1, -1])},
    )
    out += contrast(
        "low_knock_bonus", "caught-with-10-3p", "A knocks with 10 and is caught by B's 9: paid as usual",
        ["VAR-LOWKNOCK-1", "PAY-CAUGHT-1", "PAY-CAUGHT-2"],
        dict(players=3, dealer=2, hands=["Ac Ad 2c 2d 4h", "Ah As 2h 2s 3c", "9c 9d Tc Jd Qd"], upcard="7s",
             script=["0 knock"], ending="knock_caught", totals=[10, 9, 48]),
        {None: dict(net=[-3, 4, -1]), 13: dict(net=[-3, 4, -1])},
    )
    return out


def scoring() -> list[Case]:
    out = contrast(
        "scoring", "caught-knocker-3p", "A knocks with 10 and is caught by B's 9; the hand is paid as usual",
        ["VAR-POINTS-1", "PAY-CAUGHT-1"],
        dict(players=3, dealer=2, hands=["Ac Ad 2c 2d 4h", "Ah As 2h 2s 3c", "9c 9d Tc Jd Qd"], upcard="7s",
             ending="knock_caught", totals=[10, 9, 48], net=[-3, 4, -1]),
        {
            "stakes": dict(script=["0 knock"]),
            "points": dict(script=["0 knock", {"score": [0, 0, 0]}],
                           notes="For points the match adds 20 to A (a caught knocker adds double its 10), "
                                 "nothing to B, who won, and 48 to C."),
            "points_all": dict(script=["0 knock", {"score": [0, 0, 0]}],
                               notes="Under points_all (Hoyle's Tunk) B's 9 is scored too: 20, 9 and 48."),
        },
    )
    out += contrast(
        "scoring", "knock-won-2p", "A knocks with 13 and wins",
        ["VAR-POINTS-1", "PAY-KNOCK-2"],
        dict(players=2, dealer=1, hands=["Ac Ad 2c 3d 6h", "4c 4d 5c 5d 6c"], upcard="7s", ending="knock_won",
             totals=[13, 24], net=[1, -1]),
        {
            "stakes": dict(script=["0 knock"]),
            "points": dict(script=["0 knock", {"score": [30, 80]}],
                           notes="B adds 24 to 80 and reaches 104: B leaves the match."),
            "points_all": dict(script=["0 knock", {"score": [30, 80]}],
                               notes="Under points_all A's winning 13 is scored too: A 43, B 104."),
        },
    )
    return out


# ------------------------------------------------------------------ rules of online engines
def discard_without_draw() -> list[Case]:
    out = contrast(
        "discard_without_draw", "discard-before-drawing-2p", "A, first to play, discards Kd without drawing",
        ["VAR-NODRAW-1", "TURN-6"],
        dict(players=2, dealer=1, hands=["5h 6h 7h 9c Kd", "2c 3d 8s Td Jd"], upcard="Qs", over=False),
        {False: dict(script=["0 discard Kd !must_draw_first", "@"]), True: dict(script=["0 discard Kd", "@@"])},
    )
    out += contrast(
        "discard_without_draw", "no-upcard-first-turn-3p",
        "no upcard: A discards Kd without drawing, which starts the pile, and B takes it",
        ["VAR-NODRAW-1", "VAR-NOUP-1", "TURN-2"],
        dict(players=3, dealer=2, hands=["5h 6h 7h 9c Kd", "2c 3d 8s Td Jd", "4c 4d 9h Jh Qh"],
             options={"upcard": False}, over=False),
        {False: dict(script=["0 discard Kd !must_draw_first", "@"]),
         True: dict(script=["0 discard Kd", "1 draw discard", "@@"])},
    )
    return out


def hit_ends_turn() -> list[Case]:
    opening = "0 draw stock; 0 spread 5c 6c 7c; 0 discard Kd; 1 draw stock; 1 hit 8c 0"
    out = contrast(
        "hit_ends_turn", "discard-after-a-hit-2p", "B hits 8c on A's run, then discards 9d",
        ["VAR-HITEND-1", "TURN-5", "HIT-4"],
        dict(players=2, dealer=1, hands=["5c 6c 7c Kd 2s", "8c 4d Jd Jh 3h"], upcard="Qs", stock="3s 9d",
             over=False),
        {False: dict(script=[opening, "1 discard 9d", "@"]),
         True: dict(script=[opening, "1 discard 9d !not_your_turn", "@@"])},
    )
    taken = "0 draw stock; 0 spread 5c 6c 7c 8c; 0 discard Ks; 1 draw stock; 1 discard 2h; 0 draw discard"
    out += contrast(
        "hit_ends_turn", "hit-leaves-the-taken-card-2p",
        "A took 2h from the pile and hits 9c, its last other card, on its own run",
        ["VAR-HITEND-1", "TURN-8"],
        dict(players=2, dealer=1, hands=["5c 6c 7c 8c 9c", "Td Tc 9s 9h 6d"], upcard="Qh", stock="Ks 2h",
             over=False),
        {False: dict(script=[taken, "0 hit 9c 0 !last_card_taken", "@"]),
         True: dict(script=[taken, "0 hit 9c 0", "@@"])},
    )
    out += contrast(
        "hit_ends_turn", "forced-spreads-2p",
        "forced spreads: B, holding Jd Jh Js, hits 8c, which would end the turn with the book in hand",
        ["VAR-HITEND-1", "VAR-FORCED-1"],
        dict(players=2, dealer=1, hands=["5c 6c 7c Kd 2s", "8c Jd Jh Js 4d"], upcard="Qs", stock="3s Ks",
             options={"forced_spreads": True}, over=False),
        {False: dict(script=["0 draw stock; 0 spread 5c 6c 7c; 0 discard Kd; 1 draw stock; 1 hit 8c 0", "@"]),
         True: dict(script=["0 draw stock; 0 spread 5c 6c 7c; 0 discard Kd; 1 draw stock; 1 hit 8c 0 !forced_spread",
                            "@"])},
    )
    return out


def knock_with_discard() -> list[Case]:
    # knock_timing = any in every case: A draws 3h and lays 5c 6c 7c, keeping Ad 2s 3h (6); B holds 44
    base = dict(players=2, dealer=1, hands=["5c 6c 7c Ad 2s", "Td Tc 9s 9h 6d"], upcard="Qs", stock="3h",
                options={"knock_timing": "any"})
    opening = "0 draw stock; 0 spread 5c 6c 7c"
    out = contrast(
        "knock_with_discard", "knock-without-a-discard-2p", "A draws, lays a run and knocks without discarding",
        ["VAR-KNOCKHELD-1", "TURN-3"], base,
        {True: dict(script=[opening, "0 knock !knock_discard", "@"], over=False),
         False: dict(script=[opening, "0 knock"], totals=[6, 44], net=[1, -1], ending="knock_won")},
    )
    out += contrast(
        "knock_with_discard", "knock-with-a-discard-2p", "A draws, lays a run and knocks discarding 3h",
        ["VAR-KNOCKHELD-1", "TURN-3"], base,
        {True: dict(script=[opening, "0 knock 3h"], totals=[3, 44], net=[1, -1], ending="knock_won"),
         False: dict(script=[opening, "0 knock 3h !knock_discard", "@"], over=False)},
    )
    return out


def reem() -> list[Case]:
    out = contrast(
        "reem", "two-spreads-in-one-turn-2p", "A draws Js and lays 4h 5h 6h, then Jc Jd Js, its last cards",
        ["VAR-REEM-1", "OUT-1"],
        dict(players=2, dealer=1, hands=["4h 5h 6h Jc Jd", "2c 3d 8s Td Kd"], upcard="Qs", stock="Js",
             script=["0 draw stock; 0 spread 4h 5h 6h; 0 spread Jc Jd Js"], net=[2, -2]),
        {"none": dict(ending="tonk_out"), "one_turn": dict(ending="reem"), "second_spread": dict(ending="reem")},
    )
    out += contrast(
        "reem", "second-spread-next-turn-2p", "A lays 4h 5h 6h, and on its next turn Jc Jd Js, its last cards",
        ["VAR-REEM-1", "OUT-1"],
        dict(players=2, dealer=1, hands=["4h 5h 6h Jc Jd", "2c 3d 8s Td Kd"], upcard="Qs", stock="2s 7c Js",
             script=["0 draw stock; 0 spread 4h 5h 6h; 0 discard 2s", "1 draw stock; 1 discard 7c",
                     "0 draw stock; 0 spread Jc Jd Js"], net=[2, -2]),
        {"none": dict(ending="tonk_out"), "one_turn": dict(ending="tonk_out"),
         "second_spread": dict(ending="reem")},
    )
    out += contrast(
        "reem", "seven-cards-2p", "seven cards each: A lays two spreads in one turn and keeps 2s 3c",
        ["VAR-REEM-1", "VAR-HANDSIZE-1"],
        dict(players=2, dealer=1, hands=["4h 5h 6h Jc Jd 2s 3c", "Td Tc 9s 9h 6d 8c 7d"], upcard="Qs", stock="Js",
             options={"hand_size": 7}),
        {"none": dict(script=["0 draw stock; 0 spread 4h 5h 6h; 0 spread Jc Jd Js", "@@"], over=False),
         "one_turn": dict(script=["0 draw stock; 0 spread 4h 5h 6h; 0 spread Jc Jd Js"], net=[2, -2],
                          ending="reem"),
         "second_spread": dict(script=["0 draw stock; 0 spread 4h 5h 6h; 0 spread Jc Jd Js"], net=[2, -2],
                               ending="reem")},
    )
    return out


def hit_lock_further() -> list[Case]:
    # hit_lock = 2 in every case: B hits A's run twice in one turn; A holds 2s 3s (5), B Jd Jh 3h (23)
    opening = "0 draw stock; 0 spread 5c 6c 7c; 0 discard Kd; 1 draw stock; 1 hit 8c 0; 1 hit 4c 0; 1 discard 9d"
    waits = ["0 draw stock; 0 discard 2h; 1 draw stock; 1 discard 5d",
             "0 draw stock; 0 discard 6h; 1 draw stock; 1 discard 7s",
             "0 draw stock; 0 discard 2d; 1 draw stock; 1 discard 3d"]
    return contrast(
        "hit_lock_further", "two-hits-2p",
        "hit_lock = 2: B hits A's run twice; A knocks after three of its turns (a lock of 4, or 2 + 1 = 3)",
        ["VAR-HITLOCK-1"],
        dict(players=2, dealer=1, hands=["5c 6c 7c Kd 2s", "8c 4c Jd Jh 3h"], upcard="Qs",
             stock="3s 9d 2h 5d 6h 7s 2d 3d", options={"hit_lock": 2}),
        {None: dict(script=[opening, *waits, "0 knock !hit_lock", "@"], over=False),
         1: dict(script=[opening, *waits, "0 knock"], totals=[5, 23], net=[1, -1], ending="knock_won")},
    )


def special_hands() -> list[Case]:
    out = contrast(
        "special_hands", "declare-41-first-turn-3p", "A, first to play, declares Kc Qc Jd 9d 2s (41)",
        ["VAR-SPECIAL-1", "OBS-3"],
        dict(players=3, dealer=2, hands=["Kc Qc Jd 9d 2s", "Td Tc 9s 9h 6d", "4c 5d 8s Kh Qd"], upcard="Qs"),
        {"none": dict(script=["0 declare !declare_timing", "@"], over=False),
         "first_turn": dict(script=["0 declare"], totals=[41, 44, 37], net=[6, -3, -3], ending="special_hand"),
         "any_turn": dict(script=["0 declare"], totals=[41, 44, 37], net=[6, -3, -3], ending="special_hand")},
    )
    later = "0 draw stock; 0 discard Kd; 1 draw stock; 1 discard 7h"
    out += contrast(
        "special_hands", "declare-on-a-later-turn-2p", "A holds Ac 2c 3d 2s Ad (9) and declares on its second turn",
        ["VAR-SPECIAL-1"],
        dict(players=2, dealer=1, hands=["Ac 2c 3d 2s Ad", "Td Tc 9s 9h 6d"], upcard="Qs", stock="Kd 7h"),
        {"none": dict(script=[later, "0 declare !declare_timing", "@"], over=False),
         "first_turn": dict(script=[later, "0 declare !declare_timing", "@"], over=False),
         "any_turn": dict(script=[later, "0 declare"], totals=[9, 44], net=[3, -3], ending="special_hand")},
    )
    out += contrast(
        "special_hands", "declare-42-2p", "A declares Kc Qc Jd 7d 5s, which totals 42",
        ["VAR-SPECIAL-1"],
        dict(players=2, dealer=1, hands=["Kc Qc Jd 7d 5s", "Td Tc 9s 9h 6d"], upcard="Qs", over=False),
        {"none": dict(script=["0 declare !declare_timing", "@"]),
         "first_turn": dict(script=["0 declare !not_special", "@"]),
         "any_turn": dict(script=["0 declare !not_special", "@"])},
    )
    return out


def cases() -> list[Case]:
    return [
        *jokers(), *joker_value(), *deck40(), *face_values(), *deuces_wild(), *wild_min_naturals(),
        *hand_size(), *low_dealt_double(), *dealt_tonks(), *must_use_taken(), *hit_lock(), *eating(),
        *knock_limit(), *spread_knock_wait(), *low_knock_bonus(), *scoring(), *after_knock(), *turn_limit(),
        *discard_without_draw(), *hit_ends_turn(), *knock_with_discard(), *reem(), *hit_lock_further(),
        *special_hands(),
    ]
