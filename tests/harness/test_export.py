"""``tonk export`` round-trips: the exported JSON of the whole suite (YAML scenarios, Gherkin
scenarios, perft entries), replayed by a tiny runner written here from spec/scenarios.md
alone (the in-process reference adapter and the comparison rules of compare.py, nothing of
the harness's runner), passes; and the same runner notices a wrong expectation."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from tonkcases import write_cases

from tonk_ref.adapters.base import Rejected
from tonk_ref.adapters.inprocess import reference
from tonk_ref.harness.compare import compare_observation, compare_result, compare_state, compare_unchanged
from tonk_ref.harness.files import scenario_files
from tonk_ref.paths import scenarios_dir
from tonk_ref.tools import cli

JSON = dict[str, Any]


def _key(action: JSON) -> str:
    a = dict(action)
    if a.get("type") == "spread":
        a["cards"] = sorted(a["cards"])
    return json.dumps(a, sort_keys=True)


def _at(answer: JSON, path: str) -> Any:
    if m := re.fullmatch(r"len\((\w+)\)", path):
        return len(answer[m[1]])
    if m := re.fullmatch(r"(\w+)\[(\d+)\]", path):
        return answer[m[1]][int(m[2])]
    return answer.get(path)


def _perft(engine: Any, setup: JSON, path: list[list[Any]], depth: int) -> int:
    if depth == 0:
        return 1
    state = engine.play(setup, path)["state"]
    if state["to_act"] is None:
        return 0
    legal = engine.legal_actions()
    if depth == 1:
        return len(legal)
    return sum(_perft(engine, setup, [*path, [state["to_act"], a]], depth - 1) for a in legal)


def replay(case: JSON) -> list[str]:
    """Run one exported case on the reference engine; the differences found."""
    engine = reference()
    hello = engine.hello()
    for option, value in case["requires"]["options"].items():
        assert value in hello["options"][option]
    features = set(hello["features"])
    assert set(case["requires"]["features"]) <= features
    if case["setup"] is not None:
        try:
            engine.new_hand(case["setup"])
        except Rejected:
            return [] if case.get("deal_refused") else ["the deal was refused"]
        if case.get("deal_refused"):
            return ["the deal was accepted"]
    diffs: list[str] = []
    for step in case["steps"]:
        if "act" in step:
            reject = step.get("reject")
            before = engine.state()
            try:
                engine.act(step["act"]["seat"], step["act"]["action"])
                refused = None
            except Rejected as e:
                refused = e.reason
            if (reject is None) != (refused is None) or (isinstance(reject, str) and reject != refused):
                return [*diffs, f"{step}: refused={refused!r}"]
            if step.get("unchanged"):
                diffs += map(str, compare_unchanged(before, engine.state()).diffs)
        elif "expect" in step:
            diffs += map(str, compare_state(step["expect"], engine.state(), features).diffs)
        elif "observe" in step:
            seat = step["observe"]["seat"]
            diffs += map(str, compare_observation(step["observe"]["expect"], engine.observe(seat), seat).diffs)
        elif "legal" in step:
            have = {_key(a) for a in engine.legal_actions()}
            want = step["legal"]
            diffs += [f"missing {a}" for a in want.get("includes", []) if _key(a) not in have]
            diffs += [f"unexpected {a}" for a in want.get("excludes", []) if _key(a) in have]
            if "count" in want and want["count"] != len(have):
                diffs.append(f"count {len(have)} != {want['count']}")
        elif "call" in step:
            call = step["call"]
            params = dict(call["params"])
            if call.get("from_result"):
                result = engine.state()["result"]
                params["result"] = {k: result[k] for k in call["from_result"] if result.get(k) is not None}
            try:
                answer = engine.call(call["method"], params)
            except Rejected:
                if not call.get("reject"):
                    diffs.append(f"{call['method']} refused")
                continue
            diffs += [f"{k}: {_at(answer, k)!r} != {v!r}" for k, v in call["expect"].items() if _at(answer, k) != v]
        elif "perft" in step:
            for depth, want in step["perft"].items():
                got = _perft(engine, case["setup"], [], int(depth))
                if got != want:
                    diffs.append(f"perft {depth}: {got} != {want}")
        else:
            raise AssertionError(f"unknown step kind {step}")
    if case["result"] is not None:
        diffs += map(str, compare_result(case["result"], engine.state()["result"], features).diffs)
    return diffs


def sample(dest: Path) -> None:
    """The hand-made cases and, from the corpus, the first file of each folder and the
    first file with each step kind and deal form (a few dozen, not the whole corpus)."""
    write_cases(dest, ["h-pass-knock", "h-net", "h-hit", "h-observe", "h-tie-knocker-wins"])
    files = scenario_files(scenarios_dir())
    picked: dict[str, Path] = {}
    for f in files:
        picked.setdefault(f.parent.name, f)
        text = f.read_text(encoding="utf-8")
        for marker in ("observe:", "legal:", "call:", "reject: true", "  deck:", "action:", "payments:"):
            if marker in text:
                picked.setdefault(marker, f)
    for f in picked.values():
        shutil.copy(f, dest / f.name)


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src")
    sample(src)
    out = tmp_path_factory.mktemp("export")
    assert cli.main(["export", "--scenarios", str(src), "--out", str(out)]) == 0
    return out


def test_every_exported_case_passes_when_replayed(exported: Path) -> None:
    index = json.loads((exported / "index.json").read_text())
    assert index["format"] == "tonk-cases" and index["count"] == len(index["cases"]) >= 10
    kinds: set[str] = set()
    for entry in index["cases"]:
        case = json.loads((exported / entry["file"]).read_text())
        assert case["id"] == entry["id"] and case["requires"] == entry["requires"]
        rules = case["setup"]["ruleset"]
        assert len(case["setup"]["deck"]) == rules["deck"] + rules["jokers"]  # the ruleset's pack, once each
        assert set(rules) >= {"upcard", "knock_tie"}
        kinds |= {next(iter(s)) for s in case["steps"]}
        assert replay(case) == [], case["id"]
    assert kinds >= {"act", "expect", "observe"}


def test_the_whole_suite_replays_from_its_export(tmp_path: Path) -> None:
    """Every case of every kind, as exported, passes the independent replay above."""
    out = tmp_path / "all"
    assert cli.main(["export", "--out", str(out), "--perft-depth", "2"]) == 0
    index = json.loads((out / "index.json").read_text())
    kinds = {e["kind"] for e in index["cases"]}
    assert kinds == {"scenario", "feature", "perft"}
    steps: set[str] = set()
    bad = {}
    for entry in index["cases"]:
        case = json.loads((out / entry["file"]).read_text())
        steps |= {next(iter(s)) for s in case["steps"]}
        diffs = replay(case)
        if diffs:
            bad[case["id"]] = diffs
    assert bad == {}
    assert steps == {"act", "expect", "observe", "legal", "call", "perft"}


def test_the_replay_notices_a_wrong_expectation(exported: Path) -> None:
    case = json.loads((exported / "h-pass-knock.json").read_text())
    case["result"]["ending"] = "knock_caught"
    assert replay(case) == ["result.ending: expected knock_caught, got knock_won"]
    case = json.loads((exported / "h-hit.json").read_text())
    case["steps"][-1]["expect"]["hand_sizes"] = [1, 5, 6]
    assert replay(case) == ["hand_sizes[2]: expected 6, got 5"]


def test_stdout_holds_the_same_cases(exported: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "src"
    write_cases(src, ["h-pass-knock", "h-hit"])
    capsys.readouterr()
    assert cli.main(["export", "--scenarios", str(src), "--stdout"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["count"] == 2 and [c["id"] for c in doc["cases"]] == ["h-hit", "h-pass-knock"]
    assert doc["cases"][1]["source"].endswith("src/h-pass-knock.yaml:1")
    written = json.loads((exported / "h-pass-knock.json").read_text())
    assert {**doc["cases"][1], "source": ""} == {**written, "source": ""}


def test_a_bad_file_or_a_duplicate_id_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "src"
    write_cases(src, ["h-pass-knock"])
    (src / "copy.yaml").write_text((src / "h-pass-knock.yaml").read_text())
    assert cli.main(["export", "--scenarios", str(src), "--stdout"]) == 2
    assert "case id 'h-pass-knock' is used twice" in capsys.readouterr().err
    (src / "copy.yaml").write_text((src / "h-pass-knock.yaml").read_text().replace("[Ac, 2c", "[Ac, 1x"))
    assert cli.main(["export", "--scenarios", str(src), "--stdout"]) == 2
    assert "copy.yaml:8: deal.hands[0][1]: '1x' is not a card" in capsys.readouterr().err


def test_table_rules_retarget_the_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--rules exports the cases as tonk check --rules runs them: every case retargeted to
    the table (derived where the table changes an expectation), none that cannot exist."""
    table = tmp_path / "table.yaml"
    table.write_text("preset: seed\noptions:\n  knock_tie: knocker_wins\n", encoding="utf-8")
    assert cli.main(["export", "--stdout", "--no-features", "--perft-depth", "0"]) == 0
    everything = json.loads(capsys.readouterr().out)["cases"]
    assert cli.main(["export", "--stdout", "--no-features", "--perft-depth", "0", "--rules", str(table)]) == 0
    kept = json.loads(capsys.readouterr().out)["cases"]
    assert 0 < len(kept) < len(everything)
    assert all(c["setup"] is None or c["setup"]["ruleset"]["knock_tie"] == "knocker_wins" for c in kept)
    derived = {c["id"] for c in kept if c.get("origin") == "derived"}
    assert "pay-w7-knock-tie-2p" in derived  # a caught knock tie becomes the knocker's win
    assert {c["id"] for c in kept} - derived >= {"pay-knock-won-2p-stake-3", "pay-w1-dealt-tonk-2p-stake-5"}
    table.write_text("preset: seeed\n", encoding="utf-8")
    assert cli.main(["export", "--stdout", "--rules", str(table)]) == 2
    assert "unknown preset 'seeed'" in capsys.readouterr().err
