"""Perft: the tables of scenarios/perft/ against the reference engine (directly, through
the Adapter interface in process and over stdio), against the independent oracle at small
depths, and the tool's output and errors."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import oracle as O
import pytest

from tonk_ref.adapters.inprocess import InProcessAdapter, reference
from tonk_ref.engine.perft import divide, perft
from tonk_ref.engine.serialize import action_to_json
from tonk_ref.harness.files import table_files
from tonk_ref.harness.perft import PerftCase, PerftError, action_text, check_adapter, load_table, parse_table
from tonk_ref.paths import scenarios_dir
from tonk_ref.tools.cli import main
from tonk_ref.tools.perft import reference_hand

TABLES = scenarios_dir() / "perft"
CASES = [c for f in table_files(TABLES) for c in load_table(f)]
ADAPTER_DEPTH = 4


def _generator() -> Any:
    spec = importlib.util.spec_from_file_location("perft_generate", TABLES / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tables_cover_every_preset_and_are_not_empty() -> None:
    from tonk_ref.rulebook.book import load_presets

    assert len(CASES) >= 40
    assert {c.preset for c in CASES} >= set(load_presets())
    assert all(c.counts and max(c.counts) >= 5 for c in CASES)


def test_the_tables_are_what_the_generator_writes() -> None:
    """The reference engine's counts at every depth of every entry (a changed legal
    action anywhere in the engine changes a count)."""
    want = _generator().tables()
    for name, text in want.items():
        assert (TABLES / name).read_text(encoding="utf-8") == text, (
            f"{name} is out of date: the reference engine's counts changed; if that is meant, "
            f"run python scenarios/perft/generate.py"
        )


def test_the_reference_through_the_adapter_interface_matches_the_tables() -> None:
    adapter = reference()
    results = list(check_adapter(adapter, CASES, max_depth=ADAPTER_DEPTH, use_play=False))
    bad = [m.describe() for _, m in results if m is not None]
    assert not bad, "\n".join(bad)
    assert len(results) == len(CASES)


def test_the_reference_over_stdio_matches_the_tables() -> None:
    from tonk_ref.adapters.stdio_client import StdioAdapter

    adapter = StdioAdapter([sys.executable, "-m", "tonk_ref", "serve"])
    try:
        cases = load_table(TABLES / "options.perft")[:8]
        results = list(check_adapter(adapter, cases, max_depth=ADAPTER_DEPTH))
    finally:
        adapter.close()
    bad = [m.describe() for _, m in results if m is not None]
    assert not bad, "\n".join(bad)


ORACLE_CASES = [c for c in CASES if set(c.ruleset.changes()) <= set(O.DEFAULTS)]


@pytest.mark.parametrize("case", ORACLE_CASES, ids=[c.id for c in ORACLE_CASES])
def test_the_oracle_agrees_with_the_tables_at_small_depths(case: PerftCase) -> None:
    st = O.deal(case.deck, case.players, case.dealer, case.stake, case.ruleset.to_dict())
    for depth in (1, 2, 3, 4):
        assert O.perft(st, depth) == case.counts[depth], f"{case.id}: perft {depth}"


class DropsADiscard(InProcessAdapter):
    """An engine that forgets to list the last discard among the legal actions."""

    def legal_actions(self) -> list[dict[str, Any]]:
        legal = super().legal_actions()
        discards = [a for a in legal if a["type"] == "discard"]
        return [a for a in legal if a is not discards[-1]] if discards else legal


def test_a_mismatch_prints_the_divide() -> None:
    case = load_table(TABLES / "options.perft")[0]
    (_, bad), = check_adapter(DropsADiscard(), [case], max_depth=3)
    assert bad is not None and bad.depth == 2
    text = bad.describe()
    assert f"{case.id}: perft 2: expected {case.counts[2]}" in text
    assert "<-- differs" in text and "draw stock: " in text


def test_perft_counts_end_of_hand_as_no_sequence() -> None:
    # a hand over before D actions contributes nothing: knock ends at depth 1
    case = load_table(TABLES / "options.perft")[0]
    rows = divide(reference_hand(case), 2)
    assert {action_text(action_to_json(a)): n for a, n in rows}["knock"] == 0
    assert perft(reference_hand(case), 0) == 1


def test_the_cli_counts_and_divides(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "seed:42:3p:dealer0", "--depth", "4"]) == 0
    out = capsys.readouterr().out
    lines = [ln.split(" (")[0] for ln in out.splitlines() if ln.startswith("perft")]
    table = next(c for c in CASES if c.id == "seed-seed7-3p")
    assert len(lines) == 4
    assert main(["perft", "seed:7:3p:dealer0", "--depth", "3", "--divide"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith(f"perft 3 {table.counts[3]} ")
    divide = [ln for ln in out.splitlines() if not ln.startswith(("perft", "deal")) and ": " in ln]
    assert divide and all(ln.split(":")[0].split()[0] in ("knock", "draw", "spread", "hit", "discard")
                          for ln in divide)
    assert sum(int(ln.rsplit(": ", 1)[1]) for ln in divide) == table.counts[3]


def test_the_cli_entry_round_trips(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["perft", "seed:7:3p:dealer0", "--depth", "5", "--entry", "mine"]) == 0
    text = capsys.readouterr().out
    (case,) = parse_table(text, "x.perft")
    table = next(c for c in CASES if c.id == "seed-seed7-3p")
    assert case.deck == table.deck and case.counts == {d: table.counts[d] for d in range(1, 6)}
    path = tmp_path / "mine.perft"
    path.write_text(text)
    assert main(["perft", "--check", str(path)]) == 0
    assert "1 entries match, 0 differ" in capsys.readouterr().out
    path.write_text(text.replace(f"perft 5 {case.counts[5]}", f"perft 5 {case.counts[5] + 1}"))
    assert main(["perft", "--check", str(path)]) == 1
    assert "perft 5: expected" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("deal players=2 dealer=0\n", "x.perft:1: expected an 'id NAME' line first"),
        ("id a\nid a\n", "x.perft:2: id 'a' is used twice"),
        ("id a\nperft two 3\n", "x.perft:2: expected 'perft DEPTH COUNT'"),
        ("id a\nruleset seed knok_timing=any\n", "x.perft:2: unknown ruleset option 'knok_timing'"),
        ("id a\ndeck Ac Zz\n", "x.perft:2: 'Zz' is not a card"),
        ("id a\ndeal players=2 dealer=0\ndeck Ac 2c\n", "x.perft:1: case 'a' cannot be dealt"),
        ("id a\nfrob 1\n", "x.perft:2: unknown line 'frob'"),
    ],
)
def test_table_errors_name_the_file_and_line(text: str, message: str) -> None:
    with pytest.raises(PerftError) as e:
        parse_table(text, "x.perft")
    assert message in str(e.value)


def test_bad_deals_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "seed:x", "--depth", "2"]) == 2
    assert "seed:S" in capsys.readouterr().err
    assert main(["perft", "seed:1:3p"]) == 2
    assert "--depth" in capsys.readouterr().err


def test_one_walk_counts_every_depth_with_fewer_requests() -> None:
    """AdapterPerft.counts gives perft 1..D as separate counts do, from one walk."""
    from tonk_ref.harness.perft import AdapterPerft

    case = load_table(TABLES / "options.perft")[0]
    one = AdapterPerft(reference(), case.setup(), use_play=True)
    counts = one.counts(3)
    apart = [AdapterPerft(reference(), case.setup(), use_play=True) for _ in range(3)]
    assert counts == [p.count(d) for d, p in enumerate(apart, 1)]
    assert counts == [case.counts[d] for d in (1, 2, 3)]
    assert one.requests < sum(p.requests for p in apart)
