"""The step registry and the little parsers the step texts share.

Every step of the Gherkin features is compiled by a function declared with :func:`step`,
which registers its kind and regular expression here; the expression must match the
whole step text (``re.fullmatch``), and its named groups are passed to the function as
strings.  The self-lint tests check that every step line of every feature matches exactly
one definition.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, TypeVar

from ...engine.cards import NAMES
from ...errors import TonkError

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


def step(kind: StepKind, pattern: str) -> Callable[[F], F]:
    """Declare the compiler of one step form."""
    regex = re.compile(pattern, re.ASCII)  # numbers in the digits 0-9 only (not ³, not ٣)

    def decorator(func: F) -> F:
        REGISTRY.append(StepDef(kind, pattern, regex, func))
        return func

    return decorator


class FeatureTextError(TonkError, ValueError):
    """A step text that cannot be compiled: it names something that does not exist (a bad
    card, option or value), or says something the scenario cannot mean."""


_CARD_NAMES = frozenset(NAMES)


def card_name(text: str) -> str:
    """A card named in a Given or Then step: it must be a real card in the canonical notation."""
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
    """Amounts written ``-3, 3/2``: bounded as :func:`tonk_ref.bounds.amount` bounds them."""
    from ...bounds import amount

    return [amount(a.strip()) for a in text.split(",")]


def amount_json(a: Fraction) -> int | str:
    return int(a) if a.denominator == 1 else f"{a.numerator}/{a.denominator}"


def ints(text: str) -> list[int]:
    return [int(a.strip()) for a in text.split(",")]


def quoted(text: str) -> list[str]:
    """The items of a list of double-quoted strings: '"knock", "draw stock"'."""
    return re.findall(r'"([^"]+)"', text)
