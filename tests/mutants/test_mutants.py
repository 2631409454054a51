"""The mutant catalog and the mutation score: the catalog's shape; each fault's witness is
a scenario file named after it, which the reference engine passes and the mutant fails;
the faulty engines are subclasses of the engine's own classes and leave the reference
untouched; the whole suite kills every mutant (a mutant the suite stops killing fails the
test); ``tonk mutants`` on small inputs, and without a mutants folder."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import mutants
import tonk_ref
from mutants import score
from mutants.core import Mutant
from tonk_ref import paths
from tonk_ref.adapters import service as service_module
from tonk_ref.adapters.inprocess import reference
from tonk_ref.adapters.service import RefService
from tonk_ref.engine import cards, hand, match, payments, result, ruleset, serialize, spreads
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.spreads import Spread
from tonk_ref.harness.case import Case
from tonk_ref.harness.runner import Engine, run_case
from tonk_ref.harness.scenario import load_scenario
from tonk_ref.rulebook.book import rules_by_id
from tonk_ref.tools.cli import main

ROOT = Path(__file__).resolve().parents[2]
CATALOG = mutants.CATALOG


@pytest.fixture(scope="session")
def corpus() -> list[Case]:
    return score.load_cases()


# ---------------------------------------------------------------------------- the catalog
def test_catalog_has_at_least_40_named_documented_mutants() -> None:
    assert len(CATALOG) >= 40
    for name, m in CATALOG.items():
        assert name == m.name
        assert re.fullmatch(r"[a-z][a-z0-9_]*", name), name
        assert m.description.endswith("."), f"{name}: describe the fault in one sentence"


def test_every_mutant_names_an_existing_rule() -> None:
    rules = set(rules_by_id())
    unknown = {m.name: m.rule for m in CATALOG.values() if m.rule not in rules}
    assert not unknown, f"rule IDs not in spec/rules.yaml: {unknown}"


def test_the_catalog_spans_the_spec_sections() -> None:
    sections = {m.rule.split("-")[0] for m in CATALOG.values()}
    wanted = {"CARD", "STAKE", "DEALER", "DEAL", "DEALT", "TURN", "SPREAD", "HIT", "STOCK", "PAY", "OBS", "VAR"}
    assert wanted <= sections, f"no mutant breaks a rule of {sorted(wanted - sections)}"


def test_each_fault_is_a_subclass_of_the_engines_own_classes() -> None:
    """A faulty engine is the reference service dealing a Hand subclass, or a RefService
    subclass dealing the reference's hands: one class of the mutants folder, never both."""
    for m in CATALOG.values():
        assert issubclass(m.hand, Hand) and issubclass(m.service, RefService), m.name
        assert (m.hand is Hand) != (m.service is RefService), f"{m.name}: one faulty class"
        assert m.fault_class.__module__.startswith("mutants."), m.name
        engine = m.engine()
        assert type(engine) is m.service and engine.hand_class is m.hand


# ---------------------------------------------------------------------------- the witnesses
def test_every_mutant_has_one_witness_file_named_after_it() -> None:
    files = {p.stem for p in mutants.WITNESSES.iterdir()}
    assert files == set(CATALOG), (
        f"witnesses without a mutant: {sorted(files - set(CATALOG))}; "
        f"mutants without a witness: {sorted(set(CATALOG) - files)}"
    )
    assert all(p.suffix == ".yaml" for p in mutants.WITNESSES.iterdir())


@pytest.mark.parametrize("name", list(CATALOG))
def test_mutant_changes_behaviour(name: str) -> None:
    """The witness, a scenario file read by the suite's own loader, passes on the reference
    engine and fails on the mutant."""
    m = CATALOG[name]
    case = load_scenario(m.witness)
    assert case.id == "witness-" + name.replace("_", "-")
    assert m.rule in case.rules
    ref = run_case(case, Engine.greet(reference()))
    assert ref.status == "passed", f"the reference fails the witness of {name}: {ref.message}"
    mut = run_case(case, Engine.greet(m.adapter()))
    assert mut.status == "failed", f"the witness of {name} does not catch it ({mut.status})"


# ---------------------------------------------------------------------------- no patching
ENGINE_MODULES: tuple[ModuleType, ...] = (
    cards, hand, match, payments, result, ruleset, serialize, spreads, service_module,
)


def _snapshot() -> dict[str, dict[str, Any]]:
    out = {m.__name__: dict(vars(m)) for m in ENGINE_MODULES}
    for cls in (Hand, Spread, RefService):
        out[cls.__qualname__] = dict(vars(cls))
    return out


def test_mutants_leave_the_reference_untouched(corpus: list[Case]) -> None:
    """No module or class of the engine holds code of the mutants folder, running every
    mutant changes none of them (nothing is patched), and the reference still passes the
    whole suite afterwards."""
    before = _snapshot()
    from_mutants = {f"{where}.{k}" for where, names in before.items() for k, v in names.items()
                    if str(getattr(v, "__module__", "")).startswith("mutants")}
    assert from_mutants == set(), "the engine holds code of the mutants folder"
    for m in CATALOG.values():
        run_case(m.witness_case(), Engine.greet(m.adapter()))
    after = _snapshot()
    changed = {where: sorted(k for k in before[where].keys() | after[where].keys()
                             if before[where].get(k) is not after[where].get(k))
               for where in before}
    assert {w: ks for w, ks in changed.items() if ks} == {}
    result_ = score.run_until_killed(None, corpus)
    assert result_.status == "survived", f"{result_.killed_by}: {result_.message}"
    assert result_.cases_run == len(corpus) > 900


def test_the_package_never_imports_the_mutants() -> None:
    """tonk_ref imports no mutants module; ``tonk mutants`` loads the folder by its path."""
    for f in Path(tonk_ref.__file__).parent.rglob("*.py"):
        text = f.read_text(encoding="utf-8")
        imported = re.findall(r"^\s*(?:from|import)\s+(\S+)", text, re.M)
        assert not [i for i in imported if i == "mutants" or i.startswith(("mutants.", ".mutants", "..mutants"))], f


# ---------------------------------------------------------------------------- the factory
def test_factory_reads_the_mutant_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    case = CATALOG["knock_tie_to_knocker"].witness_case()
    monkeypatch.setenv(mutants.ENV, "knock_tie_to_knocker")
    assert run_case(case, Engine.greet(mutants.adapter())).status == "failed"
    monkeypatch.setenv(mutants.ENV, "none")
    assert run_case(case, Engine.greet(mutants.adapter())).status == "passed"


@pytest.mark.parametrize("value, message", [("", "set TONK_MUTANT"), ("nope", "'nope' is not a mutant")])
def test_factory_refuses_a_missing_or_unknown_mutant(monkeypatch: pytest.MonkeyPatch, value: str, message: str) -> None:
    monkeypatch.setenv(mutants.ENV, value)
    with pytest.raises(mutants.MutantError, match=message) as info:
        mutants.adapter()
    assert "knock_tie_to_knocker" in str(info.value)  # the known names are listed


# ---------------------------------------------------------------------------- the suite
def test_the_whole_suite_kills_every_mutant(corpus: list[Case]) -> None:
    """Every mutant over the whole suite (scenarios, features, perft), in process."""
    result_ = score.score(list(CATALOG.values()), corpus)
    assert [r.name for r in result_.survivors] == []
    ids = {c.id for c in corpus}
    for r in result_.results:
        assert r.killed_by in ids and r.message
    kinds = {c.kind for c in corpus if c.id in {r.killed_by for r in result_.results}}
    assert kinds >= {"scenario"}


# ---------------------------------------------------------------------------- the command
def test_list_prints_the_catalog(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mutants", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    first: Mutant = next(iter(CATALOG.values()))
    assert len(lines) == len(CATALOG)
    assert lines[0].split()[:2] == [first.name, first.rule]


@pytest.mark.parametrize("argv, message", [
    (["--only", "nope"], "--only: unknown mutant nope; known mutants: aces_high_runs"),
    (["--scenarios", "/no/such/dir"], "--scenarios: /no/such/dir is not a directory"),
])
def test_bad_input_is_a_usage_error(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mutants", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_without_a_mutants_folder_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """As from an installed package, which has no mutants folder."""
    monkeypatch.setattr(paths, "mutants_dir", lambda: None)
    for argv in (["mutants"], ["mutants", "--list"]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1
        assert err.startswith("tonk mutants: error: the mutants are test data of the source repository")


def test_the_mutants_folder_is_found_beside_the_package() -> None:
    assert paths.mutants_dir() == ROOT / "mutants"
    assert Path(mutants.__file__).resolve().parent == ROOT / "mutants"


def _witness_dir(tmp_path: Path, *names: str) -> Path:
    for name in names:
        shutil.copy(CATALOG[name].witness, tmp_path)
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
    text = CATALOG["no_upcard"].witness.read_text(encoding="utf-8").replace("discard_top: 5d", "discard_top: 6d")
    (tmp_path / "broken.yaml").write_text(text, encoding="utf-8")
    assert main(["mutants", "--no-features", "--scenarios", str(tmp_path), "--only", "no_upcard"]) == 2
    assert "the reference engine fails witness-no-upcard" in capsys.readouterr().err
