"""Coverage that means what it says: at a table, which rules apply and which refusal reasons
can be reached (spec data: :mod:`tonk_ref.rulebook.applicability`), and how many of the cases
that ran exercised each.

A case *exercises* a rule when the reference engine cites it playing the case at the table
(an event, a refusal or a payment), or, for a case written for people (not generated),
when the case names it; it exercises a reason code when one of its actions must be refused
with that code.  A rule or reason that applies and is exercised by fewer than
:data:`TARGET` cases is *uncovered*, and the report says why: how many cases exercised it,
and, where the engine skipped cases that would have, what it did not declare.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine.ruleset import Ruleset
from ...rulebook.applicability import reasons_reachable, rules_that_apply
from ..case import Act, Case
from ..results import CaseResult

JSON = dict[str, Any]
#: How many cases that ran must exercise each rule that applies and each reason that can be reached.
TARGET = 2


@dataclass(frozen=True, slots=True)
class Exercise:
    """What one case exercises: rule IDs and reason codes."""

    rules: frozenset[str] = frozenset()
    reasons: frozenset[str] = frozenset()


def exercise_of(case: Case, cited: Iterable[str] | None) -> Exercise:
    """What ``case`` exercises, given the rules the reference cites playing it (None where
    it cannot be measured so: then the rules it names)."""
    rules = set(cited or ())
    if case.origin != "generated" or cited is None:
        rules |= set(case.rules)
    reasons = {s.refuse for s in case.steps if isinstance(s, Act) and isinstance(s.refuse, str)}
    return Exercise(frozenset(rules), frozenset(reasons))


@dataclass(slots=True)
class Coverage:
    """The rules that apply and the reasons that can be reached at one ruleset, each with
    the number of cases that ran and exercised it; the uncovered ones with why."""

    rules: dict[str, int] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)
    uncovered: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {"rules": self.rules, "reasons": self.reasons, "uncovered": self.uncovered, "target": TARGET}


def measure(rules: Ruleset, ran: Sequence[tuple[Case, Exercise]], skipped: Sequence[tuple[CaseResult, Exercise]] = (),
            only: Iterable[str] | None = None) -> Coverage:
    """The coverage at ``rules`` of the cases that ran (``only``: just these rules and
    reasons); ``skipped``: the cases the engine did not run, to say what would have covered
    an uncovered rule."""
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
    return out


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
