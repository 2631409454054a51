"""The README's counts of the suite, the ruleset options and the presets are the build's:
each stated count is found in README.md (a sentence that no longer says it fails the test
as much as a wrong number does) and compared with what the suite loader, the ruleset
schema and spec/rulesets/ give today."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

from tonk_ref.adapters.inprocess import reference
from tonk_ref.harness.capabilities import Capabilities
from tonk_ref.harness.engine_cases import engine_cases
from tonk_ref.harness.suite import Suite, load_suite
from tonk_ref.rulebook.book import load_presets, load_ruleset_schema

README = Path(__file__).resolve().parents[2] / "README.md"


@cache
def readme() -> str:
    return README.read_text(encoding="utf-8")


@cache
def suite() -> Suite:
    s = load_suite()
    assert not s.errors, s.errors
    return s


def stated(pattern: str) -> re.Match[str]:
    """The one place in the README that ``pattern`` finds."""
    found = list(re.finditer(pattern, readme(), re.MULTILINE))
    assert len(found) == 1, f"README.md: {len(found)} matches of {pattern!r}, expected 1"
    return found[0]


def number(text: str) -> int:
    return int(text.replace(",", ""))


def by_kind() -> Counter[str]:
    return Counter(c.kind for c in suite().cases)


def test_the_options() -> None:
    n = number(stated(r"\((\d+) options, defaults = the seed rules\)").group(1))
    options = len(load_ruleset_schema()["properties"])
    assert n == options, f"README: {n} options; spec/ruleset.schema.json: {options}"


def test_the_presets_listed_beside_the_rulesets_folder() -> None:
    listed = stated(r"presets in \[`rulesets/`\]\(spec/rulesets/\) \(([^)]*)\)").group(1)
    names = re.findall(r"`([^`]+)`", listed)
    assert len(names) == len(set(names)), names
    assert sorted(names) == sorted(load_presets())


def test_every_preset_has_a_row_in_the_table_of_runs() -> None:
    rows = re.findall(r"^\| `([a-z0-9-]+)` \| [\d,]+ \| [\d,]+ \|", readme(), re.MULTILINE)
    assert len(rows) == len(set(rows)), rows
    assert sorted(rows) == sorted(load_presets())


def test_the_yaml_cases() -> None:
    n = number(stated(r"(\d[\d,]*) YAML cases").group(1))
    assert n == by_kind()["scenario"], f"README: {n} YAML cases; the build: {by_kind()['scenario']}"


def test_the_gherkin_files_and_scenarios() -> None:
    m = stated(r"(\d+) Gherkin feature files \((\d[\d,]*) scenarios")
    features = [c for c in suite().cases if c.kind == "feature"]
    files, scenarios = len({c.source for c in features}), len(features)
    assert number(m.group(1)) == files, f"README: {m.group(0)!r}; the build: {files} files"
    assert number(m.group(2)) == scenarios, f"README: {m.group(0)!r}; the build: {scenarios} scenarios"


def test_the_plain_run_counts_every_case() -> None:
    """``tonk check`` on the reference runs the whole suite and the cases made from its
    declarations, and skips none."""
    m = stated(r"^\| the seed rules \(plain `tonk check`[^|]*\| (\d[\d,]*) \| (\d[\d,]*) \|")
    made = engine_cases(Capabilities.from_hello(reference().hello()), None)
    total = len(suite().cases) + len(made)
    assert number(m.group(1)) == total, f"README: {m.group(1)} cases run; the build: {total}"
    assert number(m.group(2)) == 0

