"""The hand's counters are declared once (tonk_ref/engine/statefields.py, ``COUNTERS``) and
scripts/sync_spec.py writes every place that names them.  Each declared counter survives
``copy()``, changes ``__eq__``, is read by its property and survives the state's JSON both
ways; a state without it loads with a fresh hand's value; and a counter added to the
declaration comes out in every generated block."""

from __future__ import annotations

import ast
import json
from dataclasses import astuple
from pathlib import Path
from typing import Any

import pytest

from scripts import sync_spec
from tonk_ref.engine.cards import NAMES
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import Ruleset
from tonk_ref.engine.serialize import state_from_json, state_to_json
from tonk_ref.engine.statefields import COUNTERS, Counter

ROOT = Path(__file__).resolve().parents[2]
#: The rules whose state the counters carry from one action to the next: the turns begun
#: and the frame of a turn, the card taken, the hit locks, the spread waits, the card that
#: must be used, the knocker during the last turns.
pytestmark = pytest.mark.rule("TURN-2", "TURN-7", "VAR-HITLOCK-1", "VAR-KNOCKWAIT-1", "VAR-MUSTUSE-1", "PAY-KNOCK-1")
#: A ruleset under which the state writes every counter (none is left out).
RULES = Ruleset.from_mapping({"after_knock": "one_turn_each", "hit_lock": 1, "spread_knock_wait": 1})
PLAYERS = 3
#: The parts of the state kept by explicit code, each slot of ``Hand`` that is not a counter.
EXPLICIT = {"_c", "_dealt", "_deck", "_hands", "_log", "_pile", "_pile_count", "_pos", "_spreads", "_stage",
            "dealer", "is_over", "players", "result", "rules", "stake", "to_act"}


def _slots() -> tuple[str, ...]:
    """``Hand.__slots__`` as hand.py declares it (the compiled build's class has none)."""
    tree = ast.parse((ROOT / "tonk_ref" / "engine" / "hand.py").read_text(encoding="utf-8"))
    hand = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Hand")
    for node in hand.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            slots: tuple[str, ...] = ast.literal_eval(node.value)
            return slots
    raise AssertionError("hand.py: Hand declares no __slots__")


SLOTS = _slots()


def _hand() -> Hand:
    return Hand(list(range(52)), PLAYERS, 0, 1, RULES)


def _other(c: Counter) -> Any:
    """A value of ``c`` that no fresh hand has."""
    return {"count": 3, "flag": True, "per_seat": (0, 2, 0), "card_or_none": 7, "seat_or_none": 1}[c.kind]


def _answered(c: Counter, value: Any) -> Any:
    """What the counter's property answers for the engine's ``value``."""
    return None if c.kind.endswith("_or_none") and value < 0 else value


def _written(c: Counter, value: Any) -> Any:
    """The counter's field in the state's JSON for the engine's ``value``."""
    if c.kind == "card_or_none":
        return None if value < 0 else NAMES[value]
    return list(value) if c.kind == "per_seat" else _answered(c, value)


def test_the_counters_and_the_explicit_parts_are_every_slot() -> None:
    """A slot added to Hand is either declared as a counter or kept by explicit code (named
    here, and copied, compared and written by hand)."""
    counters = [c.attr for c in COUNTERS]
    assert len(set(counters)) == len(counters)
    assert set(SLOTS) == EXPLICIT | set(counters)
    assert not EXPLICIT & set(counters)


def test_copy_keeps_every_slot() -> None:
    h = _hand()
    h.apply(h.legal_actions()[0])
    copied = h.copy()
    assert len(SLOTS) > len(COUNTERS)
    for name in SLOTS:
        assert getattr(copied, name) == getattr(h, name), name


@pytest.mark.parametrize("c", COUNTERS, ids=[c.json for c in COUNTERS])
def test_a_fresh_hand_holds_the_declared_value(c: Counter) -> None:
    h = _hand()
    fresh = eval(c.fresh, {"players": PLAYERS})  # the declaration's Python source
    assert getattr(h, c.attr) == fresh
    assert getattr(h, c.json) == _answered(c, fresh)
    assert state_to_json(h)[c.json] == _written(c, fresh)


@pytest.mark.parametrize("c", COUNTERS, ids=[c.json for c in COUNTERS])
def test_a_counter_survives_copy_changes_eq_and_survives_the_json(c: Counter) -> None:
    h = _hand()
    changed = h.copy()
    value = _other(c)
    assert getattr(h, c.attr) != value
    setattr(changed, c.attr, value)
    assert getattr(changed, c.json) == _answered(c, value), "the property"
    assert getattr(changed.copy(), c.attr) == value, "copy()"
    assert changed.copy() == changed
    assert (changed != h) is c.compared, "__eq__"
    state = state_to_json(changed)
    assert state[c.json] == _written(c, value), "state_to_json"
    back = state_from_json(json.loads(json.dumps(state)))
    assert getattr(back, c.attr) == value, "state_from_json"
    assert back == changed
    assert state_to_json(back) == state


@pytest.mark.parametrize("c", COUNTERS, ids=[c.json for c in COUNTERS])
def test_a_state_without_the_counter_loads_with_the_fresh_value(c: Counter) -> None:
    h = _hand()
    state = state_to_json(h)
    del state[c.json]
    assert getattr(state_from_json(state), c.attr) == getattr(h, c.attr)


def test_a_counter_is_left_out_where_declared() -> None:
    for c in COUNTERS:
        if c.omitted_when is not None:
            option, value = c.omitted_when
            state = state_to_json(Hand(list(range(52)), PLAYERS, 0, 1, Ruleset.from_mapping({option: value})))
            assert c.json not in state
            assert c.json in state_to_json(_hand())


def test_the_schema_names_the_schemas_counters_only() -> None:
    """A counter with ``schema`` is an optional field of spec/schemas/state.json; another is
    the reference engine's own, which the schema does not name (spec/protocol.md lists it)."""
    schema = json.loads((ROOT / "spec" / "schemas" / "state.json").read_text(encoding="utf-8"))
    protocol = (ROOT / "spec" / "protocol.md").read_text(encoding="utf-8")
    for c in COUNTERS:
        assert (c.json in schema["properties"]) is c.schema, c.json
        assert c.json not in schema["required"]
        assert (f"| `{c.json}` |" in protocol) is not c.schema, c.json


def test_a_counter_added_to_the_declaration_comes_out_in_every_block() -> None:
    """One more counter declared: sync_spec.py writes it into every block of hand.py and
    serialize.py, and into protocol.md's table of the reference's extras."""
    script = sync_spec
    added = Counter("_burnt", "burnt_this_hand", "per_seat", "(0,) * players", "Per seat, the cards burnt.")
    blocks = script.counter_blocks((*COUNTERS, added))
    expected = {
        "slots": '"_burnt",', "fresh": "self._burnt: tuple[int, ...] = (0,) * players",
        "properties": "def burnt_this_hand(self) -> tuple[int, ...]:", "copy": "h._burnt = self._burnt",
        "key": "self._burnt,", "extras": '"burnt_this_hand": list(h._burnt),',
        "from_json": 'h._burnt = tuple(obj.get("burnt_this_hand", (0,) * h.players))',
    }
    for block, line in expected.items():
        assert any(line in written for written in blocks[block]), block
    assert not any("_burnt" in line for line in blocks["to_json"] + blocks["omitted"])
    assert "| `burnt_this_hand` | Per seat, the cards burnt. |" in script.protocol_counters((*COUNTERS, added))
    hand = (ROOT / "tonk_ref" / "engine" / "hand.py").read_text(encoding="utf-8")
    synced = script.synced_counters(hand, blocks, ROOT / "tonk_ref" / "engine" / "hand.py")
    assert synced.count("_burnt") == 6  # the slot, the fresh value, the property, copy()'s line (twice), the key
    assert synced != hand


def test_the_checkout_is_what_the_declaration_makes() -> None:
    script = sync_spec
    declared = script.counters()
    assert [astuple(c) for c in declared] == [astuple(c) for c in COUNTERS]
    blocks = script.counter_blocks(declared)
    for path in (ROOT / "tonk_ref" / "engine" / "hand.py", ROOT / "tonk_ref" / "engine" / "serialize.py"):
        text = path.read_text(encoding="utf-8")
        assert script.synced_counters(text, blocks, path) == text, path


def test_a_lost_block_is_an_error_naming_the_file_and_the_blocks() -> None:
    script = sync_spec
    path = ROOT / "tonk_ref" / "engine" / "hand.py"
    text = path.read_text(encoding="utf-8")
    begin = script.BEGIN_COUNTERS.format("copy")
    assert text.count(begin) == 1
    with pytest.raises(SystemExit, match=r"tonk_ref/engine/hand.py: expected the generated blocks .*found slots, "
                                         r"fresh, properties, key$"):
        script.synced_counters(text.replace(begin, "# (the marker lost)"), script.counter_blocks(COUNTERS), path)


def test_a_lost_table_of_protocol_md_is_an_error_naming_the_file_and_the_section() -> None:
    md = (ROOT / "spec" / "protocol.md").read_text(encoding="utf-8")
    assert sync_spec.synced_protocol(md, COUNTERS) == md
    with pytest.raises(SystemExit, match=r"^spec/protocol.md: the section '### The state' has lost its generated "):
        sync_spec.synced_protocol(md.replace(sync_spec.MD_BEGIN_COUNTERS, "<!-- lost -->"), COUNTERS)
