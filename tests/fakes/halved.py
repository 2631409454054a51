"""An engine that settles every hand at half the stake, and sends its amounts as fraction
strings: a net of ``[1, 1, 1, -3]`` is answered ``["1/2", "1/2", "1/2", "-3/2"]``, in seat
order (STAKE-1).  Otherwise the reference engine with every feature.  Served in process as
``halved:half_stake`` (with tests/fakes on ``sys.path``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tonk_ref.adapters.base import JSON
from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.adapters.service import RefService


def _half(amount: Any) -> str:
    return str(Fraction(str(amount)) / 2)


class HalfStake(RefService):
    def _halved(self, state: JSON) -> JSON:
        result = state.get("result")
        if not isinstance(result, dict) or result.get("net") is None:
            return state
        halved = {**result, "net": [_half(a) for a in result["net"]],
                  "payments": [{**p, "amount": _half(p["amount"])} for p in result.get("payments") or []]}
        return {**state, "result": halved}

    def new_hand(self, params: JSON) -> JSON:
        return self._halved(super().new_hand(params))

    def act(self, params: JSON) -> JSON:
        return self._halved(super().act(params))

    def state(self, params: JSON) -> JSON:
        return self._halved(super().state(params))

    def play(self, params: JSON) -> JSON:
        out = super().play(params)
        out = {**out, "state": self._halved(out["state"])}
        if "states" in out:
            out["states"] = [self._halved(s) for s in out["states"]]
        return out


def half_stake() -> InProcessAdapter:
    return InProcessAdapter(HalfStake())
