"""The hand's record names every rule the engine applied at each step, with its role
(``Event.applied``), the settlement's included: the rules a ruling cites are read from it."""

from __future__ import annotations

import random

import pytest

from tonk_ref.engine.actions import IllegalAction, spread
from tonk_ref.engine.cards import parse_card
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.result import DECIDES, ROLES, SHOW_DECIDES
from tonk_ref.engine.ruleset import DEFAULT, Ruleset
from tonk_ref.rulebook.book import load_presets, rules_by_id
from tonk_ref.rulebook.situation import Description, play

W7 = "2 players, dealer 1; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; 0 knocks"
WON = "2 players, dealer 1; 0: 2d 3d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; 0 knocks"
STOCK_TIE = ("3 players; 0: Ac Ad Ah As 2c; 1: 2d 4d; 2: 4c 5d; table: 1 [5h 6h 7h], 2 [Tc Jc Qc]; discard Qs; "
             "stock 0; 2 draws")


def _random_hands(rules: Ruleset, n: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        deck = [c for c in range(54) if c < 52 or rules.jokers]
        if rules.deck == 40:
            deck = [c for c in deck if c >= 52 or c % 13 not in (7, 8, 9)]
        rng.shuffle(deck)
        h = Hand(deck, rng.choice((2, 3)), 0, 1, rules)
        for _ in range(200):
            if h.is_over:
                break
            acts = h.legal_actions()
            h.apply(acts[rng.randrange(len(acts))])
        out.append(h)
    return out


@pytest.mark.parametrize("preset", sorted(load_presets()))
@pytest.mark.rule("DEAL-1", "TURN-2", "GAME-1")
def test_every_rule_recorded_is_a_rule_of_the_spec_with_a_known_role(preset: str) -> None:
    known = {rid for rid, r in rules_by_id().items() if r.status == "active"}
    rules = load_presets()[preset].ruleset()
    seen: set[str] = set()
    for h in _random_hands(rules, 60, 7):
        for rid, role in h.applied_rules():
            assert role in ROLES, (rid, role)
            assert rid in known, rid
            seen.add(rid)
        if h.is_over:
            end = h.events[-1]
            assert end.kind == "end" and end.applied, "the end records the settlement and the close"
    assert {"DEAL-1", "TURN-2", "GAME-1"} <= seen


def _end(text: str, rules: Ruleset = DEFAULT) -> tuple[tuple[str, str], ...]:
    d = Description(text)
    p = play(d, rules)
    assert p.hand is not None and p.hand.is_over
    end = p.hand.events[-1]
    assert end.kind == "end"
    return end.applied


@pytest.mark.rule("PAY-KNOCK-3", "PAY-CAUGHT-1", "PAY-CAUGHT-2")
def test_a_caught_knock_that_ties_records_the_tie_and_the_catch() -> None:
    settled = [rid for rid, role in _end(W7) if role == DECIDES]
    assert settled == ["PAY-KNOCK-3", "PAY-CAUGHT-1", "PAY-CAUGHT-2"]


@pytest.mark.rule("PAY-KNOCK-2")
def test_a_knock_won_records_its_rule_and_no_tie() -> None:
    settled = [rid for rid, role in _end(WON) if role == DECIDES]
    assert settled == ["PAY-KNOCK-2"]


@pytest.mark.parametrize(("stock_tie", "rule"), [("all_paid", "PAY-STOCK-2"), ("dead", "STOCK-3")])
@pytest.mark.rule("PAY-STOCK-2", "STOCK-3")
def test_the_empty_stock_records_how_a_tie_is_settled(stock_tie: str, rule: str) -> None:
    rules = DEFAULT.replace(stock_tie=stock_tie) if stock_tie != "dead" else DEFAULT.replace(empty_stock="dead")
    settled = [rid for rid, role in _end(STOCK_TIE, rules) if role == DECIDES]
    assert rule in settled


@pytest.mark.rule("VAR-FORCED-2")
def test_a_knock_keeping_three_aces_under_forced_spreads_records_s33() -> None:
    d = Description("2 players, dealer 1; first turn; 0: Ac Ad Ah 2c 3d; 1: 7c 8c 9d Th Js; discard Ks; 0 knocks")
    p = play(d, DEFAULT.replace(forced_spreads=True))
    assert p.hand is not None
    knock = next(e for e in p.hand.events if e.kind == "knock")
    assert ("VAR-FORCED-2", SHOW_DECIDES) in knock.applied


@pytest.mark.rule("SPREAD-1", "SPREAD-3")
def test_a_spread_records_its_kind_as_deciding() -> None:
    d = Description("2 players; 0: Qh Kh Ah 2c 3d; 1: 4s 5s 6s 7d 9d; discard Jc; 0 draws 8c, spreads Qh Kh Ah")
    p = play(d, DEFAULT.replace(ace="low_or_high"))
    assert p.hand is not None
    laid = next(e for e in p.hand.events if e.kind == "spread")
    assert laid.rule == "SPREAD-1" and ("SPREAD-3", DECIDES) in laid.applied


@pytest.mark.rule("SPREAD-3")
def test_a_refusal_names_the_rule_that_settles_the_point_first() -> None:
    d = Description("2 players; 0: Qh Kh Ah 2c 3d; 1: 4s 5s 6s 7d 9d; discard Jc; 0 draws 8c")
    p = play(d, DEFAULT)
    assert p.hand is not None
    qka = spread([parse_card(c) for c in ("Qh", "Kh", "Ah")])
    with pytest.raises(IllegalAction) as refused:
        p.hand.copy().apply(qka)
    assert p.hand.refused_by(qka, 0, refused.value) == ("SPREAD-3", "SPREAD-1")


@pytest.mark.rule("CARD-1", "STAKE-1")
def test_the_table_names_its_own_rules() -> None:
    d = Description("2 players, stake 5; 0: 3d 4d; 1: 3h 4h; table: 0 [Jc Qc Kc], 1 [5s 6s 7s]; discard Qs; 0 knocks")
    hand = d.start(DEFAULT.replace(deck=40))
    assert hand.table_rules() == ("CARD-1", "STAKE-1")
    assert Description(W7).start(DEFAULT).table_rules() == ()
