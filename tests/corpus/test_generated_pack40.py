"""scenarios/pack40, written by the family ``pack40`` of scenarios/_gen: a table of 40
cards with no upcard and a dealt tonk on 50 only, section by section.  Every case is
played under exactly that table and passes on the reference engine; together they cover
every section such a table plays; no deal holds a card outside the pack or turns an
upcard; the figures the tables state follow the worked payments of the rules brief."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from scenarios._gen import pack40
from scenarios._gen.cli import family

ROOT = Path(__file__).resolve().parents[2]
Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@pytest.fixture(scope="module")
def docs() -> dict[str, dict[str, Any]]:
    out = {}
    for text in family("pack40").render().values():
        doc = yaml.load(text, Loader=Loader)
        out[doc["id"]] = doc
    return out


def test_there_are_enough_cases(docs: dict[str, dict[str, Any]]) -> None:
    assert len(docs) >= 180, len(docs)


def test_every_case_is_played_under_the_table(docs: dict[str, dict[str, Any]]) -> None:
    pack = set(pack40.PACK40)
    for cid, doc in docs.items():
        assert doc["ruleset"] == {"options": pack40.TABLE}, cid
        assert "upcard" not in doc["deal"], cid
        dealt = [c for h in doc["deal"]["hands"] for c in h] + doc["deal"].get("stock", [])
        assert set(dealt) <= pack, (cid, sorted(set(dealt) - pack))
        assert "VAR-DECK40-1" in doc["rules"], cid


def test_every_section_the_table_plays_is_covered(docs: dict[str, dict[str, Any]]) -> None:
    sections = Counter(r.split("-")[0] for d in docs.values() for r in d["rules"])
    for section in ("DEAL", "DEALT", "TURN", "SPREAD", "HIT", "OUT", "STOCK", "PAY", "OBS", "CARD"):
        assert sections[section] >= 5, (section, sections)
    endings = Counter(d["result"]["ending"] for d in docs.values() if "result" in d)
    for ending in ("dealt_tonk", "dealt_draw", "tonk_out", "out_by_discard", "knock_won", "knock_caught",
                   "stock_out"):
        assert endings[ending] >= 2, (ending, endings)
    refused = Counter(s["reject"] for d in docs.values() for s in d["script"] if "reject" in s)
    for reason in ("discard_pile_empty", "taken_card", "already_drawn", "must_draw_first", "not_your_turn",
                   "not_in_hand", "knock_timing", "not_a_spread", "hit_does_not_fit", "no_such_spread"):
        assert refused[reason] >= 2, (reason, refused)


def test_the_stated_payments_are_the_worked_payments() -> None:
    # W6: A knocks with 5, B has 14, C 6
    assert pack40.knock_result(0, [5, 14, 6])["net"] == [2, -1, -1]
    # W7: A knocks with 7, B has 7
    assert pack40.knock_result(0, [7, 7])["net"] == [-3, 3]
    # W8, W9, W10
    assert pack40.knock_result(0, [10, 6, 15])["net"] == [-3, 4, -1]
    assert pack40.knock_result(0, [12, 9, 4])["net"] == [-5, 1, 4]
    assert pack40.knock_result(0, [8, 5, 5])["net"] == [-6, 3, 3]
    # W11, W12
    assert pack40.low_result([6, 11, 9])["net"] == [2, -1, -1]
    assert pack40.low_result([6, 6, 9])["net"] == [1, 1, -2]
    assert pack40.tot("Jc Qd Kh 7s Ac") == 38


def test_every_case_passes_on_the_reference_engine(docs: dict[str, dict[str, Any]]) -> None:
    from tonk_ref.adapters.inprocess import reference
    from tonk_ref.harness.runner import run_suite
    from tonk_ref.harness.suite import load_suite

    suite = load_suite([ROOT / "scenarios" / "pack40"], features=False, perft_depth=0)
    assert not suite.errors, suite.errors
    outcomes = run_suite(reference(), suite.cases).results
    bad = [f"{o.status} {o.id}: {o.message}" for o in outcomes if o.status != "passed"]
    assert not bad, "\n".join(bad)
    assert len(outcomes) == len(docs)
