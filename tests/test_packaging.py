"""What `pip install .` brings is enough for every `tonk` command: each third-party module
that tonk_ref imports comes from a runtime dependency in pyproject.toml (not from the test
extra), and the wheel carries the spec, the scenarios and the features."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def third_party_imports() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in (ROOT / "tonk_ref").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top != "tonk_ref" and top not in sys.stdlib_module_names:
                    found.setdefault(top, set()).add(str(path.relative_to(ROOT)))
    return found


def _dist(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def test_every_imported_module_is_a_runtime_dependency() -> None:
    runtime = {_dist(r) for r in PYPROJECT["project"]["dependencies"]}
    providers = importlib.metadata.packages_distributions()
    missing = {}
    for module, users in third_party_imports().items():
        dists = {d.lower().replace("_", "-") for d in providers.get(module, [module])}
        if not dists & runtime:
            missing[module] = sorted(users)[:3]
    assert missing == {}, f"imported by tonk_ref but not a runtime dependency: {missing}"


def test_runtime_dependencies_have_lower_bounds() -> None:
    for requirement in PYPROJECT["project"]["dependencies"]:
        assert ">=" in requirement, requirement


def test_the_wheel_carries_the_suite_data() -> None:
    included = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included == {
        "spec": "tonk_ref/_data/spec",
        "scenarios": "tonk_ref/_data/scenarios",
        "features": "tonk_ref/_data/features",
    }
