"""The reference engine behind the protocol's methods.

:class:`RefService` answers every protocol method with plain JSON data, raising
:class:`Rejected` where the protocol answers with an error.  The in-process adapter
calls it directly and ``tonk serve`` calls it from a JSON-RPC loop, so both give the
same answers by construction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import __version__
from ..engine.actions import IllegalAction
from ..engine.cards import CardError, parse_card
from ..engine.hand import Hand, SetupError
from ..engine.lru import LRU
from ..engine.ruleset import DEFAULT, Ruleset, RulesetError, option_values
from ..engine.serialize import action_from_json, action_to_json, observation_to_json, state_to_json
from .base import FEATURES, JSON, PROTOCOL_VERSION, Rejected
from .messages import encode


def _json_value(v: object) -> object:
    return v


#: The decks parsed last.
_DECKS: LRU[tuple[object, ...], list[int]] = LRU(64)


def _parse_deck(deck: list[object]) -> list[int]:
    """The cards of a deck; the last few decks parsed are remembered (a client replaying one
    deal sends the same deck again and again)."""
    key = tuple(deck)
    try:
        hit = _DECKS.get(key)
    except TypeError:  # an unhashable entry: parse_card says what is wrong with it
        hit = None
    if hit is None:
        hit = [parse_card(c) for c in deck]
        _DECKS[key] = hit
    return list(hit)


def _setup_copy(setup: JSON) -> JSON:
    """A copy of a setup that a change to it, its ruleset or its deck does not reach."""
    return {k: dict(v) if type(v) is dict else list(v) if type(v) is list else v for k, v in setup.items()}


class _Played:
    """The last hand played by ``play``, kept to resume from: its setup (the object sent, and
    a copy of it to tell a change), its items (each as sent, compared by identity), each
    item's step and the hand before the first item and after each (copies, never played
    on).  Kept ``by_value`` (requests the service owns), the setup and each action are
    also kept as JSON text, and an equal text is as good as the same object: the text
    tells ``true`` from ``1`` and ``1.0``, which compare equal in Python."""

    __slots__ = ("copy", "hands", "items", "key", "setup", "steps")

    def __init__(self, setup: JSON, hand: Hand, by_value: bool = False) -> None:
        self.setup = setup
        self.copy = _setup_copy(setup)
        self.key = _text(setup) if by_value else None
        self.items: list[tuple[object, object, bytes | None]] = []
        self.steps: list[JSON] = []
        self.hands = [hand.copy()]

    def of(self, setup: object) -> bool:
        """Whether ``setup`` is the object this hand was dealt from, unchanged (kept by
        value: or one written the same)."""
        if setup is self.setup:
            return setup == self.copy
        return self.key is not None and _text(setup) == self.key

    def common(self, actions: list[Any]) -> int:
        """How many of ``actions`` are this hand's items: the same seat and action objects
        (kept by value: or actions written the same)."""
        n = 0
        by_value = self.key is not None
        for item, (seat, action, text) in zip(actions, self.items, strict=False):
            if not (type(item) is list and len(item) == 2 and type(item[0]) is int and item[0] == seat
                    and (item[1] is action or (by_value and text is not None and _text(item[1]) == text))):
                break
            n += 1
        return n

    def add(self, item: object, step: JSON, hand: Hand) -> None:
        """The next item played, its step and the hand after it."""
        if isinstance(item, list) and len(item) == 2:
            seat, action = item
            self.items.append((seat, action, None if self.key is None else _text(action)))
        else:
            self.items.append((None, None, None))  # malformed: nothing resumes past it
        self.steps.append(dict(step))
        self.hands.append(hand.copy())


def _text(value: object) -> bytes | None:
    """``value`` as JSON text, or None where it is not JSON data."""
    try:
        return encode(value)
    except (TypeError, ValueError, OverflowError):
        return None


class RefService:
    """One session of the reference engine: at most one hand at a time.

    ``hand_class`` is the class of the hands it deals: :class:`Hand`, or a subclass that
    plays by other rules (the repository's mutation tests pass faulty ones)."""

    name = "tonk_ref"

    def __init__(self, features: tuple[str, ...] = FEATURES, hand_class: type[Hand] = Hand, *,
                 owns_requests: bool = False) -> None:
        self.features = features
        self.hand_class = hand_class
        #: the requests are this service's alone (``tonk serve`` decodes each line anew, and
        #: no caller holds what it decoded): ``play`` may resume from an equal setup and equal
        #: actions, since no one can change those it kept; in process, only from the same
        #: objects (a caller may change an action it sent, and an equal one is not the same)
        self.owns_requests = owns_requests
        self.hand: Hand | None = None
        #: the last hand ``play`` dealt, to resume from when the next one plays the same
        #: setup object and begins with the same actions
        self._played: _Played | None = None
        self.methods: dict[str, Callable[[JSON], Any]] = {
            "hello": self.hello,
            "new_hand": self.new_hand,
            "act": self.act,
            "state": self.state,
            "play": self.play,
            "legal_actions": self.legal_actions,
            "observe": self.observe,
        }
        from .match_service import MATCH_METHODS

        for method, fn in MATCH_METHODS.items():
            self.methods[method] = fn

    # -- protocol methods ---------------------------------------------------
    def hello(self, params: JSON) -> JSON:
        version = params.get("protocol", PROTOCOL_VERSION)
        if version != PROTOCOL_VERSION:
            raise Rejected("unsupported_protocol", f"this engine speaks protocol {PROTOCOL_VERSION}, not {version!r}")
        return {
            "name": self.name,
            "version": __version__,
            "protocol": PROTOCOL_VERSION,
            "options": {k: [_json_value(v) for v in vs] for k, vs in option_values().items()},
            "features": list(self.features),
        }

    def _setup(self, params: object) -> Hand:
        if not isinstance(params, dict):
            raise Rejected("invalid_setup", "the setup is an object {ruleset, players, dealer, stake, deck}")
        ruleset = params.get("ruleset", {})
        if not isinstance(ruleset, dict):
            raise Rejected("invalid_setup", "ruleset must be an object of option values")
        try:
            rules = Ruleset.from_mapping(ruleset) if ruleset else DEFAULT
        except RulesetError as e:
            raise Rejected("unsupported_option", str(e)) from None
        deck_json = params.get("deck")
        if not isinstance(deck_json, list):
            raise Rejected("invalid_setup", "deck must be a list of the 52 cards, top first")
        try:
            deck = _parse_deck(deck_json)
            return self.hand_class(
                deck,
                players=params.get("players", 2),
                dealer=params.get("dealer", 0),
                stake=params.get("stake", 1),
                rules=rules,
            )
        except (CardError, SetupError) as e:
            raise Rejected("invalid_setup", str(e)) from None

    def new_hand(self, params: JSON) -> JSON:
        played = self._played
        self.hand = played.hands[0].copy() if played is not None and played.of(params) else self._setup(params)
        return state_to_json(self.hand)

    def _current(self) -> Hand:
        if self.hand is None:
            raise Rejected("no_hand", "no hand has been dealt: call new_hand first")
        return self.hand

    def act(self, params: JSON) -> JSON:
        hand = self._current()
        seat = params.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise Rejected("malformed_action", f"seat must be an integer, got {seat!r}")
        try:
            hand.apply(action_from_json(params.get("action")), seat)
        except IllegalAction as e:
            raise Rejected(e.reason, e.message, e.rule) from None
        return state_to_json(hand)

    def state(self, params: JSON) -> JSON:
        return state_to_json(self._current())

    def play(self, params: JSON) -> JSON:
        """``play``: the setup dealt and the actions applied in order.  A client checking a
        hand plays the same deal again and again, to fewer actions (a state between two) or
        to other ones after the same first few (perft's siblings): a play of the setup
        object of the last one, unchanged, resumes from the hand after the actions the two
        share (the same seat and action objects, in order) instead of dealing again; where
        the service owns its requests (``tonk serve``), of an equal setup and the actions
        written the same.  Only hands of the engine's own class are kept (:meth:`Hand.copy`
        copies what it holds)."""
        setup = params.get("setup", {})
        trace = bool(params.get("trace", False))
        actions = params.get("actions", [])
        played = self._played
        if played is not None and played.of(setup) and isinstance(actions, list):
            start = played.common(actions)
            hand = played.hands[start].copy()
            steps: list[JSON] = [dict(st) for st in played.steps[:start]]
            states = [state_to_json(h) for h in played.hands[1 : start + 1]] if trace else []
        else:
            hand = self._setup(setup)
            played = _Played(setup, hand, self.owns_requests) if type(hand) is Hand else None
            start = 0
            steps = []
            states = []
        if not isinstance(actions, list):
            raise Rejected("malformed_action", "actions must be a list of [seat, action] pairs")
        kept = played is not None and start < len(actions)
        if kept:
            assert played is not None
            del played.items[start:], played.steps[start:], played.hands[start + 1 :]
        for item in actions[start:]:
            try:
                if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int):
                    raise IllegalAction("malformed_action", f"expected [seat, action], got {item!r}")
                hand.apply(action_from_json(item[1]), item[0])
                step: JSON = {"ok": True}
            except IllegalAction as e:
                step = {"ok": False, "reason": e.reason, "message": e.message}
            steps.append(step)
            if kept:
                assert played is not None
                played.add(item, step, hand)
            if trace:
                states.append(state_to_json(hand))
        self._played = played
        self.hand = hand
        out: JSON = {"steps": steps, "state": state_to_json(hand)}
        if trace:
            out["states"] = states
        return out

    def legal_actions(self, params: JSON) -> list[JSON]:
        hand = self._current()
        seat = params.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < hand.players):
            raise Rejected("invalid_seat", f"seat must be 0 to {hand.players - 1}, got {seat!r}")
        return [action_to_json(a) for a in hand.legal_actions(seat)]

    def observe(self, params: JSON) -> JSON:
        hand = self._current()
        seat = params.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < hand.players:
            raise Rejected("invalid_seat", f"seat must be 0 to {hand.players - 1}, got {seat!r}")
        return observation_to_json(hand, seat)

    def call(self, method: str, params: JSON) -> Any:
        fn = self.methods.get(method)
        if fn is None:
            raise KeyError(method)
        return fn(params)
