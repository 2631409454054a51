"""spec/rules.yaml through the disk cache: a later process builds the same rulebook from the
cached data without parsing or checking the file again, an entry that does not build is
read from the file afresh, and a run of ``tonk check`` from the cache imports neither
PyYAML nor jsonschema (they take longer to import than the rest of such a run's start).

Every test points the cache at a folder of its own: none touches the user's cache folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tonk_ref import cache
from tonk_ref.paths import scenarios_dir
from tonk_ref.rulebook import book as rulebook


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("TONK_CACHE_DIR", str(folder))
    monkeypatch.delenv("TONK_NO_CACHE", raising=False)
    return folder


def _fresh() -> rulebook._RulesDoc:
    """The rulebook as a new process builds it (the in-process memo bypassed)."""
    return rulebook._rules_doc.__wrapped__(rulebook.rules_path())


def _key() -> str:
    path = rulebook.rules_path()
    return cache.digest("rules", str(path), path.read_text(encoding="utf-8"))


def test_the_cached_rulebook_is_the_parsed_one(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = _fresh()  # parses, checks and stores the data
    assert list(cache_dir.rglob(f"{_key()}.msgpack")), "the checked data was not stored"

    def no_parse(*args: object, **kwargs: object) -> None:
        raise AssertionError("rules.yaml was parsed again")

    parse = rulebook._parse_yaml
    monkeypatch.setattr(rulebook, "_parse_yaml", no_parse)
    assert _fresh() == parsed
    monkeypatch.setattr(rulebook, "_parse_yaml", parse)
    monkeypatch.setenv("TONK_NO_CACHE", "1")
    assert _fresh() == parsed


def test_an_entry_that_does_not_build_is_read_from_the_file(cache_dir: Path) -> None:
    parsed = _fresh()
    # an entry of the right codec and key whose data is not a rulebook
    for entry in cache_dir.rglob(f"{_key()}.msgpack"):
        entry.unlink()
    cache.cached(_key(), lambda: {"sections": {}, "rules": [{"id": 5}]}, codec=rulebook.rules_codec())
    assert _fresh() == parsed


def test_a_run_from_the_cache_imports_neither_yaml_nor_jsonschema(cache_dir: Path) -> None:
    probe = (
        "import sys\n"
        "from tonk_ref.tools.cli import main\n"
        "try:\n"
        "    code = main(sys.argv[1:])\n"
        "except SystemExit as e:\n"
        "    code = e.code\n"
        "assert code in (0, None), code\n"
        "print(sorted(m for m in ('yaml', 'jsonschema', 'referencing') if m in sys.modules))\n"
    )
    args = [sys.executable, "-c", probe, "check", "--scenarios", str(scenarios_dir() / "pay"), "--no-features",
            "--table", "off"]
    cold = subprocess.run(args, capture_output=True, text=True, check=True)
    assert "yaml" in cold.stdout  # the first run reads the files
    warm = subprocess.run(args, capture_output=True, text=True, check=True)
    assert warm.stdout.strip().splitlines()[-1] == "[]", warm.stdout + warm.stderr
