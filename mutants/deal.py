"""Faults of the deal and the dealt 49/50 check (spec sections DEAL and DEALT)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tonk_ref.engine import payments
from tonk_ref.engine.actions import Action
from tonk_ref.engine.cards import Card
from tonk_ref.engine.hand import START, Hand
from tonk_ref.engine.result import Result, net_of
from tonk_ref.engine.ruleset import DEFAULT, Ruleset

from .core import Misread, PayFactor, fault


@fault("no_upcard", "DEAL-2", "No upcard is turned, though the ruleset has one.")
class NoUpcard(Hand):
    def __init__(self, deck: Sequence[Card], players: int = 2, dealer: int = 0, stake: int = 1,
                 rules: Ruleset = DEFAULT) -> None:
        super().__init__(deck, players, dealer, stake, rules.replace(upcard=False) if rules.upcard else rules)


class DeckTransform(Hand):
    """Deals a rearranged deck: the engine's own dealing order then reproduces the faulty
    dealing order of :meth:`transform`."""

    @staticmethod
    def transform(deck: list[Card], players: int, dealt: int, rules: Ruleset) -> list[Card]:
        raise NotImplementedError

    def __init__(self, deck: Sequence[Card], players: int = 2, dealer: int = 0, stake: int = 1,
                 rules: Ruleset = DEFAULT) -> None:
        cards = list(deck)
        if isinstance(players, int) and 2 <= players <= 6:
            dealt = players * rules.hand_size_for(players)
            if dealt + 1 <= len(cards):
                cards = self.transform(cards, players, dealt, rules)
        super().__init__(cards, players, dealer, stake, rules)


@fault("upcard_from_bottom", "DEAL-2", "The upcard is turned from the bottom of the deck.")
class UpcardFromBottom(DeckTransform):
    @staticmethod
    def transform(deck: list[Card], players: int, dealt: int, rules: Ruleset) -> list[Card]:
        if not rules.upcard:
            return deck
        return [*deck[:dealt], deck[-1], *deck[dealt:-1]]


@fault("deal_in_blocks", "DEAL-1", "The cards are dealt five at a time, not one at a time.")
class DealInBlocks(DeckTransform):
    @staticmethod
    def transform(deck: list[Card], players: int, dealt: int, rules: Ruleset) -> list[Card]:
        size = dealt // players
        out = list(deck)
        for k in range(players):
            for j in range(size):
                out[j * players + k] = deck[k * size + j]
        return out


@fault("deal_from_dealer", "DEAL-1", "The deal starts with the dealer instead of the dealer's left.")
class DealFromDealer(DeckTransform):
    @staticmethod
    def transform(deck: list[Card], players: int, dealt: int, rules: Ruleset) -> list[Card]:
        return [*deck[1:dealt], deck[0], *deck[dealt:]]


@fault("dealer_not_checked", "DEALT-3", "The dealt 49/50 check leaves out the dealer.")
class DealerNotChecked(Hand):
    def _dealt_tonks(self, totals: tuple[int, ...]) -> list[int]:
        return [s for s in super()._dealt_tonks(totals) if s != self.dealer]


@fault("dealt_recheck", "DEALT-4",
       "A 49 or 50 reached during play is declared as a dealt tonk when the holder's turn begins.")
class DealtRecheck(Hand):
    def apply(self, action: Action, seat: int | None = None) -> None:
        turn = self._turn
        super().apply(action, seat)
        s = self.to_act
        if self._turn == turn or self._stage != START or s is None:
            return
        if self._count(self._hands[s]) in self._c.tonk_totals:
            totals = tuple(self._count(m) for m in self._hands)
            self._record("dealt_tonk", s, totals[s], "DEALT-1")
            self._finish("dealt_tonk", (s,), payments.from_each(s, self.players, 2 * self.stake, "PAY-DEALT-1"), totals)


@fault("dealt_draw_pays_first", "DEALT-2",
       "Two dealt tonks: the first seat holding one is paid as a dealt tonk instead of a draw.")
class DealtDrawPaysFirst(Hand):
    def _dealt_check(self) -> None:
        super()._dealt_check()
        r = self.result
        if r is None or r.ending != "dealt_draw" or r.totals is None:
            return
        seat = self._paid_seat(self._dealt_tonks(r.totals))
        pays = tuple(payments.from_each(seat, self.players, 2 * self.stake, "PAY-DEALT-1"))
        self.result = Result("dealt_tonk", (seat,), pays, net_of(self.players, pays), r.totals)

    def _paid_seat(self, tonks: list[int]) -> int:
        """Which of the seats dealt a tonk is paid alone: the first in seat order."""
        return tonks[0]


@fault("fifty_beats_forty_nine", "DEALT-2", "A dealt 50 beats a dealt 49 instead of making a draw.")
class FiftyBeatsFortyNine(Misread):
    method, option, reads = "_dealt_check", "dealt_tonks", {"draw": "best"}


@fault("dealt_tonk_single", "PAY-DEALT-1", "A dealt tonk is paid S instead of 2S.")
class DealtTonkSingle(PayFactor):
    rule, factor = "PAY-DEALT-1", Fraction(1, 2)
