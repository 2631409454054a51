"""The step registry and the little parsers the step texts share.

Every step definition of the Gherkin features is declared through :func:`step`, which
registers its kind and regular expression here (so the self-lint tests can check that
each step line of each feature matches exactly one definition) and binds it with
pytest-bdd, whose ``parsers.re`` matches the whole step text (``re.fullmatch``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, TypeVar, cast

from pytest_bdd import given, parsers, then, when

from ...engine.cards import NAMES

StepKind = Literal["given", "when", "then"]
F = TypeVar("F", bound=Callable[..., Any])

#: One card as a step may name it in an action: anything without a space, so that a
#: malformed card ("1x") still reaches the engine, which must refuse it (rule CARD-2).
CARD = r"\S+"
#: One or more cards separated by single spaces.
CARDS = r"\S+(?: \S+)*"
#: One seat number.
SEAT = r"\d+"
#: Several seats: "0", "0 and 1", "0, 1 and 2".
SEATS = r"\d+(?:(?:, | and )\d+)*"
#: Amounts separated by commas: "+2, -1, -1", "1/2, -1/2".
AMOUNTS = r"[-+]?\d+(?:/\d+)?(?:, [-+]?\d+(?:/\d+)?)*"
#: Integers separated by commas: "5, 14, 6".
INTS = r"\d+(?:, \d+)*"
#: A reason code, an ending, an option name: a lowercase word.
WORD = r"[a-z][a-z0-9_]*"


@dataclass(frozen=True, slots=True)
class StepDef:
    kind: StepKind
    pattern: str
    regex: re.Pattern[str]
    func: Callable[..., Any]

    def matches(self, text: str) -> bool:
        return self.regex.fullmatch(text) is not None


#: Every step definition, in the order declared.
REGISTRY: list[StepDef] = []

_BINDERS = {"given": given, "when": when, "then": then}


def step(kind: StepKind, pattern: str, target_fixture: str | None = None) -> Callable[[F], F]:
    """Declare a step definition: ``pattern`` is a regular expression that must match the
    whole step text; its named groups are passed to the function as strings."""
    regex = re.compile(pattern)

    def decorator(func: F) -> F:
        REGISTRY.append(StepDef(kind, pattern, regex, func))
        # stacklevel=2: pytest-bdd injects the step fixture into the module that applied
        # this decorator (given.py, when.py or then.py), not into this one.
        bound = _BINDERS[kind](parsers.re(pattern), target_fixture=target_fixture, stacklevel=2)(func)
        return cast(F, bound)

    return decorator


class FeatureTextError(ValueError):
    """A step text that names something that does not exist (a bad card, option, value)."""


_CARD_NAMES = frozenset(NAMES)


def card_name(text: str) -> str:
    """A card named in a Given step: it must be a real card in the canonical notation."""
    if text not in _CARD_NAMES:
        raise FeatureTextError(
            f"{text!r} is not a card: write a rank from 'A23456789TJQK' and a suit from 'cdhs', like 'Ah' or 'Td'"
        )
    return text


def card_names(text: str) -> list[str]:
    return [card_name(c) for c in text.split()]


def raw_cards(text: str) -> list[str]:
    """Cards named in an action, passed to the engine as written."""
    return text.split()


def seats(text: str) -> list[int]:
    return [int(s) for s in re.split(r", | and ", text)]


def amounts(text: str) -> list[Fraction]:
    return [Fraction(a.strip()) for a in text.split(",")]


def ints(text: str) -> list[int]:
    return [int(a.strip()) for a in text.split(",")]


def show_amount(a: Fraction) -> str:
    s = str(a)
    return s if a < 0 else f"+{s}" if a > 0 else "0"


def quoted(text: str) -> list[str]:
    """The items of a list of double-quoted strings: '"knock", "draw stock"'."""
    return re.findall(r'"([^"]+)"', text)
