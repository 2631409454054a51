"""scenarios/MANIFEST, the list of every case ID, kept up with the generated cases.

Writing the generated families adds the ID of each case they write that the list does not
hold yet, before the first listed ID that sorts after it.  It never removes one: a case
that is no longer generated stays listed until it is marked ``# withdrawn`` by hand (IDs
are public contracts; tests/corpus/test_corpus_lint.py checks the list against the corpus).
"""

from __future__ import annotations

from collections.abc import Iterable

from .files import SCENARIOS

MANIFEST = SCENARIOS / "MANIFEST"


def _id(line: str) -> str:
    return line.partition("#")[0].strip()


def listed() -> set[str]:
    """Every ID the list holds, withdrawn ones included."""
    return {cid for line in MANIFEST.read_text(encoding="utf-8").splitlines() if (cid := _id(line))}


def missing(ids: Iterable[str]) -> list[str]:
    """The IDs of ``ids`` the list does not hold, sorted."""
    have = listed()
    return sorted(set(ids) - have)


def add(ids: Iterable[str]) -> list[str]:
    """Add the IDs of ``ids`` the list does not hold; return them."""
    new = missing(ids)
    if not new:
        return []
    lines = MANIFEST.read_text(encoding="utf-8").splitlines()
    for cid in new:
        at = next((i for i, line in enumerate(lines) if _id(line) > cid), len(lines))
        lines.insert(at, cid)
    MANIFEST.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return new
