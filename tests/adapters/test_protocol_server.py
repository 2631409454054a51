"""The JSON-RPC loop of ``tonk serve`` (tonk_ref/adapters/server.py), line by line: each
error of spec/protocol.md "Errors" with its exact code and id, one answer per line, bye,
end of input, over-long lines, failing services, and the features left out by
``--without``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any, ClassVar

import protokit
import pytest

from tonk_ref.adapters import server as server_module
from tonk_ref.adapters.base import Rejected
from tonk_ref.adapters.server import Restricted, Server, reference_service

DEAL = {"ruleset": {}, "players": 2, "dealer": 0, "stake": 1, "deck": protokit.pack()}


def ask(srv: Server, line: str | bytes) -> dict[str, Any]:
    raw = line.encode() if isinstance(line, str) else line
    answer, _ = srv.handle_line(raw)
    assert answer.endswith(b"\n") and answer.count(b"\n") == 1
    out: dict[str, Any] = json.loads(answer)
    return out


def request(method: str, params: Any = None, rid: Any = 1) -> str:
    msg: dict[str, Any] = {"jsonrpc": "2.0", "id": rid, "method": method}
    if params is not None:
        msg["params"] = params
    return json.dumps(msg)


@pytest.mark.parametrize(
    ("line", "code", "rid"),
    [
        (b"\xc3\x28", -32700, None),
        ("", -32700, None),
        ("{", -32700, None),
        ('{"jsonrpc":"2.0","id":1,"method":"state"', -32700, None),
        ('{"jsonrpc":"2.0","id":NaN,"method":"state"}', -32700, None),
        ('{"jsonrpc":"2.0","id":1e400,"method":"state"}', -32700, None),
        ("[" * 100_000, -32700, None),
        ("1" * 5000, -32700, None),
        ("[]", -32600, None),
        (f"[{request('state')}]", -32600, None),
        ('"state"', -32600, None),
        ("null", -32600, None),
        ('{"jsonrpc":"2.0","id":[1],"method":"state"}', -32600, None),
        ('{"jsonrpc":"2.0","id":true,"method":"state"}', -32600, None),
        ('{"id":4,"method":"state"}', -32600, 4),
        ('{"jsonrpc":"1.0","id":4,"method":"state"}', -32600, 4),
        ('{"jsonrpc":"2.0","id":4,"method":"state","extra":1}', -32600, 4),
        ('{"jsonrpc":"2.0","id":4}', -32600, 4),
        ('{"jsonrpc":"2.0","id":4,"method":7}', -32600, 4),
        ('{"jsonrpc":"2.0","method":"state"}', -32600, None),
        ('{"jsonrpc":"2.0","id":4,"result":{}}', -32600, 4),
        ('{"jsonrpc":"2.0","id":"a","method":"state","params":"x"}', -32600, "a"),
        ('{"jsonrpc":"2.0","id":"a","method":"state","params":null}', -32600, "a"),
        ('{"jsonrpc":"2.0","id":"a","method":"observe","params":[0]}', -32602, "a"),
        ('{"jsonrpc":"2.0","id":"a","method":"bye","params":[]}', -32602, "a"),
        ('{"jsonrpc":"2.0","id":2.5,"method":"deal"}', -32601, 2.5),
        ('{"jsonrpc":"2.0","id":null,"method":"call"}', -32601, None),
        ('{"jsonrpc":"2.0","id":-7,"method":"\\ud800"}', -32601, -7),
        (request("state", rid=10**30), 1, 10**30),
    ],
)
def test_each_error_has_its_code_and_id(line: str | bytes, code: int, rid: Any) -> None:
    answer = ask(Server(), line)
    assert answer["jsonrpc"] == "2.0"
    assert answer["error"]["code"] == code, answer
    assert answer["id"] == rid and type(answer["id"]) is type(rid)
    assert isinstance(answer["error"]["message"], str) and answer["error"]["message"]


def test_a_refusal_carries_reason_message_and_rule_and_changes_nothing() -> None:
    srv = Server()
    state = ask(srv, request("new_hand", DEAL))["result"]
    answer = ask(srv, request("act", {"seat": 0, "action": {"type": "knock"}}, rid="x"))
    assert answer["id"] == "x"
    assert answer["error"]["code"] == 1
    assert answer["error"]["data"]["reason"] == "not_your_turn"
    assert answer["error"]["data"]["rule"] == "TURN-10"
    assert answer["error"]["data"]["message"] in answer["error"]["message"]
    assert ask(srv, request("state"))["result"] == state


def test_every_line_gets_one_answer_and_bye_ends_the_loop() -> None:
    lines = [
        b"",
        b"garbage",
        request("hello", {"protocol": 1}).encode(),
        b"[1]",
        b"\r",
        request("bye").encode(),
        b"after bye",
    ]
    stdin = io.BytesIO(b"\n".join(lines) + b"\n")
    stdout = io.BytesIO()
    assert Server().serve(stdin, stdout) == 0
    answers = stdout.getvalue().splitlines()
    assert len(answers) == 6  # nothing after bye
    assert [json.loads(a).get("error", {}).get("code") for a in answers] == [-32700, -32700, None, -32600, -32700, None]
    assert json.loads(answers[-1]) == {"jsonrpc": "2.0", "id": 1, "result": {}}
    assert stdin.read() == b"after bye\n"


def test_end_of_input_without_a_final_newline() -> None:
    stdout = io.BytesIO()
    assert Server().serve(io.BytesIO(request("state").encode()), stdout) == 0
    assert json.loads(stdout.getvalue())["error"]["data"]["reason"] == "no_hand"


def test_an_over_long_line_is_skipped_and_answered_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "MAX_LINE", 100)
    stdin = io.BytesIO(b"x" * 1000 + b"\n" + request("state").encode() + b"\n")
    stdout = io.BytesIO()
    Server().serve(stdin, stdout)
    first, second = (json.loads(a) for a in stdout.getvalue().splitlines())
    assert first["error"]["code"] == -32700 and "longer than 100 bytes" in first["error"]["message"]
    assert second["error"]["data"]["reason"] == "no_hand"


class Broken:
    """A service that fails in every way a service can."""

    methods: ClassVar[dict[str, None]] = {"boom": None, "unserialisable": None, "keyerror": None, "refuse": None}

    def call(self, method: str, params: dict[str, Any]) -> Any:
        if method == "boom":
            raise ZeroDivisionError("division by zero")
        if method == "unserialisable":
            return {"x": object()}  # not JSON data
        if method == "keyerror":
            raise KeyError("players")
        if method == "refuse":
            raise Rejected("hand_over", "", None)
        raise KeyError(method)


def test_a_failing_service_is_an_internal_error_with_the_traceback_on_stderr() -> None:
    srv = Server(Broken())
    srv.stderr = io.StringIO()
    boom = ask(srv, request("boom"))
    assert boom["error"] == {"code": -32603, "message": "internal error: ZeroDivisionError: division by zero"}
    assert "Traceback" in srv.stderr.getvalue() and "ZeroDivisionError" in srv.stderr.getvalue()
    assert ask(srv, request("unserialisable"))["error"]["code"] == -32603
    # a KeyError inside a known method is a bug, not an unknown method
    assert ask(srv, request("keyerror"))["error"]["code"] == -32603
    assert ask(srv, request("nothing"))["error"]["code"] == -32601
    refused = ask(srv, request("refuse"))["error"]
    assert refused == {"code": 1, "message": "rejected: hand_over", "data": {"reason": "hand_over"}}


def test_a_service_without_a_method_table_signals_unknown_methods_by_key_error() -> None:
    class Bare:
        def call(self, method: str, params: dict[str, Any]) -> Any:
            if method == "ping":
                return {"pong": params}
            raise KeyError(method)

    srv = Server(Bare())
    assert ask(srv, request("ping", {"a": 1}))["result"] == {"pong": {"a": 1}}
    assert ask(srv, request("pong"))["error"]["code"] == -32601


def test_without_features() -> None:
    srv = Server(Restricted(without=("payments", "play", "reasons")))
    assert ask(srv, request("hello", {"protocol": 1}))["result"]["features"] == [
        "legal_actions",
        "observations",
        "match",
    ]
    assert ask(srv, request("play", {"setup": DEAL, "actions": []}))["error"]["code"] == -32601
    state = ask(srv, request("new_hand", DEAL))["result"]
    refused = ask(srv, request("act", {"seat": 0, "action": {"type": "knock"}}))["error"]
    assert refused["data"] == {"reason": "rejected", "message": "seat 0 acted but seat 1 is to act"}
    over = ask(srv, request("act", {"seat": state["to_act"], "action": {"type": "knock"}}))["result"]
    assert over["result"]["ending"] in ("knock_won", "knock_caught")
    assert over["result"]["payments"] is None and over["result"]["net"] is None
    assert ask(srv, request("state"))["result"]["result"]["net"] is None
    assert ask(srv, request("legal_actions"))["result"] == []


def test_without_reasons_play_steps_say_rejected() -> None:
    srv = Server(Restricted(without=("reasons", "payments")))
    played = ask(
        srv,
        request("play", {"setup": DEAL, "actions": [[0, {"type": "knock"}], [1, {"type": "knock"}]], "trace": True}),
    )
    steps = played["result"]["steps"]
    assert steps[0] == {"ok": False, "reason": "rejected", "message": "seat 0 acted but seat 1 is to act"}
    assert steps[1] == {"ok": True}
    assert all(
        s["result"] is None or s["result"]["net"] is None
        for s in [played["result"]["state"], *played["result"]["states"]]
    )


def test_unknown_features_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown features"):
        reference_service(["speed"])
    proc = subprocess.run([*protokit.SERVE, "--without", "speed"], capture_output=True, timeout=30)
    assert proc.returncode == 2 and b"invalid choice: 'speed'" in proc.stderr


def test_stray_prints_go_to_stderr(tmp_path: Any) -> None:
    script = tmp_path / "noisy.py"
    script.write_text(
        "from tonk_ref.adapters.server import serve_stdio\n"
        "class Noisy:\n"
        "    methods = {'hi': None}\n"
        "    def call(self, method, params):\n"
        "        print('debugging output')\n"
        "        return 'hello'\n"
        "raise SystemExit(serve_stdio(Noisy()))\n"
    )
    proc = subprocess.run(
        [sys.executable, str(script)], input=request("hi").encode() + b"\n", capture_output=True, timeout=30
    )
    assert proc.returncode == 0
    assert proc.stdout == b'{"jsonrpc":"2.0","id":1,"result":"hello"}\n'
    assert b"debugging output" in proc.stderr


def test_without_takes_several_features_per_flag() -> None:
    hello = request("hello", {"protocol": 1}).encode() + b"\n"
    argv = [*protokit.SERVE, "--without", "play", "reasons", "--without", "match"]
    proc = subprocess.run(argv, input=hello, capture_output=True, timeout=30)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["result"]["features"] == ["payments", "legal_actions", "observations"]
