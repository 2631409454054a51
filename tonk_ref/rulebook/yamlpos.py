"""Places in YAML documents, for error messages that name the line and the field."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # PyYAML is imported where a document is read
    import yaml

__all__ = ["field_name", "line_of"]


def line_of(node: yaml.Node | None, path: Sequence[str | int], key: bool = True) -> int | None:
    """The 1-based line of the entry at ``path`` under ``node``: of its key where the last
    part names a mapping entry and ``key`` is set, else of its value.  Where the path does
    not exist all the way, the line of the deepest part that does."""
    if node is None:
        return None
    import yaml

    best = node.start_mark.line + 1
    for i, part in enumerate(path):
        nxt: yaml.Node | None = None
        line = best
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and str(k.value) == str(part):
                    nxt = v
                    line = (k if key or i < len(path) - 1 else v).start_mark.line + 1
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            nxt = node.value[part]
            line = nxt.start_mark.line + 1
        if nxt is None:
            break
        node, best = nxt, line
    return best


def field_name(path: Iterable[str | int]) -> str:
    """A path as people write it: ``deal.hands[0][3]``."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out
