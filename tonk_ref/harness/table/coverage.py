"""Coverage that means what it says: at a table, which rules apply and which refusal reasons
can be reached (spec data: :mod:`tonk_ref.rulebook.applicability`), and how many of the cases
that ran exercised each; and the same per clause of a rule (its exceptions, its ties, its
order of checks: the ``clauses`` of spec/rules.yaml) and per refusal reason at each seat
count the table allows.

A case *exercises* a rule when the reference engine cites it playing the case at the table
(an event, a refusal or a payment), or, for a case written for people (not generated),
when the case names it; it exercises a reason code when one of its actions must be refused
with that code.  A rule or reason that applies and is exercised by fewer than
:data:`TARGET` cases is *uncovered*, and the report says why: how many cases exercised it,
and, where the engine skipped cases that would have, what it did not declare.

A case exercises a clause when the clause's witness holds of its play on the reference
(:mod:`.clauses`), at the case's seat count.  Each clause that can arise at the table is
counted at each seat count the table allows from its fewest, and each reason at each seat
count; a *cell* (``RULE/clause@3p``, ``hit_lock@4p``) that fewer than :data:`CELL_TARGET`
cases exercise is uncovered too.  A clause that cannot arise at the table, or not at some
seat count, is *unreachable*, with why (spec data: the options that keep it out, the seats
it needs).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...engine.ruleset import Ruleset
from ...rulebook.applicability import (
    clause_cells,
    reasons_reachable,
    rules_that_apply,
    seat_counts,
    unreachable_clauses,
)
from ..case import Act, Call, Case, Perft
from ..results import CaseResult

if TYPE_CHECKING:
    from ...adapters.reference import Playout

JSON = dict[str, Any]
#: How many cases that ran must exercise each rule that applies and each reason that can be reached.
TARGET = 2
#: How many cases that ran must exercise each clause and each reason at each seat count.
CELL_TARGET = 1


@dataclass(frozen=True, slots=True)
class Exercise:
    """What one case exercises: rule IDs, reason codes and clauses (``RULE/clause``), at
    its seat count (0: a case that deals no hand)."""

    rules: frozenset[str] = frozenset()
    reasons: frozenset[str] = frozenset()
    clauses: frozenset[str] = frozenset()
    players: int = 0

    def cells(self) -> set[str]:
        """The clauses and reasons it exercises at its seat count: ``KEY@Np``."""
        if not self.players:
            return set()
        return {f"{k}@{self.players}p" for k in (*self.clauses, *self.reasons)}


def exercise_of(case: Case, cited: Iterable[str] | None, clauses: Iterable[str] = ()) -> Exercise:
    """What ``case`` exercises, given the rules the reference cites playing it (None where
    it cannot be measured so: then the rules it names) and the clauses its play shows."""
    rules = set(cited or ())
    if case.origin != "generated" or cited is None:
        rules |= set(case.rules)
    reasons = {s.refuse for s in case.steps if isinstance(s, Act) and isinstance(s.refuse, str)}
    players = case.setup.get("players") if case.setup is not None else None
    return Exercise(frozenset(rules), frozenset(reasons), frozenset(clauses),
                    players if isinstance(players, int) and not case.deal_refused else 0)


def exercised_by(case: Case) -> tuple[str, ...] | None:
    """The rule IDs the reference engine cites playing ``case`` (its events, its refusals,
    its payments), or None for a case it cannot measure so (one that deals no hand, makes
    match requests or checks a refused deal: it is counted by the rules it names)."""
    played = _played_on_reference(case)
    if played is None:
        return None
    return _cited(case, played)


def _played_on_reference(case: Case) -> Playout | None:
    from ...adapters import reference as R

    if case.setup is None or case.deal_refused or any(isinstance(s, Call) for s in case.steps):
        return None
    try:
        return R.replay(case.setup, case.actions, trace=False)
    except Exception:  # a setup the reference refuses
        return None


def _cited(case: Case, played: Playout) -> tuple[str, ...]:
    cited = set(played.cited)
    if any(isinstance(s, Perft) for s in case.steps):
        cited |= set(case.rules)
    return tuple(sorted(cited))


def measured(case: Case) -> Exercise:
    """What ``case`` exercises, measured on the reference engine: the rules it cites
    (:func:`exercised_by`), the reasons its steps refuse, and the clauses its play shows
    (:mod:`.clauses`), at its seat count."""
    from .clauses import Played, clauses_shown

    played = _played_on_reference(case)
    if played is None:
        return exercise_of(case, None)
    return exercise_of(case, _cited(case, played), clauses_shown(Played.of(played)))


def measured_in_part(case: Case, at: int) -> Exercise:
    """What ``case`` run in part (up to its step ``at``, :meth:`~..case.Case.prefix`)
    exercises: as :func:`measured`, but only the rules the reference cites playing those
    steps, not those the case names (the steps left out may be what checks them)."""
    from .clauses import Played, clauses_shown

    part = case.prefix(at)
    played = _played_on_reference(part)
    if played is None:
        named = exercise_of(part, None)
        return Exercise(reasons=named.reasons, players=named.players)
    whole = exercise_of(part, _cited(part, played), clauses_shown(Played.of(played)))
    return Exercise(frozenset(_cited(part, played)), whole.reasons, whole.clauses, whole.players)


def cells_wanted(rules: Ruleset) -> tuple[str, ...]:
    """The cells coverage counts at a table: each clause that can arise at each seat count
    from its fewest, then each reason that can be reached at each seat count."""
    seats = seat_counts(rules)
    return (*(f"{k}@{n}p" for k, n in clause_cells(rules)),
            *(f"{r}@{n}p" for r in reasons_reachable(rules) for n in seats))


@dataclass(slots=True)
class Coverage:
    """The rules that apply and the reasons that can be reached at one ruleset, each with
    the number of cases that ran and exercised it; the uncovered ones with why."""

    rules: dict[str, int] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)
    uncovered: dict[str, str] = field(default_factory=dict)
    #: the seat counts counted; clause -> seat count -> cases; reason -> seat count -> cases
    seats: tuple[int, ...] = ()
    clauses: dict[str, dict[str, int]] = field(default_factory=dict)
    reasons_at: dict[str, dict[str, int]] = field(default_factory=dict)
    #: the clauses (or clause at a seat count) that cannot arise at the table, with why
    unreachable: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> JSON:
        out: JSON = {"rules": self.rules, "reasons": self.reasons, "uncovered": self.uncovered, "target": TARGET}
        if self.seats:
            out.update(seats=list(self.seats), clauses=self.clauses, reasons_at=self.reasons_at,
                       unreachable=self.unreachable, cell_target=CELL_TARGET)
        return out


def measure(rules: Ruleset, ran: Sequence[tuple[Case, Exercise]], skipped: Sequence[tuple[CaseResult, Exercise]] = (),
            only: Iterable[str] | None = None, cells: bool = True) -> Coverage:
    """The coverage at ``rules`` of the cases that ran (``only``: just these rules and
    reasons, and no clauses or seat counts; ``cells``: the clauses and the reasons at each
    seat count too); ``skipped``: the cases the engine did not run, to say what would have
    covered an uncovered rule."""
    keep = None if only is None else frozenset(only)
    want_rules = rules_that_apply(rules, keep)
    want_reasons = reasons_reachable(rules, keep)
    by_rule = Counter(r for _, e in ran for r in e.rules)
    by_reason = Counter(r for _, e in ran for r in e.reasons)
    out = Coverage({r: by_rule[r] for r in want_rules}, {r: by_reason[r] for r in want_reasons})
    for name, n in [*out.rules.items(), *out.reasons.items()]:
        if n >= TARGET:
            continue
        needs = Counter(str(need) for result, e in skipped if name in e.rules or name in e.reasons
                        for need in result.needs if need.kind != "table")
        why = f"{n} case{'s' if n != 1 else ''} exercised it"
        if needs:
            need, count = needs.most_common(1)[0]
            why += f"; {count} more {need.replace('needs ', 'need ', 1)}"
        out.uncovered[name] = why
    if keep is None and cells:
        _measure_cells(rules, ran, skipped, out)
    return out


def _measure_cells(rules: Ruleset, ran: Sequence[tuple[Case, Exercise]],
                   skipped: Sequence[tuple[CaseResult, Exercise]], out: Coverage) -> None:
    """The clauses and reasons at each seat count (``out.clauses``, ``out.reasons_at``),
    the cells below :data:`CELL_TARGET` among the uncovered, and the unreachable clauses."""
    out.seats = seat_counts(rules)
    cells = Counter(c for _, e in ran for c in e.cells())
    for name, n in clause_cells(rules):
        out.clauses.setdefault(name, {})[str(n)] = cells[f"{name}@{n}p"]
    for reason in reasons_reachable(rules):
        out.reasons_at[reason] = {str(n): cells[f"{reason}@{n}p"] for n in out.seats}
    for cell in cells_wanted(rules):
        n = cells[cell]
        if n >= CELL_TARGET:
            continue
        needs = Counter(str(need) for result, e in skipped if cell in e.cells()
                        for need in result.needs if need.kind != "table")
        why = f"{n} case{'s' if n != 1 else ''} exercised it"
        if needs:
            need, count = needs.most_common(1)[0]
            why += f"; {count} more {need.replace('needs ', 'need ', 1)}"
        out.uncovered[cell] = why
    out.unreachable = dict(unreachable_clauses(rules))


@functools.cache
def changed_by(option: str) -> frozenset[str]:
    """The rules and reasons an option changes: those that name it among their options or
    in the conditions of where they apply."""
    from ...rulebook.book import load_reasons, load_rules

    changed = {r.id for r in load_rules() if option in r.options or option in r.applies.options}
    changed |= {r.code for r in load_reasons() if option in r.applies.options}
    return frozenset(changed)


def profile_coverage(option: str, value: object, ran: Sequence[tuple[Case, Exercise]]) -> Coverage:
    """A profile's coverage: the rules and reasons the option changes (:func:`changed_by`),
    at the defaults with ``option = value``."""
    return measure(Ruleset().replace(**{option: value}), ran, only=changed_by(option))
