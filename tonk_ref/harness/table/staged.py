"""Staged hands: situations random play seldom reaches, dealt from named cards and played
by a script on the reference engine, one for each clause of a rule (spec/rules.yaml,
``clauses``) at each seat count (:data:`STAGERS`), and refusals random play seldom makes
(:data:`REASON_STAGERS`).

A staged hand is dealt from named cards for the seats that matter, the other seats filled
with hands that hold no spread (:func:`_filler`), and played by a script in which every
other turn draws from the stock and discards the card drawn.  Each is made for a seat
count, and kept only where the reference plays it as staged and the clause it is staged
for shows in it (:func:`~.coverage.measured`); None otherwise: the table plays it
otherwise.  The generated block (:mod:`.block`) adds the staged hand of every clause, seat
count and reason that no case exercises.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

from ...adapters import reference as R
from ...engine.ruleset import Ruleset
from ...errors import TonkError
from ..case import Case
from ..hands import MAX_ACTIONS, hand_case
from .coverage import measured

JSON = dict[str, Any]


def _pack(table: Ruleset) -> list[str]:
    from ...engine.cards import NAMES, cards_of, pack_mask

    return [NAMES[c] for c in cards_of(pack_mask(table.deck, table.jokers))]


#: The order in which filler hands take ranks: middling ranks first (no low total that
#: would win, no all-court hand that a dealt 49 or 50 would end).
_FILL_RANKS = "987T6J5QK43A2"


def _filler(free: list[str], count: int, hand: list[str], table: Ruleset) -> list[str]:
    """``count`` cards taken from ``free`` for ``hand`` that make no spread with it and no
    wild card: no rank twice and no two cards of a suit within two ranks where ``free``
    allows, else no book and no run of three."""
    from ...engine.cards import RANKS

    def spreads(cards: list[str], card: str, strict: bool) -> bool:
        near = [c for c in cards if c[0] in RANKS]
        rank = RANKS.index(card[0])
        if strict:
            return any(c[0] == card[0] or (c[1] == card[1] and abs(RANKS.index(c[0]) - rank) <= 2) for c in near)
        same = {RANKS.index(c[0]) for c in near if c[1] == card[1]} | {rank}
        runs = any({r, r + 1, r + 2} <= same for r in range(rank - 2, rank + 1))
        return runs or sum(c[0] == card[0] for c in near) >= 2

    order = sorted(free, key=lambda c: _FILL_RANKS.find(c[0]) if c[0] in _FILL_RANKS else 99)
    for strict in (True, False):
        picked: list[str] = []
        for card in order:
            if len(picked) == count:
                break
            if card[0] not in RANKS or (table.deuces_wild and card[0] == "2"):
                continue
            if not spreads([*hand, *picked], card, strict):
                picked.append(card)
        if len(picked) == count:
            break
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
    generated case ``generated-staged-last-card-taken-Np``.  Five cards a hand: seat 0 lays
    a book of kings and seat 1 a run of hearts, the other seats draw and discard, seat 0
    discards the card it draws and seat 1 takes it; seat 1's hit of its last king on the
    book would leave only the taken card in hand, and is refused.  Seven cards a hand: seat
    1 lays a book of aces first and holds a run of four hearts; its spread of the run after
    taking seat 0's discard would leave only that card, and is refused."""
    size = table.hand_size_for(players)
    if size == 5:
        named = {0: ["Kd", "Ks", "Kh", "Ac", "3d"], 1: ["4h", "5h", "6h", "7h", "Kc"]}
        first, probe = ["Kd", "Ks", "Kh"], {"type": "hit", "card": "Kc", "spread": 0}
        laid = ["4h", "5h", "6h", "7h"]
    elif size == 7:
        named = {1: ["4h", "5h", "6h", "7h", "Ah", "Ad", "As"]}
        first, probe = [], {"type": "spread", "cards": ["4h", "5h", "6h", "7h"]}
        laid = ["Ah", "Ad", "As"]
    else:
        return None
    setup = _stage(table, players, players - 1, named)
    if setup is None:
        return None

    def make() -> Case | None:
        play = _Play(setup)
        drawn = play.draw(0)
        if first:
            play.must(0, {"type": "spread", "cards": first})
        play.must(0, {"type": "discard", "card": drawn})
        drawn = play.draw(1)
        play.must(1, {"type": "spread", "cards": laid})
        play.must(1, {"type": "discard", "card": drawn})
        for seat in range(2, players):
            play.plain_turn(seat)
        play.plain_turn(0)
        play.must(1, {"type": "draw", "from": "discard"})
        if play.attempt(1, probe):
            return None
        return play.case(f"generated-staged-last-card-taken-{players}p",
                         f"a staged refusal at {players} seats: a play that would leave only the card taken from the "
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


def none_staged(table: Ruleset, players: int) -> list[Case | None]:
    """No staged hand: a clause that the written and seeded hands are left to reach."""
    return []
