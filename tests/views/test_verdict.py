"""The verdict a player reads first (tonk_ref/views/verdict.py): who pays whom, in the
players' names and money, every house rule that changes the outcome in words, and the
terminal ruling that leads with it, wrapped at the terminal's width and never cut."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tonk_ref.engine.ruleset import Ruleset
from tonk_ref.harness.situations import base_rules, load_situation
from tonk_ref.rulebook.judging import judge
from tonk_ref.rulebook.options import option_facts
from tonk_ref.rulebook.wording import PLAIN
from tonk_ref.views.ruling_text import text
from tonk_ref.views.verdict import verdict

sys.path.insert(0, str(Path(__file__).parents[1] / "tools"))
from ruling_set import RULINGS, TIE_3P, W7


def _judged(desc: str, rules: str | None = None) -> object:
    situation = load_situation(desc)
    base, label = base_rules(situation, rules)
    return judge(situation, base, label)


def test_the_verdict_comes_first_in_money() -> None:
    j = judge(load_situation(W7), Ruleset(), "seed")
    v = verdict(j)
    assert v.headline.startswith("Seat 0 pays seat 1 3: 2 ")
    assert v.net == [-3, 3]
    assert text(j, PLAIN)[0].startswith("Seat 0 pays seat 1 3")


def test_one_payer_paying_two_alike_is_said_once() -> None:
    v = verdict(judge(load_situation(TIE_3P), Ruleset(), "seed"))
    assert v.headline.startswith("Seat 0 pays seat 1 and seat 2 3 each: ")


def test_every_house_rule_that_changes_the_money_is_an_alternative() -> None:
    j = judge(load_situation(W7), Ruleset(), "seed")
    v = verdict(j)
    base = j.group_of(j.base_trial)
    assert base is not None
    changing = [g for g in j.groups if g is not base and (g.outcome.kind, g.outcome.money) !=
                (base.outcome.kind, base.outcome.money) and any(t.preset is None for t in g.trials)]
    assert len(v.alternatives) == len(changing)
    wheres = " ".join(a.where for a in v.alternatives)
    for g in changing:
        for t in g.trials:
            for option, value in t.changes(j.base).items():
                facts = option_facts()[option]
                assert facts is not None
                from tonk_ref.rulebook.options import choice_words

                # several values of one option share their first words: each value's own end is there
                assert " ".join(choice_words(option, value).split()[-4:]) in wheres


@pytest.mark.parametrize(("desc", "rules"), RULINGS, ids=[f"{i}" for i in range(len(RULINGS))])
def test_the_ruling_wraps_at_80_columns_and_cuts_nothing(desc: str, rules: str | None) -> None:
    j = _judged(desc, rules)
    lines = text(j, PLAIN, 80)  # type: ignore[arg-type]
    assert all(len(line) <= 80 for line in lines)
    assert not any("…" in line for line in lines)
    v = verdict(j)  # type: ignore[arg-type]
    joined = " ".join(" ".join(lines).split())
    for a in v.alternatives:
        assert " ".join(f"where {a.where}: {a.outcome}".split()) in joined


def test_the_argument_set_fits_30_rows_at_80_columns() -> None:
    rows = sorted(len(text(_judged(d, r), PLAIN, 80)) for d, r in RULINGS)  # type: ignore[arg-type]
    print(f"rows at 80 columns: median {rows[len(rows) // 2]}, max {rows[-1]}")
    assert rows[-1] <= 30


@pytest.mark.parametrize(("desc", "rules"), RULINGS, ids=[f"{i}" for i in range(len(RULINGS))])
def test_the_verdict_speaks_in_words_not_codes(desc: str, rules: str | None) -> None:
    """No option name, no underscore identifier and no ending code in what a player reads
    first: the headline, the why and every alternative."""
    import re

    from tonk_ref.engine.result import ENDINGS
    from tonk_ref.engine.ruleset import option_values

    v = verdict(_judged(desc, rules))  # type: ignore[arg-type]
    said = " ".join([v.headline, *v.why, *(f"{a.where} {a.outcome}" for a in v.alternatives)])
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", said), said
    for option in option_values():
        assert option not in said.split() or "_" not in option
    for ending in ENDINGS:
        assert ending not in said.split() or "_" not in ending
    assert not re.search(r"\b(?:[SDVW]\d+|[A-Z]{3,}(?:-[A-Z0-9]+)*-\d+)\b", said), said  # no brief items or rule IDs


def test_a_house_table_reads_in_words(tmp_path: Path) -> None:
    """At a table that wins a knock tie for the knocker, the verdict is the knocker's win,
    the argued house rule is the first reason and its source says it is a house rule, and
    the seed rules' catch is one of the alternatives."""
    table = tmp_path / "table.yaml"
    table.write_text("preset: seed\noptions: {knock_tie: knocker_wins, hit_lock: 2}\n", encoding="utf-8")
    desc = W7.replace("0: 3d 4d; 1: 3h 4h", "names Ann Bob; Ann: 3d 4d; Bob: 3h 4h").replace("0 knocks", "Ann knocks")
    v = verdict(_judged(desc, str(table)))  # type: ignore[arg-type]
    assert v.headline == "Bob pays Ann 1 for a winning knock"
    assert v.why[1].startswith("A knocker whose total equals the lowest total of the other players wins the tie")
    assert "PAY-KNOCK" not in " ".join(v.why)
    assert v.deciding[0].source == "a house rule, not the printed rules"
    assert any(a.where == "a knocker who ties the lowest hand is caught"
               and a.outcome.startswith("Ann pays Bob 3: 2 for being caught") for a in v.alternatives)
    assert "a knocker who ties the lowest hand wins" in v.table_rules
