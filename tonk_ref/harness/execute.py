"""Running one compiled case against an adapter, with the three outcomes of the
conformance report kept apart: passed/failed (the engine answered, and was compared),
skipped (the engine declared it does not support what the case needs) and errored
(the engine or its adapter broke)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..adapters.base import Adapter, AdapterFault, Rejected
from .compare import match_observation, match_result, match_state
from .scenario import Case, Step

JSON = dict[str, Any]
Status = Literal["passed", "failed", "skipped", "errored"]


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What an engine declared in ``hello``."""

    name: str
    version: str
    options: dict[str, tuple[Any, ...]]
    features: frozenset[str]

    @classmethod
    def from_hello(cls, hello: JSON) -> Capabilities:
        opts = hello.get("options") or {}
        return cls(
            name=str(hello.get("name", "?")),
            version=str(hello.get("version", "?")),
            options={k: tuple(v) for k, v in opts.items() if isinstance(v, list)},
            features=frozenset(f for f in hello.get("features") or [] if isinstance(f, str)),
        )

    def supports(self, option: str, value: Any) -> bool:
        values = self.options.get(option)
        if values is None:
            return False  # an undeclared option supports only its default, and value is not the default
        return any(type(v) is type(value) and v == value for v in values)


@dataclass(slots=True)
class Outcome:
    case: Case
    status: Status
    message: str = ""
    context: JSON = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.case.id


def skip_reason(case: Case, caps: Capabilities) -> str | None:
    """Why the engine cannot run this case, from its declarations; None if it can."""
    missing_opts = [f"{k}={v!r}" for k, v in case.options.items() if not caps.supports(k, v)]
    missing_feats = sorted(case.features - caps.features)
    parts = []
    if missing_opts:
        parts.append("option values not declared: " + ", ".join(missing_opts))
    if missing_feats:
        parts.append("features not declared: " + ", ".join(missing_feats))
    return "; ".join(parts) or None


def _where(case: Case, step: Step | None) -> str:
    line = step.line if step is not None else case.line
    return f"{case.source}:{line}"


def _show_action(seat: int, action: JSON | None) -> str:
    a = action or {}
    rest = " ".join(str(v) if not isinstance(v, list) else " ".join(map(str, v)) for k, v in a.items() if k != "type")
    return f"seat {seat} {a.get('type', '?')} {rest}".rstrip()


def _check_step(case: Case, step: Step, ok: bool, reason: str | None, caps: Capabilities) -> str | None:
    """The failure message for an action step, or None if the engine did as expected."""
    what = _show_action(step.seat, step.action)
    if step.reject is None:
        if not ok:
            return f"{_where(case, step)}: {what}: expected it to be accepted, but it was refused ({reason})"
        return None
    if ok:
        want = "" if step.reject is True else f" ({step.reject})"
        return f"{_where(case, step)}: {what}: expected it to be refused{want}, but it was accepted"
    if isinstance(step.reject, str) and "reasons" in caps.features and reason != step.reject:
        return f"{_where(case, step)}: {what}: refused for {reason!r}, expected {step.reject!r}"
    return None


def run_case(case: Case, adapter: Adapter, caps: Capabilities) -> Outcome:
    why = skip_reason(case, caps)
    if why:
        return Outcome(case, "skipped", why)
    try:
        if "play" in caps.features and not any(s.kind in ("observe", "legal", "call") for s in case.steps):
            failures = _run_batched(case, adapter, caps)
        else:
            failures = _run_stepwise(case, adapter, caps)
    except AdapterFault as e:
        return Outcome(case, "errored", f"{e.kind}: {e.message}", dict(e.context))
    except Rejected as e:
        return Outcome(case, "failed", f"{_where(case, None)}: the engine refused the deal: {e.reason} {e.message}")
    if failures:
        return Outcome(case, "failed", "\n".join(failures))
    return Outcome(case, "passed")


def _final_checks(case: Case, final: JSON, caps: Capabilities) -> list[str]:
    if case.result is None:
        return []
    expected = dict(case.result)
    if "payments" not in caps.features:
        expected.pop("net", None)
        expected.pop("payments", None)
    return [f"{_where(case, None)}: {d}" for d in match_result(expected, final.get("result"))]


def _run_batched(case: Case, adapter: Adapter, caps: Capabilities) -> list[str]:
    """One ``play`` for the whole script; an ``expect`` in the middle is checked on the
    final state of a ``play`` of the actions before it (cheaper than tracing every state:
    a state is a few kilobytes, a replay a few microseconds)."""
    acts = [s for s in case.steps if s.kind == "act"]
    moves = [(s.seat, s.action or {}) for s in acts]
    answer = adapter.play(case.setup, moves, trace=False)
    steps = answer.get("steps")
    if not isinstance(steps, list) or len(steps) != len(acts):
        raise AdapterFault(
            "protocol",
            f"play answered {len(steps) if isinstance(steps, list) else steps!r} steps for {len(acts)} actions",
        )
    final = answer.get("state")
    if not isinstance(final, dict):
        raise AdapterFault("protocol", "play answered no final state")
    failures: list[str] = []
    n = 0
    for step in case.steps:
        if step.kind != "act":
            continue
        res = steps[n]
        n += 1
        msg = _check_step(case, step, bool(res.get("ok")), res.get("reason"), caps)
        if msg:
            return [msg]
    n = 0
    for step in case.steps:
        if step.kind == "act":
            n += 1
        elif step.kind == "expect":
            state = final if n == len(acts) else _state_after(adapter, case, moves[:n])
            failures += [f"{_where(case, step)}: {d}" for d in match_state(step.expect or {}, state)]
    return failures + _final_checks(case, final, caps)


def _state_after(adapter: Adapter, case: Case, moves: list[tuple[int, JSON]]) -> JSON:
    if not moves:
        return adapter.new_hand(case.setup)
    state = adapter.play(case.setup, moves, trace=False).get("state")
    if not isinstance(state, dict):
        raise AdapterFault("protocol", "play answered no final state")
    return state


def _run_stepwise(case: Case, adapter: Adapter, caps: Capabilities) -> list[str]:
    state = adapter.new_hand(case.setup)
    failures: list[str] = []
    for step in case.steps:
        if step.kind == "act":
            try:
                state = adapter.act(step.seat, step.action or {})
                ok, reason = True, None
            except Rejected as e:
                ok, reason = False, e.reason
            msg = _check_step(case, step, ok, reason, caps)
            if msg:
                failures.append(msg)
                return failures
        elif step.kind == "expect":
            state = adapter.state()
            failures += [f"{_where(case, step)}: {d}" for d in match_state(step.expect or {}, state)]
        elif step.kind == "observe":
            obs = adapter.observe(step.seat)
            failures += [f"{_where(case, step)}: {d}" for d in match_observation(step.expect or {}, obs)]
        elif step.kind == "legal":
            failures += [f"{_where(case, step)}: {d}" for d in _check_legal(step.legal or {}, adapter.legal_actions())]
        elif step.kind == "call":
            call = step.legal or {}
            try:
                answer = adapter.call(call["method"], call["params"])
            except Rejected as e:
                failures.append(f"{_where(case, step)}: {call['method']} was refused: {e.reason} {e.message}")
                continue
            for key, want in (step.expect or {}).items():
                got = answer.get(key) if isinstance(answer, dict) else None
                if got != want:
                    failures.append(f"{_where(case, step)}: {call['method']}.{key}: expected {want!r}, got {got!r}")
    final = adapter.state()
    return failures + _final_checks(case, final, caps)


def _key(action: JSON) -> str:
    a = dict(action)
    if a.get("type") == "spread" and isinstance(a.get("cards"), list):
        a["cards"] = sorted(a["cards"])
    return repr(sorted(a.items()))


def _check_legal(legal: JSON, actual: list[JSON]) -> list[str]:
    have = {_key(a) for a in actual}
    diffs = []
    for a in legal.get("includes", []):
        if _key(a) not in have:
            diffs.append(f"legal actions: expected {a} to be legal, it is not listed")
    for a in legal.get("excludes", []):
        if _key(a) in have:
            diffs.append(f"legal actions: expected {a} not to be legal, it is listed")
    if "count" in legal and legal["count"] != len(actual):
        diffs.append(f"legal actions: expected {legal['count']} actions, got {len(actual)}")
    return diffs
