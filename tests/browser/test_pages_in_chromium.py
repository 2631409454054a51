"""The HTML pages in a real browser: the conformance report of three engines (the reference,
the example JavaScript engine and a fake engine with a bug, so that cases fail), the same
report opened at a failing case and showing that case alone, a report of the same cases
known to fail on one engine and erroring on another that crashes (amber cells, engine
faults, one case ID under two engines), a ruling, a diff and a replay, each a file
written by the command a user runs.

Headless Chromium, driven by puppeteer-core (``pages_driver.mjs``, one node process and one
browser for the whole module), loads each page at a desktop's width (1280 px) and a
phone's (390 px), in light and dark mode (``prefers-color-scheme``), with every
``<details>`` open; axe-core must find no violation and the page must not scroll sideways.
The report's script runs (its filters and an open case are read from the address, and
this test reads the DOM the script leaves), and the screenshots are not blank.

Needs Debian's ``chromium``, ``node`` and the npm packages of ``package.json`` (``npm ci``;
or ``TONK_NODE_MODULES=DIR``); ``.ci/run`` installs them.  Missing, the test is skipped,
saying why, except in CI (``CI`` or ``TONK_BROWSER_REQUIRED`` set), where it fails.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import browserkit
import pytest
from browserkit import chromium, node
from pngread import read_png

from tonk_ref.tools import cli
from tonk_ref.views.html_report import case_anchor

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).resolve().parent / "pages_driver.mjs"
FAKE = ROOT / "tests" / "fakes" / "fake_engine.py"
JS_ENGINE = ROOT / "examples" / "js-engine" / "server.js"
SELECT = "pay-w7"
JUDGED = "2 players, dealer 1; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; 0 knocks"
#: the engines of the report, in its order; the one with the bug is the last
BUGGY = 2
SIZES = {1280: 900, 390: 844}
SCHEMES = ("light", "dark")
#: the pages checked with axe-core and for sideways scroll, each with every <details> open
#: (the report opened at a failing case from its address, as a link to a failure opens it)
KINDS = ("report", "case-alone", "faults", "ruling", "diff", "replay")


def node_modules() -> Path:
    return browserkit.node_modules("puppeteer-core", "axe-core")


def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main(list(argv))
    return code, out.getvalue()


class Dom(HTMLParser):
    """Each element with an id or a data-rule: its attributes, and how many cards it holds."""

    def __init__(self) -> None:
        super().__init__()
        self.by_id: dict[str, dict[str, Any]] = {}
        self.rows: dict[str, dict[str, Any]] = {}
        self.stack: list[str] = []
        self.open: list[dict[str, Any]] = []
        self.body: dict[str, Any] = {}
        self.count_text = ""
        self._in_count = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a: dict[str, Any] = dict(attrs)
        if tag == "body":
            self.body = a
        if "card" in (a.get("class") or "").split():
            for rec in self.open:
                rec["cards"] += 1
        if tag in ("br", "meta", "input", "link"):
            return
        rec = {"tag": tag, "attrs": a, "cards": 0}
        if a.get("id"):
            self.by_id[a["id"]] = rec
        if a.get("data-rule"):
            self.rows[a["data-rule"]] = rec
        self._in_count = a.get("id") == "f-count"
        self.stack.append(tag)
        self.open.append(rec)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("br", "meta", "input", "link"):
            return
        if tag in self.stack:
            while self.stack:
                self.open.pop()
                if self.stack.pop() == tag:
                    break
        self._in_count = False

    def handle_data(self, data: str) -> None:
        if self._in_count:
            self.count_text += data


def dom(text: str) -> Dom:
    d = Dom()
    d.feed(text)
    return d


def make_pages(tmp: Path) -> dict[str, Any]:
    """The pages, written by the commands a user runs, from a real run with failures."""
    ref, js, bug = tmp / "ref.json", tmp / "js.json", tmp / "bug.json"
    assert cli.main(["check", "-k", SELECT, "--no-progress", "--json", str(ref)]) == 0
    assert cli.main(["check", "-k", SELECT, "--no-progress", "--adapter-cmd", f"{node()} {JS_ENGINE}",
                     "--json", str(js)]) == 0
    engine = f"{sys.executable} {FAKE} --mode bug_knock_tie"
    assert cli.main(["check", "-k", SELECT, "--no-progress", "--adapter-cmd", engine, "--json", str(bug)]) == 1
    report = tmp / "report.html"
    assert cli.main(["report", "--html", str(report), str(ref), str(js), str(bug)]) == 0
    # the same cases known to fail on one engine, erroring on another that crashes at a knock
    known, crash, faults = tmp / "known.yaml", tmp / "crash.json", tmp / "faults.html"
    assert cli.main(["check", "-k", SELECT, "--no-progress", "--adapter-cmd", engine,
                     "--write-known-failures", str(known)]) == 0
    assert cli.main(["check", "-k", SELECT, "--no-progress", "--adapter-cmd", engine, "--known-failures", str(known),
                     "--json", str(tmp / "known.json")]) == 0
    crashing = f"{sys.executable} {FAKE} --mode crash --action knock"
    assert cli.main(["check", "-k", SELECT, "--no-progress", "--adapter-cmd", crashing, "--json", str(crash)]) == 1
    assert cli.main(["report", "--html", str(faults), str(tmp / "known.json"), str(crash)]) == 0
    files = {"report": report, "faults": faults}
    for name, argv in (("ruling", ["judge", JUDGED, "--format", "html"]),
                       ("diff", ["diff", "seed", "online", "--format", "html"]),
                       ("replay", ["explain", "pay-w7-knock-tie-2p", "--format", "html"])):
        code, text = run_cli(*argv)
        assert code == 0, f"tonk {' '.join(argv)}: exit {code}"
        files[name] = tmp / f"{name}.html"
        files[name].write_text(text, encoding="utf-8")
    failing = [c["id"] for c in json.loads(bug.read_text(encoding="utf-8"))["cases"] if c["status"] == "failed"]
    assert failing, "the engine with a bug failed no case"
    anchor = case_anchor(BUGGY, failing[0])
    base = report.as_uri()
    urls = {name: f.as_uri() for name, f in files.items()}
    urls["case-open"] = f"{base}#case={anchor}"
    urls["case-alone"] = f"{base}#case={anchor}&only=1"
    return {"files": files, "urls": urls, "failing": failing, "anchor": anchor}


@pytest.fixture(scope="module")
def browsed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """One run of the driver for the whole module: the DOM of the report in several states,
    axe-core and the width of every page kind at each size and scheme, and screenshots."""
    exe, nodejs, nm = chromium(), node(), node_modules()
    tmp = tmp_path_factory.mktemp("pages")
    made = make_pages(tmp)
    urls = made["urls"]
    base = urls["report"]
    tasks: list[dict[str, Any]] = []
    desk = {"width": 1280, "height": SIZES[1280], "scheme": "light"}
    for key, url in (("dom-report", base), ("dom-case-open", urls["case-open"]),
                     ("dom-case-alone", urls["case-alone"]), ("dom-filtered", f"{base}#section=PAY&problems=1"),
                     ("dom-rule", f"{base}#rule=knock-3")):
        tasks.append({"id": key, "url": url, "dom": True, **desk})
    for kind in KINDS:
        url = urls["case-open" if kind == "report" else kind]
        for width, height in SIZES.items():
            for scheme in SCHEMES:
                tasks.append({"id": f"{kind}-{width}-{scheme}", "url": url, "width": width, "height": height,
                              "scheme": scheme, "axe": True, "open_details": True})
    for kind in ("report", "ruling"):
        for width, height in SIZES.items():
            tasks.append({"id": f"shot-{kind}-{width}", "url": urls[kind], "width": width, "height": height,
                          "scheme": "light", "screenshot": str(tmp / f"{kind}-{width}.png")})
    cfg = {"node_modules": str(nm), "chromium": exe, "tasks": tasks}
    done = subprocess.run([nodejs, str(DRIVER)], input=json.dumps(cfg), capture_output=True, text=True,
                          timeout=900, check=False)
    assert done.returncode == 0, f"the driver failed:\n{done.stderr[-3000:]}"
    (tmp / "driver.log").write_text(done.stderr, encoding="utf-8")  # each task's time
    out = json.loads(done.stdout)
    results = {r["id"]: r for r in out["results"]}
    yield {**made, "tmp": tmp, "results": results, "blocked": out["blocked"], "console": out["console"]}


def result(browsed: dict[str, Any], key: str) -> dict[str, Any]:
    r: dict[str, Any] = browsed["results"][key]
    assert r["ok"], f"{key}: {r.get('error')}"
    return r


def test_the_pages_need_no_network_and_log_no_error(browsed: dict[str, Any]) -> None:
    assert browsed["blocked"] == []
    assert browsed["console"] == []


def test_the_report_runs_its_script_and_names_engines_and_rules(browsed: dict[str, Any]) -> None:
    d = dom(result(browsed, "dom-report")["dom"])
    assert d.body.get("data-ready") == "1", "the page's script did not run to its end"
    cases = [i for i, rec in d.by_id.items() if "case" in (rec["attrs"].get("class") or "").split()]
    assert cases and all(i.startswith(f"e{BUGGY}-") for i in cases), "a failing case of an engine that passed"
    for rid in ("PAY-KNOCK-3", "PAY-CAUGHT-1", "GAME-1"):
        assert rid in d.rows, rid
    text = browsed["files"]["report"].read_text(encoding="utf-8")
    assert "tonk_ref 0.1.0 (fake_engine.py --mode bug_knock_tie)" in text
    assert "tonk_ref 0.1.0 (tonk_ref.adapters.inprocess:reference)" in text
    assert "tonk-js-example" in text
    assert d.count_text.strip() == f"{len(d.rows)} rules shown"


def test_a_failing_case_opens_from_the_address_and_shows_its_cards(browsed: dict[str, Any]) -> None:
    anchor = browsed["anchor"]
    closed = dom(result(browsed, "dom-report")["dom"])
    assert "open" not in closed.by_id[anchor]["attrs"]
    d = dom(result(browsed, "dom-case-open")["dom"])
    case = d.by_id[anchor]
    assert "open" in case["attrs"], "the case named in the address did not open"
    assert case["cards"] >= 10, "the open case draws no cards"
    alone = result(browsed, "dom-case-alone")
    page = dom(alone["dom"])
    assert "only" in page.by_id and "hidden" not in page.by_id[anchor]["attrs"]
    # the case alone has a level-one heading of its own: the case's ID
    assert alone["h1"] == [browsed["failing"][0]]
    assert alone["title"].startswith(browsed["failing"][0])


def test_the_filters_work_from_the_address(browsed: dict[str, Any]) -> None:
    d = dom(result(browsed, "dom-filtered")["dom"])
    shown = {rid for rid, row in d.rows.items() if "hidden" not in row["attrs"]}
    assert shown, "every row is hidden"
    assert all(rid.startswith("PAY-") for rid in shown), shown
    assert all(d.rows[rid]["attrs"].get("data-problem") == "1" for rid in shown)
    assert "PAY-KNOCK-3" in shown and "GAME-1" not in shown
    assert d.count_text.strip() == f"{len(shown)} rule{'s' if len(shown) != 1 else ''} shown"
    one = dom(result(browsed, "dom-rule")["dom"])
    assert {rid for rid, row in one.rows.items() if "hidden" not in row["attrs"]} == {"PAY-KNOCK-3"}


def _violations(r: dict[str, Any]) -> str:
    return "\n".join(f"{v['id']} ({v['impact']}, {v['count']} elements): {v['help']}\n" + "\n".join(
        f"    {n['target']}: {n['html']}\n      {n['summary']}" for n in v["nodes"]) for v in r["violations"])


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", list(SIZES))
@pytest.mark.parametrize("kind", KINDS)
def test_axe_core_finds_no_violation(browsed: dict[str, Any], kind: str, width: int, scheme: str) -> None:
    r = result(browsed, f"{kind}-{width}-{scheme}")
    assert r["h1"], "the page shows no level-one heading"
    assert r["violations"] == [], f"{kind} at {width} px, {scheme}:\n{_violations(r)}"


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", list(SIZES))
@pytest.mark.parametrize("kind", KINDS)
def test_the_page_does_not_scroll_sideways(browsed: dict[str, Any], kind: str, width: int, scheme: str) -> None:
    r = result(browsed, f"{kind}-{width}-{scheme}")
    assert r["inner_width"] == width
    assert r["scroll_width"] <= r["inner_width"], f"{kind} is {r['scroll_width']} px wide at {width} px: {r['wide']}"


@pytest.mark.parametrize("width", list(SIZES))
@pytest.mark.parametrize("kind", ["report", "ruling"])
def test_screenshots_are_not_blank(browsed: dict[str, Any], kind: str, width: int) -> None:
    result(browsed, f"shot-{kind}-{width}")
    shot = browsed["tmp"] / f"{kind}-{width}.png"
    img = read_png(shot.read_bytes())
    assert img.width == width and img.height == SIZES[width]
    colours = img.pixels(step=2)
    total = sum(colours.values())
    background = colours.most_common(1)[0][1]
    assert len(colours) > 40, f"{shot.name}: {len(colours)} colours: blank"
    assert total - background > total // 50, f"{shot.name}: almost every pixel is the background"


def test_the_faults_page_holds_what_it_is_checked_for(browsed: dict[str, Any]) -> None:
    """The second report draws known failures (amber), errored cases with the engine's fault,
    and the same case under both engines: axe-core above sees each of them."""
    text = browsed["files"]["faults"].read_text(encoding="utf-8")
    assert 'class="cell known"' in text and 'class="cell fail"' in text
    assert "<h4>Engine fault</h4>" in text
    first = browsed["failing"][0]
    assert all(case_anchor(i, first) in dom(text).by_id for i in (0, 1)), "the same case under both engines"
