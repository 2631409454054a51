"""The spec layer: what spec/ says, as code, and how it applies to a situation.

- :mod:`.rulebook`: the rules, the ruleset schema, the presets and table-rules files, read
  and checked (errors name the file, the line and the field);
- :mod:`.options`: what the ruleset schema declares about each option (what it acts on,
  the options it needs, seed or house, the actions it brings), for the tools;
- :mod:`.notation`: the one action notation (``0 knock``, ``1 draw stock``) and the text of
  option values;
- :mod:`.reasons`: the reason codes and the rules they cite;
- :mod:`.situation`: a situation described in words or taken from a scenario, played
  under a ruleset;
- :mod:`.judging`: a ruling: the situation played under every ruleset that could matter,
  grouped by outcome, with the deciding rules and their provenance;
- :mod:`.wording`: cards, events and amounts in words for people;
- :mod:`.yamlpos`: places in YAML documents, for error messages.

It imports the engine and nothing above it (tests/test_layers.py).
"""
