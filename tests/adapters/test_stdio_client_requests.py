"""The stdio client writes each request as the protocol's JSON, whether or not it reuses
the encoding of a setup it sent before; and an engine started early answers hello later."""

from __future__ import annotations

import json
import sys

import pytest

from tonk_ref.adapters.base import AdapterFault
from tonk_ref.adapters.stdio_client import MAX_AHEAD, StdioAdapter

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


def _deal() -> dict[str, object]:
    """A deal of the seed pack in code order."""
    from tonk_ref.engine.cards import NAMES

    return {"ruleset": {}, "players": 2, "dealer": 0, "stake": 1, "deck": list(NAMES[:52])}


def test_a_play_sent_ahead_is_answered_in_order() -> None:
    """prefetch_play sends a play whose answer the next play with the same arguments
    takes (several, taken in order, up to MAX_AHEAD); a different request after them reads
    their answers and drops them (answers stay in order); a request on the current hand
    after an untaken play is a caller's error."""
    setup = _deal()
    moves = [(1, {"type": "draw", "from": "stock"}), (1, {"type": "discard", "card": "Kd"})]
    with StdioAdapter([sys.executable, "-m", "tonk_ref", "serve"]) as engine:
        plain = engine.play(setup, moves)
        engine.prefetch_play(setup, moves)
        assert engine.play(setup, moves) == plain
        short = engine.play(setup, moves[:1])
        engine.prefetch_play(setup, moves[:1])
        engine.prefetch_play(setup, moves)
        sent = engine._next_id
        assert engine.play(setup, moves[:1]) == short and engine.play(setup, moves) == plain
        assert engine._next_id == sent  # both answers were those of the plays sent ahead, in order
        first = engine._next_id
        for _ in range(MAX_AHEAD + 1):
            engine.prefetch_play(setup, moves)
        assert engine._next_id == first + MAX_AHEAD  # more than MAX_AHEAD ahead: ignored
        assert engine.play(setup, moves) == plain
        fresh = engine.new_hand(setup)  # not the plays sent ahead: their answers are dropped
        assert fresh["stage"] == "start" and engine.state() == fresh
        engine.prefetch_play(setup, moves)
        with pytest.raises(RuntimeError, match="act after a play sent ahead"):
            engine.act(1, {"type": "draw", "from": "stock"})


def test_plays_sent_ahead_behind_an_answer_already_written_are_taken_in_order() -> None:
    """A play sent ahead while the answer of one sent before it already waits in the pipe
    is no garbage: both answers are taken, in order."""
    import time

    setup = _deal()
    moves = [(1, {"type": "draw", "from": "stock"}), (1, {"type": "discard", "card": "Kd"})]
    with StdioAdapter([sys.executable, "-m", "tonk_ref", "serve"]) as engine:
        plain, short = engine.play(setup, moves), engine.play(setup, moves[:1])
        engine.prefetch_play(setup, moves)
        time.sleep(0.3)  # the engine has answered it
        engine.prefetch_play(setup, moves[:1])
        assert engine.play(setup, moves) == plain and engine.play(setup, moves[:1]) == short
        assert engine.starts == 1


def test_the_runner_sends_the_next_script_ahead_with_the_same_results() -> None:
    """Over stdio the runner sends the next case's play while it checks the case in hand;
    the results are those of a run one request at a time."""
    from tonk_ref.harness.runner import Engine, run_case, run_suite
    from tonk_ref.harness.suite import load_suite

    cases = [c for c in load_suite().cases if c.kind == "scenario"][:120]
    with StdioAdapter([sys.executable, "-m", "tonk_ref", "serve"]) as engine:
        sent: list[int] = []
        ahead = engine.prefetch_play
        engine.prefetch_play = lambda setup, moves: (sent.append(len(moves)), ahead(setup, moves))[1]  # type: ignore[method-assign]
        together = {r.id: (r.status, r.checked) for r in run_suite(engine, cases).results}
    assert len(sent) > 20
    with StdioAdapter([sys.executable, "-m", "tonk_ref", "serve"]) as engine:
        greeted = Engine.greet(engine)
        alone = {c.id: (r.status, r.checked) for c in cases for r in [run_case(c, greeted)]}
    assert together == alone
