"""``tonk fuzz`` steers a share of its hands toward the rare endings (out by hits only, a
dealt tonk, a dealt draw, a tie at the empty stock, four of a kind) so that the default
number of hands reaches each; it says which it reached and which the table cannot reach,
and a run stopped early says how many hands it played."""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from tonk_ref.engine.ruleset import DEFAULT, Ruleset, option_values
from tonk_ref.harness import fuzz as FZ
from tonk_ref.harness import hands as H
from tonk_ref.rulebook.book import load_presets
from tonk_ref.tools import fuzz as tool
from tonk_ref.tools.cli import main


def default_games() -> int:
    parser = argparse.ArgumentParser()
    tool.add_arguments(parser)
    games = parser.get_default("games")
    assert isinstance(games, int)
    return games


def preset(name: str) -> Ruleset:
    return load_presets()[name].ruleset()


@pytest.mark.parametrize("seed", [1, 2])
def test_the_default_number_of_hands_at_the_seed_rules_reaches_every_rare_ending(seed: int) -> None:
    plan = FZ.Plan(seed, preset("seed"), option_values())
    reached: Counter[str] = Counter()
    for game in range(default_games()):
        reached.update(FZ.make_hand(plan, game).reached)
    assert set(reached) == set(H.RARE), reached
    assert H.rare_unreachable(preset("seed"), 2) == H.rare_unreachable(preset("seed"), 3) == {}


def test_at_random_rulesets_a_rare_hand_opens_its_ending_where_the_engine_plays_a_value_that_allows_it() -> None:
    """At random rulesets a steered hand sets the options that forbid its ending to values
    the engine plays that allow it, so the default hands reach every ending; an engine that
    plays only a value that forbids one never has a hand steered toward it, and the run says
    it cannot happen."""
    plan = FZ.Plan(1, None, option_values())
    reached: Counter[str] = Counter()
    for game in range(default_games()):
        reached.update(FZ.make_hand(plan, game).reached)
    assert set(reached) == set(H.RARE), reached
    one_hit = FZ.Plan(1, None, {**option_values(), "hits_per_turn": ("one",)}, probes=False)
    made = [FZ.make_hand(one_hit, game) for game in range(4 * FZ.RARE_EVERY * len(H.RARE)) if FZ.rare_game(game)]
    assert {m.goal for m in made} == set(H.RARE) - {"hits_out"}
    assert all("hits_per_turn = one" in m.closed["hits_out"] for m in made)
    assert FZ.opened(DEFAULT.replace(hits_per_turn="one"), 2, "hits_out", option_values()) == DEFAULT
    assert FZ.opened(DEFAULT.replace(dealt_tonk="none"), 3, "dealt_draw", {"dealt_tonk": ("none",)}) is None


def test_each_rare_ending_is_what_the_reference_says_it_is() -> None:
    """What counts as each rare ending, held to what the reference cites and pays: a hand
    out by hits alone under tonk_out_double = new_spread pays single (VAR-NEWSPREAD-1), any
    other tonk out double; a dealt tonk, a dealt draw and a tie at the empty stock cite
    their rules; four of a kind lies together at the end."""
    rules = preset("seed-new-spread-double")
    seen: Counter[str] = Counter()
    for game in range(60):
        for n in (2, 3):
            rng = random.Random(f"what:{game}:{n}")
            played = H.rare_hand(rng, rules, n, H.RARE[game % len(H.RARE)])
            assert played is not None
            got = H.rare_reached(played)
            seen.update(got)
            result = played.result
            assert result is not None
            rules_paid = {p["rule"] for p in result["payments"]}
            if result["ending"] == "tonk_out":
                assert ("hits_out" in got) == (rules_paid == {"VAR-NEWSPREAD-1"}), (got, result)
            assert ("dealt_draw" in got) == ("DEALT-2" in played.cited)
            assert ("dealt_tonk" in got) == (result["ending"] == "dealt_tonk")
            assert ("stock_tie" in got) == ("PAY-STOCK-2" in played.cited), (got, played.cited)
            final = played.final
            four = any([c[0] for c in held].count(r) == 4 for held in final["hands"] for r in "A23456789TJQK")
            books = any(len(s["cards"]) == 4 and len({c[0] for c in s["cards"]}) == 1 for s in final["spreads"])
            assert ("four_of_a_kind" in got) == (four or books)
    assert set(seen) == set(H.RARE)


@pytest.mark.parametrize("name", ["seed-no-upcard", "seed-forced-spreads", "pagat", "online", "online-reem",
                                  "hoyle-tunk"])
def test_a_hand_steered_toward_a_rare_ending_mostly_reaches_it_at_every_table(name: str) -> None:
    """At each preset and seat count, each ending the table can reach is reached by most
    hands steered toward it; the others are said to be out of reach."""
    rules = preset(name)
    for n in FZ.seat_counts(rules)[:3]:
        closed = H.rare_unreachable(rules, n)
        for goal in H.RARE:
            made = [H.rare_hand(random.Random(f"{name}:{n}:{goal}:{k}"), rules, n, goal) for k in range(3)]
            if goal in closed:
                assert made == [None, None, None]
                continue
            assert sum(p is not None and goal in H.rare_reached(p) for p in made) >= 2, (name, n, goal)


@pytest.mark.parametrize(("options", "closed"), [
    ({"dealt_tonk": "none"}, {"dealt_tonk": "dealt_tonk = none", "dealt_draw": "dealt_tonk = none"}),
    ({"hits_per_turn": "one"}, {"hits_out": "hits_per_turn = one"}),
    ({"hit_ends_turn": True}, {"hits_out": "hit_ends_turn = true"}),
    ({"empty_stock": "reshuffle"}, {"stock_tie": "empty_stock = reshuffle"}),
    ({"dealt_tonk": "none", "low_dealt_double": 13}, {}),
])
def test_an_ending_the_table_cannot_reach_is_said_so_with_the_option_that_decides(
        options: dict[str, object], closed: dict[str, str]) -> None:
    rules = DEFAULT.replace(**options)
    for n in (2, 3):
        why = H.rare_unreachable(rules, n)
        assert sorted(why) == sorted(closed)
        for goal, option in closed.items():
            assert option in why[goal]
            assert H.rare_hand(random.Random(1), rules, n, goal) is None


def test_a_dealt_draw_under_split_needs_every_seat_dealt_a_tonk() -> None:
    """Under dealt_tonks = split only a tonk for every player is a draw: at two and three
    players a deal holds one; six hands of five cards cannot all total 49 or 50."""
    rules = DEFAULT.replace(dealt_tonks="split", max_players=6)
    for n in (2, 3):
        played = H.rare_hand(random.Random(n), rules, n, "dealt_draw")
        assert played is not None and played.result is not None and played.result["ending"] == "dealt_draw"
    assert "dealt_draw" in H.rare_unreachable(rules, 6)
    assert "split" in H.rare_unreachable(rules, 6)["dealt_draw"]


def test_a_steered_hand_is_the_same_hand_every_time() -> None:
    plan = FZ.Plan(4, preset("seed"), option_values(), observe=True)
    for game in [g for g in range(30) if FZ.rare_game(g)]:
        first, again = FZ.make_hand(plan, game), FZ.make_hand(plan, game)
        assert first.goal is not None and first.case == again.case and first.reached == again.reached
        assert "steered toward" in first.case.title


def test_the_summary_line_counts_each_ending_and_says_which_cannot_happen_here() -> None:
    tally = tool.Tally(hands=200, steered=40, rare=Counter({"hits_out": 8, "stock_tie": 7, "four_of_a_kind": 0}),
                       open={"hits_out", "stock_tie", "four_of_a_kind"},
                       closed={"dealt_tonk": "no dealt total is a tonk (dealt_tonk = none)",
                               "dealt_draw": "no dealt total is a tonk (dealt_tonk = none)"})
    assert tool.rare_line(tally) == (
        "rare endings reached: out by hits only 8, empty-stock tie 7, four of a kind 0 (40 of 200 hands steered "
        "toward them); dealt tonk and dealt draw cannot happen at this table: no dealt total is a tonk "
        "(dealt_tonk = none)")


def test_a_run_at_a_table_says_what_it_reached_and_what_cannot_happen_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["fuzz", "--rules", "online-reem", "--games", "30", "--seed", "1", "-j", "1", "--quiet",
                 "--no-observe", "--out", str(tmp_path / "found")])
    out = capsys.readouterr().out
    assert code == 0, out
    line = next(x for x in out.splitlines() if x.startswith("rare endings reached: "))
    assert "dealt tonk " in line and "(6 of 30 hands steered toward them)" in line
    assert line.endswith("; out by hits only cannot happen at this table: a hit ends the turn (hit_ends_turn = true)")
    assert "(30 of 30 random hands played" in out


BUGGY = textwrap.dedent(
    """
    from tonk_ref.adapters.inprocess import InProcessAdapter
    from tonk_ref.adapters.service import RefService


    class DealtDrawPays(RefService):
        # a dealt draw goes to the first player holding a tonk: found only where a hand is one
        def _setup(self, params):
            params = dict(params)
            params["ruleset"] = {**(params.get("ruleset") or {}), "dealt_tonks": "best"}
            return super()._setup(params)


    def buggy():
        return InProcessAdapter(DealtDrawPays())
    """
)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_run_stopped_early_reports_the_hands_it_played(
        jobs: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A difference in a dealt draw (which only a steered hand reaches) stops the run: it
    says the hand and how many hands were played, no more than were: one worker plays them
    in order and stops at once; two workers, each with its chunks of hands, stop together
    (the chunks sent to them but not begun are not played)."""
    (tmp_path / "dealt_draw_bug.py").write_text(BUGGY)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("dealt_draw_bug", None)
    table = tmp_path / "table.yaml"
    table.write_text("preset: seed\noptions:\n  dealt_tonks: draw\n", encoding="utf-8")
    code = main(["fuzz", "--adapter", "dealt_draw_bug:buggy", "--rules", str(table), "--games", "500", "--seed", "1",
                 "-j", jobs, "--quiet", "--no-probes", "--no-observe", "--out", str(tmp_path / "found")])
    out = capsys.readouterr().out
    assert code == 1, out
    stop = next(line for line in out.splitlines() if line.startswith("stopped after 1 difference"))
    first = int(stop.split("the first in hand ", 1)[1].split(")", 1)[0])
    played = int(stop.split(": ", 1)[1].split(" of 500", 1)[0])
    assert FZ.rare_game(first - 1), "a dealt draw is a steered hand's"
    if jobs == "1":
        assert played == first, stop
    else:  # each worker has its own chunks of hands, taken as it is free, and both stop once
        # the first difference is counted: which chunk holds the first difference found, and
        # how many hands the other worker has played by then, depend on how the two are
        # scheduled; the run stops well short of the hands asked, and says how many it played
        assert first <= played + tool.CHUNK and played < 500 // 2, stop
    assert f"tonk fuzz: {played} hands ({played} of 500 random hands played" in out
