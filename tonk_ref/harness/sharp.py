"""The lint of sharp refusals: a case that expects an action to be refused must choose an
action that breaks exactly the rule it names.

A refusal is *sharp* when the reference engine finds one reason to refuse the action, the
one expected (spec/tonk.md, "Reason codes" and "Which code when several apply").  Only a
sharp refusal catches both an engine that wrongly accepts the action under that rule (it
finds no other reason to refuse) and one that refuses it for the wrong reason.  An action
that breaks several rules is *blunt*: an engine without the rule under test still refuses
it, for another of them.  A step that expects a refusal for any reason
(``reject: true``) is sharp when exactly one reason is found.

The reasons are asked of the reference engine through :mod:`tonk_ref.adapters.sharpness`,
replaying the case's actions in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..adapters.sharpness import refusal_reasons
from .case import JSON, Act, Case


@dataclass(frozen=True, slots=True)
class Blunt:
    """One step of a case whose expected refusal is not sharp."""

    case: str  # the case id
    step: int  # the step's index in the case
    line: int  # where the step is written
    action: str  # the action, in the project's notation ("0 spread Jc 2d 3s")
    expected: str | bool  # the reason expected, or True for any reason
    found: tuple[str, ...]  # every reason the reference finds, in the order it checks them

    def __str__(self) -> str:
        expected = "any one reason" if self.expected is True else self.expected
        found = ", ".join(self.found) if self.found else "none: the action is legal"
        return f"{self.case} (line {self.line}, step {self.step}): {self.action}: expects {expected}, breaks {found}"


def is_sharp(expected: str | bool, found: tuple[str, ...]) -> bool:
    """Whether reasons ``found`` make a sharp refusal for ``expected`` (a code, or True)."""
    if expected is True:
        return len(found) == 1
    return found == (expected,)


def blunt_refusals(case: Case) -> list[Blunt]:
    """Every Act step of ``case`` that expects a refusal whose action is not sharp, in the
    order of the steps.  A case that deals no hand, or whose deal must be refused, has none."""
    if case.setup is None or case.deal_refused:
        return []
    setup: JSON = case.setup
    moves: list[tuple[int, JSON]] = []
    out: list[Blunt] = []
    for i, step in enumerate(case.steps):
        if not isinstance(step, Act):
            continue
        expected = step.refuse
        if expected is not None and expected is not False:
            found = tuple(reason for reason, _ in refusal_reasons(setup, moves, step.seat, step.action))
            if not is_sharp(expected, found):
                out.append(Blunt(case.id, i, step.line, step.notation, expected, found))
        moves.append((step.seat, step.action))
    return out
