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
- ``stock_tie_one_winner``: pays no stakes (declares every feature but ``payments``) and,
  when players tie for the lowest total at the empty stock, names only the first of them
  the winner;
- ``omit_optional``: leaves out every field the protocol calls optional: each spread's
  ``kind``, ``result.totals`` where it is optional (after a dealt hand or a tonk), and all
  the reference's extras;
- ``no_default``: declares ``upcard: [false]`` only: it does not play the default (an
  upcard), and refuses a ruleset with one (``unsupported_option``);
- ``crash_after``: crashes on every hand dealt after the tenth (``--nth N`` for another
  count), counted across restarts in the file ``--count-file``;
- ``reason_in_other_code``: refuses as the reference does, but with error code -32000
  (not the protocol's 1), keeping ``data.reason``: a refusal is code 1 and nothing else.

The trigger: ``--nth N`` fires on the Nth request (hello is the first), ``--method M``
on the first request for method M, ``--action TYPE`` on the first act (or play) with an
action of that type.  With none given it fires on the first request that is not hello.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from tonk_ref.adapters.base import Rejected
from tonk_ref.adapters.fields import state_fields
from tonk_ref.adapters.server import Restricted, Server, parse, serve_stdio
from tonk_ref.engine.ruleset import DEFAULT

DEFAULTS = DEFAULT.to_dict()

MODES = ("crash", "hang", "garbage", "wrong_id", "bad_state", "chatty", "minimal", "bug_knock_tie",
         "stock_tie_one_winner", "omit_optional", "no_default", "crash_after", "reason_in_other_code")

#: The state fields of the protocol: everything else the reference sends is an extra.
CORE = state_fields().required
RESULT_CORE = ("ending", "winners", "payments", "net", "totals", "knocker")
TOTALS_REQUIRED = ("knock_won", "knock_caught", "knock_tie", "stock_out")


class Rewriting(Restricted):
    """The reference service (minus some features) with every state it answers rewritten."""

    def rewrite(self, state: dict[str, Any]) -> dict[str, Any]:
        return state

    def call(self, method: str, params: Any) -> Any:
        result = super().call(method, params)
        if method in ("new_hand", "act", "state") and isinstance(result, dict):
            return self.rewrite(result)
        if method == "play":
            result["state"] = self.rewrite(result["state"])
            if "states" in result:
                result["states"] = [self.rewrite(x) for x in result["states"]]
        return result


class StockTieOneWinner(Rewriting):
    def __init__(self) -> None:
        super().__init__(without=("payments",))

    def rewrite(self, state: dict[str, Any]) -> dict[str, Any]:
        result = state.get("result")
        if isinstance(result, dict) and result["ending"] == "stock_out" and len(result["winners"]) > 1:
            result["winners"] = result["winners"][:1]
        return state


class OmitOptional(Rewriting):
    def rewrite(self, state: dict[str, Any]) -> dict[str, Any]:
        out = {k: state[k] for k in CORE}
        out["spreads"] = [{"owner": s["owner"], "cards": s["cards"]} for s in state["spreads"]]
        result = state["result"]
        if isinstance(result, dict):
            out["result"] = {k: result[k] for k in RESULT_CORE if k in result}
            if result["ending"] not in TOTALS_REQUIRED:
                out["result"].pop("totals", None)
        return out


class NoDefault(Restricted):
    def call(self, method: str, params: Any) -> Any:
        if method == "hello":
            hello = super().call(method, params)
            hello["options"] = {"upcard": [False]}
            return hello
        setup = params.get("setup") if method == "play" else params
        if method in ("new_hand", "play") and isinstance(setup, dict):
            rules = setup.get("ruleset") or {}
            if rules.get("upcard", True) is not False or any(
                    k != "upcard" and v != DEFAULTS.get(k) for k, v in rules.items()):
                raise Rejected("unsupported_option", "this engine plays upcard = false and nothing else")
        return super().call(method, params)


class CrashAfter(Restricted):
    def __init__(self, count_file: str, limit: int) -> None:
        super().__init__()
        self.count_file = Path(count_file)
        self.limit = limit

    def call(self, method: str, params: Any) -> Any:
        if method in ("new_hand", "play"):
            dealt = int(self.count_file.read_text()) if self.count_file.exists() else 0
            self.count_file.write_text(str(dealt + 1))
            if dealt >= self.limit:
                sys.stderr.write(f"fake engine: crashing on hand {dealt + 1}\n")
                sys.stderr.flush()
                os._exit(9)
        return super().call(method, params)


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
        if self.mode == "reason_in_other_code":
            answer, stop = super().handle_line(line)
            reply = json.loads(answer)
            if isinstance(reply.get("error"), dict) and reply["error"]["code"] == 1:
                reply["error"]["code"] = -32000
            return self.encode(reply), stop
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
    parser.add_argument("--count-file", help="crash_after: the file that counts the hands dealt")
    args = parser.parse_args()
    if args.mode == "stock_tie_one_winner":
        return serve_stdio(StockTieOneWinner())
    if args.mode == "omit_optional":
        return serve_stdio(OmitOptional())
    if args.mode == "no_default":
        return serve_stdio(NoDefault())
    if args.mode == "crash_after":
        if not args.count_file:
            parser.error("crash_after needs --count-file")
        return serve_stdio(CrashAfter(args.count_file, args.nth or 10))
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
