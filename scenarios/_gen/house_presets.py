"""Cases under the presets hoyle-tunk, online and online-reem (spec/rulesets/), a few each: the
options they set, working together.  Seats: A = 0, B = 1, C = 2, D = 3."""

from __future__ import annotations

from scenarios._gen.make.case import Case
from scenarios._gen.model import STANDARD

HT = "hoyle-tunk"
ON = "online"
OR = "online-reem"
B7 = "Kc Qd Jh 4s 8c 3d 6c"  # seven cards, no spread: 51


def hoyle() -> list[Case]:
    dry6 = " ".join(f"{s} draw stock; {s} discard {c};" for s, c in zip(
        [0, 1, 2, 3, 4, 5, 0, 1, 2], "5s 6s 7s 8s 9s Ts Js Qs Ks".split(), strict=True)) + " 3 draw stock"
    return [
        Case("house-preset-hoyle-tunk-tunk-after-drawing-2p",
             "hoyle-tunk: A may not tunk before drawing; after drawing 9s A tunks, discarding Ac, with nothing "
             "unmatched",
             ["TURN-3", "VAR-KNOCKLIMIT-1", "CARD-4", "VAR-DEUCES-1", "VAR-POINTS-1", "PAY-KNOCK-2"], 2, 1,
             ["0 knock !knock_timing; 0 draw stock; 0 knock Ac", {"score": [0, 0]}],
             hands=["5h 6h 7h 9c 9d Ac 2s", B7], upcard="Qs", stock="9s", preset=HT, ending="knock_won",
             totals=[0, 51], net=[1, -1],
             notes="A keeps 5h 6h 7h, 9c 9d 9s and the wild 2s, which joins either: every card is matched. "
                   "For points B adds 51 unmatched."),
        Case("house-preset-hoyle-tunk-five-or-less-2p",
             "hoyle-tunk: after drawing, A may tunk keeping 4c (4 unmatched) but not keeping Kd (10)",
             ["VAR-KNOCKLIMIT-1", "CARD-4", "VAR-POINTS-1", "DEALT-1"], 2, 1,
             ["@", "0 draw stock; 0 knock 4c !knock_limit; 0 knock Kd", {"score": [40, 60]}],
             hands=["5h 6h 7h 9c 9d 4c Kd", B7], upcard="Qs", stock="9s", preset=HT, ending="knock_won",
             totals=[4, 51], net=[1, -1],
             notes="A's seven cards total 50, which is no dealt tonk under this preset (dealt_tonk = none). "
                   "B adds 51 and reaches 111: B leaves the match."),
        Case("house-preset-hoyle-tunk-two-natural-cards-2p",
             "hoyle-tunk: a set must hold two natural cards, so 7h 2c 2d is refused and 7h 7d 2c laid",
             ["VAR-WILD-1", "VAR-DEUCES-1"], 2, 1,
             ["0 draw stock; 0 spread 7h 2c 2d !not_a_spread; 0 spread 7h 7d 2c; 0 discard Ks", "@@"],
             hands=["7h 7d 2c 2d 9c Jd Kd", "Ac 3d 4s 5c 8h Th Qs"], upcard="Qh", stock="Ks", preset=HT,
             over=False),
        Case("house-preset-hoyle-tunk-caught-tunker-3p",
             "hoyle-tunk: A tunks with 5 unmatched and B has 3: A is caught and scores double",
             ["VAR-POINTS-1", "CARD-4", "PAY-CAUGHT-1", "PAY-CAUGHT-2"], 3, 2,
             ["0 draw stock; 0 knock Kd", {"score": [20, 0, 30]}],
             hands=["5h 6h 7h 9c 9d 9s 5c", "Ac Ad Ah 3s Jc Jd Jh", "4c 8d Qs Ks 6s 8h Tc"], upcard="Qh",
             stock="Kd", preset=HT, ending="knock_caught", totals=[5, 3, 56], net=[-3, 4, -1],
             notes="Unmatched: A 5c = 5; B 3s = 3 (aces and jacks matched); C 56. For points A adds 10, "
                   "C 56, B nothing."),
        Case("house-preset-hoyle-tunk-full-last-turns-3p",
             "hoyle-tunk with after_knock = one_turn_each and scoring = points_all: B and C play a last "
             "turn, then every count is scored",
             ["PAY-KNOCK-1", "VAR-POINTS-1", "PAY-CAUGHT-1", "PAY-CAUGHT-2"], 3, 2,
             ["0 draw stock; 0 knock Kd", "@", "1 knock Jc !knock_timing", "1 draw stock; 1 discard 2c",
              "2 draw stock; 2 discard 3c", {"score": [20, 0, 30]}],
             hands=["5h 6h 7h 9c 9d 9s 5c", "Ac Ad Ah 3s Jc Jd Jh", "4c 8d Qs Ks 6s 8h Tc"], upcard="Qh",
             stock="Kd", preset=HT, options={"after_knock": "one_turn_each", "scoring": "points_all"},
             ending="knock_caught", totals=[5, 3, 56], net=[-3, 4, -1],
             notes="Bicycle's page in full: 'Each other player then has one turn to draw, take the discard, "
                   "meld, lay off on the tunker's melds, and discard', and 'the count of each player's "
                   "unmatched cards is scored against them'. For points A adds 10, B 3 and C 56."),
        Case("house-preset-hoyle-tunk-stock-exhausted-6p",
             "hoyle-tunk: six players of seven cards; when the stock is exhausted the hand is dead",
             ["STOCK-3", "VAR-HANDSIZE-1", "GAME-2"], 6, 5, [dry6], deck=" ".join(STANDARD), preset=HT,
             ending="stock_out", winners=[], net=[0, 0, 0, 0, 0, 0],
             notes="A new deck, unshuffled: 42 cards dealt, 4s turned up, nine left in the stock."),
        Case("house-preset-hoyle-tunk-dealt-49-is-played-2p",
             "hoyle-tunk: seven cards totalling 49 are no dealt tonk; the hand is played",
             ["DEALT-1", "VAR-HANDSIZE-1"], 2, 1, ["@", "0 draw stock; 0 discard Ks", "@"],
             hands=["Kc Qd Jh 9s 6c 3d Ac", "2c 4d 5h 7s 8c Td 3h"], upcard="Qh", stock="Ks", preset=HT,
             over=False),
    ]


def online() -> list[Case]:
    return [
        Case("house-preset-online-hit-lock-2p",
             "online: B hits Jh on A's 5-6-7 (the jack follows the seven); A may not knock on the next turn",
             ["VAR-HITLOCK-1", "VAR-DECK40-1", "PAY-KNOCK-2"], 2, 1,
             ["0 draw stock; 0 spread 5h 6h 7h; 0 discard Ks", "1 draw stock; 1 hit Jh 0; 1 discard Kc",
              "0 knock !hit_lock; 0 draw stock; 0 discard 4s", "1 draw stock; 1 discard 5s", "0 knock"],
             hands=["5h 6h 7h 2c 3c", "Jh 4d 6d Qd Kd"], upcard="Qs", stock="Ks Kc 4s 5s", preset=ON,
             ending="knock_won", totals=[5, 30], net=[1, -1]),
        Case("house-preset-online-knock-limit-2p",
             "online: A may knock only with 10 or less: refused at 17 and 12, accepted at 9",
             ["VAR-KNOCKLIMIT-1", "PAY-KNOCK-2"], 2, 1,
             ["0 knock !knock_limit; 0 draw stock; 0 discard 6s", "1 draw stock; 1 discard Kc",
              "0 knock !knock_limit; 0 draw stock; 0 discard 5h", "1 draw stock; 1 discard Qc", "0 knock"],
             hands=["Ac 2c 3d 5h 6s", "Jc Qd Kh 4c 7s"], upcard="Qs", stock="As Kc 2s Qc", preset=ON,
             ending="knock_won", totals=[9, 41], net=[1, -1]),
        Case("house-preset-online-caught-4p",
             "online: A knocks with 10 and B has 8: A pays B double, and nobody else pays",
             ["PAY-CAUGHT-1", "PAY-CAUGHT-2", "VAR-KNOCKLIMIT-1", "GAME-2"], 4, 3, ["0 knock"],
             hands=["Ac Ad 2c 3c 3d", "Ah As 2d 2h 2s", "3h 3s 4c 4d 4h", "Jc Qd Kh 5s 5c"], upcard="6h",
             preset=ON, ending="knock_caught", totals=[10, 8, 18, 40], net=[-2, 2, 0, 0],
             notes="caught_payment = double_lowest_only. Under the seed scheme the net would be -3, +5, -1, -1."),
        Case("house-preset-online-forty-card-pack-2p",
             "online: 29 cards are left in the stock; 6c 7c Jc Qc is a run",
             ["VAR-DECK40-1", "CARD-1", "SPREAD-3"], 2, 1,
             ["@", "0 draw stock; 0 spread 6c 7c Jc Qc; 0 discard 3d", "@@"],
             hands=["6c 7c Jc 2d 3d", "4h 5h Kh Ks Kd"], upcard="Qs", stock="Qc", preset=ON, over=False),
    ]


def online_reem() -> list[Case]:
    """The table of an online engine with the reem (spec/rulesets/online-reem.yaml): a 40-card
    pack, no upcard, and the rules of online engines."""
    return [
        Case("house-preset-online-reem-reem-2p",
             "online-reem: A lays 4h 5h 6h, then Jc Jd Js on the next turn: a reem, paid double",
             ["VAR-REEM-1", "VAR-NOUP-1", "PAY-OUT-1"], 2, 1,
             ["@", "0 draw stock; 0 spread 4h 5h 6h; 0 discard 2s", "1 draw stock; 1 discard 7c",
              "0 draw stock; 0 spread Jc Jd Js"],
             hands=["4h 5h 6h Jc Jd", "2c 3d 5s 6d Kd"], stock="2s 7c Js", preset=OR,
             ending="reem", net=[2, -2]),
        Case("house-preset-online-reem-drop-after-drawing-2p",
             "online-reem: A draws, lays 5c 6c 7c and drops without a discard, judged on Ad 2s 3h",
             ["VAR-KNOCKHELD-1", "TURN-3", "PAY-KNOCK-2"], 2, 1,
             ["0 draw stock; 0 spread 5c 6c 7c; 0 knock"],
             hands=["5c 6c 7c Ad 2s", "Jd Jc 4s 4h 6d"], stock="3h", preset=OR,
             ending="knock_won", totals=[6, 34], net=[1, -1]),
        Case("house-preset-online-reem-hit-then-discard-first-3p",
             "online-reem: B's hit ends B's turn; C discards without drawing; A takes C's discard",
             ["VAR-HITEND-1", "VAR-NODRAW-1", "TURN-7"], 3, 2,
             ["0 draw stock; 0 spread 5c 6c 7c; 0 discard Kd", "1 draw stock; 1 hit 4c 0", "@",
              "2 discard Qh", "0 draw discard; 0 discard Qh", "@@"],
             hands=["5c 6c 7c Kd 2s", "4c Jd Jh 3h 6s", "Ac As 2h 3d Qh"], stock="2d 4d", preset=OR,
             over=False, notes="discard_taken = true: A may throw back the card it took."),
        Case("house-preset-online-reem-shared-drop-3p",
             "online-reem: A drops with 10 and B holds 10: A and B share C's stake",
             ["VAR-KNOCKTIE-1", "STAKE-2", "PAY-KNOCK-1"], 3, 2, ["0 knock"],
             hands=["Ac Ad 2c 3c 3d", "Ah As 2d 2h 4s", "Jc Qd Kh 5s 5c"], preset=OR,
             ending="knock_tie", winners=[0, 1], totals=[10, 10, 40], net=["1/2", "1/2", -1]),
        Case("house-preset-online-reem-special-41-2p",
             "online-reem: A declares Kc Qc Jd 7d 4s, 41, and wins triple",
             ["VAR-SPECIAL-1"], 2, 1, ["0 declare"],
             hands=["Kc Qc Jd 7d 4s", "Jc 2d 3h 6s 5c"], preset=OR,
             ending="special_hand", totals=[41, 26], net=[3, -3]),
    ]


def cases() -> list[Case]:
    return [*hoyle(), *online(), *online_reem()]
