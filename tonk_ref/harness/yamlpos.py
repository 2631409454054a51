"""Places in YAML documents, for error messages that name the line and the field."""

from __future__ import annotations

from collections.abc import Iterable

import yaml


def line_of(node: yaml.Node | None, path: Iterable[str | int]) -> int | None:
    """The 1-based line of the value at ``path`` under ``node`` (the key's line for a
    mapping entry); as deep as the path exists, else the line of the deepest part found."""
    if node is None:
        return None
    best = node.start_mark.line + 1
    for key in path:
        nxt: yaml.Node | None = None
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if str(k.value) == str(key):
                    nxt, best = v, k.start_mark.line + 1
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and 0 <= key < len(node.value):
            nxt = node.value[key]
            best = nxt.start_mark.line + 1
        if nxt is None:
            break
        node = nxt
    return best


def field_name(path: Iterable[str | int]) -> str:
    """A path as people write it: ``deal.hands[0][3]``."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out
