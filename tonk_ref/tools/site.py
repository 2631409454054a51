"""``tonk site --out DIR``: the players' page, a static site that runs this project's own
judge in the browser with Pyodide.

The folder holds the page (``index.html``, ``site.js``, ``site.css``), its service worker
(``sw.js``: every file kept for the second visit, which then works offline), the Python
modules the judge needs (``tonk.zip``: the package's own code, read by the page into the
runtime's file system), the spec's data baked at build time (``spec.json``: the rulebook
needs no YAML, jsonschema or msgspec in the browser) and the Pyodide runtime copied from the
npm package ``pyodide`` (``pyodide/``).  Nothing is fetched from any other host.

The modules are the engine, the spec, the judge's views and whatever they import: found by
asking the judge in a separate interpreter where the packages the page lacks cannot be
imported, so a module that needs one fails the build instead of the page.  The output is
the same for the same sources (the zip's entries in order, with one fixed time), and the
folder is replaced whole (built beside it, then renamed): a folder that is not an earlier
site is refused.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from collections.abc import Iterable
from importlib.resources import files
from pathlib import Path

from .. import __version__
from .cli import UsageError

COMMAND = "site"
HELP = "build the players' page: a static site that runs the judge in the browser (Pyodide)"
DESCRIPTION = """\
Build the players' page into DIR: a static site any static host serves (GitHub Pages or
the like), that runs this project's judge in the browser with Pyodide and needs no network
once loaded. The Pyodide runtime is copied from the npm package `pyodide` (package.json at
the repository's root pins it: `npm ci`), found at --pyodide, $TONK_PYODIDE, or
node_modules/pyodide in the current folder or one above it."""
EPILOG = """\
Example:
  tonk site --out _site          (after npm ci; then serve it: python3 -m http.server -d _site 8000)
Exit status: 0 built; 2 bad input (DIR is a file or not an earlier site, or no Pyodide runtime
was found)."""

#: The runtime's files the page loads (the rest of the npm package is not needed).
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: The page's own files, from the package's ``views/site`` folder.
PAGE = ("index.html", "site.js", "site.css", "sw.js")
#: The file that marks a folder as a site this command wrote (so it may be replaced).
MARKER = ".tonk-site"
#: Packages the browser does not have: importing one while judging fails the build.
BLOCKED = ("msgspec", "yaml", "jsonschema", "jinja2", "markupsafe", "platformdirs")
#: Pure-Python modules of other distributions the judge may import, carried in the zip.
CARRIED = ("mypy_extensions", "typing_extensions")
#: Modules the zip holds whatever the sample rulings import (a ruling may reach them).
ALWAYS = ("__init__.py", "errors.py", "paths.py", "engine/", "spec/", "views/__init__.py", "views/ask.py",
          "views/verdict.py", "views/ruling_text.py")
#: The time every entry of the zip carries, so that a build is the same byte for byte.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
#: Situations the judge is asked while the modules it imports are listed.
SAMPLES = (
    "2 players, dealer 1; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; 0 knocks",
    "2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s; table: 1 [5c 6c 7c]; discard Qs; 0 draws, hits 4c on 0, discards 9d",
    "2 players; 0: Qh Kh Ah 2c 3d; 1: 4s 5s 6s 7d 9d; discard Jc; 0 draws 8c, spreads Qh Kh Ah",
    "3 players; 0: 5h 6h 7h 9c 9d; 1: Kc Kd 2s 3s; 2: Ac 2c 3d 4d 8h; table: 1 [4s 5s 6s]; discard Kh; stock 0;"
    " 2 draws 9s, discards 9s",
)

_PROBE = """\
import importlib.abc, json, sys
before = set(sys.modules)  # what the interpreter loaded at start (site's .pth files)
blocked = set(sys.argv[2].split(","))
class Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in blocked:
            raise ImportError(f"the page has no {name}")
        return None
sys.meta_path.insert(0, Blocked())
sys.path.insert(0, sys.argv[1])
data = json.load(sys.stdin)
from tonk_ref.rulebook import baked
baked.install(data["spec"])
from tonk_ref.views import ask
json.loads(ask.catalogue())
for text in data["samples"]:
    json.loads(ask.parse(text))
    json.loads(ask.answer(json.dumps({"situation": text, "rules": {"preset": "seed", "options": {}}})))
print(json.dumps(sorted(
    [name, m.__file__] for name, m in list(sys.modules.items())
    if name not in before and getattr(m, "__file__", None)
)))
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="the folder to write (replaced whole if it holds an earlier site)")
    parser.add_argument("--pyodide", metavar="DIR",
                        help="the npm package pyodide's folder (default: $TONK_PYODIDE, else node_modules/pyodide "
                             "in the current folder or one above it)")


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    check_out(out)
    runtime = find_pyodide(args.pyodide)
    sizes = build(out, runtime)
    own = sum(v for k, v in sizes.items() if not k.startswith("pyodide/"))
    rt = sum(v for k, v in sizes.items() if k.startswith("pyodide/"))
    parts = ", ".join(f"{k} {kb(sizes[k])}" for k in ("tonk.zip", "spec.json"))
    page = sum(sizes[k] for k in PAGE)
    print(f"wrote {out}: {kb(own)} beyond the runtime ({parts}, the page {kb(page)}); "
          f"the Pyodide runtime {kb(rt)}")
    print(f"serve it from any static host, e.g. python3 -m http.server -d {out} 8000")
    return 0


def kb(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MB"


def check_out(out: Path) -> None:
    """``--out`` may be new, empty, or an earlier site; anything else is refused."""
    if not out.exists():
        if not out.parent.is_dir():
            raise UsageError(f"--out: the folder {out.parent} does not exist")
        return
    if not out.is_dir():
        raise UsageError(f"--out: {out} exists and is not a folder")
    if any(out.iterdir()) and not (out / MARKER).is_file():
        raise UsageError(f"--out: {out} exists and is not a site tonk site wrote (it has no {MARKER}); "
                         f"name a new or empty folder")


def candidates(given: str | None) -> list[Path]:
    """Where the runtime is looked for, in order."""
    if given:
        return [Path(given)]
    if os.environ.get("TONK_PYODIDE"):
        return [Path(os.environ["TONK_PYODIDE"])]
    here = Path.cwd().resolve()
    return [d / "node_modules" / "pyodide" for d in (here, *here.parents)]


def find_pyodide(given: str | None) -> Path:
    """The folder of the npm package ``pyodide`` that holds every file of :data:`RUNTIME`."""
    looked = candidates(given)
    for folder in looked:
        if all((folder / name).is_file() for name in RUNTIME):
            return folder
    if given or os.environ.get("TONK_PYODIDE"):
        folder = looked[0]
        missing = [n for n in RUNTIME if not (folder / n).is_file()]
        how = "--pyodide" if given else "$TONK_PYODIDE"
        raise UsageError(f"{how}: {folder} is not the npm package pyodide (no {', '.join(missing)}); "
                         f"run `npm ci` at the repository's root, which installs it in node_modules/pyodide")
    raise UsageError(f"the Pyodide runtime was not found (looked for node_modules/pyodide in {Path.cwd()} and "
                     f"each folder above it); run `npm ci` at the repository's root, or pass --pyodide DIR")


def page_file(name: str) -> bytes:
    return files("tonk_ref.views").joinpath("site", name).read_bytes()


def baked_spec() -> bytes:
    from ..rulebook import baked

    return json.dumps(baked.bake(), sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def imported_modules(spec_json: bytes) -> list[tuple[str, Path]]:
    """The files of the modules the judge imports while answering :data:`SAMPLES`, with
    :data:`BLOCKED` unimportable: ``(name in the zip, file)``, the package's own modules and
    the :data:`CARRIED` ones; another package's module is an error."""
    package = Path(__file__).resolve().parents[1]
    stdin = json.dumps({"spec": json.loads(spec_json), "samples": SAMPLES})
    ran = subprocess.run([sys.executable, "-I", "-c", _PROBE, str(package.parent), ",".join(BLOCKED)],
                         input=stdin, capture_output=True, text=True, check=False)
    if ran.returncode != 0:
        last = (ran.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise UsageError(f"the judge does not run without {', '.join(BLOCKED)}: {last}")
    stdlib = {Path(sysconfig.get_paths()[k]).resolve() for k in ("stdlib", "platstdlib")}
    out: list[tuple[str, Path]] = []
    for name, file in json.loads(ran.stdout):
        path = Path(file).resolve()
        if name.endswith("__mypyc"):
            continue  # the compiled build's shared runtime: the page runs the modules' sources
        if path.is_relative_to(package) and path.suffix != ".py":
            path = path.with_name(name.rpartition(".")[2] + ".py")  # a compiled module's source
        if not path.is_file():
            raise UsageError(f"the judge imports {name}, but its Python source {path} is missing")
        if path.is_relative_to(package):
            out.append(((Path("tonk_ref") / path.relative_to(package)).as_posix(), path))
        elif name.partition(".")[0] in CARRIED:
            if path.suffix != ".py" or "." in name:
                raise UsageError(f"{name} ({path}) is not a single pure-Python file the page can carry")
            out.append((path.name, path))
        elif not any(path.is_relative_to(s) for s in stdlib) or {"site-packages", "dist-packages"} & set(path.parts):
            raise UsageError(f"the judge imports {name} ({path}), which the page cannot carry")
    return out


def module_files(spec_json: bytes) -> dict[str, Path]:
    """Every module of the zip: :data:`ALWAYS` and what the judge imports."""
    package = Path(__file__).resolve().parents[1]
    chosen: dict[str, Path] = {}
    for item in ALWAYS:
        paths = sorted((package / item).glob("*.py")) if item.endswith("/") else [package / item]
        for p in paths:
            if p.is_file():
                chosen[(Path("tonk_ref") / p.relative_to(package)).as_posix()] = p
    for name, path in imported_modules(spec_json):
        if path.suffix == ".py":
            chosen[name] = path
    return dict(sorted(chosen.items()))


def write_zip(target: Path, members: dict[str, Path]) -> None:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, path in members.items():
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, path.read_bytes())


def service_worker(names: Iterable[str], contents: bytes) -> bytes:
    """sw.js with the list of the site's files and a version that changes with them."""
    listed = sorted(names)
    version = hashlib.sha256(contents).hexdigest()[:16]
    text = page_file("sw.js").decode()
    text = text.replace('"__TONK_VERSION__"', json.dumps(f"tonk-{__version__}-{version}"))
    text = text.replace('["__TONK_FILES__"]', json.dumps(["./", *listed]))
    return text.encode()


def build(out: Path, runtime: Path) -> dict[str, int]:
    """Write the site into ``out`` (replacing an earlier one whole); the size of each file."""
    spec_json = baked_spec()
    members = module_files(spec_json)
    out = out.resolve()
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        (tmp / "pyodide").mkdir()
        for name in RUNTIME:
            shutil.copyfile(runtime / name, tmp / "pyodide" / name)
        write_zip(tmp / "tonk.zip", members)
        (tmp / "spec.json").write_bytes(spec_json)
        for name in PAGE[:-1]:
            (tmp / name).write_bytes(page_file(name))
        names = [p.relative_to(tmp).as_posix() for p in tmp.rglob("*") if p.is_file()] + ["sw.js"]
        digest = hashlib.sha256()
        for name in sorted(names[:-1]):
            digest.update(name.encode() + b"\0" + (tmp / name).read_bytes())
        (tmp / "sw.js").write_bytes(service_worker([n for n in names if n != "sw.js"], digest.digest()))
        (tmp / MARKER).write_text(f"written by tonk site {__version__}; replaced whole by the next build\n")
        sizes = {p.relative_to(tmp).as_posix(): p.stat().st_size for p in tmp.rglob("*") if p.is_file()}
        os.chmod(tmp, 0o755)
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=out.parent))
            out.rename(old / "site")
            tmp.rename(out)
            shutil.rmtree(old)
        else:
            tmp.rename(out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    sizes.pop(MARKER, None)
    return sizes
