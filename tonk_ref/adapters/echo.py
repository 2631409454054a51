"""The floor of the stdio protocol's cost: recorded traffic, answered again with no engine.

``tonk bench`` uses it to measure what a suite run over stdio costs beyond the engine's
and the runner's own work: the pipe and the codec.  Its command (not a ``tonk`` command)
is :mod:`tonk_ref.tools.echo`:

    python -m tonk_ref.tools.echo record FILE -- CMD...   # an engine that records its traffic
    python -m tonk_ref.tools.echo replay FILE             # an engine that answers from it

``record`` runs the engine ``CMD`` behind it, passing every request line on and every
answer line back (one request in flight, as the protocol has it), and appends each pair to
``FILE`` (the request line, then its answer line).  ``replay`` is an engine that answers
the same requests, in the same order, with the recorded answers: it reads each request as
``tonk serve`` does (a typed :class:`~tonk_ref.adapters.messages.Request`) and writes the
recorded result or error as ``tonk serve`` does (a typed success or error, by the same
encoder), with the request's id.  ``hello`` is answered whenever it comes, and ``bye`` ends
it; neither takes a recorded answer.  A request for another method than the one recorded
next is answered with an internal error.

:func:`requests` reads a recording back as the requests to send again (method, params),
:func:`replay_requests` sends them through a :class:`~tonk_ref.adapters.stdio_client.StdioAdapter`.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from msgspec import UNSET

from . import messages
from .base import Rejected
from .server import INTERNAL_ERROR, Server

#: Methods answered without a recorded answer.
UNRECORDED = frozenset({"hello", "bye"})


def record(path: Path, argv: Sequence[str]) -> int:
    """Serve stdin/stdout through the engine ``argv``, appending every exchange to ``path``."""
    child = subprocess.Popen(list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    assert child.stdin is not None and child.stdout is not None
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    with path.open("ab") as out:
        for line in iter(stdin.readline, b""):
            try:
                child.stdin.write(line)
            except BrokenPipeError:
                break
            answer = child.stdout.readline()
            if not answer:
                break
            stdout.write(answer)
            stdout.flush()
            out.write(line.rstrip(b"\n") + b"\n" + answer.rstrip(b"\n") + b"\n")
    child.stdin.close()
    return child.wait()


def exchanges(path: Path) -> list[tuple[bytes, bytes]]:
    """The (request line, answer line) pairs of a recording, in order."""
    lines = path.read_bytes().splitlines()
    return list(zip(lines[::2], lines[1::2], strict=True))


def _method(line: bytes) -> str:
    request = messages.decode_request(line)
    return request.method if request is not None else ""


def replay(path: Path) -> int:
    """Answer stdin's requests with the recorded answers of ``path``; return 0 at ``bye``
    or the end of input."""
    recorded: list[tuple[str, messages.Answer]] = []
    hello: Any = None
    for request_line, answer_line in exchanges(path):
        method, decoded = _method(request_line), messages.decode_answer(answer_line)
        assert decoded is not None, answer_line[:200]
        if method == "hello" and hello is None:
            hello = decoded.result
        elif method not in UNRECORDED:
            recorded.append((method, decoded))
    server = Server()
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    at = 0
    for line in iter(stdin.readline, b""):
        request = messages.decode_request(line.rstrip(b"\n"))
        if request is None:
            out = server.error(None, INTERNAL_ERROR, "the echo reads only well-formed requests")
        elif request.method == "hello":
            out = server.success(request.id, hello)
        elif request.method == "bye":
            stdout.write(server.success(request.id, {}))
            stdout.flush()
            return 0
        elif at >= len(recorded) or recorded[at][0] != request.method:
            expected = recorded[at][0] if at < len(recorded) else "nothing"
            out = server.error(request.id, INTERNAL_ERROR, f"out of step: {request.method}, recorded {expected}")
        else:
            kept = recorded[at][1]
            at += 1
            if kept.result is not UNSET:
                out = server.success(request.id, kept.result)
            else:
                err = kept.error
                out = server.error(request.id, err["code"], err["message"], err.get("data"))
        stdout.write(out)
        stdout.flush()
    return 0


def requests(path: Path) -> list[tuple[str, Any]]:
    """The recorded requests but hello and bye, as (method, params) to send again.  A setup
    sent again in the next request is the same object, as the runner sends it (the client
    then encodes it once)."""
    out: list[tuple[str, Any]] = []
    last: tuple[bytes, Any] | None = None
    for line, _ in exchanges(path):
        request = messages.decode_request(line)
        if request is None or request.method in UNRECORDED:
            continue
        params: Any = {} if request.params is UNSET else request.params
        setup = params if request.method == "new_hand" else params.get("setup") if request.method == "play" else None
        if isinstance(setup, dict):
            key = messages.encode(setup)
            if last is not None and last[0] == key:
                params = last[1] if request.method == "new_hand" else {**params, "setup": last[1]}
            else:
                last = (key, setup)
        out.append((request.method, params))
    return out


def replay_requests(adapter: Any, sent: Sequence[tuple[str, Any]]) -> int:
    """Send every request through ``adapter`` (refusals are answers too); return how many."""
    for method, params in sent:
        try:
            adapter.call(method, params)
        except Rejected:
            pass
    return len(sent)
