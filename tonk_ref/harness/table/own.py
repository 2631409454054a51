"""The table a run plays under: the one ``--rules`` names, or the engine's own.

Most engines play a house table, and say so in ``hello``: an option whose declared values
leave the default out is an option the engine plays only otherwise (spec/protocol.md,
"Capabilities").  Such an engine cannot play a case of the seed rules as written, so the
run plays every case under the engine's own table (:func:`own_table`): each such option at
the value it declares (the first listed, where it lists several without the default),
every other option as the case has it, where the engine declares that value, else at the
table's.  ``--rules T`` names the table instead, and then every case runs under T exactly;
``--rules seed`` forces the seed rules.

A table that equals a preset is named after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ...engine.ruleset import DEFAULT, Ruleset, RulesetError, option_values
from ...rulebook.notation import value_text
from ..capabilities import Capabilities

JSON = dict[str, Any]
Source = Literal["rules", "engine"]


@dataclass(frozen=True, slots=True)
class Table:
    """The rules a run plays under, and where they come from.

    ``source``: ``rules`` (named by ``--rules``: every case runs under exactly these) or
    ``engine`` (the engine's own table, from its ``hello``: a case keeps the option
    values of its own that the engine declares).  ``choices``: the options for which the
    engine lists several values without the default, each with the values it lists (the
    table takes the first)."""

    rules: Ruleset
    source: Source
    name: str  # the --rules argument, or a preset's name, or "" for an unnamed table of an engine
    choices: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    declared: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)  # the engine's declarations

    @property
    def label(self) -> str:
        """How the report names the table: the --rules argument or the preset, else its options."""
        return self.name or options_text(self.rules.changes())

    def for_case(self, case_rules: Ruleset) -> Ruleset:
        """The ruleset a case written under ``case_rules`` plays at this table."""
        if self.source == "rules":
            return self.rules
        changes = {}
        for key, value in case_rules.to_dict().items():
            if key in self.declared and _among(value, self.declared[key]):
                changes[key] = value
        try:
            return self.rules.replace(**changes)
        except RulesetError:  # pragma: no cover - declared values are checked by own_table
            return self.rules

    def lines(self) -> list[str]:
        """What the run says first about its table."""
        if self.source == "rules":
            return []
        opts = options_text(self.rules.changes())
        preset = f" (the preset {self.name}: --rules {self.name} runs the same cases)" if self.name else ""
        out = [f"the engine plays its own table: {opts}; running under it{preset}"]
        for key, values in self.choices.items():
            shown = ", ".join(value_text(v) for v in values)
            out.append(f"  {key}: the engine lists {shown}, not the default {value_text(getattr(DEFAULT, key))}; "
                       f"running under {value_text(values[0])} (--rules FILE with {{preset: seed, options: "
                       f"{{{key}: ...}}}} picks another)")
        return out


def options_text(changes: Mapping[str, Any]) -> str:
    """``deck = 40, hit_lock = 1`` (values as in the spec: ``false``, ``null``), or the seed rules."""
    return ", ".join(f"{k} = {value_text(v)}" for k, v in changes.items()) or "the seed rules"


def _among(value: object, values: tuple[Any, ...]) -> bool:
    return any(type(v) is type(value) and v == value for v in values)


def own_table(caps: Capabilities) -> Table | None:
    """The engine's own table, from what it declared: None when it plays every default
    (the seed rules are its table)."""
    known = option_values()
    changes: dict[str, Any] = {}
    choices: dict[str, tuple[Any, ...]] = {}
    for key, values in caps.options.items():
        if key not in known or not values:
            continue
        default = getattr(DEFAULT, key)
        playable = tuple(v for v in values if _among(v, known[key]))
        if not playable or _among(default, playable):
            continue
        changes[key] = playable[0]
        if len(playable) > 1:
            choices[key] = playable
    if not changes:
        return None
    rules = DEFAULT.replace(**changes)
    return Table(rules, "engine", preset_named(rules) or "", choices,
                 {k: tuple(v) for k, v in caps.options.items()})


def preset_named(rules: Ruleset) -> str | None:
    """The name of the preset whose ruleset is exactly ``rules`` (not the seed)."""
    from ...rulebook.book import load_presets

    for name, preset in load_presets().items():
        if name != "seed" and preset.ruleset() == rules:
            return name
    return None


def named_table(arg: str, rules: Ruleset) -> Table:
    """The table ``--rules ARG`` names."""
    return Table(rules, "rules", arg)
