"""Perft counted on the reference engine itself (the tables' source, ``tonk perft DEAL``):
the table format and the check of an engine through its adapter live in
:mod:`tonk_ref.harness.perft`."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine.cards import NAMES, cards_of, pack_mask, parse_card
from ..engine.hand import Hand
from ..engine.ruleset import Ruleset
from ..engine.serialize import action_to_json
from ..harness.files import table_files
from ..harness.perft import (
    AdapterPerft,
    Mismatch,
    PerftCase,
    PerftError,
    action_text,
    check_adapter,
    load_table,
    parse_table,
)

JSON = dict[str, Any]

__all__ = [
    "AdapterPerft",
    "Mismatch",
    "PerftCase",
    "PerftError",
    "action_text",
    "check_adapter",
    "divide",
    "load_table",
    "make_case",
    "parse_deal",
    "parse_table",
    "perft",
    "perft_counts",
    "reference_hand",
    "seed_deck",
    "table_files",
    "timed_perft",
]


def reference_hand(case: PerftCase) -> Hand:
    """The entry's deal on the reference engine."""
    return Hand([parse_card(c) for c in case.deck], case.players, case.dealer, case.stake, case.ruleset)


def seed_deck(seed: int, rules: Ruleset) -> list[str]:
    """The deck of ``seed:S``: the ruleset's pack in code order, shuffled by Python's
    ``random.Random(S).shuffle``."""
    deck = cards_of(pack_mask(rules.deck, rules.jokers))
    random.Random(seed).shuffle(deck)
    return [NAMES[c] for c in deck]


def parse_deal(text: str, rules: Ruleset) -> JSON:
    """A deal for ``tonk perft``: ``seed:S:Np:dealerD[:stakeK]``, a scenario file (its
    deck, players, dealer, stake and ruleset), or a JSON file holding a ``new_hand``
    setup ``{players, dealer, stake, deck[, ruleset]}``.  Returns a setup; a file's own
    ruleset wins over ``rules``."""
    if text.startswith("seed:"):
        parts = text.split(":")
        try:
            seed = int(parts[1])
            players = int(parts[2].removesuffix("p")) if len(parts) > 2 else 2
            dealer = int(parts[3].removeprefix("dealer")) if len(parts) > 3 else 0
            stake = int(parts[4].removeprefix("stake")) if len(parts) > 4 else 1
            if len(parts) > 5 or (len(parts) > 2 and not parts[2].endswith("p")):
                raise ValueError
            if len(parts) > 3 and not parts[3].startswith("dealer"):
                raise ValueError
        except (ValueError, IndexError):
            raise PerftError(
                f"deal {text!r}: expected seed:S[:Np[:dealerD[:stakeK]]], such as seed:42:3p:dealer0"
            ) from None
        return {
            "ruleset": rules.to_dict(),
            "players": players,
            "dealer": dealer,
            "stake": stake,
            "deck": seed_deck(seed, rules),
        }
    path = Path(text)
    if not path.is_file():
        raise PerftError(f"deal {text!r}: not seed:S:Np:dealerD and not a file")
    if path.suffix in (".yaml", ".yml"):
        from ..harness.scenario import ScenarioError, load_scenario

        try:
            case = load_scenario(path)
        except ScenarioError as e:
            raise PerftError(str(e)) from None
        assert case.setup is not None
        return dict(case.setup)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise PerftError(f"{path}: expected a JSON setup {{players, dealer, stake, deck}}: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("deck"), list):
        raise PerftError(f"{path}: expected a JSON object with players, dealer, stake and deck")
    return {
        "ruleset": data.get("ruleset", rules.to_dict()),
        "players": data.get("players", 2),
        "dealer": data.get("dealer", 0),
        "stake": data.get("stake", 1),
        "deck": data["deck"],
    }


# ---------------------------------------------------------------------------- counting


def perft(h: Hand, depth: int) -> int:
    """Perft on the reference engine (copies, no replay)."""
    if depth == 0:
        return 1
    legal = h.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    seat = h.to_act
    for a in legal:
        child = h.copy()
        child.apply(a, seat)
        total += perft(child, depth - 1)
    return total


def perft_counts(h: Hand, depth: int, max_nodes: int | None = None) -> list[int]:
    """``[perft(1), ..., perft(depth)]``, level by level; with ``max_nodes``, stop after
    the first level holding more than that many sequences."""
    counts: list[int] = []
    frontier = [h]
    for d in range(1, depth + 1):
        legal = [(node, node.legal_actions()) for node in frontier]
        counts.append(sum(len(actions) for _, actions in legal))
        if d == depth or (max_nodes is not None and counts[-1] > max_nodes):
            break
        frontier = []
        for node, actions in legal:
            seat = node.to_act
            for a in actions:
                child = node.copy()
                child.apply(a, seat)
                frontier.append(child)
    return counts


def divide(h: Hand, depth: int) -> list[tuple[str, int]]:
    """Perft per first action: (action as JSON text, count of depth-1 below it)."""
    out = []
    for a in h.legal_actions():
        child = h.copy()
        child.apply(a, h.to_act)
        out.append((action_text(action_to_json(a)), perft(child, depth - 1)))
    return out


def timed_perft(h: Hand, depth: int) -> tuple[int, float]:
    start = time.perf_counter()
    n = perft(h, depth)
    return n, time.perf_counter() - start


def make_case(
    case_id: str,
    setup: JSON,
    preset: str,
    options: dict[str, Any],
    depths: Sequence[int],
    origin: str = "",
    max_nodes: int | None = None,
) -> PerftCase:
    """A table entry with the reference engine's counts, for each depth of ``depths`` in
    order, stopping after the first count above ``max_nodes``."""
    case = PerftCase(
        case_id,
        setup["players"],
        setup["dealer"],
        setup.get("stake", 1),
        list(setup["deck"]),
        preset,
        dict(options),
        origin=origin,
    )
    counts = perft_counts(reference_hand(case), max(depths), max_nodes)
    case.counts = {d: counts[d - 1] for d in depths if d <= len(counts)}
    return case
