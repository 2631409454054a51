"""An engine in another process, spoken to over stdio (spec/protocol.md).

:class:`StdioAdapter` implements :class:`tonk_ref.adapters.base.Adapter`.  One process
serves many requests, one at a time.  A refusal (a JSON-RPC error with code 1; its
``data.reason`` is the reason code) raises :class:`Rejected`; anything else that goes wrong raises
:class:`AdapterFault` with one of the kinds of :class:`~.base.FaultKind`

- ``crashed``: the process exited or closed its stdout (``context.exit_code``), even
  where a process it started still holds the pipe;
- ``timeout``: no answer within ``timeout`` seconds (the process is killed);
- ``garbage``: an answer line that is not a JSON-RPC response;
- ``wrong_id``: a response to another request;
- ``schema``: with ``validate=True``, a response that fails its schema, or a request
  whose envelope does (request params are sent even when they fail, on purpose);
- ``protocol``: anything else (an error answer with another code, such as an unknown
  method, even one that carries a reason; a ``hello`` that does not speak protocol 1; a process that cannot start),

and a :class:`~.base.FaultContext` (the raw request and answer lines, the last lines the
engine wrote on stderr, and for a crash its exit status).  After a fault that leaves the process
dead or out of step (every kind but a request that failed its schema and a well-formed
error answer) the next call starts a new process and says ``hello`` again.

Every engine runs in a process group of its own, which is killed whenever its process is
done with (killed, crashed, or exited after ``bye``), and so is every process that still
carries its mark or was handed to the runner as an orphan (:mod:`.lifetime`): nothing it
started is left running.  A signal ending the runner kills engines at once, without ``bye``.
stderr is drained by a thread into a bounded tail, so a chatty engine never blocks.
stdout is read with :mod:`selectors` on a non-blocking pipe, so the per-request timeout
costs no thread switch and no busy wait (POSIX only).
"""

from __future__ import annotations

import collections
import os
import selectors
import shlex
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec
from msgspec import UNSET

from . import lifetime, messages
from .base import JSON, PROTOCOL_VERSION, AdapterFault, EngineChanged, FaultContext, FaultKind, Rejected, hello_changes
from .messages import Request, decode_answer, encode

#: Characters of a request or response kept in a fault's context.
MAX_CONTEXT = 16 * 1024
#: ``play`` requests sent ahead at most (:meth:`StdioAdapter.prefetch_play`).
MAX_AHEAD = 4
#: An answer line longer than this is garbage.
MAX_ANSWER = 256 * 1024 * 1024


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill the process and its process group, even once the process itself has exited
    (an engine run through a shell script, or one that forked, would otherwise leave its
    other processes behind).  The group is the engine's own: it was started in a new
    session, and the group's id stays taken while any process of it is left."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if proc.poll() is None:
        try:
            proc.kill()
        except ProcessLookupError:
            pass


def _end(proc: subprocess.Popen[bytes], token: str) -> None:
    """Kill the engine's process group, then what it left outside it (:func:`.lifetime.end_engine`)."""
    _kill(proc)
    lifetime.end_engine(token)


#: Without a process descriptor, how often a wait checks whether the engine has exited (s).
_POLL = 0.2


def _pidfd(pid: int) -> int | None:
    """A descriptor that becomes readable when process ``pid`` exits, where the system has them."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _clip(text: str | None) -> str | None:
    if text is None or len(text) <= MAX_CONTEXT:
        return text
    return text[:MAX_CONTEXT] + f"... ({len(text) - MAX_CONTEXT} more characters)"


class _StderrTail:
    """Reads a pipe until its end in a daemon thread, keeping the last ``limit`` bytes."""

    def __init__(self, fd: int, limit: int) -> None:
        self.limit = limit
        self.buf = bytearray()
        self.total = 0
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, args=(fd,), name="tonk-stderr", daemon=True)
        self.thread.start()

    def _run(self, fd: int) -> None:
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            with self.lock:
                self.total += len(chunk)
                self.buf += chunk
                if len(self.buf) > 2 * self.limit:
                    del self.buf[: len(self.buf) - self.limit]
        try:
            os.close(fd)
        except OSError:
            pass

    def text(self) -> str:
        with self.lock:
            data = bytes(self.buf[-self.limit :])
        return data.decode("utf-8", errors="replace")


class _Process:
    """One running engine: its pipes, its stdout buffer and its stderr tail."""

    def __init__(self, argv: list[str], env: Mapping[str, str] | None, cwd: str | None, stderr_limit: int) -> None:
        #: what marks this engine's processes, and what they start (:mod:`.lifetime`)
        self.token = lifetime.new_token()
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
            env={**(os.environ if env is None else env), lifetime.TOKEN_VAR: self.token},
            cwd=cwd,
            start_new_session=True,
            preexec_fn=lifetime.engine_preexec(),
        )
        lifetime.started(self.token, self.proc.pid)
        assert self.proc.stdin is not None and self.proc.stdout is not None and self.proc.stderr is not None
        self.finalizer = weakref.finalize(self, _end, self.proc, self.token)
        self.stdin = self.proc.stdin.fileno()
        self.stdout = self.proc.stdout.fileno()
        os.set_blocking(self.stdin, False)
        os.set_blocking(self.stdout, False)
        # the stderr thread owns its descriptor from now on
        self.stderr = _StderrTail(os.dup(self.proc.stderr.fileno()), stderr_limit)
        self.proc.stderr.close()
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout, selectors.EVENT_READ)
        #: readable once the engine's process has exited (Linux), so that a child it left
        #: holding the pipe does not make its exit look like a hang
        self.pidfd = _pidfd(self.proc.pid)
        if self.pidfd is not None:
            self.selector.register(self.pidfd, selectors.EVENT_READ)
        self.buf = bytearray()
        self.scanned = 0
        #: requests written so far
        self.requests = 0

    def exited(self, events: list[tuple[selectors.SelectorKey, int]] | None = None) -> bool:
        """Whether the engine's process has exited (among ``events``, where the selector
        watches it)."""
        if self.pidfd is not None and events is not None:
            return any(key.fd == self.pidfd for key, _ in events)
        return self.proc.poll() is not None

    def _wait(self, fd: int, event: int, deadline: float) -> None:
        """Wait until ``fd`` is ready or the deadline; raise TimeoutError past the deadline
        and EOFError once the engine's process has exited."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        if fd == self.stdout and event == selectors.EVENT_READ:
            events = self.selector.select(remaining if self.pidfd is not None else min(remaining, _POLL))
            if self.exited(events if self.pidfd is not None else None):
                raise EOFError
            return
        with selectors.DefaultSelector() as sel:
            sel.register(fd, event)
            if self.pidfd is not None:
                sel.register(self.pidfd, selectors.EVENT_READ)
            events = sel.select(remaining if self.pidfd is not None else min(remaining, _POLL))
            if self.exited(events if self.pidfd is not None else None):
                raise EOFError

    def send(self, data: bytes, deadline: float) -> None:
        """Write all of ``data``; raise TimeoutError or BrokenPipeError."""
        self.requests += 1
        view = memoryview(data)
        while view:
            try:
                n = os.write(self.stdin, view)
                view = view[n:]
                continue
            except BlockingIOError:
                pass
            try:
                self._wait(self.stdin, selectors.EVENT_WRITE, deadline)
            except EOFError:  # the engine exited; what holds its stdin is not reading
                raise BrokenPipeError from None

    def pending(self) -> bool:
        """Whether the engine has written anything that was not asked for (read what is
        there without waiting)."""
        if not self.buf:
            try:
                chunk = os.read(self.stdout, 1 << 16)
            except (BlockingIOError, OSError):
                return False
            self.buf += chunk
        return bool(self.buf)

    def read_line(self, deadline: float) -> bytes:
        """The next line of stdout without its newline; raise TimeoutError, EOFError
        (the process closed stdout, or exited leaving it open in a child that does not
        answer) or OverflowError (a line too long)."""
        exited = False
        while True:
            i = self.buf.find(b"\n", self.scanned)
            if i >= 0:
                line = bytes(self.buf[:i])
                del self.buf[: i + 1]
                self.scanned = 0
                return line
            self.scanned = len(self.buf)
            if len(self.buf) > MAX_ANSWER:
                raise OverflowError
            try:
                chunk = os.read(self.stdout, 1 << 16)
            except BlockingIOError:
                if exited:  # everything it wrote before it exited is read: no answer
                    raise EOFError from None
                try:
                    self._wait(self.stdout, selectors.EVENT_READ, deadline)
                except EOFError:
                    exited = True  # read what is left once more, then give up
                continue
            if not chunk:
                raise EOFError
            self.buf += chunk

    def exit_code(self, wait: float) -> int | None:
        try:
            return self.proc.wait(wait)
        except subprocess.TimeoutExpired:
            return None

    def stderr_tail(self, wait: float = 0.0) -> str:
        if wait:
            self.stderr.thread.join(wait)
        return self.stderr.text()

    def kill(self) -> int | None:
        _kill(self.proc)
        code = self.exit_code(5.0)
        self.close_pipes()
        return code

    def close_pipes(self) -> None:
        _end(self.proc, self.token)  # what the engine left running, in its group or out of it
        self.selector.close()
        if self.pidfd is not None:
            os.close(self.pidfd)
            self.pidfd = None
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                if f is not None:
                    f.close()
            except OSError:
                pass
        self.finalizer.detach()


def _failures(name: str, obj: object) -> list[str]:
    """What is wrong with the message ``obj`` called ``name``: its typed struct judges
    (:mod:`.messages`); where it refuses, the JSON Schema names every error (the two accept
    and refuse the same messages)."""
    found = messages.check(name, obj)
    if not found:
        return []
    from . import schemas

    return schemas.check(name, obj) or found


#: Requests whose answer depends on the engine's current hand.
_ON_THE_HAND = frozenset({"act", "state", "legal_actions", "observe"})


class StdioAdapter:
    """An engine command spoken to over stdio: ``StdioAdapter("tonk serve")``.

    ``cmd`` is a command line (split like a shell would, without running one) or an
    argument list.  ``timeout`` bounds every request in seconds (the ``hello`` of a new
    process waits ``start_timeout``, by default at least 10 s).  With ``validate``
    every request is checked against its schema before it is sent and every response
    after it is read (spec/schemas/).
    """

    def __init__(
        self,
        cmd: str | Sequence[str],
        *,
        timeout: float = 10.0,
        validate: bool = False,
        env: Mapping[str, str] | None = None,
        cwd: str | None = None,
        stderr_limit: int = 64 * 1024,
        start_timeout: float | None = None,
    ) -> None:
        self.argv = shlex.split(cmd) if isinstance(cmd, str) else list(cmd)
        if not self.argv:
            raise ValueError("the engine command is empty")
        self.timeout = timeout
        #: The first request of a new process (hello) also waits for it to start.
        self.start_timeout = max(timeout, 10.0) if start_timeout is None else start_timeout
        self.validate = validate
        self.env = env
        self.cwd = cwd
        self.stderr_limit = stderr_limit
        self._proc: _Process | None = None
        self._hello: JSON | None = None
        #: The ``hello`` of the first process (or the one a worker's engine must match): a
        #: process started again that answers another ends the run (:class:`~.base.EngineChanged`).
        self.first_hello: JSON | None = None
        self._early: tuple[_Process, str, int, bytes, float, float] | None = None
        self._early_fault: AdapterFault | None = None
        self._setup_memo: tuple[JSON, bytes] | None = None
        #: The ``play`` requests sent ahead (:meth:`prefetch_play`) whose answers are not read
        #: yet, in the order sent.
        self._ahead: collections.deque[tuple[JSON, tuple[_Process, str, int, bytes, float, float]]] = \
            collections.deque()
        self._next_id = 0
        #: Called with every request line and the answer line it got (both without newlines).
        self.tap: Callable[[bytes, bytes], None] | None = None
        #: How many processes have been started, and the exit code of the last one.
        self.starts = 0
        self.exit_code: int | None = None
        self.closed = False

    def __repr__(self) -> str:
        return f"StdioAdapter({shlex.join(self.argv)!r})"

    def __enter__(self) -> StdioAdapter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pid(self) -> int | None:
        return self._proc.proc.pid if self._proc is not None else None

    @property
    def stderr_tail(self) -> str:
        return self._proc.stderr_tail() if self._proc is not None else ""

    # -- process lifetime ----------------------------------------------------
    def _spawn(self) -> _Process:
        self.closed = False
        try:
            proc = _Process(self.argv, self.env, self.cwd, self.stderr_limit)
        except OSError as e:
            raise AdapterFault(
                FaultKind.CRASHED,
                f"cannot start {shlex.join(self.argv)}: {e.strerror or e} (is the command right?)",
                FaultContext(),
            ) from None
        self._proc = proc
        self.starts += 1
        self.exit_code = None
        return proc

    def warm_up(self) -> None:
        """Start the engine and send its ``hello`` now, without waiting for the answer, so
        that the engine starts while the caller does other work; the next request reads
        the answer.  A command that cannot be started is reported by that request."""
        if self._proc is not None or self._early is not None:
            return
        try:
            proc = self._spawn()
            self._early = self._send(proc, "hello", {"protocol": PROTOCOL_VERSION}, self.start_timeout)
        except AdapterFault as e:  # it cannot start, or exited before it read hello
            self._early_fault = e

    def _start(self) -> _Process:
        if self._early_fault is not None:
            fault, self._early_fault = self._early_fault, None
            raise fault
        early, self._early = self._early, None
        proc = self._proc if early is not None and self._proc is not None else self._spawn()
        try:
            if early is not None and early[0] is proc:
                hello = self._receive(*early)
            else:
                hello = self._request(proc, "hello", {"protocol": PROTOCOL_VERSION}, timeout=self.start_timeout)
        except AdapterFault:
            if self._proc is proc:  # an error answer to hello: the engine is no use
                self._discard(proc)
            raise
        except Rejected as e:
            self._discard(proc)
            raise AdapterFault(
                FaultKind.PROTOCOL,
                f"hello was refused ({e.reason}: {e.message}): the engine does not speak protocol {PROTOCOL_VERSION}",
                FaultContext(stderr_tail=proc.stderr_tail(0.2)),
            ) from None
        if not isinstance(hello, dict) or hello.get("protocol") != PROTOCOL_VERSION:
            tail = proc.stderr_tail(0.2)
            self._discard(proc)
            raise AdapterFault(
                FaultKind.PROTOCOL,
                f"hello answered {_clip(repr(hello))}; expected an object with protocol {PROTOCOL_VERSION}",
                FaultContext(stderr_tail=tail),
            )
        if self.first_hello is None:
            self.first_hello = hello
        elif hello != self.first_hello:
            self._discard(proc)
            raise EngineChanged(f"the engine said something else in hello when it was started again: "
                                f"{hello_changes(self.first_hello, hello)}")
        self._hello = hello
        return proc

    def _live(self) -> _Process:
        return self._proc if self._proc is not None else self._start()

    def _discard(self, proc: _Process) -> None:
        """Kill ``proc``; the next call starts a new process."""
        if self._proc is proc:
            self._proc = None
        self.exit_code = proc.kill()

    def restart(self) -> JSON:
        """Kill the engine, start a new one and say hello; return its hello."""
        if self._proc is not None:
            self._discard(self._proc)
        self._start()
        assert self._hello is not None
        return self._hello

    def close(self) -> None:
        """Say ``bye`` and wait for the engine to exit (killing it after a few seconds).
        Never raises; ``exit_code`` holds the engine's exit status.  While a signal ends
        the runner the engine is killed at once."""
        if lifetime.stopping():
            self._ahead.clear()
            proc, self._proc = self._proc, None
            self.closed = True
            if proc is not None:
                self.exit_code = proc.kill()
            return
        self._drop_ahead()
        proc, self._proc = self._proc, None
        self.closed = True
        if proc is None:
            return
        if proc.proc.poll() is None:
            try:
                self._request(proc, "bye", {}, timeout=min(self.timeout, 5.0))
            except (AdapterFault, Rejected):
                pass
        if proc.proc.stdin is not None and not proc.proc.stdin.closed:
            try:
                proc.proc.stdin.close()  # end of input ends an engine that ignored bye
            except OSError:
                pass
        code = proc.exit_code(5.0)
        if code is None:
            code = proc.kill()
        else:
            proc.close_pipes()
        proc.stderr_tail(1.0)
        self.exit_code = code

    # -- one request ---------------------------------------------------------
    def _fault(self, proc: _Process, kind: FaultKind, message: str, request: bytes, response: bytes | None
               ) -> AdapterFault:
        """Build the fault for ``proc``, killing it first (its stderr then ends)."""
        dead = proc.proc.poll() is not None
        crashed = kind is FaultKind.CRASHED
        code = proc.exit_code(1.0) if crashed else None
        if self._proc is proc:
            self._proc = None
        killed = proc.kill()
        self.exit_code = code if code is not None else killed
        context = FaultContext(
            request=_clip(request.decode("utf-8", errors="replace").rstrip("\n")),
            response=None if response is None else _clip(response.decode("utf-8", errors="replace").rstrip("\n")),
            stderr_tail=proc.stderr_tail(1.0 if dead else 0.3),
            exit_code=code,
        )
        if crashed and code is not None:
            message += f" (exit code {code})"
        return AdapterFault(kind, message, context)

    def _request(self, proc: _Process, method: str, params: JSON, timeout: float | None = None) -> Any:
        return self._receive(*self._send(proc, method, params, timeout))

    def _encode(self, rid: int, method: str, params: JSON) -> bytes:
        """The request line (a :class:`~.messages.Request`).  A setup (``new_hand``'s params,
        ``play``'s ``setup``) sent again as the very same object is encoded once: do not
        change a setup between the requests that send it."""
        setup = params if method == "new_hand" else params.get("setup") if method == "play" else None
        if isinstance(setup, dict):
            memo = self._setup_memo
            if memo is None or memo[0] is not setup:
                memo = self._setup_memo = (setup, msgspec.Raw(encode(setup)))
            params = memo[1] if method == "new_hand" else {**params, "setup": memo[1]}  # type: ignore[assignment]
        return encode(Request("2.0", rid, method, params))

    def _send(self, proc: _Process, method: str, params: JSON, timeout: float | None = None, *,
              answers_due: bool = False) -> tuple[_Process, str, int, bytes, float, float]:
        """Write one request.  Anything the engine has written that was not read yet is
        garbage, unless ``answers_due`` (requests sent ahead are still to be answered)."""
        self._next_id += 1
        rid = self._next_id
        try:
            line = self._encode(rid, method, params) + b"\n"
        except (TypeError, ValueError, OverflowError) as e:
            raise AdapterFault(FaultKind.PROTOCOL, f"the {method} request cannot be written as JSON: {e}") from None
        if self.validate:
            sent = msgspec.json.decode(line)  # the request as the engine reads it (a pair sent as a tuple is an array)
            self._check_request(method, sent if isinstance(sent, dict) else {}, line, proc)
        if not answers_due and proc.pending():
            extra = bytes(proc.buf)
            said = ("the engine wrote more than one line for the last request" if proc.requests
                    else "the engine wrote before it was asked anything")
            raise self._fault(proc, FaultKind.GARBAGE, said, line, extra)
        limit = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        try:
            proc.send(line, deadline)
        except TimeoutError:
            raise self._fault(proc, FaultKind.TIMEOUT, f"no answer to {method} within {limit:g} s", line,
                              None) from None
        except (BrokenPipeError, ConnectionResetError):
            response = bytes(proc.buf) or None
            raise self._fault(proc, FaultKind.CRASHED, f"the engine exited during {method}", line, response) from None
        return proc, method, rid, line, deadline, limit

    def _receive(self, proc: _Process, method: str, rid: int, line: bytes, deadline: float, limit: float) -> Any:
        try:
            answer = proc.read_line(deadline)
        except TimeoutError:
            raise self._fault(proc, FaultKind.TIMEOUT, f"no answer to {method} within {limit:g} s", line,
                              None) from None
        except (BrokenPipeError, ConnectionResetError, EOFError):
            response = bytes(proc.buf) or None
            raise self._fault(proc, FaultKind.CRASHED, f"the engine exited during {method}", line, response) from None
        except OverflowError:
            raise self._fault(
                proc, FaultKind.GARBAGE, f"an answer to {method} longer than {MAX_ANSWER} bytes", line, None
            ) from None
        return self._answer(proc, method, rid, line, answer)

    def _check_request(self, method: str, request: JSON, line: bytes, proc: _Process) -> None:
        # Params that fail their schema are sent all the same: the suite sends some bad
        # setups on purpose (a stake of 0, a card twice) to check that engines refuse them.
        errors = [e for e in _failures("request", request) if not e.startswith("$.params.")]
        if errors:
            raise AdapterFault(
                FaultKind.SCHEMA,
                f"the {method} request fails its schema: " + "; ".join(errors[:5]),
                FaultContext(request=_clip(line.decode("utf-8").rstrip("\n")), stderr_tail=proc.stderr_tail()),
            )

    def _answer(self, proc: _Process, method: str, rid: int, line: bytes, answer: bytes) -> Any:
        if self.tap is not None:
            self.tap(line[:-1], answer)
        try:
            msg = decode_answer(answer)
        except (ValueError, RecursionError) as e:
            raise self._fault(proc, FaultKind.GARBAGE, f"the answer to {method} is not JSON ({e})", line,
                              answer) from None
        if msg is None or msg.jsonrpc != "2.0" or msg.id is UNSET or (msg.result is UNSET) == (msg.error is UNSET):
            raise self._fault(proc, FaultKind.GARBAGE, f"the answer to {method} is not a JSON-RPC response", line,
                              answer)
        got = msg.id
        if not (type(got) is int and got == rid):
            if got is None and msg.error is not UNSET:
                err = msg.error
                text = err.get("message") if isinstance(err, dict) else err
                raise self._fault(
                    proc,
                    FaultKind.PROTOCOL,
                    f"the engine could not read the {method} request: {_clip(str(text))}",
                    line,
                    answer,
                )
            raise self._fault(proc, FaultKind.WRONG_ID, f"the answer to request {rid} ({method}) has id {got!r}",
                              line, answer)
        if self.validate:
            whole = messages.parse(answer)
            errors = _failures("response", whole)
            if not errors and msg.result is not UNSET and method in messages.METHODS:
                errors = [e.replace("$", "$.result", 1) for e in _failures(f"{method}.result", msg.result)]
            if errors:
                raise self._fault(
                    proc, FaultKind.SCHEMA, f"the answer to {method} fails its schema: " + "; ".join(errors[:5]), line,
                    answer,
                )
        if msg.result is not UNSET:
            return msg.result
        err = msg.error
        data = err.get("data") if isinstance(err, dict) else None
        code = err.get("code") if isinstance(err, dict) else None
        if code == 1 and type(code) is int:  # a refusal, and nothing else is (spec/protocol.md, "Errors")
            data = data if isinstance(data, dict) else {}
            message = data.get("message")
            rule = data.get("rule")
            reason = data.get("reason")
            raise Rejected(
                reason if isinstance(reason, str) else "(no reason given)",
                message if isinstance(message, str) else "",
                rule if isinstance(rule, str) else None,
            )
        text = err.get("message") if isinstance(err, dict) else None
        raise AdapterFault(
            FaultKind.PROTOCOL,
            f"{method} answered error {code}: {_clip(str(text))}",
            FaultContext(
                request=_clip(line.decode("utf-8").rstrip("\n")),
                response=_clip(answer.decode("utf-8", errors="replace")),
                stderr_tail=proc.stderr_tail(),
                code=code if type(code) is int else None,
            ),
        )

    # -- the Adapter protocol ------------------------------------------------
    def call(self, method: str, params: JSON) -> Any:
        """Send one request and return its result (a fresh process if the last one broke)."""
        if method == "hello":
            return self.hello()
        ahead = self._ahead
        if ahead and self._proc is not ahead[0][1][0]:
            ahead.clear()  # sent to a process a fault has ended: no answer will come
        if ahead and method == "play" and params == ahead[0][0]:
            proc, name, rid, line, _, limit = ahead.popleft()[1]
            return self._receive(proc, name, rid, line, time.monotonic() + limit, limit)
        if ahead and method in _ON_THE_HAND:
            raise RuntimeError(f"{method} after a play sent ahead and not taken: it would see that play's hand")
        self._drop_ahead()
        return self._request(self._live(), method, params)

    def _drop_ahead(self) -> None:
        """Read the answers of the requests sent ahead, if any, and drop them."""
        while self._ahead:
            proc, name, rid, line, _, limit = self._ahead.popleft()[1]
            if self._proc is not proc:  # a fault ended that process: nothing more to read
                self._ahead.clear()
                break
            try:
                self._receive(proc, name, rid, line, time.monotonic() + limit, limit)
            except (Rejected, AdapterFault):
                pass

    def prefetch_play(self, setup: JSON, actions: list[tuple[int, JSON]]) -> None:
        """Send a ``play`` request now without waiting for its answer, so that the engine
        works on it while the caller does something else; the next :meth:`play` with the
        same arguments takes its answer.  Up to :data:`MAX_AHEAD` plays may be sent ahead
        (more are ignored), their answers taken in the order sent.  Another request that
        does not depend on the current hand (``new_hand``, a ``play`` other than the first
        sent ahead, the match methods, ``bye``) first reads the answers sent ahead and drops
        them, so requests and answers stay in order; one that does (``act``, ``state``,
        ``legal_actions``, ``observe``) raises ``RuntimeError``, since the engine's hand is
        now that of the last play sent.  A fault in sending is left for the next request to
        meet."""
        if len(self._ahead) >= MAX_AHEAD or self._proc is None or self.closed:
            return
        params: JSON = {"setup": setup, "actions": actions, "trace": False}
        try:
            self._ahead.append((params, self._send(self._proc, "play", params, answers_due=bool(self._ahead))))
        except AdapterFault:
            self._ahead.clear()

    def hello(self) -> JSON:
        """The engine's hello, asked once per process."""
        if self._hello is None or self._proc is None:
            self._start()
        assert self._hello is not None
        return self._hello

    def new_hand(self, setup: JSON) -> JSON:
        result: JSON = self.call("new_hand", setup)
        return result

    def act(self, seat: int, action: JSON) -> JSON:
        result: JSON = self.call("act", {"seat": seat, "action": action})
        return result

    def state(self) -> JSON:
        result: JSON = self.call("state", {})
        return result

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON:
        # the pairs go as they are (a tuple is written as a JSON array)
        result: JSON = self.call("play", {"setup": setup, "actions": actions, "trace": trace})
        return result

    def legal_actions(self) -> list[JSON]:
        result: list[JSON] = self.call("legal_actions", {})
        return result

    def observe(self, seat: int) -> JSON:
        result: JSON = self.call("observe", {"seat": seat})
        return result
