"""Every cache of the engine and the harness has a bound, so memory stays flat however many
hands a run plays (``tonk bench --fuzz-memory`` measures it over 100,000 fuzzed hands).

A cache keyed by something a run makes without end (a ruleset, a deck, a setup) is an
LRU (``functools.lru_cache`` with a size on the engine's hot paths, where it hashes a key
once, else :class:`~tonk_ref.engine.lru.LRU`); the tests below fill each one past its bound.  A
``functools.cache`` is allowed only where its keys come from a finite set, named here with
the reason; a new one fails :func:`test_every_unbounded_functools_cache_has_a_finite_key`
until it is bounded or listed.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from tonk_ref.adapters import service
from tonk_ref.adapters.inprocess import reference
from tonk_ref.engine import hand, ruleset
from tonk_ref.engine.cards import NAMES, cards_of, pack_mask
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.lru import LRU
from tonk_ref.engine.ruleset import Ruleset
from tonk_ref.harness.hands import random_ruleset
from tonk_ref.harness.runner import Engine

PACKAGE = Path(__file__).resolve().parents[2] / "tonk_ref"

#: functools.cache without a bound, each keyed by a finite set (or by nothing).
FINITE_KEYS = {
    "tonk_ref/engine/cards.py:_suit_sum_table": "the face values of the rulesets' options: a handful of tuples",
    "tonk_ref/engine/spreads.py:_runs_in": "a 13-bit set of ranks and ace-high: 16,384 keys at most",
    "tonk_ref/harness/invariants.py:_pack": "the pack's size (52 or 40) and jokers (0 or 2)",
    "tonk_ref/rulebook/book.py:_rules_doc": "the rules files a process reads (one per path)",
    "tonk_ref/rulebook/book.py:_presets": "the preset folders a process reads (one per path)",
    "tonk_ref/adapters/schemas.py:validator": "the names of the protocol's schemas",
    "tonk_ref/adapters/schemas.py:ref_validator": "the names of the protocol's schemas",
    "tonk_ref/harness/table/coverage.py:changed_by": "the names of the ruleset's options",
    "tonk_ref/views/htmlpage.py:static": "the names of the views' static files",
    "tonk_ref/adapters/fields.py:_schema": "the file names of the protocol's schemas",
    "tonk_ref/rulebook/options.py:_plain_names": "the option names of each schema a process reads",
}


def _rulesets(n: int, seed: int = 3) -> list[Ruleset]:
    rng = random.Random(seed)
    out: dict[Ruleset, None] = {}
    while len(out) < n:
        out[random_ruleset(rng)] = None
    return list(out)


def test_an_lru_forgets_the_entry_used_least_recently() -> None:
    lru: LRU[str, int] = LRU(2)
    lru["a"] = 1
    lru["b"] = 2
    assert lru.get("a") == 1  # a is now the one used last
    lru["c"] = 3
    assert len(lru) == 2 and "b" not in lru and lru.get("a") == 1 and lru.get("c") == 3
    assert lru.get("b") is None and lru.get("b", 0) == 0
    lru["a"] = 4  # setting an entry again keeps one entry, used last
    lru["d"] = 5
    assert len(lru) == 2 and "c" not in lru and lru.get("a") == 4
    with pytest.raises(TypeError):
        lru.get([1])  # type: ignore[call-overload]
    with pytest.raises(ValueError):
        LRU(0)


def test_the_engine_keeps_the_tables_of_at_most_512_rulesets() -> None:
    hand.compiled.cache_clear()
    rules = _rulesets(600)
    first = hand.compiled(rules[0])
    for r in rules:
        assert hand.compiled(r) is hand.compiled(r)
    info = hand.compiled.cache_info()
    assert info.currsize == info.maxsize == 512
    assert hand.compiled(rules[-1]) is hand.compiled(rules[-1]) and hand.compiled.cache_info().hits == info.hits + 2
    assert hand.compiled(rules[0]) is not first  # forgotten, and made again alike
    assert hand.compiled(rules[0]).geometry == first.geometry
    # a hand dealt under a ruleset forgotten and compiled again plays
    deck = cards_of(pack_mask(rules[0].deck, rules[0].jokers))
    assert Hand(deck, 2, 0, 1, rules[0]).to_act is not None


def test_rulesets_made_and_written_are_remembered_up_to_a_bound() -> None:
    rules = _rulesets(1100, seed=4)
    for r in rules:
        changes = r.changes()
        assert Ruleset.from_mapping(changes) == r
        assert r.to_dict()["deck"] == r.deck
    for cached in (ruleset._from_key, ruleset._as_dict, ruleset._changes):
        info = cached.cache_info()
        assert info.currsize == info.maxsize == 1024
    # the dict handed out is a copy: changing it changes nothing kept
    d = rules[-1].to_dict()
    d["deck"] = "x"
    assert rules[-1].to_dict()["deck"] == rules[-1].deck
    c = rules[-1].changes()
    c["deck"] = "x"
    assert rules[-1].changes().get("deck", rules[-1].deck) == rules[-1].deck


def test_the_service_remembers_at_most_64_decks() -> None:
    rng = random.Random(5)
    adapter = reference()
    for _ in range(100):
        deck = [NAMES[c] for c in rng.sample(range(52), 52)]
        state = adapter.new_hand({"ruleset": {}, "players": 2, "dealer": 0, "stake": 1, "deck": deck})
        dealt = [c for h in state["hands"] for c in h]
        assert set(dealt) == set(deck[: len(dealt)])  # dealt from this deck's top, not a remembered one
    assert len(service._DECKS) == 64


def test_the_runner_remembers_at_most_a_bounded_number_of_rulesets_and_setups() -> None:
    engine = Engine.greet(reference())
    rules = _rulesets(600, seed=6)
    for r in rules:
        setup = {"ruleset": r.to_dict(), "players": 2, "dealer": 0, "stake": 1, "deck": []}
        sent = engine.sent(setup)
        assert sent["ruleset"] == engine.caps.ruleset_sent(r.to_dict())
        assert engine.sent(setup) is sent
    assert len(engine._rulesets) == 512 and len(engine._setups) == 256


def _cached_functions() -> list[str]:
    """Every function of the package decorated with an unbounded functools cache that takes
    arguments, as ``path:name``."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "cache" not in text:
            continue
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.FunctionDef) or not (node.args.args or node.args.posonlyargs):
                continue
            for dec in node.decorator_list:
                name = ast.unparse(dec)
                unbounded = name in ("cache", "functools.cache") or (
                    isinstance(dec, ast.Call) and "lru_cache" in ast.unparse(dec.func)
                    and any(k.arg == "maxsize" and ast.unparse(k.value) == "None" for k in dec.keywords))
                if unbounded:
                    found.append(f"{path.relative_to(PACKAGE.parent)}:{node.name}")
    return found


def test_every_unbounded_functools_cache_has_a_finite_key() -> None:
    found = _cached_functions()
    assert found, "the scan finds the caches"
    assert sorted(set(found) - set(FINITE_KEYS)) == [], "bound these caches or say why their keys are finite"
    assert sorted(set(FINITE_KEYS) - set(found)) == [], "stale entries"
