"""The paths into a JSON value, for the tests that change or drop one place of a message
or a report at a time."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def json_paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of ``node`` (``path``, the empty path first) and of every value inside it,
    depth first: a mapping's keys and a list's indexes."""
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from json_paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from json_paths(v, (*path, i))
