"""Fake engines that do not say who they are as the protocol asks.

    python tests/fakes/hello_engine.py bare
    python tests/fakes/hello_engine.py changing COUNT_FILE

- ``bare``: answers ``hello`` with ``{"protocol": 1}`` only (no name, version, options or
  features), and everything else like ``tonk serve``;
- ``changing``: answers like ``tonk serve``, counting its starts in ``COUNT_FILE``; the
  first process exits (status 1) on its third request, and every process started after
  it declares another version and no longer the feature ``play``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tonk_ref.adapters.server import Server


def main() -> int:
    mode = sys.argv[1]
    starts = 0
    if mode == "changing":
        count = Path(sys.argv[2])
        starts = int(count.read_text()) if count.exists() else 0
        count.write_text(str(starts + 1))
    server = Server()
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    for n, line in enumerate(iter(stdin.readline, b"")):
        answer, stop = server.handle_line(line.rstrip(b"\n"))
        reply: dict[str, Any] = json.loads(answer)
        result = reply.get("result")
        if n == 0 and isinstance(result, dict):
            if mode == "bare":
                reply["result"] = {"protocol": 1}
            elif starts:
                result["version"] = "9.9.9"
                result["features"] = [f for f in result["features"] if f != "play"]
        elif mode == "changing" and not starts and n >= 2:
            return 1
        stdout.write(json.dumps(reply).encode() + b"\n")
        stdout.flush()
        if stop:
            break
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
