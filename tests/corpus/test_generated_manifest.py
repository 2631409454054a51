"""Writing the generated families adds the ID of each new case to scenarios/MANIFEST
(scenarios/_gen/make/manifest.py): in order, once, and never removing one."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenarios._gen.cli import FAMILIES
from scenarios._gen.make import manifest


@pytest.fixture
def ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "MANIFEST"
    path.write_text("# the ids\n# one a line\nhouse-a-2p\nhouse-c-2p  # withdrawn\nopt-b-3p\n", encoding="utf-8")
    monkeypatch.setattr(manifest, "MANIFEST", path)
    return path


def test_new_ids_are_added_in_order_and_listed_ones_kept(ledger: Path) -> None:
    assert manifest.add(["house-a-2p", "house-b-2p", "zz-new-2p", "house-c-2p"]) == ["house-b-2p", "zz-new-2p"]
    assert ledger.read_text(encoding="utf-8").splitlines() == [
        "# the ids", "# one a line", "house-a-2p", "house-b-2p", "house-c-2p  # withdrawn", "opt-b-3p", "zz-new-2p",
    ]
    assert manifest.add(["house-b-2p"]) == []
    assert manifest.missing(["house-a-2p", "opt-a-2p"]) == ["opt-a-2p"]


def test_every_generated_case_is_listed() -> None:
    ids = [p.stem for f in FAMILIES for p in f.render()]
    assert ids and manifest.missing(ids) == []
