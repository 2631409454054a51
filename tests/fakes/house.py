"""House engines with one planted bug each, for testing the tester.

Each fake is the reference engine at a house table (a preset of spec/rulesets/: ``online`` or
``online-reem``), as most real engines are: its ``hello`` declares exactly the table's option
values, each as a one-value list, and every feature; a setup (or match request) whose ruleset
asks for any other value of any option, an option left out included (it takes its default),
is refused with ``unsupported_option`` (spec/protocol.md, "Capabilities").  The clean fakes
(``clean_online``, ``clean_online_reem``) stop there; every other fake plants exactly one bug
through one seam of :class:`~tonk_ref.engine.hand.Hand` or of the service, and plays as the
reference does otherwise.

:data:`HOUSE_FAKES` lists them all.  Each is served by the module-level factory of its name,
in process (``tonk check --adapter tests.fakes.house:NAME``, or ``house:NAME`` with
tests/fakes on ``sys.path``) or over stdio (``python tests/fakes/house_engine.py --bug NAME``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mutants.core import as_if_drawn, rules_as
from mutants.deal import DealtDrawPaysFirst
from tonk_ref.adapters.base import FEATURES, JSON, Rejected
from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.adapters.match_service import MATCH_METHODS
from tonk_ref.adapters.service import RefService
from tonk_ref.engine.actions import DRAW_DISCARD, KNOCK, Action, IllegalAction
from tonk_ref.engine.cards import BITS, CARD_CODES, Card
from tonk_ref.engine.hand import DRAWN, OVER, START, Hand
from tonk_ref.engine.result import Ending, Payment
from tonk_ref.engine.ruleset import DEFAULT, Ruleset, option_values
from tonk_ref.rulebook.book import load_presets

#: The house tables, taken from their presets: option -> the one value the table plays.
TABLES: dict[str, dict[str, object]] = {
    name: dict(load_presets()[name].options) for name in ("online", "online-reem")
}

#: Every option's default value.
DEFAULTS: dict[str, object] = {key: values[0] for key, values in option_values().items()}


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


class HouseService(RefService):
    """The reference engine at one house table: it declares the table's values only and
    refuses every other value of every option with ``unsupported_option``."""

    def __init__(self, table: str, hand_class: type[Hand] = Hand) -> None:
        super().__init__(FEATURES, hand_class)
        self.name = f"house engine ({table})"
        self.table = table
        self.plays = TABLES[table]
        for method, fn in MATCH_METHODS.items():
            self.methods[method] = self._checked(fn)

    def hello(self, params: JSON) -> JSON:
        return {**super().hello(params), "options": {k: [v] for k, v in self.plays.items()}}

    def refuse_other_values(self, ruleset: object) -> None:
        """Refuse a ruleset that asks for a value this table does not play.  Anything that
        is not an object of option values, or names an unknown option, is left to the
        reference to refuse."""
        if not isinstance(ruleset, dict):
            return
        for key, default in DEFAULTS.items():
            asked = ruleset.get(key, default)
            plays = self.plays.get(key, default)
            if not _same(asked, plays):
                raise Rejected("unsupported_option",
                               f"this engine plays the {self.table} table: {key} = {plays!r} only, not {asked!r}")

    def _setup(self, params: object) -> Hand:
        if isinstance(params, dict):
            self.refuse_other_values(params.get("ruleset", {}))
        return super()._setup(params)

    def _checked(self, fn: Callable[[JSON], Any]) -> Callable[[JSON], Any]:
        def checked(params: JSON) -> Any:
            if isinstance(params, dict):
                self.refuse_other_values(params.get("ruleset", {}))
            return fn(params)

        return checked


# ---------------------------------------------------------------------------- helpers
def _bump(counts: tuple[int, ...], seat: int, delta: int) -> tuple[int, ...]:
    return (*counts[:seat], counts[seat] + delta, *counts[seat + 1 :])


# ---------------------------------------------------------------------------- the bugs
class SpreadBeforeDrawing(Hand):
    """SPREAD-4: a spread before drawing is laid as if the player had drawn."""

    def _spread(self, me: int, cards: tuple[Card, ...]) -> None:
        with as_if_drawn(self):
            super()._spread(me, cards)


class HitBeforeDrawing(Hand):
    """HIT-2: a hit before drawing is made as if the player had drawn."""

    def _hit(self, me: int, card: Card, index: int) -> None:
        with as_if_drawn(self):
            super()._hit(me, card, index)


class SpreadNotHeld(Hand):
    """TURN-11: the cards a spread names are taken to be held (the pack's cards only)."""

    def _spread(self, me: int, cards: tuple[Card, ...]) -> None:
        held = self._hands[me]
        lent = 0  # the pack's cards named but not held are taken to be held
        for c in cards:
            if 0 <= c < CARD_CODES and self._c.pack & BITS[c]:
                lent |= BITS[c]
        self._hands[me] = held | lent
        try:
            super()._spread(me, cards)
        except IllegalAction:
            self._hands[me] = held
            raise


class ActAfterOver(Hand):
    """TURN-10: a knock after the hand is over is played as at the start of the seat's turn,
    and settles the hand again; any other action is refused as the reference refuses it."""

    def apply(self, action: Action, seat: int | None = None) -> None:
        if self._stage != OVER or action.type != KNOCK or seat is None or not 0 <= seat < self.players:
            super().apply(action, seat)
            return
        result = self.result
        self._stage, self.to_act = START, seat  # the knock is played as if the seat's turn began
        try:
            super().apply(action, seat)
        except IllegalAction:
            self._stage, self.to_act, self.result = OVER, None, result
            super().apply(action, seat)  # refused, as the reference refuses it


class SecondDraw(Hand):
    """TURN-6: a draw after drawing is made as a first draw."""

    def _draw(self, me: int, action: Action) -> None:
        if self._stage != DRAWN:
            super()._draw(me, action)
            return
        self._stage = START  # the already-drawn test passes
        try:
            super()._draw(me, action)
        except IllegalAction:
            self._stage = DRAWN
            raise


class OutOfTurn(Hand):
    """TURN-10: the seat of an action is never compared with the player to act."""

    def apply(self, action: Action, seat: int | None = None) -> None:
        if seat is not None and seat != self.to_act and not (action == DRAW_DISCARD and self.may_eat(seat)):
            seat = None  # never compared with the player to act: the action is theirs
        super().apply(action, seat)


class HitLockLate(Hand):
    """VAR-HITLOCK-1: a hit locks its owner's knock for one turn more than ``hit_lock`` says."""

    def _hit(self, me: int, card: Card, index: int) -> None:
        if not self.rules.hit_lock:
            super()._hit(me, card, index)
            return
        with rules_as(self, True, hit_lock=self.rules.hit_lock + 1):  # one more turn to count down
            super()._hit(me, card, index)


class HitLockForever(Hand):
    """VAR-HITLOCK-1: a hit lock is never counted down."""

    def _next_turn(self, me: int) -> None:
        locks = self._locks
        super()._next_turn(me)
        self._locks = locks  # never counted down


class HitOwnLocks(Hand):
    """VAR-HITLOCK-1: a hit on one's own spread locks its owner, from the owner's next turn,
    as a hit by another player does."""

    def _hit(self, me: int, card: Card, index: int) -> None:
        own = 0 <= index < len(self._spreads) and self._spreads[index].owner == me
        locked = self._locks[me]
        super()._hit(me, card, index)
        rules = self.rules
        if own and rules.hit_lock and not self.is_over:
            add = rules.hit_lock if rules.hit_lock_further is None or not locked else rules.hit_lock_further
            self._locks = _bump(self._locks, me, add)


class EmptySpreadGoesOn(Hand):
    """OUT-1: a spread that empties the hand ends the turn, not the hand."""

    def _out_of_cards(self, me: int) -> None:
        if self._log[0][0] == "spread":  # emptied by a spread: the turn ends, the hand goes on
            self._next_turn(me)
            return
        super()._out_of_cards(me)


class DeclareAfterDraw(Hand):
    """VAR-SPECIAL-1: a declare after drawing (before any spread or hit) is judged as one
    before the draw, on the cards held then."""

    def _declare_refusal(self, seat: int) -> IllegalAction | None:
        if self._stage != DRAWN or self._laid or self._hits:
            return super()._declare_refusal(seat)
        # judged as a declare before the draw, on the cards held then
        drawn = self._taken if self._taken >= 0 else self._deck[self._pos - 1]
        held = self._hands[seat]
        self._stage, self._hands[seat] = START, held & ~BITS[drawn]
        try:
            return super()._declare_refusal(seat)
        finally:
            self._stage, self._hands[seat] = DRAWN, held


class Dealt50sFirstWins(DealtDrawPaysFirst):
    """DEALT-2: of several dealt tonks, the first to play wins alone, paid as a dealt tonk."""

    def _paid_seat(self, tonks: list[int]) -> int:
        return min(tonks, key=lambda s: (s - self.dealer - 1) % self.players)


class CatchPaysFirstTied(Hand):
    """PAY-CAUGHT-3: when the caught knocker's lowest hands tie, only the first of them is paid."""

    def _finish(self, ending: Ending, winners: tuple[int, ...], pays: Iterable[Payment],
                totals: tuple[int, ...] | None = None, knocker: int | None = None) -> None:
        if ending == "knock_caught" and len(winners) > 1:
            pays = [p for p in pays if p.payee not in winners[1:]]
        super()._finish(ending, winners, pays, totals, knocker)


class DoublesToAllBelow(Hand):
    """PAY-CAUGHT-1: ``caught_payment = double_lowest_only`` is settled as ``doubles_only``."""

    def _settle_knock(self, me: int) -> None:
        if self.rules.caught_payment != "double_lowest_only":
            super()._settle_knock(me)
            return
        with rules_as(self, True, caught_payment="doubles_only"):
            super()._settle_knock(me)


class Turn8Unchecked(Hand):
    """TURN-8: a spread or hit may leave only the card taken from the discard pile."""

    def _check_taken_left(self, rest: int) -> None:
        return None


class TooManySeats(Hand):
    """GAME-2: any table seats up to six players."""

    def __init__(self, deck: Sequence[Card], players: int = 2, dealer: int = 0, stake: int = 1,
                 rules: Ruleset = DEFAULT) -> None:
        super().__init__(deck, players, dealer, stake, rules.replace(max_players=6))  # the seat count unchecked
        self.rules = rules


_TEN = re.compile(r"10([cdhs])")


def _tens(obj: Any) -> Any:
    """``obj`` with every card written ``10`` and a suit read as the ten of that suit."""
    if isinstance(obj, str) and _TEN.fullmatch(obj):
        return "T" + obj[2]
    if isinstance(obj, list):
        return [_tens(x) for x in obj]
    if isinstance(obj, dict):
        return {k: _tens(v) for k, v in obj.items()}
    return obj


class TenAs10h(HouseService):
    """CARD-2: a card written ``10`` and a suit, in a deck or an action, is read as that ten."""

    def new_hand(self, params: JSON) -> JSON:
        return super().new_hand(_tens(params))

    def act(self, params: JSON) -> JSON:
        return super().act(_tens(params))

    def play(self, params: JSON) -> JSON:
        return super().play(_tens(params))


class UnsupportedSilent(HouseService):
    """Capabilities: a value the engine did not declare is played, not refused."""

    def refuse_other_values(self, ruleset: object) -> None:
        return None  # any value accepted, and played


# ---------------------------------------------------------------------------- the fakes
def _adapter(table: str, hand: type[Hand] = Hand) -> InProcessAdapter:
    return InProcessAdapter(HouseService(table, hand))


def clean_online() -> InProcessAdapter:
    return _adapter("online")


def clean_online_reem() -> InProcessAdapter:
    return _adapter("online-reem")


def spread_before_drawing() -> InProcessAdapter:
    return _adapter("online", SpreadBeforeDrawing)


def hit_before_drawing() -> InProcessAdapter:
    return _adapter("online", HitBeforeDrawing)


def spread_not_held() -> InProcessAdapter:
    return _adapter("online", SpreadNotHeld)


def act_after_over() -> InProcessAdapter:
    return _adapter("online", ActAfterOver)


def second_draw() -> InProcessAdapter:
    return _adapter("online", SecondDraw)


def out_of_turn() -> InProcessAdapter:
    return _adapter("online", OutOfTurn)


def hit_lock_late() -> InProcessAdapter:
    return _adapter("online", HitLockLate)


def hit_lock_forever() -> InProcessAdapter:
    return _adapter("online", HitLockForever)


def hit_own_locks() -> InProcessAdapter:
    return _adapter("online-reem", HitOwnLocks)


def empty_spread_goes_on() -> InProcessAdapter:
    return _adapter("online", EmptySpreadGoesOn)


def declare_after_draw() -> InProcessAdapter:
    return _adapter("online-reem", DeclareAfterDraw)


def dealt_50s_first_wins() -> InProcessAdapter:
    return _adapter("online-reem", Dealt50sFirstWins)


def catch_pays_first_tied() -> InProcessAdapter:
    return _adapter("online", CatchPaysFirstTied)


def doubles_to_all_below() -> InProcessAdapter:
    return _adapter("online", DoublesToAllBelow)


def turn8_unchecked() -> InProcessAdapter:
    return _adapter("online", Turn8Unchecked)


def ten_as_10h() -> InProcessAdapter:
    return InProcessAdapter(TenAs10h("online"))


def too_many_seats() -> InProcessAdapter:
    return _adapter("online", TooManySeats)


def unsupported_silent() -> InProcessAdapter:
    return InProcessAdapter(UnsupportedSilent("online"))


@dataclass(frozen=True)
class HouseFake:
    """One fake: its name (also its factory's), the preset of its table, the rule its bug
    breaks ("" for a clean fake), the bug in one line, and the factory."""

    name: str
    table: str
    rule: str
    description: str
    factory: Callable[[], InProcessAdapter]

    @property
    def clean(self) -> bool:
        return not self.rule


HOUSE_FAKES: dict[str, HouseFake] = {f.name: f for f in (
    HouseFake("clean_online", "online", "", "no bug: the reference engine at the online table", clean_online),
    HouseFake("clean_online_reem", "online-reem", "", "no bug: the reference engine at the online-reem table",
              clean_online_reem),
    HouseFake("spread_before_drawing", "online", "SPREAD-4", "a spread laid before drawing is accepted",
              spread_before_drawing),
    HouseFake("hit_before_drawing", "online", "HIT-2", "a hit before drawing is accepted", hit_before_drawing),
    HouseFake("spread_not_held", "online", "TURN-11", "a spread naming a card the player does not hold is accepted",
              spread_not_held),
    HouseFake("act_after_over", "online", "TURN-10",
              "a knock after the hand is over is accepted and settles the hand again", act_after_over),
    HouseFake("second_draw", "online", "TURN-6", "a second draw in one turn is accepted", second_draw),
    HouseFake("out_of_turn", "online", "TURN-10",
              "an action by a seat that is not to act is accepted, as the action of the player to act", out_of_turn),
    HouseFake("hit_lock_late", "online", "VAR-HITLOCK-1",
              "the hit lock is counted down one turn late: the locked player may not knock for one turn more",
              hit_lock_late),
    HouseFake("hit_lock_forever", "online", "VAR-HITLOCK-1",
              "the hit lock never runs out: a player whose spread is hit may not knock again in the hand",
              hit_lock_forever),
    HouseFake("hit_own_locks", "online-reem", "VAR-HITLOCK-1",
              "a hit on one's own spread locks its owner's knock, as another player's hit does", hit_own_locks),
    HouseFake("empty_spread_goes_on", "online", "OUT-1",
              "a spread that empties the hand does not end it: the turn passes", empty_spread_goes_on),
    HouseFake("declare_after_draw", "online-reem", "VAR-SPECIAL-1",
              "a declare after drawing is accepted, judged on the cards held before the draw", declare_after_draw),
    HouseFake("dealt_50s_first_wins", "online-reem", "DEALT-2",
              "two dealt 50s: the first of them to play wins alone instead of a dealt draw", dealt_50s_first_wins),
    HouseFake("catch_pays_first_tied", "online", "PAY-CAUGHT-3",
              "a caught knock pays only the first of the players tied for the lowest total", catch_pays_first_tied),
    HouseFake("doubles_to_all_below", "online", "PAY-CAUGHT-1",
              "under caught_payment double_lowest_only the caught knocker pays 2S to every player at or below "
              "the knocker's total", doubles_to_all_below),
    HouseFake("turn8_unchecked", "online", "TURN-8",
              "a spread or hit that leaves only the card taken from the discard pile is accepted", turn8_unchecked),
    HouseFake("ten_as_10h", "online", "CARD-2", "a card written 10h (malformed notation) is read as Th",
              ten_as_10h),
    HouseFake("too_many_seats", "online", "GAME-2",
              "5 or 6 players are dealt at the 4-seat table instead of refused with invalid_setup", too_many_seats),
    HouseFake("unsupported_silent", "online", "Capabilities",
              "a ruleset value it did not declare is accepted and played instead of refused with unsupported_option",
              unsupported_silent),
)}
