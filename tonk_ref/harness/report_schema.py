"""The JSON Schema of the report ``tonk check --json`` writes (spec/schemas/report.json),
read from the spec: the report's builder and reader and a scene's table read it."""

from __future__ import annotations

import json
from typing import Any

from ..paths import spec_dir


def report_schema() -> dict[str, Any]:
    """The JSON Schema of the report written by ``tonk check --json``
    (spec/schemas/report.json)."""
    schema: dict[str, Any] = json.loads((spec_dir() / "schemas" / "report.json").read_text(encoding="utf-8"))
    return schema
