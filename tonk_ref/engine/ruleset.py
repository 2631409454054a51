"""The ruleset: every house-rule option as one immutable value (spec/ruleset.schema.json).

Variants are data.  The engine never reads an option from anywhere but the
:class:`Ruleset` it was given.  The allowed values of each option are the ``Literal`` (or
``bool``) annotation of its field, and its default the field's default: both are
generated from spec/ruleset.schema.json by scripts/sync_spec.py (the lines between the
``BEGIN generated`` and ``END generated`` markers), so adding an option touches the
schema and the rule that uses it, not this file.  The engine reads no JSON: the
generated lines are Python source, and ``sync_spec.py --check`` (run by a test) says
when they are not in step with the schema.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import TonkError

# BEGIN generated from spec/ruleset.schema.json by scripts/sync_spec.py: edit the schema, not these lines
TonkOutDouble = Literal["always", "new_spread"]
KnockTiming = Literal["start", "any", "after_draw"]
KnockTie = Literal["caught", "knocker_wins", "split", "draw"]
CaughtPayment = Literal[
    "seed",
    "non_knockers",
    "doubles_only",
    "double_lowest_others_single",
    "double_lowest_only",
    "per_player",
]
EmptyStock = Literal["play_on", "reshuffle", "dead", "last_turn"]
StockTie = Literal["all_paid", "split", "dead"]
HitTargets = Literal["any", "runs"]
HitsPerTurn = Literal["any", "one"]
Ace = Literal["low", "low_or_high"]
FirstDealer = Literal["high", "low"]
NextDealer = Literal["left", "winner"]
DealerAfterDraw = Literal["next", "same"]
DealtTonk = Literal["49_50", "50", "none"]
MaxPlayers = Literal[3, 4, 5, 6]
Jokers = Literal[0, 2]
JokerValue = Literal[15, 0, 25, 50]
Deck = Literal[52, 40]
FaceValues = Literal["10-10-10", "11-12-13"]
HandSize = Literal[5, 7, 9, "by_players"]
LowDealtDouble = Literal[None, 15, 13]
DealtTonks = Literal["draw", "best", "split"]
HitLock = Literal[0, 1, 2, 3]
KnockLimit = Literal[None, 5, 10, 50]
SpreadKnockWait = Literal[0, 1, 2]
LowKnockBonus = Literal[None, 13]
Scoring = Literal["stakes", "points", "points_all"]
WildMinNaturals = Literal[1, 2]
ForcedSpreadsTiming = Literal["turn_end", "at_once"]
AfterKnock = Literal["show", "one_turn_each"]
TurnLimit = Literal[None, 50, 100, 200]
TurnLimitEnd = Literal["count", "dead"]
Reem = Literal["none", "one_turn", "second_spread"]
HitLockFurther = Literal[None, 1]
SpecialHands = Literal["none", "first_turn", "any_turn"]
# END generated


class RulesetError(TonkError, ValueError):
    """An unknown option or a value the option does not allow."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One value for every option; the defaults are the seed rules."""

    # BEGIN generated from spec/ruleset.schema.json by scripts/sync_spec.py: edit the schema, not these lines
    upcard: bool = True
    forced_spreads: bool = False
    tonk_out_double: TonkOutDouble = "always"
    knock_timing: KnockTiming = "start"
    first_turn_knock: bool = True
    knock_tie: KnockTie = "caught"
    caught_payment: CaughtPayment = "seed"
    count_held_spreads: bool = True
    empty_stock: EmptyStock = "play_on"
    stock_tie: StockTie = "all_paid"
    discard_taken: bool = False
    discard_taken_last: bool = False
    hit_targets: HitTargets = "any"
    hits_per_turn: HitsPerTurn = "any"
    ace: Ace = "low"
    first_dealer: FirstDealer = "high"
    next_dealer: NextDealer = "left"
    dealer_after_draw: DealerAfterDraw = "next"
    dealt_tonk: DealtTonk = "49_50"
    max_players: MaxPlayers = 3
    jokers: Jokers = 0
    joker_value: JokerValue = 15
    deck: Deck = 52
    face_values: FaceValues = "10-10-10"
    deuces_wild: bool = False
    hand_size: HandSize = 5
    low_dealt_double: LowDealtDouble = None
    dealt_tonks: DealtTonks = "draw"
    must_use_taken: bool = False
    hit_lock: HitLock = 0
    knock_limit: KnockLimit = None
    spread_knock_wait: SpreadKnockWait = 0
    low_knock_bonus: LowKnockBonus = None
    scoring: Scoring = "stakes"
    wild_min_naturals: WildMinNaturals = 1
    eating: bool = False
    forced_spreads_timing: ForcedSpreadsTiming = "turn_end"
    after_knock: AfterKnock = "show"
    turn_limit: TurnLimit = None
    turn_limit_end: TurnLimitEnd = "count"
    discard_without_draw: bool = False
    hit_ends_turn: bool = False
    knock_with_discard: bool = True
    reem: Reem = "none"
    hit_lock_further: HitLockFurther = None
    special_hands: SpecialHands = "none"
    # END generated

    def hand_size_for(self, players: int) -> int:
        """Cards dealt to each player (rule DEAL-1, option ``hand_size``)."""
        if self.hand_size == "by_players":
            return 7 if players == 2 else 5
        return self.hand_size

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> Ruleset:
        """A ruleset from option values; options not given keep their defaults."""
        try:
            # keyed by the names, the types (True is not 1) and the values, in the order given
            return _from_key(tuple(values), tuple(map(type, values.values())), tuple(values.values()))
        except TypeError:  # an unhashable value: let replace() explain what is wrong
            return DEFAULT.replace(**dict(values))

    def replace(self, **changes: Any) -> Ruleset:
        allowed = option_values()
        for key, value in changes.items():
            if key not in allowed:
                raise RulesetError(f"unknown ruleset option {key!r}; known options: {', '.join(allowed)}")
            if not _allowed(value, allowed[key]):
                raise RulesetError(f"option {key!r} does not allow {value!r}; allowed values: {allowed[key]!r}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return dict(_as_dict(self))

    def changes(self) -> dict[str, Any]:
        """The options whose value differs from the default."""
        return dict(_changes(self))


def _allowed(value: object, values: tuple[object, ...]) -> bool:
    # bool is an int in Python: True must not pass for 1, nor 1 for True.
    return any(type(value) is type(v) and value == v for v in values)


_OPTION_VALUES: dict[str, tuple[object, ...]] = {}


# The rulesets made and written last are kept (bounded: a fuzzing run makes rulesets without end).
@functools.lru_cache(maxsize=1024)
def _from_key(names: tuple[str, ...], _types: tuple[type, ...], values: tuple[Any, ...]) -> Ruleset:
    return DEFAULT.replace(**dict(zip(names, values, strict=True)))


@functools.lru_cache(maxsize=1024)
def _as_dict(rules: Ruleset) -> dict[str, Any]:
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


@functools.lru_cache(maxsize=1024)
def _changes(rules: Ruleset) -> tuple[tuple[str, Any], ...]:
    return tuple((k, v) for k, v in _as_dict(rules).items() if getattr(DEFAULT, k) != v)


def option_values() -> dict[str, tuple[object, ...]]:
    """Each option's allowed values, the default first."""
    if not _OPTION_VALUES:
        hints = typing.get_type_hints(Ruleset)
        for f in dataclasses.fields(Ruleset):
            hint = hints[f.name]
            values: tuple[object, ...] = (False, True) if hint is bool else typing.get_args(hint)
            default = f.default
            _OPTION_VALUES[f.name] = (default, *[v for v in values if v != default or type(v) is not type(default)])
    return _OPTION_VALUES


DEFAULT = Ruleset()
