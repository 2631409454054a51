"""A disk cache of compiled cases, keyed by content.

Compiling a scenario (YAML, schema, deal, checks) costs a few milliseconds; unpickling
the result a few hundredths.  An entry is keyed by the file's text and path and by
everything that compiles it (the harness and engine sources, the spec's schemas, rules
and presets, the version), so an edit anywhere makes a new key and nothing stale is
read.  ``TONK_CACHE_DIR`` chooses the folder; ``TONK_NO_CACHE=1`` turns it off.  Only
scenarios that compile are cached: an error is always computed afresh.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .. import __version__
from ..paths import spec_dir

T = TypeVar("T")
_PACKAGE = Path(__file__).resolve().parent.parent


def enabled() -> bool:
    return not os.environ.get("TONK_NO_CACHE")


def cache_root() -> Path:
    configured = os.environ.get("TONK_CACHE_DIR")
    if configured:
        return Path(configured)
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return Path(tempfile.gettempdir()) / f"tonk-cache-{uid}"


@functools.cache
def inputs_key() -> str:
    """A digest of everything a compiled case depends on besides its own file: the
    compilers' sources, the engine's, the spec's schemas, rules and presets, the version."""
    h = hashlib.sha256(__version__.encode())
    spec = spec_dir()
    files = [
        *sorted((_PACKAGE / "harness").rglob("*.py")),
        *sorted((_PACKAGE / "spec").rglob("*.py")),
        *sorted((_PACKAGE / "engine").glob("*.py")),
        *sorted(spec.rglob("*.json")),
        *sorted(spec.rglob("*.yaml")),
        spec / "tonk.md",
    ]
    for f in files:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:20]


def digest(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode() if isinstance(p, str) else p)
        h.update(b"\0")
    return h.hexdigest()[:32]


def cached(key: str, build: Callable[[], T], keep: Callable[[T], bool] = lambda v: True) -> T:
    """``build()``, through the cache when it is enabled; ``key`` names what it builds
    (a digest of its inputs: the cache adds the compilers' own).  A value ``keep`` rejects
    (one that holds errors) is not stored."""
    if not enabled():
        return build()
    path = cache_root() / f"cases-{inputs_key()}" / f"{key}.pickle"
    with contextlib.suppress(Exception):  # a missing or unreadable entry is rebuilt
        with path.open("rb") as fh:
            value: T = pickle.load(fh)
        return value
    value = build()
    if not keep(value):
        return value
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("wb") as out:
            pickle.dump(value, out, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(path)
    return value
