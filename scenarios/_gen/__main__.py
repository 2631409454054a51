"""``python -m scenarios._gen``: see :mod:`scenarios._gen.cli`."""

from __future__ import annotations

from scenarios._gen.cli import main

raise SystemExit(main())
