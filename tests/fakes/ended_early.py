"""Engines that end hands the rules say go on, so that every later action of such a hand is
refused as ``hand_over``:

- ``low_dealt_always`` plays every hand as if ``low_dealt_double`` were 15 (a dealt total of 15
  or less is a dealt tonk) whatever the ruleset says: such hands end at the deal
  (``low_dealt_always_stepwise``: the same, declaring every feature but ``play``);
- ``ends_after_first_discard`` ends every hand at its first discard, as if the stock had run
  out (``stock_out``).

Served in process as ``ended_early:NAME`` (with tests/fakes on ``sys.path``); the first over
stdio as ``python tests/fakes/ended_early.py [--no-play]``."""

from __future__ import annotations

import argparse

from tonk_ref.adapters.base import FEATURES
from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.adapters.server import serve_stdio
from tonk_ref.adapters.service import RefService
from tonk_ref.engine import payments
from tonk_ref.engine.cards import Card
from tonk_ref.engine.hand import Hand

LOW = 15


class LowDealtAlways(Hand):
    """DEALT-1, VAR-LOWDEALT-1: a dealt total of :data:`LOW` or less is a dealt tonk at every table."""

    def _dealt_tonks(self, totals: tuple[int, ...]) -> list[int]:
        return [seat for seat, t in enumerate(totals) if t in self._c.tonk_totals or t <= LOW]


class EndsAfterFirstDiscard(Hand):
    """STOCK-2: the first discard of a hand ends it as if the stock had run out."""

    def _discard(self, me: int, card: Card) -> None:
        super()._discard(me, card)
        if not self.is_over:
            totals = tuple(self.total(s) for s in range(self.players))
            winners, pays = payments.stock_out(self.rules, self.stake, totals)
            self._finish("stock_out", tuple(winners), pays, totals)


def ends_after_first_discard() -> InProcessAdapter:
    return InProcessAdapter(RefService(FEATURES, EndsAfterFirstDiscard))


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
