"""Which build of the engine this process runs: the pure-Python modules, or the compiled
build (mypyc) of the engine's hot modules and the reference's random play beside it,
installed by ``HATCH_BUILD_HOOK_ENABLE_MYPYC=true pip install .``."""

from __future__ import annotations

import importlib.util
from importlib.machinery import EXTENSION_SUFFIXES

#: The modules the compiled build compiles, under the package (pyproject.toml's mypyc hook
#: lists the same files): the engine's rules and its protocol JSON, and the reference's
#: random play (:mod:`tonk_ref.adapters.reference`: what fuzzing and the generated cases
#: spend their time in).  Not payments: the settlement stays a module function a test
#: engine may replace (tests/fakes/fake_engine.py plants its knock-tie bug so), called
#: once a hand.
COMPILED_MODULES = ("engine.actions", "engine.cards", "engine.hand", "engine.result", "engine.spreads",
                    "engine.serialize", "adapters.reference")
_PACKAGE = __package__.rpartition(".")[0]


def compiled_modules() -> list[str]:
    """The modules of :data:`COMPILED_MODULES` this process loads from an extension module
    (compiled): where Python finds them, without importing them (the engine imports no
    layer above it)."""
    out = []
    for name in COMPILED_MODULES:
        spec = importlib.util.find_spec(f"{_PACKAGE}.{name}")
        if spec is not None and (spec.origin or "").endswith(tuple(EXTENSION_SUFFIXES)):
            out.append(name)
    return out


def engine_build() -> str:
    """``"compiled"`` (every hot module compiled), ``"pure Python"`` (none), or
    ``"partly compiled"``."""
    n = len(compiled_modules())
    return "compiled" if n == len(COMPILED_MODULES) else "pure Python" if n == 0 else "partly compiled"
