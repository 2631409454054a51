"""A case moved to another table draws the same cards from the stock, in the same order, as
it does under its own rules: translated to a 40-card pack without an upcard (its old upcard
goes under the cards it draws, not on top of the stock), dealt again at a 52-card table
without an upcard, and dealt again at a table that turns one up where the case turns none."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.adapters import reference as R
from tonk_ref.adapters.inprocess import reference
from tonk_ref.harness.case import Case
from tonk_ref.harness.scenario import load_scenario
from tonk_ref.harness.table.retarget import retarget
from tonk_ref.harness.table.translate import keeps, stock_draws, translations
from tonk_ref.rulebook.book import load_presets

ROOT = Path(__file__).resolve().parents[2]
_MAPPED = re.compile(r"([A2-9TJQK][cdhs])→([A2-9TJQK][cdhs])")

#: Cases dealt from 52 cards with an upcard that draw three cards or more from the stock.
WITH_UPCARD = ("game/game-four-players-max-players-4", "turn/turn-play-passes-left-dealer-0-3p",
               "spread/spread-order-on-table-3p", "pay/pay-knock-caught-second-seat-3p",
               "pay/pay-w9-knock-caught-3p", "turn/turn-discard-own-discard-again-2p")
#: Cases dealt without an upcard that draw three cards or more.
WITHOUT_UPCARD = ("deal/deal-full-deck-no-upcard-2p", "deal/deal-full-deck-no-upcard-3p")


def _case(name: str) -> Case:
    return load_scenario(ROOT / "scenarios" / f"{name}.yaml", ROOT)


def _drawn(case: Case) -> list[str]:
    """The cards the case's script draws from the stock, in order, on the reference."""
    assert case.setup is not None
    played = R.replay(case.setup, case.actions, trace=True)
    before: dict[str, Any] = played.initial
    out: list[str] = []
    for (seat, action), answer in zip(played.moves, played.answers, strict=True):
        after = answer.state
        assert after is not None
        if answer.ok and action.get("type") == "draw" and action.get("from") == "stock":
            new = [c for c in after["hands"][seat] if c not in before["hands"][seat]]
            assert len(new) == 1, (action, new)
            out.append(new[0])
        before = after
    return out


@pytest.mark.parametrize("name", WITH_UPCARD)
def test_a_case_translated_to_a_pack_without_an_upcard_draws_the_same_cards_in_order(name: str) -> None:
    case = _case(name)
    table = load_presets()["online-reem"].ruleset()
    assert case.ruleset.upcard and not table.upcard and case.ruleset.deck == 52 and table.deck == 40
    original = _drawn(case)
    assert len(original) == stock_draws(case) >= 3
    candidate, how = next(translations(case, table))
    cmap = dict(_MAPPED.findall(how))
    assert _drawn(candidate) == [cmap.get(c, c) for c in original], how
    # the script then plays as written: the same actions accepted and refused
    assert keeps(case, candidate), how


#: Cases with an upcard that a 3-seat table without one plays.
THREE_SEATS = ("deal/deal-full-deck-dealer-0-2p", "deal/deal-full-deck-dealer-1-3p", *WITH_UPCARD[1:3])


@pytest.mark.parametrize(("names", "table_name"), [(THREE_SEATS, "seed-no-upcard"), (WITHOUT_UPCARD, "seed")])
def test_a_case_dealt_again_with_or_without_an_upcard_draws_the_same_cards_in_order(
        names: tuple[str, ...], table_name: str) -> None:
    table = load_presets()[table_name].ruleset()
    for name in names:
        case = _case(name)
        assert case.ruleset.upcard != table.upcard and case.ruleset.deck == table.deck
        moved = retarget(case, table, reference()).case
        assert moved is not None, name
        assert moved.ruleset.upcard == table.upcard
        assert _drawn(moved) == _drawn(case), name
