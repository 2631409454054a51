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
from ...errors import TonkError
from ...rulebook.applicability import reasons_reachable, rules_that_apply
from ..case import Call, Case, Observe, Perft
from ..hands import MAX_ACTIONS, STYLES, hand_case, random_setup, seeded_hand
from ..perft import PerftCase, seed_deck, to_case
from .coverage import TARGET, Exercise, exercise_of

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


def exercised_by(case: Case) -> tuple[str, ...] | None:
    """The rule IDs the reference engine cites playing ``case`` (its events, its refusals,
    its payments), or None for a case it cannot measure so (one that deals no hand, makes
    match requests or checks a refused deal: it is counted by the rules it names)."""
    if case.setup is None or case.deal_refused or any(isinstance(s, Call) for s in case.steps):
        return None
    try:
        cited = set(R.cited(case.setup, case.actions))
    except Exception:  # a setup the reference refuses
        return None
    if any(isinstance(s, Perft) for s in case.steps):
        cited |= set(case.rules)
    return tuple(sorted(cited))


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


#: The seats of :func:`staged_four_seat_catch`: one knocker and three players tied below.
FOUR = 4


def staged_four_seat_catch(table: Ruleset) -> Case | None:
    """A staged hand for PAY-CAUGHT-3 at four seats, as the generated case
    ``generated-staged-pay-caught-3-4p``: seat 0 plays first and knocks at once (after its
    draw where the table knocks only after drawing), and the other three, tied for the
    lowest total below the knocker's, all catch it.  Each of the three holds the table's
    lowest ranks (no two in one hand, a rank's suit turning with its place, so nothing
    makes a spread); the knocker holds the same ranks in the fourth suit but its highest
    one rank higher.  None where the table seats fewer than four, its pack cannot deal
    them, or the reference does not end the hand so."""
    if table.max_players < FOUR or not 0 < table.hand_size_for(FOUR):
        return None
    from ...engine.cards import NAMES, RANKS, SUITS, cards_of, pack_mask
    from .translate import rank_order

    size = table.hand_size_for(FOUR)
    pack = [NAMES[c] for c in cards_of(pack_mask(table.deck, table.jokers))]
    ranks = [r for r in rank_order(table) if not (table.deuces_wild and r == 1)]
    if len(ranks) < size + 1 or FOUR * size + 3 > len(pack):
        return None
    low = ranks[:size]
    hands = [[RANKS[r] + SUITS[(seat + j) % 4] for j, r in enumerate(low)] for seat in range(FOUR)]
    hands[0][-1] = RANKS[ranks[size]] + SUITS[(size - 1) % 4]  # the knocker's highest, one rank up
    dealer = FOUR - 1
    dealt = [hands[(dealer + 1 + i) % FOUR][i // FOUR] for i in range(FOUR * size)]
    spare = [c for c in reversed(pack) if c not in set(dealt)]  # high cards first
    upcard = spare[:1] if table.upcard else []
    stock = spare[len(upcard):len(upcard) + 1]
    script = ["0 knock"] if table.knock_timing != "after_draw" else ["0 draw stock", f"0 knock {stock[0]}"]
    setup: JSON = {"ruleset": table.to_dict(), "players": FOUR, "dealer": dealer, "stake": 1,
                   "deck": dealt + upcard + stock + [c for c in spare if c not in set(upcard + stock)]}
    played = _scripted(setup, script)
    if played is None:
        return None
    result = played.result or {}
    if result.get("ending") != "knock_caught" or len(result.get("winners") or []) != FOUR - 1:
        return None
    case = hand_case(played, case_id="generated-staged-pay-caught-3-4p",
                     title="a staged hand at four seats: a knocker caught by the three others, tied for the lowest "
                           "total (PAY-CAUGHT-3)", source="generated:a staged hand for PAY-CAUGHT-3 at four seats")
    return _led_by(case, "PAY-CAUGHT-3")


def staged_last_card_hit(table: Ruleset) -> Case | None:
    """A staged hand for a hit of the last card at a table where a hit ends the turn
    (``hit_ends_turn``), as the generated case ``generated-staged-last-card-hit``: seat 1
    lays a run of clubs and discards; seat 0 draws, lays a run of five hearts and hits its
    last card on seat 1's run, which empties its hand: the hand ends there, a tonk out, the
    hit's ending of the turn notwithstanding.  None where a hit does not end the turn, the
    table deals other hands than five cards to two, or the reference plays it otherwise."""
    if not table.hit_ends_turn or table.hand_size_for(2) != 5:
        return None
    from ...engine.cards import NAMES, cards_of, pack_mask

    hands = [["Ah", "2h", "3h", "4h", "3c"], ["4c", "5c", "6c", "Kd", "Qs"]]
    stock = ["Jd", "5h"]
    dealer = 0
    dealt = [hands[(dealer + 1 + i) % 2][i // 2] for i in range(10)]
    pack = [NAMES[c] for c in cards_of(pack_mask(table.deck, table.jokers))]
    named = set(dealt) | set(stock)
    rest = [c for c in reversed(pack) if c not in named]  # high cards first
    if not named <= set(pack) or not rest:
        return None
    upcard = rest[:1] if table.upcard else []
    setup: JSON = {"ruleset": table.to_dict(), "players": 2, "dealer": dealer, "stake": 1,
                   "deck": dealt + upcard + stock + [c for c in rest if c not in set(upcard)]}
    script = ["1 draw stock", "1 spread 4c 5c 6c", "1 discard Kd", "0 draw stock", "0 spread Ah 2h 3h 4h 5h",
              "0 hit 3c 0"]
    played = _scripted(setup, script)
    if played is None:
        return None
    result = played.result or {}
    if not all(a.ok for a in played.answers) or result.get("ending") != "tonk_out" or result.get("winners") != [0]:
        return None
    case = hand_case(played, case_id="generated-staged-last-card-hit",
                     title="a staged hand: the last card hit where a hit ends the turn ends the hand, a tonk out "
                           "(VAR-HITEND-1)", source="generated:a staged hand for the last card hit")
    return _led_by(case, "OUT-1", "VAR-HITEND-1")


def _scripted(setup: JSON, script: list[str]) -> Any:
    """The reference's play of ``script`` (the action notation) from ``setup``; None where
    the table deals or plays it otherwise."""
    from ...rulebook.notation import parse_action

    try:
        return R.replay(setup, [parse_action(text) for text in script], trace=False)
    except Exception:  # the table deals or plays it otherwise
        return None


def _led_by(case: Case, *rules: str) -> Case:
    """A staged case whose failures name first the rules it is staged for."""
    return dataclasses.replace(case, rules=(*rules, *(r for r in case.rules if r not in rules)))


def staged_reason_order(table: Ruleset) -> Case | None:
    """A staged refusal for the order of reasons (spec/tonk.md, "Refusals": a spread's cards
    one by one, each ``not_in_hand`` then ``duplicate_card``), as the generated case
    ``generated-staged-reason-order``: after a seeded deal the player to act draws and
    names a spread of a card held, the same card again, and a card another player holds;
    the card named twice decides, before the card not held.  None where the reference
    refuses it otherwise."""
    import random as _random

    from ..hands import random_setup

    setup = random_setup(_random.Random("staged-reason-order"), table, 2)
    state = R.Stepper(setup).state()
    seat = state["to_act"]
    mine, other = state["hands"][seat], state["hands"][1 - seat]
    moves: list[tuple[int, JSON]] = [(seat, {"type": "draw", "from": "stock"}),
                                     (seat, {"type": "spread", "cards": [mine[0], mine[0], other[0]]})]
    try:
        played = R.replay(setup, moves, trace=False)
    except Exception:  # the table deals it otherwise
        return None
    if [(a.ok, a.reason) for a in played.answers] != [(True, None), (False, "duplicate_card")]:
        return None
    case = hand_case(played, case_id="generated-staged-reason-order", probes=[1],
                     title="a staged refusal: a spread naming a card twice before a card not held is refused as "
                           "duplicate_card, the first bad card deciding", source="generated:a staged refusal order")
    return _led_by(case, "TURN-11")


#: The ways :func:`staged_last_turn` ends the turn that draws the last stock card.
LAST_TURNS = ("a plain discard", "a hit")


def staged_last_turn(table: Ruleset, variant: int = 0) -> Case | None:
    """A staged hand for ``empty_stock = last_turn`` (STOCK-3), as the generated case
    ``generated-staged-last-turn-V``: seat 1 lays a run of clubs on its first turn, and
    from then on each player draws from the stock and discards the card drawn, until the
    player who draws the last stock card ends that turn by :data:`LAST_TURNS` ``[variant]``
    (a discard of the card drawn; a hit of the club it holds on the run, where a hit ends
    the turn): the hand ends there, stock out.  None where the table plays another
    ``empty_stock``, deals other hands than five cards to two, or the reference plays it
    otherwise."""
    if table.empty_stock != "last_turn" or table.hand_size_for(2) != 5 or variant >= len(LAST_TURNS):
        return None
    if variant == 1 and not table.hit_ends_turn:
        return None
    from ...engine.cards import NAMES, cards_of, pack_mask

    hands = [["3c", "Jh", "Qs", "Kh", "6d"], ["4c", "5c", "6c", "7c", "Js"]]
    dealer = 0
    dealt = [hands[(dealer + 1 + i) % 2][i // 2] for i in range(10)]
    pack = [NAMES[c] for c in cards_of(pack_mask(table.deck, table.jokers))]
    if not set(dealt) <= set(pack):
        return None
    setup: JSON = {"ruleset": table.to_dict(), "players": 2, "dealer": dealer, "stake": 1,
                   "deck": dealt + [c for c in pack if c not in set(dealt)]}
    moves: list[tuple[int, JSON]] = []
    try:
        st = R.Stepper(setup)

        def play(seat: int, action: JSON) -> JSON:
            _must(st, seat, action)
            moves.append((seat, action))
            return st.state()

        state = st.state()
        while state["stage"] != "over" and len(moves) < MAX_ACTIONS:
            seat = state["to_act"]
            before = list(state["hands"][seat])
            last = state["stock_count"] == 1
            state = play(seat, {"type": "draw", "from": "stock"})
            drawn = next(c for c in state["hands"][seat] if c not in before)
            if not state["spreads"] and seat == 1:
                state = play(seat, {"type": "spread", "cards": ["4c", "5c", "6c"]})
            if last and variant == 1:
                club = "3c" if seat == 0 else "7c"
                state = play(seat, {"type": "hit", "card": club, "spread": 0})
            else:
                state = play(seat, {"type": "discard", "card": drawn})
            if last:
                break
    except (_Refused, StopIteration, KeyError, ValueError):  # the table plays it otherwise
        return None
    played = R.replay(setup, moves, trace=False)
    if (played.result or {}).get("ending") != "stock_out" or played.final["stock_count"] != 0:
        return None
    case = hand_case(played, case_id=f"generated-staged-last-turn-{variant + 1}",
                     title=f"a staged hand: the turn that draws the last stock card ends by {LAST_TURNS[variant]}, "
                           "and the hand with it, stock out (STOCK-3)",
                     source="generated:a staged hand for the last turn")
    return _led_by(case, "STOCK-3")


def staged_four_seat_lock(table: Ruleset) -> Case | None:
    """A staged hand for the hit lock at four seats (VAR-HITLOCK-1), as the generated case
    ``generated-staged-hit-lock-4p``: seat 1 lays a run of clubs, seat 2 hits it, and from
    then on seat 1 tries to knock at the start of each of its turns (refused with
    ``hit_lock`` while the lock lasts, then accepted, which ends the hand) while every
    other turn draws and discards the card drawn.  None where the table has no hit lock,
    seats fewer than four, deals other hands than five cards to four, or the reference
    plays it otherwise."""
    if not table.hit_lock or table.max_players < FOUR or table.hand_size_for(FOUR) != 5:
        return None
    from ...engine.cards import NAMES, cards_of, pack_mask

    hands = [["Jh", "Qs", "Kh", "6d", "2s"], ["4c", "5c", "6c", "Ad", "2h"], ["3c", "Qd", "Kd", "5h", "Js"],
             ["Jd", "Qh", "Ks", "4s", "Ah"]]
    dealer = 0
    dealt = [hands[(dealer + 1 + i) % FOUR][i // FOUR] for i in range(FOUR * 5)]
    pack = [NAMES[c] for c in cards_of(pack_mask(table.deck, table.jokers))]
    if not set(dealt) <= set(pack):
        return None
    setup: JSON = {"ruleset": table.to_dict(), "players": FOUR, "dealer": dealer, "stake": 1,
                   "deck": dealt + [c for c in reversed(pack) if c not in set(dealt)]}
    moves: list[tuple[int, JSON]] = []
    probes: list[int] = []
    refused = 0
    try:
        st = R.Stepper(setup)
        state = st.state()
        hit = False
        while state["stage"] != "over" and len(moves) < 80:
            seat = state["to_act"]
            if seat == 1 and hit:  # the locked player tries to knock first
                knock: JSON = {"type": "knock"}
                answer = st.play(seat, knock)
                moves.append((seat, knock))
                if answer.ok:
                    break
                if answer.reason != "hit_lock":
                    return None
                probes.append(len(moves) - 1)
                refused += 1
            before = list(state["hands"][seat])
            _must(st, seat, {"type": "draw", "from": "stock"})
            moves.append((seat, {"type": "draw", "from": "stock"}))
            state = st.state()
            drawn = next(c for c in state["hands"][seat] if c not in before)
            step: JSON
            if seat == 1 and not state["spreads"]:
                step = {"type": "spread", "cards": ["4c", "5c", "6c"]}
                _must(st, seat, step)
                moves.append((seat, step))
            if seat == 2 and not hit:
                step = {"type": "hit", "card": "3c", "spread": 0}
                _must(st, seat, step)
                moves.append((seat, step))
                hit = True
                state = st.state()
                if state["to_act"] != seat:  # the hit ended the turn
                    continue
            step = {"type": "discard", "card": drawn}
            _must(st, seat, step)
            moves.append((seat, step))
            state = st.state()
    except (_Refused, StopIteration, KeyError, ValueError):  # the table plays it otherwise
        return None
    played = R.replay(setup, moves, trace=False)
    if not refused or played.result is None or moves[-1] != (1, {"type": "knock"}):
        return None
    case = hand_case(played, case_id="generated-staged-hit-lock-4p", probes=probes,
                     title="a staged hand at four seats: a player whose run is hit may not knock while the hit lock "
                           "lasts, and knocks when it ends (VAR-HITLOCK-1)",
                     source="generated:a staged hand for the hit lock at four seats")
    return _led_by(case, "VAR-HITLOCK-1")


class _Refused(TonkError):
    """A move of a staged hand that the reference refuses: the table has no such hand."""


def _must(stepper: R.Stepper, seat: int, action: JSON) -> None:
    """Play a move of a staged hand; raise :class:`_Refused` where the reference refuses it."""
    if not stepper.play(seat, action).ok:
        raise _Refused(str(action))


def staged(table: Ruleset) -> list[Case]:
    """Every staged hand the table has (:func:`staged_dead_end`, :func:`staged_catch`,
    :func:`staged_four_seat_catch`)."""
    made = [staged_dead_end(table, v) for v in range(R.DEAD_ENDS)] + [staged_catch(table, v) for v in range(TARGET)]
    made += [staged_four_seat_catch(table), staged_last_card_hit(table), staged_reason_order(table)]
    made += [staged_last_turn(table, v) for v in range(len(LAST_TURNS))]
    made.append(staged_four_seat_lock(table))
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
    exercise, hands that exercise it (:func:`_make_block`).  Kept in the case cache: the
    block follows from the table, the seed, the sizes and how far short of the target the
    written cases leave each rule and reason."""
    from ..case_codec import decode_cases, encode_cases

    counts = Counter(x for e in written.values() for x in (*e.rules, *e.reasons))
    short = [(x, min(counts[x], TARGET)) for x in (*rules_that_apply(table), *reasons_reachable(table))]
    key = digest("block", json.dumps(table.to_dict(), sort_keys=True, default=str), str(seed), str(base),
                 str(sample), repr(short))

    def encode(b: Block) -> bytes:
        marks = [(sorted(b.exercised[c.id].rules), sorted(b.exercised[c.id].reasons)) for c in b.cases]
        return msgspec.msgpack.encode((encode_cases(b.cases), marks, b.sample, b.sampled))

    def decode(data: bytes) -> Block:
        raw, marks, n, reached = msgspec.msgpack.decode(
            data, type=tuple[bytes, list[tuple[list[str], list[str]]], int, int])
        cases, errors = decode_cases(raw)
        if errors or len(marks) != len(cases):
            raise ValueError("not a generated block")
        exercised = {c.id: Exercise(frozenset(r), frozenset(q)) for c, (r, q) in zip(cases, marks, strict=True)}
        return Block(cases, exercised, n, reached)

    return cached(f"block-{key}", lambda: _make_block(table, written, seed, base, sample),
                  codec=Codec("block", 1, encode, decode))


def _make_block(table: Ruleset, written: dict[str, Exercise], seed: int, base: int, sample: int) -> Block:
    block = Block()
    reached = reach(table, sample) if sample else {}
    block.sample, block.sampled = sample, len(reached)
    coverage = Counter(r for e in written.values() for r in e.rules)

    def keep(case: Case) -> None:
        block.cases.append(case)
        e = exercise_of(case, case.rules)
        block.exercised[case.id] = e
        coverage.update(e.rules)

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
    if "PAY-CAUGHT-3" in rules_that_apply(table):  # a catch at four seats, which no written case plays at every table
        four = staged_four_seat_catch(table)
        if four is not None:
            keep(four)
    lock = staged_four_seat_lock(table)  # the hit lock counted at four seats
    if lock is not None:
        keep(lock)
    last = staged_last_card_hit(table)  # the hit that ends the turn and empties the hand, which no written case plays
    if last is not None:
        keep(last)
    order = staged_reason_order(table)  # a card named twice before a card not held: the order of the checks
    if order is not None:
        keep(order)
    for variant in range(len(LAST_TURNS)):  # each way the last turn ends under empty_stock = last_turn
        ending = staged_last_turn(table, variant)
        if ending is not None:
            keep(ending)
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
            e = exercise_of(case, case.rules)
            if reason in e.reasons:
                keep(case)
                refused.update(e.reasons)
    return block
