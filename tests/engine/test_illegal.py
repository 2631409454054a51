"""Illegal actions of every kind (sections TURN, SPREAD, HIT, VAR): each is refused with
its reason code and leaves the state exactly as it was (the same state JSON, an equal
hand, the same events, the same legal actions).

A case builds a hand, names the seat and the action, and the reason expected.  Seats
A, B are 0, 1; in most cases A plays first (B deals)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from enginekit import action, assert_illegal, cards, deal, play, rule_ids

from tonk_ref.engine.actions import REASONS, Action
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT, Ruleset

rule = pytest.mark.rule

# A plays first and holds a run of clubs; the upcard is Qh and A draws the 8c.
A_HAND = "5c 6c 7c Kd 2s"
B_HAND = "Td Tc 9s 9h 6d"


def start(rules: Ruleset = DEFAULT, a: str = A_HAND, stock: str = "8c") -> Hand:
    return deal([a, B_HAND], dealer=1, upcard="Qh", stock=stock, rules=rules)


def drawn(rules: Ruleset = DEFAULT, a: str = A_HAND) -> Hand:
    return play(start(rules, a=a), "A draw stock")


def with_run_on_table(rules: Ruleset = DEFAULT) -> Hand:
    """A has laid 5c 6c 7c (spread 0), kept 8c 2s; B has drawn and holds Td Tc 9s 9h 6d Ac."""
    h = play(start(rules), "A draw stock", "A spread 5c 6c 7c", "A discard Kd", "B draw stock")
    assert h.to_act == 1 and h.stage == "drawn"
    return h


def took_upcard(rules: Ruleset = DEFAULT, a: str = A_HAND) -> Hand:
    return play(start(rules, a=a, stock="Ks"), "A draw discard")


def last_card_by_hit(rules: Ruleset = DEFAULT) -> Hand:
    """A lays 5c-8c and keeps 9c; B discards 2h; A takes the 2h: hitting the 9c now would
    leave A holding only the 2h, which A may not discard."""
    h = deal(["5c 6c 7c 8c 9c", B_HAND], dealer=1, upcard="Qh", stock="Ks 2h", rules=rules)
    play(h, "A draw stock", "A spread 5c 6c 7c 8c", "A discard Ks", "B draw stock", "B discard 2h", "A draw discard")
    assert h.hand(0) == sorted(cards("9c 2h"))
    return h


def over_by_dealt_tonk() -> Hand:
    h = deal(["Kc Qd Jh Ts 9c", B_HAND], dealer=1)
    assert h.is_over
    return h


def over_by_knock() -> Hand:
    h = play(start(), "A knock")
    assert h.is_over
    return h


def no_upcard() -> Hand:
    return start(DEFAULT.replace(upcard=False))


FORCED = DEFAULT.replace(forced_spreads=True)


@dataclass(frozen=True)
class Case:
    setup: Callable[[], Hand]
    seat: int | None
    act: str | Action
    reason: str


CASES: dict[str, tuple[Case, tuple[str, ...]]] = {
    # wrong seat
    "wrong seat at the start of a turn": (Case(start, 1, "draw stock", "not_your_turn"), ("TURN-10", "TURN-1")),
    "wrong seat knocks": (Case(start, 1, "knock", "not_your_turn"), ("TURN-10",)),
    "wrong seat after the draw": (Case(drawn, 1, "discard 2d", "not_your_turn"), ("TURN-10",)),
    "a seat that does not exist": (Case(start, 5, "draw stock", "not_your_turn"), ("TURN-10", "GAME-3")),
    # knocking after drawing
    "knock after drawing": (Case(drawn, 0, "knock", "knock_timing"), ("TURN-3",)),
    "knock with a discard after drawing": (Case(drawn, 0, "knock Kd", "knock_timing"), ("TURN-3",)),
    "knock before drawing under after_draw": (
        Case(lambda: start(DEFAULT.replace(knock_timing="after_draw")), 0, "knock", "knock_timing"),
        ("TURN-3",),
    ),
    "knock naming a discard before drawing": (
        Case(lambda: start(DEFAULT.replace(knock_timing="any")), 0, "knock Kd", "knock_discard"),
        ("TURN-3",),
    ),
    "knock naming no discard after drawing under any": (
        Case(lambda: drawn(DEFAULT.replace(knock_timing="any")), 0, "knock", "knock_discard"),
        ("TURN-3",),
    ),
    "knock on the first turn under first_turn_knock false": (
        Case(lambda: start(DEFAULT.replace(first_turn_knock=False)), 0, "knock", "first_turn_knock"),
        ("TURN-4",),
    ),
    # drawing twice
    "draw from the stock twice": (Case(drawn, 0, "draw stock", "already_drawn"), ("TURN-6",)),
    "draw from the discard after the stock": (Case(drawn, 0, "draw discard", "already_drawn"), ("TURN-6",)),
    "draw after taking the discard": (Case(took_upcard, 0, "draw stock", "already_drawn"), ("TURN-6",)),
    # acting before drawing
    "discard before drawing": (Case(start, 0, "discard Kd", "must_draw_first"), ("TURN-6", "TURN-5")),
    "spread before drawing": (Case(start, 0, "spread 5c 6c 7c", "must_draw_first"), ("SPREAD-4", "TURN-6")),
    "hit before drawing": (
        Case(lambda: play(start(), "A draw stock", "A spread 5c 6c 7c", "A discard Kd"), 1, "hit 9s 0",
             "must_draw_first"),
        ("HIT-2", "TURN-6"),
    ),
    # the card taken from the discard pile (D10, D22)
    "discard the card just taken": (Case(took_upcard, 0, "discard Qh", "taken_card"), ("TURN-7",)),
    "knock discarding the card just taken": (
        Case(lambda: took_upcard(DEFAULT.replace(knock_timing="any")), 0, "knock Qh", "taken_card"),
        ("TURN-7", "TURN-3"),
    ),
    "a spread that leaves only the taken card": (
        Case(lambda: took_upcard(a="5c 6c 7c 8c 9c"), 0, "spread 5c 6c 7c 8c 9c", "last_card_taken"),
        ("TURN-8",),
    ),
    "a hit that leaves only the taken card": (Case(last_card_by_hit, 0, "hit 9c 0", "last_card_taken"), ("TURN-8",)),
    # cards not in hand, named twice
    "discard a card not in hand": (Case(drawn, 0, "discard Ah", "not_in_hand"), ("TURN-11",)),
    "discard another player's card": (Case(drawn, 0, "discard 2d", "not_in_hand"), ("TURN-11",)),
    "spread a card not in hand": (Case(drawn, 0, "spread 5c 6c 7c 8c 9c", "not_in_hand"), ("TURN-11",)),
    "hit with a card not in hand": (Case(with_run_on_table, 1, "hit 4c 0", "not_in_hand"), ("TURN-11",)),
    "knock discarding a card not in hand": (
        Case(lambda: drawn(DEFAULT.replace(knock_timing="any")), 0, "knock Ah", "not_in_hand"),
        ("TURN-11",),
    ),
    "a spread naming a card twice": (
        Case(drawn, 0, Action("spread", cards=(4, 5, 6, 4)), "duplicate_card"),
        ("TURN-11",),
    ),
    # not a book or a run
    "a spread of two cards": (Case(drawn, 0, "spread 5c 6c", "not_a_spread"), ("SPREAD-1",)),
    "an empty spread": (Case(drawn, 0, Action("spread", cards=()), "not_a_spread"), ("SPREAD-1",)),
    "a run with a gap": (Case(drawn, 0, "spread 5c 6c 8c", "not_a_spread"), ("SPREAD-3",)),
    "a run in two suits": (
        Case(lambda: drawn(a="5c 6c 7d Kd 2s"), 0, "spread 5c 6c 7d", "not_a_spread"),
        ("SPREAD-3",),
    ),
    "Q-K-A under the default": (
        Case(lambda: drawn(a="Qc Kc Ac 2c 5d"), 0, "spread Qc Kc Ac", "not_a_spread"),
        ("SPREAD-3",),
    ),
    "K-A-2 under the default": (
        Case(lambda: drawn(a="Qc Kc Ac 2c 5d"), 0, "spread Kc Ac 2c", "not_a_spread"),
        ("SPREAD-3",),
    ),
    "K-A-2 with the ace high too": (
        Case(lambda: drawn(DEFAULT.replace(ace="low_or_high"), a="Qc Kc Ac 2c 5d"), 0, "spread Kc Ac 2c",
             "not_a_spread"),
        ("SPREAD-3",),
    ),
    "a five-card book": (
        Case(lambda: drawn(a="3c 3d 3h 3s 4c"), 0, "spread 3c 3d 3h 3s 4c", "not_a_spread"),
        ("SPREAD-2",),
    ),
    "a book of two ranks": (
        Case(lambda: drawn(a="3c 3d 4h 4s 5c"), 0, "spread 3c 3d 4h", "not_a_spread"),
        ("SPREAD-2",),
    ),
    # hits that do not fit
    "a hit leaving a gap in the run": (Case(with_run_on_table, 1, "hit Tc 0", "hit_does_not_fit"), ("HIT-3",)),
    "a hit of the wrong suit": (Case(with_run_on_table, 1, "hit 6d 0", "hit_does_not_fit"), ("HIT-3",)),
    "a hit on a spread that does not exist": (
        Case(with_run_on_table, 1, "hit 9s 1", "no_such_spread"),
        ("HIT-1",),
    ),
    "a hit on a negative spread index": (
        Case(with_run_on_table, 1, "hit 9s -1", "no_such_spread"),
        ("HIT-1",),
    ),
    "a hit on a book under hit_targets runs": (
        Case(lambda: play(deal(["Jc Jd Jh 2s 3s", "Js 3d 4d 6s 8h"], dealer=1,
                               stock="Kc 9h", rules=DEFAULT.replace(hit_targets="runs")),
                          "A draw stock", "A spread Jc Jd Jh", "A discard Kc", "B draw stock"),
             1, "hit Js 0", "hit_target"),
        ("HIT-1",),
    ),
    "a second hit under hits_per_turn one": (
        Case(lambda: play(deal(["5c 6c 7c Kd 2s", "4c 8c 3d 6d 9h"], dealer=1, stock="Ks Jh",
                               rules=DEFAULT.replace(hits_per_turn="one")),
                          "A draw stock", "A spread 5c 6c 7c", "A discard Kd", "B draw stock", "B hit 4c 0"),
             1, "hit 8c 0", "hit_limit"),
        ("HIT-4",),
    ),
    # the hand is over
    "draw after a dealt tonk": (Case(over_by_dealt_tonk, 0, "draw stock", "hand_over"), ("TURN-10", "DEALT-1")),
    "knock after a dealt tonk": (Case(over_by_dealt_tonk, None, "knock", "hand_over"), ("TURN-10",)),
    "draw after a knock": (Case(over_by_knock, 1, "draw stock", "hand_over"), ("TURN-10",)),
    "discard after a knock": (Case(over_by_knock, 1, "discard 2d", "hand_over"), ("TURN-10",)),
    "spread after a knock": (Case(over_by_knock, 0, "spread 5c 6c 7c", "hand_over"), ("TURN-10",)),
    "hit after a knock": (Case(over_by_knock, 0, "hit 5c 0", "hand_over"), ("TURN-10",)),
    "knock after a knock": (Case(over_by_knock, 0, "knock", "hand_over"), ("TURN-10",)),
    # an empty discard pile
    "draw from the empty discard pile with no upcard": (
        Case(no_upcard, 0, "draw discard", "discard_pile_empty"),
        ("TURN-9", "VAR-NOUP-1"),
    ),
    # forced spreads
    "forced spreads: discard keeping a run": (
        Case(lambda: drawn(FORCED), 0, "discard Kd", "forced_spread"),
        ("VAR-FORCED-1",),
    ),
    "forced spreads: discard keeping a book of three": (
        Case(lambda: drawn(FORCED, a="Jc Jd Jh 2s 3s"), 0, "discard 2s", "forced_spread"),
        ("VAR-FORCED-1",),
    ),
    "forced spreads: discard keeping four aces": (
        Case(lambda: drawn(FORCED, a="Ac Ad Ah As 3s"), 0, "discard 3s", "forced_spread"),
        ("VAR-FORCED-1",),
    ),
    "forced spreads: discard keeping a run with an ace": (
        Case(lambda: drawn(FORCED, a="Ac 2c 3c Kd 3s"), 0, "discard Kd", "forced_spread"),
        ("VAR-FORCED-1",),
    ),
    "forced spreads: knock holding a run": (
        Case(lambda: start(FORCED), 0, "knock", "forced_spread"),
        ("VAR-FORCED-2",),
    ),
    "forced spreads: knock holding four aces": (
        Case(lambda: start(FORCED, a="Ac Ad Ah As 3s"), 0, "knock", "forced_spread"),
        ("VAR-FORCED-2",),
    ),
    "forced spreads: knock after drawing, keeping a run": (
        Case(lambda: drawn(FORCED.replace(knock_timing="any")), 0, "knock Kd", "forced_spread"),
        ("VAR-FORCED-2",),
    ),
    # house rules that refuse a draw or a knock
    "take a discard that cannot be used under must_use_taken": (
        Case(lambda: start(DEFAULT.replace(must_use_taken=True)), 0, "draw discard", "must_use_taken"),
        ("VAR-MUSTUSE-1",),
    ),
    "discard before using the taken card under must_use_taken": (
        Case(lambda: play(deal([A_HAND, B_HAND], dealer=1, upcard="8c", rules=DEFAULT.replace(must_use_taken=True)),
                          "A draw discard"), 0, "discard Kd", "must_use_taken"),
        ("VAR-MUSTUSE-1",),
    ),
    "knock while a hit locks it": (
        Case(lambda: play(deal([A_HAND, "8c 9c 3d 4s Td"], dealer=1, stock="Ks Jh", rules=DEFAULT.replace(hit_lock=1)),
                          "A draw stock", "A spread 5c 6c 7c", "A discard Kd", "B draw stock", "B hit 8c 0",
                          "B discard Jh"), 0, "knock", "hit_lock"),
        ("VAR-HITLOCK-1",),
    ),
    "knock in the turn after laying a spread under spread_knock_wait": (
        Case(lambda: play(start(DEFAULT.replace(spread_knock_wait=1), stock="8c Ks"), "A draw stock",
                          "A spread 5c 6c 7c 8c", "A discard Kd", "B draw stock", "B discard Ks"),
             0, "knock", "knock_wait"),
        ("VAR-KNOCKWAIT-1",),
    ),
    "knock above the knock limit": (
        Case(lambda: start(DEFAULT.replace(knock_limit=10)), 0, "knock", "knock_limit"),
        ("VAR-KNOCKLIMIT-1",),
    ),
    "declare a special hand where the ruleset has none": (
        Case(lambda: start(a="Ac 2c 3d 2s Ad"), 0, "declare", "declare_timing"),
        ("VAR-SPECIAL-1",),
    ),
    "declare a special hand after drawing": (
        Case(lambda: drawn(DEFAULT.replace(special_hands="any_turn"), a="Ac 2c 3d 2s Ad"), 0, "declare",
             "declare_timing"),
        ("VAR-SPECIAL-1",),
    ),
    "declare a hand of 42": (
        Case(lambda: start(DEFAULT.replace(special_hands="any_turn"), a="Kc Qc Jd 7d 5s"), 0, "declare",
             "not_special"),
        ("VAR-SPECIAL-1",),
    ),
    "knock after drawing with a discard under knock_with_discard = false": (
        Case(lambda: drawn(DEFAULT.replace(knock_timing="any", knock_with_discard=False)), 0, "knock Kd",
             "knock_discard"),
        ("TURN-3", "VAR-KNOCKHELD-1"),
    ),
    "a hit that ends the turn keeping a spread under forced spreads": (
        Case(lambda: play(deal(["5c 6c 7c Kd 2s", "8c Jd Jh Js 4d"], dealer=1, upcard="Qh", stock="3s Ks",
                               rules=DEFAULT.replace(hit_ends_turn=True, forced_spreads=True)),
                          "A draw stock", "A spread 5c 6c 7c", "A discard Kd", "B draw stock"),
             1, "hit 8c 0", "forced_spread"),
        ("VAR-HITEND-1", "VAR-FORCED-1"),
    ),
    # malformed actions
    "an unknown action type": (Case(start, 0, Action("pass"), "malformed_action"), ("TURN-2",)),  # type: ignore[arg-type]
    "a draw from nowhere": (Case(start, 0, Action("draw", source="pile"), "malformed_action"), ("TURN-2",)),  # type: ignore[arg-type]
    "a discard of a card code out of range": (
        Case(drawn, 0, Action("discard", card=60), "malformed_action"),
        ("CARD-2",),
    ),
}


@pytest.mark.parametrize(
    "name",
    [pytest.param(name, marks=rule(*ids), id=name.replace(" ", "-")) for name, (_, ids) in CASES.items()],
)
def test_illegal_action_changes_nothing(name: str) -> None:
    case = CASES[name][0]
    h = case.setup()
    err = assert_illegal(h, case.seat, case.act, case.reason)
    assert err.rule is None or err.rule in rule_ids()
    assert err.message


@rule("TURN-10", "TURN-11", "TURN-6", "SPREAD-1", "HIT-3", "TURN-7", "TURN-8", "VAR-FORCED-1")
def test_every_reason_code_exercised_is_the_engines() -> None:
    # Every code of play is refused somewhere in test_refusals.py (a sharp example, or the action a
    # scenario expects it for); this table holds the cases worth spelling out, a code among them.
    exercised = {case.reason for case, _ in CASES.values()}
    assert exercised <= set(REASONS) - {"no_hand", "unsupported_option"}
    assert len(exercised) >= 25


# --- the legal counterparts of the refused actions --------------------------------------------
@rule("VAR-FORCED-1", "VAR-FORCED-2")
def test_forced_spreads_three_aces_may_be_kept() -> None:
    h = start(FORCED, a="Ac Ad Ah Kd 3s")
    assert action("knock") in h.legal_actions()
    assert h.is_legal(action("knock"))
    play(h, "A draw stock")
    assert action("discard Kd") in h.legal_actions()
    play(h, "A discard Kd")
    assert h.hand(0) == sorted(cards("Ac Ad Ah 3s 8c"))
    play(h, "B draw stock", "B discard 6d")
    play(h, "A knock")
    assert h.result is not None and h.result.ending == "knock_won"


@rule("VAR-FORCED-1")
def test_forced_spreads_lay_the_spread_then_discard() -> None:
    h = drawn(FORCED)  # A holds 5c 6c 7c 8c Kd 2s
    legal = h.legal_actions()
    assert action("discard Kd") not in legal and action("discard 2s") not in legal
    assert action("spread 5c 6c 7c 8c") in legal
    play(h, "A spread 5c 6c 7c 8c", "A discard Kd")
    assert h.to_act == 1 and h.hand(0) == cards("2s")


@rule("VAR-FORCED-1", "VAR-FORCED-2")
def test_forced_spreads_off_allows_holding_a_spread() -> None:
    h = start()
    assert action("knock") in h.legal_actions()
    play(h, "A draw stock", "A discard Kd")
    assert h.hand(0) == sorted(cards("5c 6c 7c 8c 2s"))


@rule("VAR-FORCED-2")
def test_forced_spreads_hitting_is_never_forced() -> None:
    # B holds the 8c, which fits A's run 5c 6c 7c, and may keep it and knock.
    h = deal(["5c 6c 7c Kd 2s", "8c 3d 4s Td 6d"], dealer=1, stock="Ks Jh", rules=FORCED)
    play(h, "A draw stock", "A spread 5c 6c 7c", "A discard Kd", "B draw stock", "B discard Jh")
    play(h, "A draw discard", "A discard Ks")
    assert h.to_act == 1 and action("knock") in h.legal_actions()
    play(h, "B knock")
    assert h.result is not None and h.result.knocker == 1


@rule("TURN-7", "TURN-8")
def test_taken_card_options_allow_what_the_default_refuses() -> None:
    # discard_taken: the card just taken may be discarded.
    h = took_upcard(DEFAULT.replace(discard_taken=True))
    play(h, "A discard Qh")
    assert h.discard_top == cards("Qh")[0] and h.to_act == 1
    # discard_taken_last: a hit may leave only the taken card, which then goes out.
    h = last_card_by_hit(DEFAULT.replace(discard_taken_last=True))
    play(h, "A hit 9c 0")
    assert h.hand(0) == cards("2h")
    play(h, "A discard 2h")
    assert h.result is not None and h.result.ending == "out_by_discard"
    # ... and a spread may too
    h = took_upcard(DEFAULT.replace(discard_taken_last=True), a="5c 6c 7c 8c 9c")
    play(h, "A spread 5c 6c 7c 8c 9c", "A discard Qh")
    assert h.result is not None and h.result.ending == "out_by_discard"
    # but under discard_taken_last the taken card may still not be discarded while others remain
    h = took_upcard(DEFAULT.replace(discard_taken_last=True))
    assert_illegal(h, 0, "discard Qh", "taken_card")


@rule("TURN-8", "OUT-1")
def test_going_out_with_the_taken_card_is_allowed() -> None:
    # The taken card fits: A lays all six cards and tonks out.
    h = deal(["5c 6c 7c 8c 9c", "Td Jc 9s 9h 6d"], dealer=1, upcard="Tc", stock="Ks")
    play(h, "A draw discard", "A spread 5c 6c 7c 8c 9c Tc")
    assert h.result is not None and h.result.ending == "tonk_out"
