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
import functools
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from ...adapters import reference as R
from ...adapters.fields import observation_fields
from ...cache import Codec, cached, digest, typed_codec
from ...engine.ruleset import Ruleset
from ...errors import TonkError
from ...rulebook.applicability import clause_cells, reasons_reachable, rules_that_apply, seat_counts
from ..case import Call, Case, Observe, Perft
from ..hands import MAX_ACTIONS, STYLES, hand_case, random_setup, seeded_hand
from ..perft import PerftCase, seed_deck, to_case
from .coverage import CELL_TARGET, TARGET, Exercise, cells_wanted, exercise_of

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
    played = _played_on_reference(case)
    if played is None:
        return None
    return _cited(case, played)


def _played_on_reference(case: Case) -> R.Playout | None:
    if case.setup is None or case.deal_refused or any(isinstance(s, Call) for s in case.steps):
        return None
    try:
        return R.replay(case.setup, case.actions, trace=False)
    except Exception:  # a setup the reference refuses
        return None


def _cited(case: Case, played: R.Playout) -> tuple[str, ...]:
    cited = set(played.cited)
    if any(isinstance(s, Perft) for s in case.steps):
        cited |= set(case.rules)
    return tuple(sorted(cited))


def measured(case: Case) -> Exercise:
    """What ``case`` exercises, measured on the reference engine: the rules it cites
    (:func:`exercised_by`), the reasons its steps refuse, and the clauses its play shows
    (:mod:`.clauses`), at its seat count."""
    from .clauses import Played, clauses_shown

    played = _played_on_reference(case)
    if played is None:
        return exercise_of(case, None)
    return exercise_of(case, _cited(case, played), clauses_shown(Played.of(played)))


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


# ---------------------------------------------------------------------------- staged hands by clause
#
# A staged hand is dealt from named cards for the seats that matter, the other seats filled
# with hands that hold no spread (:func:`_filler`), and played by a script in which every
# other turn draws from the stock and discards the card drawn.  Each is made for a seat
# count, and kept only where the reference plays it as staged and the clause it is staged
# for shows in it (:func:`measured`); None otherwise: the table plays it otherwise.


def _pack(table: Ruleset) -> list[str]:
    from ...engine.cards import NAMES, cards_of, pack_mask

    return [NAMES[c] for c in cards_of(pack_mask(table.deck, table.jokers))]


#: The order in which filler hands take ranks: middling ranks first (no low total that
#: would win, no all-court hand that a dealt 49 or 50 would end).
_FILL_RANKS = "987T6J5QK43A2"


def _filler(free: list[str], count: int, hand: list[str], table: Ruleset) -> list[str]:
    """``count`` cards taken from ``free`` for ``hand`` that make no spread with it: no rank
    twice, no two cards of a suit within two ranks, no wild card."""
    from ...engine.cards import RANKS

    picked: list[str] = []
    for card in sorted(free, key=lambda c: _FILL_RANKS.find(c[0]) if c[0] in _FILL_RANKS else 99):
        if len(picked) == count:
            break
        if card[0] not in RANKS or (table.deuces_wild and card[0] == "2"):
            continue
        near = [c for c in (*hand, *picked) if c[0] in RANKS]
        if any(c[0] == card[0] or (c[1] == card[1] and abs(RANKS.index(c[0]) - RANKS.index(card[0])) <= 2)
               for c in near):
            continue
        picked.append(card)
    for card in picked:
        free.remove(card)
    return picked


def _stage(table: Ruleset, players: int, dealer: int, named: dict[int, list[str]],
           stock_at: dict[int, str] | None = None) -> JSON | None:
    """A ``new_hand`` setup for ``players`` seats: the ``named`` cards in their seats'
    hands (the rest of each hand, and the other seats' hands, filled), the upcard where the
    table turns one, and the stock with the card of ``stock_at`` at each position (counted
    from the end where negative), high cards elsewhere.  None where the pack lacks a card
    named, the seats are more than the table's, or a hand cannot be filled."""
    if not 2 <= players <= table.max_players:
        return None
    size = table.hand_size_for(players)
    pack = _pack(table)
    stock_at = dict(stock_at or {})
    used = [c for cards in named.values() for c in cards] + list(stock_at.values())
    if size <= 0 or len(set(used)) != len(used) or not set(used) <= set(pack) or \
            any(len(cards) > size for cards in named.values()):
        return None
    free = [c for c in pack if c not in set(used)]
    hands: list[list[str]] = []
    for seat in range(players):
        hand = list(named.get(seat, ()))
        hand += _filler(free, size - len(hand), hand, table)
        if len(hand) != size:
            return None
        hands.append(hand)
    dealt = [hands[(dealer + 1 + i) % players][i // players] for i in range(players * size)]
    rest = sorted(free, key=lambda c: -_pack_rank(c))  # high cards first
    upcard = rest[:1] if table.upcard else []
    rest = rest[len(upcard):]
    stock_size = len(pack) - len(dealt) - len(upcard)
    slots: list[str | None] = [None] * stock_size
    for at, card in stock_at.items():
        if not -stock_size <= at < stock_size or slots[at] is not None:
            return None
        slots[at] = card
    fill = iter(rest)
    stock = [c if c is not None else next(fill) for c in slots]
    return {"ruleset": table.to_dict(), "players": players, "dealer": dealer, "stake": 1,
            "deck": dealt + upcard + stock}


def _pack_rank(card: str) -> int:
    from ...engine.cards import RANKS

    return RANKS.find(card[0])


class _Play:
    """A staged hand played move by move on the reference: the moves kept, and the refused
    ones among them (checked to leave the state as it was)."""

    def __init__(self, setup: JSON) -> None:
        self.setup = setup
        self.stepper = R.Stepper(setup)
        self.moves: list[R.Move] = []
        self.refused: list[int] = []

    def state(self) -> JSON:
        return self.stepper.state()

    def attempt(self, seat: int, action: JSON, *, keep_refused: bool = True) -> bool:
        """Play a move; a refused one is kept (unless ``keep_refused`` is false) as a probe."""
        answer = self.stepper.play(seat, action)
        if answer.ok or keep_refused:
            self.moves.append((seat, action))
            if not answer.ok:
                self.refused.append(len(self.moves) - 1)
        return answer.ok

    def must(self, seat: int, action: JSON) -> None:
        if not self.attempt(seat, action, keep_refused=False):
            raise _Refused(str(action))

    def draw(self, seat: int) -> str:
        """Draw from the stock; the card drawn."""
        before = list(self.state()["hands"][seat])
        self.must(seat, {"type": "draw", "from": "stock"})
        return str(next(c for c in self.state()["hands"][seat] if c not in before))

    def plain_turn(self, seat: int) -> None:
        """Draw from the stock and discard the card drawn."""
        self.must(seat, {"type": "discard", "card": self.draw(seat)})

    def knock(self, seat: int, discard: str | None) -> bool:
        """Knock (after drawing, naming ``discard`` where the table's knock names one); a
        refused knock is not kept."""
        if discard is not None and self.stepper.hand.rules.knock_with_discard:
            if self.attempt(seat, {"type": "knock", "discard": discard}, keep_refused=False):
                return True
        return self.attempt(seat, {"type": "knock"}, keep_refused=False)

    def case(self, case_id: str, title: str, source: str, shows: str, *rules: str) -> Case | None:
        """The hand as a generated case led by ``rules``, or None where it does not show
        ``shows`` (a clause, ``RULE/clause``, or a reason code)."""
        played = R.replay(self.setup, self.moves, trace=False)
        case = hand_case(played, case_id=case_id, title=title, source=source, probes=self.refused)
        e = measured(case)
        if shows not in (e.clauses if "/" in shows else e.reasons):
            return None
        return _led_by(case, *rules)


def _played(make: Callable[[], Case | None]) -> Case | None:
    """A staged hand, or None where the table plays it otherwise (a move refused, a card
    missing, the hand over before the script is)."""
    try:
        return make()
    except (_Refused, StopIteration, KeyError, ValueError):
        return None


def staged_catch_tie(table: Ruleset, players: int) -> Case | None:
    """A staged hand for PAY-CAUGHT-3 at ``players`` seats (3 or more), as the generated
    case ``generated-staged-pay-caught-3-Np``: seat 0 knocks, and the next seats (up to
    three), tied for the lowest total below the knocker's, all catch it; the others hold
    higher hands.  The tied players hold the table's lowest ranks (no two in one hand, a
    rank's suit turning with its place, so nothing makes a spread); the knocker holds the
    same ranks in another suit but its highest one rank higher.  Seat 0 plays first and
    knocks at once (after its draw where the table knocks only after drawing); where that
    is refused (a knock limit above the totals of a hand of low cards), each named seat
    holds books as well: kept in hand where the table counts only unmatched cards, else
    one each, laid in a first round of turns, seat 0 knocking on its second turn."""
    from ...engine.cards import RANKS, SUITS
    from .translate import rank_order

    if players < 3:
        return None
    size = table.hand_size_for(players)
    ranks = [r for r in rank_order(table) if not (table.deuces_wild and r == 1)]
    tied = min(players - 1, 3)
    case_id = f"generated-staged-pay-caught-3-{players}p"
    title = (f"a staged hand at {players} seats: a knocker caught by {tied} players tied for the lowest total "
             "(PAY-CAUGHT-3)")
    source = f"generated:a staged hand for PAY-CAUGHT-3 at {players} seats"

    def hands(low: int, books: int) -> dict[int, list[str]] | None:
        """The named seats' hands: ``low`` low cards each and ``books`` books of three each,
        of the highest ranks, no rank in two seats' books."""
        if size <= 0 or low < 1 or low + 3 * books != size or len(ranks) < low + 1 + books * (tied + 1):
            return None
        named = {seat: [RANKS[r] + SUITS[(seat + j) % 4] for j, r in enumerate(ranks[:low])]
                 for seat in range(tied + 1)}
        named[0][-1] = RANKS[ranks[low]] + SUITS[(low - 1) % 4]  # the knocker's highest, one rank up
        high = list(reversed(ranks))
        for seat in named:
            for _ in range(books):
                rank = RANKS[high.pop(0)]
                named[seat] += [rank + suit for suit in SUITS[:3]]
        return named

    def knock(play: _Play) -> None:
        if table.knock_timing == "after_draw":
            drawn = play.draw(0)
            play.must(0, {"type": "knock", "discard": drawn} if table.knock_with_discard else {"type": "knock"})
        else:
            play.must(0, {"type": "knock"})

    def make(mode: str) -> Case | None:
        """``plain``: low cards only; ``held``: books kept in hand, which a table that counts
        only unmatched cards does not count; ``laid``: a book each, laid first."""
        books = (size - 1) // 3 if mode == "held" else 1 if mode == "laid" else 0
        named = hands(size - 3 * books, books)
        if named is None or (mode == "held" and table.count_held_spreads):
            return None
        laid = mode == "laid"
        setup = _stage(table, players, 0 if laid else players - 1, named)
        if setup is None:
            return None
        play = _Play(setup)
        if laid:  # a first round: each seat draws, a named seat lays its book, and discards the card drawn
            for _ in range(players):
                seat = play.state()["to_act"]
                drawn = play.draw(seat)
                if seat in named:
                    play.must(seat, {"type": "spread", "cards": named[seat][-3:]})
                play.must(seat, {"type": "discard", "card": drawn})
            if play.state()["to_act"] != 1:
                return None
            for _ in range(players - 1):  # the others' second turns
                play.plain_turn(play.state()["to_act"])
        knock(play)
        result = play.state().get("result") or {}
        if result.get("ending") != "knock_caught" or len(result.get("winners") or []) != tied:
            return None
        return play.case(case_id, title, source, "PAY-CAUGHT-3/tied-lowest", "PAY-CAUGHT-3")

    for mode in ("plain", "held", "laid"):
        case = _played(functools.partial(make, mode))
        if case is not None:
            return case
    return None


def staged_four_seat_catch(table: Ruleset) -> Case | None:
    """:func:`staged_catch_tie` at four seats: the knocker caught by the three others."""
    return staged_catch_tie(table, 4)


def staged_last_card_hit(table: Ruleset, players: int = 2) -> Case | None:
    """A staged hand for a hit of the last card at a table where a hit ends the turn
    (``hit_ends_turn``), as the generated case ``generated-staged-last-card-hit-Np``: seat 1
    lays a run of clubs and discards; the other seats draw and discard; seat 0 draws, lays a
    run of five hearts and hits its last card on seat 1's run, which empties its hand: the
    hand ends there, a tonk out, the hit's ending of the turn notwithstanding.  Five cards
    a hand only."""
    if not table.hit_ends_turn or table.hand_size_for(players) != 5:
        return None
    setup = _stage(table, players, 0, {0: ["Ah", "2h", "3h", "4h", "3c"], 1: ["4c", "5c", "6c", "Kd", "Qs"]},
                   {players - 1: "5h"})
    if setup is None:
        return None

    def make() -> Case | None:
        play = _Play(setup)
        play.draw(1)
        play.must(1, {"type": "spread", "cards": ["4c", "5c", "6c"]})
        play.must(1, {"type": "discard", "card": "Kd"})
        for seat in range(2, players):
            play.plain_turn(seat)
        play.draw(0)
        play.must(0, {"type": "spread", "cards": ["Ah", "2h", "3h", "4h", "5h"]})
        play.must(0, {"type": "hit", "card": "3c", "spread": 0})
        return play.case(f"generated-staged-last-card-hit-{players}p",
                         f"a staged hand at {players} seats: the last card hit where a hit ends the turn ends the "
                         "hand, a tonk out (VAR-HITEND-1)", "generated:a staged hand for the last card hit",
                         "VAR-HITEND-1/last-card", "OUT-1", "VAR-HITEND-1")

    return _played(make)


def _led_by(case: Case, *rules: str) -> Case:
    """A staged case whose failures name first the rules it is staged for."""
    return dataclasses.replace(case, rules=(*rules, *(r for r in case.rules if r not in rules)))


def staged_reason_order(table: Ruleset, players: int = 2) -> Case | None:
    """A staged refusal for the order of reasons (spec/tonk.md, "Refusals": a spread's cards
    one by one, each ``not_in_hand`` then ``duplicate_card``), as the generated case
    ``generated-staged-reason-order-Np``: after a seeded deal to ``players`` seats the
    player to act draws and names a spread of a card held, the same card again, and a card
    another player holds; the card named twice decides, before the card not held."""
    import random as _random

    from ..hands import deals, random_setup

    if not 2 <= players <= table.max_players or not deals(table, players):
        return None
    def make(attempt: int) -> Case | None:
        setup = random_setup(_random.Random(f"staged-reason-order:{players}:{attempt}"), table, players)
        play = _Play(setup)
        state = play.state()
        seat = state["to_act"]
        if state["stage"] == "over" or not isinstance(seat, int):
            return None  # a dealt 49 or 50: another deal
        play.draw(seat)
        mine, other = play.state()["hands"][seat], state["hands"][(seat + 1) % players]
        if play.attempt(seat, {"type": "spread", "cards": [mine[0], mine[0], other[0]]}):
            return None
        return play.case(f"generated-staged-reason-order-{players}p",
                         f"a staged refusal at {players} seats: a spread naming a card twice before a card not held "
                         "is refused as duplicate_card, the first bad card deciding",
                         "generated:a staged refusal order", "TURN-11/duplicate-before-not-held", "TURN-11")

    for attempt in range(4):
        case = _played(functools.partial(make, attempt))
        if case is not None:
            return case
    return None


#: The ways :func:`staged_last_turn` ends the turn that draws the last stock card.
LAST_TURNS = ("discard", "hit", "out", "knock")
#: Seat 1's hand for each way: a run of clubs to lay first, and what the way needs.
_LAST_TURN_HANDS = {"discard": ["4c", "5c", "6c", "Js", "Jd"], "hit": ["4c", "5c", "6c", "7c", "Js"],
                    "out": ["4c", "5c", "6c", "Js", "Jd"], "knock": ["4c", "5c", "6c", "Ad", "2d"]}


def staged_last_turn(table: Ruleset, way: str = "discard", players: int = 2) -> Case | None:
    """A staged hand for ``empty_stock = last_turn`` (STOCK-3), as the generated case
    ``generated-staged-last-turn-WAY-Np``: the dealer is chosen so that seat 1 draws the
    last stock card; seat 1 lays a run of clubs on its first turn, and every other turn
    draws from the stock and discards the card drawn, until seat 1 draws the last stock
    card and ends that turn by ``way`` (:data:`LAST_TURNS`): the card drawn discarded, or a
    club hit on the run (where a hit ends the turn), and the hand ends stock out; or a book
    of jacks laid with the last card (the player goes out), or a knock (where a knock may
    follow the draw), and the hand ends that way instead.  Five cards a hand only."""
    if table.empty_stock != "last_turn" or table.hand_size_for(players) != 5 or way not in LAST_TURNS:
        return None
    if (way == "hit" and not table.hit_ends_turn) or (way == "knock" and table.knock_timing == "start"):
        return None
    size = len(_pack(table)) - players * 5 - (1 if table.upcard else 0)
    first = (1 - (size - 1)) % players  # the seat that plays first, so that seat 1 draws the last card
    stock_at = {-1: "Jh", -2: "Jc"} if way == "out" else {}
    setup = _stage(table, players, (first - 1) % players, {1: _LAST_TURN_HANDS[way]}, stock_at)
    if setup is None:
        return None

    def make() -> Case | None:
        play = _Play(setup)
        laid = False
        for _ in range(MAX_ACTIONS):
            state = play.state()
            if state["stage"] == "over":
                return None
            seat = state["to_act"]
            last = state["stock_count"] == 1
            if seat != 1:
                play.plain_turn(seat)
                continue
            drawn = play.draw(seat)
            if not laid:
                play.must(seat, {"type": "spread", "cards": ["4c", "5c", "6c"]})
                laid = True
            if not last:
                play.must(seat, {"type": "discard", "card": drawn})
                continue
            if way == "discard":
                play.must(seat, {"type": "discard", "card": drawn})
            elif way == "hit":
                play.must(seat, {"type": "hit", "card": "7c", "spread": 0})
            elif way == "out":
                play.must(seat, {"type": "spread", "cards": ["Js", "Jd", "Jh"]})
            elif not play.knock(seat, drawn):
                return None
            break
        return play.case(f"generated-staged-last-turn-{way}-{players}p",
                         f"a staged hand at {players} seats: the turn that draws the last stock card ends by "
                         f"{_LAST_TURN_WORDS[way]} (STOCK-3)", "generated:a staged hand for the last turn",
                         f"STOCK-3/last-turn-{way}", "STOCK-3")

    return _played(make)


_LAST_TURN_WORDS = {"discard": "a plain discard, and the hand with it, stock out",
                    "hit": "a hit, and the hand with it, stock out",
                    "out": "going out, and the hand ends so, not stock out",
                    "knock": "a knock, not stock out"}


def staged_hit_lock(table: Ruleset, players: int = 4) -> Case | None:
    """A staged hand for the hit lock at ``players`` seats (VAR-HITLOCK-1), as the
    generated case ``generated-staged-hit-lock-Np``: seat 1 lays a run of clubs, the next
    seat (seat 0 at two seats) hits it, and from then on seat 1 tries to knock at the start
    of each of its turns (refused with ``hit_lock`` while the lock lasts, then accepted,
    which ends the hand) while every other turn draws and discards the card drawn."""
    if not table.hit_lock or table.hand_size_for(players) < 5:
        return None
    hitter = 2 % players
    setup = _stage(table, players, 0, {1: ["4c", "5c", "6c", "Ad", "2h"], hitter: ["3c"]})
    if setup is None:
        return None

    def make() -> Case | None:
        play = _Play(setup)
        hit = False
        for _ in range(MAX_ACTIONS):
            state = play.state()
            if state["stage"] == "over":
                break
            seat = state["to_act"]
            if seat == 1 and hit and play.attempt(seat, {"type": "knock"}):
                break  # the lock has run out: the knock ends the hand
            drawn = play.draw(seat)
            if seat == 1 and not play.state()["spreads"]:
                play.must(seat, {"type": "spread", "cards": ["4c", "5c", "6c"]})
            if seat == hitter and not hit and play.state()["spreads"]:
                play.must(seat, {"type": "hit", "card": "3c", "spread": 0})
                hit = True
                if play.state()["to_act"] != seat:  # the hit ended the turn
                    continue
            play.must(seat, {"type": "discard", "card": drawn})
        if not play.refused or play.moves[-1] != (1, {"type": "knock"}):
            return None
        return play.case(f"generated-staged-hit-lock-{players}p",
                         f"a staged hand at {players} seats: a player whose run is hit may not knock while the hit "
                         "lock lasts, and knocks when it ends (VAR-HITLOCK-1)",
                         f"generated:a staged hand for the hit lock at {players} seats", "VAR-HITLOCK-1/runs-out",
                         "VAR-HITLOCK-1")

    return _played(make)


def staged_four_seat_lock(table: Ruleset) -> Case | None:
    """:func:`staged_hit_lock` at four seats."""
    return staged_hit_lock(table, 4)


def staged_own_spread_lock(table: Ruleset, players: int = 2) -> Case | None:
    """A staged hand for the own-spread clause of the hit lock (VAR-HITLOCK-1: only a hit
    by another player locks), as the generated case ``generated-staged-own-spread-lock-Np``:
    seat 0 plays first, draws, lays a run of hearts and hits its own run with the card
    drawn; it knocks in that turn where the table allows a knock after drawing, else
    discards, the other seats draw and discard, and it knocks at its next turn (after
    drawing where the table knocks only then): within the turns a hit by another player
    would lock it, the knock is accepted."""
    if not table.hit_lock or table.hand_size_for(players) < 5:
        return None
    setup = _stage(table, players, players - 1, {0: ["3h", "4h", "5h", "Ac", "2c"]}, {0: "6h"})
    if setup is None:
        return None

    def make() -> Case | None:
        play = _Play(setup)
        play.draw(0)
        play.must(0, {"type": "spread", "cards": ["3h", "4h", "5h"]})
        play.must(0, {"type": "hit", "card": "6h", "spread": 0})
        held = [c for c in play.state()["hands"][0] if c != "Ac"]
        if play.state()["to_act"] == 0 and table.knock_timing != "start" and play.knock(0, "2c"):
            pass  # knocked in the turn of the hit
        else:
            if play.state()["to_act"] == 0:
                play.must(0, {"type": "discard", "card": max(held, key=_card_value)})
            for _ in range(MAX_ACTIONS):
                seat = play.state()["to_act"]
                if seat == 0 or play.state()["stage"] == "over":
                    break
                play.plain_turn(seat)
            if play.state()["to_act"] != 0:
                return None
            if not play.knock(0, None):
                drawn = play.draw(0)
                if not play.knock(0, drawn):
                    return None
        return play.case(f"generated-staged-own-spread-lock-{players}p",
                         f"a staged hand at {players} seats: a player who hits their own run is not locked and knocks "
                         "within the turns another player's hit would lock (VAR-HITLOCK-1)",
                         "generated:a staged hand for a hit on one's own spread", "VAR-HITLOCK-1/own-spread",
                         "VAR-HITLOCK-1")

    return _played(make)


def _card_value(card: str) -> int:
    from ...engine.cards import RANKS

    return min(10, RANKS.find(card[0]) + 1)


def staged_taken_last(table: Ruleset, players: int) -> Case | None:
    """A staged refusal of ``last_card_taken`` (TURN-8) at ``players`` seats, as the
    generated case ``generated-staged-last-card-taken-Np``: seat 0 lays a book of kings
    and seat 1 a run of hearts, the other seats draw and discard, seat 0 discards the card
    it draws and seat 1 takes it; seat 1's hit of its last king on the book would leave only
    the taken card in hand, and is refused.  Five cards a hand only."""
    if table.hand_size_for(players) != 5:
        return None
    setup = _stage(table, players, players - 1,
                   {0: ["Kd", "Ks", "Kh", "Ac", "3d"], 1: ["4h", "5h", "6h", "7h", "Kc"]})
    if setup is None:
        return None

    def make() -> Case | None:
        play = _Play(setup)
        drawn = play.draw(0)
        play.must(0, {"type": "spread", "cards": ["Kd", "Ks", "Kh"]})
        play.must(0, {"type": "discard", "card": drawn})
        drawn = play.draw(1)
        play.must(1, {"type": "spread", "cards": ["4h", "5h", "6h", "7h"]})
        play.must(1, {"type": "discard", "card": drawn})
        for seat in range(2, players):
            play.plain_turn(seat)
        play.plain_turn(0)
        play.must(1, {"type": "draw", "from": "discard"})
        if play.attempt(1, {"type": "hit", "card": "Kc", "spread": 0}):
            return None
        return play.case(f"generated-staged-last-card-taken-{players}p",
                         f"a staged refusal at {players} seats: a hit that would leave only the card taken from the "
                         "discard pile in hand is refused (TURN-8)", "generated:a staged refusal of last_card_taken",
                         "last_card_taken", "TURN-8")

    return _played(make)


class _Refused(TonkError):
    """A move of a staged hand that the reference refuses: the table has no such hand."""


#: Clause (``RULE/clause``) -> the staged hands for it at a seat count.
STAGERS: dict[str, Callable[[Ruleset, int], list[Case | None]]] = {
    "TURN-11/duplicate-before-not-held": lambda t, n: [staged_reason_order(t, n)],
    "PAY-CAUGHT-3/tied-lowest": lambda t, n: [staged_catch_tie(t, n)],
    "VAR-HITEND-1/last-card": lambda t, n: [staged_last_card_hit(t, n)],
    "VAR-HITLOCK-1/locked": lambda t, n: [staged_hit_lock(t, n)],
    "VAR-HITLOCK-1/runs-out": lambda t, n: [staged_hit_lock(t, n)],
    "VAR-HITLOCK-1/own-spread": lambda t, n: [staged_own_spread_lock(t, n)],
    **{f"STOCK-3/last-turn-{way}": (lambda w: lambda t, n: [staged_last_turn(t, w, n)])(way) for way in LAST_TURNS},
}


#: Reason code -> a staged refusal of it at a seat count, where seeded hands seldom reach it.
REASON_STAGERS: dict[str, Callable[[Ruleset, int], Case | None]] = {"last_card_taken": staged_taken_last}


def _none(table: Ruleset, players: int) -> list[Case | None]:
    """No staged hand: a clause that the written and seeded hands are left to reach."""
    return []


def staged(table: Ruleset) -> list[Case]:
    """Every staged hand the table has: the dead ends of TURN-8, the catches of two tied
    players, and the staged hand of each clause (:data:`STAGERS`) at each seat count."""
    from ...rulebook.applicability import clause_cells

    made = [staged_dead_end(table, v) for v in range(R.DEAD_ENDS)] + [staged_catch(table, v) for v in range(TARGET)]
    seen: set[str] = set()
    for key, n in clause_cells(table):
        for case in STAGERS.get(key, _none)(table, n):
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
        for made in STAGERS.get(name, _none)(table, n):
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
