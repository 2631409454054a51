"""The adapter interface: how the harness talks to any Tonk engine (spec/protocol.md).

Every method mirrors one JSON-RPC method of the protocol and takes and returns the same
JSON-shaped data, so an in-process adapter and a subprocess one are interchangeable.
A refused action raises :class:`Rejected` (a game answer); an adapter that breaks
(crash, hang, garbage, bad schema) raises :class:`AdapterFault` (the case errors), with
its :class:`FaultKind` and a :class:`FaultContext`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from ..errors import TonkError

JSON = dict[str, Any]
PROTOCOL_VERSION = 1

#: Features an engine may declare in ``hello`` (spec/protocol.md, "Features").
FEATURES = ("payments", "play", "legal_actions", "observations", "match", "reasons")


class Rejected(TonkError):
    """The engine refused a request for a reason of the rules (JSON-RPC error with
    ``data.reason``); its state is unchanged."""

    def __init__(self, reason: str, message: str = "", rule: str | None = None) -> None:
        super().__init__(f"{reason}: {message}" if message else reason)
        self.reason = reason
        self.message = message
        self.rule = rule


class FaultKind(StrEnum):
    """How an engine or its adapter broke (spec/protocol.md, "What the runner does when an
    engine breaks"); the value is the kind as reports name it (spec/schemas/report.json)."""

    #: the engine exited or closed its stdout, or could not be started
    CRASHED = "crashed"
    #: no answer within the request's time
    TIMEOUT = "timeout"
    #: an answer line that is not a JSON-RPC response, or output nobody asked for
    GARBAGE = "garbage"
    #: a response to another request
    WRONG_ID = "wrong_id"
    #: a message that fails its schema (when messages are validated)
    SCHEMA = "schema"
    #: anything else against the protocol: an error answer that is not a refusal, a bad hello
    PROTOCOL = "protocol"
    #: the adapter's own code raised
    ADAPTER = "adapter"

    @property
    def found_step_by_step(self) -> bool:
        """Whether a fault of this kind inside one ``play`` is worth finding again one request
        per step, to name the step: not a timeout, where every step would wait as long."""
        return self is not FaultKind.TIMEOUT


@dataclass(frozen=True, slots=True)
class FaultContext:
    """What was on the wire when the engine broke."""

    #: the request line sent (without its newline), clipped; None when none was sent
    request: str | None = None
    #: the answer line read (without its newline), clipped; None when none was read
    response: str | None = None
    #: the last lines the engine wrote on stderr
    stderr_tail: str = ""
    #: the engine's exit status, for a crash
    exit_code: int | None = None
    #: the JSON-RPC error code of an error answer that is not a refusal
    code: int | None = None


class AdapterFault(TonkError):
    """The engine or its adapter broke the protocol: the case in hand errors."""

    def __init__(self, kind: FaultKind, message: str, context: FaultContext | None = None) -> None:
        kind = FaultKind(kind)  # an unknown kind is an error here, not in a report
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message
        self.context = FaultContext() if context is None else context


class EngineChanged(TonkError):
    """A restarted engine said something else in ``hello`` than it did first: what ran
    before and what would run after are not of one engine, so the run ends (exit status 3);
    the message says what changed."""


def hello_changes(first: object, then: object) -> str:
    """What differs between two ``hello`` answers, in one line ("" when nothing does)."""
    if not isinstance(first, dict) or not isinstance(then, dict):
        return "" if first == then else f"it answered {str(then)[:200]} where it first answered {str(first)[:200]}"
    said: list[str] = []
    for key in sorted(set(first) | set(then), key=lambda k: (k not in _HELLO_ORDER, _HELLO_ORDER.get(k, 0), k)):
        a, b = first.get(key, _ABSENT), then.get(key, _ABSENT)
        if a == b:
            continue
        if key == "features" and isinstance(a, list) and isinstance(b, list):
            lost = [f for f in a if f not in b]
            gained = [f for f in b if f not in a]
            said += [f"features {w} {', '.join(map(str, fs))}" for w, fs in (("lost", lost), ("gained", gained)) if fs]
        elif key == "options" and isinstance(a, dict) and isinstance(b, dict):
            for opt in sorted(set(a) | set(b)):
                if a.get(opt, _ABSENT) != b.get(opt, _ABSENT):
                    said.append(f"options.{opt} {_said(a.get(opt, _ABSENT))} -> {_said(b.get(opt, _ABSENT))}")
        else:
            said.append(f"{key} {_said(a)} -> {_said(b)}")
    return "; ".join(said)


_HELLO_ORDER = {"name": 0, "version": 1, "protocol": 2, "options": 3, "features": 4}
_ABSENT = object()


def _said(value: object) -> str:
    import json

    if value is _ABSENT:
        return "(absent)"
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 120 else text[:120] + "..."


@runtime_checkable
class Adapter(Protocol):
    """One engine session.  ``setup`` is ``{ruleset, players, dealer, stake, deck}``."""

    def hello(self) -> JSON: ...

    def new_hand(self, setup: JSON) -> JSON: ...

    def act(self, seat: int, action: JSON) -> JSON: ...

    def state(self) -> JSON: ...

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON: ...

    def legal_actions(self) -> list[JSON]: ...

    def observe(self, seat: int) -> JSON: ...

    def call(self, method: str, params: JSON) -> Any: ...

    def close(self) -> None: ...


@runtime_checkable
class WarmsUp(Protocol):
    """An adapter that can start its engine ahead of the first request (the stdio
    adapter): ``warm_up`` sends ``hello`` without waiting, and the next request reads the
    answer."""

    def warm_up(self) -> None: ...


@runtime_checkable
class SendsAhead(Protocol):
    """An adapter that can take a ``play`` request ahead (the stdio adapter): the engine
    plays it while the caller checks the answers in hand, and the next ``play`` of the
    same setup and actions reads its answer."""

    def prefetch_play(self, setup: JSON, actions: list[tuple[int, JSON]]) -> None: ...
