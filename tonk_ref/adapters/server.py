"""The reference engine over stdio: the JSON-RPC 2.0 loop of spec/protocol.md.

One request per line on stdin, one response per line on stdout, in order.  Every line
read gets exactly one answer line, whatever it holds, and nothing else is written to
stdout (``print`` is redirected to stderr while serving).  The checks, in order:

1. the line is UTF-8, at most :data:`MAX_LINE` bytes, and strict JSON (no ``NaN``,
   ``Infinity`` or numbers out of the float range) nested at most :data:`MAX_DEPTH`
   deep (measured before it is decoded, alike on every Python) -> else -32700, id null;
2. the message is an object (a batch array is answered with one -32600: the protocol
   has no batches) with a valid ``id`` (string, number or null) -> else -32600, id null;
3. ``jsonrpc`` is ``"2.0"``, there are no members besides jsonrpc, id, method and params,
   ``method`` is a string, an ``id`` is present (the protocol has no notifications)
   -> else -32600;
4. ``params``, when given, is an object -> an array is -32602 (by-position params are
   not supported), anything else -32600;
5. the method exists (and its feature is offered) -> else -32601;
6. the service answers -> result; a refusal (``Rejected``) -> code 1 with
   ``data: {reason, message?, rule?}``; any other exception -> -32603 with a message
   (the traceback goes to stderr).

``bye`` is answered with ``{}`` and the loop returns 0; so does end of input.

The messages are the typed structs of :mod:`.messages`, read and written with msgspec: a
line that is a well-formed request is read in one pass into a :class:`~.messages.Request`
(its params plain JSON data, which the service judges), and the answer is written from a
:class:`~.messages.Success` or :class:`~.messages.Error` by the one encoder.  Any other
line takes the checks above one by one, to give the error the protocol prescribes.

Run it as ``tonk serve`` or ``python -m tonk_ref.adapters.server`` (both take
``--without FEATURE``).
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any

from msgspec import UNSET

from ..bounds import MAX_MESSAGE_DEPTH
from .base import FEATURES, JSON, Rejected
from .messages import Error, ErrorObject, Success, decode_request, encode
from .messages import parse as parse
from .service import RefService

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
REJECTED = 1

#: The longest request line accepted, in bytes (a longer one is answered -32700).
MAX_LINE = 16 * 1024 * 1024
#: The deepest nesting of arrays and objects in a request line (a deeper one is answered
#: -32700).
MAX_DEPTH = MAX_MESSAGE_DEPTH
#: Error messages are cut to this many characters.
MAX_MESSAGE = 2000

#: The methods each optional feature adds (spec/protocol.md, "Features").
FEATURE_METHODS: dict[str, tuple[str, ...]] = {
    "play": ("play",),
    "legal_actions": ("legal_actions",),
    "observations": ("observe",),
    "match": ("cut", "next_dealer", "join", "score"),
}
_MEMBERS = frozenset(("jsonrpc", "id", "method", "params"))
_STATE_METHODS = frozenset(("new_hand", "act", "state", "observe"))


class Restricted:
    """The reference service minus some features, as an engine that lacks them would be:
    their methods are unknown (-32601); without ``payments`` every result has
    ``payments`` and ``net`` null; without ``reasons`` every refusal has the reason
    ``rejected``."""

    def __init__(self, without: Iterable[str] = (), *, owns_requests: bool = False) -> None:
        without = set(without)
        unknown = without - set(FEATURES)
        if unknown:
            raise ValueError(f"unknown features {sorted(unknown)}; known: {', '.join(FEATURES)}")
        self.features = tuple(f for f in FEATURES if f not in without)
        self.service = RefService(self.features, owns_requests=owns_requests)
        hidden = {m for f, ms in FEATURE_METHODS.items() if f in without for m in ms}
        self.methods: dict[str, Callable[[JSON], Any]] = {
            m: fn for m, fn in self.service.methods.items() if m not in hidden
        }

    def call(self, method: str, params: JSON) -> Any:
        if method not in self.methods:
            raise KeyError(method)
        try:
            result = self.service.call(method, params)
        except Rejected as e:
            if "reasons" not in self.features:
                raise Rejected("rejected", e.message) from None
            raise
        if "payments" not in self.features:
            if method in _STATE_METHODS:
                _strip_payments(result)
            elif method == "play":
                _strip_payments(result["state"])
                for state in result.get("states", ()):
                    _strip_payments(state)
        if "reasons" not in self.features and method == "play":
            for step in result["steps"]:
                if not step["ok"]:
                    step["reason"] = "rejected"
        return result


def _strip_payments(state: JSON) -> None:
    result = state.get("result")
    if isinstance(result, dict):
        result["payments"] = None
        result["net"] = None


def reference_service(without: Iterable[str] = ()) -> Any:
    """The service ``tonk serve`` answers with: every feature, or some left out (each
    request its own, decoded from its line: a play resumes from an equal one)."""
    without = tuple(without)
    return Restricted(without, owns_requests=True) if without else RefService(owns_requests=True)


def _short(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE] + "..."


def _valid_id(value: object) -> bool:
    return value is None or isinstance(value, str) or (isinstance(value, int | float) and not isinstance(value, bool))


class Server:
    """Answers protocol lines with a service object (``call(method, params)``, raising
    :class:`Rejected` for refusals and :class:`KeyError` for an unknown method)."""

    def __init__(self, service: Any | None = None) -> None:
        self.service = service if service is not None else RefService(owns_requests=True)
        self.stderr: IO[str] = sys.stderr

    # -- building answers ----------------------------------------------------
    @staticmethod
    def encode(message: Any) -> bytes:
        """One answer line: a message (a struct of :mod:`.messages`, or plain JSON data)."""
        return encode(message) + b"\n"

    def error(self, rid: Any, code: int, message: str, data: Any = None) -> bytes:
        return self.encode(Error("2.0", rid, ErrorObject(code, _short(message), UNSET if data is None else data)))

    def success(self, rid: Any, result: Any) -> bytes:
        try:
            return self.encode(Success("2.0", rid, result))
        except (TypeError, ValueError, RecursionError, OverflowError) as e:
            return self.error(rid, INTERNAL_ERROR, f"the result cannot be written as JSON: {e}")

    def known(self, method: str) -> bool:
        methods = getattr(self.service, "methods", None)
        return method in methods if isinstance(methods, dict) else True

    # -- one line ------------------------------------------------------------
    def handle_line(self, line: bytes) -> tuple[bytes, bool]:
        """The answer to one line (without its newline) and whether to stop after it."""
        request = decode_request(line)
        if request is not None:  # well-formed: the service answers
            if request.method == "bye":
                return self.success(request.id, {}), True
            params = request.params if request.params is not UNSET else {}
            return self.dispatch(request.id, request.method, params), False
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as e:
            return self.error(
                None, PARSE_ERROR, f"parse error: the line is not UTF-8 ({e.reason} at byte {e.start})"
            ), False
        try:
            msg = parse(text)
        except ValueError as e:
            return self.error(None, PARSE_ERROR, f"parse error: {e}"), False
        return self.handle_message(msg)

    def handle_message(self, msg: Any) -> tuple[bytes, bool]:
        """The answer to one parsed message and whether to stop after it."""
        if isinstance(msg, list):
            return self.error(
                None, INVALID_REQUEST, "invalid request: batches are not supported, send one request per line"
            ), False
        if not isinstance(msg, dict):
            return self.error(
                None, INVALID_REQUEST, f"invalid request: a request is a JSON object, got {type(msg).__name__}"
            ), False
        rid = msg.get("id")
        if not _valid_id(rid):
            return self.error(None, INVALID_REQUEST, "invalid request: id must be a string, a number or null"), False
        if msg.get("jsonrpc") != "2.0":
            return self.error(rid, INVALID_REQUEST, 'invalid request: "jsonrpc" must be "2.0"'), False
        extra = sorted(set(msg) - _MEMBERS)
        if extra:
            return self.error(rid, INVALID_REQUEST, f"invalid request: unknown members {_short(repr(extra))}"), False
        method = msg.get("method")
        if not isinstance(method, str):
            return self.error(rid, INVALID_REQUEST, "invalid request: method must be a string"), False
        if "id" not in msg:
            return self.error(
                None, INVALID_REQUEST, "invalid request: no id; this protocol has no notifications"
            ), False
        params = msg.get("params", {})
        if isinstance(params, list):
            return self.error(rid, INVALID_PARAMS, "invalid params: params must be an object (named parameters)"), False
        if not isinstance(params, dict):
            return self.error(rid, INVALID_REQUEST, "invalid request: params must be an object"), False
        if method == "bye":
            return self.success(rid, {}), True
        return self.dispatch(rid, method, params), False

    def dispatch(self, rid: Any, method: str, params: JSON) -> bytes:
        if not self.known(method):
            return self.error(rid, METHOD_NOT_FOUND, f"method not found: {_short(method)}")
        try:
            result = self.service.call(method, params)
        except Rejected as e:
            data: JSON = {"reason": e.reason}
            if e.message:
                data["message"] = _short(e.message)
            if e.rule:
                data["rule"] = e.rule
            return self.error(rid, REJECTED, f"rejected: {_short(e.message or e.reason)}", data)
        except KeyError as e:
            if e.args == (method,) and not isinstance(getattr(self.service, "methods", None), dict):
                return self.error(rid, METHOD_NOT_FOUND, f"method not found: {_short(method)}")
            return self.internal(rid, method, e)
        except Exception as e:  # any bug in a handler: answer, log, go on
            return self.internal(rid, method, e)
        return self.success(rid, result)

    def internal(self, rid: Any, method: str, e: BaseException) -> bytes:
        try:
            detail = f"{type(e).__name__}: {e}"
        except Exception:  # an exception whose str() fails
            detail = type(e).__name__
        try:
            print(f"tonk serve: internal error in {method[:100]}: {_short(detail)}", file=self.stderr)
            traceback.print_exception(e, file=self.stderr, limit=20)
        except (OSError, RecursionError, ValueError):
            pass
        return self.error(rid, INTERNAL_ERROR, f"internal error: {detail}")

    # -- the loop ------------------------------------------------------------
    def serve(self, stdin: IO[bytes], stdout: IO[bytes]) -> int:
        """Answer every line of ``stdin`` until ``bye`` or end of input; return 0."""
        while True:
            line = stdin.readline(MAX_LINE + 1)
            if not line:
                return 0
            if len(line) > MAX_LINE and not line.endswith(b"\n"):
                while True:  # skip the rest of the over-long line
                    rest = stdin.readline(MAX_LINE)
                    if not rest or rest.endswith(b"\n"):
                        break
                answer, stop = (
                    self.error(None, PARSE_ERROR, f"parse error: the line is longer than {MAX_LINE} bytes"),
                    False,
                )
            else:
                answer, stop = self.handle_line(line.rstrip(b"\n"))
            try:
                stdout.write(answer)
                stdout.flush()
            except (BrokenPipeError, ValueError):
                return 0  # the client is gone
            if stop:
                return 0


def serve_stdio(service: Any | None = None) -> int:
    """Serve on this process's stdin/stdout; stray ``print`` output goes to stderr."""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    real_stdout = sys.stdout
    sys.stdout = sys.stderr
    try:
        return Server(service).serve(stdin, stdout)
    except KeyboardInterrupt:
        return 130
    finally:
        sys.stdout = real_stdout


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--without",
        action="extend",
        nargs="+",
        default=[],
        metavar="FEATURE",
        choices=FEATURES,
        help=f"leave features out, as an engine without them would ({', '.join(FEATURES)})",
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tonk_ref.adapters.server",
        description="Serve the reference engine over stdio (JSON-RPC 2.0, one message per line; spec/protocol.md).",
    )
    add_arguments(parser)
    args = parser.parse_args(argv)
    return serve_stdio(reference_service(args.without))


if __name__ == "__main__":
    raise SystemExit(main())
