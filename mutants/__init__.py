"""Mutation testing of the conformance suite: single-fault mutants of the reference engine.

This folder is test data of the repository, not part of the ``tonk_ref`` package (a wheel
does not carry it).  ``tonk mutants`` finds it beside the package in a source checkout and
scores the suite against every mutant; the engine never imports it.

- :mod:`.core`: what a mutant is, the :func:`~.core.fault` register and the fault bases.
- One module per family of faults, each fault a subclass of the engine's ``Hand`` or of
  the protocol service ``RefService`` that overrides one method: :mod:`.spreads`,
  :mod:`.turn`, :mod:`.deal`, :mod:`.payments`, :mod:`.counting`, :mod:`.observations`,
  :mod:`.stock`, :mod:`.match`, :mod:`.variations`.
- ``witnesses/<name>.yaml``: each fault's witness, a scenario (spec/scenario.schema.json)
  the reference engine passes and the mutant fails, which proves the fault changes
  behaviour; read by the suite's own scenario loader.
- :mod:`.score`: runs the whole suite against each mutant on the harness's one runner.

A new mutant is a fault class in its family's module, registered with
``@fault(name, rule, description)``, and its witness ``witnesses/<name>.yaml`` (id
``witness-<name with dashes>``, citing the rule); ``pytest tests/mutants`` checks both,
and that the whole suite kills the mutant.  The faults reach the engine only through its
seams: ``Hand._tables``, ``_make_spread``, ``_forced_in``, ``_dealt_tonks`` and the other
methods a subclass may override, and ``RefService(hand_class=...)``.

Run the suite against one mutant as against any engine, in a checkout installed with
``pip install -e .`` (which puts the checkout on ``sys.path``)::

    TONK_MUTANT=knock_tie_to_knocker tonk check --adapter mutants:adapter
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from tonk_ref.adapters.inprocess import InProcessAdapter, reference
from tonk_ref.errors import TonkError

from . import counting, deal, match, observations, payments, spreads, stock, turn, variations
from .core import REGISTRY, WITNESSES, Mutant

FAMILIES = (spreads, turn, deal, payments, counting, observations, stock, match, variations)

#: Every mutant by name, family by family in the order of :data:`FAMILIES`.
CATALOG: dict[str, Mutant] = {
    m.name: m for family in FAMILIES for m in REGISTRY if m.fault_class.__module__ == family.__name__
}
if len(CATALOG) != len(REGISTRY):  # pragma: no cover - a catalog editing error
    raise RuntimeError("two mutants share a name, or a fault is registered outside the family modules")

ENV = "TONK_MUTANT"


class MutantError(TonkError):
    """A mutant name that is not in the catalog (or none given where one is needed)."""


def select(names: Sequence[str] | None = None) -> list[Mutant]:
    """The mutants named (in catalog order), or all of them."""
    if not names:
        return list(CATALOG.values())
    unknown = [n for n in names if n not in CATALOG]
    if unknown:
        raise MutantError(f"unknown mutant{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; "
                          f"known mutants: {', '.join(CATALOG)}")
    wanted = set(names)
    return [m for m in CATALOG.values() if m.name in wanted]


def adapter() -> InProcessAdapter:
    """Factory for ``--adapter mutants:adapter``: the mutant named by the environment
    variable TONK_MUTANT (``TONK_MUTANT=none``: the reference engine itself)."""
    name = os.environ.get(ENV, "").strip()
    if not name:
        raise MutantError(f"set {ENV} to a mutant name (or 'none'); known mutants: {', '.join(CATALOG)}")
    if name == "none":
        return reference()
    if name not in CATALOG:
        raise MutantError(f"{ENV}={name!r} is not a mutant of the catalog; known mutants: {', '.join(CATALOG)}")
    return CATALOG[name].adapter()


__all__ = ["CATALOG", "ENV", "FAMILIES", "WITNESSES", "Mutant", "MutantError", "adapter", "select"]
