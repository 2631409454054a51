"""The spec's data baked as JSON, for a judge that reads no file: the players' page runs
the project's own judge in the browser, where there is no YAML parser, no JSON Schema
validator and no disk cache.  :func:`bake` reads and checks the spec's files (the rules,
the ruleset and preset schemas, the presets) once, at build time; :func:`install` hands
that data to the rulebook, which then builds everything from it instead of the files.

    >>> data = bake()
    >>> sorted(data)
    ['preset_schema', 'presets', 'rules', 'ruleset_schema', 'version']
    >>> "seed" in data["presets"]
    True
"""

from __future__ import annotations

import json
from typing import Any

from .. import __version__
from . import book as rulebook

__all__ = ["bake", "install"]


def bake() -> dict[str, Any]:
    """The spec's data, read and checked from its files, as plain JSON values."""
    rulebook.load_rules()  # parses and checks rules.yaml (its errors name the line)
    raw = rulebook._parse_yaml(rulebook.rules_path()).data
    presets = {
        name: {"title": p.title, "description": p.description, "sources": list(p.sources), "options": dict(p.options)}
        for name, p in rulebook.load_presets().items()
    }
    data = {
        "version": __version__,
        "rules": raw,
        "ruleset_schema": rulebook.load_ruleset_schema(),
        "preset_schema": rulebook.load_preset_schema(),
        "presets": presets,
    }
    json.dumps(data)  # plain JSON values only: fails here, at build time, if not
    return data


def install(data: dict[str, Any] | str) -> None:
    """Make the rulebook read ``data`` (from :func:`bake`, or its JSON text) instead of the
    spec's files.  A baked set of another version of the package is refused."""
    if isinstance(data, str):
        data = json.loads(data)
    if not isinstance(data, dict) or data.get("version") != __version__:
        found = data.get("version") if isinstance(data, dict) else None
        raise rulebook.RulebookError("spec.json", f"baked for version {found!r}, not {__version__!r}")
    rulebook.BAKED = data
    rulebook._rules_doc.cache_clear()
    rulebook._presets.cache_clear()
