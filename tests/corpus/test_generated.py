"""The generated scenario families (scenarios/_gen/*.py) are checked in exactly as their
generators write them: running a generator again reproduces its files byte for byte, no
generated file is stale or orphaned, and the generated cases load."""

from __future__ import annotations

import ast
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
import yaml

from tonk_ref.harness.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
GEN = ROOT / "scenarios" / "_gen"


def generator_scripts() -> list[Path]:
    """The scripts of scenarios/_gen that define a top-level ``cases()``."""
    out = []
    for p in sorted(GEN.glob("*.py")):
        tree = ast.parse(p.read_text(encoding="utf-8"), filename=str(p))
        if any(isinstance(n, ast.FunctionDef) and n.name == "cases" for n in tree.body):
            out.append(p)
    return out


def load(path: Path) -> ModuleType:
    if str(GEN) not in sys.path:
        sys.path.insert(0, str(GEN))
    spec = importlib.util.spec_from_file_location(f"_tonk_gen_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def emit() -> ModuleType:
    """The generators' shared module, imported as they import it."""
    if str(GEN) not in sys.path:
        sys.path.insert(0, str(GEN))
    return importlib.import_module("emit")


SCRIPTS = generator_scripts()


def test_there_are_generators() -> None:
    names = {p.name for p in SCRIPTS}
    assert {"illegal.py", "dealt.py", "deal.py"} <= names, names


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_generator_reproduces_its_files(path: Path, emit: ModuleType) -> None:
    module = load(path)
    files = emit.render(module.cases(), path.name)
    assert files, f"{path.name} generates no case"
    diffs = emit.differences(files, path.name)
    assert not diffs, f"run `python scenarios/_gen/{path.name}`:\n" + "\n".join(diffs)


def _generated_files(emit: ModuleType) -> Iterator[tuple[Path, str]]:
    for p in sorted((ROOT / "scenarios").rglob("*.yaml")):
        script = emit.generated_by(p)
        if script is not None:
            yield p, script


def test_every_generated_file_has_a_generator(emit: ModuleType) -> None:
    names = {p.name for p in SCRIPTS}
    orphans = [f"{p.relative_to(ROOT)} (names {s})" for p, s in _generated_files(emit) if s not in names]
    assert not orphans, "generated files whose generator is gone:\n" + "\n".join(orphans)


def test_generated_ids_match_file_names(emit: ModuleType) -> None:
    seen = 0
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for p, _ in _generated_files(emit):
        cid = yaml.load(p.read_text(encoding="utf-8"), Loader=loader)["id"]
        assert cid == p.stem, f"{p}: id {cid!r} differs from the file name"
        seen += 1
    assert seen >= 200


def test_a_generated_file_loads_as_a_case(emit: ModuleType) -> None:
    """The layout the generators write is a valid scenario (the whole corpus is loaded and
    run by the conformance suite; one file of each generator is enough here)."""
    firsts: dict[str, Path] = {}
    for p, script in _generated_files(emit):
        firsts.setdefault(script, p)
    assert len(firsts) == len(SCRIPTS)
    for p in firsts.values():
        assert load_scenario(p).id == p.stem


def test_check_reports_a_changed_file(emit: ModuleType) -> None:
    module = load(GEN / "dealt.py")
    files = emit.render(module.cases(), "dealt.py")
    path = next(iter(sorted(files)))
    tampered = dict(files)
    tampered[path] = files[path].replace("players:", "players: ", 1)
    diffs = emit.differences(tampered, "dealt.py")
    assert diffs == [f"{path.relative_to(ROOT)}: differs from what dealt.py writes"]


def test_check_reports_a_missing_and_a_stale_file(emit: ModuleType) -> None:
    module = load(GEN / "deal.py")
    files = emit.render(module.cases(), "deal.py")
    path = next(iter(sorted(files)))
    renamed = {path.with_name("zz-not-there.yaml"): files[path], **{p: t for p, t in files.items() if p != path}}
    diffs = emit.differences(renamed, "deal.py")
    assert any(d.endswith("zz-not-there.yaml: missing") for d in diffs), diffs
    assert any("stale" in d and path.name in d for d in diffs), diffs


def test_dump_is_stable_and_reads_back(emit: ModuleType) -> None:
    doc = {
        "id": "x-case",
        "title": "A title: with a colon, and 'quotes'",
        "rules": ["TURN-1"],
        "ruleset": {"options": {"dealt_tonk": "50", "upcard": False}},
        "players": 2,
        "dealer": 1,
        "deal": {"hands": [["Ac", "2c", "3c", "4c", "5c"], ["Ad", "2d", "3d", "4d", "5d"]], "upcard": "Kh"},
        "script": [{"act": "0 draw stock"}, {"expect": {"hands": {"0": ["Ac"]}, "discard_top": None}}],
        "result": {"ending": "knock_won", "winners": [0], "payments": []},
    }
    text = emit.dump(doc, "test.py")
    assert text == emit.dump(doc, "test.py")
    assert yaml.safe_load(text) == doc
    assert 'dealt_tonk: "50"' in text and "upcard: false" in text
    with pytest.raises(ValueError, match="unknown fields"):
        emit.dump({**doc, "extra": 1}, "test.py")


def test_deal_deck_follows_deal_1(emit: ModuleType) -> None:
    deck = list(emit.NAMES)
    hands, up, stock = emit.deal_deck(deck, 3, 1)
    # seat 2 is the dealer's left: it gets the 1st, 4th, 7th... card
    assert hands[2] == ["Ac", "4c", "7c", "Tc", "Kc"]
    assert hands[0] == ["2c", "5c", "8c", "Jc", "Ad"]
    assert hands[1] == ["3c", "6c", "9c", "Qc", "2d"]
    assert up == "3d" and stock[0] == "4d" and len(stock) == 36


def test_tracker_snapshot_after_moves(emit: ModuleType) -> None:
    deal = emit.Deal(2, 1, ["7c 7d 7h 2s 9h", "4c 5c 6c Kd 7s"], "3d", "Qs")
    t = deal.tracker()
    for a in ("0 draw stock", "0 spread 7c 7d 7h", "0 discard Qs", "1 draw discard", "1 hit 7s 0"):
        t.apply(a)
    snap = t.snapshot()
    assert snap["hands"] == [["2s", "9h"], ["4c", "5c", "6c", "Kd", "Qs"]]
    assert snap["spreads"] == [{"owner": 0, "kind": "book", "cards": ["7c", "7d", "7h", "7s"]}]
    assert (snap["discard_top"], snap["discard_count"], snap["stock_count"]) == ("3d", 1, 40)
    assert (snap["to_act"], snap["stage"]) == (1, "drawn")
