"""The players' page (``tonk site``) in a real browser, used as a player would use it.

The site is built once (``tonk site --out DIR --pyodide node_modules/pyodide``) and served
on 127.0.0.1; headless Chromium, driven by puppeteer-core (``site_driver.mjs``, one node
process for the whole module), reaches that origin and nothing else.  The driver taps in
W1-W12 of the rules brief (``w_items.json``): the table's rules, the players and their
names, each hand from the card picker (or its total, or "not shown"), the spreads with
their owners, the discard, the stock and what happened, then Ask; each verdict must equal
``tonk judge --format json`` for the same situation in the notation, and the brief's worked
figure.  It opens a share link printed by ``tonk judge --link``, runs axe-core at a phone's
and a desktop's size in light and dark mode, looks for sideways scroll at 390 px, takes the
README's screenshots, and records the time from the tap on Ask to the verdict and the
site's size beyond the Python runtime (``timings.json`` in the module's temporary folder;
printed with ``-s``).

Needs Debian's ``chromium``, ``node`` and the npm packages of ``package.json``
(``npm ci``; or ``TONK_NODE_MODULES=DIR``).  ``.ci/run`` installs them.  Missing, the test
is skipped, saying why, except in CI (``CI`` or ``TONK_BROWSER_REQUIRED`` set), where it
fails.  ``TONK_SCREENSHOTS=DIR`` writes ``site-phone.png`` and ``site-desktop.png`` there
(``docs/images`` for the README).
"""

from __future__ import annotations

import contextlib
import copy
import functools
import hashlib
import http.server
import io
import json
import os
import re
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import browserkit
import pytest
from browserkit import chromium, node
from pngread import read_png
from wsituations import load, notation, rules_of

from tonk_ref.tools import cli

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).resolve().parent / "site_driver.mjs"
ITEMS = load()
BY_ID = {it["id"]: it for it in ITEMS}
#: the variants tapped in as well: a house rule that changes the brief's figure
VARIANTS = [(it["id"], v["options"], v["net"]) for it in ITEMS for v in it.get("variants", [])
            if v["net"] != it["net"]]
SIZES = [(390, 844), (1280, 900)]
#: the item asked twice: the second ask's time is the tap-to-verdict time with everything loaded
AGAIN = "W7"
SCHEMES = ["light", "dark"]
#: generous bounds that still catch a page that reloads the runtime on every ask
ASK_CACHED_MS = 15000
SITE_BEYOND_RUNTIME_BYTES = 8_000_000


def node_modules() -> Path:
    return browserkit.node_modules("puppeteer-core", "axe-core", "pyodide")


#: the types the runtime needs (the Python of a fresh machine may not know .wasm or .mjs)
TYPES = {
    ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
    ".json": "application/json", ".zip": "application/zip", ".html": "text/html", ".css": "text/css",
    ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml", ".png": "image/png",
    ".whl": "application/zip", ".tar": "application/x-tar"}


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = TYPES

    def log_message(self, format: str, *args: Any) -> None:
        pass


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(list(argv))
        except SystemExit as e:  # argparse: an option this build does not know
            code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


def judge(description: str, rules: dict[str, Any], tmp: Path) -> dict[str, Any]:
    table = tmp / f"rules-{hashlib.sha1(json.dumps(rules, sort_keys=True).encode()).hexdigest()[:12]}.json"
    table.write_text(json.dumps(rules), encoding="utf-8")
    code, out, err = run_cli("judge", description, "--rules", str(table), "--format", "json")
    if code != 0:
        return {"error": f"tonk judge {description!r}: exit {code}: {err.strip()}"}
    data: dict[str, Any] = json.loads(out)
    return data


def expected(ruling: dict[str, Any]) -> dict[str, Any]:
    """What the page must show: the verdict's net and headline, or (before the judge's JSON
    carries a verdict) the base group's net."""
    if "error" in ruling:
        return ruling
    if "verdict" in ruling:
        v = ruling["verdict"]
        return {"net": v["net"], "headline": v["headline"], "outcome": v["outcome"],
                "alternatives": len(v.get("alternatives", []))}
    base = next(g for g in ruling["groups"] if g["includes_base"])
    return {"net": base["net"], "outcome": base["outcome"]}


def share_link(description: str, rules: dict[str, Any], url: str, tmp: Path) -> str | None:
    table = tmp / "link-rules.json"
    table.write_text(json.dumps(rules), encoding="utf-8")
    code, out, _ = run_cli("judge", description, "--rules", str(table), "--link", "--site-url", url)
    found = re.search(re.escape(url) + r"\S*#\S+", out)
    return found.group(0) if code == 0 and found else None


def size_of(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    if "site" not in cli.COMMANDS:
        pytest.skip("this build has no `tonk site` yet")
    if os.environ.get("TONK_ENGINE_COMPILED"):
        pytest.skip("the page runs the pure-Python judge under Pyodide: the run of the pure-Python engine tests it")
    exe = chromium()
    nodejs = node()
    nm = node_modules()
    tmp = tmp_path_factory.mktemp("site")
    out = tmp / "site"
    t0 = time.perf_counter()
    code, stdout, stderr = run_cli("site", "--out", str(out), "--pyodide", str(nm / "pyodide"))
    build_s = time.perf_counter() - t0
    assert code == 0, f"tonk site failed: {stderr.strip() or stdout.strip()}"
    assert (out / "index.html").is_file(), "tonk site wrote no index.html"

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    home = origin + "/"
    try:
        tasks: list[dict[str, Any]] = []
        judged: dict[str, dict[str, Any]] = {}
        phone = {"width": 390, "height": 844}
        # the first load: the empty form's sideways scroll, and axe-core with the card picker open
        tasks.append({"kind": "overflow", "id": "overflow-form", **phone})
        tasks.append({"kind": "axe", "id": "axe-390-picker", "picker": True, "keep": True, **phone})
        for it in ITEMS:
            # the same page for every item, cleared by tapping the page's own controls
            tasks.append({"kind": "tap", "id": it["id"], "item": it, "rules": rules_of(it),
                          "ask_again": it["id"] == AGAIN, "keep": True})
            judged[it["id"]] = expected(judge(notation(it), rules_of(it), tmp))
        for wid, options, _ in VARIANTS:
            key = f"{wid}:" + ",".join(f"{k}={v}" for k, v in options.items())
            tasks.append({"kind": "tap", "id": key, "item": BY_ID[wid], "rules": rules_of(BY_ID[wid], options),
                          "keep": True})
            judged[key] = expected(judge(notation(BY_ID[wid]), rules_of(BY_ID[wid], options), tmp))
        for extra in (MISTAKE, REFUSED):
            tasks.append({"kind": "tap", "id": extra["id"], "item": extra, "rules": rules_of(extra), "keep": True})
        judged[REFUSED["id"]] = expected(judge(notation(REFUSED), rules_of(REFUSED), tmp))
        tasks.append({"kind": "tap", "id": "before-keyboard", "item": BY_ID["W6"], "rules": rules_of(BY_ID["W6"]),
                      "keep": True})
        tasks.append({"kind": "keyboard", "id": "keyboard", "keep": True, **phone})
        # one load of the share link tonk judge --link prints (or, without it, of the
        # contract's fragment): its verdict, then at each size and colour scheme axe-core,
        # sideways scroll and the screenshots, on that same page
        w7 = BY_ID["W7"]
        printed = share_link(notation(w7), rules_of(w7), home, tmp)
        shown = printed or home + "#rules=seed&s=" + quote(notation(w7), safe="")
        tasks.append({"kind": "open", "id": "link-printed", "url": shown, **phone})
        tasks.append({"kind": "offline", "id": "offline", "url": shown, **phone})
        tasks.append({"kind": "overflow", "id": "overflow-verdict", "keep": True, **phone})
        for w, h in SIZES:
            for scheme in SCHEMES:
                tasks.append({"kind": "axe", "id": f"axe-{w}-{scheme}", "width": w, "height": h, "scheme": scheme,
                              "keep": True})
        shots = Path(os.environ["TONK_SCREENSHOTS"]) if os.environ.get("TONK_SCREENSHOTS") else tmp
        shots.mkdir(parents=True, exist_ok=True)
        tasks.append({"kind": "screenshot", "id": "shot-desktop", "width": 1280, "height": 900, "keep": True,
                      "path": str(shots / "site-desktop.png")})
        tasks.append({"kind": "screenshot", "id": "shot-phone", "compact": True, "keep": True,
                      "path": str(shots / "site-phone.png"), **phone})

        artifacts = tmp / "artifacts"
        artifacts.mkdir()
        cfg = {"node_modules": str(nm), "chromium": exe, "origin": origin, "artifacts": str(artifacts), "tasks": tasks}
        t0 = time.perf_counter()
        done = subprocess.run([nodejs, str(DRIVER)], input=json.dumps(cfg), capture_output=True, text=True,
                              timeout=900, check=False)
        drive_s = time.perf_counter() - t0
        assert done.returncode == 0, f"the browser driver failed:\n{done.stderr[-4000:]}"
        report = json.loads(done.stdout)
        results = {r["id"]: r for r in report["results"]}

        taps = [r for r in report["results"] if r["kind"] == "tap" and r["ok"]]
        again = results.get(AGAIN, {})
        asks = sorted(round(r["ask_ms"]) for r in taps if not r["form_error"])
        timings = {
            "site_bytes_beyond_runtime": size_of(out) - size_of(out / "pyodide"),
            "runtime_bytes": size_of(out / "pyodide"),
            "build_s": round(build_s, 2),
            "driver_s": round(drive_s, 2),
            "first_load_ms": round(results.get("overflow-form", {}).get("load_ms") or 0),
            "ask_ms": asks,
            "ask_median_ms": asks[len(asks) // 2] if asks else None,
            "second_ask_ms": round(again["again_ms"]) if "again_ms" in again else None,
            "second_ask_of": AGAIN,
            "link_load_ms": round(results.get("link-printed", {}).get("load_ms") or 0),
            "offline_load_ms": round(results.get("offline", {}).get("load_ms") or 0),
        }
        (tmp / "timings.json").write_text(json.dumps(timings, indent=2), encoding="utf-8")
        print("\nsite timings:", json.dumps(timings))
        yield {"results": results, "report": report, "judged": judged, "timings": timings, "home": home,
               "printed": printed, "tmp": tmp, "artifacts": artifacts}
    finally:
        server.shutdown()
        server.server_close()


def result(site: dict[str, Any], key: str) -> dict[str, Any]:
    r: dict[str, Any] = site["results"][key]
    assert r["ok"], f"{key}: the driver could not finish: {r['error']}\n(page: {r.get('state')}; {r.get('screenshot')})"
    return r


def same_verdict(key: str, got: dict[str, Any], want: dict[str, Any]) -> None:
    assert "error" not in want, want.get("error")
    assert not got["form_error"], f"{key}: the page says: {got['form_error']}"
    assert got["net"] == want["net"], f"{key}: the page's net {got['net']} is not tonk judge's {want['net']}"
    assert got["outcome"] == want["outcome"], f"{key}: outcome {got['outcome']} v {want['outcome']}"
    if "headline" in want:
        assert got["headline"] == want["headline"], key


@pytest.mark.parametrize("wid", [it["id"] for it in ITEMS])
def test_a_w_item_tapped_in_gets_tonk_judges_verdict_and_the_briefs_money(site: dict[str, Any], wid: str) -> None:
    got = result(site, wid)
    same_verdict(wid, got, site["judged"][wid])
    assert got["net"] == BY_ID[wid]["net"], f"{wid}: {BY_ID[wid]['brief']}"
    want = site["judged"][wid]
    if "alternatives" in want:
        assert len(got["alternatives"]) == want["alternatives"], f"{wid}: {got['alternatives']}"


def _w7_with(**changes: Any) -> dict[str, Any]:
    item = copy.deepcopy(BY_ID["W7"])
    item.update(changes)
    return item


#: a mistake the form names in one sentence (a hand short of the cards dealt), and an action
#: the rules refuse (a hit before drawing), which is a verdict
MISTAKE = _w7_with(id="short-hand", hands=[{"cards": ["3d"]}, {"cards": ["3h", "4h"]}])
REFUSED = _w7_with(id="hit-first", hands=[{"cards": ["4c", "9d", "Jh", "2s", "3d"]}, {"cards": ["2h", "8s"]}],
                   spreads=[{"owner": 1, "cards": ["5c", "6c", "7c"]}],
                   actions=[{"seat": 0, "verb": "hit", "cards": ["4c"], "target": 0}])


RULE_ID = re.compile(r"\b[A-Z]{2,}(?:-[A-Z0-9]+)*-\d+\b|\b[SDVW]\d{1,2}\b|\w+_\w+")


@pytest.mark.parametrize("wid", ["W3", "W7", "W10", "W12"])
def test_the_verdict_speaks_in_the_players_names_and_words(site: dict[str, Any], wid: str) -> None:
    """Names and money first; rule IDs, brief items and option names are one tap away."""
    got = result(site, wid)
    assert got["headline"], f"{wid}: no headline"
    assert any(name in got["headline"] for name in BY_ID[wid]["names"]), got["headline"]
    for line in [got["headline"], *got["alternatives"]]:
        assert not RULE_ID.search(line), f"{wid}: a code in {line!r}"


@pytest.mark.parametrize(("wid", "options", "net"), VARIANTS,
                         ids=[f"{w}-{'-'.join(o.values())}" for w, o, _ in VARIANTS])
def test_a_house_rule_chosen_by_tapping_changes_the_verdict(site: dict[str, Any], wid: str,
                                                            options: dict[str, Any], net: list[int]) -> None:
    key = f"{wid}:" + ",".join(f"{k}={v}" for k, v in options.items())
    got = result(site, key)
    same_verdict(key, got, site["judged"][key])
    assert got["net"] == net


def test_the_share_link_of_tonk_judge_opens_the_same_verdict(site: dict[str, Any]) -> None:
    assert site["printed"], "tonk judge DESC --link --site-url URL printed no link to the site"
    assert not site["results"]["link-printed"].get("asked"), "the link filled the form but showed no verdict"
    assert site["printed"].startswith(site["home"] + "#")
    got = result(site, "link-printed")
    same_verdict("link-printed", got, site["judged"]["W7"])
    tapped = result(site, "W7")
    assert (got["net"], got["headline"]) == (tapped["net"], tapped["headline"])


def test_the_second_visit_works_with_no_network(site: dict[str, Any]) -> None:
    got = result(site, "offline")
    same_verdict("offline", got, site["judged"]["W7"])


def test_a_mistake_is_one_sentence_in_the_form(site: dict[str, Any]) -> None:
    got = result(site, MISTAKE["id"])
    error = got["form_error"]
    assert error, ("a hand of one card where two are held: the form shows no error; the page shows "
                   f"{got['outcome']}: {got['headline']!r} ({got['why']!r})")
    assert "\n" not in error and error.count(". ") == 0, f"not one sentence: {error!r}"
    assert "Ann" in error, f"the error does not name the player whose hand is short: {error!r}"


def test_an_action_the_rules_refuse_is_a_verdict(site: dict[str, Any]) -> None:
    got = result(site, REFUSED["id"])
    same_verdict(REFUSED["id"], got, site["judged"][REFUSED["id"]])
    assert got["outcome"] == "refused"


def test_the_card_picker_and_ask_work_from_the_keyboard(site: dict[str, Any]) -> None:
    got = result(site, "keyboard")
    assert got["opened_focus"].get("inPicker"), f"Enter on a hand's button: the focus is not in the picker: {got}"
    assert got["arrow_moves"], f"an arrow key does not move among the picker's cards: {got}"
    assert got["space_presses"], f"Space does not press the focused card: {got}"
    assert got["closed_focus"].get("pickHand") == "0", f"Escape: the focus does not return to the hand's button: {got}"
    same_verdict("keyboard", got["verdict"], site["judged"]["W6"])


def test_the_pages_own_share_link_is_tonk_judges_link(site: dict[str, Any]) -> None:
    tapped = result(site, "W7")
    assert tapped["share"] and "#" in tapped["share"], "the page shows no share link (#share) with a fragment"
    assert site["printed"], "tonk judge --link printed no link"
    page_state = dict(p.split("=", 1) for p in tapped["share"].split("#", 1)[1].split("&") if "=" in p)
    printed_state = dict(p.split("=", 1) for p in site["printed"].split("#", 1)[1].split("&") if "=" in p)
    assert page_state.get("rules") == printed_state.get("rules")
    assert {k for k in page_state if k.startswith("o.")} == {k for k in printed_state if k.startswith("o.")}


@pytest.mark.parametrize("key", [f"axe-{w}-{s}" for w, _ in SIZES for s in SCHEMES] + ["axe-390-picker"])
def test_axe_finds_no_violation(site: dict[str, Any], key: str) -> None:
    got = result(site, key)
    assert got["passes"] > 0, "axe checked nothing"
    lines = [f"{v['id']} ({v['impact']}): {v['help']}\n" + "\n".join(
        f"    {n['target']}: {n['html']}\n      {n['summary']}" for n in v["nodes"]) for v in got["violations"]]
    assert not got["violations"], f"{key}: axe-core {got['version']}:\n" + "\n".join(lines)


@pytest.mark.parametrize("key", ["overflow-form", "overflow-verdict"])
def test_no_sideways_scroll_on_a_phone(site: dict[str, Any], key: str) -> None:
    got = result(site, key)
    assert got["scroll_width"] <= got["client_width"], \
        f"{key}: {got['scroll_width']} px wide in {got['client_width']}: {got['wide']}"


def test_nothing_is_asked_of_another_host(site: dict[str, Any]) -> None:
    assert site["report"]["blocked"] == [], site["report"]["blocked"]


@pytest.mark.parametrize(("key", "width"), [("shot-phone", 390), ("shot-desktop", 1280)])
def test_the_screenshots_show_a_page(site: dict[str, Any], key: str, width: int) -> None:
    got = result(site, key)
    img = read_png(Path(got["path"]).read_bytes())
    assert img.width == width
    colours = img.pixels(step=2)
    total = sum(colours.values())
    assert len(colours) > 40, f"{key}: {len(colours)} colours: blank"
    assert total - colours.most_common(1)[0][1] > total // 50, f"{key}: almost every pixel is the background"


def test_the_verdict_comes_quickly_once_the_runtime_is_cached_and_the_site_is_small(site: dict[str, Any]) -> None:
    t = site["timings"]
    assert t["second_ask_ms"] is not None, "the second ask did not run"
    assert t["second_ask_ms"] < ASK_CACHED_MS, t
    assert t["ask_ms"] and max(t["ask_ms"]) < ASK_CACHED_MS, t
    assert 0 < t["site_bytes_beyond_runtime"] < SITE_BEYOND_RUNTIME_BYTES, t
