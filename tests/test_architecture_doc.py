"""docs/architecture.md is the path a case takes from a file to a verdict, and it names every
module of the package on the way: a module added without a word there, or a word there about
a module that is gone, fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tonk_ref"
DOC = ROOT / "docs" / "architecture.md"
#: a module named in the doc: a path under the package, in backticks
NAMED = re.compile(r"`((?:[a-z_]+/)*[a-z_]+\.py)`")


def modules() -> set[str]:
    """Every module of the package, as a path under it; a subpackage's ``__init__.py`` is its
    folder's, which the doc names by the folder."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE).as_posix()
        if "__pycache__" in rel or (rel.endswith("/__init__.py")):
            continue
        found.add(rel)
    return found


def named() -> set[str]:
    return set(NAMED.findall(DOC.read_text(encoding="utf-8")))


def test_the_doc_names_every_module() -> None:
    missing = sorted(modules() - named())
    assert not missing, f"docs/architecture.md does not name: {', '.join(missing)}"


def test_every_module_the_doc_names_exists() -> None:
    """A name is a module of the package, or a file of the checkout named from its root."""
    gone = sorted(
        name for name in named() if name not in modules() and not (ROOT / name).is_file()
    )
    assert not gone, f"docs/architecture.md names modules that do not exist: {', '.join(gone)}"


def test_the_check_sees_a_module_left_out(tmp_path: Path) -> None:
    text = DOC.read_text(encoding="utf-8").replace("`harness/table/block.py`", "the block")
    assert "harness/table/block.py" not in set(NAMED.findall(text))
    assert "harness/table/block.py" in modules()
