"""Fault isolation of the stdio client, tested on the fake engines of tests/fakes: every
fault kind is detected and reported with its context (request, response, stderr tail),
and the next request runs on a fresh process that has said hello again."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import protokit
import pytest

from tonk_ref.adapters.base import Adapter, AdapterFault, Rejected
from tonk_ref.adapters.inprocess import reference
from tonk_ref.adapters.stdio_client import StdioAdapter
from tonk_ref.engine.cards import NAMES, parse_card
from tonk_ref.engine.stacking import stack_deck

SETUP: dict[str, Any] = {"ruleset": {}, "players": 2, "dealer": 0, "stake": 1, "deck": protokit.pack()}


@pytest.fixture
def adapters() -> Iterator[list[StdioAdapter]]:
    made: list[StdioAdapter] = []
    yield made
    for a in made:
        a.close()


def open_fake(adapters: list[StdioAdapter], mode: str, *extra: str, **kw: Any) -> StdioAdapter:
    a = StdioAdapter(protokit.fake(mode, *extra), **kw)
    adapters.append(a)
    return a


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is dead too
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def first_discard(state: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    return state["to_act"], {"type": "discard", "card": state["hands"][state["to_act"]][0]}


def assert_recovers(a: StdioAdapter, starts_before: int, old_pid: int | None) -> None:
    """The next request runs on a new process that said hello."""
    state = a.new_hand(SETUP)
    assert state == reference().new_hand(SETUP)
    assert a.starts == starts_before + 1
    assert a.pid != old_pid
    assert a.hello()["name"] == "tonk_ref"
    if old_pid is not None:
        assert not alive(old_pid), "the broken engine was left running"


def test_crash_on_a_named_action(adapters: list[StdioAdapter]) -> None:
    a = open_fake(adapters, "crash", "--action", "discard")
    state = a.new_hand(SETUP)
    a.act(state["to_act"], {"type": "draw", "from": "stock"})
    pid = a.pid
    with pytest.raises(AdapterFault) as info:
        a.act(*first_discard(a.state()))
    fault = info.value
    assert fault.kind == "crashed"
    assert fault.context.exit_code == 3
    assert '"method":"act"' in fault.context.request and '"discard"' in fault.context.request
    assert fault.context.response is None
    assert "crashing on request 5" in fault.context.stderr_tail
    assert "exit code 3" in str(fault)
    assert_recovers(a, 1, pid)


def test_crash_on_the_nth_request(adapters: list[StdioAdapter]) -> None:
    a = open_fake(adapters, "crash", "--nth", "3")
    a.new_hand(SETUP)  # request 2
    with pytest.raises(AdapterFault) as info:
        a.state()  # request 3
    assert info.value.kind == "crashed" and info.value.context.exit_code == 3
    assert '"method":"state"' in info.value.context.request
    # the new process counts from 1 again: hello, new_hand, then a crash on the third
    a.new_hand(SETUP)
    with pytest.raises(AdapterFault):
        a.legal_actions()
    assert a.starts == 2


def test_hang_times_out_kills_and_restarts(adapters: list[StdioAdapter]) -> None:
    a = open_fake(adapters, "hang", "--method", "state", timeout=0.5)
    a.new_hand(SETUP)
    pid = a.pid
    t0 = time.monotonic()
    with pytest.raises(AdapterFault) as info:
        a.state()
    elapsed = time.monotonic() - t0
    assert info.value.kind == "timeout"
    assert 0.5 <= elapsed < 3.0, elapsed
    assert '"method":"state"' in info.value.context.request
    assert info.value.context.response is None
    assert "hanging" in info.value.context.stderr_tail
    assert_recovers(a, 1, pid)


def test_timeout_applies_to_a_request_the_engine_never_reads(adapters: list[StdioAdapter]) -> None:
    """A request larger than the pipe buffer to an engine that stopped reading."""
    a = open_fake(adapters, "hang", "--method", "state", timeout=0.5)
    a.new_hand(SETUP)
    with pytest.raises(AdapterFault):
        a.state()  # the fake now sleeps without reading; this kills it
    a.new_hand(SETUP)
    with pytest.raises(AdapterFault) as info:
        a.call("state", {"padding": "x" * (4 << 20)})
    assert info.value.kind == "timeout"


def test_garbage_answer(adapters: list[StdioAdapter]) -> None:
    a = open_fake(adapters, "garbage", "--method", "legal_actions")
    a.new_hand(SETUP)
    pid = a.pid
    with pytest.raises(AdapterFault) as info:
        a.legal_actions()
    assert info.value.kind == "garbage"
    assert info.value.context.response == "this is not JSON-RPC {"
    assert '"method":"legal_actions"' in info.value.context.request
    assert_recovers(a, 1, pid)


@pytest.mark.parametrize(
    "line",
    [
        b"[]",
        b'{"jsonrpc":"2.0","id":2}',
        b'{"id":2,"result":{}}',
        b'{"jsonrpc":"2.0","id":2,"result":{},"error":{"code":1,"message":"x"}}',
        b"\xff\xfe",
    ],
    ids=["array", "neither", "no-version", "both", "not-utf8"],
)
def test_lines_that_are_not_responses_are_garbage(tmp_path: Any, line: bytes) -> None:
    script = tmp_path / "engine.py"
    script.write_text(
        "import sys, json\n"
        "from tonk_ref.adapters.server import Server\n"
        "s = Server()\n"
        "for raw in sys.stdin.buffer:\n"
        "    msg = json.loads(raw)\n"
        "    out = s.handle_line(raw.rstrip(b'\\n'))[0] if msg['method'] == 'hello' else " + repr(line + b"\n") + "\n"
        "    sys.stdout.buffer.write(out); sys.stdout.buffer.flush()\n"
    )
    with StdioAdapter([sys.executable, str(script)]) as a:
        with pytest.raises(AdapterFault) as info:
            a.state()
        assert info.value.kind == "garbage", info.value


def test_wrong_id(adapters: list[StdioAdapter]) -> None:
    a = open_fake(adapters, "wrong_id", "--method", "state")
    a.new_hand(SETUP)  # requests 1 (hello) and 2
    pid = a.pid
    with pytest.raises(AdapterFault) as info:
        a.state()
    assert info.value.kind == "wrong_id"
    assert '"id":1003' in info.value.context.response
    assert "has id 1003" in info.value.message
    assert_recovers(a, 1, pid)


def test_bad_state_passes_without_validation_and_is_caught_with_it(adapters: list[StdioAdapter]) -> None:
    plain = open_fake(adapters, "bad_state", "--method", "state")
    plain.new_hand(SETUP)
    state = plain.state()
    assert state["stage"] == "sideways" and state["hands"][0][0] == "1x"
    assert plain.starts == 1

    checked = open_fake(adapters, "bad_state", "--method", "state", validate=True)
    checked.new_hand(SETUP)
    pid = checked.pid
    with pytest.raises(AdapterFault) as info:
        checked.state()
    fault = info.value
    assert fault.kind == "schema"
    assert "$.result.hands[0][0]" in fault.message and "$.result.stage" in fault.message
    assert '"sideways"' in fault.context.response
    assert_recovers(checked, 1, pid)


def test_validation_refuses_a_request_whose_envelope_is_bad(adapters: list[StdioAdapter]) -> None:
    a = open_fake(adapters, "crash", "--method", "new_hand", validate=True)
    a.hello()
    with pytest.raises(AdapterFault) as info:
        a.call("state", [])  # type: ignore[arg-type]
    fault = info.value
    assert fault.kind == "schema"
    assert "$.params" in fault.message
    assert fault.context.response is None
    # nothing was sent: the engine is the same process and still has no hand
    assert a.starts == 1
    assert alive(a.pid or 0)
    with pytest.raises(Rejected) as refused:
        a.act(0, {"type": "knock"})
    assert refused.value.reason == "no_hand"


def test_validation_sends_bad_params_for_the_engine_to_refuse(adapters: list[StdioAdapter]) -> None:
    """The suite sends some bad setups on purpose (a stake of 0, a card twice): a validating
    client sends them all the same, and the engine must refuse them."""
    a = StdioAdapter(protokit.SERVE, validate=True)
    adapters.append(a)
    with pytest.raises(Rejected) as refused:
        a.new_hand({**SETUP, "players": "two", "deck": ["1x", *SETUP["deck"][1:]]})
    assert refused.value.reason == "invalid_setup"
    with pytest.raises(Rejected) as refused:
        a.new_hand({**SETUP, "stake": 0})
    assert refused.value.reason == "invalid_setup"
    assert a.starts == 1


def test_a_validating_client_accepts_the_reference(adapters: list[StdioAdapter]) -> None:
    a = StdioAdapter(protokit.SERVE, validate=True)
    adapters.append(a)
    state = a.new_hand(SETUP)
    for seat in range(2):
        a.observe(seat)
    a.legal_actions()
    a.act(*first_discard(a.act(state["to_act"], {"type": "draw", "from": "stock"})))
    with pytest.raises(Rejected):
        a.act(0, {"type": "knock", "card": "Ah"})  # malformed, sent as is: the engine judges
    a.play(SETUP, [(1, {"type": "knock"})], trace=True)
    a.call("cut", {"players": 2, "cards": ["Ks", "2c"]})
    assert a.starts == 1


def test_chatty_engine_does_not_block(adapters: list[StdioAdapter]) -> None:
    """1 MiB on stderr before every answer, far more than a pipe holds."""
    a = open_fake(adapters, "chatty", timeout=10, stderr_limit=4096)
    t0 = time.monotonic()
    state = a.new_hand(SETUP)
    for _ in range(24):
        assert a.state() == state
    elapsed = time.monotonic() - t0
    assert elapsed < 10, elapsed
    assert a._proc is not None and a._proc.stderr.total >= 20 << 20
    tail = a.stderr_tail
    assert 0 < len(tail) <= 4096 and "chatter" in tail
    assert a.starts == 1


def test_minimal_engine(adapters: list[StdioAdapter]) -> None:
    a = open_fake(adapters, "minimal")
    hello = a.hello()
    assert hello["features"] == []
    with pytest.raises(Rejected) as info:
        a.act(0, {"type": "knock"})
    assert info.value.reason == "rejected"
    state = a.new_hand(SETUP)
    state = a.act(state["to_act"], {"type": "knock"})
    assert state["result"]["ending"] in ("knock_won", "knock_caught")
    assert state["result"]["payments"] is None and state["result"]["net"] is None
    pid = a.pid
    for method in ("play", "legal_actions", "observe", "cut", "next_dealer", "join"):
        with pytest.raises(AdapterFault) as fault:
            a.call(method, {})
        assert fault.value.kind == "protocol" and fault.value.context.code == -32601, method
    # an error answer is not a broken engine: the same process goes on
    assert a.pid == pid and a.starts == 1
    assert a.state() == state


def knock_deal(seat0: list[str], seat1: list[str]) -> dict[str, Any]:
    """Seat 1 (dealer 0's left) holds seat1 and knocks at once."""
    deck = stack_deck(2, 0, [[parse_card(c) for c in seat0], [parse_card(c) for c in seat1]], parse_card("Kh"))
    return {**SETUP, "deck": [NAMES[c] for c in deck]}


@pytest.mark.parametrize(
    ("seat0", "tie"),
    [(["Ad", "2h", "3s", "4c", "5d"], True), (["Ad", "2h", "3s", "4c", "6d"], False)],
    ids=["tie", "no-tie"],
)
def test_bug_knock_tie_fails_only_ties(adapters: list[StdioAdapter], seat0: list[str], tie: bool) -> None:
    setup = knock_deal(seat0, ["Ac", "2d", "3h", "4s", "5c"])  # 15 against 15 or 16
    buggy = open_fake(adapters, "bug_knock_tie")
    honest: Adapter = reference()
    answers = []
    for ad in (honest, buggy):
        ad.new_hand(setup)
        answers.append(ad.act(1, {"type": "knock"}))
    want, got = (s["result"] for s in answers)
    assert want["totals"] == got["totals"] == ([15, 15] if tie else [16, 15])
    if tie:
        assert want["ending"] == "knock_caught" and got["ending"] == "knock_won"
        assert want["net"] != got["net"]
    else:
        assert want == got
        assert want["ending"] == "knock_won"


def test_a_command_that_cannot_start() -> None:
    a = StdioAdapter(["/nonexistent/engine", "--serve"])
    with pytest.raises(AdapterFault) as info:
        a.hello()
    assert info.value.kind == "crashed" and "cannot start" in info.value.message
    a.close()


def test_hello_that_is_not_protocol_1_is_a_protocol_fault(tmp_path: Any) -> None:
    script = tmp_path / "old.py"
    script.write_text(
        "import sys, json\n"
        "for raw in sys.stdin:\n"
        "    m = json.loads(raw)\n"
        "    print(json.dumps({'jsonrpc': '2.0', 'id': m['id'], 'result': {'protocol': 0}}), flush=True)\n"
    )
    with StdioAdapter([sys.executable, str(script)]) as a:
        with pytest.raises(AdapterFault) as info:
            a.state()
    assert info.value.kind == "protocol" and "protocol 1" in info.value.message


def test_bye_exits_zero_and_close_reports_it() -> None:
    a = StdioAdapter(protokit.SERVE)
    a.new_hand(SETUP)
    pid = a.pid
    a.close()
    assert a.exit_code == 0 and a.closed
    assert pid is not None and not alive(pid)
    # a closed adapter starts again on the next call
    with pytest.raises(Rejected):
        a.state()
    assert a.starts == 2
    a.close()
    assert a.exit_code == 0


def test_restart_gives_a_new_process_and_a_fresh_session() -> None:
    with StdioAdapter(protokit.SERVE) as a:
        assert isinstance(a, Adapter)
        a.new_hand(SETUP)
        pid = a.pid
        hello = a.restart()
        assert hello["protocol"] == 1 and a.pid != pid and a.starts == 2
        with pytest.raises(Rejected) as info:
            a.state()
        assert info.value.reason == "no_hand"


@pytest.mark.parametrize("via", ["tonk", "module"])
def test_serve_commands_answer_bye_and_exit_zero(via: str) -> None:
    argv = [os.path.join(os.path.dirname(sys.executable), "tonk"), "serve"] if via == "tonk" else protokit.SERVE
    proc = subprocess.run(
        argv,
        input=b'{"jsonrpc":"2.0","id":7,"method":"bye"}\n{"jsonrpc":"2.0","id":8,"method":"hello"}\n',
        capture_output=True,
        timeout=30,
    )
    assert proc.returncode == 0
    assert proc.stdout == b'{"jsonrpc":"2.0","id":7,"result":{}}\n'  # nothing after bye


def test_end_of_input_exits_zero() -> None:
    proc = subprocess.run(protokit.SERVE, input=b"", capture_output=True, timeout=30)
    assert (proc.returncode, proc.stdout) == (0, b"")


def test_an_extra_line_after_an_answer_is_garbage(tmp_path: Any) -> None:
    """An engine that logs to stdout after answering: the fault is reported on the next
    request, with the stray line as the response, and the engine is restarted."""
    script = tmp_path / "leaky.py"
    script.write_text(
        "import sys\n"
        "from tonk_ref.adapters.server import Server\n"
        "s = Server()\n"
        "for raw in sys.stdin.buffer:\n"
        "    sys.stdout.buffer.write(s.handle_line(raw.rstrip(b'\\n'))[0])\n"
        "    if b'new_hand' in raw:\n"
        "        sys.stdout.buffer.write(b'dealt!\\n')\n"
        "    sys.stdout.buffer.flush()\n"
    )
    with StdioAdapter([sys.executable, str(script)]) as a:
        a.new_hand(SETUP)
        time.sleep(0.2)  # let the stray line arrive
        with pytest.raises(AdapterFault) as info:
            a.state()
        assert info.value.kind == "garbage"
        assert info.value.context.response.startswith("dealt!")
        assert a.starts == 1
        with pytest.raises(Rejected):
            a.state()  # a new process: no hand
        assert a.starts == 2


def test_an_engine_that_does_not_know_hello_is_not_used(tmp_path: Any) -> None:
    script = tmp_path / "nohello.py"
    script.write_text(
        "import sys, json\n"
        "for raw in sys.stdin:\n"
        "    m = json.loads(raw)\n"
        "    err = {'code': -32601, 'message': 'method not found'}\n"
        "    print(json.dumps({'jsonrpc': '2.0', 'id': m['id'], 'error': err}), flush=True)\n"
    )
    a = StdioAdapter([sys.executable, str(script)])
    with pytest.raises(AdapterFault) as info:
        a.hello()
    assert info.value.kind == "protocol" and info.value.context.code == -32601
    assert a.pid is None and a.exit_code is not None  # killed, not left running
    with pytest.raises(AdapterFault):
        a.state()  # a new process, which fails hello again
    assert a.starts == 2 and a.pid is None
    a.close()
