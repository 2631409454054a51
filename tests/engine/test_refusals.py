"""Every reason the engine finds to refuse an action (``Hand.refusals``): for each reason code
of spec/rules.yaml, a sharp action, which breaks that rule alone (or, for a code without
one, the action a scenario expects it for, refused first with it); compound actions, which break several
and give them in the order the engine checks them (spec/tonk.md, "Which code when several
apply"); and a property over random hands and random well-formed actions: the reasons are
empty exactly when ``apply`` accepts the action, the first is what ``apply`` raises, and
asking changes nothing.

Seats A, B, C are 0, 1, 2; in most hands A plays first (B deals)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from enginekit import action, deal, play
from hypothesis import given, settings
from hypothesis import strategies as st

from tonk_ref.adapters.reference import hand_of, random_move, random_well_formed
from tonk_ref.engine.actions import REASONS, Action, IllegalAction
from tonk_ref.engine.hand import FINAL_REASONS, Hand
from tonk_ref.engine.ruleset import DEFAULT, Ruleset
from tonk_ref.engine.serialize import action_from_json, state_to_json
from tonk_ref.harness.case import JSON, Act
from tonk_ref.harness.hands import random_ruleset, random_setup
from tonk_ref.harness.scenario import load_scenario
from tonk_ref.paths import scenarios_dir
from tonk_ref.rulebook.book import load_reasons

rule = pytest.mark.rule

A_HAND = "5c 6c 7c Kd 2s"  # a run of clubs; A draws the 8c
B_HAND = "Td Tc 9s 9h 6d"
FORCED = DEFAULT.replace(forced_spreads=True)
ANY = DEFAULT.replace(knock_timing="any")
EATING = DEFAULT.replace(eating=True)


def start(rules: Ruleset = DEFAULT, a: str = A_HAND, stock: str = "8c", upcard: str = "Qh") -> Hand:
    return deal([a, B_HAND], dealer=1, upcard=upcard, stock=stock, rules=rules)


def drawn(rules: Ruleset = DEFAULT, a: str = A_HAND) -> Hand:
    return play(start(rules, a=a), "A draw stock")


def took_upcard(rules: Ruleset = DEFAULT, a: str = A_HAND) -> Hand:
    return play(start(rules, a=a, stock="Ks"), "A draw discard")


def with_run_on_table(rules: Ruleset = DEFAULT) -> Hand:
    """A has laid 5c 6c 7c (spread 0); B has drawn the Ac and is to play."""
    return play(start(rules), "A draw stock", "A spread 5c 6c 7c", "A discard Kd", "B draw stock")


def book_on_table(rules: Ruleset) -> Hand:
    """A has laid Jc Jd Jh (spread 0); B holds Js and has drawn."""
    h = deal(["Jc Jd Jh 2s 3s", "Js 3d 4d 6s 8h"], dealer=1, stock="Kc 9h", rules=rules)
    return play(h, "A draw stock", "A spread Jc Jd Jh", "A discard Kc", "B draw stock")


def one_hit_made() -> Hand:
    h = deal(["5c 6c 7c Kd 2s", "4c 8c 3d 6d 9h"], dealer=1, stock="Ks Jh", rules=DEFAULT.replace(hits_per_turn="one"))
    return play(h, "A draw stock", "A spread 5c 6c 7c", "A discard Kd", "B draw stock", "B hit 4c 0")


def hit_locked() -> Hand:
    h = deal([A_HAND, "8c 9c 3d 4s Td"], dealer=1, stock="Ks Jh", rules=DEFAULT.replace(hit_lock=1))
    return play(h, "A draw stock", "A spread 5c 6c 7c", "A discard Kd", "B draw stock", "B hit 8c 0", "B discard Jh")


def waiting() -> Hand:
    h = start(DEFAULT.replace(spread_knock_wait=1), stock="8c Ks")
    return play(h, "A draw stock", "A spread 5c 6c 7c 8c", "A discard Kd", "B draw stock", "B discard Ks")


def last_card_by_spread() -> Hand:
    return took_upcard(a="5c 6c 7c 8c 9c")


def eat_offered(rules: Ruleset = EATING, c: str = "9c 9d 4s Jc 8s") -> Hand:
    """Three players: A has discarded 9s; B is to act; C (seat 2) holds ``c`` (by default
    9c 9d, which the 9s makes a book)."""
    h = deal(["Ac 2c 3c 9s Kd", "5h 6h 7h 4c Qd", c], dealer=2, upcard="Kh", stock="8h 8d", rules=rules)
    return play(h, "A draw stock", "A discard 9s")


def over_by_knock() -> Hand:
    h = play(start(), "A knock")
    assert h.is_over
    return h


@dataclass(frozen=True)
class Example:
    setup: Callable[[], Hand]
    seat: int | None
    act: str | Action
    reasons: tuple[str, ...]

    def action(self) -> Action:
        return action(self.act) if isinstance(self.act, str) else self.act


#: Sharp examples: for a reason code of the rules of play, an action that breaks that rule alone
#: (the rules each checks are the code's ``rules`` in spec/rules.yaml).  A code without one here is
#: checked on the first scenario that refuses an action with it (:func:`_from_a_scenario`).
SHARP: dict[str, Example] = {
    "hand_over": Example(over_by_knock, 1, "draw stock", ("hand_over",)),
    "not_your_turn": Example(start, 1, "draw stock", ("not_your_turn",)),
    "malformed_action": Example(start, 0, Action("draw", source="pile"), ("malformed_action",)),
    "already_drawn": Example(drawn, 0, "draw stock", ("already_drawn",)),
    "must_draw_first": Example(start, 0, "spread 5c 6c 7c", ("must_draw_first",)),
    "knock_timing": Example(drawn, 0, "knock Kd", ("knock_timing",)),
    "first_turn_knock": (
        Example(lambda: start(DEFAULT.replace(first_turn_knock=False)), 0, "knock", ("first_turn_knock",))
    ),
    "knock_discard": Example(lambda: start(ANY), 0, "knock Kd", ("knock_discard",)),
    "discard_pile_empty": (
        Example(lambda: start(DEFAULT.replace(upcard=False)), 0, "draw discard", ("discard_pile_empty",))
    ),
    "not_in_hand": Example(drawn, 0, "discard Ah", ("not_in_hand",)),
    "duplicate_card": Example(drawn, 0, "spread 5c 6c 5c 7c", ("duplicate_card",)),
    "not_a_spread": Example(drawn, 0, "spread 5c 6c 8c", ("not_a_spread",)),
    "no_such_spread": Example(with_run_on_table, 1, "hit 9s 1", ("no_such_spread",)),
    "hit_does_not_fit": Example(with_run_on_table, 1, "hit Tc 0", ("hit_does_not_fit",)),
    "hit_target": Example(lambda: book_on_table(DEFAULT.replace(hit_targets="runs")), 1, "hit Js 0", ("hit_target",)),
    "hit_limit": Example(one_hit_made, 1, "hit 8c 0", ("hit_limit",)),
    "taken_card": Example(took_upcard, 0, "discard Qh", ("taken_card",)),
    "last_card_taken": Example(last_card_by_spread, 0, "spread 5c 6c 7c 8c 9c", ("last_card_taken",)),
    "forced_spread": Example(lambda: drawn(FORCED), 0, "discard Kd", ("forced_spread",)),
    "must_use_taken": (
        Example(lambda: start(DEFAULT.replace(must_use_taken=True)), 0, "draw discard", ("must_use_taken",))
    ),
    "hit_lock": Example(hit_locked, 0, "knock", ("hit_lock",)),
    "knock_wait": Example(waiting, 0, "knock", ("knock_wait",)),
    "knock_limit": Example(lambda: start(DEFAULT.replace(knock_limit=10)), 0, "knock", ("knock_limit",)),
    "declare_timing": Example(lambda: start(a="Ac 2c 3d 2s Ad"), 0, "declare", ("declare_timing",)),
    "not_special": (
        Example(lambda: start(DEFAULT.replace(special_hands="any_turn"), a="Kc Qc Jd 7d 5s"), 0, "declare",
                    ("not_special",))
    ),
}

#: Actions that break several rules: every reason, in the order the engine checks them.
COMPOUND: dict[str, tuple[Example, tuple[str, ...]]] = {
    "a discard before drawing of a card not held": (
        Example(start, 0, "discard Ah", ("must_draw_first", "not_in_hand")),
        ("TURN-6", "TURN-11"),
    ),
    "a spread before drawing of cards that are no spread": (
        Example(start, 0, "spread 5c 6c Kd", ("must_draw_first", "not_a_spread")),
        ("SPREAD-4", "SPREAD-1"),
    ),
    "a spread before drawing of cards not held that are no spread": (
        Example(start, 0, "spread Jc 2d 3s", ("must_draw_first", "not_in_hand", "not_a_spread")),
        ("SPREAD-4", "TURN-11", "SPREAD-1"),
    ),
    "a knock after drawing with no discard under knock_timing start": (
        Example(drawn, 0, "knock", ("knock_timing", "knock_discard")),
        ("TURN-3",),
    ),
    "a discard by the wrong seat at the start of a turn": (
        Example(start, 1, "discard 6d", ("not_your_turn", "must_draw_first")),
        ("TURN-10", "TURN-6"),
    ),
    "a discard by the wrong seat of a card it does not hold": (
        Example(drawn, 1, "discard 5c", ("not_your_turn", "not_in_hand")),
        ("TURN-10", "TURN-11"),
    ),
    "a second draw, from the empty pile": (
        Example(lambda: play(start(), "A draw discard"), 0, "draw discard", ("already_drawn", "discard_pile_empty")),
        ("TURN-6", "TURN-9"),
    ),
    "a hit before drawing of a card that does not fit": (
        Example(lambda: play(start(), "A draw stock", "A spread 5c 6c 7c", "A discard Kd"), 1, "hit 9s 0",
                ("must_draw_first", "hit_does_not_fit")),
        ("HIT-2", "HIT-3"),
    ),
    "a hit with a card not held on a spread that does not exist": (
        Example(with_run_on_table, 1, "hit 4c 3", ("not_in_hand", "no_such_spread")),
        ("TURN-11", "HIT-1"),
    ),
    "a spread naming a card twice, the rest no spread": (
        Example(drawn, 0, "spread 5c 5c 6c", ("duplicate_card", "not_a_spread")),
        ("TURN-11", "SPREAD-2"),
    ),
    "a declare of 42 where the ruleset has no special hands": (
        Example(lambda: start(a="Kc Qc Jd 7d 5s"), 0, "declare", ("declare_timing", "not_special")),
        ("VAR-SPECIAL-1",),
    ),
    "a knock above the limit holding a spread under forced spreads": (
        Example(lambda: start(FORCED.replace(knock_limit=10)), 0, "knock", ("knock_limit", "forced_spread")),
        ("VAR-KNOCKLIMIT-1", "VAR-FORCED-2"),
    ),
    "an eat of a card the eater cannot use under must_use_taken": (
        Example(lambda: eat_offered(EATING.replace(must_use_taken=True), c="4d 4h 4s Jc 8s"), 2, "draw discard",
                ("not_your_turn", "must_use_taken")),
        ("VAR-EAT-1", "VAR-MUSTUSE-1"),
    ),
    "a spread with a card outside the pack": (
        Example(drawn, 0, Action("spread", cards=(4, 5, 52)), ("not_in_hand",)),
        ("TURN-11", "VAR-JOKER-1"),
    ),
    "an action once the hand is over, by the wrong seat, before drawing": (
        Example(over_by_knock, 1, "discard Ah", ("hand_over",)),
        ("TURN-10",),
    ),
    # an eat out of turn is played as an eat when waived: the eater's turn begins with it
    "an eat once the player to act has drawn": (
        Example(lambda: play(eat_offered(), "B draw stock"), 2, "draw discard", ("not_your_turn",)),
        ("VAR-EAT-1", "TURN-10"),
    ),
    "an eat by the seat that discarded": (
        Example(eat_offered, 0, "draw discard", ("not_your_turn",)),
        ("VAR-EAT-1",),
    ),
}


def _check(example: Example) -> list[IllegalAction]:
    h = example.setup()
    before, before_json, events = h.copy(), state_to_json(h), h.events
    found = h.refusals(example.action(), example.seat)
    assert tuple(e.reason for e in found) == example.reasons
    assert h == before and state_to_json(h) == before_json and h.events == events
    with pytest.raises(IllegalAction) as info:
        h.copy().apply(example.action(), example.seat)
    assert (info.value.reason, info.value.rule) == (found[0].reason, found[0].rule)
    return found


#: The reason codes of the rules of play (spec/rules.yaml), each with the rules that give it.
PLAY_CODES: dict[str, tuple[str, ...]] = {r.code: r.rules for r in load_reasons()}


def _from_a_scenario(reason: str) -> Example | None:
    """The first scenario of the corpus that refuses an action with ``reason``, played by the
    reference engine up to that action: an example whose first reason is ``reason``."""
    pattern = re.compile(rf"!{reason}\b|reject: {reason}\b")
    for path in sorted(scenarios_dir().rglob("*.yaml")):
        if path.parent.name == "_gen" or not pattern.search(path.read_text(encoding="utf-8")):
            continue
        case = load_scenario(path)
        if case.setup is None:
            continue
        steps = [s for s in case.steps if isinstance(s, Act)]
        for k, step in enumerate(steps):
            if step.refuse == reason:
                before = steps[:k]

                def setup(setup: JSON = case.setup, before: list[Act] = before) -> Hand:
                    h = hand_of(setup)
                    for s in before:
                        if s.refuse is None:
                            h.apply(action_from_json(s.action), s.seat)
                    return h

                return Example(setup, step.seat, action_from_json(step.action), (reason,))
    return None


@pytest.mark.parametrize(
    "reason", [pytest.param(r, marks=rule(*ids), id=r) for r, ids in PLAY_CODES.items()]
)
def test_an_action_is_refused_first_with_its_code(reason: str) -> None:
    """Every code of play: its sharp example breaks that rule alone; a code without one is
    the first reason the engine finds on the action a scenario expects it for."""
    if reason in SHARP:
        example = SHARP[reason]
        assert example.reasons == (reason,)
        _check(example)
        return
    found = _from_a_scenario(reason)
    assert found is not None, f"no sharp example and no scenario refuses an action with {reason}"
    h = found.setup()
    before = state_to_json(h)
    reasons = h.refusals(found.action(), found.seat)
    assert reasons and reasons[0].reason == reason, [r.reason for r in reasons]
    assert state_to_json(h) == before
    with pytest.raises(IllegalAction) as info:
        h.apply(found.action(), found.seat)
    assert info.value.reason == reason and info.value.rule in (*PLAY_CODES[reason], None)


@rule("TURN-10", "TURN-11", "TURN-6", "SPREAD-1", "HIT-3", "TURN-7", "TURN-8", "VAR-FORCED-1")
def test_the_codes_of_play_are_the_engines() -> None:
    assert set(PLAY_CODES) == set(REASONS) - {"no_hand", "unsupported_option"}
    assert set(SHARP) <= set(PLAY_CODES)


@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=rule(*ids), id=n.replace(" ", "-")) for n, (_, ids) in COMPOUND.items()]
)
def test_a_compound_action_gives_every_reason_in_order(name: str) -> None:
    found = _check(COMPOUND[name][0])
    assert len({e.reason for e in found}) == len(found)
    assert all(e.rule is None or e.message for e in found)


@rule("TURN-2")
def test_a_legal_action_has_no_refusal_and_asking_changes_nothing() -> None:
    h = start()
    for a in h.legal_actions():
        before = state_to_json(h)
        assert h.refusals(a) == []
        assert state_to_json(h) == before
    h.apply(action("draw stock"), 0)
    assert all(h.refusals(a, 0) == [] for a in h.legal_actions())


@rule("TURN-10", "VAR-EAT-1")
def test_an_eat_the_rules_allow_has_no_refusal() -> None:
    h = eat_offered()
    assert h.may_eat(2)
    assert h.refusals(action("draw discard"), 2) == []
    assert h.to_act == 1  # asking played the eat on a copy only


@rule("TURN-11")
def test_the_waivers_are_only_on_the_copies() -> None:
    h = start()
    h.refusals(action("spread Jc 2d 3s"), 0)
    # the hand itself still refuses, at the first check, with nothing waived
    with pytest.raises(IllegalAction) as info:
        h.apply(action("spread Jc 2d 3s"), 0)
    assert info.value.reason == "must_draw_first"
    assert h.copy().refusals(action("discard Kd"), 0)[0].reason == "must_draw_first"


# ------------------------------------------------------------------------------ the property
@rule("TURN-10", "TURN-11", "TURN-6", "SPREAD-1", "HIT-3")
@settings(max_examples=60, derandomize=True, database=None, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 40))
def test_refusals_agree_with_apply(seed: int, moves: int) -> None:
    rng = random.Random(seed)
    rules = random_ruleset(rng) if rng.random() < 0.7 else DEFAULT
    h = hand_of(random_setup(rng, rules))
    for _ in range(moves):
        if h.is_over:
            break
        seat, a = random_move(rng, h, illegal_rate=0.2)
        try:
            h.apply(a, seat)
        except IllegalAction:
            pass
    for _ in range(12):
        seat, a = random_well_formed(rng, h)
        if rng.random() < 0.2 and not h.is_over:
            a, seat = rng.choice(h.legal_actions()), h.to_act
        before, before_json = h.copy(), state_to_json(h)
        found = h.refusals(a, seat)
        assert h == before and state_to_json(h) == before_json
        probe = h.copy()
        try:
            probe.apply(a, seat)
        except IllegalAction as e:
            assert found, f"{a} by {seat}: apply refuses ({e.reason}) but refusals finds nothing"
            assert (found[0].reason, found[0].rule, found[0].message) == (e.reason, e.rule, e.message)
        else:
            assert found == [], f"{a} by {seat}: apply accepts it but refusals finds {[r.reason for r in found]}"
        reasons = [r.reason for r in found]
        assert len(set(reasons)) == len(reasons)
        assert all(r not in FINAL_REASONS for r in reasons[:-1])
