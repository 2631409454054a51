"""Sections SPREAD and HIT: books, runs, the ace, hitting and what fits."""

from __future__ import annotations

import pytest
from enginekit import action, assert_illegal, cards, deal, play

from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT, Ruleset
from tonk_ref.engine.serialize import spread_to_json, state_to_json

rule = pytest.mark.rule

B_HAND = "Td Tc 9s 9h 6d"
VALUE = {r: min(10, i + 1) for i, r in enumerate("A23456789TJQK")}


def a_drew(a: str, rules: Ruleset = DEFAULT, stock: str = "Ks") -> Hand:
    """A plays first, holding ``a``, and has drawn the first stock card."""
    return play(deal([a, B_HAND], dealer=1, upcard="Qh", stock=stock, rules=rules), "A draw stock")


def b_laid(b: str, spread: str, a: str, rules: Ruleset = DEFAULT, a_draws: str = "8s") -> Hand:
    """B plays first and lays ``spread`` from ``b`` (the upcard is 9c, B draws Kd and
    discards it); then A, holding ``a``, draws ``a_draws``."""
    h = deal([a, b], dealer=0, upcard="9c", stock=f"Kd {a_draws}", rules=rules)
    play(h, "B draw stock", f"B spread {spread}", "B discard Kd", "A draw stock")
    return h


# --- SPREAD -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("hand", "spread", "kind"),
    [
        ("Jc Jd Jh 2s 3s", "Jc Jd Jh", "book"),
        ("4c 4d 4h 4s 3s", "4c 4d 4h 4s", "book"),
        ("4c 4d 4h 4s 3s", "4s 4c 4h", "book"),
        ("5c 6c 7c 8c 9c", "5c 6c 7c", "run"),
        ("5c 6c 7c 8c 9c", "9c 7c 8c 6c 5c", "run"),
        ("Ac 2c 3c Kd 5s", "Ac 2c 3c", "run"),
        ("Jc Qc Kc 2d 5s", "Jc Qc Kc", "run"),
    ],
)
@rule("SPREAD-1", "SPREAD-2", "SPREAD-3")
def test_books_and_runs(hand: str, spread: str, kind: str) -> None:
    h = a_drew(hand)
    before = h.total(0)
    play(h, f"A spread {spread}")
    sp = h.spreads[-1]
    assert sp.kind == kind and sp.owner == 0 and list(sp.cards) == cards(spread)
    assert not set(cards(spread)) & set(h.hand(0))
    assert h.total(0) == before - sum(VALUE[c[0]] for c in spread.split())
    assert spread_to_json(sp) == {"owner": 0, "kind": kind, "cards": spread.split()}
    assert [e.rule for e in h.events if e.kind == "spread"] == ["SPREAD-1"]


@pytest.mark.parametrize(
    ("spread", "ace", "ok"),
    [
        ("Qc Kc Ac", "low", False),
        ("Qc Kc Ac", "low_or_high", True),
        ("Jc Qc Kc Ac", "low_or_high", True),
        ("Kc Ac 2c", "low", False),
        ("Kc Ac 2c", "low_or_high", False),
        ("Ac 2c 3c", "low", True),
        ("Ac 2c 3c", "low_or_high", True),
    ],
)
@rule("SPREAD-3")
def test_the_ace_in_runs(spread: str, ace: str, ok: bool) -> None:
    h = a_drew("Jc Qc Kc Ac 2c", DEFAULT.replace(ace=ace), stock="3c")
    if ok:
        play(h, f"A spread {spread}")
        assert h.spreads[0].kind == "run"
    else:
        assert_illegal(h, 0, f"spread {spread}", "not_a_spread")


@rule("SPREAD-1", "SPREAD-2", "SPREAD-3")
def test_legal_actions_offer_every_spread_in_the_hand() -> None:
    h = a_drew("5c 6c 7c 8c Kd")  # draws Ks
    spreads = sorted(a.cards for a in h.legal_actions() if a.type == "spread")
    assert spreads == sorted(tuple(sorted(cards(s))) for s in ("5c 6c 7c", "6c 7c 8c", "5c 6c 7c 8c"))
    h = a_drew("4c 4d 4h 4s Kd")
    spreads = sorted(a.cards for a in h.legal_actions() if a.type == "spread")
    assert len(spreads) == 5  # the book of four and its four books of three
    h = a_drew("Qc Kc Ac 2c 3c", DEFAULT.replace(ace="low_or_high"))
    spreads = sorted(a.cards for a in h.legal_actions() if a.type == "spread")
    assert spreads == sorted(tuple(sorted(cards(s))) for s in ("Ac 2c 3c", "Qc Kc Ac"))


@rule("SPREAD-4", "HIT-2", "TURN-10")
def test_spreads_and_hits_only_in_ones_own_turn_after_drawing() -> None:
    h = deal(["5c 6c 7c Kd 2s", "8c 3d 4s Td 6d"], dealer=1, stock="Ks 8d")
    assert_illegal(h, 0, "spread 5c 6c 7c", "must_draw_first")
    play(h, "A draw stock", "A spread 5c 6c 7c")
    assert_illegal(h, 1, "hit 8c 0", "not_your_turn")
    assert_illegal(h, 1, "spread 3d 4s Td", "not_your_turn")
    play(h, "A discard Kd")
    assert_illegal(h, 1, "hit 8c 0", "must_draw_first")
    play(h, "B draw stock", "B hit 8c 0")
    assert h.spreads[0].cards == tuple(cards("5c 6c 7c 8c"))


@rule("SPREAD-5", "HIT-1")
def test_spreads_keep_the_order_laid_and_hits_are_appended() -> None:
    h = deal(["5c 6c 7c 2s Kh", "Jd Jh Js 4c 8c"], dealer=1, upcard="Qh", stock="Ks 3d Jc 9d")
    play(h, "A draw stock", "A spread 7c 5c 6c", "A discard Kh")
    play(h, "B draw stock", "B spread Js Jd Jh", "B hit 8c 0", "B discard 3d")  # B hits A's run
    play(h, "A draw stock", "A hit Jc 1", "A discard Ks")  # A hits B's book
    play(h, "B draw stock", "B hit 4c 0")  # the run grows at its low end
    assert state_to_json(h)["spreads"] == [
        {"owner": 0, "kind": "run", "cards": ["7c", "5c", "6c", "8c", "4c"]},
        {"owner": 1, "kind": "book", "cards": ["Js", "Jd", "Jh", "Jc"]},
    ]
    assert [e.data for e in h.events if e.kind == "hit"] == [
        (cards("8c")[0], 0), (cards("Jc")[0], 1), (cards("4c")[0], 0)
    ]


# --- HIT ----------------------------------------------------------------------------------------
@rule("HIT-1")
def test_hit_your_own_spread_or_another_players() -> None:
    # own spread, in the turn it was laid
    h = a_drew("5c 6c 7c 8c Kd")
    play(h, "A spread 5c 6c 7c", "A hit 8c 0")
    assert h.spreads[0].cards == tuple(cards("5c 6c 7c 8c")) and cards("8c")[0] not in h.hand(0)
    # another player's spread
    h = b_laid("5h 6h 7h Jc Jd", "5h 6h 7h", "8h 2c 3d 4s Ts")
    play(h, "A hit 8h 0")
    assert h.spreads[0].owner == 1 and h.spreads[0].cards == tuple(cards("5h 6h 7h 8h"))
    assert [e.rule for e in h.events if e.kind == "hit"] == ["HIT-1"]


@pytest.mark.parametrize("targets", ["any", "runs"])
@rule("HIT-1")
def test_hit_targets(targets: str) -> None:
    rules = DEFAULT.replace(hit_targets=targets)
    h = b_laid("Jc Jd Jh 2d 3d", "Jc Jd Jh", "Js 8h 3c 4s Ts", rules)
    if targets == "any":
        play(h, "A hit Js 0")
        assert len(h.spreads[0].cards) == 4
    else:
        assert_illegal(h, 0, "hit Js 0", "hit_target")
    h = b_laid("5h 6h 7h Jc Jd", "5h 6h 7h", "8h 2c 3d 4s Ts", rules)
    play(h, "A hit 8h 0")
    assert len(h.spreads[0].cards) == 4


@rule("HIT-3", "SPREAD-2")
def test_a_book_takes_its_fourth_card_only() -> None:
    h = b_laid("Jc Jd Jh 2d 3d", "Jc Jd Jh", "Js Qs Tc 4s Ts")
    assert_illegal(h, 0, "hit Qs 0", "hit_does_not_fit")
    assert_illegal(h, 0, "hit Tc 0", "hit_does_not_fit")
    play(h, "A hit Js 0")
    assert h.spreads[0].cards == tuple(cards("Jc Jd Jh Js"))
    assert not any(a.type == "hit" for a in h.legal_actions())  # a book of four takes nothing


@pytest.mark.parametrize(
    ("laid", "card", "ace", "fits"),
    [
        ("5h 6h 7h", "8h", "low", True),  # top end
        ("5h 6h 7h", "4h", "low", True),  # bottom end
        ("5h 6h 7h", "9h", "low", False),  # a gap
        ("5h 6h 7h", "8d", "low", False),  # another suit
        ("2h 3h 4h", "Ah", "low", True),  # the ace below the two
        ("Jh Qh Kh", "Ah", "low", False),  # no ace above the king under the default
        ("Jh Qh Kh", "Ah", "low_or_high", True),
        ("2h 3h 4h", "Ah", "low_or_high", True),
        ("Qh Kh Ah", "2h", "low_or_high", False),  # never round the corner
        ("Qh Kh Ah", "Jh", "low_or_high", True),
    ],
)
@rule("HIT-3", "SPREAD-3")
def test_a_run_grows_at_either_end(laid: str, card: str, ace: str, fits: bool) -> None:
    rules = DEFAULT.replace(ace=ace)
    b = f"{laid} 2s 3s"
    a = f"{card} 2c 3d 4s Ts"
    h = b_laid(b, laid, a, rules, a_draws="Kc")
    assert (action(f"hit {card} 0") in h.legal_actions()) == fits
    if fits:
        play(h, f"A hit {card} 0")
        assert cards(card)[0] in h.spreads[0].cards and len(h.spreads[0].cards) == 4
        assert h.spreads[0].kind == "run"
    else:
        assert_illegal(h, 0, f"hit {card} 0", "hit_does_not_fit")


@rule("HIT-4")
def test_any_number_of_hits_by_default_one_under_hits_per_turn_one() -> None:
    a = "4h 8h 9h 2c Ts"
    h = b_laid("5h 6h 7h Jc Jd", "5h 6h 7h", a, a_draws="3h")
    play(h, "A hit 8h 0", "A hit 9h 0", "A hit 4h 0", "A hit 3h 0")
    assert h.hits_this_turn == 4 and len(h.spreads[0].cards) == 7
    rules = DEFAULT.replace(hits_per_turn="one")
    h = b_laid("5h 6h 7h Jc Jd", "5h 6h 7h", a, rules, a_draws="3h")
    play(h, "A hit 8h 0")
    assert not any(x.type == "hit" for x in h.legal_actions())
    assert_illegal(h, 0, "hit 9h 0", "hit_limit")
    play(h, "A discard 2c", "B draw stock", "B discard Jc")
    play(h, "A draw stock", "A hit 9h 0")  # a new turn, a new hit
    assert h.hits_this_turn == 1
