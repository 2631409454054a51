"""Running a suite on several processes, one engine each (``tonk check -n N``): the cases
are dealt out round robin, and the results come back in the suite's order, so the counts
are those of a serial run."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
from dataclasses import dataclass

from ..adapters.factory import EngineSpec
from .case import Case
from .known_failures import KnownFailures
from .results import CaseResult
from .runner import Engine, EngineUnavailable, SuiteRun, run_suite


@dataclass(slots=True)
class _Part:
    results: list[CaseResult]
    stopped: str | None
    not_run: list[Case]


def _work(spec: EngineSpec, cases: list[Case], known: KnownFailures | None) -> _Part:
    adapter = spec.build()
    try:
        run = run_suite(adapter, cases, known=known)
    except EngineUnavailable as e:
        return _Part([], f"the engine could not start in a worker: {e.fault.kind}: {e.fault.message}", cases)
    finally:
        adapter.close()
    return _Part(run.results, run.stopped, run.not_run)


def run_parallel(spec: EngineSpec, engine: Engine, cases: list[Case], workers: int,
                 known: KnownFailures | None = None) -> SuiteRun:
    import time

    started = time.perf_counter()
    parts = [cases[i::workers] for i in range(workers)]
    ctx = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        done = list(pool.map(_work, [spec] * workers, parts, [known] * workers))
    order = {c.id: i for i, c in enumerate(cases)}
    results = sorted((r for p in done for r in p.results), key=lambda r: order[r.case.id])
    stopped = next((p.stopped for p in done if p.stopped), None)
    not_run = [c for p in done for c in p.not_run]
    return SuiteRun(engine, results, time.perf_counter() - started, stopped, not_run)
