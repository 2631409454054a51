"""Settlement: who pays whom at the end of a hand (spec section PAY).

Each function takes the facts of the ending and returns the payments, each citing the
rule that causes it; :func:`settled_by` names the rules the settlement applied besides
(the hand records them at its end).  The options that decide who pays whom and how much
(the payment options of spec/ruleset.schema.json) are read here; the hand (hand.py) reads
the options that decide how play goes and which ending is reached.
"""

from __future__ import annotations

from fractions import Fraction

from .result import DECIDES, RESTS_ON, Amount, Applied, Ending, Payment
from .ruleset import Ruleset


def from_each(winner: int, players: int, amount: Amount, rule: str) -> list[Payment]:
    """``winner`` receives ``amount`` from each other player."""
    return [Payment(s, winner, amount, rule) for s in range(players) if s != winner]


def split_among(winners: tuple[int, ...], players: int, amount: Amount, rule: str) -> list[Payment]:
    """Each player not among ``winners`` pays ``amount``, shared equally by the winners."""
    share: Amount = Fraction(amount, len(winners))
    if share.denominator == 1:
        share = int(share)
    return [Payment(p, w, share, rule) for w in winners for p in range(players) if p not in winners]


def knock(rules: Ruleset, stake: int, knocker: int, totals: tuple[int, ...]) -> tuple[bool, list[int], list[Payment]]:
    """Settle a knock: (knocker won, winners, payments)."""
    n = len(totals)
    others = [s for s in range(n) if s != knocker]
    low = min(totals[s] for s in others)
    mine = totals[knocker]
    if mine < low or (mine == low and rules.knock_tie == "knocker_wins"):
        if rules.low_knock_bonus is not None and mine <= rules.low_knock_bonus:
            return True, [knocker], from_each(knocker, n, 2 * stake, "VAR-LOWKNOCK-1")
        return True, [knocker], from_each(knocker, n, stake, "PAY-KNOCK-2")
    lowest = [s for s in others if totals[s] == low]
    pays: list[Payment] = []
    scheme = rules.caught_payment
    if scheme in ("seed", "non_knockers", "doubles_only"):
        pays += [Payment(knocker, s, 2 * stake, "PAY-CAUGHT-1") for s in others if totals[s] <= mine]
    elif scheme != "per_player":  # the double goes to the lowest hand only
        pays += [Payment(knocker, s, 2 * stake, "PAY-CAUGHT-1") for s in lowest]
    rule = "PAY-CAUGHT-3" if len(lowest) > 1 else "PAY-CAUGHT-2"
    if scheme == "seed":
        pays += [Payment(p, s, stake, rule) for s in lowest for p in range(n) if p not in lowest]
    elif scheme in ("non_knockers", "double_lowest_others_single"):
        pays += [Payment(p, s, stake, rule) for s in lowest for p in others if p not in lowest]
    elif scheme == "per_player":
        pays += [Payment(knocker, s, stake * n, rule) for s in lowest]
    return False, lowest, pays


def knock_tie(
    rules: Ruleset, stake: int, knocker: int, totals: tuple[int, ...]
) -> tuple[list[int], list[Payment]] | None:
    """A knock that ties the lowest other total under ``knock_tie = split`` or ``draw``
    (rule VAR-KNOCKTIE-1): (winners, payments), or None when the knock is not such a tie
    (it is then settled by :func:`knock`).  split: the knocker and the players tied with it
    share: each player not tied pays S, shared equally among them.  draw: nobody wins and
    nobody pays."""
    if rules.knock_tie not in ("split", "draw"):
        return None
    n = len(totals)
    mine = totals[knocker]
    if mine != min(totals[s] for s in range(n) if s != knocker):
        return None
    if rules.knock_tie == "draw":
        return [], []
    tied = tuple(s for s in range(n) if totals[s] == mine)
    if len(tied) == n:
        return list(tied), []
    return list(tied), split_among(tied, n, stake, "VAR-KNOCKTIE-1")


def stock_out(rules: Ruleset, stake: int, totals: tuple[int, ...]) -> tuple[list[int], list[Payment]]:
    """Settle a hand ended at the empty stock: (winners, payments)."""
    n = len(totals)
    low = min(totals)
    lowest = [s for s in range(n) if totals[s] == low]
    if len(lowest) == 1:
        return lowest, from_each(lowest[0], n, stake, "PAY-STOCK-1")
    if rules.stock_tie == "dead":
        return [], []
    if len(lowest) == n:
        return lowest, []
    if rules.stock_tie == "split":
        return lowest, split_among(tuple(lowest), n, stake, "PAY-STOCK-2")
    return lowest, [Payment(p, s, stake, "PAY-STOCK-2") for s in lowest for p in range(n) if p not in lowest]


def turn_limit(rules: Ruleset, stake: int, totals: tuple[int, ...]) -> tuple[list[int], list[Payment]]:
    """Settle a hand ended at the turn limit (option ``turn_limit``, rule STOCK-1): as at an
    empty stock (the lowest total, a tie as ``stock_tie`` says), or, under
    ``turn_limit_end = "dead"``, no winner and no payment."""
    if rules.turn_limit_end == "dead":
        return [], []
    winners, pays = stock_out(rules, stake, totals)
    return winners, [Payment(p.payer, p.payee, p.amount, "STOCK-1") for p in pays]


def settled_by(rules: Ruleset, ending: Ending, totals: tuple[int, ...] | None, knocker: int | None) -> Applied:
    """The rules that settle an ending, besides those its payments cite: a knock won or
    caught (PAY-KNOCK-2; PAY-CAUGHT-1 with PAY-CAUGHT-2, or PAY-CAUGHT-3 for a tie for the
    lowest hand; PAY-KNOCK-3 where the knocker ties it), a knock tie split or drawn, the
    empty stock (its ending, a tie for the lowest total or the lowest hand), a tonk out
    and an out by discard."""
    if ending in ("knock_won", "knock_caught", "knock_tie"):
        return () if totals is None or knocker is None else _knock_settled(ending, totals, knocker)
    if ending == "stock_out":
        return () if totals is None else _stock_settled(rules, totals)
    if ending == "tonk_out":
        return (("OUT-1", DECIDES),)
    if ending == "out_by_discard":
        return (("OUT-2", DECIDES),)
    return ()


def _knock_settled(ending: Ending, totals: tuple[int, ...], knocker: int) -> Applied:
    if ending == "knock_tie":
        return (("PAY-KNOCK-3", DECIDES), ("VAR-KNOCKTIE-1", DECIDES))
    others = [t for s, t in enumerate(totals) if s != knocker]
    low = min(others)
    tie: Applied = (("PAY-KNOCK-3", DECIDES),) if totals[knocker] == low else ()
    if ending == "knock_won":
        return (*tie, ("PAY-KNOCK-2", DECIDES))
    lowest = "PAY-CAUGHT-3" if others.count(low) > 1 else "PAY-CAUGHT-2"
    return (*tie, ("PAY-CAUGHT-1", DECIDES), (lowest, DECIDES))


def _stock_settled(rules: Ruleset, totals: tuple[int, ...]) -> Applied:
    last = rules.empty_stock == "last_turn"
    out: Applied = (("STOCK-3" if last else "STOCK-2", DECIDES),)
    if last:
        out += (("STOCK-1", RESTS_ON),)
    if rules.empty_stock == "dead":
        return (*out, ("STOCK-3", DECIDES))
    tied = totals.count(min(totals)) > 1
    return (*out, ("PAY-STOCK-2" if tied else "PAY-STOCK-1", DECIDES))
