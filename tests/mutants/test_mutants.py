"""The mutant catalog and the mutation runner: the catalog's shape; every mutant really
changes behaviour (its witness scenario passes on the reference engine and fails on the
mutant); patches are restored; the whole suite kills every mutant (a mutant the suite
stops killing fails the test); ``tonk mutants`` on small inputs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tonk_ref.harness.case import Case
from tonk_ref.harness.runner import Engine, run_case
from tonk_ref.mutants import runner
from tonk_ref.mutants.catalog import CATALOG, ENV, MutantError, adapter
from tonk_ref.mutants.core import MutantAdapter
from tonk_ref.spec.rulebook import rules_by_id
from tonk_ref.tools.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def corpus() -> list[Case]:
    return runner.load_cases()


# ---------------------------------------------------------------------------- the catalog
def test_catalog_has_at_least_40_named_documented_mutants() -> None:
    assert len(CATALOG) >= 40
    for name, m in CATALOG.items():
        assert name == m.name
        assert re.fullmatch(r"[a-z][a-z0-9_]*", name), name
        assert m.description.endswith("."), f"{name}: describe the fault in one sentence"
        assert m.patches, f"{name} patches nothing"


def test_every_mutant_names_an_existing_rule() -> None:
    rules = set(rules_by_id())
    unknown = {m.name: m.rule for m in CATALOG.values() if m.rule not in rules}
    assert not unknown, f"rule IDs not in spec/rules.yaml: {unknown}"


def test_the_catalog_spans_the_spec_sections() -> None:
    sections = {m.rule.split("-")[0] for m in CATALOG.values()}
    wanted = {"CARD", "STAKE", "DEALER", "DEAL", "DEALT", "TURN", "SPREAD", "HIT", "STOCK", "PAY", "OBS", "VAR"}
    assert wanted <= sections, f"no mutant breaks a rule of {sorted(wanted - sections)}"


# ---------------------------------------------------------------------------- behaviour
@pytest.mark.parametrize("name", list(CATALOG))
def test_mutant_changes_behaviour(name: str) -> None:
    """The witness passes on the reference engine and fails on the mutant."""
    m = CATALOG[name]
    case = runner.witness_case(m)
    assert m.rule in case.rules or m.name == "deck40_jack_not_after_seven"
    ref = run_case(case, Engine.greet(MutantAdapter(None)))
    assert ref.status == "passed", f"the reference fails the witness of {name}: {ref.message}"
    mut = run_case(case, Engine.greet(MutantAdapter(m)))
    assert mut.status == "failed", f"the witness of {name} does not catch it ({mut.status})"


def test_witness_ids_are_unique() -> None:
    ids = [runner.witness_case(m).id for m in CATALOG.values()]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("name", list(CATALOG))
def test_patches_are_restored(name: str) -> None:
    m = CATALOG[name]
    targets = [(p.resolve(), p.attr) for p in m.patches]
    before = [getattr(obj, attr) for obj, attr in targets]
    with pytest.raises(RuntimeError), m.active():
        for (obj, attr), p in zip(targets, m.patches, strict=True):
            assert getattr(obj, attr) is p.value
        raise RuntimeError("restored even on an exception")
    after = [getattr(obj, attr) for obj, attr in targets]
    assert all(a is b for a, b in zip(before, after, strict=True))


def test_mutants_run_in_turn_leave_the_reference_intact(corpus: list[Case]) -> None:
    for m in CATALOG.values():
        with m.active():
            pass
    result = runner.run_until_killed(None, corpus)
    assert result.status == "survived", f"{result.killed_by}: {result.message}"
    assert result.cases_run == len(corpus) > 900


def test_the_engine_adapters_and_harness_never_import_the_mutants() -> None:
    for layer in ("engine", "adapters", "harness"):
        for f in (ROOT / "tonk_ref" / layer).rglob("*.py"):
            text = f.read_text(encoding="utf-8")
            assert "mutants" not in re.findall(r"^\s*(?:from|import)\s+(\S+)", text, re.M), f
            assert "tonk_ref.mutants" not in text and "..mutants" not in text, f


# ---------------------------------------------------------------------------- the factory
def test_factory_reads_the_mutant_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    m = CATALOG["knock_tie_to_knocker"]
    case = runner.witness_case(m)
    monkeypatch.setenv(ENV, "knock_tie_to_knocker")
    assert run_case(case, Engine.greet(adapter())).status == "failed"
    monkeypatch.setenv(ENV, "none")
    assert run_case(case, Engine.greet(adapter())).status == "passed"


@pytest.mark.parametrize("value, message", [("", "set TONK_MUTANT"), ("nope", "'nope' is not a mutant")])
def test_factory_refuses_a_missing_or_unknown_mutant(monkeypatch: pytest.MonkeyPatch, value: str, message: str) -> None:
    monkeypatch.setenv(ENV, value)
    with pytest.raises(MutantError, match=message) as info:
        adapter()
    assert "knock_tie_to_knocker" in str(info.value)  # the known names are listed


# ---------------------------------------------------------------------------- the suite
def test_the_whole_suite_kills_every_mutant(corpus: list[Case]) -> None:
    """Every mutant over the whole suite (scenarios, features, perft), in process."""
    score = runner.score(list(CATALOG.values()), corpus)
    assert [r.name for r in score.survivors] == []
    ids = {c.id for c in corpus}
    for r in score.results:
        assert r.killed_by in ids and r.message
    kinds = {c.kind for c in corpus if c.id in {r.killed_by for r in score.results}}
    assert kinds >= {"scenario"}


# ---------------------------------------------------------------------------- the command
def test_list_prints_the_catalog(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mutants", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(CATALOG)
    assert lines[0].split()[:2] == [next(iter(CATALOG)), next(iter(CATALOG.values())).rule]


@pytest.mark.parametrize("argv, message", [
    (["--only", "nope"], "--only: unknown mutant nope; known mutants: aces_high_runs"),
    (["--scenarios", "/no/such/dir"], "--scenarios: /no/such/dir is not a directory"),
])
def test_bad_input_is_a_usage_error(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mutants", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def _witness_dir(tmp_path: Path, *names: str) -> Path:
    for name in names:
        (tmp_path / f"{name}.yaml").write_text(CATALOG[name].witness, encoding="utf-8")
    return tmp_path


def test_in_process_score_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = _witness_dir(tmp_path, "aces_high_runs")
    code = main(["mutants", "--json", "--no-features", "--scenarios", str(d), "--only", "cut_ace_high",
                 "aces_high_runs"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1  # 1 of 2 is below the goal
    assert (out["killed"], out["total"], out["score"], out["ok"]) == (1, 2, 0.5, False)
    assert out["survivors"] == ["cut_ace_high"]
    killed = next(r for r in out["mutants"] if r["name"] == "aces_high_runs")
    assert (killed["status"], killed["killed_by"], killed["rule"]) == ("killed", "witness-aces-high-runs", "SPREAD-3")


def test_table_reports_score_and_survivors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = _witness_dir(tmp_path, "no_upcard", "rotation_right")
    code = main(["mutants", "--no-features", "--scenarios", str(d), "--only", "no_upcard", "rotation_right"])
    out = capsys.readouterr().out
    assert code == 0
    assert "mutation score: 2/2 killed = 100.0% (goal 95%): PASS" in out
    assert re.search(r"^rotation_right\s+TURN-1\s+killed\s+witness-rotation-right\s", out, re.M)
    assert "survivors" not in out


def test_a_suite_the_reference_fails_is_not_scored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = CATALOG["no_upcard"].witness.replace("discard_top: 5d", "discard_top: 6d")
    (tmp_path / "broken.yaml").write_text(text, encoding="utf-8")
    assert main(["mutants", "--no-features", "--scenarios", str(tmp_path), "--only", "no_upcard"]) == 2
    assert "the reference engine fails witness-no-upcard" in capsys.readouterr().err
