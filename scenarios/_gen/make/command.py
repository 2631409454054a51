"""The generators' command line over a list of families: write their files, or compare
them with the files on disk (``--check``), or list them (``--list``).

It knows no family: :mod:`scenarios._gen.cli` runs it over every family, and a family's
module run as a script (``python scenarios/_gen/deal.py``) over that family alone, so the
family modules never import the module that lists them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import manifest
from .files import Family

PROG = "python -m scenarios._gen"


def main(families: Sequence[Family], argv: Sequence[str] | None = None, prog: str = PROG) -> int:
    """Write (or with ``--check`` compare) the files of the families named in ``argv``,
    all of ``families`` if it names none; writing adds new case IDs to scenarios/MANIFEST."""
    names = [f.name for f in families]
    by_name = {f.name: f for f in families}
    parser = argparse.ArgumentParser(prog=prog, description="Write the generated scenarios.")
    parser.add_argument("families", nargs="*", metavar="FAMILY", help=f"the families to write (all): {' '.join(names)}")
    parser.add_argument("--check", action="store_true", help="compare with the files on disk; write nothing")
    parser.add_argument("--list", action="store_true", help="list the families and what they write")
    args = parser.parse_args(argv)
    unknown = [n for n in args.families if n not in names]
    if unknown:
        parser.error(f"unknown families {unknown}; they are {names}")
    chosen = [by_name[n] for n in args.families] or list(families)
    if args.list:
        for f in chosen:
            where = ", ".join(f"{d}/" for d in f.folders) or "files whose header names it"
            print(f"{f.name}: {where}")
        return 0
    rendered = {f.name: f.render() for f in chosen}
    ids = [path.stem for files in rendered.values() for path in files]
    if args.check:
        diffs = [d for f in chosen for d in f.differences(rendered[f.name])]
        diffs += [f"scenarios/MANIFEST: lacks {cid}" for cid in manifest.missing(ids)]
        for d in diffs:
            print(d)
        return 1 if diffs else 0
    for f in chosen:
        cases, written = f.write(rendered[f.name])
        print(f"{f.name}: {cases} cases, {written} files written", file=sys.stderr)
    added = manifest.add(ids)
    if added:
        print(f"scenarios/MANIFEST: {len(added)} case ids added", file=sys.stderr)
    return 0


def run_family(family: Family, argv: Sequence[str] | None = None) -> int:
    """A family's module run as a script: :func:`main` over that family alone."""
    args = sys.argv[1:] if argv is None else list(argv)
    return main((family,), [family.name, *args], prog=f"python scenarios/_gen/{family.name}.py")
