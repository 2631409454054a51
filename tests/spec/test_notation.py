"""The one action notation: every form parses to its protocol action and formats back to
the same text; bad text is refused with what was expected."""

from __future__ import annotations

import pytest

from tonk_ref.rulebook.notation import NotationError, action_key, describe_action, format_action, parse_action

FORMS = [
    ("0 knock", 0, {"type": "knock"}),
    ("0 knock 9s", 0, {"type": "knock", "discard": "9s"}),
    ("1 draw stock", 1, {"type": "draw", "from": "stock"}),
    ("1 draw discard", 1, {"type": "draw", "from": "discard"}),
    ("2 spread 4h 5h 6h", 2, {"type": "spread", "cards": ["4h", "5h", "6h"]}),
    ("2 spread 5c X1 X2", 2, {"type": "spread", "cards": ["5c", "X1", "X2"]}),
    ("2 hit 7h 0", 2, {"type": "hit", "card": "7h", "spread": 0}),
    ("0 discard 9s", 0, {"type": "discard", "card": "9s"}),
]


@pytest.mark.parametrize(("text", "seat", "action"), FORMS)
def test_each_form_round_trips(text: str, seat: int, action: dict[str, object]) -> None:
    assert parse_action(text) == (seat, action)
    assert format_action(seat, action) == text
    assert format_action(None, action) == text.split(" ", 1)[1]


def test_the_seat_may_be_left_out_when_known() -> None:
    assert parse_action("knock 9s", seat=1) == (1, {"type": "knock", "discard": "9s"})
    assert parse_action("1 draw stock", seat=1) == (1, {"type": "draw", "from": "stock"})
    with pytest.raises(NotationError, match="names seat 2, but these are seat 1's actions"):
        parse_action("2 draw stock", seat=1)
    with pytest.raises(NotationError, match="does not start with a seat"):
        parse_action("draw stock")


@pytest.mark.parametrize(
    "text",
    ["0 knock 9s 8s", "0 draw", "0 draw pile", "0 spread", "0 hit 7h", "0 hit 7h x", "0 discard", "0 fold",
     "0  knock", "0 knock ", ""],
)
def test_bad_text_is_refused_with_the_forms(text: str) -> None:
    with pytest.raises(NotationError, match="expected"):
        parse_action(text)


def test_strict_cards_and_raw_cards() -> None:
    with pytest.raises(NotationError, match="'1x' is not a card"):
        parse_action("0 discard 1x")
    assert parse_action("0 discard 1x", strict=False) == (0, {"type": "discard", "card": "1x"})


def test_malformed_actions_have_no_notation_but_a_description() -> None:
    bad = {"type": "discard", "card": "9s", "extra": 1}
    assert format_action(0, bad) is None
    assert describe_action(0, bad) == '0 {"type": "discard", "card": "9s", "extra": 1}'
    assert format_action(0, {"type": "hit", "card": "7h", "spread": -1}) is None
    assert format_action(0, "knock") is None


def test_action_key_treats_a_spread_as_a_set() -> None:
    a = {"type": "spread", "cards": ["4h", "5h", "6h"]}
    b = {"type": "spread", "cards": ["6h", "4h", "5h"]}
    assert action_key(a) == action_key(b)
    assert action_key(a) != action_key({"type": "spread", "cards": ["4h", "5h", "7h"]})


def test_a_move_is_an_action_without_its_seat() -> None:
    from tonk_ref.rulebook.notation import parse_move

    assert parse_move("hit 7h 0") == {"type": "hit", "card": "7h", "spread": 0}
    assert parse_move("knock") == {"type": "knock"}
    with pytest.raises(NotationError, match="names a seat"):
        parse_move("0 knock")
