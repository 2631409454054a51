"""The rule that decides a situation is among those the judge cites: every active rule of
spec/rules.yaml gives a situation it decides (its ``example``, with the table's options),
judged under those options, and the rule asserted among the rules the ruling gives.  A few
rules cannot be the point of one hand's situation (the cut for the first deal, a player
joining, seat numbers, card notation, what each seat may see); their ``example`` gives the
reason instead (``none``), and every other active rule is checked to have a situation.

For the points players argue about most (Q-K-A, three aces under forced spreads, a dealer
dealt 49, and the decisions D3, D4, D5, D7, D10, D11: an example with ``argued: true``) the
rule must also be among the deciding rules of the short ruling, not only in --full."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tonk_ref.engine.hand import RULE_OF
from tonk_ref.engine.ruleset import Ruleset
from tonk_ref.rulebook.book import Example, RulebookError, load_rules
from tonk_ref.rulebook.judging import judge, outcome_of
from tonk_ref.rulebook.situation import Description, play


def _examples() -> dict[str, Example]:
    """Rule ID -> its example, for the active rules that give a situation."""
    return {r.id: r.example for r in load_rules() if r.status == "active" and r.example is not None
            and r.example.situation}


#: rule ID -> the situation it decides, with the table's options (spec/rules.yaml, ``example``)
CASES = _examples()
#: the rules players argue about: the short ruling must name them among its deciding rules
ARGUED = sorted(rid for rid, ex in CASES.items() if ex.argued)
#: the points the docstring names (Q-K-A, three aces, the dealer dealt 49, D3, D4-D5, D7,
#: D10, D11): each stays marked argued in spec/rules.yaml
NAMED_POINTS = {"SPREAD-3", "VAR-FORCED-2", "DEALT-3", "PAY-KNOCK-3", "PAY-CAUGHT-2", "CARD-4", "TURN-7", "HIT-1"}


def test_every_rule_has_a_situation_or_a_reason() -> None:
    rules = load_rules()
    active = {r.id for r in rules if r.status == "active"}
    reasons = {r.id for r in rules if r.example is not None and r.example.none}
    situations = {r.id for r in rules if r.example is not None and r.example.situation}
    assert not situations & reasons
    assert sorted(active - situations - reasons) == []
    assert sorted((situations | reasons) - active) == []
    assert all(r.example.none.strip() for r in rules if r.id in reasons and r.example is not None)
    assert NAMED_POINTS <= set(ARGUED), NAMED_POINTS - set(ARGUED)


@pytest.mark.parametrize("rule_id", sorted(CASES))
def test_the_deciding_rule_is_cited(rule_id: str) -> None:
    example = CASES[rule_id]
    sit = Description(example.situation)
    o = outcome_of(play(sit, example.ruleset()), sit)
    assert o.kind != "cannot_arise", o.why
    assert rule_id in o.rules, (o.kind, o.rules, o.refusal)


@pytest.mark.parametrize("rule_id", ARGUED)
def test_the_rule_argued_about_is_in_the_short_ruling(rule_id: str) -> None:
    example = CASES[rule_id]
    j = judge(Description(example.situation), example.ruleset(), "the table")
    base = j.group_of(j.base_trial)
    assert base is not None
    assert rule_id in j.deciding(base), (j.deciding(base), base.outcome.rules)


#: A rule of rules.yaml, its example to follow (line 9 on).
HEAD = ("sections:\n  VAR: Variations\nrules:\n  - id: VAR-HITLOCK-1\n    title: T\n    section: VAR\n"
        "    options: [hit_lock]\n    text: X.\n")


@pytest.mark.parametrize(("tail", "wanted"), [
    ("    example:\n      options: {hit_lock: 1}\n",
     ":9: rules[0].example: rule VAR-HITLOCK-1: an example gives either a situation"),
    ("    example:\n      situation: 0 knocks\n      none: why\n",
     ":9: rules[0].example: rule VAR-HITLOCK-1: an example gives either a situation"),
    ("    example:\n      none: why\n      argued: true\n",
     ":11: rules[0].example.argued: rule VAR-HITLOCK-1: an example with none gives no argued"),
    ("    example:\n      situation: 0 knocks\n      options: {hit_lok: 1}\n",
     ":11: rules[0].example.options.hit_lok: rule VAR-HITLOCK-1: unknown ruleset option 'hit_lok' "
     "(did you mean 'hit_lock'?)"),
    ("    example:\n      situation: 0 knocks\n      options: {hit_lock: 7}\n",
     ":11: rules[0].example.options.hit_lock: rule VAR-HITLOCK-1: option 'hit_lock' has no value 7; allowed "
     "values: 0, 1, 2, 3"),
    ("    example:\n      situation: 0 knocks\n      argued: often\n",
     ":11: rules[0].example.argued: expected true or false"),
    ("    example:\n      situation: 0 knocks\n      table: {hit_lock: 1}\n",
     ":11: rules[0].example.table: unknown field 'table'"),
])
def test_a_bad_example_names_the_file_the_rule_and_the_field(tmp_path: Path, tail: str, wanted: str) -> None:
    p = tmp_path / "rules.yaml"
    p.write_text(HEAD + tail, encoding="utf-8")
    with pytest.raises(RulebookError) as e:
        load_rules(p)
    assert str(e.value).startswith(f"{p}{wanted}"), str(e.value)


def test_an_example_reads_with_its_options(tmp_path: Path) -> None:
    p = tmp_path / "rules.yaml"
    p.write_text(HEAD + "    example:\n      situation: ' 2 players; 0 knocks'\n      options: {hit_lock: 1, "
                 "face_values: 11-12-13}\n      argued: true\n", encoding="utf-8")
    (rule,) = load_rules(p)
    assert rule.example == Example("2 players; 0 knocks", (("hit_lock", 1), ("face_values", "11-12-13")), True)
    assert rule.example.ruleset() == Ruleset(hit_lock=1, face_values="11-12-13")


# ---------------------------------------------------------------------------- read from the record
#: A rule ID as spec/rules.yaml writes one.
RULE_ID = re.compile(r"^[A-Z]+(-[A-Z][A-Z0-9]*)*-[0-9]+$")
#: The modules that read rulings and the diff's families: they name no rule, reading the
#: engine's record and spec/rules.yaml instead.
READERS = ("tonk_ref/rulebook/judging.py", "tonk_ref/rulebook/diffprobes.py", "tonk_ref/rulebook/diffsearch.py")
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("path", READERS)
def test_the_readers_name_no_rule(path: str) -> None:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    named = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
             and RULE_ID.match(n.value)]
    assert named == [], f"{path} names rules {named}: read them from the engine's record or spec/rules.yaml"


def _complexity(fn: ast.FunctionDef) -> int:
    """McCabe's number of a function, as mccabe counts it (nested functions apart): one,
    and one for each branch (if, loop, except, case, conditional expression,
    comprehension and its ifs)."""
    count = 1
    todo: list[ast.AST] = list(fn.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.If | ast.For | ast.AsyncFor | ast.While | ast.IfExp | ast.ExceptHandler
                      | ast.match_case):
            count += 1
        elif isinstance(node, ast.comprehension):
            count += 1 + len(node.ifs)
        todo.extend(ast.iter_child_nodes(node))
    return count


def test_the_outcome_is_read_by_short_readers() -> None:
    tree = ast.parse((ROOT / "tonk_ref/rulebook/judging.py").read_text(encoding="utf-8"))
    readers = {fn.name: _complexity(fn) for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef)
               and re.fullmatch(r"outcome_of|refusal_rules|_read_\w+|_\w+_outcome|_\w+_notes", fn.name)}
    assert len(readers) >= 5
    assert {name: n for name, n in readers.items() if n > 15} == {}
    outcome_of = next(fn for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) and fn.name == "outcome_of")
    assert (outcome_of.end_lineno or 0) - outcome_of.lineno < 20


@pytest.mark.parametrize("rule_id", sorted(CASES))
def test_every_rule_cited_is_one_the_engine_applied(rule_id: str) -> None:
    """What the judge cites comes from the hand's record: the rules it applied at each step
    (the settlement's included), the table's own rules, and a refusal's; and, where the
    match keeps points, the rule spec/rules.yaml says the scoring option changes."""
    example = CASES[rule_id]
    sit = Description(example.situation)
    p = play(sit, example.ruleset())
    o = outcome_of(p, sit)
    assert p.hand is not None
    recorded = {rid for rid, _ in p.hand.applied_rules()} | set(p.hand.table_rules())
    if o.points is not None:
        recorded |= {r.id for r in load_rules() if "scoring" in r.options}
    if p.error is not None and p.act is not None and p.act.action is not None:
        recorded |= set(p.hand.refused_by(p.act.action, p.act.seat, p.error))
    for key in ("knock_waits", "knock_locks", "must_use_taken", "taken", "forced_kept"):
        recorded.add(RULE_OF[key])  # what the state carries on, which the engine names
    assert set(o.rules) <= recorded, set(o.rules) - recorded
    assert set(o.primary) <= set(o.rules) | recorded
