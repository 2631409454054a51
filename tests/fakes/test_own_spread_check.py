"""A hit on one's own spread followed by a knock within the lock, at a table with forced
spreads and a hit lock: every written case of it is skipped there, so only the generated
block's staged hand checks the clause "only a hit by another player locks"
(VAR-HITLOCK-1/own-spread).  An engine whose own hits lock is caught by it and by nothing
else; the clean fake passes, and its report counts the clause at each seat count."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from own_spread import table_rules_text

from tonk_ref.tools import cli

HERE = Path(__file__).resolve().parent
WRITTEN = ("house-hit-lock-own-spread", "house-var-hit-lock-own-spread-2p",
           "house-var-hit-lock-own-spread-hit-ends-turn-2p")
CLAUSE = "VAR-HITLOCK-1/own-spread"


def _check(adapter: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any], str]:
    rules = tmp_path / "table.yaml"
    rules.write_text(table_rules_text(), encoding="utf-8")
    out = tmp_path / f"{adapter.replace(':', '-')}.json"
    code = cli.main(["check", "--no-progress", "--adapter", adapter, "--rules", str(rules), "--json", str(out),
                     "--found", str(tmp_path / "found")])
    return code, json.loads(out.read_text(encoding="utf-8")), capsys.readouterr().out


def test_an_own_spread_lock_at_a_forced_spread_table_is_caught_by_the_staged_hand_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))  # house, own_spread
    code, report, printed = _check("own_spread:own_hit_locks_forced", tmp_path, capsys)
    assert code == 1, printed[-800:]
    cases = {c["id"]: c for c in report["cases"]}
    assert all(cases[w]["status"] == "skipped" for w in WRITTEN), [cases[w]["message"] for w in WRITTEN]
    failed = sorted(c["id"] for c in report["cases"] if c["status"] in ("failed", "errored"))
    assert failed == ["generated-staged-own-spread-lock-2p", "generated-staged-own-spread-lock-3p"], failed
    assert cases[failed[0]]["cause"] == "knock refused as hit_lock, expected acceptance"
    assert cases[failed[0]]["failures"][0]["rule"] == "VAR-HITLOCK-1"

    code, report, printed = _check("own_spread:clean_forced_lock", tmp_path, capsys)
    assert code == 0, printed[-800:]
    coverage = report["coverage"]["table"]
    assert coverage["seats"] == [2, 3] and coverage["clauses"][CLAUSE] == {"2": 1, "3": 1}, coverage["clauses"]
    assert not [k for k in coverage["uncovered"] if k.startswith(CLAUSE)]
    assert "PAY-CAUGHT-3/tied-lowest@2p" in coverage["unreachable"]
