"""An independent model of a hand of Tonk, written from the rules text (spec/rules.yaml,
spec/tonk.md, the option descriptions of spec/ruleset.schema.json and the rules brief),
never from the reference engine, which it does not import.

The scenario generators follow every script on it (a case is written only when the model
agrees with what a table states) and the tests use it as their oracle against engines
(tests/oracle/).  It is deliberately plain: cards are strings ("Ah"), hands lists in the
order dealt and drawn, amounts ``Fraction``s, a state a dataclass.

Layers, lowest first: errors, cards, ruleset (options and presets read from spec/),
spreads, settle (endings and payments), hand (the deal and the rules of play), actions.
A package of its own beside ``tonk_ref`` (installed with it), importing only the
standard library and PyYAML; tests/test_layers.py checks that the two share no code.
"""

from __future__ import annotations

from .actions import action_key, candidate_actions, legal_actions, parse_compact, perft
from .cards import JOKERS, RANKS, STANDARD, SUITS, cards, hand_size, is_card, is_joker, pack, rank, sort_cards, suit
from .errors import Ambiguous, Illegal, ModelError
from .hand import State, apply, check, deal, deal_hands, may_eat, must_lay_first, parse_action, stack, usable_at_once
from .ruleset import DEFAULTS, Rules, is_default, option_values, preset, resolve
from .settle import Payment, Result, points
from .spreads import (
    Shape,
    Spread,
    count,
    deadwood,
    fits,
    holds_forced_spread,
    placements,
    read_spread,
    readings,
    spreads_within,
)

__all__ = [
    "DEFAULTS",
    "JOKERS",
    "RANKS",
    "STANDARD",
    "SUITS",
    "Ambiguous",
    "Illegal",
    "ModelError",
    "Payment",
    "Result",
    "Rules",
    "Shape",
    "Spread",
    "State",
    "action_key",
    "apply",
    "candidate_actions",
    "cards",
    "check",
    "count",
    "deadwood",
    "deal",
    "deal_hands",
    "fits",
    "hand_size",
    "holds_forced_spread",
    "is_card",
    "is_default",
    "is_joker",
    "legal_actions",
    "may_eat",
    "must_lay_first",
    "option_values",
    "pack",
    "parse_action",
    "parse_compact",
    "perft",
    "placements",
    "points",
    "preset",
    "rank",
    "read_spread",
    "readings",
    "resolve",
    "sort_cards",
    "spreads_within",
    "stack",
    "suit",
    "usable_at_once",
]
