"""How long the processes of a run live (spec/protocol.md, "Processes").

A run's processes are the runner, its workers (``tonk check -n``, ``tonk fuzz -j``) and the
engines each of them starts.  This module keeps them from outliving the run:

- **Signals.** :func:`handling_signals` turns SIGINT and SIGTERM into :class:`Interrupted`
  (a ``BaseException``, so no ``except Exception`` of the runner swallows it), raised once:
  the runner keeps what ran, kills its engines and workers, writes its reports marked
  partial and exits with ``128 + the signal`` (130, 143).  A second signal while it does
  so kills the engines and exits at once.
- **Engines.** Every engine runs in a session and process group of its own, with
  ``TONK_ENGINE`` set to a token of its own in its environment.  When the engine is done
  with, :func:`end_engine` kills its process group, then every process that still carries
  its token (a descendant that left the group with ``setsid``), and, where the runner is a
  child subreaper (:func:`become_subreaper`), every orphan handed to the runner that it did
  not start.  On Linux an engine started from the main thread also gets a parent-death
  signal (SIGKILL), so a runner killed with SIGKILL leaves no engine behind.
- **Workers.** :func:`worker_started` gives a worker a parent-death signal (SIGTERM), so it
  ends with the runner whatever ends it, ignores SIGINT (the runner, which gets it too from
  the terminal, decides) and on SIGTERM kills its engines and exits.

Where the platform has no ``prctl`` (not Linux) the parent-death signals and the subreaper
are left out; engines still end at the end of their input (the protocol asks them to).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType

#: The environment variable that marks an engine's processes, and its descendants'.
TOKEN_VAR = "TONK_ENGINE"

_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36


class Interrupted(BaseException):
    """The run was interrupted by a signal (SIGINT or SIGTERM)."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        self.name = signal.Signals(signum).name
        #: what ran before the signal, where the code it went through keeps it (a suite run)
        self.partial: object = None
        super().__init__(self.name)

    @property
    def exit_status(self) -> int:
        """The exit status of a process ended by this signal: 128 + its number."""
        return 128 + self.signum


# -- prctl ---------------------------------------------------------------------------------
_prctl: Callable[..., int] | None = None
_prctl_looked = False


def _get_prctl() -> Callable[..., int] | None:
    global _prctl, _prctl_looked
    if not _prctl_looked:
        _prctl_looked = True
        if sys.platform.startswith("linux"):
            import ctypes

            try:
                libc = ctypes.CDLL(None, use_errno=True)
                fn = libc.prctl
                fn.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
                fn.restype = ctypes.c_int
                _prctl = fn
            except (OSError, AttributeError):
                _prctl = None
    return _prctl


def parent_death_signal(signum: int, parent: int) -> bool:
    """Ask for ``signum`` when the parent dies (Linux); if the parent ``parent`` is already
    gone, exit at once.  Whether the platform could arrange it."""
    prctl = _get_prctl()
    if prctl is None or prctl(_PR_SET_PDEATHSIG, signum, 0, 0, 0) != 0:
        return False
    if os.getppid() != parent:
        os._exit(1)
    return True


_subreaper = False


def become_subreaper() -> bool:
    """Make this process a child subreaper (Linux): a descendant whose parent dies is handed
    to it rather than to init, so :func:`end_engine` can end what an engine left running
    outside its process group.  Whether the platform allows it."""
    global _subreaper
    prctl = _get_prctl()
    if prctl is not None and prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0:
        _subreaper = True
    return _subreaper


def engine_preexec() -> Callable[[], None] | None:
    """What an engine's process runs before its command: a parent-death signal (SIGKILL),
    on Linux and from the main thread only (the signal comes when the thread that started
    the process ends, and only the main thread lasts as long as the runner)."""
    if _get_prctl() is None or threading.current_thread() is not threading.main_thread():
        return None
    parent = os.getpid()

    def preexec() -> None:
        parent_death_signal(signal.SIGKILL, parent)

    return preexec


# -- the engines of this process -------------------------------------------------------------
#: token -> (the process that started the engine, the engine's pid)
_engines: dict[str, tuple[int, int]] = {}
_count = itertools.count(1)
_lock = threading.RLock()  # a signal handler may take it again in the thread that holds it


def new_token() -> str:
    return f"{os.getpid()}.{next(_count)}.{time.monotonic_ns()}"


def started(token: str, pid: int) -> None:
    with _lock:
        _engines[token] = (os.getpid(), pid)


def _pids() -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            out.append(int(entry))
    return out


def _stat(pid: int) -> tuple[str, int, int, int] | None:
    """(state, parent, group, session) of ``pid``."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    return fields[0], int(fields[1]), int(fields[2]), int(fields[3])


def _carries(pid: int, marks: set[bytes]) -> bool:
    try:
        env = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return False
    return any(m in env for m in marks)


def _kill(pid: int) -> None:
    """Kill ``pid``, and its process group when it leads one."""
    st = _stat(pid)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if st is not None and st[2] == pid:
            os.killpg(pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signal.SIGKILL)


def end_engine(token: str) -> None:
    """The engine ``token`` is done with (its group already killed): kill every process
    still carrying its token, and the orphans handed to this process."""
    with _lock:
        _engines.pop(token, None)
    _sweep({token})


def _sweep(tokens: set[str]) -> None:
    if not Path("/proc/self/stat").exists():
        return
    me = os.getpid()
    marks = {f"\0{TOKEN_VAR}={t}\0".encode() for t in tokens} | {f"{TOKEN_VAR}={t}\0".encode() for t in tokens}
    for pid in _pids():
        if pid != me and tokens and _carries(pid, marks):
            _kill(pid)
    if _subreaper:
        reap_orphans()


def reap_orphans() -> None:
    """Kill and reap the processes handed to this subreaper that it did not start: a
    descendant of an engine whose parent died (the engines of this process, its workers and
    the processes of its own session are left alone)."""
    import multiprocessing

    me = os.getpid()
    with _lock:
        mine = {pid for owner, pid in _engines.values() if owner == me}
    mine |= {p.pid for p in multiprocessing.active_children() if p.pid is not None}
    session = os.getsid(0)
    for pid in _pids():
        st = _stat(pid)
        if st is None or st[1] != me or pid in mine or st[3] == session:
            continue
        if st[0] != "Z":
            _kill(pid)
        with contextlib.suppress(ChildProcessError, OSError):
            end = time.monotonic() + 1.0
            while os.waitpid(pid, os.WNOHANG) == (0, 0) and time.monotonic() < end:
                time.sleep(0.01)


def kill_engines() -> None:
    """Kill every engine this process started and has not ended (and what they started)."""
    me = os.getpid()
    with _lock:
        mine = {t: pid for t, (owner, pid) in _engines.items() if owner == me}
    for pid in mine.values():
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)
    if mine:
        _sweep(set(mine))


# -- signals ---------------------------------------------------------------------------------
_stopping: int | None = None


def stopping() -> bool:
    """Whether a signal is ending this process: engines are killed, not asked to say bye."""
    return _stopping is not None


def _raise(signum: int, frame: FrameType | None) -> None:
    global _stopping
    if _stopping is not None:  # a second signal: end now
        kill_engines()
        os._exit(128 + signum)
    _stopping = signum
    raise Interrupted(signum)


@contextlib.contextmanager
def handling_signals() -> Iterator[None]:
    """SIGINT and SIGTERM raise :class:`Interrupted` while the block runs (from the main
    thread only; elsewhere nothing changes)."""
    global _stopping
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.signal(s, _raise) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, h in old.items():
            signal.signal(s, h)
        _stopping = None


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait while the block runs (starting a worker: a signal in the
    middle would leave it half started), and are delivered after it."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def worker_started(parent: int) -> None:
    """In a worker process: end with the runner ``parent`` (a parent-death SIGTERM), leave
    SIGINT to the runner, and on SIGTERM kill this worker's engines and exit."""
    global _stopping
    _stopping = None
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_term)
    if hasattr(signal, "pthread_sigmask"):  # held while the runner started it
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    parent_death_signal(signal.SIGTERM, parent)
    become_subreaper()


def _worker_term(signum: int, frame: FrameType | None) -> None:
    global _stopping
    _stopping = signum
    kill_engines()
    os._exit(128 + signum)


def end_workers(wait: float = 1.0) -> None:
    """Stop this process's worker processes: SIGTERM (each kills its engines), then SIGKILL
    for those still running after ``wait`` seconds."""
    import multiprocessing

    children = multiprocessing.active_children()
    for p in children:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            p.terminate()
    end = time.monotonic() + wait
    for p in children:
        with contextlib.suppress(OSError, ValueError, AssertionError):
            p.join(max(0.0, end - time.monotonic()))
    for p in children:
        with contextlib.suppress(OSError, ValueError, AttributeError, AssertionError):
            if p.is_alive():
                p.kill()
                p.join(1.0)
