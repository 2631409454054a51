"""Faults of the match (spec section DEALER): services that answer one of the protocol's
match methods otherwise.  Each lets the reference check the request first, so a request
the reference refuses is refused in the reference's words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tonk_ref.adapters.base import JSON, Rejected
from tonk_ref.engine.cards import DECK_SIZE, NAMES, Card, CardError, parse_card, rank_of
from tonk_ref.engine.ruleset import Ruleset

from .core import MethodFault, fault

Handler = Callable[[JSON], Any]


def _ace_above_king(card: Card) -> Card:
    """The card one rank lower in its suit, the ace becoming the king: cut with the
    reference, these cards rank as the given ones would with the ace high."""
    return card if card >= DECK_SIZE else card // 13 * 13 + (card % 13 - 1) % 13


def _undo(card: Card) -> Card:
    return card if card >= DECK_SIZE else card // 13 * 13 + (card % 13 + 1) % 13


@fault("cut_ace_high", "DEALER-1", "In the cut for the first deal the ace ranks high.")
class CutAceHigh(MethodFault):
    method = "cut"

    def answer(self, params: JSON, reference: Handler) -> Any:
        try:
            shifted = [NAMES[_ace_above_king(parse_card(c))] for c in params["cards"]]
        except (CardError, KeyError, TypeError):
            return reference(params)
        try:
            out = reference({**params, "cards": shifted})
        except Rejected:
            reference(params)  # the reference's own words where the cards themselves are wrong
            raise
        for rnd in out["rounds"]:
            for entry in rnd:
                entry["card"] = NAMES[_undo(parse_card(entry["card"]))]
        return out


@fault("cut_all_recut", "DEALER-1", "On a tie for the highest cut card every player cuts again.")
class CutAllRecut(MethodFault):
    method = "cut"

    def answer(self, params: JSON, reference: Handler) -> Any:
        reference(params)  # the reference's checks of the players, the ruleset and the cards
        low = Ruleset.from_mapping(params.get("ruleset") or {}).first_dealer == "low"
        players: int = params["players"]
        cards = [parse_card(c) for c in params["cards"]]
        rounds: list[list[tuple[int, Card]]] = []
        pos = 0
        while True:
            if pos + players > len(cards):
                raise Rejected("invalid_setup", f"the cut needs {pos + players} cards but only {len(cards)} were given")
            this = [(seat, cards[pos + seat]) for seat in range(players)]  # every player, not only the tied ones
            pos += players
            rounds.append(this)
            ranks = [rank_of(c) for _, c in this]
            best = min(ranks) if low else max(ranks)
            tied = [seat for (seat, _), r in zip(this, ranks, strict=True) if r == best]
            if len(tied) == 1:
                return {"dealer": tied[0],
                        "rounds": [[{"seat": s, "card": NAMES[c]} for s, c in rnd] for rnd in rounds]}


@fault("next_dealer_right", "DEALER-2", "After a hand the deal passes to the right.")
class NextDealerRight(MethodFault):
    method = "next_dealer"

    def answer(self, params: JSON, reference: Handler) -> Any:
        out = reference(params)
        players, dealer = params["players"], params["dealer"]
        if out["dealer"] == (dealer + 1) % players:
            out["dealer"] = (dealer - 1) % players
        return out


@fault("join_at_left", "DEALER-3", "A joining player sits at the dealer's left.")
class JoinAtLeft(MethodFault):
    method = "join"

    def answer(self, params: JSON, reference: Handler) -> Any:
        reference(params)  # the reference's checks and errors
        players, dealer = params["players"], params["dealer"]
        seat = dealer + 1  # so the newcomer plays first and deals next
        return {"players": players + 1, "dealer": dealer, "seat": seat,
                "seats": [s if s < seat else s + 1 for s in range(players)]}


@fault("dealer_stays_after_draw", "DEALER-4", "After a dealt draw the same dealer deals again.")
class DealerStaysAfterDraw(MethodFault):
    method = "next_dealer"

    def answer(self, params: JSON, reference: Handler) -> Any:
        ruleset = params.get("ruleset") or {}
        result = params.get("result")
        if (isinstance(ruleset, dict) and ruleset.get("dealer_after_draw", "next") == "next"
                and isinstance(result, dict) and result.get("ending") == "dealt_draw"):
            params = {**params, "ruleset": {**ruleset, "dealer_after_draw": "same"}}
        return reference(params)
