"""The in-process adapter and the stdio adapter over ``tonk serve`` are interchangeable:
the same requests get the same answers, refusals included (reason, message and rule),
over a few hundred random hands played through ``legal_actions`` with random illegal
actions mixed in.  Every answer of the first hands is also checked against the schemas."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import protokit
import pytest

from tonk_ref.adapters.base import Adapter, Rejected
from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.adapters.stdio_client import StdioAdapter

HANDS = 250
VALIDATED_HANDS = 6
MAX_ACTIONS = 400
#: How often the random player knocks when it may (hands of about 15 actions).
KNOCK = 0.2


@pytest.fixture(scope="module")
def stdio() -> Iterator[StdioAdapter]:
    adapter = StdioAdapter(protokit.SERVE, timeout=20)
    yield adapter
    adapter.close()
    assert adapter.starts == 0 or adapter.exit_code == 0


def answer(fn: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "ok", fn()
    except Rejected as e:
        return "rejected", (e.reason, e.message, e.rule)


class Twins:
    """Sends every request to both adapters and asserts the answers are identical.
    ``validate``: ``b`` is a validating stdio adapter (every message checked both ways),
    so only schema-valid requests are sent."""

    def __init__(self, a: Adapter, b: Adapter, validate: bool) -> None:
        self.a, self.b, self.validate = a, b, validate
        self.requests = 0
        self.rejections: dict[str, int] = {}

    def same(self, what: str, method: str, *args: Any) -> tuple[str, Any]:
        """Call ``method(*args)`` on both adapters; the answers must be identical."""
        got_a = answer(lambda: getattr(self.a, method)(*args))
        got_b = answer(lambda: getattr(self.b, method)(*args))
        self.requests += 1
        assert got_a == got_b, f"{what}: in process {got_a!r}\nover stdio {got_b!r}"
        kind, value = got_a
        if kind == "rejected":
            self.rejections[value[0]] = self.rejections.get(value[0], 0) + 1
            assert value[0] in protokit.ALL_REASONS, value
        return got_a


def illegal_candidates(rng: random.Random, state: dict[str, Any], legal: list[dict[str, Any]]) -> list[tuple[Any, Any]]:
    """Well-formed actions that are not legal now, malformed ones, and wrong seats."""
    deck = protokit.pack(state.get("ruleset"))
    seat = state["to_act"]
    players = state["players"]
    some = rng.choice(deck)
    out: list[tuple[Any, Any]] = [
        (seat, {"type": "draw", "from": rng.choice(["stock", "discard"])}),
        (seat, {"type": "discard", "card": some}),
        (seat, {"type": "spread", "cards": rng.sample(deck, 3)}),
        (seat, {"type": "hit", "card": some, "spread": rng.randrange(3)}),
        (seat, {"type": "knock"}),
        (seat, {"type": "knock", "discard": some}),
        (seat, {"type": "discard", "card": "1x"}),
        (seat, {"type": "fold"}),
        (seat, {"type": "draw", "from": "stock", "extra": 1}),
        (seat, "knock"),
        ("0", {"type": "knock"}),
    ]
    if seat is not None:
        out.append(((seat + 1) % players, legal[0] if legal else {"type": "knock"}))
    return [(s, a) for s, a in out if s != seat or a not in legal]


def play_one(rng: random.Random, twins: Twins) -> None:
    setup = protokit.setup(rng)
    kind, state = twins.same("new_hand", "new_hand", setup)
    if kind == "rejected":
        return
    if state["stage"] != "over":
        twins.same("new_hand again", "new_hand", setup)
    played: list[tuple[Any, Any]] = []
    outcomes: list[str | None] = []  # None: accepted; else the reason of the refusal
    for _ in range(MAX_ACTIONS):
        _, legal = twins.same("legal_actions", "legal_actions")
        if state["stage"] == "over":
            assert legal == []
            break
        if rng.random() < 0.3:
            candidates = illegal_candidates(rng, state, legal)
            if twins.validate:  # a validating client refuses to send a seat that is not an integer
                candidates = [(s, a) for s, a in candidates if isinstance(s, int)]
            seat, bad = rng.choice(candidates)
            kind, refusal = twins.same(f"illegal {seat} {bad}", "act", seat, bad)
            assert kind == "rejected", (seat, bad)
            played.append((seat, bad))
            outcomes.append(refusal[0])
            _, after = twins.same("state after a refusal", "state")
            assert after == state, "a refused action changed the state"
        if rng.random() < 0.2:
            watcher = rng.randrange(state["players"])
            twins.same("observe", "observe", watcher)
        knocks = [a for a in legal if a["type"] == "knock"]
        others = [a for a in legal if a["type"] != "knock"]
        action = rng.choice(knocks if knocks and (not others or rng.random() < KNOCK) else others)
        seat = state["to_act"]
        kind, state = twins.same(f"act {seat} {action}", "act", seat, action)
        assert kind == "ok", f"a legal action was refused: {action} -> {state}"
        played.append((seat, action))
        outcomes.append(None)
    else:
        pytest.fail(f"the hand did not end within {MAX_ACTIONS} actions: {setup}")
    twins.same("state at the end", "state")
    twins.same("act after the end", "act", 0, {"type": "knock"})
    trace = rng.random() < 0.5
    _, result = twins.same("play", "play", setup, played, trace)
    assert result["state"] == state, "play ended in another state than act by act"
    assert [None if s["ok"] else s["reason"] for s in result["steps"]] == outcomes
    if trace:
        assert len(result["states"]) == len(played)
        assert result["states"][-1:] in ([], [state])


def test_in_process_and_stdio_give_identical_answers(stdio: StdioAdapter) -> None:
    rng = random.Random(20261130)
    validated = StdioAdapter(protokit.SERVE, timeout=20, validate=True)
    try:
        checked = Twins(InProcessAdapter(), validated, validate=True)
        for _ in range(VALIDATED_HANDS):
            play_one(rng, checked)
        twins = Twins(InProcessAdapter(), stdio, validate=False)
        for _ in range(HANDS - VALIDATED_HANDS):
            play_one(rng, twins)
    finally:
        validated.close()
    assert validated.exit_code == 0
    total = twins.requests + checked.requests
    rejections = {
        k: twins.rejections.get(k, 0) + checked.rejections.get(k, 0) for k in {*twins.rejections, *checked.rejections}
    }
    # the random illegal actions reach a good spread of reasons
    assert total > 5000, total
    for reason in ("not_your_turn", "malformed_action", "already_drawn", "must_draw_first", "not_in_hand", "hand_over"):
        assert rejections.get(reason, 0) > 0, (reason, rejections)


def test_hello_and_errors_before_a_hand_are_identical(stdio: StdioAdapter) -> None:
    fresh = StdioAdapter(protokit.SERVE)
    try:
        twins = Twins(InProcessAdapter(), fresh, validate=True)
        twins.same("hello", "hello")
        for method in ("state", "legal_actions"):
            kind, value = twins.same(method, "call", method, {})
            assert (kind, value[0]) == ("rejected", "no_hand")
        kind, value = twins.same("act", "act", 0, {"type": "knock"})
        assert (kind, value[0]) == ("rejected", "no_hand")
        kind, value = twins.same("observe", "observe", 0)
        assert (kind, value[0]) == ("rejected", "no_hand")
        bad_setup = {"ruleset": {"ace": "sometimes"}, "players": 2, "dealer": 0, "stake": 1, "deck": protokit.pack()}
        kind, value = twins.same("new_hand", "new_hand", bad_setup)
        assert (kind, value[0]) == ("rejected", "unsupported_option")
        short = {"ruleset": {}, "players": 2, "dealer": 0, "stake": 1, "deck": protokit.pack()[:51]}
        kind, value = twins.same("new_hand", "new_hand", short)
        assert (kind, value[0]) == ("rejected", "invalid_setup")
        calls: list[tuple[str, dict[str, Any]]] = [
            ("cut", {"players": 3, "cards": ["Ks", "Kh", "2c", "Qd", "Kd"]}),
            ("next_dealer", {"players": 3, "dealer": 2, "result": {"ending": "tonk_out", "winners": [1]}}),
            ("join", {"players": 2, "dealer": 1}),
            ("join", {"players": 3, "dealer": 0}),
            (
                "score",
                {
                    "ruleset": {"scoring": "points"},
                    "players": 3,
                    "scores": [0, 40, 95],
                    "result": {"ending": "knock_caught", "winners": [2], "totals": [9, 20, 4], "knocker": 0},
                },
            ),
        ]
        for method, params in calls:
            kind, _ = twins.same(method, "call", method, params)
            assert kind == ("rejected" if method == "join" and params["players"] == 3 else "ok"), (method, params)
    finally:
        fresh.close()
