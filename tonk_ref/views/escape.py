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

Text that would fool a reader rather than a parser is made visible too, on the console, in
Markdown and in XML: the bidirectional controls (U+202A-202E, U+2066-2069, and the marks
U+200E, U+200F, U+061C), which reorder what a line shows, the zero-width characters
(U+200B-200D, U+FEFF), which hide a difference, and the line and paragraph separators
(U+2028, U+2029), which break a line where the console does not: each as its ``\\u``
escape.  And it is clipped: a line longer than :data:`MAX_LINE` characters, or a text
longer than :data:`MAX_TEXT`, is cut there and says how long it was
(``…(10,485,760 characters)``), so no engine name or message fills a console or a report.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: What would fool a reader: the bidirectional controls and marks, the zero-width
#: characters and the line and paragraph separators.
_SPOOF = "\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff"
#: Control characters (C0 but the tab, DEL, C1), lone surrogates and the above.
_CONTROL = re.compile(f"[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff{_SPOOF}]")
#: The same, the newline allowed (text that spans lines: a ``<pre>``, an XML element).
_CONTROL_BUT_NEWLINE = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff{_SPOOF}]")
#: The longest line shown, in characters, and the longest text of many lines.
MAX_LINE = 10_000
MAX_TEXT = 200_000
#: What XML 1.0 forbids besides: U+FFFE and U+FFFF.
_XML_EXTRA = re.compile("[\ufffe\uffff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clip(text: str, limit: int = MAX_LINE) -> str:
    """``text`` cut at ``limit`` characters, saying how long it was:
    ``"xxxx…(10,485,760 characters)"``."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}…({len(text):,} characters)"


def _clip_lines(text: str) -> str:
    """Each line of ``text`` cut at :data:`MAX_LINE`, and the whole at :data:`MAX_TEXT`."""
    if len(text) <= MAX_LINE:
        return text
    lines = text.split("\n")
    if any(len(x) > MAX_LINE for x in lines):
        text = "\n".join(clip(x) for x in lines)
    return clip(text, MAX_TEXT)


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` with every control character but the tab (and, with ``lines``, the
    newline), every lone surrogate and every character that would fool a reader (above)
    written as its escape: ``"\\x1b[31m"`` for ESC [31m, ``"\\u202e"`` for the right-to-left
    override; clipped (:func:`clip`: a line at :data:`MAX_LINE` characters, a text of
    ``lines`` at :data:`MAX_TEXT`)."""
    if lines:
        return _CONTROL_BUT_NEWLINE.sub(_escape, _clip_lines(text))
    return _CONTROL.sub(_escape, clip(text))


def page_text(text: str) -> str:
    """A whole page of this package's own making (its values escaped by the template engine,
    each clipped where it was put into words): every control character but the tab and the
    newline, every lone surrogate and every spoofing character written as its escape, and
    nothing clipped, since a page of many engines' cases is long."""
    return _CONTROL_BUT_NEWLINE.sub(_escape, text)


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
    raw = clip(str(text))  # the length said is the text's own, before escaping
    return _CONTROL.sub(_escape, _MD_SPECIAL.sub(_md_escape, re.sub(r"[\r\n]+", " ", raw)))


def md_code(text: object, *, cell: bool = False) -> str:
    """``text`` as a Markdown code span: fenced by one backtick more than the longest run
    of backticks inside it (so none closes it), a line break as a space; in a table's
    ``cell``, a ``|`` escaped (a cell ends there even in a code span)."""
    s = visible(re.sub(r"[\r\n]+", " ", clip(str(text))))
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
