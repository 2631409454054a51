"""``tonk serve``: the reference engine over stdio (spec/protocol.md)."""

from __future__ import annotations

import argparse

from ..adapters import server

COMMAND = "serve"
HELP = "serve the reference engine over stdin/stdout (JSON-RPC 2.0, one message per line)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    server.add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    return server.serve_stdio(server.reference_service(args.without))
