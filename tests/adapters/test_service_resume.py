"""``play`` resumes from the last hand it played when the next one plays the same setup
object, unchanged, and begins with the same actions: every answer is the one a fresh
service gives."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tonk_ref.adapters.base import Rejected
from tonk_ref.adapters.service import RefService
from tonk_ref.engine.cards import full_deck, names
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.harness.case import new_hand_setup

JSON = dict[str, Any]


def _setup(seed: int) -> JSON:
    """A seeded deal of three seats that does not end at the deal."""
    rng = random.Random(seed)
    while True:
        deck = full_deck()
        rng.shuffle(deck)
        setup = new_hand_setup(DEFAULT, 3, 0, 1, names(deck))
        if RefService().new_hand(setup)["to_act"] is not None:
            return setup


def _script(setup: JSON, moves: int, seed: int) -> list[list[Any]]:
    """Actions a seeded policy plays from the deal (knocking only when nothing else is
    legal), with an action refused along the way."""
    service = RefService()
    service.new_hand(setup)
    rng = random.Random(seed)
    out: list[list[Any]] = []
    for _ in range(moves):
        state = service.state({})
        if state["to_act"] is None:
            break
        if len(out) == 2:
            out.append([(state["to_act"] + 1) % 3, {"type": "draw", "from": "stock"}])  # not that seat's turn
        legal = service.legal_actions({})
        action = rng.choice([a for a in legal if a["type"] not in ("knock", "declare")] or legal)
        service.act({"seat": state["to_act"], "action": action})
        out.append([state["to_act"], action])
    return out


def _fresh(params: JSON) -> JSON:
    out: JSON = RefService().play(params)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_plays_of_one_setup_answer_as_a_fresh_service_does(seed: int) -> None:
    setup = _setup(seed)
    script = _script(setup, 12, seed)
    assert len(script) > 6
    service = RefService()
    sibling = [*script[:4], [script[4][0], {"type": "knock"}]]
    malformed = [*script[:3], ["0", {"type": "knock"}]]
    for actions, trace in [(script, False), (script[:3], False), (script[:5], True), (script, True),
                           (sibling, False), (script[:5], False), (script[:8] + script[8:], False), ([], False),
                           (malformed, True), (script[:1], False)]:
        params = {"setup": setup, "actions": [list(a) for a in actions], "trace": trace}
        assert service.play(params) == _fresh(params), (len(actions), trace)
        # the hand played on afterwards is the service's own, not one kept to resume from
        if service.hand is not None and not service.hand.is_over:
            seat = service.state({})["to_act"]
            service.act({"seat": seat, "action": service.legal_actions({})[0]})


def test_a_setup_changed_in_place_is_dealt_again() -> None:
    setup = _setup(4)
    script = _script(setup, 6, 4)
    service = RefService()
    service.play({"setup": setup, "actions": script})
    setup["dealer"] = 1
    setup["deck"][0], setup["deck"][5] = setup["deck"][5], setup["deck"][0]
    params = {"setup": setup, "actions": script[:3]}
    assert service.play(params) == _fresh(params)
    assert service.new_hand(setup) == RefService().new_hand(setup)


def test_a_seat_sent_as_a_boolean_is_not_the_seat_it_equals() -> None:
    """``[True, action]`` is malformed, though ``True == 1``: it ends what two plays share."""
    setup = _setup(5)
    script = _script(setup, 6, 5)
    service = RefService()
    service.play({"setup": setup, "actions": script})
    again = [[bool(seat) if i == 1 else seat, action] for i, (seat, action) in enumerate(script)]
    answer = service.play({"setup": setup, "actions": again})
    assert answer == _fresh({"setup": setup, "actions": again})
    assert answer["steps"][1]["reason"] == "malformed_action"


def test_new_hand_after_a_play_of_the_same_setup_is_the_deal() -> None:
    setup = _setup(6)
    service = RefService()
    service.play({"setup": setup, "actions": _script(setup, 4, 6)})
    assert service.new_hand(setup) == RefService().new_hand(setup)


def test_a_hand_of_another_class_is_not_kept() -> None:
    class Other(Hand):
        __slots__ = ()

    service = RefService(hand_class=Other)
    setup = _setup(7)
    service.play({"setup": setup, "actions": _script(setup, 4, 7)})
    assert service._played is None


def _decoded(params: JSON) -> JSON:
    """``params`` as a server decodes them from a line: new objects, equal to the sent."""
    out: JSON = json.loads(json.dumps(params))
    return out


@pytest.mark.parametrize("seed", [8, 9])
def test_a_service_that_owns_its_requests_resumes_from_equal_ones(seed: int, monkeypatch: pytest.MonkeyPatch
                                                                  ) -> None:
    """Served, each play arrives as new objects: an equal setup and equal actions resume
    (the deal is made once), and every answer is a fresh service's."""
    setup = _setup(seed)
    script = _script(setup, 10, seed)
    service = RefService(owns_requests=True)
    deals: list[object] = []
    real = service._setup
    monkeypatch.setattr(service, "_setup", lambda p: deals.append(p) or real(p))
    for actions, trace in [(script, False), (script[:3], False), (script[:6], True), (script, False)]:
        params = _decoded({"setup": setup, "actions": [list(a) for a in actions], "trace": trace})
        assert service.play(params) == _fresh(params)
    assert len(deals) == 1


@pytest.mark.parametrize(("first", "then"), [(0, False), (1, 1.0), (0, 0.0)])
def test_what_equals_in_python_but_is_written_otherwise_is_played_again(first: int, then: object) -> None:
    """``false`` and ``0.0`` equal ``0`` in Python, but an engine must judge them as
    written: a play whose action or setup holds one where the last held the number is
    played afresh, never resumed from."""
    setup = _setup(10)
    script = _script(setup, 8, 10)
    service = RefService(owns_requests=True)
    card = setup["deck"][0]
    hit = [script[3][0], {"type": "hit", "card": card, "spread": first}]
    service.play(_decoded({"setup": setup, "actions": [*script[:3], hit]}))
    odd = [script[3][0], {"type": "hit", "card": card, "spread": then}]
    params = _decoded({"setup": setup, "actions": [*script[:3], odd]})
    answer = service.play(params)
    assert answer == _fresh(params)
    assert answer["steps"][3]["reason"] == "malformed_action"
    stake = _decoded({"setup": {**setup, "stake": True}, "actions": script[:4]})
    with pytest.raises(Rejected, match="stake must be a positive integer"):
        service.play(stake)
    with pytest.raises(Rejected, match="stake must be a positive integer"):
        _fresh(stake)
