"""Cases made for the engine under test from what it declared and the table it plays.

Two rules of the protocol no written case can check for every engine, because they depend
on the engine's own declarations and table:

- the table's seat limit: a deal for one player more than the table seats is refused
  (``invalid_setup``, GAME-2);
- a value the engine did not declare is refused (``unsupported_option``, spec/protocol.md
  "Capabilities"): for an option it declares some values of, one value it left out; for
  an option it does not declare at all, a value other than the default.

Each is a generated case whose deal must be refused with that reason.
"""

from __future__ import annotations

from typing import Any

from ..engine.cards import NAMES, cards_of, pack_mask
from ..engine.ruleset import DEFAULT, Ruleset, option_values
from ..rulebook.notation import value_text
from .capabilities import Capabilities
from .case import Case

JSON = dict[str, Any]


def _deck(rules: Ruleset) -> list[str]:
    return [NAMES[c] for c in cards_of(pack_mask(rules.deck, rules.jokers))]


def _case(case_id: str, title: str, rules: tuple[str, ...], setup: JSON, table: Ruleset, reason: str) -> Case:
    return Case(id=case_id, title=title, kind="generated", rules=rules, source="generated:the engine's declarations",
                line=0, setup=setup, steps=(), deal_refused=True, deal_reason=reason, ruleset=table,
                origin="generated")


def seat_limit_case(table: Ruleset) -> Case:
    """One player more than the table seats: the deal is refused."""
    n = table.max_players + 1
    setup = {"ruleset": table.to_dict(), "players": n, "dealer": 0, "stake": 1, "deck": _deck(table)}
    return _case(f"engine-seat-limit-{n}p", f"{n} players at a table of {table.max_players} seats: the deal is refused",
                 ("GAME-2",), setup, table, "invalid_setup")


def undeclared_value(caps: Capabilities, table: Ruleset) -> tuple[str, Any] | None:
    """An option value the engine did not declare, that a ruleset may hold: of an option it
    declares some values of (the first it left out), else of one it does not declare."""
    known = option_values()
    # an option that leaves the pack and the deal as they are first, so the deck still fits
    keys = sorted(known, key=lambda k: k in _DEAL_OPTIONS)
    for key in [k for k in keys if k in caps.options]:
        missing = [v for v in known[key] if not caps.supports(key, v)]
        if missing:
            return key, missing[0]
    for key in keys:
        if key not in caps.options and len(known[key]) > 1:
            return key, known[key][1]
    return None


#: Options that change the pack or the deal (a deck made for the table may not fit them).
_DEAL_OPTIONS = frozenset({"deck", "jokers", "hand_size", "max_players", "upcard"})


def unsupported_option_case(caps: Capabilities, table: Ruleset) -> Case | None:
    """A deal with one value the engine did not declare: refused as ``unsupported_option``."""
    found = undeclared_value(caps, table)
    if found is None:
        return None
    key, value = found
    ruleset = {**table.to_dict(), key: value}
    setup = {"ruleset": ruleset, "players": 2, "dealer": 0, "stake": 1, "deck": _deck(table)}
    return _case(f"engine-unsupported-option-{key}",
                 f"a ruleset with {key} = {value_text(value)}, which the engine did not declare: refused as "
                 "unsupported_option", (), setup, table, "unsupported_option")


def engine_cases(caps: Capabilities, table: Ruleset | None) -> list[Case]:
    """The cases of :mod:`this module <tonk_ref.harness.engine_cases>` for ``caps`` at ``table``."""
    rules = table if table is not None else DEFAULT
    out = [seat_limit_case(rules)]
    unsupported = unsupported_option_case(caps, rules)
    if unsupported is not None:
        out.append(unsupported)
    return out
