"""The echo floor of ``tonk bench`` as a command (not a ``tonk`` command): an engine that
records its traffic, and one that answers from a recording (:mod:`tonk_ref.adapters.echo`):

    python -m tonk_ref.tools.echo record FILE -- CMD...   # an engine that records its traffic
    python -m tonk_ref.tools.echo replay FILE             # an engine that answers from it
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from ..adapters.echo import record, replay


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) >= 4 and args[0] == "record" and args[2] == "--":
        return record(Path(args[1]), args[3:])
    if len(args) == 2 and args[0] == "replay":
        return replay(Path(args[1]))
    print("usage: python -m tonk_ref.tools.echo record FILE -- CMD... | replay FILE", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
