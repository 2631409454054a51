"""In-process adapters with a declared limit or an injected fault: for the runner's tests
directly, for ``tonk check --adapter tonkfake:FACTORY`` and, copied into pytester's
temporary project as ``tonkfake.py``, for the plugin's."""

from __future__ import annotations

import json
from typing import Any, ClassVar

from tonk_ref.adapters.base import AdapterFault, FaultContext, FaultKind, Rejected
from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.adapters.service import RefService
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT

JSON = dict[str, Any]


def _hit_fault(request: JSON) -> AdapterFault:
    return AdapterFault(
        FaultKind.CRASHED,
        "the engine exited (exit code 139)",
        FaultContext(request=json.dumps(request), stderr_tail="engine: segmentation fault in hit()"),
    )


class Odd(InProcessAdapter):
    """The reference engine, declaring only the default knock_tie and neither payments
    nor observations, and breaking on every hit."""

    def hello(self) -> JSON:
        h = super().hello()
        h["options"] = {k: v for k, v in h["options"].items() if k != "knock_tie"}
        h["features"] = [f for f in h["features"] if f not in ("payments", "observations")]
        return h

    def act(self, seat: int, action: JSON) -> JSON:
        if action.get("type") == "hit":
            raise _hit_fault({"method": "act", "params": {"seat": seat, "action": action}})
        return super().act(seat, action)

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON:
        if any(a.get("type") == "hit" for _, a in actions):
            raise _hit_fault({"method": "play", "params": {"actions": [list(a) for a in actions]}})
        return super().play(setup, actions, trace)


def odd() -> Odd:
    return Odd()


class Buggy(InProcessAdapter):
    """An adapter with a bug of its own: it breaks on knocks with a KeyError."""

    def act(self, seat: int, action: JSON) -> JSON:
        if action.get("type") == "knock":
            return {}["result"]  # type: ignore[no-any-return]
        return super().act(seat, action)

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON:
        if any(a.get("type") == "knock" for _, a in actions):
            return {}["result"]  # type: ignore[no-any-return]
        return super().play(setup, actions, trace)


def buggy() -> Buggy:
    return Buggy()


class NoDiscardDraw(InProcessAdapter):
    """Lists no draw from the discard pile among the legal actions (a legal_actions bug
    only a perft count sees: every case that plays such a draw still works)."""

    def legal_actions(self) -> list[JSON]:
        return [a for a in super().legal_actions() if a != {"type": "draw", "from": "discard"}]


def no_discard_draw() -> NoDiscardDraw:
    return NoDiscardDraw()


class Without(InProcessAdapter):
    """The reference engine without some features, as ``tonk serve --without`` serves it
    (no payments: null; no reasons: every refusal reads ``rejected``)."""

    def __init__(self, *without: str) -> None:
        from tonk_ref.adapters.server import Restricted

        super().__init__()
        self.restricted = Restricted(without)

    def _call(self, method: str, params: JSON) -> Any:
        return self.restricted.call(method, params)

    def hello(self) -> JSON:
        return self._call("hello", {"protocol": 1})  # type: ignore[no-any-return]

    def new_hand(self, setup: JSON) -> JSON:
        return self._call("new_hand", setup)  # type: ignore[no-any-return]

    def act(self, seat: int, action: JSON) -> JSON:
        return self._call("act", {"seat": seat, "action": action})  # type: ignore[no-any-return]

    def state(self) -> JSON:
        return self._call("state", {})  # type: ignore[no-any-return]

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON:
        return self._call("play", {"setup": setup, "actions": [list(a) for a in actions], "trace": trace})  # type: ignore[no-any-return]

    def legal_actions(self) -> list[JSON]:
        return self._call("legal_actions", {})  # type: ignore[no-any-return]

    def observe(self, seat: int) -> JSON:
        return self._call("observe", {"seat": seat})  # type: ignore[no-any-return]

    def call(self, method: str, params: JSON) -> Any:
        return self._call(method, params)


def no_payments_no_reasons() -> Without:
    return Without("payments", "reasons")


class Options(InProcessAdapter):
    """The reference engine declaring other option values in hello."""

    def __init__(self, options: dict[str, list[object]]) -> None:
        super().__init__()
        self.options = options

    def hello(self) -> JSON:
        return {**super().hello(), "options": self.options}


def upcard_false_only() -> Options:
    return Options({"upcard": [False]})


class Older(InProcessAdapter):
    """An engine written before some options existed: it declares only the seed rules and
    refuses, as unsupported_option, a ruleset naming an option it does not know (every
    option since ``knows``)."""

    def __init__(self, knows: int = 20) -> None:
        super().__init__()
        from tonk_ref.engine.ruleset import option_values

        self.known = set(list(option_values())[:knows])

    def hello(self) -> JSON:
        return {**super().hello(), "options": {}}

    def _check(self, setup: JSON) -> None:
        from tonk_ref.adapters.base import Rejected

        unknown = sorted(set(setup.get("ruleset") or {}) - self.known)
        if unknown:
            raise Rejected("unsupported_option", f"unknown option {unknown[0]!r}")

    def new_hand(self, setup: JSON) -> JSON:
        self._check(setup)
        return super().new_hand(setup)

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON:
        self._check(setup)
        return super().play(setup, actions, trace)


def older() -> Older:
    return Older()


class StatesChanged(InProcessAdapter):
    """The reference engine, the state that ``act``, ``state`` and ``play`` answer passed
    through :meth:`change`."""

    def change(self, state: JSON) -> JSON:
        return state

    def act(self, seat: int, action: JSON) -> JSON:
        return self.change(super().act(seat, action))

    def state(self) -> JSON:
        return self.change(super().state())

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON:
        answer = super().play(setup, actions, trace)
        answer["state"] = self.change(answer["state"])
        return answer


class RequiredTotalsMissing(StatesChanged):
    """Leaves result.totals out after a knock, where the protocol requires it."""

    def change(self, state: JSON) -> JSON:
        result = state.get("result")
        if isinstance(result, dict) and result.get("ending") in ("knock_won", "knock_caught"):
            result.pop("totals", None)
        return state


def required_totals_missing() -> RequiredTotalsMissing:
    return RequiredTotalsMissing()


class BadHello(InProcessAdapter):
    def __init__(self, hello: object) -> None:
        super().__init__()
        self._hello = hello

    def hello(self) -> Any:
        return self._hello


def hello_without_protocol() -> BadHello:
    return BadHello({"name": "x", "options": {}, "features": []})


class House40Service(RefService):
    """The reference engine as a house engine: it always plays its own table, a 40-card pack
    with no upcard and a dealt tonk on 50 only; it declares only those three option values
    and refuses any other value of any option (protocol "Capabilities")."""

    HOUSE: ClassVar[dict[str, object]] = {"deck": 40, "upcard": False, "dealt_tonk": "50"}

    def hello(self, params: JSON) -> JSON:
        return {**super().hello(params), "options": {k: [v] for k, v in self.HOUSE.items()}}

    def _setup(self, params: object) -> Hand:
        if isinstance(params, dict) and isinstance(params.get("ruleset", {}), dict):
            for key, value in params.get("ruleset", {}).items():
                plays = self.HOUSE[key] if key in self.HOUSE else getattr(DEFAULT, key, value)
                if value != plays or type(value) is not type(plays):
                    raise Rejected("unsupported_option", f"this engine plays {key} = {plays!r} only, not {value!r}")
            params = {**params, "ruleset": dict(self.HOUSE)}
        return super()._setup(params)


def house40() -> InProcessAdapter:
    """The reference engine wrapped as a house engine that declares and plays only
    ``deck: 40, upcard: false, dealt_tonk: "50"`` (:class:`House40Service`)."""
    return InProcessAdapter(House40Service())


class NoMatch(InProcessAdapter):
    """The reference engine, declaring every feature but ``match``."""

    def hello(self) -> JSON:
        h = super().hello()
        h["features"] = [f for f in h["features"] if f != "match"]
        return h


def no_match() -> NoMatch:
    return NoMatch()


def _overpaid(answer: JSON) -> JSON:
    """``answer`` (a state, or a ``play`` answer holding ``state`` and ``states``), copied,
    with the first payment of every result one stake more."""

    def state(s: Any) -> Any:
        result = s.get("result") if isinstance(s, dict) else None
        if not (isinstance(result, dict) and result.get("payments")):
            return s
        first, *rest = result["payments"]
        return {**s, "result": {**result, "payments": [{**first, "amount": first["amount"] + 1}, *rest]}}

    if "state" in answer:
        out = {**answer, "state": state(answer["state"])}
        if isinstance(answer.get("states"), list):
            out["states"] = [state(s) for s in answer["states"]]
        return out
    return dict(state(answer))


class NoMatchOverpays(NoMatch):
    """Without ``match``, and paying one stake too many on the first payment of a hand."""

    def new_hand(self, setup: JSON) -> JSON:
        return _overpaid(super().new_hand(setup))

    def act(self, seat: int, action: JSON) -> JSON:
        return _overpaid(super().act(seat, action))

    def state(self) -> JSON:
        return _overpaid(super().state())

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON:
        return _overpaid(super().play(setup, actions, trace))


def no_match_overpays() -> NoMatchOverpays:
    return NoMatchOverpays()
