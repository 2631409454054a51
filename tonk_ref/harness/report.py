"""The conformance report: one JSON document built from a run's typed results
(:class:`~.runner.SuiteRun`), from which every other form is rendered (the console,
Markdown, JUnit XML and the HTML page in :mod:`tonk_ref.views`, the badge here).  Its format is
spec/scenarios.md, "Reports"; its JSON Schema is :data:`REPORT_SCHEMA`.

What it adds up:

- counts per status, and what was checked: how many comparisons, and which expectations
  could not be checked for want of a feature (``payments``, ``reasons``) or because an
  optional field was not sent;
- failures grouped by cause (a reason code, or the first differing field), largest group
  first;
- skips grouped by what the engine would declare to run them, with the gain of each;
- one verdict per conformance profile (the seed rules, and each non-default option value),
  saying how many of its cases ran;
- per rule ID, the counts of the cases that cite it.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .. import __version__
from ..spec.notation import value_text
from .capabilities import Need
from .results import STATUSES, LoadError
from .runner import SuiteRun

JSON = dict[str, Any]

REPORT_FORMAT = "tonk-conformance-report"
REPORT_FORMAT_VERSION = 2


def option_label(name: str, value: object) -> str:
    """``knock_tie=knocker_wins``; non-strings as JSON (``upcard=false``, ``knock_limit=null``)."""
    return f"{name}={value_text(value)}"


def _counts(results: Iterable[JSON]) -> dict[str, int]:
    out: dict[str, int] = dict.fromkeys(STATUSES, 0)
    for r in results:
        out[r["status"]] += 1
    return out


def _verdict(c: Mapping[str, int]) -> str:
    """``fail`` if a case failed or errored; ``known`` if only known failures kept it from
    passing; ``skipped`` if none ran; else ``pass``."""
    if c["failed"] or c["errored"]:
        return "fail"
    if c["known"]:
        return "known"
    if c["passed"] == 0:
        return "skipped"
    return "pass"


def ran(c: Mapping[str, int]) -> int:
    return c["passed"] + c["failed"] + c["errored"] + c["known"]


def profiles(results: Sequence[JSON]) -> list[JSON]:
    """The seed profile first (the cases that change no option), then one per non-default
    option value (the cases that play it), sorted."""
    groups: dict[str, list[JSON]] = {"seed": []}
    keys: dict[str, tuple[str | None, Any]] = {"seed": (None, None)}
    for r in results:
        opts = r["options"]
        if not opts:
            groups["seed"].append(r)
        for k, v in opts.items():
            label = option_label(k, v)
            groups.setdefault(label, []).append(r)
            keys[label] = (k, v)
    out = []
    for name in ["seed", *sorted(k for k in groups if k != "seed")]:
        c = _counts(groups[name])
        option, value = keys[name]
        origins = Counter(r.get("origin", "written") for r in groups[name] if r["status"] != "skipped")
        out.append({"name": name, "option": option, "value": value, "cases": len(groups[name]), "ran": ran(c),
                    "counts": c, "verdict": _verdict(c), "origins": dict(sorted(origins.items()))})
    return out


def per_rule(results: Iterable[JSON], order: Iterable[str] = ()) -> dict[str, JSON]:
    """Per rule ID, the cases that name it by outcome.  A generated case names every rule
    the reference cites playing it; one that did not pass counts against the rule of its
    first failure only (the rest of the hand says nothing about the others)."""
    table: dict[str, JSON] = {}
    for r in results:
        rids = r["rules"]
        if r.get("kind") == "generated" and r["status"] in ("failed", "known") and r["failures"]:
            rids = [f["rule"] for f in r["failures"][:1] if f.get("rule")]
        for rid in rids:
            row = table.setdefault(rid, {**dict.fromkeys(STATUSES, 0), "not_checked": 0})
            row[r["status"]] += 1
            row["not_checked"] += len(r["unchecked"])
    rank = {rid: i for i, rid in enumerate(order)}
    return dict(sorted(table.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])))


def failure_groups(results: Iterable[JSON]) -> list[JSON]:
    """Failed and errored cases grouped by cause (the kind of the first failing step and
    what differed there), largest group first; each with the rules its first failures
    name, most named first (``rule``: the first of them), and the ids of its cases."""
    groups: dict[tuple[str, str], list[JSON]] = defaultdict(list)
    for r in results:
        if r["status"] in ("failed", "errored"):
            groups[(r["status"], r["cause"])].append(r)
    out: list[JSON] = []
    for (status, cause), members in groups.items():
        rules = Counter(r["failures"][0]["rule"] for r in members if r["failures"] and r["failures"][0]["rule"])
        ranked = [rule for rule, _ in rules.most_common()]
        out.append({"cause": cause, "status": status, "rule": ranked[0] if ranked else None, "rules": ranked,
                    "count": len(members), "cases": [r["id"] for r in members]})
    out.sort(key=lambda g: (-g["count"], g["status"], g["cause"]))
    return out


def _need_text(n: JSON) -> str:
    return Need(n["kind"], n["name"]).key


def skip_summary(results: Iterable[JSON]) -> list[JSON]:
    """Skipped cases by what they need.  ``gain``: the cases that would run if the engine
    declared this alone; ``cases``: every case that needs it."""
    needing: dict[str, list[JSON]] = defaultdict(list)
    alone: Counter[str] = Counter()
    kinds: dict[str, JSON] = {}
    for r in results:
        if r["status"] != "skipped":
            continue
        for n in r["needs"]:
            key = _need_text(n)
            needing[key].append(r)
            kinds[key] = {"kind": n["kind"], "name": n["name"], "declare": Need(n["kind"], n["name"]).declare}
        if len(r["needs"]) == 1:
            alone[_need_text(r["needs"][0])] += 1
    out = [{"need": k, **kinds[k], "cases": len(v), "gain": alone[k], "ids": [r["id"] for r in v]}
           for k, v in needing.items()]
    out.sort(key=lambda s: (-int(s["gain"]), -int(s["cases"]), str(s["need"])))
    return out


def not_checked(results: Iterable[JSON]) -> JSON:
    """What ran but could not be checked, by cause: ``payments`` and ``reasons`` (features
    not declared), ``optional`` (fields the engine left out); each with the number of
    expectations and of cases, and the fields."""
    out: dict[str, JSON] = {}
    for r in results:
        seen: set[str] = set()
        for u in r["unchecked"]:
            row = out.setdefault(u["why"], {"expectations": 0, "cases": 0, "fields": Counter()})
            row["expectations"] += 1
            row["fields"][_field_kind(u["field"])] += 1
            if u["why"] not in seen:
                row["cases"] += 1
                seen.add(u["why"])
    return {k: {**v, "fields": dict(v["fields"].most_common())} for k, v in sorted(out.items())}


def _field_kind(field: str) -> str:
    return ".".join(p.split("[", 1)[0] for p in field.split("."))


def build_report(run: SuiteRun, *, load_errors: Sequence[LoadError] = (), **meta: Any) -> JSON:
    """The report of a run of :func:`~.runner.run_suite` (``meta``: see :func:`assemble`)."""
    from .scene import add_scenes

    records = [r.to_json() for r in run.results]
    add_scenes(run.results, records)
    return assemble(
        records,
        engine={**run.engine.caps.to_json(), "unplayed_defaults": run.engine.caps.unplayed_defaults()},
        duration_s=run.duration,
        stopped=run.stopped,
        not_run=[c.id for c in run.not_run],
        load_errors=[e.to_json() for e in load_errors],
        ok=run.ok,
        **meta,
    )


def assemble(
    cases: list[JSON],
    *,
    engine: JSON,
    adapter: str,
    duration_s: float,
    engine_args: str = "",
    stopped: str | None = None,
    not_run: Sequence[str] = (),
    load_errors: Sequence[JSON] = (),
    known: JSON | None = None,
    rule_order: Iterable[str] = (),
    workers: int = 1,
    timeout_s: float | None = None,
    validate: bool = False,
    table_rules: str | None = None,
    selection: str | None = None,
    ok: bool = True,
    table: JSON | None = None,
    coverage: JSON | None = None,
) -> JSON:
    """The report from the JSON of every case's result (``CaseResult.to_json``)."""
    results = sorted(cases, key=lambda r: (r["kind"], r["id"]))
    c = _counts(results)
    ok = ok and stopped is None and not c["failed"] and not c["errored"]
    return {
        "format": REPORT_FORMAT,
        "format_version": REPORT_FORMAT_VERSION,
        "engine": engine,
        "run": {
            "date": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
            "duration_s": round(duration_s, 3),
            "adapter": adapter,
            "engine_args": engine_args,
            "workers": workers,
            "timeout_s": timeout_s,
            "validate": validate,
            "table_rules": table_rules,
            "selection": selection,
            "stopped": stopped,
        },
        "suite": {"version": __version__},
        "counts": {**c, "total": len(results), "ran": ran(c), "not_run": len(not_run),
                   "load_errors": len(load_errors)},
        "checks": {"checked": sum(r["checked"] for r in results), "not_checked": not_checked(results)},
        "ok": ok and not load_errors and not (known or {}).get("stale_entries"),
        "profiles": profiles(results),
        "rules": per_rule(results, rule_order),
        "groups": failure_groups(results),
        "skips": skip_summary(results),
        "cases": results,
        "not_run": list(not_run),
        "load_errors": list(load_errors),
        "known_failures": known,
        "table": table,
        "coverage": coverage,
    }


# ---------------------------------------------------------------------------- the badge
def percent_passing(c: Mapping[str, int]) -> int | None:
    """Passed cases as a share of the cases that ran (skipped ones excluded), rounded
    down so that any failure keeps the figure below 100; None if nothing ran."""
    n = ran(c)
    if not n:
        return None
    return math.floor(100 * c["passed"] / n)


def badge_color(pct: int | None) -> str:
    if pct is None:
        return "lightgrey"
    for limit, color in ((100, "brightgreen"), (95, "green"), (90, "yellowgreen"), (75, "yellow"), (50, "orange")):
        if pct >= limit:
            return color
    return "red"


def badge(report: JSON) -> JSON:
    """A shields.io endpoint document for the report."""
    pct = percent_passing(report["counts"])
    return {
        "schemaVersion": 1,
        "label": "tonk conformance",
        "message": "no cases ran" if pct is None else f"{pct}% passing",
        "color": badge_color(pct),
    }


# ---------------------------------------------------------------------------- the schema
_COUNTS: JSON = {"type": "object", "required": list(STATUSES),
                 "properties": {k: {"type": "integer", "minimum": 0} for k in STATUSES}}

_STATE: JSON = {"type": "object", "required": ["hands"],
                "properties": {"hands": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}}}}
#: optional on a case that did not pass: its steps, and the cards of its deal and table
_SCRIPT_STEP: JSON = {"type": "object", "required": ["text", "kind", "line"],
                      "properties": {"text": {"type": "string"}, "kind": {"type": "string"},
                                     "line": {"type": "integer"}, "seat": {"type": "integer"},
                                     "action": {"type": "string"}}}
_SCENE: JSON = {"type": "object", "required": ["deal", "table"],
                "properties": {"deal": _STATE, "table": _STATE, "engine_table": _STATE,
                               "before_step": {"type": ["integer", "null"]}, "actions_played": {"type": "integer"}}}

#: JSON Schema of the report written by ``tonk check --json``.
REPORT_SCHEMA: JSON = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Tonk conformance report",
    "type": "object",
    "required": ["format", "format_version", "engine", "run", "suite", "counts", "checks", "ok", "profiles",
                 "rules", "groups", "skips", "cases", "load_errors"],
    "properties": {
        "format": {"const": REPORT_FORMAT},
        "format_version": {"const": REPORT_FORMAT_VERSION},
        "engine": {"type": "object", "required": ["name", "version", "protocol", "options", "features"]},
        "run": {"type": "object", "required": ["date", "duration_s", "adapter", "workers", "stopped"]},
        "suite": {"type": "object", "required": ["version"]},
        "counts": {**_COUNTS, "required": [*STATUSES, "total", "ran", "not_run", "load_errors"]},
        "checks": {"type": "object", "required": ["checked", "not_checked"]},
        "ok": {"type": "boolean"},
        "profiles": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "option", "value", "cases", "ran", "counts", "verdict"],
                "properties": {"counts": _COUNTS, "verdict": {"enum": ["pass", "fail", "known", "skipped"]}},
            },
        },
        "rules": {"type": "object", "additionalProperties": _COUNTS},
        "groups": {"type": "array", "items": {"type": "object",
                                               "required": ["cause", "status", "rule", "count", "cases"]}},
        "skips": {"type": "array", "items": {"type": "object",
                                              "required": ["need", "kind", "name", "cases", "gain", "ids"]}},
        "cases": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "kind", "title", "source", "rules", "options", "status", "message", "cause",
                             "duration", "checked", "unchecked", "needs", "failures", "fault"],
                "properties": {"kind": {"enum": ["scenario", "feature", "perft", "generated"]},
                               "status": {"enum": list(STATUSES)},
                               "script": {"type": "array", "items": _SCRIPT_STEP},
                               "failing_step": {"type": ["integer", "null"], "minimum": 0},
                               "scene": {"oneOf": [{"type": "null"}, _SCENE]}},
            },
        },
        "load_errors": {"type": "array", "items": {"type": "object", "required": ["source", "message"]}},
    },
}


# ---------------------------------------------------------------------------- reading one back
def load_report(path: str) -> JSON:
    """A report written by ``tonk check --json``, read back and checked against
    :data:`REPORT_SCHEMA`; anything else raises :class:`~tonk_ref.errors.InputError`
    naming the file, the place and what was expected."""
    import json
    from pathlib import Path

    import jsonschema

    from ..errors import InputError

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise InputError(path, None, "", f"cannot read it ({e.strerror or e})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(path, e.lineno, "", f"not JSON ({e.msg}): expected a report of 'tonk check --json'") from None
    if not isinstance(data, dict) or data.get("format") != REPORT_FORMAT:
        raise InputError(path, None, "format", f"expected {REPORT_FORMAT!r}: this is not a report of "
                                               "'tonk check --json'")
    err = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(REPORT_SCHEMA).iter_errors(data))
    if err is not None:
        field = ".".join(str(p) for p in err.absolute_path)
        raise InputError(path, None, field, f"{err.message} (the report's format: spec/scenarios.md, \"Reports\")")
    return data
