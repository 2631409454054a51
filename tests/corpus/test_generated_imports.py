"""The generators' modules import one way: no module of scenarios/_gen (nor of the model
they follow, tonk_model) imports, directly or through others, a module that imports it
back.  Read from each module's source, so an import inside a function or under
``if __name__ == "__main__"`` counts too."""

from __future__ import annotations

from pathlib import Path

from importgraph import circles, import_graph

ROOT = Path(__file__).resolve().parents[2]


def test_the_generators_import_one_way() -> None:
    graph = import_graph(ROOT, ("scenarios/_gen",))
    assert "scenarios._gen.deal" in graph["scenarios._gen.cli"], "the graph misses cli's imports"
    assert not circles(graph), f"modules of scenarios/_gen that import each other: {circles(graph)}"


def test_the_model_imports_one_way() -> None:
    graph = import_graph(ROOT, ("tonk_model",))
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
    graph = import_graph(tmp_path, ("p",))
    assert [sorted(c) for c in circles(graph)] == [["p.a", "p.sub.b", "p.sub.c"]]
    (pkg / "sub" / "c.py").write_text("")
    assert circles(import_graph(tmp_path, ("p",))) == []
