"""Quick reads of the spec's rule IDs: the reason codes of spec/tonk.md ("Reason codes")
with the rules that define each, and the order of the rules in spec/rules.yaml."""

from __future__ import annotations

import functools
import re

from ..paths import spec_dir

_ROW = re.compile(r"^\| `([a-z_]+)` \| .* \| ([^|]*) \|$")
_RULE = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)*-\d+\b")


@functools.cache
def reason_rules() -> dict[str, tuple[str, ...]]:
    """Reason code -> the rule IDs its row cites, in the table's order."""
    text = (spec_dir() / "tonk.md").read_text(encoding="utf-8")
    start = text.index("\n## Reason codes")
    end = text.find("\n## ", start + 1)
    out: dict[str, tuple[str, ...]] = {}
    for line in text[start:end if end >= 0 else None].splitlines():
        m = _ROW.match(line.strip())
        if m:
            out[m.group(1)] = tuple(_RULE.findall(m.group(2)))
    return out


def rule_of_reason(reason: str) -> str | None:
    """The first rule a reason code's row cites, or None (a protocol code, or unknown)."""
    rules = reason_rules().get(reason)
    return rules[0] if rules else None


_ID_LINE = re.compile(r"^\s*- id: ([A-Z]+(?:-[A-Z0-9]+)*-\d+)\s*$", re.M)


@functools.cache
def rule_order() -> tuple[str, ...]:
    """Every rule ID of spec/rules.yaml in file order, read without parsing the whole file
    (a report lists rules in this order; the rulebook reads and checks the rules themselves)."""
    return tuple(_ID_LINE.findall((spec_dir() / "rules.yaml").read_text(encoding="utf-8")))
