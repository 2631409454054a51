"""In-process engines that break one of the protocol's invariants (the reference engine
with its answers doctored), for the runner's invariant checks."""

from __future__ import annotations

import copy
from typing import Any

from tonkfake import StatesChanged

from tonk_ref.adapters.inprocess import InProcessAdapter

JSON = dict[str, Any]


class Doctored(StatesChanged):
    """The reference engine, every state it answers (a copy) passed through :meth:`doctor`
    (and every observation through :meth:`doctor_observation`)."""

    def doctor(self, state: JSON) -> JSON:
        return state

    def doctor_observation(self, obs: JSON, seat: int) -> JSON:
        return obs

    def change(self, state: JSON) -> JSON:
        return self.doctor(copy.deepcopy(state))

    def new_hand(self, setup: JSON) -> JSON:
        return self.change(super().new_hand(setup))

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON:
        answer = super().play(setup, actions, trace)
        if isinstance(answer.get("states"), list):
            answer["states"] = [self.change(s) for s in answer["states"]]
        return answer

    def observe(self, seat: int) -> JSON:
        return self.doctor_observation(copy.deepcopy(super().observe(seat)), seat)


class NetOff(Doctored):
    """Pays every winner twice what the payments say: the net no longer sums to zero."""

    def doctor(self, state: JSON) -> JSON:
        result = state.get("result")
        if isinstance(result, dict) and isinstance(result.get("net"), list):
            result["net"] = [n * 2 if isinstance(n, int) and n > 0 else n for n in result["net"]]
        return state


class CardTwice(Doctored):
    """Shows seat 0's first card on the discard pile too."""

    def doctor(self, state: JSON) -> JSON:
        if state["hands"][0]:
            state["discard_top"] = state["hands"][0][0]
        return state


class Peeking(Doctored):
    """Shows every hand in every observation."""

    def doctor_observation(self, obs: JSON, seat: int) -> JSON:
        obs["hands"] = copy.deepcopy(InProcessAdapter.state(self)["hands"])
        return obs


class EndsEarly(Doctored):
    """Says the hand is over after its first accepted action, and goes on accepting actions."""

    def __init__(self) -> None:
        super().__init__()
        self.acted = 0

    def new_hand(self, setup: JSON) -> JSON:
        self.acted = 0
        return super().new_hand(setup)

    def act(self, seat: int, action: JSON) -> JSON:
        state = super().act(seat, action)
        self.acted += 1
        if self.acted == 1:
            n = state["players"]
            state.update(stage="over", to_act=None, result={
                "ending": "stock_out", "winners": [0], "payments": [], "net": [0] * n, "totals": [0] * n})
        return state


class PlaysOn(Doctored):
    """Accepts any action once the hand is over, answering the final state again."""

    def act(self, seat: int, action: JSON) -> JSON:
        if self.service.hand is not None and self.service.hand.is_over:
            return self.state()
        return super().act(seat, action)


FAKES: dict[str, type[Doctored]] = {
    "net_off": NetOff, "card_twice": CardTwice, "peeking": Peeking, "ends_early": EndsEarly, "plays_on": PlaysOn,
}


class Served:
    """A fake as the service ``tonk serve`` answers with: ``python invariantfakes.py NAME``
    speaks the protocol over stdio."""

    def __init__(self, adapter: Doctored) -> None:
        self.adapter = adapter

    def call(self, method: str, params: JSON) -> Any:
        a = self.adapter
        if method == "hello":
            return a.hello()
        if method == "new_hand":
            return a.new_hand(params)
        if method == "act":
            return a.act(params["seat"], params["action"])
        if method == "state":
            return a.state()
        if method == "play":
            return a.play(params["setup"], [(s, x) for s, x in params["actions"]], bool(params.get("trace")))
        if method == "observe":
            return a.observe(params["seat"])
        if method == "legal_actions":
            return a.legal_actions()
        return a.call(method, params)


if __name__ == "__main__":
    import sys

    from tonk_ref.adapters.server import serve_stdio

    sys.exit(serve_stdio(Served(FAKES[sys.argv[1]]())))
