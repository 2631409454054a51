"""Shared pieces of the property tests: strategies for setups and rulesets, the random
walk over a hand, and the invariant checks."""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from tonk_ref.adapters.reference import random_move
from tonk_ref.engine.actions import Action, IllegalAction
from tonk_ref.engine.cards import DECK_SIZE, NAMES
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT, Ruleset, option_values
from tonk_ref.engine.serialize import (
    action_from_json,
    action_to_json,
    observation_to_json,
    state_from_json,
    state_to_json,
)
from tonk_ref.harness.case import new_hand_setup
from tonk_ref.rulebook.book import load_presets

JSON = dict[str, Any]

#: Random play prefers not to knock, so it ends by going out or at the empty stock; a
#: walk longer than this is reported as a hand that did not end (see test_hand_ends).
MAX_ACTIONS = 3000
#: What the walks covered in this session (printed in the terminal summary).
STATS: Counter[str] = Counter()
#: How much random play weighs knocking against each other kind of action.
KNOCK_WEIGHTS = (0.002, 0.01, 0.05, 0.3)


def _long() -> bool:
    chosen = os.environ.get("TONK_HYPOTHESIS_PROFILE") or settings.get_current_profile_name()
    return chosen in ("long", "tonk-long")


def prop_settings(examples: int) -> settings:
    """Settings for one property test: ``examples`` in CI, 50 times more in a long run
    (``TONK_HYPOTHESIS_PROFILE=long``), or ``TONK_HYPOTHESIS_SCALE`` times."""
    scale = int(os.environ.get("TONK_HYPOTHESIS_SCALE", "50" if _long() else "1"))
    parent = settings.get_profile("tonk-long" if _long() else "tonk-ci")
    return settings(parent, max_examples=max(1, examples * scale))


# ------------------------------------------------------------------------------ strategies
PRESETS: dict[str, Ruleset] = {name: p.ruleset() for name, p in load_presets().items()}
OPTION_VALUES = option_values()


def any_ruleset() -> st.SearchStrategy[Ruleset]:
    """Every option drawn independently: its default half the time, else any of its
    allowed values (every value of every option is reachable)."""
    return st.fixed_dictionaries(
        {k: st.one_of(st.just(v[0]), st.sampled_from(v)) for k, v in OPTION_VALUES.items()}
    ).map(lambda d: DEFAULT.replace(**d))


def rulesets() -> st.SearchStrategy[Ruleset]:
    """A preset of spec/rulesets/, or a ruleset with every option drawn at random."""
    return st.one_of(st.sampled_from(sorted(PRESETS.values(), key=repr)), any_ruleset())


@dataclass(frozen=True)
class Setup:
    rules: Ruleset
    players: int
    dealer: int
    stake: int
    deck: tuple[int, ...]

    def hand(self) -> Hand:
        return Hand(list(self.deck), self.players, self.dealer, self.stake, self.rules)

    def json(self) -> JSON:
        return new_hand_setup(self.rules, self.players, self.dealer, self.stake, [NAMES[c] for c in self.deck])


def pack(rules: Ruleset) -> list[int]:
    """The cards a deck holds under the ruleset (52; or the pack of options ``deck`` and
    ``jokers`` where the engine has them)."""
    from tonk_ref.engine import cards

    pack_mask = getattr(cards, "pack_mask", None)
    if pack_mask is None:
        return list(range(DECK_SIZE))
    return list(cards.cards_of(pack_mask(getattr(rules, "deck", 52), getattr(rules, "jokers", 0))))


@st.composite
def setups(draw: st.DrawFn, rules: st.SearchStrategy[Ruleset] | None = None) -> Setup:
    r = draw(rules if rules is not None else rulesets())
    players = draw(st.integers(2, min(4, r.max_players)))
    dealer = draw(st.integers(0, players - 1))
    stake = draw(st.sampled_from([1, 1, 2, 3, 7]))
    # A seeded shuffle, not st.permutations: hypothesis draws permutations close to the
    # identity (easy to shrink, but they deal Ac 2c 3c ... to the first seat).
    seed = draw(st.integers(0, 2**64 - 1))
    cards = pack(r)
    deck = random.Random(seed).sample(cards, len(cards))
    return Setup(r, players, dealer, stake, tuple(deck))


def randoms() -> st.SearchStrategy[random.Random]:
    """The random source of an action stream: a ``random.Random`` seeded by hypothesis
    (fast; a failing example is reproduced from its seed, not shrunk move by move)."""
    return st.randoms(use_true_random=True)


# ------------------------------------------------------------------------------ the walk
@dataclass
class Step:
    seat: int
    action: Action
    accepted: bool
    reason: str | None
    before: Hand
    after: Hand


def holds_throughout(h: Hand, rng: random.Random, check: Callable[[Hand], object]) -> None:
    """``check`` holds on the dealt hand and after every action random play accepts."""
    check(h)
    for step in walk(h, rng):
        if step.accepted:
            check(h)


def walk(
    h: Hand, rng: random.Random, illegal_rate: float = 0.2, knock_weight: float | None = None,
    max_actions: int = MAX_ACTIONS,
) -> Iterator[Step]:
    """Random play on ``h`` (changed in place): legal actions mixed with random
    well-formed ones; each step yields the hand before (a copy) and after.  Without a
    ``knock_weight`` the walk picks one of :data:`KNOCK_WEIGHTS` (short hands that end
    in a knock, long ones that reach the empty stock)."""
    if knock_weight is None:
        knock_weight = rng.choice(KNOCK_WEIGHTS)
    STATS["hands"] += 1
    for _ in range(max_actions):
        if h.is_over:
            break
        seat, action = random_move(rng, h, illegal_rate, knock_weight)
        before = h.copy()
        try:
            h.apply(action, seat)
        except IllegalAction as e:
            STATS["refused"] += 1
            yield Step(seat, action, False, e.reason, before, h)
        else:
            STATS["accepted"] += 1
            yield Step(seat, action, True, None, before, h)
    if h.result is not None:
        STATS[h.result.ending] += 1


# ------------------------------------------------------------------------------ checks
def cards_in(state: JSON) -> Counter[str]:
    """Every card of a state: hands, spreads, discard pile and stock."""
    found: Counter[str] = Counter()
    for hand in state["hands"]:
        found.update(hand)
    for sp in state["spreads"]:
        found.update(sp["cards"])
    found.update(state["discard_pile"])
    found.update(state["stock"])
    return found


def check_conservation(state: JSON, deck: list[str]) -> None:
    """Every card of the deck dealt is in exactly one place: a hand, a spread, the
    discard pile or the stock."""
    found = cards_in(state)
    dupes = sorted(c for c, n in found.items() if n > 1)
    missing = sorted(set(deck) - set(found))
    extra = sorted(set(found) - set(deck))
    assert not dupes and not missing and not extra and sum(found.values()) == len(deck), (
        f"cards not conserved: duplicated {dupes}, missing {missing}, not in the deck {extra}"
    )
    assert state["discard_count"] == len(state["discard_pile"])
    assert state["stock_count"] == len(state["stock"])
    assert state["discard_top"] == (state["discard_pile"][-1] if state["discard_pile"] else None)


def amount(v: object) -> Fraction:
    assert isinstance(v, int | str) and not isinstance(v, bool), v
    return Fraction(v)


def check_payments(h: Hand) -> None:
    res = state_to_json(h)["result"]
    if res is None:
        return
    net = [Fraction(0)] * h.players
    for p in res["payments"]:
        a = amount(p["amount"])
        assert a > 0, f"payment of {a}: every payment is a positive transfer"
        assert p["payer"] != p["payee"], f"seat {p['payer']} pays itself"
        net[p["payer"]] -= a
        net[p["payee"]] += a
    assert sum(net) == 0
    assert [amount(v) for v in res["net"]] == net, f"net {res['net']} is not the sum of the payments {net}"


def probe_actions(h: Hand) -> list[Action]:
    """A few actions to try for a seat that may not act."""
    out = [Action("draw", source="stock"), Action("draw", source="discard"), Action("knock")]
    if h.to_act is not None:
        out += h.legal_actions()[:3]
    return out


def others_may(h: Hand, seat: int) -> list[Action]:
    """What a seat other than the player to act may do: nothing, except an eat (taking
    the discard out of turn) under the option ``eating`` where the engine has it."""
    try:
        return list(h.legal_actions(seat))  # type: ignore[call-arg]
    except TypeError:
        return []


def check_one_actor(h: Hand) -> None:
    """Exactly one seat may act until the hand is over, none after (under ``eating``,
    another seat may also take the discard out of turn, and nothing else)."""
    before = state_to_json(h)
    if h.is_over:
        assert h.to_act is None and h.legal_actions() == []
        for seat in range(h.players):
            for a in probe_actions(h):
                assert reason(h, seat, a) == "hand_over"
        return
    assert h.to_act is not None and 0 <= h.to_act < h.players
    assert h.legal_actions(), f"seat {h.to_act} is to act but has no legal action: {before}"
    for seat in range(h.players):
        if seat == h.to_act:
            continue
        allowed = {action_key(a) for a in others_may(h, seat)}
        assert allowed <= {"draw discard"}, f"seat {seat} may {allowed} out of turn"
        for a in probe_actions(h):
            if action_key(a) in allowed:
                assert reason(h, seat, a) is None, f"seat {seat} may {a} out of turn but is refused"
            else:
                assert reason(h, seat, a) == "not_your_turn", f"seat {seat} acted out of turn with {a}"
    assert state_to_json(h) == before


def reason(h: Hand, seat: int | None, action: Action) -> str | None:
    """The engine's reason for refusing the action (on a copy), or None if accepted."""
    try:
        h.copy().apply(action, seat)
    except IllegalAction as e:
        return e.reason
    return None


def check_round_trip(h: Hand) -> None:
    state = state_to_json(h)
    back = state_from_json(state)
    assert back == h, "state_from_json(state_to_json(h)) != h"
    assert state_to_json(back) == state


def check_observations(h: Hand) -> None:
    """OBS-1..3: during play a seat sees its own hand and nothing of the others' hands;
    nobody ever sees the discard pile below its top, or the stock."""
    state = state_to_json(h)
    # OBS-3 under every value of its options: a declared special hand, a knock settled as a
    # tie (knock_tie) and a hand ended at the turn limit show the hands too
    shown_at_end = state["result"] is not None and state["result"]["ending"] in (
        "dealt_tonk", "dealt_draw", "knock_won", "knock_caught", "stock_out", "turn_limit", "knock_tie", "special_hand",
    )
    below_top = state["discard_pile"][:-1]
    for seat in range(h.players):
        obs = observation_to_json(h, seat)
        text = repr(obs)
        secret = set(below_top) | set(state["stock"])
        if not shown_at_end:
            for other in range(h.players):
                # under after_knock = one_turn_each the knocker's hand lies face up (OBS-3)
                if other != seat and other != h.knocker:
                    secret |= set(state["hands"][other])
        seen = sorted(c for c in secret if f"'{c}'" in text)
        assert not seen, f"seat {seat} can see {seen} in its observation {obs}"
        assert sorted(obs["hand"]) == sorted(state["hands"][seat])
        assert obs["hand_sizes"] == [len(x) for x in state["hands"]]
        assert obs["discard_top"] == state["discard_top"]


def enumerate_well_formed(h: Hand, seat: int, extra: int = 3, rng: random.Random | None = None) -> list[Action]:
    """Every knock, draw, discard and hit built from the seat's hand (hits on every
    spread and one index past the end), a spread of every subset of the hand, and a few
    actions with cards the seat does not hold."""
    import oracle

    cards = h.hand(seat)
    others = [c for c in range(DECK_SIZE) if c not in cards]
    r = rng or random.Random(0)
    outside = tuple(NAMES[c] for c in r.sample(others, min(extra, len(others))))
    st_ = oracle.from_json(state_to_json(h))
    return [action_from_json(a) for a in oracle.candidate_actions(st_, seat, outside)]


def action_key(a: Action) -> str:
    import oracle

    return oracle.action_key(action_to_json(a))


Check = Callable[[Hand], None]


def pack_names(h: Hand) -> list[str]:
    """The names of the cards of the hand's deck."""
    return [NAMES[c] for c in pack(h.rules)]
