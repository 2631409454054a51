"""Differential fuzzing: random hands played on an engine under test, each a generated case
(:mod:`.hands`) run by the one runner, so that a difference from the reference engine is a
typed failure (or fault) of :func:`~.runner.run_case`; a failing hand is shrunk to a short
action sequence and written as a scenario file that reproduces it.

The pieces, each usable alone:

* :class:`Plan`, :func:`make_hand` and :func:`fuzz_hand`: hand N of a run (its ruleset
  within what the engine declares or the table's, its seat count in turn each one the table
  seats, a random deck, random play mixing legal actions with random well-formed ones and,
  by default, probes: actions the reference refuses for exactly one reason, whose refusal
  must leave the state as it was), as a case; one hand in :data:`RARE_EVERY` is dealt and
  played toward a rare ending instead (:func:`rare_goal`, :func:`.hands.rare_hand`), and
  :func:`make_hand` says which rare endings a hand reached; with :attr:`Plan.observe`,
  what every seat sees after the deal and after every action is asked too
  (:func:`observing`), checked for leaks and against what the reference shows that seat;
* :func:`moves_case`: a setup and a move list as a case, the reference's answers as its
  expectations (what shrinking tries);
* :func:`shrink` and :func:`minimize`: the shortest prefix that still fails the same way,
  then fewer moves, options back to their defaults and the stake to 1;
* :func:`scenario_doc` and :func:`write_shrunk`: the scenario YAML (spec/scenario.schema.json)
  of a failing case, with the reference's answers as its expectations.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..adapters import reference as R
from ..adapters.fields import observation_fields
from ..atomic import OutputError, write_text
from ..engine.ruleset import DEFAULT, Ruleset
from ..rulebook.applicability import reasons_reachable
from ..rulebook.notation import format_action
from .case import Act, Case, Observe, Step
from .hands import (
    RARE,
    RARE_WORDS,
    deals,
    hand_case,
    random_ruleset,
    random_setup,
    rare_hand,
    rare_reached,
    rare_unreachable,
    seated,
    table_fields,
)
from .results import CaseResult
from .runner import Engine, run_case

JSON = dict[str, Any]
Move = tuple[int, JSON]


@dataclass(frozen=True, slots=True)
class Plan:
    """What every hand of a fuzzing run is made from (the same in every worker)."""

    seed: int
    fixed_rules: Ruleset | None
    options: dict[str, tuple[Any, ...]]
    players: int | None = None
    illegal_rate: float = 0.1
    trace: bool = False
    probes: bool = True  # beside the random actions, sharp refusals of every reason the ruleset can reach
    observe: bool = False  # every seat's observation after the deal and after every action (:func:`observing`)


#: One hand in this many is steered toward a rare ending (:data:`.hands.RARE`), each
#: ending in turn, so that every one the table allows is reached within the first hands.
RARE_EVERY = 5


def fuzz_table(plan: Plan, game: int) -> tuple[random.Random, Ruleset, int]:
    """The random source, the ruleset and the players of hand ``game`` of the run."""
    rng = random.Random(f"{plan.seed}:{game}")
    rules = plan.fixed_rules if plan.fixed_rules is not None else random_ruleset(rng, plan.options)
    if plan.players is not None and plan.players > rules.max_players and plan.players in plan.options.get(
            "max_players", ()):
        rules = rules.replace(max_players=plan.players)
    if plan.players is not None and plan.fixed_rules is None:
        rules = seated(rules, plan.players, plan.options) or rules  # tonk fuzz checks that some pack deals them
    return rng, rules, plan.players if plan.players is not None else seat_count(rules, game)


def fuzz_setup(plan: Plan, game: int) -> tuple[random.Random, JSON]:
    """The random source and the random deal of hand ``game`` of the run (a hand steered
    toward a rare ending is dealt otherwise: :func:`make_hand`)."""
    rng, rules, players = fuzz_table(plan, game)
    return rng, random_setup(rng, rules, players)


def seat_counts(rules: Ruleset) -> list[int]:
    """The seat counts a table plays: 2 up to its ``max_players``, each that its pack deals."""
    return [n for n in range(2, rules.max_players + 1) if deals(rules, n)] or [2]


def seat_count(rules: Ruleset, game: int) -> int:
    """The players of hand ``game`` where the run does not fix them: each seat count the
    table plays in turn (:func:`seat_counts`), so that every one is played from the first
    hands on; the hands steered toward a rare ending take each seat count in turn after
    every ending (:func:`rare_goal`), so that each ending is tried at each of them."""
    counts = seat_counts(rules)
    if rare_game(game):
        return counts[(game // RARE_EVERY // len(RARE)) % len(counts)]
    return counts[(game - game // RARE_EVERY) % len(counts)]


def rare_game(game: int) -> bool:
    """Whether hand ``game`` is one steered toward a rare ending."""
    return game % RARE_EVERY == RARE_EVERY - 1


def rare_goal(game: int, rules: Ruleset, players: int, options: dict[str, tuple[Any, ...]] | None = None,
              ) -> tuple[str, Ruleset] | None:
    """The rare ending hand ``game`` is steered toward and the rules it is played under
    (None: a hand played as it comes): each of :data:`.hands.RARE` in turn, skipping those
    the table cannot reach.  With ``options`` (a run at random rulesets: the values the
    engine plays), an ending that ``rules`` forbid is tried with the options that forbid it
    set to values among ``options`` that allow it (:func:`opened`)."""
    if not rare_game(game):
        return None
    turn = game // RARE_EVERY
    for goal in (RARE[(turn + k) % len(RARE)] for k in range(len(RARE))):
        table = opened(rules, players, goal, options) if options is not None else rules
        if table is not None and goal not in rare_unreachable(table, players):
            return goal, table
    return None


#: The options that can forbid each rare ending, and the values that allow it, first preferred.
OPENING: dict[str, tuple[tuple[str, tuple[Any, ...]], ...]] = {
    "dealt_tonk": (("dealt_tonk", ("49_50", "50")),),
    "dealt_draw": (("dealt_tonk", ("49_50", "50")), ("dealt_tonks", ("draw", "best"))),
    "hits_out": (("hits_per_turn", ("any",)), ("hit_ends_turn", (False,))),
    "stock_tie": (("empty_stock", ("play_on", "dead", "last_turn")),),
}


def opened(rules: Ruleset, players: int, goal: str, options: dict[str, tuple[Any, ...]]) -> Ruleset | None:
    """``rules``, or where ``goal`` cannot happen under them, the same with the options that
    forbid it (:data:`OPENING`) set, one after another until it can, to a value of
    ``options`` that allows it (an option not in ``options`` keeps its default); None where
    none does."""
    for name, values in OPENING.get(goal, ()):
        if goal not in rare_unreachable(rules, players):
            break
        offered = options.get(name, (getattr(DEFAULT, name),))
        value = next((v for v in values if any(type(v) is type(o) and v == o for o in offered)), None)
        if value is not None and getattr(rules, name) != value:
            rules = rules.replace(**{name: value})
    return rules if goal not in rare_unreachable(rules, players) else None


def warm(plan: Plan) -> None:
    """Fill the caches that the hands of ``plan`` read, ahead of the first hand: the
    rulebook the probes are chosen from (the reasons a ruleset can reach)."""
    if plan.probes:
        reasons_reachable(plan.fixed_rules if plan.fixed_rules is not None else DEFAULT)


@dataclass(frozen=True, slots=True)
class Made:
    """A fuzzed hand as a case, with the rare endings it reached, the one it was steered
    toward (None: none) and those its table cannot reach, each with why."""

    case: Case
    reached: frozenset[str]
    goal: str | None
    closed: dict[str, str]


def make_hand(plan: Plan, game: int, *, trace: bool | None = None) -> Made:
    """Hand ``game`` of the run, played on the reference, as the generated case
    ``fuzz-S-N`` (with ``trace``, the state after every accepted action is expected too):
    a random deal and random play, or, one hand in :data:`RARE_EVERY`, a deal and play
    steered toward a rare ending (:func:`rare_goal`, :func:`.hands.rare_hand`)."""
    traced = plan.trace if trace is None else trace
    rng, rules, players = fuzz_table(plan, game)
    aim = rare_goal(game, rules, players, plan.options if plan.fixed_rules is None else None)
    goal = None
    if aim is not None:
        goal, rules = aim
    probes = None
    if plan.probes:
        probes = R.Probes(rate=0.05, most=3, want=frozenset(reasons_reachable(rules)),
                          seed=f"fuzz-probe:{plan.seed}:{game}")
    played = None
    if goal is not None:
        played = rare_hand(rng, rules, players, goal, illegal_rate=plan.illegal_rate, trace=traced, probes=probes)
    if played is None:
        setup = random_setup(rng, rules, players)
        played = R.random_hand(rng, setup, illegal_rate=plan.illegal_rate, trace=traced, probes=probes)
    steered = f", steered toward {RARE_WORDS[goal]}" if goal is not None else ""
    case = hand_case(played, case_id=f"fuzz-{plan.seed}-{game + 1}",
                     title=f"random hand {game + 1} of tonk fuzz --seed {plan.seed}{steered}",
                     source=f"generated:fuzz seed {plan.seed}, hand {game + 1}", trace=traced)
    return Made(observing(case) if plan.observe else case, rare_reached(played), goal,
                rare_unreachable(rules, players))


def fuzz_hand(plan: Plan, game: int, *, trace: bool | None = None) -> Case:
    """Hand ``game`` of the run as a case (:func:`make_hand`)."""
    return make_hand(plan, game, trace=trace).case


#: What a fuzzed hand expects each seat to see: the fields of play of an observation but
#: the observer, the spreads and the result (the case's own states and result check those).
OBSERVED = tuple(f for f in observation_fields().of_play if f not in ("seat", "spreads", "result"))


def observing(case: Case) -> Case:
    """``case`` (a hand dealt and played) with what every seat sees asked after the deal
    and after every action: each observation is checked for what its seat may not see (the
    stock, the pile, another seat's hand in play: the runner's invariants) and against what
    the reference engine shows that seat then (:data:`OBSERVED`)."""
    assert case.setup is not None
    table = R.Stepper(case.setup)

    def views(when: str) -> list[Step]:
        return [Observe(seat, {k: v for k, v in seen.items() if k in OBSERVED}, text=f"what seat {seat} sees {when}")
                for seat, seen in enumerate(table.observations())]

    steps: list[Step] = views("after the deal")
    done = 0
    for step in case.steps:
        steps.append(step)
        if isinstance(step, Act):
            done += 1
            table.play(step.seat, step.action)  # refused: the state stands
            steps += views(f"after move {done}")
    return dataclasses.replace(case, steps=tuple(steps))


def moves_case(setup: JSON, moves: Sequence[Move], like: Case, *, trace: bool = False,
               probes: Sequence[int] = ()) -> Case:
    """``setup`` dealt and ``moves`` played on the reference, as a case like ``like`` (its
    id, title and source; what every seat sees asked after every action where ``like``
    asks it)."""
    played = R.replay(setup, moves, trace=True)
    case = hand_case(played, case_id=like.id, title=like.title, source=like.source, probes=probes, trace=trace)
    return observing(case) if any(isinstance(s, Observe) for s in like.steps) else case


def failed(result: CaseResult) -> bool:
    return result.status in ("failed", "errored")


def signature(result: CaseResult) -> tuple[str, ...]:
    """What kind of failure it is (the status and its cause), to keep shrinking on the same
    bug."""
    return (result.status, result.cause)


def first_move(case: Case, result: CaseResult) -> int:
    """The index of the move at or after which ``result`` first went wrong (the last move
    for a failure of the final state or result, or a fault)."""
    moves = len(case.actions)
    step = result.failures[0].step if result.failures and result.fault is None else None
    if step is None or step < 0:
        return max(moves - 1, 0) if step is None else 0
    return max(sum(1 for s in case.steps[: step + 1] if isinstance(s, Act)) - 1, 0)


# -------------------------------------------------------------------------- shrinking
def shrink(
    fails: Callable[[list[Move]], bool], moves: list[Move], first: int | None = None, budget: int = 2000
) -> list[Move]:
    """A short move list that still fails: first the prefix up to the first failing move
    (``first``), then single moves and runs of moves dropped while it still fails (each
    candidate is one call of ``fails``; at most ``budget`` calls)."""
    if first is not None:
        moves = moves[: first + 1]
    calls = 0

    def check(candidate: list[Move]) -> bool:
        nonlocal calls
        calls += 1
        return fails(candidate)

    lo, hi = 0, len(moves)
    while lo < hi and calls < budget:
        mid = (lo + hi) // 2
        if check(moves[:mid]):
            hi = mid
        else:
            lo = mid + 1
    if hi < len(moves) and check(moves[:hi]):
        moves = moves[:hi]
    chunk = max(1, len(moves) // 2)
    while chunk >= 1 and calls < budget:
        i = 0
        changed = False
        while i < len(moves) and calls < budget:
            candidate = moves[:i] + moves[i + chunk:]
            if candidate != moves and check(candidate):
                moves = candidate
                changed = True
            else:
                i += chunk
        if not changed:
            chunk //= 2
    return moves


def minimize(engine: Engine, case: Case, result: CaseResult, budget: int = 2000) -> tuple[Case, CaseResult]:
    """A smaller case failing the same way on ``engine``: the moves shrunk (:func:`shrink`),
    then each ruleset option put back to its default (where the engine plays the default)
    and the stake to 1 where the failure stays, then the moves shrunk again."""
    kind = signature(result)
    assert case.setup is not None
    acts = [s for s in case.steps if isinstance(s, Act)]
    moves: list[Move] = [(a.seat, a.action) for a in acts]
    probed = {id(m) for m, a in zip(moves, acts, strict=True) if a.unchanged}  # probes stay probes

    def attempt(setup: JSON, moves: list[Move]) -> tuple[Case, CaseResult] | None:
        try:
            candidate = moves_case(setup, moves, case, probes=[i for i, m in enumerate(moves) if id(m) in probed])
        except Exception:  # a deal the reference refuses
            return None
        got = run_case(candidate, engine)
        return (candidate, got) if failed(got) and signature(got) == kind else None

    setup = case.setup
    moves = shrink(lambda ms: attempt(setup, ms) is not None, moves, first_move(case, result), budget)
    rules = Ruleset.from_mapping(setup.get("ruleset") or {})
    for name in rules.changes():
        if not engine.caps.supports(name, getattr(DEFAULT, name)):
            continue  # the engine does not play that default: the case must stay at its table
        simpler = rules.replace(**{name: getattr(DEFAULT, name)})
        candidate = {**setup, "ruleset": simpler.to_dict()}
        if attempt(candidate, moves) is not None:
            setup, rules = candidate, simpler
    if setup.get("stake", 1) != 1 and attempt({**setup, "stake": 1}, moves) is not None:
        setup = {**setup, "stake": 1}
    moves = shrink(lambda ms: attempt(setup, ms) is not None, moves, None, budget)
    return attempt(setup, moves) or (case, result)


# -------------------------------------------------------------------------- scenarios
def scenario_doc(case: Case, result: CaseResult, case_id: str, note: str = "", found_by: str = "tonk fuzz") -> JSON:
    """A scenario (spec/scenario.schema.json) that replays ``case``'s moves on its deal and
    expects what the reference engine does: each refusal with its reason (followed by the
    state it must leave, where the case asks for it), the state after the last move and
    the result."""
    setup = case.setup
    assert setup is not None
    moves = case.actions
    played = R.replay(setup, moves, trace=True)
    per_move = R.step_rules(setup, moves)
    acts = [s for s in case.steps if isinstance(s, Act)]
    seen = _failed_views(case, result)
    script: list[JSON] = [*seen.get(0, ())]
    cited: list[str] = []
    for k, ((seat, action), act, answer, (_, rules)) in enumerate(
            zip(moves, acts, played.answers, per_move, strict=True)):
        text = format_action(seat, action)
        step: JSON = {"act": text} if text is not None else {"seat": seat, "action": action}
        cited = list(rules)
        if not answer.ok:
            step["reject"] = answer.reason
        script.append(step)
        if act.unchanged and not answer.ok and answer.state is not None:
            script.append({"expect": table_fields(answer.state)})
        script += seen.get(k + 1, ())
    script.append({"expect": table_fields(played.final)})
    headline = result.message.splitlines()[0] if result.message else result.status
    doc: JSON = {
        "id": case_id,
        "title": _clip(f"Found by {found_by}: {headline}", 160),
        "rules": list(dict.fromkeys(r for r in cited if r != "GAME-1")) or ["GAME-1"],
    }
    changes = Ruleset.from_mapping(setup.get("ruleset") or {}).changes()
    if changes:
        doc["ruleset"] = {"preset": "seed", "options": changes}
    doc.update({"players": setup["players"], "dealer": setup["dealer"], "stake": setup.get("stake", 1),
                "deal": {"deck": list(setup["deck"])}, "script": script})
    res = played.result
    if res is not None:
        doc["result"] = {k: res[k] for k in ("ending", "winners", "totals", "net", "payments")
                         if res.get(k) is not None}
    doc["notes"] = (note + "\n" if note else "") + "Expected values are the reference engine's. " + result.message
    return doc


def _failed_views(case: Case, result: CaseResult) -> dict[int, list[JSON]]:
    """The observation steps a scenario of ``case`` keeps: where an observation failed,
    what every seat sees at that point (by the number of actions before it), as steps."""
    at: dict[int, int] = {}  # the index of each step -> the actions before it
    groups: dict[int, list[JSON]] = {}
    done = 0
    for i, step in enumerate(case.steps):
        if isinstance(step, Act):
            done += 1
        elif isinstance(step, Observe):
            at[i] = done
            groups.setdefault(done, []).append(step.to_json())
    failing = {at[f.step] for f in result.failures if f.step is not None and f.step in at}
    return {k: v for k, v in groups.items() if k in failing}


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3].rsplit(" ", 1)[0] + "..."


def scenario_yaml(doc: JSON) -> str:
    return yaml.safe_dump(doc, sort_keys=False, width=100, allow_unicode=True, default_flow_style=None)


class ShrunkNotWritten(OutputError):
    """A shrunk scenario whose file could not be written: the case, its result and the
    scenario's text ride with the error, so that the difference found is not lost."""

    def __init__(self, error: OutputError, small: Case, got: CaseResult, text: str) -> None:
        super().__init__(error.path, error.reason)
        self.small = small
        self.got = got
        self.text = text


def write_shrunk(engine: Engine, case: Case, result: CaseResult, outdir: Path, case_id: str, note: str,
                 found_by: str = "tonk fuzz") -> tuple[Case, CaseResult, Path]:
    """``case`` shrunk (:func:`minimize`) and written whole to ``outdir`` as the scenario
    ``case_id`` (:func:`scenario_doc`): the shrunk case, its result and the file.  A file
    that cannot be written raises :class:`ShrunkNotWritten`, which carries the scenario."""
    small, got = minimize(engine, case, result)
    doc = scenario_doc(small, got, case_id, note=note, found_by=found_by)
    path = outdir / f"{case_id}.yaml"
    text = scenario_yaml(doc)
    try:
        try:
            outdir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise OutputError(outdir, e.strerror or type(e).__name__) from None
        write_text(path, text)
    except OutputError as e:
        raise ShrunkNotWritten(e, small, got, text) from None
    return small, got, path


def locate(engine: Engine, case: Case, result: CaseResult) -> tuple[Case, CaseResult]:
    """A hand that fails at its final state, played again with every state between its
    moves expected, so that the failure names the first move after which the engine's
    state differs (a fault stays as it is)."""
    if result.fault is not None or case.setup is None or first_move(case, result) < len(case.actions) - 1:
        return case, result
    traced = moves_case(case.setup, case.actions, case, trace=True,
                        probes=[i for i, s in enumerate(a for a in case.steps if isinstance(a, Act)) if s.unchanged])
    got = run_case(traced, engine)
    return (traced, got) if failed(got) else (case, result)


@dataclass(slots=True)
class FuzzStats:
    hands: int = 0
    actions: int = 0
    differences: int = 0
    seconds: float = 0.0  # the time the random hands took
    written: list[str] = field(default_factory=list)
    timed: int = 0  # the random hands played in ``seconds`` (hands counts the staged ones too)
    skipped: int = 0  # the hands the engine could not be asked to play
    skip_why: str = ""  # what the first of them needed

    @property
    def hands_per_second(self) -> float:
        timed = self.timed or self.hands
        return timed / self.seconds if self.seconds > 0 else 0.0
