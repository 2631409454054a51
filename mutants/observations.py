"""Faults of what each player is shown (spec section OBS): services whose ``observe``
answers otherwise."""

from __future__ import annotations

from tonk_ref.adapters.base import JSON
from tonk_ref.engine.cards import names
from tonk_ref.engine.hand import Hand

from .core import ObservationFault, fault


@fault("discard_pile_visible", "OBS-1", "Observations show the whole discard pile, not only its top card.")
class DiscardPileVisible(ObservationFault):
    def alter(self, hand: Hand, seat: int, out: JSON) -> None:
        out["discard_pile"] = names(hand.discard_pile())


@fault("left_hand_visible", "OBS-2", "A seat's observation shows the hand of the player to its left.")
class LeftHandVisible(ObservationFault):
    def alter(self, hand: Hand, seat: int, out: JSON) -> None:
        left = (seat + 1) % hand.players
        out["hands"][left] = names(hand.hand(left))


@fault("hands_hidden_after_knock", "OBS-3", "After a knock the other players' hands stay hidden.")
class HandsHiddenAfterKnock(ObservationFault):
    def alter(self, hand: Hand, seat: int, out: JSON) -> None:
        if hand.result is not None and hand.result.ending in ("knock_won", "knock_caught"):
            out["hands"] = [names(hand.hand(s)) if s == seat else None for s in range(hand.players)]


@fault("hands_shown_after_going_out", "OBS-2",
       "Every hand is shown to every player after any ending, going out included.")
class HandsShownAfterGoingOut(ObservationFault):
    def alter(self, hand: Hand, seat: int, out: JSON) -> None:
        if hand.result is not None:
            out["hands"] = [names(hand.hand(s)) for s in range(hand.players)]
