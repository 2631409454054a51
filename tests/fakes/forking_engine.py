"""A fake engine that forks and dies: it answers like ``tonk serve`` until its first request
after ``hello``, then forks a child that keeps its stdin, stdout and stderr open and sleeps,
and exits with status 1 without answering.

    python tests/fakes/forking_engine.py MARKER

``MARKER`` is only there to be found in the child's command line (a fork keeps it), so a
test can count the children left running.
"""

from __future__ import annotations

import os
import sys
import time

from tonk_ref.adapters.server import Server


def main() -> int:
    server = Server()
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    for n, line in enumerate(iter(stdin.readline, b"")):
        if n >= 1:
            if os.fork() == 0:  # the child holds the pipes and never answers
                time.sleep(97)
                os._exit(0)
            os._exit(1)
        answer, _ = server.handle_line(line.rstrip(b"\n"))
        stdout.write(answer)
        stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
