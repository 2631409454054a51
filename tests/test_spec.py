"""The specification stays consistent: spec/tonk.md, spec/rules.yaml, the ruleset schema,
the presets, the Ruleset type and the engine's reason codes all say the same thing.

The rulebook loaders (tonk_ref.rulebook.book) are tested here too: every kind of bad
input gives an error that names the file, the line and the field.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import referencing

from tonk_ref.adapters.base import Rejected
from tonk_ref.adapters.service import RefService
from tonk_ref.engine import payments
from tonk_ref.engine.actions import REASONS
from tonk_ref.engine.cards import NAMES, parse_card
from tonk_ref.engine.result import ENDINGS, net_of
from tonk_ref.engine.ruleset import DEFAULT, Ruleset, option_values
from tonk_ref.engine.stacking import stack_deck
from tonk_ref.paths import spec_dir
from tonk_ref.rulebook import book as rulebook
from tonk_ref.rulebook.book import Rule, RulebookError, load_ruleset_file, resolve_ruleset

SPEC = spec_dir()
TONK_MD = SPEC / "tonk.md"
RULE_ID = r"[A-Z]+(?:-[A-Z][A-Z0-9]*)*-\d+"

#: Codes the protocol gives for a request about a hand rather than an action in it.
PROTOCOL_CODES = {"unsupported_option", "invalid_setup", "invalid_seat", "unsupported_protocol", "no_hand"}

PRESETS = {
    "seed": {},
    "seed-no-upcard": {"upcard": False},
    "seed-forced-spreads": {"forced_spreads": True},
    "seed-new-spread-double": {"tonk_out_double": "new_spread"},
    "seed-all-variations": {"upcard": False, "forced_spreads": True, "tonk_out_double": "new_spread"},
    "pagat": {"max_players": 4},
    "hoyle-tunk": {
        "hand_size": 7,
        "deuces_wild": True,
        "wild_min_naturals": 2,
        "knock_timing": "after_draw",
        "knock_limit": 5,
        "count_held_spreads": False,
        "empty_stock": "dead",
        "scoring": "points",
        "dealt_tonk": "none",
        "max_players": 6,
    },
    "online": {"deck": 40, "hit_lock": 1, "knock_limit": 10, "max_players": 4, "caught_payment": "double_lowest_only"},
    "online-reem": {
        "deck": 40,
        "upcard": False,
        "dealt_tonk": "50",
        "discard_taken": True,
        "max_players": 4,
        "reem": "second_spread",
        "discard_without_draw": True,
        "hit_ends_turn": True,
        "knock_timing": "any",
        "knock_with_discard": False,
        "knock_tie": "split",
        "empty_stock": "last_turn",
        "hit_lock": 2,
        "hit_lock_further": 1,
        "special_hands": "any_turn",
    },
}


# ---------------------------------------------------------------------------- reading tonk.md


def _md_lines() -> list[str]:
    return TONK_MD.read_text(encoding="utf-8").split("\n")


def _sections(level: int) -> dict[str, list[str]]:
    """The lines under each heading of ``level`` (up to the next heading of that level or
    above), outside code fences."""
    out: dict[str, list[str]] = {}
    current: str | None = None
    fence = False
    for line in _md_lines():
        if line.startswith("```"):
            fence = not fence
        m = None if fence else re.match(r"^(#{1,6}) (.*)$", line)
        if m and len(m.group(1)) <= level:
            current = m.group(2) if len(m.group(1)) == level else None
            if current is not None:
                assert current not in out, f"spec/tonk.md: the heading {current!r} appears twice"
                out[current] = []
            continue
        if current is not None:
            out[current].append(line)
    return out


def _paragraphs(lines: list[str]) -> list[str]:
    paras: list[str] = []
    block: list[str] = []
    for line in [*lines, ""]:
        if line.strip():
            block.append(line.strip())
        elif block:
            paras.append(" ".join(block))
            block = []
    return paras


def _rule_blocks() -> dict[str, tuple[str, list[str]]]:
    """Rule ID -> (title, paragraphs) for every ``### ID Title`` heading of tonk.md."""
    out: dict[str, tuple[str, list[str]]] = {}
    for heading, lines in _sections(3).items():
        m = re.fullmatch(rf"({RULE_ID}) (.+)", heading)
        if m:
            out[m.group(1)] = (m.group(2), _paragraphs(lines))
    return out


def _section_of_heading() -> dict[str, str]:
    """Rule ID -> the ``##`` heading it sits under."""
    out: dict[str, str] = {}
    h2 = ""
    for line in _md_lines():
        if line.startswith("## "):
            h2 = line[3:]
        m = re.match(rf"^### ({RULE_ID}) ", line)
        if m:
            out[m.group(1)] = h2
    return out


def _table(lines: list[str]) -> list[list[str]]:
    rows = [line for line in lines if line.startswith("|")]
    cells = [[c.strip() for c in row.strip("|").split("|")] for row in rows]
    return [r for r in cells[1:] if not all(set(c) <= {"-", " "} for c in r)]


def _brief_items() -> set[str]:
    """The brief items listed in the appendix of tonk.md."""
    lines = _sections(2)["Appendix: the brief items"]
    items: set[str] = set()
    for line in lines:
        for m in re.finditer(r"\*\*([SDVW]\d+)\*\*(?:-\*\*([SDVW]\d+)\*\*)?", line):
            items.update(rulebook.iter_brief_ids(m.group(1) + ("-" + m.group(2) if m.group(2) else "")))
    return items


def _effective_options(rule: Rule) -> set[str]:
    """The options that change a rule (its ``options:`` in rules.yaml)."""
    return set(rule.options)


def _show(value: object) -> str:
    """An option value as tonk.md writes it: strings bare, the rest as in JSON."""
    return value if isinstance(value, str) else json.dumps(value)


def _ids(text: str) -> list[str]:
    return re.findall(r"`?([SDVW]\d+)`?", text)


# ---------------------------------------------------------------------------- rules.yaml


def test_every_seed_item_and_decision_is_cited() -> None:
    cited = {b for r in rulebook.load_rules() for b in r.brief}
    wanted = {f"S{i}" for i in range(1, 35)} | {f"D{i}" for i in range(1, 23)}
    assert sorted(wanted - cited, key=lambda x: (x[0], int(x[1:]))) == []


def test_rules_cite_only_existing_brief_items() -> None:
    known = _brief_items()
    bad = {r.id: [b for b in r.brief if b not in known] for r in rulebook.load_rules()}
    assert {k: v for k, v in bad.items() if v} == {}


def test_rule_ids_are_unique_and_prefixed_by_their_section() -> None:
    rules = rulebook.load_rules()
    sections = rulebook.load_sections()
    assert len({r.id for r in rules}) == len(rules)
    for r in rules:
        assert re.fullmatch(RULE_ID, r.id), r.id
        assert r.section in sections, r.id
        assert r.id.split("-")[0] == r.section, f"{r.id} is in section {r.section}"


def test_rules_cite_only_ruleset_options() -> None:
    known = set(option_values())
    for r in rulebook.load_rules():
        unknown = set(r.options) - known
        assert not unknown, f"{r.id} cites options the Ruleset does not have: {sorted(unknown)}"


def test_every_option_is_named_by_a_rule() -> None:
    named = {o for r in rulebook.load_rules() for o in _effective_options(r)}
    assert set(option_values()) - named == set()


def test_every_house_rule_of_the_brief_has_an_option() -> None:
    offered = {b for prop in rulebook.load_ruleset_schema()["properties"].values() for b in prop["x-brief"]}
    house_rules = {i for i in _brief_items() if i.startswith("V")}
    assert sorted(house_rules - offered, key=lambda v: int(v[1:])) == []


def test_rules_load_as_typed_records() -> None:
    rules = rulebook.load_rules()
    first = rules[0]
    assert isinstance(first, Rule)
    assert (first.id, first.section) == ("GAME-1", "GAME")
    by_id = rulebook.rules_by_id()
    assert by_id["TURN-7"].decided is True and by_id["TURN-7"].options == ("discard_taken",)
    assert by_id["PAY-OUT-2"].brief == ("S27",) and by_id["PAY-OUT-2"].decided is False


def _unsourced_rule(r: Rule) -> bool:
    """A rule no brief item gives: it cites none, and each of its options has every value but
    the default in x-unsourced (a house rule with no written source)."""
    props = rulebook.load_ruleset_schema()["properties"]
    return not r.brief and bool(r.options) and all(
        len(props[o].get("x-unsourced", [])) == len(props[o]["enum"]) - 1 for o in r.options)


def test_every_rule_says_what_the_seeds_say_and_what_the_spec_decides() -> None:
    """Provenance as data: every rule says what the seeds say; a rule that cites a decision
    of the brief (a D item) is marked decided and says what it decides, naming that item."""
    unlabelled = []
    for r in rulebook.load_rules():
        assert r.seeds, f"{r.id}: no 'seeds' (what the seeds say)"
        assert r.decided == bool(r.decision), r.id
        if r.items("D"):
            if not r.decided:
                unlabelled.append(r.id)
            else:
                missing = [d for d in r.items("D") if d not in r.decision]
                assert not missing, f"{r.id}: the decision does not name {missing}"
        assert r.basis in ("seeds", "decided", "house"), r.id
        if r.basis == "house" and not _unsourced_rule(r):
            assert r.items("V"), f"{r.id}: a house rule cites the V item it comes from"
    assert unlabelled == []


def test_each_rule_has_the_sentence_that_holds_under_each_value_of_its_options() -> None:
    """Option-aware rule text: under every value of every option that changes a rule, the
    rule gives a sentence of its own (``under:``), unless rules.yaml says the default
    sentence still holds under that value (``holds_under:``)."""
    allowed = option_values()
    for r in rulebook.load_rules():
        holds = dict(r.holds_under)
        for option in r.options:
            for value in allowed[option][1:]:
                rules = DEFAULT.replace(**{option: value})
                text = r.text_under(rules)
                assert "{" not in text and "}" not in text, (r.id, option, value, text)
                if any(type(h) is type(value) and h == value for h in holds.get(option, ())):
                    assert text == r.text, f"{r.id}: {option} = {value!r} is listed in holds_under and has a variant"
                else:
                    assert text != r.text, f"{r.id}: no sentence for {option} = {value!r} (add under: or holds_under:)"
        assert r.text_under(DEFAULT) == r.text, r.id
        for v in r.under:
            assert v.text != r.text, r.id


def test_option_aware_text_fills_values_and_takes_the_first_variant_that_applies() -> None:
    by_id = rulebook.rules_by_id()
    assert by_id["VAR-KNOCKLIMIT-1"].text_under(DEFAULT.replace(knock_limit=10)) == (
        "A player may knock only with a total of 10 or less.")
    assert by_id["TURN-3"].text_under(DEFAULT.replace(knock_timing="any")).startswith(
        "A player may knock at the start of their own turn, before drawing, or after drawing")
    both = DEFAULT.replace(knock_tie="knocker_wins", low_knock_bonus=13)
    assert "a tie included" in by_id["PAY-KNOCK-2"].text_under(both) and "13 or less" in by_id[
        "PAY-KNOCK-2"].text_under(both)
    assert by_id["CARD-1"].text_under(DEFAULT.replace(deck=40, jokers=2)).startswith(
        "A hand is played with a pack of 42 cards")


def test_bad_option_aware_text_names_file_line_and_field(tmp_path: Path) -> None:
    head = ("sections:\n  GAME: Game\nrules:\n  - id: GAME-2\n    title: T\n    section: GAME\n"
            "    options: [max_players]\n    text: X.\n")
    cases = {
        head + "    under:\n      - when: {knock_tie: knocker_wins}\n        text: Y.\n":
            ":10: rules[0].under[0].when.knock_tie: rule GAME-2 does not name the option 'knock_tie'",
        head + "    under:\n      - when: {max_players: 9}\n        text: Y.\n":
            ":10: rules[0].under[0].when.max_players: option 'max_players' has no value 9",
        head + "    holds_under: {max_players: [4, 7]}\n":
            ":9: rules[0].holds_under.max_players: option 'max_players' has no value 7",
    }
    _each_fails(tmp_path, cases, rulebook.load_rules, "u")


def test_a_rule_that_decides_without_saying_what_is_refused(tmp_path: Path) -> None:
    text = ("sections:\n  GAME: Game\nrules:\n  - id: GAME-1\n    title: T\n    section: GAME\n"
            "    decided: true\n    text: X.\n")
    p = _write(tmp_path, text, "r.yaml")
    with pytest.raises(RulebookError, match=r"r\.yaml:7: rules\[0\]\.decided: rule GAME-1: a decided rule says"):
        rulebook.load_rules(p)


# ---------------------------------------------------------------------------- tonk.md


def test_rule_ids_in_tonk_md_and_rules_yaml_are_the_same() -> None:
    in_md = set(_rule_blocks())
    in_yaml = set(rulebook.rules_by_id())
    assert sorted(in_md - in_yaml) == [], "rules in spec/tonk.md but not in spec/rules.yaml"
    assert sorted(in_yaml - in_md) == [], "rules in spec/rules.yaml but not in spec/tonk.md"


def test_no_rule_id_is_mentioned_that_does_not_exist() -> None:
    known = set(rulebook.rules_by_id())
    text = TONK_MD.read_text(encoding="utf-8")
    mentioned = set(re.findall(rf"\b({RULE_ID})\b", text)) - {"RFC-2119", "RFC-8174"}
    mentioned = {m for m in mentioned if m.split("-")[0] in rulebook.load_sections()}
    assert sorted(mentioned - known) == []


def test_rule_order_follows_rules_yaml() -> None:
    assert list(_rule_blocks()) == [r.id for r in rulebook.load_rules()]


def test_each_rule_text_appears_verbatim_under_its_heading() -> None:
    blocks = _rule_blocks()
    for r in rulebook.load_rules():
        title, paras = blocks[r.id]
        assert title == r.title, f"{r.id}: heading title {title!r}, rules.yaml {r.title!r}"
        assert paras and paras[0] == r.text, f"{r.id}: the first paragraph is not the rules.yaml text"


def test_each_rule_names_its_sources_options_and_decision() -> None:
    blocks = _rule_blocks()
    for r in rulebook.load_rules():
        line = blocks[r.id][1][1]
        m = re.fullmatch(r"Sources: (.*?)( \(decided by this spec\))?\. Options: (.*)\.", line)
        assert m, f"{r.id}: the second paragraph is not a sources line: {line!r}"
        sources = [] if m.group(1) == "none" else m.group(1).split(", ")
        assert sources == list(r.brief), r.id
        assert bool(m.group(2)) == r.decided, f"{r.id}: decided is {r.decided} in rules.yaml"
        options = set() if m.group(3) == "none" else {o.strip("`") for o in m.group(3).split(", ")}
        assert options == _effective_options(r), r.id


def test_decided_rules_name_the_option_that_offers_the_alternatives() -> None:
    blocks = _rule_blocks()
    silent = []
    for r in rulebook.load_rules():
        options = _effective_options(r)
        explanation = " ".join(blocks[r.id][1][2:])
        if r.decided and options and not any(f"`{o}" in explanation for o in options):
            silent.append(r.id)
    assert silent == [], "decided rules whose explanation names none of their options"


def test_rules_sit_under_their_section() -> None:
    titles = rulebook.load_sections()
    where = _section_of_heading()
    for r in rulebook.load_rules():
        heading = re.sub(r"^\d+\. ", "", where[r.id])
        assert heading.lower() == titles[r.section].lower() or (r.section == "DEALT" and heading == "Dealt 49 or 50"), (
            f"{r.id} is under {where[r.id]!r}, not {titles[r.section]!r}"
        )


def test_tonk_md_has_the_required_sections() -> None:
    headings = set(_sections(2))
    for name in ("Conventions", "Endings", "Reason codes", "Comparison rules", "Ruleset options"):
        assert name in headings


def test_the_brief_appendix_lists_every_seed_item_and_decision() -> None:
    items = _brief_items()
    for kind, last in (("S", 34), ("D", 22), ("W", 12)):
        assert {f"{kind}{i}" for i in range(1, last + 1)} <= items


def test_the_brief_appendix_matches_the_brief() -> None:
    brief = Path(__file__).resolve().parents[1].parent / "shared" / "rules-brief.md"
    if not brief.is_file():
        pytest.skip(f"the rules brief is not beside the checkout ({brief})")
    text = brief.read_text(encoding="utf-8")
    defined = set(re.findall(r"^- ([SDVW]\d+) ", text, re.M)) | set(re.findall(r"\b(V\d+) ", text))
    defined = {d for d in defined if re.search(rf"(^- |\. ){d} ", text, re.M)}
    assert _brief_items() - {f"W{i}" for i in range(1, 13)} == defined - {f"W{i}" for i in range(1, 13)}


def test_reason_code_table_is_exactly_the_engine_codes_and_the_protocol_codes() -> None:
    rows = _table(_sections(2)["Reason codes"])
    codes = [row[0].strip("`") for row in rows]
    assert len(codes) == len(set(codes))
    assert set(codes) == set(REASONS) | PROTOCOL_CODES
    known = set(rulebook.rules_by_id())
    for row in rows:
        for rid in re.findall(RULE_ID, row[2]):
            assert rid in known, f"reason {row[0]} cites unknown rule {rid}"


def test_precedence_names_every_code_of_play() -> None:
    text = " ".join(_sections(3)["Which code when several apply"])
    for code in set(REASONS) - PROTOCOL_CODES:
        assert f"`{code}`" in text, code
    order = [text.index(f"`{c}`") for c in ("malformed_action", "hand_over", "not_your_turn", "already_drawn")]
    assert order == sorted(order)


def test_endings_table_is_exactly_the_engine_endings() -> None:
    rows = _table(_sections(2)["Endings"])
    assert [row[0].strip("`") for row in rows] == list(ENDINGS)


def _net_table() -> Iterator[tuple[str, tuple[int, ...], str, tuple[Fraction, ...]]]:
    lines = _sections(3)["Settlement of a knock, step by step"]
    tables = "\n".join(lines).split("\n\n")
    table = next(t for t in tables if "| Totals" in t).split("\n")
    header = [c.strip().strip("`") for c in table[0].strip("|").split("|")]
    for row in _table(table):
        totals = tuple(int(x) for x in re.findall(r"\d+", row[0].split(":")[1]))
        for scheme, cell in zip(header[1:], row[1:], strict=True):
            yield row[0], totals, scheme, tuple(Fraction(x.strip()) for x in cell.split(","))


def test_knock_settlement_table_matches_the_engine() -> None:
    checked = 0
    for label, totals, scheme, want in _net_table():
        rules = DEFAULT.replace(caught_payment=scheme)
        won, _, pays = payments.knock(rules, 1, 0, totals)
        assert not won
        got = net_of(len(totals), tuple(pays))
        assert tuple(Fraction(x) for x in got) == want, f"{label} under {scheme}: engine {got}"
        checked += 1
    assert checked == 5 * len(option_values()["caught_payment"])


def test_ruleset_options_section_matches_the_schema() -> None:
    schema = rulebook.load_ruleset_schema()
    sections = _sections(3)
    names = [h.strip("`") for h in sections if re.fullmatch(r"`[a-z_]+`", h)]
    assert names == list(schema["properties"])
    for name, prop in schema["properties"].items():
        first = _paragraphs(sections[f"`{name}`"])[0]
        m = re.fullmatch(r"Values: (.*?)\. Brief: (.*?)\.(?: No written source: (.*?) \(.*?\)\.)? Rules: (.*)\.", first)
        assert m, f"option {name}: {first!r}"
        values = [v.strip() for v in m.group(1).split(",")]
        expected = [f"`{_show(v)}`" for v in prop["enum"]]
        expected[0] += " (default)"
        assert values == expected, name
        assert m.group(2).split(", ") == (prop["x-brief"] or ["none"]), name
        assert (m.group(3) or "").split(", ") == [f"`{_show(v)}`" for v in prop.get("x-unsourced", [])] or [""], name
        assert m.group(4).split(", ") == prop["x-rules"], name


# ---------------------------------------------------------------------------- ruleset schema


def test_ruleset_schema_is_a_valid_2020_12_schema() -> None:
    schema = rulebook.load_ruleset_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"] == "https://tonk.invalid/spec/ruleset.schema.json"
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["type"] == "object" and schema["additionalProperties"] is False


def test_ruleset_schema_equals_the_ruleset_type() -> None:
    """The engine's Ruleset is generated from the schema (scripts/sync_spec.py): this holds
    the generator to the schema's types, values, order and defaults."""
    schema = rulebook.load_ruleset_schema()
    values = option_values()
    assert list(schema["properties"]) == list(values)
    kinds = {bool: "boolean", int: "integer", str: "string", type(None): "null"}
    for name, allowed in values.items():
        prop = schema["properties"][name]
        # bool is an int in Python: compare the types too, so true never passes for 1
        assert [(type(v), v) for v in prop["enum"]] == [(type(v), v) for v in allowed], name
        assert prop["default"] == allowed[0] == getattr(DEFAULT, name), name
        assert type(prop["default"]) is type(allowed[0]), name
        types = list(dict.fromkeys(kinds[type(v)] for v in allowed))
        assert prop["type"] == (types[0] if len(types) == 1 else types), name
        assert prop["description"], name


def test_ruleset_schema_x_rules_equal_rules_yaml() -> None:
    schema = rulebook.load_ruleset_schema()
    rules = rulebook.load_rules()
    for name, prop in schema["properties"].items():
        listing = [r.id for r in rules if name in _effective_options(r)]
        assert prop["x-rules"] == listing, name


def test_ruleset_schema_x_brief_items_exist() -> None:
    known = _brief_items()
    for name, prop in rulebook.load_ruleset_schema()["properties"].items():
        assert set(prop["x-brief"]) <= known, name
        # empty only for an option no written source gives any value of but the default
        assert prop["x-brief"] or len(prop.get("x-unsourced", [])) == len(prop["enum"]) - 1, name


def test_ruleset_schema_accepts_every_allowed_value_and_nothing_else() -> None:
    validator = jsonschema.Draft202012Validator(rulebook.load_ruleset_schema())
    assert validator.is_valid({})
    for name, allowed in option_values().items():
        for value in allowed:
            assert validator.is_valid({name: value}), (name, value)
            assert Ruleset.from_mapping({name: value}) == DEFAULT.replace(**{name: value})
    assert not validator.is_valid({"upcard": "no"})
    assert not validator.is_valid({"dealt_tonk": 50})
    assert not validator.is_valid({"max_players": 7})
    assert not validator.is_valid({"max_players": True})
    assert not validator.is_valid({"low_dealt_double": 14})
    assert validator.is_valid({"low_dealt_double": None, "hand_size": "by_players"})
    assert not validator.is_valid({"no_such_option": True})


# ---------------------------------------------------------------------------- presets


def _preset_validator() -> jsonschema.Draft202012Validator:
    ruleset = rulebook.load_ruleset_schema()
    preset = rulebook.load_preset_schema()
    registry: referencing.Registry[Any] = referencing.Registry().with_resources(
        (s["$id"], referencing.Resource.from_contents(s)) for s in (ruleset, preset)
    )
    jsonschema.Draft202012Validator.check_schema(preset)
    return jsonschema.Draft202012Validator(preset, registry=registry)


def test_preset_files_validate_against_the_preset_schema() -> None:
    import yaml

    validator = _preset_validator()
    files = sorted((SPEC / "rulesets").glob("*.yaml"))
    assert {f.stem for f in files} == set(PRESETS)
    for f in files:
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        errors = [e.message for e in validator.iter_errors(data)]
        assert errors == [], f"{f.name}: {errors}"
        assert data["name"] == f.stem
    bad = {"name": "x", "title": "t", "description": "d", "sources": ["S1"], "options": {"upcard": 1}}
    assert not validator.is_valid(bad)


def test_presets_resolve_to_the_expected_rulesets() -> None:
    presets = rulebook.load_presets()
    assert next(iter(presets)) == "seed"
    for name, changes in PRESETS.items():
        assert presets[name].ruleset().changes() == changes, name
        assert resolve_ruleset(name).changes() == changes, name


def test_preset_sources_cite_existing_brief_items() -> None:
    known = _brief_items()
    for preset in rulebook.load_presets().values():
        cited = [i for s in preset.sources for i in rulebook.iter_brief_ids(s)]
        assert cited and set(cited) <= known, preset.name


def test_pagat_preset_explains_each_override() -> None:
    pagat = rulebook.load_presets()["pagat"]
    assert "pagat.com" in pagat.description
    for option in pagat.options:
        assert option in pagat.description


# ---------------------------------------------------------------------------- resolve_ruleset


def test_resolve_ruleset_applies_overrides_on_a_preset() -> None:
    rules = resolve_ruleset("seed-no-upcard", {"knock_timing": "any", "max_players": 5})
    assert rules.changes() == {"upcard": False, "knock_timing": "any", "max_players": 5}
    assert resolve_ruleset() == DEFAULT


@pytest.mark.parametrize(("preset", "options", "where", "starts", "contains"), [
    ("pagatt", None, "table.yaml:2 (preset)", "table.yaml:2 (preset): unknown preset 'pagatt'",
     ("did you mean 'pagat'?", "seed-no-upcard")),
    ("seed", {"knock_timming": "any"}, "case.yaml:7 (ruleset.options)",
     "case.yaml:7 (ruleset.options): unknown ruleset option 'knock_timming'",
     ("did you mean 'knock_timing'?", "caught_payment")),
], ids=["unknown preset", "unknown option"])
def test_resolve_ruleset_unknown_name(preset: str, options: dict[str, Any] | None, where: str, starts: str,
                                      contains: tuple[str, ...]) -> None:
    """An unknown name is said where it stands, with the name meant and the known ones."""
    with pytest.raises(RulebookError) as e:
        resolve_ruleset(preset, options, where=where)
    msg = str(e.value)
    assert msg.startswith(starts)
    assert all(words in msg for words in contains), msg


def test_resolve_ruleset_bad_value() -> None:
    with pytest.raises(RulebookError) as e:
        resolve_ruleset("seed", {"upcard": "no"}, where="here")
    assert str(e.value) == "here: option 'upcard' does not allow \"no\"; allowed values: true (default), false"
    with pytest.raises(RulebookError, match=r"allowed values: 3 \(default\), 4, 5, 6"):
        resolve_ruleset("seed", {"max_players": True})


# ---------------------------------------------------------------------------- table-rules files


def _write(tmp_path: Path, text: str, name: str = "table.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _each_fails(tmp_path: Path, cases: dict[str, str], load: Callable[[Path], object], stem: str) -> None:
    """Each text of ``cases``, written to a file of its own, fails to load with an error
    that names the file and then says what ``cases`` gives for it."""
    for i, (text, wanted) in enumerate(cases.items()):
        p = _write(tmp_path, text, f"{stem}{i}.yaml")
        with pytest.raises(RulebookError) as e:
            load(p)
        assert str(e.value).startswith(f"{p}{wanted}"), (text, str(e.value))


def test_table_rules_file_gives_the_ruleset(tmp_path: Path) -> None:
    p = _write(tmp_path, "preset: seed-forced-spreads\noptions:\n  knock_timing: any\n  stock_tie: split\n")
    assert load_ruleset_file(p).changes() == {"forced_spreads": True, "knock_timing": "any", "stock_tie": "split"}


def test_table_rules_file_takes_number_like_values_as_written(tmp_path: Path) -> None:
    # YAML reads 50 as a number and 49_50 as 4950; the options' values are the strings.
    assert load_ruleset_file(_write(tmp_path, "preset: seed\noptions:\n  dealt_tonk: 50\n")).dealt_tonk == "50"
    assert load_ruleset_file(_write(tmp_path, "preset: pagat\noptions: {dealt_tonk: 49_50}\n")).dealt_tonk == "49_50"
    assert load_ruleset_file(_write(tmp_path, "preset: seed\noptions:\n")) == DEFAULT


@pytest.mark.parametrize(("text", "starts", "contains"), [
    ("# our table\n\npreset: sed\n", ":3: preset: unknown preset 'sed'", "known presets: seed,"),
    ("preset: seed\noptions:\n  upcard: false\n  stock_ties: split\n",
     ":4: options.stock_ties: unknown ruleset option 'stock_ties'", "did you mean 'stock_tie'?"),
    ("preset: seed\noptions:\n  knock_timing: whenever\n",
     ":3: options.knock_timing: option 'knock_timing' does not allow \"whenever\"; "
     'allowed values: "start" (default), "any", "after_draw"', ""),
], ids=["unknown preset", "unknown option", "bad value"])
def test_table_rules_file_names_the_line_the_field_and_what_was_expected(
        tmp_path: Path, text: str, starts: str, contains: str) -> None:
    p = _write(tmp_path, text)
    with pytest.raises(RulebookError) as e:
        load_ruleset_file(p)
    assert str(e.value).startswith(f"{p}{starts}")
    assert contains in str(e.value)


def test_table_rules_file_yaml_syntax_error(tmp_path: Path) -> None:
    p = _write(tmp_path, "preset: seed\noptions:\n  upcard: [false\n  ace: low\n")
    with pytest.raises(RulebookError) as e:
        load_ruleset_file(p)
    assert re.match(rf"{re.escape(str(p))}:4: column \d+: YAML syntax error: ", str(e.value))
    assert "started on line 3" in str(e.value)


def test_table_rules_file_shape_errors(tmp_path: Path) -> None:
    cases = {
        "preset: seed\nopts: {}\n": ":2: opts: unknown field 'opts'; expected one of: preset, options",
        "options: {upcard: false}\n": ":1: the field 'preset' is missing",
        "- seed\n": ":1: expected a mapping (got list)",
        "preset: [seed]\n": ":1: preset: expected a string (got list)",
        "preset: seed\noptions: [upcard]\n": ":2: options: expected a mapping or null (got list)",
        "preset: seed\noptions:\n  ace: low\n  ace: low_or_high\n": ":4: the key 'ace' is given twice (first on line",
        "": ": the file is empty",
    }
    _each_fails(tmp_path, cases, load_ruleset_file, "t")


def test_table_rules_file_that_does_not_exist(tmp_path: Path) -> None:
    with pytest.raises(RulebookError, match=r"missing\.yaml: cannot read the file"):
        load_ruleset_file(tmp_path / "missing.yaml")


# ---------------------------------------------------------------------------- bad rulebook files


def test_bad_rules_yaml_names_file_line_and_field(tmp_path: Path) -> None:
    good = "sections:\n  GAME: Game\nrules:\n  - id: GAME-1\n    title: T\n    section: GAME\n    text: X.\n"
    assert [r.id for r in rulebook.load_rules(_write(tmp_path, good, "ok.yaml"))] == ["GAME-1"]
    cases = {
        good.replace("section: GAME", "section: GAMES"): ":6: rules[0].section: unknown section 'GAMES'",
        good + "  - id: GAME-1\n    title: U\n    section: GAME\n    text: Y.\n": ":8: rules[1].id: rule GAME-1 is",
        good.replace("    text: X.\n", "    text: X.\n    brief: [S1, Q2]\n"): ":8: rules[0].brief[1]: expected",
        good.replace("title: T", "titel: T"): ":5: rules[0].titel: unknown field 'titel'",
    }
    _each_fails(tmp_path, cases, rulebook.load_rules, "r")


def test_bad_preset_names_file_line_and_field(tmp_path: Path) -> None:
    seed = (SPEC / "rulesets" / "seed.yaml").read_text(encoding="utf-8")
    head = "name: {name}\ntitle: T\ndescription: D\nsources: [S1]\noptions:"
    cases = {
        "odd": (head.format(name="even") + " {}\n", ":1: name: the name 'even' must equal the file name 'odd'"),
        "bad-value": (
            head.format(name="bad-value") + "\n  upcard: sometimes\n",
            ":6: options.upcard: option 'upcard' does not allow \"sometimes\"; allowed values: true (default), false",
        ),
        "bad-option": (
            head.format(name="bad-option") + "\n  joker: 2\n",
            ":6: options.joker: unknown ruleset option 'joker'",
        ),
    }
    for name, (text, wanted) in cases.items():
        d = tmp_path / name
        d.mkdir()
        _write(d, seed, "seed.yaml")
        p = _write(d, text, f"{name}.yaml")
        with pytest.raises(RulebookError) as e:
            rulebook.load_presets(d)
        assert str(e.value).startswith(f"{p}{wanted}"), str(e.value)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(RulebookError, match="there is no seed preset"):
        rulebook.load_presets(empty)


# ---------------------------------------------------------------------------- the order of checks


def _service(
    hands: list[list[str]], upcard: str, stock_top: list[str], ruleset: dict[str, object] | None = None
) -> RefService:
    """The reference engine's protocol service with a hand stacked to deal ``hands`` (the
    last seat deals, so seat 0 plays first)."""
    players = len(hands)
    cards = [[parse_card(c) for c in h] for h in hands]
    deck = stack_deck(players, players - 1, cards, parse_card(upcard), [parse_card(c) for c in stock_top])
    service = RefService()
    deal = {"deck": [NAMES[c] for c in deck], "players": players, "dealer": players - 1, "ruleset": ruleset or {}}
    service.new_hand(deal)
    return service


def _reason(service: RefService, seat: int, action: object) -> str | None:
    """The reason code of a refused action, or None if it was applied."""
    try:
        service.act({"seat": seat, "action": action})
    except Rejected as e:
        return e.reason
    return None


def test_the_order_of_checks_is_the_reference_engines() -> None:
    """Actions that break several rules get the first code of "Which code when several
    apply"; each pair below is the claim of one line of that list."""
    # seat 0 plays first (dealer 1); seat 0 holds 4c 5c 6c 9d Kh, the upcard is 2s
    s = _service([["4c", "5c", "6c", "9d", "Kh"], ["Ah", "3d", "7s", "8s", "Qd"]], "2s", ["Jc"])
    assert _reason(s, 1, {"type": "bogus"}) == "malformed_action"  # form before the turn
    assert _reason(s, 1, {"type": "discard", "card": "Zz"}) == "malformed_action"
    assert _reason(s, 1, {"type": "discard", "card": "Ah"}) == "not_your_turn"  # turn before stage
    assert _reason(s, 0, {"type": "discard", "card": "Ah"}) == "must_draw_first"  # stage before ownership
    assert _reason(s, 0, {"type": "hit", "card": "Ah", "spread": 3}) == "must_draw_first"
    assert _reason(s, 0, {"type": "draw", "from": "discard"}) is None  # takes the 2s
    assert _reason(s, 0, {"type": "draw", "from": "stock"}) == "already_drawn"
    assert _reason(s, 0, {"type": "knock"}) == "knock_timing"  # after drawing, under knock_timing = start
    assert _reason(s, 0, {"type": "spread", "cards": ["Ah", "4c", "4c"]}) == "not_in_hand"  # card by card
    assert _reason(s, 0, {"type": "spread", "cards": ["4c", "4c", "Ah"]}) == "duplicate_card"
    assert _reason(s, 0, {"type": "spread", "cards": ["4c", "5c", "9d"]}) == "not_a_spread"
    assert _reason(s, 0, {"type": "hit", "card": "Ah", "spread": 0}) == "not_in_hand"  # ownership before target
    assert _reason(s, 0, {"type": "hit", "card": "9d", "spread": 0}) == "no_such_spread"
    assert _reason(s, 0, {"type": "discard", "card": "2s"}) == "taken_card"
    assert _reason(s, 0, {"type": "spread", "cards": ["4c", "5c", "6c"]}) is None
    assert _reason(s, 0, {"type": "hit", "card": "Kh", "spread": 0}) == "hit_does_not_fit"
    # finish the hand: the form is still checked first
    assert _reason(s, 0, {"type": "discard", "card": "9d"}) is None
    assert _reason(s, 1, {"type": "knock"}) is None
    assert _reason(s, 0, {"type": "bogus"}) == "malformed_action"
    assert _reason(s, 0, {"type": "draw", "from": "stock"}) == "hand_over"


def test_the_knock_checks_come_in_order() -> None:
    hands = [["4c", "5c", "6c", "9d", "Kh"], ["Ah", "3d", "7s", "8s", "Qd"]]
    s = _service(hands, "2s", ["Jc"], {"first_turn_knock": False, "forced_spreads": True, "knock_timing": "any"})
    assert _reason(s, 0, {"type": "knock", "discard": "9d"}) == "knock_discard"  # before drawing, no discard
    assert _reason(s, 0, {"type": "knock"}) == "first_turn_knock"  # before forced_spread
    s = _service(hands, "2s", ["Jc"], {"forced_spreads": True, "knock_timing": "any", "knock_limit": 5})
    assert _reason(s, 0, {"type": "knock"}) == "knock_limit"  # before forced_spread
    assert _reason(s, 0, {"type": "draw", "from": "discard"}) is None
    assert _reason(s, 0, {"type": "knock"}) == "knock_discard"  # after drawing, a discard is needed
    assert _reason(s, 0, {"type": "knock", "discard": "Ah"}) == "not_in_hand"
    assert _reason(s, 0, {"type": "knock", "discard": "2s"}) == "taken_card"  # before the knock checks
