"""How compiled cases are stored in the case cache (:mod:`.case_cache`): MessagePack through
msgspec, decoded against an exact shape, so an entry can hold data and nothing else.

Every value of the model is written in full, the fields that take no part in comparisons
too (:attr:`.Case.ruleset`, :attr:`.Call.written`).  A step is an array: its kind, then its
fields in the order of its dataclass.  A case is an array of its fields, with its ruleset
replaced by an index into the suite's table of distinct rulesets (each written as all its
option values and rebuilt through :meth:`.Ruleset.from_mapping`, which checks them).  The
JSON parts (setups, actions, expectations) are written as they are: MessagePack keeps their
integer keys, which JSON would turn into strings.

Decoding checks the shape exactly: every array has exactly its fields, each of its type
(Literal fields one of their values), every ruleset every option and only those.
Anything else raises, and the cache rebuilds the entry.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

import msgspec

from ..cache import Codec
from ..engine.ruleset import Ruleset
from .case import Act, Call, Case, Expect, Kind, Legal, Observe, Origin, Perft, Step
from .results import LoadError

#: The version of this encoding: change it whenever the encoding changes.
VERSION = 2

JSONMap = dict[str, Any]
Option = str | int | bool | None


class _Wire(msgspec.Struct, array_like=True, forbid_unknown_fields=True, gc=False):
    pass


class _Act(_Wire, tag="act"):
    seat: int
    action: JSONMap
    refuse: str | bool | None
    unchanged: bool
    line: int
    text: str


class _Expect(_Wire, tag="expect"):
    state: JSONMap
    line: int
    text: str


class _Observe(_Wire, tag="observe"):
    seat: int
    expect: JSONMap
    line: int
    text: str


class _Legal(_Wire, tag="legal"):
    includes: tuple[JSONMap, ...]
    excludes: tuple[JSONMap, ...]
    count: int | None
    line: int
    text: str


class _Call(_Wire, tag="call"):
    method: str
    params: JSONMap
    expect: JSONMap
    refuse: bool
    from_result: tuple[str, ...]
    line: int
    text: str
    written: tuple[tuple[str, int, str], ...]


class _Perft(_Wire, tag="perft"):
    counts: tuple[tuple[int, int], ...]
    line: int
    text: str


_WireStep = _Act | _Expect | _Observe | _Legal | _Call | _Perft


class _Case(_Wire):
    id: str
    title: str
    kind: Kind
    rules: tuple[str, ...]
    source: str
    line: int
    setup: JSONMap | None
    steps: tuple[_WireStep, ...]
    result: JSONMap | None
    deal_refused: bool
    deal_reason: str
    result_line: int
    origin: Origin
    requires: frozenset[str]
    ruleset: int


class _Cases(_Wire):
    rulesets: tuple[dict[str, Option], ...]
    cases: tuple[_Case, ...]
    errors: tuple[tuple[str, str], ...]


#: Each step class of the model, its wire form and a getter of all its fields in order.
STEP_WIRE: dict[type[Step], type[_Wire]] = {
    Act: _Act, Expect: _Expect, Observe: _Observe, Legal: _Legal, Call: _Call, Perft: _Perft,
}
_FIELDS: dict[type[Step], Callable[[Any], tuple[Any, ...]]] = {
    cls: attrgetter(*(f.name for f in dataclasses.fields(cls))) for cls in STEP_WIRE
}
_MODEL: dict[type[_Wire], Callable[..., Step]] = {wire: cls for cls, wire in STEP_WIRE.items()}
_OPTIONS = frozenset(f.name for f in dataclasses.fields(Ruleset))
_DECODER = msgspec.msgpack.Decoder(_Cases)
_ENCODER = msgspec.msgpack.Encoder()


def encode_cases(cases: Sequence[Case], errors: Sequence[LoadError] = ()) -> bytes:
    """The cases and load errors as one MessagePack document (the module's doc says how)."""
    table: dict[tuple[tuple[str, str, Any], ...], int] = {}
    rulesets: list[dict[str, Any]] = []
    wire_cases = []
    for c in cases:
        options = c.ruleset.to_dict()
        # by value and type: True and 1 are equal in Python but not the same option value
        ident = tuple((k, type(v).__name__, v) for k, v in options.items())
        index = table.get(ident)
        if index is None:
            index = table[ident] = len(rulesets)
            rulesets.append(options)
        steps = [(s.kind, *_FIELDS[type(s)](s)) for s in c.steps]
        wire_cases.append((c.id, c.title, c.kind, c.rules, c.source, c.line, c.setup, steps, c.result,
                           c.deal_refused, c.deal_reason, c.result_line, c.origin, c.requires, index))
    return _ENCODER.encode((rulesets, wire_cases, [(e.source, e.message) for e in errors]))


def decode_cases(data: bytes) -> tuple[list[Case], list[LoadError]]:
    """The cases and load errors :func:`encode_cases` wrote; raises on anything else."""
    wire = _DECODER.decode(data)
    rulesets = []
    for options in wire.rulesets:
        if options.keys() != _OPTIONS:
            raise ValueError("a ruleset without exactly the options of the rules")
        rulesets.append(Ruleset.from_mapping(options))
    astuple = msgspec.structs.astuple
    cases = []
    for c in wire.cases:
        if not 0 <= c.ruleset < len(rulesets):
            raise ValueError(f"no ruleset {c.ruleset}")
        steps = tuple(_MODEL[type(s)](*astuple(s)) for s in c.steps)
        cases.append(Case(c.id, c.title, c.kind, c.rules, c.source, c.line, c.setup, steps, c.result,
                          c.deal_refused, c.deal_reason, c.result_line, c.origin, c.requires,
                          rulesets[c.ruleset]))
    return cases, [LoadError(source, message) for source, message in wire.errors]


def _encode_case(case: Case) -> bytes:
    return encode_cases([case])


def _decode_case(data: bytes) -> Case:
    cases, errors = decode_cases(data)
    if len(cases) != 1 or errors:
        raise ValueError("not exactly one case")
    return cases[0]


#: One compiled case (a scenario file's).
CASE_CODEC: Codec[Case] = Codec("case", VERSION, _encode_case, _decode_case)
