"""The protocol's messages as typed structs, and the codec both sides speak (msgspec).

Every message of spec/protocol.md has a type here that accepts exactly what its JSON
Schema in spec/schemas/ accepts (a test checks both on the corpus's recorded traffic and
on the serve tests' hostile lines): the envelopes (:class:`Request`, :class:`Response`),
each method's params and result, and the data types (:class:`State`, :class:`Result`, the
actions, ...).  What a struct cannot say by its fields' types (cards each once, a state
``over`` exactly when it has a result, a refusal's ``data``) is checked after it is built,
and a JSON Schema ``integer`` is an integer or a float with no fractional part, as there.

:func:`check` validates a message by the name :mod:`.schemas` gives its schema (``state``,
``request``, ``act.result``, ...), one line per error (none: valid).

The codec: :data:`ENCODER` writes every message (one encoder, built once); integers of any
size stay exact both ways.  :func:`decode_answer` and :func:`decode_request` read an
envelope typed in one pass, leaving the result or params as plain JSON data, which is what
the adapters hand on.  Each of the three first measures how deep the line nests
(:data:`tonk_ref.bounds.MAX_MESSAGE_DEPTH`), so that a deeper one is refused alike on every
Python, however deep its parsers recurse.  msgspec refuses a few things JSON allows (an
escaped lone surrogate): :func:`parse` falls back on the standard library there, and
:func:`encode` on an ASCII encoding for text Python holds but UTF-8 cannot write.
"""

import functools
import json
import math
import re
from typing import Annotated, Any, Literal, TypeAlias

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from ..bounds import MAX_AMOUNT_DIGITS, MAX_MESSAGE_DEPTH, message_depth, nests_deeper
from ..bounds import amount as bounded_amount
from ..engine.ruleset import option_values
from ..paths import spec_dir
from .schema_names import METHODS as METHODS
from .schema_names import SchemaError, uri

# ---------------------------------------------------------------------------- the codec

#: The one encoder of every message, on both sides.
ENCODER = msgspec.json.Encoder()
_STDLIB_ENCODER = json.JSONEncoder(allow_nan=False, separators=(",", ":"))
_PLAIN = msgspec.json.Decoder()


def encode(message: object) -> bytes:
    """``message`` as one line of JSON (without its newline).  Text that UTF-8 cannot hold
    (a lone surrogate) is written with JSON escapes instead; an object that is not JSON
    data raises TypeError.  (Messages hold no fractions: a float that is not finite would
    be written null.)"""
    try:
        return ENCODER.encode(message)
    except UnicodeEncodeError:
        return _STDLIB_ENCODER.encode(msgspec.to_builtins(message, enc_hook=_raw_data)).encode("ascii")


def _raw_data(value: object) -> object:
    """A piece of a message already encoded (:class:`msgspec.Raw`), as plain data again."""
    if isinstance(value, msgspec.Raw):
        return parse(bytes(value))
    raise TypeError(f"{type(value).__name__} is not JSON data")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is out of range")
    return value


_STDLIB_DECODER = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite_float)


def parse(data: bytes | str) -> Any:
    """Strict JSON as plain data: ``NaN``, ``Infinity``, floats out of range and nesting
    deeper than :data:`MAX_MESSAGE_DEPTH` are errors (ValueError; UnicodeDecodeError for
    bytes that are not UTF-8)."""
    message_depth(data)
    try:
        return _PLAIN.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError):
        pass  # msgspec is stricter in places: the standard library judges
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    return _STDLIB_DECODER.decode(text)


#: A run of more digits than an amount may have (:data:`tonk_ref.bounds.MAX_AMOUNT_DIGITS`):
#: an answer line without one holds no amount out of bounds, and is not walked.
_LONG_NUMBER = re.compile(rb"[0-9]{%d}" % (MAX_AMOUNT_DIGITS + 1))
_AMOUNT_KEYS = frozenset({"net", "totals", "amount"})


def amounts_out_of_bounds(line: bytes, result: Any) -> str | None:
    """Where an answer's ``result`` holds an amount the runner does not read (more than
    :data:`~tonk_ref.bounds.MAX_AMOUNT_DIGITS` digits above or below the line, or a zero
    denominator), said as a schema error (``$.result.net[0]: ...``); None for an answer
    within the bounds.  Checked on every answer, with or without ``--validate``, so that
    no amount past them reaches the runner's own checks."""
    if not _LONG_NUMBER.search(line) and b"/0" not in line:
        return None
    todo: list[tuple[str, Any, bool]] = [("$.result", result, False)]
    while todo:
        path, value, amount = todo.pop()
        if amount and isinstance(value, int | str) and not isinstance(value, bool):
            try:
                bounded_amount(value)
            except ValueError as e:
                return f"{path}: {getattr(e, 'message', e)}"
        elif isinstance(value, dict):
            todo.extend((f"{path}.{k}", v, k in _AMOUNT_KEYS) for k, v in value.items() if isinstance(k, str))
        elif isinstance(value, list):
            todo.extend((f"{path}[{i}]", v, amount) for i, v in enumerate(value))
    return None


# ---------------------------------------------------------------------------- data types


#: A JSON Schema integer: an int, or a float with no fractional part.
Integer: TypeAlias = int | Annotated[float, Meta(multiple_of=1)]
NonNegative: TypeAlias = Annotated[int, Meta(ge=0)] | Annotated[float, Meta(ge=0, multiple_of=1)]
Seat = NonNegative
AtLeast1: TypeAlias = Annotated[int, Meta(ge=1)] | Annotated[float, Meta(ge=1, multiple_of=1)]
AtLeast2: TypeAlias = Annotated[int, Meta(ge=2)] | Annotated[float, Meta(ge=2, multiple_of=1)]
AtLeast3: TypeAlias = Annotated[int, Meta(ge=3)] | Annotated[float, Meta(ge=3, multiple_of=1)]
#: A JSON-RPC id: a string, a number or null.
Id: TypeAlias = str | int | float | None

Card: TypeAlias = Annotated[str, Meta(pattern="^(?:[A23456789TJQK][cdhs]|X[12])$")]
Code: TypeAlias = Annotated[str, Meta(pattern="^[a-z][a-z0-9_]*$")]
RuleId: TypeAlias = Annotated[str, Meta(pattern="^[A-Z]+(-[A-Z0-9]+)+$")]
Amount: TypeAlias = Integer | Annotated[str, Meta(pattern="^-?[1-9][0-9]*/[1-9][0-9]*$")]
Rank = Literal["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
Stage = Literal["start", "drawn", "over"]
Ending = Literal["dealt_tonk", "dealt_draw", "tonk_out", "out_by_discard", "knock_won", "knock_caught", "stock_out",
                 "turn_limit", "knock_tie", "reem", "special_hand"]
_KNOCK_ENDINGS = frozenset({"knock_won", "knock_caught", "knock_tie"})
_TOTALS_ENDINGS = frozenset({"stock_out", "turn_limit"})


def _key(value: object) -> object:
    """A hashable stand-in for a JSON value, equal where JSON Schema calls two values equal
    (1 and 1.0 are equal; true and 1 are not)."""
    if isinstance(value, bool) or value is None:
        return ("b", value)
    if isinstance(value, int | float):
        return ("n", int(value) if isinstance(value, float) and value.is_integer() else value)
    if isinstance(value, str):
        return ("s", value)
    if isinstance(value, list):
        return ("l", tuple(_key(v) for v in value))
    if isinstance(value, dict):
        return ("d", frozenset((k, _key(v)) for k, v in value.items()))
    return ("o", repr(value))


def _unique(values: list[Any], what: str) -> None:
    """uniqueItems: raise ValueError naming ``what`` when a value is there twice."""
    if not values:
        return
    if all(type(v) is str for v in values):
        if len(set(values)) == len(values):
            return
    elif len({_key(v) for v in values}) == len(values):
        return
    raise ValueError(f"{what}: has non-unique elements")


def _is_one(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, int | float) and value == 1


class Spread(Struct):
    owner: Seat
    cards: Annotated[list[Card], Meta(min_length=3)]
    kind: Literal["book", "run"] | UnsetType = UNSET
    low: Rank | UnsetType = UNSET
    high: Rank | UnsetType = UNSET

    def __post_init__(self) -> None:
        _unique(self.cards, "cards")


class Payment(Struct):
    payer: Seat
    payee: Seat
    amount: Amount
    rule: RuleId | UnsetType = UNSET


class Result(Struct):
    ending: Ending
    winners: list[Seat]
    payments: list[Payment] | None
    net: list[Amount] | None
    totals: list[NonNegative] | UnsetType = UNSET
    knocker: Seat | UnsetType = UNSET

    def __post_init__(self) -> None:
        _unique(self.winners, "winners")
        if self.ending in _KNOCK_ENDINGS and (self.totals is UNSET or self.knocker is UNSET):
            raise ValueError(f"a result {self.ending} has totals and knocker")
        if self.ending in _TOTALS_ENDINGS and self.totals is UNSET:
            raise ValueError(f"a result {self.ending} has totals")


def _cards(hands: list[list[str]], what: str) -> None:
    for i, cards in enumerate(hands):
        _unique(cards, f"{what}[{i}]")


class State(Struct):
    players: AtLeast2
    dealer: Seat
    stake: AtLeast1
    hands: list[list[Card]]
    spreads: list[Spread]
    discard_top: Card | None
    discard_count: NonNegative
    stock_count: NonNegative
    to_act: Seat | None
    stage: Stage
    result: Result | None
    turn: NonNegative | UnsetType = UNSET
    taken: Card | UnsetType | None = UNSET
    hits_this_turn: NonNegative | UnsetType = UNSET
    spread_this_turn: bool | UnsetType = UNSET
    stock: list[Card] | UnsetType = UNSET
    discard_pile: list[Card] | UnsetType = UNSET
    dealt: list[list[Card]] | UnsetType = UNSET
    ruleset: dict[str, Any] | UnsetType = UNSET

    def __post_init__(self) -> None:
        _cards(self.hands, "hands")
        if self.stock is not UNSET:
            _unique(self.stock, "stock")
        if self.discard_pile is not UNSET:
            _unique(self.discard_pile, "discard_pile")
        if self.dealt is not UNSET:
            _cards(self.dealt, "dealt")
        if self.stage == "over":
            if self.to_act is not None or self.result is None:
                raise ValueError("a hand over has to_act null and a result")
        elif self.to_act is None or self.result is not None:
            raise ValueError(f"a hand at stage {self.stage} has a seat to act and result null")


class Observation(Struct):
    seat: Seat
    players: AtLeast2
    dealer: Seat
    stake: AtLeast1
    hand: list[Card]
    hands: list[list[Card] | None]
    hand_sizes: list[NonNegative]
    spreads: list[Spread]
    discard_top: Card | None
    discard_count: NonNegative
    stock_count: NonNegative
    to_act: Seat | None
    stage: Stage
    result: Result | None
    stock: Any = UNSET
    discard_pile: Any = UNSET
    dealt: Any = UNSET

    def __post_init__(self) -> None:
        _unique(self.hand, "hand")
        _cards([h for h in self.hands if h is not None], "hands")
        for name in ("stock", "discard_pile", "dealt"):
            if getattr(self, name) is not UNSET:
                raise ValueError(f"an observation has no {name}")


class Hello(Struct):
    name: Annotated[str, Meta(min_length=1)]
    version: str
    protocol: Literal[1] | Annotated[float, Meta(ge=1, le=1)]
    options: dict[str, Annotated[list[Any], Meta(min_length=1)]]
    features: list[Code]

    def __post_init__(self) -> None:
        for name, values in self.options.items():
            _unique(values, f"options.{name}")
        _unique(self.features, "features")


class Rejection(Struct):
    reason: Code
    message: str | UnsetType = UNSET
    rule: str | UnsetType | None = UNSET


class _Action(Struct, tag_field="type", forbid_unknown_fields=True):
    pass


class Knock(_Action, tag="knock"):
    discard: Card | UnsetType = UNSET


class Draw(_Action, tag="draw"):
    source: Literal["stock", "discard"] = msgspec.field(name="from")


class SpreadAction(_Action, tag="spread"):
    cards: Annotated[list[Card], Meta(min_length=1)]


class Hit(_Action, tag="hit"):
    card: Card
    spread: Integer


class Discard(_Action, tag="discard"):
    card: Card


class Declare(_Action, tag="declare"):
    pass


Action: TypeAlias = Knock | Draw | SpreadAction | Hit | Discard | Declare


# ---------------------------------------------------------------------------- the ruleset


class _RulesetBase(Struct, forbid_unknown_fields=True):
    def __post_init__(self) -> None:
        allowed = _RULESET_FLOATS.get(type(self))
        for name, values in (allowed or {}).items():
            value = getattr(self, name)
            if isinstance(value, float) and value not in values:
                raise ValueError(f"{name}: {value!r} is not one of {list(values)!r}")


#: Per ruleset struct, the integer values of each option that a float may stand for.
_RULESET_FLOATS: dict[type, dict[str, tuple[int, ...]]] = {}


def _enum_type(values: list[Any]) -> tuple[Any, tuple[int, ...]]:
    """The type of an option whose schema is ``enum: values``, and its integer values."""
    strs = tuple(v for v in values if isinstance(v, str))
    ints = tuple(v for v in values if isinstance(v, int) and not isinstance(v, bool))
    bools = tuple(v for v in values if isinstance(v, bool))
    parts: list[Any] = []
    if strs:
        parts.append(Literal[strs])
    if ints:
        parts += [Literal[ints], Annotated[float, Meta(multiple_of=1)]]
    if len(bools) == 2:
        parts.append(bool)
    elif bools:
        parts.append(Literal[bools])
    if None in values:
        parts.append(None)
    if any(isinstance(v, float) for v in values):
        raise ValueError(f"an option value that is a fraction: {values}")
    union = parts[0]
    for p in parts[1:]:
        union = union | p
    return union, ints


def _ruleset_properties() -> dict[str, list[Any]]:
    """Each option of spec/ruleset.schema.json with its values (where the file is missing,
    the engine's own options)."""
    path = spec_dir() / "ruleset.schema.json"
    if path.is_file():
        schema = json.loads(path.read_text(encoding="utf-8"))
        return {name: list(prop["enum"]) for name, prop in schema["properties"].items()}
    return {name: list(values) for name, values in option_values().items()}


@functools.cache
def ruleset_type() -> type[Struct]:
    """The ruleset as setups and the match methods send it: every option optional, each one
    of its values, no other member."""
    fields: list[tuple[str, Any, Any]] = []
    floats: dict[str, tuple[int, ...]] = {}
    for name, values in _ruleset_properties().items():
        kind, ints = _enum_type(values)
        fields.append((name, kind | UnsetType, UNSET))
        if ints:
            floats[name] = ints
    made = msgspec.defstruct("Ruleset", fields, bases=(_RulesetBase,), module=__name__)
    _RULESET_FLOATS[made] = floats
    return made


# ---------------------------------------------------------------------------- params and results


@functools.cache
def _types() -> dict[str, Any]:
    """Every type by the name of its schema (:mod:`.schemas`)."""
    Ruleset = ruleset_type()

    class Setup(Struct):
        ruleset: Ruleset  # type: ignore[valid-type]
        players: AtLeast2
        dealer: Seat
        stake: AtLeast1
        deck: Annotated[list[Card], Meta(min_length=40, max_length=54)]

        def __post_init__(self) -> None:
            _unique(self.deck, "deck")

    class HelloParams(Struct):
        protocol: Integer

    class ActParams(Struct):
        seat: Seat
        action: Any

    class PlayParams(Struct):
        setup: Setup
        actions: list[tuple[Seat, Any]]
        trace: bool | UnsetType = UNSET

    class ObserveParams(Struct):
        seat: Seat

    class CutParams(Struct):
        players: AtLeast2
        cards: list[Card]
        ruleset: Ruleset | UnsetType = UNSET  # type: ignore[valid-type]

        def __post_init__(self) -> None:
            _unique(self.cards, "cards")

    class HandEnd(Struct):
        ending: Ending
        winners: list[Seat]

        def __post_init__(self) -> None:
            _unique(self.winners, "winners")

    class NextDealerParams(Struct):
        players: AtLeast2
        dealer: Seat
        result: HandEnd
        ruleset: Ruleset | UnsetType = UNSET  # type: ignore[valid-type]

    class JoinParams(Struct):
        players: AtLeast2
        dealer: Seat
        ruleset: Ruleset | UnsetType = UNSET  # type: ignore[valid-type]

    class ScoredHand(Struct):
        ending: Ending
        winners: list[Seat]
        totals: list[NonNegative]
        knocker: Seat | UnsetType | None = UNSET

        def __post_init__(self) -> None:
            _unique(self.winners, "winners")

    class ScoreParams(Struct):
        players: AtLeast2
        scores: list[Integer]
        result: ScoredHand
        ruleset: Ruleset | UnsetType = UNSET  # type: ignore[valid-type]

    class PlayStep(Struct):
        ok: bool
        reason: Any = UNSET
        message: Any = UNSET
        rule: Any = UNSET

        def __post_init__(self) -> None:
            if self.ok:
                return  # an accepted step: nothing else is said of it
            if self.reason is UNSET:
                raise ValueError("a refused step has a reason")
            msgspec.convert(self.reason, Code)
            if self.message is not UNSET:
                msgspec.convert(self.message, str)
            if self.rule is not UNSET:
                msgspec.convert(self.rule, str | None)

    class PlayResult(Struct):
        steps: list[PlayStep]
        state: State
        states: list[State] | UnsetType = UNSET

    class CutCard(Struct):
        seat: Seat
        card: Card

    class CutResult(Struct):
        dealer: Seat
        rounds: Annotated[list[Annotated[list[CutCard], Meta(min_length=1)]], Meta(min_length=1)]

    class DealerResult(Struct):
        dealer: Seat

    class JoinResult(Struct):
        players: AtLeast3
        dealer: Seat
        seat: Seat
        seats: list[Seat]

    class ScoreResult(Struct):
        points: list[Integer]
        scores: list[Integer]
        out: list[Seat]

    empty = dict[str, Any]
    return {
        "card": Card, "action": Action, "setup": Setup, "state": State, "result": Result,
        "observation": Observation, "hello": Hello, "rejection": Rejection, "ruleset": Ruleset,
        "hello.params": HelloParams, "hello.result": Hello,
        "new_hand.params": Setup, "new_hand.result": State,
        "act.params": ActParams, "act.result": State,
        "state.params": empty, "state.result": State,
        "play.params": PlayParams, "play.result": PlayResult, "play.step": PlayStep,
        "legal_actions.params": empty, "legal_actions.result": list[Action],
        "observe.params": ObserveParams, "observe.result": Observation,
        "bye.params": empty, "bye.result": empty,
        "cut.params": CutParams, "cut.result": CutResult,
        "next_dealer.params": NextDealerParams, "next_dealer.result": DealerResult,
        "join.params": JoinParams, "join.result": JoinResult,
        "score.params": ScoreParams, "score.result": ScoreResult,
    }


# ---------------------------------------------------------------------------- envelopes


class Request(Struct, forbid_unknown_fields=True):
    """A request: ``params`` are checked by their method's type (:func:`check`)."""

    jsonrpc: Literal["2.0"]
    id: Id
    method: str
    params: dict[str, Any] | UnsetType = UNSET


class ErrorObject(Struct, forbid_unknown_fields=True):
    code: Integer
    message: str
    data: Any = UNSET

    def __post_init__(self) -> None:
        if _is_one(self.code):  # a refusal: data says why
            if self.data is UNSET:
                raise ValueError("an error with code 1 has data")
            msgspec.convert(self.data, Rejection)


class Response(Struct, forbid_unknown_fields=True):
    """A response: a success (``result``) or an error (``error``), not both."""

    jsonrpc: Literal["2.0"]
    id: Id
    result: Any = UNSET
    error: ErrorObject | UnsetType = UNSET

    def __post_init__(self) -> None:
        if (self.result is UNSET) == (self.error is UNSET):
            raise ValueError("a response has a result or an error, not both")


class Success(Struct, forbid_unknown_fields=True):
    jsonrpc: Literal["2.0"]
    id: Id
    result: Any


class Error(Struct, forbid_unknown_fields=True):
    jsonrpc: Literal["2.0"]
    id: Id
    error: ErrorObject


class Answer(Struct):
    """What a client reads of any answer line, leniently (no member is refused): its
    members, whatever their types; the client then judges them."""

    jsonrpc: Any = UNSET
    id: Any = UNSET
    result: Any = UNSET
    error: Any = UNSET


_ENVELOPES: dict[str, Any] = {"request": Request, "response": Response, "success": Success, "error": Error}
_ANSWER_DECODER = msgspec.json.Decoder(Answer)
_REQUEST_DECODER = msgspec.json.Decoder(Request)


def decode_answer(line: bytes) -> Answer | None:
    """An answer line's envelope, its result as plain data; None for JSON that is not an
    object; raises ValueError for a line that is not JSON or nests deeper than
    :data:`MAX_MESSAGE_DEPTH`."""
    message_depth(line)
    try:
        return _ANSWER_DECODER.decode(line)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        pass
    msg = parse(line)
    if not isinstance(msg, dict):
        return None
    return Answer(**{k: msg[k] for k in ("jsonrpc", "id", "result", "error") if k in msg})


def decode_request(line: bytes) -> Request | None:
    """A well-formed request (its envelope valid, its params an object), or None for any
    other line, one nested deeper than :data:`MAX_MESSAGE_DEPTH` included (the server then
    says what is wrong with it)."""
    if nests_deeper(line, MAX_MESSAGE_DEPTH):
        return None
    try:
        return _REQUEST_DECODER.decode(line)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return None


# ---------------------------------------------------------------------------- checking

_AT = re.compile(r"^(.*) - at `(\$[^`]*)`$", re.S)
_FIELD = re.compile(r"^([A-Za-z_][\w.]*(?:\[\d+\])*): (.*)$", re.S)


def _error_line(e: msgspec.ValidationError, prefix: str = "$") -> str:
    """``$.path: what is wrong`` (a check after a struct is built names its field first)."""
    text = str(e)
    m = _AT.match(text)
    where, said = (m.group(2), m.group(1)) if m else ("$", text)
    field = _FIELD.match(said)
    if field:
        where, said = f"{where}.{field.group(1)}", field.group(2)
    return f"{prefix}{where[1:]}: {said}"


def type_of(name: str) -> Any:
    """The type of the message called ``name`` (the names of :func:`.schemas.uri`)."""
    if name in _ENVELOPES:
        return _ENVELOPES[name]
    types = _types()
    if name not in types:
        uri(name)  # raises, naming the known names
        raise SchemaError(f"no type for the schema {name!r}")
    return types[name]




_SURROGATES = re.compile("[\ud800-\udfff]")


def _without_surrogates(obj: object) -> object:
    """``obj`` with each lone surrogate (which JSON may escape but msgspec cannot match
    against a pattern) moved to a private-use character of its own: lengths, equality and
    every pattern of the protocol judge the text as before."""
    if isinstance(obj, str):
        return _SURROGATES.sub(lambda m: chr(0xF0000 + ord(m.group()) - 0xD800), obj)
    if isinstance(obj, list):
        return [_without_surrogates(v) for v in obj]
    if isinstance(obj, dict):
        return {_without_surrogates(k): _without_surrogates(v) for k, v in obj.items()}
    return obj


def check(name: str, obj: object) -> list[str]:
    """Validate ``obj`` (plain JSON data) as the message called ``name``: [] when it is one,
    else one line, starting with the JSON path of what is wrong (``$.hands[0][2]: ...``)."""
    try:
        return _check(name, obj)
    except UnicodeEncodeError:
        return _check(name, _without_surrogates(obj))


def _check(name: str, obj: object) -> list[str]:
    try:
        value = msgspec.convert(obj, type_of(name))
    except msgspec.ValidationError as e:
        return [_error_line(e)]
    if name == "request" and value.method in METHODS and value.params is not UNSET:
        try:
            msgspec.convert(value.params, _types()[f"{value.method}.params"])
        except msgspec.ValidationError as e:
            return [_error_line(e, "$.params")]
    return []


def check_line(name: str, line: bytes) -> list[str]:
    """:func:`check` of a message as it was written: [] or one line (also for a line that
    is not JSON)."""
    try:
        obj = parse(line)
    except (ValueError, RecursionError) as e:
        return [f"$: not JSON ({e})"]
    return check(name, obj)

