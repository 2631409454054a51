"""The generated scenario families (scenarios/_gen, ``python -m scenarios._gen``) are
checked in exactly as their generators write them: every family reproduces its files
byte for byte, no generated file is stale or orphaned, the generated cases load, and a
generator refuses a table row that the model of the rules does not follow."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from scenarios._gen.cli import FAMILIES, family, main
from scenarios._gen.make import tables
from scenarios._gen.make.case import Case
from scenarios._gen.make.files import Family, generated_by
from scenarios._gen.make.play import GenError, Play
from scenarios._gen.make.table import Deal, build
from scenarios._gen.make.write import HEADED
from tonk_model import STANDARD, deal
from tonk_ref.harness.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
HEADED_FAMILIES = [f for f in FAMILIES if not f.folders]


def test_the_generators_never_import_the_engine() -> None:
    """The model the generators (and the tests' oracle) follow is independent of tonk_ref."""
    for path in sorted((ROOT / "scenarios" / "_gen").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] == "tonk_ref" for n in names), f"{path.relative_to(ROOT)} imports {names}"


def test_there_are_generators() -> None:
    names = {f.name for f in FAMILIES}
    assert {"illegal", "dealt", "deal", "out", "options", "house"} <= names, names


@pytest.mark.parametrize("f", FAMILIES, ids=[f.name for f in FAMILIES])
def test_every_family_reproduces_its_files(f: Family) -> None:
    files = f.render()
    assert files, f"{f.name} generates no case"
    diffs = f.differences(files)
    assert not diffs, f"run `python -m scenarios._gen {f.name}`:\n" + "\n".join(diffs)


def test_the_command_line_checks_every_family(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--check", "deal", "obs"]) == 0
    assert capsys.readouterr().out == ""
    with pytest.raises(SystemExit):
        main(["no-such-family"])


def _generated_files() -> Iterator[tuple[Path, str]]:
    for p in sorted((ROOT / "scenarios").rglob("*.yaml")):
        name = generated_by(p)
        if name is not None:
            yield p, name


def test_the_tables_are_not_taken_for_scenarios() -> None:
    """The tables are data beside the generators, named .yml: readers of the corpus take
    any *.yaml below scenarios/ for a scenario."""
    assert {p.stem for p in tables.TABLES.glob("*.yml")} >= {"house_contrasts", "options", "pay"}
    assert not list((ROOT / "scenarios" / "_gen").rglob("*.yaml"))


def test_with_takes_a_shared_fragment_of_any_table() -> None:
    w8 = tables.table("pay")["shared"]["W8"]
    (row,) = [r for r in tables.table("options")["cases"] if r.get("what") == "higher-knocker-3p"]
    assert row["base"] == {**w8, "totals": [10, 6, 15], "net": [-3, 4, -1], "ending": "knock_caught"}


def test_a_table_row_may_stack_the_deck_and_add_steps() -> None:
    row = {
        "id": "x-case", "title": "x", "rules": ["DEAL-1"], "players": 2, "dealer": 1, "script": ["@"],
        "deck": {"hands": ["5h 6h 7h 9c 9d", "2c 4d 6s 8c Tc"], "then": "9s Kd", "without": "Q"},
        "after": ["0 draw stock"],
    }
    case = tables.make(row, {"case": Case})
    assert case.deck is not None
    deck = case.deck.split()
    assert deck[:12] == ["5h", "2c", "6h", "4d", "7h", "6s", "9c", "8c", "9d", "Tc", "9s", "Kd"]  # seat 0 first
    assert len(deck) == 48 and "Qh" not in deck and deck[12:14] == ["Ac", "3c"]
    assert case.script == ["@", "0 draw stock"]


def test_every_headed_file_has_a_generator() -> None:
    names = {f.name for f in HEADED_FAMILIES}
    orphans = [f"{p.relative_to(ROOT)} (names {s})" for p, s in _generated_files() if s not in names]
    assert not orphans, "generated files whose generator is gone:\n" + "\n".join(orphans)


def test_generated_ids_match_file_names() -> None:
    seen = 0
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for f in FAMILIES:
        for p in f.owned():
            cid = yaml.load(p.read_text(encoding="utf-8"), Loader=loader)["id"]
            assert cid == p.stem, f"{p}: id {cid!r} differs from the file name"
            seen += 1
    assert seen >= 550


def test_a_generated_file_of_each_family_loads_as_a_case() -> None:
    """The layouts the generators write are valid scenarios (the whole corpus is loaded
    and run by the conformance suite; one file of each family is enough here)."""
    for f in FAMILIES:
        first = f.owned()[0]
        assert load_scenario(first).id == first.stem


def test_check_reports_a_changed_file() -> None:
    f = family("dealt")
    files = f.render()
    path = next(iter(sorted(files)))
    tampered = dict(files)
    tampered[path] = files[path].replace("players:", "players: ", 1)
    assert f.differences(tampered) == [f"{path.relative_to(ROOT)}: differs from what dealt writes"]


def test_check_reports_a_missing_and_a_stale_file() -> None:
    f = family("deal")
    files = f.render()
    path = next(iter(sorted(files)))
    renamed = {path.with_name("zz-not-there.yaml"): files[path], **{p: t for p, t in files.items() if p != path}}
    diffs = f.differences(renamed)
    assert any(d.endswith("zz-not-there.yaml: missing") for d in diffs), diffs
    assert any("stale" in d and path.name in d for d in diffs), diffs


def test_dump_is_stable_and_reads_back() -> None:
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
    text = HEADED.dump(doc, "test.py")
    assert text == HEADED.dump(doc, "test.py")
    assert text.startswith("# Generated by scenarios/_gen/test.py ")
    assert yaml.safe_load(text) == doc
    assert 'dealt_tonk: "50"' in text and "upcard: false" in text
    with pytest.raises(ValueError, match="unknown fields"):
        HEADED.dump({**doc, "extra": 1}, "test.py")


def test_the_model_deals_by_deal_1() -> None:
    st = deal(list(STANDARD), 3, 1, 1, {})
    # seat 2 is the dealer's left: it gets the 1st, 4th, 7th... card
    assert st.hands[2] == ["Ac", "4c", "7c", "Tc", "Kc"]
    assert st.hands[0] == ["2c", "5c", "8c", "Jc", "Ad"]
    assert st.hands[1] == ["3c", "6c", "9c", "Qc", "2d"]
    assert st.pile == ["3d"] and st.stock[0] == "4d" and len(st.stock) == 36


def test_the_tracked_state_after_moves() -> None:
    play = Play(Deal(2, 1, ["7c 7d 7h 2s 9h", "4c 5c 6c Kd 7s"], "3d", "Qs").state())
    for a in ("0 draw stock", "0 spread 7c 7d 7h", "0 discard Qs", "1 draw discard", "1 hit 7s 0"):
        play.act(a)
    snap = play.tracked()
    assert snap["hands"] == [["2s", "9h"], ["4c", "5c", "6c", "Kd", "Qs"]]
    assert snap["spreads"] == [{"owner": 0, "kind": "book", "cards": ["7c", "7d", "7h", "7s"]}]
    assert (snap["discard_top"], snap["discard_count"], snap["stock_count"]) == ("3d", 1, 40)
    assert (snap["to_act"], snap["stage"]) == (1, "drawn")


TWO = Deal(2, 1, ["7c 7d 7h 2s 9h", "4c 5c 6c Kd 7s"], "3d", "Qs 8c")


@pytest.mark.parametrize(
    ("steps", "result", "message"),
    [
        (["0 draw stock", "0 discard 9h !not_in_hand"], None, "allow"),
        (["0 draw stock", "0 discard Kd !hand_over"], None, "as not_in_hand"),
        (["0 discard 9h"], None, "refuse 0 discard 9h: must_draw_first"),
        (["0 knock"], {"ending": "knock_won"}, "knock_caught"),
        (["0 knock"], {"ending": "knock_caught", "net": [-3, 3], "payments": [{"payer": 0, "payee": 1, "amount": 2}]},
         "payments"),
        (["0 draw stock"], {"ending": "knock_won"}, "does not end"),
    ],
)
def test_a_row_the_model_does_not_follow_is_refused(
    steps: list[str], result: dict[str, object] | None, message: str
) -> None:
    with pytest.raises(GenError, match=message):
        build("turn", "x-case", "x", ["TURN-1"], TWO, steps, result=result)
