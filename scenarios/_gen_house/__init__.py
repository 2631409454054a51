"""Generators of scenarios/house: the wider house rules (jokers to eating, knock limits,
points) and the presets hoyle-tunk and online.  ``python scenarios/_gen_house/generate.py``
rewrites the folder; ``--check`` reports differences."""
