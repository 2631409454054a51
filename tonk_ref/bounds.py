"""Every bound on what the tools are given, in one place: amounts, numbers written on the
command line or in a description, ``-k`` expressions, timeouts, the reports ``tonk report``
reads, known-failures files, perft, setups, an engine's answers and the nesting of a
protocol message.  spec/scenarios.md ("Limits of input files") and spec/protocol.md say
each limit; the limits of the YAML and JSON files read are in
:mod:`tonk_ref.rulebook.safe_input`, which reads them.

Each check raises :class:`BoundError` (an :class:`~tonk_ref.errors.InputError`) naming
the file or argument, the place and the limit, in one line: exit status 2 for a command.
This module imports nothing of the package but its errors, so every layer may use it.
"""

from __future__ import annotations

import math
import os
import re
import stat
from fractions import Fraction
from itertools import accumulate
from typing import BinaryIO

from .errors import InputError

__all__ = [
    "MAX_AMOUNT_DIGITS",
    "MAX_ANSWER_AMOUNT",
    "MAX_KEYWORD_DEPTH",
    "MAX_KEYWORD_LENGTH",
    "MAX_KNOWN_ERRORS",
    "MAX_LEGAL_ACTIONS",
    "MAX_MESSAGE_DEPTH",
    "MAX_NUMBER_DIGITS",
    "MAX_PERFT_NODES",
    "MAX_REPORT_BYTES",
    "MAX_SETUP_CARDS",
    "MAX_TIMEOUT",
    "BoundError",
    "amount",
    "ascii_int",
    "digits_only",
    "is_ascii_int",
    "message_depth",
    "nests_deeper",
    "read_capped",
    "timeout",
]

#: The most digits of the numerator or the denominator of an amount (``"-7/2"``): an
#: amount of 18 digits fits in 64 bits, and a hand's stakes are a few digits.
MAX_AMOUNT_DIGITS = 18
#: The longest amount written as text in an engine's answer (``"-p/q"``: a sign, two
#: numbers of :data:`MAX_AMOUNT_DIGITS` digits and the slash).
MAX_ANSWER_AMOUNT = 2 * MAX_AMOUNT_DIGITS + 2
#: The most digits of a count written on the command line or in a description (players,
#: a dealer, ``-n``): nine digits is more than any count the tools take.
MAX_NUMBER_DIGITS = 9
#: The longest ``-k`` expression, in characters, and its deepest nesting (parentheses
#: and ``not``).
MAX_KEYWORD_LENGTH = 10_000
MAX_KEYWORD_DEPTH = 32
#: The longest per-request timeout an engine is given, in seconds (one hour).
MAX_TIMEOUT = 3600.0
#: The largest report ``tonk report`` reads (32 MiB: some thirty times a report of the
#: whole corpus with every case failing).
MAX_REPORT_BYTES = 32 << 20
#: The most errors of a known-failures file collected before its reading stops.
MAX_KNOWN_ERRORS = 20
#: The longest list of legal actions an engine may answer (a hand has a few dozen).
MAX_LEGAL_ACTIONS = 1_000
#: The most nodes one perft count visits (``tonk perft`` and a perft case).
MAX_PERFT_NODES = 5_000_000
#: The most cards of a setup (two packs with jokers is 108).
MAX_SETUP_CARDS = 216
#: The deepest nesting of arrays and objects in a protocol message: a request line
#: ``tonk serve`` reads, an answer line the runner reads.  The corpus's traffic nests at
#: most 7 deep, and a request carries parts of the input files, which nest at most 32 deep.
#: A line is measured before it is decoded, so the answer to a deeper one (a parse error)
#: does not hang on how deep the Python at hand lets a parser recurse (some 1,000 levels on
#: 3.11, 10,000 on 3.13).
MAX_MESSAGE_DEPTH = 64


class BoundError(InputError):
    """Input past one of the limits of this module."""


def _digits(n: int) -> str:
    return f"{n:,} digit{'s' if n != 1 else ''}"


_AMOUNT = re.compile(r"[-+]?([0-9]+)(?:/([0-9]+))?")


def amount(value: object, source: str = "", field: str = "", line: int | None = None) -> Fraction:
    """An amount (an integer, or a fraction written ``"p/q"``) as an exact fraction: at most
    :data:`MAX_AMOUNT_DIGITS` digits above and below the line, ASCII digits only, no zero
    denominator.  Raises :class:`BoundError` (a ValueError) naming ``source`` and ``field``."""
    if isinstance(value, bool):
        raise BoundError(source, line, field, f"{value!r} is not an amount: expected an integer or a fraction 'p/q'")
    if isinstance(value, Fraction):
        value = value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, int):
        # a number of many digits is not written out to be measured
        if value.bit_length() > 60 and abs(value) >= 10**MAX_AMOUNT_DIGITS:
            raise BoundError(source, line, field, f"an amount of more than {MAX_AMOUNT_DIGITS} digits: the limit "
                             f"is {MAX_AMOUNT_DIGITS} digits")
        return Fraction(value)
    if not isinstance(value, str):
        raise BoundError(source, line, field, f"{_clip(value)} is not an amount: expected an integer or a fraction "
                         "'p/q'")
    m = _AMOUNT.fullmatch(value) if value.isascii() else None
    if m is None:
        raise BoundError(source, line, field, f"{_clip(value)} is not an amount: expected an integer or a fraction "
                         "'p/q' written in the digits 0-9")
    for part in m.groups():
        if part is not None and len(part) > MAX_AMOUNT_DIGITS:
            raise BoundError(source, line, field, f"an amount of {_digits(len(part))} above or below the line: "
                             f"the limit is {MAX_AMOUNT_DIGITS} digits")
    if m.group(2) is not None and int(m.group(2)) == 0:
        raise BoundError(source, line, field, f"{value!r} divides by zero: an amount's denominator is 1 or more")
    return Fraction(value)


def _clip(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}...({len(text):,} characters)"


def digits_only(text: str) -> bool:
    """Whether ``text`` is written in the digits 0-9 alone: ``str.isdigit`` says ``²`` and
    ``٣`` are digits too, and ``int`` refuses the one and reads the other."""
    return text.isascii() and text.isdigit()


def is_ascii_int(text: str) -> bool:
    """Whether ``text`` is a count written in the ASCII digits 0-9 (not ``²``, not ``٣``)
    with at most :data:`MAX_NUMBER_DIGITS` digits."""
    return text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER_DIGITS


def ascii_int(text: str, source: str, what: str = "a number") -> int:
    """``text`` read as a count written in the ASCII digits 0-9, of at most
    :data:`MAX_NUMBER_DIGITS` digits; else :class:`BoundError` naming ``source``."""
    if not (text.isascii() and text.isdigit()):
        raise BoundError(source, None, "", f"expected {what} written in the digits 0-9, got {_clip(text)}")
    if len(text) > MAX_NUMBER_DIGITS:
        raise BoundError(source, None, "", f"{what} of {_digits(len(text))}: the limit is {MAX_NUMBER_DIGITS} "
                         "digits")
    return int(text)


def timeout(value: float, option: str) -> float:
    """A timeout in seconds: finite, more than 0 and at most :data:`MAX_TIMEOUT`."""
    if not math.isfinite(value) or value <= 0 or value > MAX_TIMEOUT:
        raise BoundError(option, None, "", f"expected a number of seconds above 0 and at most {MAX_TIMEOUT:g}, "
                         f"got {value!r}")
    return value


# Every byte but the brackets (deleted to measure the nesting), each bracket as its step
# (1 in, -1 out, read as signed bytes), and an escape in a string (a backslash and the
# character it escapes).
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
_ESCAPE = re.compile(rb"\\.", re.S)


def nests_deeper(data: bytes | str, limit: int) -> bool:
    """Whether the JSON text ``data`` nests arrays and objects more than ``limit`` deep,
    by one linear pass over its brackets outside strings, before it is decoded.  A text
    that is not JSON is measured as far as its brackets go (the parser refuses it then in
    any case)."""
    if isinstance(data, str):
        if data.count("[") + data.count("{") <= limit:
            return False
        data = data.encode("utf-8", "surrogatepass")
    elif data.count(b"[") + data.count(b"{") <= limit:
        return False
    if b"\\" in data:
        data = _ESCAPE.sub(b"", data)
    brackets = b"".join(data.split(b'"')[::2]).translate(None, _NOT_BRACKETS)
    if brackets.count(b"[") + brackets.count(b"{") <= limit:
        return False
    return max(accumulate(memoryview(brackets.translate(_STEPS)).cast("b"))) > limit


def message_depth(data: bytes | str) -> None:
    """Refuse a protocol message nested more than :data:`MAX_MESSAGE_DEPTH` deep, before
    it is decoded: :class:`BoundError` (a ValueError) saying so."""
    if nests_deeper(data, MAX_MESSAGE_DEPTH):
        raise BoundError("", None, "", f"the JSON nests more than {MAX_MESSAGE_DEPTH} levels deep (the limit)")


def _size(n: int) -> str:
    return f"{n >> 20} MiB" if n % (1 << 20) == 0 else f"{n:,} bytes"


def read_capped(path: str, source: str, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (``-``: standard input, read no further
    than ``limit``), at most ``limit`` bytes; a device, a FIFO or a folder is refused
    before anything is read, so nothing waits on a writer that never comes."""
    try:
        if path == "-":
            return _capped(os.fdopen(os.dup(0), "rb"), source, limit)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        raise BoundError(source, None, "", f"cannot read it ({e.strerror or e})") from None
    try:
        st = os.fstat(fd)
    except OSError as e:
        os.close(fd)
        raise BoundError(source, None, "", f"cannot read it ({e.strerror or e})") from None
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise BoundError(source, None, "", "not a regular file (a device, a pipe or a folder): expected a "
                         "report file")
    if st.st_size > limit:
        os.close(fd)
        raise BoundError(source, None, "", f"the file is {st.st_size:,} bytes: the limit is {_size(limit)}")
    if hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)
    return _capped(os.fdopen(fd, "rb"), source, limit)


def _capped(fh: BinaryIO, source: str, limit: int) -> bytes:
    try:
        with fh:
            data = fh.read(limit + 1)
    except OSError as e:
        raise BoundError(source, None, "", f"cannot read it ({e.strerror or e})") from None
    if len(data) > limit:
        raise BoundError(source, None, "", f"larger than {_size(limit)} (the limit): read no further")
    return data
