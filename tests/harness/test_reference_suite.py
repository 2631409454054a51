"""The reference engine passes the whole suite (the YAML scenarios, the Gherkin scenarios
and the perft entries) in process and over stdio (``tonk serve``), with identical results:
the same status, the same number of expectations checked, nothing left unchecked."""

from __future__ import annotations

import sys

from tonk_ref.adapters.inprocess import reference
from tonk_ref.adapters.stdio_client import StdioAdapter
from tonk_ref.harness.runner import run_suite
from tonk_ref.harness.suite import load_suite


def test_the_reference_passes_every_case_in_process_and_over_stdio_alike() -> None:
    suite = load_suite()
    assert not suite.errors
    assert {c.kind for c in suite.cases} == {"scenario", "feature", "perft"}
    assert len(suite.cases) >= 900
    local = run_suite(reference(), suite.cases)
    with StdioAdapter([sys.executable, "-m", "tonk_ref", "serve"], timeout=30) as engine:
        remote = run_suite(engine, suite.cases)
    bad = {r.id: r.message for r in local.results if r.status != "passed"}
    assert bad == {}
    assert all(r.checked > 0 and not r.unchecked for r in local.results)
    assert [(r.id, r.status, r.checked) for r in remote.results] == [(r.id, r.status, r.checked)
                                                                    for r in local.results]
