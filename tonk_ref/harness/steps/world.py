"""The table one Gherkin scenario plays at: the deal its Given steps describe, the
engine (through the adapter interface only) and what the last When step did.

The hand is dealt lazily, at the first step that needs the engine, so that every Given
step (the ruleset, the hands, the upcard, the stock) can come in any order first.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Literal

import pytest

from ...adapters.base import JSON, Adapter, Rejected
from ...engine.cards import NAMES, cards_of, pack_mask, parse_card
from ...engine.ruleset import Ruleset, option_values
from ...engine.stacking import StackError, stack_deck
from ..execute import Capabilities
from ..rulebook import RulebookError, resolve_ruleset
from .parse import FeatureTextError

#: The fields every engine's state has (spec/protocol.md); "the state is unchanged"
#: compares these, not an engine's optional extras.
CORE_STATE = (
    "players",
    "dealer",
    "stake",
    "hands",
    "spreads",
    "discard_top",
    "discard_count",
    "stock_count",
    "to_act",
    "stage",
    "result",
)

RefusalKind = Literal["action", "deal", "request"]


@dataclass(slots=True)
class Refusal:
    kind: RefusalKind
    what: str
    error: Rejected
    before: JSON | None
    checked: bool = False


@dataclass(slots=True)
class Table:
    adapter: Adapter
    caps: Capabilities
    players: int | None = None
    dealer: int | None = None
    stake: int = 1
    preset: str = "seed"
    options: dict[str, Any] = field(default_factory=dict)
    hands: dict[int, list[str]] = field(default_factory=dict)
    upcard: str | None = None
    stock_top: list[str] = field(default_factory=list)
    deck_top: list[str] | None = None
    deck_override: list[str] | None = None
    dealt: bool = False
    refusal: Refusal | None = None
    answer: Any = None  # the last answer of a match request (cut, next_dealer, join)
    last: JSON | None = None  # the state the engine answered with after the last deal or action

    # ------------------------------------------------------------------ capabilities
    def require_feature(self, feature: str, why: str) -> None:
        if feature not in self.caps.features:
            pytest.skip(f"{why} needs the protocol feature {feature!r}, which {self.caps.name} does not declare")

    def ruleset(self) -> Ruleset:
        return _ruleset(self.preset, tuple(sorted(self.options.items())))

    def require_options(self) -> None:
        """Skip the scenario if the engine does not declare an option value it uses."""
        missing = [f"{k} = {v!r}" for k, v in self.ruleset().changes().items() if not self.caps.supports(k, v)]
        if missing:
            pytest.skip(f"option values not declared by {self.caps.name}: {', '.join(missing)}")

    def set_option(self, name: str, text: str) -> None:
        values = option_values()
        if name not in values:
            raise FeatureTextError(f"unknown ruleset option {name!r}; options: {', '.join(values)}")
        for v in values[name]:
            if str(v).lower() == text.lower():
                self.options[name] = v
                break
        else:
            allowed = ", ".join(str(v).lower() for v in values[name])
            raise FeatureTextError(f"option {name} has no value {text!r}; allowed: {allowed}")
        self.require_options()

    # ------------------------------------------------------------------ the deal
    def need_players(self) -> int:
        if self.players is None:
            raise FeatureTextError("no table: start with 'Given a N-player hand dealt by seat D'")
        return self.players

    def setup(self) -> JSON:
        players = self.need_players()
        if self.dealer is None:
            raise FeatureTextError("no dealer: start with 'Given a N-player hand dealt by seat D'")
        rules = self.ruleset()
        return {
            "ruleset": rules.to_dict(),
            "players": players,
            "dealer": self.dealer,
            "stake": self.stake,
            "deck": self.deck(rules),
        }

    def deck(self, rules: Ruleset) -> list[str]:
        if self.deck_override is not None:
            return list(self.deck_override)
        pack = cards_of(pack_mask(rules.deck, rules.jokers))
        if self.deck_top is not None:
            top = [parse_card(c) for c in self.deck_top]
            return [NAMES[c] for c in top] + [NAMES[c] for c in pack if c not in top]
        if not self.hands:
            # No hands given: a new deck, unshuffled (clubs A-K, diamonds, hearts, spades).
            if self.upcard is not None or self.stock_top:
                raise FeatureTextError("an upcard or a stock top needs the hands: add 'And seat N holds ...'")
            return [NAMES[c] for c in pack]
        players = self.need_players()
        missing = [s for s in range(players) if s not in self.hands]
        if missing:
            raise FeatureTextError(
                "every seat needs a hand: add " + ", ".join(f"'And seat {s} holds ...'" for s in missing)
            )
        extra = [s for s in self.hands if s >= players]
        if extra:
            raise FeatureTextError(f"seat {extra[0]} does not exist at a {players}-player table")
        if rules.upcard and self.upcard is None:
            raise FeatureTextError("the ruleset turns an upcard (DEAL-2): add 'And the upcard is ...'")
        if not rules.upcard and self.upcard is not None:
            raise FeatureTextError("the ruleset turns no upcard (VAR-NOUP-1): remove 'the upcard is ...'")
        try:
            order = stack_deck(
                players,
                self.dealer or 0,
                [[parse_card(c) for c in self.hands[s]] for s in range(players)],
                None if self.upcard is None else parse_card(self.upcard),
                [parse_card(c) for c in self.stock_top],
                with_upcard=rules.upcard,
                hand_size=rules.hand_size_for(players),
                pack=pack_mask(rules.deck, rules.jokers),
            )
        except StackError as e:
            raise FeatureTextError(f"this deal cannot be stacked: {e}") from None
        return [NAMES[c] for c in order]

    def deal(self, expect_refusal: bool = False) -> None:
        """Deal the hand the Given steps describe (once)."""
        if self.dealt:
            return
        self.require_options()
        setup = self.setup()
        self.dealt = True
        try:
            self.last = _state_or_none(self.adapter.new_hand(setup))
        except Rejected as e:
            if not expect_refusal:
                raise AssertionError(f"the engine refused to deal this hand: {e.reason} {e.message}") from None
            self.refusal = Refusal("deal", "dealing the hand", e, None)

    # ------------------------------------------------------------------ acting
    def check_settled(self) -> None:
        """Fail if the last When step was refused and no Then step said it would be."""
        r = self.refusal
        if r is not None and not r.checked:
            self.refusal = None
            raise AssertionError(
                f"{r.what} was refused ({r.error.reason}: {r.error.message}), "
                "but the scenario expected it to be accepted"
            )

    def state(self) -> JSON:
        self.check_settled()
        self.deal()
        return self.adapter.state()

    def act(self, seat: int, action: JSON, what: str) -> None:
        self.check_settled()
        self.deal()
        # The state before this action: the answer to the last new_hand or act (both
        # answer with the state), or asked for when an engine answered otherwise.
        before = self.last if self.last is not None else self.adapter.state()
        try:
            self.last = _state_or_none(self.adapter.act(seat, action))
        except Rejected as e:
            self.last = before
            self.refusal = Refusal("action", what, e, before)
        else:
            self.refusal = None

    def request(self, method: str, params: JSON, what: str) -> None:
        self.check_settled()
        self.require_feature("match", f"the {method} request")
        params = {"ruleset": self.ruleset().to_dict(), **params}
        try:
            self.answer = self.adapter.call(method, params)
        except Rejected as e:
            self.answer = None
            self.refusal = Refusal("request", what, e, None)
        else:
            self.refusal = None

    def take_refusal(self, kind: RefusalKind) -> Refusal:
        """The refusal a Then step expects; fail if the last step was accepted."""
        r = self.refusal
        if r is None or r.kind != kind:
            raise AssertionError(f"expected the {kind} to be refused, but it was accepted")
        r.checked = True
        return r

    def result(self) -> JSON:
        state = self.state()
        result = state.get("result")
        if not isinstance(result, dict):
            raise AssertionError(f"expected the hand to be over, but it goes on (seat {state.get('to_act')} to act)")
        return result


@functools.lru_cache(maxsize=256)
def _ruleset(preset: str, options: tuple[tuple[str, Any], ...]) -> Ruleset:
    try:
        return resolve_ruleset(preset, dict(options))
    except RulebookError as e:
        raise FeatureTextError(str(e)) from None


def _state_or_none(answer: object) -> JSON | None:
    return answer if isinstance(answer, dict) and "hands" in answer else None
