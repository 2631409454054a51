"""Property tests: hypothesis settings for CI and for long runs.

The default run is derandomized (a fixed seed per test, no example database) and small
enough for CI.  For a long, random run:

    TONK_HYPOTHESIS_PROFILE=long python -m pytest tests/properties
    python -m pytest tests/properties --hypothesis-profile=tonk-long

(``--hypothesis-profile`` works when this folder is on the command line, so that this
conftest is loaded before hypothesis reads the option.)  ``TONK_HYPOTHESIS_SCALE=N``
multiplies every test's example count instead.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracle"))

_COMMON = {
    "deadline": None,
    "suppress_health_check": [
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
        HealthCheck.large_base_example,
    ],
    "print_blob": True,
}
settings.register_profile("tonk-ci", derandomize=True, database=None, **_COMMON)  # type: ignore[arg-type]
settings.register_profile("tonk-long", derandomize=False, **_COMMON)  # type: ignore[arg-type]


def pytest_terminal_summary(terminalreporter: Any) -> None:
    propkit = sys.modules.get("propkit")
    stats = getattr(propkit, "STATS", None)
    if stats:
        terminalreporter.write_line(
            "property walks: " + ", ".join(f"{k} {v}" for k, v in sorted(stats.items(), key=lambda kv: -kv[1]))
        )
