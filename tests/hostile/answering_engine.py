"""The engine of the hostile engine answers: the reference server, with each answer to one
method changed as a file of ``tests/hostile/engine-answer/`` says.

    python answering_engine.py FILE

FILE is a JSON object: ``{"method": M, "result": {...}, "expect": {...}}``.  Every answer
to method ``M`` (``hello``, ``new_hand``, ``act``, ``state``, ``play``, ``legal_actions``)
has the members of ``result`` set in its result (a member of a mapping that is a mapping is
set member by member: ``{"result": {"net": [...]}}`` sets the ``net`` of a state's
``result``, even where the state had none); ``"repeat": N`` instead repeats a list answer N
times over; ``"error": {...}`` answers that error instead.  ``expect`` is for the test: what ``tonk check`` must say.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from tonk_ref.adapters.server import Server, parse


def merged(into: Any, change: Any) -> Any:
    if isinstance(into, dict) and isinstance(change, dict):
        out = dict(into)
        for k, v in change.items():
            out[k] = merged(into.get(k), v)
        return out
    return change


class Answering(Server):
    def __init__(self, spec: dict[str, Any]) -> None:
        super().__init__()
        self.spec = spec

    def handle_line(self, line: bytes) -> tuple[bytes, bool]:
        answer, stop = super().handle_line(line)
        try:
            method = parse(line).get("method")
        except (ValueError, RecursionError, AttributeError):
            return answer, stop
        if method != self.spec["method"]:
            return answer, stop
        reply = json.loads(answer)
        if "result" not in reply:
            return answer, stop
        if "error" in self.spec:
            reply = {"jsonrpc": "2.0", "id": reply["id"], "error": self.spec["error"]}
        if "repeat" in self.spec and isinstance(reply["result"], list):
            reply["result"] = reply["result"] * int(self.spec["repeat"])
        if "result" in self.spec:
            reply["result"] = merged(reply["result"], self.spec["result"])
        return (json.dumps(reply, ensure_ascii=False) + "\n").encode("utf-8", "surrogatepass"), stop


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as fh:
        spec = json.load(fh)
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr
    return Answering(spec).serve(stdin, stdout)


if __name__ == "__main__":
    raise SystemExit(main())
