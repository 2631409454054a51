"""pytest markers for the Tonk cases: every rule ID of spec/rules.yaml (``-m PAY-KNOCK-2``)
and every ``@id.`` tag of the features (``-m id.pay-knock-w6``), so that selecting by them
raises no unknown-marker warning."""

from __future__ import annotations

import re

import pytest

from ..paths import features_dir
from ..rulebook.reasons import rule_order


def register_markers(config: pytest.Config) -> None:
    """Idempotent: markers already registered are left alone."""
    known = {str(line).split(":", 1)[0].split("(", 1)[0].strip() for line in config.getini("markers")}
    lines = [(rid, f"Tonk cases checking rule {rid}") for rid in rule_order()]
    for path in sorted(features_dir().glob("*.feature")):
        for tag in re.findall(r"@(id\.[a-z0-9-]+)", path.read_text(encoding="utf-8")):
            lines.append((tag, "the Gherkin scenario with this stable id"))
    for name, text in lines:
        if name not in known:
            known.add(name)
            config.addinivalue_line("markers", f"{name}: {text}")
