"""Which kinds of candidate action ``tonk fuzz``'s probes try for a refusal code: derived
from the order of checks of spec/rules.yaml, not written by hand."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tonk_ref.adapters import reference as R
from tonk_ref.rulebook import book
from tonk_ref.rulebook.book import CheckGroup

#: The hand-written table the derived map replaced, as it stood.  The rulebook's checks
#: agree with it for every code, and give three codes kinds it lacked: a knock names its
#: discard (``not_in_hand``, ``taken_card``, ``must_use_taken`` in "knock after drawing"),
#: and a draw from the discard pile and a hit are checked for ``must_use_taken`` too.
HAND_TABLE: dict[str, frozenset[str]] = {
    "hand_over": frozenset({"draw"}), "not_your_turn": frozenset({"other"}), "malformed_action": frozenset({"bad"}),
    "already_drawn": frozenset({"draw"}), "must_draw_first": frozenset({"discard", "hit", "spread"}),
    "discard_pile_empty": frozenset({"draw"}), "not_in_hand": frozenset({"discard", "spread", "hit"}),
    "duplicate_card": frozenset({"spread"}), "not_a_spread": frozenset({"spread"}),
    "no_such_spread": frozenset({"hit"}),
    "hit_does_not_fit": frozenset({"hit"}), "hit_target": frozenset({"hit"}), "hit_limit": frozenset({"hit"}),
    "taken_card": frozenset({"discard"}), "last_card_taken": frozenset({"spread", "hit"}),
    "must_use_taken": frozenset({"discard", "spread"}), "forced_spread": frozenset({"discard", "knock"}),
    "declare_timing": frozenset({"declare"}), "not_special": frozenset({"declare"}),
}
#: What the checks add to the hand table.
GAINED: dict[str, frozenset[str]] = {
    "not_in_hand": frozenset({"knock"}), "taken_card": frozenset({"knock"}),
    "must_use_taken": frozenset({"draw", "hit", "knock"}),
}


@pytest.fixture
def fresh() -> Iterator[None]:
    """The derived map worked out anew (it is cached), and again after the test."""
    R._kinds_for.cache_clear()
    yield
    R._kinds_for.cache_clear()


def test_every_code_of_play_has_kinds_the_probes_make() -> None:
    derived = R._kinds_for()
    play = [r.code for r in book.load_reasons() if not r.protocol]
    assert play and sorted(derived) == sorted(play)
    assert all(kinds and kinds <= R._ALL_KINDS for kinds in derived.values())


def test_the_derived_map_is_the_hand_table_and_what_the_checks_add() -> None:
    derived = R._kinds_for()
    codes = sorted(set(derived) | set(HAND_TABLE) | {r.code for r in book.load_reasons() if not r.protocol})
    hand = {code: HAND_TABLE.get(code, frozenset({"knock"})) for code in codes}  # the knock codes were its default
    assert {code: derived[code] for code in codes} == {code: hand[code] | GAINED.get(code, frozenset())
                                                        for code in codes}


def test_a_group_of_checks_is_for_the_kind_its_words_name() -> None:
    of = [g.of for g in book.load_checks()]
    assert [R._kind_of_check(w) for w in of] == ["draw", "discard", "spread", "hit", "knock", "knock", "knock",
                                                 "declare", "knock"]


def test_a_code_added_to_an_order_of_checks_is_picked_up(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    groups = book.load_checks()
    declare = next(i for i, g in enumerate(groups) if g.of == "declare")
    groups[declare] = CheckGroup(groups[declare].of, (*groups[declare].order, ("hit_limit", "")))
    monkeypatch.setattr(book, "load_checks", lambda path=None: groups)
    assert R._kinds_for()["hit_limit"] == frozenset({"hit", "declare"})
    assert R._kinds_for()["hand_over"] == frozenset({"draw"})  # checked before any kind's own: kept as written
