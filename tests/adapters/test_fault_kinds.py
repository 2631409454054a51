"""The kinds of transport fault: one enumeration, the protocol's table of faults, and the
strings reports carry."""

from __future__ import annotations

import json
import re

import pytest

from tonk_ref.adapters.base import AdapterFault, FaultContext, FaultKind
from tonk_ref.harness.results import Fault, fault_lines
from tonk_ref.paths import spec_dir


def protocol_fault_kinds() -> set[str]:
    """The kinds in the table of spec/protocol.md, "What the runner does when an engine breaks"."""
    text = (spec_dir() / "protocol.md").read_text(encoding="utf-8")
    section = text.split("## What the runner does when an engine breaks", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `(\w+)` \|", section, flags=re.M))


def test_the_kinds_are_the_protocols_and_the_adapters_own() -> None:
    kinds = protocol_fault_kinds()
    assert len(kinds) >= 6
    assert {k.value for k in FaultKind} == kinds | {"adapter"}


def test_a_kind_not_of_the_enumeration_is_refused() -> None:
    with pytest.raises(ValueError, match="crashd"):
        AdapterFault("crashd", "typo")  # type: ignore[arg-type]
    assert AdapterFault("timeout", "late").kind is FaultKind.TIMEOUT  # type: ignore[arg-type]


def test_only_a_timeout_is_not_run_again_step_by_step() -> None:
    assert [k for k in FaultKind if not k.found_step_by_step] == [FaultKind.TIMEOUT]


def test_a_fault_reaches_the_report_as_the_same_plain_strings() -> None:
    context = FaultContext(request='{"method":"state"}', response="no", stderr_tail="a\nb\n", exit_code=3)
    fault = Fault.of(AdapterFault(FaultKind.CRASHED, "the engine exited", context), "0 knock")
    data = fault.to_json()
    assert type(data["kind"]) is str and data["kind"] == "crashed"
    assert data == {"kind": "crashed", "message": "the engine exited", "step": "0 knock",
                    "request": '{"method":"state"}', "response": "no", "stderr_tail": "a\nb\n", "exit_code": 3,
                    "traceback": ""}
    read_back = json.loads(json.dumps(data))
    assert fault_lines(read_back) == fault.lines()
    assert fault.lines()[0] == "engine fault (crashed): the engine exited"
    assert fault_lines(read_back, stderr_lines=1)[-1] == "  | b"
