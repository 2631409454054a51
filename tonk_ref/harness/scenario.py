"""Scenario files: load, validate and compile them into the one case model.

A scenario (spec/scenarios.md, spec/scenario.schema.json) is YAML written for people:
a preset and overrides, a readable deal, compact actions.  :func:`load_scenario`
checks it and compiles it into a :class:`~.case.Case`: the full ruleset, the deck order,
protocol actions and expectations.  Every error names the file, the line and the field,
and says what was expected.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import bounds
from .. import cache as case_cache
from ..engine.cards import CardError, check_deck, names, pack_mask, parse_card
from ..engine.ruleset import Ruleset
from ..engine.stacking import StackError, stack_deck
from ..errors import InputError
from ..paths import scenarios_dir, spec_dir
from ..rulebook.book import RulebookError, resolve_ruleset, rules_by_id
from ..rulebook.notation import NotationError, parse_action
from ..rulebook.safe_input import MAX_STEPS, check_text, load_yaml, read_text
from ..rulebook.yamlpos import field_name, line_of
from .case import Act, Call, Case, Expect, Legal, Observe, Step
from .case_codec import CASE_CODEC
from .files import scenario_files

if TYPE_CHECKING:  # imported where a scenario is read: a run from the cache needs neither
    import jsonschema
    import yaml

JSON = dict[str, Any]


class ScenarioError(InputError):
    """A scenario file that cannot be used, with the place of the fault."""


# ---------------------------------------------------------------------------- parsing
@functools.cache
def _schema() -> JSON:
    schema: JSON = json.loads((spec_dir() / "scenario.schema.json").read_text())
    return schema


def _inline(node: Any, defs: JSON) -> Any:
    """The schema with every local ``$ref`` replaced by its definition: validation then
    spends no time resolving references.  A card is checked as a string here; the
    compiler parses every card and names a bad one with its place."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            name = ref.removeprefix("#/$defs/")
            if name == "card":
                return {"type": "string"}
            return _inline(defs[name], defs)
        return {k: _inline(v, defs) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    return node


def _validator(sub: JSON) -> jsonschema.protocols.Validator:
    import jsonschema

    schema = _schema()
    cls = jsonschema.validators.validator_for(schema)
    v: jsonschema.protocols.Validator = cls(_inline(sub, schema["$defs"]))
    return v


@functools.cache
def _top_validator() -> jsonschema.protocols.Validator:
    """The scenario schema with each step checked only as an object: steps are then
    validated one by one against the form their key selects (much faster than the
    schema's ``oneOf`` over every form, and with a sharper error)."""
    schema = _schema()
    top = {k: v for k, v in schema.items() if k != "$defs"}
    top["properties"] = {**top["properties"], "script": {"type": "array", "items": {"type": "object"}}}
    return _validator(top)


@functools.cache
def _step_validators() -> dict[str, jsonschema.protocols.Validator]:
    out: dict[str, jsonschema.protocols.Validator] = {}
    for form in _schema()["$defs"]["step"]["oneOf"]:
        out[form["required"][0]] = _validator(form)
    return out


def _schema_errors(doc: JSON) -> list[jsonschema.ValidationError]:
    import jsonschema

    errors = list(_top_validator().iter_errors(doc))
    if errors:
        return errors
    forms = _step_validators()
    for i, step in enumerate(doc["script"]):
        key = next((k for k in forms if k in step), None)
        if key is None:
            err = jsonschema.ValidationError(
                f"a step is one of {sorted(forms)} (an action as 'act' or 'seat' with 'action'), got {sorted(step)}",
                path=["script", i],
                validator="required",
                instance=step,
            )
            return [err]
        for e in forms[key].iter_errors(step):
            e.path.appendleft(i)
            e.path.appendleft("script")
            errors.append(e)
        if errors:
            return errors
    return errors


class _Lines:
    """Line numbers of the nodes of one YAML document, by path."""

    def __init__(self, node: yaml.Node | None) -> None:
        self._node = node

    def line(self, path: Sequence[str | int]) -> int | None:
        return line_of(self._node, path)


def _schema_message(err: jsonschema.ValidationError) -> str:
    v = err.validator
    if (
        v == "pattern"
        and isinstance(err.instance, str)
        and "[cdhs]" in str(err.validator_value)
        and " " not in str(err.validator_value)
    ):
        return (
            f"{err.instance!r} is not a card: expected a rank from 'A23456789TJQK' and a suit from 'cdhs', such as 'Ah'"
        )
    if v == "additionalProperties":
        schema = err.schema if isinstance(err.schema, dict) else {}
        allowed = sorted(schema.get("properties", {}))
        return f"{err.message}; the fields allowed here are {allowed}"
    if v == "oneOf":
        return f"{err.instance!r} is not valid here: {_oneof_hint(err)}"
    if v == "pattern" and "knock" in str(err.validator_value):
        return (
            f"{err.instance!r} is not an action: expected 'SEAT knock [CARD]', 'SEAT draw stock|discard', "
            "'SEAT spread CARD CARD CARD...', 'SEAT hit CARD SPREAD_INDEX', 'SEAT discard CARD' or 'SEAT declare'"
        )
    return str(err.message)


def _oneof_hint(err: jsonschema.ValidationError) -> str:
    import jsonschema

    best = jsonschema.exceptions.best_match(err.context or [])
    if best is None:
        return "it matches none of the allowed forms"
    return _schema_message(best)


def load_scenario(path: str | Path, root: Path | None = None) -> Case:
    p = Path(path)
    rel = _rel(p, root)
    text = read_text(p, rel, ScenarioError)
    return case_cache.cached(case_cache.digest(rel, text), lambda: parse_scenario(text, rel), codec=CASE_CODEC)


def _rel(p: Path, root: Path | None) -> str:
    for base in (root, scenarios_dir().parent, Path.cwd()):
        if base is None:
            continue
        try:
            return str(p.resolve().relative_to(base.resolve()))
        except ValueError:
            continue
    return str(p)


def read_document(text: str, source: str) -> tuple[Any, yaml.Node | None]:
    """The data of a scenario's YAML text and its node tree, read within the limits of
    input files (:mod:`tonk_ref.rulebook.safe_input`); a syntax error names its line."""
    import yaml

    check_text(text, source, ScenarioError)
    try:
        return load_yaml(text, source, ScenarioError)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        line = mark.line + 1 if mark is not None else None
        raise ScenarioError(source, line, "", f"YAML syntax error: {e.problem}") from None
    except yaml.YAMLError as e:
        raise ScenarioError(source, None, "", f"YAML error: {e}") from None


def parse_scenario(text: str, source: str = "<scenario>") -> Case:
    doc, node = read_document(text, source)
    lines = _Lines(node)
    if not isinstance(doc, dict):
        raise ScenarioError(
            source, 1, "", "a scenario is a mapping with id, title, rules, players, dealer, deal, script"
        )
    script = doc.get("script")
    if isinstance(script, list) and len(script) > MAX_STEPS:
        raise ScenarioError(source, lines.line(["script"]), "script",
                            f"the script has {len(script):,} steps: the limit is {MAX_STEPS:,}")
    errors = _schema_errors(doc)
    if errors:
        import jsonschema

        err = jsonschema.exceptions.best_match(errors)
        path = list(err.absolute_path)
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            schema = err.schema if isinstance(err.schema, dict) else {}
            extra = [k for k in err.instance if k not in schema.get("properties", {})]
            if extra:
                path.append(extra[0])
        raise ScenarioError(source, lines.line(path), field_name(path) or "(top)", _schema_message(err))
    return _Compiler(doc, source, lines).compile()


class _Compiler:
    def __init__(self, doc: JSON, source: str, lines: _Lines) -> None:
        self.doc = doc
        self.source = source
        self.lines = lines
        self.players: int = doc["players"]

    def fail(self, path: list[str | int], message: str) -> ScenarioError:
        return ScenarioError(self.source, self.lines.line(path), field_name(path), message)

    def card(self, value: object, path: list[str | int]) -> int:
        try:
            return parse_card(value)
        except CardError as e:
            raise self.fail(path, str(e)) from None

    def seat(self, value: int, path: list[str | int]) -> int:
        if not 0 <= value < self.players:
            raise self.fail(
                path, f"seat {value} does not exist: a {self.players}-player hand has seats 0 to {self.players - 1}"
            )
        return value

    def compile(self) -> Case:
        doc = self.doc
        known = rules_by_id()
        for i, rid in enumerate(doc["rules"]):
            if rid not in known:
                raise self.fail(["rules", i], f"unknown rule ID {rid!r}: every ID must be in spec/rules.yaml")
        rs = doc.get("ruleset", {})
        preset = rs.get("preset", "seed")
        options = rs.get("options", {})
        try:
            resolve_ruleset(preset)
        except RulebookError as e:
            raise self.fail(["ruleset", "preset"], e.message) from None
        for key, value in options.items():
            try:
                resolve_ruleset(preset, {key: value})
            except RulebookError as e:
                raise self.fail(["ruleset", "options", key], e.message) from None
        ruleset = resolve_ruleset(preset, options)
        if doc["dealer"] >= self.players:
            raise self.fail(["dealer"], f"the dealer must be a seat 0 to {self.players - 1}, got {doc['dealer']}")
        if self.players > ruleset.max_players:
            raise self.fail(["players"], f"{self.players} players need max_players >= {self.players} in the ruleset")
        self.ruleset = ruleset
        deck = self.deck(ruleset)
        steps = tuple(self.steps())
        result = doc.get("result")
        if result is not None:
            self.check_result(result, ["result"])
        setup = {
            "ruleset": ruleset.to_dict(),
            "players": self.players,
            "dealer": doc["dealer"],
            "stake": doc.get("stake", 1),
            "deck": names(deck),
        }
        return Case(
            id=doc["id"],
            title=doc["title"],
            kind="scenario",
            rules=tuple(doc["rules"]),
            source=self.source,
            line=self.lines.line(["id"]) or 1,
            setup=setup,
            steps=steps,
            result=result,
            result_line=self.lines.line(["result"]) or 0,
            requires=frozenset(doc.get("requires", {}).get("features", [])),
            ruleset=ruleset,
        )

    def deck(self, ruleset: Ruleset) -> list[int]:
        deal = self.doc["deal"]
        if "deck" in deal:
            cards = [self.card(c, ["deal", "deck", i]) for i, c in enumerate(deal["deck"])]
            try:
                check_deck(cards, pack_mask(ruleset.deck, ruleset.jokers))
            except CardError as e:
                raise self.fail(["deal", "deck"], str(e)) from None
            return cards
        hands = deal["hands"]
        if len(hands) != self.players:
            at: list[str | int] = ["deal", "hands", self.players] if len(hands) > self.players else ["deal", "hands"]
            raise self.fail(
                at, f"{len(hands)} hands given for {self.players} players: give one hand per seat, seat 0 first"
            )
        parsed = [[self.card(c, ["deal", "hands", s, i]) for i, c in enumerate(h)] for s, h in enumerate(hands)]
        up = deal.get("upcard")
        upcard = None if up is None else self.card(up, ["deal", "upcard"])
        stock = [self.card(c, ["deal", "stock", i]) for i, c in enumerate(deal.get("stock", []))]
        seen: dict[int, list[str | int]] = {}
        places: list[tuple[int, list[str | int]]] = [
            (c, ["deal", "hands", s, i]) for s, h in enumerate(parsed) for i, c in enumerate(h)
        ]
        if upcard is not None:
            places.append((upcard, ["deal", "upcard"]))
        places += [(c, ["deal", "stock", i]) for i, c in enumerate(stock)]
        for c, path in places:
            if c in seen:
                raise self.fail(path, f"{names([c])[0]} is dealt twice (first at {field_name(seen[c])})")
            seen[c] = path
        if ruleset.upcard and upcard is None:
            raise self.fail(["deal"], "the ruleset turns an upcard (rule DEAL-2): give deal.upcard")
        if not ruleset.upcard and upcard is not None:
            raise self.fail(["deal", "upcard"], "the ruleset has upcard = false (rule VAR-NOUP-1): remove deal.upcard")
        try:
            return stack_deck(
                self.players,
                self.doc["dealer"],
                parsed,
                upcard,
                stock,
                with_upcard=ruleset.upcard,
                hand_size=ruleset.hand_size_for(self.players),
                pack=pack_mask(ruleset.deck, ruleset.jokers),
            )
        except StackError as e:
            raise self.fail(["deal", "hands"], str(e)) from None

    def steps(self) -> Iterator[Step]:
        for i, raw in enumerate(self.doc["script"]):
            path: list[str | int] = ["script", i]
            line = self.lines.line(path) or 0
            if "act" in raw:
                seat, action = self.compact(raw["act"], [*path, "act"])
                yield Act(seat, action, refuse=raw.get("reject"), line=line, text=raw["act"])
            elif "action" in raw:
                seat = self.seat(raw["seat"], [*path, "seat"])
                yield Act(seat, raw["action"], refuse=raw.get("reject"), line=line)
            elif "expect" in raw:
                self.check_state_match(raw["expect"], [*path, "expect"])
                yield Expect(raw["expect"], line=line)
            elif "observe" in raw:
                ob = raw["observe"]
                seat = self.seat(ob["seat"], [*path, "observe", "seat"])
                for j, c in enumerate(ob["expect"].get("hidden", [])):
                    self.card(c, [*path, "observe", "expect", "hidden", j])
                yield Observe(seat, ob["expect"], line=line, text=f"observe seat {seat}")
            elif "call" in raw:
                call = raw["call"]
                params = dict(call.get("params", {}))
                params.setdefault("ruleset", self.ruleset.to_dict())
                params.setdefault("players", self.players)
                yield Call(call["method"], params, call["expect"], line=line, text=f"call {call['method']}")
            else:
                legal = raw["legal"]
                lists = {
                    key: tuple(self.compact(a, [*path, "legal", key, j])[1] for j, a in enumerate(legal.get(key, [])))
                    for key in ("includes", "excludes")
                }
                yield Legal(lists["includes"], lists["excludes"], legal.get("count"), line=line, text="legal actions")

    def compact(self, text: str, path: list[str | int]) -> tuple[int, JSON]:
        try:
            seat, action = parse_action(text)
        except NotationError as e:
            raise self.fail(path, str(e)) from None
        self.seat(seat, path)
        return seat, action

    def check_state_match(self, expect: JSON, path: list[str | int]) -> None:
        for key, what in (("hands", "hands"), ("hand_sizes", "sizes")):
            per_seat = expect.get(key)
            if isinstance(per_seat, list) and len(per_seat) != self.players:
                raise self.fail([*path, key], f"{len(per_seat)} {what} for {self.players} players: give one per "
                                "seat, or this can never match")
            for k in per_seat if isinstance(per_seat, dict) else ():
                self.seat(int(k), [*path, key, k])
        spreads = expect.get("spreads", [])
        for j, s in spreads.items() if isinstance(spreads, dict) else enumerate(spreads):
            if "owner" in s:
                self.seat(s["owner"], [*path, "spreads", j, "owner"])
            if len(s["cards"]) < 3:
                raise self.fail([*path, "spreads", j, "cards"], "a spread has at least 3 cards: this can never match")
        if expect.get("to_act") is not None:
            self.seat(expect["to_act"], [*path, "to_act"])
        if expect.get("result") is not None:
            self.check_result(expect["result"], [*path, "result"])

    def amount(self, value: object, path: list[str | int]) -> Fraction:
        """An amount within the bounds of :func:`tonk_ref.bounds.amount` (digits, no zero
        denominator)."""
        try:
            return bounds.amount(value)
        except bounds.BoundError as e:
            raise self.fail(path, e.message) from None

    def check_result(self, result: JSON, path: list[str | int]) -> None:
        for key in ("net", "totals"):
            if key in result and len(result[key]) != self.players:
                raise self.fail([*path, key], f"give one entry per seat ({self.players}): this can never match")
            for j, a in enumerate(result.get(key) or ()):
                self.amount(a, [*path, key, j])
        for key in ("payments", "pays"):
            for j, p in enumerate(result.get(key) or ()):
                if isinstance(p, dict) and "amount" in p:
                    self.amount(p["amount"], [*path, key, j, "amount"])
        for j, w in enumerate(result.get("winners", [])):
            self.seat(w, [*path, "winners", j])
        for key in ("payments", "pays"):
            for j, p in enumerate(result.get(key, [])):
                self.seat(p["payer"], [*path, key, j, "payer"])
                self.seat(p["payee"], [*path, key, j, "payee"])
                if p["payer"] == p["payee"]:
                    raise self.fail([*path, key, j], "a player never pays themselves: this can never match")
        if "net" in result:
            if sum(bounds.amount(a) for a in result["net"]) != 0:
                raise self.fail([*path, "net"], "the net results must sum to zero (rule STAKE-2): this can never match")


def load_all(root: Path | None = None) -> list[Case]:
    return [load_scenario(p) for p in scenario_files(root)]
