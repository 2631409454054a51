"""When steps: the players act, and match requests are made.  Each compiles to a step of
the case; whether an action must be accepted or refused is settled by the step after it
(see :mod:`.builder`)."""

from __future__ import annotations

from ...rulebook.notation import NotationError, parse_move
from .builder import Builder
from .parse import CARD, CARDS, INTS, SEAT, SEATS, WORD, FeatureTextError, card_name, ints, raw_cards, seats, step


@step("when", r"the hand is dealt")
def the_hand_is_dealt(b: Builder) -> None:
    b.deal()
    b.pending = None
    b.deal_pending = True


def _dealt_from(b: Builder, deck: list[str]) -> None:
    if b.setup is not None:
        raise FeatureTextError("the hand was dealt already: a scenario deals one hand")
    b.deck_override = deck
    the_hand_is_dealt(b)


@step("when", rf"the hand is dealt from a deck without (?P<card>{CARD})")
def dealt_short_deck(b: Builder, card: str) -> None:
    gone = card_name(card)
    _dealt_from(b, [c for c in b.deck(b.ruleset()) if c != gone])


@step("when", rf"the hand is dealt from a deck with (?P<twice>{CARD}) in place of (?P<gone>{CARD})")
def dealt_doubled_deck(b: Builder, twice: str, gone: str) -> None:
    extra, missing = card_name(twice), card_name(gone)
    _dealt_from(b, [extra if c == missing else c for c in b.deck(b.ruleset())])


@step("when", rf"seat (?P<seat>{SEAT}) knocks")
def knocks(b: Builder, seat: str) -> None:
    b.act(int(seat), {"type": "knock"})


@step("when", rf"seat (?P<seat>{SEAT}) declares a special hand")
def declares(b: Builder, seat: str) -> None:
    b.act(int(seat), {"type": "declare"})


@step("when", rf"seat (?P<seat>{SEAT}) knocks and discards (?P<card>{CARD})")
def knocks_discarding(b: Builder, seat: str, card: str) -> None:
    b.act(int(seat), {"type": "knock", "discard": card})


@step("when", rf"seat (?P<seat>{SEAT}) draws from the (?P<source>stock|discard pile)")
def draws(b: Builder, seat: str, source: str) -> None:
    b.act(int(seat), {"type": "draw", "from": "stock" if source == "stock" else "discard"})


@step("when", rf"seat (?P<seat>{SEAT}) spreads (?P<cards>{CARDS})")
def spreads(b: Builder, seat: str, cards: str) -> None:
    b.act(int(seat), {"type": "spread", "cards": raw_cards(cards)})


@step("when", rf"seat (?P<seat>{SEAT}) hits (?P<card>{CARD}) on spread (?P<index>\d+)")
def hits(b: Builder, seat: str, card: str, index: str) -> None:
    b.act(int(seat), {"type": "hit", "card": card, "spread": int(index)})


@step("when", rf"seat (?P<seat>{SEAT}) discards (?P<card>{CARD})")
def discards(b: Builder, seat: str, card: str) -> None:
    b.act(int(seat), {"type": "discard", "card": card})


@step("when", rf"seat (?P<seat>{SEAT}) plays: (?P<moves>.+)")
def plays(b: Builder, seat: str, moves: str) -> None:
    """A whole turn in the action notation, comma separated (``draw stock, spread 5h 6h 7h,
    discard Kc``).  A following "the action is refused" is about the last move."""
    for text in moves.split(", "):
        try:
            action = parse_move(text.strip(), strict=False)
        except NotationError as e:
            raise FeatureTextError(f"{e} (a move of 'plays:' is an action without its seat)") from None
        b.act(int(seat), action)


@step("when", r"the players draw from the stock and discard the card drawn until the stock is empty")
def run_the_stock_dry(b: Builder) -> None:
    """Turn after turn, the player to act draws the top of the stock and discards it: the
    actions are written out from the deal (the stock's order and whose turn it is)."""
    setup = b.deal()
    players = setup["players"]
    stock = b.stock_order()
    done = b.accepted()
    drawn = sum(1 for a in done if a.action == {"type": "draw", "from": "stock"})
    discards = [a for a in done if a.action.get("type") == "discard"]
    seat = (discards[-1].seat + 1) % players if discards else (setup["dealer"] + 1) % players
    if done and done[-1].action.get("type") != "discard":
        raise FeatureTextError("the stock can be run dry only at the start of a turn (after a discard)")
    for card in stock[drawn:]:
        b.act(seat, {"type": "draw", "from": "stock"})
        b.act(seat, {"type": "discard", "card": card})
        seat = (seat + 1) % players


# ---------------------------------------------------------------------- match requests
@step("when", rf"the players cut (?P<cards>{CARDS})")
def the_cut(b: Builder, cards: str) -> None:
    b.request("cut", {"players": b.need_players(), "cards": raw_cards(cards)})


@step(
    "when",
    rf"a hand dealt by seat (?P<dealer>{SEAT}) ends as (?P<ending>{WORD})(?: won by seats? (?P<winners>{SEATS}))?",
)
def a_hand_ends(b: Builder, dealer: str, ending: str, winners: str | None) -> None:
    result = {"ending": ending, "winners": seats(winners) if winners else []}
    b.request("next_dealer", {"players": b.need_players(), "dealer": int(dealer), "result": result})


@step("when", r"the deal passes after this hand")
def deal_passes(b: Builder) -> None:
    """next_dealer for the hand just played: its ending and winners, as the engine's result gives them."""
    setup = b.deal()
    b.request("next_dealer", {"players": setup["players"], "dealer": setup["dealer"]}, ("ending", "winners"))


@step("when", r"a new player joins the table")
def a_player_joins(b: Builder) -> None:
    if b.dealer is None:
        raise FeatureTextError("a player joins at the dealer's right: say who deals ('dealt by seat D')")
    b.request("join", {"players": b.need_players(), "dealer": b.dealer})


@step("when", rf"the hand is scored for points from the scores (?P<scores>{INTS})")
def score_this_hand(b: Builder, scores: str) -> None:
    """The match method ``score`` (VAR-POINTS-1) for the hand just played: its ending,
    winners, knocker and totals, as the engine's result gives them."""
    setup = b.deal()
    b.request("score", {"players": setup["players"], "scores": ints(scores)},
              ("ending", "winners", "totals", "knocker"))


@step(
    "when",
    rf"an? (?P<ending>{WORD}) hand won by seats? (?P<winners>{SEATS})(?:, knocked by seat (?P<knocker>{SEAT}))?, "
    rf"with totals (?P<totals>{INTS}), is scored from the scores (?P<scores>{INTS})",
)
def score_a_hand(b: Builder, ending: str, winners: str, knocker: str | None, totals: str, scores: str) -> None:
    """The match method ``score`` for a hand described in the step (VAR-POINTS-1)."""
    result: dict[str, object] = {"ending": ending, "winners": seats(winners), "totals": ints(totals)}
    if knocker is not None:
        result["knocker"] = int(knocker)
    b.request("score", {"players": b.need_players(), "scores": ints(scores), "result": result})
