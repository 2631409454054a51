"""What the tools need to know about each ruleset option, read from its one home,
spec/ruleset.schema.json: its values (the default first), what it acts on, the options
without which it changes nothing, whether it belongs to the seed set or the wider house
rules, and the actions only its other values bring.

    >>> facts = option_facts()["hit_lock_further"]
    >>> facts.acts_on, facts.source
    ('hand', 'house')
    >>> facts.needed(Ruleset())
    {'hit_lock': 2}
    >>> acting_on("between_hands")
    ('first_dealer', 'next_dealer', 'dealer_after_draw', 'scoring')

The schema's keywords (its ``description`` says the same):

- ``x-acts-on``: ``hand`` (how one hand is played or paid), ``between_hands`` (the next
  dealer, the match score: one hand is played and paid the same under every value) or
  ``pack`` (the cards in the pack, or what a joker counts).
- ``x-source``: ``seed`` (the seed set: a seed variation, or another reading of a point the
  seeds leave open or this spec decides) or ``house`` (a wider house rule).
- ``x-needs``: the condition without which the option changes nothing, in the form of an
  ``applies`` of spec/rules.yaml; its first map, with the first value each of its options
  allows, is what ``tonk judge`` tries the option together with, unless ``x-tried-alone``
  is true.
- ``x-unsourced``: the option's values that no stored source documents (known only from
  how online engines play); a provenance label that names one says so.
- ``x-actions``: the action types only an engine playing one of the option's other values
  knows.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args

from ..engine.ruleset import Ruleset
from ..paths import spec_dir
from .rulebook import EVERYWHERE, Applies, RulebookError, Term, load_ruleset_schema

__all__ = ["ActsOn", "OptionFacts", "Source", "acting_on", "action_options", "of_source", "option_facts"]

ActsOn = Literal["hand", "between_hands", "pack"]
Source = Literal["seed", "house"]


@dataclass(frozen=True, slots=True)
class OptionFacts:
    """One option as spec/ruleset.schema.json declares it."""

    name: str
    values: tuple[object, ...]  # the schema's enum: the default first
    acts_on: ActsOn
    source: Source
    needs: Applies = EVERYWHERE  # EVERYWHERE: the option acts on its own
    actions: tuple[str, ...] = ()
    tried_alone: bool = False  # x-tried-alone: the judge tries it without what it needs
    rules: tuple[str, ...] = ()  # x-rules
    brief: tuple[str, ...] = ()  # x-brief
    unsourced: tuple[object, ...] = ()  # x-unsourced: values no stored source documents

    def is_unsourced(self, value: object) -> bool:
        """Whether no stored source documents ``value`` (``x-unsourced``)."""
        return any(_same(value, v) for v in self.unsourced)

    @property
    def default(self) -> object:
        return self.values[0]

    def acts_under(self, rules: Ruleset) -> bool:
        """Whether another value of the option can change a hand played under ``rules``
        (its ``x-needs`` holds there)."""
        return self.needs.holds(rules)

    def needed(self, base: Ruleset) -> dict[str, object]:
        """The options to set together with this one so that it acts, starting from
        ``base``: nothing where ``base`` meets its ``x-needs``; else, for each option of the
        first map of ``x-needs`` that ``base`` does not meet, the first value (in the
        schema's order) that meets it."""
        if self.needs.holds(base):
            return {}
        facts = option_facts()
        out: dict[str, object] = {}
        for term in self.needs.any_of[0]:
            if not term.matches(base):
                out[term.option] = next(v for v in facts[term.option].values if _meets(term, v))
        return out


    def tried_with(self, base: Ruleset) -> dict[str, object]:
        """What ``tonk judge`` sets together with this option, starting from ``base``:
        :meth:`needed`, or nothing for an option tried alone (``x-tried-alone``)."""
        return {} if self.tried_alone else self.needed(base)


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


def _meets(term: Term, value: object) -> bool:
    return any(_same(value, v) for v in term.values) != term.negated


@functools.cache
def option_facts() -> dict[str, OptionFacts]:
    """Every option's facts, in the schema's order; bad facts raise :class:`RulebookError`
    naming the file, the field and what was expected."""
    path = str(spec_dir() / "ruleset.schema.json")
    props = load_ruleset_schema().get("properties")
    if not isinstance(props, dict) or not props:
        raise RulebookError((path, None, "properties"), "expected a mapping of the ruleset options")
    values: dict[str, tuple[object, ...]] = {}
    for name, prop in props.items():
        enum = prop.get("enum") if isinstance(prop, dict) else None
        if not isinstance(enum, list) or not enum:
            raise RulebookError((path, None, f"properties.{name}.enum"), "expected the list of the option's values")
        values[name] = tuple(enum)
    return {name: _facts(path, name, prop, values) for name, prop in props.items()}


def _one_of(path: str, field: str, given: object, kind: Any) -> Any:
    allowed = get_args(kind)
    if given not in allowed:
        raise RulebookError((path, None, field), f"expected one of {', '.join(allowed)}, got {given!r}")
    return given


def _facts(path: str, name: str, prop: Mapping[str, Any], values: Mapping[str, tuple[object, ...]]) -> OptionFacts:
    at = f"properties.{name}"
    acts_on = cast(ActsOn, _one_of(path, f"{at}.x-acts-on", prop.get("x-acts-on"), ActsOn))
    source = cast(Source, _one_of(path, f"{at}.x-source", prop.get("x-source"), Source))
    actions = prop.get("x-actions", ["-"])
    if not isinstance(actions, list) or not actions or not all(isinstance(a, str) and a for a in actions):
        raise RulebookError((path, None, f"{at}.x-actions"), "expected a non-empty list of action types")
    actions = prop.get("x-actions", [])
    lists = {k: prop.get(k, []) for k in ("x-rules", "x-brief")}
    for k, listed in lists.items():
        if not isinstance(listed, list) or not all(isinstance(x, str) for x in listed):
            raise RulebookError((path, None, f"{at}.{k}"), "expected a list of strings")
    needs = _needs(path, name, prop["x-needs"], values) if "x-needs" in prop else EVERYWHERE
    alone = prop.get("x-tried-alone", False)
    if not isinstance(alone, bool) or ("x-tried-alone" in prop and "x-needs" not in prop):
        raise RulebookError((path, None, f"{at}.x-tried-alone"), "expected true or false, beside an x-needs")
    unsourced = prop.get("x-unsourced", [])
    if not isinstance(unsourced, list) or not all(any(_same(u, v) for v in values[name][1:]) for u in unsourced):
        raise RulebookError((path, None, f"{at}.x-unsourced"), "expected a list of the option's values other than "
                            "its default")
    return OptionFacts(name, values[name], acts_on, source, needs, tuple(actions), alone, tuple(lists["x-rules"]),
                       tuple(lists["x-brief"]), tuple(unsourced))


def _needs(path: str, name: str, raw: object, values: Mapping[str, tuple[object, ...]]) -> Applies:
    """``x-needs``: a list of maps, any of which suffices, each option of a map having one
    of its values (a value, a list of values, or ``{"not": [values]}``)."""
    at = f"properties.{name}.x-needs"
    if not isinstance(raw, list) or not raw or not all(isinstance(c, dict) and c for c in raw):
        raise RulebookError((path, None, at), "expected a non-empty list of maps from options to values")
    any_of: list[tuple[Term, ...]] = []
    for k, condition in enumerate(raw):
        terms = []
        for option, given in condition.items():
            where = f"{at}[{k}].{option}"
            if option not in values or option == name:
                known = "another option" if option == name else "a ruleset option"
                raise RulebookError((path, None, where), f"expected {known}, got {option!r}")
            negated = isinstance(given, dict)
            if negated and (list(given) != ["not"] or not isinstance(given["not"], list)):
                raise RulebookError((path, None, where), 'expected a value, a list of values or {"not": [values]}')
            listed = given["not"] if negated else given if isinstance(given, list) else [given]
            for v in listed:
                if not any(_same(v, a) for a in values[option]):
                    raise RulebookError((path, None, where), f"{option} does not allow {v!r}; allowed values: "
                                        + ", ".join(repr(a) for a in values[option]))
            term = Term(option, tuple(listed), negated)
            if not any(_meets(term, v) for v in values[option]):
                raise RulebookError((path, None, where), f"the condition matches none of the values of {option}")
            terms.append(term)
        any_of.append(tuple(terms))
    names = list(dict.fromkeys(t.option for terms in any_of for t in terms))
    for combo in itertools.product(*(values[o] for o in names)):
        table = dict(zip(names, combo, strict=True))
        if not any(all(_meets(t, table[t.option]) for t in terms) for terms in any_of):
            return Applies(tuple(any_of))
    raise RulebookError((path, None, at), "the condition holds at every table; leave x-needs out")


def acting_on(kind: ActsOn) -> tuple[str, ...]:
    """The options whose ``x-acts-on`` is ``kind``, in the schema's order."""
    return tuple(f.name for f in option_facts().values() if f.acts_on == kind)


def of_source(source: Source) -> tuple[str, ...]:
    """The options whose ``x-source`` is ``source``, in the schema's order."""
    return tuple(f.name for f in option_facts().values() if f.source == source)


def action_options() -> dict[str, tuple[str, tuple[object, ...]]]:
    """Action type -> (the option whose ``x-actions`` names it, the values other than the
    default that bring it)."""
    return {a: (f.name, f.values[1:]) for f in option_facts().values() for a in f.actions}
