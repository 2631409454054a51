"""Which build of the engine this process runs: the pure-Python modules, or the compiled
build (mypyc) of the engine's hot modules, installed by
``HATCH_BUILD_HOOK_ENABLE_MYPYC=true pip install .``."""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

#: The modules the compiled build compiles (pyproject.toml's mypyc hook lists the same files).
#: Not payments: the settlement stays a module function a test engine may replace
#: (tests/fakes/fake_engine.py plants its knock-tie bug so), called once a hand.
COMPILED_MODULES = ("actions", "cards", "hand", "result", "spreads")


def compiled_modules() -> list[str]:
    """The engine modules this process loaded from an extension module (compiled)."""
    out = []
    for name in COMPILED_MODULES:
        path = getattr(importlib.import_module(f"{__package__}.{name}"), "__file__", None) or ""
        if path.endswith(tuple(EXTENSION_SUFFIXES)):
            out.append(name)
    return out


def engine_build() -> str:
    """``"compiled"`` (every hot module compiled), ``"pure Python"`` (none), or
    ``"partly compiled"``."""
    n = len(compiled_modules())
    return "compiled" if n == len(COMPILED_MODULES) else "pure Python" if n == 0 else "partly compiled"
