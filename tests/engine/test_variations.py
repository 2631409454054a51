"""Section VAR (the variations printed in the seeds) and section OBS (what each player
sees), on hand-built deals.  Forced spreads' refusals are in test_illegal.py."""

from __future__ import annotations

import pytest
from enginekit import action, assert_illegal, cards, deal, laid, play, run_down_stock

from tonk_ref.engine.cards import NAMES
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.engine.serialize import observation_to_json

rule = pytest.mark.rule

NO_UPCARD = DEFAULT.replace(upcard=False)


# --- VAR-NOUP-1 ---------------------------------------------------------------------------------
@rule("VAR-NOUP-1", "DEAL-2", "TURN-9")
def test_no_upcard_the_first_player_draws_from_the_stock() -> None:
    h = deal(["5c 6c 7c Kd 2s", "Td Tc 9s 9h 6d"], dealer=1, stock="Qh Qs", rules=NO_UPCARD)
    assert h.discard_top is None and h.discard_count == 0 and h.stock_count == 42
    assert h.legal_actions() == [action("knock"), action("draw stock")]
    assert_illegal(h, 0, "draw discard", "discard_pile_empty")
    play(h, "A draw stock")
    assert cards("Qh")[0] in h.hand(0)
    play(h, "A discard Kd")
    assert h.discard_pile() == cards("Kd")  # the pile begins with the first discard
    assert action("draw discard") in h.legal_actions()
    play(h, "B draw discard")
    assert cards("Kd")[0] in h.hand(1) and h.discard_count == 0


@rule("VAR-NOUP-1", "DEAL-3")
def test_no_upcard_deals_the_stock_from_the_next_card() -> None:
    deck = list(range(52))
    h = Hand(deck, 2, 0, 1, NO_UPCARD)
    assert h.stock() == deck[10:]
    assert [e.rule for e in h.events if e.kind in ("upcard", "no_upcard")] == ["VAR-NOUP-1"]


# --- VAR-NEWSPREAD-1 --------------------------------------------------------------------------------
NEW_SPREAD = DEFAULT.replace(tonk_out_double="new_spread")


@rule("VAR-NEWSPREAD-1", "PAY-OUT-1")
def test_new_spread_a_spread_then_hits_in_the_going_out_turn_pays_double() -> None:
    # A lays 2-3-4 of clubs and then hits the rest onto it and onto B's run.
    h = deal(["2c 3c 4c 5c 8h", "5h 6h 7h Jc Jd"], dealer=0, stock="Qc 6c", rules=NEW_SPREAD)
    play(h, "B draw stock", "B spread 5h 6h 7h", "B discard Qc")
    play(h, "A draw stock", "A spread 2c 3c 4c", "A hit 5c 1", "A hit 6c 1", "A hit 8h 0")
    assert h.result is not None and h.result.ending == "tonk_out"
    assert h.result.net == (2, -2)
    assert {p.rule for p in h.result.payments} == {"PAY-OUT-1"}


@rule("VAR-NEWSPREAD-1")
def test_new_spread_a_spread_laid_in_an_earlier_turn_does_not_count() -> None:
    # A laid 5-6-7 of clubs in the first turn; the going-out turn uses hits only.
    h = deal(["5c 6c 7c 8c 9c", "Td Jc 9s 9h 6d"], dealer=1, stock="Kc Qd Tc", rules=NEW_SPREAD)
    play(h, "A draw stock", "A spread 5c 6c 7c 8c", "A discard Kc")
    play(h, "B draw stock", "B discard Qd")
    play(h, "A draw stock", "A hit 9c 0", "A hit Tc 0")
    assert h.result is not None and h.result.ending == "tonk_out"
    assert h.result.net == (1, -1)
    assert {p.rule for p in h.result.payments} == {"VAR-NEWSPREAD-1"}


@rule("VAR-NEWSPREAD-1", "PAY-OUT-2")
def test_new_spread_does_not_change_going_out_by_discard() -> None:
    h = deal(["5c 6c 7c 8c Kd", "Td Tc 9s 9h 6d"], dealer=1, stock="2s Qd 9c", rules=NEW_SPREAD)
    play(h, "A draw stock", "A spread 5c 6c 7c", "A hit 8c 0", "A discard 2s")
    play(h, "B draw stock", "B discard Qd")
    play(h, "A draw stock", "A hit 9c 0", "A discard Kd")
    assert h.result is not None and h.result.ending == "out_by_discard" and h.result.net == (1, -1)


# --- OBS ----------------------------------------------------------------------------------------------
def _names(text: str) -> list[str]:
    return [NAMES[c] for c in sorted(cards(text))]


@rule("OBS-1", "OBS-2")
def test_an_observation_during_play() -> None:
    h = deal(["5c 6c 7c Kd 2s", "Td Tc 9s 9h 6d"], dealer=1, upcard="Qh", stock="8c 3d")
    play(h, "A draw stock", "A spread 5c 6c 7c 8c", "A discard Kd", "B draw stock", "B discard 3d")
    # the pile is Qh, Kd, 3d (top); A holds 2s; B holds Td Tc 9s 9h 6d
    obs = observation_to_json(h, 0)
    assert obs == {
        "seat": 0,
        "players": 2,
        "dealer": 1,
        "stake": 1,
        "hand": ["2s"],
        "hands": [["2s"], None],
        "hand_sizes": [1, 5],
        "spreads": [{"owner": 0, "kind": "run", "cards": ["5c", "6c", "7c", "8c"]}],
        "discard_top": "3d",
        "discard_count": 3,
        "stock_count": 39,
        "to_act": 0,
        "stage": "start",
        "result": None,
    }
    obs_b = observation_to_json(h, 1)
    assert obs_b["hand"] == _names("Td Tc 9s 9h 6d") and obs_b["hands"] == [None, obs_b["hand"]]
    for seen in (obs, obs_b):
        text = str(seen)
        assert "'Qh'" not in text and "'Kd'" not in text  # below the top of the pile


@pytest.mark.parametrize("ending", ["dealt_tonk", "knock", "stock_out"])
@rule("OBS-3")
def test_hands_are_shown_at_a_dealt_tonk_a_knock_and_an_empty_stock(ending: str) -> None:
    if ending == "dealt_tonk":
        h = deal(["Kc Qd Jh Ts 9c", "2c 3d 4h 5s 6c", "2d 3h 4s 5c 6d"], dealer=2)
    else:
        h = laid(["Ac 5d", "Ah Th", "4h 5h"], first=2)
        if ending == "knock":
            play(h, "C knock")
        else:
            run_down_stock(h)
            play(h, "C draw stock")
    assert h.is_over
    for seat in range(3):
        obs = observation_to_json(h, seat)
        assert obs["hands"] == [[NAMES[c] for c in h.hand(s)] for s in range(3)]


@rule("OBS-2", "OBS-3")
def test_going_out_shows_no_other_hand() -> None:
    h = deal(["5h 6h 7h 9c 9d", "Td Tc 8s 8h 6d"], dealer=1, stock="9s")
    play(h, "A draw stock", "A spread 5h 6h 7h", "A spread 9c 9d 9s")
    assert h.result is not None and h.result.ending == "tonk_out"
    assert observation_to_json(h, 0)["hands"] == [[], None]
    assert observation_to_json(h, 1)["hands"] == [None, _names("Td Tc 8s 8h 6d")]


@pytest.mark.rule("VAR-FORCED-1")
def test_forced_spreads_at_once_refuses_breaking_a_spread_up() -> None:
    """forced_spreads_timing = at_once: a spread held must be laid before the turn ends;
    under turn_end (D16) discarding one of its cards is enough."""
    hands = ["9d Td Jd 3c 5h", "2c 4h 6s 8c Kc"]
    turn_end = deal(hands, dealer=1, upcard="Kd", stock="2s", rules=DEFAULT.replace(forced_spreads=True))
    play(turn_end, "A draw stock", "A discard Jd")
    assert turn_end.to_act == 1
    rules = DEFAULT.replace(forced_spreads=True, forced_spreads_timing="at_once", knock_timing="any")
    h = deal(hands, dealer=1, upcard="Kd", stock="2s", rules=rules)
    play(h, "A draw stock")
    before = h.copy()
    err = assert_illegal(h, 0, "discard Jd", "forced_spread")
    assert err.rule == "VAR-FORCED-1" and h == before
    assert_illegal(h, 0, "knock 2s", "forced_spread")
    legal = h.legal_actions()
    assert [a for a in legal if a.type in ("discard", "knock")] == []
    assert action("spread 9d Td Jd") in legal
    play(h, "A spread 9d Td Jd", "A discard 2s")
    assert h.to_act == 1


@pytest.mark.rule("VAR-FORCED-1", "TURN-8")
def test_forced_spreads_at_once_counts_only_a_spread_that_may_be_laid() -> None:
    """A dealt run of five and the taken card: laying the whole run would leave only the
    taken card (TURN-8), so it does not count; a run of three within it may be laid, and
    must be, before a discard."""
    rules = DEFAULT.replace(forced_spreads=True, forced_spreads_timing="at_once")
    h = deal(["3c 4c 5c 6c 7c", "2d 4h 6s 8d Kh"], dealer=1, upcard="Ks", rules=rules)
    play(h, "A draw discard")
    assert_illegal(h, 0, "discard 7c", "forced_spread")
    assert_illegal(h, 0, "spread 3c 4c 5c 6c 7c", "last_card_taken")
    play(h, "A spread 3c 4c 5c", "A discard 6c")
    assert h.to_act == 1 and h.hand(0) == cards("7c Ks")
