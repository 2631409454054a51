"""``tonk cache info|clear`` and the pruning of old folders of entries: the cache keeps
today's folder and the most recently used before it, and removes nothing but its own
folders (never through a link)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tonk_ref import cache
from tonk_ref.cache import KEEP, cached, typed_codec

CODEC = typed_codec("test", 1, dict[str, int])


def _old(root: Path, n: int) -> list[str]:
    """``n`` folders of entries of other versions, the first used longest ago."""
    names = []
    for i in range(n):
        name = f"cases-{i:020x}"
        (root / name).mkdir(mode=0o700)
        (root / name / "k.msgpack").write_bytes(b"x" * 10)
        os.utime(root / name, (1_000_000 + i, 1_000_000 + i))
        names.append(name)
    return names


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    r = tmp_path / "cache"
    r.mkdir(mode=0o700)
    monkeypatch.setenv("TONK_CACHE_DIR", str(r))
    monkeypatch.delenv("TONK_NO_CACHE", raising=False)
    return r


def test_a_new_folder_of_entries_prunes_all_but_the_most_recently_used(root: Path) -> None:
    old = _old(root, 5)
    (root / "notes.txt").write_text("not the cache's", encoding="utf-8")
    (root / "cases-elsewhere").mkdir()
    assert cached("k1", lambda: {"a": 1}, codec=CODEC) == {"a": 1}
    left = sorted(p.name for p in root.iterdir())
    today = f"cases-{cache.inputs_key()}"
    assert left == sorted([*old[-(KEEP - 1):], today, "notes.txt", "cases-elsewhere"])
    # today's folder, once made, prunes nothing more
    again = root / f"cases-{99:020x}"
    again.mkdir(mode=0o700)
    os.utime(again, (1, 1))
    cached("k2", lambda: {"b": 2}, codec=CODEC)
    assert again.is_dir()


def test_a_link_named_like_a_folder_of_entries_is_not_followed(root: Path, tmp_path: Path) -> None:
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "keep.msgpack").write_bytes(b"x")
    (root / f"cases-{7:020x}").symlink_to(precious, target_is_directory=True)
    _old(root, KEEP + 1)
    cached("k1", lambda: {"a": 1}, codec=CODEC)
    assert (precious / "keep.msgpack").is_file()
    assert cache.clear() != []
    assert (precious / "keep.msgpack").is_file()


def test_info_lists_the_folders_and_clear_removes_them(root: Path, tonk: Any) -> None:
    _old(root, 2)
    cached("k1", lambda: {"a": 1}, codec=CODEC)
    ran = tonk("cache", "info")
    assert ran.code == 0
    lines = ran.out.splitlines()
    assert lines[0] == f"case cache: {root} (on)"
    assert f"cases-{cache.inputs_key()}" in lines[1] and lines[1].endswith("(this version's)")
    assert "1 entry, " in lines[1] and lines[-1].startswith("3 folders of entries, ")
    ran = tonk("cache", "clear")
    assert ran.code == 0 and ran.out.startswith("removed 3 folders of entries (")
    assert list(root.iterdir()) == []
    assert tonk("cache", "info").out.splitlines()[-1] == "no entries yet"


def test_cache_with_no_action_is_a_usage_error(tonk: Any) -> None:
    with pytest.raises(SystemExit) as e:
        tonk("cache", "drop")
    assert e.value.code == 2
