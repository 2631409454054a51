"""``tonk diff --format html``: the witnesses of two rulesets' disagreement as one page,
each situation drawn as cards (as a ruling draws it), the two outcomes side by side, the
deciding rule in the words of each ruleset, and the scenario file.

The command puts the search into words (:class:`DiffPage`); ``templates/diff.html.j2`` lays
them out with the styles of a ruling.
"""

from __future__ import annotations

from dataclasses import dataclass

from .htmlpage import render
from .ruling_html import Quote, State


@dataclass(frozen=True)
class Witness:
    """A situation the two rulesets settle differently."""

    rule: str  # the deciding rule
    description: str
    start: State | None  # under A (None: it cannot arise there)
    acts: tuple[str, ...]
    under_a: str
    under_b: str
    said: Quote | None  # the rule in the words of each side
    check: str  # the judge command that shows it
    scenario: str  # the scenario file (empty: see the note)
    scenario_note: str


@dataclass(frozen=True)
class DiffPage:
    a: str
    b: str
    changes: str
    witnesses: tuple[Witness, ...]
    nothing: str  # what the search found when it found no witness
    inert: tuple[tuple[str, str], ...]  # (option, why it cannot change a hand)
    searched: int
    seconds: float


def diff_page(page: DiffPage) -> str:
    """The whole page of a diff."""
    return render("diff.html.j2", title=f"Tonk diff: {page.a} / {page.b}", page=page)
