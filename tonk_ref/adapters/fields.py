"""The fields of the protocol's state and observation, read from their schemas once.

``spec/schemas/state.json`` is the one list of the state's fields (and
``spec/schemas/observation.json`` of an observation's): every list of fields the harness
uses is derived from :func:`state_fields` and :func:`observation_fields`, so that a field
added to a schema needs no other list edited.  Each :class:`SchemaField` says whether the
schema requires it and what kind of value it holds (:data:`Kind`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, cast

from ..paths import spec_dir

JSON = dict[str, Any]

#: What a field holds besides null: one value (a number, a string, a card), a list, an
#: object, values of more than one of these (``mixed``), or (``never``: the schema
#: ``not: {}``) nothing at all, a field that must be absent.
Kind = Literal["scalar", "list", "object", "mixed", "never"]


@dataclass(frozen=True, slots=True)
class SchemaField:
    name: str
    required: bool
    kind: Kind
    nullable: bool  # whether null is one of its values


@dataclass(frozen=True, slots=True)
class SchemaFields:
    """The fields of one message, in the order its schema lists them (the required ones in
    the order of ``required``, then the others in the order of ``properties``)."""

    fields: tuple[SchemaField, ...]
    #: the fields a setup gives (spec/schemas/setup.json), which the message repeats
    from_setup: frozenset[str]

    @classmethod
    def of(cls, schema: Mapping[str, Any], setup: Mapping[str, Any],
           read: Callable[[str], JSON] | None = None) -> SchemaFields:
        """The fields of ``schema``; ``setup`` is the setup's schema; ``read(name)`` reads
        another schema file that a field refers to (by default from spec/schemas/)."""
        read = read if read is not None else _schema
        props: Mapping[str, Any] = schema.get("properties", {})
        required = [name for name in schema.get("required", []) if name in props]
        order = [*required, *(name for name in props if name not in required)]
        fields = []
        for name in order:
            kinds = _kinds(props[name], schema, read)
            values = [k for k in kinds if k != "null"]
            kind = cast(Kind, "never" if not values else values[0] if len(set(values)) == 1 else "mixed")
            fields.append(SchemaField(name, name in required, kind, "null" in kinds))
        return cls(tuple(fields), frozenset(setup.get("properties", {})))

    def __getitem__(self, name: str) -> SchemaField:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    @property
    def required(self) -> tuple[str, ...]:
        """The fields every message has (the protocol's; the rest are an engine's extras)."""
        return tuple(f.name for f in self.fields if f.required)

    @property
    def optional(self) -> tuple[str, ...]:
        """The fields the schema names but does not require (the reference's extras)."""
        return tuple(f.name for f in self.fields if not f.required and f.kind != "never")

    @property
    def never(self) -> tuple[str, ...]:
        """The fields the schema forbids (``not: {}``)."""
        return tuple(f.name for f in self.fields if f.kind == "never")

    @property
    def of_play(self) -> tuple[str, ...]:
        """The required fields the play decides: all but those a setup gives."""
        return tuple(f.name for f in self.fields if f.required and f.name not in self.from_setup)

    @property
    def scalars_of_play(self) -> tuple[str, ...]:
        """The fields of play that hold one value each (no list, no object)."""
        return tuple(n for n in self.of_play if self[n].kind == "scalar")


def _kinds(schema: Any, root: Mapping[str, Any], read: Callable[[str], JSON]) -> list[str]:
    """The kinds of value ``schema`` admits ("null" among them where it admits null);
    ``root`` is the schema document it is part of, where its ``#`` references point."""
    if not isinstance(schema, dict):
        return ["scalar"]
    if schema.get("not") == {}:
        return []
    if "$ref" in schema:
        file, _, pointer = str(schema["$ref"]).partition("#")
        doc: Any = read(file) if file else root
        target = doc
        for part in (p for p in pointer.split("/") if p):
            target = target[part]
        return _kinds(target, doc, read)
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return [k for sub in schema[key] for k in _kinds(sub, root, read)]
    if "enum" in schema or "const" in schema:
        values = schema["enum"] if "enum" in schema else [schema["const"]]
        return ["null" if v is None else "scalar" for v in values]
    types = schema.get("type")
    named = [types] if isinstance(types, str) else list(types or [])
    return [{"array": "list", "object": "object", "null": "null"}.get(t, "scalar") for t in named] or ["scalar"]


@cache
def _schema(name: str) -> JSON:
    """A schema of spec/schemas/ by its file name."""
    path = spec_dir() / "schemas" / name
    data: JSON = json.loads(path.read_text(encoding="utf-8"))
    return data


@cache
def state_fields() -> SchemaFields:
    """The state's fields (spec/schemas/state.json)."""
    return SchemaFields.of(_schema("state.json"), _schema("setup.json"))


@cache
def observation_fields() -> SchemaFields:
    """An observation's fields (spec/schemas/observation.json)."""
    return SchemaFields.of(_schema("observation.json"), _schema("setup.json"))
