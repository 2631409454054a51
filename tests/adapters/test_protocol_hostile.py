"""The reference server survives hostile input.

More than 10,000 random and malformed lines go to one server process: random bytes
(valid UTF-8 or not), truncated JSON, JSON that is not a request, batches, deep nesting,
huge numbers, every envelope defect, unknown methods, notifications, wrong types in
every field of every method, and valid requests in between.  The server must answer
every line with exactly one line, with the JSON-RPC error the protocol prescribes
(spec/protocol.md, "Errors"), never crash, never hang, never answer -32603, and exit 0
on bye at the end.  A hypothesis test then puts arbitrary JSON into every parameter,
one request at a time, and checks that a refused request leaves the state unchanged.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import protokit
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tonk_ref.adapters import schemas
from tonk_ref.adapters.server import (
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    MAX_DEPTH,
    MAX_LINE,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    REJECTED,
)

SEED = 61106
LINES = 10_500
NULL = object()  # expected id: null
ANSWERED = {REJECTED, "result"}  # a request the service itself answers

Expect = tuple[set[Any], Any]  # (acceptable codes, expected id or NULL)

#: every method but bye, which ends the session
METHODS = [m for m in schemas.METHODS if m != "bye"]


class Gen:
    """Hostile lines, each with the answer it must get."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.next_id = 0

    def rid(self) -> Any:
        self.next_id += 1
        r = self.rng.random()
        if r < 0.7:
            return self.next_id
        if r < 0.85:
            return f"req-{self.next_id}-\u00e9\u4e2d"
        if r < 0.9:
            return -self.next_id
        if r < 0.95:
            return self.next_id + 0.5
        return 10**30 + self.next_id

    def value(self, depth: int = 0) -> Any:
        """A random JSON value of any type."""
        r = self.rng.random()
        choices: list[Callable[[], Any]] = [
            lambda: None,
            lambda: self.rng.choice([True, False]),
            lambda: self.rng.randint(-5, 60),
            lambda: self.rng.choice([10**20, -(10**40), 2**63, 4300 * 7]),
            lambda: self.rng.uniform(-1e300, 1e300),
            lambda: self.rng.choice(["", "Ah", "1x", "stock", "knock", "X1", "\u2665", "\ud800", "a" * 1000]),
        ]
        if depth < 3:
            choices.append(lambda: [self.value(depth + 1) for _ in range(self.rng.randint(0, 4))])
            choices.append(lambda: {self.rng.choice(["type", "card", "x", ""]): self.value(depth + 1)})
        return choices[int(r * len(choices))]()

    def valid_params(self, method: str) -> dict[str, Any]:
        rng = self.rng
        setup = protokit.setup(rng, ruleset={})
        action = rng.choice(
            [
                {"type": "draw", "from": "stock"},
                {"type": "discard", "card": rng.choice(setup["deck"])},
                {"type": "knock"},
                {"type": "hit", "card": "Ah", "spread": 0},
                {"type": "spread", "cards": ["Ah", "Ad", "Ac"]},
            ]
        )
        return {
            "hello": {"protocol": 1},
            "new_hand": setup,
            "act": {"seat": rng.randrange(3), "action": action},
            "state": {},
            "play": {"setup": setup, "actions": [[rng.randrange(2), action]], "trace": rng.random() < 0.5},
            "legal_actions": {},
            "observe": {"seat": rng.randrange(3)},
            "cut": {"players": 3, "cards": rng.sample(setup["deck"], 8)},
            "next_dealer": {"players": 2, "dealer": 1, "result": {"ending": "tonk_out", "winners": [0]}},
            "join": {"players": 2, "dealer": rng.randrange(2)},
            "score": {
                "ruleset": {"scoring": "points"},
                "players": 2,
                "scores": [rng.randrange(100), rng.randrange(100)],
                "result": {"ending": "knock_caught", "winners": [1], "totals": [12, 9], "knocker": 0},
            },
            "bye": {},  # only ever sent with a defect in its envelope
        }[method]

    def request(self, method: str | None = None, params: Any = None) -> tuple[dict[str, Any], Any]:
        method = method or self.rng.choice(METHODS)
        rid = self.rid()
        msg = {
            "jsonrpc": "2.0",
            "id": rid,
            "method": method,
            "params": self.valid_params(method) if params is None else params,
        }
        return msg, rid

    @staticmethod
    def dump(msg: Any) -> bytes:
        return json.dumps(msg, separators=(",", ":")).encode()

    # -- the categories: each returns (line, expected codes, expected id) -----
    def valid(self) -> tuple[bytes, set[Any], Any]:
        msg, rid = self.request()
        return self.dump(msg), ANSWERED, rid

    def wrong_type(self) -> tuple[bytes, set[Any], Any]:
        """One field of a valid request's params replaced by a random value."""
        method = self.rng.choice(METHODS)
        params = self.valid_params(method)
        paths: list[tuple[Any, Any]] = [(params, k) for k in params]
        for v in params.values():
            if isinstance(v, dict):
                paths += [(v, k2) for k2 in v]
        if not paths:
            params = {"unexpected": self.value()}
        else:
            holder, key = self.rng.choice(paths)
            if self.rng.random() < 0.15:
                del holder[key]
            else:
                holder[key] = self.value()
        msg, rid = self.request(method, params)
        return self.dump(msg), ANSWERED, rid

    def unknown_method(self) -> tuple[bytes, set[Any], Any]:
        name = self.rng.choice(
            [
                "",
                "HELLO",
                "rpc.discover",
                "state ",
                "bye!",
                "\u00e9tat",
                "\ud800",
                "x" * 500,
                "__init__",
                "call",
                "methods",
            ]
        )
        msg, rid = self.request("new_hand")
        msg["method"] = name
        return self.dump(msg), {METHOD_NOT_FOUND}, rid

    def envelope(self) -> tuple[bytes, set[Any], Any]:
        msg, rid = self.request(self.rng.choice([*METHODS, "bye"]))
        defect = self.rng.randrange(9)
        if defect == 0:
            del msg["jsonrpc"]
        elif defect == 1:
            msg["jsonrpc"] = self.rng.choice(["1.0", "2", 2.0, 2, None, "", ["2.0"]])
        elif defect == 2:
            msg["id"] = self.rng.choice([True, False, [1], {"id": 1}, []])
            return self.dump(msg), {INVALID_REQUEST}, NULL
        elif defect == 3:
            del msg["method"]
        elif defect == 4:
            msg["method"] = self.rng.choice([1, None, True, [], {}, ["state"]])
        elif defect == 5:
            msg[self.rng.choice(["result", "error", "Params", "extra", ""])] = self.value()
        elif defect == 6:
            del msg["id"]  # a notification
            return self.dump(msg), {INVALID_REQUEST}, NULL
        elif defect == 7:
            msg["params"] = [self.value() for _ in range(self.rng.randint(0, 3))]
            return self.dump(msg), {INVALID_PARAMS}, rid
        else:
            msg["params"] = self.rng.choice([None, 1, "x", True, 2.5])
        return self.dump(msg), {INVALID_REQUEST}, rid

    def not_a_request(self) -> tuple[bytes, set[Any], Any]:
        value = self.rng.choice(
            [
                None,
                True,
                0,
                -1,
                1.5,
                "",
                "hello",
                [],
                [1, 2],
                10**100,
                "x" * 300,
                [{"jsonrpc": "2.0", "id": 1, "method": "state"}],
            ]
        )
        return self.dump(value), {INVALID_REQUEST}, NULL

    def batch(self) -> tuple[bytes, set[Any], Any]:
        msgs = [self.request()[0] for _ in range(self.rng.randint(0, 3))]
        return self.dump(msgs), {INVALID_REQUEST}, NULL

    def truncated(self) -> tuple[bytes, set[Any], Any]:
        line = self.dump(self.request()[0])
        return line[: self.rng.randrange(len(line) - 1)], {PARSE_ERROR}, NULL

    def bad_json(self) -> tuple[bytes, set[Any], Any]:
        line = self.rng.choice(
            [
                b"",
                b"   ",
                b"\r",
                b"{",
                b"}",
                b"{'jsonrpc': '2.0'}",
                b'{"jsonrpc":"2.0","id":1,"method":"state",}',
                b"NaN",
                b"Infinity",
                b'{"jsonrpc":"2.0","id":NaN,"method":"state"}',
                b'{"jsonrpc":"2.0","id":1e999,"method":"state"}',
                b'{"jsonrpc":"2.0","id":-Infinity,"method":"state"}',
                b"1" * 5000,
                b'{"jsonrpc":"2.0","id":1,"method":"act","params":{"seat":' + b"9" * 4500 + b"}}",
                b"\xef\xbb\xbf{}",
                b'{"a":1}{"b":2}',
                b"nul",
                b"tru",
                b'"unterminated',
                b'{"jsonrpc":"2.0","id":1,"method":"state"} x',
            ]
        )
        return line, {PARSE_ERROR}, NULL

    def random_bytes(self) -> tuple[bytes, set[Any], Any]:
        n = self.rng.randint(1, 120)
        raw = bytes(self.rng.randrange(256) for _ in range(n)).replace(b"\n", b" ")
        return raw, self.oracle(raw), NULL

    def random_text(self) -> tuple[bytes, set[Any], Any]:
        alphabet = '{}[]":,0123456789.-+eE truefalsn\\\u00e9\u4e2d\U0001f0a1\t\r'
        text = "".join(self.rng.choice(alphabet) for _ in range(self.rng.randint(1, 80)))
        raw = text.encode("utf-8").replace(b"\n", b" ")
        return raw, self.oracle(raw), NULL

    @staticmethod
    def oracle(raw: bytes) -> set[Any]:
        """Random bytes are almost never JSON; when they are, they are not a request."""
        from tonk_ref.adapters.server import parse

        try:
            value = parse(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return {PARSE_ERROR}
        return {INVALID_REQUEST} if not isinstance(value, dict) else {INVALID_REQUEST, METHOD_NOT_FOUND}

    def deep(self) -> tuple[bytes, set[Any], Any]:
        """Nesting up to the limit, answered as any line, or deeper (up to 200,000 levels,
        past where any Python's parsers recurse), a parse error."""
        shallow = self.rng.random() < 0.5
        if self.rng.random() < 0.5:
            depth = self.rng.randint(MAX_DEPTH - 10, MAX_DEPTH) if shallow else self.deeper(MAX_DEPTH + 1)
            return b"[" * depth + b"]" * depth, {INVALID_REQUEST} if shallow else {PARSE_ERROR}, NULL
        # the action nested in pairs {"x":[...]}: the request, its params, the action and
        # a spread's list of cards are four levels more
        most = (MAX_DEPTH - 4) // 2
        pairs = self.rng.randint(most - 5, most) if shallow else self.deeper(most + 1)
        msg, rid = self.request("act")
        line = self.dump(msg).replace(b'"action":', b'"action":' + b'{"x":[' * pairs, 1)
        line = line[:-2] + b"]}" * pairs + line[-2:]
        return line, ANSWERED if shallow else {PARSE_ERROR}, rid if shallow else NULL

    def deeper(self, least: int) -> int:
        """A depth of at least ``least``: just past the limit, or far past it."""
        r = self.rng.random()
        if r < 0.4:
            return self.rng.randint(least, least + 10)
        if r < 0.7:
            return self.rng.randint(least, 2_000)
        return self.rng.randint(5_000, 200_000)

    def huge(self) -> tuple[bytes, set[Any], Any]:
        method = self.rng.choice(["act", "observe", "new_hand", "join"])
        msg, rid = self.request(method)
        key = {"act": "seat", "observe": "seat", "new_hand": "stake", "join": "dealer"}[method]
        msg["params"][key] = self.rng.choice([10**30, -(10**30), 10**4000, 1e308, -1e-308])
        return self.dump(msg), ANSWERED, rid

    def lines(self, n: int) -> Iterator[tuple[str, bytes, set[Any], Any]]:
        kinds: list[tuple[str, Callable[[], tuple[bytes, set[Any], Any]], int]] = [
            ("valid", self.valid, 12),
            ("wrong_type", self.wrong_type, 30),
            ("unknown_method", self.unknown_method, 5),
            ("envelope", self.envelope, 15),
            ("not_a_request", self.not_a_request, 4),
            ("batch", self.batch, 3),
            ("truncated", self.truncated, 8),
            ("bad_json", self.bad_json, 5),
            ("random_bytes", self.random_bytes, 8),
            ("random_text", self.random_text, 6),
            ("deep", self.deep, 2),
            ("huge", self.huge, 2),
        ]
        names = [k[0] for k in kinds]
        weights = [k[2] for k in kinds]
        makers = {k[0]: k[1] for k in kinds}
        for _ in range(n):
            kind = self.rng.choices(names, weights)[0]
            line, codes, rid = makers[kind]()
            yield kind, line, codes, rid


def check_answer(kind: str, line: bytes, answer: bytes, codes: set[Any], rid: Any) -> str | None:
    """None if ``answer`` is right for ``line``, else what is wrong."""
    try:
        msg = json.loads(answer)
    except ValueError:
        return f"the answer is not JSON: {answer[:200]!r}"
    if not isinstance(msg, dict) or msg.get("jsonrpc") != "2.0" or ("result" in msg) == ("error" in msg):
        return f"not a JSON-RPC response: {answer[:200]!r}"
    code = msg["error"]["code"] if "error" in msg else "result"
    if code not in codes:
        return f"expected {sorted(map(str, codes))}, got {code}: {answer[:300]!r}"
    want = None if rid is NULL else rid
    if msg.get("id") != want or type(msg.get("id")) is not type(want):
        return f"expected id {want!r}, got {msg.get('id')!r}"
    if code == REJECTED:
        data = msg["error"].get("data")
        if not (isinstance(data, dict) and data.get("reason") in protokit.ALL_REASONS):
            return f"a refusal without a known reason: {answer[:300]!r}"
    return None


def test_ten_thousand_hostile_lines(tmp_path: Path) -> None:
    items = list(Gen(SEED).lines(LINES))
    # one line longer than the limit, skipped to its end and answered once
    items.insert(LINES // 2, ("too_long", b"[" + b"1," * (MAX_LINE // 2) + b"1]", {PARSE_ERROR}, NULL))
    payload = b"".join(line + b"\n" for _, line, _, _ in items)
    server = protokit.LinePipe(stderr_path=tmp_path / "stderr")

    def write() -> None:
        try:
            server.send(payload)
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    wrong: list[str] = []
    seen: dict[str, int] = {}
    codes_seen: dict[Any, int] = {}
    sample = random.Random(SEED)
    for i, (kind, line, codes, rid) in enumerate(items):
        try:
            answer = server.read_line(timeout=20)
        except (TimeoutError, EOFError) as e:
            pytest.fail(f"after {i} lines ({kind} {line[:200]!r}): {e}")
        seen[kind] = seen.get(kind, 0) + 1
        problem = check_answer(kind, line, answer, codes, rid)
        if problem:
            wrong.append(f"line {i} ({kind}) {line[:200]!r}: {problem}")
        msg = json.loads(answer)
        code = msg["error"]["code"] if "error" in msg else "result"
        codes_seen[code] = codes_seen.get(code, 0) + 1
        if sample.random() < 0.03:
            assert schemas.check("response", msg) == [], answer
    writer.join(30)
    assert not wrong, f"{len(wrong)} wrong answers, the first ones:\n" + "\n".join(wrong[:20])
    assert len(items) > 10_000
    # every category and every error code was exercised
    assert set(seen) >= {
        "valid",
        "wrong_type",
        "envelope",
        "truncated",
        "random_bytes",
        "deep",
        "huge",
        "batch",
        "too_long",
    }
    for code in (PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, REJECTED, "result"):
        assert codes_seen.get(code, 0) >= 20, (code, codes_seen)
    assert INTERNAL_ERROR not in codes_seen
    # still healthy: a hand, then bye and exit 0
    hello = json.loads(server.ask(b'{"jsonrpc":"2.0","id":"h","method":"hello","params":{"protocol":1}}'))
    assert hello["result"]["protocol"] == 1
    deal = {"ruleset": {}, "players": 2, "dealer": 0, "stake": 1, "deck": protokit.pack()}
    state = json.loads(server.ask(Gen.dump({"jsonrpc": "2.0", "id": 1, "method": "new_hand", "params": deal})))
    assert state["result"]["stage"] == "start"
    assert json.loads(server.ask(b'{"jsonrpc":"2.0","id":2,"method":"bye"}')) == {
        "jsonrpc": "2.0",
        "id": 2,
        "result": {},
    }
    assert server.close() == 0
    assert "internal error" not in (tmp_path / "stderr").read_text(errors="replace")


@pytest.fixture(scope="module")
def one_server() -> Iterator[protokit.LinePipe]:
    server = protokit.LinePipe()
    yield server
    server.ask(b'{"jsonrpc":"2.0","id":0,"method":"bye"}')
    assert server.close() == 0


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(["Ah", "Td", "X1", "stock", "discard", "knock", "draw", "hit", "spread"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["type", "card", "cards", "from", "spread", "discard", "x"]), inner, max_size=4
        )
    ),
    max_leaves=12,
)
SETUP_FIELDS = ["deck", "ruleset", "players", "dealer", "stake"]
FIELDS = [
    "scores",
    "",
    "seat",
    "action",
    "action.type",
    "action.card",
    "action.cards",
    "action.from",
    "action.spread",
    "action.discard",
    "setup",
    *SETUP_FIELDS,
    "cards",
    "result",
    "protocol",
    "trace",
    "actions",
]
READ_ONLY = {"hello", "state", "legal_actions", "observe", "cut", "next_dealer", "join", "score"}


@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(method=st.sampled_from(METHODS), field=st.sampled_from(FIELDS), value=json_values)
def test_any_value_in_any_field_is_answered_and_refusals_change_nothing(
    one_server: protokit.LinePipe, method: str, field: str, value: Any
) -> None:
    deal = {"ruleset": {}, "players": 2, "dealer": 0, "stake": 1, "deck": protokit.pack()}
    one_server.ask(Gen.dump({"jsonrpc": "2.0", "id": 1, "method": "new_hand", "params": deal}))
    before = one_server.ask(b'{"jsonrpc":"2.0","id":2,"method":"state"}')
    params = Gen(0).valid_params(method)
    if field.startswith("action."):
        action = params.get("action") if method == "act" else params["actions"][0][1] if method == "play" else None
        if isinstance(action, dict):
            action[field.removeprefix("action.")] = value
    elif method == "play" and field in SETUP_FIELDS:
        params["setup"][field] = value
    elif field:
        params[field] = value
    answer = one_server.ask(Gen.dump({"jsonrpc": "2.0", "id": 3, "method": method, "params": params}))
    problem = check_answer("hypothesis", b"", answer, ANSWERED, 3)
    assert problem is None, f"{method} {params}: {problem}"
    if "error" in json.loads(answer) or method in READ_ONLY:
        after = one_server.ask(b'{"jsonrpc":"2.0","id":2,"method":"state"}')
        assert after == before, f"{method} {params} changed the state"


def _ask(server: protokit.LinePipe, method: str, params: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(
        server.ask(Gen.dump({"jsonrpc": "2.0", "id": 9, "method": method, "params": params}))
    )
    return out


def test_an_action_type_that_is_a_list_is_malformed(one_server: protokit.LinePipe) -> None:
    deal = {"ruleset": {}, "players": 2, "dealer": 0, "stake": 1, "deck": protokit.pack()}
    _ask(one_server, "new_hand", deal)
    answer = _ask(one_server, "act", {"seat": 1, "action": {"type": ["draw"]}})
    assert answer["error"]["code"] == REJECTED and answer["error"]["data"]["reason"] == "malformed_action"


def test_play_with_a_setup_that_is_not_an_object_is_refused(one_server: protokit.LinePipe) -> None:
    answer = _ask(one_server, "play", {"setup": "seed", "actions": []})
    assert answer["error"]["code"] == REJECTED and answer["error"]["data"]["reason"] == "invalid_setup"
