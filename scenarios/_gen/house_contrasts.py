"""Every value of every wider house-rule option, contrasted with the default on the same
deal and the same script.

A contrast is a set of cases named ``house-<option>-<value>-<what>`` and
``house-<option>-default-<what>``: the deal is the same, the scripts are the same up to
the first action one ruleset refuses and the other accepts (or until one hand is over),
and the ruleset differs in that one option (other options may be set in every case of
the set, as ``base``).  The figures each case states are worked out by hand from the
rules text; the model checks them.  Seats: A = 0, B = 1, C = 2, D = 3.  The table is
tables/house_contrasts.yml.
"""

from __future__ import annotations

from functools import partial

from scenarios._gen.make import contrast as shared
from scenarios._gen.make import tables
from scenarios._gen.make.case import Case
from tonk_model.ruleset import options_of

#: The options of the wider house rules (``x-source: house`` in spec/ruleset.schema.json),
#: each contrasted here (the options/ folder contrasts the others).
OPTIONS = options_of("house")


#: The contrast ``house-<option>-<value>-<what>`` (see make/contrast.py).
contrast = partial(shared.contrast, "house")


def cases() -> list[Case]:
    return tables.cases("house_contrasts", contrast=contrast)
