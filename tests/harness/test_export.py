"""``tonk export`` round-trips: the exported JSON, replayed by a tiny runner written here
from spec/scenarios.md alone (the in-process reference adapter and compare.py, nothing of
the harness runner), passes; and the same runner notices a wrong expectation."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from tonkcases import write_cases

from tonk_ref.adapters.base import Rejected
from tonk_ref.adapters.inprocess import reference
from tonk_ref.harness.compare import match_observation, match_result, match_state
from tonk_ref.paths import scenarios_dir
from tonk_ref.tools import cli

JSON = dict[str, Any]


def _key(action: JSON) -> str:
    a = dict(action)
    if a.get("type") == "spread":
        a["cards"] = sorted(a["cards"])
    return json.dumps(a, sort_keys=True)


def replay(case: JSON) -> list[str]:
    """Run one exported case on the reference engine; the differences found."""
    engine = reference()
    hello = engine.hello()
    for option, value in case["requires"]["options"].items():
        assert value in hello["options"][option]
    assert set(case["requires"]["features"]) <= set(hello["features"])
    engine.new_hand(case["setup"])
    diffs: list[str] = []
    for step in case["steps"]:
        if "act" in step:
            reject = step.get("reject")
            try:
                engine.act(step["act"]["seat"], step["act"]["action"])
                refused = None
            except Rejected as e:
                refused = e.reason
            if (reject is None) != (refused is None) or (isinstance(reject, str) and reject != refused):
                return [*diffs, f"{step}: refused={refused!r}"]
        elif "expect" in step:
            diffs += match_state(step["expect"], engine.state())
        elif "observe" in step:
            diffs += match_observation(step["observe"]["expect"], engine.observe(step["observe"]["seat"]))
        elif "legal" in step:
            have = {_key(a) for a in engine.legal_actions()}
            want = step["legal"]
            diffs += [f"missing {a}" for a in want.get("includes", []) if _key(a) not in have]
            diffs += [f"unexpected {a}" for a in want.get("excludes", []) if _key(a) in have]
            if "count" in want and want["count"] != len(have):
                diffs.append(f"count {len(have)} != {want['count']}")
        elif "call" in step:
            answer = engine.call(step["call"]["method"], step["call"]["params"])
            expect = step["call"]["expect"]
            diffs += [f"{k}: {answer.get(k)!r} != {v!r}" for k, v in expect.items() if answer.get(k) != v]
        else:
            raise AssertionError(f"unknown step kind {step}")
    if case["result"] is not None:
        diffs += match_result(case["result"], engine.state()["result"])
    return diffs


def sample(dest: Path) -> None:
    """The hand-made cases and, from the corpus, the first file of each folder and the
    first file with each step kind and deal form (a few dozen, not the whole corpus)."""
    write_cases(dest, ["h-pass-knock", "h-net", "h-hit", "h-observe", "h-tie-knocker-wins"])
    files = sorted(p for p in scenarios_dir().rglob("*.yaml") if "perft" not in p.parts)
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


def test_the_replay_notices_a_wrong_expectation(exported: Path) -> None:
    case = json.loads((exported / "h-pass-knock.json").read_text())
    case["result"]["ending"] = "knock_caught"
    assert replay(case) == ["result.ending: expected 'knock_caught', got 'knock_won'"]
    case = json.loads((exported / "h-hit.json").read_text())
    case["steps"][-1]["expect"]["hand_sizes"] = [1, 5, 6]
    assert replay(case) == ["state.hand_sizes: expected [1, 5, 6], got [1, 5, 5]"]


def test_stdout_holds_the_same_cases(exported: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "src"
    write_cases(src, ["h-pass-knock", "h-hit"])
    capsys.readouterr()
    assert cli.main(["export", "--scenarios", str(src), "--stdout"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["count"] == 2 and [c["id"] for c in doc["cases"]] == ["h-hit", "h-pass-knock"]
    assert doc["cases"][1]["source"] == "src/h-pass-knock.yaml"
    written = json.loads((exported / "h-pass-knock.json").read_text())
    assert {**doc["cases"][1], "source": ""} == {**written, "source": ""}


def test_a_bad_file_or_a_duplicate_id_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "src"
    write_cases(src, ["h-pass-knock"])
    (src / "copy.yaml").write_text((src / "h-pass-knock.yaml").read_text())
    assert cli.main(["export", "--scenarios", str(src), "--stdout"]) == 2
    assert "'h-pass-knock' is also the id of" in capsys.readouterr().err
    (src / "copy.yaml").write_text((src / "h-pass-knock.yaml").read_text().replace("[Ac, 2c", "[Ac, 1x"))
    assert cli.main(["export", "--scenarios", str(src), "--stdout"]) == 2
    assert "copy.yaml:8: deal.hands[0][1]: '1x' is not a card" in capsys.readouterr().err


def test_table_rules_restrict_the_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "table.yaml"
    table.write_text("preset: seed\noptions:\n  knock_tie: knocker_wins\n", encoding="utf-8")
    assert cli.main(["export", "--stdout"]) == 0
    everything = json.loads(capsys.readouterr().out)["cases"]
    assert cli.main(["export", "--stdout", "--rules", str(table)]) == 0
    kept = json.loads(capsys.readouterr().out)["cases"]
    # exactly the cases that set no option, or set only knock_tie to the table's value
    expected = [c["id"] for c in everything if set(c["requires"]["options"].items()) <= {("knock_tie", "knocker_wins")}]
    assert [c["id"] for c in kept] == expected
    assert 0 < len(kept) < len(everything)
    assert any(c["requires"]["options"] == {"knock_tie": "knocker_wins"} for c in kept)
    table.write_text("preset: seeed\n", encoding="utf-8")
    assert cli.main(["export", "--stdout", "--rules", str(table)]) == 2
    assert "unknown preset 'seeed'" in capsys.readouterr().err
