"""scenarios/house, written by the family ``house`` of scenarios/_gen (house_contrasts.py,
house_rules.py, house_presets.py): the wider house rules and the presets hoyle-tunk and
online.  tests/corpus/test_generated.py checks that the files on disk are exactly what it
writes.  Every case passes on the reference engine; the generators' model follows the
rules text (its worked examples) and refuses figures or reason codes a script does not reach; every value
of every house option is contrasted with the default on the same deal and script; every
new rule is checked at least twice, once where it applies and once where it does not;
every new reason code is asserted exactly; both new presets are played."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
import yaml
from contrasts import contrast_id, failing_on_the_reference_engine, outcomes_differ, parse_contrast_id, tag

from scenarios._gen import house_contrasts
from scenarios._gen.cli import HOUSE_WRITING, family
from scenarios._gen.cli import _house as house_cases
from scenarios._gen.make.case import Case, build
from scenarios._gen.make.play import GenError
from tonk_model import Ambiguous, Rules, Shape, Spread, cards, placements, readings, resolve, settle
from tonk_ref.engine.ruleset import option_values

ROOT = Path(__file__).resolve().parents[2]
Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

HOUSE_OPTIONS = house_contrasts.OPTIONS

#: For each new rule, a case where it applies (or pays) and one where it does not.
APPLIES = {
    "VAR-JOKER-1": ("house-jokers-2-stock-count-2p", "house-jokers-default-stock-count-2p"),
    "VAR-JOKER-2": ("house-joker-value-0-knock-2p", "house-var-joker-laid-counts-nothing-2p"),
    "VAR-WILD-1": ("house-var-wild-joker-fills-a-gap-2p", "house-var-wild-joker-cannot-fill-two-gaps-2p"),
    "VAR-WILD-2": ("house-var-wild-hit-joker-on-a-book-2p", "house-deuces-wild-default-hit-deuce-on-a-run-2p"),
    "VAR-DEUCES-1": ("house-deuces-wild-true-book-with-a-deuce-2p", "house-deuces-wild-default-book-with-a-deuce-2p"),
    "VAR-DECK40-1": ("house-deck-40-run-seven-jack-2p", "house-deck-default-run-seven-jack-2p"),
    "VAR-FACE-1": ("house-face-values-11-12-13-knock-3p", "house-face-values-default-knock-3p"),
    "VAR-HANDSIZE-1": ("house-hand-size-7-first-turn-knock-2p", "house-hand-size-by-players-three-players-3p"),
    "VAR-LOWDEALT-1": ("house-low-dealt-double-15-dealt-14-2p", "house-low-dealt-double-13-dealt-14-2p"),
    "VAR-DEALTTONKS-1": ("house-dealt-tonks-best-50-and-49-3p", "house-dealt-tonks-default-50-and-49-3p"),
    "VAR-MUSTUSE-1": ("house-must-use-taken-true-discard-before-using-2p",
                      "house-must-use-taken-default-discard-before-using-2p"),
    "VAR-HITLOCK-1": ("house-hit-lock-1-knock-after-a-hit-2p", "house-var-hit-lock-own-spread-2p"),
    "VAR-EAT-1": ("house-eating-true-c-takes-a-discard-3p", "house-eating-default-c-takes-a-discard-3p"),
    "VAR-KNOCKLIMIT-1": ("house-knock-limit-5-knock-with-8-2p", "house-knock-limit-10-knock-with-8-2p"),
    "VAR-KNOCKWAIT-1": ("house-spread-knock-wait-1-knock-after-a-spread-2p",
                        "house-spread-knock-wait-default-knock-after-a-spread-2p"),
    "VAR-LOWKNOCK-1": ("house-low-knock-bonus-13-knock-with-13-2p", "house-low-knock-bonus-13-knock-with-14-2p"),
    "VAR-POINTS-1": ("house-scoring-points-caught-knocker-3p", "house-scoring-default-caught-knocker-3p"),
    "STOCK-3": ("house-stock3-reshuffle-4p", "house-stock3-play-on-takes-the-discard-4p"),
    "VAR-NOUP-1": ("house-discard-without-draw-true-no-upcard-first-turn-3p",
                   "house-discard-without-draw-default-no-upcard-first-turn-3p"),
    "VAR-NODRAW-1": ("house-discard-without-draw-true-discard-before-drawing-2p",
                     "house-discard-without-draw-default-discard-before-drawing-2p"),
    "VAR-HITEND-1": ("house-hit-ends-turn-true-discard-after-a-hit-2p",
                     "house-hit-ends-turn-default-discard-after-a-hit-2p"),
    "VAR-KNOCKHELD-1": ("house-knock-with-discard-false-knock-without-a-discard-2p",
                        "house-knock-with-discard-default-knock-without-a-discard-2p"),
    "VAR-REEM-1": ("house-reem-one-turn-two-spreads-in-one-turn-2p", "house-reem-default-two-spreads-in-one-turn-2p"),
    "VAR-SPECIAL-1": ("house-special-hands-any-turn-declare-on-a-later-turn-2p",
                      "house-special-hands-first-turn-declare-on-a-later-turn-2p"),
}
NEW_REASONS = ("must_use_taken", "hit_lock", "knock_wait", "knock_limit", "declare_timing", "not_special")


@pytest.fixture(scope="module")
def files() -> dict[str, str]:
    return {str(p.relative_to(ROOT / "scenarios")): t for p, t in family("house").render().items()}


@pytest.fixture(scope="module")
def docs(files: dict[str, str]) -> dict[str, dict[str, Any]]:
    return {yaml.load(text, Loader=Loader)["id"]: yaml.load(text, Loader=Loader) for text in files.values()}


def test_there_are_at_least_90_cases(files: dict[str, str]) -> None:
    assert len(files) >= 90, len(files)


def test_every_case_passes_on_the_reference_engine(files: dict[str, str]) -> None:
    bad, ran = failing_on_the_reference_engine(["house"])
    assert not bad, "\n".join(bad)
    assert ran == len(files)


# ---------------------------------------------------------------------------------- the model
def _rules(**options: Any) -> Rules:
    return Rules(resolve(None, options))


@pytest.mark.parametrize(
    ("cards_text", "options", "shape"),
    [
        # the examples of spec/tonk.md under VAR-WILD-1, VAR-DEUCES-1 and VAR-DECK40-1
        ("7h X1 9h", {"jokers": 2}, Shape("run", suit="h", lo=7, hi=9)),
        ("X1 Ah 2h", {"jokers": 2}, Shape("run", suit="h", lo=1, hi=3)),
        ("Qh Kh X1", {"jokers": 2}, Shape("run", suit="h", lo=11, hi=13)),
        ("5c X1 X2", {"jokers": 2}, Shape("book", rank=5)),
        ("5c X1 X2", {"jokers": 2, "wild_min_naturals": 2}, None),
        ("2c 3c 4c", {"deuces_wild": True}, Shape("run", suit="c", lo=2, hi=4)),
        ("2c 3c 4c", {}, Shape("run", suit="c", lo=2, hi=4)),
        ("6h 7h Jh", {"deck": 40}, Shape("run", suit="h", lo=6, hi=8)),
        ("6h 7h Jh", {}, None),
        ("9c 9d 9h 9s X1", {"jokers": 2}, None),
        ("5h X1 8h", {"jokers": 2}, None),
        # one natural card and four wild cards would be a book of five (see the report) ...
        ("9h 2c 2d 2h 2s", {"deuces_wild": True}, None),
        ("9h 2c 2d 2h", {"deuces_wild": True}, Shape("book", rank=9)),
        # ... but 2h may stand as itself: two natural cards, the run 2-6 of hearts
        ("5h 2c 2d 2h 2s", {"deuces_wild": True}, Shape("run", suit="h", lo=2, hi=6)),
    ],
)
def test_the_model_reads_the_spec_examples(cards_text: str, options: dict[str, Any], shape: Shape | None) -> None:
    assert readings(cards(cards_text), _rules(**options)) == ([] if shape is None else [shape])


def test_the_model_hits_wild_cards_up_then_down() -> None:
    rules = _rules(jokers=2)
    up = Spread(0, ["5h", "6h", "7h"], Shape("run", suit="h", lo=5, hi=7))
    top = Spread(0, ["Jh", "Qh", "Kh"], Shape("run", suit="h", lo=11, hi=13))
    assert placements(up, "X1", rules) == [Shape("run", suit="h", lo=5, hi=8)]  # the joker goes above, as 8h
    assert placements(top, "X1", rules) == [Shape("run", suit="h", lo=10, hi=13)]  # nothing above the king: as Th


def test_the_model_refuses_to_guess_where_a_deuce_stands() -> None:
    run = Spread(0, ["3h", "4h", "5h"], Shape("run", suit="h", lo=3, hi=5))
    assert len(placements(run, "2h", _rules(deuces_wild=True))) == 2  # as itself below the three, or wild above
    case = Case("house-x", "x", ["VAR-WILD-2"], 2, 1, ["0 draw stock; 0 spread 3h 4h 5h; 0 hit 2h 0"],
                hands=["3h 4h 5h 2h Kd", "Ac 3d 4s 5c 8h"], upcard="Qs", options={"deuces_wild": True}, over=False)
    with pytest.raises(Ambiguous):
        build(case, HOUSE_WRITING)


def test_the_model_settles_the_split_example_of_var_dealttonks_1() -> None:
    # spec/tonk.md: A is dealt 50 and B 49 under split; C pays A 1 and B 1
    res = settle.dealt([50, 49, 20], 1, _rules(dealt_tonks="split"))
    assert res is not None and res.winners == [0, 1]
    assert res.pairs == {(2, 0): 1, (2, 1): 1}


def test_the_model_scores_points_as_var_points_1_says() -> None:
    caught = settle.result("knock_caught", 3, [1], [], [10, 9, 48], knocker=0)
    assert settle.points(caught, [10, 9, 48]) == [20, 0, 48]
    won = settle.result("knock_won", 2, [0], [], [13, 24], knocker=0)
    assert settle.points(won, [13, 24]) == [0, 24]
    with pytest.raises(ValueError, match="nobody won"):
        settle.points(settle.result("stock_out", 2, [], [], [5, 6]), [5, 6])


def _case(case_id: str) -> Case:
    (case,) = [c for c in house_cases() if c.id == case_id]
    return case


@pytest.mark.parametrize(
    ("case_id", "change", "message"),
    [
        ("house-joker-value-0-knock-2p", {"totals": [16, 28]}, "total"),
        ("house-joker-value-0-knock-2p", {"net": [1, -1]}, "nets"),
        ("house-dealt-tonks-split-50-and-49-3p", {"winners": [0]}, "winners"),
        ("house-hit-lock-1-knock-after-a-hit-2p", {"options": {"hit_lock": 2}}, "refuse|does not end"),
        ("house-knock-limit-5-knock-with-8-2p", {"script": ["0 knock !knock_wait", "@"]}, "as knock_limit"),
        ("house-knock-limit-10-knock-with-8-2p", {"script": ["0 knock !knock_limit"], "over": False}, "allow"),
    ],
)
def test_the_generator_refuses_what_the_script_does_not_reach(
    case_id: str, change: dict[str, Any], message: str
) -> None:
    case = dataclasses.replace(_case(case_id), **change)
    with pytest.raises(GenError, match=message):
        build(case, HOUSE_WRITING)


# ---------------------------------------------------------------------------------- coverage
def _acts(doc: dict[str, Any]) -> list[tuple[str, bool]]:
    return [(s["act"], "reject" in s) for s in doc["script"] if "act" in s]


def _same_until_they_part(a: list[tuple[str, bool]], b: list[tuple[str, bool]]) -> bool:
    """The same actions up to and including the first one refused under one ruleset and
    accepted under the other (after that the scripts may part), or until one ends."""
    for (x, rx), (y, ry) in zip(a, b, strict=False):
        if x != y:
            return False
        if rx != ry:
            return True
    return True


def test_every_house_option_value_is_contrasted_with_the_default(docs: dict[str, dict[str, Any]]) -> None:
    found: dict[tuple[str, str], list[str]] = {}
    for cid in docs:
        parsed = parse_contrast_id(cid, "house", HOUSE_OPTIONS)
        if parsed is not None:
            found.setdefault(parsed[:2], []).append(parsed[2])
    problems: list[str] = []
    for option in HOUSE_OPTIONS:
        for value in option_values()[option][1:]:
            t = tag(value)
            whats = found.get((option, t), [])
            differs = False
            for what in whats:
                mine = docs[contrast_id("house", option, t, what)]
                base = docs.get(contrast_id("house", option, "default", what))
                if base is None:
                    problems.append(f"{mine['id']}: no default case")
                    continue
                mopts = dict(mine["ruleset"]["options"])
                bopts = dict(base.get("ruleset", {}).get("options", {}))
                if mopts.pop(option) != value or option in bopts or mopts != bopts:
                    problems.append(f"{mine['id']}: the rulesets differ in more than {option}")
                if mine["deal"] != base["deal"] or mine["players"] != base["players"]:
                    problems.append(f"{mine['id']}: not the default's deal")
                if not _same_until_they_part(_acts(mine), _acts(base)):
                    problems.append(f"{mine['id']}: not the default's script")
                if outcomes_differ(mine, base):
                    differs = True
            if not differs:
                problems.append(f"{option} = {value!r}: no case whose outcome differs from the default's")
    assert not problems, "\n".join(problems)


def test_every_new_rule_applies_in_one_case_and_not_in_another(docs: dict[str, dict[str, Any]]) -> None:
    """Every house rule (a VAR rule of a house option, read from rules.yaml) is cited by two
    house cases at least, the contrast of its option; APPLIES names the pair for the rules
    whose cases are worth naming."""
    spec = yaml.load((ROOT / "spec" / "rules.yaml").read_text(encoding="utf-8"), Loader=Loader)
    house = {
        r["id"]
        for r in spec["rules"]
        if r["id"].startswith("VAR-") and set(r.get("options", [])) & set(HOUSE_OPTIONS)
    }
    assert set(APPLIES) <= house | {"STOCK-3"}
    for rid, (yes, no) in APPLIES.items():
        assert rid in docs[yes]["rules"] and rid in docs[no]["rules"], rid
    for rid in sorted(house | set(APPLIES)):
        count = sum(rid in d["rules"] for d in docs.values())
        assert count >= 2, (rid, count)


def test_every_new_reason_code_is_asserted_exactly(docs: dict[str, dict[str, Any]]) -> None:
    asserted = [s["reject"] for d in docs.values() for s in d["script"] if "reject" in s]
    assert all(r is not True for r in asserted), "every refusal names its reason code"
    for reason in NEW_REASONS:
        assert asserted.count(reason) >= 2, reason


def test_both_new_presets_are_played(docs: dict[str, dict[str, Any]]) -> None:
    for name in ("hoyle-tunk", "online", "online-reem"):
        n = sum(d.get("ruleset", {}).get("preset") == name for d in docs.values())
        assert n >= 3, (name, n)


def test_hand_sizes_and_the_40_card_pack_are_dealt(docs: dict[str, dict[str, Any]]) -> None:
    sizes = {len(h) for d in docs.values() if "hands" in d["deal"] for h in d["deal"]["hands"]}
    assert {5, 7, 9} <= sizes
    forty = [d for d in docs.values() if d.get("ruleset", {}).get("options", {}).get("deck") == 40]
    dealt = [c for d in forty for h in d["deal"].get("hands", [d["deal"].get("deck", [])]) for c in h]
    assert all(c[0] not in "89T" for c in dealt)
    assert any("hands" in d["deal"] for d in forty) and any(len(d["deal"].get("deck", [])) == 40 for d in forty)
