"""The reference engine played beside an engine under test.

The harness never plays the engine's :class:`~tonk_ref.engine.hand.Hand` itself (it talks
to engines through adapters); what it needs of the reference beyond the protocol's
methods is here, in protocol JSON: a hand dealt from a ``new_hand`` setup, random play
(:func:`random_move`, :func:`random_hand`), a move list replayed with the reference's
answer to each (:func:`replay`), and the rules the reference cites playing a script
(:func:`cited`).  Random play draws a kind of action first and lists only that kind's
legal actions, so it costs little more than the engine's own ``apply``.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import actions as A
from ..engine.actions import Action, IllegalAction
from ..engine.cards import DECK_SIZE, parse_card
from ..engine.hand import Hand
from ..engine.ruleset import Ruleset
from ..engine.serialize import action_from_json, action_to_json, result_to_json, state_to_json

JSON = dict[str, Any]
Move = tuple[int, JSON]


def hand_of(setup: JSON) -> Hand:
    """The reference hand a ``new_hand`` setup deals (raises the engine's setup errors)."""
    return Hand(
        [parse_card(c) for c in setup["deck"]],
        setup["players"],
        setup["dealer"],
        setup.get("stake", 1),
        Ruleset.from_mapping(setup.get("ruleset") or {}),
    )


# -------------------------------------------------------------------------- random play
def random_well_formed(rng: random.Random, h: Hand, knock_share: float = 0.2) -> tuple[int, Action]:
    """A random well-formed action, legal or not: usually by the seat to act and with its
    own cards, sometimes by another seat or with a card it does not hold; a knock with
    probability ``knock_share`` (a knock is often legal, and ends the hand)."""
    seat = h.to_act if (h.to_act is not None and rng.random() < 0.85) else rng.randrange(h.players)
    hand = h.hand(seat)

    def card() -> int:
        return rng.choice(hand) if hand and rng.random() < 0.8 else rng.randrange(DECK_SIZE)

    kind = "knock" if rng.random() < knock_share else rng.choice(("draw", "discard", "spread", "hit"))
    if kind == "knock":
        return seat, A.knock(card() if rng.random() < 0.5 else None)
    if kind == "draw":
        return seat, A.draw(rng.choice(("stock", "discard")))
    if kind == "discard":
        return seat, A.discard(card())
    if kind == "hit":
        return seat, A.hit(card(), rng.randrange(len(h.spreads) + 1))
    size = rng.choice((1, 2, 3, 3, 3, 4, 5))
    cards = rng.sample(hand, min(size, len(hand))) if hand else []
    if rng.random() < 0.15:
        cards.append(card())
    return seat, A.spread(cards)


#: How random play weighs the kinds of action: knocks are rare (play that prefers not to
#: knock), spreads and hits as likely as discarding when they are possible.
PLAY_WEIGHTS: dict[str, float] = {"knock": 0.05, "draw": 1.0, "spread": 1.0, "hit": 1.0, "discard": 1.0}
_START_KINDS = ("knock", "draw")
_DRAWN_KINDS = ("spread", "hit", "discard", "knock")


def random_move(
    rng: random.Random, h: Hand, illegal_rate: float = 0.1, knock_weight: float | None = None,
    weights: dict[str, float] | None = None,
) -> tuple[int, Action]:
    """The next move of random play: with probability ``illegal_rate`` a random
    well-formed action, else a legal action: a kind of action first (by ``weights``,
    default :data:`PLAY_WEIGHTS`; ``knock_weight`` overrides the knock's), among the kinds
    that have a legal action, then one action of that kind uniformly.  After the draw the
    kind is drawn first and only its actions are listed (a kind with none is dropped and
    the draw made again), which picks with the same chances as listing every action."""
    w = weights or PLAY_WEIGHTS
    knock = w["knock"] if knock_weight is None else knock_weight
    if rng.random() < illegal_rate or h.is_over:
        return random_well_formed(rng, h, min(0.2, knock / 5))
    seat = h.to_act
    assert seat is not None
    kinds = list(_START_KINDS if h.stage == "start" else _DRAWN_KINDS)
    if h.stage == "start":  # a discard without drawing, a declared special hand: only where the table has them
        extra = (("discard", h.rules.discard_without_draw), ("declare", h.rules.special_hands != "none"))
        kinds += [k for k, on in extra if on]
    while kinds:
        cumulative = list(itertools.accumulate(knock if k == "knock" else w.get(k, 1.0) for k in kinds))
        kind = kinds[bisect.bisect(cumulative, rng.random() * cumulative[-1], 0, len(kinds) - 1)]
        actions = h.legal_actions(kinds=(kind,))
        if actions:
            return seat, rng.choice(actions)
        kinds.remove(kind)
    raise AssertionError("a hand in play always has a legal action")


# -------------------------------------------------------------------------- the reference's answers
@dataclass(frozen=True, slots=True)
class Answer:
    """The reference's answer to one move: accepted, or refused with a reason (and the rule
    that refuses it); and the state after it (when states are traced)."""

    ok: bool
    reason: str | None
    state: JSON | None = None
    rule: str | None = None


@dataclass(slots=True)
class Playout:
    """A hand played on the reference: the moves, its answer to each, the states, and every
    rule it cited (its events, its refusals, its payments)."""

    setup: JSON
    moves: list[Move]
    answers: list[Answer]
    initial: JSON
    final: JSON
    cited: frozenset[str] = field(default_factory=frozenset)

    @property
    def result(self) -> JSON | None:
        result: JSON | None = self.final.get("result")
        return result


def _answer(h: Hand, seat: int, action: Action | JSON, trace: bool) -> Answer:
    try:
        h.apply(action if isinstance(action, Action) else action_from_json(action), seat)
        return Answer(True, None, state_to_json(h) if trace else None)
    except IllegalAction as e:
        return Answer(False, e.reason, state_to_json(h) if trace else None, e.rule)


def _cited(h: Hand, answers: Sequence[Answer]) -> frozenset[str]:
    rules = {e.rule for e in h.events} | {a.rule for a in answers if a.rule}
    if h.result is not None:
        rules |= {p.rule for p in h.result.payments}
    return frozenset(r for r in rules if r)


def replay(setup: JSON, moves: Sequence[Move], trace: bool = True) -> Playout:
    """The reference engine's answers to ``moves`` (and every state, with ``trace``)."""
    h = hand_of(setup)
    initial = state_to_json(h)
    answers = [_answer(h, seat, action, trace) for seat, action in moves]
    return Playout(dict(setup), list(moves), answers, initial, state_to_json(h), _cited(h, answers))


def random_hand(
    rng: random.Random,
    setup: JSON,
    *,
    max_actions: int = 2000,
    illegal_rate: float = 0.1,
    knock_weight: float | None = None,
    trace: bool = False,
) -> Playout:
    """A random hand played on the reference engine until it ends (or ``max_actions``
    moves, a safety net for a ruleset without a ``turn_limit``): the moves in protocol
    JSON with the reference's answers."""
    h = hand_of(setup)
    initial = state_to_json(h) if trace else {}
    moves: list[Move] = []
    answers: list[Answer] = []
    while not h.is_over and len(moves) < max_actions:
        seat, action = random_move(rng, h, illegal_rate, knock_weight)
        moves.append((seat, action_to_json(action)))
        answers.append(_answer(h, seat, action, trace))
    return Playout(setup, moves, answers, initial, state_to_json(h), _cited(h, answers))


def cited(setup: JSON, moves: Sequence[Move]) -> frozenset[str]:
    """Every rule the reference engine cites dealing ``setup`` and playing ``moves``."""
    return replay(setup, moves, trace=False).cited


def step_rules(setup: JSON, moves: Sequence[Move]) -> list[tuple[Answer, tuple[str, ...]]]:
    """Per move, the reference's answer and the rules it cites for that move alone (the
    events it records, or the rule of its refusal)."""
    h = hand_of(setup)
    out: list[tuple[Answer, tuple[str, ...]]] = []
    for seat, action in moves:
        before = len(h.events)
        answer = _answer(h, seat, action, False)
        rules = tuple(e.rule for e in h.events[before:]) if answer.ok else ((answer.rule,) if answer.rule else ())
        out.append((answer, rules))
    return out


def result_json(setup: JSON, moves: Sequence[Move]) -> JSON | None:
    """The result of the hand ``moves`` play on the reference, or None while it is in play."""
    h = hand_of(setup)
    for seat, action in moves:
        _answer(h, seat, action, False)
    return result_to_json(h.result)


def perft_counts(setup: JSON, depth: int, max_nodes: int | None = None) -> list[int]:
    """The reference engine's perft counts from the deal of ``setup``, depth 1 to
    ``depth``, stopping after the first count above ``max_nodes``."""
    from ..engine.perft import perft_counts as counts

    return counts(hand_of(setup), depth, max_nodes)
