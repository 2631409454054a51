"""The conformance harness: scenarios, comparison, the runner, the pytest plugin, reports."""
