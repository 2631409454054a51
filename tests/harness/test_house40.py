"""A house engine at its own table: the reference engine wrapped so that it declares and
plays only ``deck: 40, upcard: false, dealt_tonk: "50"`` (tonkfake:house40), run under
``tonk check --rules`` for that table.  Every case that can exist at that table runs there
(retargeted when written for another), none fails, and enough of them are written or
derived, not only generated, for the run to be a real conformance run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tonkfake import house40

from tonk_ref.adapters.base import Rejected
from tonk_ref.tools import cli

HERE = Path(__file__).resolve().parent
TABLE = 'preset: seed\noptions:\n  deck: 40\n  upcard: false\n  dealt_tonk: "50"\n'


def test_the_house_engine_declares_and_plays_its_table_only() -> None:
    engine = house40()
    assert engine.hello()["options"] == {"deck": [40], "upcard": [False], "dealt_tonk": ["50"]}
    deck = [r + s for s in "cdhs" for r in "A234567JQK"]
    state = engine.new_hand({"ruleset": {"deck": 40, "upcard": False, "dealt_tonk": "50"}, "players": 2,
                             "dealer": 1, "stake": 1, "deck": deck})
    assert state["discard_top"] is None and state["stock_count"] == 30
    for ruleset in ({"deck": 52}, {"knock_tie": "knocker_wins"}, {"upcard": True}):
        with pytest.raises(Rejected) as info:
            engine.new_hand({"ruleset": ruleset, "players": 2, "dealer": 1, "stake": 1, "deck": deck})
        assert info.value.reason == "unsupported_option"


def test_the_house_engine_passes_its_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))  # tonkfake
    table = tmp_path / "house40.yaml"
    table.write_text(TABLE, encoding="utf-8")
    out = tmp_path / "r.json"
    code = cli.main(["check", "--no-progress", "--adapter", "tonkfake:house40", "--rules", str(table),
                     "--json", str(out), "-n", "2"])
    text = capsys.readouterr().out
    assert code == 0, text
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    counts = report["counts"]
    assert counts["failed"] == 0 and counts["errored"] == 0, counts
    assert counts["passed"] >= 300, counts
    ran = report["table"]["ran"]
    assert ran.get("written", 0) + ran.get("derived", 0) >= 100, ran
    assert report["coverage"]["table"]["uncovered"] == {}, report["coverage"]["table"]["uncovered"]
    skips = [c for c in report["cases"] if c["status"] == "skipped"]
    # a skip is a case that cannot exist at the table, never an option the engine lacks
    odd = [(c["id"], c["message"]) for c in skips if not c["message"].startswith("cannot exist under the table's")]
    assert skips and not odd, odd[:3]
