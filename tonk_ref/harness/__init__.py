"""The conformance harness: the one case model and its compilers (YAML scenarios, Gherkin
features, perft tables), the comparison rules, the one runner and its typed results, the
reports, retargeting to a table's rules and the pytest plugin.  It talks to engines only
through an adapter (tests/test_layers.py)."""
