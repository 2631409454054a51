"""Known failures that cannot drift: an entry records the cause its case fails for; a listed
case that fails for another cause is an error saying what changed; an entry without a cause
(written before causes were recorded) still loads and is accepted, with a note."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.harness.known_failures import cause_changed, cause_of, dump_known_failures, parse_known_failures
from tonk_ref.tools import cli

FAKES = Path(__file__).resolve().parents[1] / "fakes"
CASE = "house-var-hit-lock-own-spread-hit-ends-turn-2p"
LOCK = "knock refused as hit_lock, expected acceptance"


def _check(known: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any], str]:
    listed = tmp_path / "known.yaml"
    listed.write_text(known, encoding="utf-8")
    out = tmp_path / "report.json"
    code = cli.main(["check", "--no-progress", "--adapter", "house:hit_own_locks", "--rules", "online-reem",
                     "-k", CASE, "--generated", "0", "--known-failures", str(listed), "--json", str(out),
                     "--found", str(tmp_path / "found")])
    report = json.loads(out.read_text(encoding="utf-8"))
    return code, next(c for c in report["cases"] if c["id"] == CASE), capsys.readouterr().out


@pytest.fixture(autouse=True)
def _fakes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(FAKES))  # house


def test_an_entry_with_the_cause_the_case_fails_for_is_known(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, case, printed = _check(f"cases:\n  - id: {CASE}\n    reason: our lock\n    cause: {{kind: '{LOCK}'}}\n",
                                 tmp_path, capsys)
    assert code == 0 and case["status"] == "known", printed
    assert "record no cause" not in printed
    assert cause_of({**case, "status": "failed"}) == {"kind": LOCK}


def test_an_entry_listed_for_another_cause_is_an_error_saying_what_changed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, case, printed = _check(
        f"cases:\n  - id: {CASE}\n    reason: a hand bug\n"
        "    cause: {kind: state.hands, differed: 'state.hands[0]'}\n",
        tmp_path, capsys)
    assert code == 1, printed
    assert case["status"] == "errored" and case["stale"]
    said = f"listed as failing for 'state.hands', it now fails for '{LOCK}'"
    assert said in case["message"] and said in printed


def test_an_old_entry_without_a_cause_still_loads_and_is_noted(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, case, printed = _check(f"cases:\n  - {{id: {CASE}, reason: our lock}}\n", tmp_path, capsys)
    assert code == 0 and case["status"] == "known", printed
    assert "note: 1 of their entries record no cause" in printed and CASE in printed


def test_a_written_list_records_each_cause_and_reads_it_back() -> None:
    text = dump_known_failures([("a-case", "r")], causes={"a-case": {"kind": LOCK, "differed": "state.hands[1]"}})
    kf = parse_known_failures(text, "known.yaml")
    assert kf.cause_for("a-case") == {"kind": LOCK, "differed": "state.hands[1]"}
    assert kf.cause_for("a-case[row]") == kf.cause_for("a-case")
    assert cause_changed({"kind": LOCK}, {"kind": LOCK, "differed": "x"}) == ""
    assert "now differs at state.hands[0]" in cause_changed({"kind": "state.hands", "differed": "state.hands[1]"},
                                                             {"kind": "state.hands", "differed": "state.hands[0]"})


def test_an_entry_matching_no_case_of_a_table_run_is_an_error_on_the_console(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listed = tmp_path / "known.yaml"
    listed.write_text("cases:\n  - {id: generated-99999, reason: a hand of another run}\n", encoding="utf-8")
    code = cli.main(["check", "--no-progress", "--rules", "online", "--generated", "0", "--perft-depth", "0",
                     "--known-failures", str(listed), "--table", "off", "--found", str(tmp_path / "found")])
    printed = capsys.readouterr().out
    assert code == 1, printed[-800:]
    assert f"stale known failures: generated-99999 in {listed} match no case of the suite" in printed
