"""Every sentence and label a ruling quotes is true where it is quoted.

The first tests hold each of eight sentences or labels once found false in default
rulings, each named after what it now says; the property after them holds every quoted
sentence of the judge, over every preset as the base rules and a sample of the project's
situations, to what a ruling may say: the rule's own sentence under each ruleset it is
quoted for, only where the rule applies, with a label that names its source or says it
has none, in words rather than option names; and an option that decides the outcome is
never set aside as changing only unnamed cards."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from ruling_set import RULINGS

from tonk_ref.engine.ruleset import DEFAULT, Ruleset, option_values
from tonk_ref.harness.situations import load_situation, scenario_situation
from tonk_ref.paths import data_root, spec_dir
from tonk_ref.rulebook.book import load_presets, load_rules, load_table_rules, rules_by_id
from tonk_ref.rulebook.judging import Group, Judgement, judge, outcome_of
from tonk_ref.rulebook.options import option_facts
from tonk_ref.rulebook.provenance import UNSOURCED, provenance
from tonk_ref.rulebook.situation import Description, Situation, play

PRESETS = {name: p.ruleset() for name, p in load_presets().items()}
ONLINE = PRESETS["online"]

#: Seat 0 holds four aces on its first turn and discards without laying them.
FOUR_ACES = "2 players; first turn; 0: Ac Ad Ah As 2c; 1: 2d 4d 9s Kd Kh; discard Qs; 0 draws 3c, discards 3c"
#: Seat 0, holding a special hand of 9 after the first round, declares it.
DECLARE_LATE = "2 players; 0: Ad 2d 2c 3c Ac; 1: 2h 4s 7s Kd Kh; discard Qs; 0 declares"
#: Seat 0 knocks with 28 against 7.
KNOCK_28 = "2 players, dealer 1; 0: 3d 4d 5h 6h Qc; 1: 3h 4h; table: 1 [5s 6s 7s]; discard Qs; 0 knocks"
#: Seat 0 hits the jack of clubs on 5c 6c 7c: a run only in the 40-card pack.
JACK_ON_SEVEN = "2 players; 0: Jc 4d Kh 2s 3d; 1: 2h Qs; table: 1 [5c 6c 7c]; discard Qd; 0 draws Kd, hits Jc on 0"
#: The last turn a turn limit of 50 allows ends in a tie, 37 against 37.
TURN_LIMIT_TIE = "2 players; 0: 3d 4d Jc Kc Qh; 1: 3h 4h Js Kd Qs; discard 2c; turn 49; 1 draws 2s, discards 2s"
#: Seat 0 knocks on its first turn.
FIRST_TURN_KNOCK = "2 players, first turn; 0: 3d 4d 5c 2h Ah; 1: 9h Ts Jd Qc 3h; discard 7s; 0 knocks"


def judged(text: str, rules: Ruleset = DEFAULT, label: str = "seed") -> Judgement:
    return judge(Description(text), rules, label)


def group_with(j: Judgement, trial_label: str) -> Group:
    return next(g for g in j.groups if any(t.label == trial_label for t in g.trials))


def base_group(j: Judgement) -> Group:
    return next(g for g in j.groups if j.is_base(g))


# ---------------------------------------------------------------------------- the eight


def test_four_aces_are_a_book_of_four_which_s33s_exception_does_not_cover() -> None:
    """Four aces under forced spreads: the note says they are four, the very reason the
    exception for exactly three does not apply, once (deuces wild gives no second, garbled
    note), and no wild-card rule is quoted at this table without wild cards."""
    j = judged(FOUR_ACES, PRESETS["seed-forced-spreads"], "seed-forced-spreads")
    g = base_group(j)
    assert g.outcome.kind == "refused"
    assert g.outcome.notes == ["seat 0 holds Ac Ad Ah As, a book of four aces, which forced spreads make it lay: "
                               "S33's exception covers only a book of exactly three aces"]
    assert any(t.label == "deuces_wild = true" for t in g.trials)
    assert not {"VAR-WILD-1", "VAR-DEUCES-1"} & set(g.outcome.rules)


def test_a_late_declaration_under_first_turn_special_hands_is_refused_for_its_timing() -> None:
    """special_hands = first_turn has special hands: its refusal is about timing, and a
    group that merges it with special_hands = none says each ruleset's own reason."""
    j = judged(DECLARE_LATE, ONLINE.replace(special_hands="any_turn"), "online, any turn")
    g = group_with(j, "special_hands = first_turn")
    refusal = g.outcome.refusal
    assert refusal is not None and g.outcome.kind == "refused"
    assert {m["message"]: m["rulesets"] for m in refusal["messages"]} == {
        "this ruleset has no special hands": ["special_hands = none"],
        "a special hand is declared on the first turn only": ["special_hands = first_turn"]}
    assert refusal["message"] == ("special_hands = none: this ruleset has no special hands; special_hands = "
                                  "first_turn: a special hand is declared on the first turn only")


def test_a_knock_limit_of_5_or_10_says_each_limit() -> None:
    j = judged(KNOCK_28)
    g = group_with(j, "knock_limit = 10")
    assert {t.label for t in g.trials} == {"knock_limit = 5", "knock_limit = 10"}
    refusal = g.outcome.refusal
    assert refusal is not None
    assert refusal["message"] == ("knock_limit = 5: a knock needs 5 points or fewer, the hand has 28; "
                                  "knock_limit = 10: a knock needs 10 points or fewer, the hand has 28")
    assert g.first.outcome is not None and g.first.outcome.refusal is not None
    assert "10 points" not in g.first.outcome.refusal["message"]  # the ruleset's own outcome is left as it was


def test_the_jack_follows_the_seven_in_the_40_card_pack() -> None:
    """A hit of Jc on 5c 6c 7c: allowed in the 40-card pack by VAR-DECK40-1, refused in the
    52; the pack is judged, never set aside as changing only unnamed cards."""
    j = judged(JACK_ON_SEVEN, ONLINE, "online")
    base = base_group(j)
    assert base.outcome.kind == "goes_on"
    assert "VAR-DECK40-1" in j.deciding(base)
    assert [q.text for q in j.quotes(base, "VAR-DECK40-1")] == [
        "The pack has no eights, nines or tens, and in a run the jack follows the seven."]
    assert "deck" not in {t.option for t in j.not_judged}
    fifty_two = group_with(j, "deck = 52")
    assert fifty_two.outcome.kind == "refused"
    assert "deck" in {v.option for v in j.changing}

    j = judged(JACK_ON_SEVEN, ONLINE.replace(deck=52), "online, 52 cards")
    base = base_group(j)
    assert base.outcome.kind == "refused"
    assert [t.label for t in base.allowed_by] == ["deck = 40"]
    assert "deck" in {v.option for v in j.changing}
    assert "deck" not in {t.option for t in j.not_judged}


def test_the_52_card_pack_is_judged_through_a_table_rules_file(tmp_path: Path) -> None:
    table = tmp_path / "table.yaml"
    table.write_text("preset: online\noptions:\n  deck: 52\n", encoding="utf-8")
    j = judged(JACK_ON_SEVEN, load_table_rules(table), str(table))
    assert [t.label for t in base_group(j).allowed_by] == ["deck = 40"]


def test_a_label_gives_each_option_its_own_source() -> None:
    """V39 is count_held_spreads'; after_knock = one_turn_each is Hoyle's and Bicycle's Tunk."""
    rules = DEFAULT.replace(count_held_spreads=False, after_knock="one_turn_each")
    assert provenance(rules_by_id()["PAY-KNOCK-1"], rules) == (
        "a house rule: count_held_spreads = false (V39; the seeds disagree: S1, S28), after_knock = one_turn_each "
        "(Hoyle's and Bicycle's Tunk)")


def test_a_house_rule_with_no_written_source_says_so() -> None:
    j = judged(TURN_LIMIT_TIE, DEFAULT.replace(turn_limit=50), "turn limit")
    labels = {label for _, label, trials in j.sentences(base_group(j), "STOCK-1") if j.base_trial in trials}
    assert labels == {"a house rule with no written source: turn_limit = 50"}
    j = judged(FIRST_TURN_KNOCK)
    g = group_with(j, "first_turn_knock = false")
    assert {label for _, label, _ in j.sentences(g, "TURN-4")} == {
        "a house rule with no written source: first_turn_knock = false"}


def test_rules_of_other_tables_are_never_quoted_as_this_tables() -> None:
    """No sentence of rules.yaml that a ruling can quote names an option, and where the
    base rules' group quotes a rule for another of its rulesets, it says for which."""
    tables = _tables()
    for rule in load_rules():
        for text in {rule.text_under(rules) for rules in tables if rule.applies.holds(rules)}:
            assert not _raw_names(text), (rule.id, text)
    assert rules_by_id()["VAR-WILD-1"].text_under(DEFAULT.replace(deuces_wild=True)).startswith(
        "A wild card may stand for any card a spread needs, but a spread holds at least one natural card")
    assert rules_by_id()["VAR-JOKER-2"].text_under(DEFAULT.replace(jokers=2)) == (
        "A joker still held when the hand is counted counts 15.")
    three_aces = "3 players; 0: Ac Ad Ah 5c 9d; 1: 9c 2d Kh Qs Js; 2: 7c 7d 4h 6s 5s; discard 2c; 0 knocks"
    j = judged(three_aces)
    g = base_group(j)
    quotes = j.quotes(g, "VAR-FORCED-2")
    assert [q.under for q in quotes] == ["forced_spreads = true"]


def _tables() -> list[Ruleset]:
    """The presets, and each with one option set to each of its values (with what it
    needs): the tables whose sentences a ruling can quote."""
    facts = option_facts()
    out = []
    for base in PRESETS.values():
        out.append(base)
        for option, values in option_values().items():
            out += [base.replace(**{**facts[option].needed(base), option: v}) for v in values]
    return out


def test_a_merged_group_quotes_each_members_sentence() -> None:
    """stock_tie = dead and turn_limit_end = dead reach the same outcome by different
    sentences: each is quoted for its own ruleset."""
    j = judged(TURN_LIMIT_TIE, DEFAULT.replace(turn_limit=50), "turn limit")
    g = group_with(j, "stock_tie = dead")
    assert {t.label for t in g.trials} == {"stock_tie = dead", "turn_limit_end = dead"}
    assert [(q.under, q.text) for q in j.quotes(g, "PAY-STOCK-2")] == [
        ("stock_tie = dead", "If two or more players tie for the lowest total at an empty stock, the hand is dead: "
                             "it has no winner and nobody pays.")]
    stock = {q.under: q.text for q in j.quotes(g, "STOCK-1")}
    assert set(stock) == {"stock_tie = dead", "turn_limit_end = dead"}
    assert stock["turn_limit_end = dead"].endswith("the turn limit ends the hand with no winner and no payment.")
    assert stock["stock_tie = dead"].endswith("a tie for it settled as at an empty stock (PAY-STOCK-2).")


# ---------------------------------------------------------------------------- the property

#: Every how many scenarios of the corpus the property plays (kept well under a minute).
SCENARIO_STRIDE = 80
_OPTION_NAMES = frozenset(json.loads((spec_dir() / "ruleset.schema.json").read_text(encoding="utf-8"))["properties"])
#: The written sources an option value's label may name besides the brief's V items.
_DOCUMENTED = frozenset(
    source for prop in json.loads((spec_dir() / "ruleset.schema.json").read_text(encoding="utf-8"))["properties"]
    .values() for source in prop.get("x-documented", {}).values())


def _raw_names(text: str) -> list[str]:
    """Option names written as such in a sentence: in backquotes, before " = ", or any
    identifier with an underscore.  (A word that is also an option's name, "deck" or
    "ace", is a word.)"""
    quoted = [w for w in re.findall(r"`([^`]*)`", text) if w.split(" ")[0] in _OPTION_NAMES or "_" in w]
    assigned = [m for m in re.findall(r"\b([a-z_]+) = ", text) if m in _OPTION_NAMES]
    return quoted + assigned + re.findall(r"\b[A-Za-z]+_[A-Za-z0-9_]+\b", text)


#: The situations of the eight tests above.
EIGHT = [FOUR_ACES, DECLARE_LATE, KNOCK_28, JACK_ON_SEVEN, TURN_LIMIT_TIE, FIRST_TURN_KNOCK]


def _situations() -> Iterator[tuple[str, Situation]]:
    for text in [*(r[0] for r in RULINGS), *EIGHT]:
        yield text[:40], load_situation(text)
    files = sorted(p for p in (data_root() / "scenarios").rglob("*.yaml") if "_gen" not in p.parts)
    for path in files[::SCENARIO_STRIDE]:
        yield path.stem, scenario_situation(path)


def _top_level(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside parentheses."""
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and text.startswith(sep, k):
            parts.append(text[start:k])
            start = k + len(sep)
    return [*parts, text[start:]]


def _check_label(label: str, where: str) -> None:
    """A house rule's label names, for every option value it calls a house rule, a V item
    or a documented source; one with neither says it has none."""
    for part in _top_level(label, "; "):
        if part.startswith("a house rule ("):
            assert re.search(r"\bV\d+\b", part), where
        elif part.startswith("a house rule: "):
            for named in _top_level(part.removeprefix("a house rule: "), ", "):
                sources = named.partition(" (")[2]
                assert re.search(r"\bV\d+\b", sources) or any(s in sources for s in _DOCUMENTED), (where, named)
        elif "house rule" in part:
            assert part.startswith("a house rule with no written source: "), where
        elif part.startswith("an online engines'"):
            assert part.startswith(f"{UNSOURCED}: "), where


def _check_group(j: Judgement, g: Group, where: str) -> int:
    by_id = rules_by_id()
    checked = 0
    for rid in g.outcome.rules:
        rule = by_id.get(rid)
        if rule is None:
            continue
        quotes = j.quotes(g, rid)
        for q in quotes:
            at = f"{where}: group {g.letter}, {rid} under {[t.label for t in q.trials]}"
            assert q.trials, at
            for t in q.trials:  # the rule's own sentence under each ruleset it is quoted for
                assert any(t is u for u in g.trials), at
                assert rule.applies.holds(t.ruleset), f"{at}: quoted where it does not apply"
                assert rule.text_under(t.ruleset) == q.text, at
            assert not _raw_names(q.text), at
            _check_label(q.label, at)
            checked += 1
        # an unqualified sentence speaks for the whole group, or in the base rules' group for
        # the base rules, and the rulesets the group quotes it for are all its own
        for k, q in enumerate(quotes):
            if not q.under:
                covers_all = len(quotes) == 1 and len(q.trials) == len(g.trials)
                assert covers_all or (j.is_base(g) and k == 0 and any(t is j.base_trial for t in q.trials)), (
                    f"{where}: group {g.letter}, {rid} quoted for {[t.label for t in q.trials]} without saying so")
        assert len({id(t) for q in quotes for t in q.trials}) == sum(len(q.trials) for q in quotes)
    for rid in j.deciding(g):
        assert rid not in by_id or j.quotes(g, rid), f"{where}: {rid} decides with no sentence to quote"
    return checked


def _check_not_judged(j: Judgement, situation: Situation, where: str) -> None:
    """A ruleset set aside as changing only unnamed cards reaches, where it arises, the
    outcome of the same ruleset with the base rules' pack: the same refusal of a named
    action, or the same ending and payments where the stock holds as many cards (a pack
    with more cards, unnamed, can change how long the stock lasts, which is what "only
    unnamed cards" means)."""
    pack = {o: getattr(j.base, o) for o in ("deck", "jokers", "joker_value")}
    for t in j.not_judged:
        mine = play(situation, t.ruleset)
        theirs = play(situation, t.ruleset.replace(**pack))
        if "cannot_arise" in (mine.kind, theirs.kind):
            continue
        a, b = outcome_of(mine, situation), outcome_of(theirs, situation)
        legal = {"refused", "allowed"} & {a.kind, b.kind}
        stock = [p.hand.stock_count if p.hand is not None else -1 for p in (mine, theirs)]
        if legal or stock[0] == stock[1]:
            assert a.money == b.money, f"{where}: {t.label} decides the outcome but is not judged"


def _trial_groups(j: Judgement) -> dict[int, str]:
    return {id(t): g.letter for g in j.groups for t in g.trials}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_quoted_sentence_holds_where_it_is_quoted(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(data_root())
    rules = PRESETS[preset]
    checked = 0
    for name, situation in _situations():
        j = judge(situation, rules, preset)
        where = f"{name} under {preset}"
        for g in j.groups:
            checked += _check_group(j, g, where)
        _check_not_judged(j, situation, where)
        groups = _trial_groups(j)
        for v in j.changing:  # an option that changes the result reaches two groups, or arises only under some values
            letters = {letter for _, letter, _ in v.results}
            assert len(letters) > 1, f"{where}: {v.option}"
        if not j.changing:  # "changed by no option": every ruleset where it arises in one group
            assert len(set(groups.values())) <= 1, where
    assert checked > 100, checked


def test_every_payment_rule_says_what_it_is_paid_for() -> None:
    """Each rule the engine pays under has ``paid_for``, words that read after the amount."""
    paid = _payment_rules()
    assert {"PAY-KNOCK-2", "PAY-CAUGHT-1", "PAY-CAUGHT-2", "PAY-CAUGHT-3", "PAY-STOCK-1", "PAY-STOCK-2",
            "VAR-LOWKNOCK-1", "VAR-KNOCKTIE-1", "STOCK-1", "PAY-DEALT-1", "PAY-OUT-1", "PAY-OUT-2"} <= paid
    by_id = rules_by_id()
    for rid in paid:
        assert by_id[rid].paid_for, rid
        assert re.fullmatch(r"(for|to) [a-z0-9 ,]+", by_id[rid].paid_for), rid
    assert by_id["PAY-CAUGHT-1"].paid_for == "for being caught"
    assert by_id["PAY-CAUGHT-2"].paid_for == "to the lowest hand"
    assert by_id["PAY-KNOCK-2"].paid_for == "for a winning knock"
    assert not [r.id for r in load_rules() if r.paid_for and r.id not in paid]  # and no other rule has it


def _payment_rules() -> set[str]:
    """The rule IDs the engine's payments can carry: every rule ID in the settlement module
    but in its record of the rules that settled an ending (``settled_by`` and its helpers),
    and those the hand passes to it."""
    engine = Path(__file__).resolve().parents[2] / "tonk_ref" / "engine"
    rid = r'"([A-Z]+(?:-[A-Z0-9]+)*-\d+)"'
    source = (engine / "payments.py").read_text(encoding="utf-8")
    settlement = source
    for fn in ast.parse(source).body:
        if isinstance(fn, ast.FunctionDef) and "settled" in fn.name:
            settlement = settlement.replace(ast.get_source_segment(source, fn) or "", "")
    out = set(re.findall(rid, settlement))
    hand = (engine / "hand.py").read_text(encoding="utf-8")
    out |= set(re.findall(r"payments\.(?:from_each|split_among)\([^\n]*?" + rid, hand))
    return out


def test_a_documented_source_names_a_value_no_v_item_gives() -> None:
    """``x-documented`` maps values other than the option's default, of an option with no
    V item, to the written source that documents them."""
    props = json.loads((spec_dir() / "ruleset.schema.json").read_text(encoding="utf-8"))["properties"]
    documented = {name: prop["x-documented"] for name, prop in props.items() if "x-documented" in prop}
    assert documented == {"after_knock": {"one_turn_each": "Hoyle's and Bicycle's Tunk"}}
    for name, sources in documented.items():
        assert not any(b.startswith("V") for b in props[name]["x-brief"]), name
        others = [v if isinstance(v, str) else json.dumps(v) for v in props[name]["enum"][1:]]
        assert set(sources) <= set(others) and all(sources.values()), name


def test_a_refusal_by_a_rule_the_table_does_not_play_quotes_no_sentence_of_it() -> None:
    """A declaration where the table has no special hands is refused by VAR-SPECIAL-1, which
    does not apply there: no sentence of it is among the deciding rules, and the ruling
    is written (it was an IndexError)."""
    from tonk_ref.rulebook.wording import PLAIN
    from tonk_ref.views.ruling_text import text

    j = judged("2 players; 0: Ad 2d 2c 3c Ac; 1: 2h 4s 9s Kd Kh; discard Qs; 0 declares", ONLINE, "online")
    g = group_with(j, "deck = 52")
    assert g.outcome.refusal is not None and g.outcome.refusal["rule"] == "VAR-SPECIAL-1"
    assert "VAR-SPECIAL-1" in g.outcome.rules and "VAR-SPECIAL-1" not in j.deciding(g)
    assert any("this ruleset has no special hands" in line for line in text(j, PLAIN))


def test_every_house_rule_label_names_its_source_or_says_it_has_none() -> None:
    """The label of every rule under every table of one option changed from the seed
    rules: each value it calls a house rule comes with a V item or a documented source."""
    facts = option_facts()
    tables = [DEFAULT.replace(**{**facts[o].needed(DEFAULT), o: v}) for o, vs in option_values().items() for v in vs]
    labels = {provenance(rule, rules) for rule in load_rules() for rules in tables if rule.applies.holds(rules)}
    for label in labels:
        _check_label(label, label)
    assert "a house rule with no written source: turn_limit = 50" in labels
    assert "a house rule: after_knock = one_turn_each (Hoyle's and Bicycle's Tunk)" in labels
