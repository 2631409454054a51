"""An engine that ends hands at the deal that the rules say go on: it plays every hand as if
``low_dealt_double`` were 15 (a dealt total of 15 or less is a dealt tonk) whatever the ruleset
says, so that every action of such a hand is refused as ``hand_over``.  Served in process as
``ended_at_deal:low_dealt_always`` (every feature) or ``ended_at_deal:low_dealt_always_stepwise``
(every feature but ``play``), with tests/fakes on ``sys.path``; over stdio as ``python
tests/fakes/ended_at_deal.py [--no-play]``."""

from __future__ import annotations

import argparse

from tonk_ref.adapters.base import FEATURES
from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.adapters.server import serve_stdio
from tonk_ref.adapters.service import RefService
from tonk_ref.engine.hand import Hand

LOW = 15


class LowDealtAlways(Hand):
    """DEALT-1, VAR-LOWDEALT-1: a dealt total of :data:`LOW` or less is a dealt tonk at every table."""

    def _dealt_tonks(self, totals: tuple[int, ...]) -> list[int]:
        return [seat for seat, t in enumerate(totals) if t in self._c.tonk_totals or t <= LOW]


def _service(play: bool) -> RefService:
    return RefService(tuple(f for f in FEATURES if play or f != "play"), LowDealtAlways)


def low_dealt_always() -> InProcessAdapter:
    return InProcessAdapter(_service(True))


def low_dealt_always_stepwise() -> InProcessAdapter:
    return InProcessAdapter(_service(False))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-play", action="store_true", help="declare every feature but play")
    return serve_stdio(_service(not parser.parse_args().no_play))


if __name__ == "__main__":
    raise SystemExit(main())
