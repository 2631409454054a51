"""Answers the spec gives to questions an implementer working from spec/protocol.md and
spec/tonk.md alone had to guess at, checked against the reference engine over stdio
(``python -m tonk_ref.adapters.server``): a ``hello`` without ``protocol``, the code of a
ruleset with an unknown option or a wrongly typed value (and which code wins when the
deck is wrong too), and the one card more than the deal that VAR-HANDSIZE-1 asks for
under ``upcard = false``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import protokit
import pytest

DECK = protokit.pack()


@pytest.fixture(scope="module")
def server() -> Iterator[protokit.LinePipe]:
    pipe = protokit.LinePipe()
    yield pipe
    pipe.close()


def ask(server: protokit.LinePipe, method: str, params: dict[str, Any], ident: int = 1) -> dict[str, Any]:
    line = json.dumps({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}).encode()
    answer: dict[str, Any] = json.loads(server.ask(line))
    assert answer["id"] == ident
    return answer


def reason(answer: dict[str, Any]) -> str | None:
    if "result" in answer:
        return None
    assert answer["error"]["code"] == 1, answer
    return str(answer["error"]["data"]["reason"])


def setup(ruleset: dict[str, Any], deck: list[str] | None = None, players: int = 2) -> dict[str, Any]:
    return {"ruleset": ruleset, "players": players, "dealer": 0, "stake": 1, "deck": deck or DECK}


def test_a_hello_without_protocol_asks_for_version_1(server: protokit.LinePipe) -> None:
    answer = ask(server, "hello", {})
    assert answer["result"]["protocol"] == 1 and answer["result"]["options"]
    assert reason(ask(server, "hello", {"protocol": 2})) == "unsupported_protocol"


@pytest.mark.parametrize(
    "ruleset",
    [{"knock_tiee": "caught"}, {"upcard": "yes"}, {"max_players": "4"}, {"dealt_tonk": 50},
     {"knock_tiee": "caught", "upcard": "yes"}],
    ids=["unknown-option", "string-for-a-boolean", "string-for-a-number", "number-for-a-string", "both"],
)
def test_an_unknown_option_or_a_wrongly_typed_value_is_unsupported_option(server: protokit.LinePipe,
                                                                           ruleset: dict[str, Any]) -> None:
    assert reason(ask(server, "new_hand", setup(ruleset))) == "unsupported_option"
    # the ruleset is checked before the deck: with a deck of 51 cards the code is the same
    assert reason(ask(server, "new_hand", setup(ruleset, DECK[:51]))) == "unsupported_option"


def test_a_ruleset_that_is_not_an_object_is_invalid_setup(server: protokit.LinePipe) -> None:
    assert reason(ask(server, "new_hand", setup(["upcard"]))) == "invalid_setup"  # type: ignore[arg-type]
    assert reason(ask(server, "new_hand", setup({}, DECK[:51]))) == "invalid_setup"
    assert reason(ask(server, "new_hand", setup({}))) is None


@pytest.mark.parametrize("upcard", [True, False])
def test_the_deal_needs_one_card_more_with_or_without_an_upcard(server: protokit.LinePipe, upcard: bool) -> None:
    """42 cards (deck = 40 with two jokers): six players of seven cards need 43, the one more
    being the upcard, or without one the first card the first player must draw."""
    ruleset = {"deck": 40, "jokers": 2, "hand_size": 7, "max_players": 6, "upcard": upcard}
    deck = protokit.pack(ruleset)
    assert len(deck) == 42
    assert reason(ask(server, "new_hand", setup(ruleset, deck, players=6))) == "invalid_setup"
    state = ask(server, "new_hand", setup(ruleset, deck, players=5))["result"]
    assert state["stock_count"] == 42 - 35 - (1 if upcard else 0)
