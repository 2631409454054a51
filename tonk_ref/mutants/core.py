"""What a mutant is and how one is switched on, without editing the engine's files.

A :class:`Mutant` is one named single fault of the reference engine: the rule it breaks,
a sentence saying how, a set of *patches* (module or class attributes replaced while the
mutant is active) and a *witness*, a small scenario (spec/scenario.schema.json) that the
reference engine passes and the mutant fails, which proves the fault changes behaviour.

Patches are applied by :meth:`Mutant.active`, a context manager that restores every
attribute on the way out, so mutants can run one after another in one process.  The
common kind of fault is a subclass of :class:`tonk_ref.engine.hand.Hand` with one method
overridden: :func:`hand_patch` makes the protocol service deal that subclass instead.
:class:`MutantAdapter` is an :class:`tonk_ref.adapters.base.Adapter` over the reference
service that runs every request with its mutant active: the suite talks to it exactly as
to any engine.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..adapters.base import FEATURES, JSON
from ..adapters.inprocess import InProcessAdapter
from ..adapters.service import RefService
from ..engine import hand as hand_module
from ..engine.hand import Compiled, Hand
from ..engine.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Patch:
    """Replace ``target.attr`` (``target`` a dotted module path or an object) by ``value``."""

    target: str | object
    attr: str
    value: object

    def resolve(self) -> object:
        return importlib.import_module(self.target) if isinstance(self.target, str) else self.target


@dataclass(frozen=True, slots=True)
class Mutant:
    """One single fault of the reference engine."""

    name: str  # stable, lowercase snake_case
    rule: str  # the rule ID (spec/rules.yaml) the fault breaks
    description: str  # what the faulty engine does, in one sentence
    patches: tuple[Patch, ...]
    witness: str  # a scenario (YAML) the reference passes and this mutant fails

    @contextlib.contextmanager
    def active(self) -> Iterator[None]:
        """Switch the fault on; every patched attribute is restored on exit."""
        saved: list[tuple[object, str, object, bool]] = []
        try:
            for p in self.patches:
                obj = p.resolve()
                had = p.attr in vars(obj) if isinstance(obj, type) else hasattr(obj, p.attr)
                saved.append((obj, p.attr, getattr(obj, p.attr, None), had))
                setattr(obj, p.attr, p.value)
            yield
        finally:
            for obj, attr, old, had in reversed(saved):
                if had:
                    setattr(obj, attr, old)
                else:
                    delattr(obj, attr)


# ---------------------------------------------------------------------------- helpers
def hand_patch(cls: type[Hand]) -> Patch:
    """The protocol service deals ``cls`` (a subclass of Hand) instead of Hand."""
    return Patch("tonk_ref.adapters.service", "Hand", cls)


class MutantHand(Hand):
    """Base of the Hand subclasses of the catalog: :meth:`copy` keeps the subclass."""

    __slots__ = ()

    def copy(self) -> Hand:
        h = super().copy()
        h.__class__ = type(self)
        return h


def compiled_patch(change: Callable[[Ruleset, Compiled], None]) -> Patch:
    """The engine's per-ruleset tables, altered by ``change`` (a new object per ruleset,
    never the engine's cached one)."""
    cache: dict[Ruleset, Compiled] = {}

    def compiled(rules: Ruleset) -> Compiled:
        c = cache.get(rules)
        if c is None:
            c = cache[rules] = Compiled(rules)
            change(rules, c)
        return c

    return Patch(hand_module, "compiled", compiled)


def replace_geometry(c: Compiled, **changes: Any) -> None:
    c.geometry = dataclasses.replace(c.geometry, **changes)


def rank_values(c: Compiled, values: Sequence[int], joker: int | None = None) -> None:
    """Give the thirteen ranks (A..K) ``values`` in the compiled tables."""
    from ..engine.cards import suit_sum_table

    jv = c.joker_value if joker is None else joker
    setattr(c, "joker_value", jv)  # noqa: B010 - any int here, not only the option's values
    c.values = (*(values[k % 13] for k in range(52)), jv, jv)
    c.sums = suit_sum_table(list(values))


# ---------------------------------------------------------------------------- the adapter
class MutantAdapter:
    """The reference engine in process, with ``mutant`` active during every request
    (``mutant=None``: the reference engine itself)."""

    def __init__(self, mutant: Mutant | None, features: tuple[str, ...] = FEATURES) -> None:
        self.mutant = mutant
        hand = next((p.value for p in mutant.patches if p.attr == "Hand"), Hand) if mutant else Hand
        self.inner = InProcessAdapter(RefService(features, hand_class=hand))  # type: ignore[arg-type]

    def _on(self) -> contextlib.AbstractContextManager[None]:
        return self.mutant.active() if self.mutant is not None else contextlib.nullcontext()

    def hello(self) -> JSON:
        with self._on():
            return self.inner.hello()

    def new_hand(self, setup: JSON) -> JSON:
        with self._on():
            return self.inner.new_hand(setup)

    def act(self, seat: int, action: JSON) -> JSON:
        with self._on():
            return self.inner.act(seat, action)

    def state(self) -> JSON:
        with self._on():
            return self.inner.state()

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON:
        with self._on():
            return self.inner.play(setup, actions, trace)

    def legal_actions(self) -> list[JSON]:
        with self._on():
            return self.inner.legal_actions()

    def observe(self, seat: int) -> JSON:
        with self._on():
            return self.inner.observe(seat)

    def call(self, method: str, params: JSON) -> Any:
        with self._on():
            return self.inner.call(method, params)

    def close(self) -> None:
        self.inner.close()
