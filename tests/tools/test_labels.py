"""Every provenance label and sentence the judge prints is true under the rules it is
printed for: a label names an option's value only where that value gives the rule the
sentence quoted, a value no stored source documents says so, a decided rule names the seed
items it rests on, a ruleset quotes only the rules that decide its own play, and a group
quotes the rules that settle it under any of its rulesets.

The labels are read where the renderers read them (:meth:`Judgement.sentences` and
:meth:`Judgement.deciding`), and each is compared whole."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tonk_ref.engine.ruleset import DEFAULT, Ruleset, option_values
from tonk_ref.harness.situations import scenario_situation
from tonk_ref.paths import data_root
from tonk_ref.rulebook.book import (
    RulebookError,
    load_presets,
    load_rules,
    load_ruleset_schema,
    rules_by_id,
)
from tonk_ref.rulebook.judging import Group, Judgement, Trial, judge
from tonk_ref.rulebook.notation import value_text
from tonk_ref.rulebook.options import option_facts
from tonk_ref.rulebook.provenance import UNSOURCED, provenance
from tonk_ref.rulebook.situation import Description

ONLINE_REEM = load_presets()["online-reem"].ruleset()

#: Seat 0 knocks with 26 against 50 and 32: no tie.
KNOCK_NO_TIE = "3 players; 0: Ac 2d 3h Kc Qc; 1: Jc Jd Kh Qs Js; 2: 7c 7d 7h 6s 5s; discard 2c; 0 knocks"
#: W7: a knock that ties, 7 against 7.
W7 = "2 players, dealer 1; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; 0 knocks"
#: W10: the knocker on 8 against 5 and 5, a catch.
W10 = ("3 players, dealer 2; 0: 3d 5d; 1: 2h 3h; 2: 2s 3s; table: 0 [7c 8c 9c], 1 [Kd Kh Ks], 2 [Jc Jd Jh]; "
       "discard Qs; 0 knocks")
#: W3: seat 0 lays two spreads and tonks out.
W3 = "3 players; 0: 5h 6h 7h 9c 9d; 1: 2c 3c 4d 8s Ks; 2: 2d 3d 4s 6s Js; discard Qc; 0 draws 9s, spreads 5h 6h 7h, " \
     "spreads 9c 9d 9s"
#: Seat 0 hits seat 1's run.
HIT = "2 players; 0: 4c Jd Jh 2s 3d; 1: 2h 3s; table: 1 [5c 6c 7c]; discard Qs; 0 draws 2d, hits 4c on 0"
#: Seats 0 and 1 are dealt 49 each.
DEALT_49_49 = "3 players; first turn; 0: Kc Qc Jc Tc 9c; 1: Kd Qd Jd Td 9d; 2: 2h 3h 4s 6s 7s; discard 5c; 0 knocks"
#: Seat 0 is dealt 49 and seat 1 50.
DEALT_49_50 = "3 players; first turn; 0: Kc Qc Jc Tc 9c; 1: Kd Qd Jd Td Th; 2: 2h 3h 4s 6s 7s; discard 5c; 0 knocks"
#: Seat 0 draws the last stock card and discards: 37 against 38 (in the 40-card pack too).
LAST_CARD = "2 players; 0: 3d 4d Jc Kc Qh; 1: 3h 5h Js Kd Qs; discard 2c; stock 1; 0 draws 2s, discards 2s"
#: The same with a tie, 37 against 37, and nobody outside it to pay.
LAST_CARD_TIE = "2 players; 0: 3d 4d Jc Kc Qh; 1: 3h 4h Js Kd Qs; discard 2c; stock 1; 0 draws 2s, discards 2s"
#: A turn that starts with the stock empty.
STOCK_EMPTY = ("2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s 5c 6c 7c; discard Qs; stock empty; "
               "0 takes the discard, discards Qs")
#: Seat 0 hits seat 1's run, then goes out by discarding.
HIT_THEN_OUT = ("2 players; 0: 4c 9d; 1: 2h 8s; table: 0 [Kh Kd Kc], 1 [5c 6c 7c]; discard Qs; "
                "0 draws Ks, hits Ks on 0, hits 4c on 1, discards 9d")
#: The last turn the turn limit allows ends in a tie, 16 against 16.
TURN_LIMIT_TIE = "2 players; 0: 3d 4d 9c Kc Qh; 1: 3h 4h 9s Kd Qs; discard 2c; turn 49; 0 draws 2s, discards 2s"
#: Seat 0 knocks holding three aces, a book forced spreads let it keep.
THREE_ACES = "3 players; 0: Ac Ad Ah 5c 9d; 1: 9c 2d Kh Qs Js; 2: 7c 7d 4h 6s 5s; discard 2c; 0 knocks"
#: Seat 0 knocks on its first turn holding three aces and the run Ah 2h 3h.
THREE_ACES_AND_RUN = ("3 players; 0: Ac Ad Ah 2h 3h; 1: 9c 2d Kh Qs Js; 2: 7c 7d 4h 6s 5s; discard 2c; first turn; "
                      "0 knocks")
#: Seat 0 knocks holding a run that count_held_spreads = false leaves out of the count.
HELD_RUN = "2 players; 0: 2c 3c 4c 9d Kh; 1: 5d 6h 8s 9s Qs; discard 2s; 0 knocks"


def judged(text: str, rules: Ruleset = DEFAULT, label: str = "seed") -> Judgement:
    return judge(Description(text), rules, label)


def group_with(j: Judgement, trial_label: str) -> Group:
    return next(g for g in j.groups if any(t.label == trial_label for t in g.trials))


def quoted(j: Judgement, g: Group, rid: str) -> dict[str, tuple[str, list[str]]]:
    """Each ruleset of the group under which ``rid`` is quoted: (sentence, label)."""
    return {t.label: (text, [label]) for text, label, trials in j.sentences(g, rid) for t in trials}


def label_for(j: Judgement, g: Group, rid: str, trial_label: str) -> str:
    return quoted(j, g, rid)[trial_label][1][0]


def deciding_label(j: Judgement, rid: str, trial_label: str = "the base rules") -> str:
    """The label of ``rid`` under the ruleset ``trial_label``, whose group it decides."""
    g = group_with(j, trial_label)
    assert rid in j.deciding(g), (rid, j.deciding(g))
    return label_for(j, g, rid, trial_label)


# ---------------------------------------------------------------------------- the reported labels


def test_an_option_whose_value_leaves_the_sentence_as_it_is_is_not_named() -> None:
    """online-reem plays knock_tie = split, but with no tie PAY-KNOCK-2 says the default's
    sentence: its label is the default's, in every group that quotes it."""
    j = judged(KNOCK_NO_TIE, ONLINE_REEM, "online-reem")
    default = "the seeds (S29) and this spec (D6; alternatives: knock_tie = knocker_wins; low_knock_bonus = 13)"
    seen = 0
    for g in j.groups:
        for text, label, _ in j.sentences(g, "PAY-KNOCK-2"):
            if text == rules_by_id()["PAY-KNOCK-2"].text:
                assert label == default, g.letter
                seen += 1
    assert seen >= 2  # the base group and face_values = 11-12-13


def test_knock_with_discard_is_not_named_for_a_knock_at_the_start_of_the_turn() -> None:
    j = judged(KNOCK_NO_TIE, ONLINE_REEM, "online-reem")
    g = group_with(j, "the base rules")
    text, (label,) = quoted(j, g, "TURN-3")["knock_timing = start"]
    assert text == "A player may knock only at the start of their own turn, before drawing."
    assert label == "the seeds (S17) and this spec (D1; alternatives: knock_timing = any or after_draw)"
    text, (label,) = quoted(j, g, "TURN-3")["the base rules"]
    assert label == ("a house rule: knock_timing = any (V28); an online engines' rule, no written source: "
                     "knock_with_discard = false")


def test_a_hit_in_the_40_card_pack_is_d11s() -> None:
    assert deciding_label(judged(HIT, ONLINE_REEM, "online-reem"), "HIT-3") == (
        "the seeds (S20, S21) and this spec (D11; no option offers another reading)")


def test_a_tonk_out_is_paid_by_s26_not_d18() -> None:
    j = judged(W3)
    g = group_with(j, "the base rules")
    assert g.outcome.ending == "tonk_out"
    assert label_for(j, g, "PAY-OUT-1", "the base rules") == "the seeds (S6, S26)"
    rule = rules_by_id()["PAY-OUT-1"]
    assert "D18" not in rule.brief and not rule.decided
    assert "D18" in rules_by_id()["OUT-1"].brief  # going out by hits is OUT-1's point


def test_a_dealt_draw_names_s13() -> None:
    expected = ("the seeds (S13) and this spec (D15; alternatives: dealt_tonks = best or split; dealt_tonk = 50 or "
                "none; low_dealt_double = 15 or 13)")
    for text in (DEALT_49_49, DEALT_49_50):
        j = judged(text)
        g = group_with(j, "the base rules")
        assert g.outcome.ending == "dealt_draw"
        assert label_for(j, g, "DEALT-2", "the base rules") == expected


def test_a_catch_names_s30() -> None:
    assert deciding_label(judged(W10), "PAY-CAUGHT-3") == (
        "the seeds (S30) and this spec (D5; alternatives: caught_payment (5 other values))")


def test_values_no_stored_source_documents_say_so() -> None:
    assert deciding_label(judged(LAST_CARD, ONLINE_REEM, "online-reem"), "STOCK-3") == (
        "an online engines' rule, no written source: empty_stock = last_turn")
    j = judged(W7)
    g = group_with(j, "knock_tie = split")
    assert label_for(j, g, "PAY-KNOCK-3", "knock_tie = split") == (
        "an online engines' rule, no written source: knock_tie = split")
    assert label_for(j, g, "VAR-KNOCKTIE-1", "knock_tie = split") == (
        "an online engines' rule, no written source: knock_tie = split")


def test_every_option_value_its_description_calls_unsourced_is_listed_as_such() -> None:
    """The schema's option facts are the one home of option facts: a value whose
    description says no stored source documents it is in x-unsourced, and a value in
    x-unsourced is never cited as a brief item's."""
    props = load_ruleset_schema()["properties"]
    facts = option_facts()
    for name, prop in props.items():
        said = "no stored source documents" in prop["description"]
        assert said == bool(facts[name].unsourced), name
        for value in facts[name].unsourced:
            rules = DEFAULT.replace(**{name: value, **facts[name].needed(DEFAULT)})
            named = f"{name} = {value_text(value)}"
            for rid in prop["x-rules"]:
                label = provenance(rules_by_id()[rid], rules)
                if named in label:  # an online engines' rule, or this spec's own offer (x-offered)
                    kind = "a house rule with no written source" if prop.get("x-offered") else UNSOURCED
                    assert named in label.partition(f"{kind}: ")[2], (rid, label)


# ---------------------------------------------------------------------------- sentences of the position


def test_no_hit_lock_sentence_under_hit_lock_0() -> None:
    rules = DEFAULT.replace(hit_lock=2, hit_lock_further=1)
    j = judged(HIT_THEN_OUT, rules, "hit lock")
    g = group_with(j, "hit_lock = 0")
    assert "VAR-HITLOCK-1" in j.deciding(g)
    under = quoted(j, g, "VAR-HITLOCK-1")
    assert "hit_lock = 0" not in under
    assert under["the base rules"] == (
        "A hit by another player on the spread of a player whose knock is not locked forbids that player to knock "
        "for 2 more of their turns, and each further hit while the lock runs adds one turn, counted as their turns "
        "end.", ["a house rule: hit_lock = 2 (V22); an online engines' rule, no written source: hit_lock_further = 1"])


def test_a_dead_turn_limit_quotes_no_payment_for_the_tie() -> None:
    j = judged(TURN_LIMIT_TIE, DEFAULT.replace(turn_limit=50), "turn limit")
    g = group_with(j, "turn_limit_end = dead")
    assert g.outcome.payments == ()
    assert "turn_limit_end = dead" not in quoted(j, g, "PAY-STOCK-2")
    dead = next(t for t in g.trials if t.label == "turn_limit_end = dead")
    assert dead.outcome is not None and "PAY-STOCK-2" not in dead.outcome.rules
    counted = group_with(j, "the base rules")
    assert counted.outcome.payments == () and "PAY-STOCK-2" in j.deciding(counted)
    assert counted.outcome.notes == ["every player ties for the lowest total, so nobody is outside the tie to pay "
                                     "(PAY-STOCK-2)"]


def test_a_turn_starting_with_the_stock_empty_cannot_arise_under_last_turn() -> None:
    j = judged(STOCK_EMPTY)
    assert "empty_stock = last_turn" in [t.label for t in j.cannot]
    why = next(t for t in j.cannot if t.label == "empty_stock = last_turn").outcome
    assert why is not None and why.why == ("under empty_stock = last_turn the hand ends with the turn that drew the "
                                           "last stock card, so no turn starts with the stock empty (STOCK-3)")
    assert j.group_of(next(t for t in j.trials if t.label == "the base rules")) is not None


def test_a_stock_tie_with_nobody_outside_it_is_not_called_stock_tie_dead() -> None:
    """Two players tied at the empty stock: nobody is outside the tie to pay, and that is
    D9's sentence, not stock_tie = dead."""
    j = judged(LAST_CARD_TIE, ONLINE_REEM.replace(deck=52), "online-reem, 52 cards")
    g = group_with(j, "the base rules")
    assert g.outcome.payments == ()
    assert g.outcome.notes == ["every player ties for the lowest total, so nobody is outside the tie to pay "
                               "(PAY-STOCK-2)"]
    assert quoted(j, g, "PAY-STOCK-2")["the base rules"][1] == [
        "this spec decides (D9; alternatives: stock_tie = split or dead)"]
    dead = group_with(j, "stock_tie = dead")
    assert dead is not g  # the dead hand is another outcome: no winner
    assert "stock_tie = dead: a tie for the lowest total at the empty stock pays nothing" in dead.outcome.notes


# ---------------------------------------------------------------------------- the deciding rules


def test_a_three_ace_knock_under_forced_spreads_names_the_aces_it_keeps() -> None:
    j = judged(THREE_ACES)
    g = group_with(j, "forced_spreads = true")
    assert "VAR-FORCED-2" in j.deciding(g)
    assert ("forced_spreads = true: seat 0 knocks holding Ac Ad Ah, a book of exactly three aces, which S33's "
            "exception lets it keep (VAR-FORCED-2)") in g.outcome.notes
    assert quoted(j, g, "VAR-FORCED-2") == {"forced_spreads = true": (
        "A player holding a spread other than a book of exactly three aces MUST NOT knock; hitting is never forced.",
        ["a variation the seeds print: forced_spreads = true (S33; this spec decides D16)"])}


def test_a_knock_refused_under_forced_spreads_names_the_spread_to_lay() -> None:
    """Three aces and 2h 3h: the aces are S33's exception, the run Ah 2h 3h is not."""
    j = judged(THREE_ACES_AND_RUN, load_presets()["seed-forced-spreads"].ruleset(), "seed-forced-spreads")
    g = group_with(j, "the base rules")
    assert g.outcome.kind == "refused" and g.outcome.refusal is not None
    assert g.outcome.refusal["reason"] == "forced_spread"
    assert g.outcome.notes[0] == ("seat 0 holds Ah 2h 3h, a spread that forced spreads make it lay; S33's exception "
                                  "covers only the book of three aces, Ac Ad Ah")
    assert j.deciding(g)[:2] == ["VAR-FORCED-1", "VAR-FORCED-2"]


def test_a_dealt_draw_argument_quotes_the_best_rule_in_its_group() -> None:
    j = judged(DEALT_49_50)
    g = group_with(j, "dealt_tonks = best")
    assert "VAR-DEALTTONKS-1" in j.deciding(g)
    assert quoted(j, g, "VAR-DEALTTONKS-1") == {"dealt_tonks = best": (
        "The best dealt tonk wins alone (a 50 beats a 49, a 49 or 50 beats a low hand, a lower low hand beats a "
        "higher one), and a tie for best is a draw.", ["a house rule: dealt_tonks = best (V17)"])}


def test_where_count_held_spreads_decides_the_seeds_conflict_is_named() -> None:
    j = judged(HELD_RUN)
    assert "count_held_spreads" in {v.option for v in j.changing}
    base = group_with(j, "the base rules")
    assert label_for(j, base, "CARD-4", "the base rules") == (
        "the seeds disagree (S1, S28); this spec decides (D7; alternatives: count_held_spreads = false)")
    other = group_with(j, "count_held_spreads = false")
    assert label_for(j, other, "CARD-4", "count_held_spreads = false") == (
        "a house rule: count_held_spreads = false (V39; the seeds disagree: S1, S28)")


# ---------------------------------------------------------------------------- the invariant

#: Situations of every kind of ending, played under every preset.
SITUATIONS = [KNOCK_NO_TIE, W7, W10, W3, HIT, DEALT_49_49, DEALT_49_50, LAST_CARD, LAST_CARD_TIE, HIT_THEN_OUT,
              THREE_ACES, THREE_ACES_AND_RUN, HELD_RUN, STOCK_EMPTY, TURN_LIMIT_TIE]
_VALUES = {o: {value_text(v): v for v in vs} for o, vs in option_values().items()}


def _named(part: str) -> Iterator[tuple[str, list[object]]]:
    """The ``option = a, b or c`` of a label's part, with the values as data."""
    found = [m for m in re.finditer(r"\b([a-z_]+) = ", part) if m.group(1) in _VALUES]
    for k, m in enumerate(found):
        upto = found[k + 1].start() if k + 1 < len(found) else len(part)
        shown = re.split(r" \(|\)|;|\]", part[m.end():upto])[0].rstrip(", ")
        yield m.group(1), [_VALUES[m.group(1)][v] for v in re.split(r", | or ", shown)]


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("preset", list(load_presets()))
def test_a_label_names_an_option_value_only_where_it_changes_the_sentence(preset: str) -> None:
    """Over a set of situations under every preset: every option value a label names as
    played is one that, set back to its default, gives the rule another sentence; every
    alternative it names gives another sentence than the one quoted; a rule is quoted only
    for rulesets under which it applies and that cite it; and the seed items a label names
    are the rule's own."""
    rules = load_presets()[preset].ruleset()
    checked = 0
    for text in SITUATIONS:
        j = judge(Description(text), rules, preset)
        for g in j.groups:
            for rid in g.outcome.rules:
                rule = rules_by_id().get(rid)
                if rule is None:
                    continue
                for sentence, label, trials in j.sentences(g, rid):
                    _check(rule.id, sentence, label, trials)
                    checked += 1
    assert checked >= 20, checked  # the situations arise under every preset, most of them


def _check(rid: str, sentence: str, label: str, trials: list[Trial]) -> None:
    rule = rules_by_id()[rid]
    where = f"{rid} [{label}] under {[t.label for t in trials]}"
    for t in trials:
        assert rule.applies.holds(t.ruleset), where
        assert t.outcome is not None and rid in t.outcome.rules, where
        assert rule.text_under(t.ruleset) == sentence, where
    for item in re.findall(r"\b(S\d+)\b", label):
        assert item in rule.brief, where
    played, _, alternatives = label.partition("alternatives: ")
    for option, values in _named(played):
        assert option in rule.options, where
        for t in trials:
            mine = getattr(t.ruleset, option)
            if any(_same(mine, v) for v in values):
                reset = t.ruleset.replace(**{option: option_values()[option][0]})
                assert rule.text_under(reset) != sentence, f"{where}: {option} does not change the sentence"
        assert any(any(_same(getattr(t.ruleset, option), v) for v in values) for t in trials), where
    plain = next((t.ruleset for t in trials), DEFAULT)
    plain = plain.replace(**{o: option_values()[o][0] for o in rule.options})
    for option, values in _named(alternatives):
        for v in values:
            assert rule.text_under(plain.replace(**{option: v})) != rule.text_under(plain), (
                f"{where}: the alternative {option} = {value_text(v)} says the same sentence")



#: Every how many scenarios of the corpus the invariant is checked on in the default run
#: (the whole corpus takes a minute and a half).
CORPUS_STRIDE = 40


def test_the_invariant_holds_over_the_scenarios_corpus() -> None:
    """The same invariant over scenarios of the corpus, each judged under its own rules."""
    files = sorted(p for p in (data_root() / "scenarios").rglob("*.yaml") if "_gen" not in p.parts)
    checked = 0
    for path in files[::CORPUS_STRIDE]:
        situation = scenario_situation(path)
        j = judge(situation, situation.ruleset or DEFAULT, path.stem)
        for g in j.groups:
            for rid in g.outcome.rules:
                if rid in rules_by_id():
                    for sentence, label, trials in j.sentences(g, rid):
                        _check(rid, sentence, label, trials)
                        checked += 1
    assert len(files) > 10 * CORPUS_STRIDE and checked > 500


@pytest.mark.parametrize(("extra", "wanted"), [
    ("    brief: [S1, S28]\n    seeds_disagree: [knock_tie]\n",
     ":10: rules[0].seeds_disagree[0]: rule GAME-2 does not name the option 'knock_tie'"),
    ("    brief: [S28]\n    seeds_disagree: [max_players]\n",
     ":10: rules[0].seeds_disagree: rule GAME-2: seeds that disagree are two seed items or more"),
])  # fmt: skip
def test_a_bad_seeds_disagree_is_one_error_naming_the_line(tmp_path: Path, extra: str, wanted: str) -> None:
    text = ("sections:\n  GAME: Game\nrules:\n  - id: GAME-2\n    title: T\n    section: GAME\n"
            "    options: [max_players]\n    text: X.\n" + extra)
    p = tmp_path / "r.yaml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(RulebookError) as e:
        load_rules(p)
    assert str(e.value).startswith(f"{p}{wanted}"), str(e.value)
