"""The rule that decides a situation is among those the judge cites: one situation per
rule ID of spec/rules.yaml, judged under a table's rules, and the rule asserted among the
rules the ruling gives.  A few rules cannot be the point of one hand's situation (the cut
for the first deal, a player joining, seat numbers, card notation, what each seat may see);
they are listed with the reason, and the list is checked to be exactly the rest.

For the points players argue about most (Q-K-A, three aces under forced spreads, a dealer
dealt 49, and the decisions D3, D4, D5, D7, D10, D11) the rule must also be among the
deciding rules of the short ruling, not only in --full."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from runkit import W7, W12

from tonk_ref.engine.hand import RULE_OF
from tonk_ref.engine.ruleset import DEFAULT
from tonk_ref.rulebook.book import load_rules
from tonk_ref.rulebook.judging import judge, outcome_of
from tonk_ref.rulebook.situation import Description, play

#: Two players have laid a run each; seat 0 knocks with 3d 4d against 3h 4h.
TABLE = "2 players, dealer 1; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs"
#: Seat 1 owns a run that seat 0 may hit with 4c.
HITS = "2 players, dealer 1; 0: 4c 3d; 1: 3h 4h; table: 0 [7d 8d 9d], 1 [5c 6c 7c]; discard Qs"
FIRST = "2 players, dealer 1; first turn; 0: 2c 3c 4d 5d 6h; 1: 7c 8c 9d Th Js"
W4 = ("2 players; 0: 4c 8c; 1: Kc Kd 2s 3s 4s; table: 0 [5c 6c 7c]; discard Kh; "
      "0 draws 9c, hits 4c on 0, hits 8c on 0, hits 9c on 0")
OUT_BY_DISCARD = ("2 players, dealer 1; 0: 4c 3c; 1: 3h 4h; table: 0 [7d 8d 9d], 1 [5c 6c 7c]; discard Qs; "
                  "0 draws Kd, hits 4c on 1, hits 3c on 1, discards Kd")
DEALT_49 = "2 players, dealer 1; first turn; 0: Kc Qc Jc Tc 9c; 1: 2d 3d 4h 5h 7s; discard 2s"
DEALT_DRAW = "2 players, dealer 1; first turn; 0: Kc Qc Jc Tc 9c; 1: Kd Qd Jd Td Ts; discard 2s"
EAT = ("3 players; 0: 5c 6d Kd 2s 3s; 1: 2c 3c 4c 9d Td; 2: Jh Qh 8s 9s Ts; discard Kh; 1 to act; "
       "2 takes the discard, spreads Jh Qh Kh, discards 8s")
THREE_ACES = "2 players, dealer 1; first turn; 0: Ac Ad Ah 2c 3d; 1: 7c 8c 9d Th Js; discard Ks; 0 knocks"
QKA = "2 players; 0: Qh Kh Ah 2c 3d; 1: 4s 5s 6s 7d 9d; discard Jc; 0 draws 8c, spreads Qh Kh Ah"
DEALER_49 = "2 players, dealer 1; first turn; 0: 2d 3d 4h 5h 7s; 1: Kc Qc Jc Tc 9c; discard 2s"
D5 = ("3 players, dealer 2; 0: 2d 3d; 1: 2h 3h; 2: 4s 5s; table: 0 [7c 8c 9c], 1 [Kd Kh Ks], 2 [Jc Jd Jh]; "
      "discard Qs; 0 knocks")
D7 = "2 players, dealer 1; 0: 9c 9d 9h 2s Ad; 1: 3h 4h 2c 5s Kd; discard Qs; 0 knocks"
W10 = ("3 players, dealer 2; 0: 3d 5d; 1: 2h 3h; 2: 4s As; table: 0 [7c 8c 9c], 1 [Kd Kh Ks], 2 [Jc Jd Jh]; "
       "discard Qs; 0 knocks")

#: rule ID -> (situation, the table's options)
CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "GAME-1": (W7, {}),
    "GAME-2": ("4 players; 0: 2c 3c; 1: 4h 5h; 2: 6s 7s; 3: 8d 9d; table: 0 [Ac Ad Ah], 1 [Kc Kd Kh], "
               "2 [Qc Qd Qh], 3 [Jc Jd Jh]; discard Ts; 0 knocks", {"max_players": 4}),
    "CARD-1": ("2 players; 0: 2c 3d; 1: 3h 4h; table: 0 [Js Qs Ks], 1 [5s 6s 7s]; discard Qh; 0 knocks",
               {"deck": 40}),
    "CARD-3": (W7, {}),
    "CARD-4": (W7, {}),
    "STAKE-1": (TABLE + "; stake 5; 0 knocks", {}),
    "STAKE-2": (W12, {"stock_tie": "split"}),
    "DEALER-2": (W7, {}),
    "DEALER-4": (DEALT_DRAW, {}),
    "DEAL-1": (FIRST + "; discard Ks; 0 knocks", {}),
    "DEAL-2": (FIRST + "; discard Ks; 0 knocks", {}),
    "DEAL-3": (FIRST + "; discard Ks; 0 draws, discards 6h", {}),
    "DEALT-1": (DEALT_49, {}),
    "DEALT-2": (DEALT_DRAW, {}),
    "DEALT-3": (DEALER_49, {}),
    "DEALT-4": ("2 players, dealer 1; 0: 2c 3d 4h 5s 7c; 1: Kc Qd Jh Ts 9s; discard 2s; 0 knocks", {}),
    "TURN-1": (FIRST + "; discard Ks; 0 knocks", {}),
    "TURN-2": (TABLE + "; 0 draws, discards 3d", {}),
    "TURN-3": (W7, {}),
    "TURN-4": (FIRST + "; discard Ks; 0 knocks", {}),
    "TURN-5": (TABLE + "; 0 draws, discards 3d", {}),
    "TURN-6": (TABLE + "; 0 draws, draws", {}),
    "TURN-7": (TABLE + "; 0 takes the discard, discards Qs", {}),
    "TURN-8": ("2 players, dealer 1; 0: 4c 5c 6c; 1: 3h 4h; table: 1 [5s 6s 7s 8s 9s]; discard Ks; "
               "0 takes the discard, spreads 4c 5c 6c", {}),
    "TURN-9": (FIRST + "; discard none; 0 takes the discard", {"upcard": False}),
    "TURN-10": (TABLE + "; 0 to act; 1 draws", {}),
    "TURN-11": (TABLE + "; 0 draws, discards Ah", {}),
    "SPREAD-1": (QKA, {}),
    "SPREAD-2": ("2 players, dealer 1; 0: 9c 9d 3d 4c Ks; 1: 2h 5h 8s Td Jc; discard Qs; 0 draws 9h, "
                 "spreads 9c 9d 9h", {}),
    "SPREAD-3": (QKA, {}),
    "SPREAD-4": (HITS + "; 0 spreads 7d 8d 9d", {}),
    "HIT-1": (HITS + "; 0 draws, hits 4c on 1", {}),
    "HIT-2": (HITS + "; 0 hits 4c on 1", {}),
    "HIT-3": (HITS + "; 0 draws, hits 3d on 1", {}),
    "HIT-4": (W4, {}),
    "OUT-1": (W4, {}),
    "OUT-2": (OUT_BY_DISCARD, {}),
    "STOCK-1": (TABLE + "; stock 1; 0 draws, discards 3d", {}),
    "STOCK-2": (W12, {}),
    "STOCK-3": (W12, {"empty_stock": "dead"}),
    "PAY-DEALT-1": (DEALT_49, {}),
    "PAY-OUT-1": (W4, {}),
    "PAY-OUT-2": (OUT_BY_DISCARD, {}),
    "SPREAD-5": (HITS + "; 0 draws, hits 4c on 5", {}),
    "PAY-KNOCK-1": (W7, {}),
    "PAY-KNOCK-2": ("2 players, dealer 1; 0: 2d 3d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; "
                    "0 knocks", {}),
    "PAY-KNOCK-3": (W7, {}),
    "PAY-CAUGHT-1": (W7, {}),
    "PAY-CAUGHT-2": (W7, {}),
    "PAY-CAUGHT-3": (W10, {}),
    "PAY-STOCK-1": ("2 players, dealer 1; 0: 3d 4d; 1: 3h 5h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; "
                    "stock 0; 0 draws", {}),
    "PAY-STOCK-2": (W12, {}),
    "OBS-3": (W7, {}),
    "VAR-NOUP-1": (FIRST + "; discard none; 0 draws, discards 6h", {"upcard": False}),
    "VAR-FORCED-1": ("2 players, dealer 1; first turn; 0: 5h 6h 7h 9c 2d; 1: 7c 8c 9d Th Js; discard Ks; "
                     "0 draws, discards 2d", {"forced_spreads": True}),
    "VAR-FORCED-2": (THREE_ACES, {"forced_spreads": True}),
    "VAR-NEWSPREAD-1": (W4, {"tonk_out_double": "new_spread"}),
    "VAR-JOKER-1": ("2 players, dealer 1; 0: 7h X1 3d 4c Ks; 1: 2h 5h 8s Td Jc; discard Qs; 0 draws 9h, "
                    "spreads 7h X1 9h", {"jokers": 2}),
    "VAR-JOKER-2": ("2 players; 0: X1 2c; 1: 3h 4h 9s 9c 9d; table: 0 [Kc Kd Ks]; discard Qs; 0 knocks",
                    {"jokers": 2}),
    "VAR-WILD-1": ("2 players, dealer 1; 0: 7h X1 3d 4c Ks; 1: 2h 5h 8s Td Jc; discard Qs; 0 draws 9h, "
                   "spreads 7h X1 9h", {"jokers": 2}),
    "VAR-WILD-2": ("2 players, dealer 1; 0: X1 2c; 1: 3h 4h; table: 0 [Kc Kd Ks], 1 [5s 6s 7s]; discard Qs; "
                   "0 draws, hits X1 on 1", {"jokers": 2}),
    "VAR-DEUCES-1": ("2 players, dealer 1; 0: 9h 9c 2d 4c Ks; 1: 3s 5h 6s Td Jd; discard Qs; 0 draws, "
                     "spreads 9h 9c 2d", {"deuces_wild": True}),
    "VAR-DECK40-1": ("2 players, dealer 1; 0: 6h 7h 3d 4c Ks; 1: 2h 5h 5s Qd Jc; discard Qs; 0 draws Jh, "
                     "spreads 6h 7h Jh", {"deck": 40}),
    "VAR-FACE-1": ("2 players, dealer 1; 0: 3d 4d; 1: Qh 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; "
                   "0 knocks", {"face_values": "11-12-13"}),
    "VAR-HANDSIZE-1": ("2 players, dealer 1; first turn; 0: 2c 3c 4d 5d 6h 8s 9s; 1: 7c 8c 9d Th Js Qc Kc; "
                       "discard Ks; 0 knocks", {"hand_size": 7}),
    "VAR-LOWDEALT-1": ("2 players, dealer 1; first turn; 0: Ac 2c 3d 4d 5h; 1: 7c 8c 9d Th Js; discard Ks",
                       {"low_dealt_double": 15}),
    "VAR-DEALTTONKS-1": (DEALT_DRAW, {"dealt_tonks": "best"}),
    "VAR-MUSTUSE-1": (TABLE + "; 0 takes the discard", {"must_use_taken": True}),
    "VAR-HITLOCK-1": (HITS + "; 0 draws, hits 4c on 1", {"hit_lock": 1}),
    "VAR-EAT-1": (EAT, {"eating": True}),
    "VAR-KNOCKLIMIT-1": (W7, {"knock_limit": 5}),
    "VAR-KNOCKWAIT-1": ("2 players, dealer 1; 0: 9c 9d 3d 4c Ks; 1: 2h 5h 8s Td Jc; discard Qs; 0 draws 9h, "
                        "spreads 9c 9d 9h, discards Ks", {"spread_knock_wait": 1}),
    "VAR-LOWKNOCK-1": ("2 players, dealer 1; 0: 2d 3d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; "
                       "discard Qs; 0 knocks", {"low_knock_bonus": 13}),
    "VAR-POINTS-1": (W7, {"scoring": "points"}),
    "VAR-REEM-1": ("2 players, dealer 1; 0: 4h 5h 6h Jc Jd; 1: 2h 5s 8s Td Qc; discard Ks; 0 draws Js, "
                   "spreads 4h 5h 6h, spreads Jc Jd Js", {"reem": "one_turn"}),
    "VAR-NODRAW-1": (TABLE + "; 0 discards 3d", {"discard_without_draw": True}),
    "VAR-HITEND-1": (HITS + "; 0 draws, hits 4c on 1", {"hit_ends_turn": True}),
    "VAR-KNOCKHELD-1": ("2 players, dealer 1; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; "
                        "discard Qs; 0 draws 2s, knocks", {"knock_timing": "any", "knock_with_discard": False}),
    "VAR-KNOCKTIE-1": (W7, {"knock_tie": "split"}),
    "VAR-SPECIAL-1": ("2 players, dealer 1; first turn; 0: Kc Qc Jd 9d 2s; 1: 7c 8c 9h Th Js; discard Ks; "
                      "0 declares", {"special_hands": "first_turn"}),
}

#: Rules no single situation of one hand decides, and why.
NOT_A_SITUATION = {
    "GAME-3": "how seats are numbered: every situation uses it and none turns on it",
    "CARD-2": "how cards are written: a misspelt card is bad input, not a ruling",
    "DEALER-1": "the cut for the first deal comes before any hand",
    "DEALER-3": "a player joins between hands",
    "OBS-1": "what a seat may see of the discard pile: the judge shows every card to everyone",
    "OBS-2": "what a seat may see during play: the judge shows every card to everyone",
}

#: Points argued about at tables: the rule must be among the deciding rules of the short ruling.
IN_THE_SHORT_RULING: dict[str, tuple[str, dict[str, Any]]] = {
    "SPREAD-3": (QKA, {}),  # Q-K-A (D12)
    "VAR-FORCED-2": (THREE_ACES, {"forced_spreads": True}),  # three aces may be kept (S33)
    "DEALT-3": (DEALER_49, {}),  # the dealer is checked too (D15)
    "PAY-KNOCK-3": (W7, {}),  # D3: a tie catches the knocker
    "PAY-CAUGHT-2": (D5, {}),  # D4, D5: the lowest hand collects from everyone, the knocker included
    "CARD-4": (D7, {}),  # D7: a spread kept in the hand counts
    "TURN-7": (TABLE + "; 0 takes the discard, discards Qs", {}),  # D10
    "HIT-1": (HITS + "; 0 draws, hits 4c on 1", {}),  # D11: another player's spread
}


def test_every_rule_has_a_situation_or_a_reason() -> None:
    active = {r.id for r in load_rules() if r.status == "active"}
    assert not set(CASES) & set(NOT_A_SITUATION)
    assert sorted(active - set(CASES) - set(NOT_A_SITUATION)) == []
    assert sorted((set(CASES) | set(NOT_A_SITUATION)) - active) == []


@pytest.mark.parametrize("rule_id", sorted(CASES))
def test_the_deciding_rule_is_cited(rule_id: str) -> None:
    text, options = CASES[rule_id]
    sit = Description(text)
    rules = DEFAULT.replace(**options)
    o = outcome_of(play(sit, rules), sit)
    assert o.kind != "cannot_arise", o.why
    assert rule_id in o.rules, (o.kind, o.rules, o.refusal)


@pytest.mark.parametrize("rule_id", sorted(IN_THE_SHORT_RULING))
def test_the_rule_argued_about_is_in_the_short_ruling(rule_id: str) -> None:
    text, options = IN_THE_SHORT_RULING[rule_id]
    j = judge(Description(text), DEFAULT.replace(**options), "the table")
    base = j.group_of(j.base_trial)
    assert base is not None
    assert rule_id in j.deciding(base), (j.deciding(base), base.outcome.rules)


# ---------------------------------------------------------------------------- read from the record
#: A rule ID as spec/rules.yaml writes one.
RULE_ID = re.compile(r"^[A-Z]+(-[A-Z][A-Z0-9]*)*-[0-9]+$")
#: The modules that read rulings and the diff's families: they name no rule, reading the
#: engine's record and spec/rules.yaml instead.
READERS = ("tonk_ref/rulebook/judging.py", "tonk_ref/rulebook/diffprobes.py", "tonk_ref/rulebook/diffsearch.py")
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("path", READERS)
def test_the_readers_name_no_rule(path: str) -> None:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    named = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
             and RULE_ID.match(n.value)]
    assert named == [], f"{path} names rules {named}: read them from the engine's record or spec/rules.yaml"


def _complexity(fn: ast.FunctionDef) -> int:
    """McCabe's number of a function, as mccabe counts it (nested functions apart): one,
    and one for each branch (if, loop, except, case, conditional expression,
    comprehension and its ifs)."""
    count = 1
    todo: list[ast.AST] = list(fn.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.If | ast.For | ast.AsyncFor | ast.While | ast.IfExp | ast.ExceptHandler
                      | ast.match_case):
            count += 1
        elif isinstance(node, ast.comprehension):
            count += 1 + len(node.ifs)
        todo.extend(ast.iter_child_nodes(node))
    return count


def test_the_outcome_is_read_by_short_readers() -> None:
    tree = ast.parse((ROOT / "tonk_ref/rulebook/judging.py").read_text(encoding="utf-8"))
    readers = {fn.name: _complexity(fn) for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef)
               and re.fullmatch(r"outcome_of|refusal_rules|_read_\w+|_\w+_outcome|_\w+_notes", fn.name)}
    assert len(readers) >= 5
    assert {name: n for name, n in readers.items() if n > 15} == {}
    outcome_of = next(fn for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) and fn.name == "outcome_of")
    assert (outcome_of.end_lineno or 0) - outcome_of.lineno < 20


@pytest.mark.parametrize("rule_id", sorted(CASES))
def test_every_rule_cited_is_one_the_engine_applied(rule_id: str) -> None:
    """What the judge cites comes from the hand's record: the rules it applied at each step
    (the settlement's included), the table's own rules, and a refusal's; and, where the
    match keeps points, the rule spec/rules.yaml says the scoring option changes."""
    text, options = CASES[rule_id]
    sit = Description(text)
    p = play(sit, DEFAULT.replace(**options))
    o = outcome_of(p, sit)
    assert p.hand is not None
    recorded = {rid for rid, _ in p.hand.applied_rules()} | set(p.hand.table_rules())
    if o.points is not None:
        recorded |= {r.id for r in load_rules() if "scoring" in r.options}
    if p.error is not None and p.act is not None and p.act.action is not None:
        recorded |= set(p.hand.refused_by(p.act.action, p.act.seat, p.error))
    for key in ("knock_waits", "knock_locks", "must_use_taken", "taken", "forced_kept"):
        recorded.add(RULE_OF[key])  # what the state carries on, which the engine names
    assert set(o.rules) <= recorded, set(o.rules) - recorded
    assert set(o.primary) <= set(o.rules) | recorded
