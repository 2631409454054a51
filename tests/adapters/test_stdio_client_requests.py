"""The stdio client writes each request as the protocol's JSON, whether or not it reuses
the encoding of a setup it sent before; and an engine started early answers hello later."""

from __future__ import annotations

import json
import sys

import pytest

from tonk_ref.adapters.base import AdapterFault
from tonk_ref.adapters.stdio_client import StdioAdapter

SETUP = {"ruleset": {"upcard": True}, "players": 2, "dealer": 0, "stake": 1, "deck": ["Ac", "2c"]}


@pytest.mark.parametrize(
    ("method", "params"),
    [
        ("new_hand", SETUP),
        ("play", {"setup": SETUP, "actions": [[1, {"type": "knock"}]], "trace": False}),
        ("play", {"setup": SETUP}),
        ("act", {"seat": 1, "action": {"type": "draw", "from": "stock"}}),
        ("state", {}),
    ],
)
def test_a_request_line_is_the_protocols_json(method: str, params: dict[str, object]) -> None:
    client = StdioAdapter(["true"])
    for _ in range(2):  # the second time the setup's encoding is reused
        line = client._encode(7, method, params)
        assert json.loads(line) == {"jsonrpc": "2.0", "id": 7, "method": method, "params": params}
        assert b"\n" not in line


def test_a_warmed_up_engine_answers_hello_and_plays() -> None:
    with StdioAdapter([sys.executable, "-m", "tonk_ref", "serve"]) as engine:
        engine.warm_up()
        engine.warm_up()  # a second call changes nothing
        assert engine.starts == 1
        assert engine.hello()["protocol"] == 1
        assert engine.starts == 1


def test_a_command_that_cannot_start_is_reported_by_the_first_request() -> None:
    engine = StdioAdapter(["no-such-tonk-engine-here"])
    engine.warm_up()  # does not raise
    with pytest.raises(AdapterFault, match="cannot start no-such-tonk-engine-here"):
        engine.hello()
