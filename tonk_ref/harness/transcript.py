"""The transcript of a case: every request to the engine and its answer, as the runner
saw them through the adapter interface, written for a person to read.

A request is shown in the action notation where it is an action (``-> act 0 knock``); a
state is shown as one line (the hands, the spreads, the piles, who acts, the result);
a refusal as its reason.  The JSON report keeps the requests and answers whole.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..adapters.base import JSON, Adapter, AdapterFault, Rejected
from ..rulebook.notation import describe_action
from .results import Exchange


class Recorder:
    """An adapter that passes every request on and notes it with its answer."""

    def __init__(self, inner: Adapter) -> None:
        self.inner = inner
        self.log: list[Exchange] = []

    def _do(self, method: str, params: Any, call: Callable[[], Any]) -> Any:
        try:
            answer = call()
        except Rejected as e:
            self.log.append(Exchange(method, params, False, {"reason": e.reason, "message": e.message}))
            raise
        except AdapterFault as e:
            self.log.append(Exchange(method, params, False, {"fault": e.kind.value, "message": e.message}))
            raise
        self.log.append(Exchange(method, params, True, answer))
        return answer

    def hello(self) -> JSON:
        answer: JSON = self._do("hello", {"protocol": 1}, self.inner.hello)
        return answer

    def new_hand(self, setup: JSON) -> JSON:
        answer: JSON = self._do("new_hand", setup, lambda: self.inner.new_hand(setup))
        return answer

    def act(self, seat: int, action: JSON) -> JSON:
        answer: JSON = self._do("act", {"seat": seat, "action": action}, lambda: self.inner.act(seat, action))
        return answer

    def state(self) -> JSON:
        answer: JSON = self._do("state", {}, self.inner.state)
        return answer

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON:
        params = {"setup": setup, "actions": actions, "trace": trace}  # pairs as given: shown and written alike
        answer: JSON = self._do("play", params, lambda: self.inner.play(setup, actions, trace))
        return answer

    def legal_actions(self) -> list[JSON]:
        answer: list[JSON] = self._do("legal_actions", {}, self.inner.legal_actions)
        return answer

    def observe(self, seat: int) -> JSON:
        answer: JSON = self._do("observe", {"seat": seat}, lambda: self.inner.observe(seat))
        return answer

    def call(self, method: str, params: JSON) -> Any:
        return self._do(method, params, lambda: self.inner.call(method, params))

    def close(self) -> None:
        self.inner.close()


# ---------------------------------------------------------------------------- reading it
def _cards(cards: object) -> str:
    if isinstance(cards, list):
        return "[" + " ".join(str(c) for c in cards) + "]"
    return json.dumps(cards)


def show_setup(setup: object) -> str:
    if not isinstance(setup, dict):
        return json.dumps(setup)
    from ..engine.ruleset import DEFAULT

    defaults = DEFAULT.to_dict()
    rules = setup.get("ruleset")
    changed = {k: v for k, v in rules.items() if defaults.get(k, v) != v} if isinstance(rules, dict) else rules
    deck = setup.get("deck")
    top = " ".join(map(str, deck[:12])) + f" ... ({len(deck)} cards)" if isinstance(deck, list) else json.dumps(deck)
    shown = "the defaults" if changed == {} else json.dumps(changed, separators=(",", ":"))
    return (f"players {setup.get('players')}, dealer {setup.get('dealer')}, stake {setup.get('stake')}, "
            f"ruleset {shown}, deck {top}")


def show_state(state: object) -> str:
    """One line for a state: who holds what, the table, the piles, who acts, the result."""
    if not isinstance(state, dict) or "hands" not in state:
        return json.dumps(state, separators=(",", ":"), default=str)
    parts = []
    hands = state.get("hands")
    if isinstance(hands, list):
        parts.append(" ".join(f"{s}:{_cards(h)}" for s, h in enumerate(hands)))
    spreads = state.get("spreads")
    if isinstance(spreads, list) and spreads:
        parts.append("table " + ", ".join(
            f"{sp.get('owner', '?')}{_cards(sp.get('cards'))}" if isinstance(sp, dict) else json.dumps(sp)
            for sp in spreads))
    parts.append(f"top {state.get('discard_top')} ({state.get('discard_count')}), stock {state.get('stock_count')}")
    result = state.get("result")
    if isinstance(result, dict):
        shown = {k: result[k] for k in ("ending", "winners", "totals", "net") if k in result}
        parts.append("over: " + json.dumps(shown, separators=(",", ":")))
    else:
        parts.append(f"seat {state.get('to_act')} to act ({state.get('stage')})")
    return "; ".join(parts)


def show_request(method: str, params: object) -> str:
    if method == "act" and isinstance(params, dict):
        return describe_action(params.get("seat") if isinstance(params.get("seat"), int) else None,
                               params.get("action"))
    if method == "new_hand":
        return show_setup(params)
    if method == "play" and isinstance(params, dict):
        actions = params.get("actions") or []
        moves = ", ".join(describe_action(a[0], a[1]) if isinstance(a, (list, tuple)) and len(a) == 2 else json.dumps(a)
                          for a in actions)
        return f"{show_setup(params.get('setup'))}; then {moves or 'no action'}"
    return json.dumps(params, separators=(",", ":"), default=str)


def show_answer(method: str, ok: bool, answer: object) -> str:
    if not ok:
        if isinstance(answer, dict) and "reason" in answer:
            return f"refused: {answer['reason']}" + (f" ({answer['message']})" if answer.get("message") else "")
        if isinstance(answer, dict) and "fault" in answer:
            return f"engine fault {answer['fault']}: {answer.get('message', '')}"
        return json.dumps(answer, default=str)
    if method == "play" and isinstance(answer, dict):
        steps = answer.get("steps")
        refused = [f"#{i + 1} {s.get('reason')}" for i, s in enumerate(steps or [])
                   if isinstance(s, dict) and not s.get("ok")]
        head = f"refused: {', '.join(refused)}; " if refused else "all accepted; "
        return head + show_state(answer.get("state"))
    if method == "legal_actions" and isinstance(answer, list):
        return ", ".join(describe_action(None, a) for a in answer) or "none"
    return show_state(answer)


def exchange_lines(x: Exchange | JSON, width: int = 240) -> list[str]:
    if isinstance(x, dict):
        x = Exchange(x["method"], x["params"], x["ok"], x["answer"])
    return [_clip(f"-> {x.method} {show_request(x.method, x.params)}", width),
            _clip(f"<- {show_answer(x.method, x.ok, x.answer)}", width)]


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."
