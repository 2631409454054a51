"""Run the conformance suite against each mutant of the catalog and score it.

Two ways to run:

- :func:`run_suite` (what ``tonk mutants`` does by default): for each mutant, the whole
  suite that ``tonk check`` runs (the scenario corpus and the Gherkin features) in a
  pytest subprocess with ``-x``, against ``tonk_ref.mutants.catalog:adapter`` with
  ``TONK_MUTANT`` set; several mutants in parallel.  A mutant is killed by its first
  failing or erroring case, so killed mutants are cheap; survivors run every case.
- :func:`run_corpus` (``tonk mutants --in-process``, and the project's tests): the
  compiled scenario corpus through :func:`tonk_ref.harness.runner.run_cases`' case
  runner, in this process, stopping at the first failure.  No Gherkin features.

Both first run the reference engine itself (the *baseline*): a suite the reference
fails would kill every mutant, so that is reported as an error instead of a score.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import hashlib
import importlib.util
import json
import os
import pickle
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from .. import __version__
from ..harness.execute import Capabilities, run_case
from ..harness.scenario import Case, parse_scenario
from ..paths import features_dir, scenarios_dir, spec_dir
from .catalog import CATALOG, ENV
from .core import Mutant, MutantAdapter

GOAL = 0.95
FEATURE_SUITE = "tonk_ref.harness.feature_suite"
FACTORY = "tonk_ref.mutants.catalog:adapter"

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


class BaselineError(Exception):
    """The reference engine itself fails the suite: no mutant can be scored."""


def select(names: Sequence[str] | None = None) -> list[Mutant]:
    """The mutants named (in catalog order), or all; KeyError names an unknown one."""
    if not names:
        return list(CATALOG.values())
    unknown = [n for n in names if n not in CATALOG]
    if unknown:
        raise KeyError(f"unknown mutant{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; "
                       f"known mutants: {', '.join(CATALOG)}")
    wanted = set(names)
    return [m for m in CATALOG.values() if m.name in wanted]


def _first_lines(text: str, n: int = 3) -> str:
    """The first lines of a failure; of a pytest traceback (a Gherkin step), its ``E``
    lines, which say what was wrong."""
    lines = text.strip().splitlines()
    errors = [line[1:].strip() for line in lines if line.startswith("E ")]
    return "\n".join((errors or lines)[:n])


# ============================================================================ in process
def _corpus_files(root: Path) -> list[Path]:
    from ..harness.scenario import scenario_files

    return scenario_files(root)


def _cache_key(files: Iterable[Path]) -> str:
    """The corpus's content and everything that compiles it."""
    h = hashlib.sha256(__version__.encode())
    harness = Path(__file__).resolve().parent.parent / "harness"
    inputs = [*sorted(files), *sorted(harness.glob("*.py")), *sorted(spec_dir().rglob("*.json")),
              *sorted(spec_dir().rglob("*.yaml"))]
    for f in inputs:
        h.update(str(f).encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:24]


def cache_dir() -> Path:
    return Path(os.environ.get("TONK_CACHE_DIR") or Path(tempfile.gettempdir()) / f"tonk-cache-{os.getuid()}")


def load_corpus(roots: Sequence[Path] | None = None, cache: bool = True) -> tuple[list[Case], list[str]]:
    """The compiled scenarios of ``roots`` (default: the corpus) and the load errors,
    cached on disk by content: loading and validating every file takes seconds,
    unpickling them a fraction of one."""
    from ..harness.scenario import ScenarioError, load_scenario

    files = [f for root in (roots or [scenarios_dir()]) for f in _corpus_files(Path(root))]
    path = cache_dir() / f"cases-{_cache_key(files)}.pickle"
    if cache and path.exists():
        try:
            with path.open("rb") as fh:
                cached: tuple[list[Case], list[str]] = pickle.load(fh)
            return cached
        except Exception:  # a stale or broken cache is rebuilt
            pass
    cases: list[Case] = []
    errors: list[str] = []
    for f in files:
        try:
            cases.append(load_scenario(f))
        except ScenarioError as e:
            errors.append(str(e))
    if cache:
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            with tmp.open("wb") as out:
                pickle.dump((cases, errors), out, protocol=pickle.HIGHEST_PROTOCOL)
            tmp.replace(path)
    return cases, errors


def run_cases_until_killed(mutant: Mutant | None, cases: Sequence[Case]) -> MutantResult:
    """Run ``cases`` against the mutant (None: the reference), stopping at the first
    case that fails or errors (or raises: a crash of the engine kills it too)."""
    adapter = MutantAdapter(mutant)
    name = mutant.name if mutant else "none"
    rule = mutant.rule if mutant else ""
    desc = mutant.description if mutant else "the reference engine"
    start = time.perf_counter()
    caps = Capabilities.from_hello(adapter.hello())
    for i, case in enumerate(cases, 1):
        try:
            outcome = run_case(case, adapter, caps)
        except Exception as e:  # the mutant crashed the engine
            return MutantResult(name, rule, desc, "killed", case.id, f"crash: {type(e).__name__}: {e}",
                                time.perf_counter() - start, i)
        if outcome.status in ("failed", "errored"):
            return MutantResult(name, rule, desc, "killed", case.id, _first_lines(outcome.message),
                                time.perf_counter() - start, i)
    return MutantResult(name, rule, desc, "survived", None, "", time.perf_counter() - start, len(cases))


def run_corpus(mutants: Sequence[Mutant], cases: Sequence[Case] | None = None,
               progress: Callable[[MutantResult], None] | None = None,
               scenario_dirs: Sequence[Path] | None = None) -> Score:
    """Score ``mutants`` against the compiled scenarios (``cases``, or those of
    ``scenario_dirs``, by default the corpus), in this process."""
    start = time.perf_counter()
    extra: dict[str, Any] = {}
    if cases is None:
        cases, errors = load_corpus(scenario_dirs)
        if errors:
            raise BaselineError("the scenario corpus has load errors:\n" + "\n".join(errors[:10]))
    base = run_cases_until_killed(None, cases)
    if not cases:
        raise BaselineError("no scenario to run")
    if base.status != "survived":
        raise BaselineError(f"the reference engine fails {base.killed_by}: {base.message}")
    results = []
    for m in mutants:
        r = run_cases_until_killed(m, cases)
        results.append(r)
        if progress:
            progress(r)
    extra["cases"] = len(cases)
    return Score("in-process", results, time.perf_counter() - start,
                 f"the reference passes all {len(cases)} scenarios ({base.seconds:.1f}s)", extra=extra)


def witness_case(mutant: Mutant) -> Case:
    return parse_scenario(mutant.witness, f"<witness of {mutant.name}>")


# ============================================================================ the whole suite
def feature_suite_file() -> str | None:
    """The binding module of the Gherkin features, if there are features."""
    if not any(features_dir().rglob("*.feature")):
        return None
    spec = importlib.util.find_spec(FEATURE_SUITE)
    return spec.origin if spec is not None and spec.origin else None


def pytest_command(workdir: Path, json_path: Path, features: bool = True,
                   scenario_dirs: Sequence[Path] | None = None) -> list[str]:
    """The command that runs the suite (as ``tonk check`` does) and stops at the first failure."""
    dirs = [Path(d).resolve() for d in (scenario_dirs or [scenarios_dir()])]
    paths = [str(d) for d in dirs]
    feature_file = feature_suite_file() if features else None
    if feature_file:
        paths.append(feature_file)
    ini = workdir / "pytest.ini"
    ini.write_text("[pytest]\n", encoding="utf-8")
    rootdir = os.path.commonpath([str(Path(p).parent if Path(p).is_file() else p) for p in paths])
    cmd = [
        sys.executable, "-m", "pytest", "-c", str(ini), "--rootdir", rootdir,
        "-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-x", "-q", "--no-header",
        "--tonk-json", str(json_path), "--tonk-table", "off", "--tonk-adapter", FACTORY,
        "-W", "ignore::pytest.PytestAssertRewriteWarning",
    ]
    for d in dirs:
        cmd += ["--tonk-scenarios", str(d)]
    if os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD"):
        cmd += ["-p", "tonk_ref.harness.plugin", "-p", "pytest_bdd.plugin"]
    return cmd + paths


def run_one_suite(mutant: Mutant | None, timeout: float, features: bool = True,
                  scenario_dirs: Sequence[Path] | None = None) -> MutantResult:
    """The whole suite against one mutant (None: the reference) in a subprocess."""
    name = mutant.name if mutant else "none"
    rule = mutant.rule if mutant else ""
    desc = mutant.description if mutant else "the reference engine"
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"tonk-mutant-{name}-") as tmp:
        json_path = Path(tmp) / "report.json"
        cmd = pytest_command(Path(tmp), json_path, features, scenario_dirs)
        env = {**os.environ, ENV: name}
        try:
            proc = subprocess.run(cmd, env=env, cwd=tmp, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return MutantResult(name, rule, desc, "timeout", None, f"the suite did not finish in {timeout:g}s",
                                time.perf_counter() - start)
        seconds = time.perf_counter() - start
        if not json_path.exists():
            tail = _first_lines("\n".join((proc.stdout + proc.stderr).strip().splitlines()[-6:]), 6)
            return MutantResult(name, rule, desc, "error", None,
                                f"pytest exited with status {proc.returncode} and wrote no report: {tail}", seconds)
        report = json.loads(json_path.read_text(encoding="utf-8"))
    cases = report.get("cases", [])
    ran = sum(1 for c in cases if c.get("status") != "skipped")
    bad = [c for c in cases if c.get("status") in ("failed", "errored")]
    collection = report.get("collection_errors") or []
    if bad:
        first = bad[0]
        return MutantResult(name, rule, desc, "killed", str(first.get("id")), _first_lines(str(first.get("message"))),
                            seconds, ran)
    if collection:
        return MutantResult(name, rule, desc, "error", None,
                            "collection error: " + _first_lines(str(collection[0].get("message")), 2), seconds, ran)
    if proc.returncode not in (0, 1) or not cases:
        return MutantResult(name, rule, desc, "error", None,
                            f"pytest exited with status {proc.returncode} after {len(cases)} cases", seconds, ran)
    return MutantResult(name, rule, desc, "survived", None, "", seconds, ran)


def run_suite(mutants: Sequence[Mutant], jobs: int | None = None, timeout: float = 900.0, features: bool = True,
              progress: Callable[[MutantResult], None] | None = None,
              scenario_dirs: Sequence[Path] | None = None) -> Score:
    """Score ``mutants`` against the whole suite (the scenarios of ``scenario_dirs``, by
    default the corpus, and the features), ``jobs`` subprocesses at a time."""
    start = time.perf_counter()
    base = run_one_suite(None, timeout, features, scenario_dirs)
    if base.status != "survived":
        why = f"{base.killed_by}: {base.message}" if base.killed_by else base.message
        raise BaselineError(f"the reference engine does not pass the suite ({base.status}): {why}")
    jobs = max(1, jobs or os.cpu_count() or 1)
    results: dict[str, MutantResult] = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(run_one_suite, m, timeout, features, scenario_dirs): m for m in mutants}
        for fut in concurrent.futures.as_completed(futures):
            r = fut.result()
            results[r.name] = r
            if progress:
                progress(r)
    ordered = [results[m.name] for m in mutants]
    return Score("suite", ordered, time.perf_counter() - start,
                 f"the reference passes the suite: {base.cases_run} cases ({base.seconds:.1f}s)",
                 extra={"jobs": jobs, "features": features, "baseline_cases": base.cases_run})


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
