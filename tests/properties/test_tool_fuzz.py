"""``tonk fuzz`` finds a planted bug, shrinks it, and writes a scenario that reproduces
it: the scenario loads, fails on the buggy engine and passes on the reference."""

from __future__ import annotations

import io
import random
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tonk_ref.adapters import reference as R
from tonk_ref.adapters.inprocess import InProcessAdapter, reference
from tonk_ref.engine.ruleset import Ruleset, option_values
from tonk_ref.harness import fuzz as FZ
from tonk_ref.harness import hands as H
from tonk_ref.harness.capabilities import Capabilities
from tonk_ref.harness.runner import Engine, run_case
from tonk_ref.harness.scenario import load_scenario
from tonk_ref.tools.cli import main
from tonk_ref.tools.progress import Progress

ROOT = Path(__file__).resolve().parents[2]

BUGGY = textwrap.dedent(
    """
    from tonk_ref.adapters.inprocess import InProcessAdapter
    from tonk_ref.adapters.service import RefService


    class KnockTieService(RefService):
        # a knock tie silently goes to the knocker, whatever the ruleset says
        def _setup(self, params):
            params = dict(params)
            params["ruleset"] = {**(params.get("ruleset") or {}), "knock_tie": "knocker_wins"}
            return super()._setup(params)


    def buggy():
        return InProcessAdapter(KnockTieService())
    """
)


@pytest.fixture
def buggy_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "buggy_tonk.py").write_text(BUGGY)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("buggy_tonk", None)
    return "buggy_tonk:buggy"


def seed_rules(tmp_path: Path, options: str = "{}") -> str:
    path = tmp_path / "table.yaml"
    path.write_text(f"preset: seed\noptions: {options}\n")
    return str(path)


def test_the_reference_against_itself_has_no_difference(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["fuzz", "--games", "30", "--seed", "7", "--out", str(tmp_path / "out")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "30 hands" in out and "0 differences" in out and "hands/s" in out and "--seed 7" in out
    assert not (tmp_path / "out").exists()


def test_a_planted_bug_is_found_shrunk_and_written_as_a_failing_scenario(
    buggy_module: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_dir = tmp_path / "found"
    code = main(["fuzz", "--adapter", buggy_module, "--games", "400", "--seed", "3", "--out", str(out_dir),
                 "--rules", seed_rules(tmp_path)])
    out = capsys.readouterr().out
    assert code == 1, out
    assert "1 differences" in out and "DIFFERENCE" in out
    files = sorted(out_dir.glob("*.yaml"))
    assert len(files) == 1
    case = load_scenario(files[0])
    assert case.result is not None and case.result["ending"] == "knock_caught"
    assert len(case.actions) < 40, "the game was not shrunk"

    ref = reference()
    assert run_case(case, Engine.greet(ref)).status == "passed"
    import buggy_tonk

    bad = buggy_tonk.buggy()
    outcome = run_case(case, Engine.greet(bad))
    assert outcome.status == "failed" and "knock_caught" in outcome.message


def test_the_fake_engine_with_the_knock_tie_bug_over_stdio(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fake = ROOT / "tests" / "fakes" / "fake_engine.py"
    if not fake.exists():
        pytest.skip("tests/fakes/fake_engine.py is not there")
    out_dir = tmp_path / "found"
    cmd = f"{sys.executable} {fake} --mode bug_knock_tie"
    code = main(["fuzz", "--adapter-cmd", cmd, "--games", "400", "--seed", "3", "--no-trace", "--out", str(out_dir),
                 "--rules", seed_rules(tmp_path)])
    out = capsys.readouterr().out
    assert code == 1, out
    (path,) = out_dir.glob("*.yaml")
    case = load_scenario(path)
    ref = reference()
    assert run_case(case, Engine.greet(ref)).status == "passed"
    from tonk_ref.adapters.stdio_client import StdioAdapter

    bad = StdioAdapter(cmd)
    try:
        assert run_case(case, Engine.greet(bad)).status == "failed"
    finally:
        bad.close()


def test_act_mode_compares_every_state(buggy_module: str) -> None:
    """Without play, a fuzz hand runs one request per action and each answer's state is
    compared where the hand expects one (with trace, after every accepted action)."""
    import buggy_tonk

    engine = Engine.greet(buggy_tonk.buggy())
    plan = FZ.Plan(5, None, engine.caps.options, trace=True)
    hands = 0
    result = None
    for game in range(400):
        case = FZ.fuzz_hand(plan, game)
        result = run_case(case, engine, batch=False)
        if result.status != "passed":
            break
        hands += 1
    assert result is not None and result.status == "failed", result
    assert result.mode == "act" and any(f.cause.startswith("result") for f in result.failures), result.failures
    assert hands > 0


def test_shrink_keeps_a_prefix_that_still_differs() -> None:
    moves: list[FZ.Move] = [(i % 2, {"type": "draw", "from": "stock"}) for i in range(40)]
    # "differs" when the sequence still holds move 17 and move 30
    keep = {id(moves[17]), id(moves[30])}

    def differs(ms: list[FZ.Move]) -> bool:
        return keep <= {id(m) for m in ms}

    small = FZ.shrink(differs, moves, first=35)
    assert [id(m) for m in small] == [id(moves[17]), id(moves[30])]


def test_a_reason_code_difference_counts_only_for_engines_declaring_reasons() -> None:
    class WrongReason(InProcessAdapter):
        def play(self, setup: Any, actions: Any, trace: bool = False) -> Any:
            out = super().play(setup, actions, trace)
            for step in out["steps"]:
                if not step["ok"]:
                    step["reason"] = "not_in_hand"
            return out

    setup = H.random_setup(random.Random(1))
    first = (setup["dealer"] + 1) % setup["players"]
    like = FZ.fuzz_hand(FZ.Plan(1, None, {}), 0)
    case = FZ.moves_case(setup, [(first, {"type": "discard", "card": "Ac"})], like)
    got = run_case(case, Engine.greet(WrongReason()))
    assert got.status == "failed" and "must_draw_first" in got.message
    without = WrongReason(reference(tuple(f for f in Capabilities.from_hello(reference().hello()).features
                                          if f != "reasons")).service)
    assert run_case(case, Engine.greet(without)).status == "passed"


def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--adapter", "no_colon_here"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "MODULE:FACTORY" in err
    assert main(["fuzz", "--games", "0"]) == 2
    assert "--games" in capsys.readouterr().err


def test_the_progress_bar_is_drawn_only_on_a_terminal() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    plain = io.StringIO()
    p = Progress(10, "tonk fuzz", plain)
    p.update(5, "50 hands/s")
    p.close()
    assert plain.getvalue() == ""
    tty = Tty()
    p = Progress(10, "tonk fuzz", tty)
    p.update(5, "50 hands/s")
    assert "5/10" in tty.getvalue() and "#" in tty.getvalue() and "50 hands/s" in tty.getvalue()
    p.close()
    assert tty.getvalue().endswith("\r")


def test_workers_find_the_same_hands_as_one(buggy_module: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Hand N of a seed is the same hand whoever plays it: two workers report the same
    first difference, in the same hand, as one."""
    outs = []
    for jobs in ("1", "2"):
        out_dir = tmp_path / f"found-{jobs}"
        code = main(["fuzz", "--adapter", buggy_module, "--games", "300", "--seed", "3", "--out", str(out_dir),
                     "--rules", seed_rules(tmp_path), "-j", jobs, "--quiet"])
        assert code == 1
        outs.append(sorted(p.name for p in out_dir.glob("*.yaml")))
        assert f"{jobs} worker" in capsys.readouterr().out
    assert outs[0] == outs[1] and len(outs[0]) == 1


def test_random_rulesets_bound_every_hand_with_the_largest_turn_limit_offered() -> None:
    rng = random.Random(11)
    rulesets = [H.random_ruleset(rng) for _ in range(200)]
    assert all(r.turn_limit is not None for r in rulesets)
    assert {r.turn_limit for r in rulesets} == {50, 100, 200}
    assert sum(r.turn_limit == 200 for r in rulesets) > 100  # the default's stand-in, and 200 chosen itself
    offered = {"turn_limit": (None, 50, 100)}
    assert {H.random_ruleset(rng, offered).turn_limit for _ in range(50)} == {50, 100}
    # unbounded on request, or when the engine offers no limit (only the default)
    assert None in {H.random_ruleset(rng, bounded=False).turn_limit for _ in range(50)}
    assert {H.random_ruleset(rng, {"turn_limit": (None,)}).turn_limit for _ in range(50)} == {None}


def test_an_option_whose_default_is_not_offered_always_takes_a_value_offered() -> None:
    """A house table that plays only a 40-card pack and a knock limit of 10: every random
    ruleset is one it plays (a ruleset at the default would be skipped, hand after hand)."""
    rng = random.Random(5)
    offered = {"deck": (40,), "knock_limit": (10,), "hit_lock": (0, 1)}
    rulesets = [H.random_ruleset(rng, offered) for _ in range(100)]
    assert {(r.deck, r.knock_limit) for r in rulesets} == {(40, 10)}
    assert {r.hit_lock for r in rulesets} == {0, 1}  # an option offering its default still keeps it at times


def test_fuzzing_counts_the_hands_an_engine_cannot_play_as_skipped() -> None:
    """Hands at a table the engine does not declare are skipped, counted so, and never a
    pass: ``tonk fuzz`` says what they needed and, when it is every hand, checked nothing."""
    from tonk_ref.engine.ruleset import DEFAULT
    from tonk_ref.tools import fuzz as tool

    engine = Engine.greet(InProcessAdapter())
    engine.caps = Capabilities.from_hello({**engine.hello, "options": {**engine.hello["options"], "deck": [40]}})
    tally = tool.play_hands(engine, FZ.Plan(2, DEFAULT, engine.caps.options), range(6), batch=True)
    assert (tally.hands, tally.skipped, tally.differing) == (6, 6, ())
    assert "deck=52" in tally.why


def test_a_hand_nobody_knocks_in_ends_at_the_turn_limit() -> None:
    rng = random.Random(4)
    endings = set()
    for _ in range(20):
        rules = H.random_ruleset(rng, {"turn_limit": (None, 50)}, p_default=1.0).replace(empty_stock="reshuffle")
        assert rules.turn_limit == 50
        played = R.random_hand(rng, H.random_setup(rng, rules), illegal_rate=0.0, knock_weight=0.0)
        result = played.final["result"]
        assert result is not None, "every bounded hand ends"
        assert played.final["turn"] <= 50
        endings.add(result["ending"])
    assert "turn_limit" in endings


def test_an_engine_older_than_some_options_is_sent_only_what_it_declared(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    """fuzz and perft --check send a setup as the runner does: the options the engine
    declared and any other at a value that is not its default, so an engine that refuses
    options it does not know plays every seed hand."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "harness"))
    try:
        code = main(["fuzz", "--adapter", "tonkfake:older", "--games", "40", "--seed", "3", "--quiet",
                     "--out", str(tmp_path / "found")])
        fuzzed = capsys.readouterr().out
        assert code == 0 and "40 hands" in fuzzed and " 0 differences" in fuzzed, fuzzed
        assert main(["perft", "--check", "--adapter", "tonkfake:older", "--max-depth", "2"]) == 0
        assert "0 differ" in capsys.readouterr().out
    finally:
        sys.path.pop(0)


def test_fuzzing_six_seats_deals_packs_that_hold_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--players 6`` at random rulesets: a ruleset whose pack cannot deal six hands of its
    size is dealt with the largest hand size and pack the engine offers that can."""
    code = main(["fuzz", "--players", "6", "--games", "60", "--seed", "1", "-j", "1", "--quiet",
                 "--out", str(tmp_path / "found")])
    assert code == 0, capsys.readouterr().out
    plan = FZ.Plan(1, None, option_values(), 6)
    for game in range(60):
        _, setup = FZ.fuzz_setup(plan, game)
        assert setup["players"] == 6
        assert H.deals(Ruleset.from_mapping(setup["ruleset"]), 6)


@pytest.mark.parametrize(("options", "players", "said"), [
    ("  max_players: 4\n", "5", "--players 5: {rules} seats at most 4 players (max_players)"),
    ("  max_players: 6\n  hand_size: 9\n", "6", "--players 6: the pack of {rules} cannot deal 6 hands of 9 cards"),
])
def test_more_players_than_a_table_seats_is_one_usage_error(
        options: str, players: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "table.yaml"
    rules.write_text("preset: seed\noptions:\n" + options, encoding="utf-8")
    code = main(["fuzz", "--players", players, "--rules", str(rules), "--games", "10", "--quiet",
                 "--out", str(tmp_path / "found")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert err == [f"tonk fuzz: error: {said.format(rules=rules)}"]


@pytest.mark.parametrize(("preset", "counts"),
                         [("seed", [2, 3]), ("online", [2, 3, 4]), ("hoyle-tunk", [2, 3, 4, 5, 6])])
def test_fuzz_plays_every_seat_count_the_table_seats_by_default(preset: str, counts: list[int]) -> None:
    from tonk_ref.rulebook.book import load_presets

    rules = load_presets()[preset].ruleset()
    plan = FZ.Plan(1, rules, option_values())
    played = [FZ.fuzz_table(plan, game)[2] for game in range(2 * len(counts))]
    assert sorted(set(played)) == [n for n in counts if H.deals(rules, n)] == FZ.seat_counts(rules)
    assert [n for g, n in enumerate(played) if not FZ.rare_game(g)][: len(counts)] == FZ.seat_counts(rules), \
        "each seat count within the first hands"
    assert FZ.fuzz_setup(plan, 1)[1]["players"] == played[1]
    # the hands steered toward a rare ending take every seat count too, each ending at each
    rare = [g for g in range(FZ.RARE_EVERY * len(H.RARE) * len(counts)) if FZ.rare_game(g)]
    pairs = {((FZ.rare_goal(g, rules, n) or ("",))[0], n) for g in rare for n in [FZ.fuzz_table(plan, g)[2]]}
    assert pairs >= {(goal, n) for goal in H.RARE for n in counts if goal not in H.rare_unreachable(rules, n)}


def test_fuzz_help_says_the_seat_counts_it_plays(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["fuzz", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "every seat count the table plays, 2 up to its max_players" in text
    assert "2 or 3" not in text


def test_a_run_stopped_by_a_difference_says_where_and_how_many_hands_it_played(
        buggy_module: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["fuzz", "--adapter", buggy_module, "--games", "500", "--seed", "3", "-j", "1", "--quiet",
                 "--out", str(tmp_path / "found"), "--rules", seed_rules(tmp_path)])
    out = capsys.readouterr().out
    assert code == 1, out
    stop = next(line for line in out.splitlines() if line.startswith("stopped after 1 difference"))
    first = int(stop.split("the first in hand ", 1)[1].split(")", 1)[0])
    played = int(stop.split(": ", 1)[1].split(" of 500", 1)[0])
    assert played == first, stop  # one worker plays the hands in order and stops at the difference
    assert f"({played} of 500 random hands played" in out
