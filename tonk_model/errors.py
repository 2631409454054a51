"""The model's two kinds of no: a setup it cannot follow, and an action the rules refuse."""

from __future__ import annotations


class ModelError(ValueError):
    """A deal, card or ruleset the model cannot follow (not a rule of play refusing an action)."""


class Ambiguous(ModelError):
    """The rules text leaves open where a wild card stands: the model will not guess."""


class Illegal(Exception):
    """An action the rules refuse, with the reason code the rules give."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
