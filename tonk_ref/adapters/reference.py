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
import functools
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import actions as A
from ..engine.actions import Action, IllegalAction
from ..engine.cards import DECK_SIZE, NAMES, cards_of, pack_mask, parse_card, rank_of, suit_of
from ..engine.hand import Hand
from ..engine.ruleset import Ruleset
from ..engine.serialize import action_from_json, action_to_json, result_to_json, state_to_json
from ..engine.spreads import spread_masks

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
#: Patient play: it never knocks and seldom lays a spread, so hands run long (to the empty
#: stock, to the last turns) and spreads are hit more than laid.
PATIENT_WEIGHTS: dict[str, float] = {"knock": 0.0, "draw": 4.0, "spread": 0.15, "hit": 1.0, "discard": 1.0}
#: Eager play: it knocks whenever it may (on low hands: knocks and ties at the knock).
EAGER_WEIGHTS: dict[str, float] = {"knock": 20.0, "draw": 1.0, "spread": 1.0, "hit": 1.0, "discard": 1.0}
_START_KINDS = ("knock", "draw")
_DRAWN_KINDS = ("spread", "hit", "discard", "knock")


class KindPicker:
    """How random play draws a kind of action (:func:`random_move`): the weight of each
    kind, and the running sums of the weights of each list of kinds it has drawn from
    (kept per picker: a hand draws from a few lists of kinds, over and over)."""

    __slots__ = ("_sums", "weights")

    def __init__(self, weights: dict[str, float] | None = None, knock_weight: float | None = None) -> None:
        w = weights or PLAY_WEIGHTS
        knock = w["knock"] if knock_weight is None else knock_weight
        self.weights = {k: knock if k == "knock" else w.get(k, 1.0) for k in (*_START_KINDS, *_DRAWN_KINDS, "declare")}
        self._sums: dict[tuple[str, ...], list[float]] = {}

    def pick(self, rng: random.Random, kinds: tuple[str, ...]) -> str:
        """One of ``kinds``, by weight (one draw of ``rng``)."""
        sums = self._sums.get(kinds)
        if sums is None:
            sums = self._sums[kinds] = list(itertools.accumulate(self.weights[k] for k in kinds))
        return kinds[bisect.bisect(sums, rng.random() * sums[-1], 0, len(kinds) - 1)]


def random_move(
    rng: random.Random, h: Hand, illegal_rate: float = 0.1, knock_weight: float | None = None,
    weights: dict[str, float] | None = None, picker: KindPicker | None = None,
) -> tuple[int, Action]:
    """The next move of random play: with probability ``illegal_rate`` a random
    well-formed action, else a legal action: a kind of action first (by ``weights``,
    default :data:`PLAY_WEIGHTS`; ``knock_weight`` overrides the knock's), among the kinds
    that have a legal action, then one action of that kind uniformly.  After the draw the
    kind is drawn first and only its actions are listed (a kind with none is dropped and
    the draw made again), which picks with the same chances as listing every action.
    ``picker``: those weights made ready (:class:`KindPicker`), for a caller that plays
    many moves with the same ones."""
    if picker is None:
        picker = KindPicker(weights, knock_weight)
    if rng.random() < illegal_rate or h.is_over:
        return random_well_formed(rng, h, min(0.2, picker.weights["knock"] / 5))
    seat = h.to_act
    assert seat is not None
    if h.stage == "start":  # a discard without drawing, a declared special hand: only where the table has them
        rules = h.rules
        kinds = _START_KINDS + (("discard",) if rules.discard_without_draw else ()) + (
            ("declare",) if rules.special_hands != "none" else ())
    else:
        kinds = _DRAWN_KINDS
    while kinds:
        kind = picker.pick(rng, kinds)
        actions = h.legal_actions(kinds=(kind,))
        if actions:
            return seat, rng.choice(actions)
        kinds = tuple(k for k in kinds if k != kind)
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
    probes: list[int] = field(default_factory=list)  # the moves that are probes (sharp refusals)
    #: the state at each probe (before it, and so after it: a refusal changes nothing)
    probe_states: dict[int, JSON] = field(default_factory=dict)

    @property
    def result(self) -> JSON | None:
        result: JSON | None = self.final.get("result")
        return result


#: The answer to a move accepted, untraced (answers are immutable: one serves them all).
_ACCEPTED = Answer(True, None)


@functools.lru_cache(maxsize=256)
def _refused(reason: str, rule: str | None) -> Answer:
    """The answer to a move refused for ``reason`` by ``rule``, untraced (bounded: the
    reasons and rules are the spec's)."""
    return Answer(False, reason, None, rule)


def _answer(h: Hand, seat: int, action: Action | JSON, trace: bool, implied: set[str] | None = None) -> Answer:
    """Apply one move; with ``implied``, add the rules the move exercises that the engine's
    record does not name (:func:`_implied_by_move`)."""
    try:
        act = action if isinstance(action, Action) else action_from_json(action)
        before = _before(h, act.type) if implied is not None else _NOTHING_BEFORE
        h.apply(act, seat)
    except IllegalAction as e:
        return Answer(False, e.reason, state_to_json(h), e.rule) if trace else _refused(e.reason, e.rule)
    if implied is not None:
        _implied_by_move(h, seat, act, before, implied)
    return Answer(True, None, state_to_json(h)) if trace else _ACCEPTED


#: What :func:`_implied_by_move` reads of the hand before a move: its turn, the stock's
#: size, the spreads on the table, the card taken (-1: none), each only for the kind of
#: move that reads it (0, or -1, for the others).
_NOTHING_BEFORE = (0, 0, 0, -1)


def _before(h: Hand, kind: str) -> tuple[int, int, int, int]:
    if kind == A.DRAW:
        return (0, h.stock_count, 0, -1)
    if kind == A.DISCARD:
        return (0, 0, 0, -1 if h.taken is None else h.taken)
    if kind == A.KNOCK:
        return (h.turn, 0, 0, -1)
    if kind == A.HIT or kind == A.SPREAD:
        return (0, 0, len(h.spreads), -1)
    return _NOTHING_BEFORE


def _implied_by_move(h: Hand, seat: int, act: Action, before: tuple[int, int, int, int], out: set[str]) -> None:
    """Rules an accepted move exercises beyond the rules its events cite: a draw from the
    stock (DEAL-3), the one that takes its last card (STOCK-1), a knock on a player's first
    turn (TURN-4), a hit while two or more spreads lie on the table or a spread laid after
    another (SPREAD-5), a turn
    ended holding 49 or 50 (DEALT-4), the card taken from the pile discarded again where
    the table allows it (TURN-7)."""
    turn, stock, spreads, taken = before
    kind = act.type
    if kind == A.DISCARD:
        if act.card == taken >= 0:
            out.add("TURN-7")
        if 0 <= seat < h.players and _count(h, seat) >= 49 and h.total(seat) in (49, 50):
            out.add("DEALT-4")  # a turn ends holding 49 or 50: worth nothing
    elif kind == A.DRAW:
        if act.source == "stock" and stock:
            out.add("DEAL-3")
            if h.stock_count == 0:
                out.add("STOCK-1")
    elif kind == A.KNOCK:
        if turn < h.players:
            out.add("TURN-4")
    elif (kind == A.HIT and spreads >= 2) or (kind == A.SPREAD and spreads >= 1):
        out.add("SPREAD-5")  # spreads keep the order laid: a hit among them, or one laid after another


#: The face value of each rank, ace to king, under each ``face_values``.
_FACE_VALUES: dict[str, tuple[int, ...]] = {
    "10-10-10": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10),
    "11-12-13": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13),
}


def _count(h: Hand, seat: int) -> int:
    """The face value of every card ``seat`` holds (no spread set aside): at least its
    total, and cheap where the total is not (count_held_spreads = false)."""
    rules = h.rules
    values = _FACE_VALUES.get(rules.face_values, _FACE_VALUES["11-12-13"])
    joker = rules.joker_value
    return sum(values[c % 13] if c < 52 else joker for c in h.hand(seat))


def _implied_by_result(h: Hand) -> set[str]:
    """Rules a hand's ending exercises beyond the rules its payments cite: payments made
    (STAKE-2); a knock settled: the hands shown and counted (PAY-KNOCK-1, CARD-4), a knocker
    tied with the lowest (PAY-KNOCK-3), two or more tied for the lowest against a caught
    knocker (PAY-CAUGHT-3); the empty stock settled: the lowest total (PAY-STOCK-1) or a tie
    for it (PAY-STOCK-2)."""
    r = h.result
    out: set[str] = set()
    if r is None:
        return out
    if r.payments:
        out.add("STAKE-2")
    totals = r.totals
    if r.knocker is not None and totals is not None:
        out |= {"PAY-KNOCK-1", "CARD-4"}
        others = [totals[s] for s in range(len(totals)) if s != r.knocker]
        if others and totals[r.knocker] == min(others):
            out.add("PAY-KNOCK-3")
        if r.ending == "knock_caught" and others.count(min(others)) > 1:
            out.add("PAY-CAUGHT-3")
    if r.ending == "stock_out" and totals is not None:
        out |= {"CARD-4", "PAY-STOCK-2" if totals.count(min(totals)) > 1 else "PAY-STOCK-1"}
    return out


def _cited(h: Hand, answers: Sequence[Answer], implied: set[str] | None = None) -> frozenset[str]:
    rules = h.event_rules() | {a.rule for a in answers if a.rule} | (implied or set())
    if h.result is not None:
        rules |= {p.rule for p in h.result.payments} | _implied_by_result(h)
    return frozenset(r for r in rules if r)


def replay(setup: JSON, moves: Sequence[Move], trace: bool = True) -> Playout:
    """The reference engine's answers to ``moves`` (and every state, with ``trace``)."""
    h = hand_of(setup)
    initial = state_to_json(h)
    implied: set[str] = set()
    answers = [_answer(h, seat, action, trace, implied) for seat, action in moves]
    return Playout(dict(setup), list(moves), answers, initial, state_to_json(h), _cited(h, answers, implied))


@dataclass(frozen=True, slots=True)
class Probes:
    """Which refusals random play tries (spec/scenarios.md, "Probes"): before the first
    action, then at each decision point with probability ``rate`` (at most ``most`` in a
    hand), and once after the hand is over: an action the reference refuses there for
    exactly one reason, preferring the reasons of ``want`` (none: any); a probe draws on its
    own random source, so the hand played is the hand played without probes."""

    rate: float = 0.15
    most: int = 6
    want: frozenset[str] = frozenset()
    seed: str = ""


# -------------------------------------------------------------------------- play steered toward a rare ending
@dataclass(slots=True)
class Steer:
    """Random play steered toward one rare ending, for a deal stacked toward it (the
    harness's rare hands, tonk_ref/harness/hands.py).  Every action is a legal one (or, at
    the illegal rate, a random well-formed one the reference refuses, which changes
    nothing), chosen so that the ending stays within reach:

    * ``hits_out`` (OUT-1 by hits alone): everyone draws from the stock and nobody knocks;
      ``seat`` hits whenever it can and never lays a spread, the others lay every spread
      they can and never hit;
    * ``stock_tie`` (PAY-STOCK-2): nobody knocks and everyone draws from the stock while it
      lasts; once it is empty a discard that ties the lowest totals comes first, and the
      empty stock is drawn from (which ends the hand) only on such a tie;
    * ``four_of_a_kind``: ``seat`` holds the four cards of ``rank``; it lays them as one
      book when it may and otherwise never plays one of them; the others play at random.

    An action that would end the hand some other way is set aside while another is legal,
    for ``patience`` actions (and, at an empty stock, four rounds); after that the hand is
    played out as it comes."""

    goal: str
    seat: int
    rank: int = -1
    patience: int = 600
    played: int = 0
    dry: int = 0  # turns begun with the stock empty

    def move(self, rng: random.Random, h: Hand, illegal_rate: float) -> tuple[int, Action]:
        """The next move of the steered hand ``h``."""
        self.played += 1
        if rng.random() < illegal_rate:
            other, wrong = random_well_formed(rng, h, 0.2)
            if h.refusal(wrong, other) is not None:
                return other, wrong
        seat = h.to_act
        assert seat is not None
        if h.stage == "start" and h.stock_count == 0:
            self.dry += 1
        late = self.played > self.patience or self.dry > 4 * h.players
        actions = h.legal_actions()
        while actions:
            action = self._pick(rng, h, seat, actions, late)
            if late or not self._spoils(h, seat, action):
                return seat, action
            actions = [a for a in actions if a != action]
        return seat, rng.choice(h.legal_actions())  # every action ends the hand some other way

    def _pick(self, rng: random.Random, h: Hand, seat: int, actions: list[Action], late: bool) -> Action:
        start = h.stage == "start"
        calm = [a for a in actions if a.type != A.KNOCK] or actions
        if self.goal == "four_of_a_kind":
            if seat != self.seat:
                return _by_kind(rng, actions, PLAY_WEIGHTS)
            book = [a for a in actions if a.type == A.SPREAD and len(a.cards) == 4
                    and all(c < 52 and c % 13 == self.rank for c in a.cards)]
            if book:
                return book[0]
            return _by_kind(rng, [a for a in actions if not self._plays_rank(a)] or actions, PLAY_WEIGHTS)
        if self.goal == "hits_out":
            if start:
                return A.DRAW_STOCK if A.DRAW_STOCK in actions else _by_kind(rng, calm, PLAY_WEIGHTS)
            if seat == self.seat:
                chosen = [a for a in actions if a.type == A.HIT] or [a for a in actions if a.type == A.DISCARD]
            else:
                chosen = [a for a in actions if a.type == A.SPREAD] or [a for a in actions if a.type == A.DISCARD]
            return rng.choice(chosen or calm)
        # stock_tie
        if start:
            if h.stock_count == 0 and not late and A.DRAW_DISCARD in actions:
                if A.DRAW_STOCK in actions and self._ends_tied(h, seat, A.DRAW_STOCK):
                    return A.DRAW_STOCK
                return A.DRAW_DISCARD
            return A.DRAW_STOCK if A.DRAW_STOCK in actions else _by_kind(rng, calm, PATIENT_WEIGHTS)
        discards = [a for a in actions if a.type == A.DISCARD]
        if h.stock_count == 0:
            tying = [a for a in discards if self._ends_tied(h, seat, a, after=True)]
            if tying:
                return rng.choice(tying)
        if discards and h.stock_count <= 2 * h.players:  # the last turns: the totals drawn together
            lowest = min(h.total(s) for s in range(h.players) if s != seat)
            return min(discards, key=lambda a: (abs(self._total_after(h, seat, a) - lowest), rng.random()))
        if discards and h.holding(seat).bit_count() <= 3:  # a short hand kept: it would go out
            return rng.choice(discards)
        return _by_kind(rng, calm, PATIENT_WEIGHTS)

    @staticmethod
    def _total_after(h: Hand, seat: int, action: Action) -> int:
        c = h.copy()
        c.apply(action, seat)
        return c.total(seat)

    def _plays_rank(self, a: Action) -> bool:
        return (0 <= a.card < 52 and a.card % 13 == self.rank) or any(
            c < 52 and c % 13 == self.rank for c in a.cards)

    def _ends_tied(self, h: Hand, seat: int, action: Action, after: bool = False) -> bool:
        """Whether ``action`` ends the hand at the empty stock with the lowest totals tied
        (with ``after``, or leaves them tied, the hand going on)."""
        c = h.copy()
        c.apply(action, seat)
        if c.is_over:
            return self._reached(h, c, seat, action)
        if not after:
            return False
        totals = [c.total(s) for s in range(c.players)]
        return totals.count(min(totals)) > 1

    def _spoils(self, h: Hand, seat: int, action: Action) -> bool:
        """Whether ``action`` ends the hand without the goal."""
        if action.type == A.DRAW and (action.source == "discard" or h.stock_count > 0):
            return False
        c = h.copy()
        c.apply(action, seat)
        return c.is_over and not self._reached(h, c, seat, action)

    def _reached(self, before: Hand, after: Hand, seat: int, action: Action) -> bool:
        """Whether ``action``, which ended the hand ``before`` as ``after``, reached the goal."""
        r = after.result
        assert r is not None
        if self.goal == "hits_out":
            return (r.ending == "tonk_out" and seat == self.seat and action.type == A.HIT
                    and not before.spread_this_turn)
        if self.goal == "stock_tie":
            return r.ending == "stock_out" and r.totals is not None and r.totals.count(min(r.totals)) > 1
        four = sum(1 << (self.rank + 13 * s) for s in range(4)) if 0 <= self.rank < 13 else 0
        return bool(four) and (any(after.holding(s) & four == four for s in range(after.players))
                               or any(sp.mask & four == four for sp in after.spreads))


def _by_kind(rng: random.Random, actions: list[Action], weights: dict[str, float]) -> Action:
    """One of ``actions``: a kind of action by ``weights`` among the kinds present, then
    one of that kind uniformly."""
    kinds = sorted({a.type for a in actions})
    w = [weights.get(k, 1.0) for k in kinds]
    if sum(w) <= 0:
        return rng.choice(actions)
    kind = rng.choices(kinds, w)[0]
    return rng.choice([a for a in actions if a.type == kind])


def random_hand(
    rng: random.Random,
    setup: JSON,
    *,
    max_actions: int = 2000,
    illegal_rate: float = 0.1,
    knock_weight: float | None = None,
    trace: bool = False,
    probes: Probes | None = None,
    weights: dict[str, float] | None = None,
    steer: Steer | None = None,
) -> Playout:
    """A random hand played on the reference engine until it ends (or ``max_actions``
    moves, a safety net for a ruleset without a ``turn_limit``): the moves in protocol
    JSON with the reference's answers; with ``probes``, sharp refusals tried along the way
    (their indices in :attr:`Playout.probes`); with ``steer``, play steered toward a rare
    ending (:class:`Steer`) instead of ``weights``."""
    h = hand_of(setup)
    initial = state_to_json(h) if trace else {}
    moves: list[Move] = []
    answers: list[Answer] = []
    probed: list[int] = []
    at: dict[int, JSON] = {}
    prng = random.Random(probes.seed) if probes is not None else rng
    tried: set[str] = set()
    implied: set[str] = set()
    picker = KindPicker(weights, knock_weight)

    def probe() -> None:
        assert probes is not None
        for seat, action in sharp_refusals(prng, h, probes.want, tried):
            probed.append(len(moves))
            at[len(moves)] = state_to_json(h)
            moves.append((seat, action))
            answers.append(_answer(h, seat, action, trace, implied))

    if probes is not None and not h.is_over:
        probe()  # the first turn: the dealt hands are all in hand, and hold spreads most often
    while not h.is_over and len(moves) < max_actions:
        if probes is not None and len(probed) < probes.most and prng.random() < probes.rate:
            probe()
        if steer is None:
            seat, action = random_move(rng, h, illegal_rate, picker=picker)
        else:
            seat, action = steer.move(rng, h, illegal_rate)
        moves.append((seat, action_to_json(action)))
        answers.append(_answer(h, seat, action, trace, implied))
    if probes is not None and h.is_over:
        probe()
    return Playout(setup, moves, answers, initial, state_to_json(h), _cited(h, answers, implied), probed, at)


#: The codes every action is checked for before its own kind's checks (they are in no order
#: of ``checks`` in spec/rules.yaml): the kinds of candidate that reach each.
_KINDS_BEFORE_CHECKS: dict[str, frozenset[str]] = {
    "hand_over": frozenset({"draw"}), "not_your_turn": frozenset({"other"}), "malformed_action": frozenset({"bad"}),
}


def _kind_of_check(of: str) -> str:
    """The kind of candidate action a group of ``checks`` of spec/rules.yaml is for, from
    its words (``of``): every group about a knock (before or after drawing, in a last turn,
    the knock checks on the hand kept) is for a knock; the others name their kind first."""
    return "knock" if "knock" in of.split() else of.split()[0]


@functools.cache
def _kinds_for() -> dict[str, frozenset[str]]:
    """Which kinds of candidate action can be refused for each reason code: the kinds whose
    order of checks (the ``checks`` of spec/rules.yaml) holds the code, and for the codes
    checked before any kind's own, :data:`_KINDS_BEFORE_CHECKS`."""
    from ..rulebook.book import load_checks

    kinds: dict[str, set[str]] = {}
    for group in load_checks():
        for code, _ in group.order:
            kinds.setdefault(code, set()).add(_kind_of_check(group.of))
    return {**_KINDS_BEFORE_CHECKS, **{code: frozenset(k) for code, k in kinds.items()}}


_ALL_KINDS = frozenset({"draw", "other", "bad", "discard", "hit", "spread", "knock", "declare"})


def _candidates(rng: random.Random, h: Hand, reasons: frozenset[str] = frozenset()
                ) -> list[tuple[int, Action | JSON]]:
    """Actions worth trying as refusals here, of the kinds that can be refused for
    ``reasons`` (every kind when empty; a knock for a reason of the knock checks): of the
    seat to act and of another seat, with cards held, not held, outside the pack, named
    twice or malformed."""
    kinds = frozenset().union(*(_kinds_for()[r] for r in reasons)) if reasons else _ALL_KINDS
    n = h.players
    me = h.to_act if h.to_act is not None else 0
    other = (me + 1) % n
    held = h.hand(me)
    theirs = h.hand(other)
    out: list[tuple[int, Action | JSON]] = []
    if "draw" in kinds:
        out += [(me, A.DRAW_STOCK), (me, A.DRAW_DISCARD)]
    if "other" in kinds:
        out += [(other, A.DRAW_STOCK)] + ([(other, A.discard(theirs[0]))] if theirs else [])
    if "bad" in kinds:
        out.append((me, {"type": "discard", "card": "10" + "cdhs"[rng.randrange(4)]}))
    if "knock" in kinds:
        out += [(me, A.KNOCK_ACTION)] + ([(me, A.knock(rng.choice(held)))] if held else [])
    if "declare" in kinds and h.rules.special_hands != "none":
        out.append((me, A.DECLARE_ACTION))
    if "discard" in kinds:
        outside = _outside(pack_mask(h.rules.deck, h.rules.jokers))
        out += [(me, A.discard(c)) for c in ([rng.choice(held)] if held else [])]
        out += [(me, A.discard(rng.choice(theirs)))] if theirs else []
        out += [(me, A.discard(rng.choice(outside)))] if outside else []
        if h.taken is not None:
            out.append((me, A.discard(h.taken)))
    if "hit" in kinds and held:
        c = rng.choice(held)
        out += [(me, A.hit(c, i)) for i in range(len(h.spreads) + 1)]
        # every hit of a held card (one that fits is refused before drawing alone), and a
        # card that would fit held by nobody who plays it
        out += [(me, A.hit(x, i)) for x in held[:9] for i in range(min(len(h.spreads), 4))]
        out += [(me, A.hit(x, i)) for i, sp in enumerate(h.spreads[:4]) for x in _fitting(sp.cards, h, me)]
        if h.taken is not None:
            out += [(me, A.hit(x, i)) for x in held if x != h.taken for i in range(len(h.spreads))
                    if len(held) == 2]
    if "spread" in kinds and held:
        if len(held) >= 3:
            out.append((me, A.spread(rng.sample(held, 3))))
        # a spread the hand holds (listing every spread of a long hand with wild cards is
        # dear: only for hands of six cards or fewer); one that leaves only the taken card
        masks = spread_masks(h.holding(me), h.geometry) if len(held) <= 6 else []
        for m in masks[:1]:
            cards = cards_of(m)
            out.append((me, A.spread(cards)))
            out.append((me, A.spread([*cards, cards[0]])))
        if h.taken is not None:
            out += [(me, A.spread(cards_of(m))) for m in masks if h.holding(me) & ~m == 1 << h.taken]
        # a book of a held card's rank with two cards the player does not hold
        c = rng.choice(held)
        mine = h.holding(me)
        others = [x for x in range(rank_of(c), 4 * 13, 13) if x != c and not mine >> x & 1]
        if len(others) >= 2:
            out.append((me, A.spread([c, *others[:2]])))
    return out


@functools.lru_cache(maxsize=64)
def _outside(pack: int) -> tuple[int, ...]:
    """The cards of the full deck outside a ruleset's pack (bounded: the packs are few)."""
    return tuple(c for c in range(DECK_SIZE) if not pack >> c & 1)


#: The kinds of action whose sharp refusals few positions offer: tried first where found.
_RARE = frozenset({"spread", "hit"})


def _fitting(cards: Sequence[int], h: Hand, seat: int) -> list[int]:
    """Cards that could extend the spread ``cards`` (its rank's other suits, the ranks next
    to a run's ends) that ``seat`` does not hold: a hit with one is refused as not held."""
    natural = [c for c in cards if c < 52]
    if not natural:
        return []
    mine = h.holding(seat)
    ranks = {rank_of(c) for c in natural}
    if len(ranks) == 1:
        near = list(range(next(iter(ranks)), 52, 13))
    else:
        suit = suit_of(natural[0])
        near = [suit * 13 + r for r in (min(ranks) - 1, max(ranks) + 1) if 0 <= r < 13]
    return [x for x in near if x not in cards and not mine >> x & 1][:2]


def sharp_refusals(rng: random.Random, h: Hand, want: frozenset[str] = frozenset(),
                   tried: set[str] | None = None, most: int = 1) -> list[Move]:
    """Up to ``most`` actions the reference refuses here, each for exactly one reason (a
    *sharp* refusal: nothing else is wrong with it), of reasons not yet in ``tried`` for
    the same kind of action (``tried`` holds ``reason/kind`` keys and gains those picked),
    those of ``want`` first; in protocol JSON.  For a hand made to reach one reason, a
    refusal for that reason first and others after stands in where no sharp one is found
    (a declare after drawing is refused for its timing, and its hand is no longer as
    dealt)."""
    tried = tried if tried is not None else set()
    found: dict[str, Move] = {}
    blunt: dict[str, Move] = {}  # a wanted reason that comes only first among others
    only = want if len(want) <= 2 else frozenset()  # a hand made for one or two reasons tries only their kinds
    candidates = _candidates(rng, h, only)
    rng.shuffle(candidates)
    for seat, action in candidates:
        if sum(1 for k in found if not want or k.split("/")[0] in want) >= most:
            break  # enough of what is wanted: the rest is not worth its refusals
        if isinstance(action, dict):
            key = "malformed_action/discard"
            if key in tried or key in found:
                continue
            found[key] = (seat, action)
            continue
        refused = h.refusal(action, seat)
        if refused is None:
            continue
        first = refused.reason
        key = f"{first}/{action.type}"  # a reason is tried once for each kind of action it refuses
        if key in tried or key in found:
            continue
        reasons = h.refusals(action, seat)  # every reason, only for a reason not tried yet
        js = action_to_json(action)
        if len(reasons) == 1:
            found[key] = (seat, js)
        elif first in only:
            blunt.setdefault(key, (seat, js))
    for key, move in blunt.items():
        found.setdefault(key, move)  # some reasons never come alone (a declare after drawing)
    # wanted reasons first, then a spread or hit (sharp refusals of those are found in few
    # positions: a spread held before drawing, a hit that fits), then the rest at random
    order = sorted(found, key=lambda k: (k.split("/")[0] not in want, k.split("/")[1] not in _RARE, rng.random()))
    picked = order[:most]
    tried.update(picked)
    return [found[k] for k in picked]


def cited(setup: JSON, moves: Sequence[Move]) -> frozenset[str]:
    """Every rule the reference engine cites dealing ``setup`` and playing ``moves``: the
    rules of its events, refusals and payments, and those its moves and ending exercise
    without an event of their own (:func:`_implied_by_move`, :func:`_implied_by_result`)."""
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


def observations(setup: JSON, moves: Sequence[Move]) -> list[JSON]:
    """What each seat sees after ``moves`` (spec/protocol.md, "Observations")."""
    from ..engine.serialize import observation_to_json

    h = hand_of(setup)
    for seat, action in moves:
        _answer(h, seat, action, False)
    return [observation_to_json(h, seat) for seat in range(h.players)]


#: How many staged hands :func:`dead_end` offers.
DEAD_ENDS = 4


def dead_end(table: Ruleset, variant: int = 0) -> tuple[JSON, list[Move], Move] | None:
    """A staged hand for TURN-8 at ``table``: a deal and a script after which the player to
    act has taken the discard, and a move that would leave only the taken card in hand,
    refused as ``last_card_taken`` for that reason alone (the last element).  Two players.
    Variants 0 and 1 (hands of five or seven cards): the taker holds a run of four beside
    the taken card and lays it; 2 and 3 (five cards, also under forced spreads, where a
    spread is never kept): the taker holds one king beside it and hits it on a book.  Odd
    variants exchange the suits (hearts and spades, clubs and diamonds).  None where the
    table deals other hands or the reference does not refuse the move so."""
    size = table.hand_size_for(2)
    run = ["4h", "5h", "6h", "7h"]
    probe_text = "1 spread 4h 5h 6h 7h"
    if variant >= 2 and size == 5:
        hands = [["Kd", "Ks", "Kh", "Ac", "3d"], [*run, "Kc"]]
        script = ["0 draw stock", "0 spread Kd Ks Kh", "0 discard 5c", "1 draw stock", "1 spread 4h 5h 6h 7h",
                  "1 discard Qd", "0 draw stock", "0 discard Jc", "1 draw discard"]
        probe_text = "1 hit Kc 0"
    elif size == 5:
        hands = [["Kd", "Ks", "Kh", "Ac", "3d"], [*run, "Kc"]]
        script = ["0 draw stock", "0 spread Kd Ks Kh", "0 discard 5c", "1 draw stock", "1 hit Kc 0", "1 discard Qd",
                  "0 draw stock", "0 discard Jc", "1 draw discard"]
    elif size == 7 and variant < 2:
        hands = [["3c", "5d", "7c", "Jd", "Qs", "Kc", "6s"], [*run, "Ah", "Ad", "As"]]
        script = ["0 draw stock", "0 discard 5c", "1 draw stock", "1 spread Ah Ad As", "1 discard Qd",
                  "0 draw stock", "0 discard Jc", "1 draw discard"]
    else:
        return None
    pack = [NAMES[c] for c in cards_of(pack_mask(table.deck, table.jokers))]
    stock = ["5c", "Qd", "Jc"]
    upcard = ["Ks"] if table.upcard and size == 7 else ["3s"] if table.upcard else []
    if variant % 2:
        swap = str.maketrans("hscd", "shdc")
        hands = [[c.translate(swap) for c in h] for h in hands]
        stock, upcard = ([c.translate(swap) for c in x] for x in (stock, upcard))
        def swapped(line: str) -> str:
            return " ".join(w.translate(swap) if len(w) == 2 and w[0] in "A23456789TJQK" else w for w in line.split())

        script = [swapped(line) for line in script]
        probe_text = swapped(probe_text)
    dealt = [hands[i % 2][i // 2] for i in range(2 * size)]
    named = set(dealt) | set(stock) | set(upcard)
    if not named <= set(pack):
        return None
    deck = dealt + upcard + stock + [c for c in pack if c not in named]
    setup: JSON = {"ruleset": table.to_dict(), "players": 2, "dealer": 1, "stake": 1, "deck": deck}
    from ..rulebook.notation import parse_action

    try:
        moves = [parse_action(text) for text in script]
        h = hand_of(setup)
        for seat, action in moves:
            h.apply(action_from_json(action), seat)
        probe = parse_action(probe_text)
        reasons = h.refusals(action_from_json(probe[1]), probe[0])
    except Exception:  # the table plays this script otherwise: no such hand here
        return None
    if [r.reason for r in reasons] != ["last_card_taken"]:
        return None
    return setup, moves, probe


def tied_catch(table: Ruleset, variant: int = 0) -> tuple[JSON, list[Move]] | None:
    """A staged hand for PAY-CAUGHT-3 at a table of seven-card hands where only unmatched
    cards count (``count_held_spreads = false``): three players; the first knocks holding a
    book, a run and a five, and is caught by the other two, each holding two books and a
    three.  ``variant`` 1 exchanges the suits.  None where the table deals other hands or
    the hand does not end so."""
    if table.hand_size_for(3) != 7 or table.count_held_spreads or table.max_players < 3:
        return None
    hands = [["Ac", "Ad", "As", "4c", "5c", "6c", "5h"], ["Kh", "Ks", "Kc", "Qh", "Qs", "Qc", "3d"],
             ["Jh", "Js", "Jc", "7h", "7s", "7d", "3s"]]
    stock = ["Kd"]
    script = ["0 knock"] if table.knock_timing != "after_draw" else ["0 draw stock", "0 knock Kd"]
    if variant % 2:
        swap = str.maketrans("hscd", "shdc")
        hands = [[c.translate(swap) for c in h] for h in hands]
        stock = [c.translate(swap) for c in stock]
        script = [line.replace("Kd", "Kc") for line in script]
    pack = [NAMES[c] for c in cards_of(pack_mask(table.deck, table.jokers))]
    dealt = [hands[i % 3][i // 3] for i in range(21)]
    upcard = ["Qd" if variant % 2 == 0 else "Qc"] if table.upcard else []
    named = set(dealt) | set(stock) | set(upcard)
    if not named <= set(pack):
        return None
    setup: JSON = {"ruleset": table.to_dict(), "players": 3, "dealer": 2, "stake": 1,
                   "deck": dealt + upcard + stock + [c for c in pack if c not in named]}
    from ..rulebook.notation import parse_action

    try:
        moves = [parse_action(text) for text in script]
        played = replay(setup, moves, trace=False)
    except Exception:  # the table deals or plays it otherwise
        return None
    result = played.result or {}
    if result.get("ending") != "knock_caught" or len(result.get("winners") or []) < 2:
        return None
    return setup, moves


class Stepper:
    """A hand dealt on the reference and played one move at a time, for the harness's
    staged hands and fuzzed observations: each move's answer, the state and what each seat
    sees between moves."""

    def __init__(self, setup: JSON) -> None:
        self.hand = hand_of(setup)

    def play(self, seat: int, action: JSON) -> Answer:
        """Apply one move (a refused one changes nothing)."""
        return _answer(self.hand, seat, action, False)

    def state(self) -> JSON:
        return state_to_json(self.hand)

    def observations(self) -> list[JSON]:
        """What each seat sees now (spec/protocol.md, "Observations")."""
        from ..engine.serialize import observation_to_json

        return [observation_to_json(self.hand, seat) for seat in range(self.hand.players)]
