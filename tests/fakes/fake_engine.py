"""Fake engines for testing the tester: the reference server with one fault injected.

    python tests/fakes/fake_engine.py --mode MODE [--nth N | --method M | --action TYPE]

Every mode answers like ``tonk serve`` until its trigger fires, then:

- ``crash``: writes a last word on stderr and exits with status 3;
- ``hang``: stops answering (sleeps; never reads again);
- ``garbage``: prints a line that is not JSON instead of the answer;
- ``wrong_id``: answers with another id;
- ``bad_state``: answers a state that fails the schema (a card "1x", a stage "sideways");
- ``chatty``: correct answers, each preceded by ``--chatter`` bytes (1 MiB) on stderr;
  its trigger is ignored;
- ``minimal``: declares no features at all: no payments, play, legal_actions,
  observations, match or reasons (rejections carry the reason ``rejected``, results have
  ``payments`` and ``net`` null); its trigger is ignored;
- ``bug_knock_tie``: a knock tie goes to the knocker (as if knock_tie were always
  ``knocker_wins``); otherwise correct; its trigger is ignored.

The trigger: ``--nth N`` fires on the Nth request (hello is the first), ``--method M``
on the first request for method M, ``--action TYPE`` on the first act (or play) with an
action of that type.  With none given it fires on the first request that is not hello.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from tonk_ref.adapters.server import Restricted, Server, parse, serve_stdio

MODES = ("crash", "hang", "garbage", "wrong_id", "bad_state", "chatty", "minimal", "bug_knock_tie")


class FaultyServer(Server):
    def __init__(self, mode: str, args: argparse.Namespace, service: Any = None) -> None:
        super().__init__(service)
        self.mode = mode
        self.args = args
        self.count = 0
        self.fired = False

    def triggered(self, msg: Any) -> bool:
        if self.fired or not isinstance(msg, dict):
            return False
        a = self.args
        method = msg.get("method")
        params: dict[str, Any] = msg["params"] if isinstance(msg.get("params"), dict) else {}
        if a.nth is not None:
            return bool(self.count == a.nth)
        if a.method is not None:
            return bool(method == a.method)
        if a.action is not None:
            if method == "act":
                actions = [params.get("action")]
            elif method == "play":
                actions = [x[1] for x in params.get("actions", []) if isinstance(x, list) and len(x) == 2]
            else:
                return False
            return any(isinstance(x, dict) and x.get("type") == a.action for x in actions)
        return method != "hello"

    def handle_line(self, line: bytes) -> tuple[bytes, bool]:
        self.count += 1
        if self.mode == "chatty":
            sys.stderr.write("chatter " * (self.args.chatter // 8) + "\n")
            sys.stderr.flush()
            return super().handle_line(line)
        try:
            msg = parse(line)
        except (ValueError, RecursionError):
            msg = None
        if not self.triggered(msg):
            return super().handle_line(line)
        self.fired = True
        if self.mode == "crash":
            sys.stderr.write(f"fake engine: crashing on request {self.count}\n")
            sys.stderr.flush()
            raise SystemExit(3)
        if self.mode == "hang":
            sys.stderr.write("fake engine: hanging\n")
            sys.stderr.flush()
            time.sleep(600)
            raise SystemExit(4)
        if self.mode == "garbage":
            return b"this is not JSON-RPC {\n", False
        answer, stop = super().handle_line(line)
        reply = json.loads(answer)
        if self.mode == "wrong_id":
            reply["id"] = (reply["id"] if isinstance(reply["id"], int) else 0) + 1000
        elif self.mode == "bad_state":
            state = reply.get("result")
            if isinstance(state, dict) and "state" in state:  # play
                state = state["state"]
            if isinstance(state, dict) and "hands" in state:
                state["hands"][0][:1] = ["1x"]
                state["stage"] = "sideways"
        return self.encode(reply), stop


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", required=True, choices=MODES)
    trigger = parser.add_mutually_exclusive_group()
    trigger.add_argument("--nth", type=int, help="fire on the Nth request (hello is 1)")
    trigger.add_argument("--method", help="fire on the first request for this method")
    trigger.add_argument("--action", help="fire on the first act/play with an action of this type")
    parser.add_argument("--chatter", type=int, default=1 << 20, help="bytes written on stderr per request (chatty)")
    args = parser.parse_args()
    if args.mode == "minimal":
        return serve_stdio(
            Restricted(without=("payments", "play", "legal_actions", "observations", "match", "reasons"))
        )
    if args.mode == "bug_knock_tie":
        from tonk_ref.engine import payments

        settle = payments.knock

        def knock_tie_to_knocker(rules: Any, *rest: Any, **kw: Any) -> Any:
            return settle(rules.replace(knock_tie="knocker_wins"), *rest, **kw)

        payments.knock = knock_tie_to_knocker
        return serve_stdio()
    server = FaultyServer(args.mode, args)
    real = sys.stdout
    sys.stdout = sys.stderr
    try:
        return server.serve(sys.stdin.buffer, real.buffer)
    finally:
        sys.stdout = real


if __name__ == "__main__":
    raise SystemExit(main())
