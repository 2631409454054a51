"""The reference engine: cards, ruleset, spreads, the hand, payments, the match.
Imports nothing from the harness, pytest or YAML."""
