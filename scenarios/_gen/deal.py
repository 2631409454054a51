"""The deal from a full deck order (rules DEAL-1..3, GAME-2, GAME-3, TURN-1): writes
scenarios/deal/ and the player-count cases of scenarios/game/.

Every case gives the whole deck, top first (not stacked hands), so an engine that deals
five cards at a time, starts with the dealer, skips the upcard or draws from the wrong
end of the stock deals other hands.  The expected hands are computed here by rule DEAL-1
(the generators' model, ``tonk_model.deal``), independently of the engine.

Table DECKS: (id, folder, title, rules, players, dealer, options, multiplier, offset):
the deck is card ``(multiplier * i + offset) mod 52`` of the code order at position i, a
fixed permutation (multiplier coprime to 52), chosen so no seat is dealt 49 or 50.
"""

from __future__ import annotations

from typing import Any

from scenarios._gen.make.command import run_family
from scenarios._gen.make.files import Doc, Family
from scenarios._gen.make.play import Play
from scenarios._gen.make.write import HEADED
from tonk_model import STANDARD, deal

DEAL_RULES = ["DEAL-1", "DEAL-2", "DEAL-3", "TURN-1", "CARD-1"]

DECKS: list[tuple[str, str, str, list[str], int, int, dict[str, Any], int, int]] = [
    ("deal-full-deck-dealer-0-2p", "deal",
     "2 players, seat 0 deals: seat 1 gets the 1st, 3rd, ... card; upcard is the 11th",
     DEAL_RULES, 2, 0, {}, 7, 3),
    ("deal-full-deck-dealer-1-2p", "deal",
     "2 players, seat 1 deals: seat 0 gets the 1st, 3rd, ... card; upcard is the 11th",
     DEAL_RULES, 2, 1, {}, 11, 5),
    ("deal-full-deck-dealer-0-3p", "deal", "3 players, seat 0 deals: seat 1, 2, 0 in turn, one card at a time",
     DEAL_RULES, 3, 0, {}, 15, 1),
    ("deal-full-deck-dealer-1-3p", "deal", "3 players, seat 1 deals: seat 2, 0, 1 in turn, one card at a time",
     DEAL_RULES, 3, 1, {}, 17, 9),
    ("deal-full-deck-dealer-2-3p", "deal", "3 players, seat 2 deals: seat 0, 1, 2 in turn, one card at a time",
     [*DEAL_RULES, "GAME-3"], 3, 2, {}, 19, 30),
    ("deal-full-deck-no-upcard-2p", "deal", "No upcard: the 11th card is the top of the stock and the pile is empty",
     ["DEAL-1", "DEAL-2", "DEAL-3", "VAR-NOUP-1", "CARD-1"], 2, 1, {"upcard": False}, 21, 2),
    ("deal-full-deck-no-upcard-3p", "deal", "No upcard, 3 players: 37 cards in the stock, the 16th on top",
     ["DEAL-1", "DEAL-2", "DEAL-3", "VAR-NOUP-1", "CARD-1"], 3, 0, {"upcard": False}, 23, 40),
    ("game-four-players-max-players-4", "game", "Under max_players 4 a 4-player hand deals 20 cards, stock 31",
     ["GAME-2", "GAME-3", "DEAL-1", "TURN-1"], 4, 3, {"max_players": 4}, 25, 6),
    ("game-six-players-max-players-6", "game", "Under max_players 6 a 6-player hand deals 30 cards, stock 21",
     ["GAME-2", "GAME-3", "DEAL-1", "TURN-1"], 6, 2, {"max_players": 6}, 29, 11),
]


def deck_for(multiplier: int, offset: int) -> list[str]:
    deck = [STANDARD[(multiplier * i + offset) % 52] for i in range(52)]
    assert len(set(deck)) == 52, (multiplier, offset)
    return deck


def script_for(deck: list[str], players: int, dealer: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    play = Play(deal(deck, players, dealer, 1, options))
    st = play.state
    assert st.result is None, "a dealt tonk"
    steps: list[dict[str, Any]] = [
        {"expect": {
            "hands": [list(h) for h in st.hands],
            "discard_top": st.pile[-1] if st.pile else None,
            "discard_count": len(st.pile),
            "stock_count": len(st.stock),
            "to_act": st.to_act,
            "stage": "start",
        }},
    ]
    # Each player in turn draws the top of the stock and discards it: the stock is
    # taken in deck order, and play passes to the left.
    for _ in range(players + 1):
        seat, card = play.state.to_act, play.state.stock[0]
        assert seat is not None
        play.act(f"{seat} draw stock")
        steps.append({"act": f"{seat} draw stock"})
        hand = list(play.state.hands[seat])
        steps.append({"expect": {"hands": {str(seat): hand}, "stock_count": len(play.state.stock), "stage": "drawn"}})
        play.act(f"{seat} discard {card}")
        steps.append({"act": f"{seat} discard {card}"})
        steps.append({"expect": {"discard_top": card, "to_act": play.state.to_act, "stage": "start"}})
    return steps


def cases() -> list[Doc]:
    out: list[Doc] = []
    for cid, folder, title, rules, players, dealer, options, mul, off in DECKS:
        deck = deck_for(mul, off)
        doc: dict[str, Any] = {"id": cid, "title": title, "rules": rules}
        if options:
            doc["ruleset"] = {"options": options}
        doc.update({
            "players": players,
            "dealer": dealer,
            "deal": {"deck": deck},
            "script": script_for(deck, players, dealer, options),
            "notes": "The deck is given in full, top first; the hands are dealt one card at a time "
            "from the dealer's left, then the upcard (if any) is turned, and the rest is the stock.",
        })
        out.append((folder, doc))
    return out


#: The family: the files whose header names this module.
FAMILY = Family("deal", cases, HEADED)


if __name__ == "__main__":
    raise SystemExit(run_family(FAMILY))
