"""``pytest --tonk-adapter-cmd "..."`` with no path runs the packaged suite: the YAML
cases, the perft entries and the Gherkin features where :mod:`tonk_ref.paths` finds them;
a path, the project's testpaths or its own tonk_scenarios folder win."""

from __future__ import annotations

import re

import pytest
import yaml

# Imported here, before pytester's first run: a module that a run imports is dropped when
# the run ends, and one imported again later (yaml) would raise errors of other classes
# than the ones the suite's modules kept from the first import catch.
import tonk_ref.harness.perft
import tonk_ref.harness.scenario
from tonk_ref.paths import features_dir, scenarios_dir

assert yaml and tonk_ref.harness.perft and tonk_ref.harness.scenario

QUIET = ("-p", "no:cacheprovider", "-p", "no:hypothesispytest")


def _collected(result: pytest.RunResult) -> int:
    found = re.search(r"(\d+) tests? collected", result.stdout.str())
    assert found is not None, result.stdout.str()
    return int(found.group(1))


def test_no_path_collects_the_packaged_cases_perft_entries_and_features(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--tonk-adapter-cmd", "tonk serve", "--collect-only", "-q", *QUIET)
    out = result.stdout.str()
    assert result.ret == pytest.ExitCode.OK, out
    assert "pay/pay-knock-d5-tie-3p.yaml::pay-knock-d5-tie-3p" in out
    assert re.search(r"perft/presets\.perft::perft-\S+", out), out
    assert "::test_" in out  # the features, bound by pytest-bdd
    yaml_cases = sum(1 for p in scenarios_dir().rglob("*.yaml") if "_gen" not in p.parts)
    features = sum(1 for _ in features_dir().glob("*.feature"))
    assert features >= 10
    assert _collected(result) > yaml_cases + 300  # every YAML case, the perft entries, the features' scenarios


def test_the_header_says_the_packaged_suite_is_run(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--tonk-adapter=tonk_ref.adapters.inprocess:reference", "--collect-only",
                                "-k", "pay-knock-d5-tie-3p", *QUIET)
    assert f"tonk scenarios: the packaged suite, no path given ({scenarios_dir().resolve().parent})" in \
        result.stdout.str()


def test_a_path_or_the_projects_own_folder_wins(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain="def test_one():\n    assert True\n")
    result = pytester.runpytest("--tonk-adapter-cmd", "tonk serve", "--collect-only", "-q", "test_plain.py", *QUIET)
    assert _collected(result) == 1
    (pytester.path / "sc").mkdir()
    pytester.makeini("[pytest]\ntonk_scenarios = sc\n")
    result = pytester.runpytest("--tonk-adapter-cmd", "tonk serve", "--collect-only", "-q", *QUIET)
    assert _collected(result) == 1  # the project's own test; not the packaged suite


def test_without_a_tonk_option_nothing_is_added(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--collect-only", "-q", *QUIET)
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_the_packaged_cases_run_and_pass_in_process(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--tonk-adapter=tonk_ref.adapters.inprocess:reference",
                                "-k", "pay-knock or perft-rich-2p or wild_deuce", *QUIET)
    outcomes = result.parseoutcomes()
    assert result.ret == pytest.ExitCode.OK, result.stdout.str()
    assert outcomes["passed"] >= 20 and "failed" not in outcomes
