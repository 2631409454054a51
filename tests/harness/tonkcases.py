"""Small hand-made scenario files for testing the runner (independent of the corpus,
which changes).  Each passes on the reference engine except ``h-fail-ending``, which
expects the wrong ending on purpose."""

from __future__ import annotations

import functools
from pathlib import Path

from deals import HIT_DEAL, KNOCK_DEAL

from tonk_ref.harness.scenario import Case, load_scenario, scenario_files
from tonk_ref.paths import scenarios_dir

CASES: dict[str, str] = {
    # a knock that wins: seat 0 has 12, the others 47 and 46
    "h-pass-knock": """id: h-pass-knock
title: seat 0 knocks with 12 and wins
rules: [PAY-KNOCK-2, TURN-2]
""" + KNOCK_DEAL + """script:
  - expect: {to_act: 0, stage: start, discard_top: Kh}
  - act: 0 knock
result:
  ending: knock_won
  winners: [0]
  totals: [12, 47, 46]
""",
    # the same, expecting the wrong ending: fails on every correct engine
    "h-fail-ending": """id: h-fail-ending
title: the same knock, with a wrong expected ending
rules: [PAY-KNOCK-2]
""" + KNOCK_DEAL + """script:
  - act: 0 knock
result:
  ending: knock_caught
""",
    # needs the payments feature (net)
    "h-net": """id: h-net
title: the winning knock collects the stake from each
rules: [PAY-KNOCK-2, STAKE-2]
""" + KNOCK_DEAL + """script:
  - act: 0 knock
result:
  net: [2, -1, -1]
""",
    # needs the option value knock_tie=knocker_wins: seat 0 and seat 2 both have 12
    "h-tie-knocker-wins": """id: h-tie-knocker-wins
title: under knock_tie knocker_wins a tie goes to the knocker
rules: [PAY-KNOCK-3]
ruleset:
  options: {knock_tie: knocker_wins}
players: 3
dealer: 2
deal:
  hands:
    - [Ac, 2c, 2d, 3s, 4h]
    - [Kd, Qd, Jd, 9h, 8s]
    - [As, 2s, 2h, 3c, 4d]
  upcard: Kh
script:
  - act: 0 knock
result:
  ending: knock_won
  winners: [0]
""",
    # a spread and a hit (the fake engines' trigger --action hit fires here)
    "h-hit": """id: h-hit
title: seat 0 draws, spreads 4h 5h 6h and hits 7h on it
rules: [HIT-1, SPREAD-3]
""" + HIT_DEAL + """  stock: [7h]
script:
  - act: 0 draw stock
  - act: 0 spread 4h 5h 6h
  - act: 0 hit 7h 0
  - expect: {spreads: [{owner: 0, cards: [4h, 5h, 6h, 7h]}], hand_sizes: [2, 5, 5]}
  - act: 0 discard Kc
  - act: 1 discard 9h
    reject: must_draw_first
  - expect: {to_act: 1, stage: start, hand_sizes: [1, 5, 5]}
""",
    # what seat 1 sees (needs observations)
    "h-observe": """id: h-observe
title: seat 1 sees its own hand and the sizes of the others, not their cards
rules: [OBS-2]
""" + KNOCK_DEAL + """script:
  - observe: {seat: 1, expect: {hand: [Kd, Qd, Jd, 9h, 8s], hand_sizes: [5, 5, 5], hidden: [Ac, 2c, Kc]}}
""",
}


#: Paid, then a match request (needs match): the payments come before it.  Not among
#: :data:`CASES` (it would change what the tests that write them all count).
PAY_THEN_MATCH = """id: h-pay-then-match
title: seat 0 knocks and is paid; then who deals next
rules: [PAY-KNOCK-2, DEALER-2]
""" + KNOCK_DEAL + """script:
  - act: 0 knock
  - call:
      method: next_dealer
      params: {players: 3, dealer: 2, result: {ending: knock_won, winners: [0]}}
      expect: {dealer: 0}
result:
  ending: knock_won
  winners: [0]
  totals: [12, 47, 46]
  net: [2, -1, -1]
  payments:
    - {payer: 1, payee: 0, amount: 1, rule: PAY-KNOCK-2}
    - {payer: 2, payee: 0, amount: 1, rule: PAY-KNOCK-2}
"""


def write_cases(directory: Path, names: list[str] | None = None) -> list[str]:
    """Write the named cases (default: all) as DIR/<id>.yaml; return their ids."""
    directory.mkdir(parents=True, exist_ok=True)
    chosen = list(CASES) if names is None else names
    for name in chosen:
        (directory / f"{name}.yaml").write_text(CASES[name], encoding="utf-8")
    return chosen


@functools.cache
def corpus() -> tuple[tuple[Path, Case], ...]:
    """Every scenario file of the corpus with its compiled case, loaded once per process
    (loading is most of the cost of a whole-corpus test)."""
    return tuple((f, load_scenario(f)) for f in scenario_files(scenarios_dir()))
