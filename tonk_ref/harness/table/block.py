"""The generated block of a run at a table (``tonk check --rules T``, or the engine's own).

Besides the written cases placed at T (:mod:`.retarget`), a table run plays seeded hands
under T on the reference engine and writes each as a *generated* case
(:func:`~.hands.seeded_hand`), and adds perft entries dealt and counted under T.

Which rules apply at T is spec data (:mod:`tonk_ref.rulebook.applicability`); the block is
chosen so that each is exercised (:mod:`.coverage`) by :data:`~.coverage.TARGET` cases: a
base of seeded hands (``--seed``); then, for every rule that fewer cases of the run
exercise, the hands of a fixed sample that cite it.  The sample is :data:`REACH_HANDS`
seeded hands under T with a seed of their own (:data:`REACH_SEED`, whatever ``--seed``
says), played once per table and engine version and kept in the case cache
(:mod:`.case_cache`).

Then, for every clause of a rule (spec/rules.yaml, ``clauses``) that no case exercises at a
seat count the table allows, its staged hand at that seat count (:data:`STAGERS`), and for
every refusal reason no case reaches at a seat count, hands dealt to that many seats made
to reach it (:data:`REASON_STAGERS` where random play seldom does).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import msgspec

from ...adapters import reference as R
from ...adapters.fields import observation_fields
from ...cache import Codec, cached, digest, typed_codec
from ...engine.ruleset import Ruleset
from ...rulebook.applicability import clause_cells, reasons_reachable, rules_that_apply, seat_counts
from ..case import Case, Observe
from ..hands import MAX_ACTIONS, STYLES, hand_case, random_setup, seeded_hand
from ..perft import PerftCase, seed_deck, to_case
from .coverage import CELL_TARGET, TARGET, Exercise, cells_wanted, measured
from .staged import REASON_STAGERS, STAGERS, none_staged

JSON = dict[str, Any]

#: The perft entries dealt under the table: (seed, players, depth).
PERFT_DEALS = ((42, 2, 3), (7, 3, 3))
#: The fixed sample that measures which rules a table can exercise: how many hands, and
#: their seed (the same for every run of the table).
REACH_HANDS = 200
REACH_SEED = 0
#: How many hands of the sample are remembered for each rule they cite.
REACH_KEEP = 2 * TARGET
#: How many hands of another style of play (patient, low: hands.STYLES) are looked at for
#: the rules the first sample leaves short.
STYLE_HANDS = 300
#: How many seeded hands are tried for a refusal reason fewer than TARGET cases reach.
PROBE_HANDS = 40
#: How the sample is kept in the case cache.
REACH_CODEC = typed_codec("reach", 1, dict[str, tuple[int, ...]])


@dataclass(slots=True)
class Block:
    cases: list[Case] = field(default_factory=list)
    #: case id -> what it exercises (the generated cases)
    exercised: dict[str, Exercise] = field(default_factory=dict)
    #: the size of the fixed sample of hands the block draws from, and how many rules it reaches
    sample: int = 0
    sampled: int = 0


def _sample(table: Ruleset, hands: int) -> dict[str, tuple[int, ...]]:
    found: dict[str, list[int]] = {}
    for game in range(hands):
        rng = random.Random(f"table:{REACH_SEED}:{game}")
        played = R.random_hand(rng, random_setup(rng, table), max_actions=MAX_ACTIONS)
        for rule in played.cited:
            games = found.setdefault(rule, [])
            if len(games) < REACH_KEEP:
                games.append(game)
    return {r: tuple(g) for r, g in sorted(found.items())}


def _look(table: Ruleset, style: str, wanted: tuple[str, ...], limit: int) -> dict[str, tuple[int, ...]]:
    found: dict[str, list[int]] = {r: [] for r in wanted}
    for game in range(limit):
        if all(len(g) >= TARGET for g in found.values()):
            break
        rng = random.Random(f"table:{REACH_SEED}:{game}:{style}")
        played = R.random_hand(rng, random_setup(rng, table, low=style == "low"), max_actions=MAX_ACTIONS,
                               weights=STYLES[style])
        for rule in played.cited & set(wanted):
            found[rule].append(game)
    return {r: tuple(g) for r, g in found.items() if g}


def hands_citing(table: Ruleset, style: str, wanted: tuple[str, ...], limit: int) -> dict[str, tuple[int, ...]]:
    """The first hands of ``style`` (seed :data:`REACH_SEED`) under ``table`` that cite each
    rule of ``wanted``, up to :data:`TARGET` each, among at most ``limit`` hands (kept in the
    case cache)."""
    key = digest("look", json.dumps(table.to_dict(), sort_keys=True, default=str), style, *wanted, str(limit))
    return cached(f"look-{key}", lambda: _look(table, style, wanted, limit), codec=REACH_CODEC)


def reach(table: Ruleset, hands: int = REACH_HANDS) -> dict[str, tuple[int, ...]]:
    """The rules ``table`` can exercise as the fixed sample measures them: each rule the
    reference engine cites (events, refusals, payments) playing ``hands`` hands of seed
    :data:`REACH_SEED` under the table, with the first games of the sample that cite it.
    Computed once per table and engine version (the case cache)."""
    key = digest("reach", json.dumps(table.to_dict(), sort_keys=True, default=str), str(REACH_SEED), str(hands))
    return cached(f"reach-{key}", lambda: _sample(table, hands), codec=REACH_CODEC)


#: What a generated case expects each seat to see: the fields of play of an observation
#: but the observer, the spreads and the result.
_OBSERVED = tuple(f for f in observation_fields().of_play if f not in ("seat", "spreads", "result"))
#: The endings after which every hand is shown to every player (OBS-3).
SHOWN_ENDINGS = frozenset({"dealt_tonk", "dealt_draw", "knock_won", "knock_caught", "knock_tie", "stock_out"})


def observed(case: Case) -> Case:
    """A generated hand that ends shown to everyone, with what each seat then sees (as the
    reference shows it) expected after its last action: ``ID-observed``."""
    assert case.setup is not None
    seen = R.observations(case.setup, case.actions)
    keys = _OBSERVED
    steps = [Observe(seat, {k: obs[k] for k in keys if k in obs}, text=f"what seat {seat} sees at the end")
             for seat, obs in enumerate(seen)]
    return dataclasses.replace(case, id=f"{case.id}-observed", title=case.title + ", then what each seat sees",
                               rules=tuple(sorted({*case.rules, "OBS-2", "OBS-3"})), steps=(*case.steps, *steps))


def staged_dead_end(table: Ruleset, variant: int = 0) -> Case | None:
    """The staged hand of :func:`tonk_ref.adapters.reference.dead_end` as the generated case
    ``generated-staged-turn-8-V``, or None where the table has no such hand."""
    staged = R.dead_end(table, variant)
    if staged is None:
        return None
    setup, moves, probe = staged
    played = R.replay(setup, [*moves, probe], trace=False)
    return hand_case(played, case_id=f"generated-staged-turn-8-{variant + 1}", probes=[len(moves)],
                     title="a staged hand: the taker holds a run of four beside the card taken, and may not lay "
                           "the run (TURN-8)", source="generated:a staged hand for TURN-8")


def staged_catch(table: Ruleset, variant: int = 0) -> Case | None:
    """The staged hand of :func:`tonk_ref.adapters.reference.tied_catch` as the generated
    case ``generated-staged-pay-caught-3-V``, or None where the table has no such hand."""
    staged = R.tied_catch(table, variant)
    if staged is None:
        return None
    setup, moves = staged
    return hand_case(R.replay(setup, moves, trace=False), case_id=f"generated-staged-pay-caught-3-{variant + 1}",
                     title="a staged hand: a knocker caught by two players tied for the lowest total (PAY-CAUGHT-3)",
                     source="generated:a staged hand for PAY-CAUGHT-3")


def staged(table: Ruleset) -> list[Case]:
    """Every staged hand the table has: the dead ends of TURN-8, the catches of two tied
    players, and the staged hand of each clause (:data:`STAGERS`) at each seat count."""
    made = [staged_dead_end(table, v) for v in range(R.DEAD_ENDS)] + [staged_catch(table, v) for v in range(TARGET)]
    seen: set[str] = set()
    for key, n in clause_cells(table):
        for case in STAGERS.get(key, none_staged)(table, n):
            if case is not None and case.id not in seen:
                seen.add(case.id)
                made.append(case)
    made += [stage(table, n) for reason, stage in REASON_STAGERS.items() if reason in reasons_reachable(table)
             for n in seat_counts(table)]
    return [c for c in made if c is not None]


def generated_perft(table: Ruleset) -> list[Case]:
    """The perft entries of :data:`PERFT_DEALS` dealt under ``table`` and counted by the
    reference engine (each to depth 3, or less where a level holds more than 3,000
    sequences)."""
    out = []
    for seed, players, depth in PERFT_DEALS:
        if players > table.max_players:
            continue
        setup: JSON = {"ruleset": table.to_dict(), "players": players, "dealer": 0, "stake": 1,
                 "deck": seed_deck(seed, table)}
        counts = R.perft_counts(setup, depth, max_nodes=3000)
        entry = PerftCase(f"table-seed{seed}-{players}p", players, 0, 1, list(setup["deck"]), "seed",
                          table.changes(), counts={d: n for d, n in enumerate(counts, 1)},
                          origin=f"seed:{seed}:{players}p:dealer0")
        case = to_case(entry, depth, f"generated:perft seed {seed}, {players} players")
        out.append(dataclasses.replace(case, origin="generated"))
    return out


def table_block(table: Ruleset, written: dict[str, Exercise], *, seed: int = 1, base: int = 60,
                sample: int = REACH_HANDS) -> Block:
    """The generated cases of a run under ``table`` beside the ``written`` (retargeted)
    ones (what each exercises): perft entries, ``base`` seeded hands, and then, for every
    rule that applies at the table (spec data) and that fewer than :data:`TARGET` cases
    exercise, hands that exercise it; for every clause and reason that no case exercises at
    a seat count the table allows, a staged hand or a hand made to reach it there
    (:func:`_make_block`).  Kept in the case cache: the block follows from the table, the
    seed, the sizes and how far short of the targets the written cases leave each rule,
    reason and cell."""
    from ..case_codec import decode_cases, encode_cases

    counts = Counter(x for e in written.values() for x in (*e.rules, *e.reasons))
    cells = Counter(c for e in written.values() for c in e.cells())
    short = [(x, min(counts[x], TARGET)) for x in (*rules_that_apply(table), *reasons_reachable(table))]
    short += [(c, min(cells[c], CELL_TARGET)) for c in cells_wanted(table)]
    key = digest("block", json.dumps(table.to_dict(), sort_keys=True, default=str), str(seed), str(base),
                 str(sample), repr(short))

    def encode(b: Block) -> bytes:
        marks = [_marks(b.exercised[c.id]) for c in b.cases]
        return msgspec.msgpack.encode((encode_cases(b.cases), marks, b.sample, b.sampled))

    def decode(data: bytes) -> Block:
        raw, marks, n, reached = msgspec.msgpack.decode(data, type=tuple[bytes, list[Marks], int, int])
        cases, errors = decode_cases(raw)
        if errors or len(marks) != len(cases):
            raise ValueError("not a generated block")
        exercised = {c.id: exercise_from(m) for c, m in zip(cases, marks, strict=True)}
        return Block(cases, exercised, n, reached)

    return cached(f"block-{key}", lambda: _make_block(table, written, seed, base, sample),
                  codec=Codec("block", 2, encode, decode))


#: What a case exercises, as the case cache keeps it: rule IDs, reason codes, clauses and
#: its seat count.
Marks = tuple[list[str], list[str], list[str], int]


def _marks(e: Exercise) -> Marks:
    return sorted(e.rules), sorted(e.reasons), sorted(e.clauses), e.players


def exercise_from(marks: Marks) -> Exercise:
    rules, reasons, clauses, players = marks
    return Exercise(frozenset(rules), frozenset(reasons), frozenset(clauses), players)


def _make_block(table: Ruleset, written: dict[str, Exercise], seed: int, base: int, sample: int) -> Block:
    block = Block()
    reached = reach(table, sample) if sample else {}
    block.sample, block.sampled = sample, len(reached)
    coverage = Counter(r for e in written.values() for r in e.rules)
    cells = Counter(c for e in written.values() for c in e.cells())

    def keep(case: Case, exercise: Exercise | None = None) -> Exercise:
        block.cases.append(case)
        e = exercise or measured(case)
        if not set(case.rules) <= e.rules:  # the rules a generated case is made for (OBS-3 seen at the end)
            e = dataclasses.replace(e, rules=e.rules | set(case.rules))
        block.exercised[case.id] = e
        coverage.update(e.rules)
        cells.update(e.cells())
        return e

    for case in generated_perft(table):
        keep(case)
    for game in range(base):
        keep(seeded_hand(table, seed, game))
    for style, pool in (("", reached), ("patient", None), ("low", None)):
        short = tuple(r for r in rules_that_apply(table) if coverage[r] < TARGET)
        if pool is None and short and sample:  # played only when the samples before leave a rule short
            pool = hands_citing(table, style, short, STYLE_HANDS)
        for rule in short:
            for game in (pool or {}).get(rule, ()):
                if coverage[rule] >= TARGET:
                    break
                case = seeded_hand(table, REACH_SEED, game, style=style)
                if case.id not in block.exercised:
                    keep(case)
    dead_ends = Counter(r for e in [*written.values(), *block.exercised.values()] for r in e.reasons)
    for variant in range(R.DEAD_ENDS):
        if "TURN-8" in rules_that_apply(table) and (coverage["TURN-8"] < TARGET
                                                    or dead_ends["last_card_taken"] < TARGET):
            staged = staged_dead_end(table, variant)
            if staged is not None:
                keep(staged)
                dead_ends["last_card_taken"] += 1
    for variant in range(TARGET):
        if coverage["PAY-CAUGHT-3"] < TARGET and "PAY-CAUGHT-3" in rules_that_apply(table):
            catch = staged_catch(table, variant)
            if catch is not None:
                keep(catch)
    # each clause at each seat count that no case exercises: its staged hand there
    for name, n in clause_cells(table):
        if cells[f"{name}@{n}p"] >= CELL_TARGET:
            continue
        for made in STAGERS.get(name, none_staged)(table, n):
            if made is not None and made.id not in block.exercised:
                keep(made)
    shown = [c for c in block.cases if (c.result or {}).get("ending") in SHOWN_ENDINGS]
    for case in shown[:TARGET]:
        if coverage["OBS-3"] < TARGET and "OBS-3" in rules_that_apply(table):
            keep(observed(case))
    refused = Counter(r for e in [*written.values(), *block.exercised.values()] for r in e.reasons)
    for reason in reasons_reachable(table):
        for game in range(PROBE_HANDS):
            if refused[reason] >= TARGET:
                break
            case = seeded_hand(table, REACH_SEED, game, want=reason)
            e = measured(case)
            if reason in e.reasons:
                keep(case, e)
                refused.update(e.reasons)
    # each reason at each seat count that no case reaches: hands dealt to that many seats made to reach it
    for reason in reasons_reachable(table):
        for n in seat_counts(table):
            for game in range(PROBE_HANDS):
                if cells[f"{reason}@{n}p"] >= CELL_TARGET:
                    break
                case = seeded_hand(table, REACH_SEED, game, want=reason, players=n)
                e = measured(case)
                if reason in e.reasons and case.id not in block.exercised:
                    keep(case, e)
            if cells[f"{reason}@{n}p"] < CELL_TARGET and reason in REASON_STAGERS:
                refusal = REASON_STAGERS[reason](table, n)
                if refusal is not None:
                    keep(refusal)
    return block
