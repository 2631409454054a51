"""The one runner: cases in, typed results out.

:func:`run_suite` greets the engine, runs each :class:`~.case.Case` with :func:`run_case`
and returns a :class:`SuiteRun`.  ``tonk check`` and ``tonk mutants`` call it; ``tonk
replay`` and the pytest plugin run one case at a time with :func:`run_case`; reports are
built from the typed results they return.

How a case runs (spec/scenarios.md, "Requirements"):

- skipped, when its setup or its steps need an option value or a feature the engine did
  not declare (:meth:`~.capabilities.Capabilities.missing`); but when only steps after
  its first need a feature, run in part: up to the first of them, the rest reported as
  left out (:func:`~.capabilities.run_in_part`);
- otherwise run: in one ``play`` round trip when the engine declares ``play`` and the case
  only acts and compares states, else ``new_hand`` and one request per step;
- every expectation the engine's features let the runner check is checked; the others
  are listed as not checked (``net`` and ``payments`` without ``payments``; an optional
  field the engine did not send); a reason code is compared exactly only for an engine
  that declares ``reasons``, otherwise any refusal will do;
- failed, when an answer was wrong: an action accepted or refused against the case stops
  it; a state that differs is reported and the case goes on;
- failed too, whatever the case expects, when an answer breaks one of the protocol's
  invariants (:mod:`.invariants`): ``broken invariant: KIND``, once per kind and case;
- each failure named for its cause: an action accepted whose answer leaves the hand not as
  it says (a card it played still held), at that action, with what its answer changed; an
  action refused by an engine whose own state already said the hand was over, with when and
  how the engine ended it (under the rule of the ending); cards counted twice or too many
  after an action played a card not held (TURN-11) or kept a card it played (that action's
  rule), by that action;
- errored, when the engine or its adapter broke (:class:`~.results.Fault`).

Failing fast: an engine that cannot be started or whose ``hello`` is not the protocol's
raises :class:`EngineUnavailable` before any case runs; :data:`MAX_FAULTS_IN_A_ROW` cases
erroring one after another stop the run (:attr:`SuiteRun.stopped`).
"""

from __future__ import annotations

import dataclasses
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, cast

from ..adapters.base import JSON, Adapter, AdapterFault, EngineChanged, FaultKind, Rejected, SendsAhead
from ..adapters.lifetime import Interrupted
from ..engine.lru import LRU
from ..engine.ruleset import Ruleset
from ..errors import TonkError
from ..rulebook.notation import action_key, describe_action, format_action
from ..rulebook.reasons import rule_of_reason
from .capabilities import Capabilities, HelloError, Need, run_in_part
from .case import Act, Call, Case, Expect, Legal, Observe, Perft, Step, step_label
from .compare import (
    Comparison,
    Difference,
    Unchecked,
    compare_observation,
    compare_result,
    compare_state,
    compare_unchanged,
    show,
)
from .interpret import StepInterpreter, answer_at, is_state
from .invariants import RULES, Broken, after_over_problem, observation_problems, state_problems
from .known_failures import KnownFailures, cause_changed
from .results import CaseResult, Failure, Fault, Status
from .transcript import Recorder

#: The action types of the protocol, as failures name them.
_ACTION_TYPES = frozenset({"knock", "draw", "discard", "spread", "hit", "declare"})
#: Cases that error one after another before the run stops (the engine is not answering).
MAX_FAULTS_IN_A_ROW = 10


class EngineUnavailable(TonkError):
    """The engine could not be started or did not greet the runner as the protocol says."""

    def __init__(self, fault: Fault) -> None:
        super().__init__(fault.message)
        self.fault = fault


# ---------------------------------------------------------------------------- the engine
@dataclass(slots=True)
class Engine:
    """The engine under test: its adapter (through a recorder) and what it declared."""

    adapter: Adapter
    caps: Capabilities
    hello: JSON
    recorder: Recorder
    # memos, bounded: a fuzzing run plays rulesets and setups without end
    _needs: LRU[Ruleset, tuple[Need, ...]] = field(default_factory=lambda: LRU(512))
    _rulesets: LRU[tuple[Any, ...], JSON] = field(default_factory=lambda: LRU(512))
    _setups: LRU[int, tuple[JSON, JSON]] = field(default_factory=lambda: LRU(256))
    #: the case the run plays next (set by :func:`run_suite`), whose script may be sent ahead
    following: Case | None = None
    #: what the last case asked of :meth:`missing` needs (a case sent ahead is asked twice)
    _missed: tuple[Case | None, tuple[Need, ...]] = (None, ())
    #: whether the adapter can take a request ahead (:class:`~.base.SendsAhead`), once known
    _sends_ahead: bool | None = None

    @classmethod
    def greet(cls, adapter: Adapter) -> Engine:
        """Say hello; raise :class:`EngineUnavailable` if the engine cannot answer it."""
        recorder = Recorder(adapter)
        try:
            hello = adapter.hello()
            caps = Capabilities.from_hello(hello)
        except AdapterFault as e:
            raise EngineUnavailable(Fault.of(e, "hello")) from None
        except Rejected as e:
            raise EngineUnavailable(Fault(FaultKind.PROTOCOL, f"hello was refused ({e.reason}: {e.message})", "hello")
                                    ) from None
        except HelloError as e:
            raise EngineUnavailable(Fault(FaultKind.PROTOCOL, str(e), "hello")) from None
        except EngineChanged:
            raise
        except Exception as e:  # the adapter's own code
            raise EngineUnavailable(Fault(FaultKind.ADAPTER, f"{type(e).__name__}: {e}", "hello",
                                          traceback="".join(traceback.format_exception(e)[-4:]))) from None
        return cls(adapter, caps, hello, recorder)

    def ruleset_sent(self, ruleset: JSON) -> JSON:
        """The ruleset as sent to this engine (:meth:`Capabilities.ruleset_sent`), once per
        ruleset."""
        key = tuple(ruleset.items())
        sent = self._rulesets.get(key)
        if sent is None:
            sent = self._rulesets[key] = self.caps.ruleset_sent(ruleset)
        return sent

    def sent(self, setup: JSON) -> JSON:
        """A setup as sent to this engine (its ruleset as :meth:`ruleset_sent` says)."""
        rules = setup.get("ruleset")
        if not isinstance(rules, dict):
            return setup
        cached = self._setups.get(id(setup))
        if cached is None or cached[0] is not setup:
            cached = self._setups[id(setup)] = (setup, {**setup, "ruleset": self.ruleset_sent(rules)})
        return cached[1]

    def send_ahead(self) -> None:
        """Send the next case's script now, when the engine's adapter can take a request
        ahead (the stdio adapter's ``prefetch_play``) and that case opens with one ``play``
        (untraced): the engine plays it while the runner checks the answers of the case in
        hand.  The plays that case asks next for its states between actions are sent too (a
        case whose checks stop before them leaves their answers to be dropped)."""
        case, self.following = self.following, None
        if self._sends_ahead is None:
            self._sends_ahead = isinstance(self.adapter, SendsAhead)
        if (not self._sends_ahead or case is None or not _batchable(case, self.caps)
                or _needs_trace(case.steps) or self.missing(case)):
            return
        assert case.setup is not None
        ahead = cast(SendsAhead, self.adapter)  # checked once, above: a Protocol's isinstance is dear
        setup = self.sent(case.setup)
        moves = [(s.seat, s.action) for s in case.steps if isinstance(s, Act)]
        ahead.prefetch_play(setup, moves)
        # and the plays of the first actions again that its states between actions are read
        # from (:meth:`_CaseRun.ask_states`), unless a new_hand comes first
        n = 0
        for s in case.steps:
            if isinstance(s, Act):
                n += 1
            elif isinstance(s, Expect) and n < len(moves):
                if not n:
                    break
                ahead.prefetch_play(setup, moves[:n])

    def missing(self, case: Case) -> tuple[Need, ...]:
        last, needs = self._missed
        if last is case:
            return needs
        opts = self._needs.get(case.ruleset)
        if opts is None:
            opts = self._needs[case.ruleset] = self.caps.missing_options(case.ruleset)
        opts += self.caps.missing_actions(case, opts)
        needs = opts + tuple(Need("feature", f) for f in sorted(case.methods - self.caps.features))
        self._missed = (case, needs)
        return needs


# ---------------------------------------------------------------------------- one case
class _Stop(TonkError):
    """An action answered against the case: the rest of the script is not run."""


class _CaseRun:
    def __init__(self, case: Case, engine: Engine) -> None:
        self.case = case
        self.engine = engine
        self.features = engine.caps.features
        self.failures: list[Failure] = []
        self.unchecked: list[Unchecked] = []
        self.checked = 0
        self.last_act: Act | None = None  # the last action judged
        self.doing = "dealing the hand"
        self.setup = None if case.setup is None else engine.sent(case.setup)
        self.broken: set[str] = set()  # the kinds of invariant already reported
        self.latest: object = None  # the last state the engine answered
        #: when the engine's own state first said the hand was over: (the moment as a cause
        #: says it, the moment in words), or None while it has not
        self.over_at: tuple[str, str] | None = None
        #: an action accepted that played a card its seat did not hold, in words
        self.not_held: str | None = None
        #: an action accepted whose seat kept a card it played, in words, and its failure's rule
        self.kept: tuple[str, str | None] | None = None
        #: in a batched case, the actions accepted as expected that lay cards (hits and
        #: spreads), by their index among its actions, once :meth:`unapplied` asks
        self.laid: list[int] | None = None

    @property
    def adapter(self) -> Recorder:
        return self.engine.recorder

    # -- bookkeeping ---------------------------------------------------------------
    def rule(self) -> str | None:
        return self.case.rules[0] if self.case.rules else None

    def fail(self, index: int | None, step: Step | None, cause: str, message: str, rule: str | None = None,
             diffs: Sequence[Difference] = ()) -> None:
        act = step if isinstance(step, Act) else None
        line = step.line if step is not None else self.case.result_line if index is None else 0
        self.failures.append(Failure(
            step=index,
            line=line or self.case.line,
            text=step_label(step) if step is not None else ("the final result" if index is None else "the deal"),
            cause=cause,
            rule=rule or self.rule(),
            message=message,
            diffs=tuple(diffs),
            seat=act.seat if act is not None else None,
            action=None if act is None else format_action(None, act.action) or describe_action(None, act.action),
            after=None if act is not None or self.last_act is None else self.last_act.notation,
        ))

    def compared(self, index: int | None, step: Step | None, c: Comparison) -> None:
        self.checked += c.checked
        self.unchecked += c.unchecked
        if c.diffs:
            first = c.diffs[0]
            more = f" (and {len(c.diffs) - 1} more)" if len(c.diffs) > 1 else ""
            self.fail(index, step, _field_cause(first.field, self.expected_ending(step)), f"{first}{more}",
                      diffs=c.diffs)

    def expected_ending(self, step: Step | None) -> str | None:
        """The ending the case expects where a result field differs: failures of one field
        after different endings are different bugs."""
        result = step.state.get("result") if isinstance(step, Expect) else self.case.result if step is None else None
        ending = result.get("ending") if isinstance(result, dict) else None
        return ending if isinstance(ending, str) else None

    def invariants(self, index: int | None, step: Step | None, problems: Iterable[Broken | None]) -> None:
        """Fail the case for each kind of broken invariant, once per case."""
        for p in problems:
            if p is not None and p.kind not in self.broken:
                self.broken.add(p.kind)
                self.fail(index, step, f"broken invariant: {p.kind}", p.message, RULES.get(p.kind))

    def seen(self, index: int | None, step: Step | None, state: object, *, now: bool = True,
             made: tuple[int, Step | None] | None = None) -> None:
        """A state the engine answered: checked against the invariants, and kept as its last
        (``now``: the state as it is at ``step``, so that a hand over in it ended by then;
        ``made``: the step whose answer it is, where another, -1 for the deal)."""
        self.invariants(index, step, state_problems(state, self.case.ruleset))
        self.latest = state
        if now and self.over_at is None and _is_over(state):
            self.over_at = _moment(*made) if made is not None else _moment(index, step)

    # -- actions -------------------------------------------------------------------
    def judge_act(self, i: int, step: Act, ok: bool, reason: str | None, before: object = None) -> None:
        """Compare an action's answer with the case (``before``: the engine's state before
        it, where known); raise :class:`_Stop` on a surprise."""
        self.last_act = step
        refuse = step.refuse
        if ok and self.not_held is None:
            self.not_held = _not_held(step, before)
        if refuse is None and ok:
            self.checked += 1
            return
        if refuse is not None and not ok:
            self.checked += 1
            if isinstance(refuse, str) and refuse != reason:
                if "reasons" in self.features and _is_over(before):
                    self.refused_over(i, step, reason, f"expected {refuse}", before)
                elif "reasons" in self.features:
                    self.fail(i, step, f"{_kind(step)} refused as {reason}, expected {refuse}",
                              f"{step.notation}: refused as {reason}, expected {refuse}", rule_of_reason(refuse))
                else:
                    self.unchecked.append(Unchecked(f"the reason code {refuse}", "reasons"))
            return
        if refuse is None and _is_over(before):
            self.refused_over(i, step, reason, "expected it to be accepted", before)
            raise _Stop
        if refuse is None:
            self.fail(i, step, f"{_kind(step)} refused as {reason}, expected acceptance",
                      f"{step.notation}: refused ({reason}), expected it to be accepted", rule_of_reason(reason or ""))
            raise _Stop
        want = "" if refuse is True else f" as {refuse}"
        self.fail(i, step, f"{_kind(step)} accepted, expected refusal{want}",
                  f"{step.notation}: accepted, expected it to be refused{want}",
                  rule_of_reason(refuse) if isinstance(refuse, str) else None)
        raise _Stop

    def refused_over(self, i: int, step: Act, reason: str | None, expected: str, before: object) -> None:
        """An action refused by an engine whose own state already said the hand was over
        (``before``): a failure saying so, when the hand ended and how, grouped by that and
        tagged with the rule of the ending (the refusal itself is right: the hand is over)."""
        result = before.get("result") if isinstance(before, dict) else None
        ending = result.get("ending") if isinstance(result, dict) else None
        kind, when = self.over_at or ("earlier", "before it")
        said = _ending_text(result)
        self.fail(i, step, f"refused after the engine ended the hand {kind}" + (f" ({ending})" if said else ""),
                  f"{step.notation}: refused ({reason}), {expected}\nthe engine had already ended the hand {when}"
                  + (f" ({said})" if said else ""),
                  _ending_rule(ending) or rule_of_reason(reason or ""))

    def attribute(self) -> None:
        """Cards counted twice or too many after an action played cards its seat did not hold,
        or kept a card it played, follow from that: such failures are grouped by it, under
        the rule of cards held or of the action kept."""
        rule: str | None
        if self.not_held is not None:
            why, rule = "a card not held was played", _CARDS_HELD
            said = f"{self.not_held} ({_CARDS_HELD}, cards in hand)"
        elif self.kept is not None:
            why, rule, said = "an action kept a card it played", self.kept[1], self.kept[0]
        else:
            return
        for k, f in enumerate(self.failures):
            if f.cause.removeprefix("broken invariant: ") in _CARD_KINDS:
                self.failures[k] = dataclasses.replace(f, cause=f"{f.cause}, after {why}", rule=rule,
                                                       message=f"{f.message}\nafter {said}")

    def effect(self, i: int, step: Act, before: object, after: object) -> None:
        """An action accepted as the case expects whose answer leaves the hand not as the
        action says (a card it plays still held: the turn passed without it, say): a
        failure saying so and what the answer changed instead, once per case."""
        kept = _still_held(step.seat, step.action, after)
        if not kept or "effect" in self.broken:
            return
        self.broken.add("effect")
        assert isinstance(after, dict)
        changed = [f"{k} {show(before.get(k))} -> {show(after.get(k))}" for k in _effect_fields()
                   if isinstance(before, dict) and before.get(k) != after.get(k)]
        what = (f"\nthe answer changed {', '.join(changed)}, and not the hand" if changed
                else "" if not isinstance(before, dict) else "\nthe answer changed nothing else either")
        self.fail(i, step, f"{_kind(step)} accepted, but the hand is not as it says",
                  f"{step.notation}: accepted, but seat {step.seat} still holds {' '.join(kept)}: the hand is not as "
                  f"the {_kind(step)} says{what}",
                  diffs=[Difference(f"state.hands[{step.seat}]", f"without {' '.join(kept)}",
                                    after["hands"][step.seat])])
        self.kept = (f"{step.notation}: seat {step.seat} still holds {' '.join(kept)}", self.failures[-1].rule)

    # -- the two ways to run -------------------------------------------------------
    def batched(self) -> None:
        """One ``play`` for the whole script.  A state expected between two actions, or the
        state a refusal must leave as it was, is read from the same request's ``trace``
        (the state after each action); a state expected before the first action from a
        ``new_hand``."""
        case = self.case
        setup = self.setup
        assert setup is not None
        acts = [s for s in case.steps if isinstance(s, Act)]
        moves = [(s.seat, s.action) for s in acts]
        trace = _needs_trace(case.steps)
        self.doing = f"play: the whole script ({len(moves)} actions)" + (", traced" if trace else "")
        try:
            answer = self.adapter.play(setup, moves, trace=trace) if trace else self.adapter.play(setup, moves)
        except Rejected as e:
            self.fail(-1, None, f"deal refused as {e.reason}", f"the engine refused to deal: {e.reason} {e.message}")
            return
        steps = answer.get("steps") if isinstance(answer, dict) else None
        final = answer.get("state") if isinstance(answer, dict) else None
        states = answer.get("states") if isinstance(answer, dict) and trace else None
        if not isinstance(steps, list) or len(steps) != len(acts) or not is_state(final):
            raise AdapterFault(FaultKind.PROTOCOL, f"play answered {show(answer)[:300]}; expected "
                                                   f"{{steps: one per action ({len(acts)}), state}}")
        if trace and not (isinstance(states, list) and len(states) == len(acts)):
            raise AdapterFault(FaultKind.PROTOCOL, f"play with trace answered {show(states)[:200]} as states; "
                                                   f"expected one state per action ({len(acts)})")
        asked = self.ask_states(steps, moves, trace)
        at = [i for i, s in enumerate(case.steps) if isinstance(s, Act)]
        for k, each in enumerate(states or ()):
            self.seen(at[k], case.steps[at[k]], each)
        self.seen(at[-1] if at else -1, case.steps[at[-1]] if at else None, final, now=states is not None or not at)
        n = 0
        last_ok = max((j for j, res in enumerate(steps) if isinstance(res, dict) and res.get("ok")), default=None)
        try:
            for i, step in enumerate(case.steps):
                if isinstance(step, Act):
                    res = steps[n]
                    n += 1
                    ok = bool(res.get("ok")) if isinstance(res, dict) else False
                    if ok and states is None and step.refuse is None and last_ok is not None and last_ok >= n - 1:
                        # accepted as expected, with no state before it to judge it by (an
                        # action accepted after it): all that judge_act does of it
                        self.last_act = step
                        self.checked += 1
                        continue
                    reason = res.get("reason") if isinstance(res, dict) else None
                    if step.refuse is None and states is not None and n >= 2:
                        self.invariants(i, step, [after_over_problem(states[n - 2], ok)])
                    self.judge_act(i, step, ok, reason if isinstance(reason, str) else None,
                                   self.state_before(n - 1, at, last_ok, states, final))
                    if ok and states is not None:
                        self.effect(i, step, states[n - 2] if n >= 2 else None, states[n - 1])
                    if step.unchanged and not ok and states is not None and n >= 2:
                        self.compared(i, step, compare_unchanged(states[n - 2], states[n - 1]))
                elif isinstance(step, Expect):
                    if n == len(acts):
                        state = final
                    elif n and states is not None:
                        state = states[n - 1]
                    else:
                        self.doing, got, error = asked[i]
                        if error is not None:
                            raise error
                        state = got.get("state") if n else got
                        self.seen(i, step, state, made=(at[n - 1], acts[n - 1]) if n else (-1, None))
                    if n and states is None:
                        self.unapplied(acts, at, moves, n, state)
                    self.compared(i, step, compare_state(step.state, state, self.features))
        except _Stop:
            if states is None:  # the hits and spreads before the surprise, by the final state
                self.unapplied(acts, at, moves, n - 1, final, exact=False)
            return
        assert isinstance(final, dict)
        if acts and states is None:
            self.unapplied(acts, at, moves, len(acts), final)
        self.final(final)

    def unapplied(self, acts: list[Act], at: list[int], moves: list[tuple[int, JSON]], n: int, state: object,
                  *, exact: bool = True) -> None:
        """In a batched case without traced states, given a state after its first ``n``
        actions (``exact``: right after them, read for a step that follows; else later): the
        first of them accepted as the case expects whose seat still holds a card it played
        there (the last action's discard, or any hit or spread: a card laid never comes back
        to a hand) fails as :meth:`effect` says, with what its answer changed.  The states
        around it are asked for then (the actions before it played again), and only then."""
        if "effect" in self.broken:
            return
        laid = self.laid
        if laid is None:  # the actions that lay cards, once a case
            laid = self.laid = [j for j, s in enumerate(acts) if s.refuse is None and isinstance(s.action, dict)
                                and s.action.get("type") in ("hit", "spread")]
        # the hits and spreads before the last action (with exact), or all of them, then the last
        limit = n - 1 if exact else n
        looked = [j for j in laid if j < limit]
        if exact and n >= 1 and acts[n - 1].refuse is None:
            looked.append(n - 1)
        for j in looked:
            step = acts[j]
            if _still_held(step.seat, step.action, state):
                after = state if exact and j == n - 1 else self.state_after(moves[: j + 1])
                if _still_held(step.seat, step.action, after):
                    self.effect(at[j], step, self.state_after(moves[:j]), after)
                    return

    def state_after(self, moves: list[tuple[int, JSON]]) -> JSON | None:
        """The engine's state after ``moves`` of this case (the deal's for none), asked with
        ``play`` (or ``new_hand``); None where it does not answer one."""
        assert self.setup is not None
        self.doing = f"play: the first {len(moves)} actions again, for the state after them"
        try:
            answer = self.adapter.play(self.setup, moves) if moves else self.adapter.new_hand(self.setup)
        except (AdapterFault, Rejected):
            return None
        state = answer.get("state") if moves and isinstance(answer, dict) else answer
        return state if is_state(state) else None

    def state_before(self, k: int, at: list[int], last_ok: int | None, states: list[Any] | None, final: object
                     ) -> object:
        """The engine's state before the k-th action of a batched case, where its answer
        tells: the traced state after the action before it, or the final state when neither
        this action nor any after it was accepted (refusals change nothing; ``last_ok`` is
        the last action accepted), the hand then as it was after the last action accepted
        before it (or the deal); else None."""
        if states is not None and k >= 1:
            return states[k - 1]
        if last_ok is not None and last_ok >= k:
            return None
        if self.over_at is None and _is_over(final):
            j = last_ok
            self.over_at = _moment(-1 if j is None else at[j], None if j is None else self.case.steps[at[j]])
        return final

    def ask_states(self, answers: list[Any], moves: list[tuple[int, JSON]], trace: bool
                   ) -> dict[int, tuple[str, Any, BaseException | None]]:
        """The states a batched case asks the engine for beyond its ``play`` (one expected
        between actions and not traced, by playing the actions before it again; one
        expected before the first action, by a ``new_hand``), each asked now, in the order
        the checks read them, up to the action at which the checks stop (:func:`_stop_at`):
        by the index of its step, what was being done, the answer and the error of the
        request (raised where the answer is read; no request follows a failed one).  Then,
        with no more requests for this case, the next case's script is sent ahead."""
        steps = self.case.steps
        asked: dict[int, tuple[str, Any, BaseException | None]] = {}
        n = 0
        for i in range(_stop_at(steps, answers)):
            step = steps[i]
            if isinstance(step, Act):
                n += 1
            elif isinstance(step, Expect) and n < len(moves) and not (n and trace):
                assert self.setup is not None
                doing = (f"play: the first {n} actions, for {step_label(step)}" if n
                         else f"new_hand, for {step_label(step)}")
                try:
                    got = self.adapter.play(self.setup, moves[:n]) if n else self.adapter.new_hand(self.setup)
                except Exception as e:  # met where the state is read, as if asked there
                    asked[i] = (doing, None, e)
                    return asked
                asked[i] = (doing, got, None)
        self.engine.send_ahead()  # no more requests for this case
        return asked

    def stepwise(self) -> None:
        case = self.case
        last: JSON | None = None
        if self.setup is not None:
            try:
                answer = self.adapter.new_hand(self.setup)
            except Rejected as e:
                if case.deal_refused and e.reason != case.deal_reason and "reasons" in self.features:
                    self.fail(-1, None, f"deal refused as {e.reason}, expected {case.deal_reason}",
                              f"the engine refused to deal as {e.reason} ({e.message}); expected {case.deal_reason}",
                              rule_of_reason(case.deal_reason))
                elif case.deal_refused:
                    self.checked += 1
                else:
                    self.fail(-1, None, f"deal refused as {e.reason}",
                              f"the engine refused to deal: {e.reason} {e.message}")
                return
            if case.deal_refused:
                self.fail(-1, None, f"dealt, expected the deal to be refused as {case.deal_reason}",
                          f"the engine dealt the hand; expected it to refuse the deal ({case.deal_reason})",
                          rule_of_reason(case.deal_reason) or (case.rules[0] if case.rules else None))
                return
            last = answer if is_state(answer) else None
            self.seen(-1, None, answer)
        walk = _Stepwise(self, last)
        try:
            walk.run(case.steps)
        except _Stop:
            return
        if case.result is not None:
            self.final(walk.final_state())

    def final(self, state: JSON) -> None:
        if self.case.result is not None:
            self.compared(None, None, compare_result(self.case.result, state.get("result"), self.features))

    # -- the other steps -----------------------------------------------------------
    def legal(self, i: int, step: Legal, actual: object) -> None:
        if not isinstance(actual, list):
            self.fail(i, step, "legal_actions", f"legal_actions answered {show(actual)}; expected a list")
            return
        have = {action_key(a) for a in actual}
        c = Comparison()
        for a in step.includes:
            if action_key(a) in have:
                c.same()
            else:
                c.differ("legal_actions", f"{describe_action(None, a)} listed", "not listed")
        for a in step.excludes:
            if action_key(a) in have:
                c.differ("legal_actions", f"{describe_action(None, a)} not listed", "listed")
            else:
                c.same()
        if step.count is not None:
            if step.count != len(actual):
                shown = ", ".join(describe_action(None, a) for a in actual)
                c.differ("legal_actions", f"{step.count} actions", f"{len(actual)}: {shown}")
            else:
                c.same()
        self.compared(i, step, c)

    def call(self, i: int, step: Call, state: Callable[[], JSON]) -> None:
        params = dict(step.params)
        if isinstance(params.get("ruleset"), dict):
            params["ruleset"] = self.engine.ruleset_sent(params["ruleset"])
        if step.from_result:
            result = state().get("result")
            if not isinstance(result, dict):
                self.fail(i, step, "result", f"{step.method}: the hand is not over, so it has no result to send",
                          diffs=[Difference("result", "the hand is over", result)])
                return
            missing = [k for k in step.from_result if result.get(k) is None and k != "knocker"]
            if missing:
                self.fail(i, step, f"result.{missing[0]}",
                          f"{step.method}: the result gives no {missing[0]} to send",
                          diffs=[Difference(f"result.{missing[0]}", "a value", result.get(missing[0]))])
                return
            params["result"] = {k: result[k] for k in step.from_result if result.get(k) is not None}
        try:
            answer = self.adapter.call(step.method, params)
        except Rejected as e:
            if step.refuse:
                self.checked += 1
            else:
                self.fail(i, step, f"{step.method} refused as {e.reason}",
                          f"{step.method} was refused ({e.reason}: {e.message}), expected an answer")
            return
        if step.refuse:
            self.fail(i, step, f"{step.method} answered, expected refusal",
                      f"{step.method} answered {show(answer)}, expected it to be refused")
            return
        c = Comparison()
        where = {key: (line, text) for key, line, text in step.written}
        for key, want in step.expect.items():
            got = answer_at(answer, key)
            if got != want or type(got) is not type(want):
                c.differ(f"{step.method}.{key}", want, got)
                if not c.diffs[1:] and key in where:  # the step that wrote the first difference
                    line, text = where[key]
                    step = dataclasses.replace(step, line=line, text=text)
            else:
                c.same()
        self.compared(i, step, c)

    def perft(self, i: int, step: Perft) -> None:
        from .perft import check_counts

        setup = self.setup
        assert setup is not None
        mismatch = check_counts(self.adapter, setup, step.counts, "play" in self.features)
        self.checked += 1
        if mismatch is not None:
            self.fail(i, step, "perft count", mismatch.headline(),
                      diffs=[Difference(f"perft({mismatch.depth})", mismatch.expected, mismatch.got)])
            self.failures[-1] = _with_detail(self.failures[-1], mismatch.divide_lines())


class _Stepwise(StepInterpreter[None]):
    """The case one request per step, each answer judged as it comes."""

    def __init__(self, run: _CaseRun, state: JSON | None) -> None:
        super().__init__(run.adapter, state)
        self.r = run

    def begin(self, index: int, step: Step) -> None:
        self.r.doing = step_label(step)

    def seen(self, index: int | None, step: Step | None, answer: object) -> None:
        self.r.seen(index, step, answer)

    def act(self, index: int, step: Act) -> None:
        r = self.r
        # a refusal leaves the state as it was: checked where the case asks, and
        # wherever the engine gives no reason code (the refusal is all it says)
        unchanged = step.unchanged or (step.refuse is not None and "reasons" not in r.features)
        before = self.state() if unchanged else self.last
        previous = r.latest
        ok, reason = self.perform(index, step)
        if step.refuse is None:  # an expected refusal accepted fails as that already
            r.invariants(index, step, [after_over_problem(previous, ok)])
        r.judge_act(index, step, ok, reason, previous)
        if ok:
            r.effect(index, step, previous, self.last)
        if not ok and unchanged:
            self.forget()
            r.compared(index, step, compare_unchanged(before, self.state()))

    def expect(self, index: int, step: Expect) -> None:
        self.r.compared(index, step, compare_state(step.state, self.state(), self.r.features))

    def observe(self, index: int, step: Observe) -> None:
        r = self.r
        if r.case.setup is not None:
            self.state()
        seen = self.adapter.observe(step.seat)
        r.invariants(index, step, observation_problems(seen, step.seat, r.case.ruleset))
        r.compared(index, step, compare_observation(step.expect, seen, step.seat))

    def legal(self, index: int, step: Legal) -> None:
        self.r.legal(index, step, self.adapter.legal_actions())

    def call(self, index: int, step: Call) -> None:
        self.r.call(index, step, self.state)

    def perft(self, index: int, step: Perft) -> None:
        self.r.perft(index, step)


def in_order(failures: list[Failure]) -> list[Failure]:
    """A case's failures in the order of its steps (the deal first, the final result last);
    at one step, what the case expects of the answer (an action accepted against it, a
    field that differs) before the invariants the same answer breaks, which follow from it:
    a card spread that the player does not hold is a spread accepted against the case
    first, and a card counted twice only because of it."""
    def key(f: Failure) -> tuple[float, int]:
        step = float("inf") if f.step is None else f.step
        if f.cause.startswith("observe("):  # what a seat was shown follows from a leak, not the other way
            return (step, 2)
        return (step, 1 if f.cause.startswith("broken invariant: ") else 0)

    return sorted(failures, key=key)


#: The invariants a card played but not held breaks, and the rule about cards held.
_CARD_KINDS = frozenset({"card_twice", "card_count"})
_CARDS_HELD = "TURN-11"
_NOT_HELD_REASONS = frozenset({"not_in_hand", "duplicate_card"})


def _not_held(step: Act, before: object) -> str | None:
    """An accepted action that played a card its seat did not hold, in words (None if it
    did not): by the engine's state before it where known, else by the case, which expects
    it refused for a card not held (or named twice)."""
    if not isinstance(before, dict) and step.refuse not in _NOT_HELD_REASONS:
        return None  # nothing to tell by (most actions of a batched case)
    action = step.action
    kind = action.get("type") if isinstance(action, dict) else None
    named = [action.get("card")] if kind in ("hit", "discard") else action.get("cards") if kind == "spread" else None
    if not isinstance(named, list):
        return None
    hands = before.get("hands") if isinstance(before, dict) else None
    if isinstance(hands, list) and 0 <= step.seat < len(hands) and isinstance(hands[step.seat], list):
        missing = [c for c in named if isinstance(c, str) and c not in hands[step.seat]]
        if not missing:
            return None
        return f"{step.notation}: seat {step.seat} played {' '.join(missing)} without holding " + (
            "them" if missing[1:] else "it")
    if step.refuse in _NOT_HELD_REASONS:
        return f"{step.notation}, accepted though the case refuses it as {step.refuse}"
    return None


def _is_over(state: object) -> bool:
    """Whether an engine's state says the hand is over (its stage, or a result)."""
    return isinstance(state, dict) and (state.get("stage") == "over" or isinstance(state.get("result"), dict))


def _moment(index: int | None, step: Step | None) -> tuple[str, str]:
    """When a hand ended, seen in the state answered at ``step``: as a cause says it (alike
    across cases) and in words."""
    if index == -1 or step is None:
        return ("at the deal", "at the deal")
    if isinstance(step, Act):
        return (f"after a {_kind(step)}", f"after step {(index or 0) + 1}, {step.notation}")
    return ("during play", f"by step {(index or 0) + 1} ({step_label(step)})")


def _ending_text(result: object) -> str:
    """A result's ending in words (spec/tonk.md, "Endings"), or "" for none."""
    from ..rulebook.wording import ending_words

    if not isinstance(result, dict) or not isinstance(result.get("ending"), str):
        return ""
    winners = result.get("winners")
    knocker = result.get("knocker")
    return ending_words(result["ending"], [w for w in winners if isinstance(w, int)] if isinstance(winners, list)
                        else [], knocker if isinstance(knocker, int) else None)


def _ending_rule(ending: object) -> str | None:
    """The first rule the row of an ending cites (spec/tonk.md, "Endings")."""
    return _ending_rules().get(ending) if isinstance(ending, str) else None


@cache
def _ending_rules() -> dict[str, str]:
    import re

    from ..paths import spec_dir

    text = (spec_dir() / "tonk.md").read_text(encoding="utf-8")
    start = text.index("\n## Endings")
    table = text[start:text.find("\n## ", start + 1)]
    rows = re.findall(r"^\| `([a-z_]+)` \| [^|]* \| ([A-Z][A-Z0-9-]*-\d+)", table, re.M)
    return dict(rows)


def _effect_fields() -> tuple[str, ...]:
    """What an action's failure to do what it says names of the answer: the fields of play
    that hold one value each (spec/schemas/state.json), whose changes it lists, and the turn."""
    from ..adapters.fields import state_fields

    return (*state_fields().scalars_of_play, "turn")


def _still_held(seat: int, action: object, after: object) -> list[str]:
    """The cards an accepted hit, discard or spread names that its seat still holds in the
    state answered after it."""
    if not isinstance(action, dict) or not isinstance(after, dict):
        return []
    kind = action.get("type")
    cards = [action.get("card")] if kind in ("hit", "discard") else action.get("cards") if kind == "spread" else None
    hands = after.get("hands")
    if not isinstance(cards, list) or not isinstance(hands, list) or not 0 <= seat < len(hands):
        return []
    held = hands[seat]
    return [c for c in cards if isinstance(c, str) and isinstance(held, list) and c in held]


def _kind(step: Act) -> str:
    """The type of an action as a failure names it."""
    kind = step.action.get("type") if isinstance(step.action, dict) else None
    return kind if isinstance(kind, str) and kind in _ACTION_TYPES else "an action"


def _with_detail(f: Failure, lines: list[str]) -> Failure:
    return Failure(f.step, f.line, f.text, f.cause, f.rule, "\n".join([f.message, *lines]), f.diffs, f.seat,
                   f.action, f.after)


def _field_cause(name: str, ending: str | None = None) -> str:
    """A difference's field without its indices (and, for a field of a result, the ending
    the case expects): the key failures are grouped by."""
    out = []
    for part in name.split("."):
        out.append(part.split("[", 1)[0])
    cause = ".".join(p for p in out if p)
    return f"{cause} (after {ending})" if ending and "result" in cause and cause != "result.ending" else cause


#: A batched case expecting more states than this between its actions asks for them all
#: at once (a traced play); one expecting fewer plays the actions before each again.
TRACE_FROM = 8


def _needs_trace(steps: Sequence[Step]) -> bool:
    """Whether a batched case reads the state after each action from a traced play: a
    refusal must leave the state as it was, or :data:`TRACE_FROM` states or more are
    expected between actions (fewer are read by playing the actions before each again,
    which costs less than a state per action)."""
    acted = False
    between = 0
    pending = 0
    for s in steps:
        if isinstance(s, Act):
            if s.unchanged:
                return True
            acted = True
            between += pending
            pending = 0
        elif isinstance(s, Expect) and acted:
            pending += 1
    return between >= TRACE_FROM


def _stop_at(steps: Sequence[Step], answers: Sequence[Any]) -> int:
    """The index of the step at which a batched case's checks stop (the first action
    accepted or refused against the case, as :meth:`_CaseRun.judge_act` judges it), or the
    number of steps."""
    n = 0
    for i, s in enumerate(steps):
        if isinstance(s, Act):
            res = answers[n]
            n += 1
            ok = bool(res.get("ok")) if isinstance(res, dict) else False
            if (s.refuse is None) != ok:
                return i
    return len(steps)


def _batchable(case: Case, caps: Capabilities) -> bool:
    """Whether one ``play`` can run the case: it only acts and compares states, an engine
    without reason codes has no refusal to judge by the state it leaves, and the first
    action is not a refusal that must leave the deal unchanged."""
    reasons = "reasons" in caps.features
    return (
        "play" in caps.features
        and case.setup is not None
        and not case.deal_refused
        and all(isinstance(s, Expect) or (isinstance(s, Act) and (reasons or s.refuse is None))
                for s in case.steps)
        and not _first_act_unchanged(case.steps)
    )


def _first_act_unchanged(steps: Sequence[Step]) -> bool:
    """A refusal that must leave the deal as it was: a traced ``play`` shows no state before
    the first action, so such a case runs step by step."""
    first = next((s for s in steps if isinstance(s, Act)), None)
    return first is not None and first.unchanged


def run_case(case: Case, engine: Engine, *, keep_transcript: bool = False, batch: bool = True) -> CaseResult:
    """Run one case; never raises for anything the engine does."""
    needs = engine.missing(case)
    left_out = run_in_part(case, needs) if needs else None
    if needs and left_out is None:
        return CaseResult(case, "skipped", needs=needs)
    started = time.perf_counter()
    part = case if left_out is None else case.prefix(left_out.at)
    run = _CaseRun(part, engine)
    recorder = engine.recorder
    recorder.log = []
    mode = "play" if batch and _batchable(part, engine.caps) else "act"
    fault: Fault | None = None
    try:
        run.batched() if mode == "play" else run.stepwise()
    except EngineChanged:
        raise  # not this case's fault: the run ends
    except AdapterFault as e:
        fault = Fault.of(e, run.doing)
    except Exception as e:  # the adapter's own code broke: the case errors, the run goes on
        fault = Fault(FaultKind.ADAPTER, f"{type(e).__name__}: {e}", run.doing,
                      traceback="".join(traceback.format_exception(e)[-6:]))
    if fault is not None and mode == "play" and fault.kind.found_step_by_step:
        # Find the step that breaks it: the same case again, one request per step.
        again = run_case(case, engine, keep_transcript=keep_transcript, batch=False)
        if again.fault is not None:
            again.duration += time.perf_counter() - started
            return again
    run.attribute()
    status: Status = "errored" if fault is not None else "failed" if run.failures else "passed"
    result = CaseResult(case, status, in_order(run.failures), fault, unchecked=run.unchecked, checked=run.checked,
                        duration=time.perf_counter() - started, mode=mode, left_out=left_out)
    if status != "passed" or keep_transcript:
        result.transcript = list(recorder.log)
    recorder.log = []
    return result


# ---------------------------------------------------------------------------- a suite
@dataclass(slots=True)
class SuiteRun:
    engine: Engine
    results: list[CaseResult]
    duration: float
    stopped: str | None = None  # why the run stopped before the end
    not_run: list[Case] = field(default_factory=list)
    #: the signal that interrupted the run (SIGINT, SIGTERM): its results are those that ran
    interrupted: str | None = None

    @property
    def ok(self) -> bool:
        return self.stopped is None and not any(r.status in ("failed", "errored") for r in self.results)


Progress = Callable[[int, int, CaseResult], None]


def run_suite(
    adapter: Adapter,
    cases: Iterable[Case],
    *,
    known: KnownFailures | None = None,
    progress: Progress | None = None,
    stop_after_faults: int = MAX_FAULTS_IN_A_ROW,
    stop_at_first_failure: bool = False,
    keep_transcripts: bool = False,
    engine: Engine | None = None,
) -> SuiteRun:
    """Run ``cases`` against ``adapter``.  Raises :class:`EngineUnavailable` when the engine
    cannot even be greeted; otherwise returns every case's result.  A restarted engine whose
    ``hello`` changed stops the run (:attr:`SuiteRun.stopped` says what changed).  A signal
    (:class:`~..adapters.lifetime.Interrupted`) is raised on with the results so far as its
    ``partial`` run."""
    started = time.perf_counter()
    engine = engine or Engine.greet(adapter)
    todo = list(cases)
    results: list[CaseResult] = []
    in_a_row = 0
    stopped: str | None = None
    try:
        for n, case in enumerate(todo, 1):
            engine.following = todo[n] if n < len(todo) else None
            try:
                result = run_case(case, engine, keep_transcript=keep_transcripts)
            except EngineChanged as e:
                stopped = str(e)
                break
            if known is not None:
                apply_known(result, known)
            results.append(result)
            if progress is not None:
                progress(n, len(todo), result)
            if result.fault is not None:
                in_a_row += 1
                if in_a_row >= stop_after_faults:
                    stopped = (f"the engine faulted on {in_a_row} cases in a row (the last: {result.fault.kind}: "
                               f"{result.fault.message})")
                    break
            elif result.status != "skipped":
                in_a_row = 0
            if stop_at_first_failure and result.status in ("failed", "errored"):
                stopped = f"stopped at the first failure ({case.id})"
                break
    except Interrupted as e:
        e.partial = SuiteRun(engine, results, time.perf_counter() - started, f"interrupted by {e.name}",
                             todo[len(results):], e.name)
        raise
    return SuiteRun(engine, results, time.perf_counter() - started, stopped, todo[len(results):])


def apply_known(result: CaseResult, known: KnownFailures) -> None:
    """A listed case that failed or errored is *known*; a listed case that passed is a
    stale entry, an error."""
    reason = known.reason_for(result.case.id)
    if reason is None:
        return
    result.known = reason
    made = known.made.get(result.case.id)
    if made is not None and made.get("digest") != result.case.digest():
        result.status = "errored"
        result.stale = True
        result.stale_why = (f"the known-failures file lists {result.case.id} as another hand "
                            f"({made.get('source', '?')} at {made.get('table', '?')}, digest {made.get('digest')}; "
                            f"this run's is {result.case.digest()}): write the list again")
        return
    if result.status in ("failed", "errored"):
        recorded = known.cause_for(result.case.id)
        changed = cause_changed(recorded, result.cause_json()) if recorded is not None else ""
        if changed:
            result.status = "errored"
            result.stale = True
            result.stale_why = (f"the known-failures file lists {result.case.id} for another cause: {changed}; "
                                "fix what changed, or write the list again")
            return
        result.status = "known"
        result.known_cause = recorded is not None
    elif result.status == "passed":
        result.status = "errored"
        result.stale = True
