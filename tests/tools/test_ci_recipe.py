"""The recipe for an implementer's CI: scripts/tonk-ci.sh (install, tonk check with its
reports, the HTML page, tonk check's exit status) and action.yml, the composite action whose
steps are that script."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "tonk-ci.sh"
ACTION = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
FAKE = f"{sys.executable} tests/fakes/fake_engine.py --mode bug_knock_tie"
FILES = ("report.xml", "report.json", "badge.json", "report.md", "report.html")


def ci(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """scripts/tonk-ci.sh with this checkout's tonk_ref on this interpreter."""
    given = {**os.environ, "PYTHONPATH": str(ROOT), "TONK_PYTHON": sys.executable}
    for name in ("GITHUB_STEP_SUMMARY", "TONK_ADAPTER_CMD", "TONK_RULES", "TONK_KNOWN_FAILURES", "TONK_OUT",
                 "TONK_INSTALL"):
        given.pop(name, None)  # only what the test gives (a CI's own summary is left alone)
    given.update(env or {})
    return subprocess.run(["bash", str(SCRIPT), *argv], capture_output=True, text=True, cwd=ROOT, env=given,
                          timeout=300)


# ---------------------------------------------------------------------------- the action
def _steps() -> list[dict[str, object]]:
    runs = ACTION["runs"]
    assert runs["using"] == "composite"
    steps: list[dict[str, object]] = runs["steps"]
    return steps


def test_the_actions_steps_are_the_script() -> None:
    """One home for the steps: the action runs scripts/tonk-ci.sh and runs no tonk, pip or
    check of its own."""
    runs = [str(s["run"]) for s in _steps() if "run" in s]
    calling = [r for r in runs if "scripts/tonk-ci.sh" in r]
    assert len(calling) == 1 and '"$GITHUB_ACTION_PATH/scripts/tonk-ci.sh"' in calling[0]
    for text in runs:
        # no command of its own (tonk, python -m tonk_ref, pip), no input pasted into the shell
        assert not re.search(r"(^|[;&|(]\s*)(tonk|\S*python\S* -m (tonk_ref|pip)|pip)\b", text, re.M), text
        assert "${{" not in text, text


def test_every_input_reaches_the_script_through_its_environment() -> None:
    [step] = [s for s in _steps() if "scripts/tonk-ci.sh" in str(s.get("run", ""))]
    env = step["env"]
    assert isinstance(env, dict)
    script = SCRIPT.read_text(encoding="utf-8")
    for name in env:
        assert f"${{{name}:-" in script, f"the script does not read {name}"
    used = " ".join(str(v) for s in _steps() for v in [*dict(s.get("with", {}) or {}).values(),
                                                        *dict(s.get("env", {}) or {}).values()])
    for name in ACTION["inputs"]:
        assert f"inputs.{name}" in used, f"the input {name} is never used"
    assert ACTION["inputs"]["adapter-cmd"]["required"] is True
    assert {"adapter-cmd", "rules", "known-failures", "python-version", "tonk-source"} <= set(ACTION["inputs"])


def test_the_reports_are_uploaded_even_when_the_check_fails_and_then_the_job_fails() -> None:
    steps = _steps()
    [upload] = [s for s in steps if str(s.get("uses", "")).startswith("actions/upload-artifact@")]
    assert upload["if"] == "always()"
    assert steps.index(upload) < len(steps) - 1
    last = steps[-1]
    assert last["if"] == "steps.check.outputs.exit-status != '0'" and 'exit "${STATUS' in str(last["run"])


# ---------------------------------------------------------------------------- the script
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed: the example engine "
                                                                     "is JavaScript")


@needs_node
def test_the_script_checks_the_example_js_engine_and_keeps_every_report(tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    ran = ci("--adapter-cmd", "node examples/js-engine/server.js", "--out", str(tmp_path / "out"),
             env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert ran.returncode == 0, ran.stdout + ran.stderr
    out = tmp_path / "out"
    assert sorted(p.name for p in out.iterdir()) == sorted(FILES)
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["engine"]["name"] == "tonk-js-example" and report["ok"] is True
    suites = ET.parse(out / "report.xml").getroot()
    assert int(suites.get("tests") or next(iter(suites)).get("tests") or 0) > 400
    assert json.loads((out / "badge.json").read_text(encoding="utf-8"))["schemaVersion"] == 1
    assert (out / "report.html").read_text(encoding="utf-8").lower().startswith("<!doctype html")
    assert "tonk-js-example" in summary.read_text(encoding="utf-8")
    assert ran.stdout.rstrip().endswith(f"tonk-ci.sh: tonk check exited 0; the reports are in {out}/")


def test_a_failure_fails_and_a_known_failure_does_not(tmp_path: Path) -> None:
    out = tmp_path / "out"
    ran = ci("--adapter-cmd", FAKE, "--out", str(out), "--", "-k", "pay", "--no-features")
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert sorted(p.name for p in out.iterdir()) == sorted(FILES)  # the page too, though the check failed
    known = tmp_path / "known.yaml"
    listed = subprocess.run([sys.executable, "-m", "tonk_ref", "check", "--adapter-cmd", FAKE, "-k", "pay",
                             "--no-features", "--no-progress", "--write-known-failures", str(known)],
                            capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert listed.returncode == 0 and known.is_file(), listed.stderr
    ran = ci("--adapter-cmd", FAKE, "--out", str(out), "--known-failures", str(known), "--", "-k", "pay",
             "--no-features")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert json.loads((out / "report.json").read_text(encoding="utf-8"))["counts"]["known"] > 0


def test_bad_input_is_exit_status_2(tmp_path: Path) -> None:
    ran = ci("--out", str(tmp_path / "none"), env={"TONK_ADAPTER_CMD": ""})
    assert ran.returncode == 2 and "--adapter-cmd" in ran.stderr
    ran = ci("--adapter-cmd", FAKE, "--out", str(tmp_path / "out"), "--rules", "sede")
    assert ran.returncode == 2 and "did you mean 'seed'" in ran.stderr, ran.stderr
    assert not (tmp_path / "out" / "report.html").exists()
    ran = ci("--adapter-cmd", FAKE, "--bogus")
    assert ran.returncode == 2 and "unknown argument '--bogus'" in ran.stderr
