"""The scenario generators: the tables of the generated case families and what makes
files of them.  Layers, lowest first:

- the package ``tonk_model`` (beside ``tonk_ref``, not in this folder): an independent
  model of a hand of Tonk (it never imports the engine); it is also the tests' oracle
  (tests/oracle/).
- ``make/``: from a table row to a file: a script followed on the model (``play``), the
  two kinds of rows (``table``, ``case``, ``contrast``), the tables read from their data
  files (``tables``), the YAML writer (``write``) and a family's files on disk (``files``).
- ``tables/``: the families' case tables as data, ``<family>.yml`` (not ``.yaml``: they
  are not scenarios), one row a case; see ``make/tables.py``.
- this folder: one module per family (``deal.py`` .. ``var.py``, the three ``house_*.py``
  for scenarios/house): what makes its cases of its table (deal, obs and turn keep their
  rows in the module), and the command line (``cli.py``, the list of the families):
  ``python -m scenarios._gen [--check] [FAMILY ...]``.  Imports point one way: ``cli``
  imports the families, which never import it (a family run as a script goes through
  ``make/command.py``); tests/corpus/test_generated_imports.py checks it.
"""
