"""scenarios/pack40: a table of 40 cards with no upcard and a dealt tonk on 50 only
(``deck: 40, upcard: false, dealt_tonk: "50"``), case by case through every section that
table plays: the deal, dealt 50s, the first turns without a discard pile, refusals, spreads
and hits across the gap where the eights, nines and tens were, knocks and their payments,
going out, the empty stock and what each seat sees.

Every case is played under that table's own rules, so an engine that plays only that
table runs it as written.  The figures each row states (totals, net results) are worked
out here from the rules text: a card's value (CARD-3), the knock's settlement (PAY-KNOCK-1
to PAY-CAUGHT-3, worked payments W6-W10), the empty stock's (PAY-STOCK-1, PAY-STOCK-2,
W11-W12), the tonks' doubles (PAY-DEALT-1, PAY-OUT-1, PAY-OUT-2).  The model checks each
against the script (make/table.py) and the corpus tests run every case on the reference
engine.  Seats: A = 0, B = 1, C = 2; the seat before 0 deals unless a row says otherwise.

With this pack a dealt 49 cannot exist (it would need a nine); a dealt 50 is five faces.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from scenarios._gen.make.files import Doc
from scenarios._gen.make.play import Play
from scenarios._gen.make.play import drain as drain_stock
from scenarios._gen.make.table import Deal, build

F = "pack40"
#: The table every case of the folder is played under.
TABLE: dict[str, Any] = {"deck": 40, "upcard": False, "dealt_tonk": "50"}
RANKS40 = "A234567JQK"
PACK40 = [r + s for s in "cdhs" for r in RANKS40]  # code order of the 40-card pack
FACES = ["Jc", "Qc", "Kc", "Jd", "Qd", "Kd", "Jh", "Qh", "Kh", "Js", "Qs", "Ks"]


# ------------------------------------------------------------------------------ figures by hand
def value(card: str) -> int:
    """CARD-3: an ace 1, a two to a seven its number, a jack, queen or king 10."""
    r = card[0]
    return 1 if r == "A" else 10 if r in "JQK" else int(r)


def tot(cards: str) -> int:
    return sum(value(c) for c in cards.split())


def amount(a: Fraction) -> int | str:
    return int(a) if a.denominator == 1 else f"{a.numerator}/{a.denominator}"


def knock_result(knocker: int, totals: list[int], stake: int = 1) -> dict[str, Any]:
    """A knock under the seed rules: the lowest knocker wins S from each (D6); otherwise
    it pays 2S to each player as low or lower (PAY-CAUGHT-1) and each lowest other hand
    receives S from every player not tied with it (PAY-CAUGHT-2, PAY-CAUGHT-3, D4, D5)."""
    n = len(totals)
    others = [p for p in range(n) if p != knocker]
    low = min(totals[p] for p in others)
    net = [Fraction(0)] * n
    s = Fraction(stake)
    if totals[knocker] < low:
        for p in others:
            net[p] -= s
            net[knocker] += s
        return {"ending": "knock_won", "winners": [knocker], "totals": totals, "net": [amount(a) for a in net]}
    lowest = [p for p in others if totals[p] == low]
    for p in others:
        if totals[p] <= totals[knocker]:
            net[knocker] -= 2 * s
            net[p] += 2 * s
    for w in lowest:
        for q in range(n):
            if q not in lowest:
                net[q] -= s
                net[w] += s
    return {"ending": "knock_caught", "winners": lowest, "totals": totals, "net": [amount(a) for a in net]}


def low_result(totals: list[int], stake: int = 1) -> dict[str, Any]:
    """The empty stock: the lowest total receives S from each other player (PAY-STOCK-1);
    tied lowest players each receive S from every player not tied (PAY-STOCK-2, D9)."""
    n = len(totals)
    low = min(totals)
    lowest = [p for p in range(n) if totals[p] == low]
    net = [0] * n
    for w in lowest:
        for q in range(n):
            if q not in lowest:
                net[q] -= stake
                net[w] += stake
    return {"ending": "stock_out", "winners": lowest, "totals": totals, "net": net}


def from_each(winner: int, n: int, amount_each: int) -> list[int]:
    return [amount_each * (n - 1) if p == winner else -amount_each for p in range(n)]


# ------------------------------------------------------------------------------ rows
def row(
    cid: str,
    title: str,
    rules: list[str],
    deal: Deal,
    steps: list[Any],
    *,
    stake: int | None = None,
    result: dict[str, Any] | None = None,
    notes: str | None = None,
) -> Doc:
    return build(F, f"pack40-{cid}", title, [*rules, "VAR-DECK40-1"], deal, steps, options=dict(TABLE),
                 stake=stake, result=result, notes=notes)


def two(a: str, b: str, stock: str = "", dealer: int = 1, tonk: bool = False) -> Deal:
    return Deal(2, dealer, [a, b], None, stock, dealt_tonk=tonk)


def three(a: str, b: str, c: str, stock: str = "", dealer: int = 2, tonk: bool = False) -> Deal:
    return Deal(3, dealer, [a, b, c], None, stock, dealt_tonk=tonk)


def permuted(players: int, dealer: int, multiplier: int, offset: int) -> Deal:
    """The deal of the deck whose i-th card is PACK40[(multiplier * i + offset) % 40]: the
    hands as DEAL-1 deals them, the rest as the stock (there is no upcard)."""
    order = [PACK40[(multiplier * i + offset) % 40] for i in range(40)]
    assert len(set(order)) == 40, (multiplier, offset)
    hands: list[list[str]] = [[] for _ in range(players)]
    for i in range(5 * players):
        hands[(dealer + 1 + i) % players].append(order[i])
    return Deal(players, dealer, [" ".join(h) for h in hands], None, " ".join(order[5 * players:]))


# ------------------------------------------------------------------------------ the deal
def deal_cases() -> list[Doc]:
    out = []
    for players, dealer, m, o in ((2, 0, 7, 3), (2, 1, 11, 5), (2, 1, 3, 17), (2, 0, 13, 8), (3, 0, 17, 1),
                                  (3, 1, 19, 9), (3, 2, 21, 30), (3, 2, 23, 14), (3, 1, 27, 22), (3, 0, 29, 37),
                                  (2, 0, 31, 11), (2, 1, 33, 26), (3, 2, 37, 5), (3, 0, 39, 19)):
        deal = permuted(players, dealer, m, o)
        first = (dealer + 1) % players
        drawn = deal.stock[0]
        stock = 40 - 5 * players
        out.append(row(
            f"deal-{players}p-dealer-{dealer}-deck-{m}-{o}",
            f"{players} players, seat {dealer} deals 5 cards each from the 40-card pack: {stock} cards are left in "
            f"the stock, no upcard; seat {first} draws {drawn} from its top",
            ["DEAL-1", "DEAL-2", "DEAL-3", "VAR-NOUP-1", "CARD-1", "TURN-1", "TURN-9"], deal,
            ["=", f"{first} draw discard !discard_pile_empty", f"{first} draw stock", f"{first} discard {drawn}", "="],
        ))
    return out


# ------------------------------------------------------------------------------ dealt 50
def dealt_cases() -> list[Doc]:
    fives = ["Jc Qc Kc Jd Qd", "Kd Jh Qh Kh Js", "Qs Ks Jc Qd Kh"]
    low = ["Ac 2d 3h 4s 5c", "6d 7h Ad 2s 3c", "4d 5h 6s 7c Ah"]
    out = []
    for dealer, seat in ((1, 0), (1, 1), (0, 0), (0, 1)):
        hands = [low[0], low[1]]
        hands[seat] = fives[0]
        for stake in (1, 3):
            out.append(row(
                f"dealt-50-seat-{seat}-dealer-{dealer}-2p" + ("" if stake == 1 else f"-stake-{stake}"),
                f"Seat {seat} is dealt five faces, 50: a dealt tonk, paid 2S by the other player (S = {stake})",
                ["DEALT-1", "PAY-DEALT-1", "DEALT-3", "OBS-3"], two(hands[0], hands[1], dealer=dealer, tonk=True),
                [f"?{1 - seat}*"], stake=stake,
                result={"ending": "dealt_tonk", "winners": [seat], "net": from_each(seat, 2, 2 * stake)},
            ))
    for seat in (0, 1, 2):
        hands = list(low)
        hands[seat] = fives[1]
        out.append(row(
            f"dealt-50-seat-{seat}-3p",
            f"Three players: seat {seat} is dealt 50 and receives 2S from each of the others"
            + (" (the dealer is checked too)" if seat == 2 else ""),
            ["DEALT-1", "PAY-DEALT-1", "DEALT-3", "OBS-3"],
            three(hands[0], hands[1], hands[2], tonk=True), [f"?{(seat + 1) % 3}*"],
            result={"ending": "dealt_tonk", "winners": [seat], "net": from_each(seat, 3, 2)},
        ))
    out.append(row(
        "dealt-50-and-50-2p", "Both players are dealt 50: a dealt draw, nobody pays",
        ["DEALT-2", "DEALT-1", "OBS-3"], two(fives[0], "Kd Jh Qh Kh Js", tonk=True), ["?0*", "?1*"],
        result={"ending": "dealt_draw", "winners": [], "net": [0, 0]},
    ))
    for pair in ((0, 1), (1, 2), (0, 2)):
        hands = list(low)
        hands[pair[0]], hands[pair[1]] = "Jc Qc Kc Jd Qd", "Kd Jh Qh Kh Js"
        out.append(row(
            f"dealt-50-and-50-seats-{pair[0]}-{pair[1]}-3p",
            f"Seats {pair[0]} and {pair[1]} are dealt 50 each: a dealt draw; the third player pays nothing",
            ["DEALT-2", "DEALT-3", "OBS-3"],
            three(hands[0], hands[1], hands[2], tonk=True), [f"?{3 - pair[0] - pair[1]}*"],
            result={"ending": "dealt_draw", "winners": [], "net": [0, 0, 0]},
        ))
    for cid, hand, t in (("47", "Jc Qc Kc 7c 7d", 47), ("44", "Jd Qd Kd 7h 7s", 44), ("41", "Jh Qh Kh 7c 4d", 41)):
        out.append(row(
            f"dealt-{cid}-plays-on-2p",
            f"Seat 0 is dealt four faces at most and {t}: no dealt tonk under dealt_tonk = 50; the hand is played",
            ["DEALT-1", "DEALT-4"], two(hand, "Ac 2d 3h 4s 5c", "6h"),
            ["=", "0 draw stock", "0 discard 6h", "="],
        ))
    return out


# ------------------------------------------------------------------------------ the first turns
FIRST = [
    (2, 1, ["5h 6h Jc 2d 3s", "Ac 4d 7s Qh Kd"], "Ks 6c"),
    (2, 0, ["Ac 4d 7s Qh Kd", "5h 6h Jc 2d 3s"], "Ks 6c"),
    (3, 2, ["5h 6h Jc 2d 3s", "Ac 4d 7s Qh Kd", "2c 3c 4h 7d Js"], "Ks 6c 5d"),
    (3, 0, ["2c 3c 4h 7d Js", "5h 6h Jc 2d 3s", "Ac 4d 7s Qh Kd"], "Ks 6c 5d"),
    (3, 1, ["Ac 4d 7s Qh Kd", "2c 3c 4h 7d Js", "5h 6h Jc 2d 3s"], "Ks 6c 5d"),
]


def first_deal(i: int) -> tuple[Deal, int, int]:
    players, dealer, hands, stock = FIRST[i]
    deal = Deal(players, dealer, hands, None, stock)
    first = (dealer + 1) % players
    return deal, first, (first + 1) % players


def first_turn_cases() -> list[Doc]:
    out = []
    for i in range(len(FIRST)):
        deal, f, n = first_deal(i)
        p = deal.players
        out.append(row(
            f"first-turn-pile-starts-{p}p-dealer-{deal.dealer}",
            f"Seat {f} plays first: the pile is empty, so it draws Ks from the stock; its discard Ks starts the "
            f"pile and seat {n} takes it",
            ["VAR-NOUP-1", "TURN-9", "TURN-2", "DEAL-2"], deal,
            [f"{f} draw discard !discard_pile_empty", f"{f} draw stock", f"{f} discard Ks", "=",
             f"{n} draw discard", "="],
        ))
        held = deal.hands[n]
        out.append(row(
            f"first-turn-taken-card-stays-{p}p-dealer-{deal.dealer}",
            f"Seat {n} takes Ks, the first discard, and may not throw it back; it discards {held[0]}",
            ["TURN-7", "VAR-NOUP-1"], deal,
            [f"{f} draw stock", f"{f} discard Ks", f"{n} draw discard", f"{n} discard Ks !taken_card",
             f"{n} discard {held[0]}", "="],
        ))
    return out


def take_cases() -> list[Doc]:
    """A takes B's discard and lays it in a spread at once (TURN-2, TURN-7, SPREAD-3)."""
    out = []
    for i, (a, b, spread, b_draw) in enumerate([
        ("6h 7h 2c 3c Kd", "Jh 4d 5d Qs Ks", "6h 7h Jh", "Ac"),
        ("Jd Qd 2s 3s Ah", "7d 4c 5c 6s Kc", "7d Jd Qd", "Ad"),
        ("5c 6c 2h 3h Ks", "7c 4s 5s Qh Kh", "5c 6c 7c", "Ah"),
        ("Qs Ks 2d 3d 4h", "Js 5c 6c 7h Ac", "Js Qs Ks", "Ad"),
        ("7c 7d 2s 3s Kh", "7h 4c 5c 6d Ac", "7c 7d 7h", "Ad"),
        ("Ac 2c 5h 6h Kd", "3c 4s 5s Qs Qh", "Ac 2c 3c", "Ah"),
    ], 1):
        used = set(f"{a} {b}".split()) | {b_draw}
        a_draw = next(x for x in PACK40 if x not in used and x[0] in "QK")
        deal = two(a, b, f"{a_draw} {b_draw}", dealer=1)
        taken = next(x for x in spread.split() if x in b.split())
        keep = [x for x in a.split() if x not in spread.split()]
        steps = ["0 draw stock", f"0 discard {a_draw}", "1 draw stock", f"1 discard {taken}", "0 draw discard",
                 f"0 discard {taken} !taken_card", f"0 spread {spread}", f"0 discard {keep[-1]}", "="]
        out.append(row(
            f"take-the-discard-into-a-spread-{i}-2p",
            f"A takes {taken} from the pile and lays {spread}; it may not throw {taken} back",
            ["TURN-2", "TURN-7", "SPREAD-1", "SPREAD-2" if spread[0] == spread[3] else "SPREAD-3"], deal, steps,
        ))
    return out


# ------------------------------------------------------------------------------ refusals
def refusal_cases() -> list[Doc]:
    out = []
    for i in (0, 1, 2, 3):
        deal, f, n = first_deal(i)
        p = deal.players
        held = deal.hands[f]
        # the spread laid before drawing is a real one (its Jc dealt as 7h), so that the
        # refusal is for not having drawn alone
        assert held[:3] == ["5h", "6h", "Jc"], held
        run = ["7h" if c == "Jc" else c for c in held]
        with_run = Deal(p, deal.dealer, [" ".join(run if seat == f else h) for seat, h in enumerate(deal.hands)],
                        None, " ".join(deal.stock))
        rows = [
            ("draw-twice", "draws twice", ["TURN-6"], [f"{f} draw stock", f"{f} draw stock !already_drawn"]),
            ("discard-before-drawing", "discards before drawing", ["TURN-6"],
             [f"{f} discard {held[0]} !must_draw_first"]),
            ("spread-before-drawing", "lays three of its cards before drawing", ["SPREAD-4"],
             [f"{f} spread {' '.join(run[:3])} !must_draw_first"], with_run),
            ("out-of-turn", f"is not to act: seat {n} draws first", ["TURN-10"],
             [f"{n} draw stock !not_your_turn"]),
            ("discard-an-eight", "names 8s, a card of no 40-card hand", ["TURN-11", "CARD-1"],
             [f"{f} draw stock", f"{f} discard 8s !not_in_hand"]),
            ("knock-after-drawing", "knocks after drawing", ["TURN-3"],
             [f"{f} draw stock", f"{f} knock {held[0]} !knock_timing"]),
            ("hit-without-a-spread", "hits when no spread is on the table", ["HIT-1"],
             [f"{f} draw stock", f"{f} hit {held[0]} 0 !no_such_spread"]),
        ]
        for cid, what, rules, steps, *own in rows:
            tag = f"{p}p" if i in (0, 2) else f"{p}p-dealer-{deal.dealer}"
            out.append(row(f"refused-{cid}-{tag}", f"Seat {f} {what}: refused, and nothing changes", rules,
                           own[0] if own else deal, steps))
    return out


# ------------------------------------------------------------------------------ spreads
#: (id, the spread, the rest of the hand, the card drawn, refused reason or None)
SPREADS = [
    ("run-5-6-7-j", "5h 6h 7h Jh", "2c", "3d", None),
    ("run-6-7-j", "6c 7c Jc", "2d 3s", "4h", None),
    ("run-7-j-q", "7d Jd Qd", "Ac 2s", "3c", None),
    ("run-j-q-k", "Js Qs Ks", "4c 5d", "Ah", None),
    ("run-a-2-3", "Ac 2c 3c", "7h Kd", "5s", None),
    ("run-7-j-q-k", "7h Jh Qh Kh", "4s", "2d", None),
    ("run-4-5-6-7-j", "4s 5s 6s 7s Js", "3h", "", None),
    ("book-of-sevens", "7c 7d 7h", "Ks 2h", "Ad", None),
    ("book-of-four-jacks", "Jc Jd Jh Js", "3c", "Kd", None),
    ("book-of-aces", "Ac Ad As", "6h Qc", "2s", None),
    ("not-a-run-6-7-q", "6h 7h Qh", "Ac Kd", "2s", "not_a_spread"),
    ("not-a-run-q-k-a", "Qc Kc Ac", "4d 5h", "2s", "not_a_spread"),
    ("not-a-run-k-a-2", "Kd Ad 2d", "6c 7s", "3h", "not_a_spread"),
    ("not-a-run-5-6-j", "5s 6s Js", "Ah 2c", "3d", "not_a_spread"),
    ("not-a-run-two-suits", "7c Jd Qc", "2h 3s", "4d", "not_a_spread"),
]


def spread_cases() -> list[Doc]:
    out = []
    for cid, spread, rest, drawn, refused in SPREADS:
        cards = spread.split()
        in_hand = cards[:4]  # a spread of five: the fifth card is the one drawn
        draw_card = cards[4] if len(cards) == 5 else drawn
        hand = " ".join([*in_hand, *rest.split()])
        used = set(hand.split()) | {draw_card}
        low = [c for c in PACK40 if c not in used and c[0] in "23456"]
        rules = ["SPREAD-1", "SPREAD-2" if "book" in cid else "SPREAD-3"]
        if refused:
            steps = ["0 draw stock", f"0 spread {spread} !{refused}"]
            title = f"{spread} is not a spread with this pack: refused"
        else:
            keep = [c for c in [*hand.split(), draw_card] if c not in cards]
            steps = ["0 draw stock", f"0 spread {spread}", *[f"0 discard {c}" for c in keep[:1]], "="]
            gap = "7" in spread and "J" in spread and "book" not in cid
            title = f"A lays {spread}" + (", a run across the missing eight, nine and ten" if gap else "")
        result = None
        if not refused and len(keep) == 1:  # a spread of five: the discard of the last card goes out
            steps[-1:] = []
            result = {"ending": "out_by_discard", "winners": [0], "net": [1, -1]}
            rules = [*rules, "OUT-2"]
        out.append(row(f"spread-{cid}-2p", title, rules, two(hand, " ".join(low[:5]), draw_card), steps,
                       result=result))
        if cid in ("run-5-6-7-j", "run-7-j-q", "book-of-sevens", "not-a-run-6-7-q", "run-j-q-k", "run-7-j-q-k"):
            deal = three(hand, " ".join(low[:5]), " ".join(low[5:10]), draw_card)
            out.append(row(f"spread-{cid}-3p", title + " (three players)", rules, deal, steps))
    return out


# ------------------------------------------------------------------------------ hits
#: (id, A's spread, A's other two cards, the card B hits, B's other four cards, refused reason)
HITS = [
    ("jack-on-5-6-7", "5h 6h 7h", "2c 3c", "Jh", "4d 6d Qd Kd", None),
    ("four-on-5-6-7", "5c 6c 7c", "2d 3d", "4c", "Ah Qh Kh 2s", None),
    ("seven-under-j-q-k", "Jd Qd Kd", "2h 3h", "7d", "As 4s 5s Qc", None),
    ("queen-on-6-7-j", "6s 7s Js", "Ac 2c", "Qs", "3d 4d Kh 5h", None),
    ("king-on-7-j-q", "7c Jc Qc", "Ad 2d", "Kc", "3s 4h 5h 6d", None),
    ("ace-under-2-3-4", "2h 3h 4h", "5d 6d", "Ah", "Kc Qs 7s 3c", None),
    ("seven-on-4-5-6", "4d 5d 6d", "Kc Qs", "7d", "2h 3s Ac Jh", None),
    ("fourth-seven-on-a-book", "7c 7d 7h", "Ad 2d", "7s", "3c 4c 5h Kh", None),
    ("fourth-jack-on-a-book", "Jc Jd Jh", "2s 3s", "Js", "Ac 4d 5d 6h", None),
    ("jack-on-4-5-6", "4c 5c 6c", "Ah 2h", "Jc", "3d Qd Kd 7s", "hit_does_not_fit"),
    ("six-on-j-q-k", "Jh Qh Kh", "As 2s", "6h", "3c 4c 5d 7d", "hit_does_not_fit"),
    ("queen-on-5-6-7", "5s 6s 7s", "Ad 2d", "Qs", "3h 4h Kc Jc", "hit_does_not_fit"),
    ("ace-on-j-q-k", "Jd Qd Kd", "2c 3c", "Ad", "4s 5s 6h 7h", "hit_does_not_fit"),
    ("king-on-a-book-of-jacks", "Jc Jd Jh", "2h 3h", "Kc", "As 4s 5c 6c", "hit_does_not_fit"),
]


def hit_cases() -> list[Doc]:
    out = []
    for cid, spread, rest, hit, b_rest, refused in HITS:
        a = f"{spread} {rest}"
        b = f"{hit} {b_rest}"
        used = set(a.split()) | set(b.split())
        fill = [c for c in PACK40 if c not in used]
        a_draw, b_draw = fill[0], fill[1]
        deal = two(a, b, f"{a_draw} {b_draw}")
        steps = ["0 draw stock", f"0 spread {spread}", f"0 discard {a_draw}", "1 draw stock"]
        if refused:
            steps += [f"1 hit {hit} 0 !{refused}"]
            title = f"B may not hit {hit} on A's {spread}: it does not fit"
        else:
            steps += [f"1 hit {hit} 0", f"1 discard {b_draw}", "="]
            title = f"B hits {hit} on A's {spread}"
        rules = ["HIT-1", "HIT-3"] + (["HIT-2"] if not refused else [])
        out.append(row(f"hit-{cid}-2p", title, rules, deal, steps))
    for cid, spread, rest, hit, b_rest, refused in HITS[::2]:
        a, c = f"{spread} {rest}", f"{hit} {b_rest}"
        used = set(a.split()) | set(c.split())
        fill = [x for x in PACK40 if x not in used]
        b = " ".join(x for x in fill if x[0] in "23456")[:14]
        b_cards = b.split()[:5]
        rest_fill = [x for x in fill if x not in b_cards]
        deal = three(a, " ".join(b_cards), c, " ".join(rest_fill[:3]))
        steps = ["0 draw stock", f"0 spread {spread}", f"0 discard {rest_fill[0]}", "1 draw stock",
                 f"1 discard {rest_fill[1]}", "2 draw stock"]
        if refused:
            steps += [f"2 hit {hit} 0 !{refused}"]
        else:
            steps += [f"2 hit {hit} 0", f"2 discard {rest_fill[2]}", "="]
        out.append(row(f"hit-{cid}-3p", f"Three players: C {'may not hit' if refused else 'hits'} {hit} on A's "
                       f"{spread}", ["HIT-1", "HIT-3"], deal, steps))
    # hits in three-player hands, and two hits in one turn
    out.append(row(
        "hit-two-in-a-turn-3p", "C hits Jh and then 4h on A's 5h 6h 7h in one turn (HIT-4)",
        ["HIT-4", "HIT-3", "HIT-1"], three("5h 6h 7h 2c 3c", "Ad 2d 3s Kc Qc", "Jh 4h Ks 6d As", "Kd Qs 7c"),
        ["0 draw stock", "0 spread 5h 6h 7h", "0 discard Kd", "1 draw stock", "1 discard Qs", "2 draw stock",
         "2 hit Jh 0", "2 hit 4h 0", "2 discard 7c", "="],
    ))
    out.append(row(
        "hit-own-spread-next-turn-3p", "A hits its own run 5c 6c 7c with Jc on its next turn",
        ["HIT-1", "HIT-3", "SPREAD-5"], three("5c 6c 7c 2h 3h", "Ad 2d 3s Kh Qh", "4s 5s 6h 7d As", "Kd Qs Ks Jc"),
        ["0 draw stock", "0 spread 5c 6c 7c", "0 discard Kd", "1 draw stock", "1 discard Qs", "2 draw stock",
         "2 discard Ks", "0 draw stock", "0 hit Jc 0", "0 discard 3h", "="],
    ))
    return out


# ------------------------------------------------------------------------------ knocks
#: first-turn knocks, two players: (A's hand, B's hand, stake)
KNOCK2 = [
    ("Ac 2d 3h 4s Jc", "5c 6d 7h Qs Kd", 1),
    ("Ac Ad 2c 2d 3c", "Ah As 2h 2s 4c", 1),
    ("Ac Ad 2c 2d 3c", "Ah As 2h 2s 3d", 1),
    ("2c 3d 4h 5s 6c", "Ac Ad Ah 2s 3s", 1),
    ("Jc Qd Kh 7s 7c", "Js Qs Ks 7d 6h", 2),
    ("Ac 2c 3c 4c 5c", "Ad 2d 3d 4d 5d", 2),
    ("7c 7d 7h 7s Ac", "Jc Jd Jh 2s 3s", 3),
    ("As 2h 3d Kc Qc", "Ah 2c 3s Jd Jh", 3),
    ("6c 6d 6h 5s 5c", "Kc Qc 2d 3h 4s", 1),
    ("4c 4d 3h 3s 2c", "Ac 2d 7h 6s 2h", 2),
]

#: first-turn knocks, three players: (A's, B's and C's hands, stake)
KNOCK3 = [
    ("Ac Ad Ah 2c 3d", "4c 5c Jd Qd Kd", "3s 4s 5s 6s 7s", 1),  # A 8, B 39, C 25: A wins (W6)
    ("Ac Ad 2c 3c 3d", "Ah As 2d 2h 2s", "Jc Qc Kc 5h 5s", 1),  # A 10, B 8, C 40 (W8)
    ("2c 3c 4c 5d 6d", "Ac Ad 2h 2s Ah", "Jh Qh Kh 7s 7d", 1),  # A 20, B 7, C 44
    ("Ac 2c 3c 4d Ad", "Jc Qd Kh 7c 7d", "As 2s 3s 4s 2h", 1),  # A 11, B 44, C 12: A wins
    ("4c 4d 4h Ac Ad", "2c 2d 2h 3s 3h", "Ah As 3c 3d Qs", 1),  # A 14, B 12, C 18
    ("Ac 2d 3h 4s 5c", "Ad 2c 3s 4h 5d", "Jc Jd Jh Js 7c", 2),  # A 15, B 15 (a tie), C 47
    ("2c 2d 3c 3d Ac", "Ah 2h 3h 4c Ad", "As 2s 3s 4d 7c", 2),  # A 11, B 11, C 17
    ("6c 6d 6h 2s 3s", "Ac Ad Ah 2c 2h", "As 2d 3c 3h 4h", 1),  # A 23, B 7, C 13 (W9)
    ("5c 5d 5h 5s Ac", "4c 4d 4h 4s Ad", "3c 3d 3h 3s Ah", 3),  # A 21, B 17, C 13
    ("Jc Qc Kc Ac Ad", "Jd Qd Kd 2c 2d", "Jh Qh Kh 3c 3d", 1),  # A 32, B 34, C 36: A wins
    ("4c 4d Ac 2c 2d", "Ah 2h 3c 3d As", "2s 3s 3h 4h 7c", 1),  # A 13, B 10, C 19
    ("5c 5d 2c 2d Ac", "Ah As 3c 3d 6s", "Ad 2s 3h 4h 5h", 1),  # A 15, B 14, C 15 (W10-like catch? no: B lowest)
]


def knock_cases() -> list[Doc]:
    out = []
    for i, (a, b, stake) in enumerate(KNOCK2, 1):
        totals = [tot(a), tot(b)]
        res = knock_result(0, totals, stake)
        out.append(row(
            f"knock-first-turn-{i}-2p",
            f"A knocks at once with {totals[0]} against B's {totals[1]} (S = {stake}): {res['ending']}",
            ["TURN-2", "TURN-3", "TURN-4", "PAY-KNOCK-1", "PAY-KNOCK-2" if res["ending"] == "knock_won"
             else "PAY-CAUGHT-2", *(["PAY-KNOCK-3"] if totals[0] == totals[1] else [])],
            two(a, b), ["0 knock"], stake=None if stake == 1 else stake, result=res,
        ))
    for i, (a, b, c, stake) in enumerate(KNOCK3, 1):
        totals = [tot(a), tot(b), tot(c)]
        res = knock_result(0, totals, stake)
        lows = [t for t in totals[1:] if t == min(totals[1:])]
        rule = "PAY-KNOCK-2" if res["ending"] == "knock_won" else ("PAY-CAUGHT-3" if len(lows) > 1 else "PAY-CAUGHT-2")
        out.append(row(
            f"knock-first-turn-{i}-3p",
            f"A knocks at once with {totals[0]}; B holds {totals[1]}, C {totals[2]} (S = {stake}): {res['ending']}",
            ["TURN-2", "PAY-KNOCK-1", rule, *(["PAY-CAUGHT-1"] if res["ending"] == "knock_caught" else []),
             *(["PAY-KNOCK-3"] if totals[0] == min(totals[1:]) else [])],
            three(a, b, c), ["0 knock"], stake=None if stake == 1 else stake, result=res,
        ))
    # knocks after a round of spreads across the gap: (A lays, A keeps, B lays, B keeps, C keeps)
    rounds = [
        ("5c 6c 7c", "Ad 2d", "Js Qs Ks", "Ah 3h", "2c 3c 4c 4d 5d", 1),
        ("6h 7h Jh", "3d 4d", "5s 6s 7s", "3s 4s", "Ac Ad 2c Qc Kc", 1),
        ("7d Jd Qd", "Ac 4c", "Jc Jh Js", "2s 3s", "5h 5c 6c 6d Ah", 2),
        ("Jc Qc Kc", "2h 6h", "5d 6d 7d", "Ah Ad", "3c 4s 5s 3h 4h", 1),
        ("Ah 2h 3h", "7c 7s", "4d 5d 6d", "Kd Ks", "As 2s 3s 2c 3c", 1),
        ("4s 5s 6s", "2c Ac", "Jh Qh Kh", "As 2d", "3d 3c 4c 5c 6c", 3),
    ]
    for i, (al, ak, bl, bk, ck, stake) in enumerate(rounds, 1):
        used = set(f"{al} {ak} {bl} {bk} {ck}".split())
        fill = [c for c in PACK40 if c not in used and c[0] in "JQK"][:3]
        deal = three(f"{al} {ak}", f"{bl} {bk}", ck, " ".join(fill))
        totals = [tot(ak), tot(bk), tot(ck)]
        res = knock_result(0, totals, stake)
        steps = [f"0 draw stock; 0 spread {al}; 0 discard {fill[0]}",
                 f"1 draw stock; 1 spread {bl}; 1 discard {fill[1]}", f"2 draw stock; 2 discard {fill[2]}", "0 knock"]
        out.append(row(
            f"knock-after-spreads-{i}-3p",
            f"A and B lay a spread each; A knocks keeping {ak} ({totals[0]}), B keeps {totals[1]}, C {totals[2]}",
            ["PAY-KNOCK-1", "CARD-4", "SPREAD-1", "PAY-KNOCK-2" if res["ending"] == "knock_won" else "PAY-CAUGHT-1"],
            deal, [s for part in steps for s in part.split("; ")], stake=None if stake == 1 else stake, result=res,
        ))
    # B or C knocks in a three-player hand, after the players before it drew and discarded
    later = [
        (1, "Jc Qc Kc 7c 7d", "Ac 2c 3d 2h Ad", "5s 6s 4c 4d 3s", 1),
        (1, "Ac Ad 2c 2d Ah", "3c 3d 4h 4s 2s", "Jd Jh Qd Qh 7s", 1),
        (2, "6c 6d 6h 6s Jc", "Qc Qd Qh Qs 7c", "Ac 2c 3c Ad 2d", 1),
        (2, "Ac Ad Ah As 2c", "Jd Jh Js Kd 7h", "2d 2h 3c 3d Ks", 2),
        (1, "5c 5d 5h 4c 4d", "3c 3d 3h 2c 2d", "Ac Ad Ah 3s 4s", 1),
        (2, "Jc Jd Jh 4c 5c", "Kc Kd Kh 6c 7c", "4d 5d 6d 7d Ad", 1),
    ]
    for i, (k, a, b, c, stake) in enumerate(later, 1):
        hands = [a, b, c]
        used = set(" ".join(hands).split())
        fill = [x for x in PACK40 if x not in used and x[0] in "QK"]
        steps = []
        for seat in range(k):
            steps += [f"{seat} draw stock", f"{seat} discard {fill[seat]}"]
        steps.append(f"{k} knock")
        totals = [tot(h) for h in hands]
        res = knock_result(k, totals, stake)
        out.append(row(
            f"knock-by-seat-{k}-{i}-3p",
            f"Seat {k} knocks with {totals[k]} after the players before it drew and discarded (totals "
            f"{', '.join(map(str, totals))}, S = {stake})",
            ["TURN-1", "PAY-KNOCK-1", "PAY-KNOCK-2" if res["ending"] == "knock_won" else "PAY-CAUGHT-1"],
            three(hands[0], hands[1], hands[2], " ".join(fill[:k])),
            steps, stake=None if stake == 1 else stake, result=res,
        ))
    # seat 0 deals: B plays first and knocks
    for i, (a, b, stake) in enumerate(KNOCK2[:6], 1):
        totals = [tot(a), tot(b)]
        res = knock_result(1, totals, stake)
        out.append(row(
            f"knock-b-first-{i}-2p",
            f"Seat 0 deals, so B plays first and knocks with {totals[1]} against A's {totals[0]} (S = {stake})",
            ["TURN-1", "PAY-KNOCK-1", "PAY-KNOCK-2" if res["ending"] == "knock_won" else "PAY-CAUGHT-2"],
            two(a, b, dealer=0), ["1 knock"], stake=None if stake == 1 else stake, result=res,
        ))
    # the second player knocks at its first turn
    second = [("Ac 2c 3c 4c Jd", "Ad 2d 3d Ah 2h", "Ks"), ("5c 6d 7h Js Qd", "4c 4d Ah As 7s", "Kh"),
              ("Ac Ad Ah As 2c", "2d 2h 2s 3c 3d", "Qc"), ("7c 7d 6h Jc Jd", "Kc Kd Ks Qh 7s", "Ac")]
    for i, (a, b, drawn) in enumerate(second, 1):
        totals = [tot(a), tot(b)]
        res = knock_result(1, totals)
        out.append(row(
            f"knock-second-player-{i}-2p",
            f"A draws {drawn} and throws it back; B knocks with {totals[1]} against A's {totals[0]}",
            ["TURN-2", "PAY-KNOCK-1", "PAY-KNOCK-2" if res["ending"] == "knock_won" else "PAY-CAUGHT-2"],
            two(a, b, drawn), ["0 draw stock", f"0 discard {drawn}", "1 knock"], result=res,
        ))
    return out


# ------------------------------------------------------------------------------ going out
def out_cases() -> list[Doc]:
    out = []
    for i, (a, drawn, spreads, stake) in enumerate([
        ("5h 6h 7h Jc Jd", "Js", ("5h 6h 7h", "Jc Jd Js"), 1),
        ("Ac 2c 3c 7d 7s", "7h", ("Ac 2c 3c", "7d 7s 7h"), 2),
        ("4s 5s 6s Qd Kd", "Jd", ("4s 5s 6s", "Jd Qd Kd"), 1),
    ], 1):
        b, c = "Ad 2d 3d 4h 5d", "Kc Ks Qs Qc 6c"
        steps = ["0 draw stock", f"0 spread {spreads[0]}", f"0 spread {spreads[1]}"]
        out.append(row(
            f"tonk-out-two-spreads-{i}-2p",
            f"A draws {drawn} and lays {spreads[0]} and {spreads[1]}: out with no discard, paid 2S",
            ["OUT-1", "PAY-OUT-1"], two(a, b, drawn), steps, stake=None if stake == 1 else stake,
            result={"ending": "tonk_out", "winners": [0], "net": from_each(0, 2, 2 * stake)},
        ))
        out.append(row(
            f"tonk-out-two-spreads-{i}-3p",
            f"Three players: A draws {drawn} and lays {spreads[0]} and {spreads[1]}: paid 2S by each",
            ["OUT-1", "PAY-OUT-1"], three(a, b, c, drawn), steps, stake=None if stake == 1 else stake,
            result={"ending": "tonk_out", "winners": [0], "net": from_each(0, 3, 2 * stake)},
        ))
    out.append(row(
        "tonk-out-by-hits-2p", "A draws Qc, lays 5c 6c 7c and hits Jc, Qc and 4c on it: no card left, paid 2S",
        ["OUT-1", "PAY-OUT-1", "HIT-3", "HIT-4"], two("5c 6c 7c Jc 4c", "Ah 3h 4h 6s Qs", "Qc"),
        ["0 draw stock", "0 spread 5c 6c 7c", "0 hit Jc 0", "0 hit Qc 0", "0 hit 4c 0"],
        result={"ending": "tonk_out", "winners": [0], "net": [2, -2]},
    ))
    out.append(row(
        "out-by-discard-after-hits-2p", "A draws 4c, lays 5c 6c 7c, hits 4c and Jc, and discards Kd, its last card",
        ["OUT-2", "PAY-OUT-2", "HIT-3"], two("5c 6c 7c Jc Kd", "Ah 3h 4h 6s Qs", "4c"),
        ["0 draw stock", "0 spread 5c 6c 7c", "0 hit 4c 0", "0 hit Jc 0", "0 discard Kd"],
        result={"ending": "out_by_discard", "winners": [0], "net": [1, -1]},
    ))
    out.append(row(
        "out-by-discard-3p", "A lays 4s 5s 6s 7s Js with the card it draws and discards Qd, its last card: paid S",
        ["OUT-2", "PAY-OUT-2"], three("4s 5s 6s 7s Qd", "Ad 2d 3d 4h 5d", "Kc Kd Ks Qs 6c", "Js"),
        ["0 draw stock", "0 spread 4s 5s 6s 7s Js", "0 discard Qd"],
        result={"ending": "out_by_discard", "winners": [0], "net": [2, -1, -1]},
    ))
    out.append(row(
        "hits-on-anothers-run-3p", "C lays 5d 6d 7d; A draws 4d and hits 4d and Jd on C's run",
        ["HIT-1", "HIT-3", "HIT-4"],
        three("Jd 2c 3c 2h 3h", "Ac As Ah 4c Kc", "5d 6d 7d Qs Ks", "Qh Kh Kd 4d"),
        ["0 draw stock", "0 discard Qh", "1 draw stock", "1 discard Kh", "2 draw stock", "2 spread 5d 6d 7d",
         "2 discard Kd", "0 draw stock", "0 hit 4d 0", "0 hit Jd 0", "0 discard 2c", "="],
    ))
    return out


# ------------------------------------------------------------------------------ the empty stock
def drain(deal: Deal, keep_last: bool = False) -> list[str]:
    """The stock drawn and discarded to its end under the table, then a draw from the empty
    stock (unless ``keep_last``)."""
    return drain_stock(Play(deal.state(dict(TABLE))), keep_last)


def stock_cases() -> list[Doc]:
    out = []
    for i, (hands, stake) in enumerate([
        (["Ac 2d 3h 4s 5c", "6d 7h Jc Qd Ks"], 1),
        (["Ac 2d 3h 4s 5c", "Ad 2c 3s 4h 5d"], 1),
        (["Jc Qc Kc 2d 3d", "Ac Ad 2h 2s 7c"], 2),
        (["Ac 2d 3h 4s 5c", "6d 7h Jc Qd Ks", "Ad Ah As 2c 2h"], 1),
        (["Ac 2d 3h 4s 5c", "Ad 2c 3s 4h 5d", "Jd Jh Js 7s 7h"], 1),
        (["Jc Qc Kc 2d 3d", "Ac Ad 2h 2s 7c", "Ah As 2c 3c 7d"], 3),
        (["Ac Ad 2c 2d 3c", "Ah As 2h 2s 3d", "4c 4d 5c 5d 6c"], 1),
        (["Kc Kd Ks Qc 7c", "Jc Jd Js Qd 7d", "Ac 2c 3c 4c 5c"], 2),
        (["6c 6d 7c 7d Ac", "6h 6s 7h 7s Ad"], 2),
    ], 1):
        deal = Deal(len(hands), len(hands) - 1, hands, None)
        steps = drain(deal)
        totals = [tot(h) for h in hands]
        res = low_result(totals, stake)
        p = len(hands)
        tie = len(res["winners"]) > 1
        out.append(row(
            f"stock-out-{i}-{p}p",
            f"Every player draws and throws back until the {40 - 5 * p} stock cards are gone; then seat "
            f"{steps[-1][0]} draws from the empty stock (totals {', '.join(map(str, totals))}, S = {stake})",
            ["STOCK-1", "STOCK-2", "PAY-STOCK-2" if tie else "PAY-STOCK-1", "DEAL-3"], deal, steps,
            stake=None if stake == 1 else stake, result=res,
        ))
    # at the empty stock a player may take the discard and play on (STOCK-2)
    hands = ["Ac 2d 3h 4s 5c", "6d 7h Jc Qd Ks"]
    deal = Deal(2, 1, hands, None)
    steps = drain(deal, keep_last=True)
    last = steps[-1].split()[2]
    seat = 1 - int(steps[-1][0])
    out.append(row(
        "stock-empty-take-the-discard-2p",
        f"The stock is empty; seat {seat} takes {last} from the pile, throws back another card, and play goes on",
        ["STOCK-2", "STOCK-1", "TURN-7"], deal,
        [*steps, f"{seat} draw discard", f"{seat} discard {hands[seat].split()[0]}", "="],
    ))
    return out


# ------------------------------------------------------------------------------ what each seat sees
def obs_cases() -> list[Doc]:
    out = []
    for i in (0, 2, 3):
        deal, f, n = first_deal(i)
        p = deal.players
        seats = [f"?{s}" for s in range(p)]
        out.append(row(
            f"obs-start-{p}p-dealer-{deal.dealer}",
            "At the deal each seat sees its own hand, the sizes and the counts, and no discard pile",
            ["OBS-2", "OBS-1", "VAR-NOUP-1"], deal, seats,
        ))
        out.append(row(
            f"obs-first-discard-{p}p-dealer-{deal.dealer}",
            f"Seat {f} draws Ks and discards it: every seat sees Ks on the pile and not the stock's top",
            ["OBS-1", "OBS-2"], deal, [f"{f} draw stock", f"?{n}", f"{f} discard Ks", *seats],
        ))
    out.append(row(
        "obs-after-knock-2p", "A knocks: both seats see both hands", ["OBS-3", "PAY-KNOCK-1"],
        two("Ac 2d 3h 4s Jc", "5c 6d 7h Qs Kd"), ["0 knock", "?0*", "?1*"],
        result=knock_result(0, [20, 38]),
    ))
    out.append(row(
        "obs-after-knock-3p", "A knocks and is caught: every seat sees every hand", ["OBS-3", "PAY-KNOCK-1"],
        three("Ac Ad 2c 3c 3d", "Ah As 2d 2h 2s", "Jc Qc Kc 5h 5s"), ["0 knock", "?1*", "?2*"],
        result=knock_result(0, [10, 8, 40]),
    ))
    out.append(row(
        "obs-after-tonk-out-2p", "A tonks out: B still sees only its own hand", ["OBS-3", "OBS-2", "OUT-1"],
        two("5h 6h 7h Jc Jd", "Ad 2d 3d 4h 5d", "Js"),
        ["0 draw stock", "0 spread 5h 6h 7h", "0 spread Jc Jd Js", "?1"],
        result={"ending": "tonk_out", "winners": [0], "net": [2, -2]},
    ))
    hands = ["Ac 2d 3h 4s 5c", "6d 7h Jc Qd Ks"]
    out.append(row(
        "obs-after-stock-out-2p", "The stock runs dry and a draw from it ends the hand: both hands are shown",
        ["OBS-3", "STOCK-2"], Deal(2, 1, hands, None), [*drain(Deal(2, 1, hands, None)), "?0*", "?1*"],
        result=low_result([15, 43]),
    ))
    out.append(row(
        "obs-taken-card-seen-3p", "B takes A's discard: C sees B hold six cards and the pile's new top",
        ["OBS-1", "OBS-2", "TURN-2"], three("Ac 2d 3h 4s Jc", "5c 6d 7h Qs Kd", "2c 3c 4d 5h 6s", "Kc"),
        ["0 draw stock", "0 discard Jc", "1 draw discard", "?2", "?0"],
    ))
    out.append(row(
        "obs-spreads-seen-3p", "A lays 6h 7h Jh: B and C see the run with its owner", ["OBS-2", "SPREAD-3"],
        three("6h 7h Jh 2c 3c", "Ad 2d 3s Kc Qc", "4h 5s 6d 7d As", "Kd"),
        ["0 draw stock", "0 spread 6h 7h Jh", "0 discard Kd", "?1", "?2"],
    ))
    return out


def cases() -> list[Doc]:
    return [*deal_cases(), *dealt_cases(), *first_turn_cases(), *take_cases(), *refusal_cases(), *spread_cases(),
            *hit_cases(), *knock_cases(), *out_cases(), *stock_cases(), *obs_cases()]
