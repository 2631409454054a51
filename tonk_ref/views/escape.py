"""Text from an engine or a file made safe for each output.

An engine under test, a hand-edited report or a scenario file may hold anything: ANSI and
OSC escape sequences, NUL, ESC, a lone surrogate (``"\\ud800"``, which no UTF-8 stream can
write), markup.  Each output escapes what would act on its reader:

- the console and JUnit XML: every control character (but the tab, and the newline in
  text that may span lines) and every lone surrogate is written as its Python escape
  (``\\x1b``, ``\\ud800``), so a terminal runs no escape sequence, an XML parser meets no
  character XML forbids, and a UTF-8 stream can write every line (:func:`visible`,
  :func:`xml_text`);
- Markdown: ``<``, ``>`` and ``&`` as character references and Markdown's own specials
  behind a backslash, so a viewer renders the text as text (:func:`md`), in a code span
  whose fence no backtick of the text closes (:func:`md_code`) and in a fenced block no
  line of the text ends (:func:`md_fence`);
- HTML: the template engine escapes every value (:mod:`.htmlpage`), and control
  characters and surrogates are made visible as on the console.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: Control characters (C0 but the tab, DEL, C1) and lone surrogates.
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff]")
#: The same, the newline allowed (text that spans lines: a ``<pre>``, an XML element).
_CONTROL_BUT_NEWLINE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
#: What XML 1.0 forbids besides: U+FFFE and U+FFFF.
_XML_EXTRA = re.compile("[\ufffe\uffff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` with every control character but the tab (and, with ``lines``, the
    newline) and every lone surrogate written as its escape: ``"\\x1b[31m"`` for ESC [31m."""
    return (_CONTROL_BUT_NEWLINE if lines else _CONTROL).sub(_escape, text)


def visible_lines(lines: Iterable[str]) -> list[str]:
    """Each line made :func:`visible` (a newline inside one is written as ``\\x0a``)."""
    return [visible(x) for x in lines]


def xml_text(text: str) -> str:
    """Text any XML 1.0 document may hold: :func:`visible` (newlines kept), and U+FFFE and
    U+FFFF escaped too."""
    return _XML_EXTRA.sub(_escape, visible(text, lines=True))


# ---------------------------------------------------------------------------- Markdown
#: Markdown's specials that act inside a line (emphasis, code, links, tables, strikethrough,
#: escapes), and the characters of HTML; a line's first character can act too (a heading, a
#: list, a quote), but every text escaped here comes after a fixed start.  An underscore
#: inside a word (``knock_tie``) opens no emphasis and is left as it is.
_MD_SPECIAL = re.compile(r"[\\`*\[\]|~<>&]|_(?![^\W_])|(?<![^\W_])_")
_MD_REFERENCES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def _md_escape(match: re.Match[str]) -> str:
    ch = match.group()
    return _MD_REFERENCES.get(ch) or "\\" + ch


def md(text: object) -> str:
    """Text for Markdown, rendered as written: ``<``, ``>`` and ``&`` as character
    references, the specials behind a backslash, a line break as a space, control
    characters as on the console."""
    return visible(_MD_SPECIAL.sub(_md_escape, re.sub(r"[\r\n]+", " ", str(text))))


def md_code(text: object, *, cell: bool = False) -> str:
    """``text`` as a Markdown code span: fenced by one backtick more than the longest run
    of backticks inside it (so none closes it), a line break as a space; in a table's
    ``cell``, a ``|`` escaped (a cell ends there even in a code span)."""
    s = visible(re.sub(r"[\r\n]+", " ", str(text)))
    if cell:
        s = s.replace("|", "\\|")
    runs = [len(r) for r in re.findall(r"`+", s)]
    fence = "`" * (max(runs, default=0) + 1)
    pad = " " if s.startswith("`") or s.endswith("`") else ""
    return f"{fence}{pad}{s}{pad}{fence}"


def md_fence(lines: list[str], info: str = "") -> list[str]:
    """``lines`` as a fenced code block: three backticks, or one more than the longest run
    of backticks that starts a line (so no line closes the block early)."""
    runs = [len(m.group(1)) for x in lines if (m := re.match(r" {0,3}(`{3,})", x))]
    fence = "`" * max(3, max(runs, default=0) + 1)
    return [fence + info, *(visible(x) for x in lines), fence]
