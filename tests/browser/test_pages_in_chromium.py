"""The HTML pages in a real browser: headless Chromium loads the conformance report of two
engines and a ruling from files, runs their scripts, and this test reads the DOM it
dumps (the engines and rule IDs are there; ``#case=ID`` opens a failing case that shows
its cards; ``#section=PAY&problems=1`` filters the matrix) and the screenshots it takes
at a desktop's and a phone's width (not blank).

Chromium is Debian's ``chromium`` package; ``.ci/run`` installs it.  Without it the test
is skipped, saying why, except in CI (``CI`` or ``TONK_BROWSER_REQUIRED`` set), where it
fails.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from pngread import read_png

from tonk_ref.tools import cli
from tonk_ref.views.html_report import case_anchor

ROOT = Path(__file__).resolve().parents[2]
FAKE = ROOT / "tests" / "fakes" / "fake_engine.py"
SELECT = "PAY-KNOCK-3 or PAY-CAUGHT-1"


def chromium() -> str:
    found = next((p for p in (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")) if p), None)
    if found:
        return found
    if os.environ.get("CI") or os.environ.get("TONK_BROWSER_REQUIRED"):
        pytest.fail("Chromium is not installed: .ci/run installs Debian's chromium package (apt-get install chromium)")
    pytest.skip("Chromium is not installed here (apt-get install chromium); this test runs in CI")


def browse(exe: str, tmp: Path, url: str, *extra: str) -> str:
    cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
           f"--user-data-dir={tmp / 'profile'}", "--virtual-time-budget=3000", *extra, url]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


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


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("pages")
    ref, bug = tmp / "ref.json", tmp / "bug.json"
    assert cli.main(["check", "-k", SELECT, "--no-progress", "--json", str(ref)]) == 0
    engine = f"{sys.executable} {FAKE} --mode bug_knock_tie"
    assert cli.main(["check", "-k", SELECT, "--no-progress", "--adapter-cmd", engine, "--json", str(bug)]) == 1
    report = tmp / "report.html"
    assert cli.main(["report", "--html", str(report), str(ref), str(bug)]) == 0
    ruling = tmp / "ruling.html"
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["judge", "2 players, dealer 1; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; "
                                  "discard Qs; 0 knocks", "--format", "html"]) == 0
    ruling.write_text(out.getvalue(), encoding="utf-8")
    import json

    failing = [c["id"] for c in json.loads(bug.read_text())["cases"] if c["status"] == "failed"]
    yield {"tmp": tmp, "report": report, "ruling": ruling, "failing": failing}


def test_the_report_runs_its_script_and_names_engines_and_rules(pages: dict[str, Any]) -> None:
    exe = chromium()
    d = dom(browse(exe, pages["tmp"], pages["report"].as_uri(), "--dump-dom"))
    assert d.body.get("data-ready") == "1", "the page's script did not run to its end"
    assert "e0-pay-knock-d5-tie-3p" not in d.by_id  # the reference passes: no failing case of engine 0
    for rid in ("PAY-KNOCK-3", "PAY-CAUGHT-1", "GAME-1"):
        assert rid in d.rows, rid
    text = pages["report"].read_text(encoding="utf-8")
    assert "tonk_ref 0.1.0 (fake_engine.py --mode bug_knock_tie)" in text
    assert "tonk_ref 0.1.0 (tonk_ref.adapters.inprocess:reference)" in text
    assert d.count_text.strip() == f"{len(d.rows)} rules shown"


def test_a_failing_case_opens_from_the_address_and_shows_its_cards(pages: dict[str, Any]) -> None:
    exe = chromium()
    anchor = case_anchor(1, pages["failing"][0])
    closed = dom(browse(exe, pages["tmp"], pages["report"].as_uri(), "--dump-dom"))
    assert "open" not in closed.by_id[anchor]["attrs"]
    d = dom(browse(exe, pages["tmp"], pages["report"].as_uri() + f"#case={anchor}", "--dump-dom"))
    case = d.by_id[anchor]
    assert "open" in case["attrs"], "the case named in the address did not open"
    assert case["cards"] >= 10, "the open case draws no cards"
    alone = dom(browse(exe, pages["tmp"], pages["report"].as_uri() + f"#case={anchor}&only=1", "--dump-dom"))
    assert "only" in alone.by_id and "hidden" not in alone.by_id[anchor]["attrs"]


def test_the_filters_work_from_the_address(pages: dict[str, Any]) -> None:
    exe = chromium()
    d = dom(browse(exe, pages["tmp"], pages["report"].as_uri() + "#section=PAY&problems=1", "--dump-dom"))
    shown = {rid for rid, row in d.rows.items() if "hidden" not in row["attrs"]}
    assert shown, "every row is hidden"
    assert all(rid.startswith("PAY-") for rid in shown), shown
    assert all(d.rows[rid]["attrs"].get("data-problem") == "1" for rid in shown)
    assert "PAY-KNOCK-3" in shown and "GAME-1" not in shown
    assert d.count_text.strip() == f"{len(shown)} rule{'s' if len(shown) != 1 else ''} shown"
    one = dom(browse(exe, pages["tmp"], pages["report"].as_uri() + "#rule=knock-3", "--dump-dom"))
    assert {rid for rid, row in one.rows.items() if "hidden" not in row["attrs"]} == {"PAY-KNOCK-3"}


@pytest.mark.parametrize(("page", "width", "height"), [("report", 1280, 900), ("report", 390, 844),
                                                      ("ruling", 1280, 900), ("ruling", 390, 844)])
def test_screenshots_are_not_blank(pages: dict[str, Any], page: str, width: int, height: int) -> None:
    exe = chromium()
    shot = pages["tmp"] / f"{page}-{width}.png"
    browse(exe, pages["tmp"], pages[page].as_uri(), f"--screenshot={shot}", f"--window-size={width},{height}",
           "--force-device-scale-factor=0.5")
    img = read_png(shot.read_bytes())
    assert img.width in (width // 2, width) and img.height > 100
    colours = img.pixels(step=2)
    total = sum(colours.values())
    background = colours.most_common(1)[0][1]
    assert len(colours) > 40, f"{shot.name}: {len(colours)} colours: blank"
    assert total - background > total // 50, f"{shot.name}: almost every pixel is the background"
