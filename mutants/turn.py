"""Faults of the turn (spec section TURN)."""

from __future__ import annotations

from collections.abc import Sequence

from tonk_ref.engine.actions import DRAW, DRAW_DISCARD, Action, IllegalAction
from tonk_ref.engine.cards import BITS, DECK_SIZE, Card
from tonk_ref.engine.hand import DRAWN, START, Compiled, Hand
from tonk_ref.engine.ruleset import DEFAULT, Ruleset

from .core import Misread, TablesFault, as_if_drawn, fault


@fault("knock_after_draw", "TURN-3", "A player may knock after drawing (with a discard) under the seed rules.")
class KnockAfterDraw(Misread):
    method, option, reads = "_knock", "knock_timing", {"start": "any"}


@fault("no_first_turn_knock", "TURN-4", "Nobody may knock on their first turn.")
class NoFirstTurnKnock(Hand):
    def _knock_refusal(self, seat: int, kept: int) -> IllegalAction | None:
        if self._turn < self.players:
            return IllegalAction("first_turn_knock", "no knocking on a player's first turn", "TURN-4")
        return super()._knock_refusal(seat, kept)


@fault("draw_twice", "TURN-6", "A player may draw a second time in a turn.")
class DrawTwice(Hand):
    def apply(self, action: Action, seat: int | None = None) -> None:
        if action.type == DRAW and self._stage == DRAWN and (seat is None or seat == self.to_act):
            self._stage = START  # the already-drawn test is skipped
            try:
                super().apply(action, seat)
            except IllegalAction:
                self._stage = DRAWN
                raise
            return
        super().apply(action, seat)


@fault("discard_before_draw", "TURN-6", "A player may discard without drawing first.")
class DiscardBeforeDraw(Hand):
    def _discard(self, me: int, card: Card) -> None:
        with as_if_drawn(self):  # the must-draw-first test is skipped
            super()._discard(me, card)


_SWAP = {"already_drawn": "must_draw_first", "must_draw_first": "already_drawn"}


@fault("reasons_swapped", "TURN-6", "The reason codes already_drawn and must_draw_first are swapped in refusals.")
class ReasonsSwapped(Hand):
    def apply(self, action: Action, seat: int | None = None) -> None:
        try:
            super().apply(action, seat)
        except IllegalAction as e:
            if e.reason in _SWAP:
                raise IllegalAction(_SWAP[e.reason], e.message, e.rule) from None
            raise


@fault("taken_card_discardable", "TURN-7", "The card taken from the discard pile may be discarded at once (D10).")
class TakenCardDiscardable(TablesFault):
    @staticmethod
    def alter(rules: Ruleset, c: Compiled) -> None:
        c.discard_taken = True


@fault("d22_not_enforced", "TURN-8",
       "A spread may leave the player holding only the card taken from the discard pile (D22).")
class D22NotEnforced(TablesFault):
    @staticmethod
    def alter(rules: Ruleset, c: Compiled) -> None:
        c.taken_last = True


@fault("out_of_turn", "TURN-10", "An action by a seat that is not to act is applied for the player to act.")
class OutOfTurn(Hand):
    def apply(self, action: Action, seat: int | None = None) -> None:
        if seat is not None and seat != self.to_act and not (action == DRAW_DISCARD and self.may_eat(seat)):
            seat = None  # the seat is never compared with the player to act
        super().apply(action, seat)


@fault("discard_not_held", "TURN-11", "A player may discard a card they do not hold.")
class DiscardNotHeld(Hand):
    def _discard(self, me: int, card: Card) -> None:
        held = self._hands[me]
        if self._stage == DRAWN and 0 <= card < DECK_SIZE and not held & BITS[card]:
            self._hands[me] = held | BITS[card]  # no ownership test: the card is taken to be in the hand
            try:
                super()._discard(me, card)
            except IllegalAction:
                self._hands[me] = held
                raise
            return
        super()._discard(me, card)


@fault("rotation_right", "TURN-1", "Turns pass to the right.")
class RotationRight(Hand):
    def apply(self, action: Action, seat: int | None = None) -> None:
        turn = self._turn
        super().apply(action, seat)
        if self._turn != turn and self._stage == START and self.to_act is not None:
            self.to_act = (self.to_act - 2) % self.players  # (me + 1) becomes (me - 1)


@fault("dealer_plays_first", "TURN-1", "The dealer takes the first turn.")
class DealerPlaysFirst(Hand):
    def __init__(self, deck: Sequence[Card], players: int = 2, dealer: int = 0, stake: int = 1,
                 rules: Ruleset = DEFAULT) -> None:
        super().__init__(deck, players, dealer, stake, rules)
        if self._stage == START:
            self.to_act = dealer

