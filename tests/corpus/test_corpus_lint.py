"""Self-lint of the whole corpus: every scenario loads and validates,
ids are unique and listed in the manifest, every rule is checked by at least two cases,
every option value and every reason code an action can earn appears, and the observation
rules are checked with hidden cards."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tonk_ref.engine.actions import REASONS
from tonk_ref.engine.ruleset import DEFAULT, option_values
from tonk_ref.harness.case import Act, Case, Observe
from tonk_ref.harness.scenario import load_scenario, scenario_files
from tonk_ref.paths import scenarios_dir
from tonk_ref.rulebook.book import load_rules

MANIFEST = scenarios_dir() / "MANIFEST"
# Reasons no scenario action can earn: the protocol's, before or outside a hand.
NOT_FROM_AN_ACTION = {"no_hand", "unsupported_option"}


@pytest.fixture(scope="module")
def corpus() -> list[Case]:
    return [load_scenario(f) for f in scenario_files()]


def manifest_ids() -> tuple[set[str], set[str]]:
    live: set[str] = set()
    withdrawn: set[str] = set()
    for line in MANIFEST.read_text(encoding="utf-8").splitlines():
        text, _, comment = line.partition("#")
        cid = text.strip()
        if cid:
            (withdrawn if "withdrawn" in comment else live).add(cid)
    return live, withdrawn


def test_every_file_is_a_case_with_a_unique_id(corpus: list[Case]) -> None:
    assert len(corpus) == len(scenario_files()) >= 300
    dupes = [cid for cid, n in Counter(c.id for c in corpus).items() if n > 1]
    assert dupes == []


def test_every_file_is_named_after_its_id() -> None:
    for f in scenario_files():
        assert load_scenario(f).id == Path(f).stem, f


def test_the_manifest_lists_every_id_and_ids_are_never_removed(corpus: list[Case]) -> None:
    live, withdrawn = manifest_ids()
    ids = {c.id for c in corpus}
    assert sorted(ids - live) == [], "new cases: add their ids to scenarios/MANIFEST"
    assert sorted(live - ids) == [], "an id was renamed or removed: ids are never renamed; mark it '# withdrawn'"
    assert not ids & withdrawn, "a withdrawn id is reused"


def test_every_rule_is_checked_by_at_least_two_cases(corpus: list[Case]) -> None:
    cited = Counter(r for c in corpus for r in c.rules)
    thin = {r.id: cited[r.id] for r in load_rules() if cited[r.id] < 2}
    assert thin == {}


def test_every_option_value_is_played(corpus: list[Case]) -> None:
    used = {(k, repr(v)) for c in corpus for k, v in c.options.items()}
    missing = [
        f"{k}={v!r}"
        for k, values in option_values().items()
        for v in values
        if v != getattr(DEFAULT, k) and (k, repr(v)) not in used
    ]
    assert missing == []


def test_every_reason_an_action_can_earn_is_asserted(corpus: list[Case]) -> None:
    asserted = {s.refuse for c in corpus for s in c.steps if isinstance(s, Act) and isinstance(s.refuse, str)}
    assert sorted(set(REASONS) - NOT_FROM_AN_ACTION - asserted) == []
    assert asserted <= set(REASONS)


def test_observation_rules_are_checked_with_hidden_cards(corpus: list[Case]) -> None:
    hidden = [c.id for c in corpus for s in c.steps if isinstance(s, Observe) and s.expect.get("hidden")]
    assert len(hidden) >= 5
    for rule in ("OBS-1", "OBS-2", "OBS-3"):
        assert any(rule in c.rules and any(s.kind == "observe" for s in c.steps) for c in corpus), rule


def test_every_case_cites_only_rules_of_the_spec(corpus: list[Case]) -> None:
    known = {r.id for r in load_rules()}
    assert {r for c in corpus for r in c.rules} <= known
