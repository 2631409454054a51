"""``tonk explain --format html``: a replay as one self-contained page: the deal (or the
situation) drawn as cards, then each step with its events, each event with its rule in
the sentence that holds under the ruleset in play and where the rule comes from, a
refusal with its reason and deciding rules, the table after the step, and the result.
The cards and the rule quotes are drawn as in a ruling (:mod:`.ruling_html`).

The command puts the replay into words (:class:`ReplayPage`); ``templates/replay.html.j2``
lays them out, with the styles of a ruling and ``static/replay.css``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .htmlpage import render
from .ruling_html import Pay, Quote, State


@dataclass(frozen=True)
class Said:
    """An event in words, with the rules it applies quoted."""

    text: str
    quotes: tuple[Quote, ...]


@dataclass(frozen=True)
class Step:
    """One step of the script, played: ``kind`` is ``over`` (not played: the hand had
    ended), ``malformed``, ``refused`` or ``played``."""

    index: int
    seat: int
    words: str  # the action
    where: str  # where it is written
    kind: str
    left: int = 0  # the steps after it
    reason: str = ""  # a refusal: its reason code and message, what the code means, the deciding rules
    message: str = ""
    meaning: str = ""
    deciding: tuple[Quote, ...] = ()
    expects_refusal: bool = False  # the script expects the action refused
    expected: str = ""  # ' (for REASON)' when it expects another reason; played: the reason it expects
    events: tuple[Said, ...] = ()
    settlement: tuple[tuple[str, Quote], ...] = ()  # how an ended hand was counted
    pays: tuple[Said, ...] = ()
    table: State | None = None


@dataclass(frozen=True)
class Result:
    """The end of the replay: the hand's result, or who is to act."""

    over: bool
    to_act: int | None = None
    stage: str = ""
    ending: str = ""
    totals: str = ""
    payments: tuple[Pay, ...] = ()
    net: str = ""
    winners: str = ""


@dataclass(frozen=True)
class ReplayPage:
    described: tuple[str, ...]
    rules: str
    from_deal: bool
    deal: tuple[Said, ...]  # the deal's events (from a deal)
    start: State
    steps: tuple[Step, ...]
    result: Result
    command: str = ""


def replay_page(page: ReplayPage) -> str:
    """The whole page of a replay."""
    return render("replay.html.j2", title=f"Tonk replay: {page.described[0][:80]}", page=page)
