"""The one interpreter of a case's steps, played one request per step on an adapter.

The runner (checking an engine step by step) and the retargeting (playing a case on the
reference engine under a table's rules) both walk a case's script with a
:class:`StepInterpreter`: it takes the steps in order, plays each action on the adapter,
keeps the state the engine last answered (an accepted action's answer; a refused action
leaves it as it was) and asks for it only when a step needs it and it is not known, and
hands each step to the method for its kind.  What a step then means is the subclass's:
the runner compares, the retargeting keeps or derives.

The runner's one-``play`` way of running a case reads its states from that one answer and
is not an interpreter of this kind (:mod:`.runner`).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from ..adapters.base import JSON, Adapter, Rejected
from .case import Act, Call, Expect, Legal, Observe, Perft, Step
from .compare import ABSENT

T = TypeVar("T")


def is_state(x: object) -> bool:
    """Whether an answer is a state (an accepted action may answer something else)."""
    return isinstance(x, dict) and "hands" in x


class StepInterpreter(ABC, Generic[T]):
    """Walks steps on ``adapter``, from ``state`` (the state after the deal; None: not known)."""

    def __init__(self, adapter: Adapter, state: JSON | None = None) -> None:
        self.adapter = adapter
        #: the state the engine last answered; None: to be asked for when a step needs it
        self.last: JSON | None = state
        #: the step in hand (-1, None: the deal; None, None: the final result)
        self.at: tuple[int | None, Step | None] = (-1, None)

    # -- what the subclass may watch -------------------------------------------------
    def begin(self, index: int, step: Step) -> None:
        """Called before each step."""

    def seen(self, index: int | None, step: Step | None, answer: object) -> None:
        """Called with each state the engine answered: to an accepted action, or when asked."""

    # -- the state and the actions -------------------------------------------------------
    def state(self) -> JSON:
        """The current state, asked for when it is not known."""
        if self.last is None:
            self.last = self.adapter.state()
            self.seen(*self.at, self.last)
        return self.last

    def final_state(self) -> JSON:
        """The state after the whole script (for the case's final result)."""
        self.at = (None, None)
        return self.state()

    def perform(self, index: int, step: Act) -> tuple[bool, str | None]:
        """Play the action: whether it was accepted, and the reason it was refused."""
        try:
            answer = self.adapter.act(step.seat, step.action)
        except Rejected as e:
            return False, e.reason  # the state is as it was
        self.last = answer if is_state(answer) else None
        self.seen(index, step, answer)
        return True, None

    def forget(self) -> None:
        """Ask for the state again the next time a step needs it."""
        self.last = None

    # -- the walk --------------------------------------------------------------------
    def run(self, steps: Sequence[Step]) -> list[T]:
        """Each step in order, handed to the method for its kind; what they return."""
        out: list[T] = []
        for i, step in enumerate(steps):
            self.at = (i, step)
            self.begin(i, step)
            if isinstance(step, Act):
                out.append(self.act(i, step))
            elif isinstance(step, Expect):
                out.append(self.expect(i, step))
            elif isinstance(step, Observe):
                out.append(self.observe(i, step))
            elif isinstance(step, Legal):
                out.append(self.legal(i, step))
            elif isinstance(step, Call):
                out.append(self.call(i, step))
            elif isinstance(step, Perft):
                out.append(self.perft(i, step))
        return out

    @abstractmethod
    def act(self, index: int, step: Act) -> T: ...

    @abstractmethod
    def expect(self, index: int, step: Expect) -> T: ...

    @abstractmethod
    def observe(self, index: int, step: Observe) -> T: ...

    @abstractmethod
    def legal(self, index: int, step: Legal) -> T: ...

    @abstractmethod
    def call(self, index: int, step: Call) -> T: ...

    @abstractmethod
    def perft(self, index: int, step: Perft) -> T: ...


_PATH = re.compile(r"^(?:len\((?P<len>\w+)\)|(?P<key>\w+)(?:\[(?P<index>\d+)\])?)$")


def answer_at(answer: object, path: str) -> Any:
    """The value a match answer's expectation names: ``key``, ``key[i]`` (an item of a
    list) or ``len(key)`` (a list's length); absent when the answer lacks it."""
    m = _PATH.match(path)
    if m is None or not isinstance(answer, dict):
        return ABSENT
    value = answer.get(m["len"] or m["key"], ABSENT)
    if m["len"]:
        return len(value) if isinstance(value, list) else ABSENT
    if m["index"] is not None:
        i = int(m["index"])
        return value[i] if isinstance(value, list) and i < len(value) else ABSENT
    return value
