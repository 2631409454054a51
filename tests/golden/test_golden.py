"""The golden playthroughs of tests/golden/ are what the engine plays today: each file is
regenerated in memory and compared line by line."""

from __future__ import annotations

from pathlib import Path

import pytest
import regenerate

HERE = Path(__file__).resolve().parent
WANT = regenerate.files()
HOW = "if the change of behaviour is meant, run: python tests/golden/regenerate.py (and commit the files)"


def first_difference(expected: str, actual: str) -> str:
    a, b = expected.splitlines(), actual.splitlines()
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"line {i + 1}:\n  file:   {x}\n  engine: {y}"
    return f"line {min(len(a), len(b)) + 1}: the file has {len(a)} lines, the engine's playthrough {len(b)}"


@pytest.mark.parametrize("name", sorted(WANT))
def test_the_playthrough_is_unchanged(name: str) -> None:
    path = HERE / name
    assert path.exists(), f"{name} is missing; {HOW}"
    on_disk = path.read_text(encoding="utf-8")
    if on_disk != WANT[name]:
        pytest.fail(f"{name} differs from the engine's playthrough at {first_difference(on_disk, WANT[name])}\n{HOW}")


def test_there_is_no_stale_playthrough() -> None:
    stale = sorted(p.name for p in HERE.glob("*.txt") if p.name not in WANT)
    assert not stale, f"playthroughs of no current preset: {stale}; {HOW}"


def test_every_preset_has_playthroughs_that_end() -> None:
    from tonk_ref.rulebook.book import load_presets

    for preset in load_presets():
        mine = [text for name, text in WANT.items() if name.startswith(f"{preset}-seed")]
        assert len(mine) == len(regenerate.DEALS), preset
        for text in mine:
            assert "\nResult\n  ending: " in text, f"{preset}: a playthrough did not end"


def test_the_first_difference_is_reported_with_its_line() -> None:
    msg = first_difference("a\nb\nc\n", "a\nB\nc\n")
    assert msg.startswith("line 2:") and "file:   b" in msg and "engine: B" in msg
