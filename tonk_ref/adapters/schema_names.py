"""The names of the protocol's schemas and the URIs they stand for (spec/schemas/*.json),
with no schema read: what both the typed messages (:mod:`.messages`) and the schemas
themselves (:mod:`.schemas`) call each message.  See :mod:`.schemas` for the names."""

from __future__ import annotations

from ..errors import TonkError

BASE = "https://tonk.invalid/spec/schemas/"
RULESET_ID = "https://tonk.invalid/spec/ruleset.schema.json"

DATA_TYPES = ("card", "action", "setup", "state", "result", "observation", "hello", "rejection")
ENVELOPES = ("request", "response", "success", "error")

#: Every method of protocol version 1 (spec/protocol.md); each has typed params and result.
METHODS = ("hello", "new_hand", "act", "state", "play", "legal_actions", "observe", "bye", "cut", "next_dealer",
           "join", "score")


class SchemaError(TonkError, ValueError):
    """A schema file that cannot be read, or a name that names no schema."""


def uri(name: str) -> str:
    """The URI of the schema called ``name`` (see :mod:`.schemas`)."""
    if name in DATA_TYPES:
        return f"{BASE}{name}.json"
    if name == "ruleset":
        return RULESET_ID
    if name in ENVELOPES:
        return f"{BASE}jsonrpc.json#/$defs/{name}"
    method, _, part = name.partition(".")
    if (method in METHODS and part in ("params", "result")) or name == "play.step":
        return f"{BASE}methods.json#/$defs/{name}"
    known = [*DATA_TYPES, "ruleset", *ENVELOPES, *(f"{m}.{p}" for m in METHODS for p in ("params", "result"))]
    raise SchemaError(f"no schema named {name!r}; known names: {', '.join(known)}")
