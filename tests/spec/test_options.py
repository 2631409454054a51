"""The facts spec/ruleset.schema.json declares about each option (tonk_ref.rulebook.options):
they load as typed records, bad ones are one clear error, and they are true of the
reference engine: an option that acts between hands, or whose ``x-needs`` a table does not
meet, plays every hand of that table exactly alike under each of its values.  Each option's
wording for players (``x-question``, ``x-choices``) is there for every option and value,
in plain words, and read through ``option_question`` and ``choice_words``."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.engine import actions as A
from tonk_ref.engine.cards import pack_mask
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT, Ruleset, option_values
from tonk_ref.paths import spec_dir
from tonk_ref.rulebook import options as facts_module
from tonk_ref.rulebook.book import RulebookError
from tonk_ref.rulebook.options import (
    OptionFacts,
    acting_on,
    action_options,
    choice_words,
    of_source,
    option_facts,
    option_question,
    value_key,
)

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


# ---------------------------------------------------------------------------- the wording for players

#: The statements of these options name each value other than none or zero, in digits or in words.
COUNTED = ("max_players", "joker_value", "hand_size", "low_dealt_double", "hit_lock", "knock_limit",
           "spread_knock_wait", "low_knock_bonus", "turn_limit")
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 9: "nine"}
CODE = re.compile(r"\b[A-Z]+(?:-[A-Z][A-Z0-9]*)*-\d+\b|\b[SDVW]\d+\b")


def _mentions(text: str, word: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", text, re.I) is not None


def test_every_option_has_a_question_and_a_statement_for_each_value_in_the_schema() -> None:
    """Read from the file itself, not through the loader: the words are there, one per value."""
    props = _props()["properties"]
    for name, prop in props.items():
        question = prop["x-question"]
        assert isinstance(question, str) and question.endswith("?") and question[0].isupper(), name
        assert list(prop["x-choices"]) == [value_key(v) for v in prop["enum"]], name
        statements = list(prop["x-choices"].values())
        assert len(set(statements)) == len(statements), f"{name}: two values read the same"


def test_the_words_are_plain_and_read_after_at_tables_where() -> None:
    names = list(FACTS)
    for name, f in FACTS.items():
        for text in (f.question, *f.choices):
            assert "_" not in text and "`" not in text, (name, text)
            assert not CODE.search(text), (name, text)
            # no option's name, but an option's own where it is a plain word of the game (an ace, jokers)
            assert not [o for o in names if o != name and _mentions(text, o)], (name, text)
        for text in f.choices:
            assert text[0].islower() and not text.endswith((".", ";", ":")), (name, text)
            assert len(text) <= 90, (name, len(text), text)
            assert not text.lower().startswith("at tables where"), (name, text)


def _one_name_at_a_time(text: str, name: str, names: tuple[str, ...]) -> str | None:
    """The wording check as it was written first: a search for each other option's name."""
    if "_" in text or "`" in text:
        return "no underscores or code marks"
    if (code := CODE.search(text)) is not None:
        return f"no rule or brief codes (found {code.group(0)!r})"
    for other in names:
        if other != name and _mentions(text, other):
            return f"no option names (found {other!r})"
    return None


def test_the_wording_check_finds_what_a_search_for_each_name_finds() -> None:
    """One search for all the names at once, then one per name only where one is found,
    says what a search for each name says: on every question and statement of the schema
    for every option's name, and on crafted words (own names, names inside longer words,
    one name the prefix of another, names in capitals, names with an underscore)."""
    names = tuple(FACTS)
    crafted = ["an ace counts one", "the aces count one", "jokers are wild", "a joker is wild", "the deck is short",
               "DECK and Jokers", "reem, then scoring", "reeming", "upcards", "the upcard-ish", "hit lock",
               "the hit_lock", "knock limit `x`", "PAY-KNOCK-3 says so", "S33", "eating", "scoring-eating"]
    texts = [t for f in FACTS.values() for t in (f.question, *f.choices)] + crafted
    found = 0
    for name in names:
        for text in texts:
            want = _one_name_at_a_time(text, name, names)
            assert facts_module._wording_fault(text, name, names) == want, (name, text)
            found += want is not None
    # a made-up set of names: one the prefix of another, an escaped character, an underscore
    made = ("ace", "aces", "a.b", "deck", "deck_size", "decks")
    for text in ["two aces", "an ace", "a.b here", "axb here", "decks of cards", "the deck_size", "deck size"]:
        for name in made:
            assert facts_module._wording_fault(text, name, made) == _one_name_at_a_time(text, name, made), (
                name, text)
    assert found  # the crafted words break the check somewhere, so both ways were compared on a fault


def test_a_counted_option_names_each_count_in_its_statement() -> None:
    for name in COUNTED:
        for value, text in zip(FACTS[name].values, FACTS[name].choices, strict=True):
            if not isinstance(value, int) or value == 0:  # none, no limit, by the number of players
                continue
            assert _mentions(text, str(value)) or _mentions(text, NUMBER_WORDS.get(value, "-")), (name, value, text)
    assert choice_words("knock_limit", None) == "a player may knock with any total"
    assert choice_words("knock_limit", 5) == "a knock needs a total of 5 or less"


def test_the_words_are_read_from_the_schema_for_every_value_the_ruleset_holds() -> None:
    props = _props()["properties"]
    for name, prop in props.items():
        assert option_question(name) == prop["x-question"], name
        for value in option_values()[name]:
            held = getattr(DEFAULT.replace(**{name: value}), name)
            assert choice_words(name, held) == prop["x-choices"][value_key(value)], (name, value)
    assert option_question("knock_tie") == "What happens when the knocker ties the lowest hand?"
    assert choice_words("knock_tie", "knocker_wins") == "a knocker who ties the lowest hand wins"
    assert choice_words("upcard", False) != choice_words("upcard", True)
    assert choice_words("dealt_tonk", "50") != choice_words("dealt_tonk", "49_50")


@pytest.mark.parametrize(("name", "value", "words"), [
    ("max_players", True, "max_players does not allow True; allowed values: 3, 4, 5, 6"),
    ("upcard", 1, "upcard does not allow 1"),
    ("dealt_tonk", 50, "dealt_tonk does not allow 50"),
    ("knock_limit", 7, "knock_limit does not allow 7"),
    ("knock_ties", "caught", "no ruleset option 'knock_ties'"),
])  # fmt: skip
def test_words_for_a_value_an_option_does_not_allow_are_one_error(name: str, value: object, words: str) -> None:
    with pytest.raises(ValueError) as e:
        choice_words(name, value)
    assert words in str(e.value)


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
    ("upcard", {"x-question": None}, "properties.upcard.x-question", "ending in '?'"),
    ("upcard", {"x-question": "Is there an upcard"}, "properties.upcard.x-question", "ending in '?'"),
    ("knock_tie", {"x-question": "What does knock_tie do?"}, "properties.knock_tie.x-question", "no underscores"),
    ("knock_tie", {"x-question": "What does PAY-KNOCK-3 say?"}, "properties.knock_tie.x-question",
     "no rule or brief codes"),
    ("upcard", {"x-choices": None}, "properties.upcard.x-choices", "expected a mapping from each value"),
    ("knock_limit", {"x-choices": {"null": "a player may knock with any total", "5": "a knock needs 5 or less",
                                   "10": "a knock needs 10 or less"}},
     "properties.knock_limit.x-choices", "no statement for 50"),
    ("upcard", {"x-choices": {"true": "a card is turned up", "false": "no card is turned up", "maybe": "who knows"}},
     "properties.upcard.x-choices", "maybe is not a value"),
    ("knock_tie", {"x-choices": {"caught": "the knocker is caught", "knocker_wins": "knocker_wins",
                                 "split": "they split", "draw": "a draw"}},
     "properties.knock_tie.x-choices.knocker_wins", "no underscores"),
    ("knock_tie", {"x-choices": {"caught": "the knocker is caught", "knocker_wins": "the knocker wins",
                                 "split": "they split, as in V31", "draw": "a draw"}},
     "properties.knock_tie.x-choices.split", "no rule or brief codes"),
    ("upcard", {"x-choices": {"true": "a card is turned up", "false": "no card is turned up, as under reem"}},
     "properties.upcard.x-choices.false", "no option names (found 'reem')"),
    ("upcard", {"x-choices": {"true": "A card is turned up", "false": "no card is turned up"}},
     "properties.upcard.x-choices.true", "in lower case"),
    ("upcard", {"x-choices": {"true": "a card is turned up.", "false": "no card is turned up"}},
     "properties.upcard.x-choices.true", "no closing punctuation"),
    ("upcard", {"x-choices": {"true": "a card " * 20, "false": "no card is turned up"}},
     "properties.upcard.x-choices.true", "on one line"),
    ("upcard", {"x-choices": {"true": "a card is turned up " + "and up " * 12 + "again", "false": "no card"}},
     "properties.upcard.x-choices.true", "at most 90 characters"),
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
