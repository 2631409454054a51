"""The reference engine as an in-process adapter: the same answers as ``tonk serve``
without a process or JSON encoding in between."""

from __future__ import annotations

from typing import Any

from .base import FEATURES, JSON
from .service import RefService


class InProcessAdapter:
    """Implements :class:`tonk_ref.adapters.base.Adapter` by calling a service object."""

    def __init__(self, service: Any | None = None) -> None:
        self.service = service if service is not None else RefService()

    def hello(self) -> JSON:
        result: JSON = self.service.hello({"protocol": 1})
        return result

    def new_hand(self, setup: JSON) -> JSON:
        result: JSON = self.service.new_hand(setup)
        return result

    def act(self, seat: int, action: JSON) -> JSON:
        result: JSON = self.service.act({"seat": seat, "action": action})
        return result

    def state(self) -> JSON:
        result: JSON = self.service.state({})
        return result

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON:
        result: JSON = self.service.play({"setup": setup, "actions": [list(a) for a in actions], "trace": trace})
        return result

    def legal_actions(self) -> list[JSON]:
        result: list[JSON] = self.service.legal_actions({})
        return result

    def observe(self, seat: int) -> JSON:
        result: JSON = self.service.observe({"seat": seat})
        return result

    def call(self, method: str, params: JSON) -> Any:
        return self.service.call(method, params)

    def close(self) -> None:
        self.service.hand = None


def reference(features: tuple[str, ...] = FEATURES) -> InProcessAdapter:
    """Factory for ``--tonk-adapter=tonk_ref.adapters.inprocess:reference``."""
    from .service import RefService

    return InProcessAdapter(RefService(features))
