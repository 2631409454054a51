"""scenarios/options: every value of every ruleset option of the seed set, contrasted
with the default on the same deal and the same actions.

A contrast is a set of cases named ``opt-<option>-<value>-<what>`` and
``opt-<option>-default-<what>``: the deal and the actions are the same, the ruleset
differs in that one option, and the expected outcome differs (an action accepted in one
is refused in the other, or the payments differ).  Where an option cannot change a deal,
the deal is one where it does.  Seats: A = 0, B = 1, C = 2.  The table is
tables/options.yml.
"""

from __future__ import annotations

from functools import partial

from scenarios._gen.make import contrast as shared
from scenarios._gen.make import tables
from scenarios._gen.make.case import Case
from scenarios._gen.pay import MAKERS


def kebab(v: object) -> str:
    """An option value in this folder's titles: underscores written as dashes."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v).replace("_", "-")


#: The contrast ``opt-<option>-<value>-<what>`` (see make/contrast.py).
contrast = partial(shared.contrast, "opt", spell=kebab)


def cases() -> list[Case]:
    return tables.cases("options", MAKERS, contrast)
