"""Self-lint of the Gherkin features: tags, ids, rule coverage, one feature per spec
section, and step texts that match exactly one step definition."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import yaml
from pytest_bdd.feature import get_features
from pytest_bdd.parser import Feature, ScenarioTemplate

from tonk_ref.engine.actions import REASONS
from tonk_ref.engine.ruleset import option_values
from tonk_ref.harness.steps import ID_TAG, REGISTRY, RULE_TAG
from tonk_ref.harness.steps.parse import FeatureTextError, card_names
from tonk_ref.paths import features_dir, spec_dir
from tonk_ref.rulebook.notation import NotationError, parse_move

#: The feature file of each spec section.
SECTION_FILES = {
    "GAME": "game.feature",
    "CARD": "cards.feature",
    "STAKE": "stake.feature",
    "DEALER": "dealer.feature",
    "DEAL": "deal.feature",
    "DEALT": "dealt.feature",
    "TURN": "turn.feature",
    "SPREAD": "spreads.feature",
    "HIT": "hitting.feature",
    "OUT": "going_out.feature",
    "STOCK": "empty_stock.feature",
    "PAY": "payments.feature",
    "OBS": "observations.feature",
    "VAR": "variations.feature",
}

#: Feature files beyond the one of each section: file name -> (section, Feature title).
EXTRA_FILES = {"house.feature": ("VAR", "House rules")}

MIN_SCENARIOS = 80

#: Rules no Gherkin scenario can check through the adapter interface yet, and why.
#: The coverage test fails when one of these gets covered (remove it here) or leaves
#: rules.yaml, so the list cannot go stale silently.
NOT_YET_CHECKABLE: dict[str, str] = {}
ENDINGS = ("dealt_tonk", "dealt_draw", "tonk_out", "out_by_discard", "knock_won", "knock_caught", "stock_out",
           "knock_tie", "reem", "special_hand")


@dataclass(frozen=True)
class Case:
    """One runnable scenario: a plain scenario, or one Examples row of an outline."""

    feature: Feature
    template: ScenarioTemplate
    row: dict[str, str] | None

    @property
    def where(self) -> str:
        row = "" if self.row is None else f" [{', '.join(self.row.values())}]"
        return f"{Path(self.feature.filename).name}:{self.template.line_number}: {self.template.name}{row}"

    @property
    def tags(self) -> set[str]:
        rule_tags = self.template.rule.tags if self.template.rule is not None else set()
        return set(self.template.tags) | set(self.feature.tags) | set(rule_tags)


def _features() -> list[Feature]:
    return get_features([str(features_dir())])


def _templates() -> list[tuple[Feature, ScenarioTemplate]]:
    return [(f, t) for f in _features() for t in f.scenarios.values()]


def _cases() -> list[Case]:
    out: list[Case] = []
    for feature, template in _templates():
        rows = [ctx for ex in template.examples for ctx in ex.as_contexts()]
        if rows:
            out += [Case(feature, template, row) for row in rows]
        else:
            out.append(Case(feature, template, None))
    return out


FEATURES = _features()
CASES = _cases()
@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    section: str
    status: str


def _spec() -> tuple[dict[str, str], dict[str, Rule]]:
    # Read rules.yaml directly: these tests check the features, not the rulebook loader.
    data = yaml.safe_load((spec_dir() / "rules.yaml").read_text(encoding="utf-8"))
    rules = {
        r["id"]: Rule(r["id"], r["title"], r["section"], r.get("status", "active")) for r in data["rules"]
    }
    return dict(data["sections"]), rules


SECTIONS, RULES = _spec()


def test_one_feature_per_spec_section() -> None:
    assert set(SECTION_FILES) == set(SECTIONS), "SECTION_FILES must name a feature for every section of rules.yaml"
    names = sorted(Path(f.filename).name for f in FEATURES)
    assert names == sorted([*SECTION_FILES.values(), *EXTRA_FILES])
    by_name = {name: section for section, name in SECTION_FILES.items()}
    assert all(section in SECTIONS for section, _ in EXTRA_FILES.values())
    for feature in FEATURES:
        assert feature.description.strip(), f"{feature.filename}: the Feature needs a description for readers"
        name = Path(feature.filename).name
        title = SECTIONS[by_name[name]] if name in by_name else EXTRA_FILES[name][1]
        assert feature.name == title, f"{feature.filename}: 'Feature: {feature.name}' should be 'Feature: {title}'"


def test_at_least_80_scenarios() -> None:
    assert len(CASES) >= MIN_SCENARIOS, f"only {len(CASES)} scenarios (Examples rows counted)"


def test_scenario_names_unique_per_feature() -> None:
    # pytest-bdd keeps scenarios in a dict by name: a repeated name silently drops one.
    for feature in FEATURES:
        text = Path(feature.filename).read_text(encoding="utf-8")
        declared = re.findall(r"^\s*(?:Scenario|Scenario Outline|Example|Scenario Template):\s*(.*)$", text, re.M)
        repeated = [n for n, k in Counter(declared).items() if k > 1]
        assert not repeated, f"{feature.filename}: scenario names used twice: {repeated}"
        assert len(declared) == len(feature.scenarios)


def test_rule_tags_exist() -> None:
    bad = [f"{c.where}: @{t}" for c in CASES for t in sorted(c.tags) if RULE_TAG.match(t) and t not in RULES]
    assert not bad, "tags naming rules that spec/rules.yaml does not define:\n" + "\n".join(bad)


def test_no_stray_tags() -> None:
    bad = [f"{c.where}: @{t}" for c in CASES for t in sorted(c.tags) if not (RULE_TAG.match(t) or ID_TAG.match(t))]
    assert not bad, "tags that are neither a rule ID nor an @id. tag:\n" + "\n".join(bad)


def test_every_scenario_checks_a_rule() -> None:
    bad = [c.where for c in CASES if not any(RULE_TAG.match(t) for t in c.tags)]
    assert not bad, "scenarios with no rule ID tag:\n" + "\n".join(bad)


def test_every_rule_is_covered_by_its_sections_feature() -> None:
    by_file: dict[str, set[str]] = {}
    for c in CASES:
        by_file.setdefault(Path(c.feature.filename).name, set()).update(t for t in c.tags if t in RULES)
    everywhere = set().union(*by_file.values())
    active = [rid for rid, r in RULES.items() if r.status == "active" and rid not in NOT_YET_CHECKABLE]
    missing = [rid for rid in active if rid not in everywhere]
    assert not missing, f"rules no feature scenario checks: {missing}"
    stale = [rid for rid in NOT_YET_CHECKABLE if rid in everywhere or rid not in RULES]
    assert not stale, f"NOT_YET_CHECKABLE lists rules that are covered now or gone: {stale}"
    misplaced = [
        rid for rid in active if rid not in by_file.get(SECTION_FILES.get(RULES[rid].section, "?"), set())
    ]
    assert not misplaced, f"rules not checked in their own section's feature: {misplaced}"


def test_ids_one_per_scenario_and_unique() -> None:
    seen: dict[str, str] = {}
    problems: list[str] = []
    for feature, template in _templates():
        where = f"{Path(feature.filename).name}:{template.line_number}"
        ids = [t for t in template.tags if t.startswith("id.")]
        if len(ids) != 1:
            problems.append(f"{where}: expected exactly one @id. tag, got {ids}")
            continue
        if not ID_TAG.match(ids[0]):
            problems.append(f"{where}: @{ids[0]} is not lowercase kebab-case after 'id.'")
        if ids[0] in seen:
            problems.append(f"{where}: @{ids[0]} is also used at {seen[ids[0]]}")
        seen[ids[0]] = where
    assert not problems, "\n".join(problems)


def test_outline_rows_are_unique() -> None:
    # A row's test id is its values joined: two equal rows would run as one name twice.
    problems = []
    for feature, template in _templates():
        rows = [tuple(ctx.values()) for ex in template.examples for ctx in ex.as_contexts()]
        repeated = [r for r, n in Counter(rows).items() if n > 1]
        if repeated:
            problems.append(f"{feature.filename}:{template.line_number}: Examples rows repeated: {repeated}")
    assert not problems, "\n".join(problems)


def test_rule_blocks_are_named_after_rules() -> None:
    problems = []
    for c in CASES:
        rule = c.template.rule
        if rule is None:
            continue
        rid, _, title = rule.name.partition(" ")
        if rid not in RULES or RULES[rid].title != title:
            problems.append(f"{c.where}: 'Rule: {rule.name}' is not '<rule ID> <its title in rules.yaml>'")
        elif rid not in c.tags:
            problems.append(f"{c.where}: a scenario under 'Rule: {rule.name}' must carry the tag @{rid}")
    assert not problems, "\n".join(sorted(set(problems)))


def _steps(case: Case) -> list[tuple[str, str]]:
    scenario = case.template.render(case.row or {})
    return [(s.type, s.name) for s in scenario.steps]


def test_every_step_matches_exactly_one_definition() -> None:
    problems = []
    for case in CASES:
        for kind, text in _steps(case):
            matching = [d for d in REGISTRY if d.matches(text)]
            if len(matching) != 1:
                pats = [f"{d.kind} {d.pattern!r}" for d in matching]
                problems.append(f"{case.where}: {kind} {text!r} matches {len(matching)} definitions {pats}")
            elif matching[0].kind != kind:
                problems.append(f"{case.where}: {text!r} is a {matching[0].kind} step, used as {kind}")
    assert not problems, "\n".join(problems)


def test_every_step_definition_is_used() -> None:
    used = {id(d) for case in CASES for _, text in _steps(case) for d in REGISTRY if d.matches(text)}
    unused = [f"{d.kind} {d.pattern!r}" for d in REGISTRY if id(d) not in used]
    assert not unused, "step definitions no feature uses:\n" + "\n".join(unused)


def test_scenarios_end_with_a_then_step() -> None:
    # A When step's refusal is only reported by the next step: a scenario must check last.
    bad = [case.where for case in CASES if not _steps(case) or _steps(case)[-1][0] != "then"]
    assert not bad, "scenarios whose last step is not a Then step:\n" + "\n".join(bad)


def test_step_arguments_name_real_things() -> None:
    """Reasons, endings, options and values, cards in Given steps, moves of 'plays:'."""
    values = option_values()
    problems = []
    for case in CASES:
        for _, text in _steps(case):
            try:
                if m := re.fullmatch(r"the action is refused as (\S+)", text):
                    if m[1] not in REASONS:
                        problems.append(f"{case.where}: unknown reason code {m[1]!r}")
                elif m := re.fullmatch(r"the hand ends as (\S+)", text):
                    if m[1] not in ENDINGS:
                        problems.append(f"{case.where}: unknown ending {m[1]!r}")
                elif m := re.fullmatch(r"the ruleset has (\S+) = (\S+)", text):
                    allowed = [str(v).lower() for v in values.get(m[1], ())]
                    if m[2].lower() not in allowed:
                        problems.append(f"{case.where}: {m[1]} = {m[2]} is not an option value ({allowed})")
                elif m := re.fullmatch(r"seat \d+ holds (.+)|the (?:upcard is|stock starts with) (.+)", text):
                    card_names(m[1] or m[2])
                elif m := re.fullmatch(r"seat \d+ plays: (.+)", text):
                    for move in m[1].split(", "):
                        parse_move(move)
            except (FeatureTextError, NotationError) as e:
                problems.append(f"{case.where}: {text!r}: {e}")
    assert not problems, "\n".join(problems)
