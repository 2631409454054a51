"""``tonk explain``: the replay of a scenario, step by step, with the table, the events and
their rules, refusals, the result; colour only where it belongs; bad input."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest
from runkit import W7, Ran, scenario

from tonk_ref.engine.cards import parse_card
from tonk_ref.rulebook.book import rules_by_id
from tonk_ref.rulebook.wording import RED, Style, style_for

Tonk = Callable[..., Ran]


def steps(out: str) -> list[str]:
    return re.split(r"\n(?=Step \d+ )", out)


def test_w7_replay(tonk: Tonk) -> None:
    r = tonk("explain", scenario("pay/pay-w7-knock-tie-2p.yaml"))
    assert r.code == 0, r.err
    parts = steps(r.out)
    assert len(parts) == 1 + 7  # the deal, then the scenario's seven actions
    deal = parts[0]
    assert "DEAL-2  the upcard is 10\u2666" in deal
    assert "seat 0 \u25b6  7\u2663 8\u2663 9\u2663 3\u2666 4\u2666   5 cards, count 31" in deal
    assert "discard 10\u2666 (1 in the pile)   stock 41" in deal
    assert "seat 0 to act (start of the turn)" in deal
    assert parts[1].startswith("Step 1 (scenarios/pay/pay-w7-knock-tie-2p.yaml:14): seat 0: draw stock")
    assert "TURN-2  seat 0 draws K\u2666 from the stock" in parts[1]
    assert "stock 40" in parts[1] and "seat 0 to act (has drawn)" in parts[1]
    assert "[0] 7\u2663 8\u2663 9\u2663  run of seat 0" in parts[2]
    knock = parts[7]
    for line in ("TURN-2  seat 0 knocks", "PAY-KNOCK-1  every hand is shown and counted: seat 0 7, seat 1 7",
                 "PAY-KNOCK-3  the knocker's 7 ties the lowest other total: the knocker is caught",
                 "PAY-CAUGHT-1  seat 0 pays seat 1 2", "PAY-CAUGHT-2  seat 0 pays seat 1 1", "the hand is over",
                 "Result: knock_caught: seat 0 knocks and is caught; seat 1 wins",
                 "net       seat 0: -3 \u00b7 seat 1: +3"):
        assert line in knock, line
    # every event comes with the spec's sentence for its rule
    words = " ".join(knock.split())
    for rid in ("PAY-KNOCK-3", "PAY-CAUGHT-1", "PAY-CAUGHT-2"):
        assert f'"{rules_by_id()[rid].text}"' in words, rid
    assert "\x1b[" not in r.out  # captured output is not a terminal


def test_expected_refusal_and_the_same_step_allowed_under_other_rules(tonk: Tonk,
                                                                       table_file: Callable[[str], str]) -> None:
    path = scenario("options/opt-discard-taken-default-2p.yaml")
    own = tonk("explain", path)
    step = steps(own.out)[2]
    assert "refused: taken_card (TURN-7): Kd was taken from the discard pile this turn" in step
    assert '"A card taken from the discard pile MUST NOT be discarded in the same turn."' in step
    assert "[this spec decides (D10; alternatives: discard_taken = true)]" in step
    assert "the scenario expects this refusal; the table is unchanged" in step
    other = tonk("explain", path, "--rules", table_file("preset: seed\noptions:\n  discard_taken: true\n"))
    step = steps(other.out)[2]
    assert "allowed under these rules, though the scenario expects it refused (taken_card)" in step
    assert "TURN-5  seat 0 discards K\u2666" in step


def test_rules_file_changes_the_result(tonk: Tonk, table_file: Callable[[str], str]) -> None:
    r = tonk("explain", scenario("pay/pay-w7-knock-tie-2p.yaml"), "--rules",
             table_file("preset: seed\noptions:\n  knock_tie: knocker_wins\n"))
    assert "Rules: " in r.out and "knock_tie = knocker_wins" in r.out
    assert "Result: knock_won: seat 0 knocks and wins" in r.out
    assert "PAY-KNOCK-2  seat 1 pays seat 0 1" in r.out


def test_unexpected_refusal_stops_the_replay(tonk: Tonk, table_file: Callable[[str], str]) -> None:
    r = tonk("explain", scenario("pay/pay-w7-knock-tie-2p.yaml"), "--rules",
             table_file("preset: seed\noptions:\n  knock_timing: after_draw\n"))
    last = steps(r.out)[-1]
    assert "refused: knock_timing (TURN-3)" in last
    assert "under these rules the rest of the script (0 step(s)) does not apply" in last
    assert "Result: the hand is not over: seat 0 is to act (start)" in last


def test_a_described_situation(tonk: Tonk) -> None:
    r = tonk("explain", W7)
    assert r.code == 0
    assert r.out.startswith(W7)
    assert "The situation" in r.out
    assert "Step 1 (column 101): seat 0: knock" in r.out
    assert "Result: knock_caught" in r.out


def test_colour_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        encoding = "utf-8"

        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert style_for(Tty()).color
    assert not style_for(Tty(), no_color=True).color
    assert not style_for(io.StringIO()).color
    monkeypatch.setenv("NO_COLOR", "1")
    assert not style_for(Tty()).color
    red = Style(color=True)
    assert red.card(parse_card("Ah")) == f"{RED}A\u2665\x1b[0m"
    assert red.card(parse_card("Td")) == f"{RED}10\u2666\x1b[0m"
    assert red.card(parse_card("Ks")) == "K\u2660"
    assert red.card(parse_card("X1")) == "X1"


def test_ascii_terminal_gets_card_names() -> None:
    class Ascii(io.StringIO):
        encoding = "ascii"

    style = style_for(Ascii())
    assert not style.symbols
    assert style.cards([parse_card("Ah"), parse_card("Tc")]) == "Ah Tc"


def test_bad_input(tonk: Tonk, table_file: Callable[[str], str]) -> None:
    assert "no such scenario file" in tonk("explain", "nope.yaml").one_error_line("explain")
    line = tonk("explain", scenario("pay/pay-w7-knock-tie-2p.yaml"), "--rules",
                table_file("preset: seeed\n")).one_error_line("explain")
    assert "unknown preset 'seeed' (did you mean 'seed'?)" in line
    line = tonk("explain", scenario("pay/pay-w7-knock-tie-2p.yaml"), "--rules",
                table_file("preset: seed\noptions:\n  hand_size: 7\n")).one_error_line("explain")
    assert "cannot arise" in line and "seat 0 must be dealt 7 cards, got 5" in line
    line = tonk("explain", "2 players; 0: 3d 4d; 1: 3h Qx; 0 knocks").one_error_line("explain")
    assert "column 28 ('Qx'): not a card" in line


def test_malformed_actions_the_scenario_expects_refused(tonk: Tonk) -> None:
    path = scenario("turn/turn-malformed-draw-source-2p.yaml")
    r = tonk("explain", path)
    assert r.code == 0, r.err
    assert "refused: malformed_action: draw from 'table': expected 'stock' or 'discard'" in r.out
    assert tonk("judge", path).code == 0


def test_explain_quotes_the_sentence_of_the_rules_in_play(tonk: Tonk, table_file: Callable[[str], str]) -> None:
    """Under knock_timing = any a knock after drawing is explained by TURN-3's sentence for
    any, marked as a house rule; under the seed rules by the default sentence, marked as a
    decision of this spec."""
    sit = ("2 players, dealer 1; 0: 3d 4d; 1: 3h 4h 9s Kd Kh; table: 0 [7c 8c 9c]; discard Qs; "
           "0 draws 2s, knocks discarding 4d")
    any_ = tonk("explain", sit, "--rules", table_file("preset: seed\noptions: {knock_timing: any}\n"))
    assert any_.code == 0, any_.err
    words = " ".join(any_.out.split())
    assert "TURN-3 when seat 0 may knock" in words
    assert ('"A player may knock at the start of their own turn, before drawing, or after drawing together with '
            "the turn's discard.\" [a house rule: knock_timing = any (V28)]") in words
    assert "only at the start of their own turn" not in words
    seed = tonk("explain", sit)
    words = " ".join(seed.out.split())
    assert "refused: knock_timing (TURN-3): a player may knock only before drawing" in words
    assert ('"A player may knock only at the start of their own turn, before drawing." [the seeds (S17) and this '
            "spec (D1; alternatives: knock_timing = any or after_draw)]") in words


def test_explain_gives_the_deciding_rule_of_a_refusal() -> None:
    """Q-K-A refused: SPREAD-3 (the ace is low only, D12) before the engine's SPREAD-1."""
    from tonk_ref.tools import cli

    io_out = io.StringIO()
    import contextlib

    with contextlib.redirect_stdout(io_out):
        code = cli.main(["explain", "2 players; 0: Qh Kh Ah 2c 3d; 1: 4s 5s 6s 7d 9d; discard Jc; 0 draws 8c, "
                                    "spreads Qh Kh Ah"])
    assert code == 0
    out = io_out.getvalue()
    assert "refused: not_a_spread (SPREAD-3, SPREAD-1): [Qh Kh Ah] is not a book or a run" in out
    assert "Q-K-A and K-A-2 are not runs" in " ".join(out.split())
    assert "[the seeds (S21) and this spec (D12; alternatives: ace = low_or_high)]" in " ".join(out.split())


def test_a_case_id_names_its_scenario(tonk: Tonk) -> None:
    """judge and explain take the ID of a scenario of the corpus as they take its file; an
    ID no case has is one clear error."""
    by_file = tonk("explain", scenario("pay/pay-w7-knock-tie-2p.yaml"), "--no-color")
    by_id = tonk("explain", "pay-w7-knock-tie-2p", "--no-color")
    assert by_id.code == by_file.code == 0
    assert by_id.out == by_file.out
    judged = tonk("judge", "pay-w7-knock-tie-2p", "--format", "json").json()
    assert judged["situation"]["id"] == "pay-w7-knock-tie-2p"
    line = tonk("judge", "pay-w7-knock-tie-9p").one_error_line("judge")
    assert "pay-w7-knock-tie-9p: no scenario of the corpus has this ID" in line
