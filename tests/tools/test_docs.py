"""docs/judging.md shows real outputs: every example (a block that starts ``$ tonk ...``) is
run here from the repository root, and its output compared with the block; a line ``...``
stands for lines left out.  An example whose block is an error line must fail that way
(exit 2, that one line on stderr; an error line that ends in ``, ...`` leaves out the rest
of a list, such as the known options, which grows with every option added).  The claims
the prose makes about the examples are checked against the judgement itself, and the
table-rules files it shows load."""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest
from runkit import Ran

from tonk_ref.paths import data_root
from tonk_ref.rulebook.book import load_ruleset_file

Tonk = Callable[..., Ran]
DOC = data_root() / "docs" / "judging.md"
TEXT = DOC.read_text(encoding="utf-8")


def examples() -> list[tuple[int, str, list[str]]]:
    """(line, command, expected lines) of every ``$ tonk`` block."""
    out = []
    for m in re.finditer(r"^```\n\$ (tonk [^\n]*)\n(.*?)\n```$", TEXT, re.M | re.S):
        line = TEXT[: m.start()].count("\n") + 2
        out.append((line, m.group(1), m.group(2).split("\n")))
    return out


EXAMPLES = examples()


def test_the_document_has_examples_of_every_command() -> None:
    commands = {shlex.split(cmd)[1] for _, cmd, _ in EXAMPLES}
    assert commands == {"judge", "explain", "rules"}
    assert len(EXAMPLES) >= 15


def appear_in_order(expected: list[str], actual: list[str]) -> str | None:
    """None if the chunks of ``expected`` (split at ``...`` lines) appear in ``actual`` in
    order, each as consecutive lines, the first at the start and the last at the end
    unless ``...`` says otherwise; else what went wrong."""
    chunks: list[list[str]] = [[]]
    for line in expected:
        if line == "...":
            chunks.append([])
        else:
            chunks[-1].append(line)
    head_open, tail_open = expected[0] == "...", expected[-1] == "..."
    chunks = [c for c in chunks if c]
    pos = 0
    for k, chunk in enumerate(chunks):
        found = next((i for i in range(pos, len(actual) - len(chunk) + 1) if actual[i : i + len(chunk)] == chunk),
                     None)  # fmt: skip
        if found is None:
            return f"lines not found in order: {chunk[:3]}..."
        if k == 0 and not head_open and found != 0:
            return f"the output does not start with {chunk[0]!r}"
        pos = found + len(chunk)
    if not tail_open and pos != len(actual):
        return f"the output goes on after the example ends: {actual[pos : pos + 2]}"
    return None


@pytest.mark.parametrize(("line", "command", "expected"), EXAMPLES, ids=[f"line-{x[0]}" for x in EXAMPLES])
def test_every_example_is_a_real_run(tonk: Tonk, monkeypatch: pytest.MonkeyPatch, line: int, command: str,
                                     expected: list[str]) -> None:
    monkeypatch.chdir(data_root())
    monkeypatch.setenv("COLUMNS", "80")  # the width a ruling wraps at when not on a terminal
    ran = tonk(*shlex.split(command)[1:])
    if ": error: " in expected[0] and expected[0].startswith("tonk "):
        got = ran.one_error_line(shlex.split(command)[1])
        if expected[0].endswith(", ..."):  # the end of a long list left out
            assert got.startswith(expected[0][:-3]) and len(got) > len(expected[0]) - 3, f"docs/judging.md:{line}"
        else:
            assert got == expected[0], f"docs/judging.md:{line}"
        return
    assert ran.code == 0, (line, ran.err)
    problem = appear_in_order(expected, ran.out.rstrip("\n").split("\n"))
    assert problem is None, f"docs/judging.md:{line}: {problem}"


def test_the_comparison_catches_a_changed_line() -> None:
    actual = ["a", "b", "c", "d"]
    assert appear_in_order(["a", "b", "c", "d"], actual) is None
    assert appear_in_order(["a", "...", "d"], actual) is None
    assert appear_in_order(["...", "c"], actual) is not None  # the output goes on after "c"
    assert appear_in_order(["...", "c", "..."], actual) is None
    assert appear_in_order(["a", "x", "..."], actual) is not None
    assert appear_in_order(["b", "..."], actual) is not None  # it does not start with "b"


def test_the_table_rules_files_shown_load(tmp_path: Path) -> None:
    shown = re.findall(r"^```yaml\n(.*?)\n```$", TEXT, re.M | re.S)
    assert shown
    for i, text in enumerate(shown):
        p = tmp_path / f"t{i}.yaml"
        p.write_text(text, encoding="utf-8")
        assert load_ruleset_file(p).changes()
    linked = re.findall(r"\((tables/[a-z-]+\.yaml)\)", TEXT)
    assert linked and all((DOC.parent / x).is_file() for x in linked)


# ---------------------------------------------------------------------------- the claims of the prose

W7 = "2 players, dealer 1; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; 0 knocks"
W12 = ("3 players; 0: Ac Ad Ah As 2c; 1: 2d 4d; 2: 4c 5d; table: 1 [5h 6h 7h], 2 [Tc Jc Qc]; discard Qs; stock 0; "
       "2 draws")
QKA = "2 players; 0: Qh Kh Ah 2c 3d; 1: 4s 5s 6s 7d 9d; discard Jc; 0 draws 8c, spreads Qh Kh Ah"
HIT_FIRST = "2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s; table: 1 [5c 6c 7c]; discard Qs; 0 hits 4c on 0"


def judged(tonk: Tonk, *args: str) -> dict[str, object]:
    doc: dict[str, object] = json.loads(tonk("judge", *args, "--format", "json").out)
    return doc


def said(sentence: str) -> str:
    """A sentence of the document (whitespace as in the prose), asserted to be there."""
    words = " ".join(sentence.split())
    assert words in " ".join(TEXT.split()), f"docs/judging.md no longer says: {sentence}"
    return words


def test_the_claims_about_the_examples(tonk: Tonk) -> None:
    claim = said("For it the judge finds that `count_held_spreads`, `empty_stock` and `stock_tie` change the result")
    w12 = judged(tonk, W12)
    assert set(re.findall(r"`([a-z_]+)`", claim)) == set(w12["options"]["change_the_result"])  # type: ignore[index]
    said("Under `forced_spreads = true` the described position cannot arise")
    assert "forced_spreads = true" in [c["label"] for c in w12["cannot_arise"]]  # type: ignore[union-attr,index]
    said("so there `forced_spreads = true` changes the result too")
    w12_file = judged(tonk, "scenarios/pay/pay-w12-stock-tie-3p.yaml")
    assert "forced_spreads" in w12_file["options"]["change_the_result"]  # type: ignore[index]

    said("eight house rules\ntried change the outcome")
    assert len(judged(tonk, W7)["verdict"]["alternatives"]) == 8  # type: ignore[index]

    said("Here is Q-K-A, which D12 settles and one house rule changes")
    qka = judged(tonk, QKA)
    assert list(qka["options"]["change_the_result"]) == ["ace"]  # type: ignore[index]
    assert qka["first_turn_would_arise"] == ["forced_spreads = true"]

    said("A hit before drawing is refused everywhere")
    hit = judged(tonk, HIT_FIRST)
    assert [g["outcome"] for g in hit["groups"]] == ["refused"]  # type: ignore[union-attr,index]
    assert hit["groups"][0]["allowed_by"] == []  # type: ignore[index]
