"""The views' tests run ``tonk`` in process (:func:`tonk_ref.tools.cli.main`) and read
what it printed and wrote."""

from __future__ import annotations

from runkit import tonk

__all__ = ["tonk"]
