"""``tonk rules``: the list, the search, one rule with its sources, options, spec heading,
scenarios and features, the options list with each option's question and its values in
words, the table's values, and bad input."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from runkit import Ran

from tonk_ref.engine.ruleset import Ruleset, option_values
from tonk_ref.paths import data_root, spec_dir
from tonk_ref.rulebook.book import load_rules, load_table_rules, rules_by_id
from tonk_ref.rulebook.notation import value_text
from tonk_ref.rulebook.options import option_facts
from tonk_ref.tools.rules import EXAMPLE_FILE, example_commands

Tonk = Callable[..., Ran]


def test_list_every_rule(tonk: Tonk) -> None:
    r = tonk("rules")
    assert r.code == 0
    rules = load_rules()
    listed = [line.split()[0] for line in r.out.splitlines() if line.startswith("  ")]
    assert listed == [x.id for x in rules]
    assert f"{len(rules)} rules" in r.out
    assert "PAY  Payments" in r.out


def test_one_rule(tonk: Tonk) -> None:
    r = tonk("rules", "pay-knock-3")
    assert r.code == 0
    out = r.out
    assert out.startswith("PAY-KNOCK-3  A tie catches the knocker\nPayments \u00b7 decided by this spec")
    assert "A knocker whose total equals the lowest total of the other players is caught." in out
    assert "  S29   A knocker with the lowest total wins the stake." in out
    assert "  V31   A tie goes to the knocker" in out
    assert "knock_tie: What happens when the knocker ties the lowest hand?" in out
    assert "    knocker_wins      a knocker who ties the lowest hand wins\n" in out
    line = next(i for i, x in enumerate((spec_dir() / "tonk.md").read_text().splitlines(), 1)
                if x.startswith("### PAY-KNOCK-3 "))
    assert f"spec/tonk.md:{line}  PAY-KNOCK-3 A tie catches the knocker  (section 12. Payments)" in out
    assert "pay-w7-knock-tie-2p  " in out and "scenarios/pay/pay-w7-knock-tie-2p.yaml" in out
    assert "@id.pay-knock-w7" in out


def test_one_rule_json_points_at_real_checks(tonk: Tonk) -> None:
    rec = tonk("rules", "PAY-STOCK-2", "--format", "json").json()
    assert rec["id"] == "PAY-STOCK-2" and "D9" in [s["item"] for s in rec["sources"]]
    assert all(s["text"] for s in rec["sources"])  # each brief item with its words
    assert [o["name"] for o in rec["options"]] == ["stock_tie"]
    assert rec["options"][0]["values"] == list(option_values()["stock_tie"])
    assert rec["scenarios"], "W12 checks it"
    assert "pay-w12-stock-tie-3p" in [s["id"] for s in rec["scenarios"]]
    for s in rec["scenarios"]:
        doc = yaml.safe_load((data_root() / s["file"]).read_text())
        assert doc["id"] == s["id"] and "PAY-STOCK-2" in doc["rules"]
    assert rec["features"]
    for f in rec["features"]:
        lines = (data_root() / f["file"]).read_text().splitlines()
        assert f["title"] in lines[f["line"] - 1]
        assert "@PAY-STOCK-2" in " ".join(lines[max(0, f["line"] - 3) : f["line"] - 1])


def test_search_by_id_prefix_option_and_words(tonk: Tonk) -> None:
    r = tonk("rules", "pay-caught")
    assert [line.split()[0] for line in r.out.splitlines() if line.startswith("  ")] == [
        "PAY-CAUGHT-1", "PAY-CAUGHT-2", "PAY-CAUGHT-3"]
    r = tonk("rules", "knock_tie")
    assert r.out.startswith("knock_tie: What happens when the knocker ties the lowest hand?\n"
                            "  caught (default)  a knocker who ties the lowest hand is caught\n")
    lines = [" ".join(line.split()) for line in r.out.splitlines()]
    assert "PAY-KNOCK-2 The knocker wins [this spec decides]" in lines
    assert "PAY-KNOCK-3 A tie catches the knocker [this spec decides]" in lines
    doc = tonk("rules", "empty", "stock", "--format", "json").json()
    ids = [x["id"] for x in doc["rules"]]
    assert "STOCK-2" in ids
    for rid in ids:
        rule = next(x for x in load_rules() if x.id == rid)
        hay = " ".join([rule.title, rule.text, rule.id, *rule.options]).lower()
        assert "empty" in hay and "stock" in hay


def test_nothing_matches(tonk: Tonk) -> None:
    r = tonk("rules", "xyzzy")
    assert r.code == 1 and "no rule matches 'xyzzy'" in r.err and r.out == ""


def test_options(tonk: Tonk) -> None:
    r = tonk("rules", "--options")
    assert r.code == 0
    for name in option_values():
        assert f"\n{name}: " in "\n" + r.out, name
    doc = tonk("rules", "--options", "--format", "json").json()
    assert [o["name"] for o in doc["options"]] == list(option_values())
    for o in doc["options"]:
        assert o["default"] == option_values()[o["name"]][0]
    caught = next(o for o in doc["options"] if o["name"] == "caught_payment")
    assert set(caught["rules"]) >= {"PAY-CAUGHT-1", "PAY-CAUGHT-2", "PAY-CAUGHT-3"}


def test_options_ask_the_question_and_say_each_value_in_words(tonk: Tonk) -> None:
    """Each option's question heads it, and each value stands beside its statement (wrapped
    under it where long), all as the schema words them, in 100 columns."""
    out = tonk("rules", "--options").out
    lines = out.splitlines()
    assert max(map(len, lines)) <= 100
    blocks = {b.split(":", 1)[0]: b for b in out.split("\n\n")}
    facts = option_facts()
    assert list(blocks) == list(facts)
    for name, f in facts.items():
        block = blocks[name]
        joined = " ".join(block.split())
        assert block.startswith(f"{name}: {f.question.split()[0]}") and f.question in joined, name
        for i, (value, words) in enumerate(zip(f.values, f.choices, strict=True)):
            label = value_text(value) + (" (default)" if i == 0 else "")
            row = next((x for x in block.splitlines() if x.startswith(f"  {label} ")), None)
            assert row is not None and words.split()[0] == row[len(label) + 2 :].split()[0], (name, value)
            assert words in joined, (name, value)
    assert ("  double_lowest_only           a caught knocker pays double to the lowest hand only, and nobody "
            "pays\n                               more\n") in out
    assert ("  null (default)  a player may knock with any total\n"
            "  5               a knock needs a total of 5 or less\n") in out
    doc = tonk("rules", "--options", "--format", "json").json()
    tie = next(o for o in doc["options"] if o["name"] == "knock_tie")
    assert tie["question"] == "What happens when the knocker ties the lowest hand?"
    assert tie["choices"][1] == {"value": "knocker_wins", "words": "a knocker who ties the lowest hand wins"}
    upcard = next(o for o in doc["options"] if o["name"] == "upcard")
    assert [c["value"] for c in upcard["choices"]] == [True, False]


def test_options_are_found_by_the_words_players_use(tonk: Tonk) -> None:
    r = tonk("rules", "--options", "jack", "follows", "the", "seven")
    assert r.code == 0 and [b.split(":", 1)[0] for b in r.out.split("\n\n")] == ["deck"]
    doc = tonk("rules", "--options", "twos", "wild", "--format", "json").json()
    assert [o["name"] for o in doc["options"]] == ["deuces_wild"]


def test_table_values(tonk: Tonk, table_file: Callable[[str], str]) -> None:
    path = table_file("preset: pagat\noptions:\n  knock_tie: knocker_wins\n")
    r = tonk("rules", "--options", "knock", "tie", "--rules", path)
    assert "  draw              a knocker who ties the lowest hand makes the hand a draw, with no payment\n" \
           "  your table: knocker_wins\n" in r.out
    doc = tonk("rules", "--options", "--rules", path, "--format", "json").json()
    table = {o["name"]: o["table"] for o in doc["options"]}
    assert (table["knock_tie"], table["max_players"], table["upcard"]) == ("knocker_wins", 4, True)
    one = tonk("rules", "GAME-2", "--rules", path)
    assert "your table: 4" in one.out


def test_bad_rules_file(tonk: Tonk, table_file: Callable[[str], str]) -> None:
    line = tonk("rules", "--rules", table_file("preset: seed\noptions: [1, 2]\n")).one_error_line("rules")
    assert ":2: options: expected a mapping" in line


def test_find_rules_by_brief_item(tonk: Tonk) -> None:
    for item in ("S33", "d10", "V22", "S25", "D7"):
        doc = tonk("rules", item, "--format", "json").json()
        ids = [x["id"] for x in doc["rules"]]
        assert ids, item
        cited = {r.id for r in load_rules() if item.upper() in r.brief}
        assert set(ids) == cited, item
        assert doc["item"]["id"] == item.upper() and doc["item"]["text"]
    assert [x["id"] for x in tonk("rules", "D10", "--format", "json").json()["rules"]] == ["TURN-7"]
    v22 = tonk("rules", "V22")
    assert v22.out.startswith("V22   Hit lock") and "options: hit_lock" in v22.out
    assert "  VAR-HITLOCK-1  Hit lock  [this spec decides]" in v22.out
    assert "1 rule cites V22" in v22.out
    assert "PAY-KNOCK-3" in tonk("rules", "W7").out  # a worked payment: where the spec works it out
    assert tonk("rules", "S99").code == 1


def test_one_rule_says_where_it_comes_from(tonk: Tonk) -> None:
    out = tonk("rules", "PAY-KNOCK-3").out
    assert ("Where it comes from\n  the seeds (S29, S30) and this spec (D3; alternatives: knock_tie = knocker_wins, "
            "split or draw)") in out
    assert "the seeds:" in out and "neither says which a tie is" in " ".join(out.split())
    assert "D3: a tie for the lowest total catches the knocker." in " ".join(out.split())
    seeds = tonk("rules", "PAY-OUT-2").out
    assert "Where it comes from\n  the seeds (S27)" in seeds and "this spec decides:" not in seeds
    rec = tonk("rules", "SPREAD-3", "--format", "json").json()
    assert rec["provenance"]["basis"] == "decided" and rec["provenance"]["alternatives"] == {"ace": ["low_or_high"]}


def test_rules_file_quotes_the_sentence_for_the_table(tonk: Tonk, table_file: Callable[[str], str]) -> None:
    path = table_file("preset: seed\noptions: {knock_timing: any, knock_limit: 10}\n")
    out = tonk("rules", "TURN-3", "--rules", path).out
    head = out.split("Under the defaults")[0]
    assert "Under your table (knock_timing = any)" in head
    assert "after drawing together with the turn's discard" in " ".join(head.split())
    assert "only at the start of their own turn" not in " ".join(head.split())
    assert "a house rule: knock_timing = any (V28)" in out
    limit = tonk("rules", "VAR-KNOCKLIMIT-1", "--rules", path, "--format", "json").json()
    assert limit["text_here"] == "A player may knock only with a total of 10 or less."
    assert tonk("rules", "TURN-3", "--format", "json").json()["text_here"] == load_rules()[
        [r.id for r in load_rules()].index("TURN-3")].text


def test_values_no_written_source_gives_are_marked_as_such(tonk: Tonk) -> None:
    """The turn limit's brief items cite the seed rule and the decisions, not its values: each
    value this spec offers is a house rule with no written source, and each value known only
    from online engines says so."""
    turn_limit = tonk("rules", "--options", "turn_limit").out
    assert "\n  50, 100, 200: a house rule with no written source\n" in turn_limit
    tie = tonk("rules", "--options", "knock_tie").out
    assert "\n  split, draw: an online engines' rule, no written source\n" in tie
    assert "knocker_wins: " not in tie
    doc = tonk("rules", "--options", "turn_limit", "--format", "json").json()
    sources = [c.get("source") for c in doc["options"][0]["choices"]]
    assert sources == [None, *["a house rule with no written source"] * 3]


def test_a_rule_shows_the_clauses_an_engine_can_get_wrong(tonk: Tonk) -> None:
    """The clauses of spec/rules.yaml (exceptions, ties, orders of checks) are shown with the
    rule, each under the name coverage counts it by; a rule without clauses shows none."""
    rule = next(r for r in load_rules() if r.id == "VAR-HITLOCK-1")
    out = tonk("rules", "VAR-HITLOCK-1").out
    assert "Clauses an engine can get wrong" in out
    for clause in rule.clauses:
        assert f"  {clause.key}\n" in out
    assert [c["id"] for c in tonk("rules", "VAR-HITLOCK-1", "--format", "json").json()["clauses"]] == \
        [c.key for c in rule.clauses]
    order = tonk("rules", "TURN-11", "--format", "json").json()["clauses"]
    assert order and order[0]["kind"] == "order" and order[0]["order"] == ["duplicate_card", "not_in_hand"]
    assert "Clauses an engine" not in tonk("rules", "PAY-KNOCK-3").out


# ---------------------------------------------------------------------------- the example
def _commands(out: str) -> list[str]:
    """The command lines printed under "A situation it decides"."""
    block = out.split("\nA situation it decides", 1)[1].split("\n\n", 1)[0]
    return [line[2:] for line in block.splitlines()[1:] if line.startswith(("  tonk ", "  echo "))]


def _run_commands(tonk: Tonk, lines: list[str], *extra: str) -> Ran | None:
    """Run the printed lines as a shell would, in the current directory: ``echo ... > FILE``
    writes the file, ``tonk ...`` runs in process (the last run's result, with ``extra``)."""
    ran: Ran | None = None
    for line in lines:
        words = shlex.split(line)
        if words[0] == "echo":
            assert words[-2] == ">" and len(words) == 4, line
            Path(words[-1]).write_text(words[1] + "\n", encoding="utf-8")
        else:
            assert words[0] == "tonk", line
            ran = tonk(*words[1:], *extra)
    return ran


def test_every_example_prints_commands_that_give_its_situation_and_options(
        tonk: Tonk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands of each rule's example (as ``tonk rules ID`` prints them), read back as a
    shell reads them, name exactly the example's situation and, through the table-rules file,
    its options."""
    monkeypatch.chdir(tmp_path)
    examples = [r for r in load_rules() if r.example is not None and r.example.situation]
    assert len(examples) > 60
    for r in examples:
        assert r.example is not None
        lines = example_commands(r.example)
        judge = shlex.split(lines[-1])
        assert judge[:3] == ["tonk", "judge", r.example.situation], r.id
        if not r.example.options:
            assert lines == [lines[-1]] and judge[3:] == [], r.id
            continue
        assert judge[3:] == ["--rules", EXAMPLE_FILE], r.id
        assert _run_commands(tonk, lines[:1]) is None
        assert load_table_rules(EXAMPLE_FILE) == r.example.ruleset(), r.id
        assert r.example.ruleset() != Ruleset(), r.id


@pytest.mark.parametrize("rule_id", ["VAR-KNOCKHELD-1", "VAR-FACE-1", "CARD-4", "STOCK-3"])
def test_the_printed_example_runs_and_the_judge_cites_the_rule(
        tonk: Tonk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rule_id: str) -> None:
    """Pasted, the example's commands judge the situation (a string value, two options, none,
    an argued point): the full ruling cites the rule, and the short one is a ruling too."""
    monkeypatch.chdir(tmp_path)
    example = rules_by_id()[rule_id].example
    assert example is not None
    lines = _commands(tonk("rules", rule_id).out)
    assert lines == tonk("rules", rule_id, "--format", "json").json()["example"]["commands"]
    assert lines == example_commands(example)
    full = _run_commands(tonk, lines, "--full", "--no-color")
    assert full is not None and full.code == 0, full
    assert rule_id in full.out
    if example.options:
        assert "tonk-example.yaml" in full.out
    short = _run_commands(tonk, lines, "--no-color")
    assert short is not None and short.code == 0 and short.err == "" and short.out.strip(), short


def test_a_rule_no_situation_decides_says_why(tonk: Tonk) -> None:
    out = tonk("rules", "DEALER-1").out
    assert "A situation it decides\n  none: the cut for the first deal comes before any hand\n" in out
    assert tonk("rules", "DEALER-1", "--format", "json").json()["example"] == {
        "none": "the cut for the first deal comes before any hand"}
