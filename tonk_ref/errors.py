"""The package's errors: every exception it raises derives from :class:`TonkError`.

Bad input (a scenario, a feature, a perft table, a rulebook or table-rules file, a
known-failures file, a ``-k`` expression) raises an :class:`InputError`, which has one
shape: the file, the line, the field, and what is wrong there and what was expected::

    table.yaml:3: options.knok_timing: unknown ruleset option 'knok_timing' (did you mean
    'knock_timing'?); known options: upcard, forced_spreads, ...

Catch :class:`InputError` to report any bad input in one line (``str(error)``); catch
:class:`TonkError` to catch anything this package raises on purpose.
"""

from __future__ import annotations

__all__ = ["InputError", "TonkError", "place"]


class TonkError(Exception):
    """Every error this package raises on purpose."""


class InputError(TonkError, ValueError):
    """Input that cannot be used.  ``file`` names where it was read (a path, or a label
    such as ``-k`` or ``<perft>``), ``line`` the 1-based line if known, ``field`` the
    field at fault (dotted, as ``options.stock_tie`` or ``script[3].action``) if any, and
    ``message`` what is wrong and what was expected there."""

    def __init__(self, file: str, line: int | None, field: str, message: str) -> None:
        super().__init__(_text(file, line, field, message))
        self.file = file
        self.line = line
        self.field = field
        self.message = message


def place(file: str, line: int | None) -> str:
    """``file:line``, or ``file`` when the line is not known."""
    return f"{file}:{line}" if line else file


def _text(file: str, line: int | None, field: str, message: str) -> str:
    where = place(file, line)
    parts = [p for p in (where, field) if p]
    return ": ".join([*parts, message])
