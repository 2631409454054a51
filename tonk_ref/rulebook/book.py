"""The rulebook as typed data: the rules (spec/rules.yaml), the ruleset schema, the named
presets (spec/rulesets/*.yaml) and table-rules files.

Every loader checks what it reads and raises :class:`RulebookError` with a message that
names the file, the line and the field at fault, and what was expected there::

    table.yaml:3: options.knok_timing: unknown ruleset option 'knok_timing' (did you mean
    'knock_timing'?); known options: upcard, forced_spreads, ...

A table-rules file picks a preset and changes some options::

    preset: seed
    options:
      knock_timing: any
      stock_tie: split

YAML reads some option values as numbers (``dealt_tonk: 50`` is the number 50, and
``dealt_tonk: 49_50`` the number 4950); where an option's allowed value is a string
that reads exactly as the plain text written, that string is taken.
"""

from __future__ import annotations

import difflib
import functools
import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.ruleset import Ruleset, option_values
from ..errors import InputError
from ..paths import spec_dir
from .notation import value_text
from .safe_input import check_text, load_yaml, read_text
from .yamlpos import field_name, line_of

if TYPE_CHECKING:  # jsonschema and PyYAML take longer to import than the rulebook to load from the cache
    import jsonschema
    import referencing
    import yaml

__all__ = [
    "TABLE_RULES_SCHEMA",
    "Applies",
    "CheckGroup",
    "Clause",
    "Example",
    "Preset",
    "Reason",
    "Rule",
    "RulebookError",
    "Term",
    "Variant",
    "alternatives",
    "alternatives_text",
    "load_checks",
    "load_clauses",
    "load_presets",
    "load_reason_codes",
    "load_reasons",
    "load_rules",
    "load_ruleset_file",
    "load_ruleset_schema",
    "load_sections",
    "resolve_ruleset",
    "rules_by_id",
    "table_values",
]


#: a place in an input: the file (or a label for input not read from a file), the line
#: if known, the field if any
Where = tuple[str, int | None, str]


class RulebookError(InputError):
    """A rulebook file, preset or ruleset request that is not valid: the place (a file, a
    line, a field, or a label alone) and what is wrong and what was expected there."""

    def __init__(self, where: Where | str, problem: str) -> None:
        file, line, field = where if isinstance(where, tuple) else (where, None, "")
        super().__init__(file, line, field, problem)


# ---------------------------------------------------------------------------- YAML


@dataclass(frozen=True, slots=True)
class _Doc:
    """One parsed YAML document: the data and the node tree it was built from (for lines)."""

    path: Path
    data: Any
    node: yaml.Node | None

    def line(self, at: Sequence[str | int], key: bool = False) -> int | None:
        """The 1-based line of the value at ``at`` (of its key, with ``key``), or of the
        deepest part of ``at`` that exists."""
        return line_of(self.node, at, key)

    def where(self, at: Sequence[str | int], key: bool = False) -> Where:
        return str(self.path), self.line(at, key), field_name(at)

    def scalar_text(self, at: Sequence[str | int]) -> str | None:
        """The text of a plain (unquoted) scalar at ``at``, as written."""
        import yaml

        node = self.node
        for part in at:
            if isinstance(node, yaml.MappingNode):
                node = next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == str(part)), None)
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
                node = node.value[part]
            else:
                return None
        if isinstance(node, yaml.ScalarNode) and node.style is None:
            return str(node.value)
        return None




def _error(file: str, line: int | None, field: str, message: str) -> RulebookError:
    return RulebookError((file, line, field), message)


def _parse_yaml(path: Path, text: str | None = None) -> _Doc:
    """Parse one YAML document within the limits of input files (:mod:`.safe_input`),
    keeping the node tree; syntax errors, duplicate keys and what passes a limit raise
    :class:`RulebookError` naming the line."""
    if text is None:
        text = read_text(path, str(path), _error)
    else:
        check_text(text, str(path), _error)
    import yaml

    try:
        data, node = load_yaml(text, str(path), _error, friendly=True)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where: Where = (str(path), mark.line + 1 if mark is not None else None, "")
        problem = str(e.problem or "")
        if e.context:
            started = e.context_mark
            since = f" started on line {started.line + 1}" if started is not None and started is not mark else ""
            problem = f"{problem} ({e.context}{since})"
        column = f"column {mark.column + 1}: " if mark is not None else ""
        raise RulebookError(where, f"{column}YAML syntax error: {problem}") from None
    except yaml.YAMLError as e:
        raise RulebookError(str(path), f"YAML error: {e}") from None
    return _Doc(path, data, node)


def _validate(doc: _Doc, schema: Mapping[str, Any], registry: referencing.Registry[Any] | None = None) -> None:
    """Check ``doc.data`` against a JSON Schema; the first error (in document order)
    raises, naming the line and the field."""
    import jsonschema

    kwargs: dict[str, Any] = {} if registry is None else {"registry": registry}
    validator = jsonschema.Draft202012Validator(schema, **kwargs)
    errors = list(validator.iter_errors(doc.data))
    if not errors:
        return
    errors.sort(key=lambda e: (doc.line(list(e.absolute_path)) or 0, len(e.absolute_path)))
    err = errors[0]
    at = [p for p in err.absolute_path if isinstance(p, str | int)]
    if err.validator == "additionalProperties":
        extra = _extra_keys(err.instance, err.schema)
        if extra:
            at = [*at, extra[0]]
            allowed = ", ".join(err.schema.get("properties", {}))
            raise RulebookError(doc.where(at, key=True), f"unknown field {extra[0]!r}; expected one of: {allowed}")
    if err.validator == "required":
        missing = [k for k in err.validator_value if not (isinstance(err.instance, dict) and k in err.instance)]
        raise RulebookError(doc.where(at), f"the field {missing[0]!r} is missing")
    shown = _show(err.instance) if not isinstance(err.instance, dict | list) else type(err.instance).__name__
    raise RulebookError(doc.where(at), f"{_schema_expectation(err)} (got {shown})")


def _extra_keys(instance: object, schema: Mapping[str, Any]) -> list[str]:
    if not isinstance(instance, dict):
        return []
    known = set(schema.get("properties", {}))
    return [str(k) for k in instance if k not in known]


def _schema_expectation(err: jsonschema.ValidationError) -> str:
    v = err.validator
    if v == "type":
        return f"expected {_a(err.validator_value)}"
    if v == "enum" and isinstance(err.validator_value, list):
        return "expected one of " + ", ".join(_show(x) for x in err.validator_value)
    if v == "pattern":
        return f"expected text matching {err.validator_value}"
    if v in ("minLength", "minItems"):
        return "expected a non-empty value"
    return str(err.message)


def _a(kind: object) -> str:
    names = {
        "object": "a mapping",
        "array": "a list",
        "string": "a string",
        "integer": "an integer",
        "boolean": "true or false",
        "number": "a number",
    }
    if isinstance(kind, list):
        return " or ".join(names.get(str(k), str(k)) for k in kind)
    return names.get(str(kind), str(kind))


def _show(value: object) -> str:
    """A value as it is written in YAML or JSON (true, 3, "any")."""
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


# ---------------------------------------------------------------------------- rules


Choice = tuple[tuple[str, tuple[object, ...]], ...]
"""Option values as data: ((option, (value, ...)), ...)."""


@dataclass(frozen=True, slots=True)
class Variant:
    """The sentence a rule says under some option values (``under:`` in rules.yaml): it
    applies when every option of ``when`` has one of its values.  ``{option}`` in the text
    is filled with the ruleset's value of that option."""

    when: Choice
    text: str

    def applies(self, rules: Ruleset) -> bool:
        return all(any(_same(getattr(rules, o), v) for v in values) for o, values in self.when)

    def fill(self, rules: Ruleset) -> str:
        return re.sub(r"\{([a-z_]+)\}", lambda m: value_text(getattr(rules, m.group(1))), self.text)


@dataclass(frozen=True, slots=True)
class Term:
    """One option of an ``applies`` condition: the option has one of ``values`` (or, when
    ``negated``, none of them: ``{not: [0]}`` in rules.yaml)."""

    option: str
    values: tuple[object, ...]
    negated: bool = False

    def matches(self, rules: Ruleset) -> bool:
        return any(_same(getattr(rules, self.option), v) for v in self.values) != self.negated


@dataclass(frozen=True, slots=True)
class Applies:
    """Where a rule or a reason code can apply at all (``applies:`` in rules.yaml): at the
    tables that match one of ``any_of``, each a list of terms that must all match; at every
    table when ``any_of`` is empty.  ``elsewhere`` says what is missing at the other tables."""

    any_of: tuple[tuple[Term, ...], ...] = ()
    elsewhere: str = ""

    def holds(self, rules: Ruleset) -> bool:
        return not self.any_of or any(all(t.matches(rules) for t in terms) for terms in self.any_of)

    @property
    def options(self) -> tuple[str, ...]:
        """The options the condition names, in the order it first names them."""
        return tuple(dict.fromkeys(t.option for terms in self.any_of for t in terms))


EVERYWHERE = Applies()


@dataclass(frozen=True, slots=True)
class Reason:
    """A reason code of spec/rules.yaml (``reasons``): what it means, the rules behind it and
    the tables at which some action can be refused with it.  spec/tonk.md's table "Reason
    codes" and the engine's ``REASONS`` are written from these by scripts/sync_spec.py."""

    code: str
    applies: Applies = EVERYWHERE
    meaning: str = ""  # the table's words
    short: str = ""  # the words a ruling or a replay prints after the code (the meaning where not given)
    rules: tuple[str, ...] = ()  # the rules that give the code
    see: str = ""  # where a protocol code comes from, for a code no rule gives ("protocol")
    protocol: bool = False  # a code of the protocol (a request refused), not of the rules of play
    engine: bool = False  # a protocol code the engine's REASONS holds beside the codes of play

    @property
    def line(self) -> str:
        """The code's meaning in one line (``short``, else ``meaning``)."""
        return self.short or self.meaning


@dataclass(frozen=True, slots=True)
class CheckGroup:
    """The checks of one kind of action, in the order made (the ``checks`` of
    spec/rules.yaml; spec/tonk.md, "Which code when several apply")."""

    of: str  # the kind of action, in words
    order: tuple[tuple[str, str], ...]  # (code, what it checks or when, "" if nothing to add)
    then: str = ""  # what follows in the list, in words ("the knock checks below")
    note: str = ""  # a sentence after the list


#: The kinds of clause a rule may list (``clauses:`` in rules.yaml): an exception to the
#: rule's main case, a tie the rule settles, and the order of two checks (two reason codes
#: an action can break at once, the first given).
CLAUSE_KINDS = ("exception", "tie", "order")


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause of a rule that an engine can get wrong (``clauses:`` in rules.yaml): its
    exceptions, its tie cases, its order of checks.  ``witness`` names what a hand played on
    the reference shows when it exercises the clause (the harness holds one test per name);
    ``applies`` narrows where the rule applies to where the clause can arise; ``players`` is
    the fewest seats at which it can; ``order`` (a clause of kind ``order``) the two reason
    codes, the one given first."""

    rule: str
    id: str
    kind: str
    text: str
    witness: str
    applies: Applies = EVERYWHERE
    players: int = 2
    order: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """How coverage and reports name the clause: ``RULE/clause``."""
        return f"{self.rule}/{self.id}"


@dataclass(frozen=True, slots=True)
class Example:
    """A situation a rule decides (``example:`` in rules.yaml): a description in ``tonk
    judge``'s notation and the option values of the table under which the judge cites the
    rule for it; or, for a rule no single situation of one hand decides, why (``none``)."""

    situation: str = ""  # the description, as typed after ``tonk judge``; "" with ``none``
    options: tuple[tuple[str, object], ...] = ()  # the table's options that differ from the defaults
    argued: bool = False  # a point argued at tables: the short ruling names the rule among its deciding rules
    none: str = ""  # why no single situation decides the rule

    def ruleset(self) -> Ruleset:
        """The table's rules: the defaults with :attr:`options`."""
        return Ruleset().replace(**dict(self.options))


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of spec/rules.yaml: its text under the defaults, where it comes from (what
    the seeds say, what this spec decides) and the options that change it."""

    id: str
    title: str
    section: str
    brief: tuple[str, ...]
    options: tuple[str, ...]
    decided: bool
    text: str
    status: str = "active"
    seeds: str = ""  # what the seeds say on the point
    decision: str = ""  # what this spec decides (when decided)
    under: tuple[Variant, ...] = ()  # the sentence under other option values, first match
    holds_under: Choice = ()  # option values under which ``text`` holds as written
    applies: Applies = EVERYWHERE  # the tables at which the rule can apply at all
    seeds_disagree: tuple[str, ...] = ()  # the options that take sides where its seed items disagree
    #: for a rule a payment is made under: why the money moves, in the words that follow the
    #: amount ("Ann pays Bob 3: 2 for being caught and 1 to the lowest hand")
    paid_for: str = ""
    #: the clauses of the rule an engine can get wrong, counted apart by coverage
    clauses: tuple[Clause, ...] = ()
    #: the families of situations ``tonk diff`` plays for the rule (diffprobes.py's names)
    family: tuple[str, ...] = ()
    #: a situation the rule decides, for ``tonk rules`` and the test of the judge's citations
    example: Example | None = None

    def text_under(self, rules: Ruleset | None) -> str:
        """The rule's sentence for the ruleset in play: the first variant that applies, or
        the text under the defaults."""
        if rules is not None:
            for v in self.under:
                if v.applies(rules):
                    return v.fill(rules)
        return self.text

    @property
    def basis(self) -> str:
        """``decided`` (this spec decides), ``seeds`` (the seeds settle it) or ``house``
        (a house rule the seeds do not have, played only under an option)."""
        if self.decided:
            return "decided"
        return "seeds" if any(b.startswith("S") for b in self.brief) else "house"

    def items(self, kind: str) -> tuple[str, ...]:
        """The brief items of one kind (``S``, ``D`` or ``V``) the rule cites."""
        return tuple(b for b in self.brief if b.startswith(kind))


_APPLIES_SCHEMA: dict[str, Any] = {
    "type": "array",
    "minItems": 1,
    "items": {"type": "object", "minProperties": 1},
}

_CLAUSE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["id", "kind", "text", "witness"],
    "properties": {
        "id": {"type": "string", "pattern": r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$"},
        "kind": {"type": "string", "enum": list(CLAUSE_KINDS)},
        "text": {"type": "string", "minLength": 1},
        "witness": {"type": "string", "pattern": r"^[a-z][a-z0-9_]*$"},
        "applies": _APPLIES_SCHEMA,
        "elsewhere": {"type": "string", "minLength": 1},
        "players": {"type": "integer", "minimum": 2},
        "order": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "string"}},
    },
}

_EXAMPLE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "minProperties": 1,
    "properties": {
        "situation": {"type": "string", "minLength": 1},
        "options": {"type": "object"},
        "argued": {"type": "boolean"},
        "none": {"type": "string", "minLength": 1},
    },
}

_RULES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["sections", "rules"],
    "properties": {
        "sections": {"type": "object", "additionalProperties": {"type": "string"}},
        "rules": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id", "title", "section", "text"],
                "properties": {
                    "id": {"type": "string", "pattern": r"^[A-Z]+(-[A-Z][A-Z0-9]*)*-[0-9]+$"},
                    "title": {"type": "string", "minLength": 1},
                    "section": {"type": "string"},
                    "brief": {"type": "array", "items": {"type": "string", "pattern": r"^[SDVW][0-9]+$"}},
                    "options": {"type": "array", "items": {"type": "string"}},
                    "decided": {"type": "boolean"},
                    "status": {"type": "string", "enum": ["active", "withdrawn"]},
                    "text": {"type": "string", "minLength": 1},
                    "seeds": {"type": "string", "minLength": 1},
                    "under": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "additionalProperties": False,
                            "required": ["when", "text"],
                            "properties": {
                                "when": {"type": "object", "minProperties": 1},
                                "text": {"type": "string", "minLength": 1},
                            },
                        },
                    },
                    "holds_under": {"type": "object"},
                    "seeds_disagree": {"type": "array", "minItems": 1, "items": {"type": "string"}},
                    "paid_for": {"type": "string", "minLength": 1, "pattern": r"^(for|to|as) [a-z0-9 ,]+$"},
                    "family": {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": r"^[a-z0-9-]+$"}},
                    "decision": {"type": "string", "minLength": 1},
                    "applies": _APPLIES_SCHEMA,
                    "elsewhere": {"type": "string", "minLength": 1},
                    "clauses": {"type": "array", "minItems": 1, "items": _CLAUSE_SCHEMA},
                    "example": _EXAMPLE_SCHEMA,
                },
            },
        },
        "reasons": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["code", "meaning"],
                "properties": {
                    "code": {"type": "string", "pattern": r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$"},
                    "protocol": {"type": "boolean"},
                    "engine": {"type": "boolean"},
                    "meaning": {"type": "string", "minLength": 1},
                    "short": {"type": "string", "minLength": 1},
                    "rules": {"type": "array", "minItems": 1, "items": {"type": "string"}},
                    "see": {"type": "string", "minLength": 1},
                    "applies": _APPLIES_SCHEMA,
                    "elsewhere": {"type": "string", "minLength": 1},
                },
            },
        },
        "checks": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["of", "order"],
                "properties": {
                    "of": {"type": "string", "minLength": 1},
                    "order": {
                        "type": "array",
                        "minItems": 1,
                        "items": {"anyOf": [
                            {"type": "string"},
                            {"type": "object", "minProperties": 1, "maxProperties": 1,
                             "additionalProperties": {"type": "string", "minLength": 1}},
                        ]},
                    },
                    "then": {"type": "string", "minLength": 1},
                    "note": {"type": "string", "minLength": 1},
                },
            },
        },
    },
}






def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


def alternatives(rule: Rule, rules: Ruleset | None = None) -> dict[str, list[object]]:
    """For each option that changes ``rule``, its values other than the one ``rules``
    (default: the seed rules) plays."""
    current = rules if rules is not None else Ruleset()
    allowed = option_values()
    return {o: [v for v in allowed[o] if not _same(v, getattr(current, o))] for o in rule.options if o in allowed}


def table_values(rule: Rule, rules: Ruleset | None) -> dict[str, object]:
    """The options of ``rule`` that ``rules`` sets to something other than the default."""
    if rules is None:
        return {}
    default = Ruleset()
    return {o: getattr(rules, o) for o in rule.options if not _same(getattr(rules, o), getattr(default, o))}


def alternatives_text(alts: Mapping[str, Sequence[object]], limit: int = 0) -> str:
    """'knock_tie = knocker_wins; knock_timing = any or after_draw'; with ``limit``, an
    option whose values would make the text longer than that is named with its count."""
    parts = []
    for option, values in alts.items():
        if not values:
            continue
        shown = [value_text(v) for v in values]
        text = f"{option} = " + (shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + f" or {shown[-1]}")
        if limit and len(text) > limit:
            text = f"{option} ({len(shown)} other values)"
        parts.append(text)
    return "; ".join(parts)


def rules_path() -> Path:
    if BAKED is not None:  # named in messages only: no file is read
        return Path("spec", "rules.yaml")
    return spec_dir() / "rules.yaml"


#: The spec's data baked as JSON (:mod:`tonk_ref.rulebook.baked`), where no file is read: the
#: rules, the schemas and the presets, checked when they were baked.  None: read the files.
BAKED: dict[str, Any] | None = None

@functools.cache
def rules_codec() -> Any:
    """How the checked data of rules.yaml is kept in the disk cache (:mod:`tonk_ref.cache`)."""
    from .. import cache

    return cache.typed_codec("rules-data", 1, dict[str, Any])


_RulesDoc = tuple[dict[str, str], tuple["Rule", ...], tuple["Reason", ...], tuple["CheckGroup", ...]]


@functools.cache
def _rules_doc(path: Path) -> _RulesDoc:
    """spec/rules.yaml as typed data.  Its data, once parsed and checked against the schema
    and the rules below, is kept in the disk cache under a digest of its text: a later
    process builds the rules from that data without parsing or checking the file again
    (whatever does not build from it is read from the file afresh).  Where the spec is
    baked (:data:`BAKED`), its rules are built from the baked data."""
    if BAKED is not None:
        return _build_rules(_Doc(path, BAKED["rules"], None))
    from .. import cache  # the disk cache (msgspec) only where files are read

    text = read_text(path, str(path), _error)
    built: list[_RulesDoc] = []

    def checked() -> Any:
        doc = _parse_yaml(path, text)
        _validate(doc, _RULES_SCHEMA)
        built.append(_build_rules(doc))
        return doc.data

    data = cache.cached(cache.digest("rules", str(path), text), checked, codec=rules_codec())
    if built:
        return built[0]
    try:
        return _build_rules(_Doc(path, data, None))
    except Exception:  # an entry that passed its codec but does not build: the file decides
        checked()
        return built[0]


def _build_rules(doc: _Doc) -> _RulesDoc:
    sections: dict[str, str] = doc.data["sections"]
    rules: list[Rule] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(doc.data["rules"]):
        rid = raw["id"]
        if rid in seen:
            raise RulebookError(
                doc.where(["rules", i, "id"]), f"rule {rid} is defined twice (first as rules[{seen[rid]}])"
            )
        seen[rid] = i
        if bool(raw.get("decision")) != bool(raw.get("decided", False)):
            field_at = "decision" if raw.get("decision") else "decided"
            raise RulebookError(
                doc.where(["rules", i, field_at]),
                f"rule {rid}: a decided rule says what it decides (decision), and only a decided rule does",
            )
        if raw["section"] not in sections:
            raise RulebookError(
                doc.where(["rules", i, "section"]),
                f"unknown section {raw['section']!r}; sections: {', '.join(sections)}",
            )
        rules.append(
            Rule(
                id=rid,
                title=raw["title"],
                section=raw["section"],
                brief=tuple(raw.get("brief", ())),
                options=tuple(raw.get("options", ())),
                decided=bool(raw.get("decided", False)),
                text=raw["text"],
                status=raw.get("status", "active"),
                seeds=" ".join(str(raw.get("seeds", "")).split()),
                decision=" ".join(str(raw.get("decision", "")).split()),
                under=tuple(
                    Variant(_choice(doc, ["rules", i, "under", k, "when"], v["when"], raw), " ".join(v["text"].split()))
                    for k, v in enumerate(raw.get("under", ()))
                ),
                holds_under=_choice(doc, ["rules", i, "holds_under"], raw.get("holds_under", {}), raw),
                applies=_applies(doc, ["rules", i], raw, f"rule {rid}", raw.get("options", ())),
                seeds_disagree=_disagree(doc, ["rules", i, "seeds_disagree"], raw),
                paid_for=str(raw.get("paid_for", "")),
                clauses=_clauses(doc, ["rules", i, "clauses"], raw),
                family=tuple(raw.get("family", ())),
                example=_example(doc, ["rules", i, "example"], raw),
            )
        )
    reasons = _reasons(doc, {r.id for r in rules})
    _check_orders(doc, rules, reasons)
    return sections, tuple(rules), reasons, _checks(doc, reasons)


def _example(doc: _Doc, at: list[str | int], raw: Mapping[str, Any]) -> Example | None:
    """A rule's ``example``: a ``situation`` with the table's ``options`` (each a ruleset
    option and a value it allows) and ``argued``, or ``none`` (why no single situation
    decides the rule) alone."""
    given = raw.get("example")
    if given is None:
        return None
    rid = raw["id"]
    if ("situation" in given) == ("none" in given):
        raise RulebookError(doc.where(at, key=True), f"rule {rid}: an example gives either a situation (with its "
                            "options and argued) or, for a rule no single situation decides, none (why)")
    if "none" in given:
        extra = [k for k in given if k != "none"]
        if extra:
            raise RulebookError(doc.where([*at, extra[0]], key=True),
                                f"rule {rid}: an example with none gives no {extra[0]}")
        return Example(none=" ".join(str(given["none"]).split()))
    allowed = option_values()
    options: list[tuple[str, object]] = []
    for option, value in (given.get("options") or {}).items():
        where = [*at, "options", option]
        if option not in allowed:
            hint = _did_you_mean(str(option), allowed)
            raise RulebookError(doc.where(where, key=True), f"rule {rid}: unknown ruleset option {option!r}{hint}")
        options.append((option, _value(doc, where, option, value, f"rule {rid}: ")))
    return Example(str(given["situation"]).strip(), tuple(options), bool(given.get("argued", False)))


def _check_orders(doc: _Doc, rules: Sequence[Rule], reasons: Sequence[Reason]) -> None:
    """Each ``order`` clause names two reason codes of play (those :func:`_reasons` built)."""
    codes = [r.code for r in reasons if not r.protocol]
    for i, rule in enumerate(rules):
        for k, clause in enumerate(rule.clauses):
            for j, code in enumerate(clause.order):
                if code not in codes:
                    hint = _did_you_mean(code, codes)
                    raise RulebookError(doc.where(["rules", i, "clauses", k, "order", j]),
                                        f"unknown reason code {code!r}{hint} in the order of rule {rule.id}, "
                                        f"clause {clause.id}; expected one of: {', '.join(codes) or 'none'}")


def _clauses(doc: _Doc, at: list[str | int], raw: Mapping[str, Any]) -> tuple[Clause, ...]:
    """A rule's ``clauses``: each id once in the rule; ``applies`` (any option, as for a
    reason code) with ``elsewhere``; an ``order`` clause, and only one, names two distinct
    codes (that they are codes of play is checked against the built reasons, in
    :func:`_check_orders`)."""
    out: list[Clause] = []
    seen: set[str] = set()
    for k, c in enumerate(raw.get("clauses", ())):
        where = [*at, k]
        if c["id"] in seen:
            raise RulebookError(doc.where([*where, "id"]), f"rule {raw['id']}: clause {c['id']!r} is listed twice")
        seen.add(c["id"])
        order = tuple(c.get("order", ()))
        if (c["kind"] == "order") != bool(order):
            raise RulebookError(doc.where(where), f"rule {raw['id']}, clause {c['id']}: a clause of kind order "
                                "names the two reason codes it orders (order), and only such a clause does")
        if len(set(order)) != len(order):
            raise RulebookError(doc.where([*where, "order"]), "the two reason codes of an order differ")
        applies = _applies(doc, where, c, f"rule {raw['id']}, clause {c['id']}", None)
        out.append(Clause(raw["id"], c["id"], c["kind"], " ".join(c["text"].split()), c["witness"], applies,
                          int(c.get("players", 2)), order))
    return tuple(out)


def _disagree(doc: _Doc, at: list[str | int], raw: Mapping[str, Any]) -> tuple[str, ...]:
    """A rule's ``seeds_disagree``: options the rule names, and only for a rule citing two
    seed items or more (what disagrees)."""
    given = tuple(raw.get("seeds_disagree", ()))
    mine = raw.get("options", ())
    for k, option in enumerate(given):
        if option not in mine:
            raise RulebookError(doc.where([*at, k]), f"rule {raw['id']} does not name the option {option!r} in its "
                                f"options ({', '.join(mine) or 'none'})")
    if given and sum(1 for b in raw.get("brief", ()) if str(b).startswith("S")) < 2:
        raise RulebookError(doc.where(at, key=True), f"rule {raw['id']}: seeds that disagree are two seed items or "
                            "more in its brief")
    return given


#: The codes of play every action is checked for before its own kind's checks, in this order
#: (spec/tonk.md, "Which code when several apply": they are not in the ``checks``).
FIRST_CHECKS = ("malformed_action", "hand_over", "not_your_turn")


def _reasons(doc: _Doc, rule_ids: set[str]) -> tuple[Reason, ...]:
    """The ``reasons`` of rules.yaml: each code once, with its meaning and the rules that
    give it (rules of rules.yaml), or, for a protocol code, where it comes from (``see``)."""
    out: list[Reason] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(doc.data.get("reasons", ())):
        code = raw["code"]
        if code in seen:
            raise RulebookError(doc.where(["reasons", i, "code"]),
                                f"reason {code} is listed twice (first as reasons[{seen[code]}])")
        seen[code] = i
        protocol = bool(raw.get("protocol", False))
        if ("rules" in raw) == ("see" in raw):
            raise RulebookError(doc.where(["reasons", i, "code"]),
                                f"reason {code}: give either its rules (the rule IDs that give the code) or, "
                                "for a code no rule gives, see (where it comes from)")
        if "see" in raw and not protocol:
            raise RulebookError(doc.where(["reasons", i, "see"], key=True),
                                f"reason {code}: a code of play names the rules that give it (rules), not see")
        if raw.get("engine") and not protocol:
            raise RulebookError(doc.where(["reasons", i, "engine"], key=True),
                                f"reason {code}: engine is for a protocol code; every code of play is the engine's")
        for k, rid in enumerate(raw.get("rules", ())):
            if rid not in rule_ids:
                close = difflib.get_close_matches(str(rid), sorted(rule_ids), n=1)
                hint = f" (did you mean {close[0]}?)" if close else ""
                raise RulebookError(doc.where(["reasons", i, "rules", k]),
                                    f"reason {code}: unknown rule {rid!r}{hint}")
        if protocol and "applies" in raw:
            raise RulebookError(doc.where(["reasons", i, "applies"], key=True),
                                f"reason {code}: a protocol code can be given at every table; applies is for "
                                "codes of play")
        out.append(Reason(
            code, _applies(doc, ["reasons", i], raw, f"reason {code}", None),
            meaning=" ".join(str(raw["meaning"]).split()), short=" ".join(str(raw.get("short", "")).split()),
            rules=tuple(raw.get("rules", ())), see=str(raw.get("see", "")), protocol=protocol,
            engine=bool(raw.get("engine", False)),
        ))
    return tuple(out)


def _checks(doc: _Doc, reasons: tuple[Reason, ...]) -> tuple[CheckGroup, ...]:
    """The ``checks`` of rules.yaml: codes of play only, and every code of play but
    :data:`FIRST_CHECKS` in the order of some kind of action."""
    play = [r.code for r in reasons if not r.protocol]
    groups: list[CheckGroup] = []
    placed: set[str] = set()
    for i, raw in enumerate(doc.data.get("checks", ())):
        order: list[tuple[str, str]] = []
        for k, entry in enumerate(raw["order"]):
            code, what = (entry, "") if isinstance(entry, str) else next(iter(entry.items()))
            if code not in play or code in FIRST_CHECKS:
                raise RulebookError(doc.where(["checks", i, "order", k]),
                                    f"{code!r} is not a code of play checked by kind of action; expected one of: "
                                    + ", ".join(c for c in play if c not in FIRST_CHECKS))
            order.append((code, " ".join(what.split())))
            placed.add(code)
        groups.append(CheckGroup(" ".join(raw["of"].split()), tuple(order), " ".join(str(raw.get("then", "")).split()),
                                 " ".join(str(raw.get("note", "")).split())))
    missing = [c for c in play if c not in placed and c not in FIRST_CHECKS]
    if groups and missing:
        raise RulebookError(doc.where(["checks"], key=True),
                            f"reason {missing[0]} is in no order of checks: add it to the order of each kind of "
                            "action it is checked for, after the code checked before it")
    return tuple(groups)


def _applies(doc: _Doc, at: list[str | int], raw: Mapping[str, Any], owner: str,
             mine: Sequence[str] | None) -> Applies:
    """A rule's or a reason's ``applies`` and ``elsewhere``: a list of maps, any of which
    suffices, each option of a map having one of its values (a value, a list of values, or
    ``{not: [values]}``); for a rule (``mine``: its options) only options it names."""
    if ("applies" in raw) != ("elsewhere" in raw):
        given, missing = ("applies", "elsewhere") if "applies" in raw else ("elsewhere", "applies")
        raise RulebookError(doc.where([*at, given], key=True),
                            f"{owner}: {given} is given without {missing}; give both or neither")
    if "applies" not in raw:
        return EVERYWHERE
    allowed = option_values()
    any_of: list[tuple[Term, ...]] = []
    for k, condition in enumerate(raw["applies"]):
        terms: list[Term] = []
        for option, given in condition.items():
            where = [*at, "applies", k, option]
            if option not in allowed:
                hint = _did_you_mean(str(option), allowed)
                raise RulebookError(doc.where(where, key=True), f"unknown ruleset option {option!r}{hint}")
            if mine is not None and option not in mine:
                raise RulebookError(
                    doc.where(where, key=True),
                    f"{owner} does not name the option {option!r} in its options ({', '.join(mine) or 'none'})",
                )
            negated = isinstance(given, dict)
            if negated and (list(given) != ["not"] or not isinstance(given["not"], list)):
                raise RulebookError(doc.where(where), "expected a value, a list of values or {not: [values]}")
            listed = given["not"] if negated else given if isinstance(given, list) else [given]
            values = tuple(_value(doc, [*where, "not"] if negated else where, option, v) for v in listed)
            term = Term(option, values, negated)
            if not any(term.matches(Ruleset().replace(**{option: v})) for v in allowed[option]):
                raise RulebookError(doc.where(where), f"option {option!r}: the condition matches none of its values")
            terms.append(term)
        any_of.append(tuple(terms))
    applies = Applies(tuple(any_of), " ".join(str(raw["elsewhere"]).split()))
    if _everywhere(applies):
        raise RulebookError(doc.where([*at, "applies"], key=True),
                            f"{owner}: the condition holds at every table; leave applies out")
    return applies


def _everywhere(applies: Applies) -> bool:
    """Whether ``applies`` holds under every combination of the values of its options."""
    allowed = option_values()
    names = applies.options
    return all(
        applies.holds(Ruleset().replace(**dict(zip(names, combo, strict=True))))
        for combo in itertools.product(*(allowed[o] for o in names))
    )



def _did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)``, with the choice closest to ``word``; "" when none is close."""
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""

def _value(doc: _Doc, at: list[str | int], option: str, value: object, owner: str = "") -> object:
    """The allowed value of ``option`` that ``value`` names (YAML may read ``50`` or
    ``49_50`` as a number where the option's value is a string); else an error naming the
    allowed values (after ``owner``, what the value belongs to, when given)."""
    allowed = option_values()[option]
    missing = object()
    found = next((a for a in allowed if _same(a, value) or (isinstance(a, str) and a == str(value))), missing)
    if found is missing:
        raise RulebookError(doc.where(at), f"{owner}option {option!r} has no value {_show(value)}; "
                            f"allowed values: {', '.join(_show(a) for a in allowed)}")
    return found


def _choice(doc: _Doc, at: list[str | int], data: Mapping[str, Any], raw: Mapping[str, Any]) -> Choice:
    """Option values of a rule's ``when`` or ``holds_under``: each option one the rule
    names (``options``), each value one the option allows (a single value or a list)."""
    mine = raw.get("options", ())
    out = []
    for option, given in data.items():
        if option not in mine:
            raise RulebookError(
                doc.where([*at, option], key=True),
                f"rule {raw['id']} does not name the option {option!r} in its options ({', '.join(mine) or 'none'})",
            )
        listed = given if isinstance(given, list) else [given]
        out.append((option, tuple(_value(doc, [*at, option], option, value) for value in listed)))
    return tuple(out)


def load_rules(path: Path | None = None) -> list[Rule]:
    """Every rule of spec/rules.yaml, in file order."""
    return list(_rules_doc(path or rules_path())[1])


def load_reasons(path: Path | None = None) -> list[Reason]:
    """The action reason codes of spec/rules.yaml (``reasons``, the protocol's left out)
    and where each can be given, in file order (the order of the table "Reason codes" of
    spec/tonk.md)."""
    return [r for r in _rules_doc(path or rules_path())[2] if not r.protocol]


def load_reason_codes(path: Path | None = None) -> list[Reason]:
    """Every reason code of spec/rules.yaml, the protocol's included, in file order."""
    return list(_rules_doc(path or rules_path())[2])


def load_clauses(path: Path | None = None) -> list[Clause]:
    """Every clause of the active rules of spec/rules.yaml, in file order."""
    return [c for r in _rules_doc(path or rules_path())[1] if r.status != "withdrawn" for c in r.clauses]


def load_checks(path: Path | None = None) -> list[CheckGroup]:
    """The order of checks of each kind of action (the ``checks`` of spec/rules.yaml)."""
    return list(_rules_doc(path or rules_path())[3])


def load_sections(path: Path | None = None) -> dict[str, str]:
    """The sections of spec/rules.yaml: code (``PAY``) to title (``Payments``), in order."""
    return dict(_rules_doc(path or rules_path())[0])


def rules_by_id(path: Path | None = None) -> dict[str, Rule]:
    return {r.id: r for r in load_rules(path)}


# ---------------------------------------------------------------------------- schema and presets


def load_ruleset_schema() -> dict[str, Any]:
    """spec/ruleset.schema.json."""
    if BAKED is not None:
        return dict(BAKED["ruleset_schema"])
    return _load_json(spec_dir() / "ruleset.schema.json")


def load_preset_schema() -> dict[str, Any]:
    """spec/preset.schema.json."""
    if BAKED is not None:
        return dict(BAKED["preset_schema"])
    return _load_json(spec_dir() / "preset.schema.json")


def _load_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise RulebookError(str(path), f"cannot read the file: {e.strerror or e}") from None
    except json.JSONDecodeError as e:
        raise RulebookError((str(path), e.lineno, ""), f"JSON syntax error: column {e.colno}: {e.msg}") from None
    if not isinstance(data, dict):
        raise RulebookError(str(path), "expected a JSON object")
    return data


def _registry() -> referencing.Registry[Any]:
    import referencing

    schemas = [load_ruleset_schema(), load_preset_schema()]
    return referencing.Registry().with_resources((s["$id"], referencing.Resource.from_contents(s)) for s in schemas)


@dataclass(frozen=True)
class Preset:
    """A named ruleset of spec/rulesets/."""

    name: str
    title: str
    description: str
    sources: tuple[str, ...]
    options: Mapping[str, Any] = field(hash=False)
    path: Path | None = field(default=None, compare=False)

    def ruleset(self) -> Ruleset:
        return Ruleset.from_mapping(self.options)


def presets_dir() -> Path:
    return spec_dir() / "rulesets"


def _option_values_from(doc: _Doc, at: Sequence[str | int]) -> None:
    """Where an option's allowed value is a string that YAML read as something else
    (``50``, ``49_50``), put back the string as written (in place)."""
    values = doc.data
    for part in at:
        values = values.get(part) if isinstance(values, dict) else None
    if not isinstance(values, dict):
        return
    allowed = option_values()
    for key, value in list(values.items()):
        if isinstance(key, str) and key in allowed and not isinstance(value, str):
            text = doc.scalar_text([*at, key])
            if text is not None and text in allowed[key]:
                values[key] = text


def _check_option(rules: Ruleset, key: object, value: object, where: Where | str) -> Ruleset:
    allowed = option_values()
    if not isinstance(key, str) or key not in allowed:
        hint = _did_you_mean(str(key), allowed)
        raise RulebookError(where, f"unknown ruleset option {key!r}{hint}; known options: {', '.join(allowed)}")
    values = allowed[key]
    if not any(type(value) is type(v) and value == v for v in values):
        shown = ", ".join(_show(v) + (" (default)" if i == 0 else "") for i, v in enumerate(values))
        raise RulebookError(where, f"option {key!r} does not allow {_show(value)}; allowed values: {shown}")
    return rules.replace(**{key: value})


def _load_preset(path: Path, registry: referencing.Registry[Any], schema: Mapping[str, Any]) -> Preset:
    doc = _parse_yaml(path)
    _option_values_from(doc, ["options"])
    if not isinstance(doc.data, dict):
        raise RulebookError(str(path), f"expected a mapping with the fields {', '.join(schema['properties'])}")
    options = doc.data.get("options")
    if isinstance(options, dict):  # the options first, for the same messages as resolve_ruleset
        rules = Ruleset()
        for key, value in options.items():
            rules = _check_option(rules, key, value, doc.where(["options", key], key=True))
    _validate(doc, schema, registry)
    data = doc.data
    if data["name"] != path.stem:
        raise RulebookError(doc.where(["name"]), f"the name {data['name']!r} must equal the file name {path.stem!r}")
    return Preset(
        name=data["name"],
        title=data["title"],
        description=data["description"],
        sources=tuple(data["sources"]),
        options=dict(data["options"]),
        path=path,
    )


@functools.cache
def _presets(directory: Path) -> dict[str, Preset]:
    if BAKED is not None:
        return {name: Preset(name=name, title=d["title"], description=d["description"], sources=tuple(d["sources"]),
                             options=dict(d["options"])) for name, d in BAKED["presets"].items()}
    registry = _registry()
    schema = load_preset_schema()
    out: dict[str, Preset] = {}
    for path in sorted(directory.glob("*.yaml"), key=lambda p: (p.stem != "seed", p.stem)):
        preset = _load_preset(path, registry, schema)
        out[preset.name] = preset
    if "seed" not in out:
        raise RulebookError(str(directory), "there is no seed preset (seed.yaml)")
    return out


def load_presets(directory: Path | None = None) -> dict[str, Preset]:
    """Every preset of spec/rulesets/, by name, each checked against
    spec/preset.schema.json and the ruleset options."""
    return dict(_presets(directory or presets_dir()))


def resolve_ruleset(
    preset: str = "seed", overrides: Mapping[str, Any] | None = None, where: Where | str = ""
) -> Ruleset:
    """The ruleset of ``preset`` with ``overrides`` applied on top.  An unknown preset,
    an unknown option or a value the option does not allow raises
    :class:`RulebookError` naming ``where`` (the file and field the request came from)."""
    return _resolve(preset, overrides, lambda _key: where, where)


def _resolve(
    preset: object,
    overrides: Mapping[str, Any] | None,
    where_option: Callable[[str], Where | str],
    where_preset: Where | str,
) -> Ruleset:
    presets = load_presets()
    if not isinstance(preset, str) or preset not in presets:
        hint = _did_you_mean(str(preset), presets)
        raise RulebookError(where_preset, f"unknown preset {preset!r}{hint}; known presets: {', '.join(presets)}")
    rules = presets[preset].ruleset()
    for key, value in (overrides or {}).items():
        rules = _check_option(rules, key, value, where_option(key))
    return rules


# ---------------------------------------------------------------------------- table-rules files

TABLE_RULES_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Table rules",
    "description": "A preset of spec/rulesets/ and the options a table changes on top of it.",
    "type": "object",
    "additionalProperties": False,
    "required": ["preset"],
    "properties": {
        "preset": {"type": "string", "description": "The name of a preset of spec/rulesets/, for example seed."},
        "options": {
            "type": ["object", "null"],
            "description": "Ruleset options and their values (spec/ruleset.schema.json).",
        },
    },
}


def load_ruleset_file(path: str | Path) -> Ruleset:
    """The ruleset a table-rules YAML file ``{preset: NAME, options: {...}}`` describes.
    Errors name the file, the line and the field."""
    p = Path(path)
    doc = _parse_yaml(p)
    if doc.data is None:
        raise RulebookError(str(p), "the file is empty; expected a mapping with 'preset' and optionally 'options'")
    _option_values_from(doc, ["options"])
    _validate(doc, TABLE_RULES_SCHEMA)
    options = doc.data.get("options") or {}
    return _resolve(
        doc.data["preset"],
        options,
        lambda key: doc.where(["options", key], key=True),
        doc.where(["preset"]),
    )


def iter_brief_ids(text: str) -> Iterator[str]:
    """Brief item references in ``text``: single items (S12) and ranges (D1-D22)."""
    for m in re.finditer(r"\b([SDVW])(\d+)(?:-\1?(\d+))?\b", text):
        kind, lo, hi = m.group(1), int(m.group(2)), m.group(3)
        for n in range(lo, (int(hi) if hi else lo) + 1):
            yield f"{kind}{n}"


def load_table_rules(arg: str | Path) -> Ruleset:
    """The ruleset a ``--rules`` argument names: a preset by name (``online``), a preset
    file (a YAML file with a ``name``, as spec/rulesets/ holds), or a table-rules file
    (``{preset: NAME, options: {...}}``).  Errors name the file, the line and the field."""
    text = str(arg)
    presets = load_presets()
    if text in presets:
        return presets[text].ruleset()
    p = Path(text)
    if not p.is_file():
        hint = _did_you_mean(text, presets)
        raise RulebookError(text, f"no such preset or file{hint}: give a preset ({', '.join(presets)}) or a YAML file")
    doc = _parse_yaml(p)
    if isinstance(doc.data, dict) and "name" in doc.data:
        preset = _load_preset(p, _registry(), load_preset_schema()) if p.stem == doc.data["name"] else None
        if preset is None:
            raise RulebookError(doc.where(["name"]), f"a preset file is named after its preset: {p.name} holds "
                                f"{doc.data['name']!r}")
        return preset.ruleset()
    return load_ruleset_file(p)
