"""The generated block of a run under a table's rules (``tonk check --rules T``).

Besides the written cases retargeted to T (:mod:`tonk_ref.harness.retarget`), a table run
plays seeded hands under T on the reference engine and writes each as a *generated* case:
every action with the reference's decision (accepted, or refused with its reason) and the
final state with its result.  It adds perft entries dealt and counted under T.  And it
measures which rules each case exercises: the reference engine's events and refusals cite
the rules, so each case is replayed on it and the rules it cites are counted.

Which rules a table can exercise is measured once per table, not by the run's own hands: the
rules the reference engine cites playing a fixed sample of :data:`REACH_HANDS` seeded hands
under T (their own seed, :data:`REACH_SEED`, whatever ``--seed`` says), and the rules the
written and derived cases of the run cite.  The sample is kept in the case cache
(:mod:`tonk_ref.harness.case_cache`), so it is played once per table and engine version.

Hands are chosen for coverage: a base of seeded hands (``--seed``); then, for every rule the
table reaches that fewer than :data:`TARGET` cases of the run exercise, the hands of the
sample that cite it, until it has its :data:`TARGET` cases or the sample has no more.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..adapters.base import Adapter
from ..engine.actions import IllegalAction
from ..engine.hand import Hand
from ..engine.ruleset import Ruleset
from ..engine.serialize import action_from_json, action_to_json, result_to_json, state_to_json
from ..harness.capabilities import Capabilities
from ..harness.case import Act, Call, Case, Expect, Perft
from ..harness.case_cache import cached, digest, typed_codec
from . import fuzzing as F
from . import perft as P

JSON = dict[str, Any]

#: How many cases of a run must exercise each rule the table can reach.
TARGET = 2
#: The perft entries dealt under the table: (seed, players, depth).
PERFT_DEALS = ((42, 2, 3), (7, 3, 3))
#: The fixed sample that measures which rules a table can exercise: how many hands, and
#: their seed (the same for every run of the table).
REACH_HANDS = 400
REACH_SEED = 0
#: How many hands of the sample are remembered for each rule they cite.
REACH_KEEP = 2 * TARGET
#: How the sample is kept in the case cache.
REACH_CODEC = typed_codec("reach", 1, dict[str, tuple[int, ...]])


@dataclass(slots=True)
class Block:
    cases: list[Case] = field(default_factory=list)
    #: case id -> the rule IDs it exercises (the rules it names, where it cannot be measured)
    exercised: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: the rules the table can exercise: those the reference engine cites playing the fixed
    #: sample of hands, the written cases and the generated ones
    reachable: set[str] = field(default_factory=set)
    #: how many of them the sample alone reaches, and how large the sample is
    sampled: int = 0
    sample: int = 0

    def coverage(self) -> Counter[str]:
        return Counter(r for rules in self.exercised.values() for r in rules)


def exercised_by(case: Case) -> tuple[str, ...] | None:
    """The rule IDs the reference engine cites playing ``case`` (its events, its refusals,
    its payments), or None for a case it cannot measure so (one that deals no hand, makes
    match requests or checks a refused deal: it is counted by the rules it names)."""
    if case.setup is None or case.deal_refused or any(isinstance(s, Call) for s in case.steps):
        return None
    try:
        h = F.hand_of(case.setup)
    except Exception:  # a setup the reference refuses
        return None
    cited = {e.rule for e in h.events}
    for seat, action in case.actions:
        try:
            h.apply(action_from_json(action), seat)
        except IllegalAction as e:
            if e.rule:
                cited.add(e.rule)
    cited |= {e.rule for e in h.events}
    if h.result is not None:
        cited |= {p.rule for p in h.result.payments}
    if any(isinstance(s, Perft) for s in case.steps):
        cited |= set(case.rules)
    return tuple(sorted(r for r in cited if r))


def _played(table: Ruleset, seed: int, game: int, cited: set[str] | None = None) -> tuple[JSON, list[Act], Hand]:
    """Seeded hand ``game`` played under ``table``; the rules of its refusals go to ``cited``."""
    rng = random.Random(f"table:{seed}:{game}")
    setup = F.random_setup(rng, table)
    h = F.hand_of(setup)
    acts: list[Act] = []
    while not h.is_over and len(acts) < 400:
        seat, action = F.random_move(rng, h)
        try:
            h.apply(action, seat)
            refuse: str | None = None
        except IllegalAction as e:
            refuse = e.reason
            if cited is not None and e.rule:
                cited.add(e.rule)
        acts.append(Act(seat, action_to_json(action), refuse=refuse))
    return setup, acts, h


def _sample(table: Ruleset, hands: int) -> dict[str, tuple[int, ...]]:
    found: dict[str, list[int]] = {}
    for game in range(hands):
        cited: set[str] = set()
        _, _, h = _played(table, REACH_SEED, game, cited)
        cited |= {e.rule for e in h.events}
        if h.result is not None:
            cited |= {p.rule for p in h.result.payments}
        for rule in cited:
            games = found.setdefault(rule, [])
            if rule and len(games) < REACH_KEEP:
                games.append(game)
    return {r: tuple(g) for r, g in sorted(found.items()) if r}


def reach(table: Ruleset, hands: int = REACH_HANDS) -> dict[str, tuple[int, ...]]:
    """The rules ``table`` can exercise as the fixed sample measures them: each rule the
    reference engine cites (events, refusals, payments) playing ``hands`` hands of seed
    :data:`REACH_SEED` under the table, with the first games of the sample that cite it.
    Computed once per table and engine version (the case cache)."""
    key = digest("reach", json.dumps(table.to_dict(), sort_keys=True, default=str), str(REACH_SEED), str(hands))
    return cached(f"reach-{key}", lambda: _sample(table, hands), codec=REACH_CODEC)


def _final(h: Hand) -> tuple[JSON, JSON | None]:
    state = state_to_json(h)
    expect = {k: state[k] for k in ("hands", "discard_top", "discard_count", "stock_count", "to_act", "stage")}
    expect["spreads"] = [{"owner": s["owner"], "cards": s["cards"]} for s in state["spreads"]]
    result = result_to_json(h.result)
    if result is None:
        return expect, None
    want: JSON = {k: result[k] for k in ("ending", "winners", "net") if k in result}
    want["payments"] = [{k: p[k] for k in ("payer", "payee", "amount")} for p in result["payments"]]
    for k in ("totals", "knocker"):
        if k in result:
            want[k] = result[k]
    return expect, want


def generated_hand(table: Ruleset, seed: int, game: int) -> Case:
    """Seeded hand ``game`` under ``table``: every decision and the final state, as the
    reference engine plays them."""
    setup, acts, h = _played(table, seed, game)
    expect, result = _final(h)
    case = Case(
        id=f"generated-{seed}-{game + 1}",
        title=f"seeded hand {game + 1} (seed {seed}) under the table's rules, as the reference plays it",
        kind="generated",
        rules=(),
        source=f"generated:seed {seed}, hand {game + 1}",
        line=0,
        setup=setup,
        steps=(*acts, Expect(expect, text="the final state")),
        result=result,
        ruleset=table,
        origin="generated",
    )
    from dataclasses import replace

    return replace(case, rules=exercised_by(case) or ())


def generated_perft(table: Ruleset) -> list[Case]:
    from ..harness.perft import to_case

    out = []
    for seed, players, depth in PERFT_DEALS:
        if players > table.max_players:
            continue
        setup = {"ruleset": table.to_dict(), "players": players, "dealer": 0, "stake": 1,
                 "deck": P.seed_deck(seed, table)}
        entry = P.make_case(f"table-seed{seed}-{players}p", setup, "seed", table.changes(), range(1, depth + 1),
                            origin=f"seed:{seed}:{players}p:dealer0", max_nodes=3000)
        case = to_case(entry, depth, f"generated:perft seed {seed}, {players} players")
        from dataclasses import replace

        out.append(replace(case, origin="generated"))
    return out


def table_block(table: Ruleset, written: Sequence[Case], *, seed: int = 1, base: int = 60,
                sample: int = REACH_HANDS) -> Block:
    """The generated cases of a run under ``table`` beside the ``written`` (retargeted)
    ones, and the rules every case exercises and the table can exercise."""
    block = Block()
    for case in written:
        measured = exercised_by(case)
        block.exercised[case.id] = tuple(case.rules) if measured is None else measured
        block.reachable |= set(measured or ())
    reached = reach(table, sample) if sample else {}
    block.sample, block.sampled = sample, len(reached)
    block.reachable |= set(reached)
    coverage = block.coverage()

    def keep(case: Case) -> None:
        block.cases.append(case)
        block.exercised[case.id] = case.rules
        block.reachable |= set(case.rules)
        coverage.update(case.rules)

    for case in generated_perft(table):
        block.cases.append(case)
        block.exercised[case.id] = tuple(case.rules)
    for game in range(base):
        keep(generated_hand(table, seed, game))
    for rule in sorted(block.reachable):
        for game in reached.get(rule, ()):
            if coverage[rule] >= TARGET:
                break
            case = generated_hand(table, REACH_SEED, game)
            if case.id not in block.exercised:
                keep(case)
    return block


def below_target(block: Block, run_ids: Iterable[str]) -> dict[str, int]:
    """The reachable rules exercised by fewer than :data:`TARGET` of the cases that ran."""
    ran = set(run_ids)
    counts = Counter(r for cid, rules in block.exercised.items() if cid in ran for r in rules)
    return {r: counts[r] for r in sorted(block.reachable) if counts[r] < TARGET}


def shrink_failures(adapter: Adapter, caps: Capabilities, failed: Sequence[Case], outdir: Path,
                    limit: int = 3) -> list[tuple[Case, Path, int]]:
    """Each failing generated hand (up to ``limit``) shrunk as ``tonk fuzz`` shrinks a
    difference, on ``adapter``, and written to ``outdir`` as a scenario file: the case,
    the file and the number of moves it keeps."""
    differ = F.Differ(adapter, caps)
    written: list[tuple[Case, Path, int]] = []
    for case in [c for c in failed if c.kind == "generated" and c.setup is not None][:limit]:
        moves: list[F.Move] = [(s.seat, s.action) for s in case.steps if isinstance(s, Act)]
        first = F.difference_or_fault(differ, case.setup or {}, moves)
        if first is None:
            continue
        final, path = F.write_shrunk(differ, first, outdir, f"table-{case.id}",
                                     note=f"tonk check --rules, {case.source.split(':', 1)[1]}",
                                     found_by="tonk check --rules")
        written.append((case, path, len(final.moves)))
    return written
