"""``tonk cache info|clear``: the case cache (:mod:`tonk_ref.cache`), the compiled suite
kept between runs: where it is, what it holds, and removing it."""

from __future__ import annotations

import argparse
import datetime as _dt

from .. import cache
from . import exitcodes

COMMAND = "cache"
HELP = "show where the case cache is and what it holds, or clear it"
EPILOG = (
    "The cache keeps the compiled suite between runs (a first run compiles it: some\n"
    "seconds). TONK_CACHE_DIR moves it, TONK_NO_CACHE=1 turns it off. A new version keeps\n"
    f"the {cache.KEEP} folders of entries used most recently and removes the others.\n"
    "Examples:\n  tonk cache info\n  tonk cache clear\n"
    "Exit status: 0 done; 2 bad input."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("info", "clear"),
                        help="info: the folder and its folders of entries; clear: remove them all")


def _size(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 100_000 else f"{n / 1e3:.1f} kB"


def run(args: argparse.Namespace) -> int:
    root = cache.cache_root()
    if args.action == "clear":
        gone = cache.clear()
        total = sum(f.size for f in gone)
        print(f"removed {len(gone)} folders of entries ({_size(total)}) from {root}" if gone
              else f"nothing to remove in {root}")
        return exitcodes.OK
    state = "on" if cache.enabled() else "off (TONK_NO_CACHE is set)"
    print(f"case cache: {root} ({state})")
    found = cache.folders()
    for f in found:
        used = _dt.datetime.fromtimestamp(f.used, _dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
        mark = "  (this version's)" if f.current else ""
        entries = "1 entry" if f.entries == 1 else f"{f.entries} entries"
        print(f"  {f.name}  {entries}, {_size(f.size)}, last used {used}{mark}")
    total = sum(f.size for f in found)
    print(f"{len(found)} folders of entries, {_size(total)} in all" if found else "no entries yet")
    return exitcodes.OK
