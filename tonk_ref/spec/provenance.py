"""Where a rule's sentence comes from, under the ruleset in play: the seeds, this spec's
decision, or a house rule (the option values that decide the sentence, with the brief's
items and whether any stored source documents them).  It reads the rules of
:mod:`.rulebook` and the option facts of :mod:`.options`."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.ruleset import Ruleset
from .notation import option_text
from .options import option_facts
from .rulebook import Rule, alternatives, alternatives_text, load_ruleset_schema, table_values

#: The variations the seeds print after their rules (no upcard, forced spreads, the
#: new-spread double): options that play them are the seeds' own, not house rules.
SEED_VARIATIONS = frozenset({"S32", "S33", "S34"})


@functools.cache
def _option_brief() -> dict[str, tuple[str, ...]]:
    return {name: tuple(prop.get("x-brief", ())) for name, prop in load_ruleset_schema()["properties"].items()}


#: How a label calls an option value that no stored source documents (``x-unsourced``).
UNSOURCED = "an online engines' rule, no written source"


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
    decide it: "a house rule: knock_limit = 5 (V29)", "a variation the seeds print:
    forced_spreads = true (S33; this spec decides D16)", or, for a value no stored source
    documents, "an online engines' rule, no written source: empty_stock = last_turn"."""
    facts = option_facts()
    sourced: dict[str, list[object]] = {}
    online: dict[str, list[object]] = {}
    for o, vs in values.items():
        for v in vs:
            into = online if facts[o].is_unsourced(v) else sourced
            into.setdefault(o, []).append(v)
    briefs = [b for o in sourced for b in _option_brief().get(o, ())]
    printed = [b for b in briefs if b in SEED_VARIATIONS]
    items = printed or [b for b in briefs if b.startswith("V")]
    if rule.section == "VAR" and rule.items("D"):
        items += [f"this spec decides {', '.join(rule.items('D'))}"]
    if set(rule.seeds_disagree) & set(values):
        items += [f"the seeds disagree: {', '.join(rule.items('S'))}"]
    cite = f" ({'; '.join(dict.fromkeys(items))})" if items else ""
    parts = []
    if sourced:
        head = "a variation the seeds print" if printed else "a house rule"
        parts.append(f"{head}: {_values_text(sourced)}{cite}")
    if online:
        parts.append(f"{UNSOURCED}: {_values_text(online)}{'' if sourced else cite}")
    return "; ".join(parts)


def _values_text(values: Mapping[str, Sequence[object]]) -> str:
    """'knock_timing = any, knock_with_discard = false'; 'caught_payment = a or b; deck = 40'."""
    texts = {o: [option_text(o, v).split(" = ", 1)[1] for v in vs] for o, vs in values.items()}
    shown = [f"{o} = " + (t[0] if len(t) == 1 else ", ".join(t[:-1]) + f" or {t[-1]}") for o, t in texts.items()]
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
