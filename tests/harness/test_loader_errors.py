"""Bad scenario files get a clear error naming the file, the line and the field:
one test per kind of bad input, each asserting all three."""

from __future__ import annotations

from pathlib import Path

import pytest
from tonkcases import KNOCK_DEAL

from tonk_ref.harness.scenario import ScenarioError, load_scenario, parse_scenario

BASE = """\
id: bad-case
title: a case to break
rules: [PAY-KNOCK-2]
""" + KNOCK_DEAL + """script:
  - expect: {to_act: 0, stage: start}
  - act: 0 knock
result:
  ending: knock_won
  winners: [0]
"""
# line numbers of BASE:  1 id, 3 rules, 4 players, 7 hands, 8-10 seats 0-2, 11 upcard,
# 13 the expect step, 14 the knock, 15 result, 17 winners


def edit(old: str, new: str) -> str:
    assert old in BASE, old
    return BASE.replace(old, new, 1)


def test_the_base_case_loads() -> None:
    case = parse_scenario(BASE, "bad.yaml")
    assert case.id == "bad-case" and len(case.setup["deck"]) == 52


CASES = [
    # (kind, text, line, field, words in the message)
    ("YAML syntax error", edit("8s]", "8s"), 10, "", "YAML syntax error"),
    ("malformed card 1x", edit("2d, 3s", "2d, 1x"), 8, "deal.hands[0][3]", "'1x' is not a card"),
    ("malformed card 10h in an action", edit("act: 0 knock", "act: 0 discard 10h"), 14, "script[1].act",
     "'0 discard 10h' is not an action"),
    ("duplicate card in the hands", edit("9c, 7s", "9c, 2c"), 10, "deal.hands[2][4]", "2c is dealt twice"),
    ("duplicate card as the upcard", edit("upcard: Kh", "upcard: Ac"), 11, "deal.upcard", "Ac is dealt twice"),
    ("missing cards in a full deck", edit(
        "  hands:\n    - [Ac, 2c, 2d, 3s, 4h]\n    - [Kd, Qd, Jd, 9h, 8s]\n    - [Kc, Qc, Jc, 9c, 7s]\n  upcard: Kh",
        "  deck: [Ac, 2c, 3c]"), 7, "deal.deck", "52"),
    ("a hand for a seat that does not exist",
     edit("    - [Kc, Qc, Jc, 9c, 7s]\n", "    - [Kc, Qc, Jc, 9c, 7s]\n    - [Ks, Qs, Js, 9s, 7h]\n"), 11,
     "deal.hands[3]", "4 hands given for 3 players"),
    ("an action by a seat that does not exist", edit("act: 0 knock", "act: 5 knock"), 14, "script[1].act",
     "seat 5 does not exist"),
    ("an unknown preset", edit("players: 3", "ruleset: {preset: seeed}\nplayers: 3"), 4, "ruleset.preset",
     "unknown preset 'seeed'"),
    ("an unknown option value", edit("players: 3", "ruleset:\n  options: {knock_tie: knocker}\nplayers: 3"), 5,
     "ruleset.options.knock_tie", "knocker"),
    ("an unknown option", edit("players: 3", "ruleset:\n  options: {knock_ty: caught}\nplayers: 3"), 5,
     "ruleset.options.knock_ty", "knock_ty"),
    ("an unknown rule ID", edit("[PAY-KNOCK-2]", "[PAY-KNOCK-2, PAY-KNOCK-99]"), 3, "rules[1]",
     "unknown rule ID 'PAY-KNOCK-99'"),
    ("never checkable: hands for 2 seats of 3", edit("{to_act: 0, stage: start}", "{hands: [[Ac], [Kd]]}"), 13,
     "script[0].expect.hands", "can never match"),
    ("never checkable: a spread of 2 cards", edit("{to_act: 0, stage: start}", "{spreads: [{cards: [Ac, 2c]}]}"),
     13, "script[0].expect.spreads[0].cards", "can never match"),
    ("never checkable: to_act a seat that does not exist", edit("{to_act: 0, stage: start}", "{to_act: 4}"), 13,
     "script[0].expect.to_act", "seat 4 does not exist"),
    ("never checkable: net does not sum to zero", edit("  winners: [0]", "  net: [2, -1, 0]"), 17, "result.net",
     "sum to zero"),
    ("never checkable: a player pays themselves",
     edit("  winners: [0]", "  payments: [{payer: 1, payee: 1, amount: 1}]"), 17, "result.payments[0]",
     "never pays themselves"),
    ("a hand size for a seat that does not exist", edit("{to_act: 0, stage: start}", "{hand_sizes: {7: 5}}"), 13,
     "script[0].expect.hand_sizes[7]", "seat 7 does not exist"),
    ("a payment to oneself among the pairs", edit("  winners: [0]", "  pays: [{payer: 1, payee: 1, amount: 1}]"),
     17, "result.pays[0]", "a player never pays themselves"),
    ("a wrong key of a match answer", edit("  - act: 0 knock", "  - call: {method: cut, expect: {rounds(1): 2}}"),
     14, "script[1].call.expect", "does not match"),
]


@pytest.mark.parametrize(("kind", "text", "line", "field", "words"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_names_file_line_and_field(kind: str, text: str, line: int, field: str, words: str) -> None:
    with pytest.raises(ScenarioError) as e:
        parse_scenario(text, "scenarios/x/bad.yaml")
    err = e.value
    assert (err.file, err.line, err.field) == ("scenarios/x/bad.yaml", line, field), str(err)
    assert words in err.message
    where = f"scenarios/x/bad.yaml:{line}: {field}: " if field else f"scenarios/x/bad.yaml:{line}: "
    assert str(err).startswith(where)


UNKNOWN_FIELDS = [
    ("at the top", edit("players: 3", "players: 3\nplayerz: 3"), 5, "playerz"),
    ("in an expectation", edit("{to_act: 0, stage: start}", "{to_act: 0, stag: start}"), 13,
     "script[0].expect.stag"),
    ("in the result", edit("  winners: [0]", "  winner: [0]"), 17, "result.winner"),
]


@pytest.mark.parametrize(("where", "text", "line", "field"), UNKNOWN_FIELDS, ids=[u[0] for u in UNKNOWN_FIELDS])
def test_an_unknown_field_is_named_with_the_fields_allowed(where: str, text: str, line: int, field: str) -> None:
    with pytest.raises(ScenarioError) as e:
        parse_scenario(text, "bad.yaml")
    name = field.rsplit(".", 1)[-1]
    assert f"'{name}' was unexpected" in e.value.message
    assert "the fields allowed here are" in e.value.message
    assert e.value.line is not None and e.value.line <= line


@pytest.mark.parametrize(("where", "text", "line", "field"), UNKNOWN_FIELDS, ids=[u[0] for u in UNKNOWN_FIELDS])
def test_an_unknown_field_points_at_its_own_line(where: str, text: str, line: int, field: str) -> None:
    with pytest.raises(ScenarioError) as e:
        parse_scenario(text, "bad.yaml")
    assert (e.value.line, e.value.field) == (line, field)


def test_a_file_error_names_the_path(tmp_path: Path) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(edit("2d, 3s", "2d, 1x"), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(f, root=tmp_path)
    assert str(e.value).startswith("bad.yaml:8: deal.hands[0][3]: '1x' is not a card")
