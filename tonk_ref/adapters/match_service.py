"""The protocol's `match` feature methods over the reference engine (filled in with the
match layer).  Maps method name to a handler taking the params object."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MATCH_METHODS: dict[str, Callable[[dict[str, Any]], Any]] = {}
