"""Differential fuzzing: random hands played on an adapter under test and on the reference
engine side by side, every decision and state compared; a difference is shrunk to a
minimal action sequence and written out as a scenario file that reproduces it.

The pieces, each usable alone:

* random generation -- :func:`random_ruleset`, :func:`random_setup`, :func:`random_move`
  (a legal action most of the time, a random well-formed one otherwise) and
  :func:`random_game` (a whole hand's action list, played on the reference);
* :class:`Differ` -- replays one action list on the adapter (one ``play`` round trip when
  the engine declares ``play``, else ``new_hand`` + ``act``) and on the reference, and
  reports the first :class:`Divergence` by the comparison rules of :mod:`.compare`;
* :func:`shrink` -- the shortest prefix that still differs, then fewer actions;
* :func:`scenario_for` -- the scenario YAML (spec/scenario.schema.json) that reproduces it,
  with the reference's answers as the expectations.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..adapters.base import Adapter, AdapterFault, Rejected
from ..engine import actions as A
from ..engine.actions import Action, IllegalAction
from ..engine.cards import DECK_SIZE, NAMES, cards_of, pack_mask, parse_card
from ..engine.hand import Hand
from ..engine.ruleset import DEFAULT, Ruleset, option_values
from ..engine.serialize import action_from_json, action_to_json, result_to_json, state_to_json
from ..harness.capabilities import Capabilities
from ..harness.compare import compare_state
from ..spec.notation import describe_action, format_action

JSON = dict[str, Any]
Move = tuple[int, JSON]

# -------------------------------------------------------------------------- generation


def random_ruleset(
    rng: random.Random,
    options: dict[str, tuple[Any, ...]] | None = None,
    p_default: float = 0.5,
    bounded: bool = True,
) -> Ruleset:
    """A ruleset whose options each keep the default with probability ``p_default`` and
    otherwise take a random allowed value (of ``options``, e.g. the values an engine
    declared; by default every value the reference knows).  ``max_players`` stays 3
    unless the values allow more, and never drops below what the caller seats.

    With ``bounded``, every hand has an end: where ``turn_limit`` would stay at its
    default (no limit) and a limit is allowed, it takes the largest limit allowed, which
    plays exactly as no limit until that many turns have ended (STOCK-1).  An engine
    that offers no limit is bounded only by :func:`random_game`'s ``max_actions``."""
    known = option_values()
    allowed = options if options is not None else known
    changes: dict[str, Any] = {}
    for name, values in known.items():
        choices = [v for v in allowed.get(name, (getattr(DEFAULT, name),)) if v in values]
        if len(choices) > 1 and rng.random() >= p_default:
            changes[name] = rng.choice(choices)
    limits = [v for v in allowed.get("turn_limit", ()) if isinstance(v, int) and v in known["turn_limit"]]
    if bounded and changes.get("turn_limit") is None and limits:
        changes["turn_limit"] = max(limits)
    return DEFAULT.replace(**changes)


def random_setup(
    rng: random.Random, rules: Ruleset = DEFAULT, players: int | None = None, stake: int | None = None
) -> JSON:
    """A ``new_hand`` setup: a shuffled deck, 2 or 3 players (up to ``max_players`` when
    it allows 4), a random dealer and stake."""
    pack = cards_of(pack_mask(rules.deck, rules.jokers))
    n = players if players is not None else rng.choice([2, 2, 3, 3, 3] + ([4] if rules.max_players >= 4 else []))
    while players is None and n > 2 and n * rules.hand_size_for(n) + 1 > len(pack):
        n -= 1
    deck = list(pack)
    rng.shuffle(deck)
    return {
        "ruleset": rules.to_dict(),
        "players": n,
        "dealer": rng.randrange(n),
        "stake": stake if stake is not None else rng.choice([1, 1, 1, 2, 5]),
        "deck": [NAMES[c] for c in deck],
    }


def hand_of(setup: JSON) -> Hand:
    """The reference hand a setup deals."""
    return Hand(
        [parse_card(c) for c in setup["deck"]],
        setup["players"],
        setup["dealer"],
        setup.get("stake", 1),
        Ruleset.from_mapping(setup.get("ruleset") or {}),
    )


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


_START_KINDS = ("knock", "draw")
_DRAWN_KINDS = ("spread", "hit", "discard", "knock")


@dataclass(frozen=True, slots=True)
class Answer:
    """One side's answer to one move: accepted, or refused with a reason; and the state
    after it (when states are traced)."""

    ok: bool
    reason: str | None
    state: JSON | None = None


@dataclass(slots=True)
class Playout:
    """A hand played on the reference: the moves, its answer to each, and the states."""

    setup: JSON
    moves: list[Move]
    answers: list[Answer]
    initial: JSON
    final: JSON


def play_reference(setup: JSON, moves: Sequence[Move], trace: bool = True) -> Playout:
    """The reference engine's answers to ``moves`` (and every state, with ``trace``)."""
    h = hand_of(setup)
    initial = state_to_json(h)
    answers: list[Answer] = []
    for seat, action in moves:
        try:
            h.apply(action_from_json(action), seat)
            answers.append(Answer(True, None, state_to_json(h) if trace else None))
        except IllegalAction as e:
            answers.append(Answer(False, e.reason, state_to_json(h) if trace else None))
    return Playout(dict(setup), list(moves), answers, initial, state_to_json(h))


def random_game(
    rng: random.Random,
    setup: JSON,
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
        try:
            h.apply(action, seat)
            answers.append(Answer(True, None, state_to_json(h) if trace else None))
        except IllegalAction as e:
            answers.append(Answer(False, e.reason, state_to_json(h) if trace else None))
    return Playout(setup, moves, answers, initial, state_to_json(h))


# -------------------------------------------------------------------------- comparison


@dataclass(slots=True)
class Divergence:
    """The first place where the adapter and the reference disagree."""

    setup: JSON
    moves: list[Move]
    index: int  # the move that differs; -1 for the deal
    what: list[str]
    expected: Answer | None = None
    got: Answer | None = None

    def describe(self) -> str:
        where = "the deal" if self.index < 0 else f"move {self.index + 1} ({_show_move(self.moves[self.index])})"
        return f"after {where}: " + "; ".join(self.what)


def _show_move(move: Move) -> str:
    seat, a = move
    return describe_action(seat, a)


def match_state(expected: JSON, actual: JSON, caps: Capabilities) -> list[str]:
    """The differences between an expected state and an engine's, by the comparison rules
    (a state equal field for field has none: checked first, as most are)."""
    if _exactly(expected, actual):
        return []
    return [str(d) for d in compare_state(expected, actual, caps.features, "state").diffs]


def _exactly(expected: object, actual: object) -> bool:
    """Whether every field ``expected`` gives is in ``actual`` with the very same value (a
    spread's extra fields aside): then no comparison rule can find a difference."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and _exactly(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return (isinstance(actual, list) and len(actual) == len(expected)
                and all(_exactly(e, a) for e, a in zip(expected, actual, strict=True)))
    return type(expected) is type(actual) and expected == actual


def table_fields(state: JSON) -> JSON:
    """The required fields of a state but its result: the hands, the spreads (owner, kind
    and cards), the discard pile's top and size, the stock's size, who acts and the stage."""
    return {
        "hands": state["hands"],
        "spreads": [{"owner": s["owner"], "kind": s["kind"], "cards": s["cards"]} for s in state["spreads"]],
        "discard_top": state["discard_top"],
        "discard_count": state["discard_count"],
        "stock_count": state["stock_count"],
        "to_act": state["to_act"],
        "stage": state["stage"],
    }


def expected_state(ref: JSON, caps: Capabilities, got: JSON | None = None) -> JSON:
    """The fields of a reference state that every engine must reproduce (the protocol's
    required fields; payments only from engines declaring ``payments``; totals only
    from engines that give them)."""
    exp = table_fields(ref)
    res = ref.get("result")
    if res is None:
        exp["result"] = None
    else:
        r: JSON = {"ending": res["ending"], "winners": res["winners"]}
        got_res = (got or {}).get("result")
        if "totals" in res and isinstance(got_res, dict) and got_res.get("totals") is not None:
            r["totals"] = res["totals"]
        if "payments" in caps.features:
            r["net"] = res["net"]
            r["payments"] = res["payments"]
        exp["result"] = r
    return exp


class Differ:
    """Plays move lists on an adapter and compares its answers with the reference's.

    ``use_play`` (default: when the engine declares ``play``) sends a hand as one ``play``
    request, with ``trace`` when every state is to be compared; otherwise ``new_hand``
    and one ``act`` per move (each answer carries the state, so every state of an
    accepted move is compared)."""

    def __init__(self, adapter: Adapter, caps: Capabilities | None = None, use_play: bool | None = None) -> None:
        self.adapter = adapter
        self.caps = caps or Capabilities.from_hello(adapter.hello())
        self.use_play = ("play" in self.caps.features) if use_play is None else use_play
        self.reasons = "reasons" in self.caps.features
        self.round_trips = 0

    def adapter_answers(
        self, setup: JSON, moves: Sequence[Move], trace: bool
    ) -> tuple[JSON | None, list[Answer], JSON]:
        """(the state after the deal when asked for, the answers, the final state)."""
        setup = self.caps.setup_sent(setup)
        if self.use_play:
            self.round_trips += 1
            out = self.adapter.play(setup, list(moves), trace=trace)
            steps = out.get("steps")
            states = out.get("states") or [] if trace else [None] * len(moves)
            final = out.get("state")
            if not isinstance(steps, list) or len(steps) != len(moves) or len(states) != len(moves):
                raise AdapterFault("protocol", f"play answered {len(steps) if isinstance(steps, list) else steps!r} "
                                   f"steps and {len(states)} states for {len(moves)} actions")
            if not isinstance(final, dict):
                raise AdapterFault("protocol", "play answered no final state")
            answers = [Answer(bool(st.get("ok")), st.get("reason"), sj) for st, sj in zip(steps, states, strict=True)]
            return None, answers, final
        self.round_trips += 2 + len(moves)
        initial = self.adapter.new_hand(setup)
        answers = []
        for seat, action in moves:
            try:
                answers.append(Answer(True, None, self.adapter.act(seat, action)))
            except Rejected as e:
                answers.append(Answer(False, e.reason, None))
        return initial, answers, self.adapter.state()

    def first_difference(
        self, setup: JSON, moves: Sequence[Move], reference: Playout | None = None, trace: bool = True
    ) -> Divergence | None:
        """The first difference between the engine and the reference on this hand, or
        None.  ``reference`` reuses the reference's answers (traced if ``trace``)."""
        moves = list(moves)
        try:
            initial, got, final = self.adapter_answers(setup, moves, trace)
        except Rejected as e:
            return Divergence(setup, moves, -1, [f"the engine refused the deal: {e.reason} {e.message}"])
        want = reference if reference is not None else play_reference(setup, moves, trace or not self.use_play)
        if initial is not None:
            diffs = match_state(expected_state(want.initial, self.caps, initial), initial, self.caps)
            if diffs:
                return Divergence(
                    setup, moves, -1, diffs, Answer(True, None, want.initial), Answer(True, None, initial)
                )
        for i, (w, g) in enumerate(zip(want.answers, got, strict=True)):
            what: list[str] = []
            if w.ok != g.ok:
                what.append(
                    "the reference accepts it but the engine refuses it" + (f" ({g.reason})" if g.reason else "")
                    if w.ok
                    else f"the reference refuses it ({w.reason}) but the engine accepts it"
                )
            elif not w.ok and self.reasons and w.reason != g.reason:
                what.append(f"refused for {g.reason!r}, the reference says {w.reason!r}")
            if not what and w.state is not None and g.state is not None:
                what += match_state(expected_state(w.state, self.caps, g.state), g.state, self.caps)
            if what:
                return Divergence(setup, moves, i, what, w, g)
        diffs = match_state(expected_state(want.final, self.caps, final), final, self.caps)
        if diffs:
            return Divergence(setup, moves, len(moves) - 1, diffs, Answer(True, None, want.final),
                              Answer(True, None, final))
        return None


# -------------------------------------------------------------------------- shrinking


def shrink(
    differs: Callable[[list[Move]], bool], moves: list[Move], first: int | None = None, budget: int = 2000
) -> list[Move]:
    """A short move list that still differs: first the prefix up to the first difference
    (``first``), then single moves and runs of moves dropped while it still differs
    (each candidate is one call of ``differs``; at most ``budget`` calls)."""
    if first is not None:
        moves = moves[: first + 1]
    calls = 0

    def check(candidate: list[Move]) -> bool:
        nonlocal calls
        calls += 1
        return differs(candidate)

    # shortest prefix that still differs
    lo, hi = 0, len(moves)
    while lo < hi and calls < budget:
        mid = (lo + hi) // 2
        if check(moves[:mid]):
            hi = mid
        else:
            lo = mid + 1
    if hi < len(moves) and check(moves[:hi]):
        moves = moves[:hi]
    # drop chunks, halving the chunk size
    chunk = max(1, len(moves) // 2)
    while chunk >= 1 and calls < budget:
        i = 0
        changed = False
        while i < len(moves) and calls < budget:
            candidate = moves[:i] + moves[i + chunk :]
            if candidate != moves and check(candidate):
                moves = candidate
                changed = True
            else:
                i += chunk
        if not changed:
            chunk //= 2
    return moves


def signature(diff: Divergence) -> tuple[str, ...]:
    """What kind of difference it is (the fields that differ), to keep shrinking on the
    same bug."""
    return tuple(sorted({w.split(":")[0] for w in diff.what}))


def minimize(find: Callable[[JSON, list[Move]], Divergence | None], diff: Divergence, budget: int = 2000) -> Divergence:
    """A smaller case showing the same kind of difference: the moves shrunk (:func:`shrink`),
    then each ruleset option put back to its default and the stake to 1 where the
    difference stays, then the moves shrunk again.  ``find(setup, moves)`` is the
    first difference of a candidate, or None."""
    kind = signature(diff)

    def same(setup: JSON, moves: list[Move]) -> Divergence | None:
        try:
            hand_of(setup)
        except ValueError:
            return None
        found = find(setup, moves)
        return found if found is not None and signature(found) == kind else None

    setup = diff.setup
    first = diff.index if diff.index >= 0 else None
    moves = shrink(lambda ms: same(setup, ms) is not None, diff.moves, first, budget)
    rules = Ruleset.from_mapping(setup.get("ruleset") or {})
    for name in rules.changes():
        simpler = rules.replace(**{name: getattr(DEFAULT, name)})
        candidate = {**setup, "ruleset": simpler.to_dict()}
        if same(candidate, moves) is not None:
            setup, rules = candidate, simpler
    if setup.get("stake", 1) != 1 and same({**setup, "stake": 1}, moves) is not None:
        setup = {**setup, "stake": 1}
    moves = shrink(lambda ms: same(setup, ms) is not None, moves, None, budget)
    return same(setup, moves) or diff


# -------------------------------------------------------------------------- scenarios


def scenario_for(diff: Divergence, case_id: str, note: str = "", found_by: str = "tonk fuzz") -> JSON:
    """A scenario (spec/scenario.schema.json) that replays ``diff.moves`` on the deal of
    ``diff.setup`` and expects what the reference engine does: each refusal with its
    reason, the state after the last move and the result."""
    setup = diff.setup
    rules = Ruleset.from_mapping(setup.get("ruleset") or {})
    h = hand_of(setup)
    cited: list[str] = []
    script: list[JSON] = []
    for seat, action in diff.moves:
        text = format_action(seat, action)
        step: JSON = {"act": text} if text is not None else {"seat": seat, "action": action}
        before = len(h.events)
        cited = []
        try:
            h.apply(action_from_json(action), seat)
            cited = [ev.rule for ev in h.events[before:]]
        except IllegalAction as e:
            step["reject"] = e.reason
            cited = [e.rule] if e.rule else []
        script.append(step)
    final = state_to_json(h)
    script.append({"expect": table_fields(final)})
    headline = diff.describe().split("; ")[0]
    doc: JSON = {
        "id": case_id,
        "title": _clip(f"Found by {found_by}: {headline}", 160),
        "rules": list(dict.fromkeys(r for r in cited if r != "GAME-1")) or ["GAME-1"],
    }
    changes = rules.changes()
    if changes:
        doc["ruleset"] = {"preset": "seed", "options": changes}
    doc.update(
        {
            "players": setup["players"],
            "dealer": setup["dealer"],
            "stake": setup.get("stake", 1),
            "deal": {"deck": list(setup["deck"])},
            "script": script,
        }
    )
    res = result_to_json(h.result)
    if res is not None:
        doc["result"] = {k: res[k] for k in ("ending", "winners", "totals", "net", "payments") if k in res}
    doc["notes"] = (note + "\n" if note else "") + "Expected values are the reference engine's. " + "; ".join(diff.what)
    return doc


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3].rsplit(" ", 1)[0] + "..."


def difference_or_fault(
    differ: Differ, setup: JSON, moves: list[Move], played: Playout | None = None, trace: bool = True
) -> Divergence | None:
    """:meth:`Differ.first_difference`, with an engine fault counted as a difference at the
    last move (a crash or a hang is what the hand is kept for)."""
    try:
        return differ.first_difference(setup, moves, played, trace)
    except AdapterFault as e:
        return Divergence(setup, moves, len(moves) - 1, [f"the engine failed: {e.kind}: {e.message}"])


def write_shrunk(differ: Differ, diff: Divergence, outdir: Path, case_id: str, note: str,
                 found_by: str = "tonk fuzz") -> tuple[Divergence, Path]:
    """``diff`` shrunk (:func:`minimize`) and written to ``outdir`` as the scenario
    ``case_id`` (:func:`scenario_for`): the shrunk difference and the file."""
    final = minimize(lambda setup, moves: difference_or_fault(differ, setup, moves), diff)
    doc = scenario_for(final, case_id, note=note, found_by=found_by)
    outdir.mkdir(parents=True, exist_ok=True)
    path = outdir / f"{case_id}.yaml"
    path.write_text(scenario_yaml(doc), encoding="utf-8")
    return final, path


def scenario_yaml(doc: JSON) -> str:
    return yaml.safe_dump(doc, sort_keys=False, width=100, allow_unicode=True, default_flow_style=None)


@dataclass(slots=True)
class FuzzStats:
    hands: int = 0
    actions: int = 0
    differences: int = 0
    seconds: float = 0.0
    written: list[str] = field(default_factory=list)

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0
