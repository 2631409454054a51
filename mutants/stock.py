"""Faults of the stock (spec section STOCK)."""

from __future__ import annotations

from tonk_ref.engine.actions import DRAW, Action
from tonk_ref.engine.hand import DRAWN, START, Hand, Pile

from .core import Misread, fault, rules_as


@fault("last_stock_card_ends", "STOCK-1", "Drawing the last card of the stock ends the hand.")
class LastStockCardEnds(Hand):
    def apply(self, action: Action, seat: int | None = None) -> None:
        before = self._stage
        me = self.to_act
        super().apply(action, seat)
        if (action.type == DRAW and action.source == "stock" and before == START and self._stage == DRAWN
                and self.stock_count == 0 and me is not None):
            # the hand ends as though the empty stock had been drawn from (a reshuffle is never reached)
            with rules_as(self, self.rules.empty_stock == "reshuffle", empty_stock="play_on"):
                self._empty_stock(me)


@fault("empty_stock_reshuffles", "STOCK-2",
       "Drawing from the empty stock turns the discard pile over into a new stock under the seed rules.")
class EmptyStockReshuffles(Misread):
    method, option, reads = "_empty_stock", "empty_stock", {"play_on": "reshuffle"}


@fault("reshuffle_reversed", "STOCK-3",
       "Under reshuffle the pile becomes the new stock without being turned over (its top card first).")
class ReshuffleReversed(Hand):
    def _empty_stock(self, me: int) -> None:
        if self.rules.empty_stock == "reshuffle" and self._pile_count > 1:
            # the cards below the top, reversed: the reference's turning over then leaves
            # them in the pile's own order, the card below the top first
            pile = self.discard_pile()
            top = pile.pop()
            node: Pile = None
            for card in [*reversed(pile), top]:
                node = (card, node)
            self._pile = node
        super()._empty_stock(me)

