"""``-k EXPR``: choosing cases by name, as pytest's ``-k`` does.

An expression is words joined by ``and``, ``or`` and ``not``, with parentheses.  A word
matches a case when it is a part (case-insensitive) of the case's id, of its source file's
name, or of one of its rule IDs: ``-k PAY-KNOCK``, ``-k "knock and not tie"``,
``-k pay-knock-w6-3p``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ..bounds import MAX_KEYWORD_DEPTH, MAX_KEYWORD_LENGTH
from ..errors import InputError
from .case import Case

_TOKEN = re.compile(r"\s*(\(|\)|[^\s()]+)")


class SelectError(InputError):
    """A ``-k`` expression that cannot be read: the place is ``-k`` and the message quotes
    the expression and says what was expected."""


#: whether a case's names (its ID, file name and rule IDs, lowercased) match
Matcher = Callable[[list[str]], bool]


def _names(case: Case) -> list[str]:
    file = case.source.rsplit("/", 1)[-1]
    return [case.id.lower(), file.lower(), *(r.lower() for r in case.rules)]


def compile_expression(expr: str) -> Callable[[Case], bool]:
    """The test of a ``-k`` expression: at most :data:`~tonk_ref.bounds.MAX_KEYWORD_LENGTH`
    characters, nested (parentheses and ``not``) at most
    :data:`~tonk_ref.bounds.MAX_KEYWORD_DEPTH` deep."""
    if len(expr) > MAX_KEYWORD_LENGTH:
        raise SelectError("-k", None, "", f"the expression is {len(expr):,} characters long: the limit is "
                          f"{MAX_KEYWORD_LENGTH:,}")
    tokens = [m.group(1) for m in _TOKEN.finditer(expr)]
    if not tokens:
        raise SelectError("-k", None, "", "the expression is empty")
    pos = 0
    depth = 0
    shown = expr if len(expr) <= 80 else f"{expr[:80]}...({len(expr):,} characters)"

    def peek() -> str | None:
        return tokens[pos] if pos < len(tokens) else None

    def take() -> str:
        nonlocal pos
        tok = tokens[pos]
        pos += 1
        return tok

    def primary() -> Matcher:
        tok = peek()
        if tok is None:
            raise SelectError("-k", None, "", f"{shown!r}: the expression ends too early")
        nonlocal depth
        if tok in ("(", "not"):
            depth += 1
            if depth > MAX_KEYWORD_DEPTH:
                raise SelectError("-k", None, "", f"{shown!r}: the expression nests parentheses and 'not' more "
                                  f"than {MAX_KEYWORD_DEPTH} deep (the limit), at word {pos + 1}")
        if tok == "(":
            take()
            inner = disjunction()
            if peek() != ")":
                raise SelectError("-k", None, "", f"{shown!r}: a '(' is not closed")
            take()
            depth -= 1
            return inner
        if tok == "not":
            take()
            operand = primary()
            depth -= 1
            return lambda names: not operand(names)
        if tok in (")", "and", "or"):
            raise SelectError("-k", None, "", f"{shown!r}: expected a word, got {tok!r}")
        word = take().lower()
        return lambda names: any(word in n for n in names)

    def chain(operator: str, operand: Callable[[], Matcher], combine: Callable[[Iterable[bool]], bool]) -> Matcher:
        """Operands joined by ``operator`` (and: all must hold; or: any)."""
        parts = [operand()]
        while peek() == operator:
            take()
            parts.append(operand())
        return lambda names: combine(p(names) for p in parts)

    def conjunction() -> Matcher:
        return chain("and", primary, all)

    def disjunction() -> Matcher:
        return chain("or", conjunction, any)

    test = disjunction()
    if pos != len(tokens):
        raise SelectError("-k", None, "", f"{shown!r}: unexpected {tokens[pos][:40]!r}")
    return lambda case: test(_names(case))


def select(cases: list[Case], expr: str | None) -> list[Case]:
    """The cases ``expr`` selects; an expression that is exactly a case's id selects that
    case (an id may hold spaces and brackets: ``dealt-tonk[Kc Qd Jh Ts 9c-49-49_50]``)."""
    if not expr:
        return cases
    exact = [c for c in cases if c.id == expr.strip()]
    if exact:
        return exact
    test = compile_expression(expr)
    return [c for c in cases if test(c)]
