"""The nesting limit of a protocol message (tonk_ref.bounds.MAX_MESSAGE_DEPTH), measured
before a line is decoded: ``tonk serve`` answers a request one level deeper with a parse
error and the runner calls such an answer garbage, on every Python alike (its parsers
would recurse some 1,000 levels on 3.11 and 10,000 on 3.13).  The measure counts the
brackets outside strings, escapes and all."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.adapters import messages
from tonk_ref.adapters.base import AdapterFault
from tonk_ref.adapters.server import INVALID_REQUEST, MAX_DEPTH, PARSE_ERROR, REJECTED, Server
from tonk_ref.adapters.stdio_client import StdioAdapter
from tonk_ref.bounds import MAX_MESSAGE_DEPTH, BoundError, message_depth, nests_deeper
from tonk_ref.paths import spec_dir


def depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    return 0


# strings full of what the measure must not count: brackets, quotes and backslashes
TRICKY = ["[", "]]]", "{", '"', '\\"[', "\\", "\\\\", '\\"]}\\"', "x"]


def value(rng: random.Random, levels: int) -> Any:
    r = rng.random()
    if levels > 0 and r < 0.4:
        return [value(rng, levels - 1) for _ in range(rng.randint(0, 3))]
    if levels > 0 and r < 0.8:
        return {rng.choice(TRICKY): value(rng, levels - 1) for _ in range(rng.randint(0, 3))}
    return rng.choice([*TRICKY, 1, None, 2.5, True])


def test_the_measure_is_the_nesting_of_the_decoded_value() -> None:
    rng = random.Random(7)
    for _ in range(2_000):
        obj = value(rng, rng.randint(0, 12))
        text = json.dumps(obj, ensure_ascii=rng.random() < 0.5)
        d = depth(obj)
        for limit in {0, max(d - 1, 0), d, d + 1}:
            assert nests_deeper(text, limit) is (d > limit), (text, limit)
            assert nests_deeper(text.encode(), limit) is (d > limit), (text, limit)


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        ("[" * 65 + "]" * 65, 65),
        ('["' + "[" * 500 + '"]', 1),
        ('{"a\\"[[[[": [["\\\\"], "[\\\\\\"["]}', 3),
        ('[1, "\\u005b", {"k": []}]', 3),
    ],
)
def test_brackets_in_strings_and_escapes_do_not_count(text: str, levels: int) -> None:
    assert depth(json.loads(text)) == levels
    assert not nests_deeper(text, levels) and nests_deeper(text, levels - 1)


def test_a_message_one_level_past_the_limit_is_refused_before_it_is_decoded() -> None:
    message_depth(b"[" * MAX_MESSAGE_DEPTH + b"]" * MAX_MESSAGE_DEPTH)
    for line in (b"[" * (MAX_MESSAGE_DEPTH + 1) + b"]" * (MAX_MESSAGE_DEPTH + 1), b"[" * 200_000):
        with pytest.raises(BoundError, match=f"nests more than {MAX_MESSAGE_DEPTH} levels deep"):
            message_depth(line)
        with pytest.raises(ValueError, match="nests more than"):
            messages.parse(line)
        with pytest.raises(ValueError, match="nests more than"):
            messages.decode_answer(line)
        assert messages.decode_request(line) is None


def nested_act(pairs: int) -> bytes:
    """An act request whose action sits in ``pairs`` pairs {"x":[...]}: 3 + 2 * pairs levels."""
    inner = b'{"type":"knock"}'
    action = b'{"x":[' * pairs + inner + b"]}" * pairs
    return b'{"jsonrpc":"2.0","id":5,"method":"act","params":{"seat":0,"action":' + action + b"}}"


def answer(srv: Server, line: bytes) -> dict[str, Any]:
    out, _ = srv.handle_line(line)
    msg: dict[str, Any] = json.loads(out)
    return msg


def test_the_server_answers_up_to_the_limit_and_refuses_past_it() -> None:
    assert MAX_DEPTH == MAX_MESSAGE_DEPTH
    srv = Server()
    at = b"[" * MAX_DEPTH + b"]" * MAX_DEPTH
    assert answer(srv, at)["error"]["code"] == INVALID_REQUEST  # a batch, read
    past = b"[" + at + b"]"
    refused = answer(srv, past)
    assert refused["error"]["code"] == PARSE_ERROR and refused["id"] is None
    assert f"nests more than {MAX_DEPTH} levels deep" in refused["error"]["message"]
    pairs = (MAX_DEPTH - 3) // 2
    assert depth(json.loads(nested_act(pairs))) == MAX_DEPTH - (MAX_DEPTH - 3) % 2
    rejected = answer(srv, nested_act(pairs))  # read, then judged by the rules
    assert rejected["error"]["code"] == REJECTED and rejected["id"] == 5
    assert answer(srv, nested_act(pairs + 1))["error"]["code"] == PARSE_ERROR


def test_an_answer_past_the_limit_is_garbage(tmp_path: Path) -> None:
    deep = b"[" * MAX_MESSAGE_DEPTH + b"]" * MAX_MESSAGE_DEPTH
    line = b'{"jsonrpc":"2.0","id":2,"result":' + deep + b"}\n"  # a response one level too deep
    script = tmp_path / "engine.py"
    script.write_text(
        "import sys, json\n"
        "from tonk_ref.adapters.server import Server\n"
        "s = Server()\n"
        "for raw in sys.stdin.buffer:\n"
        "    msg = json.loads(raw)\n"
        "    out = s.handle_line(raw.rstrip(b'\\n'))[0] if msg['method'] == 'hello' else " + repr(line) + "\n"
        "    sys.stdout.buffer.write(out); sys.stdout.buffer.flush()\n"
    )
    with StdioAdapter([sys.executable, str(script)]) as a:
        with pytest.raises(AdapterFault) as info:
            a.state()
    assert info.value.kind == "garbage", info.value
    assert f"nests more than {MAX_MESSAGE_DEPTH} levels deep" in str(info.value)


def test_the_protocol_says_the_limit() -> None:
    text = " ".join((spec_dir() / "protocol.md").read_text(encoding="utf-8").split())
    assert f"nests arrays and objects more than {MAX_MESSAGE_DEPTH} levels deep" in text  # tonk serve
    assert f"nested at most {MAX_MESSAGE_DEPTH} levels deep (another is `garbage`)" in text  # the runner
