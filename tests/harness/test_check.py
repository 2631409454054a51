"""``tonk check``: the reports, known failures, selection, exit statuses, workers and what
the console says; in process through ``cli.main`` (fast), and once end to end as a
subprocess against ``tonk serve``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from tonkcases import PAY_THEN_MATCH, write_cases

from tonk_ref.harness.report import REPORT_SCHEMA
from tonk_ref.tools import cli

HERE = Path(__file__).resolve().parent


@pytest.fixture
def tonk(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    """``tonk(*argv) -> (exit status, stdout, stderr)`` for ``tonk check``."""
    monkeypatch.syspath_prepend(str(HERE))  # tonkfake: --adapter tonkfake:FACTORY

    def run(*argv: str | Path) -> tuple[int, str, str]:
        capsys.readouterr()
        code = cli.main(["check", "--no-progress", *map(str, argv)])
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


def test_check_writes_every_report(tonk: Any, tmp_path: Path) -> None:
    sc = tmp_path / "sc"
    write_cases(sc, ["h-pass-knock", "h-fail-ending", "h-hit", "h-tie-knocker-wins"])
    known = tmp_path / "known.yaml"
    known.write_text("cases:\n  - {id: h-fail-ending, reason: we disagree}\n", encoding="utf-8")
    p = tmp_path
    code, out, _ = tonk("--no-features", "--scenarios", sc, "--adapter", "tonkfake:odd", "--known-failures", known,
                        "--json", str(p / "r.json"), "--report", str(p / "r.md"), "--junit", str(p / "r.xml"),
                        "--badge", str(p / "b.json"))
    assert code == 1  # h-hit errored
    assert "tonk check: FAIL: 1 passed, 0 failed, 1 skipped, 1 errored, 1 known failures" in out

    report = json.loads((p / "r.json").read_text())
    jsonschema.validate(report, REPORT_SCHEMA)
    assert {c["id"]: c["status"] for c in report["cases"]} == {
        "h-pass-knock": "passed", "h-fail-ending": "known", "h-hit": "errored", "h-tie-knocker-wins": "skipped"}
    assert report["engine"]["name"] == "tonk_ref" and report["suite"]["version"]
    assert report["run"]["duration_s"] >= 0 and report["run"]["date"].endswith("+00:00")
    hit = next(c for c in report["cases"] if c["id"] == "h-hit")
    assert hit["fault"]["kind"] == "crashed" and hit["transcript"][-1]["method"] == "act"

    md = (p / "r.md").read_text()
    assert "result: **FAIL**" in md and "## Profiles" in md and "## Rules" in md
    assert "ERROR h-hit" in md and "segmentation fault in hit()" in md
    assert "| `knock_tie=knocker_wins` | skipped | 1 | 0 |" in md
    assert "| `seed` | fail | 3 | 3 |" in md  # a profile with a known failure and an error
    assert "<summary>transcript</summary>" in md and "-> act 0 hit 7h 0" in md

    suite = ET.parse(p / "r.xml").getroot().find("testsuite")
    assert suite is not None and suite.get("name") == "tonk-conformance"
    counts = tuple(suite.get(k) for k in ("tests", "errors", "failures", "skipped"))
    assert counts == ("4", "1", "0", "2")
    error = suite.find("testcase[@name='h-hit']/error")
    assert error is not None and "replay: tonk replay h-hit --adapter tonkfake:odd" in (error.text or "")

    assert json.loads((p / "b.json").read_text()) == {
        "schemaVersion": 1, "label": "tonk conformance", "message": "3/4 checked, 1 fail, 1 known failures",
        "color": "red"}


def test_a_failure_says_where_what_and_how_to_replay(tonk: Any, tmp_path: Path) -> None:
    sc = tmp_path / "sc"
    write_cases(sc, ["h-pass-knock", "h-fail-ending"])
    code, out, _ = tonk("--no-features", "--scenarios", str(sc))
    assert code == 1
    lines = out.splitlines()
    assert "failures by cause, largest group first:" in lines
    assert "     1 failed  result.ending [PAY-KNOCK-2]: h-fail-ending" in lines
    at = lines.index(next(x for x in lines if x.startswith("FAIL h-fail-ending")))
    assert lines[at + 2] == "  at line 14: the final result  (after 0 knock)"
    assert lines[at + 3] == "    result.ending: expected knock_caught, got knock_won"
    assert lines[at + 4] == f"  replay: tonk replay h-fail-ending --scenarios {sc}"
    assert len(lines) < 30


def test_the_replay_command_replays_the_case_as_the_run_ran_it(tonk: Any, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Under a table's rules the printed command carries --rules, and running it replays
    the retargeted case with the same failure; a case id with spaces is quoted."""
    import shlex

    from tonk_ref.views.render import replay_command

    sc = tmp_path / "sc"
    write_cases(sc, ["h-tie-knocker-wins"])
    engine = f"{sys.executable} {HERE.parent / 'fakes' / 'fake_engine.py'} --mode bug_knock_tie"
    code, out, _ = tonk("--no-features", "--scenarios", sc, "--rules", "seed", "--generated", "0",
                        "--adapter-cmd", engine)
    assert code == 1
    line = next(x for x in out.splitlines() if x.startswith("  replay: "))
    argv = shlex.split(line.removeprefix("  replay: "))
    assert argv[:4] == ["tonk", "replay", "h-tie-knocker-wins", "--rules"] and argv[4] == "seed"
    capsys.readouterr()
    assert cli.main(argv[1:]) == 1
    replayed = capsys.readouterr().out
    assert "FAIL h-tie-knocker-wins" in replayed
    assert "result.ending: expected knock_caught, got knock_won" in replayed
    assert replay_command({"run": {}}, "dealt[Kc Qd-49]") == "tonk replay 'dealt[Kc Qd-49]'"


def test_known_failures_do_not_let_a_profile_read_pass(tonk: Any, tmp_path: Path) -> None:
    sc = tmp_path / "sc"
    write_cases(sc, ["h-pass-knock", "h-fail-ending"])
    known = tmp_path / "known.yaml"
    known.write_text("cases:\n  - {id: h-fail-ending, reason: we disagree}\n", encoding="utf-8")
    code, out, _ = tonk("--no-features", "--scenarios", sc, "--known-failures", known)
    assert code == 0
    assert "  KNOWN   seed                               2 of 2 run: 1 passed, 1 known" in out


def test_write_known_failures_then_use_the_list(tonk: Any, tmp_path: Path) -> None:
    sc = tmp_path / "sc"
    write_cases(sc, ["h-pass-knock", "h-fail-ending", "h-hit"])
    code, out, err = tonk("--no-features", "--scenarios", sc, "--adapter", "tonkfake:odd", "--write-known-failures")
    assert code == 0  # the list was written
    listed = yaml.safe_load(out)  # stdout holds only the YAML list
    assert listed["engine"] == "tonk_ref 0.1.0"
    reasons = {c["id"]: c["reason"] for c in listed["cases"]}
    assert reasons == {"h-fail-ending": "result.ending: expected knock_caught, got knock_won",
                       "h-hit": "engine fault (crashed): the engine exited (exit code 139)"}
    causes = {c["id"]: c.get("cause") for c in listed["cases"]}  # what each fails for, so that it cannot drift
    assert causes["h-fail-ending"] == {"kind": "result.ending", "differed": "result.ending"}
    assert causes["h-hit"] is not None and causes["h-hit"]["kind"]
    assert "tonk check: FAIL" in err
    known = tmp_path / "known.yaml"
    known.write_text(out, encoding="utf-8")
    code, out, _ = tonk("--no-features", "--scenarios", sc, "--adapter", "tonkfake:odd", "--known-failures", known)
    assert code == 0, out
    assert "tonk check: PASS: 1 passed, 0 failed, 0 skipped, 0 errored, 2 known failures" in out
    # a listed case that passes is a stale entry: an error
    listed["cases"].append({"id": "h-pass-knock", "reason": "fixed since"})
    known.write_text(yaml.safe_dump(listed), encoding="utf-8")
    code, out, _ = tonk("--no-features", "--scenarios", sc, "--adapter", "tonkfake:odd", "--known-failures", known)
    assert code == 1 and "1 errored" in out and "stale known failure" in out


def test_an_entry_that_matches_no_case_of_the_whole_suite_is_stale(tonk: Any, tmp_path: Path) -> None:
    known = tmp_path / "known.yaml"
    known.write_text("cases:\n  - {id: no-such-case, reason: renamed}\n", encoding="utf-8")
    code, out, _ = tonk("--known-failures", known, "--table", "off")
    assert code == 1
    assert "stale known failures: no-such-case" in out


def test_rules_retarget_every_case_that_can_be_played_under_them(tonk: Any, tmp_path: Path) -> None:
    sc = tmp_path / "sc"
    write_cases(sc, ["h-pass-knock", "h-tie-knocker-wins", "h-hit"])
    out = tmp_path / "r.json"
    code, _, _ = tonk("--no-features", "--scenarios", sc, "--rules", "seed", "--json", out, "--generated", "0")
    assert code == 0
    cases = {c["id"]: c for c in json.loads(out.read_text())["cases"]}
    assert {i: (c["status"], c["origin"]) for i, c in cases.items()} == {
        "h-pass-knock": ("passed", "written"), "h-hit": ("passed", "written"),
        "h-tie-knocker-wins": ("passed", "derived")}  # under the seed rules the tie catches the knocker
    assert cases["h-tie-knocker-wins"]["options"] == {}
    table = tmp_path / "table.yaml"
    table.write_text("preset: seed\noptions: {deck: 40}\n", encoding="utf-8")
    # every case deals a card the 40-card pack lacks: each is translated to the pack
    code, text, _ = tonk("--no-features", "--scenarios", sc, "--rules", table, "--json", out, "--generated", "0")
    assert code == 0, text
    cases = {c["id"]: c for c in json.loads(out.read_text())["cases"]}
    assert {i: (c["status"], c["origin"]) for i, c in cases.items()} == {
        "h-pass-knock": ("passed", "translated"), "h-hit": ("passed", "translated"),
        "h-tie-knocker-wins": ("passed", "translated")}
    assert "3 translated" in text
    # a joker has no card of a pack without jokers to stand for it: that case cannot exist there
    joker = sc / "h-joker.yaml"
    joker.write_text((sc / "h-pass-knock.yaml").read_text().replace("id: h-pass-knock", "id: h-joker")
                     .replace("[Kc, Qc, Jc, 9c, 7s]", "[Kc, Qc, Jc, 9c, X1]").replace("rules: [", "ruleset:\n"
                     "  options: {jokers: 2}\nrules: [").replace("totals: [12, 47, 46]", "totals: [12, 47, 54]"),
                     encoding="utf-8")
    code, text, _ = tonk("--no-features", "--scenarios", sc, "--rules", table, "--json", out, "--generated", "0",
                         "-k", "h-joker")
    assert code == 4, text  # nothing checked
    needs = {c["id"]: c["message"] for c in json.loads(out.read_text())["cases"]}
    assert needs["h-joker"] == ("cannot exist under the table's rules: a card outside its pack (seat 1 is dealt 9h; "
                                "a joker, which the table's pack has not)"), needs
    assert "   1 cases cannot be played under the table's rules: a card outside its pack" in text
    assert "NOTHING CHECKED" in text and "FAIL" not in text


def test_a_table_run_adds_generated_hands_and_measures_the_rules_exercised(tonk: Any, tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    code, text, _ = tonk("-k", "pay-knock", "--rules", "online", "--json", out, "--generated", "20")
    assert code == 0, text
    report = json.loads(out.read_text())
    generated = [c for c in report["cases"] if c["origin"] == "generated"]
    assert len(generated) >= 20 and {c["kind"] for c in generated} == {"generated", "perft"}
    assert all(c["status"] == "passed" and c["rules"] for c in generated)
    table = report["table"]
    assert table["options"]["deck"] == 40 and table["ran"]["generated"] == len(generated)
    from tonk_ref.rulebook.applicability import reasons_reachable, rules_that_apply
    from tonk_ref.rulebook.book import load_table_rules

    online = load_table_rules("online")
    coverage = report["coverage"]["table"]
    # what applies is spec data, whatever ran; a rule fewer than 2 cases exercised says so, and why
    assert list(coverage["rules"]) == list(rules_that_apply(online))
    assert list(coverage["reasons"]) == list(reasons_reachable(online))
    counts = {**coverage["rules"], **coverage["reasons"]}
    # and each clause and reason at each seat count (KEY@Np) that no case exercised
    counts |= {f"{k}@{n}p": c for by in ("clauses", "reasons_at") for k, seats in coverage[by].items()
               for n, c in seats.items()}
    targets = {k: 1 if "@" in k else 2 for k in counts}
    assert coverage["uncovered"] and all(counts[k] < targets[k] and "exercised it" in why
                                         for k, why in coverage["uncovered"].items())
    assert {k for k, n in counts.items() if n < targets[k]} == set(coverage["uncovered"])
    assert coverage["seats"] == [2, 3, 4] and "VAR-HITLOCK-1/own-spread" in coverage["unreachable"]
    assert "coverage at the table:" not in text, "a run of chosen cases (-k): the console leaves coverage out"


def test_a_failing_generated_hand_is_shrunk_to_a_scenario_file(tonk: Any, tmp_path: Path) -> None:
    """Under --rules, a generated hand the engine gets wrong is shrunk as tonk fuzz shrinks
    a difference and written as a scenario: the reference passes it, the engine fails it."""
    engine = f"{sys.executable} {HERE.parent / 'fakes' / 'fake_engine.py'} --mode bug_knock_tie"
    found = tmp_path / "found"
    code, text, _ = tonk("-k", "perft-seed-42", "--rules", "seed", "--generated", "150", "--adapter-cmd", engine,
                         "--found", found)
    assert code == 1
    files = sorted(found.glob("table-generated-*.yaml"))
    assert files and all(f"{f}" in text for f in files)
    doc = yaml.safe_load(files[0].read_text())
    assert doc["title"].startswith("Found by tonk check --rules:") and "shrunk to" in text
    assert tonk("--scenarios", found, "--no-features", "--perft-depth", "0")[0] == 0
    assert tonk("--scenarios", found, "--no-features", "--perft-depth", "0", "--adapter-cmd", engine)[0] == 1


def test_a_case_whose_later_steps_need_match_is_checked_in_part(tonk: Any, tmp_path: Path) -> None:
    sc = tmp_path / "sc"
    sc.mkdir()
    (sc / "h-pay-then-match.yaml").write_text(PAY_THEN_MATCH, encoding="utf-8")
    out = tmp_path / "r.json"
    code, text, _ = tonk("--no-features", "--scenarios", sc, "--adapter", "tonkfake:no_match", "--json", out)
    assert code == 0, text
    assert ("1 case checked in part: their match-request steps need the feature match, not declared (1 step left "
            "out; declare it to check them whole)") in text
    report = json.loads(out.read_text())
    jsonschema.validate(report, REPORT_SCHEMA)
    case = report["cases"][0]
    assert case["status"] == "passed" and case["left_out"]["steps"][0]["text"] == "call next_dealer"
    # at a table, coverage counts what the steps that ran exercise: the payment, not who deals next
    code, text, _ = tonk("--no-features", "--scenarios", sc, "--adapter", "tonkfake:no_match", "--rules", "seed",
                         "--generated", "0", "--json", out)
    coverage = json.loads(out.read_text())["coverage"]["table"]
    assert code == 0 and coverage["rules"]["PAY-KNOCK-2"] == 1 and coverage["rules"]["DEALER-2"] == 0, text
    assert coverage["uncovered"]["DEALER-2"] == "0 cases exercised it; 1 more need feature match"
    # the payments come before the match request: a wrong one fails the case
    code, text, _ = tonk("--no-features", "--scenarios", sc, "--adapter", "tonkfake:no_match_overpays")
    assert code == 1 and "result.payments" in text, text


def test_k_selects_by_id_file_and_rule(tonk: Any, tmp_path: Path) -> None:
    out_json = tmp_path / "r.json"

    def ids(expr: str) -> set[str]:
        code, _, _ = tonk("-k", expr, "--json", str(out_json))
        assert code in (0, 4)
        return {c["id"] for c in json.loads(out_json.read_text())["cases"]}

    assert ids("pay-knock-d5-tie-3p") == {"pay-knock-d5-tie-3p"}
    assert ids("dealt-tonk[Kc Qd Jh Ts 9c-49-49_50]") == {"dealt-tonk[Kc Qd Jh Ts 9c-49-49_50]"}
    knock3 = ids("PAY-KNOCK-3")
    assert len(knock3) > 5 and all("PAY-KNOCK-3" in c["rules"] for c in json.loads(out_json.read_text())["cases"])
    assert ids("PAY-KNOCK-3 and not tie") < knock3
    assert ids("(perft and 2p) or pay-knock-d5-tie-3p") >= {"pay-knock-d5-tie-3p"}


def test_a_selection_that_matches_no_case_is_bad_input(tonk: Any, tmp_path: Path) -> None:
    """-k that matches nothing is a typo to fix (exit status 2, one line), not a run that
    checked nothing (exit status 4) with a coverage complaint."""
    sc = tmp_path / "sc"
    write_cases(sc, ["h-pass-knock"])
    code, out, err = tonk("--no-features", "--scenarios", sc, "-k", "no-such-thing")
    assert code == 2
    assert err.strip() == ("tonk check: error: -k 'no-such-thing' matched no case (of 1: it reads case ids, "
                           "rule IDs and file names)")
    assert "cases:" not in out and "coverage" not in out


def test_workers_give_the_results_of_a_serial_run(tonk: Any, tmp_path: Path) -> None:
    serial, parallel = tmp_path / "s.json", tmp_path / "p.json"
    args = ("-k", "PAY or STOCK or perft", "--adapter", "tonkfake:no_payments_no_reasons")
    assert tonk(*args, "--json", str(serial))[0] == 0
    assert tonk(*args, "-n", "2", "--json", str(parallel))[0] == 0
    s, p = json.loads(serial.read_text()), json.loads(parallel.read_text())
    assert p["run"]["workers"] == 2
    assert s["counts"] == p["counts"] and s["checks"] == p["checks"] and s["profiles"] == p["profiles"]
    assert [(c["id"], c["status"], c["checked"]) for c in s["cases"]] == [
        (c["id"], c["status"], c["checked"]) for c in p["cases"]]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--rules", "{tmp}/table.yaml"], "--rules: {tmp}/table.yaml:2: options.knock_tie"),
        (["--known-failures", "{tmp}/known.yaml"], "--known-failures: {tmp}/known.yaml:2: cases[0]"),
        (["-n", "0"], "-n: expected a number of workers or 'auto'"),
        (["--timeout", "0"], "--timeout: expected a number of seconds above 0 and at most 3600"),
        (["--timeout", "inf"], "--timeout: expected a number of seconds above 0 and at most 3600, got inf"),
        (["--scenarios", "{tmp}/nowhere"], "--scenarios: {tmp}/nowhere is not a directory"),
        (["-k", "knock and"], "-k: 'knock and': the expression ends too early"),
        (["--adapter", "nomodule"], "--adapter expects MODULE:FACTORY"),
        (["--adapter", "no_such_module_x:f"], "--adapter: cannot import 'no_such_module_x'"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(argv: list[str], words: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "table.yaml").write_text("preset: seed\noptions: {knock_tie: knocker}\n")
    (tmp_path / "known.yaml").write_text("cases:\n  - {id: a-case}\n")
    code = cli.main(["check", *(a.format(tmp=tmp_path) for a in argv)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("tonk check: error: ") and words.format(tmp=tmp_path) in err
    assert "Traceback" not in err and err.count("\n") == 1


def test_the_console_fits_a_screen_when_much_fails(tonk: Any) -> None:
    """A payment-less engine without reasons that names one winner at a stock tie: the
    summary says what is not checked, groups the failures and names what to declare."""
    code, out, _ = tonk("--adapter-cmd", f"{sys.executable} {HERE.parent / 'fakes' / 'fake_engine.py'} "
                                         "--mode stock_tie_one_winner")
    assert code == 1
    lines = out.splitlines()
    assert len(lines) <= 40, out
    assert any("payment expectations (net, payments)" in x and "declare the feature payments" in x for x in lines)
    # the cases that settle a tie for the lowest total at an empty stock fail, in one group
    groups = [m for x in lines if (m := re.match(r"\s*(\d+) failed  result\.winners \(after stock_out\) "
                                                 r"\[PAY-STOCK-2\b", x))]
    assert len(groups) == 1 and int(groups[0].group(1)) >= 13, out


def test_the_real_command_against_tonk_serve(tmp_path: Path) -> None:
    """End to end: the ``tonk`` command, a stdio engine, the reference over the wire."""
    write_cases(tmp_path / "sc", ["h-pass-knock", "h-hit", "h-net", "h-observe", "h-tie-knocker-wins"])
    engine = f"{sys.executable} -m tonk_ref serve"
    proc = subprocess.run(
        [sys.executable, "-m", "tonk_ref", "check", "--scenarios", str(tmp_path / "sc"), "--no-features",
         "--adapter-cmd", engine, "--validate", "--json", str(tmp_path / "r.json"),
         "--badge", str(tmp_path / "b.json"), "-v"],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["counts"]["passed"] == 5 and report["ok"] is True
    assert report["run"]["adapter"] == f"stdio: {engine}"
    assert "  PASS    seed                               4 of 4 run: 4 passed" in proc.stdout
    assert "  PASS    knock_tie=knocker_wins             1 of 1 run: 1 passed" in proc.stdout
    assert json.loads((tmp_path / "b.json").read_text())["color"] == "brightgreen"
