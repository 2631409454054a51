"""Which rules apply, and which reason codes can be given, under a table's rules.

A table is a ruleset.  Not every rule can apply at every table: VAR-NOUP-1 only without an
upcard, VAR-KNOCKLIMIT-1 only with a knock limit, DEALT-1 not where there is no dealt tonk.
Nor can every action reason code be given everywhere: ``hit_lock`` only with a hit lock,
``discard_pile_empty`` only where a turn can begin with an empty discard pile.  This is spec
data, the ``applies`` of each rule and reason code in spec/rules.yaml (read and checked by
:mod:`.rulebook`), not something measured by playing hands::

    >>> from tonk_ref.engine.ruleset import Ruleset
    >>> "VAR-HITLOCK-1" in rules_that_apply(Ruleset(hit_lock=1))
    True
    >>> why_not("hit_lock", Ruleset())
    'hit_lock = 0: no hit lock'

The same conditions are written out in spec/tonk.md (an "Applies only where" line under each
rule that has one, and the list "Where a code can be given"); :func:`applies_text` and
:func:`reasons_text` give that text, and scripts/sync_spec.py writes it.
"""

from __future__ import annotations

import functools
from collections.abc import Collection

from ..engine.ruleset import Ruleset
from .book import Applies, Clause, Reason, Rule, Term, load_clauses, load_reasons, load_rules
from .notation import option_text, value_text

__all__ = [
    "applies_text",
    "clause_cells",
    "clauses_that_apply",
    "condition_text",
    "reasons_reachable",
    "reasons_text",
    "rules_that_apply",
    "seat_counts",
    "unreachable_clauses",
    "why_not",
]


@functools.cache
def _rules() -> tuple[Rule, ...]:
    """The active rules of spec/rules.yaml, in file order."""
    return tuple(r for r in load_rules() if r.status != "withdrawn")


@functools.cache
def _reasons() -> tuple[Reason, ...]:
    return tuple(load_reasons())


@functools.cache
def _conditions() -> dict[str, Applies]:
    """Rule ID or reason code -> where it applies (withdrawn rules left out)."""
    out = {r.id: r.applies for r in _rules()}
    out.update((r.code, r.applies) for r in _reasons())
    return out


@functools.lru_cache(maxsize=256)
def rules_that_apply(rules: Ruleset, among: Collection[str] | None = None) -> tuple[str, ...]:
    """The IDs of the rules that can apply at a table playing ``rules``, in the order of
    spec/rules.yaml; withdrawn rules are left out (``among``: only these are asked)."""
    if among is not None:
        return tuple(r.id for r in _rules() if r.id in among and r.applies.holds(rules))
    return tuple(r.id for r in _rules() if r.applies.holds(rules))


@functools.lru_cache(maxsize=256)
def reasons_reachable(rules: Ruleset, among: frozenset[str] | None = None) -> tuple[str, ...]:
    """The action reason codes some action can be refused with at a table playing
    ``rules``, in the order of the table "Reason codes" of spec/tonk.md (``among``: only
    these are asked)."""
    return tuple(r.code for r in _reasons() if (among is None or r.code in among) and r.applies.holds(rules))


def why_not(rule_or_reason: str, rules: Ruleset) -> str | None:
    """Why a rule (by ID) or a reason code cannot apply at a table playing ``rules``: the
    table's values of the options that keep it out and what is missing there
    (``"hit_lock = 0: no hit lock"``); None where it can apply.  An ID or code that
    spec/rules.yaml does not define raises :class:`KeyError`."""
    conditions = _conditions()
    if rule_or_reason not in conditions:
        if any(r.id == rule_or_reason for r in load_rules()):
            return f"{rule_or_reason} is withdrawn"
        raise KeyError(f"{rule_or_reason!r} is neither a rule of spec/rules.yaml nor an action reason code")
    applies = conditions[rule_or_reason]
    if applies.holds(rules):
        return None
    failing = dict.fromkeys(t.option for terms in applies.any_of for t in terms if not t.matches(rules))
    shown = ", ".join(option_text(o, getattr(rules, o)) for o in failing)
    return f"{shown}: {applies.elsewhere}"


# ---------------------------------------------------------------------------- clauses and seats


@functools.cache
def _clauses() -> tuple[Clause, ...]:
    return tuple(load_clauses())


@functools.lru_cache(maxsize=256)
def seat_counts(rules: Ruleset) -> tuple[int, ...]:
    """The seat counts a table playing ``rules`` allows: 2 up to its ``max_players``, each
    that its pack deals (a hand for every player and a card to spare, VAR-HANDSIZE-1)."""
    from ..engine.cards import cards_of, pack_mask

    pack = len(cards_of(pack_mask(rules.deck, rules.jokers)))
    return tuple(n for n in range(2, rules.max_players + 1) if 0 < n * rules.hand_size_for(n) < pack)


def _clause_why_not(clause: Clause, rules: Ruleset) -> str | None:
    """Why ``clause`` cannot arise at any seat count of a table playing ``rules``, or None."""
    why = why_not(clause.rule, rules)
    if why is not None:
        return why
    if not clause.applies.holds(rules):
        failing = dict.fromkeys(t.option for terms in clause.applies.any_of for t in terms if not t.matches(rules))
        return ", ".join(option_text(o, getattr(rules, o)) for o in failing) + f": {clause.applies.elsewhere}"
    return None


@functools.lru_cache(maxsize=256)
def clauses_that_apply(rules: Ruleset) -> tuple[Clause, ...]:
    """The clauses of spec/rules.yaml that can arise at a table playing ``rules`` (their
    rule applies there and so does the clause's own condition), in file order."""
    return tuple(c for c in _clauses() if _clause_why_not(c, rules) is None)


@functools.lru_cache(maxsize=256)
def clause_cells(rules: Ruleset) -> tuple[tuple[str, int], ...]:
    """What coverage counts of the clauses at a table playing ``rules``: each clause that
    applies (``RULE/clause``) at each seat count the table allows from the clause's fewest."""
    seats = seat_counts(rules)
    return tuple((c.key, n) for c in clauses_that_apply(rules) for n in seats if n >= c.players)


@functools.lru_cache(maxsize=256)
def unreachable_clauses(rules: Ruleset) -> dict[str, str]:
    """Every clause that cannot arise at a table playing ``rules``, or not at some of its
    seat counts (``RULE/clause@Np``), with why: the options that keep it (or its rule) out,
    or the seats it needs."""
    out: dict[str, str] = {}
    seats = seat_counts(rules)
    for c in _clauses():
        why = _clause_why_not(c, rules)
        if why is not None:
            out[c.key] = why
            continue
        for n in seats:
            if n < c.players:
                out[f"{c.key}@{n}p"] = f"{n} players: it needs {c.players} or more"
    return out


# ---------------------------------------------------------------------------- as text


def _values(values: tuple[object, ...]) -> list[str]:
    return [f"`{value_text(v)}`" for v in values]


def _either(words: list[str], last: str) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} {words[-1]}"


def _term_text(term: Term) -> str:
    if term.negated:
        shown = _values(term.values)
        if len(shown) == 1:
            return f"`{term.option}` is not {shown[0]}"
        return f"`{term.option}` is none of " + _either(shown, "and")
    first, *rest = [value_text(v) for v in term.values]
    return _either([f"`{term.option} = {first}`", *(f"`{v}`" for v in rest)], "or")


def condition_text(applies: Applies) -> str:
    """The condition in words, as spec/tonk.md writes it: "where `hit_lock` is not `0`",
    "where `jokers = 2`; or where `deuces_wild = true`"."""
    parts = ["where " + _either([_term_text(t) for t in terms], "and") for terms in applies.any_of]
    if len(parts) == 1:
        return parts[0]
    return "; ".join(parts[:-1]) + "; or " + parts[-1]


def applies_text(applies: Applies) -> str | None:
    """The line spec/tonk.md gives a rule with an ``applies`` (after its sources line), or
    None for a rule that applies at every table."""
    if not applies.any_of:
        return None
    return f"Applies only {condition_text(applies)} (elsewhere: {applies.elsewhere})."


def reasons_text() -> str:
    """The body of the section "Where a code can be given" of spec/tonk.md: the codes every
    table can give, then each other code with its condition."""
    reasons = _reasons()
    everywhere = [f"`{r.code}`" for r in reasons if not r.applies.any_of]
    lines = [
        "Not every table can give every code of play. These can be given at every table: "
        + _either(everywhere, "and") + ". The others only where this list says (as the `reasons` of "
        "`spec/rules.yaml` record it):",
        "",
    ]
    lines += [f"- `{r.code}`: only {condition_text(r.applies)} (elsewhere: {r.applies.elsewhere})."
              for r in reasons if r.applies.any_of]  # fmt: skip
    return "\n".join(lines)
