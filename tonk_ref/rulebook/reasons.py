"""Quick reads of the spec's reason codes and rule IDs: each reason code with the rules that
give it and its meaning in one line (the ``reasons`` of spec/rules.yaml, their one home), and
the order of the rules in spec/rules.yaml."""

from __future__ import annotations

import functools
import re

from ..paths import spec_dir
from .book import load_reason_codes


@functools.cache
def reason_rules() -> dict[str, tuple[str, ...]]:
    """Reason code -> the rule IDs that give it, in the order of spec/rules.yaml's
    ``reasons`` (the table "Reason codes" of spec/tonk.md); a protocol code gives none."""
    return {r.code: r.rules for r in load_reason_codes()}


def rule_of_reason(reason: str) -> str | None:
    """The first rule that gives a reason code, or None (a protocol code, or unknown)."""
    rules = reason_rules().get(reason)
    return rules[0] if rules else None


_ID_LINE = re.compile(r"^\s*- id: ([A-Z]+(?:-[A-Z0-9]+)*-\d+)\s*$", re.M)


@functools.cache
def rule_order() -> tuple[str, ...]:
    """Every rule ID of spec/rules.yaml in file order, read without parsing the whole file
    (a report lists rules in this order; the rulebook reads and checks the rules themselves)."""
    return tuple(_ID_LINE.findall((spec_dir() / "rules.yaml").read_text(encoding="utf-8")))
