"""The adapter interface: how the harness talks to any Tonk engine (spec/protocol.md).

Every method mirrors one JSON-RPC method of the protocol and takes and returns the same
JSON-shaped data, so an in-process adapter and a subprocess one are interchangeable.
A refused action raises :class:`Rejected` (a game answer); an adapter that breaks
(crash, hang, garbage, bad schema) raises :class:`AdapterFault` (the case errors).
"""

from __future__ import annotations

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


class AdapterFault(TonkError):
    """The engine or its adapter broke the protocol: the case in hand errors."""

    def __init__(self, kind: str, message: str, context: JSON | None = None) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message
        self.context: JSON = context or {}


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
