"""The scenario generators' one command line, and the list of their families (the
command itself is :mod:`scenarios._gen.make.command`; the family modules never import
this one).

    python -m scenarios._gen                  # write every family's files
    python -m scenarios._gen --check          # compare only: list the differences, exit 1 if any
    python -m scenarios._gen deal house       # only the families named
    python -m scenarios._gen --list           # the families and what they write

Run it from the root of the checkout (or anywhere once the project is installed in
editable mode).  tests/corpus/test_generated*.py check that the files on disk are
exactly what the generators write.  Writing also adds the ID of every new generated case
to scenarios/MANIFEST (make/manifest.py); ``--check`` lists an ID it lacks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scenarios._gen import (
    deal,
    dealt,
    hits,
    house_contrasts,
    house_presets,
    house_rules,
    illegal,
    obs,
    options,
    out,
    pack40,
    pay,
    spreads,
    stock,
    turn,
    var,
)
from scenarios._gen.make import command
from scenarios._gen.make.case import SEED_WRITING, Case, Writing, build
from scenarios._gen.make.files import Doc, Family
from scenarios._gen.make.play import GenError
from scenarios._gen.make.write import QUOTED, QUOTED_CALLS

#: What the house family writes of a result: no dealt totals, the hands held at a turn limit too.
HOUSE_WRITING = Writing(dealt_totals=False, held_after=("knock", "stock_out", "turn_limit"))


def _built(folder: str, prefix: str, cases: Callable[[], list[Case]], writing: Writing = SEED_WRITING) -> Family:
    """A family of :class:`Case` tables writing the whole of ``folder``."""

    def docs() -> list[Doc]:
        out_docs = []
        for case in cases():
            if not case.id.startswith(prefix):
                raise GenError(f"{case.id}: ids in {folder}/ start with {prefix!r}")
            out_docs.append((folder, build(case, writing)))
        return out_docs

    layout = QUOTED_CALLS if folder == "house" else QUOTED
    return Family(folder, docs, layout, (folder,))


def _house() -> list[Case]:
    return [*house_contrasts.cases(), *house_rules.cases(), *house_presets.cases()]


FAMILIES: tuple[Family, ...] = (
    *(m.FAMILY for m in (deal, dealt, hits, illegal, obs, spreads, turn)),
    *(_built(name, f"{name}-", m.cases) for m, name in ((out, "out"), (stock, "stock"), (pay, "pay"), (var, "var"))),
    _built("options", "opt-", options.cases),
    _built("house", "house-", _house, HOUSE_WRITING),
    Family("pack40", pack40.cases, QUOTED, ("pack40",)),
)


def family(name: str) -> Family:
    for f in FAMILIES:
        if f.name == name:
            return f
    raise KeyError(name)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m scenarios._gen [--check] [--list] [FAMILY ...]`` over :data:`FAMILIES`."""
    return command.main(FAMILIES, argv)
