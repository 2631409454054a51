"""Tonk: the rules specification, the reference engine and the conformance suite.

The engine API (no harness, no YAML): :class:`Hand`, :class:`Ruleset`, :class:`Action`,
:class:`IllegalAction`, cards as ints with :func:`parse_card` and :func:`card_name`.
"""

__version__ = "0.1.0"

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine.actions import Action, IllegalAction
    from .engine.cards import name as card_name
    from .engine.cards import parse_card
    from .engine.hand import Event, Hand, SetupError
    from .engine.result import Payment, Result
    from .engine.ruleset import DEFAULT, Ruleset, RulesetError

#: The engine's API, imported when first asked for: ``import tonk_ref`` (which every module
#: of the package does, the pytest plugin's entry point among them) loads no engine module.
_API = {
    "Action": "engine.actions", "IllegalAction": "engine.actions", "card_name": "engine.cards",
    "parse_card": "engine.cards", "Event": "engine.hand", "Hand": "engine.hand", "SetupError": "engine.hand",
    "Payment": "engine.result", "Result": "engine.result", "DEFAULT": "engine.ruleset",
    "Ruleset": "engine.ruleset", "RulesetError": "engine.ruleset",
}


def __getattr__(name: str) -> Any:
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), "name" if name == "card_name" else name)
    globals()[name] = value
    return value


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
