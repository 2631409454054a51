"""Running a suite on several processes, one engine each (``tonk check -n N``): the cases
are dealt out round robin, and the results come back in the suite's order, so the counts
are those of a serial run.

Each worker sends each result as soon as its case has run, over a pipe of its own, so a
signal that ends the run (:class:`~..adapters.lifetime.Interrupted`) keeps every case that
ran: the workers are stopped (each kills its engine), what they sent is read, and the
signal is raised on with the partial run.  A worker ends with the runner however the
runner ends (:func:`~..adapters.lifetime.worker_started`), and its engine must say in
``hello`` what the runner's said (:class:`~..adapters.base.EngineChanged` otherwise).
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from typing import Any

from ..adapters import lifetime
from ..adapters.base import EngineChanged
from ..adapters.factory import EngineSpec
from .case import Case
from .known_failures import KnownFailures
from .results import CaseResult
from .runner import Engine, EngineUnavailable, SuiteRun, run_suite

Progress = Callable[[int, int, CaseResult], None]


def _work(spec: EngineSpec, cases: list[Case], known: KnownFailures | None, hello: Any, conn: Connection,
          parent: int) -> None:
    """A worker: run ``cases`` and send ``("result", CaseResult)`` for each, then
    ``("done", stopped, ids not run)``."""
    lifetime.worker_started(parent)
    try:
        adapter = spec.build()
        if hasattr(adapter, "first_hello"):
            setattr(adapter, "first_hello", hello)  # noqa: B010 (an attribute of the stdio adapter only)
        try:
            run = run_suite(adapter, cases, known=known, progress=lambda n, total, r: conn.send(("result", r)))
            conn.send(("done", run.stopped, [c.id for c in run.not_run]))
        except EngineUnavailable as e:
            conn.send(("done", f"the engine could not start in a worker: {e.fault.kind}: {e.fault.message}",
                       [c.id for c in cases]))
        except EngineChanged as e:
            conn.send(("done", str(e), [c.id for c in cases]))
        finally:
            adapter.close()
    finally:
        conn.close()


def run_parallel(spec: EngineSpec, engine: Engine, cases: list[Case], workers: int,
                 known: KnownFailures | None = None, progress: Progress | None = None) -> SuiteRun:
    started = time.perf_counter()
    parts = [cases[i::workers] for i in range(workers)]
    ctx = multiprocessing.get_context("spawn")
    results: list[CaseResult] = []
    stopped: str | None = None
    not_run: set[str] = set()
    conns: list[Connection] = []
    try:
        for part in parts:
            reader, writer = ctx.Pipe(duplex=False)
            conns.append(reader)
            with lifetime.signals_held():  # a worker is started whole, or not at all
                ctx.Process(target=_work, args=(spec, part, known, engine.hello, writer, os.getpid()),
                            name="tonk-worker", daemon=True).start()
            writer.close()
        open_conns = list(conns)
        while open_conns:
            for conn in wait(open_conns):
                assert isinstance(conn, Connection)
                try:
                    message = conn.recv()
                except (EOFError, OSError):
                    open_conns.remove(conn)
                    continue
                if message[0] == "result":
                    results.append(message[1])
                    if progress is not None:
                        progress(len(results), len(cases), message[1])
                else:
                    stopped = stopped or message[1]
                    not_run.update(message[2])
    except lifetime.Interrupted as e:
        lifetime.end_workers()
        for conn in conns:  # what the workers sent before they were stopped
            try:
                while conn.poll(0):
                    message = conn.recv()
                    if message[0] == "result":
                        results.append(message[1])
            except (EOFError, OSError):
                pass
        ran = {r.case.id for r in results}
        e.partial = SuiteRun(engine, _ordered(results, cases), time.perf_counter() - started,
                             f"interrupted by {e.name}", [c for c in cases if c.id not in ran], e.name)
        raise
    finally:
        for conn in conns:
            conn.close()
    lifetime.end_workers()
    ran = {r.case.id for r in results}
    missing = [c for c in cases if c.id not in ran and c.id not in not_run]
    if missing and stopped is None:  # a worker died without a word
        stopped = f"a worker ended before running {len(missing)} cases"
    return SuiteRun(engine, _ordered(results, cases), time.perf_counter() - started, stopped,
                    [c for c in cases if c.id not in ran])


def _ordered(results: list[CaseResult], cases: list[Case]) -> list[CaseResult]:
    order = {c.id: i for i, c in enumerate(cases)}
    return sorted(results, key=lambda r: order[r.case.id])
