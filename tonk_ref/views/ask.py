"""The judge as the players' page asks it: JSON text in, JSON text out, so that the page
(running this module in the browser with Pyodide) and ``tonk judge --link`` share one
implementation with ``tonk judge``.

- :func:`catalogue`: the presets, every option as a question with its choices in words,
  and the cards of each pack (what the page's form offers);
- :func:`parse`: a situation in the project's notation, read back (a share link fills the
  form from it);
- :func:`answer`: a situation and a table's rules judged: the verdict
  (:mod:`.verdict`), the whole judgement, the terminal's ruling and the share link's
  fragment.

A mistake in the request is an answer too, ``{"ok": false, "error": ...}``, with one
sentence that says what to fix; nothing here raises on bad input.

The share link's fragment (:func:`fragment`, :func:`read_fragment`) carries the rules and the
situation, and nothing else: ``rules=seed&o.knock_tie=knocker_wins&s=<the description>``.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qsl, quote

from ..engine.cards import NAMES, pack_mask
from ..engine.ruleset import Ruleset, option_values
from ..errors import TonkError
from ..rulebook.book import RulebookError, load_presets, resolve_ruleset
from ..rulebook.judging import judge, to_json
from ..rulebook.notation import value_text
from ..rulebook.situation import Description, SituationError
from ..rulebook.wording import PLAIN
from .verdict import table_of, verdict

__all__ = ["answer", "catalogue", "fragment", "parse", "read_fragment", "rules_of"]

#: The longest description the page sends (a whole table of three hands, its spreads and a
#: script is well under a tenth of it).
MAX_TEXT = 4000


def catalogue() -> str:
    """What the page offers: presets, options as questions, the cards of each pack."""
    from ..rulebook.book import load_ruleset_schema
    from ..rulebook.options import choice_words, option_question

    props = load_ruleset_schema()["properties"]
    options = []
    for name, values in option_values().items():
        prop = props.get(name, {})
        options.append({
            "name": name,
            "question": option_question(name),
            "default": values[0],
            "choices": [{"value": v, "text": value_text(v), "words": choice_words(name, v)}
                        for v in values],
            "acts_on": prop.get("x-acts-on", "hand"),
            "source": prop.get("x-source", "house"),
        })
    presets = [{"name": p.name, "title": p.title, "description": p.description, "options": dict(p.options)}
               for p in load_presets().values()]
    cards = {str(deck): [NAMES[c] for c in range(54) if pack_mask(deck, 2) >> c & 1] for deck in (52, 40)}
    return json.dumps({"presets": presets, "options": options, "cards": cards})


def rules_of(data: object) -> Ruleset:
    """The ruleset of ``{"preset": NAME, "options": {...}}``; a bad one raises
    :class:`RulebookError` naming the option."""
    if not isinstance(data, dict):
        raise RulebookError("rules", "expected {preset, options}")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise RulebookError("rules", "options: expected a mapping of option to value")
    return resolve_ruleset(str(data.get("preset") or "seed"), options, "rules")


def _error(e: Exception) -> str:
    column = getattr(e, "column", None)
    return json.dumps({"ok": False, "error": str(e), "column": column if isinstance(column, int) else None})


def _description(text: object) -> Description:
    if not isinstance(text, str) or not text.strip():
        raise SituationError("the situation is empty: say who holds what, and what happened")
    if len(text) > MAX_TEXT:
        raise SituationError(f"the situation is {len(text)} characters long; at most {MAX_TEXT}")
    return Description(text)


def parse(text: str) -> str:
    """A description read back as data (the form's fields), or the mistake in one sentence."""
    try:
        situation = _description(text)
    except (TonkError, ValueError) as e:
        return _error(e)
    return json.dumps({"ok": True, "situation": situation.to_json()})


def answer(request: str) -> str:
    """Judge ``{"situation": TEXT, "rules": {"preset": ..., "options": {...}}}``."""
    from .ruling_text import text

    try:
        data = json.loads(request)
        if not isinstance(data, dict):
            raise SituationError("the request is not a JSON object")
        rules = rules_of(data.get("rules") or {"preset": "seed"})
        situation = _description(data.get("situation"))
    except (TonkError, ValueError) as e:
        return _error(e)
    j = judge(situation, rules, _label(rules))
    v = verdict(j)
    return json.dumps({
        "ok": True,
        "situation": situation.to_json(),
        "verdict": v.to_json(),
        "ruling": to_json(j),
        "link": fragment(situation.text, rules),
        "text": "\n".join(text(j, PLAIN, width=80)),
    }, default=str)


def _label(rules: Ruleset) -> str:
    preset, diff = table_of(rules)
    return preset + ("" if not diff else " with " + ", ".join(f"{k} = {value_text(v)}" for k, v in diff.items()))


def fragment(description: str, rules: Ruleset) -> str:
    """The share link's fragment (without '#'): the nearest preset, the options the table
    changes from it, and the situation."""
    preset, diff = table_of(rules)
    parts = [f"rules={quote(preset)}"]
    parts += [f"o.{quote(k)}={quote(value_text(v))}" for k, v in diff.items()]
    parts.append("s=" + quote(description, safe=""))
    return "&".join(parts)


def read_fragment(text: str) -> tuple[str, Ruleset]:
    """The situation and the rules of a share link's fragment; a bad one raises
    :class:`RulebookError` or :class:`SituationError`."""
    fields = parse_qsl(text.lstrip("#"), keep_blank_values=True)
    preset = next((v for k, v in fields if k == "rules"), "seed")
    allowed = option_values()
    options: dict[str, Any] = {}
    for key, value in fields:
        if key.startswith("o."):
            name = key[2:]
            match = [v for v in allowed.get(name, ()) if value_text(v) == value]
            options[name] = match[0] if match else value
    situation = next((v for k, v in fields if k == "s"), "")
    return situation, rules_of({"preset": preset, "options": options})
