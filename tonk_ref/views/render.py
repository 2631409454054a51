"""The conformance report for people: the console summary (made to fit a screen) and the
Markdown report, both rendered from the JSON report (:mod:`tonk_ref.harness.report`).

Every line is safe to print whatever the engine sent: its control characters and lone
surrogates are written as escapes (:func:`~.escape.visible`), and the Markdown escapes
every text of the report (:func:`~.escape.md`)."""

from __future__ import annotations

import json
import shlex
from collections.abc import Mapping
from typing import Any

from ..harness.capabilities import left_out_words
from .escape import md, md_code, md_fence, visible_lines

JSON = dict[str, Any]

#: How many failure groups, cases of a group, skip causes and transcript lines the console
#: shows without -v (the Markdown and JSON reports show everything).
CONSOLE_GROUPS = 5
CONSOLE_NAMES = 4
CONSOLE_SKIPS = 5
CONSOLE_RULES = 8  # rows of the per-rule table of problems (-v or --table full: every row)
CONSOLE_UNCOVERED = 6  # uncovered rules and reasons listed
CONSOLE_PROFILES = 8  # profiles with failures (the seed first, then those failing most)


def engine_line(report: JSON) -> str:
    e = report["engine"]
    return f"engine: {e['name']} {e['version']} (protocol {e['protocol']}) via {report['run']['adapter']}"


def declared_line(report: JSON) -> str:
    e = report["engine"]
    opts = ", ".join(f"{k}: {'/'.join(json.dumps(v) if not isinstance(v, str) else v for v in vs)}"
                     for k, vs in sorted(e["options"].items())) or "none (the defaults only)"
    if len(e["options"]) > 4:
        values = sum(len(v) for v in e["options"].values())
        opts = f"{len(e['options'])} options, {values} values in all (the JSON report lists them)"
    feats = ", ".join(e["features"]) or "none"
    line = f"  declares options: {opts}; features: {feats}"
    if e.get("unplayed_defaults"):
        line += f"; does not play the defaults {', '.join(e['unplayed_defaults'])}"
    return line


#: The counts a summary always says, then the ones it says only when there are some, each
#: with its words.
_ALWAYS_COUNTED = (("passed", "passed"), ("failed", "failed"), ("skipped", "skipped"), ("errored", "errored"))
_COUNTED_IF_ANY = (("known", "known failures"), ("not_run", "not run"), ("load_errors", "files failed to load"))


def counts_text(c: Mapping[str, int]) -> str:
    parts = [f"{c[key]} {words}" for key, words in _ALWAYS_COUNTED]
    parts += [f"{c[key]} {words}" for key, words in _COUNTED_IF_ANY if c.get(key)]
    return ", ".join(parts)


def not_checked_lines(report: JSON) -> list[str]:
    nc = report["checks"]["not_checked"]
    out = []
    if "payments" in nc:
        row = nc["payments"]
        out.append(f"  {row['expectations']} payment expectations (net, payments) of {row['cases']} cases: "
                   "declare the feature payments to check them")
    if "reasons" in nc:
        row = nc["reasons"]
        out.append(f"  {row['expectations']} refusals in {row['cases']} cases compared as a refusal, not by reason "
                   "code: declare the feature reasons to check the codes")
    if "optional" in nc:
        row = nc["optional"]
        fields = ", ".join(f"{k} ({n})" for k, n in row["fields"].items())
        out.append(f"  {row['expectations']} optional fields the engine did not send: {fields}")
    return out


#: How the console names the kind of step a feature not declared leaves out.
_STEP_WORDS = {"call": "match-request", "observe": "observe", "legal": "legal-actions", "perft": "perft"}


def _n(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def in_part_lines(report: JSON) -> list[str]:
    """``6 cases checked in part: their match-request steps need the feature match ...``."""
    out = []
    for features, row in (report["checks"].get("in_part") or {}).items():
        kinds = " and ".join(_STEP_WORDS.get(k, k) for k in row["kinds"])
        many = "s" if ", " in features else ""
        results = f", and {_n(row['results'], 'final result')}" if row["results"] else ""
        out.append(f"{_n(row['cases'], 'case')} checked in part: their {kinds} steps need the feature{many} "
                   f"{features}, not declared ({_n(row['steps'], 'step')} left out{results}; declare it to check "
                   "them whole)")
    return out


def in_part_groups(report: JSON) -> list[tuple[str, list[str]]]:
    """Each line of :func:`in_part_lines` with the ids of the cases it counts (for the
    reports that name every case: Markdown and HTML)."""
    rows = (report["checks"].get("in_part") or {}).values()
    return [(line, list(row["ids"])) for line, row in zip(in_part_lines(report), rows, strict=True)]


def left_out_text(case: JSON) -> str:
    """What a case of the JSON report checked in part left out, in the words of its message
    when it passed (:func:`~tonk_ref.harness.capabilities.left_out_words`): ``checked in
    part: steps 2-3 and the final result left out (from line 30: call join), they need the
    feature match, which the engine did not declare``; "" for a case checked whole."""
    left = case.get("left_out")
    return left_out_words(left) if left else ""


ORIGINS = ("written", "translated", "derived", "generated")


def _options_text(options: Mapping[str, Any]) -> str:
    from ..rulebook.notation import value_text

    return ", ".join(f"{k} = {value_text(v)}" for k, v in options.items()) or "the seed rules"


def table_first_lines(report: JSON) -> list[str]:
    """A run at the engine's own table says so first, with the choices it made."""
    from ..rulebook.notation import value_text

    t = report.get("table")
    if not t or t.get("source") != "engine":
        return []
    preset = f" (the table of the preset {t['preset']})" if t.get("preset") else ""
    out = [f"the engine plays its own table: {_options_text(t['options'])}; running under it{preset}"]
    for key, values in (t.get("choices") or {}).items():
        shown = ", ".join(value_text(v) for v in values)
        out.append(f"  {key}: the engine lists {shown} without the default; running under {value_text(values[0])} "
                   f"(--rules FILE, a file {{preset: seed, options: {{{key}: ...}}}}, picks another)")
    return out


def table_lines(report: JSON) -> list[str]:
    """A run under a table's rules: the cases by origin, and the rules exercised."""
    t = report.get("table")
    if not t:
        return []
    ran = t["ran"]
    origins = ", ".join(f"{ran.get(k, 0)} {k}" for k in ORIGINS)
    where = "at the engine's own table" if t.get("source") == "engine" else \
        f"under the table's rules {t['rules']} ({_options_text(t['options'])})"
    out = [f"{where}: ran {origins}; {t['cannot_exist']} written cases cannot exist there"]
    return out


def _chosen(report: JSON) -> bool:
    """Whether the run ran chosen files or cases (``--scenarios``, ``-k``) instead of the
    suite: their coverage of the rules says nothing of the suite's, so the console leaves
    it out."""
    run = report.get("run") or {}
    return bool(run.get("selection")) or "--scenarios" in str(run.get("engine_args") or "")


def _suite_gaps(profiles: int, target: int) -> str:
    """The suite's own shortfall, said as one: nothing the engine did or did not do."""
    return (f"a gap in the suite, not in the engine: in {profiles} option profiles a rule or reason the option "
            f"changes has fewer than {target} cases (-v lists them)")


def coverage_lines(report: JSON, verbose: bool = False) -> list[str]:
    """How many rules apply and reasons can be reached, and which fewer than the target
    number of cases exercised (with why); per profile, only those with uncovered ones."""
    cov = report.get("coverage")
    if not cov or _chosen(report):
        return []
    out = []
    weak = {name: p for name, p in (cov.get("profiles") or {}).items() if p["uncovered"]}
    for where, c in (("at the table", cov.get("table")), ("under the seed rules", cov.get("seed"))):
        if not c:
            continue
        low = c["uncovered"]
        short = [k for k in low if "@" not in k]  # rules and reasons; the others are cells (KEY@Np)
        line = (f"coverage {where}: {len(c['rules'])} rules apply and {len(c['reasons'])} refusal reasons can be "
                f"reached (spec data); ")
        line += (f"each exercised by {c['target']} cases or more" if not short
                 else f"{len(short)} exercised by fewer than {c['target']} cases" + ("" if len(short) < len(low)
                                                                                    else ":"))
        out.append(line)
        if "seats" in c:
            out.append(_cells_line(c, len(low) - len(short)))
        shown = list(low.items()) if verbose else list(low.items())[:CONSOLE_UNCOVERED]
        out += [f"  {name}: {why}" for name, why in shown]
        if len(low) > len(shown):
            out.append(f"  ... {len(low) - len(shown)} more (-v, or the JSON report)")
        if weak and not verbose and not (report["counts"]["failed"] or report["counts"]["errored"]):
            out.append(_suite_gaps(len(weak), c["target"]))  # beside failures it is noise: -v says it
    if weak and verbose:
        out.append("coverage per profile (the rules and reasons each option changes), where it falls short:")
        for name, p in weak.items():
            out.append(f"  {name}: " + "; ".join(f"{k} ({v})" for k, v in p["uncovered"].items()))
    return out


def _cells_line(c: JSON, short: int) -> str:
    """The clauses and reasons counted at each seat count, in one line: how many cells,
    how many fall short (listed below it), and how many clauses cannot arise at the table
    (the JSON report says why)."""
    seats = c["seats"]
    shown = f"{seats[0]}-{seats[-1]}" if len(seats) > 1 else str(seats[0]) if seats else "none"
    cells = sum(len(v) for v in c["clauses"].values()) + sum(len(v) for v in c["reasons_at"].values())
    line = (f"  by seat count ({shown}): {len(c['clauses'])} clauses of the rules and {len(c['reasons_at'])} reasons, "
            f"{cells} in all; ")
    line += "each exercised" if not short else f"{short} exercised by fewer than {c.get('cell_target', 1)} case:"
    if c.get("unreachable"):
        line = line.rstrip(":") + f"; {len(c['unreachable'])} cannot arise here (why: the JSON report)" + \
            (":" if short else "")
    return line


def table_verdict(report: JSON) -> str:
    """A table run's one verdict: every case at the table, by outcome and by origin."""
    from ..harness.report import ran

    t = report["table"]
    c = report["counts"]
    n = ran(c)
    verdict = "FAIL" if c["failed"] or c["errored"] else "KNOWN" if c["known"] else "PASS" if n else "SKIPPED"
    parts = [f"{c[k]} {k}" for k in ("passed", "failed", "errored", "known") if c[k]]
    origins = ", ".join(f"{t['ran'].get(k, 0)} {k}" for k in ORIGINS)
    name = "the engine's own table" if t.get("source") == "engine" else f"table {t['rules']}"
    return f"{verdict:7} {name}: {n} of {c['total']} run" + (f": {', '.join(parts)}" if parts else "") + \
        f" ({origins})"


def replay_command(report: JSON, case_id: str) -> str:
    """The command that replays one case alone, as the run ran it (under the table's rules
    where the run had them), ready to paste into a shell."""
    args = report["run"].get("engine_args") or ""
    table = report.get("table") or {}
    named = table.get("rules") and table.get("source", "rules") == "rules"  # the engine's own table comes again
    rules = f" --rules {shlex.quote(str(table['rules']))}" if named else ""
    return f"tonk replay {shlex.quote(case_id)}{rules}" + (f" {args}" if args else "")


def _first_case(group: JSON, by_id: Mapping[str, JSON], done: set[str]) -> list[str]:
    """The case a group shows in full on the console: its first case whose own (first) cause
    it is; else none when one of its cases is shown already (under the cause it fails for
    first), else its first case."""
    ids = group["cases"]
    own = next((c for c in ids if by_id[c]["cause"] == group["cause"] and c not in done), None)
    if own is not None:
        return [own]
    return [] if any(c in done for c in ids) else ids[:1]


def case_detail(report: JSON, case: JSON, transcript: int = 0, *, cause: str | None = None,
                failures: int | None = 3) -> list[str]:
    """A failed or errored case: where, which step, seat and action, expected against
    actual, and the command that replays it (each line printable).  Its first ``failures``
    (None: all), and the first of ``cause`` (the group it is shown for) if not among them."""
    tag = {"failed": "FAIL", "errored": "ERROR", "known": "KNOWN"}.get(case["status"], case["status"].upper())
    rules = case["rules"] if len(case["rules"]) <= 6 else [*case["rules"][:6], "..."]
    out = [f"{tag} {case['id']}  {case['source']}" + (f"  [{', '.join(rules)}]" if rules else ""),
           f"  {case['title']}"]
    if case.get("stale"):
        out.append(f"  {case['message']}")
    every = case["failures"]
    listed = every if failures is None else every[:failures]
    extra = [f for f in every[len(listed):] if f["cause"] == cause][:1]
    for f in [*listed, *extra]:
        step = f.get("step")
        place = f"line {f['line']}" if f["line"] else (
            f"step {step + 1}" if isinstance(step, int) and step >= 0 else "the deal" if step == -1 else "the end")
        where = place if f["text"] == place else f"{place}: {f['text']}"
        if f.get("seat") is not None and f.get("action") and f["text"] != f"{f['seat']} {f['action']}":
            where += f"  (seat {f['seat']}: {f['action']})"
        elif f.get("after"):
            where += f"  (after {f['after']})"
        diffs = f["diffs"] or []
        if case.get("origin") == "derived" and diffs and f["text"] != place:
            where += "  (its words as written; what this table expects below)"
        out.append(f"  at {where}")
        if diffs:
            for d in diffs[:6]:
                out.append(f"    {_diff_text(d)}")
            if len(diffs) > 6:
                out.append(f"    ... and {len(diffs) - 6} more differences")
        else:
            out += [f"    {x}" for x in f["message"].splitlines()]
        if len(f["message"].splitlines()) > 1 and diffs:
            out += [f"    {x}" for x in f["message"].splitlines()[1:]]
    if len(every) > len(listed) + len(extra):
        out.append(f"  ... and {len(every) - len(listed) - len(extra)} more failures in this case")
    if case.get("fault"):
        from ..harness.results import fault_lines

        out += [f"  {x}" for x in fault_lines(case["fault"])]
    if transcript and case.get("transcript"):
        out.append("  transcript (last requests):")
        for x in case["transcript"][-transcript:]:
            out += [f"    {line}" for line in _exchange_lines(x)]
    out.append(f"  replay: {replay_command(report, case['id'])}")
    return visible_lines(out)


def _diff_text(d: JSON) -> str:
    from ..harness.compare import ABSENT, show

    actual = ABSENT if d["actual"] is None and d.get("note", "").startswith("required") else d["actual"]
    text = f"{d['field']}: expected {show(d['expected'])}, got {show(actual)}"
    return f"{text} ({d['note']})" if d.get("note") else text


def _exchange_lines(x: JSON, width: int = 160) -> list[str]:
    from ..harness.transcript import exchange_lines

    return exchange_lines(x, width)


def _names(ids: list[str], limit: int) -> str:
    shown = ", ".join(ids[:limit])
    return shown + (f" (+{len(ids) - limit} more)" if len(ids) > limit else "")


def profile_line(p: JSON) -> str:
    c = p["counts"]
    parts = [f"{c[k]} {k}" for k in ("passed", "failed", "errored", "known") if c[k]]
    detail = f"{p['ran']} of {p['cases']} run" + (f": {', '.join(parts)}" if parts else "")
    return f"{p['verdict'].upper():7} {p['name']:34} {detail}"


def _bad(profile: JSON) -> int:
    c = profile["counts"]
    return int(c["failed"] + c["errored"] + c["known"])


def rule_table(report: JSON, only_problems: bool, worst_first: bool = False) -> list[str]:
    """The per-rule table in the rules' order (``worst_first``: the rules most cases failed
    first, then in that order)."""
    rows = {rid: c for rid, c in report["rules"].items()
            if not only_problems or c["failed"] or c["errored"] or c["known"]}
    if not rows:
        return []
    if worst_first:
        rows = dict(sorted(rows.items(), key=lambda kv: -(kv[1]["failed"] + kv[1]["errored"] + kv[1]["known"])))
    cols = ["passed", "failed", "skipped", "errored", "known", "not_checked"]
    width = max(len("rule"), *(len(r) for r in rows))
    head = f"{'rule':<{width}}  " + "  ".join(f"{c.replace('_', ' '):>11}" for c in cols)
    return [head, *(f"{rid:<{width}}  " + "  ".join(f"{c[k]:>11}" for k in cols) for rid, c in rows.items())]


def console_lines(report: JSON, *, verbose: bool = False, table: str = "problems") -> list[str]:
    """The console summary, each line printable."""
    c = report["counts"]
    out = [*table_first_lines(report), engine_line(report), declared_line(report),
           f"cases: {c['total']}: {counts_text(c)} ({report['run']['duration_s']:.1f} s)"]
    if report["run"].get("stopped"):
        out.append(f"the run stopped early: {report['run']['stopped']}")
    out += in_part_lines(report)
    out += table_lines(report)
    out += coverage_lines(report, verbose)
    nc = not_checked_lines(report)
    if nc:
        out += ["checked as far as the engine's declarations allow; not checked:", *nc]
    for e in report["load_errors"]:
        out.append(f"load error: {e['message']}")
    by_id = {x["id"]: x for x in report["cases"]}
    groups = report["groups"]
    if groups:
        from ..harness.report import PERFT_CAUSE

        perft_last = len(groups) > 1 and groups[-1]["cause"] == PERFT_CAUSE  # it follows from the actions
        out += ["", "failures by cause, largest group first" + (" (perft counts last):" if perft_last else ":")]
        shown = groups if verbose else groups[:CONSOLE_GROUPS]
        for g in shown:
            rules = g.get("rules") or ([g["rule"]] if g["rule"] else [])
            rule = f" [{', '.join(rules[:3])}{', ...' if len(rules) > 3 else ''}]" if rules else ""
            out.append(f"  {g['count']:>4} {g['status']:7} {g['cause']}{rule}: {_names(g['cases'], CONSOLE_NAMES)}")
        if len(groups) > len(shown):
            out.append(f"  ... {len(groups) - len(shown)} more causes (-v, or the Markdown/JSON report)")
        out += ["", "the first case of each cause:" if not verbose else "every failing case:"]
        done: set[str] = set()  # a case of several causes is shown once, under the first
        for g in shown:
            picked = [c for c in g["cases"] if c not in done] if verbose else _first_case(g, by_id, done)
            if not picked and not verbose:
                above = next(c for c in g["cases"] if c in done)
                out.append(f"({g['cause']}: as {above} above)")
            for cid in picked:
                out += case_detail(report, by_id[cid], transcript=6 if verbose else 0, cause=g["cause"],
                                   failures=None if verbose else 3)
                done.add(cid)
    known = [x for x in report["cases"] if x["status"] == "known"]
    if known:
        out.append(f"known failures: {len(known)} ({_names([x['id'] for x in known], CONSOLE_NAMES)})")
        loose = [x["id"] for x in known if x.get("known_without_cause")]
        if loose:
            out.append(f"note: {len(loose)} of their entries record no cause, so they are accepted whatever the case "
                       f"fails for ({_names(loose, CONSOLE_NAMES)}): write the list again with "
                       "--write-known-failures to record the cause of each")
    skips = report["skips"]
    if skips:
        out += ["", "skipped, and what would run them:"]
        for s in skips if verbose else skips[:CONSOLE_SKIPS]:
            if s["kind"] == "table":
                out.append(f"  {s['cases']:>4} cases {s['need'].replace('cannot exist', 'cannot be played', 1)}")
                continue
            more = f" ({s['cases']} need it, with other things)" if s["cases"] != s["gain"] else ""
            out.append(f"  {s['gain']:>4} more cases run if the engine declares {s['declare']}{more}")
        if not verbose and len(skips) > CONSOLE_SKIPS:
            out.append(f"  ... {len(skips) - CONSOLE_SKIPS} more (-v, or the Markdown/JSON report)")
    out += ["", "profiles (how many of each profile's cases ran):"]
    profs = report["profiles"]
    t = report.get("table")
    if t:  # one verdict for the table, not one identical line per option of the table
        out.append("  " + table_verdict(report))
        profs = [p for p in profs if p["option"] is not None and p["option"] not in t["options"]
                 and p["ran"]]
    quiet = [p for p in profs if p["name"] != "seed" and p["verdict"] in ("pass", "skipped")]
    loud = [p for p in profs if verbose or p not in quiet]
    # the seed first, then the profiles failing most (a bug at the deal fails nearly every one)
    shown = loud if verbose else sorted(loud, key=lambda p: (p["name"] != "seed", -_bad(p)))[:CONSOLE_PROFILES]
    for p in profs:
        if p in shown:
            out.append("  " + profile_line(p))
    if len(loud) > len(shown):
        out.append(f"  ... {len(loud) - len(shown)} more option profiles with failures (-v lists them)")
    if quiet and not verbose:
        n_pass = sum(1 for p in quiet if p["verdict"] == "pass")
        out.append(f"  ... {len(quiet)} other option profiles: {n_pass} pass, {len(quiet) - n_pass} skipped (-v lists "
                   "them)")
    if table != "off":
        cut = table == "problems" and not verbose
        lines = rule_table(report, only_problems=table == "problems")
        hidden = len(lines) - 1 - CONSOLE_RULES if cut else 0
        if hidden > 0:  # the rules most cases fail first, when not all are shown
            lines = rule_table(report, only_problems=True, worst_first=True)
        if lines:
            title = "per rule (rules with failures, errors or known failures" + (
                "; most failures first):" if hidden > 0 else "):") if table == "problems" else "per rule:"
            out += ["", title, *(f"  {x}" for x in (lines[: CONSOLE_RULES + 1] if hidden > 0 else lines))]
            if hidden > 0:
                out.append(f"  ... {hidden} more rules with failures (-v, --table full, or the Markdown/JSON report)")
    return visible_lines(out)


# ---------------------------------------------------------------------------- Markdown
#: The cases not run the Markdown report names (the JSON report and JUnit list them all).
_NOT_RUN_SHOWN = 20


def _md_verdict(report: JSON) -> str:
    from ..harness.report import stopped_early

    early = stopped_early(report)
    if early is not None:
        return early.upper()
    return "PASS" if report["ok"] else "FAIL"


def markdown(report: JSON) -> str:
    """The Markdown report.  Every text of the report (the engine's name, its messages and
    reasons, titles and file names) is escaped (:func:`~.escape.md`): a viewer shows it
    as text, never as markup."""
    from ..harness.report import checked_text

    c = report["counts"]
    run = report["run"]
    out = [
        "# Tonk conformance report",
        "",
        f"- {md(engine_line(report))}",
        f"- {md(declared_line(report).strip())}",
        f"- suite: tonk {md(report['suite']['version'])}, {c['total']} cases",
        f"- run: {md(run['date'])}, {run['duration_s']:.1f} s, {run['workers']} worker(s)",
        f"- result: **{_md_verdict(report)}**: {counts_text(c)}",
        f"- {checked_text(c)} (a case skipped or not run counts against the whole suite)",
    ]
    if run.get("stopped"):
        out.append(f"- the run stopped early: {md(run['stopped'])}")
    not_run = report.get("not_run") or []
    if not_run:
        shown = ", ".join(md_code(i) for i in not_run[:_NOT_RUN_SHOWN])
        more = f" and {len(not_run) - _NOT_RUN_SHOWN} more" if len(not_run) > _NOT_RUN_SHOWN else ""
        out.append(f"- not run ({len(not_run)}): {shown}{more}")
    out += [f"- {md(x.strip())}" for x in table_lines(report)]
    nc = not_checked_lines(report)
    if nc:
        out += ["", "## Not checked", "", *(f"- {md(x.strip())}" for x in nc)]
    parts = in_part_groups(report)
    if parts:
        out += ["", "## Checked in part", ""]
        out += [f"- {md(line)}: {', '.join(md_code(i) for i in ids)}" for line, ids in parts]
    out += ["", "## Profiles", "", "| profile | verdict | cases | ran | passed | failed | errored | known |",
            "|---|---|---:|---:|---:|---:|---:|---:|"]
    for p in report["profiles"]:
        pc = p["counts"]
        out.append(f"| {md_code(p['name'], cell=True)} | {p['verdict']} | {p['cases']} | {p['ran']} | "
                   f"{pc['passed']} | {pc['failed']} | {pc['errored']} | {pc['known']} |")
    if report["groups"]:
        out += ["", "## Failures by cause", "", "| cases | status | cause | rule | case ids |",
                "|---:|---|---|---|---|"]
        for g in report["groups"]:
            out.append(f"| {g['count']} | {g['status']} | {md(g['cause'])} | {md(g['rule'] or '')} | "
                       f"{', '.join(md_code(i, cell=True) for i in g['cases'])} |")
        by_id = {x["id"]: x for x in report["cases"]}
        out += ["", "## Failing cases", ""]
        drawn: set[str] = set()  # a case of several causes once, under its first group, every failure
        for g in report["groups"]:
            for cid in g["cases"]:
                if cid in drawn:
                    continue
                drawn.add(cid)
                out += md_fence(case_detail(report, by_id[cid], failures=None))
                tr = by_id[cid].get("transcript") or []
                if tr:
                    out += ["<details><summary>transcript</summary>", ""]
                    out += md_fence([line for x in tr for line in _exchange_lines(x, 400)])
                    out += ["", "</details>", ""]
    for e in report["load_errors"]:
        out += ["", f"### load error: {md_code(e['source'])}", "", *md_fence(e["message"].splitlines())]
    known = [x for x in report["cases"] if x["status"] == "known"]
    if known:
        out += ["", "## Known failures", ""]
        out += [f"- {md_code(x['id'])}: {md(x.get('known', ''))}" for x in known]
    if report["skips"]:
        out += ["", "## Skipped", "", "| need | cases | would run if declared alone |", "|---|---:|---:|"]
        out += [f"| {md(s['need'])} | {s['cases']} | {s['gain']} |" for s in report["skips"]]
    out += ["", "## Rules", ""]
    lines = rule_table(report, only_problems=False)
    if lines:
        out += ["| " + " | ".join(["rule", "passed", "failed", "skipped", "errored", "known", "not checked"]) + " |",
                "|---|" + "---:|" * 6]
        for rid, rc in report["rules"].items():
            out.append(f"| {md(rid)} | {rc['passed']} | {rc['failed']} | {rc['skipped']} | {rc['errored']} | "
                       f"{rc['known']} | {rc['not_checked']} |")
    return "\n".join(out).rstrip() + "\n"


def summary_line(report: JSON, code: int) -> str:
    """The last line of a run, about the engine: its verdict by exit status
    (spec/scenarios.md, "Exit status"; 4 is nothing checked, never a failure), its counts
    and its name (the suite's own gaps are said on a line of their own before it)."""
    from .escape import visible

    verdict = {0: "PASS", 3: "ENGINE UNUSABLE", 4: "NOTHING CHECKED"}.get(code, "FAIL")
    engine = visible(f"{report['engine']['name']} {report['engine']['version']}")
    return f"tonk check: {verdict}: {counts_text(report['counts'])} ({engine})"
