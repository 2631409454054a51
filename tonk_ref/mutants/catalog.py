"""The catalog of mutants: single faults of the reference engine, each breaking one rule
the way a real implementer might (issue 4, item 5).

Each entry names the rule it breaks (an ID of spec/rules.yaml), says what the faulty
engine does, switches the fault on with patches (see :mod:`tonk_ref.mutants.core`) and
carries a *witness*: a small scenario the reference engine passes and the mutant fails.
The witness proves the mutant is not equivalent to the reference; whether the
conformance suite kills it is what ``tonk mutants`` measures.

Run the suite against one mutant as against any engine::

    TONK_MUTANT=knock_tie_to_knocker pytest --tonk-adapter=tonk_ref.mutants.catalog:adapter ...
    TONK_MUTANT=knock_tie_to_knocker tonk check --adapter tonk_ref.mutants.catalog:adapter
"""

from __future__ import annotations

import os
from fractions import Fraction

from ..engine import match as M
from ..engine import payments as P
from ..engine.cards import JOKER_MASK
from ..engine.hand import Compiled
from ..engine.ruleset import Ruleset
from ..engine.spreads import Spread
from . import faults as F
from .core import Mutant, MutantAdapter, Patch, compiled_patch, hand_patch, rank_values, replace_geometry

ENV = "TONK_MUTANT"

_MUTANTS: list[Mutant] = []

_SERVICE = "tonk_ref.adapters.service"
_HAND = "tonk_ref.engine.hand"


def _add(name: str, rule: str, description: str, patches: list[Patch] | Patch, witness: str,
         cites: str | None = None) -> None:
    """Add a mutant; its witness scenario cites ``rule`` (or ``cites``, for a rule ID the
    scenario schema does not accept)."""
    ident = "witness-" + name.replace("_", "-")
    text = (f"id: {ident}\ntitle: \"witness of mutant {name}: {rule}\"\nrules: [{cites or rule}]\n"
            f"{witness.strip()}\n")
    _MUTANTS.append(Mutant(name, rule, description, tuple(patches if isinstance(patches, list) else [patches]),
                           text))


def _faces(rules: Ruleset) -> list[int]:
    return [10, 10, 10] if rules.face_values == "10-10-10" else [11, 12, 13]


# The deal most witnesses use: two players, seat 1 deals, seat 0 plays first.
#   seat 0: 4c 5c 6c Jd 9d (34)   seat 1: 7c 2d 3s 8h Kh (30)   upcard 5d   stock Ks 2s 8c ...
BASE = """
players: 2
dealer: 1
deal:
  hands:
    - [4c, 5c, 6c, Jd, 9d]
    - [7c, 2d, 3s, 8h, Kh]
  upcard: 5d
  stock: [Ks, 2s, 8c]
"""

# The same cards, three players.
BASE3 = """
players: 3
dealer: 2
deal:
  hands:
    - [4c, 5c, 6c, Jd, 9d]
    - [7c, 2d, 3s, 8h, Kh]
    - [Ac, 3d, 9s, Th, Qc]
  upcard: 5d
"""

# Two players for knocks: seat 0 holds 15, seat 1 holds 47.
LOW_KNOCK = """
players: 2
dealer: 1
deal:
  hands:
    - [Ac, 2d, 3h, 4s, 5c]
    - [Kc, Qd, Jh, 8s, 9c]
  upcard: 9d
"""


def _long_stock(hands: list[str], options: str = "", script_tail: str = "", result: str = "") -> str:
    """Five players dealt nine cards each (6 stock cards): everyone draws and throws back
    the card drawn until the stock is empty (seat 0 draws the last card)."""
    stock = ["Qh", "Qs", "Kc", "Kd", "Kh", "Ks"]
    lines = []
    for k, card in enumerate(stock):
        seat = k % 5
        lines.append(f"  - act: {seat} draw stock\n  - act: {seat} discard {card}")
    hand_lines = "\n".join(f"    - [{h}]" for h in hands)
    opts = f", {options}" if options else ""
    return (f"ruleset: {{options: {{max_players: 5, hand_size: 9{opts}}}}}\nplayers: 5\ndealer: 4\n"
            f"deal:\n  hands:\n{hand_lines}\n  upcard: Qd\n  stock: [{', '.join(stock)}]\n"
            f"script:\n" + "\n".join(lines) + "\n" + script_tail + result)


TIE_HANDS = [  # seats 1 and 2 tie for the lowest total (25)
    "5h, 5s, 6c, 6d, 6h, 6s, 7c, 7d, 7h",
    "Ac, Ad, 2c, 2d, 3c, 3d, 4c, 4d, 5c",
    "Ah, As, 2h, 2s, 3h, 3s, 4h, 4s, 5d",
    "7s, 8c, 8d, 8h, 8s, 9c, 9d, 9h, 9s",
    "Tc, Td, Th, Ts, Jc, Jd, Jh, Js, Qc",
]
ONE_LOW_HANDS = [  # seat 1 alone holds the lowest total (25)
    "5d, 5h, 5s, 6d, 6h, 6s, 7c, 7d, 7h",
    "Ac, Ad, 2c, 2d, 3c, 3d, 4c, 4d, 5c",
    "Ah, As, 2h, 2s, 3h, 3s, 4h, 4s, 6c",
    "7s, 8c, 8d, 8h, 8s, 9c, 9d, 9h, 9s",
    "Tc, Td, Th, Ts, Jc, Jd, Jh, Js, Qc",
]

# ============================================================================ spreads and hits
_add("aces_high_runs", "SPREAD-3", "Q-K-A is accepted as a run: the ace may be high by default.",
     compiled_patch(lambda r, c: replace_geometry(c, ace_high=True)),
     """
players: 2
dealer: 1
deal:
  hands:
    - [Qh, Kh, Ah, 2c, 9d]
    - [3c, 4d, 7s, 8s, Jc]
  upcard: 5d
  stock: [6c]
script:
  - act: 0 draw stock
  - act: 0 spread Qh Kh Ah
    reject: not_a_spread
""")

_add("runs_wrap", "SPREAD-3", "K-A-2 is accepted as a run: runs wrap round the ace.",
     Patch(_HAND, "make_spread", F.make_spread_aces_wrap),
     """
players: 2
dealer: 1
deal:
  hands:
    - [Kh, Ah, 2h, 5c, 9d]
    - [3c, 4d, 7s, 8s, Jc]
  upcard: 5d
  stock: [6c]
script:
  - act: 0 draw stock
  - act: 0 spread Kh Ah 2h
    reject: not_a_spread
""")

_add("run_mixed_suits", "SPREAD-3", "A sequence of mixed suits (4c 5d 6h) is accepted as a run.",
     Patch(_HAND, "make_spread", F.make_spread_mixed_suits),
     """
players: 2
dealer: 1
deal:
  hands:
    - [4c, 5d, 6h, Jc, 9d]
    - [3c, 4d, 7s, 8s, Jh]
  upcard: 5s
  stock: [Ks]
script:
  - act: 0 draw stock
  - act: 0 spread 4c 5d 6h
    reject: not_a_spread
""")

_add("pair_is_book", "SPREAD-2", "Two cards of one rank are accepted as a book.",
     Patch(_HAND, "make_spread", F.make_spread_pairs),
     BASE + """
script:
  - act: 0 draw stock
  - act: 0 discard Ks
  - act: 1 draw stock
  - act: 1 spread 2d 2s
    reject: not_a_spread
""")

_add("hit_full_book", "HIT-3", "A full book of four takes a fifth (wild) card on a hit.",
     Patch(Spread, "with_card", F.with_card_full_book),
     """
ruleset: {options: {jokers: 2}}
players: 2
dealer: 1
deal:
  hands:
    - [7c, 7d, 7h, 7s, X1]
    - [3c, 4d, 2s, 8s, Jc]
  upcard: 5d
  stock: [Ks]
script:
  - act: 0 draw stock
  - act: 0 spread 7c 7d 7h 7s
  - act: 0 hit X1 0
    reject: hit_does_not_fit
""")

_add("run_hit_any_rank", "HIT-3", "A run takes any card of its suit on a hit, not only the next card at either end.",
     Patch(Spread, "with_card", F.with_card_run_any_rank),
     """
players: 2
dealer: 1
deal:
  hands:
    - [4c, 5c, 6c, 9c, Jd]
    - [7d, 2d, 3s, 8h, Kh]
  upcard: 5d
  stock: [Ks]
script:
  - act: 0 draw stock
  - act: 0 spread 4c 5c 6c
  - act: 0 hit 9c 0
    reject: hit_does_not_fit
""")

_add("hit_before_draw", "HIT-2", "A player may hit before drawing.", hand_patch(F.HitBeforeDraw),
     BASE + """
script:
  - act: 0 draw stock
  - act: 0 spread 4c 5c 6c
  - act: 0 discard Ks
  - act: 1 hit 7c 0
    reject: must_draw_first
""")

_add("spread_before_draw", "SPREAD-4", "A player may lay a spread before drawing.", hand_patch(F.SpreadBeforeDraw),
     BASE + """
script:
  - act: 0 spread 4c 5c 6c
    reject: must_draw_first
""")

_add("hit_own_spreads_only", "HIT-1", "A player may hit only their own spreads.", hand_patch(F.HitOwnSpreadsOnly),
     BASE + """
script:
  - act: 0 draw stock
  - act: 0 spread 4c 5c 6c
  - act: 0 discard Ks
  - act: 1 draw stock
  - act: 1 hit 7c 0
  - expect: {spreads: [{owner: 0, kind: run, cards: [4c, 5c, 6c, 7c]}]}
""")

_add("one_hit_per_turn", "HIT-4", "At most one hit per turn, whatever the ruleset says.", hand_patch(F.OneHitPerTurn),
     """
players: 2
dealer: 1
deal:
  hands:
    - [4c, 5c, 6c, 7c, 8c]
    - [7d, 2d, 3s, 8h, Kh]
  upcard: 5d
  stock: [Ks]
script:
  - act: 0 draw stock
  - act: 0 spread 4c 5c 6c
  - act: 0 hit 7c 0
  - act: 0 hit 8c 0
  - expect: {hand_sizes: [1, 5]}
""")

_add("half_applied_spread", "SPREAD-1",
     "An illegal spread is refused only after its cards were taken out of the hand (the state changes).",
     hand_patch(F.HalfAppliedSpread),
     BASE + """
script:
  - act: 0 draw stock
  - act: 0 spread 4c Jd 9d
    reject: not_a_spread
  - expect: {hand_sizes: [6, 5], hands: {0: [4c, 5c, 6c, Jd, 9d, Ks]}}
""")

# ============================================================================ the turn
_add("knock_after_draw", "TURN-3", "A player may knock after drawing (with a discard) under the seed rules.",
     hand_patch(F.KnockAfterDraw),
     LOW_KNOCK + """
script:
  - act: 0 draw stock
  - act: 0 knock 5c
    reject: knock_timing
""")

_add("no_first_turn_knock", "TURN-4", "Nobody may knock on their first turn.", hand_patch(F.NoFirstTurnKnock),
     LOW_KNOCK + """
script:
  - act: 0 knock
result: {ending: knock_won, winners: [0]}
""")

_add("draw_twice", "TURN-6", "A player may draw a second time in a turn.", hand_patch(F.DrawTwice),
     BASE + """
script:
  - act: 0 draw stock
  - act: 0 draw stock
    reject: already_drawn
""")

_add("discard_before_draw", "TURN-6", "A player may discard without drawing first.",
     hand_patch(F.DiscardBeforeDraw),
     BASE + """
script:
  - act: 0 discard 9d
    reject: must_draw_first
""")

_add("reasons_swapped", "TURN-6",
     "The reason codes already_drawn and must_draw_first are swapped in refusals.",
     hand_patch(F.ReasonsSwapped),
     BASE + """
script:
  - act: 0 draw stock
  - act: 0 draw stock
    reject: already_drawn
""")

_add("taken_card_discardable", "TURN-7", "The card taken from the discard pile may be discarded at once (D10).",
     compiled_patch(lambda r, c: setattr(c, "discard_taken", True)),
     BASE + """
script:
  - act: 0 draw discard
  - act: 0 discard 5d
    reject: taken_card
""")

_add("d22_not_enforced", "TURN-8",
     "A spread may leave the player holding only the card taken from the discard pile (D22).",
     compiled_patch(lambda r, c: setattr(c, "taken_last", True)),
     """
players: 2
dealer: 1
deal:
  hands:
    - [4c, 5c, 6c, 7c, 8c]
    - [7d, 2d, 3s, 8h, Kh]
  upcard: Kd
script:
  - act: 0 draw discard
  - act: 0 spread 4c 5c 6c 7c 8c
    reject: last_card_taken
""")

_add("out_of_turn", "TURN-10", "An action by a seat that is not to act is applied for the player to act.",
     hand_patch(F.OutOfTurn),
     BASE + """
script:
  - act: 1 draw stock
    reject: not_your_turn
  - expect: {hand_sizes: [5, 5], stage: start}
""")

_add("discard_not_held", "TURN-11", "A player may discard a card they do not hold.", hand_patch(F.DiscardNotHeld),
     BASE + """
script:
  - act: 0 draw stock
  - act: 0 discard Kh
    reject: not_in_hand
""")

_add("rotation_right", "TURN-1", "Turns pass to the right.", hand_patch(F.RotationRight),
     BASE3 + """
  stock: [Ks]
script:
  - act: 0 draw stock
  - act: 0 discard Ks
  - expect: {to_act: 1}
""")

_add("dealer_plays_first", "TURN-1", "The dealer takes the first turn.", hand_patch(F.DealerPlaysFirst),
     BASE + """
script:
  - expect: {to_act: 0, stage: start}
""")

# ============================================================================ the deal
_add("no_upcard", "DEAL-2", "No upcard is turned, though the ruleset has one.", hand_patch(F.NoUpcard),
     BASE + """
script:
  - expect: {discard_top: 5d, discard_count: 1, stock_count: 41}
""")

_add("upcard_from_bottom", "DEAL-2", "The upcard is turned from the bottom of the deck.",
     hand_patch(F.UpcardFromBottom),
     BASE + """
script:
  - expect: {discard_top: 5d}
  - act: 0 draw stock
  - expect: {hands: {0: [4c, 5c, 6c, Jd, 9d, Ks]}}
""")

_add("deal_in_blocks", "DEAL-1", "The cards are dealt five at a time, not one at a time.", hand_patch(F.DealInBlocks),
     BASE + """
script:
  - expect: {hands: [[4c, 5c, 6c, Jd, 9d], [7c, 2d, 3s, 8h, Kh]]}
""")

_add("deal_from_dealer", "DEAL-1", "The deal starts with the dealer instead of the dealer's left.",
     hand_patch(F.DealFromDealer),
     BASE3 + """
script:
  - expect: {hands: [[4c, 5c, 6c, Jd, 9d], [7c, 2d, 3s, 8h, Kh], [Ac, 3d, 9s, Th, Qc]]}
""")

_add("dealer_not_checked", "DEALT-3", "The dealt 49/50 check leaves out the dealer.", hand_patch(F.DealerNotChecked),
     """
players: 2
dealer: 1
deal:
  hands:
    - [Ac, 2d, 3h, 4s, 5c]
    - [Kc, Qd, Jh, Ts, 9c]
  upcard: 9d
script: []
result: {ending: dealt_tonk, winners: [1], net: [-2, 2]}
""")

_add("dealt_recheck", "DEALT-4",
     "A 49 or 50 reached during play is declared as a dealt tonk when the holder's turn begins.",
     hand_patch(F.DealtRecheck),
     """
players: 2
dealer: 1
deal:
  hands:
    - [Ac, 2d, 3h, 4s, 7c]
    - [Kc, Qd, Jh, 9s, 6c]
  upcard: 5d
  stock: [2s, Ts, 3c]
script:
  - act: 0 draw stock
  - act: 0 discard 2s
  - act: 1 draw stock
  - act: 1 discard 6c
  - act: 0 draw stock
  - act: 0 discard 3c
  - expect: {to_act: 1, stage: start, result: null}
""")

_add("dealt_draw_pays_first", "DEALT-2",
     "Two dealt tonks: the first seat holding one is paid as a dealt tonk instead of a draw.",
     hand_patch(F.DealtDrawPaysFirst),
     """
players: 2
dealer: 1
deal:
  hands:
    - [Kc, Qd, Jh, Ts, 9c]
    - [Kd, Qh, Js, Tc, Th]
  upcard: 9d
script: []
result: {ending: dealt_draw, winners: [], net: [0, 0]}
""")

_add("fifty_beats_forty_nine", "DEALT-2", "A dealt 50 beats a dealt 49 instead of making a draw.",
     hand_patch(F.FiftyBeatsFortyNine),
     """
players: 2
dealer: 1
deal:
  hands:
    - [Kc, Qd, Jh, Ts, 9c]
    - [Kd, Qh, Js, Tc, Th]
  upcard: 9d
script: []
result: {ending: dealt_draw, winners: []}
""")

_add("dealt_tonk_single", "PAY-DEALT-1", "A dealt tonk is paid S instead of 2S.",
     Patch(P, "from_each", F.pay_factor("PAY-DEALT-1", Fraction(1, 2))),
     """
players: 2
dealer: 1
deal:
  hands:
    - [Kc, Qd, Jh, Ts, 9c]
    - [Ac, 2d, 3h, 4s, 5c]
  upcard: 9d
script: []
result: {ending: dealt_tonk, winners: [0], net: [2, -2]}
""")

# ============================================================================ payments
_KNOCK_TIE = """
players: 2
dealer: 1
deal:
  hands:
    - [Ac, 2d, 3h, 4s, 5c]
    - [Ad, 2h, 3s, 4c, 5d]
  upcard: 9d
script:
  - act: 0 knock
result: {ending: knock_caught, winners: [1], totals: [15, 15], net: [-3, 3]}
"""

_add("knock_tie_to_knocker", "PAY-KNOCK-3", "A knocker who ties for the lowest total wins.",
     Patch(P, "knock", F.knock_tie_to_knocker), _KNOCK_TIE)

_add("lowest_not_paid_by_knocker", "PAY-CAUGHT-2",
     "When the knocker is caught, the lowest hand collects S from the other non-knockers only.",
     Patch(P, "knock", F.knock_lowest_not_from_knocker), _KNOCK_TIE)

_add("caught_pays_lowest_only", "PAY-CAUGHT-1",
     "A caught knocker pays 2S to the lowest hand only, not to every player at or below the knocker.",
     Patch(P, "knock", F.knock_double_to_lowest_only),
     """
players: 3
dealer: 2
deal:
  hands:
    - [Kc, 5d, 2h, 2s, Ac]
    - [Ad, 2c, 3d, 3h, Ah]
    - [4c, 4d, 3s, 3c, As]
  upcard: 9d
script:
  - act: 0 knock
result: {ending: knock_caught, winners: [1], totals: [20, 10, 15], net: [-5, 4, 1]}
""")

_add("catch_shared", "PAY-CAUGHT-3",
     "On a catch the tied lowest hands share one S from each other player instead of each receiving S.",
     Patch(P, "knock", F.knock_catch_shared),
     """
players: 3
dealer: 2
deal:
  hands:
    - [Kc, 5d, 3s, Ac, 2d]
    - [Ad, Ah, 2c, 3d, 4h]
    - [2h, 2s, 3c, 3h, As]
  upcard: 9d
script:
  - act: 0 knock
result: {ending: knock_caught, winners: [1, 2], totals: [21, 11, 11], net: [-6, 3, 3]}
""")

_add("discard_out_double", "PAY-OUT-2", "Going out by discarding is paid 2S instead of S.",
     Patch(P, "from_each", F.pay_factor("PAY-OUT-2", Fraction(2))),
     """
players: 2
dealer: 1
deal:
  hands:
    - [4c, 5c, 6c, 7c, 8c]
    - [7d, 2d, 3s, 8h, Kh]
  upcard: 5d
  stock: [Ks]
script:
  - act: 0 draw stock
  - act: 0 spread 4c 5c 6c 7c 8c
  - act: 0 discard Ks
result: {ending: out_by_discard, winners: [0], net: [1, -1]}
""")

_TONK_OUT = """
players: 2
dealer: 1
deal:
  hands:
    - [4c, 5c, 6c, 7c, 8c]
    - [7d, 2d, 3s, 8h, Kh]
  upcard: 5d
  stock: [9c]
script:
  - act: 0 draw stock
  - act: 0 spread 4c 5c 6c 7c 8c 9c
result: {ending: tonk_out, winners: [0], net: [2, -2]}
"""

_add("tonk_out_single", "PAY-OUT-1", "Tonking out is paid S instead of 2S.",
     Patch(P, "from_each", F.pay_factor("PAY-OUT-1", Fraction(1, 2))), _TONK_OUT)

_HITS_OUT = """
players: 2
dealer: 1
deal:
  hands:
    - [4c, 5c, 6c, 7c, Jd]
    - [7d, 2d, 3s, 8h, Kh]
  upcard: 5d
  stock: [8c, 2s, 9c]
script:
  - act: 0 draw stock
  - act: 0 spread 4c 5c 6c
  - act: 0 discard Jd
  - act: 1 draw stock
  - act: 1 discard 2s
  - act: 0 draw stock
  - act: 0 hit 7c 0
  - act: 0 hit 8c 0
  - act: 0 hit 9c 0
"""

_add("new_spread_by_default", "PAY-OUT-1",
     "Going out by hits only is paid S under the seed rules (the new-spread double applied by default).",
     hand_patch(F.NewSpreadByDefault),
     _HITS_OUT + "result: {ending: tonk_out, winners: [0], net: [2, -2]}\n")

_add("new_spread_any_turn", "VAR-NEWSPREAD-1",
     "Under new-spread double, a spread laid in an earlier turn earns the double.",
     hand_patch(F.NewSpreadAnyTurn),
     "ruleset: {options: {tonk_out_double: new_spread}}\n" + _HITS_OUT
     + "result: {ending: tonk_out, winners: [0], net: [1, -1]}\n")

_add("knock_win_double", "PAY-KNOCK-2", "A winning knocker receives 2S instead of S.",
     Patch(P, "from_each", F.pay_factor("PAY-KNOCK-2", Fraction(2))),
     LOW_KNOCK + """
script:
  - act: 0 knock
result: {ending: knock_won, winners: [0], net: [1, -1]}
""")

_add("stock_tie_pays_nobody", "PAY-STOCK-2", "A tie for the lowest total at the empty stock pays nobody.",
     Patch(P, "stock_out", F.stock_out_tie_dead),
     _long_stock(TIE_HANDS, script_tail="  - act: 1 draw stock\n",
                 result="result: {ending: stock_out, winners: [1, 2], net: [-2, 3, 3, -2, -2]}\n"))

_add("stock_out_double", "PAY-STOCK-1", "The lowest total at the empty stock is paid 2S instead of S.",
     Patch(P, "from_each", F.pay_factor("PAY-STOCK-1", Fraction(2))),
     _long_stock(ONE_LOW_HANDS, script_tail="  - act: 1 draw stock\n",
                 result="result: {ending: stock_out, winners: [1], net: [-1, 4, -1, -1, -1]}\n"))

_add("net_not_zero", "STAKE-2", "Each payment is credited to the payee but never debited from the payer.",
     Patch(_HAND, "net_of", F.net_payee_only),
     LOW_KNOCK + """
script:
  - act: 0 knock
result: {ending: knock_won, net: [1, -1]}
""")

_add("stake_ignored", "STAKE-1", "Payments are made in units of 1 whatever the stake.",
     hand_patch(F.StakeIgnored),
     LOW_KNOCK + """
stake: 3
script:
  - act: 0 knock
result: {ending: knock_won, net: [3, -3]}
""")

_add("split_rounded", "STAKE-2", "A split payment is rounded down to a whole amount instead of kept exact.",
     Patch(P, "split_among", F.split_rounded),
     """
ruleset: {options: {max_players: 4, dealt_tonks: split}}
players: 4
dealer: 3
deal:
  hands:
    - [Kc, Kd, Kh, Ks, 9c]
    - [Qc, Qd, Qh, Qs, Tc]
    - [Jc, Jd, Jh, Js, 9d]
    - [Ac, 2c, 3c, 4c, 5d]
  upcard: 9h
script: []
result: {ending: dealt_tonk, winners: [0, 1, 2], net: ["2/3", "2/3", "2/3", -2]}
""")

# ============================================================================ counting
_add("held_spreads_not_counted", "CARD-4",
     "Spreads still held in the hand are left out of the total (deadwood counting) under the seed rules.",
     hand_patch(F.HeldSpreadsNotCounted),
     """
players: 2
dealer: 1
deal:
  hands:
    - [4c, 5c, 6c, Ad, 2d]
    - [2h, 3s, 4h, Ah, 4d]
  upcard: 9d
script:
  - act: 0 knock
result: {ending: knock_caught, winners: [1], totals: [18, 14]}
""")

_add("laid_spreads_counted", "CARD-4", "The cards of a player's spreads on the table count against the player.",
     hand_patch(F.LaidSpreadsCounted),
     """
players: 2
dealer: 1
deal:
  hands:
    - [4c, 5c, 6c, Ad, 2d]
    - [2h, 3s, 4h, Ah, 4d]
  upcard: 9d
  stock: [Ac, Kd]
script:
  - act: 0 draw stock
  - act: 0 spread 4c 5c 6c
  - act: 0 discard Ac
  - act: 1 draw stock
  - act: 1 discard Kd
  - act: 0 knock
result: {ending: knock_won, winners: [0], totals: [3, 14]}
""")


def _face_ranked(rules: Ruleset, c: Compiled) -> None:
    if rules.face_values == "10-10-10":
        rank_values(c, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])


def _ace_eleven(rules: Ruleset, c: Compiled) -> None:
    rank_values(c, [11, 2, 3, 4, 5, 6, 7, 8, 9, 10, *_faces(rules)])


_FACE_KNOCK = """
players: 2
dealer: 1
deal:
  hands:
    - [Kc, Ad, 2d, 3d, 4d]
    - [Jh, 5s, 2s, 2h, Ah]
  upcard: 9d
script:
  - act: 0 knock
result: {ending: knock_caught, winners: [1], totals: [20, 20]}
"""

_add("face_cards_ranked", "CARD-3", "Jacks, queens and kings count 11, 12 and 13 instead of 10.",
     compiled_patch(_face_ranked), _FACE_KNOCK)

_add("ace_counts_eleven", "CARD-3", "An ace counts 11 instead of 1.", compiled_patch(_ace_eleven), _FACE_KNOCK)

# ============================================================================ observations
_add("discard_pile_visible", "OBS-1", "Observations show the whole discard pile, not only its top card.",
     Patch(_SERVICE, "observation_to_json", F.observation_with_pile),
     BASE + """
script:
  - act: 0 draw stock
  - act: 0 discard 9d
  - observe: {seat: 1, expect: {discard_top: 9d, hidden: [5d]}}
""")

_add("left_hand_visible", "OBS-2", "A seat's observation shows the hand of the player to its left.",
     Patch(_SERVICE, "observation_to_json", F.observation_left_hand),
     BASE + """
script:
  - observe: {seat: 1, expect: {hand: [7c, 2d, 3s, 8h, Kh], hidden: [4c, 5c, 6c, Jd, 9d]}}
""")

_add("hands_hidden_after_knock", "OBS-3", "After a knock the other players' hands stay hidden.",
     Patch(_SERVICE, "observation_to_json", F.observation_hidden_after_knock),
     LOW_KNOCK + """
script:
  - act: 0 knock
  - observe: {seat: 1, expect: {hands: [[Ac, 2d, 3h, 4s, 5c], [Kc, Qd, Jh, 8s, 9c]]}}
""")

_add("hands_shown_after_going_out", "OBS-2",
     "Every hand is shown to every player after any ending, going out included.",
     Patch(_SERVICE, "observation_to_json", F.observation_shown_after_out),
     """
players: 3
dealer: 2
deal:
  hands:
    - [4c, 5c, 6c, 7c, 8c]
    - [7d, 2d, 3s, 8h, Kh]
    - [Ad, 3d, 9s, Th, Qc]
  upcard: 5d
  stock: [9c]
script:
  - act: 0 draw stock
  - act: 0 spread 4c 5c 6c 7c 8c 9c
  - observe: {seat: 1, expect: {hidden: [Ad, 3d, 9s, Th, Qc]}}
result: {ending: tonk_out}
""")

# ============================================================================ the stock
_add("last_stock_card_ends", "STOCK-1", "Drawing the last card of the stock ends the hand.",
     hand_patch(F.LastStockCardEnds),
     _long_stock(TIE_HANDS).replace("  - act: 0 discard Ks", "  - expect: {stage: drawn, stock_count: 0, "
                                    "result: null}\n  - act: 0 discard Ks"))

_add("empty_stock_reshuffles", "STOCK-2",
     "Drawing from the empty stock turns the discard pile over into a new stock under the seed rules.",
     hand_patch(F.EmptyStockReshuffles),
     _long_stock(TIE_HANDS, script_tail="  - act: 1 draw stock\n", result="result: {ending: stock_out}\n"))

_add("reshuffle_reversed", "STOCK-3",
     "Under reshuffle the pile becomes the new stock without being turned over (its top card first).",
     hand_patch(F.ReshuffleReversed),
     _long_stock(TIE_HANDS, "empty_stock: reshuffle",
                 script_tail="  - act: 1 draw stock\n  - expect: {discard_top: Ks, stock_count: 5, "
                             "hands: {1: [Ac, Ad, 2c, 2d, 3c, 3d, 4c, 4d, 5c, Qd]}}\n"))

# ============================================================================ the match
_add("cut_ace_high", "DEALER-1", "In the cut for the first deal the ace ranks high.",
     Patch(M, "rank_of", F.cut_rank_ace_high),
     BASE + """
script:
  - call: {method: cut, params: {cards: [Ac, Kd]}, expect: {dealer: 1}}
""")

_add("cut_all_recut", "DEALER-1", "On a tie for the highest cut card every player cuts again.",
     Patch(M, "cut", F.cut_all_recut),
     BASE3 + """
script:
  - call: {method: cut, params: {cards: [Kc, Kd, 5h, 2c, 3c, 4c]}, expect: {dealer: 1}}
""")

_add("next_dealer_right", "DEALER-2", "After a hand the deal passes to the right.",
     Patch(M, "next_dealer", F.next_dealer_right),
     BASE3 + """
script:
  - call: {method: next_dealer, params: {dealer: 0, result: {ending: knock_won, winners: [2]}}, expect: {dealer: 1}}
""")

_add("join_at_left", "DEALER-3", "A joining player sits at the dealer's left.", Patch(M, "join", F.join_at_left),
     BASE + """
script:
  - call: {method: join, params: {dealer: 1}, expect: {players: 3, dealer: 2, seat: 1}}
""")

_add("dealer_stays_after_draw", "DEALER-4", "After a dealt draw the same dealer deals again.",
     Patch(M, "next_dealer", F.next_dealer_same_after_draw),
     BASE + """
script:
  - call: {method: next_dealer, params: {dealer: 0, result: {ending: dealt_draw, winners: []}}, expect: {dealer: 1}}
""")


# ============================================================================ variations
def _forced_off(rules: Ruleset, c: Compiled) -> None:
    c.forced = False
    c.plain = not (c.counters or rules.must_use_taken)


_FORCED = """
ruleset: {options: {forced_spreads: true}}
players: 2
dealer: 1
deal:
  hands:
    - [4c, 5c, 6c, Jd, 9d]
    - [7d, 2d, 3s, 8h, Kh]
  upcard: 5d
  stock: [Ks]
"""

_add("forced_spreads_ignored", "VAR-FORCED-1", "Under forced spreads a player may keep a spread in hand.",
     compiled_patch(_forced_off),
     _FORCED + """
script:
  - act: 0 draw stock
  - act: 0 discard 9d
    reject: forced_spread
""")

_add("forced_three_aces", "VAR-FORCED-1", "Under forced spreads a book of three aces must be laid too.",
     Patch(_HAND, "has_forced_spread", F.has_forced_three_aces),
     """
ruleset: {options: {forced_spreads: true}}
players: 2
dealer: 1
deal:
  hands:
    - [Ac, Ad, Ah, Jd, 9d]
    - [7d, 2d, 3s, 8h, Kh]
  upcard: 5d
  stock: [Ks]
script:
  - act: 0 draw stock
  - act: 0 discard 9d
  - expect: {to_act: 1}
""")

_add("forced_knock_allowed", "VAR-FORCED-2", "Under forced spreads a player holding a spread may knock.",
     hand_patch(F.ForcedKnockAllowed),
     _FORCED + """
script:
  - act: 0 knock
    reject: forced_spread
""")

_add("must_use_not_enforced", "VAR-MUSTUSE-1",
     "Under must_use_taken the player need not use the taken discard before discarding.",
     hand_patch(F.MustUseNotEnforced),
     """
ruleset: {options: {must_use_taken: true}}
players: 2
dealer: 1
deal:
  hands:
    - [4c, 5c, Jd, 9d, Kh]
    - [7d, 2d, 3s, 8h, Qh]
  upcard: 6c
script:
  - act: 0 draw discard
  - act: 0 discard Jd
    reject: must_use_taken
""")

_add("hit_lock_ignored", "VAR-HITLOCK-1", "Under hit_lock a hit on a player's spread does not lock their knock.",
     hand_patch(F.HitLockIgnored),
     """
ruleset: {options: {hit_lock: 1}}
""" + BASE + """
script:
  - act: 0 draw stock
  - act: 0 spread 4c 5c 6c
  - act: 0 discard Ks
  - act: 1 draw stock
  - act: 1 hit 7c 0
  - act: 1 discard 2s
  - act: 0 knock
    reject: hit_lock
""")

_add("knock_limit_strict", "VAR-KNOCKLIMIT-1", "Under knock_limit a knock needs a total below the limit.",
     hand_patch(F.KnockLimitStrict),
     """
ruleset: {options: {knock_limit: 10}}
players: 2
dealer: 1
deal:
  hands:
    - [Ac, Ad, 2h, 3s, 3c]
    - [Kc, Qd, Jh, 8s, 9c]
  upcard: 9d
script:
  - act: 0 knock
result: {ending: knock_won, winners: [0]}
""")

_add("eat_by_discarder", "VAR-EAT-1", "Under eating the player who just discarded may take the discard back.",
     hand_patch(F.EatByDiscarder),
     """
ruleset: {options: {eating: true}}
players: 3
dealer: 2
deal:
  hands:
    - [4c, 5c, 6c, Jd, 9d]
    - [7c, 2d, 3s, 8h, Kh]
    - [Ac, 3d, 9s, Th, Qc]
  upcard: 5d
  stock: [Ks]
script:
  - act: 0 draw stock
  - act: 0 discard 9d
  - act: 0 draw discard
    reject: not_your_turn
""")

_add("low_knock_bonus_strict", "VAR-LOWKNOCK-1", "Under low_knock_bonus a knock at exactly 13 earns no bonus.",
     Patch(P, "knock", F.knock_low_bonus_strict),
     """
ruleset: {options: {low_knock_bonus: 13}}
players: 2
dealer: 1
deal:
  hands:
    - [Ac, 2d, 3h, 3s, 4c]
    - [Kc, Qd, Jh, 8s, 9c]
  upcard: 9d
script:
  - act: 0 knock
result: {ending: knock_won, winners: [0], net: [2, -2]}
""")


def _deck40_gap(rules: Ruleset, c: Compiled) -> None:
    if rules.deck == 40:
        replace_geometry(c, pos=tuple(range(13)), top=12)


_add("deck40_jack_not_after_seven", "VAR-DECK40-1", "In the 40-card pack a run does not go from the seven to the jack.",
     compiled_patch(_deck40_gap),
     """
ruleset: {options: {deck: 40}}
players: 2
dealer: 1
deal:
  hands:
    - [6c, 7c, Jc, 2d, 3d]
    - [Ah, 2h, 4s, 5s, Qd]
  upcard: 5d
  stock: [Ks]
script:
  - act: 0 draw stock
  - act: 0 spread 6c 7c Jc
  - expect: {spreads: [{owner: 0, kind: run, cards: [6c, 7c, Jc]}]}
""")


def _joker_zero(rules: Ruleset, c: Compiled) -> None:
    if rules.jokers and rules.joker_value == 15:
        rank_values(c, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, *_faces(rules)], joker=0)


_add("joker_counts_zero", "VAR-JOKER-2", "A joker left in the hand counts 0 instead of joker_value.",
     compiled_patch(_joker_zero),
     """
ruleset: {options: {jokers: 2}}
players: 2
dealer: 1
deal:
  hands:
    - [X1, Ac, 2d, 3h, 4s]
    - [5c, 6d, 7h, Js, Qc]
  upcard: 9d
script:
  - act: 0 knock
result: {ending: knock_won, winners: [0], totals: [25, 38]}
""")


def _deuces_plain(rules: Ruleset, c: Compiled) -> None:
    if rules.deuces_wild:
        wild = JOKER_MASK if rules.jokers else 0
        replace_geometry(c, wild=wild, simple=not wild and rules.deck == 52)


_add("deuces_not_wild", "VAR-DEUCES-1", "Under deuces_wild a two is only a two.", compiled_patch(_deuces_plain),
     """
ruleset: {options: {deuces_wild: true}}
players: 2
dealer: 1
deal:
  hands:
    - [2c, 7d, 7h, Jd, 9d]
    - [4c, 5h, 3s, 8h, Kh]
  upcard: 5d
  stock: [Ks]
script:
  - act: 0 draw stock
  - act: 0 spread 2c 7d 7h
  - expect: {spreads: [{owner: 0, kind: book, cards: [2c, 7d, 7h]}]}
""")


# ============================================================================ access
CATALOG: dict[str, Mutant] = {m.name: m for m in _MUTANTS}
if len(CATALOG) != len(_MUTANTS):  # pragma: no cover - a catalog editing error
    raise RuntimeError("two mutants share a name")


def names() -> list[str]:
    return list(CATALOG)


def get(name: str) -> Mutant:
    try:
        return CATALOG[name]
    except KeyError:
        raise KeyError(f"unknown mutant {name!r}; known mutants: {', '.join(CATALOG)}") from None


class MutantError(Exception):
    """The factory was asked for a mutant that is not in the catalog."""


def adapter() -> MutantAdapter:
    """Factory for ``--tonk-adapter=tonk_ref.mutants.catalog:adapter``: the reference
    engine with the mutant named by the environment variable TONK_MUTANT active
    (``TONK_MUTANT=none``: the reference engine itself)."""
    name = os.environ.get(ENV, "").strip()
    if not name:
        raise MutantError(f"set {ENV} to a mutant name (or 'none'); known mutants: {', '.join(CATALOG)}")
    if name == "none":
        return MutantAdapter(None)
    if name not in CATALOG:
        raise MutantError(f"{ENV}={name!r} is not a mutant of the catalog; known mutants: {', '.join(CATALOG)}")
    return MutantAdapter(CATALOG[name])

