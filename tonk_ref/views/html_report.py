"""The conformance report of one or more engines as one self-contained HTML page (``tonk
report --html``), rendered from the JSON reports of ``tonk check --json`` (:mod:`.report`).

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
  then the skips by reason with the gain of each declaration.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..harness.results import Fault
from ..harness.transcript import exchange_lines
from ..spec.rulebook import load_rules, load_sections
from . import cardface
from .htmlpage import esc, page
from .render import counts_text, not_checked_lines, replay_command

JSON = dict[str, Any]

#: Failing cases drawn in full per cause and engine; the others are listed by id.
CASES_PER_GROUP = 40

STATUS_ORDER = ("failed", "errored", "known", "passed", "skipped")

CSS = """
header.top{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:.5rem}
nav.toc{display:flex;flex-wrap:wrap;gap:.3rem .9rem;font-size:.95rem}
form.filters{display:flex;flex-wrap:wrap;gap:.5rem .9rem;align-items:center;position:sticky;top:0;z-index:2;
  background:var(--bg);padding:.5rem 0;border-bottom:1px solid var(--line)}
form.filters input[type=search]{width:11rem}
table.engines td:last-child{min-width:14rem}
table.engines details{margin:.3rem 0 0}
table.matrix td.cell{white-space:nowrap;font-variant-numeric:tabular-nums;min-width:7.5rem}
table.matrix tr.section th{background:var(--bg);font-size:1rem;position:static}
table.matrix td.rule{white-space:nowrap}table.matrix td.rule small{display:block;color:var(--muted);
  white-space:normal;max-width:16rem}
.cell b{font-weight:700}
.verdict{font-weight:700;text-transform:uppercase;font-size:.85em}
details.case>summary code{word-break:break-all}
table.diffs td{word-break:break-word}
.counts span{margin-right:.6em}
"""

SCRIPT = r"""
(function () {
  var $ = function (s, r) { return (r || document).querySelector(s); };
  var $$ = function (s, r) { return Array.prototype.slice.call((r || document).querySelectorAll(s)); };
  var sec = $('#f-section'), rule = $('#f-rule'), prob = $('#f-problems'), count = $('#f-count');
  function matchRule(id, title, q) {
    return !q || id.toUpperCase().indexOf(q) >= 0 || (title || '').toUpperCase().indexOf(q) >= 0;
  }
  function apply() {
    var s = sec.value, q = rule.value.trim().toUpperCase(), p = prob.checked, shown = 0;
    $$('tr[data-rule]').forEach(function (row) {
      var ok = (!s || row.dataset.section === s) && matchRule(row.dataset.rule, row.dataset.title, q)
        && (!p || row.dataset.problem === '1');
      row.hidden = !ok;
      if (ok) { shown += 1; }
    });
    $$('tr[data-section-head]').forEach(function (head) {
      head.hidden = !$$('tr[data-rule][data-section="' + head.dataset.sectionHead + '"]')
        .some(function (r) { return !r.hidden; });
    });
    $$('tr[data-profile]').forEach(function (row) { row.hidden = p && row.dataset.problem !== '1'; });
    $$('details.case').forEach(function (c) {
      var rules = c.dataset.rules.split(' '), secs = c.dataset.sections.split(' ');
      c.hidden = !((!s || secs.indexOf(s) >= 0) && (!q || rules.some(function (x) { return x.indexOf(q) >= 0; })));
    });
    $$('details.group').forEach(function (g) {
      g.hidden = !$$('details.case', g).some(function (c) { return !c.hidden; });
    });
    count.textContent = shown + (shown === 1 ? ' rule shown' : ' rules shown');
    document.body.dataset.filtered = (s || q || p) ? '1' : '0';
  }
  function toHash(extra) {
    var h = new URLSearchParams();
    if (sec.value) { h.set('section', sec.value); }
    if (rule.value.trim()) { h.set('rule', rule.value.trim()); }
    if (prob.checked) { h.set('problems', '1'); }
    if (extra) { h.set('case', extra); }
    var text = h.toString();
    history.replaceState(null, '', text ? '#' + text : location.pathname + location.search);
  }
  function openCase(id) {
    var d = document.getElementById(id);
    if (!d) { return; }
    d.hidden = false;
    for (var x = d; x; x = x.parentElement) {
      if (x.tagName === 'DETAILS') { x.open = true; x.hidden = false; }
    }
    d.scrollIntoView();
    var s = d.querySelector('summary');
    if (s) { s.focus({preventScroll: true}); }
  }
  function alone(id) {
    // '#case=ID&only=1': the case by itself, at the top of the page (a link to one failure)
    var d = document.getElementById(id), main = $('main');
    if (!d) { return; }
    var box = document.createElement('section');
    box.id = 'only';
    box.innerHTML = '<p><a href="#">the whole report</a></p>';
    box.appendChild(d);
    Array.prototype.slice.call(main.children).forEach(function (c) { c.hidden = true; });
    main.insertBefore(box, main.firstChild);
    d.hidden = false;
    d.open = true;
    document.title = d.querySelector('summary code').textContent + ' \u2013 ' + document.title;
  }
  function fromHash() {
    var h = new URLSearchParams(location.hash.slice(1));
    if ($('#only') && !h.get('only')) { location.reload(); return; }
    sec.value = h.get('section') || '';
    rule.value = h.get('rule') || '';
    prob.checked = h.get('problems') === '1';
    apply();
    if (h.get('case') && h.get('only') === '1') { alone(h.get('case')); }
    else if (h.get('case')) { openCase(h.get('case')); }
  }
  [sec, prob].forEach(function (el) { el.addEventListener('change', function () { apply(); toHash(); }); });
  rule.addEventListener('input', function () { apply(); toHash(); });
  $('#f-reset').addEventListener('click', function () {
    sec.value = ''; rule.value = ''; prob.checked = false; apply(); toHash();
  });
  $$('details.case').forEach(function (d) {
    d.addEventListener('toggle', function () { if (d.open) { toHash(d.id); } });
  });
  $$('button.copy').forEach(function (b) {
    b.addEventListener('click', function () {
      var text = document.getElementById(b.dataset.target).textContent;
      var done = function () { b.textContent = 'copied'; setTimeout(function () { b.textContent = 'copy'; }, 1500); };
      if (navigator.clipboard) { navigator.clipboard.writeText(text).then(done, function () {}); }
    });
  });
  window.addEventListener('hashchange', fromHash);
  fromHash();
  document.body.dataset.ready = '1';
})();
"""


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


def _cell(c: Mapping[str, int] | None) -> str:
    if c is None:
        return '<td class="cell none">no cases</td>'
    parts = []
    for key, sign, title in (("passed", "\u2713", "passed"), ("failed", "\u2717", "failed"),
                             ("errored", "!", "errored"), ("known", "~", "known failures"),
                             ("skipped", "\u2013", "skipped")):
        if c.get(key):
            parts.append(f'<span title="{title}">{sign}<b>{c[key]}</b></span>')
    if c.get("not_checked"):
        parts.append(f'<span title="expectations not checked">nc {c["not_checked"]}</span>')
    return f'<td class="cell {_status_class(c)}">{" ".join(parts) or "0"}</td>'


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in text)


def case_anchor(engine: int, case_id: str) -> str:
    """The HTML id of a failing case of engine ``engine`` (``#case=`` opens it)."""
    return f"e{engine}-{_slug(case_id)}"


def _verdict_badge(verdict: str) -> str:
    cls = {"pass": "pass", "fail": "fail", "known": "known", "skipped": "skip"}.get(verdict, "none")
    return f'<span class="badge verdict {cls}">{esc(verdict)}</span>'


def _options_text(options: Mapping[str, Sequence[object]]) -> str:
    if not options:
        return "none (the defaults only)"
    return "; ".join(f"{k}: {' / '.join(v if isinstance(v, str) else json.dumps(v) for v in vs)}"
                     for k, vs in sorted(options.items()))


# ---------------------------------------------------------------------------- sections
def _engines(reports: Sequence[JSON], labels: Sequence[str]) -> str:
    rows = []
    for i, r in enumerate(reports):
        e, c = r["engine"], r["counts"]
        ok = "pass" if r["ok"] else "fail"
        opts = e.get("options") or {}
        declared = (f"<details><summary>{len(opts)} options ({sum(len(v) for v in opts.values())} values)"
                    f"</summary><div class=\"body\">{esc(_options_text(opts))}</div></details>") if opts else \
            "<br>options: none (the defaults only)"
        rows.append(
            f'<tr><td><a href="#engine-{i}"><b>{esc(engine_label(r))}</b></a><br><small class="muted">protocol '
            f'{esc(e["protocol"])} · {esc(r["run"]["adapter"])}</small></td>'
            f'<td>{_verdict_badge(ok)}</td>'
            f'<td class="n">{c["passed"]}</td><td class="n">{c["failed"]}</td><td class="n">{c["errored"]}</td>'
            f'<td class="n">{c["known"]}</td><td class="n">{c["skipped"]}</td>'
            f'<td>features: {esc(", ".join(e.get("features") or []) or "none")}{declared}</td></tr>')
    return ('<h2 id="engines">Engines</h2><div class="scroll"><table class="engines"><thead><tr><th>engine</th>'
            '<th>result</th><th>passed</th><th>failed</th><th>errored</th><th>known</th><th>skipped</th>'
            '<th>declares</th></tr></thead><tbody>' + "".join(rows) + "</tbody></table></div>")


def _filters(sections: Mapping[str, str]) -> str:
    options = "".join(f'<option value="{esc(k)}">{esc(k)}: {esc(v)}</option>' for k, v in sections.items())
    return (
        '<form class="filters" role="search" aria-label="filter the matrix and the failing cases" '
        'onsubmit="return false">'
        f'<label>section <select id="f-section"><option value="">every section</option>{options}</select></label>'
        '<label>rule <input id="f-rule" type="search" placeholder="PAY-KNOCK, tie..." autocomplete="off"></label>'
        '<label><input id="f-problems" type="checkbox"> problems only</label>'
        '<button type="button" id="f-reset">show all</button>'
        '<span id="f-count" class="muted" aria-live="polite"></span></form>'
    )


def _matrix(reports: Sequence[JSON], labels: Sequence[str]) -> str:
    rules = load_rules()
    sections = load_sections()
    known = {r.id for r in rules}
    extra = sorted({rid for rep in reports for rid in rep["rules"] if rid not in known})
    head = "".join(f"<th>{esc(label)}</th>" for label in labels)
    body: list[str] = []
    by_section: dict[str, list[tuple[str, str]]] = {}
    for rule in rules:
        if rule.status == "active":
            by_section.setdefault(rule.section, []).append((rule.id, rule.title))
    if extra:
        by_section["OTHER"] = [(rid, "not in spec/rules.yaml") for rid in extra]
    for code, members in by_section.items():
        title = sections.get(code, "Other rule IDs")
        body.append(f'<tr class="section" data-section-head="{esc(code)}"><th colspan="{len(labels) + 1}">'
                    f'{esc(code)}: {esc(title)}</th></tr>')
        for rid, rtitle in members:
            cells = [rep["rules"].get(rid) for rep in reports]
            problem = any(c and (c["failed"] or c["errored"] or c["known"]) for c in cells)
            body.append(
                f'<tr data-rule="{esc(rid)}" data-title="{esc(rtitle)}" data-section="{esc(code)}" '
                f'data-problem="{1 if problem else 0}"><td class="rule"><code>{esc(rid)}</code>'
                f'<small>{esc(rtitle)}</small></td>{"".join(_cell(c) for c in cells)}</tr>')
    legend = ('<p class="muted">Each cell counts the cases that cite the rule: \u2713 passed, \u2717 failed, '
              '! errored, ~ known failure, \u2013 skipped (the engine did not declare what they need), nc: '
              'expectations not checked for want of a feature.  A cell is red when a case failed or errored, '
              'amber for known failures only, green when cases passed, grey when every case was skipped.</p>')
    return (f'<h2 id="matrix">Rules by engine</h2>{legend}<div class="scroll"><table class="matrix"><thead><tr>'
            f"<th>rule</th>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>")


def _profiles(reports: Sequence[JSON], labels: Sequence[str]) -> str:
    names: list[str] = []
    for rep in reports:
        for p in rep["profiles"]:
            if p["name"] not in names:
                names.append(p["name"])
    names = ["seed", *sorted(n for n in names if n != "seed")] if "seed" in names else sorted(names)
    index = [{p["name"]: p for p in rep["profiles"]} for rep in reports]
    rows = []
    for name in names:
        cells = []
        problem = False
        for idx in index:
            p = idx.get(name)
            if p is None:
                cells.append('<td class="none">no cases</td>')
                continue
            problem = problem or p["verdict"] in ("fail", "known")
            cls = {"pass": "pass", "fail": "fail", "known": "known", "skipped": "skip"}[p["verdict"]]
            cells.append(f'<td class="{cls}"><span class="verdict">{esc(p["verdict"])}</span> '
                         f'<small>{p["ran"]} of {p["cases"]} ran</small></td>')
        rows.append(f'<tr data-profile="{esc(name)}" data-problem="{1 if problem else 0}"><td><code>{esc(name)}'
                    f'</code></td>{"".join(cells)}</tr>')
    head = "".join(f"<th>{esc(label)}</th>" for label in labels)
    return ('<h2 id="profiles">Profiles</h2><p class="muted">A profile is the seed rules, or one option value '
            'other than the default: its verdict, and how many of its cases ran.</p>'
            f'<div class="scroll"><table class="profiles"><thead><tr><th>profile</th>{head}</tr></thead><tbody>'
            f'{"".join(rows)}</tbody></table></div>')


def _state_block(title: str, state: JSON | None) -> str:
    if not state:
        return ""
    return f'<div><h4>{esc(title)}</h4>{cardface.table(state)}</div>'


def _script(case: JSON) -> str:
    steps = case.get("script") or []
    if not steps:
        return ""
    at = case.get("failing_step")
    items = []
    for i, s in enumerate(steps):
        cls = "failing" if at == i else ("after" if at is not None and i > at else "")
        text = s.get("action") or s["text"]
        note = f' <small class="muted">({esc(s["text"])})</small>' if s.get("action") and s["text"] != text else ""
        mark = ' <span class="badge fail">fails here</span>' if at == i else ""
        cur = ' aria-current="step"' if at == i else ""
        items.append(f'<li class="{cls}"{cur}><small class="muted">line {s["line"]}</small> '
                     f'<code>{esc(text)}</code>{note}{mark}</li>')
    final = [f for f in case["failures"] if f["step"] is None]
    if at is None and final:
        items.append(f'<li class="failing" aria-current="step"><small class="muted">line {final[0]["line"]}</small> '
                     'the final result <span class="badge fail">fails here</span></li>')
    return f"<h4>Script</h4><ol class=\"script\" start=\"0\">{''.join(items)}</ol>"


def _expected_actual(case: JSON) -> str:
    rows = []
    for f in case["failures"]:
        step = esc(f["text"])
        if f["diffs"]:
            for d in f["diffs"]:
                rows.append(f"<tr><td>{step}</td><td><code>{esc(d['field'])}</code></td>"
                            f"<td><code>{esc(json.dumps(d['expected']))}</code></td>"
                            f"<td><code>{esc(json.dumps(d['actual']))}</code></td>"
                            f"<td>{esc(d.get('note') or '')}</td></tr>")
        else:
            rows.append(f'<tr><td>{step}</td><td colspan="4">{esc(f["message"])}</td></tr>')
    out = ""
    if rows:
        out += ('<h4>Expected against actual</h4><div class="scroll"><table class="diffs"><thead><tr><th>step</th>'
                '<th>field</th><th>expected</th><th>actual</th><th>note</th></tr></thead><tbody>'
                + "".join(rows) + "</tbody></table></div>")
    if case.get("fault"):
        out += f"<h4>Engine fault</h4><pre>{esc(chr(10).join(Fault(**case['fault']).lines()))}</pre>"
    return out


def _case(report: JSON, engine: int, case: JSON, sections: Mapping[str, str]) -> str:
    anchor = case_anchor(engine, case["id"])
    status = case["status"]
    cls = {"failed": "fail", "errored": "fail", "known": "known"}.get(status, "none")
    secs = sorted({rid.split("-", 1)[0] for rid in case["rules"]})
    scene = case.get("scene") or {}
    at = case.get("failing_step")
    moment = ("before the failing step" if at is not None else "at the end of the script")
    tables = "".join([
        _state_block("The deal", scene.get("deal")),
        _state_block(f"The table {moment}, as the reference plays it", scene.get("table")),
        _state_block("The table as the engine last reported it", scene.get("engine_table")),
    ])
    if not tables:
        tables = '<p class="muted">No deal to draw (the case deals no hand, or its setup is refused).</p>'
    transcript = case.get("transcript") or []
    tr_html = ""
    if transcript:
        lines = [line for x in transcript for line in exchange_lines(x, 400)]
        tr_html = (f"<details class=\"transcript\"><summary>Transcript ({len(transcript)} requests)</summary>"
                   f"<div class=\"body\"><pre>{esc(chr(10).join(lines))}</pre></div></details>")
    cmd_id = f"{anchor}-replay"
    replay = replay_command(report, case["id"])
    options = ", ".join(f"{k}={json.dumps(v) if not isinstance(v, str) else v}" for k, v in case["options"].items())
    return (
        f'<details class="case" id="{esc(anchor)}" data-rules="{esc(" ".join(case["rules"]))}" '
        f'data-sections="{esc(" ".join(secs))}"><summary><span class="badge {cls}">{esc(status)}</span> '
        f'<code>{esc(case["id"])}</code> <span class="muted">{esc(case["title"])}</span></summary>'
        f'<div class="body"><dl class="kv"><dt>file</dt><dd><code>{esc(case["source"])}</code></dd>'
        f'<dt>rules</dt><dd>{esc(", ".join(case["rules"]))}</dd>'
        f'<dt>options</dt><dd>{esc(options or "the seed rules")}</dd>'
        f'<dt>what happened</dt><dd>{esc(case["message"])}</dd></dl>'
        f'<div class="grid2">{tables}</div>{_script(case)}{_expected_actual(case)}{tr_html}'
        f'<h4>Replay it</h4><div class="cmd"><pre id="{esc(cmd_id)}">{esc(replay)}</pre>'
        f'<button type="button" class="copy" data-target="{esc(cmd_id)}" aria-label="copy the replay command">'
        f"copy</button></div></div></details>"
    )


def _engine_section(report: JSON, engine: int, label: str, sections: Mapping[str, str]) -> str:
    c = report["counts"]
    run = report["run"]
    out = [f'<h2 id="engine-{engine}">{esc(label)}</h2>',
           f'<p>{_verdict_badge("pass" if report["ok"] else "fail")} {esc(counts_text(c))} '
           f'<span class="muted">({c["total"]} cases, {run["duration_s"]:.1f} s, {esc(run["date"])}, '
           f'suite {esc(report["suite"]["version"])})</span></p>']
    if run.get("stopped"):
        out.append(f'<p class="fail panel">The run stopped early: {esc(run["stopped"])}</p>')
    if report.get("table"):
        t = report["table"]
        opts = ", ".join(f"{k}={v}" for k, v in t["options"].items()) or "the seed rules"
        out.append(f"<p>Under the table's rules <code>{esc(t['rules'])}</code> ({esc(opts)}).</p>")
    nc = not_checked_lines(report)
    if nc:
        out.append("<h3>Not checked</h3><ul>" + "".join(f"<li>{esc(x.strip())}</li>" for x in nc) + "</ul>")
    for e in report["load_errors"]:
        out.append(f'<p class="fail panel">Load error in <code>{esc(e["source"])}</code>: {esc(e["message"])}</p>')
    by_id = {x["id"]: x for x in report["cases"]}
    groups = report["groups"]
    known = [x for x in report["cases"] if x["status"] == "known"]
    if groups or known:
        out.append("<h3>Failures by cause</h3>")
        listing = [*groups]
        if known:
            listing.append({"cause": "known failures", "status": "known", "rule": None, "count": len(known),
                            "cases": [x["id"] for x in known]})
        for g in listing:
            rule = f" <code>{esc(g['rule'])}</code>" if g["rule"] else ""
            shown = g["cases"][:CASES_PER_GROUP]
            rest = g["cases"][CASES_PER_GROUP:]
            inner = "".join(_case(report, engine, by_id[cid], sections) for cid in shown if cid in by_id)
            if rest:
                inner += (f'<p class="muted">{len(rest)} more cases of this cause (the JSON report has them): '
                          f'{esc(", ".join(rest))}</p>')
            cls = "known" if g["status"] == "known" else "fail"
            out.append(f'<details class="group"><summary><span class="badge {cls}">{g["count"]} {esc(g["status"])}'
                       f'</span> {esc(g["cause"])}{rule}</summary><div class="body">{inner}</div></details>')
    else:
        out.append('<p class="pass panel">No case failed.</p>')
    skips = report["skips"]
    if skips:
        rows = "".join(
            f"<tr><td>{esc(s['need'])}</td><td class=\"n\">{s['cases']}</td><td class=\"n\">{s['gain']}</td>"
            f"<td>{esc(s['declare'] if s['kind'] != 'table' else 'cannot be played under the table')}</td></tr>"
            for s in skips)
        skipped = sum(1 for x in report["cases"] if x["status"] == "skipped")
        out.append(f'<h3>Skipped, by reason</h3><p class="muted">{skipped} '
                   'cases skipped. <em>Gain</em>: the cases that would run if the engine declared this alone.</p>'
                   '<div class="scroll"><table class="skips"><thead><tr><th>needs</th><th>cases</th><th>gain</th>'
                   f"<th>to run them, declare</th></tr></thead><tbody>{rows}</tbody></table></div>")
    return f'<section class="engine" aria-labelledby="engine-{engine}">{"".join(out)}</section>'


# ---------------------------------------------------------------------------- the page
def html_report(reports: Sequence[JSON], title: str = "Tonk conformance report") -> str:
    """One page for ``reports`` (each a ``tonk check --json`` report)."""
    labels = _labels(reports)
    sections = load_sections()
    dates = sorted(r["run"]["date"] for r in reports)
    toc = "".join(f'<a href="#engine-{i}">{esc(label)}</a>' for i, label in enumerate(labels))
    body = [
        f'<header class="top"><h1>{esc(title)}</h1><span class="muted">{len(reports)} '
        f'engine{"s" if len(reports) != 1 else ""} · runs of {esc(dates[0][:10])}'
        f'{" to " + esc(dates[-1][:10]) if dates[-1][:10] != dates[0][:10] else ""}</span></header>',
        f'<nav class="toc" aria-label="contents"><a href="#engines">Engines</a><a href="#matrix">Rules</a>'
        f'<a href="#profiles">Profiles</a>{toc}</nav>',
        _filters(sections),
        _engines(reports, labels),
        _matrix(reports, labels),
        _profiles(reports, labels),
        *(_engine_section(r, i, label, sections) for i, (r, label) in enumerate(zip(reports, labels, strict=True))),
        '<p class="muted">Written by <code>tonk report --html</code> from the JSON reports of '
        "<code>tonk check --json</code>. Filters and an open case are kept in the address "
        "(<code>#section=PAY&amp;rule=KNOCK&amp;problems=1&amp;case=ID</code>; add <code>&amp;only=1</code> to "
        "show that case alone).</p>",
    ]
    return page(title, "\n".join(body), css=CSS, script=SCRIPT)
