"""Adapters and the protocol: the only way the harness talks to an engine."""
