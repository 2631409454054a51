"""Every scenario of features/*.feature, against the engine of ``tonk_adapter``
(the reference engine in this repository's test run)."""

from __future__ import annotations

from tonk_ref.harness import feature_suite

globals().update(feature_suite.collectables())
