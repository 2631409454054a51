"""JUnit XML from the conformance report: one ``<testcase>`` per case, named by its id and
classed by its source file; failures as ``<failure>``, engine faults and stale known
failures as ``<error>``, skips and known failures as ``<skipped>``; the cases a run that
stopped early never reached as ``<skipped>`` too, saying why, so that the file counts the
whole suite.  A case checked in part says what it left out in its ``<system-out>``.

The XML is well formed whatever the engine's name or messages hold: every text and
attribute is written with its control characters and lone surrogates as escapes
(:func:`~.escape.xml_text`), and ElementTree escapes the markup."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from .escape import xml_text
from .render import case_detail, left_out_text

JSON = dict[str, Any]


def _element(parent: ET.Element, tag: str, attrs: dict[str, str]) -> ET.Element:
    return ET.SubElement(parent, tag, {k: xml_text(v) for k, v in attrs.items()})


def junit_xml(report: JSON) -> str:
    c = report["counts"]
    not_run: list[str] = report.get("not_run") or []
    suite = ET.Element("testsuite", {
        "name": "tonk-conformance",
        "tests": str(c["total"] + len(not_run)),
        "failures": str(c["failed"]),
        "errors": str(c["errored"]),
        "skipped": str(c["skipped"] + c["known"] + len(not_run)),
        "time": f"{report['run']['duration_s']:.3f}",
        "timestamp": xml_text(report["run"]["date"]),
    })
    props = ET.SubElement(suite, "properties")
    engine = report["engine"]
    for name, value in (("engine", f"{engine['name']} {engine['version']}"), ("adapter", report["run"]["adapter"])):
        _element(props, "property", {"name": name, "value": value})
    for case in report["cases"]:
        tc = _element(suite, "testcase", {
            "classname": case["source"].rsplit(":", 1)[0],
            "name": case["id"],
            "time": f"{case['duration']:.6f}",
        })
        status = case["status"]
        if status in ("failed", "errored"):
            tag = "failure" if status == "failed" else "error"
            el = _element(tc, tag, {"message": case["message"].splitlines()[0] if case["message"] else status})
            el.text = xml_text("\n".join(case_detail(report, case, transcript=20)))
        elif status == "skipped":
            _element(tc, "skipped", {"message": case["message"]})
        elif status == "known":
            _element(tc, "skipped", {"message": f"known failure: {case.get('known', '')}"})
        if case.get("left_out"):  # after the status's element, as the JUnit schema orders them
            ET.SubElement(tc, "system-out").text = xml_text(left_out_text(case))
    why = f"not run: the run stopped early: {report['run'].get('stopped') or 'before this case'}"
    for cid in not_run:
        tc = _element(suite, "testcase", {"classname": "not run", "name": cid, "time": "0"})
        _element(tc, "skipped", {"message": why})
    root = ET.Element("testsuites")
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
