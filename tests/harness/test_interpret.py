"""The one step interpreter: the state it keeps between steps, and when it asks for it."""

from __future__ import annotations

from typing import Any

import tonkfake
from tonkcases import CASES

from tonk_ref.harness.case import Act, Call, Case, Expect, Legal, Observe, Perft
from tonk_ref.harness.interpret import StepInterpreter
from tonk_ref.harness.scenario import parse_scenario

JSON = dict[str, Any]


class Counting(tonkfake.InProcessAdapter):
    """The reference engine, counting the ``state`` requests."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    def state(self) -> JSON:
        self.asked += 1
        return super().state()


class Log(StepInterpreter[str]):
    """Says what each step saw: an action's outcome, an expectation's stage and seat."""

    def __init__(self, adapter: Counting, state: JSON | None) -> None:
        super().__init__(adapter, state)
        self.answers: list[int | None] = []

    def seen(self, index: int | None, step: object, answer: object) -> None:
        self.answers.append(index)

    def act(self, index: int, step: Act) -> str:
        ok, reason = self.perform(index, step)
        return "accepted" if ok else f"refused {reason}"

    def expect(self, index: int, step: Expect) -> str:
        s = self.state()
        return f"{s['stage']} {s['to_act']}"

    def observe(self, index: int, step: Observe) -> str:
        return "observe"

    def legal(self, index: int, step: Legal) -> str:
        return "legal"

    def call(self, index: int, step: Call) -> str:
        return "call"

    def perft(self, index: int, step: Perft) -> str:
        return "perft"


def test_the_state_is_kept_between_steps_and_asked_for_only_when_unknown() -> None:
    case: Case = parse_scenario(CASES["h-pass-knock"], "sc/h-pass-knock.yaml")
    assert case.setup is not None
    draw = {"type": "draw", "from": "stock"}
    steps = (Act(1, draw, refuse="not_your_turn"), Expect({}), Act(0, draw), Expect({}), Act(0, {"type": "knock"}),
             Expect({}))
    engine = Counting()
    dealt = engine.new_hand(case.setup)
    walk = Log(engine, dealt)
    assert walk.run(steps) == ["refused not_your_turn", "start 0", "accepted", "drawn 0", "refused knock_timing",
                               "drawn 0"]
    assert engine.asked == 0  # the deal's state, then each accepted action's answer
    assert walk.answers == [2]  # the accepted action's answer, as the engine gave it
    assert walk.final_state()["stage"] == "drawn" and engine.asked == 0

    fresh = Counting()
    fresh.new_hand(case.setup)
    unknown = Log(fresh, None)  # the deal's state not handed on: asked for once, when needed
    assert unknown.run(steps[:2]) == ["refused not_your_turn", "start 0"]
    assert fresh.asked == 1 and unknown.answers == [1]
    unknown.forget()
    assert unknown.final_state()["to_act"] == 0 and fresh.asked == 2 and unknown.answers == [1, None]

