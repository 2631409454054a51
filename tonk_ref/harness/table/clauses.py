"""What a hand shows of the clauses of the rules (spec/rules.yaml, ``clauses``).

A clause of a rule is a part an engine can get wrong on its own: an exception, a tie, the
order of two checks.  Each names a *witness*, what a hand played on the reference shows
when it exercises the clause; :data:`WITNESSES` holds one test per name, each reading the
moves, the reference's answers and the result (and, for a refusal, the state it was made
in).  A case exercises a clause at its seat count when the witness holds of its play::

    >>> sorted(WITNESSES)[:2]
    ['caught_tie', 'duplicate_before_not_held']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...adapters import reference as R
from ...engine.ruleset import Ruleset
from ...rulebook.book import load_clauses

JSON = dict[str, Any]


@dataclass(slots=True)
class Played:
    """A hand as the reference played it: the setup, the moves and its answer to each, the
    state it started in and the final one."""

    setup: JSON
    moves: list[R.Move]
    answers: list[R.Answer]
    initial: JSON
    final: JSON

    @classmethod
    def of(cls, playout: R.Playout) -> Played:
        return cls(playout.setup, playout.moves, playout.answers, playout.initial, playout.final)

    @property
    def result(self) -> JSON:
        return self.final.get("result") or {}

    @property
    def rules(self) -> Ruleset:
        return Ruleset.from_mapping(self.setup.get("ruleset") or {})

    def state_before(self, i: int) -> JSON:
        """The state in which move ``i`` was made (played again up to it)."""
        return R.replay(self.setup, self.moves[:i], trace=False).final

    def accepted(self) -> list[tuple[int, int, JSON]]:
        """The accepted moves: (index, seat, action)."""
        return [(i, seat, a) for i, ((seat, a), ans) in enumerate(zip(self.moves, self.answers, strict=True))
                if ans.ok]


def _kind(action: JSON) -> object:
    return action.get("type") if isinstance(action, dict) else None


def duplicate_before_not_held(p: Played) -> bool:
    """A spread refused as ``duplicate_card`` that names, after the card named twice, a
    card the player does not hold: the first bad card decided."""
    for i, ((seat, action), answer) in enumerate(zip(p.moves, p.answers, strict=True)):
        if answer.ok or answer.reason != "duplicate_card" or _kind(action) != "spread":
            continue
        cards = action.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            continue
        hands = p.state_before(i).get("hands") or []
        if not isinstance(seat, int) or not 0 <= seat < len(hands) or hands[seat] is None:
            continue
        held = set(hands[seat])
        first = next((j for j, c in enumerate(cards) if c not in held or c in cards[:j]), None)
        if first is not None and cards[first] in held and any(c not in held for c in cards[first + 1:]):
            return True
    return False


def caught_tie(p: Played) -> bool:
    """A caught knocker, and two or more other players tied for the lowest total."""
    r = p.result
    totals, knocker = r.get("totals"), r.get("knocker")
    if r.get("ending") != "knock_caught" or not totals or knocker is None:
        return False
    others = [t for s, t in enumerate(totals) if s != knocker]
    return others.count(min(others)) > 1


def _last_move(p: Played) -> tuple[int, int, JSON] | None:
    moves = p.accepted()
    return moves[-1] if moves else None


def last_card_hit(p: Played) -> bool:
    """A hand ended by a tonk out whose last move is a hit."""
    last = _last_move(p)
    return p.result.get("ending") == "tonk_out" and last is not None and _kind(last[2]) == "hit"


def _last_turn(p: Played) -> tuple[int, list[tuple[int, JSON]]] | None:
    """The turn that drew the last stock card: its seat and its accepted moves from that
    draw on (until another seat's move), or None where no move drew it."""
    stock = p.initial.get("stock_count")
    if not isinstance(stock, int) or stock <= 0:
        return None
    moves = p.accepted()
    for k, (_, seat, action) in enumerate(moves):
        if _kind(action) == "draw" and action.get("from") == "stock":
            stock -= 1
            if stock == 0:
                turn = [(seat, action)]
                for _, other, a in moves[k + 1:]:
                    if other != seat:
                        break
                    turn.append((other, a))
                return seat, turn
    return None


def _ended_last(p: Played, kind: str) -> bool:
    """The hand ends stock out when the turn that drew the last stock card ends by a move of
    ``kind``, the last move of the hand."""
    turn = _last_turn(p)
    last = _last_move(p)
    if turn is None or last is None or p.result.get("ending") != "stock_out":
        return False
    moves = turn[1]
    return len(moves) > 1 and moves[-1] == (last[1], last[2]) and _kind(last[2]) == kind


def last_turn_discard(p: Played) -> bool:
    return _ended_last(p, "discard")


def last_turn_hit(p: Played) -> bool:
    return _ended_last(p, "hit")


def last_turn_out(p: Played) -> bool:
    """The player who drew the last stock card goes out in that turn (the hand ends by
    going out or a reem)."""
    turn = _last_turn(p)
    last = _last_move(p)
    if turn is None or last is None or p.result.get("ending") not in ("tonk_out", "out_by_discard", "reem"):
        return False
    return turn[1][-1] == (last[1], last[2])


def last_turn_knock(p: Played) -> bool:
    """The player who drew the last stock card knocks in that turn."""
    turn = _last_turn(p)
    return turn is not None and any(_kind(a) == "knock" for _, a in turn[1][1:])


def hit_lock_refused(p: Played) -> bool:
    """A knock refused with ``hit_lock``."""
    return any(not a.ok and a.reason == "hit_lock" for a in p.answers)


def lock_runs_out(p: Played) -> bool:
    """A player refused a knock with ``hit_lock`` knocks later, the lock run out."""
    locked: set[int] = set()
    for (seat, action), answer in zip(p.moves, p.answers, strict=True):
        if _kind(action) != "knock":
            continue
        if not answer.ok and answer.reason == "hit_lock":
            locked.add(seat)
        elif answer.ok and seat in locked:
            return True
    return False


def own_hit_knock(p: Played) -> bool:
    """A player hits their own spread and then knocks, accepted, before as many of their
    turns have ended as ``hit_lock`` counts: within the lock a hit by another would set."""
    lock = p.rules.hit_lock
    if not lock:
        return False
    owners: list[int] = []
    moves = p.accepted()
    for k, (_, seat, action) in enumerate(moves):
        kind = _kind(action)
        if kind == "spread":
            owners.append(seat)
        elif kind == "hit":
            index = action.get("spread")
            if not (isinstance(index, int) and 0 <= index < len(owners) and owners[index] == seat):
                continue
            ended, mover = 0, seat
            for _, other, later in moves[k + 1:]:
                if other != mover and mover == seat:
                    ended += 1  # a turn of the hitter has ended
                mover = other
                if ended >= lock:
                    break
                if other == seat and _kind(later) == "knock":
                    return True
    return False


#: Witness name (``witness`` of a clause in spec/rules.yaml) -> its test of a played hand.
WITNESSES: dict[str, Callable[[Played], bool]] = {
    "caught_tie": caught_tie,
    "duplicate_before_not_held": duplicate_before_not_held,
    "hit_lock_refused": hit_lock_refused,
    "last_card_hit": last_card_hit,
    "last_turn_discard": last_turn_discard,
    "last_turn_hit": last_turn_hit,
    "last_turn_knock": last_turn_knock,
    "last_turn_out": last_turn_out,
    "lock_runs_out": lock_runs_out,
    "own_hit_knock": own_hit_knock,
}


def clauses_shown(played: Played) -> frozenset[str]:
    """The clauses (``RULE/clause``) whose witness holds of ``played``."""
    return frozenset(c.key for c in load_clauses() if WITNESSES[c.witness](played))
