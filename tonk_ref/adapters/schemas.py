"""The protocol's JSON Schemas (spec/schemas/*.json, draft 2020-12), loaded once.

Names accepted by :func:`validator` and :func:`check`:

- a data type: ``card``, ``action``, ``setup``, ``state``, ``result``, ``observation``,
  ``hello``, ``rejection``, ``ruleset``;
- an envelope: ``request``, ``response``, ``success``, ``error`` (jsonrpc.json);
- a method's params or result: ``"<method>.params"``, ``"<method>.result"`` for every
  method of :data:`METHODS` (methods.json), and ``play.step``.

The ruleset schema (``https://tonk.invalid/spec/ruleset.schema.json``) is read from
``spec/ruleset.schema.json``; where that file is missing, an equivalent schema is built
from :func:`tonk_ref.engine.ruleset.option_values` so validation still works.

The names, their URIs and :class:`SchemaError` are :mod:`.schema_names`'s (which the typed
messages use too), named here as well.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from jsonschema import Draft202012Validator  # type: ignore[import-untyped,unused-ignore]
from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped,unused-ignore]
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from ..engine.ruleset import option_values
from ..paths import spec_dir
from .schema_names import BASE as BASE
from .schema_names import DATA_TYPES as DATA_TYPES
from .schema_names import ENVELOPES as ENVELOPES
from .schema_names import METHODS as METHODS
from .schema_names import RULESET_ID as RULESET_ID
from .schema_names import SchemaError as SchemaError
from .schema_names import uri as uri


def schema_dir() -> Path:
    return spec_dir() / "schemas"


def _fallback_ruleset_schema() -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": RULESET_ID,
        "type": "object",
        "additionalProperties": False,
        "properties": {name: {"enum": list(values), "default": values[0]} for name, values in option_values().items()},
    }


def _load(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise SchemaError(f"{path}: cannot read the schema: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("$id"), str):
        raise SchemaError(f"{path}: a schema is an object with an $id")
    return data


@cache
def schemas() -> dict[str, dict[str, Any]]:
    """Every protocol schema by its ``$id``, the ruleset schema included."""
    found: dict[str, dict[str, Any]] = {}
    folder = schema_dir()
    for path in sorted(folder.glob("*.json")):
        data = _load(path)
        uri = data["$id"]
        if uri != BASE + path.name:
            raise SchemaError(f"{path}: $id is {uri!r}; expected {BASE + path.name!r}")
        found[uri] = data
    if not found:
        raise SchemaError(f"{folder}: no schemas found")
    ruleset_file = spec_dir() / "ruleset.schema.json"
    found[RULESET_ID] = _load(ruleset_file) if ruleset_file.is_file() else _fallback_ruleset_schema()
    return found


@cache
def registry() -> Registry[Any]:
    """A :class:`referencing.Registry` holding every schema, for ``$ref`` between files."""
    resources = [(uri, Resource.from_contents(s, default_specification=DRAFT202012)) for uri, s in schemas().items()]
    return Registry().with_resources(resources)


def _inline(node: Any, base: str, resolver: Any, depth: int = 0) -> Any:
    """``node`` with every ``$ref`` replaced by the schema it names (our schemas have no
    recursive references).  jsonschema resolves a ``$ref`` on every visit, which makes
    a state of 52 cards cost milliseconds; the inlined schema validates the same
    instances about three times faster."""
    if depth > 50:
        raise SchemaError(f"{base}: references nest too deep (a recursive $ref?)")
    if isinstance(node, list):
        return [_inline(x, base, resolver, depth) for x in node]
    if not isinstance(node, dict):
        return node
    if isinstance(node.get("$id"), str):
        base = urljoin(base, node["$id"])
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in ("$id", "$schema", "$defs", "$comment"):
            continue
        if key in ("properties", "patternProperties", "dependentSchemas", "$defs"):
            out[key] = {k: _inline(v, base, resolver, depth) for k, v in value.items()}
        elif key in ("enum", "const", "required", "default", "examples") or key.startswith("x-"):
            out[key] = value
        elif key == "$ref":
            target = urljoin(base, value)
            resolved = resolver.lookup(target)
            inner = _inline(resolved.contents, target.split("#")[0], resolved.resolver, depth + 1)
            out.setdefault("allOf", []).append(inner)
        else:
            out[key] = _inline(value, base, resolver, depth)
    refs = out.get("allOf") or []
    if "$ref" in node and len(refs) == 1 and set(out) <= {"allOf", *_ANNOTATIONS} and isinstance(refs[0], dict):
        # {"$ref": X, "description": ...} is X itself (annotations do not validate)
        merged = dict(refs[0])
        merged.update({k: v for k, v in out.items() if k != "allOf" and k not in merged})
        return merged
    return out


_ANNOTATIONS = ("description", "title", "default", "examples")


@cache
def validator(name: str) -> Draft202012Validator:
    """A validator for the schema called ``name``, with every reference inlined."""
    target = uri(name)
    resolved = registry().resolver().lookup(target)
    schema = _inline(resolved.contents, target.split("#")[0], resolved.resolver)
    return Draft202012Validator(schema)


@cache
def ref_validator(name: str) -> Draft202012Validator:
    """The same as :func:`validator`, resolving ``$ref`` through the registry (slower;
    a test checks that both agree)."""
    return Draft202012Validator({"$ref": uri(name)}, registry=registry())


def _path(error: ValidationError) -> str:
    out = "$"
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _leaves(error: ValidationError) -> list[ValidationError]:
    """The most specific errors: descend into oneOf/anyOf branches that got furthest."""
    if not error.context:
        return [error]
    deepest = max(len(e.absolute_path) for e in error.context)
    if deepest <= len(error.absolute_path):
        return [error]
    out: list[ValidationError] = []
    for e in error.context:
        if len(e.absolute_path) == deepest:
            out.extend(_leaves(e))
    return out


def check(name: str, obj: object) -> list[str]:
    """Validate ``obj`` against the schema ``name``; return one line per error, each
    starting with the JSON path of the offending value (``$.hands[0][2]: ...``)."""
    lines: list[str] = []
    for error in sorted(validator(name).iter_errors(obj), key=lambda e: list(map(str, e.absolute_path))):
        for leaf in _leaves(error):
            msg = leaf.message
            if len(msg) > 300:
                msg = msg[:300] + "..."
            line = f"{_path(leaf)}: {msg}"
            if line not in lines:
                lines.append(line)
    return lines
