"""What a mutant is, how the catalog is kept, and the few helpers its faults share.

A :class:`Mutant` is one named single fault of the reference engine: the rule it breaks, a
sentence saying how, and the faulty engine, built through the engine's own seams only: a
subclass of :class:`tonk_ref.engine.hand.Hand` that the protocol service deals instead of
``Hand`` (``RefService(hand_class=...)``), or a subclass of
:class:`tonk_ref.adapters.service.RefService` that answers a protocol method otherwise.
Nothing is patched, so mutants and the reference engine can run side by side.

Each fault class is registered with :func:`fault`; its witness, a scenario the reference
engine passes and the mutant fails, is the data file ``witnesses/<name>.yaml``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from tonk_ref.adapters.base import FEATURES, JSON
from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.adapters.service import RefService
from tonk_ref.engine.cards import Card, suit_sum_table
from tonk_ref.engine.hand import DRAWN, START, Compiled, Hand
from tonk_ref.engine.result import Amount, Ending, Payment
from tonk_ref.engine.ruleset import Ruleset
from tonk_ref.engine.spreads import Spread
from tonk_ref.harness.case import Case
from tonk_ref.harness.scenario import load_scenario

WITNESSES = Path(__file__).resolve().parent / "witnesses"


@dataclass(frozen=True, slots=True)
class Mutant:
    """One single fault of the reference engine."""

    name: str  # stable, lowercase snake_case; its witness is witnesses/<name>.yaml
    rule: str  # the rule ID (spec/rules.yaml) the fault breaks
    description: str  # what the faulty engine does, in one sentence
    hand: type[Hand] = Hand  # the hands the faulty engine deals
    service: type[RefService] = RefService  # the service that answers the protocol

    @property
    def fault_class(self) -> type[Hand] | type[RefService]:
        """The class that holds the fault: the hand, or the service if the hand is the reference's."""
        return self.hand if self.hand is not Hand else self.service

    def engine(self, features: tuple[str, ...] = FEATURES) -> RefService:
        """A session of the faulty engine."""
        return self.service(features, self.hand)

    def adapter(self) -> InProcessAdapter:
        """The faulty engine as an adapter, talked to exactly as any engine."""
        return InProcessAdapter(self.engine())

    @property
    def witness(self) -> Path:
        return WITNESSES / f"{self.name}.yaml"

    def witness_case(self) -> Case:
        """The witness, read by the suite's own scenario loader."""
        return load_scenario(self.witness)


#: Every mutant, in the order its fault class was registered.
REGISTRY: list[Mutant] = []

F = TypeVar("F", bound=type[Any])


def fault(name: str, rule: str, description: str) -> Callable[[F], F]:
    """Register the decorated class, a Hand or a RefService subclass, as mutant ``name``."""
    if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise ValueError(f"a mutant name is lowercase snake_case: {name!r}")

    def register(cls: F) -> F:
        if issubclass(cls, Hand):
            REGISTRY.append(Mutant(name, rule, description, hand=cls))
        elif issubclass(cls, RefService):
            REGISTRY.append(Mutant(name, rule, description, service=cls))
        else:
            raise TypeError(f"mutant {name}: {cls.__name__} is neither a Hand nor a RefService subclass")
        return cls

    return register


# ---------------------------------------------------------------------------- helpers
@contextlib.contextmanager
def rules_as(h: Hand, when: bool, **changes: Any) -> Iterator[None]:
    """If ``when``, let ``h`` read other option values (any value, checked or not) while
    the block runs; the hand's own ruleset is back afterwards."""
    if not when:
        yield
        return
    saved = h.rules
    h.rules = dataclasses.replace(saved, **changes)
    try:
        yield
    finally:
        h.rules = saved


@contextlib.contextmanager
def as_if_drawn(h: Hand) -> Iterator[None]:
    """Let ``h`` take the player to act as having drawn while the block runs, so the test
    that they have drawn passes; a turn the block leaves at "drawn" goes back to its start."""
    if h._stage != START:
        yield
        return
    h._stage = DRAWN
    try:
        yield
    finally:
        if h._stage == DRAWN:
            h._stage = START


class Misread(Hand):
    """A hand whose method :attr:`method` reads the option :attr:`option` at another value:
    :attr:`reads` maps the ruleset's own value to the value read (a value it leaves out is
    read as it is), or is a function of it.  The reference's method does the rest."""

    method: ClassVar[str]
    option: ClassVar[str]
    reads: ClassVar[dict[Any, Any] | Callable[[Any], Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        reference = getattr(Hand, cls.method)
        option, reads = cls.option, cls.reads

        @functools.wraps(reference)
        def misread(self: Hand, *args: Any) -> Any:
            own = getattr(self.rules, option)
            read = reads(own) if callable(reads) else reads.get(own, own)
            with rules_as(self, read != own, **{option: read}):
                return reference(self, *args)

        setattr(cls, cls.method, misread)


def always(value: Any) -> Callable[[Any], Any]:
    """For :attr:`Misread.reads`: every value of the option read as ``value``."""
    return lambda own: value


def one_less(limit: int | None) -> int | None:
    """A limit that a total must stay at or under, read as one a total must stay under."""
    return None if limit is None else limit - 1


def whole(a: Amount) -> Amount:
    """A fraction that is a whole number, as an int (as the engine writes amounts)."""
    if isinstance(a, Fraction) and a.denominator == 1:
        return int(a)
    return a


class TablesFault(Hand):
    """A hand that plays by tables other than those its ruleset compiles to: :meth:`alter`
    changes a fresh copy of the reference's tables (one per ruleset, never the engine's)."""

    @staticmethod
    def alter(rules: Ruleset, c: Compiled) -> None:
        raise NotImplementedError

    @classmethod
    def _tables(cls, rules: Ruleset) -> Compiled:
        return _altered_tables(cls, rules)


_ALTERED: dict[tuple[type[TablesFault], Ruleset], Compiled] = {}


def _altered_tables(cls: type[TablesFault], rules: Ruleset) -> Compiled:
    c = _ALTERED.get((cls, rules))
    if c is None:
        c = _ALTERED[cls, rules] = Compiled(rules)
        cls.alter(rules, c)
    return c


def rank_values(c: Compiled, values: list[int], joker: int | None = None) -> None:
    """Give the thirteen ranks (A..K) ``values`` (and a joker ``joker``) in the tables."""
    jv = c.joker_value if joker is None else joker
    setattr(c, "joker_value", jv)  # noqa: B010 - any int here, not only the option's values
    c.values = (*(values[k % 13] for k in range(52)), jv, jv)
    c.sums = suit_sum_table(values)


class SpreadFault(Hand):
    """A hand whose spreads are of the class :attr:`spread`, a Spread subclass that grows
    (takes hits) by other rules; every spread on the table is laid through ``_make_spread``."""

    spread: ClassVar[type[Spread]]

    def _make_spread(self, seat: int, cards: tuple[Card, ...]) -> Spread | None:
        return as_class(self.spread, super()._make_spread(seat, cards))


def as_class(cls: type[Spread], sp: Spread | None) -> Spread | None:
    """``sp`` as an instance of ``cls`` (None stays None)."""
    if sp is None or type(sp) is cls:
        return sp
    return cls(**{f.name: getattr(sp, f.name) for f in dataclasses.fields(sp)})


class PaymentsFault(Hand):
    """A hand that settles otherwise: :meth:`alter_pays` changes the payments of every
    ending before the result is made (every ending goes through ``_finish``)."""

    def alter_pays(self, ending: Ending, winners: tuple[int, ...], pays: list[Payment]) -> list[Payment]:
        raise NotImplementedError

    def _finish(self, ending: Ending, winners: tuple[int, ...], pays: Iterable[Payment],
                totals: tuple[int, ...] | None = None, knocker: int | None = None) -> None:
        super()._finish(ending, winners, self.alter_pays(ending, winners, list(pays)), totals, knocker)


class PayFactor(PaymentsFault):
    """The payments that cite :attr:`rule` are :attr:`factor` times what the rule says."""

    rule: ClassVar[str]
    factor: ClassVar[Fraction]

    def alter_pays(self, ending: Ending, winners: tuple[int, ...], pays: list[Payment]) -> list[Payment]:
        return [Payment(p.payer, p.payee, whole(Fraction(p.amount) * self.factor), p.rule) if p.rule == self.rule
                else p for p in pays]


class ObservationFault(RefService):
    """A service whose observations (``observe``) show otherwise: :meth:`alter` changes
    the reference's observation of ``seat``."""

    def alter(self, hand: Hand, seat: int, out: JSON) -> None:
        raise NotImplementedError

    def observe(self, params: JSON) -> JSON:
        out = super().observe(params)
        assert self.hand is not None  # the reference has answered: a hand is dealt
        self.alter(self.hand, params["seat"], out)
        return out


class MethodFault(RefService):
    """A service that answers the protocol method :attr:`method` otherwise: :meth:`answer`
    gets its params and the reference's handler of that method."""

    method: ClassVar[str]

    def __init__(self, features: tuple[str, ...] = FEATURES, hand_class: type[Hand] = Hand) -> None:
        super().__init__(features, hand_class)
        reference = self.methods[self.method]
        self.methods[self.method] = lambda params: self.answer(params, reference)

    def answer(self, params: JSON, reference: Callable[[JSON], Any]) -> Any:
        raise NotImplementedError
