"""scenarios/stock: hands that run the stock dry (rules STOCK-1, STOCK-2, PAY-STOCK-1,
PAY-STOCK-2 and the options empty_stock and stock_tie).

Every case draws the whole stock with P0-like turns (see drystock.py): each turn draws
from the stock and discards the card drawn, so the hands at the end are the dealt hands
(less any spread laid on a first turn) and the totals the table states can be checked by
adding up five cards.  Right after the last stock card is drawn each script checks that
the hand goes on (STOCK-1).  The table is tables/stock.yml.
"""

from __future__ import annotations

from scenarios._gen.drystock import dry_case
from scenarios._gen.make import tables
from scenarios._gen.make.case import Case


def cases() -> list[Case]:
    return tables.cases("stock", {"dry": dry_case})
