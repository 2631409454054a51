"""Hostile text reaches every output as text: a report edited by hand, the words of a
ruling, a replay or a diff, and an engine whose name and refusals carry markup, escape
sequences, NUL and a lone surrogate.  Each page is parsed (html.parser): no element and
no attribute of it came from the data; the Markdown shows the text as text; the console
and JUnit XML hold no control character and no surrogate, and the JSON report is still
written."""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import fields, is_dataclass, replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hostilefake import HOSTILE
from runkit import W7, Ran, scenario

from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.harness.situations import load_situation
from tonk_ref.rulebook.book import load_table_rules
from tonk_ref.rulebook.diffsearch import Side, diff
from tonk_ref.rulebook.judging import judge
from tonk_ref.views.diff_html import diff_page
from tonk_ref.views.diff_text import diff_view
from tonk_ref.views.escape import md, md_code, md_fence
from tonk_ref.views.html_report import html_report
from tonk_ref.views.render import markdown
from tonk_ref.views.replay_html import replay_page
from tonk_ref.views.replay_text import replay_view
from tonk_ref.views.ruling_html import ruling_page
from tonk_ref.views.ruling_text import ruling_view

JSON = dict[str, Any]
#: A script in an element, and a card that closes the attribute it is named in.
PAYLOADS = ["<img src=x onerror=alert(1)>", '"c']
#: Fields whose value is one of a few words (the schema's enums): left as they are.
ENUMS = {"format", "status", "kind", "verdict", "origin"}
SELECT = ("--no-features", "--perft-depth", "0", "--no-progress", "-k", "hit-not-in-hand or pay-w7-knock-tie")


class Markup(HTMLParser):
    """The elements and attribute names of a page, its scripts, and its text."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.attrs: set[str] = set()
        self.scripts = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attrs |= {name for name, _ in attrs}
        self.scripts += tag == "script"
        self.text += [v for _, v in attrs if v]

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def markup(page: str) -> Markup:
    m = Markup()
    m.feed(page)
    m.close()
    return m


def assert_escaped(page: str, clean: str, payload: str) -> None:
    """``page`` (made from data holding ``payload``) has only the elements and attributes
    that ``clean`` (the same page from ordinary data) has, as many scripts, and shows the
    payload as text."""
    got, base = markup(page), markup(clean)
    assert "img" not in got.tags and "onerror" not in got.attrs
    assert got.tags <= base.tags, got.tags - base.tags
    assert got.attrs <= base.attrs, got.attrs - base.attrs
    assert got.scripts == base.scripts
    assert any(payload in t for t in got.text), "the data did not reach the page"


# ---------------------------------------------------------------------------- the report page
def poison_report(report: JSON, payload: str) -> JSON:
    """Every text of the report the payload (each key that names something too, a rule ID
    or an option), but for the fields that are one of a few words."""
    n = iter(range(10**6))

    def walk(x: Any, key: str = "") -> Any:
        if isinstance(x, str):
            return x if key in ENUMS else payload
        if isinstance(x, list):
            return [walk(v, key) for v in x]
        if isinstance(x, dict):
            named = key in ("rules", "options", "fields", "choices", "uncovered")
            return {(f"{payload}{next(n)}" if named else k): walk(v, k) for k, v in x.items()}
        return x

    out: JSON = walk(report)
    if report.get("table"):
        out["table"]["source"] = report["table"]["source"]  # one of two words
    return out


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> JSON:
    """A report of failing cases with their cards, with a fault, a load error, a known
    failure, a skip, a table and what was not checked added, so every printed field is
    there."""
    from tonk_ref.tools import cli

    path = tmp_path_factory.mktemp("report") / "r.json"
    assert cli.main(["check", "--adapter", "hostilefake:plain", *SELECT, "--json", str(path)]) == 1
    r: JSON = json.loads(path.read_text(encoding="utf-8"))
    failed = [c for c in r["cases"] if c["status"] == "failed"]
    assert failed and all(c["scene"] and c["script"] and c.get("transcript") for c in failed)
    failed[0]["fault"] = {"kind": "crashed", "message": "m", "step": "s", "request": "q", "response": "a",
                          "stderr_tail": "e", "exit_code": 1, "traceback": "t"}
    failed[0]["failures"][0]["diffs"] = [{"field": "f", "expected": "x", "actual": "y", "note": "n"}]
    r["cases"].append({**copy.deepcopy(failed[0]), "id": "k", "status": "known", "known": "why"})
    r["load_errors"] = [{"source": "file.yaml:1", "message": "bad"}]
    r["run"]["stopped"] = "the engine broke"
    r["table"] = {"rules": "t.yaml", "source": "rules", "preset": None, "options": {"deck": 40}, "choices": {},
                  "ran": {"written": 1}, "cannot_exist": 0, "target": 2}
    r["skips"] = [{"need": "n", "kind": "option", "name": "o", "declare": "d", "cases": 1, "gain": 1, "ids": ["x"]}]
    r["checks"]["not_checked"] = {"optional": {"expectations": 1, "cases": 1, "fields": {"result.totals": 1}}}
    r["groups"].append({"cause": "c", "status": "failed", "rule": "R", "rules": ["R"], "count": 1, "cases": ["k"]})
    return r


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_hostile_report_renders_escaped_in_the_report_page(tonk: Callable[..., Ran], report: JSON, payload: str,
                                                              tmp_path: Path) -> None:
    clean, bad = tmp_path / "clean.json", tmp_path / "bad.json"
    clean.write_text(json.dumps(report), encoding="utf-8")
    bad.write_text(json.dumps(poison_report(report, payload)), encoding="utf-8")
    for path in (clean, bad):  # the report reader accepts both: every text is typed as a text
        assert tonk("report", "--html", str(path.with_suffix(".html")), str(path)).code == 0
    page = bad.with_suffix(".html").read_text(encoding="utf-8")
    assert_escaped(page, clean.with_suffix(".html").read_text(encoding="utf-8"), payload)


def test_a_card_named_by_an_engine_stays_inside_its_attribute(report: JSON) -> None:
    r = copy.deepcopy(report)
    case = next(c for c in r["cases"] if c["status"] == "failed")
    case["scene"]["engine_table"] = {"hands": [['"c', "<b>", "7h"], None], "discard_top": '"><img src=x>',
                                     "spreads": [{"cards": ['"c'], "kind": '" onmouseover="x', "owner": 0}]}
    page = html_report([r])
    assert_escaped(page, html_report([report]), '" onmouseover="x')
    assert 'aria-label="&#34; of clubs"' in page  # the card's label, its quote escaped
    assert 'aria-label="hidden"' in page  # the hand the engine hid is drawn face down


# ---------------------------------------------------------------------------- the other pages
def poison(x: Any, payload: str) -> Any:
    """A page's words with every text the payload (a state's field names kept)."""
    if isinstance(x, str):
        return payload
    if is_dataclass(x) and not isinstance(x, type):
        return replace(x, **{f.name: poison(getattr(x, f.name), payload) for f in fields(x)})
    if isinstance(x, tuple | list):
        return type(x)(poison(v, payload) for v in x)
    if isinstance(x, dict):
        return {k: poison(v, payload) for k, v in x.items()}
    return x


def _pages() -> dict[str, tuple[Callable[[Any], str], Any]]:
    refused = "2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s; table: 1 [5c 6c 7c]; discard Qs; 0 hits 4c on 0"
    out: dict[str, tuple[Callable[[Any], str], Any]] = {}
    for name, text in (("ruling", W7), ("ruling-refused", refused)):
        situation = load_situation(text)
        out[name] = (ruling_page, ruling_view(judge(situation, DEFAULT, "seed", None), "tonk judge ..."))
    for name, rel in (("replay", "pay/pay-w7-knock-tie-2p.yaml"), ("replay-refused", "hit/hit-not-in-hand-2p.yaml")):
        situation = load_situation(scenario(rel))
        rules = situation.ruleset or DEFAULT
        out[name] = (replay_page, replay_view(situation, situation.start(rules), "seed", "tonk explain ..."))
    d = diff(Side("seed", load_table_rules("seed")), Side("online", load_table_rules("online")), load=load_situation,
             players=(2,), limit=1)
    out["diff"] = (diff_page, diff_view(d))
    return out


@pytest.fixture(scope="module")
def pages() -> dict[str, tuple[Callable[[Any], str], Any]]:
    return _pages()


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("name", ["ruling", "ruling-refused", "replay", "replay-refused", "diff"])
def test_hostile_words_render_escaped_in_the_ruling_replay_and_diff_pages(
        pages: dict[str, tuple[Callable[[Any], str], Any]], name: str, payload: str) -> None:
    render, words = pages[name]
    assert_escaped(render(poison(words, payload)), render(words), payload)


# ---------------------------------------------------------------------------- Markdown
def test_markdown_escapes_markup_and_its_own_specials() -> None:
    assert md("<img src=x onerror=alert(1)> & more") == "&lt;img src=x onerror=alert(1)&gt; &amp; more"
    assert md("*bold* _it_ [link](x) `code` a|b ~~gone~~ \\") == (
        "\\*bold\\* \\_it\\_ \\[link\\](x) \\`code\\` a\\|b \\~\\~gone\\~\\~ \\\\")
    assert md("knock_tie tonk_ref") == "knock_tie tonk_ref"  # inside a word an underscore emphasises nothing
    assert md("two\nlines") == "two lines" and md("\x1b[31m") == "\\x1b\\[31m"
    assert md_code("a ` b") == "``a ` b``" and md_code("|", cell=True) == "`\\|`"
    assert md_fence(["```", "x"]) == ["````", "```", "x", "````"]


def test_the_markdown_report_shows_every_text_of_a_hostile_report_as_text(report: JSON) -> None:
    text = markdown(poison_report(report, PAYLOADS[0]))
    outside_code = re.sub(r"^(`{3,}).*?^\1$", "", text, flags=re.M | re.S)
    outside_code = re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", "", outside_code)
    assert "<img" not in outside_code and "&lt;img src=x onerror=alert(1)&gt;" in outside_code
    assert "<details><summary>transcript</summary>" in text  # the report's own markup stays


def test_judge_markdown_escapes_a_scenario_title_and_file_name(tonk: Callable[..., Ran], tmp_path: Path) -> None:
    source = Path(scenario("pay/pay-w7-knock-tie-2p.yaml")).read_text(encoding="utf-8")
    title = re.search(r"^title: .*$", source, re.M)
    assert title is not None
    folder = tmp_path / "<img src=x onerror=alert(1)>"
    folder.mkdir()
    path = folder / "w7.yaml"
    path.write_text(source.replace(title.group(), 'title: "*W7* <script>alert(1)</script>"'), encoding="utf-8")
    out = tonk("judge", str(path), "--format", "markdown").out
    first = out.splitlines()[0]
    assert first.startswith("**Situation:** ") and "<script>" not in first and "<img" not in first
    assert "\\*W7\\* &lt;script&gt;alert(1)&lt;/script&gt;" in first and "&lt;img src=x onerror=alert(1)&gt;" in first


# ---------------------------------------------------------------------------- the engine's own words
def test_control_characters_and_lone_surrogates_from_an_engine_reach_no_output_raw(
        tonk: Callable[..., Ran], tmp_path: Path) -> None:
    """An engine whose hello name and refusals carry OSC and ANSI sequences, NUL and a lone
    surrogate: ``tonk check`` prints them as escapes (the console is UTF-8, strictly),
    writes well-formed JUnit XML, a Markdown report with no raw markup and the JSON report
    with the engine's words as they were; ``tonk report`` reads it back."""
    out = {k: tmp_path / f"r.{k}" for k in ("json", "md", "xml", "html")}
    r = tonk("check", "--adapter", "hostilefake:hostile", *SELECT, "--json", str(out["json"]),
             "--report", str(out["md"]), "--junit", str(out["xml"]))
    assert r.code == 1, r.err
    printed = r.out + r.err
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]", printed)
    assert "engine: evil\\x1b]0;owned\\x07\\x1b[31m<img src=x onerror=alert(1)>\\x00\\ud800" in printed
    assert "tonk check: FAIL: " in printed and f"JSON report: {out['json']}" in printed
    report = json.loads(out["json"].read_text(encoding="utf-8"))
    assert report["engine"]["name"] == f"evil{HOSTILE}"
    suite = ET.parse(out["xml"]).getroot().find("testsuite")  # well formed
    assert suite is not None and suite.get("failures") == str(report["counts"]["failed"])
    engine = suite.find("properties/property[@name='engine']")
    assert engine is not None and engine.get("value", "").startswith("evil\\x1b]0;owned\\x07")
    text = out["md"].read_text(encoding="utf-8")
    assert "\x1b" not in text and "\x00" not in text
    assert "- engine: evil\\x1b\\]0;owned\\x07\\x1b\\[31m&lt;img src=x onerror=alert(1)&gt;\\x00\\ud800" in text
    again = tonk("report", "--html", str(out["html"]), str(out["json"]))
    assert again.code == 0 and "evil\\x1b]0;" in again.out and "\x1b" not in again.out
    page = out["html"].read_text(encoding="utf-8")
    assert "\x1b" not in page and "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
