"""Coverage by clause and by seat count: the clauses of the rules are spec data (the
``clauses`` of spec/rules.yaml), each shown by a witness that a hand played on the reference
satisfies; coverage counts each clause and each refusal reason at each seat count a table
allows; the generated block stages a hand for every clause at every seat count; and a
clause a table cannot reach is named with why."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest

from tonk_ref.engine.ruleset import DEFAULT, Ruleset
from tonk_ref.harness.report_schema import report_schema
from tonk_ref.harness.scenario import load_scenario
from tonk_ref.harness.table import block
from tonk_ref.harness.table import staged as S
from tonk_ref.harness.table.clauses import WITNESSES
from tonk_ref.harness.table.coverage import CELL_TARGET, Exercise, measure, measured
from tonk_ref.paths import scenarios_dir
from tonk_ref.rulebook import book as rulebook
from tonk_ref.rulebook.applicability import clause_cells, seat_counts, unreachable_clauses
from tonk_ref.rulebook.book import RulebookError, load_clauses, load_presets


def _table(name: str, **options: object) -> Ruleset:
    return load_presets()[name].ruleset().replace(**options)


# ---------------------------------------------------------------------------- the data


def test_every_clause_names_a_witness_the_harness_has_and_every_witness_is_named() -> None:
    clauses = load_clauses()
    assert {c.witness for c in clauses} == set(WITNESSES)
    assert len({c.key for c in clauses}) == len(clauses)
    keys = {c.key for c in clauses}
    assert {"VAR-HITLOCK-1/own-spread", "PAY-CAUGHT-3/tied-lowest", "VAR-HITEND-1/last-card",
            "TURN-11/duplicate-before-not-held"} <= keys
    assert {f"STOCK-3/last-turn-{way}" for way in S.LAST_TURNS} <= keys
    order = next(c for c in clauses if c.kind == "order")
    assert order.order == ("duplicate_card", "not_in_hand")
    assert set(S.STAGERS) == keys, "a clause without a staged hand is left to the written and seeded hands"


HEAD = ("sections:\n  VAR: Variations\nrules:\n  - id: VAR-HITLOCK-1\n    title: T\n    section: VAR\n"
        "    options: [hit_lock]\n    text: X.\n    clauses:\n")
GOOD = "      - id: own\n        kind: exception\n        text: t\n        witness: own_hit_knock\n"


@pytest.mark.parametrize(("tail", "wanted"), [
    (GOOD + GOOD, ":14: rules[0].clauses[1].id: rule VAR-HITLOCK-1: clause 'own' is listed twice"),
    ("      - id: o\n        kind: order\n        text: t\n        witness: w\n",
     ":10: rules[0].clauses[0]: rule VAR-HITLOCK-1, clause o: a clause of kind order names the two reason codes"),
    ("      - id: o\n        kind: order\n        text: t\n        witness: w\n        order: [hit_lok, hand_over]\n",
     ":14: rules[0].clauses[0].order[0]: unknown reason code 'hit_lok'"),
    ("      - id: o\n        kind: order\n        text: t\n        witness: w\n        order: [hit_lock, bad_request]\n"
     "reasons:\n  - code: hit_lock\n    meaning: m\n    rules: [VAR-HITLOCK-1]\n"
     "  - code: bad_request\n    meaning: m\n    protocol: true\n    see: p\n",
     ":14: rules[0].clauses[0].order[1]: unknown reason code 'bad_request' in the order of rule VAR-HITLOCK-1, "
     "clause o; expected one of: hit_lock"),
    ("      - id: o\n        kind: tie\n        text: t\n        witness: w\n        order: [hit_lock, hand_over]\n",
     ":10: rules[0].clauses[0]: rule VAR-HITLOCK-1, clause o: a clause of kind order names"),
    ("      - id: o\n        kind: rumour\n        text: t\n        witness: w\n",
     ":11: rules[0].clauses[0].kind: expected one of \"exception\", \"tie\", \"order\""),
    (GOOD + "        applies: [{hitlock: [1]}]\n        elsewhere: e\n",
     ":14: rules[0].clauses[0].applies[0].hitlock: unknown ruleset option 'hitlock'"),
    (GOOD + "        players: 1\n", ":14: rules[0].clauses[0].players:"),
])
def test_a_bad_clause_names_file_line_field_and_expectation(tmp_path: Path, tail: str, wanted: str) -> None:
    p = tmp_path / "rules.yaml"
    p.write_text(HEAD + tail, encoding="utf-8")
    with pytest.raises(RulebookError) as e:
        rulebook.load_rules(p)
    assert str(e.value).startswith(f"{p}{wanted}"), str(e.value)


def test_a_clause_reads_with_its_conditions_and_its_fewest_seats(tmp_path: Path) -> None:
    p = tmp_path / "rules.yaml"
    p.write_text(HEAD + GOOD + "        applies: [{knock_timing: [any]}]\n        elsewhere: e\n        players: 3\n",
                 encoding="utf-8")
    (rule,) = rulebook.load_rules(p)
    (clause,) = rule.clauses
    assert (clause.key, clause.kind, clause.players) == ("VAR-HITLOCK-1/own", "exception", 3)
    assert clause.applies.holds(DEFAULT.replace(knock_timing="any"))
    assert not clause.applies.holds(DEFAULT)


# ---------------------------------------------------------------------------- where a clause can arise


def test_the_seat_counts_are_two_up_to_the_tables_largest_that_its_pack_deals() -> None:
    assert seat_counts(DEFAULT) == (2, 3)
    assert seat_counts(_table("online")) == (2, 3, 4)
    assert seat_counts(_table("hoyle-tunk")) == (2, 3, 4, 5, 6)
    assert seat_counts(DEFAULT.replace(max_players=6, deck=40, hand_size=7)) == (2, 3, 4, 5)  # 6 x 7 + 1 > 40


def test_a_clause_that_cannot_arise_is_named_with_the_options_that_keep_it_out() -> None:
    seed = unreachable_clauses(DEFAULT)
    assert seed["VAR-HITLOCK-1/own-spread"] == "hit_lock = 0: no hit lock"
    assert seed["PAY-CAUGHT-3/tied-lowest@2p"] == "2 players: it needs 3 or more"
    assert seed["STOCK-3/last-turn-hit"].startswith("empty_stock = play_on")
    online = unreachable_clauses(_table("online"))
    assert online["VAR-HITLOCK-1/own-spread"].startswith("hit_lock = 1, knock_timing = start: ")
    assert "VAR-HITLOCK-1/locked" not in online
    two = "2 players: it needs 3 or more"
    assert unreachable_clauses(_table("online-reem")) == {"PAY-CAUGHT-3/tied-lowest@2p": two}
    assert ("VAR-HITLOCK-1/own-spread", 3) in clause_cells(_table("seed-forced-spreads", hit_lock=2))


# ---------------------------------------------------------------------------- the staged hands

TABLES = {"online-reem": _table("online-reem"), "online": _table("online"), "seed": DEFAULT,
          "hoyle-tunk": _table("hoyle-tunk"),
          "forced-lock-2": _table("seed-forced-spreads", hit_lock=2),
          "any-lock-1": DEFAULT.replace(hit_lock=1, knock_timing="any", empty_stock="last_turn", max_players=4)}


@pytest.mark.parametrize("name", TABLES)
def test_every_clause_at_every_seat_count_has_a_staged_hand_that_shows_it(name: str) -> None:
    table = TABLES[name]
    for key, n in clause_cells(table):
        made = [c for c in S.STAGERS[key](table, n) if c is not None]
        assert made, f"{key} at {n} seats: no staged hand at {name}"
        for case in made:
            e = measured(case)
            assert key in e.clauses and e.players == n, (case.id, e)
            assert case.result is not None or key.startswith("TURN-11"), case.id


def test_a_refusal_random_play_seldom_makes_is_staged_at_every_seat_count() -> None:
    for name in ("online", "hoyle-tunk"):
        table = TABLES[name]
        for n in seat_counts(table):
            case = S.staged_taken_last(table, n)
            assert case is not None and "last_card_taken" in measured(case).reasons, (name, n)


def test_the_staged_hands_at_a_table_can_be_made_again_by_id() -> None:
    table = TABLES["online-reem"]
    made = block.staged(table)
    ids = [c.id for c in made]
    assert len(ids) == len(set(ids))
    assert {"generated-staged-own-spread-lock-4p", "generated-staged-pay-caught-3-4p",
            "generated-staged-last-card-hit-4p", "generated-staged-last-turn-knock-3p"} <= set(ids)
    assert [c.id for c in block.staged(table)] == ids


def test_a_hit_by_another_player_is_not_an_own_spread_hit_and_the_written_case_of_one_is() -> None:
    table = TABLES["online-reem"]
    lock = S.staged_hit_lock(table, 3)
    assert lock is not None
    shown = measured(lock).clauses
    assert {"VAR-HITLOCK-1/locked", "VAR-HITLOCK-1/runs-out"} <= shown and "VAR-HITLOCK-1/own-spread" not in shown
    written = load_scenario(scenarios_dir() / "house" / "house-var-hit-lock-own-spread-2p.yaml")
    assert "VAR-HITLOCK-1/own-spread" in measured(written).clauses


# ---------------------------------------------------------------------------- counting


def test_coverage_counts_each_clause_and_reason_at_each_seat_count_and_fits_the_report_schema() -> None:
    table = TABLES["forced-lock-2"]
    own = S.staged_own_spread_lock(table, 2)
    assert own is not None
    e = measured(own)
    assert e.players == 2 and "VAR-HITLOCK-1/own-spread@2p" in e.cells()
    cov = measure(table, [(own, e)])
    assert cov.seats == (2, 3)
    assert cov.clauses["VAR-HITLOCK-1/own-spread"] == {"2": 1, "3": 0}
    assert "VAR-HITLOCK-1/own-spread@2p" not in cov.uncovered
    assert cov.uncovered["VAR-HITLOCK-1/own-spread@3p"] == "0 cases exercised it"
    assert cov.uncovered["hit_lock@3p"] == "0 cases exercised it"
    assert "PAY-CAUGHT-3/tied-lowest@2p" in cov.unreachable and CELL_TARGET == 1
    schema = report_schema()
    jsonschema.Draft202012Validator({**schema["$defs"]["coverage"], "$defs": schema["$defs"]}).validate(cov.to_json())
    # a run at no table counts no cells: nothing stages what they miss
    assert "seats" not in measure(DEFAULT, [(own, e)], cells=False).to_json()
    assert Exercise(clauses=frozenset({"X/y"})).cells() == set(), "a case that deals no hand has no seat count"
