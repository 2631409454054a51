"""Given steps: the table, the ruleset and the deal, described the way a person would."""

from __future__ import annotations

from .builder import Builder
from .parse import CARD, CARDS, SEAT, WORD, FeatureTextError, card_name, card_names, step


@step("given", rf"a (?P<players>\d+)-player hand dealt by seat (?P<dealer>{SEAT})")
def a_hand(b: Builder, players: str, dealer: str) -> None:
    b.before_deal("the table")
    b.players = int(players)
    b.dealer = int(dealer)


@step("given", r"a (?P<players>\d+)-player game")
def a_game(b: Builder, players: str) -> None:
    b.before_deal("the table")
    b.players = int(players)


@step("given", r"the stake is (?P<stake>-?\d+)")
def the_stake(b: Builder, stake: str) -> None:
    b.before_deal("the stake")
    b.stake = int(stake)


@step("given", rf"the ruleset has (?P<option>{WORD}) = (?P<value>\S+)")
def ruleset_option(b: Builder, option: str, value: str) -> None:
    b.set_option(option, value)


@step("given", r"the ruleset is the preset (?P<preset>[a-z0-9-]+)")
def ruleset_preset(b: Builder, preset: str) -> None:
    b.before_deal("the ruleset")
    b.preset = preset
    b.ruleset()  # an unknown preset is an error in the feature, said here


@step("given", rf"seat (?P<seat>{SEAT}) holds (?P<cards>{CARDS})")
def seat_holds(b: Builder, seat: str, cards: str) -> None:
    b.before_deal("a hand")
    s = int(seat)
    if s in b.hands:
        raise FeatureTextError(f"seat {s} is given a hand twice")
    b.hands[s] = card_names(cards)


@step("given", rf"the upcard is (?P<card>{CARD})")
def the_upcard(b: Builder, card: str) -> None:
    b.before_deal("the upcard")
    b.upcard = card_name(card)


@step("given", rf"the stock starts with (?P<cards>{CARDS})")
def stock_starts(b: Builder, cards: str) -> None:
    b.before_deal("the stock")
    b.stock_top = card_names(cards)


@step("given", rf"the deck, top first, starts with (?P<cards>{CARDS})")
def deck_starts(b: Builder, cards: str) -> None:
    b.before_deal("the deck")
    b.deck_top = card_names(cards)
