"""The house fakes of house.py over stdio, as a real house engine is run:

    python tests/fakes/house_engine.py --bug NAME

serves the fake NAME (a key of ``house.HOUSE_FAKES``: ``clean_online``, ``clean_online_reem``
or one of the bugs), so that ``tonk check --adapter-cmd "python tests/fakes/house_engine.py
--bug NAME" --rules TABLE`` tests it from the checkout.  ``--list`` prints each fake with its
table and its bug.
"""

from __future__ import annotations

import argparse

from house import HOUSE_FAKES  # beside this file: run as a script, its folder is on sys.path

from tonk_ref.adapters.server import serve_stdio


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--bug", choices=list(HOUSE_FAKES), metavar="NAME",
                       help=f"the fake to serve: {', '.join(HOUSE_FAKES)}")
    which.add_argument("--list", action="store_true", help="list the fakes, each with its table and its bug")
    args = parser.parse_args()
    if args.list:
        for fake in HOUSE_FAKES.values():
            print(f"{fake.name:24} {fake.table:12} {fake.rule or '-':14} {fake.description}")
        return 0
    return serve_stdio(HOUSE_FAKES[args.bug].factory().service)


if __name__ == "__main__":
    raise SystemExit(main())
