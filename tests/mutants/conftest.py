"""The repository's ``mutants`` folder is imported from its path, as ``tonk mutants``
imports it, so these tests find it whether or not the checkout is on ``sys.path``."""

from tonk_ref.tools.mutation import load_mutants

load_mutants()
