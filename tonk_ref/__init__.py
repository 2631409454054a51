"""Tonk: the rules specification, the reference engine and the conformance suite.

The engine API (no harness, no YAML): :class:`Hand`, :class:`Ruleset`, :class:`Action`,
:class:`IllegalAction`, cards as ints with :func:`parse_card` and :func:`card_name`.
"""

__version__ = "0.1.0"

from .engine.actions import Action, IllegalAction
from .engine.cards import name as card_name
from .engine.cards import parse_card
from .engine.hand import Event, Hand, SetupError
from .engine.result import Payment, Result
from .engine.ruleset import DEFAULT, Ruleset, RulesetError

__all__ = [
    "DEFAULT",
    "Action",
    "Event",
    "Hand",
    "IllegalAction",
    "Payment",
    "Result",
    "Ruleset",
    "RulesetError",
    "SetupError",
    "__version__",
    "card_name",
    "parse_card",
]
