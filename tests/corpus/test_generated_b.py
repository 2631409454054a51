"""Part B of the scenario corpus: scenarios/out, stock, pay, var and options, written by
the families of the same names in scenarios/_gen (tests/corpus/test_generated.py checks
that the files on disk are exactly what they write).  Every case passes on the reference
engine; the generator refuses a case whose hand-stated totals or nets its script does not
deal; the model's settlement gives the worked payments of the rules brief; every rule
of the sections OUT, STOCK, PAY and VAR is checked at least twice; and every value of
every seed option is contrasted with the default on the same deal."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from contrasts import contrast_id, failing_on_the_reference_engine, outcomes_differ, parse_contrast_id, tag

from scenarios._gen import house_contrasts, pay
from scenarios._gen.cli import family
from scenarios._gen.make.case import Case, build
from scenarios._gen.make.play import GenError
from tonk_model import DEFAULTS, Rules, resolve, settle
from tonk_ref.engine.ruleset import option_values

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("out", "stock", "pay", "var", "options")
#: The options of the seed set, which scenarios/options contrasts (house_contrasts the rest).
SEED_OPTIONS = [o for o in DEFAULTS if o not in house_contrasts.OPTIONS]
Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@pytest.fixture(scope="module")
def files() -> dict[str, str]:
    out = {}
    for folder in FOLDERS:
        out.update({str(p.relative_to(ROOT / "scenarios")): t for p, t in family(folder).render().items()})
    return out


@pytest.fixture(scope="module")
def docs(files: dict[str, str]) -> dict[str, dict[str, Any]]:
    return {rel: yaml.load(text, Loader=Loader) for rel, text in files.items()}


def test_there_are_enough_cases_in_each_folder(files: dict[str, str]) -> None:
    per_folder = {f: sum(1 for rel in files if rel.startswith(f + "/")) for f in FOLDERS}
    assert sum(per_folder.values()) >= 160, per_folder
    assert all(n >= 10 for n in per_folder.values()), per_folder


def test_every_case_passes_on_the_reference_engine(files: dict[str, str]) -> None:
    bad, ran = failing_on_the_reference_engine(FOLDERS)
    assert not bad, "\n".join(bad)
    assert ran == len(files)


# ---------------------------------------------------------------------------------- the generator's own checks
def _w6() -> Case:
    (case,) = [c for c in pay.cases() if c.id == "pay-w6-knock-won-3p"]
    return case


def test_the_generator_writes_w6_as_the_brief_states_it() -> None:
    doc = build(_w6())
    assert doc["result"]["totals"] == [5, 14, 6]
    assert doc["result"]["net"] == [2, -1, -1]
    assert doc["result"]["ending"] == "knock_won"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"totals": [5, 14, 7]}, "total"),
        ({"net": [1, -1, 0]}, "nets"),
        ({"ending": "knock_caught"}, "ends in"),
        ({"script": ["0 knock"]}, "ends in"),  # a first-turn knock with five cards is not W6
        ({"over": False, "totals": None, "net": None, "ending": None}, "goes on"),
    ],
)
def test_the_generator_refuses_figures_the_script_does_not_deal(change: dict[str, Any], message: str) -> None:
    case = dataclasses.replace(_w6(), **change)
    with pytest.raises(GenError, match=message):
        build(case)


def _settle(kind: str, totals: list[int], knocker: int | None = None, **options: Any) -> list[Fraction]:
    rules = Rules(resolve(None, options))
    if kind == "knock":
        assert knocker is not None
        return settle.knock(knocker, totals, 1, rules).net
    return settle.stock_out(totals, 1, rules, dead=False).net


@pytest.mark.parametrize(
    ("totals", "rules", "net"),
    [
        ([5, 14, 6], {}, [2, -1, -1]),  # W6
        ([7, 7], {}, [-3, 3]),  # W7
        ([7, 7], {"caught_payment": "non_knockers"}, [-2, 2]),  # W7, lowest collects only from non-knockers
        ([7, 7], {"knock_tie": "knocker_wins"}, [1, -1]),  # W7, tie goes to the knocker
        ([10, 6, 15], {}, [-3, 4, -1]),  # W8
        ([12, 9, 4], {}, [-5, 1, 4]),  # W9
        ([8, 5, 5], {}, [-6, 3, 3]),  # W10
        ([5, 5, 9], {}, [-3, 4, -1]),  # D5
    ],
)
def test_the_generators_settlement_gives_the_worked_knocks(
    totals: list[int], rules: dict[str, Any], net: list[int]
) -> None:
    assert _settle("knock", totals, knocker=0, **rules) == net


@pytest.mark.parametrize(("totals", "net"), [([6, 11, 9], [2, -1, -1]), ([6, 6, 9], [1, 1, -2])])
def test_the_generators_settlement_gives_the_worked_stock_outs(totals: list[int], net: list[int]) -> None:
    assert _settle("stock_out", totals) == net  # W11, W12


# ---------------------------------------------------------------------------------- coverage
def test_every_rule_of_out_stock_pay_var_is_checked_twice(docs: dict[str, dict[str, Any]]) -> None:
    spec = yaml.load((ROOT / "spec" / "rules.yaml").read_text(encoding="utf-8"), Loader=Loader)
    # The rules of the seed options; the wider house rules (jokers, 40 cards, ...) are not part B's.
    ids = [
        r["id"]
        for r in spec["rules"]
        if r["section"] in ("OUT", "STOCK", "PAY", "VAR")
        and r.get("status") != "withdrawn"
        and (not r.get("options") or set(r["options"]) & set(SEED_OPTIONS))
    ]
    assert len(ids) >= 20
    count = {rid: sum(rid in d["rules"] for d in docs.values()) for rid in ids}
    assert all(n >= 2 for n in count.values()), {k: n for k, n in count.items() if n < 2}


def _actions(doc: dict[str, Any]) -> list[str]:
    return [s["act"] for s in doc["script"] if "act" in s]


def test_every_option_value_is_contrasted_with_the_default(docs: dict[str, dict[str, Any]]) -> None:
    by_id = {d["id"]: d for rel, d in docs.items() if rel.startswith("options/")}
    found: dict[tuple[str, str], list[str]] = {}
    for cid in by_id:
        parsed = parse_contrast_id(cid, "opt", SEED_OPTIONS)
        assert parsed is not None, f"{cid}: not opt-<option>-<value>-..."
        option, value_tag, what = parsed
        found.setdefault((option, value_tag), []).append(what)
    missing: list[str] = []
    uncontrasted: list[str] = []
    for option, values in option_values().items():
        if option not in SEED_OPTIONS:
            continue  # options beyond the seed set are not part B's
        if ("default" not in [t for (o, t) in found if o == option]):
            missing.append(f"{option}=default")
        for value in values[1:]:
            whats = found.get((option, tag(value)))
            if not whats:
                missing.append(f"{option}={value!r}")
                continue
            if option == "max_players":
                continue  # more players than the default allows is a setup error, not a scenario
            contrasted = False
            for what in whats:
                mine = by_id[contrast_id("opt", option, tag(value), what)]
                base = by_id.get(contrast_id("opt", option, "default", what))
                if base is None:
                    continue
                assert mine["deal"] == base["deal"], f"{mine['id']}: not the default's deal"
                a, b = _actions(mine), _actions(base)
                shorter = min(len(a), len(b))  # one may go on after the step where they part
                assert a[:shorter] == b[:shorter], f"{mine['id']}: not the default's actions"
                assert mine["ruleset"]["options"][option] == value
                assert option not in base.get("ruleset", {}).get("options", {})
                if outcomes_differ(mine, base):
                    contrasted = True
            if not contrasted:
                uncontrasted.append(f"{option}={value!r}")
    assert not missing, f"option values without a case: {missing}"
    assert not uncontrasted, f"option values with no contrasting default case: {uncontrasted}"
