"""JUnit XML from the conformance report: one ``<testcase>`` per case, named by its id and
classed by its source file; failures as ``<failure>``, engine faults and stale known
failures as ``<error>``, skips and known failures as ``<skipped>``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from .render import case_detail

JSON = dict[str, Any]


def junit_xml(report: JSON) -> str:
    c = report["counts"]
    suite = ET.Element("testsuite", {
        "name": "tonk-conformance",
        "tests": str(c["total"]),
        "failures": str(c["failed"]),
        "errors": str(c["errored"]),
        "skipped": str(c["skipped"] + c["known"]),
        "time": f"{report['run']['duration_s']:.3f}",
        "timestamp": report["run"]["date"],
    })
    props = ET.SubElement(suite, "properties")
    engine = report["engine"]
    for name, value in (("engine", f"{engine['name']} {engine['version']}"), ("adapter", report["run"]["adapter"])):
        ET.SubElement(props, "property", {"name": name, "value": value})
    for case in report["cases"]:
        tc = ET.SubElement(suite, "testcase", {
            "classname": case["source"].rsplit(":", 1)[0],
            "name": case["id"],
            "time": f"{case['duration']:.6f}",
        })
        status = case["status"]
        if status in ("failed", "errored"):
            tag = "failure" if status == "failed" else "error"
            el = ET.SubElement(tc, tag, {"message": case["message"].splitlines()[0] if case["message"] else status})
            el.text = "\n".join(case_detail(report, case, transcript=20))
        elif status == "skipped":
            ET.SubElement(tc, "skipped", {"message": case["message"]})
        elif status == "known":
            ET.SubElement(tc, "skipped", {"message": f"known failure: {case.get('known', '')}"})
    root = ET.Element("testsuites")
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
