"""When steps: the players act, through the adapter only.  A refused action is recorded,
not raised; a Then step must say that it was expected (see :meth:`.world.Table.act`)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ...adapters.base import JSON
from ...engine.cards import DECK_SIZE
from .parse import CARD, CARDS, INTS, SEAT, SEATS, WORD, FeatureTextError, card_name, ints, raw_cards, seats, step
from .world import Table


@step("when", r"the hand is dealt")
def the_hand_is_dealt(tonk_table: Table) -> None:
    tonk_table.check_settled()
    tonk_table.deal(expect_refusal=True)


@step("when", rf"the hand is dealt from a deck without (?P<card>{CARD})")
def dealt_short_deck(tonk_table: Table, card: str) -> None:
    tonk_table.check_settled()
    gone = card_name(card)
    deck = tonk_table.deck(tonk_table.ruleset())
    tonk_table.deck_override = [c for c in deck if c != gone]
    tonk_table.deal(expect_refusal=True)


@step("when", rf"the hand is dealt from a deck with (?P<twice>{CARD}) in place of (?P<gone>{CARD})")
def dealt_doubled_deck(tonk_table: Table, twice: str, gone: str) -> None:
    tonk_table.check_settled()
    extra, missing = card_name(twice), card_name(gone)
    deck = tonk_table.deck(tonk_table.ruleset())
    tonk_table.deck_override = [extra if c == missing else c for c in deck]
    tonk_table.deal(expect_refusal=True)


@step("when", rf"seat (?P<seat>{SEAT}) knocks")
def knocks(tonk_table: Table, seat: str) -> None:
    tonk_table.act(int(seat), {"type": "knock"}, f"seat {seat} knocking")


@step("when", rf"seat (?P<seat>{SEAT}) knocks and discards (?P<card>{CARD})")
def knocks_discarding(tonk_table: Table, seat: str, card: str) -> None:
    tonk_table.act(int(seat), {"type": "knock", "discard": card}, f"seat {seat} knocking and discarding {card}")


@step("when", rf"seat (?P<seat>{SEAT}) draws from the (?P<source>stock|discard pile)")
def draws(tonk_table: Table, seat: str, source: str) -> None:
    src = "stock" if source == "stock" else "discard"
    tonk_table.act(int(seat), {"type": "draw", "from": src}, f"seat {seat} drawing from the {source}")


@step("when", rf"seat (?P<seat>{SEAT}) spreads (?P<cards>{CARDS})")
def spreads(tonk_table: Table, seat: str, cards: str) -> None:
    tonk_table.act(int(seat), {"type": "spread", "cards": raw_cards(cards)}, f"seat {seat} spreading {cards}")


@step("when", rf"seat (?P<seat>{SEAT}) hits (?P<card>{CARD}) on spread (?P<index>\d+)")
def hits(tonk_table: Table, seat: str, card: str, index: str) -> None:
    action = {"type": "hit", "card": card, "spread": int(index)}
    tonk_table.act(int(seat), action, f"seat {seat} hitting {card} on spread {index}")


@step("when", rf"seat (?P<seat>{SEAT}) discards (?P<card>{CARD})")
def discards(tonk_table: Table, seat: str, card: str) -> None:
    tonk_table.act(int(seat), {"type": "discard", "card": card}, f"seat {seat} discarding {card}")


@step("when", r"the players draw from the stock and discard the card drawn until the stock is empty")
def run_the_stock_dry(tonk_table: Table) -> None:
    """Turn after turn, the player to act draws from the stock and discards that card."""
    for _ in range(2 * DECK_SIZE):
        state = tonk_table.state()
        if state["result"] is not None:
            raise AssertionError("the hand ended before the stock ran out")
        if state["stock_count"] == 0:
            return
        seat = state["to_act"]
        before = list(state["hands"][seat])
        tonk_table.act(seat, {"type": "draw", "from": "stock"}, f"seat {seat} drawing from the stock")
        after = tonk_table.state()["hands"][seat]
        drawn = [c for c in after if c not in before]
        if len(drawn) != 1:
            raise AssertionError(f"seat {seat} drew from the stock but its hand went from {before} to {after}")
        tonk_table.act(seat, {"type": "discard", "card": drawn[0]}, f"seat {seat} discarding {drawn[0]}")
    raise AssertionError(f"the stock did not run out after {2 * DECK_SIZE} turns")


# ---------------------------------------------------------------------- match requests
@step("when", rf"the players cut (?P<cards>{CARDS})")
def the_cut(tonk_table: Table, cards: str) -> None:
    players = tonk_table.need_players()
    tonk_table.request("cut", {"players": players, "cards": raw_cards(cards)}, f"the cut {cards}")


@step(
    "when",
    rf"a hand dealt by seat (?P<dealer>{SEAT}) ends as (?P<ending>{WORD})(?: won by seats? (?P<winners>{SEATS}))?",
)
def a_hand_ends(tonk_table: Table, dealer: str, ending: str, winners: str | None) -> None:
    players = tonk_table.need_players()
    result = {"ending": ending, "winners": seats(winners) if winners else []}
    params = {"players": players, "dealer": int(dealer), "result": result}
    tonk_table.request("next_dealer", params, f"passing the deal after a {ending} dealt by seat {dealer}")


@step("when", r"the deal passes after this hand")
def deal_passes(tonk_table: Table) -> None:
    state = tonk_table.state()
    result = state.get("result")
    if not isinstance(result, dict):
        raise AssertionError(f"the hand is not over (seat {state.get('to_act')} to act): the deal cannot pass yet")
    params = {
        "players": state["players"],
        "dealer": state["dealer"],
        "result": {"ending": result["ending"], "winners": result["winners"]},
    }
    tonk_table.request("next_dealer", params, "passing the deal")


@step("when", r"a new player joins the table")
def a_player_joins(tonk_table: Table) -> None:
    players = tonk_table.need_players()
    if tonk_table.dealer is None:
        raise FeatureTextError("a player joins at the dealer's right: say who deals ('dealt by seat D')")
    params = {"players": players, "dealer": tonk_table.dealer}
    tonk_table.request("join", params, "a new player joining")



@step("when", rf"the hand is scored for points from the scores (?P<scores>{INTS})")
def score_this_hand(tonk_table: Table, scores: str) -> None:
    """The match method ``score`` (VAR-POINTS-1) for the hand just played: its ending,
    winners, knocker and totals, as the engine's result gives them."""
    tonk_table.require_feature("match", "scoring a hand for points")
    state = tonk_table.state()
    result = state.get("result")
    if not isinstance(result, dict):
        raise AssertionError(f"the hand is not over (seat {state.get('to_act')} to act): it cannot be scored yet")
    if not isinstance(result.get("totals"), list):
        raise AssertionError(
            f"the result of this {result.get('ending')} hand gives no totals to score: "
            "use 'When a ... hand won by seat N, with totals ..., is scored from the scores ...'"
        )
    scored = {k: result[k] for k in ("ending", "winners", "totals", "knocker") if result.get(k) is not None}
    params = {"players": state["players"], "scores": ints(scores), "result": scored}
    tonk_table.request("score", params, "scoring the hand for points")


@step(
    "when",
    rf"an? (?P<ending>{WORD}) hand won by seats? (?P<winners>{SEATS})(?:, knocked by seat (?P<knocker>{SEAT}))?, "
    rf"with totals (?P<totals>{INTS}), is scored from the scores (?P<scores>{INTS})",
)
def score_a_hand(
    tonk_table: Table, ending: str, winners: str, knocker: str | None, totals: str, scores: str
) -> None:
    """The match method ``score`` for a hand described in the step (VAR-POINTS-1)."""
    players = tonk_table.need_players()
    result: JSON = {"ending": ending, "winners": seats(winners), "totals": ints(totals)}
    if knocker is not None:
        result["knocker"] = int(knocker)
    params = {"players": players, "scores": ints(scores), "result": result}
    tonk_table.request("score", params, f"scoring a {ending} hand for points")


# ---------------------------------------------------------------------- a whole turn
_MOVES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], JSON]]] = [
    (re.compile(r"draw from the stock"), lambda m: {"type": "draw", "from": "stock"}),
    (re.compile(r"draw from the discard pile"), lambda m: {"type": "draw", "from": "discard"}),
    (re.compile(rf"spread (?P<cards>{CARDS})"), lambda m: {"type": "spread", "cards": raw_cards(m["cards"])}),
    (
        re.compile(rf"hit (?P<card>{CARD}) on spread (?P<index>\d+)"),
        lambda m: {"type": "hit", "card": m["card"], "spread": int(m["index"])},
    ),
    (re.compile(rf"discard (?P<card>{CARD})"), lambda m: {"type": "discard", "card": m["card"]}),
    (re.compile(r"knock"), lambda m: {"type": "knock"}),
    (re.compile(rf"knock and discard (?P<card>{CARD})"), lambda m: {"type": "knock", "discard": m["card"]}),
]


def parse_move(text: str) -> JSON:
    """One move of a "plays:" step: "draw from the stock", "draw from the discard pile",
    "spread C C C", "hit C on spread N", "discard C", "knock", "knock and discard C"."""
    for regex, build in _MOVES:
        m = regex.fullmatch(text.strip())
        if m:
            return build(m)
    raise FeatureTextError(
        f"{text.strip()!r} is not a move: write draw from the stock, draw from the discard pile, "
        "spread C C C, hit C on spread N, discard C, knock or knock and discard C"
    )


@step("when", rf"seat (?P<seat>{SEAT}) plays: (?P<moves>.+)")
def plays(tonk_table: Table, seat: str, moves: str) -> None:
    """A whole turn, move after move, comma separated; the first refused move stops it
    (a Then step must then expect the refusal)."""
    for text in moves.split(","):
        action = parse_move(text)
        tonk_table.act(int(seat), action, f"seat {seat}'s move {text.strip()!r}")
        if tonk_table.refusal is not None:
            return
