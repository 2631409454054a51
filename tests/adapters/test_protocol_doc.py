"""spec/protocol.md and spec/schemas/ agree with each other and with the reference engine:
the example session runs against the server and every field it shows is what the
reference answers; every method, feature, schema and protocol reason code is documented;
every schema is valid 2020-12 and names itself by its file."""

from __future__ import annotations

import json
import re
from typing import Any

import protokit
import pytest
from jsonschema import Draft202012Validator

from tonk_ref.adapters import schemas
from tonk_ref.adapters.base import FEATURES
from tonk_ref.adapters.server import FEATURE_METHODS, Server
from tonk_ref.adapters.service import RefService
from tonk_ref.paths import spec_dir

DOC = spec_dir() / "protocol.md"


def doc_text() -> str:
    return DOC.read_text(encoding="utf-8")


def sessions() -> list[list[tuple[int, bytes, str]]]:
    """The ```text blocks of the doc: (line number, request line, expected answer)."""
    out: list[list[tuple[int, bytes, str]]] = []
    lines = doc_text().splitlines()
    block: list[tuple[int, bytes, str]] | None = None
    pending: tuple[int, bytes] | None = None
    for no, line in enumerate(lines, 1):
        if line.strip() == "```text":
            block = []
        elif line.strip() == "```" and block is not None:
            assert pending is None, f"{DOC}:{no}: a request without an answer"
            out.append(block)
            block = None
        elif block is not None:
            if line.startswith("-> "):
                assert pending is None, f"{DOC}:{no}: two requests in a row"
                pending = (no, line[3:].encode())
            elif line.startswith("<- "):
                assert pending is not None, f"{DOC}:{no}: an answer without a request"
                block.append((pending[0], pending[1], line[3:]))
                pending = None
            else:
                pytest.fail(f"{DOC}:{no}: a session line starts with '-> ' or '<- ', got {line[:40]!r}")
    return out


def shown_differences(shown: Any, actual: Any, where: str = "$") -> list[str]:
    """Where the doc's (shortened) answer differs from the actual one: every object member
    shown must be there with the same value; lists must match element by element."""
    if isinstance(shown, dict):
        if not isinstance(actual, dict):
            return [f"{where}: shown an object, got {actual!r}"]
        diffs = []
        for key, value in shown.items():
            if key not in actual:
                diffs.append(f"{where}.{key}: shown but not answered")
            else:
                diffs += shown_differences(value, actual[key], f"{where}.{key}")
        return diffs
    if isinstance(shown, list):
        if not isinstance(actual, list) or len(actual) != len(shown):
            return [f"{where}: shown {shown!r}, got {actual!r}"]
        return [
            d
            for i, (s, a) in enumerate(zip(shown, actual, strict=True))
            for d in shown_differences(s, a, f"{where}[{i}]")
        ]
    if shown != actual or type(shown) is not type(actual):
        return [f"{where}: shown {shown!r}, got {actual!r}"]
    return []


def test_the_example_sessions_are_what_the_reference_answers() -> None:
    blocks = sessions()
    assert len(blocks) >= 3
    requests = 0
    for block in blocks:
        server = Server(RefService())
        for no, request, shown in block:
            answer, stop = server.handle_line(request)
            actual = json.loads(answer)
            diffs = shown_differences(json.loads(shown), actual)
            assert not diffs, f"{DOC}:{no + 1}: the answer shown differs from the reference's:\n" + "\n".join(diffs)
            assert schemas.check("response", actual) == [], f"{DOC}:{no + 1}"
            msg = json.loads(request) if "error" not in actual or actual["error"]["code"] == 1 else None
            if msg is not None:
                assert schemas.check("request", msg) == [], f"{DOC}:{no}"
                if "result" in actual:
                    assert schemas.check(f"{msg['method']}.result", actual["result"]) == [], f"{DOC}:{no + 1}"
            requests += 1
            assert stop == (json.loads(request).get("method") == "bye" if "result" in actual else False)
    assert requests >= 20


def test_every_method_feature_schema_and_reason_is_documented() -> None:
    text = doc_text()
    for method in schemas.METHODS:
        assert re.search(rf"^### `{method}`", text, re.M), f"{DOC}: no section for the method {method}"
    assert set(schemas.METHODS) == {*RefService().methods, "bye"}
    for feature in FEATURES:
        assert f"| `{feature}` |" in text, f"{DOC}: the feature {feature} is not in the features table"
    for feature, methods in FEATURE_METHODS.items():
        for method in methods:
            assert re.search(rf"^### `{method}` \(feature `{feature}`\)", text, re.M), (method, feature)
    for path in sorted((spec_dir() / "schemas").glob("*.json")):
        assert f"[{path.name}](schemas/{path.name})" in text, f"{DOC}: {path.name} is not in the schema table"
    for reason in protokit.PROTOCOL_REASONS:
        assert f"`{reason}`" in text, f"{DOC}: the reason code {reason} is not explained"
    for code in ("-32700", "-32600", "-32601", "-32602", "-32603"):
        assert f"| {code} |" in text


def test_every_schema_is_valid_and_named_by_its_file() -> None:
    files = sorted((spec_dir() / "schemas").glob("*.json"))
    assert {f.stem for f in files} >= {*schemas.DATA_TYPES, "jsonrpc", "methods"}
    for path in files:
        schema = json.loads(path.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema", path
        assert schema["$id"] == schemas.BASE + path.name, path
    names = [*schemas.DATA_TYPES, "ruleset", *schemas.ENVELOPES, "play.step"]
    names += [f"{m}.{p}" for m in schemas.METHODS for p in ("params", "result")]
    for name in names:
        schemas.validator(name)  # every name resolves, every $ref inside it too
    with pytest.raises(schemas.SchemaError, match="no schema named 'sate'"):
        schemas.uri("sate")


def test_errors_name_the_json_path() -> None:
    state = RefService().new_hand({"ruleset": {}, "players": 3, "dealer": 1, "stake": 2, "deck": protokit.pack()})
    assert schemas.check("state", state) == []
    state["hands"][2][1] = "10h"
    state["spreads"] = [{"owner": 0, "cards": ["Ah", "Ad"]}]
    del state["stage"]
    errors = schemas.check("state", state)
    assert any(e.startswith("$.hands[2][1]: '10h' does not match") for e in errors), errors
    assert any(e.startswith("$.spreads[0].cards: ") and "too short" in e for e in errors), errors
    assert "$: 'stage' is a required property" in errors
    assert schemas.check("action", {"type": "hit", "card": "Ah", "spread": "first"}) == [
        "$.spread: 'first' is not of type 'integer'"
    ]
    # a negative index is well formed: the engine refuses it as no_such_spread
    assert schemas.check("action", {"type": "hit", "card": "Ah", "spread": -1}) == []
    assert schemas.check("action", {"type": "knock", "card": "Ah"}) == [
        "$: Additional properties are not allowed ('card' was unexpected)"
    ]


def test_a_state_over_must_have_a_result_and_nobody_to_act() -> None:
    state = RefService().new_hand({"ruleset": {}, "players": 2, "dealer": 0, "stake": 1, "deck": protokit.pack()})
    state["stage"] = "over"
    errors = schemas.check("state", state)
    assert any(e.startswith("$.to_act") for e in errors) and any(e.startswith("$.result") for e in errors), errors


def test_observations_may_not_carry_hidden_cards() -> None:
    service = RefService()
    service.new_hand({"ruleset": {}, "players": 2, "dealer": 0, "stake": 1, "deck": protokit.pack()})
    seen = service.observe({"seat": 0})
    assert schemas.check("observation", seen) == []
    for hidden in ("stock", "discard_pile", "dealt"):
        leaked = {**seen, hidden: []}
        errors = schemas.check("observation", leaked)
        assert len(errors) == 1 and errors[0].startswith(f"$.{hidden}: [] should not be valid"), errors


@pytest.mark.parametrize("name", ["state", "legal_actions.result", "request", "response", "observation", "play.result"])
def test_inlined_validators_agree_with_the_registry(name: str) -> None:
    import random

    rng = random.Random(5)
    service = RefService()
    samples: list[Any] = []
    for _ in range(12):
        setup = protokit.setup(rng, ruleset={})
        state = service.new_hand(setup)
        while state["stage"] != "over" and rng.random() < 0.95:
            state = service.act({"seat": state["to_act"], "action": rng.choice(service.legal_actions({}))})
        samples += [
            state,
            {**state, "stage": "drawn"},
            {**state, "hands": [["Zz"]]},
            service.legal_actions({}),
            [{"type": "draw"}],
            {"jsonrpc": "2.0", "id": 1, "method": "act", "params": {"seat": "1", "action": 5}},
            {"jsonrpc": "2.0", "id": 1, "result": state},
            {"jsonrpc": "2.0", "id": 1, "error": {"code": 1, "message": "x", "data": {}}},
            service.observe({"seat": 0}),
            service.play({"setup": setup, "actions": [[0, {"type": "knock"}]], "trace": True}),
        ]
    fast, slow = schemas.validator(name), schemas.ref_validator(name)
    for sample in samples:
        assert fast.is_valid(sample) == slow.is_valid(sample), (name, sample)
