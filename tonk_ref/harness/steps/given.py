"""Given steps: the table, the ruleset and the deal, described the way a person would.

The hand is not dealt here: :class:`~.world.Table` deals it at the first When or Then
step, after every Given step has been read.
"""

from __future__ import annotations

import pytest

from ...adapters.base import Adapter
from ..execute import Capabilities
from .parse import CARD, CARDS, SEAT, WORD, FeatureTextError, card_name, card_names, step
from .world import Table


@pytest.fixture
def tonk_table(tonk_adapter: Adapter, tonk_caps: Capabilities) -> Table:
    """A fresh table for one scenario, on the session's engine."""
    return Table(tonk_adapter, tonk_caps)


@step("given", rf"a (?P<players>\d+)-player hand dealt by seat (?P<dealer>{SEAT})")
def a_hand(tonk_table: Table, players: str, dealer: str) -> None:
    tonk_table.players = int(players)
    tonk_table.dealer = int(dealer)


@step("given", r"a (?P<players>\d+)-player game")
def a_game(tonk_table: Table, players: str) -> None:
    tonk_table.players = int(players)


@step("given", r"the stake is (?P<stake>-?\d+)")
def the_stake(tonk_table: Table, stake: str) -> None:
    tonk_table.stake = int(stake)


@step("given", rf"the ruleset has (?P<option>{WORD}) = (?P<value>\S+)")
def ruleset_option(tonk_table: Table, option: str, value: str) -> None:
    tonk_table.set_option(option, value)


@step("given", r"the ruleset is the preset (?P<preset>[a-z0-9-]+)")
def ruleset_preset(tonk_table: Table, preset: str) -> None:
    tonk_table.preset = preset
    tonk_table.ruleset()  # an unknown preset is an error in the feature, said here
    tonk_table.require_options()


@step("given", rf"seat (?P<seat>{SEAT}) holds (?P<cards>{CARDS})")
def seat_holds(tonk_table: Table, seat: str, cards: str) -> None:
    s = int(seat)
    if s in tonk_table.hands:
        raise FeatureTextError(f"seat {s} is given a hand twice")
    tonk_table.hands[s] = card_names(cards)


@step("given", rf"the upcard is (?P<card>{CARD})")
def the_upcard(tonk_table: Table, card: str) -> None:
    tonk_table.upcard = card_name(card)


@step("given", rf"the stock starts with (?P<cards>{CARDS})")
def stock_starts(tonk_table: Table, cards: str) -> None:
    tonk_table.stock_top = card_names(cards)


@step("given", rf"the deck, top first, starts with (?P<cards>{CARDS})")
def deck_starts(tonk_table: Table, cards: str) -> None:
    tonk_table.deck_top = card_names(cards)
