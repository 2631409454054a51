"""The conformance report of one or more engines as one self-contained HTML page (``tonk
report --html``), rendered from the JSON reports of ``tonk check --json``
(:mod:`tonk_ref.harness.report`).

The page holds, in this order:

- the engines: name, version, protocol, how they were reached, the options and features
  they declared, their counts and verdict;
- the matrix: every rule of spec/rules.yaml, grouped by section, against the engines,
  each cell coloured by the worst status of the cases that cite the rule (failed, known,
  passed, skipped) with the counts; filters by section, by rule and to problems only,
  kept in the page's address (``#section=PAY&rule=KNOCK&problems=1``) so a filtered view
  can be shared and a headless browser can check it;
- the profiles: one verdict per conformance profile and engine, with how many cases ran;
- per engine, the failures grouped by cause, each failing case opening
  (``#case=ID`` opens one) to the deal and the table drawn as cards, the script with the
  failing step marked, expected against actual, the transcript and the replay command;
  the cases checked in part (steps left out for features the engine did not declare);
  then the skips by reason with the gain of each declaration.

This module reads the reports into what the page shows; ``templates/report.html.j2`` lays
it out, ``static/report.css`` and ``static/report.js`` style it and run its filters.  A
report is input from anyone (reports are exchanged between people): every text of it
reaches the page through the template engine, escaped.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..harness.results import fault_lines
from ..harness.transcript import exchange_lines
from ..rulebook.book import load_rules, load_sections
from . import cardface
from .htmlpage import render
from .render import counts_text, in_part_groups, not_checked_lines, replay_command

JSON = dict[str, Any]

#: Failing cases drawn in full per cause and engine; the others are listed by id.
CASES_PER_GROUP = 40

STATUS_ORDER = ("failed", "errored", "known", "passed", "skipped")

# ---------------------------------------------------------------------------- small parts
def engine_label(report: JSON) -> str:
    e = report["engine"]
    return f"{e['name']} {e['version']}"


def short_adapter(adapter: str) -> str:
    """How an engine was reached, shortened: ``fake_engine.py --mode crash`` for
    ``stdio: python /a/b/fake_engine.py --mode crash``."""
    text = adapter.split(": ", 1)[-1]
    words = [w.rsplit("/", 1)[-1] for w in text.split()]
    if len(words) > 1 and words[0].startswith(("python", "node", "java", "ruby")):
        words = words[1:]
    return " ".join(words)


def _labels(reports: Sequence[JSON]) -> list[str]:
    """Column labels: the engine's name and version, with how it was reached when two
    reports name the same engine (and a number if that is the same too)."""
    names = [engine_label(r) for r in reports]
    out: list[str] = []
    for r, label in zip(reports, names, strict=True):
        if names.count(label) > 1:
            label = f"{label} ({short_adapter(r['run']['adapter'])})"
        n = sum(1 for x in out if x == label or x.startswith(label + " #"))
        out.append(label if n == 0 else f"{label} #{n + 1}")
    return out


def _status_class(c: Mapping[str, int]) -> str:
    if c.get("failed") or c.get("errored"):
        return "fail"
    if c.get("known"):
        return "known"
    if c.get("passed"):
        return "pass"
    if c.get("skipped"):
        return "skip"
    return "none"


#: A matrix cell's marks: the count, its sign and what it counts.
MARKS = (("passed", "\u2713", "passed"), ("failed", "\u2717", "failed"), ("errored", "!", "errored"),
         ("known", "~", "known failures"), ("skipped", "\u2013", "skipped"))
VERDICT_CLASS = {"pass": "pass", "fail": "fail", "known": "known", "skipped": "skip"}


def _cell(c: Mapping[str, int] | None) -> JSON | None:
    """A matrix cell: its class and marks (None: no case cites the rule)."""
    if c is None:
        return None
    marks = [{"title": title, "sign": sign, "count": c[key]} for key, sign, title in MARKS if c.get(key)]
    return {"cls": _status_class(c), "marks": marks, "not_checked": c.get("not_checked") or 0}


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in text)


def case_anchor(engine: int, case_id: str) -> str:
    """The HTML id of a failing case of engine ``engine`` (``#case=`` opens it)."""
    return f"e{engine}-{_slug(case_id)}"


def _options_text(options: Mapping[str, Sequence[object]]) -> str:
    if not options:
        return "none (the defaults only)"
    return "; ".join(f"{k}: {' / '.join(v if isinstance(v, str) else json.dumps(v) for v in vs)}"
                     for k, vs in sorted(options.items()))


# ---------------------------------------------------------------------------- sections
def _engines(reports: Sequence[JSON]) -> list[JSON]:
    rows = []
    for r in reports:
        e = r["engine"]
        opts = e.get("options") or {}
        rows.append({
            "label": engine_label(r), "protocol": e["protocol"], "adapter": r["run"]["adapter"],
            "verdict": "pass" if r["ok"] else "fail", "counts": r["counts"],
            "features": ", ".join(e.get("features") or []) or "none",
            "options": len(opts), "value_count": sum(len(v) for v in opts.values()),
            "options_text": _options_text(opts),
            "table": _table_line(r.get("table")),
        })
    return rows


def _table_line(t: JSON | None) -> str:
    """Where a run at a table played: the table, and its cases by origin and those that
    cannot exist there ("" for a run of the cases as written)."""
    if not t:
        return ""
    where = "its own table" if t.get("source") == "engine" else "the table"
    name = f" {t['rules']}" if t["rules"] else ""
    ran = ", ".join(f"{n} {origin}" for origin, n in t["ran"].items())
    return f"at {where}{name}: ran {ran}; {t['cannot_exist']} cases cannot exist there"


def _matrix(reports: Sequence[JSON]) -> list[JSON]:
    """The rules by section: each section's code and title, and each rule's row."""
    rules = load_rules()
    sections = load_sections()
    known = {r.id for r in rules}
    extra = sorted({rid for rep in reports for rid in rep["rules"] if rid not in known})
    by_section: dict[str, list[tuple[str, str]]] = {}
    for rule in rules:
        if rule.status == "active":
            by_section.setdefault(rule.section, []).append((rule.id, rule.title))
    if extra:
        by_section["OTHER"] = [(rid, "not in spec/rules.yaml") for rid in extra]
    out = []
    for code, members in by_section.items():
        rows = []
        for rid, rtitle in members:
            counts = [rep["rules"].get(rid) for rep in reports]
            problem = any(c and (c["failed"] or c["errored"] or c["known"]) for c in counts)
            rows.append({"id": rid, "title": rtitle, "problem": problem, "cells": [_cell(c) for c in counts]})
        out.append({"code": code, "title": sections.get(code, "Other rule IDs"), "rows": rows})
    return out


def _profiles(reports: Sequence[JSON]) -> list[JSON]:
    names: list[str] = []
    for rep in reports:
        for p in rep["profiles"]:
            if p["name"] not in names:
                names.append(p["name"])
    names = ["seed", *sorted(n for n in names if n != "seed")] if "seed" in names else sorted(names)
    index = [{p["name"]: p for p in rep["profiles"]} for rep in reports]
    rows = []
    for name in names:
        cells: list[JSON | None] = []
        for idx in index:
            p = idx.get(name)
            cells.append(None if p is None else {"verdict": p["verdict"], "cls": VERDICT_CLASS[p["verdict"]],
                                                 "ran": p["ran"], "cases": p["cases"]})
        problem = any(c is not None and c["verdict"] in ("fail", "known") for c in cells)
        rows.append({"name": name, "problem": problem, "cells": cells})
    return rows


def _script(case: JSON) -> JSON:
    """The case's steps, the failing one marked (and the final result, when that fails)."""
    at = case.get("failing_step")
    steps = []
    for i, s in enumerate(case.get("script") or []):
        text = s.get("action") or s["text"]
        steps.append({"cls": "failing" if at == i else ("after" if at is not None and i > at else ""),
                      "failing": at == i, "line": s["line"], "text": text,
                      "note": s["text"] if s.get("action") and s["text"] != text else ""})
    final = [f for f in case["failures"] if f["step"] is None]
    return {"steps": steps, "final_line": final[0]["line"] if at is None and final and steps else None}


def _expected_actual(case: JSON) -> list[JSON]:
    rows = []
    for f in case["failures"]:
        if f["diffs"]:
            rows += [{"step": f["text"], "field": d["field"], "expected": json.dumps(d["expected"]),
                      "actual": json.dumps(d["actual"]), "note": d.get("note") or ""} for d in f["diffs"]]
        else:
            rows.append({"step": f["text"], "message": f["message"]})
    return rows


def _case(report: JSON, engine: int, label: str, case: JSON) -> JSON:
    """A failing case of engine ``engine`` (its column's ``label``) as the page draws it."""
    anchor = case_anchor(engine, case["id"])
    scene = case.get("scene") or {}
    moment = "before the failing step" if case.get("failing_step") is not None else "at the end of the script"
    tables = [(title, cardface.table(state)) for title, state in (
        ("The deal", scene.get("deal")),
        (f"The table {moment}, as the reference plays it", scene.get("table")),
        ("The table as the engine last reported it", scene.get("engine_table"))) if state]
    transcript = case.get("transcript") or []
    options = ", ".join(f"{k}={json.dumps(v) if not isinstance(v, str) else v}" for k, v in case["options"].items())
    return {
        "anchor": anchor, "engine": label, "status": case["status"],
        "cls": {"failed": "fail", "errored": "fail", "known": "known"}.get(case["status"], "none"),
        "rules": case["rules"], "sections": sorted({rid.split("-", 1)[0] for rid in case["rules"]}),
        "id": case["id"], "title": case["title"], "source": case["source"], "message": case["message"],
        "options": options or "the seed rules", "tables": tables, "script": _script(case),
        "diffs": _expected_actual(case),
        "fault": fault_lines(case["fault"]) if case.get("fault") else [],
        "transcript": [line for x in transcript for line in exchange_lines(x, 400)], "requests": len(transcript),
        "replay": replay_command(report, case["id"]),
    }


def _engine_section(report: JSON, engine: int, label: str) -> JSON:
    by_id = {x["id"]: x for x in report["cases"]}
    known = [x for x in report["cases"] if x["status"] == "known"]
    listing = [*report["groups"]]
    if known:
        listing.append({"cause": "known failures", "status": "known", "rule": None, "count": len(known),
                        "cases": [x["id"] for x in known]})
    shown: set[str] = set()  # a case of several causes is drawn once, under its first (an id is one element)
    groups = []
    for g in listing:
        drawn = [cid for cid in g["cases"][:CASES_PER_GROUP] if cid in by_id and cid not in shown]
        shown.update(drawn)
        groups.append({"cls": "known" if g["status"] == "known" else "fail", "count": g["count"],
                       "status": g["status"], "cause": g["cause"], "rule": g["rule"],
                       "cases": [_case(report, engine, label, by_id[cid]) for cid in drawn],
                       "rest": [cid for cid in g["cases"] if cid not in drawn]})
    t = report.get("table")
    return {
        "index": engine, "label": label, "verdict": "pass" if report["ok"] else "fail",
        "counts_text": counts_text(report["counts"]), "total": report["counts"]["total"], "run": report["run"],
        "suite": report["suite"]["version"],
        "table": None if not t else {"rules": t["rules"],
                                     "options": ", ".join(f"{k}={v}" for k, v in t["options"].items())
                                     or "the seed rules"},
        "not_checked": [x.strip() for x in not_checked_lines(report)], "load_errors": report["load_errors"],
        "in_part": [{"line": line, "ids": ids} for line, ids in in_part_groups(report)],
        "groups": groups,
        "skips": [{"need": s["need"], "cases": s["cases"], "gain": s["gain"],
                   "declare": s["declare"] if s["kind"] != "table" else "cannot be played under the table"}
                  for s in report["skips"]],
        "skipped": sum(1 for x in report["cases"] if x["status"] == "skipped"),
    }


# ---------------------------------------------------------------------------- the page
def html_report(reports: Sequence[JSON], title: str = "Tonk conformance report") -> str:
    """One page for ``reports`` (each a ``tonk check --json`` report)."""
    labels = _labels(reports)
    dates = sorted(r["run"]["date"] for r in reports)
    first, last = dates[0][:10], dates[-1][:10]
    return render(
        "report.html.j2", title=title, labels=labels, dates=first + (f" to {last}" if last != first else ""),
        sections=load_sections(), engines=_engines(reports), matrix=_matrix(reports),
        profiles=_profiles(reports),
        reports=[_engine_section(r, i, label) for i, (r, label) in enumerate(zip(reports, labels, strict=True))],
    )
