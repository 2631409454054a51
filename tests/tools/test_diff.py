"""``tonk diff``: the smallest situations in which two rulesets disagree.  Every change of
one option from the defaults either yields a witness that really disagrees when replayed
through ``tonk judge`` under both rulesets (and its scenario file, when there is one, is
a valid scenario that disagrees too), or is listed as unable to change a hand, with the
reason."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from runkit import Ran

from tonk_ref.engine.ruleset import DEFAULT, option_values
from tonk_ref.harness.scenario import load_scenario
from tonk_ref.harness.situations import load_situation
from tonk_ref.rulebook.diffsearch import Side, diff

SINGLE = [(o, v) for o, vs in option_values().items() for v in vs
          if not (type(v) is type(getattr(DEFAULT, o)) and v == getattr(DEFAULT, o))]


def _base_group(r: Ran) -> tuple[Any, ...]:
    j = r.json()
    g = next(g for g in j["groups"] if g["includes_base"])
    refusal = g.get("refusal") or {}
    return (g["outcome"], g.get("ending"), tuple(g.get("winners") or ()), tuple(g.get("net") or ()),
            refusal.get("action"))


def test_seed_against_seed_finds_nothing(tonk: Callable[..., Ran]) -> None:
    r = tonk("diff", "seed", "seed")
    assert r.code == 0 and "no situation can tell them apart" in r.out


def test_seed_against_pagat_names_the_option_and_why(tonk: Callable[..., Ran]) -> None:
    r = tonk("diff", "seed", "pagat", "--format", "json")
    j = r.json()
    assert j["found"] is False and j["witnesses"] == []
    assert [c["option"] for c in j["cannot_matter"]] == ["max_players"]
    assert "GAME-2" in j["cannot_matter"][0]["reason"]
    assert "Nothing found" in tonk("diff", "seed", "pagat").out


def test_a_preset_with_several_options_gives_distinct_rules(tonk: Callable[..., Ran]) -> None:
    j = tonk("diff", "seed", "online", "--limit", "3", "--format", "json").json()
    rules = [w["rule"] for w in j["witnesses"]]
    assert len(rules) == 3 and len(set(rules)) == 3
    assert "VAR-KNOCKLIMIT-1" in rules


@pytest.mark.parametrize(("option", "value"), SINGLE, ids=[f"{o}={v}" for o, v in SINGLE])
def test_every_single_option_change(option: str, value: object, tonk: Callable[..., Ran],
                                    table_file: Callable[[str], str], tmp_path: Path) -> None:
    b = DEFAULT.replace(**{option: value})
    d = diff(Side("seed", DEFAULT), Side(f"{option}={value}", b), load=load_situation, limit=1)
    if not d.witnesses:
        listed = {i.option: i.reason for i in d.inert}
        assert listed.get(option), f"{option}={value}: no witness and no reason"
        return
    w = d.witnesses[0]
    rules_b = str(tmp_path / "b.yaml")
    Path(rules_b).write_text(yaml.safe_dump({"preset": "seed", "options": {option: value}}), encoding="utf-8")
    under_a = _base_group(tonk("judge", w.description, "--format", "json"))
    under_b = _base_group(tonk("judge", w.description, "--rules", rules_b, "--format", "json"))
    assert under_a != under_b, f"{option}={value}: {w.description} does not disagree under judge"
    if w.scenario:
        path = tmp_path / "witness.yaml"
        path.write_text(w.scenario, encoding="utf-8")
        load_scenario(path)  # valid under spec/scenario.schema.json
        scen_a = _base_group(tonk("judge", str(path), "--format", "json"))
        scen_b = _base_group(tonk("judge", str(path), "--rules", rules_b, "--format", "json"))
        assert scen_a != scen_b, path.read_text()
    else:
        assert w.scenario_note.startswith("no scenario file: ")


def test_bad_rulesets_are_one_line(tonk: Callable[..., Ran], table_file: Callable[[str], str]) -> None:
    assert "B: " in tonk("diff", "seed", "nosuch").one_error_line("diff")
    line = tonk("diff", table_file("preset: seed\noptions: {knok_tie: caught}\n"), "seed").one_error_line("diff")
    assert "knok_tie" in line
    assert "--limit" in tonk("diff", "seed", "online", "--limit", "0").one_error_line("diff")


def test_the_formats_carry_the_witness(tonk: Callable[..., Ran], tmp_path: Path) -> None:
    md = tonk("diff", "seed", "online", "--limit", "1", "--format", "markdown", "--scenarios", str(tmp_path)).out
    assert "### 1. Decided by VAR-KNOCKLIMIT-1" in md and "```yaml" in md
    assert list(tmp_path.glob("diff-*.yaml"))
    page = tonk("diff", "seed", "online", "--limit", "1", "--format", "html").out
    assert page.startswith("<!doctype html>") and 'class="card' in page and "VAR-KNOCKLIMIT-1" in page


# ---------------------------------------------------------------------------- the deciding rule


def _decided(a: Any, b: Any, text: str) -> str:
    from tonk_ref.rulebook.diffsearch import deciding_rule, stop_point
    from tonk_ref.rulebook.judging import outcome_of
    from tonk_ref.rulebook.situation import Description, play

    d = Description(text)
    pa, pb = play(d, a), play(d, b)
    changed = {k for k, v in a.to_dict().items() if b.to_dict()[k] != v}
    return deciding_rule(outcome_of(pa, d), outcome_of(pb, d), changed, (stop_point(pa), stop_point(pb)))


def test_a_dealt_draw_is_decided_by_the_deal_not_by_the_knock_it_forestalls() -> None:
    """Two 49s: a dealt draw where 49 ends the hand at the deal; where it does not, the knock
    on 49 is refused by a knock limit.  The hand ended at the deal first: DEALT-2 decides."""
    from tonk_ref.rulebook.diffsearch import option_rules

    rule = _decided(DEFAULT, DEFAULT.replace(dealt_tonk="50", knock_limit=10),
                    "2 players, dealer 1; first turn; 0: Kc Qd Jc Td 9c; 1: Kh Qs Jh Ts 9h; discard 7d; 0 knocks")
    assert rule in option_rules("dealt_tonk") and rule != "VAR-KNOCKLIMIT-1"


def test_a_hit_that_ends_the_turn_is_decided_by_that_rule_not_by_the_hit_lock() -> None:
    """The discard after a hit is refused where a hit ends the turn; both rulesets lock the
    knock of the spread hit (for 1 and for 2 turns), so the lock is not what differs."""
    from tonk_ref.rulebook.diffsearch import option_rules

    rule = _decided(DEFAULT.replace(hit_lock=1), DEFAULT.replace(hit_lock=2, hit_ends_turn=True),
                    "3 players; 0: 5c 6d; 1: Kc Kd 2s 3s 4s; 2: Ac 2c 3d 4d 8d; table: 0 [7h 8h 9h]; discard Kh; "
                    "1 draws 6h, hits 6h on 0, discards Kc")
    assert rule in option_rules("hit_ends_turn") and rule != "VAR-HITLOCK-1"


def test_a_knock_limit_refusal_is_still_decided_by_the_knock_limit() -> None:
    rule = _decided(DEFAULT.replace(knock_limit=5), DEFAULT.replace(knock_limit=10),
                    "2 players, dealer 1; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; 0 knocks")
    assert rule == "VAR-KNOCKLIMIT-1"


# ---------------------------------------------------------------------------- a scenario under each ruleset


def test_where_one_turns_an_upcard_each_ruleset_gets_its_scenario(tonk: Callable[..., Ran], tmp_path: Path) -> None:
    """online turns an upcard and online-reem does not: no one deal and script reach the
    position under both, so each ruleset gets its own file, which loads, plays its
    ruleset's outcome, and deals only cards both packs hold."""
    from tonk_ref.engine.cards import NAMES, pack_mask
    from tonk_ref.rulebook.book import load_table_rules
    from tonk_ref.rulebook.diffsearch import verdict
    from tonk_ref.rulebook.situation import play

    out = tonk("diff", "online", "online-reem", "--limit", "1", "--scenarios", str(tmp_path)).out
    assert "one for each ruleset: one turns an upcard" in out
    a, b = load_table_rules("online"), load_table_rules("online-reem")
    both = pack_mask(a.deck, a.jokers) & pack_mask(b.deck, b.jokers)
    doc = tonk("diff", "online", "online-reem", "--limit", "1", "--format", "json").json()
    w = doc["witnesses"][0]
    files = sorted(tmp_path.glob("diff-*.yaml"))
    assert [f.name[-7:] for f in files] == ["-a.yaml", "-b.yaml"]
    for path, rules, text in zip(files, (a, b), (w["scenario"], w["scenario_b"]), strict=True):
        assert path.read_text(encoding="utf-8") == text
        sit = load_situation(str(path))
        assert play(sit, rules).kind != "cannot_arise"
        body = yaml.safe_load(text)
        cards = [c for h in body["deal"]["hands"] for c in h] + body["deal"].get("stock", [])
        assert all(both >> NAMES.index(c) & 1 for c in cards)
        assert [len(h) for h in body["deal"]["hands"]] == [a.hand_size_for(2)] * 2
    described = load_situation(w["description"])
    got = [verdict(play(load_situation(str(f)), r), len(load_situation(str(f)).acts)) for f, r in zip(files, (a, b),
                                                                                                 strict=True)]
    want = [verdict(play(described, r), len(described.acts)) for r in (a, b)]
    assert got[1] == want[1] and got[0] != got[1]
    assert got[0] == want[0] or (want[0][0] == "refused" and yaml.safe_load(w["scenario"])["script"][-1]["reject"])


def test_rulesets_that_deal_different_hands_are_compared_at_one_hand_size(tonk: Callable[..., Ran]) -> None:
    """seed deals 5 cards, hoyle-tunk 7: no situation arises under both as they are, so they
    are compared as both dealing 5, and the search says so; each witness differs there."""
    from tonk_ref.rulebook.book import load_table_rules
    from tonk_ref.rulebook.diffsearch import verdict
    from tonk_ref.rulebook.situation import play

    doc = tonk("diff", "seed", "hoyle-tunk", "--format", "json").json()
    assert doc["found"] and doc["bound"]["searched"] > 0
    assert "hand_size = 5 under both" in doc["compared"] and "hand_size = 5" in doc["bound"]["text"]
    hoyle = load_table_rules("hoyle-tunk")
    for w in doc["witnesses"]:
        d = load_situation(w["description"])
        assert play(d, hoyle).kind == "cannot_arise"  # as it is, hoyle-tunk deals 7
        at_five = play(d, hoyle.replace(hand_size=5))
        assert verdict(at_five, len(d.acts)) != verdict(play(d, DEFAULT), len(d.acts))
    assert "Compared   as both dealing seed's hands" in tonk("diff", "seed", "hoyle-tunk").out


# ---------------------------------------------------------------------------- a witness as a player writes it


def test_witnesses_are_written_as_a_player_writes_them(tonk: Callable[..., Ran]) -> None:
    """Each witness is a tonk judge description with every seat named 'seat N', the actions
    in the action notation (a draw that names its card: 'N draws C'), which plays as found
    under both rulesets; each side's options are written 'option = value'; the spreads
    and each hit's spread are named with their owners."""
    import re

    from tonk_ref.rulebook.book import load_table_rules
    from tonk_ref.rulebook.diffsearch import player_text, verdict
    from tonk_ref.rulebook.situation import Description, play

    doc = tonk("diff", "seed", "online", "--limit", "6", "--format", "json").json()
    rules = (load_table_rules("seed"), load_table_rules("online"))
    assert len(doc["witnesses"]) >= 3
    for w in doc["witnesses"]:
        text = w["description"]
        d = Description(text)
        assert player_text(d) == text
        assert all(f"seat {s}: " in text for s in range(d.players))
        actions = text.rsplit("; ", 1)[1].split(", ")
        assert all(re.fullmatch(r"\d (knock( \S+)?|draw (stock|discard)|draws \S+|spread( \S+)+|hit \S+ \d+|"
                                r"discard \S+|declare)", a) for a in actions), actions
        assert not re.search(r"\b(knocks|hits|discards|spreads|takes)\b", text)
        sides = [verdict(play(d, r), len(d.acts)) for r in rules]
        assert sides[0] != sides[1]
    out = tonk("diff", "seed", "online", "--limit", "6").out
    assert "Differ in  A: caught_payment = seed, " in out and "           B: caught_payment = double_lowest_only" in out
    assert " / " not in out.split("\n\n")[0]
    assert "hits       1 hit 7d 1: on spread 1, seat 0's" in out
    assert "spreads    spread 0: seat 1's As 2s 3s \u00b7 spread 1: seat 0's 4d 5d 6d" in out


def test_every_family_a_rule_names_is_a_family_and_every_family_is_named() -> None:
    from tonk_ref.rulebook.book import load_rules
    from tonk_ref.rulebook.diffprobes import FAMILY_NAMES, families

    named = {name for r in load_rules() for name in r.family}
    assert named - set(FAMILY_NAMES) == set()
    assert [f.name for f in families() if not f.rules] == []


def _tagged(monkeypatch: pytest.MonkeyPatch, rules: set[str], family: tuple[str, ...]) -> None:
    """The rules ``rules`` name ``family`` instead of what spec/rules.yaml gives them."""
    import dataclasses

    from tonk_ref.rulebook import diffprobes
    from tonk_ref.rulebook.book import load_rules

    mine = tuple(dataclasses.replace(r, family=family) if r.id in rules else r for r in load_rules())
    monkeypatch.setattr(diffprobes, "load_rules", lambda: mine)


def test_an_option_whose_rules_name_no_family_is_named_with_what_it_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    from tonk_ref.rulebook.diffsearch import option_rules
    from tonk_ref.views.diff_text import text, to_json

    _tagged(monkeypatch, option_rules("knock_tie"), ())
    d = diff(Side("seed", DEFAULT), Side("b", DEFAULT.replace(knock_tie="split")), load=load_situation, limit=1)
    assert not d.witnesses and not d.inert and d.searched == 0
    out = "\n".join(text(d))
    assert "cannot change a hand" not in out
    assert "knock_tie" in out and "VAR-KNOCKTIE-1" in out and "no family of situations" in out
    [u] = to_json(d)["not_told_apart"]
    assert u["option"] == "knock_tie" and "VAR-KNOCKTIE-1" in u["rules_without_family"]


def test_a_family_searched_in_vain_is_named_with_its_count(monkeypatch: pytest.MonkeyPatch) -> None:
    from tonk_ref.rulebook.diffsearch import option_rules
    from tonk_ref.views.diff_text import text

    _tagged(monkeypatch, option_rules("knock_tie"), ("eating",))
    d = diff(Side("seed", DEFAULT), Side("b", DEFAULT.replace(knock_tie="split")), load=load_situation, limit=1)
    assert not d.witnesses and d.searched > 0
    [u] = d.unfound
    assert u.searched == {"eating": d.searched} and u.untagged == []
    out = "\n".join(text(d))
    assert "Not told apart within the bound:" in out and f"{d.searched} situations searched" in out
    assert "cannot change a hand" not in out


def test_the_page_says_what_was_searched_for_an_option_not_told_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    from tonk_ref.rulebook.diffsearch import option_rules
    from tonk_ref.views.diff_text import diff_view

    _tagged(monkeypatch, option_rules("knock_tie"), ("eating",))
    d = diff(Side("seed", DEFAULT), Side("b", DEFAULT.replace(knock_tie="split")), load=load_situation, limit=1)
    page = diff_view(d)
    assert "Not told apart: knock_tie:" in page.nothing and "eating" in page.nothing


def test_a_family_the_search_did_not_reach_is_not_called_searched() -> None:
    from tonk_ref.rulebook.book import load_presets

    online = load_presets()["online"].ruleset()
    d = diff(Side("seed", DEFAULT), Side("online", online), load=load_situation, limit=3)
    assert d.witnesses
    unreached = [u for u in d.unfound if u.searched and not sum(u.searched.values())]
    assert unreached, [u.words for u in d.unfound]
    for u in d.unfound:
        assert "0 situations searched" not in u.words
    assert all("not reached" in u.words for u in unreached)
