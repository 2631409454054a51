"""What a case that did not pass looked like at the table, for the reports that draw
cards (the HTML report): the case's script as written, and the deal and the table at its
failing step as the reference engine plays them.

The reference is reached through an adapter, like any engine: the harness never plays the
game itself.  A case the reference cannot deal (a setup the case expects to be refused)
has no scene; its script is still given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from ..adapters.base import AdapterFault, Rejected
from ..adapters.fields import state_fields
from ..adapters.inprocess import InProcessAdapter, reference
from .case import Act, Case, step_label
from .report_schema import report_schema
from .results import CaseResult

JSON = dict[str, Any]


@cache
def table_fields() -> tuple[str, ...]:
    """The fields of a protocol state a scene keeps (spec/protocol.md, "State"): the
    state's required fields that a report's table holds (spec/schemas/report.json,
    ``$defs/table``)."""
    held = report_schema()["$defs"]["table"]["properties"]
    return tuple(f for f in state_fields().required if f in held)


def script(case: Case) -> list[JSON]:
    """Each step of the case: how it is written, its kind, its line, and for an action
    the seat and the action in the project's notation (a written step that compiles to
    several actions, such as a Gherkin "plays" step, gives one row per action)."""
    out: list[JSON] = []
    for s in case.steps:
        row: JSON = {"text": step_label(s), "kind": s.kind, "line": s.line}
        if isinstance(s, Act):
            row["seat"] = s.seat
            row["action"] = s.notation
        out.append(row)
    return out


def failing_step(result: CaseResult) -> int | None:
    """The index of the first step that failed or that the engine broke on (None: the
    final result, or a fault outside the script)."""
    steps = [f.step for f in result.failures if f.step is not None and f.step >= 0]
    if steps:
        return min(steps)
    if result.fault is not None and result.fault.step:
        for i, s in enumerate(result.case.steps):
            if result.fault.step in (step_label(s), getattr(s, "notation", None)):
                return i
    return None


def _table(state: JSON) -> JSON:
    return {k: state[k] for k in table_fields() if k in state}


def scene(case: Case, upto: int | None, adapter: InProcessAdapter | None = None) -> JSON | None:
    """The deal, and the table before step ``upto`` (None: after the whole script), as
    the reference engine plays the case; None when the reference cannot deal it."""
    if case.setup is None or case.deal_refused:
        return None
    ref = adapter if adapter is not None else reference()
    try:
        ref.new_hand(case.setup)
        deal = _table(ref.state())
        played = 0
        for i, s in enumerate(case.steps):
            if upto is not None and i >= upto:
                break
            if not isinstance(s, Act):
                continue
            try:
                ref.act(s.seat, s.action)
                played += 1
            except Rejected:
                continue  # refused as the case may expect; the table is unchanged
            if ref.state().get("stage") == "over":
                break
        table = _table(ref.state())
    except (Rejected, AdapterFault):
        return None
    return {"deal": deal, "table": table, "before_step": upto, "actions_played": played}


def engine_table(result_json: JSON, checks: Mapping[str, Callable[[Any], bool]]) -> JSON | None:
    """The last state the engine itself reported in the case's transcript, if any: the
    fields of a table whose values have the report's types (an engine may send anything;
    a hand it hides is null), and none without the hands.  ``checks`` holds one check per
    field of a report's table (:func:`~.report.table_checks`)."""
    for x in reversed(result_json.get("transcript") or []):
        answer = x.get("answer")
        if not x.get("ok") or not isinstance(answer, dict):
            continue
        state = answer.get("state") if isinstance(answer.get("state"), dict) else answer
        if isinstance(state, dict) and "hands" in state:
            table = {k: v for k, v in _table(state).items() if checks[k](v)}
            return table if "hands" in table else None
    return None


def add_scenes(results: list[CaseResult], records: list[JSON], checks: Mapping[str, Callable[[Any], bool]]) -> None:
    """Give each record of a case that did not pass (failed, errored or known) its
    ``script`` and ``scene`` (``records[i]`` is ``results[i].to_json()``; ``checks``: see
    :func:`engine_table`)."""
    ref: InProcessAdapter | None = None
    for r, rec in zip(results, records, strict=True):
        if r.status not in ("failed", "errored", "known"):
            continue
        if ref is None:
            ref = reference()
            ref.hello()
        rec["script"] = script(r.case)
        at = failing_step(r)
        rec["failing_step"] = at
        sc = scene(r.case, at, ref)
        if sc is not None:
            engine = engine_table(rec, checks)
            if engine is not None:
                sc["engine_table"] = engine
        rec["scene"] = sc
