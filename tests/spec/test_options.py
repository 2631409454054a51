"""The facts spec/ruleset.schema.json declares about each option (tonk_ref.spec.options):
they load as typed records, bad ones are one clear error, and they are true of the
reference engine: an option that acts between hands, or whose ``x-needs`` a table does not
meet, plays every hand of that table exactly alike under each of its values."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.engine import actions as A
from tonk_ref.engine.cards import pack_mask
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT, Ruleset, option_values
from tonk_ref.paths import spec_dir
from tonk_ref.spec import options as facts_module
from tonk_ref.spec.options import OptionFacts, acting_on, action_options, of_source, option_facts
from tonk_ref.spec.rulebook import RulebookError

FACTS = option_facts()
NEEDING = [name for name, f in FACTS.items() if f.needs.any_of]


def test_every_option_has_its_facts_in_the_schema_order() -> None:
    assert list(FACTS) == list(option_values())
    for name, f in FACTS.items():
        assert f.values == option_values()[name] and f.default == getattr(DEFAULT, name), name
        assert f.acts_on in ("hand", "between_hands", "pack") and f.source in ("seed", "house"), name
    assert set(of_source("seed")) | set(of_source("house")) == set(FACTS)
    assert not set(of_source("seed")) & set(of_source("house"))
    assert set(acting_on("hand")) | set(acting_on("between_hands")) | set(acting_on("pack")) == set(FACTS)


def test_what_an_option_is_tried_with_meets_its_needs() -> None:
    assert NEEDING, "some option takes effect only together with another"
    for name in NEEDING:
        f = FACTS[name]
        assert not f.acts_under(DEFAULT) or f.needed(DEFAULT) == {}, name
        needed = f.needed(DEFAULT)
        assert f.acts_under(DEFAULT.replace(**needed)), name
        assert name not in needed, name
        # a base that meets the needs already gets nothing more
        assert f.needed(DEFAULT.replace(**needed)) == {}, name
        assert f.tried_with(DEFAULT) == ({} if f.tried_alone else needed), name


def test_the_actions_options_bring_are_actions_of_the_protocol() -> None:
    schema = json.loads((spec_dir() / "schemas" / "action.json").read_text(encoding="utf-8"))
    types = set(schema["properties"]["type"]["enum"])
    brought = action_options()
    assert brought and set(brought) <= types
    for action, (option, values) in brought.items():
        assert values == FACTS[option].values[1:], action


# ---------------------------------------------------------------------------- true of the engine


def _weights(legal: list[A.Action]) -> list[float]:
    """Spreads and hits almost always (hits on others' spreads lock knocks), knocks rarely."""
    return [30.0 if a.type in (A.SPREAD, A.HIT) else 0.05 if a.type == A.KNOCK else 1.0 + a.card % 13
            if a.type == A.DISCARD else 4.0 for a in legal]


def _trace(rules: Ruleset, seed: int) -> list[Any]:
    """Everything one seeded random hand shows: who acts, the legal actions at each step,
    the events and the result."""
    rng = random.Random(seed)
    players = 2 + seed % min(2, rules.max_players - 1)
    pack = pack_mask(rules.deck, rules.jokers)
    deck = [c for c in range(54) if pack >> c & 1]
    rng.shuffle(deck)
    h = Hand(deck, players, rng.randrange(players), 1, rules)
    out: list[Any] = []
    while not h.is_over and len(out) < 300:
        legal = h.legal_actions()
        out.append((h.to_act, tuple(legal)))
        h.apply(rng.choices(legal, _weights(legal))[0], h.to_act)
    return [*out, tuple(h.events), h.result]


def _tables_without(f: OptionFacts) -> Iterator[Ruleset]:
    """Every table, from the defaults, at which ``f``'s needs fail (each combination of the
    values of the options they name)."""
    names = f.needs.options
    for combo in itertools.product(*(FACTS[o].values for o in names)):
        table = DEFAULT.replace(**dict(zip(names, combo, strict=True)))
        if not f.acts_under(table):
            yield table


@pytest.mark.parametrize("name", [*NEEDING, *acting_on("between_hands")])
def test_an_option_that_cannot_act_changes_no_hand(name: str) -> None:
    f = FACTS[name]
    tables = list(_tables_without(f)) if f.acts_on != "between_hands" else [DEFAULT]
    assert tables, name
    for table in tables:
        for seed in range(12):
            traces = [_trace(table.replace(**{name: v}), seed) for v in f.values]
            assert all(t == traces[0] for t in traces[1:]), (name, table.changes(), seed)


def test_the_engine_check_sees_a_wrong_fact() -> None:
    """The comparison above can fail: hit_lock itself changes hands where hits are made."""
    traces = [[_trace(DEFAULT.replace(hit_lock=v), seed) for v in (0, 2)] for seed in range(12)]
    assert any(a != b for a, b in traces)


# ---------------------------------------------------------------------------- bad facts


def _props() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads((spec_dir() / "ruleset.schema.json").read_text(encoding="utf-8"))
    return schema


@pytest.mark.parametrize(("option", "change", "field", "words"), [
    ("upcard", {"x-acts-on": "deal"}, "properties.upcard.x-acts-on", "expected one of hand, between_hands, pack"),
    ("upcard", {"x-source": None}, "properties.upcard.x-source", "expected one of seed, house"),
    ("joker_value", {"x-needs": [{"jokers": 3}]}, "properties.joker_value.x-needs[0].jokers",
     "jokers does not allow 3"),
    ("joker_value", {"x-needs": [{"joker": 2}]}, "properties.joker_value.x-needs[0].joker",
     "expected a ruleset option, got 'joker'"),
    ("joker_value", {"x-needs": [{"joker_value": 0}]}, "properties.joker_value.x-needs[0].joker_value",
     "expected another option"),
    ("joker_value", {"x-needs": [{"jokers": {"not": [0, 2]}}]}, "properties.joker_value.x-needs[0].jokers",
     "matches none of the values"),
    ("joker_value", {"x-needs": [{"jokers": [0, 2]}]}, "properties.joker_value.x-needs",
     "holds at every table"),
    ("joker_value", {"x-needs": [{"jokers": {"no": [0]}}]}, "properties.joker_value.x-needs[0].jokers",
     'expected a value, a list of values or {"not": [values]}'),
    ("joker_value", {"x-needs": {}}, "properties.joker_value.x-needs", "expected a non-empty list"),
    ("upcard", {"x-tried-alone": True}, "properties.upcard.x-tried-alone", "beside an x-needs"),
    ("special_hands", {"x-actions": []}, "properties.special_hands.x-actions", "non-empty list of action types"),
    ("knock_tie", {"x-unsourced": ["caught"]}, "properties.knock_tie.x-unsourced", "other than its default"),
    ("knock_tie", {"x-unsourced": ["splitt"]}, "properties.knock_tie.x-unsourced", "the option's values"),
    ("hit_lock_further", {"x-unsourced": 1}, "properties.hit_lock_further.x-unsourced", "expected a list"),
])  # fmt: skip
def test_a_bad_fact_is_one_error_naming_the_field(monkeypatch: pytest.MonkeyPatch, option: str,
                                                  change: dict[str, Any], field: str, words: str) -> None:
    schema = _props()
    schema["properties"][option].update(change)
    monkeypatch.setattr(facts_module, "load_ruleset_schema", lambda: schema)
    facts_module.option_facts.cache_clear()
    try:
        with pytest.raises(RulebookError) as e:
            facts_module.option_facts()
    finally:
        facts_module.option_facts.cache_clear()
    assert e.value.field == field
    assert Path(e.value.file).name == "ruleset.schema.json"
    assert words in e.value.message, e.value.message
