"""The layers import one way: tools -> harness -> adapters -> spec -> engine.

The engine imports nothing from pytest, YAML, jsonschema or any layer above it; the
adapters nothing from the harness or the tools; the harness never plays the
reference engine itself (no ``engine.hand``, ``engine.payments``, ``engine.match`` or
``engine.serialize``: it talks to engines only through an adapter) and nothing from the
tools.  Read from each module's source, so a lazy import inside a
function counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tonk_ref"
GAME_LOGIC = {"tonk_ref.engine.hand", "tonk_ref.engine.payments", "tonk_ref.engine.match", "tonk_ref.engine.serialize"}

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "engine": (
        "pytest",
        "yaml",
        "jsonschema",
        "tonk_ref.spec",
        "tonk_ref.adapters",
        "tonk_ref.harness",
        "tonk_ref.tools",
    ),
    "spec": ("pytest", "tonk_ref.adapters", "tonk_ref.harness", "tonk_ref.tools"),
    "adapters": ("pytest", "tonk_ref.harness", "tonk_ref.tools"),
    "harness": ("tonk_ref.tools", *sorted(GAME_LOGIC)),
}


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


def _banned(layer: str, names: set[str]) -> list[str]:
    return [n for n in sorted(names) for b in FORBIDDEN[layer] if n == b or n.startswith(b + ".")]


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
