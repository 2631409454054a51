"""The layers import one way: engine <- spec <- adapters <- harness <- views <- tools.

The engine imports nothing from pytest, YAML, jsonschema or any layer above it; the spec
(the rulebook, situations and rulings) nothing from the adapters, the harness, the views
or the tools; the adapters nothing from the harness, the views or the tools; the harness
never plays the reference engine itself (no ``engine.hand``, ``engine.payments``,
``engine.match`` or ``engine.serialize``: it talks to engines only through an adapter) and
imports nothing from the views or the tools; the views (every text, Markdown, JUnit and HTML
output) nothing from the tools or pytest.  Every module of the package lies in one of the
six layers.  The pytest plugin is a front end, as a command is, and lies with them (it
prints through the views, and never plays the reference engine itself).  A command
imports no other command: the modules of the tools import one another only for the shared
command-line helpers.  No import circle runs through the
package, the scenario generators, the mutants or the scripts (but the ones listed as still
open).  Read from each module's source, so a lazy import inside a function counts too.
"""

from __future__ import annotations

import ast
import sys
from functools import cache
from pathlib import Path

import pytest
from importgraph import circles, import_graph

PACKAGE = Path(__file__).resolve().parents[1] / "tonk_ref"
MODEL = PACKAGE.parent / "tonk_model"
GAME_LOGIC = {"tonk_ref.engine.hand", "tonk_ref.engine.payments", "tonk_ref.engine.match", "tonk_ref.engine.serialize"}

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "engine": (
        "pytest",
        "yaml",
        "jsonschema",
        "tonk_ref.rulebook",
        "tonk_ref.adapters",
        "tonk_ref.harness",
        "tonk_ref.views",
        "tonk_ref.tools",
    ),
    "rulebook": ("pytest", "tonk_ref.adapters", "tonk_ref.harness", "tonk_ref.views", "tonk_ref.tools"),
    "adapters": ("pytest", "tonk_ref.harness", "tonk_ref.views", "tonk_ref.tools"),
    "harness": ("tonk_ref.views", "tonk_ref.tools", *sorted(GAME_LOGIC)),
    "views": ("pytest", "tonk_ref.tools"),
}
LAYERS = ("engine", "rulebook", "adapters", "harness", "views", "tools")
#: The pytest plugin: a front end among the commands, which talks to engines only through
#: the harness and its adapters.
PLUGIN = "tools/pytest_tonk.py"
#: Its ``pytest11`` entry point, which imports the plugin proper when a Tonk option or item
#: is in play (and nothing of the suite before).
PLUGIN_ENTRY = "tools/pytest_plugin.py"
#: the package's top-level modules: its front (the engine's API, ``python -m tonk_ref``) and
#: the modules every layer may use, which import no layer: where the data lies, the errors,
#: the disk cache, the bounds on input and the files written whole
FRONT = {"__init__.py", "__main__.py"}
SHARED = {"paths.py", "errors.py", "cache.py", "bounds.py", "atomic.py"}
#: The command-line helpers of the tools, the one thing a command may import from another
#: module of the tools: the command table with its usage error and argument checks, the
#: engine options, the exit statuses and the progress bar.  What else two commands share
#: is a library function of a layer below.
COMMAND_LINE_HELPERS = ("cli", "engine_args", "exitcodes", "progress")

#: The code whose imports may not run in a circle: the package, the scenario generators,
#: the mutants and the scripts (folders of the repository).
REPOSITORY = PACKAGE.parent
GRAPHED = ("tonk_ref", "scenarios/_gen", "mutants", "scripts")
#: The import circles still open, each the set of modules of one circle.  Each must go, and
#: its entry with it; no new one may come (a circle inside the package is never listed).
#: Import circles known and still to go (each a set of modules); none today, and a new one
#: fails the test.
OPEN_CIRCLES: tuple[frozenset[str], ...] = ()

def imports_of(path: Path, package: str | None = None) -> set[str]:
    """Absolute names of every module ``path`` imports (relative imports resolved against
    ``package``, by default the package the file lies in)."""
    if package is None:
        package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                mod = ".".join([*base, node.module] if node.module else base)
            else:
                mod = node.module or ""
            out.add(mod)
            out |= {f"{mod}.{a.name}" for a in node.names}
    return out


def _banned(layer: str, names: set[str], rules: tuple[str, ...] | None = None) -> list[str]:
    return [n for n in sorted(names) for b in (FORBIDDEN[layer] if rules is None else rules)
            if n == b or n.startswith(b + ".")]


def _violations(layer: str) -> list[str]:
    return [
        f"{path.relative_to(PACKAGE.parent)} imports {name}"
        for path in sorted((PACKAGE / layer).rglob("*.py"))
        for name in _banned(layer, imports_of(path))
    ]


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_point_down(layer: str) -> None:
    assert _violations(layer) == []


def test_the_scan_sees_relative_and_lazy_imports(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from ..harness import scenario\n    import yaml\n", encoding="utf-8")
    found = imports_of(probe, "tonk_ref.engine")
    assert {"tonk_ref.harness", "tonk_ref.harness.scenario", "yaml"} <= found
    assert _banned("engine", found) == ["tonk_ref.harness", "tonk_ref.harness.scenario", "yaml"]


def test_the_pytest_plugin_never_plays_the_reference_engine_itself() -> None:
    found = imports_of(PACKAGE / PLUGIN)
    assert "tonk_ref.harness.runner" in found  # it runs cases through the harness
    assert [n for n in sorted(found) for b in GAME_LOGIC if n == b or n.startswith(b + ".")] == []


def _command_imports(path: Path, package: str | None = None) -> list[str]:
    """The modules of the tools that ``path`` imports, but the command-line helpers."""
    return [n for n in sorted(imports_of(path, package)) if n.startswith("tonk_ref.tools.")
            and n.split(".")[2] not in COMMAND_LINE_HELPERS]


def test_a_command_imports_no_other_command() -> None:
    assert [f"{path.relative_to(PACKAGE.parent)} imports {name}" for path in sorted((PACKAGE / "tools").glob("*.py"))
            for name in _command_imports(path)
            if (str(path.relative_to(PACKAGE)), name) != (PLUGIN_ENTRY, "tonk_ref.tools.pytest_tonk")] == []
    assert all((PACKAGE / "tools" / f"{name}.py").is_file() for name in COMMAND_LINE_HELPERS)


def test_the_scan_sees_one_command_importing_another(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("from . import exitcodes\nfrom .cli import UsageError\n\n\ndef f():\n"
                     "    from .judge import text\n    import tonk_ref.tools.diff\n", encoding="utf-8")
    assert _command_imports(probe, "tonk_ref.tools") == ["tonk_ref.tools.diff", "tonk_ref.tools.judge",
                                                         "tonk_ref.tools.judge.text"]


# ---------------------------------------------------------------------------- import circles


@cache
def _repository_circles() -> tuple[frozenset[str], ...]:
    return tuple(circles(import_graph(REPOSITORY, GRAPHED)))


def test_no_new_import_circle() -> None:
    """Every circle of the repository's imports is one still open (or a part of one, as it
    is being taken apart), and none runs through the package."""
    found = _repository_circles()
    new = [sorted(c) for c in found if not any(c <= allowed for allowed in OPEN_CIRCLES)]
    assert new == [], "new import circles"
    assert [sorted(c) for c in (*found, *OPEN_CIRCLES) if any(m.split(".")[0] == "tonk_ref" for m in c)] == []


def test_the_open_circles_are_still_open() -> None:
    """An entry of OPEN_CIRCLES whose circle is gone goes too."""
    found = _repository_circles()
    closed = [sorted(allowed) for allowed in OPEN_CIRCLES if not any(c <= allowed for c in found)]
    assert closed == [], "these circles are gone: remove them from OPEN_CIRCLES"


def test_the_circle_scan_sees_lazy_imports_and_no_package_edges(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "from .c import y\n",
        "a.py": "from . import b\n",
        "b.py": "def f():\n    from .a import x\n",
        "c.py": "import os\ny = 1\n",
        "d.py": "from pkg.sub import e\n",
        "sub/__init__.py": "",
        "sub/e.py": "from .. import d\nfrom ..c import y\n",
        "lone.py": "import pkg.c\n",
    }
    for name, text in files.items():
        (pkg / name).write_text(text, encoding="utf-8")
    graph = import_graph(tmp_path, ("pkg",))
    assert graph["pkg.a"] == {"pkg.b"} and graph["pkg.b"] == {"pkg.a"} and graph["pkg.lone"] == {"pkg.c"}
    assert graph["pkg.sub.e"] == {"pkg.d", "pkg.c"} and graph["pkg"] == {"pkg.c"}
    assert sorted(sorted(c) for c in circles(graph)) == [["pkg.a", "pkg.b"], ["pkg.d", "pkg.sub.e"]]
    assert circles({"x": {"y"}, "y": {"z"}, "z": set()}) == []


def test_every_module_lies_in_a_layer() -> None:
    stray = [p.name for p in PACKAGE.iterdir()
             if (p.is_dir() and p.name not in LAYERS and p.name != "__pycache__")
             or (p.suffix == ".py" and p.name not in FRONT | SHARED)]
    assert stray == []


def test_the_shared_modules_import_no_layer() -> None:
    for name in sorted(SHARED):
        path = PACKAGE / name
        if path.exists():
            layers = {n for n in imports_of(path, "tonk_ref") if n.split(".")[:2][-1] in LAYERS}
            assert layers == set(), f"{name} imports {sorted(layers)}"


def test_the_model_and_the_engine_share_no_code() -> None:
    """The independent model of the rules (tonk_model: the generators' model and the
    tests' oracle) imports only itself, the standard library and PyYAML, and tonk_ref
    imports nothing of it: a fault has to be made twice, once in each, to go unnoticed."""
    model = sorted(MODEL.rglob("*.py"))
    assert {p.name for p in model} >= {"__init__.py", "hand.py", "settle.py", "spreads.py"}
    foreign = [
        f"{path.relative_to(PACKAGE.parent)} imports {name}"
        for path in model
        for name in sorted(imports_of(path))
        if name.split(".")[0] not in {"tonk_model", "yaml", *sys.stdlib_module_names}
    ]
    assert foreign == []
    into_model = [
        f"{path.relative_to(PACKAGE.parent)} imports {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for name in sorted(imports_of(path))
        if name.split(".")[0] == "tonk_model"
    ]
    assert into_model == []


def test_every_exception_of_the_package_is_a_tonk_error() -> None:
    """One base for the package's errors: every exception class defined in the package
    derives from TonkError, and the input errors from InputError (file, line, field,
    message)."""
    import importlib
    import inspect
    import pkgutil

    import tonk_ref
    from tonk_ref.errors import InputError, TonkError

    found: dict[str, type[BaseException]] = {}
    for info in pkgutil.walk_packages(tonk_ref.__path__, "tonk_ref."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == info.name:
                found[f"{info.name}.{name}"] = obj
    assert len(found) >= 20
    # a signal that ends a run is no error: a BaseException, which no `except Exception` takes
    signal = "tonk_ref.adapters.lifetime.Interrupted"
    assert not issubclass(found.pop(signal), Exception)
    assert [n for n, c in found.items() if not issubclass(c, TonkError)] == []
    readers = {"ScenarioError", "FeatureError", "PerftError", "RulebookError", "KnownFailuresError", "SelectError"}
    assert {n.rsplit(".", 1)[1] for n, c in found.items() if issubclass(c, InputError)} >= readers
    e = InputError("table.yaml", 3, "options.stock_tie", "expected one of: split, low_hand")
    assert str(e) == "table.yaml:3: options.stock_tie: expected one of: split, low_hand"
    assert str(InputError("-k", None, "", "the expression is empty")) == "-k: the expression is empty"
