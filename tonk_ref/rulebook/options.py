"""What the tools need to know about each ruleset option, read from its one home,
spec/ruleset.schema.json: its values (the default first), what it acts on, the options
without which it changes nothing, whether it belongs to the seed set or the wider house
rules, the actions only its other values bring, and its wording for players: the option as
a question and each value as a statement in words.

    >>> facts = option_facts()["hit_lock_further"]
    >>> facts.acts_on, facts.source
    ('hand', 'house')
    >>> facts.needed(Ruleset())
    {'hit_lock': 2}
    >>> acting_on("between_hands")
    ('first_dealer', 'next_dealer', 'dealer_after_draw', 'scoring')
    >>> option_question("knock_tie")
    'What happens when the knocker ties the lowest hand?'
    >>> "At tables where " + choice_words("knock_limit", 5)
    'At tables where a knock needs a total of 5 or less'

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
- ``x-question``: the option as a plain question a card player understands, ending in "?".
- ``x-choices``: each allowed value, written as text (``true``, ``15``, ``null``; a string as
  it is), to a statement true at every table playing that value, read after "At tables
  where ": lower case, with no underscore, rule or brief code, or another option's name.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args

from ..engine.ruleset import Ruleset
from ..paths import spec_dir
from .book import EVERYWHERE, Applies, RulebookError, Term, load_ruleset_schema

__all__ = [
    "ActsOn",
    "OptionFacts",
    "Source",
    "acting_on",
    "action_options",
    "choice_words",
    "of_source",
    "option_facts",
    "option_question",
    "value_key",
]

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
    question: str = ""  # x-question
    choices: tuple[str, ...] = ()  # x-choices: the statement of each value, in the order of values

    def is_unsourced(self, value: object) -> bool:
        """Whether no stored source documents ``value`` (``x-unsourced``)."""
        return any(_same(value, v) for v in self.unsourced)

    @property
    def default(self) -> object:
        return self.values[0]

    def words(self, value: object) -> str:
        """The statement true at a table playing ``value`` (``x-choices``); ``ValueError``
        naming the option and its values for a value it does not allow (``True`` is not
        ``1``)."""
        for v, text in zip(self.values, self.choices, strict=True):
            if _same(v, value):
                return text
        raise ValueError(f"{self.name} does not allow {value!r}; allowed values: "
                         + ", ".join(repr(v) for v in self.values))

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
    question, choices = _wording(path, name, prop, values)
    return OptionFacts(name, values[name], acts_on, source, needs, tuple(actions), alone, tuple(lists["x-rules"]),
                       tuple(lists["x-brief"]), tuple(unsourced), question, choices)


def value_key(value: object) -> str:
    """A value as ``x-choices`` keys it: a string as it is, anything else as JSON text
    (``true``, ``15``, ``null``)."""
    return value if isinstance(value, str) else json.dumps(value)


#: What a player's words may not hold: a rule ID (PAY-KNOCK-3) or a brief item (S33, D3, V31, W7).
_CODE = re.compile(r"\b[A-Z]+(?:-[A-Z][A-Z0-9]*)*-\d+\b|\b[SDVW]\d+\b")
MAX_CHOICE = 90  # a statement's length at most: it follows "At tables where " on a phone's line


def _wording_fault(text: str, name: str, names: tuple[str, ...]) -> str | None:
    """What is wrong with a question or a statement for players, or None: an underscore, a
    code, or the name of another option (an option's own name may appear where it is one
    plain word of the game: an ace, jokers)."""
    if "_" in text or "`" in text:
        return "no underscores or code marks"
    if (code := _CODE.search(text)) is not None:
        return f"no rule or brief codes (found {code.group(0)!r})"
    # text without an underscore holds no name that has one: only the plain names are
    # searched, all at once, and one by one (in the schema's order) only where one is found
    any_name, each = _plain_names(names)
    if any_name.search(text) is None:
        return None
    for other, pattern in each:
        if other != name and pattern.search(text):
            return f"no option names (found {other!r})"
    return None


@functools.cache
def _plain_names(names: tuple[str, ...]) -> tuple[re.Pattern[str], tuple[tuple[str, re.Pattern[str]], ...]]:
    """The option names without an underscore, as whole words in any case: one pattern
    matching any of them (the longest first, though a match of any is all it tells), and
    each with its own pattern, in the order given."""
    plain = [n for n in names if "_" not in n]
    alternatives = "|".join(re.escape(n) for n in sorted(plain, key=len, reverse=True)) or "(?!)"
    return (re.compile(rf"\b(?:{alternatives})\b", re.I),
            tuple((n, re.compile(rf"\b{re.escape(n)}\b", re.I)) for n in plain))


def _wording(path: str, name: str, prop: Mapping[str, Any],
             values: Mapping[str, tuple[object, ...]]) -> tuple[str, tuple[str, ...]]:
    """``x-question`` and ``x-choices``, checked: (the question, each value's statement in
    the order of the option's values)."""
    at = f"properties.{name}"
    names = tuple(values)
    question = prop.get("x-question")
    if not isinstance(question, str) or not question.strip() or not question.endswith("?") \
            or not question[0].isupper():
        raise RulebookError((path, None, f"{at}.x-question"), "expected the option as a plain question a card "
                            "player understands, starting with a capital and ending in '?'")
    if (fault := _wording_fault(question, name, names)) is not None:
        raise RulebookError((path, None, f"{at}.x-question"), f"expected plain words: {fault}")
    raw = prop.get("x-choices")
    keys = [value_key(v) for v in values[name]]
    if len(set(keys)) != len(keys):
        raise RulebookError((path, None, f"{at}.enum"), "expected values that differ as text (x-choices keys them "
                            "so)")
    if not isinstance(raw, dict):
        raise RulebookError((path, None, f"{at}.x-choices"), "expected a mapping from each value, written as text "
                            f"({', '.join(keys)}), to a statement in words")
    missing = [k for k in keys if k not in raw]
    extra = [k for k in raw if k not in keys]
    if missing or extra:
        problem = f"no statement for {', '.join(missing)}" if missing else f"{', '.join(extra)} is not a value"
        raise RulebookError((path, None, f"{at}.x-choices"), f"{problem}; expected one statement for each value: "
                            + ", ".join(keys))
    choices = []
    for k in keys:
        text = raw[k]
        where = (path, None, f"{at}.x-choices.{k}")
        if not isinstance(text, str) or not text.strip() or text != " ".join(text.split()):
            raise RulebookError(where, "expected a statement in words, on one line")
        if not text[0].islower() and not text[0].isdigit():
            raise RulebookError(where, "expected a statement that reads after 'At tables where ', in lower case")
        if text.endswith((".", "?", "!", ";", ":")):
            raise RulebookError(where, "expected no closing punctuation: the statement is read inside a sentence")
        if len(text) > MAX_CHOICE:
            raise RulebookError(where, f"expected at most {MAX_CHOICE} characters, got {len(text)}")
        if (fault := _wording_fault(text, name, names)) is not None:
            raise RulebookError(where, f"expected plain words: {fault}")
        choices.append(text)
    return question, tuple(choices)


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


def _option(name: str) -> OptionFacts:
    facts = option_facts()
    if name not in facts:
        raise ValueError(f"no ruleset option {name!r}; the options: {', '.join(facts)}")
    return facts[name]


def option_question(name: str) -> str:
    """The option as a plain question for players (``x-question``)."""
    return _option(name).question


def choice_words(name: str, value: object) -> str:
    """The statement true at a table where option ``name`` has ``value`` (``x-choices``),
    ``value`` as the engine's Ruleset holds it (a bool, an int, a string or None); it reads
    after "At tables where "."""
    return _option(name).words(value)


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
