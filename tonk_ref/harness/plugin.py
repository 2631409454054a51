"""The Tonk conformance runner as a pytest plugin (registered through the ``pytest11``
entry point ``tonk``).  It is loaded in every pytest session of every user who has the
package installed, so it does nothing unless asked: see spec/scenarios.md, "Running"."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("tonk", "Tonk conformance suite")
    group.addoption("--tonk-adapter", default=None, metavar="MODULE:FACTORY",
                    help="run the Tonk scenarios against the adapter this factory returns")
    group.addoption("--tonk-adapter-cmd", default=None, metavar="CMD",
                    help="run the Tonk scenarios against an engine process speaking the stdio protocol")
    group.addoption("--tonk-timeout", type=float, default=10.0, metavar="S",
                    help="seconds an engine may take to answer one request (default 10)")
    group.addoption("--tonk-validate", action="store_true", default=False,
                    help="check every message both ways against the protocol schemas")
    group.addoption("--tonk-known-failures", default=None, metavar="FILE",
                    help="a known-failures file: cases accepted as failing")
    group.addoption("--tonk-json", default=None, metavar="FILE", help="write the conformance report as JSON")
    parser.addini("tonk_scenarios", "directories whose *.yaml files are collected as Tonk scenarios",
                  type="paths", default=[])
