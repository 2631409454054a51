"""The conformance report: one JSON document built from a run's typed results
(:class:`~.runner.SuiteRun`), from which every other form is rendered (the console,
Markdown, JUnit XML and the HTML page in :mod:`tonk_ref.views`, the badge here).  Its format is
spec/scenarios.md, "Reports"; its JSON Schema is spec/schemas/report.json
(:data:`REPORT_SCHEMA`).

What it adds up:

- counts per status, and what was checked: how many comparisons, and which expectations
  could not be checked for want of a feature (``payments``, ``reasons``) or because an
  optional field was not sent;
- failures grouped by cause (a reason code, or the first differing field), largest group
  first;
- skips grouped by what the engine would declare to run them, with the gain of each;
- the cases run in part (only later steps need a feature not declared), by that feature;
- one verdict per conformance profile (the seed rules, and each non-default option value),
  saying how many of its cases ran;
- per rule ID, the counts of the cases that cite it.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from .. import __version__
from ..rulebook.notation import value_text
from .capabilities import Need
from .report_schema import report_schema
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


#: The cause of a perft count that differs (:meth:`.runner._CaseRun.perft`).
PERFT_CAUSE = "perft count"


def failure_groups(results: Iterable[JSON]) -> list[JSON]:
    """Failed and errored cases grouped by cause (the kind of a failing step and what
    differed there), largest group first (of groups as large, the one more of its cases
    fail for first; perft counts after the others).  A case that fails for several causes
    counts in the group of each (its first cause is its own, :func:`failure_causes`;
    ``own``: the cases it is the first cause of).  Each group has the rules its failures of
    that cause name, most named first (``rule``: the first of them), and its cases' ids."""
    groups: dict[tuple[str, str], list[tuple[JSON, str | None]]] = defaultdict(list)
    for r in results:
        if r["status"] in ("failed", "errored"):
            for cause, rule in failure_causes(r):
                groups[(r["status"], cause)].append((r, rule))
    out: list[JSON] = []
    for (status, cause), members in groups.items():
        rules = Counter(rule for _, rule in members if rule)
        ranked = [rule for rule, _ in rules.most_common()]
        own = sum(1 for r, _ in members if r["cause"] == cause)
        out.append({"cause": cause, "status": status, "rule": ranked[0] if ranked else None, "rules": ranked,
                    "count": len(members), "own": own, "cases": [r["id"] for r, _ in members]})
    # perft counts after the plain groups (a wrong count follows from a wrong action, which a
    # plain group shows at its step); of groups as large, the one whose cases fail for it first
    out.sort(key=lambda g: (g["cause"] == PERFT_CAUSE, -g["count"], -g["own"], g["status"], g["cause"]))
    return out


def failure_causes(result: JSON) -> list[tuple[str, str | None]]:
    """Each distinct cause of a failed or errored case (its own cause first, then each other
    cause of its failures in the order they happened), with the rule of its first failure."""
    failures = result.get("failures") or []
    first = failures[0].get("rule") if failures and result["cause"] == failures[0].get("cause") else None
    out: list[tuple[str, str | None]] = [(result["cause"], first)]
    seen = {result["cause"]}
    for f in failures:
        if f.get("cause") not in seen:
            seen.add(f["cause"])
            out.append((f["cause"], f.get("rule")))
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


def in_part(results: Iterable[JSON]) -> JSON:
    """The cases run in part (their ``left_out``), by the features their steps left out
    need: the cases, the steps left out, the kinds of step that need them, the final
    results left out with them, and the cases' ids."""
    out: dict[str, JSON] = {}
    for r in results:
        left = r.get("left_out")
        if not left:
            continue
        key = ", ".join(n["name"] for n in left["needs"])
        row = out.setdefault(key, {"cases": 0, "steps": 0, "kinds": [], "results": 0, "ids": []})
        row["cases"] += 1
        row["steps"] += len(left["steps"])
        kind = left["steps"][0]["kind"]
        row["kinds"] += [] if kind in row["kinds"] else [kind]
        row["results"] += bool(left["result"])
        row["ids"].append(r["id"])
    return dict(sorted(out.items()))


def _field_kind(field: str) -> str:
    return ".".join(p.split("[", 1)[0] for p in field.split("."))


def build_report(run: SuiteRun, *, load_errors: Sequence[LoadError] = (), **meta: Any) -> JSON:
    """The report of a run of :func:`~.runner.run_suite` (``meta``: see :func:`assemble`)."""
    from .scene import add_scenes

    records = [r.to_json() for r in run.results]
    add_scenes(run.results, records, table_checks())
    return assemble(
        records,
        engine={**run.engine.caps.to_json(), "unplayed_defaults": run.engine.caps.unplayed_defaults()},
        duration_s=run.duration,
        stopped=run.stopped,
        not_run=[c.id for c in run.not_run],
        interrupted=run.interrupted,
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
    interrupted: str | None = None,
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
    """The report from the JSON of every case's result (``CaseResult.to_json``).  A run a
    signal ended (``interrupted``: its name) is marked ``run.partial``."""
    results = sorted(cases, key=lambda r: (r["kind"], r["id"]))
    c = _counts(results)
    ok = ok and stopped is None and not c["failed"] and not c["errored"]
    partial = {"partial": True, "interrupted": interrupted} if interrupted else {}
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
            **partial,
        },
        "suite": {"version": __version__},
        "counts": {**c, "total": len(results), "ran": ran(c), "not_run": len(not_run),
                   "load_errors": len(load_errors)},
        "checks": {"checked": sum(r["checked"] for r in results), "not_checked": not_checked(results),
                   **({"in_part": parts} if (parts := in_part(results)) else {})},
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
def report_text(report: JSON) -> str:
    """A report as its JSON file holds it: indented one space a level, keys in the report's
    order, text as UTF-8 (msgspec writes it some ten times as fast as the json module does
    an indented text).  A text msgspec cannot write as UTF-8 (a lone surrogate an engine
    sent) is written by the json module, escaped."""
    import json

    import msgspec

    try:
        return msgspec.json.format(msgspec.json.encode(report), indent=1).decode("utf-8") + "\n"
    except (UnicodeError, msgspec.EncodeError, OverflowError, TypeError):
        return json.dumps(report, indent=1) + "\n"


def whole(c: Mapping[str, int]) -> int:
    """Every case of the suite as selected: those that ran, those skipped and those the run
    never reached (a run that stopped early)."""
    return ran(c) + c["skipped"] + c.get("not_run", 0)


def percent_passing(c: Mapping[str, int]) -> int | None:
    """Passed cases as a share of the whole suite (a skipped case, or one not run, is not a
    passing one), rounded down so that any case short of a pass keeps the figure below
    100; None if nothing ran."""
    if not ran(c):
        return None
    return math.floor(100 * c["passed"] / whole(c))


def checked_text(c: Mapping[str, int]) -> str:
    """``462/1,260 checked, all pass``: the cases that ran against the whole suite, and how
    those that ran came out."""
    n = ran(c)
    bad = c["failed"] + c["errored"]
    parts = [f"{bad:,} fail" if bad else "", f"{c['known']:,} known failures" if c["known"] else ""]
    tail = ", ".join(p for p in parts if p) or "all pass"
    return f"{n:,}/{whole(c):,} checked" + (f", {tail}" if n else "")


def stopped_early(report: JSON) -> str | None:
    """``engine unusable`` for a run the engine's faults stopped (exit status 3), ``stopped
    early`` for one stopped at its first failure, with cases left unrun; else None."""
    stopped = report.get("run", {}).get("stopped")
    if not stopped or not report["counts"].get("not_run"):
        return None
    return "stopped early" if stopped.startswith("stopped at the first failure") else "engine unusable"


def badge_color(pct: int | None) -> str:
    if pct is None:
        return "lightgrey"
    for limit, color in ((100, "brightgreen"), (95, "green"), (90, "yellowgreen"), (75, "yellow"), (50, "orange")):
        if pct >= limit:
            return color
    return "red"


#: The colour of a run in which every case that ran passed but some were skipped (cases the
#: engine's table or features cannot answer): not the green of the whole suite passing, nor
#: a failing colour; the message says how much was checked.
PARTLY_CHECKED = "blue"


def badge(report: JSON) -> JSON:
    """A shields.io endpoint document for the report: the cases checked against the whole
    suite, coloured by the share of it that passes (:func:`badge_color`), or
    :data:`PARTLY_CHECKED` when every case that ran passed and some were skipped; a run
    that ended early is an error (``isError``), whatever the cases before the end did."""
    c = report["counts"]
    early = stopped_early(report)
    if early is not None:
        return {"schemaVersion": 1, "label": "tonk conformance", "message": early, "color": "red", "isError": True}
    pct = percent_passing(c)
    return {
        "schemaVersion": 1,
        "label": "tonk conformance",
        "message": "no cases ran" if pct is None else checked_text(c),
        "color": PARTLY_CHECKED if pct is not None and pct < 100 and c["passed"] == ran(c) else badge_color(pct),
    }


# ---------------------------------------------------------------------------- the schema
def _inline(node: Any, defs: JSON) -> Any:
    """``node`` with every local ``$ref`` (``#/$defs/NAME``) replaced by what it names: the
    report's schema refers only within itself and never to itself, and an inlined schema
    validates a large report several times faster."""
    if isinstance(node, list):
        return [_inline(x, defs) for x in node]
    if not isinstance(node, dict):
        return node
    if set(node) == {"$ref"}:
        return _inline(defs[node["$ref"].removeprefix("#/$defs/")], defs)
    return {k: (v if k in ("const", "enum", "required") else _inline(v, defs)) for k, v in node.items()
            if k != "$defs"}


@cache
def _validator() -> Any:
    import jsonschema

    schema = report_schema()
    return jsonschema.Draft202012Validator(_inline(schema, schema.get("$defs", {})))


# A report of a whole run is megabytes, and jsonschema walks it at some 30 microseconds a
# value: a second for the example report of examples/js-engine.  The schema is compiled
# instead into one Python check per keyword it uses (a keyword it does not know is an
# error, found by the test that compiles it); a report the check accepts is valid, and a
# report it refuses is given to jsonschema, for the message that names the place.  A test
# holds the two to the same verdict on every field of a report set to every wrong type.
Check = Callable[[Any], bool]
_ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "$comment", "title", "description", "default", "examples"})
_TYPES: dict[str, Check] = {
    "object": lambda x: isinstance(x, dict),
    "array": lambda x: isinstance(x, list),
    "string": lambda x: isinstance(x, str),
    "boolean": lambda x: isinstance(x, bool),
    "null": lambda x: x is None,
    "number": lambda x: isinstance(x, int | float) and not isinstance(x, bool),
    "integer": lambda x: (isinstance(x, int) and not isinstance(x, bool)) or (isinstance(x, float) and x.is_integer()),
}


def _same(a: Any, b: Any) -> bool:
    """JSON Schema's equality (``enum``, ``const``): true is not 1, 1 is 1.0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    return bool(a == b)


def _keyword(key: str, value: Any, schema: JSON) -> Check:
    if key == "type":
        kinds = [_TYPES[t] for t in ([value] if isinstance(value, str) else value)]
        return kinds[0] if len(kinds) == 1 else lambda x: any(k(x) for k in kinds)
    if key == "properties":
        subs = [(name, _compiled(sub)) for name, sub in value.items()]
        return lambda x: not isinstance(x, dict) or all(name not in x or f(x[name]) for name, f in subs)
    if key == "additionalProperties":
        known = set(schema.get("properties", {}))
        if value is False:
            return lambda x: not isinstance(x, dict) or known.issuperset(x)
        extra = _compiled(value)
        return lambda x: not isinstance(x, dict) or all(f in known or extra(v) for f, v in x.items())
    if key == "required":
        return lambda x: not isinstance(x, dict) or all(name in x for name in value)
    if key == "items":
        item = _compiled(value)
        return lambda x: not isinstance(x, list) or all(item(v) for v in x)
    if key == "minItems":
        return lambda x: not isinstance(x, list) or len(x) >= value
    if key == "minimum":
        return lambda x: not _TYPES["number"](x) or x >= value
    if key == "enum":
        return lambda x: any(_same(x, v) for v in value)
    if key == "const":
        return lambda x: _same(x, value)
    if key == "pattern":
        found = re.compile(value).search
        return lambda x: not isinstance(x, str) or found(x) is not None
    if key == "propertyNames":
        name = _compiled(value)
        return lambda x: not isinstance(x, dict) or all(name(k) for k in x)
    if key == "allOf":
        parts = [_compiled(sub) for sub in value]
        return lambda x: all(f(x) for f in parts)
    raise ValueError(f"spec/schemas/report.json: the report's reader does not know the keyword {key!r}")


def _compiled(schema: Any) -> Check:
    if schema is True or schema == {}:
        return lambda x: True
    checks = [_keyword(k, v, schema) for k, v in schema.items() if k not in _ANNOTATIONS]
    return checks[0] if len(checks) == 1 else lambda x: all(c(x) for c in checks)


@cache
def report_check() -> Check:
    """The report's schema compiled into one check: true for exactly the reports that are
    valid under it."""
    schema = report_schema()
    return _compiled(_inline(schema, schema.get("$defs", {})))


@cache
def table_checks() -> dict[str, Check]:
    """One check per field of the cards of a table in a report (``$defs/table``), for the
    states an engine reported, which hold whatever the engine sent."""
    schema = report_schema()
    defs = schema["$defs"]
    return {k: _compiled(_inline(v, defs)) for k, v in defs["table"]["properties"].items()}


def __getattr__(name: str) -> Any:
    """``REPORT_SCHEMA``: the report's JSON Schema, read from spec/schemas/report.json when
    first asked for."""
    if name == "REPORT_SCHEMA":
        return report_schema()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ---------------------------------------------------------------------------- reading one back
def load_report(path: str) -> JSON:
    """A report written by ``tonk check --json``, read back and checked against its schema
    (spec/schemas/report.json, which types every field a view prints); anything else
    raises :class:`~tonk_ref.errors.InputError` naming the file, the place and what was
    expected."""
    import jsonschema

    from ..errors import InputError

    expected = "expected a report of 'tonk check --json'"
    data = _read_report(path, expected)
    if not isinstance(data, dict) or data.get("format") != REPORT_FORMAT:
        raise InputError(path, None, "format", f"expected {REPORT_FORMAT!r}: this is not a report of "
                                               "'tonk check --json'")
    try:
        err = None if report_check()(data) else jsonschema.exceptions.best_match(_validator().iter_errors(data))
    except RecursionError:
        raise InputError(path, None, "", f"nests too deep to check: {expected}") from None
    if err is not None:
        field = ".".join(str(p) for p in err.absolute_path)
        message = err.message if len(err.message) <= 200 else err.message[:200] + "..."
        raise InputError(path, None, field, f"{message} (the report's format: spec/scenarios.md, \"Reports\")")
    return data


def _read_report(path: str, expected: str) -> Any:
    """The JSON of a report file, within the limits of spec/scenarios.md ("Limits of input
    files"): a regular file (or ``-``, standard input) of at most
    :data:`~tonk_ref.bounds.MAX_REPORT_BYTES`, read no further; UTF-8; nested at most 32
    deep; integers of at most 18 digits; each key once."""
    import json

    from ..bounds import MAX_REPORT_BYTES, read_capped
    from ..errors import InputError
    from ..rulebook.safe_input import load_json

    data = read_capped(path, path, MAX_REPORT_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(path, None, "", f"not UTF-8 text (byte {e.start}): {expected}") from None
    try:
        return load_json(text, path, InputError)
    except json.JSONDecodeError as e:
        raise InputError(path, e.lineno, "", f"not JSON ({e.msg}): {expected}") from None
    except RecursionError:
        raise InputError(path, None, "", f"nests too deep to read: {expected}") from None
    except InputError:
        raise
    except ValueError as e:  # a number Python does not read
        raise InputError(path, None, "", f"not a JSON this reader takes ({str(e)[:200]}): {expected}") from None
