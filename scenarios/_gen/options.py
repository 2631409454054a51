"""scenarios/options: every value of every ruleset option of the seed set, contrasted
with the default on the same deal and the same actions.

A contrast is a set of cases named ``opt-<option>-<value>-<what>`` and
``opt-<option>-default-<what>``: the deal and the actions are the same, the ruleset
differs in that one option, and the expected outcome differs (an action accepted in one
is refused in the other, or the payments differ).  Where an option cannot change a deal,
the deal is one where it does.  Seats: A = 0, B = 1, C = 2.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from scenarios._gen.drystock import dry_case
from scenarios._gen.make import contrast as shared
from scenarios._gen.make.case import Case
from scenarios._gen.make.contrast import long_hand
from scenarios._gen.model import STANDARD, cards, stack
from scenarios._gen.pay import W4, W8, W9, W10, knock2, knock3


def kebab(v: object) -> str:
    """An option value in this folder's titles: underscores written as dashes."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v).replace("_", "-")


#: The contrast ``opt-<option>-<value>-<what>`` (see make/contrast.py).
contrast = partial(shared.contrast, "opt", spell=kebab)


def deck_of(players: int, dealer: int, hands: list[str], after: str) -> str:
    """The deck order dealing ``hands`` one card at a time from the dealer's left (S9),
    then ``after``, then the other cards in code order."""
    return " ".join(stack(players, dealer, [cards(h) for h in hands], cards(after), STANDARD))


def upcard() -> list[Case]:
    cs: list[Case] = []
    deck = deck_of(2, 1, ["5h 6h 7h 9c 9d", "2c 4d 6s 8c Tc"], "9s Kd")
    cs += contrast(
        "upcard", "first-card-2p", "A draws from the stock; the eleventh card of the deck is the upcard or A's",
        ["VAR-NOUP-1", "DEAL-2"], dict(players=2, dealer=1, deck=deck),
        {
            True: dict(script=["@", "0 draw stock; @@; 0 spread 5h 6h 7h; 0 spread 9c 9d 9s !not_in_hand", "@@"],
                       over=False),
            False: dict(script=["@", "0 draw stock; @@; 0 spread 5h 6h 7h; 0 spread 9c 9d 9s", "@@"],
                        net=[2, -2], ending="tonk_out"),
        },
    )
    deck3 = deck_of(3, 1, ["2c 4d 6h 8s Tc", "3c 5d 7h 9s Jc", "Ah 3d 5s 7c 9d"], "Qh 2s")
    cs += contrast(
        "upcard", "take-discard-3p", "C, first to play, tries to take the top of the discard pile",
        ["VAR-NOUP-1", "TURN-9"], dict(players=3, dealer=1, deck=deck3, over=False),
        {
            True: dict(script=["@", "2 draw discard; @@"]),
            False: dict(script=["@", "2 draw discard !discard_pile_empty; @@"]),
        },
    )
    return cs


def forced_spreads() -> list[Case]:
    cs: list[Case] = []
    cs += contrast(
        "forced_spreads", "knock-holding-book-2p", "A knocks holding three queens",
        ["VAR-FORCED-2", "PAY-KNOCK-1"],
        dict(players=2, dealer=1, hands=["Qc Qd Qh Ac 2d", "3c 5d 7h 9s Jc"], upcard="Kd"),
        {
            False: dict(script=["0 knock"], totals=[33, 34], net=[1, -1], ending="knock_won"),
            True: dict(script=["0 knock !forced_spread", "@"], over=False),
        },
    )
    cs += contrast(
        "forced_spreads", "discard-keeping-run-3p", "A discards the card it drew, keeping 9-10-J of diamonds",
        ["VAR-FORCED-1"],
        dict(players=3, dealer=2, hands=["9d Td Jd 3c 5h", "2c 4h 6s 8c Kc", "3s 5d 7c Qh Ah"], upcard="Kd",
             stock="2s", over=False),
        {
            False: dict(script=["0 draw stock; 0 discard 2s; @@"]),
            True: dict(script=["0 draw stock; 0 discard 2s !forced_spread; @@"]),
        },
    )
    return cs


def forced_spreads_timing() -> list[Case]:
    return contrast(
        "forced_spreads_timing", "break-run-2p",
        "forced spreads: A breaks up 9-10-J of diamonds by discarding the jack instead of laying it",
        ["VAR-FORCED-1"],
        dict(players=2, dealer=1, hands=["9d Td Jd 3c 5h", "2c 4h 6s 8c Kc"], upcard="Kd", stock="2s", over=False,
             options={"forced_spreads": True}),
        {
            "turn_end": dict(script=["0 draw stock; 0 discard Jd; @@"]),
            "at_once": dict(script=["0 draw stock; 0 discard Jd !forced_spread; 0 discard 2s !forced_spread",
                                    "0 spread 9d Td Jd; 0 discard 2s; @@"]),
        },
    )


def after_knock() -> list[Case]:
    return contrast(
        "after_knock", "last-turn-3p", "A knocks with 15; under one_turn_each B and C each play a last turn first",
        ["PAY-KNOCK-1", "OUT-1", "OUT-2"],
        dict(players=3, dealer=2, hands=["Ac 2c 3c 4d 5d", "7h 8h 9h Kc Kd", "Th Js Qd Kh 3s"], upcard="Qs",
             stock="6h 9c"),
        {
            "show": dict(script=["0 knock"], ending="knock_won", totals=[15, 44, 43], net=[2, -1, -1]),
            "one_turn_each": dict(
                script=["0 knock", "@", "1 knock !knock_timing", "1 draw stock; 1 hit 6h 0 !no_such_spread",
                        "1 spread 6h 7h 8h 9h; 1 discard Kc", "@", "2 draw stock; 2 discard 9c"],
                ending="knock_caught", totals=[15, 10, 43], net=[-3, 4, -1],
                notes="B lays 6-7-8-9 of hearts in its last turn and keeps Kd (10): A's 15 is caught. "
                      "Nobody may knock in a last turn."),
        },
    )


def turn_limit() -> list[Case]:
    """A hand nobody ends, three players: the stock runs out at the 36th turn, then each player
    takes the discard and throws another card; the limit ends it."""
    hands, upcard = ["Ac 2c 3d 4h 5s", "6c 7d 8h 9s Kd", "Tc Jd Qh Ks 2h"], "Qs"
    turns = long_hand(3, 2, hands, upcard, 200)
    base = dict(players=3, dealer=2, hands=hands, upcard=upcard)
    cs = contrast(
        "turn_limit", "long-hand-3p", "nobody knocks or goes out: the turn limit ends the hand, the lowest total wins",
        ["STOCK-1", "TURN-7"], base,
        {
            None: dict(script=[*turns, "@"], over=False),
            50: dict(script=turns[:50], ending="turn_limit"),
            100: dict(script=turns[:100], ending="turn_limit"),
            200: dict(script=turns, ending="turn_limit"),
        },
    )
    cs += contrast(
        "turn_limit_end", "fifty-turns-3p", "turn_limit = 50: the hand ends at its 50th turn",
        ["STOCK-1"], dict(base, options={"turn_limit": 50}),
        {"count": dict(script=turns[:50], ending="turn_limit"),
         "dead": dict(script=turns[:50], ending="turn_limit", net=[0, 0, 0])},
    )
    return cs


def tonk_out_double() -> list[Case]:
    base = dict(
        players=2, dealer=1, hands=["8c 9c Tc 3c 2c", "4c 5c 6c 7c Qh"], upcard="Jd", stock="Kd Qs Jc",
        script=[
            "0 draw stock; 0 discard Kd",
            "1 draw stock; 1 spread 4c 5c 6c 7c; 1 discard Qs",
            "0 draw stock; 0 hit 3c 0; 0 hit 2c 0; 0 hit 8c 0; 0 hit 9c 0; 0 hit Tc 0; 0 hit Jc 0",
        ],
        ending="tonk_out",
    )
    cs = contrast(
        "tonk_out_double", "hits-only-2p", "A goes out by six hits on B's run, laying no spread",
        ["VAR-NEWSPREAD-1", "PAY-OUT-1"], base,
        {"always": dict(net=[2, -2]), "new_spread": dict(net=[1, -1])},
    )
    cs += contrast(
        "tonk_out_double", "w4-hits-only-3p", "W4: A goes out with no discard by hits only",
        ["VAR-NEWSPREAD-1", "PAY-OUT-1"],
        dict(W4, script=[line.replace("@@; ", "") for line in W4["script"]], notes=""),  # W4, no expectation
        {"always": dict(net=[4, -2, -2]), "new_spread": dict(net=[2, -1, -1])},
    )
    return cs


def knock_timing() -> list[Case]:
    cs: list[Case] = []
    base = dict(players=2, dealer=1, hands=["Ac 2d 3h 4s 9s", "6d 7h 8s 9c Td"], upcard="Kh", stock="5c")
    cs += contrast(
        "knock_timing", "after-drawing-2p", "A draws 5c, then knocks discarding 9s",
        ["TURN-3", "PAY-KNOCK-2"], base,
        {
            "start": dict(script=["0 draw stock; 0 knock 9s !knock_timing", "@"], over=False),
            "any": dict(script=["0 draw stock; 0 knock 9s", "@"], totals=[15, 40], net=[1, -1], ending="knock_won"),
            "after_draw": dict(script=["0 draw stock; 0 knock 9s", "@"], totals=[15, 40], net=[1, -1],
                               ending="knock_won"),
        },
    )
    cs += contrast(
        "knock_timing", "before-drawing-2p", "A knocks at the start of its turn, before drawing",
        ["TURN-3", "PAY-KNOCK-2"], base,
        {
            "start": dict(script=["0 knock"], totals=[19, 40], net=[1, -1], ending="knock_won"),
            "any": dict(script=["0 knock"], totals=[19, 40], net=[1, -1], ending="knock_won"),
            "after_draw": dict(script=["0 knock !knock_timing", "@"], over=False),
        },
    )
    cs += contrast(
        "knock_timing", "after-spreading-3p", "A draws, lays a run and knocks discarding 9s, keeping 2c 3d",
        ["TURN-3", "PAY-KNOCK-2", "PAY-KNOCK-1"],
        dict(players=3, dealer=2, hands=["5h 6h 7h 2c 9s", "6d 7c 8s 9c Td", "4c 5d 6s 8h Jc"], upcard="Kh",
             stock="3d"),
        {
            "start": dict(script=["0 draw stock; 0 spread 5h 6h 7h; 0 knock 9s !knock_timing", "@@"], over=False),
            "any": dict(script=["0 draw stock; 0 spread 5h 6h 7h; 0 knock 9s", "@@"], totals=[5, 40, 33],
                        net=[2, -1, -1], ending="knock_won"),
            "after_draw": dict(script=["0 draw stock; 0 spread 5h 6h 7h; 0 knock 9s", "@@"], totals=[5, 40, 33],
                               net=[2, -1, -1], ending="knock_won"),
        },
    )
    cs.append(Case(
        "opt-knock-timing-any-taken-card-2p",
        "knock_timing = any: a knock after drawing names one discard, and never the card taken",
        ["TURN-3", "TURN-7"], options={"knock_timing": "any"}, players=2, dealer=1,
        hands=["Ac 2d 3h 4s 9s", "6d 7h 8s 9c Td"], upcard="5c",
        script=["0 knock 9s !knock_discard", "0 draw discard; 0 knock !knock_discard; 0 knock 5c !taken_card",
                "0 knock 9s"],
        totals=[15, 40], net=[1, -1], ending="knock_won",
    ))
    return cs


def first_turn_knock() -> list[Case]:
    cs: list[Case] = []
    cs += contrast(
        "first_turn_knock", "first-player-2p", "A knocks on the first turn of the hand",
        ["TURN-4", "PAY-KNOCK-2"],
        dict(players=2, dealer=1, hands=["Ac 2d 3h 4s 9s", "6d 7h 8s 9c Td"], upcard="Kh"),
        {
            True: dict(script=["0 knock"], totals=[19, 40], net=[1, -1], ending="knock_won"),
            False: dict(script=["0 knock !first_turn_knock", "@"], over=False),
        },
    )
    cs += contrast(
        "first_turn_knock", "dealer-first-turn-3p", "C, the dealer, knocks on its first turn, the third of the hand",
        ["TURN-4", "PAY-KNOCK-2"],
        dict(players=3, dealer=2, hands=["4c 5d 6h 7s 8c", "9c 4d 5h 6s 3d", "Ac Ad 2h 2s 3c"], upcard="Kd",
             stock="Qd Js"),
        {
            True: dict(script=["0 draw stock; 0 discard Qd", "1 draw stock; 1 discard Js", "2 knock"],
                       totals=[30, 27, 9], net=[-1, -1, 2], ending="knock_won"),
            False: dict(script=["0 draw stock; 0 discard Qd", "1 draw stock; 1 discard Js",
                                "2 knock !first_turn_knock", "@"], over=False),
        },
    )
    cs.append(Case(
        "opt-first-turn-knock-false-second-turn-2p",
        "first_turn_knock = false: neither player may knock on its first turn; A may on its second",
        ["TURN-4", "PAY-KNOCK-2"], options={"first_turn_knock": False}, players=2, dealer=1,
        hands=["Ac 2d 3h 4s 9s", "6d 7h 8s 9c Td"], upcard="Kh", stock="Qc Jc",
        script=["0 knock !first_turn_knock", "0 draw stock; 0 discard Qc", "1 knock !first_turn_knock",
                "1 draw stock; 1 discard Jc", "0 knock"],
        totals=[19, 40], net=[1, -1], ending="knock_won",
    ))
    return cs


def knock_tie() -> list[Case]:
    cs: list[Case] = []
    cs += contrast(
        "knock_tie", "tie-3p", "A knocks with 7, B has 7, C 12",
        ["PAY-KNOCK-3", "PAY-KNOCK-2", "PAY-CAUGHT-2"],
        dict(a=("7c 8c 9c", "3d 4d"), b=("5s 6s 7s", "3h 4h"), c=(None, "Ac 2c 2s 3s 4c"), totals=[7, 7, 12]),
        {
            "caught": dict(net=[-3, 4, -1], ending="knock_caught"),
            "knocker_wins": dict(net=[2, -1, -1], ending="knock_won"),
        },
        make=lambda cid, title, rules, **kw: knock3(cid, title, rules, **kw),
    )
    cs += contrast(
        "knock_tie", "shared-tie-3p", "A knocks with 7, B has 7, C 12: caught, shared or a draw",
        ["PAY-KNOCK-3", "VAR-KNOCKTIE-1"],
        dict(a=("7c 8c 9c", "3d 4d"), b=("5s 6s 7s", "3h 4h"), c=(None, "Ac 2c 2s 3s 4c"), totals=[7, 7, 12]),
        {
            "caught": dict(net=[-3, 4, -1], ending="knock_caught"),
            # VAR-KNOCKTIE-1: A and B share; C pays S, half to each
            "split": dict(net=["1/2", "1/2", -1], ending="knock_tie", winners=[0, 1]),
            "draw": dict(net=[0, 0, 0], ending="knock_tie", winners=[]),
        },
        make=lambda cid, title, rules, **kw: knock3(cid, title, rules, **kw),
    )
    cs += contrast(
        "knock_tie", "two-players-2p", "W7: A knocks with 7 and B holds 7: a shared tie pays nothing at two players",
        ["PAY-KNOCK-3", "VAR-KNOCKTIE-1"], dict(a=("7c 8c 9c", "3d 4d"), b=("5s 6s 7s", "3h 4h"), totals=[7, 7]),
        {
            "caught": dict(net=[-3, 3], ending="knock_caught"),
            "split": dict(net=[0, 0], ending="knock_tie", winners=[0, 1]),
            "draw": dict(net=[0, 0], ending="knock_tie", winners=[]),
        },
        make=lambda cid, title, rules, **kw: knock2(cid, title, rules, **kw),
    )
    cs += contrast(
        "knock_tie", "higher-knocker-3p", "W8: A knocks with 10 against B's 6: a tie rule changes nothing here",
        ["PAY-KNOCK-3", "PAY-CAUGHT-1"], dict(**W8, totals=[10, 6, 15], net=[-3, 4, -1], ending="knock_caught"),
        {"knocker_wins": {}, "split": {}, "draw": {}},
        make=lambda cid, title, rules, **kw: knock3(cid, title, rules, **kw),
    )
    return cs


def caught_payment() -> list[Case]:
    nets: dict[str, dict[str, list[int]]] = {
        "w8": {"seed": [-3, 4, -1], "non_knockers": [-2, 3, -1], "doubles_only": [-2, 2, 0],
               "double_lowest_others_single": [-2, 3, -1], "double_lowest_only": [-2, 2, 0],
               "per_player": [-3, 3, 0]},
        "w9": {"seed": [-5, 1, 4], "non_knockers": [-4, 1, 3], "doubles_only": [-4, 2, 2],
               "double_lowest_others_single": [-2, -1, 3], "double_lowest_only": [-2, 0, 2],
               "per_player": [-3, 0, 3]},
        "w10": {"seed": [-6, 3, 3], "non_knockers": [-4, 2, 2], "doubles_only": [-4, 2, 2],
                "double_lowest_others_single": [-4, 2, 2], "double_lowest_only": [-4, 2, 2],
                "per_player": [-6, 3, 3]},
    }
    deals: dict[str, tuple[dict[str, Any], list[int], str]] = {
        "w8": (W8, [10, 6, 15], "W8: A knocks with 10, B has 6, C 15"),
        "w9": (W9, [12, 9, 4], "W9: A knocks with 12, B 9, C 4"),
        "w10": (W10, [8, 5, 5], "W10: A knocks with 8, B 5, C 5 (a catch)"),
    }
    cs: list[Case] = []
    for w, (deal, totals, title) in deals.items():
        rules = ["PAY-CAUGHT-1", "PAY-CAUGHT-3" if w == "w10" else "PAY-CAUGHT-2"]
        cs += contrast(
            "caught_payment", f"{w}-3p", title, rules,
            dict(**deal, totals=totals, ending="knock_caught"),
            {scheme: dict(net=net) for scheme, net in nets[w].items()},
            make=lambda cid, title, rules, **kw: knock3(cid, title, rules, **kw),
        )
    return cs


def count_held_spreads() -> list[Case]:
    cs: list[Case] = []
    cs += contrast(
        "count_held_spreads", "knock-2p", "A knocks holding three kings, Ac and 2s; B has 21",
        ["PAY-KNOCK-1", "CARD-4"],
        dict(players=2, dealer=1, hands=["Kc Kd Kh 2s Ac", "2c 3d 4h 5s 7c"], upcard="9d", script=["0 knock"]),
        {
            True: dict(totals=[33, 21], net=[-3, 3], ending="knock_caught"),
            False: dict(totals=[3, 21], net=[1, -1], ending="knock_won"),
        },
    )
    cs += contrast(
        "count_held_spreads", "best-cover-3p",
        "A knocks with 4-5-6 of hearts and the sixes of clubs and diamonds; the book of sixes is the larger spread",
        ["PAY-KNOCK-1", "CARD-4"],
        dict(players=3, dealer=2, hands=["4h 5h 6h 6c 6d", "Ac Ad 2s 3c 3s", "7c 8d 9h Ts Jc"], upcard="Kd",
             script=["0 knock"]),
        {
            True: dict(totals=[27, 10, 44], net=[-3, 4, -1], ending="knock_caught"),
            False: dict(totals=[9, 10, 44], net=[2, -1, -1], ending="knock_won"),
        },
    )
    cs += contrast(
        "count_held_spreads", "stock-out-2p", "the stock runs dry with a run held in A's hand",
        ["PAY-STOCK-1", "CARD-4"],
        dict(players=2, dealer=1, hands=["7c 8c 9c 2d 3d", "4h 5s 6d 2c 3s"], upcard="Kh", tail=["1 draw stock"],
             ending="stock_out"),
        {
            True: dict(totals=[29, 20], net=[-1, 1]),
            False: dict(totals=[5, 20], net=[1, -1]),
        },
        make=lambda cid, title, rules, **kw: dry_case(cid, title, rules, **kw),
    )
    cs.append(Case(
        "opt-count-held-spreads-false-dealt-49-2p",
        "count_held_spreads = false does not touch the deal: K-K-K-Q-9 is still a dealt 49",
        ["DEALT-1", "PAY-DEALT-1", "CARD-4"], options={"count_held_spreads": False}, players=2, dealer=1,
        hands=["Kc Kd Kh Qs 9c", "2c 3d 4h 5s 7c"], upcard="8d", script=["@"],
        totals=[49, 21], net=[2, -2], ending="dealt_tonk",
        notes="The dealt check adds the five dealt cards (S11); held spreads are left out only at a knock "
        "or an empty stock.",
    ))
    return cs


def empty_stock() -> list[Case]:
    cs: list[Case] = []
    cs += contrast(
        "empty_stock", "2p", "the stock is dry and B draws from it (A 15, B 40)",
        ["STOCK-3", "STOCK-2", "PAY-STOCK-1"],
        dict(players=2, dealer=1, hands=["Ac 2d 3h 4s 5c", "6d 7h 8s 9c Td"], upcard="Kh", tail=["1 draw stock", "@@"]),
        {
            "play_on": dict(totals=[15, 40], net=[1, -1], ending="stock_out"),
            "reshuffle": dict(over=False),
            "dead": dict(totals=[15, 40], net=[0, 0], ending="stock_out"),
            # A draws the 41st and last stock card; A's discard ends the hand (STOCK-3)
            "last_turn": dict(tail=[], totals=[15, 40], net=[1, -1], ending="stock_out"),
        },
        make=lambda cid, title, rules, **kw: dry_case(cid, title, rules, **kw),
    )
    cs += contrast(
        "empty_stock", "w11-3p", "W11's deal: the stock is dry and C draws from it (A 6, B 11, C 9)",
        ["STOCK-3", "STOCK-2", "PAY-STOCK-1"],
        dict(players=3, dealer=1, hands=["Ac Ad Ah As 2c", "5h 6h 7h 2d 9c", "Tc Jc Qc 4d 5d"], upcard="Kd",
             first_round={1: "1 spread 5h 6h 7h", 2: "2 spread Tc Jc Qc"}, tail=["2 draw stock", "@@"]),
        {
            "play_on": dict(totals=[6, 11, 9], net=[2, -1, -1], ending="stock_out"),
            "reshuffle": dict(over=False),
            "dead": dict(totals=[6, 11, 9], net=[0, 0, 0], ending="stock_out"),
            # B draws the 36th and last stock card; B's discard ends the hand (STOCK-3)
            "last_turn": dict(tail=[], totals=[6, 11, 9], net=[2, -1, -1], ending="stock_out"),
        },
        make=lambda cid, title, rules, **kw: dry_case(cid, title, rules, **kw),
    )
    return cs


def stock_tie() -> list[Case]:
    return contrast(
        "stock_tie", "3p-stake-2", "S = 2: B and C tie with 12 at the empty stock, A has 25",
        ["PAY-STOCK-2", "STAKE-2"],
        dict(players=3, dealer=2, hands=["4c 5d 6h 7s 3c", "Ac 2d 3h 4s 2c", "Ad 2h 3s 4h 2s"], upcard="Kh",
             tail=["0 draw stock"], stake=2, totals=[25, 12, 12], ending="stock_out"),
        {
            "all_paid": dict(net=[-4, 2, 2]),
            "split": dict(net=[-2, 1, 1]),
            "dead": dict(net=[0, 0, 0]),
        },
        make=lambda cid, title, rules, **kw: dry_case(cid, title, rules, **kw),
    )


def discards() -> list[Case]:
    cs: list[Case] = []
    cs += contrast(
        "discard_taken", "2p", "A takes the upcard and discards it again",
        ["TURN-7"],
        dict(players=2, dealer=1, hands=["2c 4d 6h 8s Tc", "3c 5d 7h 9s Jc"], upcard="Kd", over=False),
        {
            False: dict(script=["0 draw discard; 0 discard Kd !taken_card; @@"]),
            True: dict(script=["0 draw discard; 0 discard Kd; @@"]),
        },
    )
    cs += contrast(
        "discard_taken_last", "2p", "A takes B's discard and hits its two other cards, leaving only the card taken",
        ["TURN-8", "OUT-2"],
        dict(players=2, dealer=1, hands=["2h 3h 4h 5h 6h", "7c 8d 9s Jd Ts"], upcard="Kc", stock="Qc Qs"),
        {
            False: dict(script=["0 draw stock; 0 spread 2h 3h 4h; 0 discard Qc", "1 draw stock; 1 discard Jd",
                                "0 draw discard; 0 hit 5h 0; 0 hit 6h 0 !last_card_taken; @@"], over=False),
            True: dict(script=["0 draw stock; 0 spread 2h 3h 4h; 0 discard Qc", "1 draw stock; 1 discard Jd",
                               "0 draw discard; 0 hit 5h 0; 0 hit 6h 0; @@; 0 discard Jd"],
                       net=[1, -1], ending="out_by_discard"),
        },
    )
    return cs


def hits() -> list[Case]:
    cs: list[Case] = []
    base = dict(players=2, dealer=1, hands=["5c 6c 7c Ks 2d", "Kc Kd Kh 3s 9h"], upcard="Td", stock="Qh Jh 8c",
                over=False)
    first = ["0 draw stock; 0 spread 5c 6c 7c; 0 discard Qh", "1 draw stock; 1 spread Kc Kd Kh; 1 discard Jh",
             "0 draw stock"]
    cs += contrast(
        "hit_targets", "book-2p", "A hits the fourth king onto B's book, then 8c onto its own run",
        ["HIT-1"], base,
        {
            "any": dict(script=[*first, "0 hit Ks 1; 0 hit 8c 0; @@"]),
            "runs": dict(script=[*first, "0 hit Ks 1 !hit_target; 0 hit 8c 0; @@"]),
        },
    )
    base2 = dict(players=2, dealer=1, hands=["4h 8h 2c Jd 6s", "5h 6h 7h Kd Qs"], upcard="Tc", stock="Kc 9c 3s",
                 over=False)
    first2 = ["0 draw stock; 0 discard Kc", "1 draw stock; 1 spread 5h 6h 7h; 1 discard 9c", "0 draw stock"]
    cs += contrast(
        "hits_per_turn", "two-hits-2p", "A hits 4h and then 8h onto B's run in one turn",
        ["HIT-4"], base2,
        {
            "any": dict(script=[*first2, "0 hit 4h 0; 0 hit 8h 0; @@"]),
            "one": dict(script=[*first2, "0 hit 4h 0; 0 hit 8h 0 !hit_limit; @@"]),
        },
    )
    return cs


def ace() -> list[Case]:
    cs: list[Case] = []
    cs += contrast(
        "ace", "queen-king-ace-2p", "A draws the ace of spades and lays Q-K-A of spades",
        ["SPREAD-3"],
        dict(players=2, dealer=1, hands=["Qs Ks 2c 5d 9h", "3c 6d 8h Tc 4s"], upcard="Jd", stock="As", over=False),
        {
            "low": dict(script=["0 draw stock; 0 spread Qs Ks As !not_a_spread; @@"]),
            "low_or_high": dict(script=["0 draw stock; 0 spread Qs Ks As; @@"]),
        },
    )
    cs += contrast(
        "ace", "hit-above-king-2p", "A hits the ace of hearts onto B's J-Q-K of hearts",
        ["SPREAD-3", "HIT-3"],
        dict(players=2, dealer=1, hands=["Ah 3c 5d 8s 9c", "Jh Qh Kh 2d 4c"], upcard="Td", stock="7s 6c 2h",
             over=False),
        {
            "low": dict(script=["0 draw stock; 0 discard 7s", "1 draw stock; 1 spread Jh Qh Kh; 1 discard 6c",
                                "0 draw stock; 0 hit Ah 0 !hit_does_not_fit; @@"]),
            "low_or_high": dict(script=["0 draw stock; 0 discard 7s", "1 draw stock; 1 spread Jh Qh Kh; 1 discard 6c",
                                        "0 draw stock; 0 hit Ah 0; @@; 0 hit 2h 0 !hit_does_not_fit"]),
        },
    )
    cs.append(Case(
        "opt-ace-low-or-high-no-wrap-2p",
        "ace = low_or_high: an ace is low or high, never both, so K-A-2 is no run",
        ["SPREAD-3"], options={"ace": "low_or_high"}, players=2, dealer=1,
        hands=["Ks 2s 5d 9h Tc", "3c 6d 8h Jc 4h"], upcard="Jd", stock="As",
        script=["0 draw stock; 0 spread Ks As 2s !not_a_spread; 0 discard As; @@"],
        over=False,
    ))
    return cs


def dealers() -> list[Case]:
    cs: list[Case] = []
    plain = dict(players=3, dealer=2, hands=["2c 4d 6h 8s Tc", "3c 5d 7h 9s Jc", "Ah 3d 5s 7c 9d"], upcard="Kd",
                 over=False)
    cut_cards = ["Kc", "2d", "Kh", "5s", "9c"]
    cs += contrast(
        "first_dealer", "cut-3p", "the cut gives Kc, 2d and Kh, then 5s and 9c to the two kings if they cut again",
        ["DEALER-1"], plain,
        {
            "high": dict(script=[{"call": {"method": "cut", "params": {"cards": cut_cards}, "expect": {"dealer": 2}}}]),
            "low": dict(script=[{"call": {"method": "cut", "params": {"cards": cut_cards}, "expect": {"dealer": 1}}}]),
        },
    )
    w9_result = {"ending": "knock_caught", "winners": [2]}
    cs += contrast(
        "next_dealer", "dealer-wins-3p", "W9's hand, won by C, the dealer: who deals next",
        ["DEALER-2", "PAY-CAUGHT-2"],
        dict(**W9, totals=[12, 9, 4], net=[-5, 1, 4], ending="knock_caught"),
        {
            "left": dict(after=[{"call": {"method": "next_dealer", "params": {"dealer": 2, "result": w9_result},
                                          "expect": {"dealer": 0}}}]),
            "winner": dict(after=[{"call": {"method": "next_dealer", "params": {"dealer": 2, "result": w9_result},
                                            "expect": {"dealer": 2}}}]),
        },
        make=lambda cid, title, rules, after, **kw: _then(knock3(cid, title, rules, **kw), after),
    )
    w10_result = {"ending": "knock_caught", "winners": [1, 2]}
    cs.append(_then(knock3(
        "opt-next-dealer-winner-catch-3p",
        "next_dealer = winner after W10's catch: of the two winners, B plays first after the dealer, so B deals",
        ["DEALER-2", "PAY-CAUGHT-3"], **W10, options={"next_dealer": "winner"},
        totals=[8, 5, 5], net=[-6, 3, 3], ending="knock_caught",
    ), [{"call": {"method": "next_dealer", "params": {"dealer": 2, "result": w10_result}, "expect": {"dealer": 1}}}]))
    draw = dict(players=3, dealer=2, hands=["Kc Kd Kh Ks Tc", "Qc Qd Qh Qs 9c", "2c 3d 4h 5s 7c"], upcard="8d",
                totals=[50, 49, 21], net=[0, 0, 0], ending="dealt_draw")
    draw_result = {"ending": "dealt_draw", "winners": []}
    cs += contrast(
        "dealer_after_draw", "w2-3p", "W2's dealt draw: who deals the new hand",
        ["DEALER-4", "DEALT-2"], draw,
        {
            "next": dict(script=["@", {"call": {"method": "next_dealer", "params": {"dealer": 2, "result": draw_result},
                                                "expect": {"dealer": 0}}}]),
            "same": dict(script=["@", {"call": {"method": "next_dealer", "params": {"dealer": 2, "result": draw_result},
                                                "expect": {"dealer": 2}}}]),
        },
    )
    return cs


def _then(case: Case, steps: list[Any]) -> Case:
    case.script = [*case.script, *steps]
    return case


def dealt_tonk() -> list[Case]:
    cs: list[Case] = []
    d49 = dict(players=2, dealer=1, hands=["Kc Qd Jh Ts 9c", "2c 3d 4h 5s 7c"], upcard="8d", script=["@"])
    cs += contrast(
        "dealt_tonk", "49-2p", "A is dealt 49", ["DEALT-1", "PAY-DEALT-1"], d49,
        {
            "49_50": dict(totals=[49, 21], net=[2, -2], ending="dealt_tonk"),
            "50": dict(over=False),
            "none": dict(over=False),
        },
    )
    d50 = dict(players=3, dealer=2, hands=["2c 3d 4h 5s 7c", "Kc Qd Jh Ts Td", "8c 8d 6h 6s Ac"], upcard="9d",
               script=["@"])
    cs += contrast(
        "dealt_tonk", "50-3p", "B is dealt 50", ["DEALT-1", "PAY-DEALT-1"], d50,
        {
            "49_50": dict(totals=[21, 50, 29], net=[-2, 4, -2], ending="dealt_tonk"),
            "50": dict(totals=[21, 50, 29], net=[-2, 4, -2], ending="dealt_tonk"),
            "none": dict(over=False),
        },
    )
    both = dict(players=2, dealer=1, hands=["Kc Kd Kh Ks 9c", "Qc Qd Qh Qs Jc"], upcard="2d", script=["@"])
    cs += contrast(
        "dealt_tonk", "49-and-50-2p", "A is dealt 49 and B 50", ["DEALT-1", "DEALT-2", "PAY-DEALT-1"], both,
        {
            "49_50": dict(totals=[49, 50], net=[0, 0], ending="dealt_draw"),
            "50": dict(totals=[49, 50], net=[-2, 2], ending="dealt_tonk"),
            "none": dict(over=False),
        },
    )
    return cs


def max_players() -> list[Case]:
    """A hand of more than three players is a setup error under the default, which a
    scenario cannot express: the default half of each contrast is a 3-player hand."""
    cs: list[Case] = []
    cs.append(knock3(
        "opt-max-players-default-3p",
        "max_players = 3 (default): the largest hand has three players (W9's knock)",
        ["GAME-2", "PAY-CAUGHT-2"], **W9, totals=[12, 9, 4], net=[-5, 1, 4], ending="knock_caught",
    ))
    cs.append(Case(
        "opt-max-players-4-knock-caught-4p",
        "max_players = 4: A knocks with 12 against 9, 4 and 20; C, the lowest, collects from all three others",
        ["GAME-2", "PAY-CAUGHT-1", "PAY-CAUGHT-2"], options={"max_players": 4}, players=4, dealer=3,
        hands=["7c 8c 9c 5d 7d", "5s 6s 7s 4h 5h", "Jh Qh Kh Ac 3d", "2c 3c 4c Tc Th"], upcard="Td",
        stock="Kd Qs Ts 9d",
        script=["0 draw stock; 0 spread 7c 8c 9c; 0 discard Kd", "1 draw stock; 1 spread 5s 6s 7s; 1 discard Qs",
                "2 draw stock; 2 spread Jh Qh Kh; 2 discard Ts", "3 draw stock; 3 spread 2c 3c 4c; 3 discard 9d",
                "@", "0 knock",
                {"call": {"method": "join", "params": {"players": 3, "dealer": 1},
                          "expect": {"players": 4, "dealer": 2, "seat": 1}}}],
        totals=[12, 9, 4, 20], net=[-5, 1, 5, -1], ending="knock_caught",
        notes="D's 20 is above the knocker's 12: no double for D, who pays C one stake. The join call "
        "seats a fourth player at a 3-player table, which max_players = 4 allows.",
    ))
    cs.append(Case(
        "opt-max-players-5-tonk-out-5p",
        "max_players = 5: in a 5-player hand A tonks out (W3's cards) and collects 2S from each of four",
        ["GAME-2", "PAY-OUT-1", "OUT-1"], options={"max_players": 5}, players=5, dealer=4,
        hands=["5h 6h 7h 9c 9d", "2c 4d 6s 8c Tc", "3c 5d 7s 9h Jc", "Ac 3d 5s 7c Jd", "2d 4c 6d 8s Qc"],
        upcard="Kd", stock="9s",
        script=["@", "0 draw stock; 0 spread 5h 6h 7h; 0 spread 9c 9d 9s"],
        net=[8, -2, -2, -2, -2], ending="tonk_out",
    ))
    cs.append(Case(
        "opt-max-players-6-knock-won-6p",
        "max_players = 6: in a 6-player hand A knocks on the first turn with 9 and collects S from each of five",
        ["GAME-2", "PAY-KNOCK-2"], options={"max_players": 6}, players=6, dealer=5,
        hands=["Ac Ad 2h 2s 3c", "4c 5d 6h 7s 8c", "9c Td Jh Qs 4d", "Kc 5h 6s 7c 8d", "9d Th Js Qc 4h",
               "Kd 5s 6c 7d 8h"],
        upcard="Ks",
        script=["@", "0 knock"],
        totals=[9, 30, 43, 36, 43, 36], net=[5, -1, -1, -1, -1, -1], ending="knock_won",
    ))
    return cs


def cases() -> list[Case]:
    return (upcard() + forced_spreads() + forced_spreads_timing() + after_knock() + turn_limit()
            + tonk_out_double() + knock_timing() + first_turn_knock() + knock_tie()
            + caught_payment() + count_held_spreads() + empty_stock() + stock_tie() + discards() + hits() + ace()
            + dealers() + dealt_tonk() + max_players())
