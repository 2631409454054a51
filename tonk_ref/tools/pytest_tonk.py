"""The Tonk conformance suite under pytest: the plugin proper, which the ``pytest11`` entry
point (:mod:`.pytest_plugin`, where the ``--tonk-*`` options are declared) imports and
registers only once a Tonk option or a Tonk item is in play.

Every item runs one compiled case through the harness's runner
(:func:`~tonk_ref.harness.runner.run_case`), exactly as ``tonk check`` does: a YAML file is
one item, a perft entry one item, a Gherkin scenario (every Examples row) one item whose
steps pytest-bdd hands to the same step compiler.  Outcomes map onto pytest's: passed,
failed, skipped (what the engine did not declare), error (the engine broke) and xfailed (a
known failure); a failure or an error shows the case's detail, not a traceback.  An engine
that cannot be started ends the session at once (exit status 3).  Each item's typed result
travels in its report, so under pytest-xdist the controller adds up the same report as a
serial run (``--tonk-json``, the terminal summary).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..adapters.factory import EngineSpec, EngineSpecError
from ..errors import TonkError
from ..harness.case import Case
from ..harness.known_failures import KnownFailures
from ..harness.results import CaseResult
from ..paths import scenarios_dir

JSON = dict[str, Any]
ENGINE_EXIT = 3


# ---------------------------------------------------------------------------- the session
class TonkSession:
    """The plugin's state for one pytest process: the run's :class:`~.session.Session` (one
    engine per process, the table, the known failures) and, on the controller, every item's
    result."""

    def __init__(self, config: pytest.Config) -> None:
        from ..harness.session import Request, RunInputError, Session

        opt = config.getoption
        self.config = config
        try:
            self.spec = EngineSpec(cmd=opt("tonk_adapter_cmd"), factory=opt("tonk_adapter"),
                                   timeout=opt("tonk_timeout"), validate=opt("tonk_validate"))
        except EngineSpecError as e:
            raise pytest.UsageError(f"--tonk-adapter/--tonk-adapter-cmd: {e}") from None
        dirs = [Path(p) for p in config.getini("tonk_scenarios")]
        dirs += [config.invocation_params.dir / p for p in opt("tonk_scenarios")]
        self.scenario_dirs = [d.resolve() for d in dirs]
        packaged = scenarios_dir().resolve()
        #: the packaged scenarios folder, when no path was given (the entry module added it)
        self.packaged = packaged if (config.args_source is pytest.Config.ArgsSource.INVOCATION_DIR
                                     and self.scenario_dirs == [packaged]) else None
        self.perft_depth: int = opt("tonk_perft_depth")
        self.json_path: str | None = opt("tonk_json")
        self.table_mode: str = opt("tonk_table")
        self.table_path: str | None = opt("tonk_rules")
        try:
            self.session = Session(self.spec, Request(rules=self.table_path, known_failures=opt("tonk_known_failures"),
                                                      perft_depth=self.perft_depth, generated=0))
        except RunInputError as e:
            raise pytest.UsageError(str(e).replace("--", "--tonk-", 1)) from None
        self.known: KnownFailures | None = self.session.known
        self.asked = bool(self.scenario_dirs or opt("tonk_adapter") or opt("tonk_adapter_cmd") or self.json_path
                          or self.known or self.table_path)
        self._files: set[Path] | None = None
        #: the files already collected (the entry module may hand over the first one)
        self.collected: set[Path] = set()
        self.results: dict[str, JSON] = {}
        self.engine_json: JSON | None = None
        self.workers: set[str] = set()
        self.started = time.monotonic()

    def scenario_files(self) -> set[Path]:
        """The scenario files of the tonk_scenarios folders (listed once)."""
        if self._files is None:
            from ..harness.files import scenario_files

            self._files = {f.resolve() for d in self.scenario_dirs if d.is_dir() for f in scenario_files(d)}
        return self._files

    @property
    def _engine(self) -> Any:
        return self.session.engine

    def engine(self) -> Any:
        """The engine of this process, greeted once; an engine that cannot be used ends the
        session with one message."""
        if self.session.engine is None:
            from ..harness.runner import EngineUnavailable

            try:
                self.session.start()
            except EngineUnavailable as e:
                f = e.fault
                tail = [x for x in f.stderr_tail.splitlines() if x.strip()][-3:]
                pytest.exit(f"the engine could not be used ({self.spec.describe()}): {f.kind}: {f.message}"
                            + "".join(f"\n  | {x}" for x in tail), returncode=ENGINE_EXIT)
        return self.session.engine

    def under_table(self, case: Case) -> Case:
        """The case at the run's table (``--tonk-rules``, or the engine's own): retargeted
        where it must be; a case that cannot exist there is skipped, saying why."""
        self.engine()
        moved = self.session.place(case)
        if moved.case is None:
            assert moved.need is not None
            pytest.skip(str(moved.need))
        return moved.case

    def run(self, case: Case) -> CaseResult:
        from ..adapters.base import EngineChanged
        from ..harness.runner import apply_known, run_case

        try:
            result = run_case(self.under_table(case), self.engine())
        except EngineChanged as e:  # what ran and what would run are not of one engine
            pytest.exit(f"{e} ({self.spec.describe()})", returncode=ENGINE_EXIT)
        if self.known is not None:
            apply_known(result, self.known)
        return result

    def close(self) -> None:
        self.session.close()


_SESSION = pytest.StashKey[TonkSession]()
_RESULT = pytest.StashKey[CaseResult]()


def _session(config: pytest.Config) -> TonkSession:
    return config.stash[_SESSION]


class CaseFailed(TonkError):
    """The engine answered, and an answer was wrong."""


class EngineBroke(TonkError):
    """The engine or its adapter broke while running a case (reported as an error)."""


def outcome(result: CaseResult, session: TonkSession) -> None:
    """Turn a case's result into pytest's outcome (raising, except for a pass)."""
    from ..harness.session import suite_args
    from ..views.render import case_detail

    def detail() -> str:  # its replay hint runs as printed: the scenarios, the depth and the table of the run
        chosen = suite_args(session.scenario_dirs, session.perft_depth)
        report = {"run": {"engine_args": " ".join(a for a in (session.spec.args(), chosen) if a)},
                  "table": {"rules": session.table_path} if session.table_path else None}
        return "\n".join(case_detail(report, result.to_json(), transcript=12))

    if result.status == "skipped":
        pytest.skip(result.message)
    if result.status == "known":
        pytest.xfail(f"known failure: {result.known}")
    if result.status == "failed":
        raise CaseFailed(detail())
    if result.status == "errored":
        raise EngineBroke(detail())


# ---------------------------------------------------------------------------- hooks
def pytest_configure(config: pytest.Config) -> None:
    st = TonkSession(config)
    config.stash[_SESSION] = st
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(_Controller(st), "tonk-controller")
    if st.asked:
        from ..harness.markers import register_markers

        register_markers(config)


def pytest_unconfigure(config: pytest.Config) -> None:
    st = config.stash.get(_SESSION, None)
    if st is not None:
        st.close()


def pytest_report_header(config: pytest.Config) -> list[str] | None:
    st = _session(config)
    if not st.asked:
        return None
    lines = [f"tonk: {st.spec.describe()}"]
    if st.packaged is not None:
        lines.append(f"tonk scenarios: the packaged suite, no path given ({st.packaged.parent})")
    elif st.scenario_dirs:
        lines.append("tonk scenarios: " + ", ".join(str(d) for d in st.scenario_dirs))
    if st.known is not None:
        lines.append(f"tonk known failures: {st.known.path} ({len(st.known.reasons)} listed)")
    if st.table_path:
        lines.append(f"tonk table rules: {st.table_path}")
    return lines


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix not in (".yaml", ".perft"):
        return None
    st = _session(parent.config)
    resolved = file_path.resolve()
    inside = [d for d in st.scenario_dirs if resolved.is_relative_to(d)]
    if not inside or resolved in st.collected:
        return None
    st.collected.add(resolved)
    if file_path.suffix == ".perft":
        if st.perft_depth > 0 and resolved.parent.name == "perft":
            return CaseFile.from_parent(parent, path=file_path)
        return None
    if resolved in st.scenario_files():
        return CaseFile.from_parent(parent, path=file_path)
    return None


class CaseFile(pytest.File):
    """A scenario file (one case) or a perft table (a case per entry)."""

    def collect(self) -> Iterator[pytest.Item]:
        from ..harness.gherkin import shown_path
        from ..harness.perft import PerftError, load_table, to_case
        from ..harness.scenario import ScenarioError, load_scenario
        from ..rulebook.book import RulebookError

        st = _session(self.config)
        try:
            if self.path.suffix == ".perft":
                cases = [to_case(e, st.perft_depth, shown_path(self.path)) for e in load_table(self.path)]
            else:
                cases = [load_scenario(self.path, root=self.config.rootpath)]
        except (ScenarioError, PerftError, RulebookError) as e:
            raise self.CollectError(str(e)) from None
        for case in cases:
            yield CaseItem.from_parent(self, name=case.id, case=case)


class CaseItem(pytest.Item):
    """One compiled case, run against the session's engine."""

    def __init__(self, *, case: Case, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        for rid in case.rules:
            self.add_marker(rid)

    def runtest(self) -> None:
        st = _session(self.config)
        result = st.run(self.case)
        self.stash[_RESULT] = result
        outcome(result, st)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, CaseFailed | EngineBroke):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.case.line - 1, f"tonk case {self.case.id}"


@pytest.hookimpl(optionalhook=True)
def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    """A Gherkin scenario (pytest-bdd ran its steps, which compile nothing): compile its
    steps with the step compiler and run the case, as ``tonk check`` does."""
    from ..harness.feature_suite import case_of

    item = request.node
    if not getattr(item.module, "TONK_FEATURES", False) or _RESULT in item.stash:
        return
    st = _session(request.config)
    case = case_of(item, feature, scenario)
    result = st.run(case)
    item.stash[_RESULT] = result
    outcome(result, st)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Any:
    report: pytest.TestReport = yield
    result = item.stash.get(_RESULT, None)
    if call.excinfo is not None and isinstance(call.excinfo.value, CaseFailed | EngineBroke):
        # the case's detail, as the YAML items print it: no traceback of pytest's own hooks
        # (a Gherkin item fails inside pytest-bdd's hook, after its steps)
        report.longrepr = str(call.excinfo.value)
    if result is not None and call.when == "call" and result.status == "errored" and report.failed:
        # An engine fault (or a stale known failure) is an error, not a failure: pytest, its
        # summary and JUnit XML tell the two apart by the phase.
        report.when = "setup"
    if result is not None and call.when == "call":
        report.user_properties.append(("tonk_result", json.dumps(result.to_json())))
        st = _session(item.config)
        if st._engine is not None:
            report.user_properties.append(("tonk_engine", json.dumps(st._engine.caps.to_json())))
        if result.status == "errored":
            report.user_properties.append(("tonk_error", "1"))
    return report


class _Controller:
    """The controller's side (or a serial run's): every item's result, the report at the end."""

    def __init__(self, st: TonkSession) -> None:
        self.st = st
        self.results: dict[str, JSON] = {}
        self.engine: JSON | None = None
        self.on_stdout: str | None = None

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        if self.on_stdout is not None:
            sys.stdout.write(self.on_stdout)
            sys.stdout.flush()
            self.on_stdout = None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        props = dict(report.user_properties)
        if "tonk_result" in props:
            self.results[report.nodeid] = json.loads(str(props["tonk_result"]))
        if "tonk_engine" in props:
            self.engine = json.loads(str(props["tonk_engine"]))

    def report(self) -> JSON | None:
        if not self.results:
            return None
        from ..harness.report import assemble
        from ..rulebook.reasons import rule_order

        st = self.st
        engine = self.engine or {"name": "?", "version": "?", "protocol": 1, "options": {}, "features": []}
        return assemble(list(self.results.values()), engine=engine, adapter=st.spec.describe(),
                        engine_args=st.spec.args(), duration_s=time.monotonic() - st.started,
                        rule_order=rule_order(), timeout_s=st.spec.timeout, validate=st.spec.validate,
                        table_rules=st.table_path)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        report = self.report()
        if self.st.json_path and report is not None:
            from ..atomic import OutputError, write_text
            from ..harness.report import report_text

            if self.st.json_path == "-":  # the standard output, after pytest's own lines (at the end)
                self.on_stdout = report_text(report)
                return
            try:
                write_text(self.st.json_path, report_text(report))  # whole, or the old report kept
            except OutputError as e:
                print(f"tonk: error: --tonk-json: {e}", file=sys.stderr)
                session.exitstatus = pytest.ExitCode.INTERNAL_ERROR

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        report = self.report()
        if report is None:
            return
        from ..views.render import console_lines

        terminalreporter.section("tonk conformance")
        for line in console_lines(report, table=self.st.table_mode):
            terminalreporter.write_line(line)


def engine_of(config: pytest.Config) -> Any:
    """The engine under test (one per process): :class:`~tonk_ref.harness.runner.Engine`."""
    return _session(config).engine()
