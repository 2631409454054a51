"""One run of the suite against one engine, built in one place.

``tonk check``, the pytest plugin, ``tonk replay`` and the mutation score all build their
run here: the engine (started and greeted), the table it plays under (:mod:`.table`: the
``--rules`` one or the engine's own), the suite (compiled, selected, each case placed at
the table by retargeting), the generated block of a table run, the known failures and the
workers.  The commands only parse their arguments and print what the session returns.

A :class:`Session` reads its input files when it is made (a bad ``--rules`` or
known-failures file is :class:`RunInputError`, before any engine is started), starts the
engine in :meth:`Session.start` (:class:`~.runner.EngineUnavailable` when it cannot be
used), and then :meth:`Session.prepare`, :meth:`Session.run` and :meth:`Session.report`.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..adapters.base import Adapter, WarmsUp
from ..adapters.factory import EngineSpec, EngineSpecError
from ..cache import Codec
from ..errors import TonkError
from ..rulebook.notation import value_text
from .capabilities import Need
from .case import Case
from .known_failures import KnownFailures
from .results import CaseResult, LoadError
from .runner import MAX_FAULTS_IN_A_ROW, Engine, SuiteRun
from .suite import PERFT_DEPTH
from .table.block import Block, Marks, exercise_from
from .table.coverage import Exercise, measured, measured_in_part
from .table.own import Table
from .table.retarget import Retargeted

JSON = dict[str, Any]


class RunInputError(TonkError):
    """An option or file of a run that cannot be used: one line naming the option."""


@dataclass(frozen=True, slots=True)
class Request:
    """What a run is asked for: the options of ``tonk check`` (and the plugin's ``--tonk-*``)."""

    scenario_dirs: tuple[Path, ...] | None = None
    features: bool = True
    perft_depth: int = PERFT_DEPTH
    keyword: str | None = None
    rules: str | None = None  # --rules: a preset or a file; None: the engine's own table, if any
    generated: int = 60
    seed: int = 1
    known_failures: str | None = None
    workers: int = 1
    stop_after_faults: int = MAX_FAULTS_IN_A_ROW


@dataclass(slots=True)
class Prepared:
    """The cases of a run, placed at its table; the ones that cannot exist there; the
    generated block; the files that failed to load."""

    cases: list[Case]
    cannot_exist: list[CaseResult] = field(default_factory=list)
    block: Block | None = None
    load_errors: list[LoadError] = field(default_factory=list)
    #: case id -> the rules and reasons it exercises at the table (measured on the reference)
    exercised: dict[str, Exercise] = field(default_factory=dict)


Progress = Callable[[int, int, CaseResult], None]


class Session:
    def __init__(self, spec: EngineSpec, request: Request, adapter: Adapter | None = None) -> None:
        from ..rulebook.book import RulebookError, load_table_rules
        from .known_failures import KnownFailuresError, load_known_failures
        from .table.own import named_table

        self.spec = spec
        self.request = request
        self.known: KnownFailures | None = None
        if request.known_failures:
            try:
                self.known = load_known_failures(request.known_failures)
            except KnownFailuresError as e:
                raise RunInputError(f"--known-failures: {e}") from None
        self.named: Table | None = None
        if request.rules:
            try:
                self.named = named_table(request.rules, load_table_rules(request.rules))
            except RulebookError as e:
                raise RunInputError(f"--rules: {e}") from None
        for d in request.scenario_dirs or ():
            if not d.is_dir():
                raise RunInputError(f"--scenarios: {d} is not a directory")
        self._adapter = adapter
        self._given = adapter is not None
        self._reference: Adapter | None = None
        self.engine: Engine | None = None
        self.table: Table | None = None
        self.suite_key = ""
        self._loaded: tuple[list[Case], list[LoadError]] | None = None
        self.suite_size = 0

    # -- the engine ------------------------------------------------------------------
    def start(self) -> Engine:
        """Start the engine and greet it (raises :class:`~.runner.EngineUnavailable`); the
        table follows from ``--rules`` or from what the engine declares."""
        from .table.own import own_table

        if self.engine is not None:
            return self.engine
        if self._adapter is None:
            try:
                self._adapter = self.spec.build()
            except EngineSpecError as e:
                raise RunInputError(str(e)) from None
        if isinstance(self._adapter, WarmsUp):
            self._adapter.warm_up()  # the engine starts while the caller goes on
        self.engine = Engine.greet(self._adapter)
        self.table = self.named if self.named is not None else own_table(self.engine.caps)
        return self.engine

    @property
    def adapter(self) -> Adapter:
        assert self._adapter is not None, "start() first"
        return self._adapter

    def reference(self) -> Adapter:
        """The reference engine, in process: what retargeting plays a case on."""
        if self._reference is None:
            from ..adapters.inprocess import reference

            self._reference = reference()
        return self._reference

    def close(self) -> None:
        if self._adapter is not None and not self._given:
            self._adapter.close()
        self._adapter = None if not self._given else self._adapter

    # -- the cases -------------------------------------------------------------------
    def place(self, case: Case) -> Retargeted:
        """``case`` at the run's table: as written where it plays there already, else
        retargeted (or why it cannot exist there)."""
        from .table.retarget import retarget

        if self.table is None:
            return Retargeted(case)
        rules = self.table.for_case(case.ruleset)
        if rules == case.ruleset:
            return Retargeted(case)
        return retarget(case, rules, self.reference())

    def load(self) -> tuple[list[Case], list[LoadError]]:
        """The suite compiled and selected (``-k``), once a session: a replay that asks for a
        case and then for the errors of the files reads and compiles them once."""
        if self._loaded is not None:
            return list(self._loaded[0]), list(self._loaded[1])
        from .select import SelectError, select
        from .suite import load_suite

        r = self.request
        suite = load_suite(list(r.scenario_dirs) if r.scenario_dirs else None, features=r.features,
                           perft_depth=r.perft_depth)
        self.suite_key = suite.key
        try:
            cases = select(suite.cases, r.keyword)
        except SelectError as e:
            raise RunInputError(str(e)) from None
        self.suite_size = len(suite.cases)
        self._loaded = (cases, list(suite.errors))
        return list(cases), list(suite.errors)

    def place_all(self, cases: list[Case]) -> tuple[list[Case], list[CaseResult], dict[str, Exercise]]:
        """Every case placed at the table (:meth:`place`): those that can be, with what each
        exercises there (measured on the reference), and those that cannot, skipped with
        why.  Kept in the case cache per suite, selection, table and declarations, since
        translating and measuring the whole suite costs seconds."""
        from ..cache import cached, digest

        table = self.table

        def build() -> Placed:
            kept: list[int] = []
            moved: list[Case] = []
            cannot: list[tuple[str, str, str]] = []
            placed: list[Case] = []
            for i, case in enumerate(cases):
                there = self.place(case)
                if there.case is None:
                    assert there.need is not None
                    cannot.append((case.id, there.need.name, there.need.detail))
                    continue
                if there.case is case:
                    kept.append(i)
                else:
                    kept.append(-1 - len(moved))
                    moved.append(there.case)
                placed.append(there.case)
            exercised: list[Marks] = []
            for c in placed:
                e = measured(c)
                exercised.append((sorted(e.rules), sorted(e.reasons), sorted(e.clauses), e.players))
            return kept, moved, cannot, exercised

        declared = sorted((k, repr(v)) for k, v in table.declared.items()) if table and table.source == "engine" else []
        rules = repr(sorted(table.rules.to_dict().items())) if table is not None else "as written"
        key = digest("placed", self.suite_key, self.request.keyword or "", rules, table.source if table else "",
                     repr(declared), ",".join(c.id for c in cases) if self.request.keyword else "")
        kept, moved, cannot, exercised = (cached(f"placed-{key}", build, codec=PLACED_CODEC) if self.suite_key
                                          else build())
        if any(i >= len(cases) for i in kept):  # not an entry for these cases
            kept, moved, cannot, exercised = build()
        # a case played as written is the one loaded; only those translated for the table are kept apart
        placed = [cases[i] if i >= 0 else moved[-1 - i] for i in kept]
        by_id = {c.id: c for c in cases}
        skipped = [CaseResult(by_id[cid], "skipped", needs=(Need("table", name, detail),))
                   for cid, name, detail in cannot if cid in by_id]
        return placed, skipped, {c.id: exercise_from(m) for c, m in zip(placed, exercised, strict=True)}

    def prepare(self) -> Prepared:
        """The run's cases: the suite at the table, and the generated block of a table run."""
        cases, errors = self.load()
        placed, cannot, exercised = self.place_all(cases)
        out = Prepared(placed, cannot, load_errors=errors, exercised=exercised)
        if not self.request.keyword and not self.request.scenario_dirs:  # the whole suite: the engine's own cases too
            from .engine_cases import engine_cases

            out.cases += engine_cases(self.start().caps, self.table.rules if self.table is not None else None)
        out.exercised.update((c.id, measured(c)) for c in out.cases if c.id not in out.exercised)
        if self.table is not None and self.request.generated:
            from .table.block import table_block

            engine = self.start()
            # what the engine can be checked on
            runnable = {c.id: out.exercised[c.id] for c in out.cases if not engine.missing(c)}
            out.block = table_block(self.table.rules, runnable, seed=self.request.seed, base=self.request.generated)
            out.cases += out.block.cases
            out.exercised.update(out.block.exercised)
        if self.request.keyword and not cases and not out.cases and self.suite_size:
            # a typo, not a run that checked nothing
            raise RunInputError(f"-k {self.request.keyword!r} matched no case (of {self.suite_size:,}: it reads "
                                "case ids, rule IDs and file names)")
        return out

    def coverage(self, prepared: Prepared, run: SuiteRun) -> JSON:
        """What the cases that ran exercised: at the table (or under the seed rules, for a
        run at none), and per profile the rules and reasons its option changes."""
        from ..engine.ruleset import DEFAULT
        from .table.coverage import measure, profile_coverage

        in_part = {r.id: measured_in_part(r.case, r.left_out.at) for r in run.results if r.left_out is not None}

        def pair(r: CaseResult) -> tuple[Case, Exercise]:
            return r.case, in_part.get(r.id) or prepared.exercised.get(r.id, Exercise())

        def rest(r: CaseResult) -> tuple[CaseResult, Exercise]:
            """A case run in part as one skipped for its steps left out, and what only they exercise."""
            whole, part = prepared.exercised.get(r.id, Exercise()), in_part[r.id]
            assert r.left_out is not None
            return (dataclasses.replace(r, needs=r.left_out.needs),
                    Exercise(whole.rules - part.rules, whole.reasons - part.reasons, whole.clauses - part.clauses,
                             whole.players))

        ran = [pair(r) for r in run.results if r.status != "skipped"]
        skipped = [(r, prepared.exercised.get(r.id, Exercise())) for r in run.results
                   if r.status == "skipped" and r.id in prepared.exercised]
        skipped += [rest(r) for r in run.results if r.id in in_part and r.id in prepared.exercised]
        if self.table is not None:
            return {"table": measure(self.table.rules, ran, skipped).to_json()}
        by_profile: dict[tuple[str, str], list[tuple[Case, Exercise]]] = {}
        values: dict[tuple[str, str], Any] = {}
        seed = []
        for c, e in ran:
            changes = c.options
            if not changes:
                seed.append((c, e))
            for k, v in changes.items():
                by_profile.setdefault((k, value_text(v)), []).append((c, e))
                values[(k, value_text(v))] = v
        out: JSON = {"seed": measure(DEFAULT, seed, skipped, cells=False).to_json(), "profiles": {}}
        for (key, text), cases in sorted(by_profile.items()):
            out["profiles"][f"{key}={text}"] = profile_coverage(key, values[(key, text)], cases).to_json()
        return out

    def case(self, case_id: str) -> Case | None:
        """One case of the run by id, placed at the table (a generated case, ``generated-S-N``
        or a perft entry of the table, made again from its seed); None where there is no
        such case.  Raises :class:`RunInputError` for a case that cannot exist at the table."""
        if self.table is not None:
            generated = _generated(case_id, self.table)
            if generated is not None:
                return generated
        if case_id.startswith("engine-"):
            from .engine_cases import engine_cases

            made = engine_cases(self.start().caps, self.table.rules if self.table is not None else None)
            return next((c for c in made if c.id == case_id), None)
        cases, _ = self.load()
        found = next((c for c in cases if c.id == case_id), None)
        if found is None:
            return None
        placed = self.place(found)
        if placed.case is None:
            raise RunInputError(f"{case_id}: {placed.need} at the table {self.table.label if self.table else ''}")
        return placed.case

    def case_ids(self) -> list[str]:
        cases, _ = self.load()
        return [c.id for c in cases]

    # -- the run ---------------------------------------------------------------------
    def run(self, prepared: Prepared, progress: Progress | None = None, *,
            stop_at_first_failure: bool = False) -> SuiteRun:
        """Run the prepared cases (on the workers the request asks for); the cases that
        cannot exist at the table are added as skipped.  A signal that ends the run returns
        the cases that ran, with :attr:`~.runner.SuiteRun.interrupted` naming the signal."""
        from ..adapters.lifetime import Interrupted
        from .runner import run_suite

        engine = self.start()
        cases = prepared.cases
        workers = min(self.request.workers, len(cases))
        try:
            if workers > 1 and not self._given:
                from .parallel import run_parallel

                self.close()
                run = run_parallel(self.spec, engine, cases, workers, self.known, progress)
            else:
                run = run_suite(self.adapter, cases, known=self.known, engine=engine,
                                stop_after_faults=self.request.stop_after_faults, progress=progress,
                                stop_at_first_failure=stop_at_first_failure)
        except Interrupted as e:
            if not isinstance(e.partial, SuiteRun):
                raise
            run = e.partial  # what ran before the signal: the caller reports it, marked partial
        run.results += prepared.cannot_exist
        return run

    def shrink_generated(self, run: SuiteRun, outdir: Path, limit: int = 3) -> list[str]:
        """The failing generated hands of a table run, each shrunk on a fresh engine to a
        scenario file in ``outdir`` (as tonk fuzz writes a difference): the lines that say
        where they are."""
        from .fuzz import ShrunkNotWritten, write_shrunk
        from .runner import Engine

        failed = [r for r in run.results if r.case.kind == "generated" and r.case.setup is not None
                  and r.case.actions and not r.case.deal_refused and r.status in ("failed", "errored")][:limit]
        if not failed:
            return []
        adapter = self.spec.build() if not self._given else self.adapter
        try:
            engine = Engine.greet(adapter)
            lines = []
            for r in failed:
                try:
                    small, _, path = write_shrunk(engine, r.case, r, outdir, f"table-{r.case.id}",
                                                  note=f"tonk check --rules, {r.case.source.split(':', 1)[1]}",
                                                  found_by="tonk check --rules")
                except ShrunkNotWritten as e:  # the run's reports are still written: the scenario is said here
                    lines.append(f"  {r.case.id} shrunk to {len(e.small.actions)} moves, not written: --found: {e}")
                    continue
                lines.append(f"  {r.case.id} shrunk to {len(small.actions)} moves: {path}")
                lines.append(f"    replay: {replay_found(f'table-{r.case.id}', outdir, self.spec)}")
            return lines
        finally:
            if not self._given:
                adapter.close()

    def table_json(self, prepared: Prepared, run: SuiteRun) -> JSON | None:
        """What the report says of the table: where it comes from, its options, the cases
        by origin, and the rules exercised."""
        from .table.block import REACH_SEED
        from .table.coverage import TARGET

        table = self.table
        if table is None:
            return None
        origins = Counter(r.case.origin for r in run.results if r.status != "skipped")
        out: JSON = {"rules": table.label, "source": table.source,
                     "preset": table.name if table.source == "engine" and table.name else None,
                     "choices": {k: list(v) for k, v in table.choices.items()},
                     "options": table.rules.changes(), "ran": dict(origins),
                     "cannot_exist": len(prepared.cannot_exist), "target": TARGET}
        block = prepared.block
        if block is not None:
            out["reach"] = {"sample": block.sample, "seed": REACH_SEED, "sampled": block.sampled}
        return out

    def report(self, prepared: Prepared, run: SuiteRun, *, suite_args: str = "") -> JSON:
        """The JSON report of the run (spec/scenarios.md, "Reports")."""
        from ..rulebook.reasons import rule_order
        from .report import build_report

        r = self.request
        whole = not (r.keyword or r.scenario_dirs)  # at a table too: every case is there, run or skipped
        known_json = None
        if self.known is not None:
            unmatched = self.known.unmatched(c.id for c in prepared.cases)
            known_json = {"file": self.known.path, "listed": len(self.known.reasons), "unmatched": unmatched,
                          "stale_entries": unmatched if whole else []}
        table = self.table
        return build_report(
            run, table=self.table_json(prepared, run), coverage=self.coverage(prepared, run),
            adapter=self.spec.describe(), load_errors=prepared.load_errors,
            engine_args=" ".join(a for a in (self.spec.args(), suite_args) if a),
            known=known_json, rule_order=rule_order(), workers=r.workers, timeout_s=self.spec.timeout,
            validate=self.spec.validate, table_rules=table.label if table is not None else None,
            selection=r.keyword,
        )

    def stale_known(self, prepared: Prepared) -> list[str]:
        """Known-failures entries that match no case of the whole suite (only a whole run
        can say; a table run holds every case, run or skipped, and its generated hands)."""
        r = self.request
        if self.known is None or r.keyword or r.scenario_dirs:
            return []
        return list(self.known.unmatched(c.id for c in prepared.cases))


def _generated(case_id: str, table: Table) -> Case | None:
    """A generated case of a run at ``table``, made again as the run made it: a seeded hand
    ``generated-S-N`` (``-REASON``, ``-patient``, ``-low``), a staged hand
    ``generated-staged-RULE-V``, a hand observed at the end (``...-observed``) or a perft
    entry ``perft-table-...``."""
    import re

    from .hands import seeded_hand
    from .table.block import generated_perft, observed, staged, staged_catch, staged_dead_end

    if case_id.endswith("-observed"):
        made = _generated(case_id.removesuffix("-observed"), table)
        return observed(made) if made is not None else None
    early = re.fullmatch(r"generated-staged-(turn-8|pay-caught-3)-([1-9])", case_id)
    if early is not None:
        stage = staged_dead_end if early.group(1) == "turn-8" else staged_catch
        return stage(table.rules, int(early.group(2)) - 1)
    if case_id.startswith("generated-staged-"):  # the staged hand of a clause at a seat count
        return next((c for c in staged(table.rules) if c.id == case_id), None)
    m = re.fullmatch(r"generated-(\d+)-(\d+)(?:-([a-z_]+))?(?:-([2-9])p)?", case_id)
    if m is not None and int(m.group(2)) >= 1:
        seed, game, tail = int(m.group(1)), int(m.group(2)) - 1, m.group(3)
        players = int(m.group(4)) if m.group(4) else None
        if tail in ("patient", "low"):
            return seeded_hand(table.rules, seed, game, style=tail, players=players)
        return seeded_hand(table.rules, seed, game, tail, players=players)
    if case_id.startswith("perft-table-seed"):
        return next((c for c in generated_perft(table.rules) if c.id == case_id), None)
    return None


#: The cases placed at a table: each as its place among the cases given when it is played as
#: written, else as ``-1 - k`` for the k-th of the cases translated for the table; those
#: translated; those that cannot exist there (id, why, detail); and what each placed case
#: exercises (rule IDs, reason codes, clauses, its seat count).
Placed = tuple[list[int], list[Case], list[tuple[str, str, str]], list[Marks]]


def _encode_placed(value: Placed) -> bytes:
    import msgspec

    from .case_codec import encode_cases

    kept, moved, cannot, exercised = value
    return msgspec.msgpack.encode((kept, encode_cases(moved), cannot, exercised))


def _decode_placed(data: bytes) -> Placed:
    import msgspec

    from .case_codec import decode_cases

    kept, raw, cannot, exercised = msgspec.msgpack.decode(
        data, type=tuple[list[int], bytes, list[tuple[str, str, str]], list[Marks]])
    moved, errors = decode_cases(raw)
    if errors or len(exercised) != len(kept) or any(not -len(moved) <= i for i in kept):
        raise ValueError("not the placed cases of a suite")
    return kept, moved, cannot, exercised


#: How the placed cases of a table are kept in the case cache.
PLACED_CODEC: Codec[Placed] = Codec("placed", 3, _encode_placed, _decode_placed)


def replay_found(case_id: str, outdir: Path, spec: EngineSpec) -> str:
    """The command that replays a scenario file a run wrote to ``outdir``, as printed."""
    import shlex

    return " ".join(x for x in ("tonk replay", shlex.quote(case_id), "--scenarios", shlex.quote(str(outdir)),
                                spec.args()) if x)


def suite_args(scenario_dirs: Sequence[Path] | None, perft_depth: int) -> str:
    """The options of a run that choose the suite, as ``tonk replay`` takes them (so the
    replay command finds a case where the run found it)."""
    import shlex

    out = [f"--scenarios {shlex.quote(str(d))}" for d in scenario_dirs or []]
    if perft_depth != PERFT_DEPTH:
        out.append(f"--perft-depth {perft_depth}")
    return " ".join(out)
