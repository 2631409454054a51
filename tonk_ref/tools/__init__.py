"""The ``tonk`` command-line tools (the top layer: imports point down from here)."""
