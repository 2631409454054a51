"""The generators' modules import one way: no module of scenarios/_gen (nor of the model
they follow, tonk_model) imports, directly or through others, a module that imports it
back.  Read from each module's source, so an import inside a function or under
``if __name__ == "__main__"`` counts too."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def modules(root: Path, folder: str) -> dict[str, tuple[Path, bool]]:
    """Every module below ``root / folder`` by dotted name: (file, is a package)."""
    out: dict[str, tuple[Path, bool]] = {}
    for path in sorted((root / folder).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        out[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return out


def import_graph(mods: dict[str, tuple[Path, bool]]) -> dict[str, set[str]]:
    """For each module, the modules of ``mods`` it imports (``from p import m`` names the
    submodule ``p.m`` when there is one, else the package ``p``)."""

    def within(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in mods.items():
        package = name if is_package else name.rpartition(".")[0]
        targets: list[str] = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package
                    for _ in range(node.level - 1):
                        anchor = anchor.rpartition(".")[0]
                    base = f"{anchor}.{base}" if base else anchor
                targets += [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
        graph[name] = {t for t in map(within, targets) if t is not None and t != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm,
    iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterable[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, rest = work[-1]
            w = next(iter(rest), None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                component: list[str] = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == v:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_generators_import_one_way() -> None:
    graph = import_graph(modules(ROOT, "scenarios/_gen"))
    assert "scenarios._gen.deal" in graph["scenarios._gen.cli"], "the graph misses cli's imports"
    assert not circles(graph), f"modules of scenarios/_gen that import each other: {circles(graph)}"


def test_the_model_imports_one_way() -> None:
    graph = import_graph(modules(ROOT, "tonk_model"))
    assert "tonk_model.settle" in graph["tonk_model.hand"], "the graph misses the model's relative imports"
    assert not circles(graph), f"modules of tonk_model that import each other: {circles(graph)}"


def test_a_circle_is_found(tmp_path: Path) -> None:
    """The check finds a circle through a package, a relative import and a lazy import."""
    pkg = tmp_path / "p"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from p.sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("from . import c\n")
    (pkg / "sub" / "c.py").write_text("def f() -> None:\n    from p import a\n")
    (pkg / "d.py").write_text("import p.a\n")
    graph = import_graph(modules(tmp_path, "p"))
    assert circles(graph) == [["p.a", "p.sub.b", "p.sub.c"]]
    (pkg / "sub" / "c.py").write_text("")
    assert circles(import_graph(modules(tmp_path, "p"))) == []
