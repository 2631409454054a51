"""The families' tables, kept as data in ``scenarios/_gen/tables/<family>.yml``, and the
rows of cases they hold made into :class:`Case` objects.

A table file is a YAML mapping: ``cases`` (rows of :class:`Case` fields, or contrasts)
or the lists the family's module reads (the headed families, make/table.py, and pack40), and
``shared``: named fragments.  In any mapping, ``with: NAME`` (or a list of names) stands
for the shared fragment NAME updated with the mapping's own keys; ``family.NAME`` names
a fragment of another family's table.  YAML anchors share a list or a string within a
file (``shared`` may hold them too); a list inside a script is spliced into it (a shared
run of steps).

A row of ``cases`` is made by ``make`` (a maker the family's module names: ``case``,
the default, is :class:`Case`); besides the maker's own arguments it may hold

- ``deck`` as a mapping: the deck that deals ``hands`` (if any) one card at a time from
  the dealer's left, then holds ``then``, then every other card of the standard pack in
  code order, less the ranks of ``without`` (``"89T"``: the 40-card pack);
- ``plain_turns: N``: the script begins with N plain turns on the deal
  (:func:`~scenarios._gen.make.contrast.long_hand`);
- ``after``: steps added after the script the maker writes.

A row with ``contrast: OPTION`` is one case per value of ``values`` on the same ``base``
(:func:`~scenarios._gen.make.contrast.contrast`; ``what``, ``title``, ``rules`` and
``make`` as in a case row).

The files end in ``.yml``: every ``*.yaml`` file below scenarios/ is taken for a scenario
by some reader of the corpus, and these are not scenarios.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import yaml

from tonk_model import STANDARD, cards, stack

from .case import Case
from .contrast import long_hand

TABLES = Path(__file__).resolve().parents[1] / "tables"
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

Maker = Callable[..., Case]
Contrast = Callable[..., list[Case]]


@functools.cache
def _read(name: str) -> Any:
    with (TABLES / f"{name}.yml").open(encoding="utf-8") as f:
        return yaml.load(f, Loader=_LOADER)


def table(name: str) -> dict[str, Any]:
    """The table of family ``name``, every ``with`` resolved (new lists and mappings on
    every call, so that a caller may change what it gets)."""
    data: dict[str, Any] = _resolve(_read(name), name)
    return data


def _resolve(node: Any, name: str) -> Any:
    if isinstance(node, list):
        return [_resolve(x, name) for x in node]
    if not isinstance(node, dict):
        return node
    out: dict[Any, Any] = {}
    names = node.get("with", [])
    for ref in [names] if isinstance(names, str) else names:
        family, _, key = ref.rpartition(".")
        shared = _read(family or name).get("shared", {})
        if key not in shared:
            raise KeyError(f"tables/{name}.yml: with: {ref}: no such shared fragment")
        out.update(_resolve(shared[key], family or name))
    out.update({k: _resolve(v, name) for k, v in node.items() if k != "with"})
    return out


def cases(name: str, makers: Mapping[str, Maker] | None = None, contrast: Contrast | None = None) -> list[Case]:
    """The cases of ``cases`` in table ``name``; ``makers`` by the names rows give in
    ``make``, ``contrast`` the family's contrast (with its id prefix)."""
    known: dict[str, Maker] = {"case": Case, **(makers or {})}
    out: list[Case] = []
    for row in table(name)["cases"]:
        if "contrast" not in row:
            out.append(make(row, known))
            continue
        if contrast is None:
            raise ValueError(f"{name}: a contrast row, but the family makes no contrasts")
        maker = row.pop("make", "case")

        def one(cid: str, title: str, rules: list[str], maker: str = maker, **kw: Any) -> Case:
            return make({"id": cid, "title": title, "rules": rules, "make": maker, **kw}, known)

        out += contrast(row["contrast"], row["what"], row["title"], row["rules"], row["base"], row["values"], make=one)
    return out


def make(row: Mapping[str, Any], makers: Mapping[str, Maker]) -> Case:
    """One case of a row (see the module's text for ``deck``, ``plain_turns`` and ``after``)."""
    kw = dict(row)
    maker = makers[kw.pop("make", "case")]
    after = kw.pop("after", [])
    if isinstance(kw.get("deck"), dict):
        kw["deck"] = deck(kw["players"], kw["dealer"], **kw["deck"])
    if "plain_turns" in kw:
        turns = _plain_turns(kw["players"], kw["dealer"], tuple(kw["hands"]), kw["upcard"], kw.pop("plain_turns"))
        kw["script"] = [*turns, *kw.get("script", [])]
    case = maker(kw.pop("id"), kw.pop("title"), kw.pop("rules"), **kw)
    case.script = [*case.script, *after]
    return case


def deck(players: int, dealer: int, hands: list[str] | None = None, then: str = "", without: str = "") -> str:
    """A whole deck, top first: ``hands`` dealt one card at a time from the dealer's left,
    then ``then``, then the rest of the standard pack in code order less the ranks ``without``."""
    pack = [c for c in STANDARD if c[0] not in without]
    return " ".join(stack(players, dealer, [cards(h) for h in hands or []], cards(then), pack))


@functools.cache
def _plain_turns(players: int, dealer: int, hands: tuple[str, ...], upcard: str, turns: int) -> tuple[str, ...]:
    return tuple(long_hand(players, dealer, list(hands), upcard, turns))
