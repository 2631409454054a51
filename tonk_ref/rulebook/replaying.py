"""A situation replayed one step at a time (``tonk explain``): what became of each action
of its script (not played because the hand had ended, malformed, refused with the rules
that decide the refusal, or played), the events it caused, how a hand that ended was
counted, and the table after it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..engine.actions import IllegalAction
from ..engine.hand import Event, Hand
from .judging import refusal_rules
from .situation import Played, Situation, Step
from .wording import settlement_lines


@dataclass
class Moment:
    """One step of a replay, played: what became of the action, the events it caused
    (the payments apart), how a hand that ended was counted, and the table after it."""

    index: int  # 1-based
    act: Step
    kind: str  # over (not played: the hand had ended) | malformed | refused | played
    events: list[Event] = field(default_factory=list)
    pays: list[Event] = field(default_factory=list)
    settlement: list[tuple[str, str]] = field(default_factory=list)
    error: IllegalAction | None = None
    deciding: list[str] = field(default_factory=list)  # the rules that decide a refusal
    left: int = 0  # the steps after this one
    table: Hand | None = None  # after the step (None when it changed nothing)


def replay(situation: Situation, hand: Hand) -> Iterator[Moment]:
    """Play the situation's actions on ``hand`` (changed in place), one moment a step; stop
    after a refusal the script does not expect, or at the first step after the end."""
    seen = len(hand.events)
    for i, act in enumerate(situation.acts, 1):
        left = len(situation.acts) - i
        if hand.is_over:
            yield Moment(i, act, "over", left=left)
            return
        if act.action is None:
            yield Moment(i, act, "malformed", left=left)
            continue
        before = hand.copy()
        try:
            hand.apply(act.action, seat=act.seat)
        except IllegalAction as e:
            deciding = refusal_rules(Played("refused", hand, act=act, error=e, before=before))
            yield Moment(i, act, "refused", error=e, deciding=deciding, left=left)
            if act.reject is None:
                return
            continue
        new = hand.events[seen:]
        pays = [e for e in new if e.kind in ("pay", "end")]
        seen = len(hand.events)
        yield Moment(i, act, "played", [e for e in new if e not in pays], pays, settlement_lines(hand), left=left,
                     table=hand.copy())

