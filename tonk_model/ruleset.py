"""The ruleset: option names and defaults read from spec/ruleset.schema.json, presets from
spec/rulesets/, and what the options say about cards (values, wild cards, places in a run)."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from .cards import is_joker, rank
from .errors import ModelError


def _spec_dir(beside: Path) -> Path:
    """spec/ as the package ``tonk_ref`` carries it when installed from a wheel
    (``tonk_ref/_data/spec``, read as files: the model imports nothing of tonk_ref), else
    spec/ at the root of the source checkout; ``beside`` is the folder holding this package."""
    packaged = beside / "tonk_ref" / "_data" / "spec"
    return packaged if packaged.is_dir() else beside / "spec"


#: The rules' data the model reads: the options' schema and the presets.
SPEC = _spec_dir(Path(__file__).resolve().parents[1])


@functools.cache
def _schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SPEC / "ruleset.schema.json").read_text(encoding="utf-8"))
    return data


#: Every ruleset option with its default (the seed rules), in the schema's order.
DEFAULTS: dict[str, Any] = {name: prop["default"] for name, prop in _schema()["properties"].items()}


def options_of(source: str) -> tuple[str, ...]:
    """The options whose ``x-source`` is ``source`` (``seed``: the seed set; ``house``: the
    wider house rules), in the schema's order."""
    return tuple(name for name, prop in _schema()["properties"].items() if prop.get("x-source") == source)


def option_values(option: str) -> list[Any]:
    """The values the schema allows for an option, the default first, where it lists them."""
    return list(_schema()["properties"][option].get("enum", [DEFAULTS[option]]))


def is_default(option: str, value: object) -> bool:
    """Whether ``value`` is the option's default (``0`` is not ``False``)."""
    d = DEFAULTS[option]
    return value == d and type(value) is type(d)


@functools.cache
def _preset(name: str) -> dict[str, Any]:
    path = SPEC / "rulesets" / f"{name}.yaml"
    if not path.exists():
        raise ModelError(f"unknown preset {name!r}")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return dict(data.get("options") or {})


def preset(name: str) -> dict[str, Any]:
    """The options a preset of spec/rulesets/ sets."""
    return dict(_preset(name))


def resolve(preset_name: str | None = None, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Every option's value: the defaults, then the preset's, then ``options``."""
    out = dict(DEFAULTS)
    for source in (preset(preset_name or "seed"), options or {}):
        for k, v in source.items():
            if k not in DEFAULTS:
                raise ModelError(f"unknown option {k}")
            out[k] = v
    return out


class Rules:
    """What the ruleset says about cards, values and spreads, looked up plainly."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = options
        self.ace_high = options["ace"] == "low_or_high"
        self.min_naturals = int(options["wild_min_naturals"])

    def __getitem__(self, option: str) -> Any:
        return self.options[option]

    def value(self, card: str) -> int:
        """CARD-3, VAR-FACE-1, VAR-JOKER-2 (a wild two counts 2, VAR-DEUCES-1)."""
        if is_joker(card):
            return int(self.options["joker_value"])
        r = rank(card)
        if r > 10:
            return r if self.options["face_values"] == "11-12-13" else 10
        return r

    def total(self, hand: list[str]) -> int:
        return sum(self.value(c) for c in hand)

    def wild(self, card: str) -> bool:
        """VAR-JOKER-1 (jokers are wild), VAR-DEUCES-1 (every two is wild)."""
        return is_joker(card) or (bool(self.options["deuces_wild"]) and rank(card) == 2)

    def positions(self, card: str) -> list[int]:
        """Where a natural card stands in a run (1 = ace low): under deck = 40 the jack
        follows the seven (VAR-DECK40-1); an ace may also follow the king (SPREAD-3)."""
        r = rank(card)
        pos = r - 3 if (self.options["deck"] == 40 and r >= 11) else r
        out = [pos]
        if r == 1 and self.ace_high:
            out.append(self.top() + 1)
        return out

    def top(self) -> int:
        """The king's position."""
        return 10 if self.options["deck"] == 40 else 13

    def high(self) -> int:
        """The highest position a run may reach."""
        return self.top() + 1 if self.ace_high else self.top()
