"""A table's own rules against the rules a case plays."""

from __future__ import annotations

from typing import Any

from ..engine.ruleset import Ruleset


def _shown(v: object) -> str:
    import json

    return v if isinstance(v, str) else json.dumps(v)


def disagreement(options: dict[str, Any], table: Ruleset) -> str | None:
    """Why a case that plays ``options`` (its non-default values) is outside the table's
    rules, or None when the table has the same value for every one of them."""
    have = table.to_dict()
    bad = [f"{k}={_shown(v)} (the table has {_shown(have.get(k))})" for k, v in sorted(options.items())
           if have.get(k) != v]
    return "; ".join(bad) or None
