"""Input files read safely: every YAML, JSON or text file the package is given (a
scenario, a table-rules or preset file, a known-failures file, a perft table or setup, a
Gherkin feature) is bounded before it is parsed, so that no file, however made, costs more
than a fraction of a second and a few megabytes, or ends in a traceback.

The limits (spec/scenarios.md, "Limits of input files"):

- the file is at most :data:`MAX_BYTES` bytes, read no further than that (a device or a
  pipe that never ends is cut there), and UTF-8 text;
- a line is at most :data:`MAX_LINE` characters (JSON files, which may hold everything on
  one line, are bounded by their size alone);
- YAML and JSON nest at most :data:`MAX_DEPTH` collections (mappings and lists) deep;
- a YAML or JSON document holds at most :data:`MAX_NODES` values, an alias counted at the
  size of what it repeats (so an alias bomb is refused at the alias that passes the limit,
  before anything is built from it), and an alias never repeats its own anchor;
- an integer is written with at most :data:`MAX_DIGITS` digits;
- a mapping gives each key once.

Past a limit the reader raises the error class of the file's loader (an
:class:`~tonk_ref.errors.InputError`) naming the file, the line and what the limit is: one
line, exit status 2 for the commands.  YAML syntax errors are left to the callers (each
says them in its own words), as :class:`yaml.YAMLError`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..bounds import nests_deeper
from ..errors import InputError
from .yamlpos import field_name

if TYPE_CHECKING:  # PyYAML is imported where a document is read
    import yaml

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_LINE",
    "MAX_NODES",
    "MAX_STEPS",
    "ErrorFactory",
    "check_digits",
    "check_lines",
    "check_text",
    "load_json",
    "load_yaml",
    "read_text",
]

#: The largest input file, in bytes (1 MiB): some fifteen times the largest file of the
#: corpus (the rules, 82 KB) and some fifty times the largest scenario.
MAX_BYTES = 1 << 20
#: The longest line, in characters (the corpus: 400).
MAX_LINE = 10_000
#: The deepest nesting of mappings and lists (the corpus: 9).
MAX_DEPTH = 32
#: The most values in one document, aliases counted at their full size (the corpus: 2,300).
MAX_NODES = 100_000
#: The most digits of an integer: every integer of at most 18 digits fits in 64 bits.
MAX_DIGITS = 18
#: The most steps of one scenario's script (the corpus: 401).
MAX_STEPS = 2_000

#: How a reader raises its own error class: ``(file, line, field, message)``.
ErrorFactory = Callable[[str, int | None, str, str], InputError]

_INT = "tag:yaml.org,2002:int"


def _size(n: int) -> str:
    return f"{n // (1 << 20)} MiB" if n % (1 << 20) == 0 else f"{n:,} bytes"


def _lines_bounded(source: str, lines: bool | None) -> bool:
    """Whether the lines of a file are bounded: ``lines`` if given, else unless it is a
    JSON file (which may hold everything on one line)."""
    return not source.lower().endswith(".json") if lines is None else lines


def read_text(path: str | Path, source: str, error: ErrorFactory, *, lines: bool | None = None,
              limit: int = MAX_BYTES) -> str:
    """The text of the file at ``path`` (named ``source`` in errors): at most ``limit``
    bytes, UTF-8, and no line longer than :data:`MAX_LINE` (``lines``: whether lines are
    bounded; by default unless ``source`` names a JSON file).  The size is checked before
    the file is read, and the read stops past the limit."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > limit:
                raise error(source, None, "", f"the file is {size:,} bytes: the limit is {_size(limit)}")
            data = fh.read(limit + 1)
    except OSError as e:
        raise error(source, None, "", f"cannot read the file: {e.strerror or e}") from None
    if len(data) > limit:
        raise error(source, None, "", f"the file is larger than {_size(limit)} (the limit)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise error(source, line, "", f"the file is not UTF-8 text ({e.reason} at byte {e.start})") from None
    if _lines_bounded(source, lines):
        check_lines(text, source, error)
    return text


def check_lines(text: str, source: str, error: ErrorFactory, limit: int = MAX_LINE) -> None:
    """No line of ``text`` is longer than ``limit`` characters."""
    if len(text) <= limit:
        return
    for n, line in enumerate(text.split("\n"), 1):
        if len(line) > limit:
            raise error(source, n, "", f"the line is {len(line):,} characters long: the limit is {limit:,}")


def _digits(text: str) -> int:
    t = text.lstrip("+-").replace("_", "").replace(":", "")
    if t[:2].lower() in ("0x", "0b", "0o"):
        t = t[2:]
    return len(t)


def check_digits(text: str, source: str, line: int | None, field: str, error: ErrorFactory) -> None:
    """An integer written as ``text`` has at most :data:`MAX_DIGITS` digits."""
    n = _digits(text)
    if n > MAX_DIGITS:
        raise error(source, line, field, f"an integer of {n:,} digits: the limit is {MAX_DIGITS} digits")


class _Open:
    """A collection being composed: its node, where it is (its parent and its place there,
    for the path of an error), what it holds so far."""

    __slots__ = ("anchor", "height", "key", "keys", "node", "parent", "place", "seq", "size")

    def __init__(self, node: yaml.CollectionNode, seq: bool, parent: _Open | None, anchor: str | None) -> None:
        self.node = node
        self.seq = seq
        self.parent = parent
        self.place = parent.at() if parent is not None else None
        self.anchor = anchor
        self.size = 1
        self.height = 1
        self.keys: dict[str, int] = {}
        self.key: yaml.Node | None = None  # a mapping's key waiting for its value

    def at(self) -> str | int | None:
        """The place of the next value in this collection."""
        if self.seq:
            return len(self.node.value)
        key = self.key
        return str(key.value) if key is not None and not isinstance(key.value, list) else None

    def path(self) -> list[str | int]:
        out: list[str | int] = []
        o: _Open | None = self
        while o is not None and o.parent is not None:
            if o.place is None:
                return out[::-1]
            out.append(o.place)
            o = o.parent
        return out[::-1]


def _field(path: list[str | int]) -> str:
    """A field as errors name it; a deep one by its first parts and its depth."""
    if len(path) <= 8:
        return field_name(path)
    return f"{field_name(path[:4])}...({len(path)} levels down)"


def _path(top: _Open | None) -> list[str | int]:
    """The path of the next value under ``top``."""
    if top is None:
        return []
    place = top.at()
    return [*top.path(), place] if place is not None else top.path()


def _compose(ld: Any, source: str, error: ErrorFactory) -> yaml.Node | None:
    import yaml

    _Scalar = yaml.ScalarEvent
    _Alias = yaml.AliasEvent
    _SeqStart = yaml.SequenceStartEvent
    _MapStart = yaml.MappingStartEvent
    _SeqEnd = yaml.SequenceEndEvent
    _MapEnd = yaml.MappingEndEvent
    ld.get_event()  # the stream's start
    if ld.check_event(yaml.StreamEndEvent):
        ld.get_event()
        return None
    ld.get_event()  # the document's start
    anchors: dict[str, tuple[yaml.Node, int, int]] = {}  # anchor -> node, size, height
    open_anchors: set[str] = set()
    top: _Open | None = None
    depth = 0
    total = 0
    root: yaml.Node | None = None
    resolve = ld.resolve
    get_event = ld.get_event
    ScalarNode = yaml.ScalarNode

    def fail(mark: Any, message: str) -> InputError:
        return error(source, mark.line + 1 if mark is not None else None, _field(_path(top)), message)

    while True:
        event = get_event()
        cls = event.__class__
        node: yaml.Node
        if cls is _Scalar:
            tag = event.tag
            if tag is None or tag == "!":
                tag = resolve(ScalarNode, event.value, event.implicit)
            # a plain scalar's style is None (libyaml's events say '')
            node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style or None)
            size = 1
            height = 0
            total += 1
            if tag == _INT and len(event.value) > MAX_DIGITS:
                check_digits(event.value, source, event.start_mark.line + 1, _field(_path(top)), error)
            if event.anchor is not None:
                anchors[event.anchor] = (node, 1, 0)
        elif cls is _MapStart or cls is _SeqStart:
            kind = yaml.SequenceNode if cls is _SeqStart else yaml.MappingNode
            tag = event.tag
            if tag is None or tag == "!":
                tag = resolve(kind, None, event.implicit)
            total += 1
            depth += 1
            if depth > MAX_DEPTH:
                raise fail(event.start_mark, f"the document nests more than {MAX_DEPTH} levels deep (the limit)")
            top = _Open(kind(tag, [], event.start_mark, None, event.flow_style), cls is _SeqStart, top, event.anchor)
            if event.anchor is not None:
                open_anchors.add(event.anchor)
            if total > MAX_NODES:
                raise fail(event.start_mark, f"the document holds more than {MAX_NODES:,} values (the limit)")
            continue
        elif cls is _MapEnd or cls is _SeqEnd:
            assert top is not None
            done = top
            top = done.parent
            depth -= 1
            node = done.node
            node.end_mark = event.end_mark
            size = done.size
            height = done.height
            if done.anchor is not None:
                anchors[done.anchor] = (node, size, height)
                open_anchors.discard(done.anchor)
        elif cls is _Alias:
            found = anchors.get(event.anchor)
            if found is None:
                if event.anchor in open_anchors:
                    raise fail(event.start_mark, f"the alias *{event.anchor} repeats its own anchor")
                raise yaml.composer.ComposerError(None, None, f"found undefined alias {event.anchor!r}",
                                                  event.start_mark)
            node, size, height = found
            total += size
            if total > MAX_NODES:
                raise fail(event.start_mark, f"the alias *{event.anchor} makes the document hold more than "
                           f"{MAX_NODES:,} values (the limit; an alias counts as all it repeats)")
            if depth + height > MAX_DEPTH:
                raise fail(event.start_mark, f"the alias *{event.anchor} nests the document more than "
                           f"{MAX_DEPTH} levels deep (the limit)")
        else:  # the document's end
            break
        if total > MAX_NODES:
            raise fail(event.start_mark, f"the document holds more than {MAX_NODES:,} values (the limit)")
        if top is None:
            root = node
            continue
        top.size += size
        if height >= top.height:
            top.height = height + 1
        if top.seq:
            top.node.value.append(node)
        elif top.key is None:
            if node.__class__ is ScalarNode:
                value = node.value
                first = top.keys.get(value)
                if first is not None:
                    where = f" in {_field(top.path())}" if top.parent is not None else ""
                    raise error(source, node.start_mark.line + 1, "",
                                f"the key {value!r} is given twice (first on line {first}){where}")
                top.keys[value] = node.start_mark.line + 1
            top.key = node
        else:
            top.node.value.append((top.key, node))
            top.key = None
    if not ld.check_event(yaml.StreamEndEvent):
        nxt = get_event()
        raise yaml.composer.ComposerError("expected a single document in the stream", None,
                                          "but found another document", nxt.start_mark)
    get_event()
    return root


#: The largest text whose YAML syntax error is said again by PyYAML's own parser, whose
#: words are clearer than libyaml's ("expected ',' or ']', but got ':'").
_FRIENDLY_BYTES = 256 << 10


def load_yaml(text: str, source: str, error: ErrorFactory, *,
              friendly: bool = False) -> tuple[Any, yaml.Node | None]:
    """The data of the one YAML document of ``text`` and its node tree (for lines), composed
    within the limits above (None and None for an empty stream).  The text is parsed by
    libyaml; with ``friendly``, a syntax error in a text of at most 256 KiB is said in
    PyYAML's words (and a text only PyYAML reads is read by it)."""
    import yaml

    fast: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return _load(text, source, error, fast)
    except yaml.YAMLError:
        if not friendly or fast is yaml.SafeLoader or len(text) > _FRIENDLY_BYTES:
            raise
    return _load(text, source, error, yaml.SafeLoader)


def _load(text: str, source: str, error: ErrorFactory, loader: Any) -> tuple[Any, yaml.Node | None]:
    import yaml

    ld = loader(text)
    try:
        node = _compose(ld, source, error)
        return (ld.construct_document(node) if node is not None else None), node
    except yaml.reader.ReaderError as e:  # its text takes two lines: said here in one
        char = chr(e.character) if isinstance(e.character, int) else str(e.character)
        line = text.count("\n", 0, text.index(char)) + 1 if char and char in text else None
        raise error(source, line, "", f"the character U+{ord(char[:1] or chr(0)):04X} is not allowed in YAML "
                    f"({e.reason})") from None
    finally:
        ld.dispose()


def check_text(text: str, source: str, error: ErrorFactory, *, lines: bool | None = None) -> None:
    """The limits :func:`read_text` checks, for a text given as it is: its size in UTF-8
    and the length of its lines (``lines`` as for :func:`read_text`)."""
    if len(text) * 4 > MAX_BYTES:
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_BYTES:
            raise error(source, None, "", f"the text is {size:,} bytes: the limit is {_size(MAX_BYTES)}")
    if _lines_bounded(source, lines):
        check_lines(text, source, error)


def load_json(text: str, source: str, error: ErrorFactory) -> Any:
    """The value of a JSON text within the limits above (depth, digits, each key once);
    a syntax error raises :class:`json.JSONDecodeError`."""
    _json_depth(text, source, error)

    def number(digits: str) -> int:
        check_digits(digits, source, None, "", error)
        return int(digits)

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in items:
            if k in out:
                raise error(source, None, "", f"the key {k!r} is given twice")
            out[k] = v
        return out

    return json.loads(text, parse_int=number, object_pairs_hook=pairs)


def _json_depth(text: str, source: str, error: ErrorFactory) -> None:
    """Refuse JSON nested deeper than :data:`MAX_DEPTH` before it is parsed (strings are
    skipped; a malformed text is left to the parser).  Whether it is too deep is decided by
    one linear pass (:func:`~tonk_ref.bounds.nests_deeper`); only a text that is walks it
    again, one character at a time, for the line to name (linear too: no pattern that can
    backtrack over a crafted string)."""
    if not nests_deeper(text, MAX_DEPTH):
        return
    depth, inside, escaped, line = 0, False, False, 1
    for c in text:
        if c == "\n":
            line += 1
        if inside:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                inside = False
        elif c == '"':
            inside = True
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise error(source, line, "", f"the document nests more than {MAX_DEPTH} levels deep (the limit)")
        elif c in "]}":
            depth -= 1
