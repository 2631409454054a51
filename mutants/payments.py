"""Faults of the settlement (spec sections PAY and STAKE)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from fractions import Fraction

from tonk_ref.engine.hand import Hand
from tonk_ref.engine.result import Amount, Ending, Payment

from .core import Misread, PayFactor, PaymentsFault, fault, whole


@fault("knock_tie_to_knocker", "PAY-KNOCK-3", "A knocker who ties for the lowest total wins.")
class KnockTieToKnocker(Misread):
    method, option, reads = "_settle_knock", "knock_tie", {"caught": "knocker_wins"}


@fault("lowest_not_paid_by_knocker", "PAY-CAUGHT-2",
       "When the knocker is caught, the lowest hand collects S from the other non-knockers only.")
class LowestNotPaidByKnocker(Misread):
    method, option, reads = "_settle_knock", "caught_payment", {"seed": "non_knockers"}


@fault("caught_pays_lowest_only", "PAY-CAUGHT-1",
       "A caught knocker pays 2S to the lowest hand only, not to every player at or below the knocker.")
class CaughtPaysLowestOnly(PaymentsFault):
    def alter_pays(self, ending: Ending, winners: tuple[int, ...], pays: list[Payment]) -> list[Payment]:
        if ending != "knock_caught":
            return pays
        return [p for p in pays if p.rule != "PAY-CAUGHT-1" or p.payee in winners]


@fault("catch_shared", "PAY-CAUGHT-3",
       "On a catch the tied lowest hands share one S from each other player instead of each receiving S.")
class CatchShared(PaymentsFault):
    def alter_pays(self, ending: Ending, winners: tuple[int, ...], pays: list[Payment]) -> list[Payment]:
        if ending != "knock_caught" or len(winners) < 2:
            return pays
        k = len(winners)
        return [Payment(p.payer, p.payee, whole(Fraction(p.amount) / k), p.rule) if p.rule == "PAY-CAUGHT-3" else p
                for p in pays]


@fault("discard_out_double", "PAY-OUT-2", "Going out by discarding is paid 2S instead of S.")
class DiscardOutDouble(PayFactor):
    rule, factor = "PAY-OUT-2", Fraction(2)


@fault("tonk_out_single", "PAY-OUT-1", "Tonking out is paid S instead of 2S.")
class TonkOutSingle(PayFactor):
    rule, factor = "PAY-OUT-1", Fraction(1, 2)


@fault("new_spread_by_default", "PAY-OUT-1",
       "Going out by hits only is paid S under the seed rules (the new-spread double applied by default).")
class NewSpreadByDefault(Misread):
    method, option, reads = "_tonk_out", "tonk_out_double", {"always": "new_spread"}


@fault("new_spread_any_turn", "VAR-NEWSPREAD-1",
       "Under new-spread double, a spread laid in an earlier turn earns the double.")
class NewSpreadAnyTurn(Hand):
    def _tonk_out(self, me: int) -> None:
        if self.rules.tonk_out_double == "new_spread" and any(sp.owner == me for sp in self._spreads):
            self._laid = True
        super()._tonk_out(me)


@fault("knock_win_double", "PAY-KNOCK-2", "A winning knocker receives 2S instead of S.")
class KnockWinDouble(PayFactor):
    rule, factor = "PAY-KNOCK-2", Fraction(2)


@fault("stock_tie_pays_nobody", "PAY-STOCK-2", "A tie for the lowest total at the empty stock pays nobody.")
class StockTiePaysNobody(Misread):
    method, option, reads = "_empty_stock", "stock_tie", {"all_paid": "dead"}


@fault("stock_out_double", "PAY-STOCK-1", "The lowest total at the empty stock is paid 2S instead of S.")
class StockOutDouble(PayFactor):
    rule, factor = "PAY-STOCK-1", Fraction(2)


@fault("net_not_zero", "STAKE-2", "Each payment is credited to the payee but never debited from the payer.")
class NetNotZero(Hand):
    def _finish(self, ending: Ending, winners: tuple[int, ...], pays: Iterable[Payment],
                totals: tuple[int, ...] | None = None, knocker: int | None = None) -> None:
        super()._finish(ending, winners, pays, totals, knocker)
        assert self.result is not None
        net: list[Amount] = [0] * self.players
        for p in self.result.payments:
            net[p.payee] += p.amount
        self.result = dataclasses.replace(self.result, net=tuple(whole(a) for a in net))


@fault("stake_ignored", "STAKE-1", "Payments are made in units of 1 whatever the stake.")
class StakeIgnored(PaymentsFault):
    def alter_pays(self, ending: Ending, winners: tuple[int, ...], pays: list[Payment]) -> list[Payment]:
        return [Payment(p.payer, p.payee, whole(Fraction(p.amount) / self.stake), p.rule) for p in pays]


@fault("split_rounded", "STAKE-2", "A split payment is rounded down to a whole amount instead of kept exact.")
class SplitRounded(PaymentsFault):
    def alter_pays(self, ending: Ending, winners: tuple[int, ...], pays: list[Payment]) -> list[Payment]:
        return [Payment(p.payer, p.payee, int(p.amount), p.rule) if isinstance(p.amount, Fraction) else p
                for p in pays]
