"""``tonk site``: the folder it writes (the page, the runtime copied, the judge's modules
zipped, the spec baked), that the zip runs the judge with nothing but the standard library,
that a build is the same byte for byte, the folders it refuses, and the share link's
fragment read back as the page reads it.  No browser here: tests/browser drives the page."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest
from runkit import Ran

from tonk_ref.rulebook import baked
from tonk_ref.tools import site

Tonk = Callable[..., Ran]

W7 = "2 players, dealer 1; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; 0 knocks"


def fake_pyodide(folder: Path) -> Path:
    """A folder shaped like the npm package (each runtime file holds its own name)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in site.RUNTIME:
        (folder / name).write_text(f"runtime file {name}\n")
    (folder / "console.html").write_text("not needed by the page\n")
    return folder


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("site")
    out = root / "site"
    site.build(out, fake_pyodide(root / "node_modules" / "pyodide"))
    return out


def test_the_folder_holds_the_page_the_runtime_the_code_and_the_data(built: Path) -> None:
    files = sorted(p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file())
    assert files == sorted([site.MARKER, *site.PAGE, "spec.json", "tonk.zip",
                            *(f"pyodide/{n}" for n in site.RUNTIME)])
    for name in site.RUNTIME:  # copied as they are, and nothing else of the package
        assert (built / "pyodide" / name).read_text() == f"runtime file {name}\n"
    for name in ("index.html", "site.js", "site.css"):
        assert (built / name).read_bytes() == site.page_file(name)


def test_the_service_worker_keeps_every_file_of_the_site(built: Path) -> None:
    text = (built / "sw.js").read_text()
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", text).group(1))  # type: ignore[union-attr]
    on_disk = {p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file()} - {site.MARKER, "sw.js"}
    assert set(files) == on_disk | {"./"}
    version = re.search(r'const VERSION = "(tonk-[^"]+)";', text)
    assert version is not None and "__TONK" not in text


def test_spec_json_is_the_baked_spec(built: Path) -> None:
    assert json.loads((built / "spec.json").read_text()) == json.loads(json.dumps(baked.bake()))


def test_the_zip_holds_the_judge_and_not_the_harness(built: Path) -> None:
    with zipfile.ZipFile(built / "tonk.zip") as z:
        names = z.namelist()
        assert names == sorted(names)
        assert {i.date_time for i in z.infolist()} == {site.ZIP_TIME}
    for need in ("tonk_ref/__init__.py", "tonk_ref/errors.py", "tonk_ref/engine/hand.py",
                 "tonk_ref/rulebook/situation.py", "tonk_ref/rulebook/judging.py", "tonk_ref/rulebook/baked.py",
                 "tonk_ref/views/ask.py", "tonk_ref/views/ruling_text.py"):
        assert need in names
    for name in names:
        assert not name.startswith(("tonk_ref/harness/", "tonk_ref/adapters/", "tonk_ref/tools/")), name
        assert name.endswith(".py"), name
        assert "/" in name or name.removesuffix(".py") in site.CARRIED, name


def test_the_zip_runs_the_judge_with_only_the_standard_library(built: Path, tmp_path: Path) -> None:
    """What the page does, in a plain interpreter: no site-packages (-S), the zip on the path,
    the baked spec installed, one question asked."""
    with zipfile.ZipFile(built / "tonk.zip") as z:
        z.extractall(tmp_path / "code")
    script = (
        "import json, sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "from tonk_ref.rulebook import baked\n"
        "baked.install(open(sys.argv[2]).read())\n"
        "from tonk_ref.views import ask\n"
        "cat = json.loads(ask.catalogue())\n"
        "request = {'situation': sys.argv[3], 'rules': {'preset': 'seed', 'options': {}}}\n"
        "res = json.loads(ask.answer(json.dumps(request)))\n"
        "print(json.dumps({'presets': [p['name'] for p in cat['presets']], 'res': res}))\n"
    )
    args = [str(tmp_path / "code"), str(built / "spec.json"), W7]
    ran = subprocess.run([sys.executable, "-I", "-S", "-c", script, *args], capture_output=True, text=True, check=False)
    assert ran.returncode == 0, ran.stderr
    got = json.loads(ran.stdout)
    assert "seed" in got["presets"]
    assert got["res"]["ok"] is True
    assert got["res"]["verdict"]["outcome"] == "ended"


def test_a_build_is_the_same_byte_for_byte(built: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    site.build(again, fake_pyodide(tmp_path / "pyodide"))
    for name in ("tonk.zip", "spec.json", "sw.js", "index.html"):
        assert (again / name).read_bytes() == (built / name).read_bytes(), name


def test_the_page_has_the_ids_the_browser_tests_drive() -> None:
    ids: dict[str, dict[str, str | None]] = {}

    class Ids(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            if a.get("id"):
                assert a["id"] not in ids, f"id {a['id']} twice"
                ids[a["id"]] = {"tag": tag, **a}

    Ids().feed(site.page_file("index.html").decode())
    for need in ("preset", "players", "add-spread", "discard-pick", "discard-none", "stock", "first-turn",
                 "add-action", "ask", "why", "alternatives", "table-drawing", "share", "compact", "picker-done"):
        assert need in ids, need
    assert ids["loading"]["role"] == "progressbar"
    assert ids["form-error"]["role"] == "alert"
    assert ids["verdict"]["tag"] == "output" and ids["verdict"]["aria-live"] == "polite"
    assert ids["picker"]["tag"] == "dialog" and ids["rules"]["tag"] == "details"
    assert ids["preset"]["tag"] == "select" and ids["players"]["tag"] == "select"
    assert ids["stock"]["type"] == "number" and ids["first-turn"]["type"] == "checkbox"


def test_the_page_inserts_text_only_as_text() -> None:
    script = site.page_file("site.js").decode()
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        assert sink not in script, sink
    assert re.search(r"https?://", script) is None, "the page loads nothing from another host"


def test_the_command_says_what_it_wrote(tonk: Tonk, tmp_path: Path) -> None:
    runtime = fake_pyodide(tmp_path / "pyodide")
    r = tonk("site", "--out", str(tmp_path / "out"), "--pyodide", str(runtime))
    assert r.code == 0, r.err
    own = sum(p.stat().st_size for p in (tmp_path / "out").rglob("*")
              if p.is_file() and "pyodide" not in p.parts and p.name != site.MARKER)
    assert "beyond the runtime" in r.out and site.kb(own) in r.out.splitlines()[0]
    # an earlier site is replaced whole: a file left in it is gone
    (tmp_path / "out" / "left-over.txt").write_text("x")
    r = tonk("site", "--out", str(tmp_path / "out"), "--pyodide", str(runtime))
    assert r.code == 0, r.err
    assert not (tmp_path / "out" / "left-over.txt").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary folder left


def test_a_folder_that_is_not_a_site_is_refused(tonk: Tonk, tmp_path: Path) -> None:
    runtime = fake_pyodide(tmp_path / "pyodide")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.txt").write_text("keep me")
    line = tonk("site", "--out", str(mine), "--pyodide", str(runtime)).one_error_line("site")
    assert str(mine) in line and "not a site" in line
    assert (mine / "thesis.txt").read_text() == "keep me" and len(list(mine.iterdir())) == 1
    (tmp_path / "file").write_text("")
    assert "not a folder" in tonk("site", "--out", str(tmp_path / "file"), "--pyodide", str(runtime)
                                  ).one_error_line("site")
    assert "does not exist" in tonk("site", "--out", str(tmp_path / "no" / "out"), "--pyodide", str(runtime)
                                    ).one_error_line("site")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert tonk("site", "--out", str(empty), "--pyodide", str(runtime)).code == 0


def test_no_runtime_is_one_line_naming_where_and_npm(tonk: Tonk, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TONK_PYODIDE", raising=False)
    monkeypatch.chdir(tmp_path)
    line = tonk("site", "--out", str(tmp_path / "out")).one_error_line("site")
    assert str(tmp_path) in line and "npm ci" in line and "--pyodide" in line
    half = tmp_path / "half"
    half.mkdir()
    (half / "pyodide.mjs").write_text("")
    line = tonk("site", "--out", str(tmp_path / "out"), "--pyodide", str(half)).one_error_line("site")
    assert str(half) in line and "pyodide.asm.wasm" in line and "npm ci" in line
    monkeypatch.setenv("TONK_PYODIDE", str(half))
    assert "$TONK_PYODIDE" in tonk("site", "--out", str(tmp_path / "out")).one_error_line("site")
    assert not (tmp_path / "out").exists()


def test_the_runtime_is_found_in_node_modules_above(tonk: Tonk, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TONK_PYODIDE", raising=False)
    fake_pyodide(tmp_path / "node_modules" / "pyodide")
    (tmp_path / "docs").mkdir()
    monkeypatch.chdir(tmp_path / "docs")
    assert site.find_pyodide(None) == (tmp_path / "node_modules" / "pyodide").resolve()


def fragment(link: str) -> dict[str, str]:
    """The fragment read as the page reads it: '&'-separated, each 'key=value' decoded."""
    out: dict[str, str] = {}
    for piece in link.lstrip("#").split("&"):
        key, _, value = piece.partition("=")
        out[unquote(key)] = unquote(value)
    return out


def test_the_share_link_round_trips(built: Path) -> None:
    from tonk_ref.views import ask

    rules = {"preset": "pagat", "options": {"knock_tie": "knocker_wins", "hit_lock": 2}}
    res = json.loads(ask.answer(json.dumps({"situation": W7, "rules": rules})))
    assert res["ok"], res
    f = fragment(res["link"])
    assert f["rules"] == "pagat" and f["s"] == W7
    options = {k[2:]: v for k, v in f.items() if k.startswith("o.")}
    assert set(options) == {"knock_tie", "hit_lock"}
    assert options["knock_tie"] == "knocker_wins" and json.loads(options["hit_lock"]) == 2
    assert not re.search(r"[ ;\[\]#]", res["link"]), "the fragment is one piece of an address"
    back = json.loads(ask.parse(f["s"]))
    assert back["ok"] and back["situation"] == res["situation"]
    again = json.loads(ask.answer(json.dumps({"situation": f["s"], "rules": rules})))
    assert again["verdict"] == res["verdict"] and again["link"] == res["link"]


def test_every_id_the_script_reads_is_on_the_page() -> None:
    page = site.page_file("index.html").decode()
    script = site.page_file("site.js").decode()
    ids = set(re.findall(r'\bid="([^"]+)"', page))
    read = set(re.findall(r'\$\("#([\w-]+)', script))
    assert read and read <= ids, read - ids
