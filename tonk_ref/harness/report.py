"""Conformance reports: per-case records, the per-rule table, profile verdicts, and the
JSON, Markdown, terminal and badge forms (spec/scenarios.md, "Reports").

A case has one of five statuses: ``passed``, ``failed`` (the engine answered and the
answer was wrong), ``skipped`` (the engine did not declare what the case needs),
``errored`` (the engine or its adapter broke, or a known failure went stale) and
``known`` (a failure listed in the known-failures file).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

JSON = dict[str, Any]

STATUSES = ("passed", "failed", "skipped", "errored", "known")
REPORT_FORMAT = "tonk-conformance-report"
REPORT_FORMAT_VERSION = 1


@dataclass(slots=True)
class CaseRecord:
    """What happened to one case (one pytest item)."""

    id: str
    nodeid: str
    kind: str  # "scenario" | "feature"
    source: str  # file:line
    rules: list[str]
    options: dict[str, Any] | None  # non-default option values the case used (None: unknown)
    status: str
    message: str = ""
    duration: float = 0.0
    stale: bool = False

    def to_json(self) -> JSON:
        return asdict(self)


def option_label(name: str, value: object) -> str:
    """``knock_tie=knocker_wins``; non-strings as JSON (``upcard=false``, ``knock_limit=null``)."""
    return f"{name}={value if isinstance(value, str) else json.dumps(value)}"


def counts(records: Iterable[CaseRecord]) -> dict[str, int]:
    out = dict.fromkeys(STATUSES, 0)
    for r in records:
        out[r.status] += 1
    return out


def per_rule(records: Iterable[CaseRecord], order: Iterable[str] = ()) -> dict[str, dict[str, int]]:
    """Per rule ID, how many of the cases that cite it had each status.  Rules in
    ``order`` come first, in that order; others follow sorted."""
    table: dict[str, dict[str, int]] = {}
    for r in records:
        for rid in r.rules:
            table.setdefault(rid, dict.fromkeys(STATUSES, 0))[r.status] += 1
    rank = {rid: i for i, rid in enumerate(order)}
    return dict(sorted(table.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])))


@dataclass(slots=True)
class Profile:
    """A conformance profile: "seed" (the cases that use only default option values) or
    one non-default option value (the cases that use it)."""

    name: str
    option: str | None
    value: Any
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))

    @property
    def cases(self) -> int:
        return sum(self.counts.values())

    @property
    def verdict(self) -> str:
        """``fail`` if a case failed or errored; ``skipped`` if every case was skipped;
        else ``pass``."""
        if self.counts["failed"] or self.counts["errored"]:
            return "fail"
        if self.counts["skipped"] == self.cases:
            return "skipped"
        return "pass"

    def to_json(self) -> JSON:
        return {"name": self.name, "option": self.option, "value": self.value, "cases": self.cases,
                "counts": dict(self.counts), "verdict": self.verdict}


def profiles(records: Iterable[CaseRecord]) -> list[Profile]:
    """The seed profile first, then one profile per non-default option value, sorted.
    A case whose options are unknown (a feature that never dealt) is in no profile."""
    seed = Profile("seed", None, None)
    by_value: dict[str, Profile] = {}
    for r in records:
        if r.options is None:
            continue
        if not r.options:
            seed.counts[r.status] += 1
        for name, value in r.options.items():
            label = option_label(name, value)
            by_value.setdefault(label, Profile(label, name, value)).counts[r.status] += 1
    return [seed, *(by_value[k] for k in sorted(by_value))]


def describe_profile(p: Profile) -> str:
    parts = [f"{p.counts['passed']} passed"]
    for k in ("failed", "errored", "known", "skipped"):
        if p.counts[k]:
            parts.append(f"{p.counts[k]} {k}")
    cases = "1 case" if p.cases == 1 else f"{p.cases} cases"
    return f"{p.verdict.upper():7} {p.name} ({cases}: {', '.join(parts)})"


def percent_passing(c: Mapping[str, int]) -> int | None:
    """Passed cases as a share of the cases that ran (skipped ones excluded), rounded
    down so that any failure keeps the figure below 100; None if nothing ran."""
    ran = c["passed"] + c["failed"] + c["errored"] + c["known"]
    if not ran:
        return None
    return math.floor(100 * c["passed"] / ran)


def badge_color(pct: int | None) -> str:
    if pct is None:
        return "lightgrey"
    if pct >= 100:
        return "brightgreen"
    if pct >= 95:
        return "green"
    if pct >= 90:
        return "yellowgreen"
    if pct >= 75:
        return "yellow"
    if pct >= 50:
        return "orange"
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


def build_report(
    records: Iterable[CaseRecord],
    *,
    engine: JSON | None,
    run: JSON,
    suite: JSON,
    rule_order: Iterable[str] = (),
    collection_errors: Iterable[JSON] = (),
    known_failures: JSON | None = None,
) -> JSON:
    recs = sorted(records, key=lambda r: (r.kind, r.id, r.nodeid))
    c = counts(recs)
    errors = list(collection_errors)
    return {
        "format": REPORT_FORMAT,
        "format_version": REPORT_FORMAT_VERSION,
        "engine": engine,
        "run": run,
        "suite": suite,
        "counts": {**c, "total": len(recs), "collection_errors": len(errors)},
        "ok": not (c["failed"] or c["errored"] or errors),
        "profiles": [p.to_json() for p in profiles(recs)],
        "rules": per_rule(recs, rule_order),
        "cases": [r.to_json() for r in recs],
        "collection_errors": errors,
        "known_failures": known_failures,
    }


_COUNTS_SCHEMA: JSON = {
    "type": "object",
    "required": list(STATUSES),
    "properties": {k: {"type": "integer", "minimum": 0} for k in STATUSES},
}

#: JSON Schema of the report written by ``--tonk-json`` / ``tonk check --json``.
REPORT_SCHEMA: JSON = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Tonk conformance report",
    "type": "object",
    "required": ["format", "format_version", "engine", "run", "suite", "counts", "ok", "profiles", "rules",
                 "cases", "collection_errors"],
    "properties": {
        "format": {"const": REPORT_FORMAT},
        "format_version": {"const": REPORT_FORMAT_VERSION},
        "engine": {
            "type": ["object", "null"],
            "required": ["name", "version", "protocol"],
            "properties": {"name": {"type": "string"}, "version": {"type": "string"},
                           "protocol": {"type": ["integer", "null"]},
                           "features": {"type": "array", "items": {"type": "string"}},
                           "options": {"type": "object"}},
        },
        "run": {
            "type": "object",
            "required": ["date", "duration_s", "adapter", "workers"],
            "properties": {"date": {"type": "string"}, "duration_s": {"type": "number", "minimum": 0},
                           "adapter": {"type": "string"}, "workers": {"type": "integer", "minimum": 0}},
        },
        "suite": {"type": "object", "required": ["version"], "properties": {"version": {"type": "string"}}},
        "counts": {
            **_COUNTS_SCHEMA,
            "required": [*STATUSES, "total", "collection_errors"],
        },
        "ok": {"type": "boolean"},
        "profiles": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "option", "value", "cases", "counts", "verdict"],
                "properties": {"name": {"type": "string"}, "cases": {"type": "integer"}, "counts": _COUNTS_SCHEMA,
                               "verdict": {"enum": ["pass", "fail", "skipped"]}},
            },
        },
        "rules": {"type": "object", "additionalProperties": _COUNTS_SCHEMA},
        "cases": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "nodeid", "kind", "source", "rules", "options", "status", "message", "duration"],
                "properties": {
                    "id": {"type": "string"}, "nodeid": {"type": "string"},
                    "kind": {"enum": ["scenario", "feature"]}, "source": {"type": "string"},
                    "rules": {"type": "array", "items": {"type": "string"}},
                    "options": {"type": ["object", "null"]},
                    "status": {"enum": list(STATUSES)}, "message": {"type": "string"},
                    "duration": {"type": "number", "minimum": 0}, "stale": {"type": "boolean"},
                },
            },
        },
        "collection_errors": {
            "type": "array",
            "items": {"type": "object", "required": ["nodeid", "message"]},
        },
        "known_failures": {"type": ["object", "null"]},
    },
}


# ---------------------------------------------------------------------------- text forms
def _engine_line(report: JSON) -> str:
    e = report.get("engine") or {}
    name = f"{e.get('name', '?')} {e.get('version', '?')} (protocol {e.get('protocol', '?')})" if e else "unknown"
    return f"engine: {name} via {report['run']['adapter']}"


def _counts_line(c: Mapping[str, int]) -> str:
    parts = [f"{c['passed']} passed", f"{c['failed']} failed", f"{c['skipped']} skipped", f"{c['errored']} errored"]
    if c.get("known"):
        parts.append(f"{c['known']} known failures")
    if c.get("collection_errors"):
        parts.append(f"{c['collection_errors']} files failed to load")
    return ", ".join(parts)


def rule_table_lines(report: JSON, only_problems: bool = False) -> list[str]:
    rows = report["rules"]
    show_known = any(v["known"] for v in rows.values())
    cols = ["passed", "failed", "skipped", "errored", *(["known"] if show_known else [])]
    width = max([len("rule"), *(len(r) for r in rows)])
    head = f"{'rule':<{width}}  " + "  ".join(f"{c:>7}" for c in cols)
    lines = [head, "-" * len(head)]
    for rid, c in rows.items():
        if only_problems and not (c["failed"] or c["errored"] or c["skipped"] or c["known"]):
            continue
        lines.append(f"{rid:<{width}}  " + "  ".join(f"{c[k]:>7}" for k in cols))
    return lines


def terminal_lines(report: JSON, table: str = "full") -> list[str]:
    lines = [_engine_line(report), "cases: " + _counts_line(report["counts"])]
    c = report["counts"]
    if c["errored"] and not (c["passed"] or c["failed"] or c["known"]):
        first = next((x["message"].splitlines()[0] for x in report["cases"] if x["status"] == "errored"), "")
        lines.append(f"every case that ran errored: is the engine command right? The first error: {first}")
    if table != "off" and report["rules"]:
        only = table == "problems"
        lines += ["", "per rule" + (" (rules with failures, errors or skips)" if only else "") + ":"]
        table_lines = rule_table_lines(report, only_problems=only)
        lines += table_lines if len(table_lines) > 2 else ["  (every case of every rule passed)"]
    if any(p["cases"] for p in report["profiles"]):
        lines += ["", "profiles:"]
        for p in report["profiles"]:
            prof = Profile(p["name"], p["option"], p["value"], dict(p["counts"]))
            if prof.cases:
                lines.append("  " + describe_profile(prof))
    unmatched = (report.get("known_failures") or {}).get("unmatched") or []
    if unmatched:
        lines += ["", f"known-failures entries that matched no case in this run: {', '.join(unmatched)}"]
    return lines


def markdown(report: JSON) -> str:
    c = report["counts"]
    run = report["run"]
    out = [
        "# Tonk conformance report",
        "",
        f"- {_engine_line(report)}",
        f"- suite: tonk {report['suite'].get('version', '?')}, {c['total']} cases",
        f"- run: {run['date']}, {run['duration_s']:.1f} s, {run['workers']} worker(s)",
        f"- result: **{'PASS' if report['ok'] else 'FAIL'}**: {_counts_line(c)}",
        "",
        "## Profiles",
        "",
        "| profile | verdict | cases | passed | failed | skipped | errored | known |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for p in report["profiles"]:
        if not p["cases"]:
            continue
        pc = p["counts"]
        out.append(f"| `{p['name']}` | {p['verdict']} | {p['cases']} | {pc['passed']} | {pc['failed']} | "
                   f"{pc['skipped']} | {pc['errored']} | {pc['known']} |")
    out += ["", "## Rules", "", "| rule | passed | failed | skipped | errored | known |",
            "|---|---:|---:|---:|---:|---:|"]
    for rid, rc in report["rules"].items():
        out.append(f"| {rid} | {rc['passed']} | {rc['failed']} | {rc['skipped']} | {rc['errored']} | {rc['known']} |")
    bad = [x for x in report["cases"] if x["status"] in ("failed", "errored")]
    if bad or report["collection_errors"]:
        out += ["", "## Failures and errors", ""]
    for e in report["collection_errors"]:
        out += [f"### load error: `{e['nodeid']}`", "", "```", e["message"].rstrip(), "```", ""]
    for x in bad:
        out += [f"### {x['status']}: `{x['id']}` ({x['source']})", "", f"rules: {', '.join(x['rules']) or '-'}", "",
                "```", x["message"].rstrip() or "(no message)", "```", ""]
    known = [x for x in report["cases"] if x["status"] == "known"]
    if known:
        out += ["", "## Known failures", ""]
        out += [f"- `{x['id']}`: {x['message'].splitlines()[0] if x['message'] else ''}" for x in known]
    skipped = [x for x in report["cases"] if x["status"] == "skipped"]
    if skipped:
        out += ["", "## Skipped", ""]
        out += [f"- `{x['id']}`: {x['message']}" for x in skipped]
    return "\n".join(out).rstrip() + "\n"
