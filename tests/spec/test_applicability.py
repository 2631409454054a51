"""Where each rule applies and where each reason code can be given (the ``applies`` of
spec/rules.yaml, read by tonk_ref.rulebook.applicability): the data names only real options and
values, the reason codes are those of spec/tonk.md, spec/tonk.md says the same, the presets
get what their options switch on, and the reference engine never cites a rule, nor refuses
with a code, at a table where the data says it cannot."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tonk_ref.adapters import reference as F
from tonk_ref.engine import actions as A
from tonk_ref.engine.actions import IllegalAction
from tonk_ref.engine.ruleset import DEFAULT, Ruleset
from tonk_ref.harness import hands as H
from tonk_ref.paths import spec_dir
from tonk_ref.rulebook import book as rulebook
from tonk_ref.rulebook.applicability import applies_text, reasons_reachable, rules_that_apply, why_not
from tonk_ref.rulebook.book import RulebookError
from tonk_ref.rulebook.reasons import reason_rules

ROOT = Path(__file__).resolve().parents[2]
#: Codes the protocol gives for a request about a hand rather than an action in it.
PROTOCOL_CODES = {"unsupported_option", "invalid_setup", "invalid_seat", "unsupported_protocol", "no_hand"}


def _presets() -> dict[str, Ruleset]:
    return {name: p.ruleset() for name, p in rulebook.load_presets().items()}


# ---------------------------------------------------------------------------- the data


def test_every_option_value_named_exists_in_the_schema() -> None:
    schema = json.loads((spec_dir() / "ruleset.schema.json").read_text(encoding="utf-8"))["properties"]
    named = [(r.id, r.applies) for r in rulebook.load_rules()] + [(c.code, c.applies) for c in rulebook.load_reasons()]
    assert sum(1 for _, a in named if a.any_of) >= 40
    for owner, applies in named:
        for terms in applies.any_of:
            for t in terms:
                assert t.option in schema, (owner, t.option)
                enum = schema[t.option]["enum"]
                for v in t.values:
                    assert any(type(v) is type(e) and v == e for e in enum), (owner, t.option, v)


def test_every_rule_with_applies_lists_its_options() -> None:
    for r in rulebook.load_rules():
        assert set(r.applies.options) <= set(r.options), (r.id, r.applies.options, r.options)
        assert bool(r.applies.any_of) == bool(r.applies.elsewhere), r.id


def test_the_reasons_are_the_action_codes_of_the_tonk_md_table_in_its_order() -> None:
    table = [code for code in reason_rules() if code not in PROTOCOL_CODES]
    assert [r.code for r in rulebook.load_reasons()] == table
    assert len(table) >= 25
    assert {r.code for r in rulebook.load_reason_codes() if r.protocol} == PROTOCOL_CODES


def test_every_variation_names_the_option_it_needs() -> None:
    """tonk.md: the VAR rules apply only under the option they name, none under the seed rules."""
    for r in rulebook.load_rules():
        if r.section == "VAR":
            assert r.applies.any_of, f"{r.id} has no applies"
            assert not r.applies.holds(DEFAULT), r.id


# ---------------------------------------------------------------------------- the tables


def test_the_seed_table() -> None:
    seed = _presets()["seed"]
    applying = rules_that_apply(seed)
    assert not [r for r in applying if r.startswith("VAR-")]
    assert {"DEALT-1", "TURN-7", "TURN-8", "PAY-STOCK-1", "STOCK-2"} <= set(applying)
    assert "STOCK-3" not in applying and "TURN-9" not in applying
    reachable = reasons_reachable(seed)
    assert {"taken_card", "last_card_taken", "knock_timing", "hand_over"} <= set(reachable)
    for code in ("discard_pile_empty", "hit_lock", "knock_limit", "declare_timing", "not_special", "forced_spread"):
        assert code not in reachable, code


def test_the_presets() -> None:
    presets = _presets()
    online = presets["online"]
    assert {"VAR-HITLOCK-1", "VAR-KNOCKLIMIT-1", "VAR-DECK40-1"} <= set(rules_that_apply(online))
    assert not {"VAR-NOUP-1", "VAR-JOKER-1", "VAR-WILD-1"} & set(rules_that_apply(online))
    assert {"hit_lock", "knock_limit"} <= set(reasons_reachable(online))
    assert "declare_timing" not in reasons_reachable(online)

    reem = presets["online-reem"]
    assert {"VAR-NOUP-1", "VAR-REEM-1", "VAR-SPECIAL-1", "VAR-HITEND-1", "VAR-KNOCKHELD-1"} <= set(
        rules_that_apply(reem))
    assert {"declare_timing", "not_special", "discard_pile_empty"} <= set(reasons_reachable(reem))
    # discard_taken = true: the taken card may be discarded; a hit ends the turn
    assert not {"taken_card", "last_card_taken", "hit_limit"} & set(reasons_reachable(reem))
    assert "TURN-8" not in rules_that_apply(reem)

    hoyle = presets["hoyle-tunk"]
    assert "DEALT-1" not in rules_that_apply(hoyle)  # dealt_tonk = none
    assert not {"DEALT-2", "PAY-DEALT-1", "DEALER-4"} & set(rules_that_apply(hoyle))
    assert {"VAR-WILD-1", "VAR-DEUCES-1", "VAR-POINTS-1", "STOCK-3", "PAY-STOCK-1"} <= set(rules_that_apply(hoyle))
    assert "STOCK-2" in rules_that_apply(hoyle)  # empty_stock = dead: a draw from the empty stock ends the hand
    assert "STOCK-2" not in rules_that_apply(presets["online-reem"])  # empty_stock = last_turn, no last turns
    assert "knock_timing" in reasons_reachable(hoyle) and "knock_limit" in reasons_reachable(hoyle)

    no_upcard = presets["seed-no-upcard"]
    assert "VAR-NOUP-1" in rules_that_apply(no_upcard) and "TURN-9" in rules_that_apply(no_upcard)
    assert "discard_pile_empty" in reasons_reachable(no_upcard)
    assert set(reasons_reachable(presets["seed-forced-spreads"])) - set(reasons_reachable(presets["seed"])) == {
        "forced_spread"}


def test_the_order_is_the_order_of_the_data_and_withdrawn_rules_are_left_out() -> None:
    rules = [r for r in rulebook.load_rules() if r.status != "withdrawn"]
    everything = DEFAULT.replace(upcard=False, jokers=2, deuces_wild=True, hit_lock=1, special_hands="any_turn")
    applying = rules_that_apply(everything)
    assert list(applying) == [r.id for r in rules if r.id in applying]
    reasons = [c.code for c in rulebook.load_reasons()]
    reachable = reasons_reachable(everything)
    assert list(reachable) == [c for c in reasons if c in reachable]


def test_why_not_names_the_values_that_keep_it_out() -> None:
    assert why_not("hit_lock", DEFAULT) == "hit_lock = 0: no hit lock"
    assert why_not("hit_lock", DEFAULT.replace(hit_lock=2)) is None
    assert why_not("VAR-WILD-1", DEFAULT) == "jokers = 0, deuces_wild = false: no wild cards"
    assert why_not("VAR-WILD-1", DEFAULT.replace(deuces_wild=True)) is None
    assert why_not("VAR-KNOCKLIMIT-1", DEFAULT).startswith("knock_limit = null: ")
    # every option that keeps it out is named, once
    reshuffle = why_not("PAY-STOCK-1", DEFAULT.replace(empty_stock="reshuffle"))
    assert reshuffle is not None and reshuffle.startswith(
        "empty_stock = reshuffle, hit_ends_turn = false, after_knock = show: ")
    assert why_not("PAY-STOCK-1", DEFAULT.replace(empty_stock="reshuffle", hit_ends_turn=True)) is None
    assert why_not("VAR-KNOCKHELD-1", DEFAULT) == "knock_with_discard = true: a knock after drawing names its discard"
    assert why_not("TURN-1", DEFAULT) is None and why_not("hand_over", DEFAULT) is None
    with pytest.raises(KeyError, match="TURN-99"):
        why_not("TURN-99", DEFAULT)


def test_applies_follows_every_value_of_a_negated_option() -> None:
    """``{not: [0]}`` takes in every other value the option has."""
    lock = rulebook.rules_by_id()["VAR-HITLOCK-1"].applies
    assert [lock.holds(DEFAULT.replace(hit_lock=n)) for n in (0, 1, 2, 3)] == [False, True, True, True]
    pile = rulebook.rules_by_id()["TURN-9"].applies
    assert not pile.holds(DEFAULT)
    assert all(pile.holds(DEFAULT.replace(**{o: v})) for o, v in
               (("upcard", False), ("hit_ends_turn", True), ("after_knock", "one_turn_each")))


# ---------------------------------------------------------------------------- soundness


def _play(rng: random.Random, rules: Ruleset) -> tuple[set[str], set[str]]:
    """One random hand under ``rules`` with random well-formed actions mixed in (and, where
    the table has special hands, declarations): the rules the reference engine cites (its
    events, the rules of its refusals, its payments) and the codes it refuses with."""
    h = F.hand_of(H.random_setup(rng, rules))
    cited: set[str] = set()
    refused: set[str] = set()
    for _ in range(250):
        if rules.special_hands != "none" and rng.random() < 0.05:
            seat, action = (h.to_act if h.to_act is not None else 0), A.declare()
        elif rng.random() < 0.15:
            seat, action = F.random_well_formed(rng, h)
        else:
            try:
                seat, action = F.random_move(rng, h, illegal_rate=0.3)
            except AssertionError:  # a position without a legal action is not this test's to judge
                break
        try:
            h.apply(action, seat)
        except IllegalAction as e:
            refused.add(e.reason)
            if e.rule:
                cited.add(e.rule)
        if h.is_over and rng.random() < 0.3:
            break
    cited |= {e.rule for e in h.events}
    if h.result is not None:
        cited |= {p.rule for p in h.result.payments}
    return cited, refused


def test_the_reference_engine_cites_and_refuses_only_what_the_table_allows() -> None:
    """An engine that plays no special hands is never sent a declaration, so declarations
    are sent only where the table has them."""
    rng = random.Random(20240517)
    seen: set[str] = set()
    tables = [_presets()[name] for name in ("seed", "online", "online-reem", "hoyle-tunk", "seed-all-variations")]
    tables += [H.random_ruleset(rng) for _ in range(150)]
    for rules in tables:
        cited, refused = set(), set()
        for _ in range(2):
            more = _play(rng, rules)
            cited |= more[0]
            refused |= more[1]
        seen |= refused
        allowed = set(rules_that_apply(rules))
        reachable = set(reasons_reachable(rules))
        assert cited <= allowed, (rules.changes(), {r: why_not(r, rules) for r in cited - allowed})
        assert refused <= reachable, (rules.changes(), {c: why_not(c, rules) for c in refused - reachable})
    # the hands refuse with most codes, the house rules' among them, or the check above checks little
    assert len(seen) >= 20, sorted(seen)
    assert {"taken_card", "must_use_taken", "forced_spread", "knock_limit", "not_special", "discard_pile_empty"} <= seen


# ---------------------------------------------------------------------------- spec/tonk.md


def test_tonk_md_says_where_each_rule_applies() -> None:
    text = (spec_dir() / "tonk.md").read_text(encoding="utf-8")
    for r in rulebook.load_rules():
        start = text.index(f"\n### {r.id} ")
        end = text.find("\n### ", start + 1)
        section = text[start:end]
        line = applies_text(r.applies)
        if line is None:
            assert "\nApplies only where" not in section, r.id
        else:
            assert f"\n\n{line}\n" in section, r.id
    codes = text[text.index("\n### Where a code can be given"):text.index("\n### Which code when several apply")]
    for c in rulebook.load_reasons():
        if c.applies.any_of:
            assert f"\n- `{c.code}`: only where " in codes, c.code
        else:
            assert f"`{c.code}`" in codes.split("\n\n")[1], c.code


def test_sync_spec_finds_the_spec_in_step() -> None:
    done = subprocess.run([sys.executable, "scripts/sync_spec.py", "--check"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


# ---------------------------------------------------------------------------- the reader


#: A reason of play, its meaning and rules given, after its code line.
R = "    meaning: m\n    rules: [VAR-HITLOCK-1]\n"
HEAD = ("sections:\n  VAR: Variations\nrules:\n  - id: VAR-HITLOCK-1\n    title: T\n    section: VAR\n"
        "    options: [hit_lock]\n    text: X.\n")


@pytest.mark.parametrize(("tail", "wanted"), [
    ("    applies: [{knock_limit: [5]}]\n    elsewhere: e\n",
     ":9: rules[0].applies[0].knock_limit: rule VAR-HITLOCK-1 does not name the option 'knock_limit'"),
    ("    applies: [{hit_lok: [1]}]\n    elsewhere: e\n",
     ":9: rules[0].applies[0].hit_lok: unknown ruleset option 'hit_lok' (did you mean 'hit_lock'?)"),
    ("    applies: [{hit_lock: [7]}]\n    elsewhere: e\n",
     ":9: rules[0].applies[0].hit_lock: option 'hit_lock' has no value 7; allowed values: 0, 1, 2, 3"),
    ("    applies: [{hit_lock: {not: [9]}}]\n    elsewhere: e\n",
     ":9: rules[0].applies[0].hit_lock.not: option 'hit_lock' has no value 9"),
    ("    applies: [{hit_lock: {but: [0]}}]\n    elsewhere: e\n",
     ":9: rules[0].applies[0].hit_lock: expected a value, a list of values or {not: [values]}"),
    ("    applies: [{hit_lock: {not: [0, 1, 2, 3]}}]\n    elsewhere: e\n",
     ":9: rules[0].applies[0].hit_lock: option 'hit_lock': the condition matches none of its values"),
    ("    applies: [{hit_lock: [0]}, {hit_lock: {not: [0]}}]\n    elsewhere: e\n",
     ":9: rules[0].applies: rule VAR-HITLOCK-1: the condition holds at every table; leave applies out"),
    ("    applies: [{hit_lock: [1]}]\n",
     ":9: rules[0].applies: rule VAR-HITLOCK-1: applies is given without elsewhere"),
    ("    applies: []\n    elsewhere: e\n", ":9: rules[0].applies: expected a non-empty value"),
    ("reasons:\n  - code: hit_lock\n    rules: [VAR-HITLOCK-1]\n", ":10: reasons[0]: the field 'meaning' is missing"),
    ("reasons:\n  - code: hit_lock\n    meaning: m\n    rules: [VAR-HITLOK-1]\n",
     ":12: reasons[0].rules[0]: reason hit_lock: unknown rule 'VAR-HITLOK-1' (did you mean VAR-HITLOCK-1?)"),
    ("reasons:\n  - code: hit_lock\n    meaning: m\n",
     ":10: reasons[0].code: reason hit_lock: give either its rules (the rule IDs that give the code) or"),
    ("reasons:\n  - code: hit_lock\n    meaning: m\n    see: protocol\n",
     ":12: reasons[0].see: reason hit_lock: a code of play names the rules that give it (rules), not see"),
    ("reasons:\n  - code: hit_lock\n" + R + "  - code: hit_lock\n" + R,
     ":13: reasons[1].code: reason hit_lock is listed twice (first as reasons[0])"),
    ("reasons:\n  - code: hit_lock\n" + R + "    applies: [{hitlock: [1]}]\n    elsewhere: e\n",
     ":13: reasons[0].applies[0].hitlock: unknown ruleset option 'hitlock'"),
    ("reasons:\n  - code: hit_lock\n" + R + "checks:\n  - of: knock\n    order: [hit_lok]\n",
     ":15: checks[0].order[0]: 'hit_lok' is not a code of play checked by kind of action; expected one of: hit_lock"),
    ("reasons:\n  - code: hit_lock\n" + R + "  - code: knock_wait\n" + R + "checks:\n  - of: knock\n"
     "    order: [knock_wait]\n", ":16: checks: reason hit_lock is in no order of checks"),
])
def test_bad_applies_names_file_line_field_and_expectation(tmp_path: Path, tail: str, wanted: str) -> None:
    p = tmp_path / "rules.yaml"
    p.write_text(HEAD + tail, encoding="utf-8")
    with pytest.raises(RulebookError) as e:
        rulebook.load_rules(p)
    assert str(e.value).startswith(f"{p}{wanted}"), str(e.value)


def test_a_good_applies_reads_as_terms(tmp_path: Path) -> None:
    p = tmp_path / "rules.yaml"
    p.write_text(HEAD + "    applies: [{hit_lock: {not: [0]}}]\n    elsewhere: no  hit\n      lock\n"
                 "reasons:\n  - code: hit_lock\n" + R
                 + "    applies: [{hit_lock: [1, 2], upcard: false}]\n"
                 "    elsewhere: e\n", encoding="utf-8")  # fmt: skip
    (r,) = rulebook.load_rules(p)
    assert r.applies == rulebook.Applies(((rulebook.Term("hit_lock", (0,), True),),), "no hit lock")
    (c,) = rulebook.load_reasons(p)
    assert c.applies.any_of == ((rulebook.Term("hit_lock", (1, 2)), rulebook.Term("upcard", (False,))),)
    assert c.applies.holds(DEFAULT.replace(hit_lock=2, upcard=False))
    assert not c.applies.holds(DEFAULT.replace(hit_lock=3, upcard=False))
    assert not c.applies.holds(DEFAULT.replace(hit_lock=2))
