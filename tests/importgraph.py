"""The import graph of a tree of Python modules, read from each module's source (so a
lazy import inside a function counts too), and its import circles: what the layer test and
the generators' test share."""

from __future__ import annotations

import ast
from pathlib import Path


def modules_of(root: Path, folders: tuple[str, ...]) -> dict[str, Path]:
    """Every Python module under ``folders`` of ``root``, by its dotted name (a package by
    its own name, for its ``__init__.py``)."""
    out: dict[str, Path] = {}
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _known(name: str, known: dict[str, Path]) -> str | None:
    """The longest dotted prefix of ``name`` that is a module of ``known``."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def import_graph(root: Path, folders: tuple[str, ...]) -> dict[str, set[str]]:
    """Module -> the modules of the graph it imports, wherever the import is written (a
    lazy one inside a function too).  ``from P import m`` imports the module ``P.m`` where
    there is one, else ``P``; the parent packages a module lies in are not counted (every
    module of a package is imported after its package)."""
    known = modules_of(root, folders)
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str | None] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {_known(a.name, known) for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1],
                                     *([node.module] if node.module else [])])
                else:
                    base = node.module or ""
                found |= {f"{base}.{a.name}" if f"{base}.{a.name}" in known else _known(base, known)
                          for a in node.names}
        graph[name] = {m for m in found if m is not None and m != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The import circles of ``graph``: its strongly connected components of more than one
    module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[frozenset[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            step = next((m for m in edges if m not in index or m in on_stack), None)
            if step is not None:
                if step in index:
                    low[node] = min(low[node], index[step])
                else:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: set[str] = set()
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    component.add(m)
                    if m == node:
                        break
                if len(component) > 1:
                    out.append(frozenset(component))
    return out
