"""The protocol's typed messages (tonk_ref.adapters.messages) accept and refuse exactly the
messages the JSON Schemas of spec/schemas/ accept and refuse.

Compared on the traffic of the whole corpus played over stdio against ``tonk serve`` (every
request and answer line, as the client's tap records them), on that traffic mutated one
value at a time, and on the hostile lines of test_protocol_hostile.py (each JSON one as a
request, and the server's answer to each).  The schemas are slow to run, so by default
they judge a deterministic sample (every refused message, and per method some of the
rest); ``TONK_MESSAGES_ALL=1`` compares every message.  The structs alone judge every
answer of the corpus.  Also: integers of any size cross the wire exact, and one encoder
writes every message.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import sys
from pathlib import Path
from typing import Any

import protokit
import pytest
from jsonpaths import json_paths
from test_protocol_hostile import LINES, SEED, Gen

from tonk_ref.adapters import messages, schemas
from tonk_ref.adapters.base import AdapterFault, Rejected
from tonk_ref.adapters.server import Server
from tonk_ref.adapters.stdio_client import StdioAdapter
from tonk_ref.harness.runner import run_suite
from tonk_ref.harness.suite import load_suite

ALL = os.environ.get("TONK_MESSAGES_ALL") == "1"
Exchange = tuple[bytes, bytes]


@pytest.fixture(scope="module")
def traffic() -> list[Exchange]:
    """Every request line and answer line of the corpus run over stdio."""
    suite = load_suite()
    lines: list[Exchange] = []
    with StdioAdapter(protokit.SERVE, timeout=30) as engine:
        engine.tap = lambda request, answer: lines.append((request, answer))
        run = run_suite(engine, suite.cases)
    assert {r.status for r in run.results} == {"passed"}
    assert len(lines) > 3000
    return lines


def schema_valid(name: str, obj: object) -> bool:
    return bool(schemas.validator(name).is_valid(obj))


def struct_valid(name: str, obj: object) -> bool:
    return messages.check(name, obj) == []


def judged(name: str, obj: object) -> bool:
    """Whether ``obj`` is a valid ``name``, asserting that the schema and the struct agree."""
    by_schema, by_struct = schema_valid(name, obj), struct_valid(name, obj)
    assert by_schema == by_struct, (
        f"{name}: the schema says {by_schema}, the struct {by_struct} ({messages.check(name, obj)}; "
        f"{schemas.check(name, obj)[:3]}) for {json.dumps(obj)[:600]}"
    )
    return by_schema


def judged_exchange(request: Any, answer: Any) -> list[bool]:
    out = [judged("request", request), judged("response", answer)]
    method = request.get("method") if isinstance(request, dict) else None
    if isinstance(answer, dict) and "result" in answer and method in messages.METHODS:
        out.append(judged(f"{method}.result", answer["result"]))
    return out


def sample(traffic: list[Exchange], per_method: int = 15) -> list[tuple[Any, Any]]:
    """Every exchange whose request or answer the structs refuse or whose answer is an
    error, and ``per_method`` others of each method, evenly spaced (all with
    TONK_MESSAGES_ALL=1)."""
    decoded = [(json.loads(q), json.loads(a)) for q, a in traffic]
    if ALL:
        return decoded
    picked: list[tuple[Any, Any]] = []
    by_method: dict[str, list[tuple[Any, Any]]] = {}
    for q, a in decoded:
        if "error" in a or not struct_valid("request", q):
            picked.append((q, a))
        else:
            by_method.setdefault(q["method"], []).append((q, a))
    for items in by_method.values():
        step = max(1, len(items) // per_method)
        picked += items[::step]
    return picked


def test_every_answer_of_the_reference_over_the_corpus_is_a_valid_message(traffic: list[Exchange]) -> None:
    for request, line in traffic:
        method = messages.parse(request)["method"]
        answer = messages.parse(line)
        assert messages.check("response", answer) == [], line[:300]
        if "result" in answer:
            assert messages.check(f"{method}.result", answer["result"]) == [], line[:300]


def test_structs_and_schemas_agree_on_the_corpus_traffic(traffic: list[Exchange]) -> None:
    picked = sample(traffic)
    verdicts = [judged_exchange(q, a) for q, a in picked]
    methods = {q["method"] for q, _ in picked}
    assert {"hello", "new_hand", "act", "play", "legal_actions", "observe", "cut", "score"} <= methods, methods
    # the corpus sends some setups the schema refuses on purpose (the engine must refuse them)
    refused = [q for (q, _), v in zip(picked, verdicts, strict=True) if not v[0]]
    assert refused and {q["method"] for q in refused} <= {"new_hand", "play", "cut", "next_dealer", "join", "score"}
    assert all(v[1:] == [True] * (len(v) - 1) for v in verdicts)  # every answer is valid


def mutate(obj: Any, rng: random.Random, gen: Gen) -> Any:
    """A copy of ``obj`` with one value changed: replaced by a random JSON value (or by a
    neighbour of the same type), removed, or one member or item added."""
    obj = json.loads(json.dumps(obj))
    paths = list(json_paths(obj))[1:]
    if not paths:
        return gen.value()
    path = rng.choice(paths)
    holder = obj
    for key in path[:-1]:
        holder = holder[key]
    key, old = path[-1], holder[path[-1]]
    r = rng.random()
    if r < 0.15:
        del holder[key]
    elif r < 0.25 and isinstance(old, list):
        old.append(old[0] if old and rng.random() < 0.5 else gen.value())
    elif r < 0.3 and isinstance(old, dict):
        old[rng.choice(["extra", "type", "stock", "data", "kind", "x"])] = gen.value()
    elif r < 0.55:
        holder[key] = _neighbour(old, rng)
    else:
        holder[key] = gen.value()
    return obj


def _neighbour(value: Any, rng: random.Random) -> Any:
    """A value like ``value`` but a little off: an integer by one or as a float, a card
    or code with a wrong character, null."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -1, float(value), value + 0.5, str(value)])
    if isinstance(value, str):
        return rng.choice([value.upper(), value + "x", value[:-1], "", "1/2", "Xh", "X3", None])
    return rng.choice([None, [], {}, 1.0])


def test_structs_and_schemas_agree_on_mutated_traffic(traffic: list[Exchange]) -> None:
    rng = random.Random(20)
    gen = Gen(21)
    # the schemas take milliseconds on a long play: the small messages, by default
    picked = [(q, a) for q, a in sample(traffic, per_method=10) if ALL or len(json.dumps(a)) < 3000]
    seen: dict[bool, int] = {True: 0, False: 0}
    for _ in range(20_000 if ALL else 600):
        request, answer = rng.choice(picked)
        if rng.random() < 0.3:
            verdicts = judged_exchange(mutate(request, rng, gen), answer)[:1]
        else:
            verdicts = judged_exchange(request, mutate(answer, rng, gen))[1:]
        for v in verdicts:
            seen[v] += 1
    assert seen[True] > 60 and seen[False] > 200, seen


def test_structs_and_schemas_agree_on_the_hostile_lines() -> None:
    items = list(Gen(SEED).lines(LINES if ALL else 1_500))
    server = Server()
    server.stderr = io.StringIO()
    kinds: dict[bool, set[str]] = {True: set(), False: set()}
    for i, (kind, line, _, _) in enumerate(items):
        try:
            request = messages.parse(line)  # no deeper than the limit, on every Python
        except ValueError:
            assert messages.check_line("request", line) != []
        else:
            kinds[judged("request", request)].add(kind)
        answer, _ = server.handle_line(line)
        assert messages.check_line("response", answer) == [], (line[:200], answer[:300])
        if ALL or i % 10 == 0:
            assert schema_valid("response", json.loads(answer)), answer[:300]
    assert server.stderr.getvalue() == ""  # no internal error
    assert {"valid", "wrong_type", "huge"} <= kinds[True] and {"wrong_type", "envelope"} <= kinds[False], kinds


def test_integers_of_any_size_cross_the_wire_exact() -> None:
    big = 10**29 + 7
    server = Server()
    line = json.dumps({"jsonrpc": "2.0", "id": -(10**40) - 3, "method": "observe", "params": {"seat": big}}).encode()
    answer = messages.decode_answer(server.handle_line(line)[0].rstrip(b"\n"))
    assert answer is not None and answer.id == -(10**40) - 3 and type(answer.id) is int
    assert messages.parse(messages.encode({"n": 10**4000}))["n"] == 10**4000
    with StdioAdapter(protokit.SERVE, timeout=20) as engine:
        engine.new_hand({"ruleset": {}, "players": 2, "dealer": 0, "stake": 1, "deck": protokit.pack()})
        with pytest.raises(Rejected) as refused:
            engine.observe(big)
        assert str(big) in refused.value.message  # sent and read back to the last digit
        with pytest.raises(Rejected) as refused:
            engine.act(big, {"type": "knock"})
        assert str(big) in refused.value.message


def test_one_encoder_writes_every_message() -> None:
    package = Path(messages.__file__).parent
    made = {p.name: len(re.findall(r"json\.Encoder\(|JSONEncoder\(|json\.dumps\(", p.read_text(encoding="utf-8")))
            for p in (package / "messages.py", package / "stdio_client.py", package / "server.py")}
    # the msgspec encoder, and the standard one only for text that UTF-8 cannot hold
    assert made == {"messages.py": 2, "stdio_client.py": 0, "server.py": 0}, made
    assert messages.encode({"m": "\ud800"}) == b'{"m":"\\ud800"}'
    assert messages.parse(messages.encode({"m": "\ud800"})) == {"m": "\ud800"}


def test_text_that_utf8_cannot_hold_crosses_as_json_escapes_both_ways() -> None:
    setup = {"ruleset": {}, "players": 2, "dealer": 0, "stake": 1, "deck": protokit.pack()}
    with StdioAdapter(protokit.SERVE, timeout=20) as engine:
        engine.new_hand(setup)  # the setup is now encoded once and sent again as it was
        played = engine.play(setup, [(1, {"type": "draw", "from": "stock\ud800"})])
        step = played["steps"][0]
        assert step["ok"] is False and step["reason"] == "malformed_action" and "stock" in step["message"]
        with pytest.raises(AdapterFault) as info:  # an answer that quotes it back as it is
            engine.call("observe\ud800", {})
        assert info.value.kind == "protocol" and "method not found: observe\ud800" in info.value.message
        assert engine.starts == 1


def test_the_structs_know_every_schema_the_schemas_module_names() -> None:
    names = [*schemas.DATA_TYPES, "ruleset", *schemas.ENVELOPES, "play.step",
             *(f"{m}.{part}" for m in schemas.METHODS for part in ("params", "result"))]
    for name in names:
        assert messages.type_of(name) is not None, name
    assert schemas.METHODS == messages.METHODS
    with pytest.raises(schemas.SchemaError):
        messages.type_of("nothing.result")


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
