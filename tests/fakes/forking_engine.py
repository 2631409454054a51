"""A fake engine that forks: it answers like ``tonk serve``, and

    python tests/fakes/forking_engine.py MARKER

on its first request after ``hello`` forks a child that keeps its stdin, stdout and stderr
open and sleeps, and exits with status 1 without answering;

    python tests/fakes/forking_engine.py MARKER --setsid [--clean-env]

on ``hello`` starts a daemon that leaves the engine's process group: a child calls
``setsid()``, forks a grandchild and exits; the grandchild closes the pipes and sleeps
(``--clean-env``: with an empty environment, so nothing it inherited marks it), and the
engine goes on answering like ``tonk serve``.  With ``--hang`` the engine answers ``hello``
and then never answers again; ``--hang N`` answers N requests first (``hello`` is one), and
``--hung FILE`` writes FILE once it hangs (so a test knows when).

``MARKER`` is only there to be found in the command lines of the processes (a fork keeps
it; the daemon has it among its arguments), so a test can count those left running.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from tonk_ref.adapters.server import Server

SLEEP = "import time; time.sleep(97)"


def daemon(marker: str, clean_env: bool) -> None:
    """Start a process in a session of its own whose parent has exited."""
    child = os.fork()
    if child == 0:
        os.setsid()
        if os.fork() == 0:
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            os.execve(sys.executable, [sys.executable, "-c", SLEEP, marker], {} if clean_env else dict(os.environ))
        os._exit(0)
    os.waitpid(child, 0)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("marker")
    parser.add_argument("--setsid", action="store_true")
    parser.add_argument("--clean-env", action="store_true")
    parser.add_argument("--hang", type=int, nargs="?", const=1, default=None)
    parser.add_argument("--hung")
    args = parser.parse_args()
    server = Server()
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    for n, line in enumerate(iter(stdin.readline, b"")):
        if n == 0 and args.setsid:
            daemon(args.marker, args.clean_env)
        elif args.hang is not None and n >= args.hang:
            if args.hung:
                open(args.hung, "w").close()
            time.sleep(97)
        elif n >= 1 and not args.setsid and args.hang is None:
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
