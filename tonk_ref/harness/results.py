"""Typed results of a conformance run: what happened to each case, and why.

Every report (the console, Markdown, JSON, JUnit, the badge) is built from these, never
from text: a :class:`CaseResult` holds the status, each :class:`Failure` with its step,
seat, action, cause and differences, the engine :class:`Fault` when it broke, what the
case needed that the engine did not declare, what could not be checked, and the
transcript of requests and answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ..adapters.base import AdapterFault, FaultKind
from .capabilities import LeftOut, Need
from .case import Case, Expect
from .compare import Difference, Unchecked

JSON = dict[str, Any]
Status = Literal["passed", "failed", "skipped", "errored", "known"]
STATUSES: tuple[Status, ...] = ("passed", "failed", "skipped", "errored", "known")


@dataclass(frozen=True, slots=True)
class LoadError:
    """A file of the suite that could not be compiled into cases."""

    source: str  # the file (and line)
    message: str

    def to_json(self) -> dict[str, str]:
        return {"source": self.source, "message": self.message}


@dataclass(frozen=True, slots=True)
class Exchange:
    """One request to the engine and its answer (``ok``: a result; else a refusal or fault)."""

    method: str
    params: Any
    ok: bool
    answer: Any

    def to_json(self) -> JSON:
        return {"method": self.method, "params": self.params, "ok": self.ok, "answer": self.answer}


@dataclass(frozen=True, slots=True)
class Failure:
    """One expectation that did not hold.

    ``step`` is the index of the step in the case (None: the final result; -1: the deal);
    ``text`` the step as written; ``seat`` and ``action`` the action of that step, or of the
    last action before it (``after``); ``cause`` the key failures are grouped by (a reason
    code, or the first differing field); ``rule`` the rule that decides it.
    """

    step: int | None
    line: int
    text: str
    cause: str
    rule: str | None
    message: str
    diffs: tuple[Difference, ...] = ()
    seat: int | None = None
    action: str | None = None
    after: str | None = None

    def to_json(self) -> JSON:
        return {
            "step": self.step, "line": self.line, "text": self.text, "cause": self.cause, "rule": self.rule,
            "message": self.message, "seat": self.seat, "action": self.action, "after": self.after,
            "diffs": [d.to_json() for d in self.diffs],
        }


@dataclass(frozen=True, slots=True)
class Fault:
    """The engine or its adapter broke (spec/protocol.md, "What the runner does when an
    engine breaks"): ``kind`` says how (:class:`~tonk_ref.adapters.base.FaultKind`; the
    adapter kind: the adapter's own code raised)."""

    kind: FaultKind
    message: str
    step: str = ""  # the step being run when it broke
    request: str | None = None
    response: str | None = None
    stderr_tail: str = ""
    exit_code: int | None = None
    traceback: str = ""

    @classmethod
    def of(cls, e: AdapterFault, step: str) -> Fault:
        """The fault an adapter raised, met while running ``step``."""
        c = e.context
        return cls(e.kind, e.message, step, request=c.request, response=c.response, stderr_tail=c.stderr_tail,
                   exit_code=c.exit_code)

    def to_json(self) -> JSON:
        return {"kind": self.kind.value, "message": self.message, "step": self.step, "request": self.request,
                "response": self.response, "stderr_tail": self.stderr_tail, "exit_code": self.exit_code,
                "traceback": self.traceback}

    def lines(self, stderr_lines: int = 10) -> list[str]:
        return fault_lines(self.to_json(), stderr_lines)


def fault_lines(fault: Mapping[str, Any], stderr_lines: int = 10) -> list[str]:
    """A fault in its JSON form (:meth:`Fault.to_json`, as a report holds it), in lines for
    people."""
    out = [f"engine fault ({fault['kind']}): {fault['message']}"]
    if fault.get("step"):
        out.append(f"during: {fault['step']}")
    if fault.get("request"):
        out.append(f"last request: {_shorten(fault['request'])}")
    if fault.get("response"):
        out.append(f"answer: {_shorten(fault['response'])}")
    trace = fault.get("traceback") or ""
    if trace:
        out += ["traceback (last frames):", *(f"  | {x}" for x in trace.rstrip().splitlines()[-8:])]
    tail = [x for x in (fault.get("stderr_tail") or "").splitlines() if x.strip()]
    if tail:
        out += ["stderr (last lines):", *(f"  | {x}" for x in tail[-stderr_lines:])]
    return out


def _shorten(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def shown_title(case: Case) -> str:
    """A case's title as reports show it: a derived case's (its expectations recomputed at a
    table) with the result it expects there, since its words are those written for other
    rules ("-4, +2, +2" where this table pays -6, +3, +3)."""
    if case.origin != "derived":
        return case.title
    result = case.result  # or the last result a step expects
    for step in reversed(case.steps):
        if result is not None:
            break
        result = step.state.get("result") if isinstance(step, Expect) else None
    if not isinstance(result, dict):
        return case.title
    parts = [result["ending"]] if isinstance(result.get("ending"), str) else []
    net = result.get("net")
    if isinstance(net, list):
        parts.append("net " + ", ".join(_signed(a) for a in net))
    return f"{case.title} (derived at this table: {', '.join(parts)})" if parts else case.title


def _signed(amount: object) -> str:
    from fractions import Fraction

    try:
        value = Fraction(str(amount))
    except (ValueError, ZeroDivisionError):
        return str(amount)
    return f"+{value}" if value > 0 else str(value)


@dataclass(slots=True)
class CaseResult:
    case: Case
    status: Status
    failures: list[Failure] = field(default_factory=list)
    fault: Fault | None = None
    needs: tuple[Need, ...] = ()  # why it was skipped
    unchecked: list[Unchecked] = field(default_factory=list)
    checked: int = 0
    transcript: list[Exchange] = field(default_factory=list)
    duration: float = 0.0
    mode: str = ""  # "play" (one round trip) or "act" (step by step)
    known: str | None = None  # the reason of a matching known-failures entry
    stale: bool = False  # listed as a known failure, but passed (or the entry names another hand)
    stale_why: str = ""  # why an entry is stale when the case did not pass
    known_cause: bool = True  # a known failure whose entry records the cause it fails for (or none is known)
    left_out: LeftOut | None = None  # run in part: the steps left out, for features not declared

    @property
    def id(self) -> str:
        return self.case.id

    @property
    def cause(self) -> str:
        """What the result is grouped by in a report."""
        if self.stale:
            return "stale known failure"
        if self.fault is not None:
            return f"engine fault: {self.fault.kind}"
        if self.failures:
            return self.failures[0].cause
        if self.needs:
            return str(self.needs[0])
        return self.status

    def cause_json(self) -> dict[str, str]:
        """The cause a known-failures entry records (spec/known-failures.schema.json): what
        the result is grouped by and the first field that differed, if any."""
        out = {"kind": self.cause}
        first = self.failures[0] if self.failures and self.fault is None else None
        if first is not None and first.diffs:
            out["differed"] = first.diffs[0].field
        return out

    @property
    def message(self) -> str:
        """One line saying what happened."""
        if self.stale and self.stale_why:
            return self.stale_why
        if self.stale:
            return f"passes, but the known-failures file lists it ({self.known}); remove it from the list"
        if self.fault is not None:
            return f"engine fault ({self.fault.kind}): {self.fault.message}"
        if self.failures:
            return self.failures[0].message
        if self.needs:
            return "; ".join(str(n) for n in self.needs)
        if self.left_out is not None:
            return self.left_out.text(self.case)
        return ""

    def to_json(self) -> JSON:
        c = self.case
        out: JSON = {
            "id": c.id, "kind": c.kind, "origin": c.origin, "title": shown_title(c), "source": c.where,
            "rules": list(c.rules),
            "options": c.options, "status": self.status, "message": self.message, "cause": self.cause,
            "duration": round(self.duration, 6), "checked": self.checked,
            "unchecked": [{"field": u.field, "why": u.why} for u in self.unchecked],
            "needs": [{"kind": n.kind, "name": n.name, **({"detail": n.detail} if n.detail else {})}
                      for n in self.needs],
            "failures": [f.to_json() for f in self.failures],
            "fault": None if self.fault is None else self.fault.to_json(),
            "stale": self.stale,
        }
        if self.known is not None:
            out["known"] = self.known
            if not self.known_cause:
                out["known_without_cause"] = True
        if self.left_out is not None:
            out["left_out"] = self.left_out.to_json(c)
        if c.kind == "generated":
            out["digest"] = c.digest()
        if self.transcript:
            out["transcript"] = [x.to_json() for x in self.transcript]
        return out
