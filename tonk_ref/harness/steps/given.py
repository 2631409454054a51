"""Given steps: the table, the ruleset and the deal, described the way a person would."""

from __future__ import annotations

from collections.abc import Callable

from .builder import Builder
from .parse import CARD, CARDS, SEAT, WORD, FeatureTextError, card_name, card_names, step


@step("given", rf"a (?P<players>\d+)-player hand dealt by seat (?P<dealer>{SEAT})")
def a_hand(b: Builder, players: str, dealer: str) -> None:
    b.before_deal("the table")
    b.players = int(players)
    b.dealer = int(dealer)


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


#: The Given steps that set one value of the table or of the deal, before it is dealt: the
#: step's pattern (its text in the group ``value``), what it gives (for the error of one
#: given after the deal), the builder's field it sets and how the text reads.
_ONE_VALUE: tuple[tuple[str, str, str, Callable[[str], object]], ...] = (
    (r"a (?P<value>\d+)-player game", "the table", "players", int),
    (r"the stake is (?P<value>-?\d+)", "the stake", "stake", int),
    (rf"the upcard is (?P<value>{CARD})", "the upcard", "upcard", card_name),
    (rf"the stock starts with (?P<value>{CARDS})", "the stock", "stock_top", card_names),
    (rf"the deck, top first, starts with (?P<value>{CARDS})", "the deck", "deck_top", card_names),
)


def _one_value(what: str, field: str, read: Callable[[str], object]) -> Callable[[Builder, str], None]:
    def given(b: Builder, value: str) -> None:
        b.before_deal(what)
        setattr(b, field, read(value))

    return given


for _pattern, _what, _field, _read in _ONE_VALUE:
    step("given", _pattern)(_one_value(_what, _field, _read))
