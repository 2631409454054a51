"""Issue 3 item 8: the reference engine passes the whole scenario corpus in process and
over stdio (``tonk serve``), with identical outcomes.  The whole corpus is the point here.
(The Gherkin features run against the in-process engine in tests/features/; over stdio:
``pytest tests/features --tonk-adapter-cmd "tonk serve"`` or ``tonk check --adapter-cmd
"tonk serve"``.)"""

from __future__ import annotations

import sys

from tonkcases import corpus

from tonk_ref.adapters.inprocess import reference
from tonk_ref.adapters.stdio_client import StdioAdapter
from tonk_ref.harness.execute import Capabilities, run_case


def test_the_reference_passes_every_case_in_process_and_over_stdio_alike() -> None:
    cases = [c for _, c in corpus()]
    assert len(cases) >= 300
    inproc = reference()
    local = {c.id: run_case(c, inproc, Capabilities.from_hello(inproc.hello())) for c in cases}
    with StdioAdapter([sys.executable, "-m", "tonk_ref", "serve"], timeout=30) as engine:
        caps = Capabilities.from_hello(engine.hello())
        remote = {c.id: run_case(c, engine, caps) for c in cases}
    bad = {cid: o.message for cid, o in local.items() if o.status != "passed"}
    assert bad == {}
    assert {cid: o.status for cid, o in remote.items()} == {cid: o.status for cid, o in local.items()}
    assert {cid: o.message for cid, o in remote.items()} == {cid: o.message for cid, o in local.items()}
