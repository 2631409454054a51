"""The limits of input files (spec/scenarios.md, "Limits of input files"): each holds up to
its value and is refused one past it, in one line naming the file, the line and the limit;
within them a file reads exactly as PyYAML reads it.  tests/hostile/ runs every command on
hostile files; these tests pin each limit at its edge."""

from __future__ import annotations

import glob
import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from deals import KNOCK_DEAL

from tonk_ref.errors import InputError
from tonk_ref.harness.known_failures import REASON_CHARS, dump_known_failures, load_known_failures
from tonk_ref.harness.scenario import ScenarioError, parse_scenario
from tonk_ref.paths import data_root
from tonk_ref.rulebook.safe_input import (
    MAX_BYTES,
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_LINE,
    MAX_NODES,
    MAX_STEPS,
    check_text,
    load_json,
    load_yaml,
    read_text,
)

C = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load(text: str, source: str = "f.yaml") -> Any:
    return load_yaml(text, source, InputError)[0]


def _refused(text: str, source: str = "f.yaml") -> InputError:
    with pytest.raises(InputError) as e:
        load_yaml(text, source, InputError)
    assert "\n" not in str(e.value)
    return e.value


def _shape(node: yaml.Node | None) -> Any:
    """A node tree as data: tags, values, styles, lines and columns."""
    if node is None:
        return None
    at = (node.tag, node.start_mark.line, node.start_mark.column)
    if isinstance(node, yaml.ScalarNode):
        return (*at, node.value, node.style or None)
    if isinstance(node, yaml.SequenceNode):
        return (*at, [_shape(v) for v in node.value])
    return (*at, [(_shape(k), _shape(v)) for k, v in node.value])


def test_the_corpus_reads_as_pyyaml_reads_it() -> None:
    root = data_root()
    files = [Path(f) for pattern in ("scenarios/**/*.yaml", "spec/**/*.yaml", "mutants/witnesses/*.yaml")
             for f in glob.glob(str(root / pattern), recursive=True) if "/_gen/" not in f]
    assert len(files) > 800
    for f in files:  # the same node tree (tags, values, styles, places): the same data
        text = f.read_text(encoding="utf-8")
        assert _shape(load_yaml(text, str(f), InputError)[1]) == _shape(yaml.compose(text, Loader=C)), f


def test_aliases_within_the_budget_read_as_pyyaml_reads_them() -> None:
    text = "a: &a [1, 2, {x: &b 3}]\nb: *a\nc: [*a, *b]\nd: &m {k: 1}\ne:\n  <<: *m\n  j: 2\n"
    assert _load(text) == yaml.load(text, Loader=C)


def test_an_alias_counts_as_all_it_repeats() -> None:
    row = "[" + ", ".join(["0"] * 99) + "]"  # 100 values with the list
    head = f"a: &a {row}\nb: &b [" + ", ".join(["*a"] * 10) + "]\n"  # 1 + 1,000 values
    before = 1 + 2 * 3 + 100 + 1001  # the top mapping, three keys, a, b and c's list
    n = (MAX_NODES - before) // 1001
    ok = head + "c: [" + ", ".join(["*b"] * n) + "]\n"
    assert len(_load(ok)["c"]) == n
    e = _refused(head + "c: [" + ", ".join(["*b"] * (n + 1)) + "]\n")
    assert (e.line, e.field) == (3, f"c[{n}]")
    assert f"more than {MAX_NODES:,} values" in e.message and "an alias counts as all it repeats" in e.message


def test_a_billion_laughs_is_refused_at_the_alias_past_the_budget() -> None:
    text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"{x}: &{x} [" + ", ".join([f"*{p}"] * 9) + "]\n" for p, x in zip("abcdefgh", "bcdefghi", strict=True))
    e = _refused(text)
    assert e.line is not None and e.line <= 9 and "alias" in e.message


def test_an_alias_inside_its_own_anchor_is_refused() -> None:
    e = _refused("a: &loop [1, *loop]\n")
    assert (e.line, e.field) == (1, "a[1]") and "repeats its own anchor" in e.message
    with pytest.raises(yaml.YAMLError, match="undefined alias"):
        _load("a: *nowhere\n")


@pytest.mark.parametrize("style", ["flow", "block", "alias"])
def test_nesting_to_the_limit_reads_and_one_deeper_is_refused(style: str) -> None:
    def doc(depth: int) -> str:
        if style == "flow":
            return "[" * depth + "]" * depth
        if style == "block":
            return "".join(" " * i + "a:\n" for i in range(depth - 1)) + " " * (depth - 1) + "a: 1\n"
        half = depth // 2
        return f"x: &x {'[' * half}{']' * half}\ny: {'[' * (depth - half - 1)}*x{']' * (depth - half - 1)}\n"

    assert _load(doc(MAX_DEPTH)) is not None
    e = _refused(doc(MAX_DEPTH + 1))
    assert f"more than {MAX_DEPTH} levels deep" in e.message


def test_integers_of_18_digits_read_and_19_are_refused() -> None:
    for ok in ["9" * MAX_DIGITS, "-" + "9" * MAX_DIGITS, "0x" + "f" * 16, "1_000_000_000_000_000"]:
        assert isinstance(_load(f"n: {ok}\n")["n"], int), ok
    for bad in ["9" * (MAX_DIGITS + 1), "0x" + "f" * 19, "9" * 5000, "!!int " + "1" * 19]:
        e = _refused(f"a: 1\nn: {bad}\n")
        assert (e.line, e.field) == (2, "n") and f"the limit is {MAX_DIGITS} digits" in e.message, bad
    assert _load("n: '" + "9" * 5000 + "'\n")["n"] == "9" * 5000  # a string of digits is text


def test_a_key_given_twice_is_refused_with_both_lines() -> None:
    e = _refused("a: 1\nb:\n  c: 1\n  d: 2\n  c: 3\n")
    assert e.line == 5 and e.message == "the key 'c' is given twice (first on line 3) in b"
    assert _refused("a: 1\na: 2\n").message == "the key 'a' is given twice (first on line 1)"


def test_a_character_yaml_refuses_is_said_in_one_line() -> None:
    e = _refused("a: 1\nb: x\x07y\n")
    assert e.line == 2 and "U+0007" in e.message


def test_lines_to_the_limit_read_and_a_longer_one_is_refused() -> None:
    check_text("a: " + "x" * (MAX_LINE - 3) + "\n", "f.yaml", InputError)
    with pytest.raises(InputError) as e:
        check_text("a: 1\nb: " + "x" * (MAX_LINE - 2) + "\n", "f.yaml", InputError)
    assert e.value.line == 2 and f"the limit is {MAX_LINE:,}" in e.value.message
    check_text('{"a": "' + "x" * MAX_LINE + '"}', "f.json", InputError)  # JSON: its size alone


def test_a_file_past_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    p = tmp_path / "big.yaml"
    line = b"#" * 99 + b"\n"
    p.write_bytes(line * (MAX_BYTES // 100) + b"#" * (MAX_BYTES % 100))
    assert len(read_text(p, "big.yaml", InputError)) == MAX_BYTES
    p.write_bytes(line * (MAX_BYTES // 100) + b"#" * (MAX_BYTES % 100 + 1))
    with pytest.raises(InputError, match=r"big\.yaml: the file is 1,048,577 bytes: the limit is 1 MiB"):
        read_text(p, "big.yaml", InputError)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_file_that_never_ends_is_read_no_further_than_the_limit() -> None:
    with pytest.raises(InputError, match="larger than 1 MiB"):
        read_text("/dev/zero", "/dev/zero", InputError)


def test_a_file_that_is_not_utf8_names_the_line_of_the_first_bad_byte(tmp_path: Path) -> None:
    p = tmp_path / "latin.yaml"
    p.write_bytes("a: 1\nb: caf\u00e9\n".encode("latin-1"))
    with pytest.raises(InputError) as e:
        read_text(p, "latin.yaml", InputError)
    assert e.value.line == 2 and "not UTF-8 text" in e.value.message


def test_json_limits() -> None:
    assert load_json('{"a": [[1, 2], {"b": -' + "9" * MAX_DIGITS + "}]}", "f.json", InputError)["a"][0] == [1, 2]
    for bad, words in [("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "levels deep"),
                       ('{"a": ' + "9" * (MAX_DIGITS + 1) + "}", "digits"),
                       ('{"a": 1, "a": 2}', "given twice")]:
        with pytest.raises(InputError, match=words):
            load_json(bad, "f.json", InputError)
    brackets = "[" * (MAX_DEPTH + 5)
    assert load_json(f'["{brackets}"]', "f.json", InputError) == [brackets]  # a string's brackets are text


def test_json_depth_is_measured_in_one_pass_over_a_crafted_string() -> None:
    """A quote, many escaped quotes, then brackets: a pattern that matches strings by
    backtracking tries again at every quote (some 14 s of CPU at 8,000 of them); the depth
    is measured in one linear pass, and the depth a deep text reaches is named by its line."""
    import time

    crafted = '"' + '\\"' * 8_000 + "[" * (MAX_DEPTH + 1)
    start = time.process_time()
    with pytest.raises(json.JSONDecodeError):  # all of it one string that never ends: the parser's error
        load_json(crafted, "f.json", InputError)
    assert time.process_time() - start < 2.0
    deep = '{"a":\n' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1)
    with pytest.raises(InputError, match="levels deep") as e:
        load_json(deep, "f.json", InputError)
    assert e.value.line == MAX_DEPTH + 1
    escaped = '["\\"[[[", ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "]"  # an escaped quote inside a string
    with pytest.raises(InputError, match="levels deep"):
        load_json(escaped, "f.json", InputError)


SCENARIO = """id: a-case
title: a knock that wins
rules: [PAY-KNOCK-2]
""" + KNOCK_DEAL + """script:
  - act: 0 knock
result:
  ending: knock_won
"""


def test_duplicate_keys_in_a_scenario_are_refused() -> None:
    text = SCENARIO
    assert parse_scenario(text, "s.yaml").id == "a-case"
    with pytest.raises(ScenarioError) as e:
        parse_scenario(text.replace("dealer: 2\n", "dealer: 2\ndealer: 1\n"), "s.yaml")
    assert str(e.value) == "s.yaml:6: the key 'dealer' is given twice (first on line 5)"


def test_a_script_of_more_steps_than_the_limit_is_refused() -> None:
    head, _, _ = SCENARIO.partition("script:\n")
    at_limit = head + "script:\n" + "  - expect: {to_act: 0}\n" * MAX_STEPS
    assert len(parse_scenario(at_limit, "s.yaml").steps) == MAX_STEPS
    with pytest.raises(ScenarioError, match=r"s\.yaml:12: script: the script has 2,001 steps: the limit is 2,000"):
        parse_scenario(at_limit + "  - expect: {to_act: 0}\n", "s.yaml")


def test_the_known_failures_written_are_read_back_whatever_an_engine_said(tmp_path: Path) -> None:
    reason = "x" * (MAX_LINE * 2) + " \x1b[31m"
    p = tmp_path / "known.yaml"
    p.write_text(dump_known_failures([("a-case", reason)]), encoding="utf-8")
    back = load_known_failures(p).reasons["a-case"]
    assert len(back) == REASON_CHARS and reason.startswith(back[:-3])


def test_a_known_failures_file_in_json_on_one_line_reads(tmp_path: Path) -> None:
    p = tmp_path / "known.json"
    entries = [{"id": f"case-{i}", "reason": "r" * 50} for i in range(400)]
    p.write_text(json.dumps({"cases": entries}), encoding="utf-8")
    assert len(p.read_text()) > MAX_LINE
    assert len(load_known_failures(p).reasons) == 400


def test_the_limits_are_those_spec_scenarios_md_documents() -> None:
    text = (data_root() / "spec" / "scenarios.md").read_text(encoding="utf-8")
    section = text[text.index("### 9a. Limits of input files"):text.index("## 10. Running an engine")]
    rows = {cells[0]: cells[1] for line in section.splitlines() if line.startswith("| ")
            for cells in [[c.strip() for c in line.strip("|").split("|")]]}
    assert rows["size of a file"].startswith(f"1 MiB ({MAX_BYTES:,} bytes)")
    assert rows["length of a line"].startswith(f"{MAX_LINE:,} characters")
    assert rows["nesting of mappings and lists (YAML or JSON)"] == f"{MAX_DEPTH} levels"
    assert rows["values in one YAML or JSON document, an alias counted as all it repeats"] == f"{MAX_NODES:,}"
    assert rows["digits of an integer (YAML, JSON, a perft table, a feature's steps)"].startswith(f"{MAX_DIGITS}:")
    assert rows["steps of a scenario's script"].startswith(f"{MAX_STEPS:,} ")
    assert f"cuts each reason at {REASON_CHARS} characters" in " ".join(section.split())
