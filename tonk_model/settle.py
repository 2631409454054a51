"""Who wins a hand and who pays whom, at every ending (PAY-*, DEALT-1..3, STOCK-1..3,
VAR-NEWSPREAD-1, VAR-LOWKNOCK-1, VAR-LOWDEALT-1, VAR-DEALTTONKS-1), and the points of a
hand under scoring = points (VAR-POINTS-1).  Each payment names the rule that makes it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import ModelError
from .ruleset import Rules


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: Fraction
    rule: str


@dataclass(frozen=True)
class Result:
    """How a hand ended: the ending, the winners (sorted), the payments in the order the
    rules make them, each player's net, the totals where the ending counts them (and at a
    dealt tonk or draw the dealt totals), and the knocker of a knock."""

    ending: str
    winners: list[int]
    payments: list[Payment]
    net: list[Fraction]
    totals: list[int] | None = None
    knocker: int | None = None

    @property
    def pairs(self) -> dict[tuple[int, int], Fraction]:
        """The payments summed per (payer, payee), zero sums left out."""
        out: dict[tuple[int, int], Fraction] = {}
        for p in self.payments:
            out[(p.payer, p.payee)] = out.get((p.payer, p.payee), Fraction(0)) + p.amount
        return {k: v for k, v in sorted(out.items()) if v != 0}


def result(
    ending: str,
    players: int,
    winners: Sequence[int],
    payments: Sequence[Payment] = (),
    totals: Sequence[int] | None = None,
    knocker: int | None = None,
) -> Result:
    net = [Fraction(0)] * players
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    return Result(ending, sorted(winners), list(payments), net, None if totals is None else list(totals), knocker)


def _from_each(players: int, winner: int, amount: Fraction, rule: str) -> list[Payment]:
    return [Payment(p, winner, amount, rule) for p in range(players) if p != winner]


def dealt(totals: Sequence[int], stake: int, rules: Rules) -> Result | None:
    """DEALT-1..3, PAY-DEALT-1, VAR-LOWDEALT-1, VAR-DEALTTONKS-1: the result of a deal
    that ends the hand at once (``totals``: every dealt card counted), or None."""
    players = len(totals)
    high = {"49_50": {49, 50}, "50": {50}, "none": set()}[rules["dealt_tonk"]]
    low = rules["low_dealt_double"]

    def is_tonk(t: int) -> bool:
        return t in high or (low is not None and t <= low)

    tonks = [p for p in range(players) if is_tonk(totals[p])]
    double = Fraction(2 * stake)
    if not tonks:
        return None
    if len(tonks) > 1 and rules["dealt_tonks"] == "best":
        # a 50 beats a 49, a 49 or 50 beats a low hand, a lower low hand beats a higher one
        def strength(t: int) -> tuple[int, int]:
            return (1, t) if t in high else (0, -t)

        best = max(strength(totals[p]) for p in tonks)
        top = [p for p in tonks if strength(totals[p]) == best]
        if len(top) == 1:
            tonks = top
    if len(tonks) == 1:
        return result("dealt_tonk", players, tonks, _from_each(players, tonks[0], double, "PAY-DEALT-1"), totals)
    if rules["dealt_tonks"] == "split" and len(tonks) < players:
        share = double / len(tonks)
        pays = [Payment(q, p, share, "VAR-DEALTTONKS-1") for p in tonks for q in range(players) if q not in tonks]
        return result("dealt_tonk", players, tonks, pays, totals)
    return result("dealt_draw", players, [], [], totals)


def tonk_out(seat: int, players: int, stake: int, rules: Rules, laid: bool) -> Result:
    """OUT-1, PAY-OUT-1, VAR-NEWSPREAD-1 (``laid``: a spread was laid in the going-out turn)."""
    if rules["tonk_out_double"] == "new_spread" and not laid:
        return result("tonk_out", players, [seat], _from_each(players, seat, Fraction(stake), "VAR-NEWSPREAD-1"))
    return result("tonk_out", players, [seat], _from_each(players, seat, Fraction(2 * stake), "PAY-OUT-1"))


def out_by_discard(seat: int, players: int, stake: int) -> Result:
    """OUT-2, PAY-OUT-2."""
    return result("out_by_discard", players, [seat], _from_each(players, seat, Fraction(stake), "PAY-OUT-2"))


def knock(knocker: int, totals: Sequence[int], stake: int, rules: Rules) -> Result:
    """PAY-KNOCK-1..3, PAY-CAUGHT-1..3 with option caught_payment, VAR-LOWKNOCK-1."""
    n = len(totals)
    S = Fraction(stake)
    others = [p for p in range(n) if p != knocker]
    low = min(totals[p] for p in others)
    mine = totals[knocker]
    if mine < low or (mine == low and rules["knock_tie"] == "knocker_wins"):
        bonus = rules["low_knock_bonus"]
        if bonus is not None and mine <= bonus:
            pays = _from_each(n, knocker, 2 * S, "VAR-LOWKNOCK-1")
        else:
            pays = _from_each(n, knocker, S, "PAY-KNOCK-2")
        return result("knock_won", n, [knocker], pays, totals, knocker)
    if mine == low and rules["knock_tie"] in ("split", "draw"):
        # VAR-KNOCKTIE-1: not caught; split: the knocker and the tied share, each player not
        # tied paying S shared equally among them; draw: no winner, no payment
        tied = [p for p in range(n) if totals[p] == mine]
        if rules["knock_tie"] == "draw":
            return result("knock_tie", n, [], [], totals, knocker)
        share = S / len(tied)
        pays = [Payment(q, p, share, "VAR-KNOCKTIE-1") for p in tied for q in range(n) if q not in tied]
        return result("knock_tie", n, tied, pays, totals, knocker)
    lowest = [p for p in others if totals[p] == low]
    not_tied = [p for p in range(n) if p not in lowest]
    rule = "PAY-CAUGHT-3" if len(lowest) > 1 else "PAY-CAUGHT-2"
    scheme = rules["caught_payment"]
    pays = []
    if scheme in ("seed", "non_knockers", "doubles_only"):
        # PAY-CAUGHT-1: 2S to every other player with an equal or lower total
        pays += [Payment(knocker, p, 2 * S, "PAY-CAUGHT-1") for p in others if totals[p] <= mine]
    if scheme in ("double_lowest_others_single", "double_lowest_only"):
        pays += [Payment(knocker, p, 2 * S, "PAY-CAUGHT-1") for p in lowest]
    if scheme == "seed":
        # PAY-CAUGHT-2/3: the lowest also receives S from every player not tied with it
        pays += [Payment(q, p, S, rule) for p in lowest for q in not_tied]
    if scheme in ("non_knockers", "double_lowest_others_single"):
        pays += [Payment(q, p, S, rule) for p in lowest for q in not_tied if q != knocker]
    if scheme == "per_player":
        pays += [Payment(knocker, p, S * n, rule) for p in lowest]
    return result("knock_caught", n, lowest, pays, totals, knocker)


def reem(seat: int, players: int, stake: int) -> Result:
    """VAR-REEM-1: the reemer receives 2S from each other player."""
    return result("reem", players, [seat], _from_each(players, seat, Fraction(2 * stake), "VAR-REEM-1"))


def special_hand(seat: int, totals: Sequence[int], stake: int) -> Result:
    """VAR-SPECIAL-1: the declarer receives 3S from each other player; every hand is shown."""
    n = len(totals)
    return result("special_hand", n, [seat], _from_each(n, seat, Fraction(3 * stake), "VAR-SPECIAL-1"), totals)


def stock_out(totals: Sequence[int], stake: int, rules: Rules, dead: bool, ending: str = "stock_out") -> Result:
    """STOCK-2, STOCK-3, PAY-STOCK-1, PAY-STOCK-2 with options empty_stock and stock_tie
    (and STOCK-1's turn limit, ending turn_limit, settled the same way)."""
    n = len(totals)
    single, tied = ("PAY-STOCK-1", "PAY-STOCK-2") if ending == "stock_out" else ("STOCK-1", "STOCK-1")
    if dead:
        return result(ending, n, [], [], totals)
    low = min(totals)
    lowest = [p for p in range(n) if totals[p] == low]
    not_tied = [p for p in range(n) if p not in lowest]
    if len(lowest) == 1:
        return result(ending, n, lowest, _from_each(n, lowest[0], Fraction(stake), single), totals)
    tie = rules["stock_tie"]
    if tie == "dead":
        return result(ending, n, [], [], totals)
    share = Fraction(stake) / len(lowest) if tie == "split" else Fraction(stake)
    return result(ending, n, lowest, [Payment(q, p, share, tied) for p in lowest for q in not_tied], totals)


def points(res: Result, totals: Sequence[int], everyone: bool = False) -> list[int]:
    """VAR-POINTS-1: every player who did not win adds their total (under points_all the
    winners too); a caught knocker adds double.  A hand nobody won is not scored here."""
    if not res.winners:
        raise ModelError("a hand nobody won: VAR-POINTS-1 does not say what it scores")

    def scored(seat: int, total: int) -> int:
        if seat in res.winners and not everyone:
            return 0
        return 2 * total if res.ending == "knock_caught" and seat == res.knocker else total

    return [scored(s, t) for s, t in enumerate(totals)]
