"""The case one Gherkin scenario compiles to, built step by step.

The Given steps describe the table (players, dealer, stake, ruleset, hands, upcard, the top
of the stock or of the deck); the hand is dealt at the first step that needs it, so they
may come in any order first.  When steps add actions and match requests; Then steps add
expectations, or settle what the last action or request must do:

- an action is expected to be accepted unless the next step says it is refused;
- in ``seat N plays: a, b, c`` the moves before the last are expected to be accepted, and
  a following "the action is refused" is about the last one;
- "the deal is refused" is about the deal of the last "the hand is dealt" step.

Nothing is sent to an engine here: :meth:`Builder.case` returns the
:class:`~tonk_ref.harness.case.Case` that the runner executes.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from ...engine.cards import NAMES, cards_of, pack_mask, parse_card
from ...engine.ruleset import Ruleset, option_values
from ...engine.stacking import StackError, stack_deck
from ...rulebook.book import RulebookError, resolve_ruleset
from ..case import Act, Call, Case, Expect, Step, new_hand_setup
from .parse import FeatureTextError

JSON = dict[str, Any]


@dataclasses.dataclass(slots=True)
class Builder:
    players: int | None = None
    dealer: int | None = None
    stake: int = 1
    preset: str = "seed"
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    hands: dict[int, list[str]] = dataclasses.field(default_factory=dict)
    upcard: str | None = None
    stock_top: list[str] = dataclasses.field(default_factory=list)
    deck_top: list[str] | None = None
    deck_override: list[str] | None = None
    steps: list[Step] = dataclasses.field(default_factory=list)
    setup: JSON | None = None  # fixed at the deal
    deal_refused: bool = False
    deal_pending: bool = False  # the last step dealt the hand: "the deal is refused" may follow
    pending: int | None = None  # the index of the action the next Then step may say is refused
    last_call: int | None = None  # the index of the last match request
    line: int = 0  # the line of the step being compiled
    text: str = ""  # its text

    # ------------------------------------------------------------------ the table
    def need_players(self) -> int:
        if self.players is None:
            raise FeatureTextError("no table: start with 'Given a N-player hand dealt by seat D'")
        return self.players

    def ruleset(self) -> Ruleset:
        return _ruleset(self.preset, tuple(sorted(self.options.items())))

    def set_option(self, name: str, text: str) -> None:
        self.before_deal("the ruleset")
        values = option_values()
        if name not in values:
            raise FeatureTextError(f"unknown ruleset option {name!r}; options: {', '.join(values)}")
        for v in values[name]:
            if str(v).lower() == text.lower():
                self.options[name] = v
                return
        allowed = ", ".join(str(v).lower() for v in values[name])
        raise FeatureTextError(f"option {name} has no value {text!r}; allowed: {allowed}")

    def before_deal(self, what: str) -> None:
        if self.setup is not None:
            raise FeatureTextError(f"{what} is described after the hand was dealt: put the Given steps first")

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

    def deal(self) -> JSON:
        """The setup of the hand the Given steps describe (fixed the first time)."""
        if self.setup is None:
            players = self.need_players()
            if self.dealer is None:
                raise FeatureTextError("no dealer: start with 'Given a N-player hand dealt by seat D'")
            rules = self.ruleset()
            self.setup = new_hand_setup(rules, players, self.dealer, self.stake, self.deck(rules))
        if self.deal_refused:
            raise FeatureTextError("the deal was refused: there is no hand to play or look at")
        return self.setup

    # ------------------------------------------------------------------ steps
    def add(self, step: Step) -> int:
        self.steps.append(step)
        return len(self.steps) - 1

    def act(self, seat: int, action: JSON) -> None:
        self.deal()
        self.pending = self.add(Act(seat, action, line=self.line, text=self.text))
        self.deal_pending = False

    def expect(self, state: JSON) -> None:
        self.deal()
        self.add(Expect(state, line=self.line, text=self.text))

    def request(self, method: str, params: JSON, from_result: tuple[str, ...] = ()) -> None:
        if from_result:
            self.deal()
        full = {"ruleset": self.ruleset().to_dict(), **params}
        self.last_call = self.add(Call(method, full, from_result=from_result, line=self.line, text=self.text))
        self.pending = None

    def expect_answer(self, key: str, value: Any) -> None:
        call = self._call()
        step = self.steps[call]
        assert isinstance(step, Call)
        self.steps[call] = dataclasses.replace(step, expect={**step.expect, key: value},
                                               written=(*step.written, (key, self.line, self.text)))

    def refuse_request(self) -> None:
        call = self._call()
        step = self.steps[call]
        assert isinstance(step, Call)
        self.steps[call] = dataclasses.replace(step, refuse=True)

    def _call(self) -> int:
        if self.last_call is None:
            raise FeatureTextError("no request was made: a When step must cut, pass the deal, join or score first")
        return self.last_call

    def refuse_action(self, reason: str | bool) -> None:
        i = self._pending()
        act = self.steps[i]
        assert isinstance(act, Act)
        self.steps[i] = dataclasses.replace(act, refuse=reason)

    def unchanged(self) -> None:
        i = self._pending()
        act = self.steps[i]
        assert isinstance(act, Act)
        if act.refuse is None:
            raise FeatureTextError("'the state is unchanged' follows a refused action: say 'the action is refused' "
                                   "first")
        self.steps[i] = dataclasses.replace(act, unchanged=True)

    def _pending(self) -> int:
        if self.pending is None:
            raise FeatureTextError("no action to settle: this Then step must follow a When step that acts")
        return self.pending

    def refuse_deal(self) -> None:
        if not self.deal_pending:
            raise FeatureTextError("'the deal is refused' must follow 'When the hand is dealt'")
        self.deal_refused = True

    def then(self) -> None:
        """A Then step that is not about the last action ends its chance to be refused."""
        self.pending = None
        self.deal_pending = False

    # ------------------------------------------------------------------ what the table knows
    def stock_order(self) -> list[str]:
        """The stock as dealt, top first."""
        setup = self.deal()
        rules = self.ruleset()
        dealt = setup["players"] * rules.hand_size_for(setup["players"]) + (1 if rules.upcard else 0)
        return list(setup["deck"][dealt:])

    def accepted(self) -> list[Act]:
        return [s for s in self.steps if isinstance(s, Act) and s.refuse is None]

    def case(self, *, id: str, title: str, rules: tuple[str, ...], source: str, line: int) -> Case:
        return Case(
            id=id,
            title=title,
            kind="feature",
            rules=rules,
            source=source,
            line=line,
            setup=self.setup,
            steps=tuple(self.steps),
            deal_refused=self.deal_refused,
            ruleset=self.ruleset(),
        )


@functools.lru_cache(maxsize=256)
def _ruleset(preset: str, options: tuple[tuple[str, Any], ...]) -> Ruleset:
    try:
        return resolve_ruleset(preset, dict(options))
    except RulebookError as e:
        raise FeatureTextError(str(e)) from None
