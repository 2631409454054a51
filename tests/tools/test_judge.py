"""``tonk judge``: known situations of the rules brief judged under every ruleset, the
"cannot arise" flags, the three output formats, ``--rules`` and ``--all``, and bad input."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from ruling_set import RULINGS
from runkit import W7, W12, Ran, scenario

from tonk_ref.paths import data_root

Tonk = Callable[..., Ran]


def group_with(doc: dict[str, Any], label: str) -> dict[str, Any]:
    """The group holding the ruleset labelled ``label``."""
    for g in doc["groups"]:
        if any(r["label"] == label for r in g["rulesets"]):
            return dict(g)
    raise AssertionError(f"no group holds {label!r}: {[r['label'] for g in doc['groups'] for r in g['rulesets']]}")


def cannot(doc: dict[str, Any], label: str) -> str:
    for c in doc["cannot_arise"]:
        if c["label"] == label:
            return str(c["why"])
    raise AssertionError(f"{label!r} is not listed as cannot arise")


def pays(g: dict[str, Any]) -> list[tuple[int, int, Any, str]]:
    return [(p["payer"], p["payee"], p["amount"], p["rule"]) for p in g["payments"]]


# ---------------------------------------------------------------------------- W7: a knock tie


@pytest.mark.parametrize("situation", [W7, scenario("pay/pay-w7-knock-tie-2p.yaml")], ids=["described", "file"])
def test_w7_knock_tie_groups(tonk: Tonk, situation: str) -> None:
    doc = tonk("judge", situation, "--format", "json").json()
    base = doc["groups"][0]
    assert base["includes_base"] and base["rulesets"][0]["label"] == "the base rules"
    assert (base["ending"], base["net"], base["totals"]) == ("knock_caught", [-3, 3], [7, 7])
    assert pays(base) == [(0, 1, 2, "PAY-CAUGHT-1"), (0, 1, 1, "PAY-CAUGHT-2")]
    assert "PAY-KNOCK-3" in [d["rule"] for d in base["decided_by"]]
    tie = group_with(doc, "knock_tie = knocker_wins")
    assert (tie["ending"], tie["net"], pays(tie)) == ("knock_won", [1, -1], [(1, 0, 1, "PAY-KNOCK-2")])
    assert group_with(doc, "caught_payment = non_knockers")["net"] == [-2, 2]
    split, draw = group_with(doc, "knock_tie = split"), group_with(doc, "knock_tie = draw")
    assert (split["ending"], split["net"], split["winners"]) == ("knock_tie", [0, 0], [0, 1])
    assert (draw["ending"], draw["net"], draw["winners"]) == ("knock_tie", [0, 0], [])
    assert "VAR-KNOCKTIE-1" in [d["rule"] for d in split["decided_by"]]
    changing = doc["options"]["change_the_result"]
    assert changing["knock_tie"] == {"caught": base["group"], "knocker_wins": tie["group"], "split": split["group"],
                                     "draw": draw["group"]}
    assert len(set(changing["caught_payment"].values())) > 1
    assert "upcard" not in changing and "hit_lock" not in changing and "stock_tie" not in changing
    assert "stock_tie" in doc["options"]["do_not_change_the_result"]
    assert group_with(doc, "stock_tie = split")["group"] == base["group"]
    # the spec's words come with each rule that decided
    texts = {d["rule"]: d["text"] for d in base["decided_by"]}
    assert texts["PAY-KNOCK-3"].startswith("A knocker whose total equals the lowest total")
    assert {d["rule"]: d["options"] for d in base["decided_by"]}["PAY-KNOCK-3"] == {"knock_tie": "caught"}


def test_w7_described_upcard_does_not_matter(tonk: Tonk) -> None:
    doc = tonk("judge", W7, "--format", "json").json()
    assert "upcard" in doc["options"]["do_not_change_the_result"]
    assert group_with(doc, "upcard = false")["includes_base"]


def test_w7_file_without_upcard_cannot_arise(tonk: Tonk) -> None:
    """The scenario names an upcard, which no deal under upcard = false turns."""
    doc = tonk("judge", scenario("pay/pay-w7-knock-tie-2p.yaml"), "--format", "json").json()
    assert "no upcard" in cannot(doc, "upcard = false")


def test_w7_knock_refused_when_the_table_knocks_after_drawing(tonk: Tonk) -> None:
    doc = tonk("judge", W7, "--format", "json").json()
    g = group_with(doc, "knock_timing = after_draw")
    assert g["outcome"] == "refused"
    assert (g["refusal"]["reason"], g["refusal"]["rule"]) == ("knock_timing", "TURN-3")
    assert group_with(doc, "knock_timing = any")["includes_base"]
    limit = group_with(doc, "knock_limit = 5")
    assert limit["refusal"]["reason"] == "knock_limit"
    assert group_with(doc, "knock_limit = 10")["includes_base"]


def test_w7_short_ruling(tonk: Tonk) -> None:
    """The short ruling: the verdict first, in money; what happened and the deciding rule
    with where it comes from in words; then every house rule that changes the outcome."""
    r = tonk("judge", W7, "--no-color")
    assert r.code == 0, r.err
    out = r.out
    lines = out.rstrip("\n").split("\n")
    assert lines[0].startswith("Seat 0 pays seat 1 3: 2 for being caught")
    flat = " ".join(out.split())
    assert "Seat 0 knocked and was caught; seat 1 won (seat 0 7, seat 1 7)." in flat
    assert "A knocker whose total equals the lowest total of the other players is caught." in flat
    assert "Source: the printed rules say part of it; this rulebook decides the rest" in flat
    assert "this rulebook decides the rest, as hoyle-tunk, online and pagat do (PAY-KNOCK-3" in flat
    assert "- where a player may knock only after drawing: seat 0 may not knock" in flat
    assert "- where a knocker who ties the lowest hand wins: seat 1 pays seat 0 1" in flat
    assert "- where a knock needs a total of 5 or less: seat 0 may not knock" in flat
    assert "knock_tie" not in out and "VAR-" not in out  # no option names, no codes but the deciding rule's
    assert lines[-1].startswith("--full") or lines[-2].startswith("--full")
    assert "\x1b[" not in out


def test_w7_full_text_says_which_options_change_the_result(tonk: Tonk) -> None:
    r = tonk("judge", W7, "--no-color", "--full")
    assert r.code == 0, r.err
    out = r.out
    assert "A  the base rules" in out
    changes = out.split("Options that change the result", 1)[1].split("Options that do not change it", 1)
    assert "knock_tie: caught \u2192 A \u00b7 knocker_wins \u2192 " in changes[0]
    assert "caught_payment: seed \u2192 A" in changes[0]
    assert "upcard" not in changes[0]
    assert "upcard" in changes[1].split("Cannot arise")[0]
    assert "net       seat 0: -3 \u00b7 seat 1: +3" in out
    assert "PAY-CAUGHT-2  When the knocker is caught" in out
    assert "Not tried (they act between hands): first_dealer" in out
    assert "\x1b[" not in out  # not a terminal: no colour


def test_markdown(tonk: Tonk) -> None:
    r = tonk("judge", W7, "--format", "markdown", "--full")
    assert r.code == 0
    assert r.out.startswith("**Situation:** `2 players")
    assert "### A: the base rules" in r.out
    assert "- **Net:** seat 0: -3 \u00b7 seat 1: +3" in r.out
    assert "| `knock_tie` | `caught` \u2192 A, `knocker_wins` \u2192 " in r.out
    assert "  - **PAY-KNOCK-3**: A knocker whose total equals" in r.out
    short = tonk("judge", W7, "--format", "markdown").out
    assert "### A: the base rules" in short and "### B" not in short and "| `knock_tie`" not in short
    assert "- **C** knock_tie = knocker_wins: knock_won; seat 1 pays seat 0 1" in short
    assert "  - **PAY-KNOCK-3**: A knocker whose total equals" in short


# ---------------------------------------------------------------------------- W12: a stock tie


@pytest.mark.parametrize("situation", [W12, scenario("pay/pay-w12-stock-tie-3p.yaml")], ids=["described", "file"])
def test_w12_stock_tie(tonk: Tonk, situation: str) -> None:
    doc = tonk("judge", situation, "--format", "json").json()
    base = doc["groups"][0]
    assert (base["ending"], base["winners"], base["totals"], base["net"]) == ("stock_out", [0, 1], [6, 6, 9],
                                                                              [1, 1, -2])
    assert pays(base) == [(2, 0, 1, "PAY-STOCK-2"), (2, 1, 1, "PAY-STOCK-2")]
    split = group_with(doc, "stock_tie = split")
    assert split["net"] == ["1/2", "1/2", -1]
    assert pays(split) == [(2, 0, "1/2", "PAY-STOCK-2"), (2, 1, "1/2", "PAY-STOCK-2")]
    dead = group_with(doc, "stock_tie = dead")
    assert (dead["net"], dead["payments"], dead["winners"]) == ([0, 0, 0], [], [])
    assert set(doc["options"]["change_the_result"]["stock_tie"].values()) == {base["group"], split["group"],
                                                                              dead["group"]}
    # counting the spreads held in the hand (four aces) changes who wins
    deadwood = group_with(doc, "count_held_spreads = false")
    assert (deadwood["winners"], deadwood["totals"], deadwood["net"]) == ([0], [2, 6, 9], [2, -1, -1])
    reshuffle = group_with(doc, "empty_stock = reshuffle")
    assert reshuffle["outcome"] == "goes_on"
    assert "knock_tie" in doc["options"]["do_not_change_the_result"]


def test_dealt_tonk_on_the_first_turn(tonk: Tonk) -> None:
    doc = tonk("judge", "2 players, first turn; 0: Kc Qd Jh Ts 9c; 1: 2c 3c 4d 5d 6h; discard 7s",
               "--format", "json").json()
    base = doc["groups"][0]
    assert (base["ending"], base["net"]) == ("dealt_tonk", [2, -2])
    assert [e["rule"] for e in base["events"]] == ["DEALT-1"]
    assert group_with(doc, "dealt_tonk = 50")["outcome"] == "goes_on"
    assert group_with(doc, "face_values = 11-12-13")["outcome"] == "goes_on"  # 52, not 49
    assert "no upcard" in cannot(doc, "upcard = false")


def test_hit_lock_and_spread_wait_show_in_an_unfinished_hand(tonk: Tonk) -> None:
    doc = tonk("judge", "3 players; 0: 5c 6d; 1: Kc Kd 2s 3s 4s; 2: Ac 2c 3d 4d 8d; table: 0 [7h 8h 9h]; "
               "discard Kh; 1 draws 6h, hits 6h on 0, discards Kc", "--format", "json").json()
    base = doc["groups"][0]
    assert base["outcome"] == "goes_on" and base["to_act"] == 2
    lock = group_with(doc, "hit_lock = 2")
    assert lock["notes"] == ["seat 0's spread was hit and seat 0 may not knock on its next 2 turn(s)"]
    assert "VAR-HITLOCK-1" in [d["rule"] for d in lock["decided_by"]]
    # under hit_ends_turn the hit ends seat 1's turn, so its discard is refused
    assert set(doc["options"]["change_the_result"]) == {"hit_lock", "hit_ends_turn"}
    assert group_with(doc, "hit_ends_turn = true")["outcome"] == "refused"


def test_tonk_out_by_hits_only_under_the_new_spread_double(tonk: Tonk) -> None:
    """W4: out with no discard by hits alone pays 2S, or S under the new-spread double."""
    doc = tonk("judge", "2 players; 0: 4c 8c; 1: Kc Kd 2s 3s 4s; table: 0 [5c 6c 7c]; discard Kh; "
               "0 draws 9c, hits 4c on 0, hits 8c on 0, hits 9c on 0", "--format", "json").json()
    base = doc["groups"][0]
    assert (base["ending"], base["net"], pays(base)) == ("tonk_out", [2, -2], [(1, 0, 2, "PAY-OUT-1")])
    single = group_with(doc, "tonk_out_double = new_spread")
    assert (single["net"], pays(single)) == ([1, -1], [(1, 0, 1, "VAR-NEWSPREAD-1")])
    # one hit per turn: the second hit is refused
    one = group_with(doc, "hits_per_turn = one")
    assert (one["outcome"], one["refusal"]["reason"], one["refusal"]["action"]) == ("refused", "hit_limit",
                                                                                 "0 hit 8c 0")


def test_tonk_out_with_a_new_spread_pays_double_either_way(tonk: Tonk) -> None:
    doc = tonk("judge", "2 players; 0: 2d 4d; 1: Kc Kd 2s 3s 4s; table: 0 [5c 6c 7c]; discard Kh; "
               "0 draws 3d, spreads 2d 3d 4d", "--format", "json").json()
    base = doc["groups"][0]
    assert (base["ending"], base["net"]) == ("tonk_out", [2, -2])
    assert group_with(doc, "tonk_out_double = new_spread")["includes_base"]


# ---------------------------------------------------------------------------- cannot arise


def test_a_hand_too_big_for_the_deal(tonk: Tonk) -> None:
    doc = tonk("judge", W7, "--format", "json").json()
    why = cannot(doc, "hand_size = 7")
    assert "2 x 7 = 14 cards dealt" in why
    assert "8c" in cannot(doc, "deck = 40")


def test_seven_cards_arise_only_under_a_seven_card_deal(tonk: Tonk) -> None:
    doc = tonk("judge", "2 players; 0: Ac 2c 3c 4d 5d 6h 7h; 1: 2h 3h 4h 5s 6s 7s 8s; discard Kd; 0 knocks",
               "--format", "json").json()
    assert doc["groups"][0]["includes_base"] is False
    assert group_with(doc, "hand_size = 7")["ending"] == "knock_won"
    assert group_with(doc, "hand_size = by_players") == group_with(doc, "hand_size = 7")
    assert doc["options"]["change_the_result"]["hand_size"]["5"] is None
    assert "seat 0 holds 7 cards, but each player is dealt 5" in doc["cannot_arise"][0]["why"]
    text = tonk("judge", "2 players; 0: Ac 2c 3c 4d 5d 6h 7h; 1: 2h 3h 4h 5s 6s 7s 8s; discard Kd; 0 knocks").out
    assert text.startswith("This cannot happen under your table's rules\n  Seat 0 holds 7 cards")
    full = tonk("judge", "2 players; 0: Ac 2c 3c 4d 5d 6h 7h; 1: 2h 3h 4h 5s 6s 7s 8s; discard Kd; 0 knocks",
                "--full").out
    assert "Under the base rules this situation cannot arise: seat 0 holds 7 cards" in full


def test_a_joker_arises_only_with_jokers(tonk: Tonk) -> None:
    doc = tonk("judge", "2 players; 0: X1 2c; 1: 3h 4h 9s 9c 9d; table: 0 [Kc Kd Ks]; discard Qs; 0 knocks",
               "--format", "json").json()
    assert "no jokers" in doc["cannot_arise"][0]["why"]
    assert doc["cannot_arise"][0]["label"] == "the base rules"
    with_jokers = group_with(doc, "jokers = 2")
    assert (with_jokers["totals"], with_jokers["ending"]) == ([17, 34], "knock_won")
    # joker_value is tried together with jokers = 2, and the value of the joker decides
    assert group_with(doc, "joker_value = 50 (with jokers = 2)")["totals"] == [52, 34]
    assert group_with(doc, "joker_value = 50 (with jokers = 2)")["ending"] == "knock_caught"


def test_more_players_than_the_table_seats(tonk: Tonk) -> None:
    doc = tonk("judge", "4 players; 0: 2c 3c; 1: 4h 5h; 2: 6s 7s; 3: 8d 9d; table: 0 [Ac Ad Ah], 1 [Kc Kd Kh], "
               "2 [Qc Qd Qh], 3 [Jc Jd Jh]; discard Ts; 0 knocks", "--format", "json").json()
    assert doc["cannot_arise"][0]["why"].startswith("4 players, but this ruleset seats at most 3")
    assert group_with(doc, "max_players = 4")["ending"] == "knock_won"


def test_a_spread_that_is_not_one_under_the_ruleset(tonk: Tonk) -> None:
    doc = tonk("judge", "2 players; 0: 2c 3d; 1: 3h 4h; table: 0 [Qs Ks As], 1 [5s 6s 7s]; discard Qh; 0 knocks",
               "--format", "json").json()
    assert "[Qs Ks As] is not a spread" in doc["cannot_arise"][0]["why"]
    assert group_with(doc, "ace = low_or_high")["ending"] == "knock_won"


def test_forced_spreads_cannot_leave_a_spread_in_hand(tonk: Tonk) -> None:
    doc = tonk("judge", "3 players; 0: 5h 6h 7h 9c 2d; 1: Kc Kd 2s 3s 4s; 2: Ac 2c 3d 4d 8h; discard Kh; 0 knocks",
               "--format", "json").json()
    assert "could not have ended a turn holding a spread" in cannot(doc, "forced_spreads = true")


def test_an_action_by_a_seat_not_to_act(tonk: Tonk) -> None:
    """Seat 2 takes seat 0's discard before seat 1 acts: an illegal action, refused with
    not_your_turn (TURN-10), except where eating is allowed."""
    doc = tonk("judge", "3 players; 0: 5c 6d Kd 2s 3s; 1: 2c 3c 4c 9d Td; 2: Jh Qh 8s 9s Ts; discard Kh; 1 to act; "
               "2 takes the discard, spreads Jh Qh Kh, discards 8s", "--format", "json").json()
    base = doc["groups"][0]
    assert base["includes_base"] and base["outcome"] == "refused"
    assert (base["refusal"]["reason"], base["refusal"]["rule"]) == ("not_your_turn", "TURN-10")
    assert "seat 2 acted but seat 1 is to act" in base["refusal"]["message"]
    assert [t["label"] for t in base["allowed_by"]] == ["eating = true"]
    eat = group_with(doc, "eating = true")
    assert eat["outcome"] == "goes_on" and eat["to_act"] == 0
    assert [e["kind"] for e in eat["events"]][:2] == ["eat", "take"]


def test_a_situation_that_never_arises_is_an_error(tonk: Tonk) -> None:
    line = tonk("judge", "2 players; 0: 3d 4d; 1: 3h 4h; discard Qs; 0 knocks").one_error_line("judge")
    assert "cannot arise under any ruleset tried" in line
    assert "the hands hold 4 cards and the table 0" in line


# ---------------------------------------------------------------------------- table rules and presets


def test_rules_file_is_the_base(tonk: Tonk, table_file: Callable[[str], str]) -> None:
    path = table_file("preset: seed\noptions:\n  knock_tie: knocker_wins\n")
    doc = tonk("judge", W7, "--rules", path, "--format", "json").json()
    assert doc["base"]["options"] == {"knock_tie": "knocker_wins"}
    base = doc["groups"][0]
    assert (base["ending"], base["net"]) == ("knock_won", [1, -1])
    assert group_with(doc, "knock_tie = caught")["net"] == [-3, 3]
    # caught_payment no longer matters: nobody is caught
    assert "caught_payment" in doc["options"]["do_not_change_the_result"]


def test_all_tries_the_presets(tonk: Tonk) -> None:
    doc = tonk("judge", scenario("pay/pay-w12-stock-tie-3p.yaml"), "--all", "--format", "json").json()
    assert doc["presets"]["seed"] == doc["groups"][0]["group"]
    assert doc["presets"]["seed-no-upcard"] is None
    assert doc["presets"]["seed-forced-spreads"] == group_with(doc, "forced_spreads = true")["group"]
    assert "preset seed-no-upcard" in [c["label"] for c in doc["cannot_arise"]]


# ---------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("situation", "expected"),
    [
        ("2 players; 0: 3d 4d; 1: 3h Zz; 0 knocks", "column 28 ('Zz'): not a card"),
        ("2 players; 0: 3d 4d [; 1: 3h 4h; 0 knocks", "column 22 (';'): a spread's cards are written inside [ ]"),
        ("2 players; 0: 3d 4d; 1: 3h 4h; table: 0 [5s 6s 7s", "a '[' is not closed"),
        ("2 players; 0: 3d 4d ]; 1: 3h 4h; 0 knocks", "column 21 (']'): a ']' without its '['"),
        ("2 players; 0: 3d 4d; 1: 3h 4d; 0 knocks", "column 28 ('4d'): 4d is in two places: seat 0's hand (column 18)"),
        ("3 players, dealer 2; 0: 5h 6h 7h 9c 9d; 1: Kc Kd 2s 3s 4s; 2: Ac 2c 3d 4d 8h; table: 0 [4s 5s 6s]; "
         "discard Kh; stock 20; 0 knocks", "4s is in two places: seat 1's hand (column 56) and spread 0 on the table"),
        ("2 players; 0: 3d 4d; 3: 3h 4h; 0 knocks", "seat 3 (a hand) does not exist: 2 players sit in seats 0 to 1"),
        ("2 players; 0: 3d 4d; 1: 3h 4h; 5 knocks", "seat 5 (the player acting) does not exist"),
        ("2 players; 0: 3d 4d; 1: 3h 4h; table: 2 [5s 6s 7s]; 0 knocks", "seat 2 (a spread's owner) does not exist"),
        ("3 players; 0: 3d 4d; 1: 3h 4h; 0 knocks", "seat 2 has no hand"),
        ("2 players; 0: 3d 4d; 1: 3h 4h; 0 dances", "column 34 ('dances'): not an action"),
        ("2 players; 0: 3d 4d; 1: 3h 4h; table: 0 [5s 6s]; 0 knocks", "a spread has three cards or more"),
        ("2 players; 0: 3d 4d; 1: 3h 4h; discard Qs", "the situation says nothing happens"),
        ("   ", "the situation is empty"),
        ("2 players; 0: 3d 4d; 1: 3h 4h; discard Qs; 0 takes Kh", "Kh is not the top of the discard pile (Qs)"),
        ("2 players, dealer 1; first turn; 0: 3d 4d; 1: 3h 4h; 1 knocks",
         "on the first turn the player at the dealer's left"),
    ],
)
def test_bad_situations(tonk: Tonk, situation: str, expected: str) -> None:
    line = tonk("judge", situation).one_error_line("judge")
    assert expected in line


def test_bad_scenario_file(tonk: Tonk, tmp_path: Any) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad-card\ntitle: a card that is not one\nrules: [PAY-KNOCK-2]\nplayers: 2\ndealer: 1\n"
                   "deal:\n  hands:\n    - [7c, 8c, 9c, 3d, 4d]\n    - [5s, 6s, 7s, 3h, Qq]\n  upcard: Td\n"
                   "script:\n  - act: 0 knock\n", encoding="utf-8")
    line = tonk("judge", str(bad)).one_error_line("judge")
    assert "bad.yaml:9: deal.hands[1][4]" in line and "'Qq' is not a card" in line
    assert "no such scenario file" in tonk("judge", str(tmp_path / "missing.yaml")).one_error_line("judge")


def test_bad_rules_file(tonk: Tonk, table_file: Callable[[str], str]) -> None:
    path = table_file("preset: seed\noptions:\n  knock_tie: sometimes\n")
    line = tonk("judge", W7, "--rules", path).one_error_line("judge")
    assert f"--rules: {path}:3: options.knock_tie: option 'knock_tie' does not allow \"sometimes\"" in line


# ---------------------------------------------------------------------------- the corpus, judged under its own rules


def _payment_cases() -> list[str]:
    from tonk_ref.harness.scenario import scenario_files
    from tonk_ref.paths import scenarios_dir

    return [str(p) for d in ("pay", "stock") for p in scenario_files(scenarios_dir() / d)]


def test_payment_scenarios_reach_their_own_result_in_group_a() -> None:
    """Every payment and empty-stock scenario, played by the judge under its own ruleset,
    reaches the ending and net its file expects (the judge replays scenarios faithfully)."""
    from fractions import Fraction

    from tonk_ref.harness.scenario import load_scenario
    from tonk_ref.harness.situations import scenario_situation
    from tonk_ref.rulebook.judging import outcome_of
    from tonk_ref.rulebook.situation import play

    checked = 0
    for path in _payment_cases():
        sit = scenario_situation(path)
        assert sit.ruleset is not None
        o = outcome_of(play(sit, sit.ruleset), sit)
        want = load_scenario(path).result
        if want is None:
            assert o.kind in ("ended", "goes_on"), (path, o.kind, o.why)
            continue
        assert o.kind == "ended", (path, o.kind, o.why, o.refusal)
        if "ending" in want:
            assert o.ending == want["ending"], path
        if "net" in want:
            assert [Fraction(str(a)) for a in o.net] == [Fraction(str(a)) for a in want["net"]], path
        checked += 1
    assert checked >= 40


# ---------------------------------------------------------------------------- illegal moves are verdicts

HIT_FIRST = "2 players; 0: 4c 9d Jh 2s 3d; 1: 2h 8s; table: 1 [5c 6c 7c]; discard Qs; 0 hits 4c on 0"
QKA = "2 players; 0: Qh Kh Ah 2c 3d; 1: 4s 5s 6s 7d 9d; discard Jc; 0 draws 8c, spreads Qh Kh Ah"


def test_an_illegal_move_is_a_verdict(tonk: Tonk) -> None:
    """A hit before drawing is refused under every ruleset: a verdict with the reason, the
    rule and its sentence, exit 0, not an input error."""
    r = tonk("judge", HIT_FIRST, "--no-color")
    assert r.code == 0 and r.err == ""
    flat = " ".join(r.out.split())
    assert flat.startswith("Not allowed: seat 0 may not hit 4c on seat 1's spread 5c 6c 7c now Draw before hitting.")
    assert "A player may hit only during their own turn, after drawing and before discarding." in flat
    assert "No house rule tried changes this outcome." in flat
    doc = tonk("judge", HIT_FIRST, "--format", "json").json()
    base = doc["groups"][0]
    assert (base["outcome"], base["refusal"]["reason"], base["refusal"]["rule"]) == ("refused", "must_draw_first",
                                                                                    "HIT-2")
    assert base["allowed_by"] == [] and len(doc["groups"]) == 1
    assert doc["verdict"]["outcome"] == "refused" and doc["verdict"]["alternatives"] == []


def test_a_refusal_names_the_rulesets_that_allow_the_action(tonk: Tonk) -> None:
    """Q-K-A is refused by SPREAD-3 (D12), and allowed only under ace = low_or_high."""
    doc = tonk("judge", QKA, "--format", "json").json()
    base = doc["groups"][0]
    assert base["refusal"]["reason"] == "not_a_spread"
    assert base["deciding"][0] == "SPREAD-3" and "SPREAD-1" in base["deciding"]
    assert [t["label"] for t in base["allowed_by"]] == ["ace = low_or_high"]
    high = group_with(doc, "ace = low_or_high")
    assert high["outcome"] == "goes_on"
    spread3 = next(d for d in high["decided_by"] if d["rule"] == "SPREAD-3")
    assert "Q-K-A is a run" in spread3["text"]
    assert spread3["provenance"]["label"] == "a house rule: ace = low_or_high (V6)"


def test_a_merged_group_quotes_each_members_sentence(tonk: Tonk) -> None:
    """knock_limit = 5 and 10 refuse the same knock: each value's own sentence and message."""
    sit = "2 players, dealer 1; 0: 3d 4d 5h 6h Qc; 1: 3h 4h; table: 1 [5s 6s 7s]; discard Qs; 0 knocks"
    out = tonk("judge", sit, "--no-color", "--full").out
    block = next(b for b in out.split("\n\n") if b.split("\n")[0].endswith("knock_limit = 5 or 10"))
    page = tonk("judge", sit, "--format", "html").out
    assert "knock_limit = 5: a knock needs 5 points or fewer, the hand has 28" in page
    assert "knock_limit = 10: a knock needs 10 points or fewer, the hand has 28" in page
    assert "under knock_limit = 5:\n" in block and "A player may knock only with a total of 5 or less." in block
    assert "under knock_limit = 10:\n" in block and "A player may knock only with a total of 10 or less." in block
    doc = tonk("judge", sit, "--format", "json").json()
    g = group_with(doc, "knock_limit = 10")
    texts = next(d for d in g["decided_by"] if d["rule"] == "VAR-KNOCKLIMIT-1")["texts"]
    assert [(x["text"], x["rulesets"]) for x in texts] == [
        ("A player may knock only with a total of 5 or less.", ["knock_limit = 5"]),
        ("A player may knock only with a total of 10 or less.", ["knock_limit = 10"])]


def test_the_table_rules_sentence_is_quoted(tonk: Tonk, table_file: Callable[[str], str]) -> None:
    """Under knock_timing = any the knock is justified by TURN-3's sentence for any, never
    by the default sentence 'only at the start of their own turn'."""
    path = table_file("preset: seed\noptions: {knock_timing: any}\n")
    sit = ("2 players, dealer 1; 0: 3d 4d; 1: 3h 4h 9s Kd Kh; table: 0 [7c 8c 9c]; discard Qs; "
           "0 draws 2s, knocks discarding 4d")
    r = tonk("judge", sit, "--rules", path, "--no-color")
    head = " ".join(r.out.split("\n\n")[0].split())
    assert head.startswith("Seat 1 pays seat 0 1")
    assert "Seat 0 knocked and won (seat 0 5, seat 1 36)." in head
    assert "or after drawing together with the turn's discard" in head
    assert "a house rule, not the printed rules (TURN-3)" in head
    assert "only at the start of their own turn" not in head
    full = tonk("judge", sit, "--rules", path, "--no-color", "--full").out.split("\n\nB")[0]
    assert "only at the start of their own turn" not in full and "TURN-3" in full


# ---------------------------------------------------------------------------- short by default


def test_a_two_group_ruling_fits_a_screen(tonk: Tonk) -> None:
    r = tonk("judge", QKA, "--no-color")
    lines = r.out.rstrip("\n").split("\n")
    assert len([x for x in lines if x.startswith("  - where ")]) == 1
    assert len(lines) <= 30, r.out
    assert max(len(x) for x in lines) <= 80
    full = tonk("judge", QKA, "--no-color", "--full").out
    assert len(full.split("\n")) > len(lines)
    assert "seat 0 draws 8\u2663 from the stock  TURN-2" in full  # the events, with --full only
    assert "TURN-2" not in r.out


def test_cannot_arise_gives_a_first_turn_hint(tonk: Tonk) -> None:
    """Seat 1 holds a run: after a round of play that cannot be under forced spreads, but a
    dealt hand can hold one, and the ruling says so."""
    out = tonk("judge", QKA, "--no-color").out
    assert ("If nobody has played yet (say 'first turn'), it can also happen at tables where at a turn's end or a "
            "knock the hand may hold no spread") in " ".join(out.split())
    doc = tonk("judge", QKA, "--format", "json").json()
    assert doc["first_turn_would_arise"] == ["forced_spreads = true"]
    first = tonk("judge", QKA.replace("discard Jc;", "discard Jc; first turn;"), "--format", "json").json()
    assert "forced_spreads = true" not in [c["label"] for c in first["cannot_arise"]]
    assert "deck = 40: 9d: the 40-card pack has no 8s, 9s or 10s" in tonk("judge", QKA, "--full").out


def test_pack_options_change_a_description_only_through_its_named_cards(tonk: Tonk) -> None:
    doc = tonk("judge", "2 players; 0: Ac 2c 3c 4c 5c; 1: 6c 7c; table: 1 [Kc Kh Ks]; discard Qs; 0 draws, "
               "discards 4c", "--format", "json").json()
    assert set(doc["not_judged"]) == {"deck = 40", "jokers = 2", "joker_value = 0 (with jokers = 2)",
                                      "joker_value = 25 (with jokers = 2)", "joker_value = 50 (with jokers = 2)"}
    for option in ("deck", "jokers", "joker_value"):
        assert option not in doc["options"]["change_the_result"], option
    # a pack option is judged when the situation names a card it adds or removes
    named = tonk("judge", "2 players; 0: Ac 2c 3c 4c 9c; 1: 6c 7c; table: 1 [Kc Kh Ks]; discard Qs; 0 draws, "
                 "discards 4c", "--format", "json").json()
    assert "deck = 40" in [c["label"] for c in named["cannot_arise"]] and "deck = 40" not in named["not_judged"]
    scenario_file = tonk("judge", scenario("pay/pay-w12-stock-tie-3p.yaml"), "--format", "json").json()
    assert "jokers" not in scenario_file["options"]["change_the_result"]
    assert "jokers = 2" in scenario_file["not_judged"]


# ---------------------------------------------------------------------------- every default ruling fits a screen


def _judge_args(situation: str, rules: str | None) -> list[str]:
    return ["judge", situation if not situation.startswith("scenarios/") else scenario(situation[10:]),
            *(["--rules", rules] if rules else []), "--no-color"]


def test_full_is_the_whole_ruling_as_before(tonk: Tonk, monkeypatch: pytest.MonkeyPatch) -> None:
    """--full keeps the whole ruling, word for word (W7, as docs/judging.md shows it)."""
    monkeypatch.chdir(data_root())
    expected = (Path(__file__).parent / "data" / "ruling-w7-full.txt").read_text(encoding="utf-8")
    assert tonk("judge", RULINGS[0][0], "--full", "--no-color").out == expected


def test_the_page_opens_the_base_group_and_folds_the_others(tonk: Tonk) -> None:
    """--format html: the base group open, each other group folded under the one line the
    text gives it."""
    page = tonk("judge", W7, "--format", "html").out
    text = tonk("judge", W7, "--format", "json").json()
    folded = re.findall(r'<details class="group" id="group-([A-Z]+)"><summary><span class="letter">\1</span>(.*?)'
                        r"</summary>", page)
    letters = [g["group"] for g in text["groups"]]
    assert [x for x, _ in folded] == letters[1:]
    assert '<section class="group base" id="group-A"' in page
    assert page.index('id="group-A"') < page.index('<details class="group"')
    short = tonk("judge", W7, "--format", "markdown").out
    for letter, summary in folded:
        assert f"- **{letter}** {summary.replace('&#39;', chr(39))}" in short
