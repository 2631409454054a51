"""Where a rule's sentence comes from, under the ruleset in play: the seeds, this spec's
decision, or a house rule (the option values that decide the sentence, with the brief's
items and whether any stored source documents them).  It reads the rules of
:mod:`.rulebook` and the option facts of :mod:`.options`."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.ruleset import Ruleset
from .book import Rule, alternatives, alternatives_text, load_ruleset_schema, table_values
from .notation import option_text
from .options import option_facts

#: The variations the seeds print after their rules (no upcard, forced spreads, the
#: new-spread double): options that play them are the seeds' own, not house rules.
SEED_VARIATIONS = frozenset({"S32", "S33", "S34"})


@functools.cache
def _option_brief() -> dict[str, tuple[str, ...]]:
    return {name: tuple(prop.get("x-brief", ())) for name, prop in load_ruleset_schema()["properties"].items()}


#: How a label calls an option value that no stored source documents (``x-unsourced``).
UNSOURCED = "an online engines' rule, no written source"
#: How a label names a value nothing written gives (``x-offered``: this spec offers it).
NO_WRITTEN_SOURCE = "a house rule with no written source"


def _reset(rule: Rule, rules: Ruleset, keep: Mapping[str, object]) -> Ruleset:
    """``rules`` with the options of ``rule`` not in ``keep`` at their defaults."""
    default = Ruleset()
    return rules.replace(**{o: getattr(default, o) for o in rule.options if o not in keep})


def sentence_values(rule: Rule, rules: Ruleset | None) -> dict[str, object]:
    """The options of ``rule`` that ``rules`` sets to something other than the default and
    whose value decides the rule's sentence there: with that option back at its default the
    rule says another sentence.  A value under which the default sentence holds
    (``holds_under``, or a variant that needs another option too) is not among them."""
    changed = table_values(rule, rules)
    if rules is None or not changed:
        return {}
    text = rule.text_under(rules)
    default = Ruleset()
    return {o: v for o, v in changed.items() if rule.text_under(rules.replace(**{o: getattr(default, o)})) != text}


def sentence_alternatives(rule: Rule, rules: Ruleset | None = None) -> dict[str, list[object]]:
    """For each option of ``rule``, its values other than the one ``rules`` plays under
    which the rule says another sentence (the other readings the options offer)."""
    current = rules if rules is not None else Ruleset()
    text = rule.text_under(current)
    return {o: [v for v in values if rule.text_under(current.replace(**{o: v})) != text]
            for o, values in alternatives(rule, current).items()}


def house_label(rule: Rule, values: Mapping[str, Sequence[object]]) -> str:
    """The label of ``rule``'s sentence under option values other than the defaults that
    decide it, each value with its own source: "a house rule: knock_limit = 5 (V29)", "a
    variation the seeds print: forced_spreads = true (S33; this spec decides D16)", "a
    house rule: count_held_spreads = false (V39), after_knock = one_turn_each (Hoyle's and
    Bicycle's Tunk)" (a documented source, ``x-documented``), "a house rule with no written
    source: turn_limit = 50" (neither a brief item nor a documented source), or, for a value
    known only from online engines, "an online engines' rule, no written source:
    empty_stock = last_turn"."""
    kinds: dict[str, dict[str, list[object]]] = {k: {} for k in _KINDS}
    items: dict[str, list[str]] = {}
    for o, vs in values.items():
        for v in vs:
            kind, cited = value_source(o, v)
            kinds[kind].setdefault(o, []).append(v)
            for item in cited:
                if item not in items.setdefault(o, []):
                    items[o].append(item)
    for o in values:
        if o in rule.seeds_disagree and any(o in kinds[k] for k in ("printed", "house", "none")):
            items.setdefault(o, []).append(f"the seeds disagree: {', '.join(rule.items('S'))}")
    parts = [(k, kinds[k]) for k in _KINDS if kinds[k]]
    if parts and rule.section == "VAR" and rule.items("D"):
        last = list(parts[0][1])[-1]
        items.setdefault(last, []).append(f"this spec decides {', '.join(rule.items('D'))}")
    return "; ".join(f"{_KINDS[k]}: {_values_text(vs, items)}" for k, vs in parts)


#: The kinds of source an option value has, in the order a label names them, and how it
#: names each.
_KINDS = {
    "printed": "a variation the seeds print",
    "house": "a house rule",
    "none": NO_WRITTEN_SOURCE,
    "unsourced": UNSOURCED,
}


@functools.cache
def _documented() -> dict[str, dict[str, str]]:
    """``x-documented`` of each option: a value (as JSON text) to the written source that
    documents it where no brief item does."""
    return {name: dict(prop.get("x-documented", {})) for name, prop in load_ruleset_schema()["properties"].items()}


def value_source(option: str, value: object) -> tuple[str, tuple[str, ...]]:
    """Where an option's value other than its default comes from: ("printed", the seed
    variations it plays), ("house", the brief's V items or the written source that
    documents it), ("unsourced", ()) for a value known only from online engines
    (``x-unsourced``), or ("none", ()) where nothing written gives it (and for an
    unsourced value this spec offers itself, ``x-offered``: the turn limit)."""
    if option_facts()[option].is_unsourced(value):
        # a value this spec offers (x-offered: a turn limit) is no online engine's rule either
        offered = load_ruleset_schema()["properties"].get(option, {}).get("x-offered", False)
        return ("none" if offered else "unsourced"), ()
    brief = _option_brief().get(option, ())
    printed = tuple(b for b in brief if b in SEED_VARIATIONS)
    if printed:
        return "printed", printed
    vs = tuple(b for b in brief if b.startswith("V"))
    if vs:
        return "house", vs
    documented = _documented().get(option, {}).get(_json_text(value))
    if documented:
        return "house", (documented,)
    return "none", ()


def _json_text(value: object) -> str:
    """A value as its JSON text: ``true``, ``50``, ``one_turn_each``."""
    if isinstance(value, str):
        return value
    return json.dumps(value)


def _values_text(values: Mapping[str, Sequence[object]], items: Mapping[str, Sequence[str]] | None = None) -> str:
    """'knock_timing = any, knock_with_discard = false'; 'caught_payment = a or b; deck = 40';
    each option followed by its own sources: 'count_held_spreads = false (V39), ...'."""
    texts = {o: [option_text(o, v).split(" = ", 1)[1] for v in vs] for o, vs in values.items()}
    shown = [f"{o} = " + (t[0] if len(t) == 1 else ", ".join(t[:-1]) + f" or {t[-1]}")
             + (f" ({'; '.join(items[o])})" if items and items.get(o) else "") for o, t in texts.items()]
    return ("; " if any(len(t) > 1 for t in texts.values()) else ", ").join(shown)


def provenance(rule: Rule, rules: Ruleset | None = None, limit: int = 0) -> str:
    """Where ``rule``'s sentence comes from, for the ruleset in play: "the seeds (S27)",
    "this spec decides (D2; alternatives: first_turn_knock = false)" (the seeds are silent),
    "the seeds (S29, S30) and this spec (D3; alternatives: knock_tie = knocker_wins)" (the
    seeds say it in part, or unclearly, and this spec decides the rest), "the seeds disagree
    (S1, S28); this spec decides (D7; ...)" (``seeds_disagree``), or,
    where the table sets one of its options to a value that decides its sentence, "a house
    rule: knock_tie = knocker_wins (V31)".  An option whose value leaves the sentence as
    under the default is not named: the sentence is the default's and so is its label."""
    changed = sentence_values(rule, rules)
    if changed:
        return house_label(rule, {o: [v] for o, v in changed.items()})
    plain = _reset(rule, rules, {}) if rules is not None else None
    # a variation the seeds print that one of the rule's options plays (S32 for upcard) is
    # not the source of the sentence under the option's default
    played = {b for o in rule.options for b in _option_brief().get(o, ()) if b in SEED_VARIATIONS}
    seeds = ", ".join(b for b in rule.items("S") if b not in played or rule.section == "VAR")
    if rule.basis == "decided":
        parts = []
        if rule.items("D"):
            parts.append(", ".join(rule.items("D")))
        alts = alternatives_text(sentence_alternatives(rule, plain), limit)
        parts.append(f"alternatives: {alts}" if alts else "no option offers another reading")
        if not seeds:
            return f"this spec decides ({'; '.join(parts)})"
        if rule.seeds_disagree:
            return f"the seeds disagree ({seeds}); this spec decides ({'; '.join(parts)})"
        return f"the seeds ({seeds}) and this spec ({'; '.join(parts)})"
    if rule.basis == "seeds":
        return f"the seeds ({seeds})"
    if not rule.items("V"):  # a house rule no brief item gives
        return NO_WRITTEN_SOURCE
    return f"a house rule ({', '.join(rule.items('V'))})"


def provenance_record(rule: Rule, rules: Ruleset | None = None) -> dict[str, Any]:
    """The provenance of ``rule`` as data: basis, brief items, what the seeds say, what
    this spec decides, the alternatives and the table's own values of its options."""
    return {
        "basis": rule.basis,
        "label": provenance(rule, rules),
        "brief": list(rule.brief),
        "seeds": rule.seeds,
        "decision": rule.decision or None,
        "alternatives": {o: list(v) for o, v in alternatives(rule, rules).items()},
        "table": table_values(rule, rules),
    }
