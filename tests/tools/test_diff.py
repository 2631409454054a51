"""``tonk diff``: the smallest situations in which two rulesets disagree.  Every change of
one option from the defaults either yields a witness that really disagrees when replayed
through ``tonk judge`` under both rulesets (and its scenario file, when there is one, is
a valid scenario that disagrees too), or is listed as unable to change a hand, with the
reason."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from runkit import Ran

from tonk_ref.engine.ruleset import DEFAULT, option_values
from tonk_ref.harness.scenario import load_scenario
from tonk_ref.harness.situations import load_situation
from tonk_ref.spec.diffsearch import Side, diff

SINGLE = [(o, v) for o, vs in option_values().items() for v in vs
          if not (type(v) is type(getattr(DEFAULT, o)) and v == getattr(DEFAULT, o))]


def _base_group(r: Ran) -> tuple[Any, ...]:
    j = r.json()
    g = next(g for g in j["groups"] if g["includes_base"])
    refusal = g.get("refusal") or {}
    return (g["outcome"], g.get("ending"), tuple(g.get("winners") or ()), tuple(g.get("net") or ()),
            refusal.get("action"))


def test_seed_against_seed_finds_nothing(tonk: Callable[..., Ran]) -> None:
    r = tonk("diff", "seed", "seed")
    assert r.code == 0 and "no situation can tell them apart" in r.out


def test_seed_against_pagat_names_the_option_and_why(tonk: Callable[..., Ran]) -> None:
    r = tonk("diff", "seed", "pagat", "--format", "json")
    j = r.json()
    assert j["found"] is False and j["witnesses"] == []
    assert [c["option"] for c in j["cannot_matter"]] == ["max_players"]
    assert "GAME-2" in j["cannot_matter"][0]["reason"]
    assert "Nothing found" in tonk("diff", "seed", "pagat").out


def test_a_preset_with_several_options_gives_distinct_rules(tonk: Callable[..., Ran]) -> None:
    j = tonk("diff", "seed", "online", "--limit", "3", "--format", "json").json()
    rules = [w["rule"] for w in j["witnesses"]]
    assert len(rules) == 3 and len(set(rules)) == 3
    assert "VAR-KNOCKLIMIT-1" in rules


@pytest.mark.parametrize(("option", "value"), SINGLE, ids=[f"{o}={v}" for o, v in SINGLE])
def test_every_single_option_change(option: str, value: object, tonk: Callable[..., Ran],
                                    table_file: Callable[[str], str], tmp_path: Path) -> None:
    b = DEFAULT.replace(**{option: value})
    d = diff(Side("seed", DEFAULT), Side(f"{option}={value}", b), load=load_situation, limit=1)
    if not d.witnesses:
        listed = {i.option: i.reason for i in d.inert}
        assert listed.get(option), f"{option}={value}: no witness and no reason"
        return
    w = d.witnesses[0]
    rules_b = str(tmp_path / "b.yaml")
    Path(rules_b).write_text(yaml.safe_dump({"preset": "seed", "options": {option: value}}), encoding="utf-8")
    under_a = _base_group(tonk("judge", w.description, "--format", "json"))
    under_b = _base_group(tonk("judge", w.description, "--rules", rules_b, "--format", "json"))
    assert under_a != under_b, f"{option}={value}: {w.description} does not disagree under judge"
    if w.scenario:
        path = tmp_path / "witness.yaml"
        path.write_text(w.scenario, encoding="utf-8")
        load_scenario(path)  # valid under spec/scenario.schema.json
        scen_a = _base_group(tonk("judge", str(path), "--format", "json"))
        scen_b = _base_group(tonk("judge", str(path), "--rules", rules_b, "--format", "json"))
        assert scen_a != scen_b, path.read_text()
    else:
        assert w.scenario_note.startswith("no scenario file: ")


def test_bad_rulesets_are_one_line(tonk: Callable[..., Ran], table_file: Callable[[str], str]) -> None:
    assert "B: " in tonk("diff", "seed", "nosuch").one_error_line("diff")
    line = tonk("diff", table_file("preset: seed\noptions: {knok_tie: caught}\n"), "seed").one_error_line("diff")
    assert "knok_tie" in line
    assert "--limit" in tonk("diff", "seed", "online", "--limit", "0").one_error_line("diff")


def test_the_formats_carry_the_witness(tonk: Callable[..., Ran], tmp_path: Path) -> None:
    md = tonk("diff", "seed", "online", "--limit", "1", "--format", "markdown", "--scenarios", str(tmp_path)).out
    assert "### 1. Decided by VAR-KNOCKLIMIT-1" in md and "```yaml" in md
    assert list(tmp_path.glob("diff-*.yaml"))
    page = tonk("diff", "seed", "online", "--limit", "1", "--format", "html").out
    assert page.startswith("<!doctype html>") and 'class="card' in page and "VAR-KNOCKLIMIT-1" in page
