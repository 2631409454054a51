"""In-process engines whose texts are chosen by the test, for ``tonk check --adapter
hostilefake:FACTORY``.  Each plays as the reference does, step by step (it declares no
``play``), but gives its hello name and version a suffix, and the reason code and the
message of each refusal too, so each case that expects a refusal fails on the reason code
and the engine's words reach every report.  ``hostile`` adds to each an OSC and an ANSI
escape sequence, NUL, ESC, a lone surrogate and markup; ``plain`` an ordinary word."""

from __future__ import annotations

from tonk_ref.adapters.base import JSON, Rejected
from tonk_ref.adapters.inprocess import InProcessAdapter

#: Every kind of hostile text at once: an OSC title, an ANSI colour, markup, NUL, a lone surrogate.
HOSTILE = "\x1b]0;owned\x07\x1b[31m<img src=x onerror=alert(1)>\x00\ud800"


class Texts(InProcessAdapter):
    def __init__(self, suffix: str) -> None:
        super().__init__()
        self.suffix = suffix

    def hello(self) -> JSON:
        h = super().hello()
        h["features"] = [f for f in h["features"] if f != "play"]
        return {**h, "name": f"evil{self.suffix}", "version": f"6{self.suffix}"}

    def act(self, seat: int, action: JSON) -> JSON:
        try:
            return super().act(seat, action)
        except Rejected as e:
            raise Rejected(f"{e.reason}{self.suffix}", f"{e.message}{self.suffix}", e.rule) from None


def hostile() -> Texts:
    return Texts(HOSTILE)


def plain() -> Texts:
    return Texts("-other")
