"""Known-failures files: loading, located errors, matching ids, writing today's list."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tonk_ref.harness.known_failures import (
    KnownFailuresError,
    dump_known_failures,
    load_known_failures,
    parse_known_failures,
)


def test_a_valid_file_lists_reasons_by_id(tmp_path: Path) -> None:
    f = tmp_path / "known.yaml"
    f.write_text("engine: mine 1.0\ncases:\n  - {id: a-case, reason: one}\n  - id: b-case\n    reason: two\n")
    kf = load_known_failures(f)
    assert kf.reasons == {"a-case": "one", "b-case": "two"}
    assert kf.reason_for("a-case") == "one" and kf.reason_for("c-case") is None


def test_json_is_accepted_too() -> None:
    kf = parse_known_failures('{"cases": [{"id": "a-case", "reason": "x"}]}', "known.json")
    assert kf.reasons == {"a-case": "x"}


def test_a_bare_id_covers_every_row_of_an_outline() -> None:
    kf = parse_known_failures("cases:\n  - {id: tie, reason: r}\n  - {id: 'pay[2-3]', reason: s}\n", "k.yaml")
    assert kf.reason_for("tie[1-2]") == "r"
    assert kf.reason_for("pay[2-3]") == "s"
    assert kf.reason_for("pay[1-3]") is None
    assert kf.unmatched(["tie[1-2]", "other"]) == ["pay[2-3]"]


@pytest.mark.parametrize(
    ("text", "line", "field", "words"),
    [
        ("cases:\n  - {id: a, reason: x\n", 3, "", "YAML syntax error"),
        ("cases:\n  - id: a-case\n    reasn: x\n", 2, "cases[0]", "reasn"),
        ("cases:\n  - id: a-case\n", 2, "cases[0]", "'reason' is a required property"),
        ("cases:\n  - {id: a-case, reason: x}\n  - {id: 'Bad Id', reason: y}\n", 3, "cases[1].id", "not a case ID"),
        ("cases:\n  - {id: a-case, reason: ''}\n", 2, "cases[0].reason", "give a reason"),
        ("cases:\n  - {id: a-case, reason: x}\n  - {id: a-case, reason: y}\n", 3, "cases[1].id", "listed twice"),
        ("case:\n  - {id: a-case, reason: x}\n", 1, "(top)", "case"),
        ("- a-case\n", 1, "", "expected a mapping"),
    ],
)
def test_errors_name_the_file_line_and_field(text: str, line: int, field: str, words: str) -> None:
    with pytest.raises(KnownFailuresError) as e:
        parse_known_failures(text, "known.yaml")
    assert e.value.file == "known.yaml"
    assert e.value.line == line
    assert e.value.field == field
    assert words in str(e.value)
    assert str(e.value).startswith(f"known.yaml:{line}: ")


def test_a_missing_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(KnownFailuresError, match="cannot read the file"):
        load_known_failures(tmp_path / "nope.yaml")


def test_todays_list_round_trips(tmp_path: Path) -> None:
    text = dump_known_failures([("a-case", "result.ending: expected 'x', got 'y'"), ("b-case[1]", "")], "mine 2")
    assert yaml.safe_load(text)["engine"] == "mine 2"
    f = tmp_path / "k.yaml"
    f.write_text(text)
    assert load_known_failures(f).reasons == {"a-case": "result.ending: expected 'x', got 'y'", "b-case[1]": "fails"}
