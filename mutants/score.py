"""Run the conformance suite against each mutant and score it.

Every mutant runs the whole suite (the YAML scenarios, the Gherkin features and the perft
entries, the cases ``tonk check`` runs) through the harness's one runner, in this process,
stopping at its first failing or erroring case: killed mutants are cheap, survivors run
every case.  The reference engine runs the suite first (the *baseline*): a suite the
reference fails would kill every mutant, so that is reported as an error, not a score.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from tonk_ref.adapters.factory import EngineSpec
from tonk_ref.adapters.inprocess import reference
from tonk_ref.errors import TonkError
from tonk_ref.harness.case import Case
from tonk_ref.harness.runner import EngineUnavailable
from tonk_ref.harness.session import Prepared, Request, Session

from .core import Mutant

GOAL = 0.95

Status = Literal["killed", "survived", "timeout", "error"]


@dataclass(slots=True)
class MutantResult:
    name: str
    rule: str
    description: str
    status: Status
    killed_by: str | None = None  # the id of the first case that failed
    message: str = ""  # the first lines of that failure (or of the error)
    seconds: float = 0.0
    cases_run: int | None = None

    @property
    def killed(self) -> bool:
        """Killed: a case failed or errored, or the run hung (as mutation tools count it)."""
        return self.status in ("killed", "timeout")


@dataclass(slots=True)
class Score:
    mode: str
    results: list[MutantResult]
    seconds: float
    baseline: str = ""
    goal: float = GOAL
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def killed(self) -> int:
        return sum(1 for r in self.results if r.killed)

    @property
    def total(self) -> int:
        return len(self.results)

    @property
    def score(self) -> float:
        return self.killed / self.total if self.total else 0.0

    @property
    def survivors(self) -> list[MutantResult]:
        return [r for r in self.results if not r.killed]

    @property
    def ok(self) -> bool:
        return self.total > 0 and self.score >= self.goal

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "goal": self.goal,
            "score": round(self.score, 4),
            "killed": self.killed,
            "total": self.total,
            "ok": self.ok,
            "seconds": round(self.seconds, 2),
            "baseline": self.baseline,
            "mutants": [{**asdict(r), "seconds": round(r.seconds, 2)} for r in self.results],
            "survivors": [r.name for r in self.survivors],
            **self.extra,
        }


class BaselineError(TonkError):
    """The reference engine itself fails the suite: no mutant can be scored."""


def _request(scenario_dirs: Sequence[Path] | None = None, features: bool = True) -> Request:
    return Request(scenario_dirs=tuple(scenario_dirs) if scenario_dirs else None, features=features,
                   stop_after_faults=1)


def load_cases(scenario_dirs: Sequence[Path] | None = None, features: bool = True) -> list[Case]:
    """The suite's cases (by default the packaged suite, as ``tonk check`` runs it)."""
    cases, errors = Session(EngineSpec(), _request(scenario_dirs, features)).load()
    if errors:
        raise BaselineError("the suite has load errors:\n" + "\n".join(e.message for e in errors[:10]))
    if not cases:
        raise BaselineError("the suite has no case to run")
    return cases


def run_until_killed(mutant: Mutant | None, cases: Sequence[Case]) -> MutantResult:
    """Run ``cases`` against the mutant (None: the reference), stopping at the first case
    that fails or errors (a crash of the engine is an error, so it kills too)."""
    name = mutant.name if mutant else "none"
    rule = mutant.rule if mutant else ""
    desc = mutant.description if mutant else "the reference engine"
    start = time.perf_counter()
    session = Session(EngineSpec(), _request(), adapter=mutant.adapter() if mutant else reference())
    try:
        run = session.run(Prepared(list(cases)), stop_at_first_failure=True)
    except EngineUnavailable as e:
        return MutantResult(name, rule, desc, "killed", None, f"hello fails: {e.fault.message}",
                            time.perf_counter() - start, 0)
    seconds = time.perf_counter() - start
    bad = next((r for r in run.results if r.status in ("failed", "errored")), None)
    if bad is not None:
        return MutantResult(name, rule, desc, "killed", bad.id, bad.message, seconds, len(run.results))
    return MutantResult(name, rule, desc, "survived", None, "", seconds, len(run.results))


def score(mutants: Sequence[Mutant], cases: Sequence[Case] | None = None,
          progress: Callable[[MutantResult], None] | None = None,
          scenario_dirs: Sequence[Path] | None = None, features: bool = True) -> Score:
    """Score ``mutants`` against ``cases`` (default: the whole suite)."""
    start = time.perf_counter()
    if cases is None:
        cases = load_cases(scenario_dirs, features)
    base = run_until_killed(None, cases)
    if base.status != "survived":
        raise BaselineError(f"the reference engine fails {base.killed_by}: {base.message}")
    results = []
    for m in mutants:
        r = run_until_killed(m, cases)
        results.append(r)
        if progress:
            progress(r)
    return Score("suite", results, time.perf_counter() - start,
                 f"the reference passes all {len(cases)} cases ({base.seconds:.1f}s)", extra={"cases": len(cases)})


# ============================================================================ output
def table(score: Score) -> list[str]:
    """The score as text: one row per mutant, then the score and the survivors."""
    rows = [("mutant", "rule", "outcome", "killed by", "time")]
    for r in score.results:
        rows.append((r.name, r.rule, r.status, r.killed_by or "-", f"{r.seconds:.1f}s"))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    out = []
    for k, row in enumerate(rows):
        out.append("  ".join(cell.ljust(widths[i]) if i < 4 else cell.rjust(widths[i])
                             for i, cell in enumerate(row)).rstrip())
        if k == 0:
            out.append("  ".join("-" * w for w in widths))
    out.append("")
    out.append(f"{score.baseline}")
    verdict = "PASS" if score.ok else "FAIL"
    out.append(f"mutation score: {score.killed}/{score.total} killed = {100 * score.score:.1f}% "
               f"(goal {100 * score.goal:.0f}%): {verdict}  [{score.mode}, {score.seconds:.1f}s]")
    survivors = score.survivors
    if survivors:
        out.append(f"survivors ({len(survivors)}):")
        for r in survivors:
            extra = f" [{r.status}: {r.message}]" if r.status == "error" else ""
            out.append(f"  {r.name} ({r.rule}): {r.description}{extra}")
    return out
