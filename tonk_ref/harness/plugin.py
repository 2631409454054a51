"""The Tonk conformance runner as a pytest plugin (the ``pytest11`` entry point ``tonk``).

It is loaded in every pytest session of every user who has the package installed, so
it does nothing unless asked.  Asking means one of:

- the ini option ``tonk_scenarios`` (or ``--tonk-scenarios DIR``) names directories:
  their ``*.yaml`` files are collected as scenario items, one per case, named by the
  case's stable id;
- a test requests the session fixtures ``tonk_adapter`` / ``tonk_caps`` (the Gherkin
  step definitions do), or carries an ``@id.<case-id>`` tag;
- a ``--tonk-*`` option is given.

Every case runs against one adapter per process (one engine process per xdist worker):
``--tonk-adapter=module:factory``, ``--tonk-adapter-cmd="..."`` (stdio), or by default
the reference engine in process.  Outcomes are kept apart: passed, failed (a wrong
answer), skipped (the engine did not declare an option value or feature the case
needs; the reason names it), errored (the engine or its adapter broke: the report
shows the last request, the answer and the tail of stderr; the engine is restarted
and the run goes on) and known (a failure listed with ``--tonk-known-failures``; a
listed case that passes is an error, a *stale known failure*).  Each item's case id
and rule IDs travel in ``report.user_properties``, so under pytest-xdist the
controller aggregates the same per-rule table and JSON report as a serial run.
See spec/scenarios.md, "Running an engine".
"""

from __future__ import annotations

import datetime as _dt
import importlib
import json
import shlex
import time
import traceback
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import pytest

from .. import __version__
from ..adapters.base import Adapter, AdapterFault
from ..engine.ruleset import DEFAULT, Ruleset
from .execute import Capabilities, Outcome, run_case
from .known_failures import KnownFailures, KnownFailuresError, load_known_failures
from .perft import PerftCase, PerftError
from .perft import check_adapter as check_perft
from .perft import load_table as load_perft_table
from .report import STATUSES, CaseRecord, build_report, terminal_lines
from .scenario import Case, ScenarioError, load_scenario, scenario_files

JSON = dict[str, Any]

_PRIORITY = {s: i for i, s in enumerate(("passed", "skipped", "known", "failed", "errored"))}


# ---------------------------------------------------------------------------- options
def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("tonk", "Tonk conformance suite (spec/scenarios.md)")
    group.addoption(
        "--tonk-adapter",
        default=None,
        metavar="MODULE:FACTORY",
        help="run the Tonk cases against the adapter this factory returns (default: the reference engine in process)",
    )
    group.addoption(
        "--tonk-adapter-cmd",
        default=None,
        metavar="CMD",
        help="run the Tonk cases against an engine process speaking the stdio protocol (spec/protocol.md)",
    )
    group.addoption(
        "--tonk-timeout",
        type=float,
        default=10.0,
        metavar="S",
        help="seconds an engine process may take to answer one request (default 10)",
    )
    group.addoption(
        "--tonk-validate",
        action="store_true",
        default=False,
        help="check every message both ways against the protocol schemas",
    )
    group.addoption(
        "--tonk-known-failures",
        default=None,
        metavar="FILE",
        help="a known-failures file (spec/known-failures.schema.json): cases accepted as failing",
    )
    group.addoption(
        "--tonk-rules",
        default=None,
        metavar="FILE",
        help="a table-rules file: run only the cases whose rulesets agree with it on every option the case sets",
    )
    group.addoption("--tonk-json", default=None, metavar="FILE", help="write the conformance report as JSON")
    group.addoption(
        "--tonk-scenarios",
        action="append",
        default=[],
        metavar="DIR",
        help="also collect the *.yaml scenarios of DIR (adds to the ini option tonk_scenarios)",
    )
    group.addoption(
        "--tonk-perft-depth",
        type=int,
        default=3,
        metavar="D",
        help="check engines that declare legal_actions against the perft tables to depth D (0: not at all; default 3)",
    )
    group.addoption(
        "--tonk-table",
        choices=("full", "problems", "off"),
        default="full",
        help="the per-rule table in the terminal summary: every rule (default), only rules with "
        "failures, errors or skips, or none",
    )
    parser.addini(
        "tonk_scenarios", "directories whose *.yaml files are collected as Tonk scenarios", type="paths", default=[]
    )


# ---------------------------------------------------------------------------- errors
class CaseFailed(Exception):
    """The engine answered, and the answer was wrong (a plain failure: no traceback)."""


class EngineFault(Exception):
    """The engine or its adapter broke while running a case (reported as an error)."""

    def __init__(self, kind: str, message: str, context: JSON) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message
        self.context = context

    @classmethod
    def from_outcome(cls, outcome: Outcome) -> EngineFault:
        kind, _, message = outcome.message.partition(": ")
        return cls(kind, message, dict(outcome.context))


def _show(value: object, limit: int = 2000) -> str:
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text) - limit} more characters)"


def fault_text(kind: str, message: str, context: JSON, where: str) -> str:
    """The error report of an engine fault: what broke, where, and what the wire saw."""
    lines = [f"engine fault ({kind}): {message}", f"case: {where}"]
    if "request" in context:
        lines.append(f"last request: {_show(context['request'])}")
    if "response" in context:
        lines.append(f"answer: {_show(context['response'])}")
    if context.get("traceback"):
        lines.append("traceback (last frames):")
        lines += [f"  | {line}" for line in str(context["traceback"]).rstrip().splitlines()]
    tail = context.get("stderr_tail")
    if tail:
        lines.append("stderr (last lines):")
        text = tail if isinstance(tail, str) else "\n".join(map(str, tail))
        lines += [f"  | {line}" for line in text.splitlines()[-20:]]
    lines.append("(the engine is restarted for the next case)")
    return "\n".join(lines)


# ---------------------------------------------------------------------------- per-item info
@dataclass(slots=True)
class ItemInfo:
    case_id: str
    kind: str  # "scenario" | "feature"
    source: str
    rules: list[str]


_ITEM = pytest.StashKey[ItemInfo]()
_SESSION = pytest.StashKey["TonkSession"]()


def _item_props(info: ItemInfo, options: JSON | None) -> list[tuple[str, object]]:
    props: list[tuple[str, object]] = [
        ("tonk_case", info.case_id),
        ("tonk_kind", info.kind),
        ("tonk_source", info.source),
        ("tonk_rules", " ".join(info.rules)),
    ]
    if options is not None:
        props.append(("tonk_options", json.dumps(options, sort_keys=True)))
    return props


def _set_prop(props: list[tuple[str, object]], key: str, value: object) -> None:
    props[:] = [(k, v) for k, v in props if k != key]
    props.append((key, value))


def _changes(ruleset: object) -> JSON:
    """The non-default option values of a protocol ruleset object."""
    if not isinstance(ruleset, dict):
        return {}
    default = DEFAULT.to_dict()
    return {k: v for k, v in ruleset.items() if k in default and default[k] != v}


def disagreement(options: JSON, table: Ruleset) -> str | None:
    """Why a case using ``options`` is outside the table rules, or None if it agrees with
    the table on every option it sets."""
    have = table.to_dict()
    bad = [
        f"{k}={json.dumps(v) if not isinstance(v, str) else v} (the table has "
        f"{json.dumps(have.get(k)) if not isinstance(have.get(k), str) else have.get(k)})"
        for k, v in sorted(options.items())
        if have.get(k) != v
    ]
    return "; ".join(bad) or None


# ---------------------------------------------------------------------------- the session
class RecordingAdapter:
    """The adapter the ``tonk_adapter`` fixture hands to step definitions: it forwards to
    the session's engine and notes the ruleset of every deal (for the profile verdicts
    and ``--tonk-rules``)."""

    def __init__(self, session: TonkSession) -> None:
        self._session = session

    @property
    def inner(self) -> Adapter:
        return self._session.adapter()

    def hello(self) -> JSON:
        return self.inner.hello()

    def new_hand(self, setup: JSON) -> JSON:
        self._session.note_setup(setup)
        return self.inner.new_hand(setup)

    def act(self, seat: int, action: JSON) -> JSON:
        return self.inner.act(seat, action)

    def state(self) -> JSON:
        return self.inner.state()

    def play(self, setup: JSON, actions: list[tuple[int, JSON]], trace: bool = False) -> JSON:
        self._session.note_setup(setup)
        return self.inner.play(setup, actions, trace=trace)

    def legal_actions(self) -> list[JSON]:
        return self.inner.legal_actions()

    def observe(self, seat: int) -> JSON:
        return self.inner.observe(seat)

    def call(self, method: str, params: JSON) -> Any:
        return self.inner.call(method, params)

    def close(self) -> None:  # the session closes the engine, not a test
        pass


@dataclass(slots=True)
class _Acc:
    """The reports of one item, folded into a record (on the controller)."""

    record: CaseRecord

    def add(self, report: pytest.TestReport, props: dict[str, Any]) -> None:
        r = self.record
        r.duration += report.duration
        if "tonk_options" in props:
            r.options = json.loads(str(props["tonk_options"]))
        status: str | None = None
        message = ""
        if report.failed:
            status = "failed" if report.when == "call" else "errored"
            # a Gherkin step's assertion: its message, not the traceback around it
            crash = getattr(report.longrepr, "reprcrash", None)
            message = str(crash.message) if crash is not None else report.longreprtext
            if "tonk_stale" in props:
                r.stale = True
        elif report.skipped:
            if hasattr(report, "wasxfail"):
                status = "known"
                message = "\n".join(x for x in (str(report.wasxfail), report.longreprtext) if x)
            else:
                status = "skipped"
                lr = report.longrepr
                message = str(lr[2]) if isinstance(lr, tuple) and len(lr) == 3 else report.longreprtext
                message = message.removeprefix("Skipped: ")
        elif report.when == "call":
            status = "passed"
        if status is not None and _PRIORITY[status] >= _PRIORITY.get(r.status, -1):
            r.status = status
            r.message = message


class TonkSession:
    """The plugin's state for one pytest process."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        opt = config.getoption
        self.adapter_spec: str | None = opt("tonk_adapter")
        self.adapter_cmd: str | None = opt("tonk_adapter_cmd")
        self.timeout: float = opt("tonk_timeout")
        self.validate: bool = opt("tonk_validate")
        self.json_path: str | None = opt("tonk_json")
        self.table_mode: str = opt("tonk_table")
        if self.adapter_spec and self.adapter_cmd:
            raise pytest.UsageError("give --tonk-adapter or --tonk-adapter-cmd, not both")
        if self.timeout <= 0:
            raise pytest.UsageError(f"--tonk-timeout must be a positive number of seconds, got {self.timeout}")
        self.factory: Callable[[], Adapter] | None = None
        if self.adapter_spec:
            self.factory = _load_factory(self.adapter_spec)
        dirs = [Path(p) for p in config.getini("tonk_scenarios")]
        dirs += [config.invocation_params.dir / p for p in opt("tonk_scenarios")]
        self.scenario_dirs = [d.resolve() for d in dirs]
        self.scenario_files: set[Path] | None = None
        self.known: KnownFailures | None = None
        if opt("tonk_known_failures"):
            try:
                self.known = load_known_failures(opt("tonk_known_failures"))
            except KnownFailuresError as e:
                raise pytest.UsageError(f"--tonk-known-failures: {e}") from None
        self.table: Ruleset | None = None
        self.table_path: str | None = opt("tonk_rules")
        if self.table_path:
            from .rulebook import RulebookError, load_ruleset_file

            try:
                self.table = load_ruleset_file(self.table_path)
            except RulebookError as e:
                raise pytest.UsageError(f"--tonk-rules: {e}") from None
        self.asked = bool(
            self.scenario_dirs
            or self.adapter_spec
            or self.adapter_cmd
            or self.json_path
            or self.known
            or self.table_path
        )
        self.is_worker = hasattr(config, "workerinput")
        # the engine (per process)
        self._adapter: Adapter | None = None
        self._caps: Capabilities | None = None
        self._hello: JSON | None = None
        self._engine_sent = False
        self.item_options: JSON | None = None
        # the controller's aggregation
        self.records: dict[str, _Acc] = {}
        self.collection_errors: list[JSON] = []
        self.engine_info: JSON | None = None
        self.workers: set[str] = set()
        self.started = time.monotonic()
        self.date = _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
        self.report: JSON | None = None

    # -- the engine ------------------------------------------------------------------
    def describe_adapter(self) -> str:
        if self.adapter_cmd:
            return f"stdio: {self.adapter_cmd}"
        if self.adapter_spec:
            return f"factory: {self.adapter_spec}"
        return "in process: tonk_ref.adapters.inprocess:reference"

    def adapter(self) -> Adapter:
        if self._adapter is None:
            try:
                self._adapter = self._make_adapter()
            except AdapterFault:
                raise
            except Exception as e:
                raise AdapterFault(
                    "adapter", f"cannot create the adapter ({self.describe_adapter()}): {type(e).__name__}: {e}"
                ) from e
        return self._adapter

    def _make_adapter(self) -> Adapter:
        if self.adapter_cmd:
            from ..adapters.stdio_client import StdioAdapter

            return cast(
                Adapter, StdioAdapter(shlex.split(self.adapter_cmd), timeout=self.timeout, validate=self.validate)
            )
        if self.factory is not None:
            return self.factory()
        from ..adapters.inprocess import reference

        return reference()

    def capabilities(self) -> Capabilities:
        """The engine's declarations (``hello``, once per process; retried after a fault)."""
        if self._caps is None:
            hello = self.adapter().hello()
            if not isinstance(hello, dict):
                raise AdapterFault("protocol", f"hello answered {hello!r}, not an object")
            self._hello = hello
            self._caps = Capabilities.from_hello(hello)
        return self._caps

    def note_setup(self, setup: object) -> None:
        options = _changes(setup.get("ruleset") if isinstance(setup, dict) else None)
        merged = dict(self.item_options or {})
        merged.update(options)
        self.item_options = merged
        if self.table is not None:
            why = disagreement(options, self.table)
            if why:
                pytest.skip(f"outside the table rules {self.table_path}: the case uses {why}")

    def engine_props(self) -> list[tuple[str, object]]:
        if self._engine_sent or self._hello is None:
            return []
        self._engine_sent = True
        h = self._hello
        info: JSON = {
            "name": str(h.get("name", "?")),
            "version": str(h.get("version", "?")),
            "protocol": h.get("protocol") if isinstance(h.get("protocol"), int) else None,
            "features": [f for f in h.get("features") or [] if isinstance(f, str)],
            "options": h.get("options") if isinstance(h.get("options"), dict) else {},
        }
        return [("tonk_engine", json.dumps(info, default=str))]

    def close(self) -> None:
        if self._adapter is not None:
            try:
                self._adapter.close()
            except Exception:  # an engine that fails to stop must not fail the session
                pass
            self._adapter = None

    # -- aggregation (controller) ----------------------------------------------------
    def add_report(self, report: pytest.TestReport) -> None:
        props = dict(report.user_properties)
        if "tonk_engine" in props and self.engine_info is None:
            self.engine_info = json.loads(str(props["tonk_engine"]))
        cid = props.get("tonk_case")
        if cid is None:
            return
        winput: JSON = getattr(getattr(report, "node", None), "workerinput", {})
        worker = winput.get("workerid")
        if worker:
            self.workers.add(str(worker))
        acc = self.records.get(report.nodeid)
        if acc is None:
            rules = [r for r in str(props.get("tonk_rules", "")).split() if r]
            acc = self.records[report.nodeid] = _Acc(
                CaseRecord(
                    id=str(cid),
                    nodeid=report.nodeid,
                    kind=str(props.get("tonk_kind", "scenario")),
                    source=str(props.get("tonk_source", report.nodeid)),
                    rules=rules,
                    options=None,
                    status="",
                )
            )
        acc.add(report, props)

    def build(self) -> JSON:
        if self.report is None:
            from .rulebook import rules_by_id

            records = [a.record for a in self.records.values() if a.record.status in STATUSES]
            try:
                order: list[str] = list(rules_by_id())
            except Exception:  # the order of the table is cosmetic
                order = []
            known = None
            if self.known is not None:
                known = {
                    "file": self.known.path,
                    "listed": len(self.known.reasons),
                    "unmatched": self.known.unmatched(r.id for r in records),
                }
            self.report = build_report(
                records,
                engine=self.engine_info,
                run={
                    "date": self.date,
                    "duration_s": round(time.monotonic() - self.started, 3),
                    "adapter": self.describe_adapter(),
                    "workers": max(1, len(self.workers)),
                    "timeout_s": self.timeout,
                    "validate": self.validate,
                    "table_rules": self.table_path,
                },
                suite={"version": __version__, "scenario_dirs": [_shown_path(d) for d in self.scenario_dirs]},
                rule_order=order,
                collection_errors=self.collection_errors,
                known_failures=known,
            )
        return self.report


def _load_factory(spec: str) -> Callable[[], Adapter]:
    module, sep, name = spec.partition(":")
    if not sep or not module or not name:
        raise pytest.UsageError(
            f"--tonk-adapter: expected MODULE:FACTORY, such as tonk_ref.adapters.inprocess:reference; got {spec!r}"
        )
    try:
        mod = importlib.import_module(module)
    except ImportError as e:
        raise pytest.UsageError(f"--tonk-adapter: cannot import {module!r}: {e}") from None
    factory = getattr(mod, name, None)
    if not callable(factory):
        raise pytest.UsageError(f"--tonk-adapter: {module!r} has no callable {name!r}")
    return cast(Callable[[], Adapter], factory)


def _session(config: pytest.Config) -> TonkSession:
    return config.stash[_SESSION]


# ---------------------------------------------------------------------------- hooks
def pytest_configure(config: pytest.Config) -> None:
    st = TonkSession(config)
    config.stash[_SESSION] = st
    if not st.is_worker:
        config.pluginmanager.register(_Controller(st), "tonk-controller")
    if st.asked:
        _register_markers(config)


def _register_markers(config: pytest.Config) -> None:
    """Rule IDs (``-m PAY-KNOCK-2``) and the features' ``@id.`` tags as markers."""
    try:
        from .steps import register_markers
    except ImportError:
        from .rulebook import rules_by_id

        for rid in rules_by_id():
            config.addinivalue_line("markers", f"{rid}: a Tonk case that checks rule {rid} (spec/rules.yaml)")
    else:
        register_markers(config)


def pytest_unconfigure(config: pytest.Config) -> None:
    st = config.stash.get(_SESSION, None)
    if st is not None:
        st.close()


def pytest_report_header(config: pytest.Config) -> list[str] | None:
    st = _session(config)
    if not st.asked:
        return None
    lines = [f"tonk: {st.describe_adapter()}"]
    if st.scenario_dirs:
        lines.append("tonk scenarios: " + ", ".join(str(d) for d in st.scenario_dirs))
    if st.known is not None:
        lines.append(f"tonk known failures: {st.known.path} ({len(st.known.reasons)} listed)")
    if st.table_path:
        lines.append(f"tonk table rules: {st.table_path}")
    return lines


def _is_scenario_file(st: TonkSession, path: Path) -> bool:
    """Whether ``path`` is one of the scenario files of a tonk_scenarios directory, by the
    loader's own rule (:func:`tonk_ref.harness.scenario.scenario_files`)."""
    if st.scenario_files is None:
        st.scenario_files = {f.resolve() for d in st.scenario_dirs if d.is_dir() for f in scenario_files(d)}
    return path.resolve() in st.scenario_files


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix == ".perft":
        st = _session(parent.config)
        inside = any(file_path.resolve().is_relative_to(d) for d in st.scenario_dirs)
        if inside and parent.config.getoption("tonk_perft_depth") > 0:
            return PerftFile.from_parent(parent, path=file_path)
        return None
    if file_path.suffix != ".yaml":
        return None
    st = _session(parent.config)
    if not st.scenario_dirs or not _is_scenario_file(st, file_path):
        return None
    return ScenarioFile.from_parent(parent, path=file_path)


# The rules a perft count checks: which actions are legal when (spec/tonk.md, TURN, SPREAD, HIT).
PERFT_RULES = ["TURN-2", "TURN-5", "SPREAD-1", "HIT-1"]


class PerftFile(pytest.File):
    """A table of perft counts (scenarios/perft/*.perft): one item an entry."""

    def collect(self) -> Iterator[pytest.Item]:
        try:
            entries = load_perft_table(self.path)
        except PerftError as e:
            raise self.CollectError(str(e)) from None
        for entry in entries:
            yield PerftItem.from_parent(self, name=f"perft-{entry.id}", entry=entry)


class PerftItem(pytest.Item):
    """An engine's legal actions, counted to a depth through its adapter, against the table."""

    def __init__(self, *, entry: PerftCase, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entry = entry
        self.options = entry.ruleset.changes()
        info = ItemInfo(self.name, "perft", f"{entry.source}:{entry.line}", list(PERFT_RULES))
        self.stash[_ITEM] = info
        self.user_properties.extend(_item_props(info, dict(self.options)))
        for rid in PERFT_RULES:
            self.add_marker(rid)

    def runtest(self) -> None:
        st = _session(self.config)
        caps = st.capabilities()
        missing = [f"{k}={v!r}" for k, v in self.options.items() if not caps.supports(k, v)]
        if missing:
            pytest.skip("option values not declared: " + ", ".join(missing))
        if "legal_actions" not in caps.features:
            pytest.skip("features not declared: legal_actions")
        depth = self.config.getoption("tonk_perft_depth")
        for _, mismatch in check_perft(st.adapter(), [self.entry], max_depth=depth):
            if mismatch is not None:
                raise CaseFailed(mismatch.describe())

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        exc = excinfo.value
        if isinstance(exc, CaseFailed):
            return str(exc)
        if isinstance(exc, AdapterFault):
            return fault_text(exc.kind, exc.message, exc.context, f"{self.name} ({self.entry.source})")
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.entry.line - 1, f"tonk perft {self.entry.id}"


class ScenarioFile(pytest.File):
    """One scenario YAML file: one case."""

    def collect(self) -> Iterator[pytest.Item]:
        from .rulebook import RulebookError

        try:
            case = load_scenario(self.path, root=self.config.rootpath)
        except (ScenarioError, RulebookError) as e:
            raise self.CollectError(str(e)) from None
        yield ScenarioItem.from_parent(self, name=case.id, case=case)


class ScenarioItem(pytest.Item):
    """One compiled case, run against the session's engine."""

    def __init__(self, *, case: Case, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        info = ItemInfo(case.id, "scenario", f"{case.source}:{case.line}", list(case.rules))
        self.stash[_ITEM] = info
        self.user_properties.extend(_item_props(info, dict(case.options)))
        for rid in case.rules:
            self.add_marker(rid)

    def runtest(self) -> None:
        st = _session(self.config)
        caps = st.capabilities()
        try:
            outcome = run_case(self.case, st.adapter(), caps)
        except Exception as e:
            # not a wrong answer: the adapter (or the harness) broke
            tb = traceback.format_exception(e)
            raise EngineFault("adapter", f"{type(e).__name__}: {e}", {"traceback": "".join(tb[-6:])}) from e
        if outcome.status == "skipped":
            pytest.skip(outcome.message)
        if outcome.status == "failed":
            raise CaseFailed(outcome.message)
        if outcome.status == "errored":
            raise EngineFault.from_outcome(outcome)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        exc = excinfo.value
        if isinstance(exc, CaseFailed):
            return f"{exc}\ncase {self.case.id}: {self.case.title}"
        if isinstance(exc, EngineFault | AdapterFault):
            where = f"{self.case.id} ({self.case.source}:{self.case.line})"
            return fault_text(exc.kind, exc.message, exc.context, where)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.case.line - 1, f"tonk case {self.case.id}"


def _feature_info(item: pytest.Item, rule_ids: Callable[[], set[str]]) -> ItemInfo | None:
    tagged = [m.name[3:] for m in item.iter_markers() if m.name.startswith("id.")]
    uses = {"tonk_adapter", "tonk_caps"} & set(getattr(item, "fixturenames", ()))
    if not tagged and not uses:
        return None
    known = rule_ids()
    rules = sorted({m.name for m in item.iter_markers() if m.name in known})
    base = tagged[0] if tagged else item.name.split("[", 1)[0]
    callspec = getattr(item, "callspec", None)
    case_id = f"{base}[{callspec.id}]" if callspec is not None and callspec.id else base
    source = item.nodeid
    try:
        from pytest_bdd.scenario import scenario_wrapper_template_registry

        obj = getattr(item, "obj", None)
        template = scenario_wrapper_template_registry.get(obj) if callable(obj) else None
        if template is not None:
            fname = Path(template.feature.filename)
            try:
                fname = fname.resolve().relative_to(item.config.rootpath)
            except ValueError:
                pass
            source = f"{fname}:{template.line_number}"
    except (ImportError, TypeError):
        pass
    return ItemInfo(case_id, "feature", source, rules)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    st = _session(config)
    ids: set[str] | None = None

    def rule_ids() -> set[str]:
        nonlocal ids
        if ids is None:
            from .rulebook import rules_by_id

            ids = set(rules_by_id())
        return ids

    for item in items:
        if _ITEM in item.stash:
            continue
        info = _feature_info(item, rule_ids)
        if info is not None:
            item.stash[_ITEM] = info
            item.user_properties.extend(_item_props(info, None))
    if st.table is not None:
        keep: list[pytest.Item] = []
        drop: list[pytest.Item] = []
        for item in items:
            outside = isinstance(item, ScenarioItem) and disagreement(dict(item.case.options), st.table)
            (drop if outside else keep).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep


def pytest_runtest_setup(item: pytest.Item) -> None:
    if _ITEM in item.stash:
        _session(item.config).item_options = None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    info = item.stash.get(_ITEM, None)
    if info is None:
        report: pytest.TestReport = yield
        return report
    st = _session(item.config)
    if info.kind == "feature" and st.item_options is not None:
        _set_prop(item.user_properties, "tonk_options", json.dumps(st.item_options, sort_keys=True))
    report = yield
    exc = call.excinfo.value if call.excinfo is not None else None
    if isinstance(exc, EngineFault | AdapterFault) and report.failed:
        # An engine fault is an error, not a failure: counted apart in the terminal
        # summary and in JUnit XML, which both tell errors by the phase.
        report.longrepr = fault_text(exc.kind, exc.message, exc.context, f"{info.case_id} ({info.source})")
        report.when = "setup"
        report.user_properties.append(("tonk_fault", exc.kind))
    if st.known is not None and call.when in ("setup", "call"):
        reason = st.known.reason_for(info.case_id)
        if reason is not None:
            if report.failed:
                report.outcome = "skipped"
                report.wasxfail = f"known failure: {reason}"
            elif report.passed and call.when == "call":
                report.outcome = "failed"
                report.when = "setup"
                report.longrepr = (
                    f"stale known failure: {info.case_id} ({info.source}) passes, but {st.known.path} lists it "
                    f"as failing ({reason}); remove it from the list"
                )
                report.user_properties.append(("tonk_stale", "1"))
    report.user_properties.extend(st.engine_props())
    return report


class _Controller:
    """The aggregation on the controller (or in a serial run): xdist workers forward
    their reports here; the totals are those of a serial run."""

    def __init__(self, st: TonkSession) -> None:
        self.st = st

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.st.add_report(report)

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed and (report.nodeid.endswith(".yaml") or "feature_suite" in report.nodeid):
            entry = {"nodeid": report.nodeid, "message": report.longreprtext}
            if entry not in self.st.collection_errors:
                self.st.collection_errors.append(entry)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        st = self.st
        if not st.records and not st.collection_errors:
            if st.json_path:
                Path(st.json_path).write_text(json.dumps(st.build(), indent=2) + "\n", encoding="utf-8")
            return
        report = st.build()
        if st.json_path:
            Path(st.json_path).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        st = self.st
        if not st.records and not st.collection_errors:
            return
        terminalreporter.section("tonk conformance")
        for line in terminal_lines(st.build(), table=st.table_mode):
            terminalreporter.write_line(line)


@pytest.fixture(scope="session")
def tonk_adapter(request: pytest.FixtureRequest) -> Adapter:
    """The engine under test (one per process), for step definitions."""
    return RecordingAdapter(_session(request.config))


@pytest.fixture(scope="session")
def tonk_caps(request: pytest.FixtureRequest) -> Capabilities:
    """What the engine under test declared in ``hello``."""
    return _session(request.config).capabilities()


def _shown_path(path: Path) -> str:
    """A path as a report shows it: relative to the suite's data or the working folder
    when it lies inside one of them, so a committed report names no machine's folders."""
    from ..paths import data_root

    for base in (data_root(), Path.cwd()):
        try:
            return str(path.resolve().relative_to(base.resolve()))
        except ValueError:
            continue
    return str(path)
