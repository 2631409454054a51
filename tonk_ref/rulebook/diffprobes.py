"""The situations ``tonk diff`` tries: families of small ``tonk judge`` descriptions, each
family tagged with the rule IDs its situations exercise, so a search for where two
rulesets disagree plays only the families of the rules their differing options change
(spec/rules.yaml ``options``, spec/ruleset.schema.json ``x-rules``).

Every situation is a whole table at the start of a turn (the hands and the table hold
every card dealt), with its turn number stated so that it can be reached by play from a
deal, and its stock count where the stock matters (else it is left to the pack, so that
the situation arises in the 40-card pack too).  A family yields its situations smallest first; its size is the
number of players and of actions.  Cards avoid 8s, 9s and 10s where they can, so that
the situations also arise in the 40-card pack.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

RANK_VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 10, "Q": 10,
              "K": 10}


@dataclass(frozen=True)
class Family:
    """Situations of one shape: ``make`` yields descriptions, smallest first."""

    name: str
    players: int
    actions: int  # the fewest actions of its situations
    rules: frozenset[str]
    make: Callable[[], Iterator[str]]


def _pairs(ranks: str, suit: str) -> list[str]:
    """Two-card hands of one suit, lowest total first."""
    out = [(RANK_VALUE[a] + RANK_VALUE[b], f"{a}{suit} {b}{suit}") for a, b in combinations(ranks, 2)]
    return [h for _, h in sorted(out)]


def diagonal(sizes: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every index tuple of lists of these sizes, by the sum of the indices (so every
    list varies early)."""
    top = sum(s - 1 for s in sizes)
    for total in range(top + 1):
        yield from _fixed_sum(sizes, total)


def _fixed_sum(sizes: Sequence[int], total: int) -> Iterator[tuple[int, ...]]:
    if len(sizes) == 1:
        if total < sizes[0]:
            yield (total,)
        return
    for i in range(min(total, sizes[0] - 1) + 1):
        for rest in _fixed_sum(sizes[1:], total - i):
            yield (i, *rest)


# Two players: seat 0 holds clubs, seat 1 diamonds; each laid one spread of spades, so a
# hand of two cards is all that is left.  Three players: seat 2 holds hearts.
SPREADS = {2: "table: 0 [As 2s 3s], 1 [4s 5s 6s]", 3: "table: 0 [As 2s 3s], 1 [4s 5s 6s], 2 [Js Qs Ks]"}
SUITS = "cdh"
POOL = {2: "A234567JQK", 3: "A257JK"}


def _header(players: int, dealer: int) -> str:
    return f"{players} players, dealer {dealer}"


def _two_card_tables(players: int) -> Iterator[str]:
    """Every seat with two cards and one spread laid, the hands varied together."""
    hands = [_pairs(POOL[players], SUITS[s]) for s in range(players)]
    for idx in diagonal([len(h) for h in hands]):
        yield "; ".join(f"{s}: {hands[s][i]}" for s, i in enumerate(idx)) + f"; {SPREADS[players]}"


def _knock(players: int) -> Callable[[], Iterator[str]]:
    def make() -> Iterator[str]:
        dealer = players - 1
        for t in _two_card_tables(players):
            yield (f"{_header(players, dealer)}; {t}; discard 7s; "
                   f"turn {players}; 0 knocks")
    return make


def _knock_after_draw() -> Iterator[str]:
    for t in _two_card_tables(2):
        first = t.split(": ", 1)[1].split()[0]
        yield f"2 players, dealer 1; {t}; discard 7s; turn 2; 0 draws 7h, knocks discarding {first}"


def _empty_stock(players: int) -> Callable[[], Iterator[str]]:
    def make() -> Iterator[str]:
        turns = 41 if players == 2 else 36  # the stock is empty after this many turns
        dealer = (-1 - turns) % players  # so that seat 0 is to act
        for t in _two_card_tables(players):
            yield f"{_header(players, dealer)}; {t}; discard 7s; stock 0; turn {turns}; 0 draws"
    return make


def _turn_limit() -> Iterator[str]:
    for limit in (50, 100, 200):
        for k, t in enumerate(_two_card_tables(2)):
            if k >= 12:
                break
            turn = limit - 1
            yield (f"2 players, dealer {(-1 - turn) % 2}; {t}; discard 7s; stock 20; turn {turn}; "
                   "0 draws 7h, discards 7h")


# Seat 0 holds a spread in hand (a book, three aces, a run), seat 1 two cards and a spread.
HELD = ("3c 3d 3h", "Ac Ad Ah", "4d 5d 6d")


def _knock_holding() -> Iterator[str]:
    extras = _pairs("257JQK", "c")
    others = _pairs("257JK", "h")
    for held in HELD:
        for i, j in diagonal([len(extras), len(others)]):
            yield (f"2 players, dealer 1; 0: {held} {extras[i]}; 1: {others[j]}; table: 1 [Js Qs Ks]; discard 7s; "
                   f"turn 2; 0 knocks")


# The first turn: dealt hands (seat 0 clubs and diamonds, seat 1 hearts and spades) with
# the totals and shapes the deal's rules look at; a spread to lay where the hand holds one.
FIRST_0 = (
    ("Ac 5d 4c 2d Qc", ""),  # 22
    ("Ac 2d 4c 3d 3c", ""),  # 13
    ("Ac 2d 4c 3d 5c", ""),  # 15
    ("Kc Qd Jc Td 9c", ""),  # 49
    ("Kc Qd Jc Td Tc", ""),  # 50
    ("5c 5d 5h Kc Qd", "5c 5d 5h"),  # a book held
    ("Ac Ad Ah Kc Qd", "Ac Ad Ah"),  # three aces
    ("6c 7c Jc 2d Kd", "6c 7c Jc"),  # a run in the 40-card pack
    ("Qc Kc Ac 4d 5d", "Qc Kc Ac"),  # a run with the ace high
    ("5d 2c 7d Kc Qc", "5d 2c 7d"),  # a run with a wild deuce
)
FIRST_1 = ("6h 7s Jh 2s Ks", "Ah 2s 4h 3s 3h", "Kh Qs Jh Ts 9h", "Kh Qs Jh Ts Th", "Ah 2s 4h 3s 5h", "9h 9s Qh Ks 4h")


def _first_turn() -> Iterator[str]:
    for i, j in diagonal([len(FIRST_0), len(FIRST_1)]):
        h0, spread = FIRST_0[i]
        h1 = FIRST_1[j]
        named = set(h0.split()) | set(h1.split())
        up = next(c for c in ("7d", "Jd", "6d") if c not in named)
        head = f"2 players, dealer 1; first turn; 0: {h0}; 1: {h1}; discard {up}"
        last = h0.split()[-1]
        yield head
        yield f"{head}; 0 knocks"
        yield f"{head}; 0 draws, discards {last}"
        if spread:
            keep = [c for c in h0.split() if c not in spread.split()]
            yield f"{head}; 0 draws 8s, spreads {spread}, discards {keep[-1]}"
        yield f"{head}; 0 takes the discard, discards {up}"


FIRST_3 = (
    ("Kc Qd Jc Td 9c", "Kh Qs Jh Ts 9h", "Ac 5d 4c 2d Qh"),  # two 49s
    ("Kc Qd Jc Td Tc", "Kh Qs Jh Ts 9h", "Ac 5d 4c 2d Qh"),  # a 50 and a 49
    ("Kc Qd Jc Td Tc", "Kh Qs Jh Ts Th", "Ac 5d 4c 2d Qh"),  # two 50s
)


def _first_turn_3() -> Iterator[str]:
    for h0, h1, h2 in FIRST_3:
        yield f"3 players, dealer 2; first turn; 0: {h0}; 1: {h1}; 2: {h2}; discard 7d"


# Taking the discard: discard it again, discard another card, use it, or be left with it.
TAKE = (
    "2 players, dealer 1; 0: 4d 5d Kc Qc 7h; 1: 2h 3h; table: 1 [4s 5s 6s]; discard 6d; turn 2; "
    "0 takes the discard, discards 6d",
    "2 players, dealer 1; 0: 4d 5d Kc Qc 7h; 1: 2h 3h; table: 1 [4s 5s 6s]; discard 6d; turn 2; "
    "0 takes the discard, discards Kc",
    "2 players, dealer 1; 0: 4d 5d Kc Qc 7h; 1: 2h 3h; table: 1 [4s 5s 6s]; discard 6d; turn 2; "
    "0 takes the discard, spreads 4d 5d 6d, discards Kc",
    "2 players, dealer 1; 0: 4s 5s; 1: 2h 3h; table: 0 [Jc Qc Kc], 1 [As 2s 3s]; discard 7h; turn 2; "
    "0 takes the discard, hits 4s on 1, hits 5s on 1, discards 7h",
    "2 players, dealer 1; 0: 4s 5s; 1: 2h 3h; table: 0 [Jc Qc Kc], 1 [As 2s 3s]; discard 6s; turn 2; "
    "0 takes the discard, hits 4s on 1, hits 5s on 1, hits 6s on 1",
)

# Spreads and hits the pack's and the spreads' rules decide.
SPREAD_HIT = (
    "2 players, dealer 1; 0: Qc Kc Ac 4d 5d; 1: 2h 3h; table: 1 [4s 5s 6s]; discard 7h; turn 2; "
    "0 draws Jh, spreads Qc Kc Ac, discards Jh",
    "2 players, dealer 1; 0: 6c 7c Jc 2d Kd; 1: 2h 3h; table: 1 [4s 5s 6s]; discard 7h; turn 2; "
    "0 draws Jh, spreads 6c 7c Jc, discards Jh",
    "2 players, dealer 1; 0: 5d 2c 7d Kc Qc; 1: 2h 3h; table: 1 [4s 5s 6s]; discard 7h; turn 2; "
    "0 draws Jh, spreads 5d 2c 7d, discards Jh",
    "2 players, dealer 1; 0: Ad 4c; 1: 2h 3h; table: 0 [5c 6c 7c], 1 [Jd Qd Kd]; discard 7h; turn 2; "
    "0 draws Jh, hits Ad on 1, discards Jh",
    "2 players, dealer 1; 0: Qs 4c; 1: 2h 3h; table: 0 [5c 6c 7c], 1 [Qc Qd Qh]; discard 7h; turn 2; "
    "0 draws Jh, hits Qs on 1, discards Jh",
    "2 players, dealer 1; 0: Ad 4c; 1: 2h 3h; table: 0 [5c 6c 7c], 1 [Jd Qd Kd]; discard 7h; turn 2; "
    "0 draws Jh, hits 4c on 0, hits Jh on 1, discards Ad",
    "2 players, dealer 1; 0: 2d Kh; 1: 2h 3h; table: 0 [5c 6c 7c], 1 [Jd Qd Kd]; discard 7h; turn 2; "
    "0 draws 4h, hits 2d on 0, discards Kh",
    "2 players, dealer 1; 0: 4c Kh; 1: 2h 3h; table: 0 [5c 6c 7c], 1 [Jd Qd Kd]; discard 7h; turn 2; "
    "0 draws 6d, hits 4c on 0, discards Kh",
)

# Going out: by a new spread, by hits only, by the last discard.
OUT = (
    "2 players, dealer 1; 0: 4s 5s; 1: 2h 3h; table: 0 [Jc Qc Kc], 1 [As 2s 3s]; discard 7h; turn 2; "
    "0 draws 6h, hits 4s on 1, hits 5s on 1, hits 6h on 1",
    "2 players, dealer 1; 0: 4s 5s; 1: 2h 3h; table: 0 [Jc Qc Kc], 1 [As 2s 3s]; discard 7h; turn 2; "
    "0 draws 6s, hits 4s on 1, hits 5s on 1, hits 6s on 1",
    "2 players, dealer 1; 0: 4d 5d; 1: 2h 3h; table: 0 [Jc Qc Kc], 1 [As 2s 3s]; discard 7h; turn 2; "
    "0 draws 6d, spreads 4d 5d 6d",
    "2 players, dealer 1; 0: 4s Kd; 1: 2h 3h; table: 0 [Jc Qc Kc], 1 [As 2s 3s]; discard 7h; turn 2; "
    "0 draws 5s, hits 4s on 1, hits 5s on 1, discards Kd",
)

# Eating: seat 2 takes seat 0's discard while seat 1 is to act.
EAT = (
    "3 players, dealer 0; 0: 2c 3c; 1: 2d 3d; 2: 7d 7h Kc Qd 4h; table: 1 [4s 5s 6s], 0 [As 2s 3s]; discard 7s; "
    "turn 3; 1 to act; 2 takes the discard, spreads 7d 7h 7s, discards Kc",
    "3 players, dealer 0; 0: 2c 3c; 1: 2d 3d; 2: 7d 7h Kc Qd 4h; table: 1 [4s 5s 6s], 0 [As 2s 3s]; discard 7s; "
    "turn 3; 1 to act; 2 takes the discard, discards Kc",
)


def _locks() -> Iterator[str]:
    """A spread laid, or a spread hit by the other player, then a knock some turns later."""
    for rounds in range(4):
        pad = "".join(f"; 0 draws {a}, discards {a}; 1 draws {b}, discards {b}"
                      for a, b in (("Jc", "Qc"), ("9c", "Tc"), ("8c", "8d"))[:rounds])
        yield ("2 players, dealer 1; 0: 4d 5d 6d Kc 2c; 1: 2h 3h; table: 1 [As 2s 3s]; discard 7h; turn 2; "
               f"0 draws 7c, spreads 4d 5d 6d, discards 7c; 1 draws 6h, discards 6h{pad}; 0 knocks")
        yield ("2 players, dealer 0; 0: 2c 3c; 1: 7d Qh; table: 1 [As 2s 3s], 0 [4d 5d 6d]; discard Jh; "
               f"turn 2; 1 draws Kh, hits 7d on 1, discards Kh{pad.replace('; 0 ', '; 2 ').replace('; 1 ', '; 0 ')}"
               .replace("; 2 ", "; 1 ") + "; 0 knocks")


# The rules of online engines: a discard before drawing, two spreads in one turn, a special
# hand declared, a knock after drawing without a discard, two hits on one player's spread,
# the turn that draws the last stock card.
ONLINE_TURN = (
    "2 players, dealer 1; 0: 4d 5d Kc Qc 7h; 1: 2h 3h; table: 1 [4s 5s 6s]; discard 6d; turn 2; 0 discards Kc",
    "2 players, dealer 1; first turn; 0: 4h 5h 6h Jc Jd; 1: 2c 3d 7s Qd Kd; discard Ks; "
    "0 draws Js, spreads 4h 5h 6h, spreads Jc Jd Js",
    "2 players, dealer 1; 0: 4d 5d; 1: 2h 3h; table: 0 [Jc Qc Kc], 1 [As 2s 3s]; discard 7h; turn 2; "
    "0 draws 6d, spreads 4d 5d 6d",
    "2 players, dealer 1; 0: 2c 3c; 1: 2h 3h; table: 0 [As Ah Ad], 1 [4s 5s 6s]; discard 7h; turn 2; "
    "0 draws Kd, knocks",
)
SPECIAL = (
    "2 players, dealer 1; first turn; 0: Kc Qc Jd 7d 4s; 1: Jh 2d 3h 6s 5c; discard Ks; 0 declares",
    "2 players, dealer 1; 0: Ac 2c 3d 2s Ad; 1: Jh 2d 3h 6s 5c; discard Ks; turn 2; 0 declares",
)
TWO_HITS = (
    "2 players, dealer 0; 0: 2c 3c; 1: 7d Jd Qh; table: 0 [4d 5d 6d], 1 [As 2s 3s]; discard Kh; turn 2; "
    "1 draws Kd, hits 7d on 0, hits Jd on 0, discards Kd; 0 draws Jc, discards Jc; 1 draws Qc, discards Qc; "
    "0 draws Js, discards Js; 1 draws Qs, discards Qs; 0 knocks",
)


def _last_stock_card() -> Iterator[str]:
    for t in _two_card_tables(2):
        yield f"2 players, dealer 1; {t}; discard 7s; stock 1; turn 40; 0 draws 7h, discards 7h"


def _knock_check_rules() -> frozenset[str]:
    """The rules that give a code of the knock checks (spec/rules.yaml, ``checks``): a rule no
    family names that refuses a knock for a condition on the hand kept is played by the knock
    families."""
    from .book import load_checks, load_reason_codes

    rules = {r.code: r.rules for r in load_reason_codes()}
    return frozenset(rid for g in load_checks() if g.of.startswith("the knock checks")
                     for code, _ in g.order for rid in rules.get(code, ()))


def families() -> list[Family]:
    """Every family, smallest first."""
    knock_rules = frozenset({"TURN-2", "TURN-3", "PAY-KNOCK-1", "PAY-KNOCK-2", "PAY-KNOCK-3", "PAY-CAUGHT-1",
                             "PAY-CAUGHT-2", "PAY-CAUGHT-3", "CARD-3", "VAR-FACE-1", "VAR-KNOCKLIMIT-1",
                             "VAR-LOWKNOCK-1", "OUT-1", "OUT-2", "OBS-3", "VAR-DEUCES-1"})
    stock_rules = frozenset({"STOCK-1", "STOCK-2", "STOCK-3", "DEAL-3", "PAY-STOCK-1", "PAY-STOCK-2", "CARD-3",
                             "VAR-FACE-1"})
    deal_rules = frozenset({"DEAL-1", "DEAL-2", "DEALT-1", "DEALT-2", "DEALT-3", "PAY-DEALT-1", "VAR-LOWDEALT-1",
                            "VAR-DEALTTONKS-1", "TURN-4", "VAR-FORCED-1", "VAR-FORCED-2", "VAR-NOUP-1", "SPREAD-3",
                            "VAR-DECK40-1", "VAR-WILD-1", "VAR-DEUCES-1", "TURN-7", "VAR-MUSTUSE-1", "CARD-3",
                            "VAR-FACE-1", "TURN-3", "CARD-4", "SPREAD-1"})
    take_rules = frozenset({"TURN-7", "TURN-8", "VAR-MUSTUSE-1", "HIT-4", "OUT-1", "OUT-2"})
    spread_rules = frozenset({"SPREAD-2", "SPREAD-3", "HIT-1", "HIT-3", "HIT-4", "VAR-DECK40-1", "VAR-WILD-1",
                              "VAR-WILD-2", "VAR-DEUCES-1", "CARD-1"})
    out_rules = frozenset({"OUT-1", "OUT-2", "PAY-OUT-1", "PAY-OUT-2", "VAR-NEWSPREAD-1", "HIT-4", "HIT-1"})
    out = [
        Family("knock", 2, 1, knock_rules, _knock(2)),
        Family("knock holding a spread", 2, 1, frozenset({"CARD-4", "SPREAD-1", "PAY-KNOCK-1", "VAR-FORCED-2"}),
               _knock_holding),
        Family("the first turn", 2, 0, deal_rules, _first_turn),
        Family("the empty stock", 2, 1, stock_rules, _empty_stock(2)),
        Family("a knock after drawing", 2, 2, frozenset({"TURN-3"}), _knock_after_draw),
        Family("the turn limit", 2, 2, frozenset({"STOCK-1"}), _turn_limit),
        Family("taking the discard", 2, 2, take_rules, lambda: iter(TAKE)),
        Family("spreads and hits", 2, 3, spread_rules, lambda: iter(SPREAD_HIT)),
        Family("going out", 2, 2, out_rules, lambda: iter(OUT)),
        Family("knock after a spread or a hit", 2, 7, frozenset({"VAR-HITLOCK-1", "VAR-KNOCKWAIT-1"}), _locks),
        Family("the first turn, three players", 3, 0, deal_rules, _first_turn_3),
        Family("knock, three players", 3, 1, knock_rules, _knock(3)),
        Family("the empty stock, three players", 3, 1, stock_rules, _empty_stock(3)),
        Family("eating", 3, 2, frozenset({"TURN-10", "VAR-EAT-1"}), lambda: iter(EAT)),
        Family("the rules of online engines", 2, 1,
               frozenset({"VAR-NODRAW-1", "VAR-REEM-1", "VAR-KNOCKHELD-1", "TURN-6", "OUT-1"}),
               lambda: iter(ONLINE_TURN)),
        Family("a special hand declared", 2, 1, frozenset({"VAR-SPECIAL-1"}), lambda: iter(SPECIAL)),
        Family("two hits on one spread", 2, 9, frozenset({"VAR-HITLOCK-1"}), lambda: iter(TWO_HITS)),
        Family("the last stock card", 2, 2, frozenset({"STOCK-1", "STOCK-3"}), _last_stock_card),
    ]
    unnamed = _knock_check_rules() - frozenset().union(*(f.rules for f in out))
    return [replace(f, rules=f.rules | unnamed) if f.rules is knock_rules else f for f in out]
