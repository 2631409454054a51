"""The step definitions of the Gherkin features (``features/*.feature``): a compiler from
steps to the steps of a :class:`~tonk_ref.harness.case.Case`, not an interpreter.

:func:`compile_step` finds the one definition whose expression matches a step's text and
lets it add to a :class:`~.builder.Builder`.  ``tonk check`` feeds it the steps of every
scenario (:mod:`tonk_ref.harness.gherkin`); under pytest, pytest-bdd collects the
scenarios and the plugin feeds it the same steps (:mod:`tonk_ref.harness.feature_suite`).
Either way the runner then runs the case.
"""

from __future__ import annotations

import re

from . import given, then, when
from .builder import Builder
from .parse import REGISTRY, FeatureTextError, StepDef, StepKind

#: A tag that names a rule of spec/rules.yaml: ``@PAY-KNOCK-2``.
RULE_TAG = re.compile(r"^[A-Z]+(?:-[A-Z0-9]+)+$")
#: The stable id of a scenario: ``@id.pay-knock-w6``.
ID_TAG = re.compile(r"^id\.([a-z0-9]+(?:-[a-z0-9]+)*)$")

_MODULES = (given, when, then)


def definitions(kind: StepKind, text: str) -> list[StepDef]:
    return [d for d in REGISTRY if d.kind == kind and d.matches(text)]


def compile_step(b: Builder, kind: StepKind, text: str, line: int, datatable: list[list[str]] | None = None) -> None:
    """Add one step to the case being built; raise :class:`FeatureTextError` when it means
    nothing (no definition, or text that names something that does not exist)."""
    found = definitions(kind, text)
    if len(found) != 1:
        forms = "no step definition matches it" if not found else f"{len(found)} step definitions match it"
        raise FeatureTextError(f"{kind.capitalize()} {text!r}: {forms}")
    d = found[0]
    m = d.regex.fullmatch(text)
    assert m is not None
    b.line, b.text = line, text
    kwargs: dict[str, object] = {k: v for k, v in m.groupdict().items()}
    if datatable is not None:
        if "datatable" not in d.func.__code__.co_varnames:
            raise FeatureTextError(f"{kind.capitalize()} {text!r} takes no table")
        kwargs["datatable"] = datatable
    d.func(b, **kwargs)


__all__ = ["ID_TAG", "REGISTRY", "RULE_TAG", "Builder", "FeatureTextError", "StepDef", "compile_step", "definitions"]
