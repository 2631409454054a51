"""The match: several hands in a row (spec section DEALER, rules DEALT-2 and STAKE-2).

Cutting for the first deal (DEALER-1), the next dealer after a hand (DEALER-2 and
DEALER-4), a player joining at the dealer's right (DEALER-3), the redeal after a dealt
draw (DEALT-2) and the running balances.  Seats are numbered 0..n-1 clockwise, so the
player to a seat's left is ``(seat + 1) % n`` (GAME-3).

Everything here is a pure function of its arguments except :class:`Match`, which holds
the balances (or, under ``scoring = points``, the scores: VAR-POINTS-1) and the history
of one match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import TonkError
from .cards import DECK_SIZE, NAMES, Card, pack_mask, rank_of
from .hand import Hand
from .result import Amount, Ending, Result
from .ruleset import DEFAULT, Ruleset


class MatchError(TonkError, ValueError):
    """A match request the rules cannot satisfy: too few cut cards, a full table, a
    hand recorded twice or out of turn, a seat that does not exist."""


CutRound = list[tuple[int, Card]]


@dataclass(frozen=True, slots=True)
class Cut:
    """The outcome of cutting for the first deal: the dealer and every round of cards,
    each round a list of ``(seat, card)`` in the order the cards were given."""

    dealer: int
    rounds: tuple[tuple[tuple[int, Card], ...], ...]


def _check_players(players: int, rules: Ruleset) -> None:
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= rules.max_players:
        raise MatchError(f"players must be 2 to {rules.max_players} (rule GAME-2), got {players!r}")


def _check_seat(what: str, seat: object, players: int) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise MatchError(f"{what} must be a seat 0 to {players - 1}, got {seat!r}")
    return seat


def cut(players: int, cards: Sequence[Card], rules: Ruleset = DEFAULT) -> Cut:
    """Cut for the first deal (rule DEALER-1).

    ``cards`` are given out in order: first one card to each seat 0..n-1; then, while
    several players are tied for the best card, the next cards go one each to the tied
    players only, in seat order.  Ranks compare king high, ace low; suits are equal.
    Under ``first_dealer = "high"`` the highest card deals, under ``"low"`` the lowest.
    Cards left over after the dealer is known are not used.  Raise :class:`MatchError`
    if a card repeats, is not in the ruleset's pack (``deck = 40`` has no eights, nines or
    tens), is a joker (jokers take no part in the cut), or the cards run out while players
    are still tied.
    """
    _check_players(players, rules)
    pack = pack_mask(rules.deck, rules.jokers)
    seen = 0
    for i, c in enumerate(cards):
        if isinstance(c, int) and not isinstance(c, bool) and DECK_SIZE <= c < len(NAMES):
            raise MatchError(f"cut card {i} is the joker {NAMES[c]}: jokers take no part in the cut")
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < DECK_SIZE:
            raise MatchError(f"cut card {i} is not a card: {c!r}")
        if not pack >> c & 1:
            raise MatchError(
                f"cut card {i} ({NAMES[c]}) is not in the pack of {rules.deck} cards: the cut is made from the pack"
            )
        if seen >> c & 1:
            raise MatchError(f"cut card {i} ({NAMES[c]}) was already given out: each card is cut once")
        seen |= 1 << c
    low = rules.first_dealer == "low"
    contenders = list(range(players))
    rounds: list[tuple[tuple[int, Card], ...]] = []
    pos = 0
    while True:
        if pos + len(contenders) > len(cards):
            tied = ", ".join(str(s) for s in contenders)
            raise MatchError(
                f"the cut needs {pos + len(contenders)} cards but only {len(cards)} were given "
                f"(seats {tied} are still tied)"
            )
        this = tuple((seat, cards[pos + k]) for k, seat in enumerate(contenders))
        pos += len(contenders)
        rounds.append(this)
        ranks = [rank_of(c) for _, c in this]
        best = min(ranks) if low else max(ranks)
        contenders = [seat for (seat, _), r in zip(this, ranks, strict=True) if r == best]
        if len(contenders) == 1:
            return Cut(contenders[0], tuple(rounds))


def next_dealer(
    players: int,
    dealer: int,
    ending: Ending,
    winners: Sequence[int],
    rules: Ruleset = DEFAULT,
) -> int:
    """The dealer of the hand after one that ended with ``ending`` and ``winners``.

    - A dealt draw (rule DEALER-4): the deal passes left, or stays with the same dealer
      under ``dealer_after_draw = "same"``; ``next_dealer`` does not apply, since a dealt
      draw has no winner.
    - Any other hand (rule DEALER-2): the deal passes left, ``(dealer + 1) % players``.
    - Under ``next_dealer = "winner"`` the hand's winner deals.  When several players
      won (a catch after a knock, a tie at the empty stock), the winner who comes first
      clockwise from the dealer's left deals, that is the first of them to have played.
      When nobody won (a dead hand: ``empty_stock = "dead"`` or ``stock_tie = "dead"``),
      the deal passes left as after any hand.
    """
    _check_players(players, rules)
    _check_seat("dealer", dealer, players)
    for w in winners:
        _check_seat("a winner", w, players)
    left = (dealer + 1) % players
    if ending == "dealt_draw":
        return dealer if rules.dealer_after_draw == "same" else left
    if rules.next_dealer == "winner" and winners:
        won = set(winners)
        for k in range(players):
            seat = (left + k) % players
            if seat in won:
                return seat
    return left


@dataclass(frozen=True, slots=True)
class Join:
    """A player joining at the dealer's right (rule DEALER-3).  ``seats[old]`` is the new
    number of the player who sat at ``old``; the newcomer sits at ``seat``."""

    players: int
    dealer: int
    seat: int
    seats: tuple[int, ...]


def join(players: int, dealer: int, rules: Ruleset = DEFAULT) -> Join:
    """Seat a newcomer at the dealer's right, the seat just before the dealer clockwise,
    so the newcomer's left is the dealer and the newcomer is the last to deal.

    With the dealer at seat ``d > 0`` the newcomer takes seat ``d`` and the players at
    seats ``d..n-1`` move up one.  With the dealer at seat 0 the seat just before the
    dealer is the new last seat ``n``: the newcomer takes it and nobody is renumbered.
    Raise :class:`MatchError` if the table is full (``max_players``, rule GAME-2).
    """
    _check_players(players, rules)
    _check_seat("dealer", dealer, players)
    if players + 1 > rules.max_players:
        raise MatchError(f"the table is full: at most {rules.max_players} players (rule GAME-2)")
    if dealer == 0:
        return Join(players + 1, 0, players, tuple(range(players)))
    seats = tuple(s if s < dealer else s + 1 for s in range(players))
    return Join(players + 1, dealer + 1, dealer, seats)


POINTS_LIMIT = 100
"""Under ``scoring = points`` a player whose score reaches this leaves the match."""


def hand_points(result: Result, totals: Sequence[int], everyone: bool = False) -> tuple[int, ...]:
    """The points each seat adds to its score for one hand (rule VAR-POINTS-1).

    Every player who did not win adds their total (``totals``: each seat's count when
    the hand ended, rule CARD-4); a caught knocker adds double.  With ``everyone``
    (``scoring = "points_all"``, Hoyle's Tunk) the winners add their totals too.  A hand
    nobody won adds nothing: a dealt draw is not played (DEALT-2) and a dead hand
    (``empty_stock`` or ``stock_tie = "dead"``) pays nothing, so it scores nothing either.
    """
    if not result.winners:
        return (0,) * len(totals)
    out = []
    for seat, total in enumerate(totals):
        if seat in result.winners and not everyone:
            out.append(0)
        elif result.ending == "knock_caught" and seat == result.knocker:
            out.append(2 * total)
        else:
            out.append(total)
    return tuple(out)


def scored_points(rules: Ruleset, result: Result, totals: Sequence[int]) -> tuple[int, ...]:
    """The points a hand adds to each seat's score under ``rules`` (rule VAR-POINTS-1):
    :func:`hand_points` at a table that plays for points; under ``scoring = "stakes"`` no
    score is kept, so the hand adds nothing to anyone."""
    if rules.scoring == "stakes":
        return (0,) * len(totals)
    return hand_points(result, totals, everyone=rules.scoring == "points_all")


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand of the match's history (seat numbers as they were at the time).
    ``points`` and ``scores`` are all zero unless the match is played for points."""

    number: int
    players: int
    dealer: int
    ending: Ending
    winners: tuple[int, ...]
    net: tuple[Amount, ...]
    balances: tuple[Amount, ...]
    redeal: bool
    points: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class JoinRecord:
    """A player joined between hands (seat numbers before and after)."""

    join: Join


@dataclass(frozen=True, slots=True)
class LeaveRecord:
    """Players whose score reached the limit left the match (VAR-POINTS-1).  ``left``
    are their seats, ``seats[old]`` the new seat of each player who stays (None for one
    who left), ``dealer`` the dealer of the next hand in the new numbering."""

    left: tuple[int, ...]
    seats: tuple[int | None, ...]
    dealer: int


MatchEvent = HandRecord | JoinRecord | LeaveRecord


@dataclass
class Match:
    """Players, ruleset, stake, the dealer of the next hand and the running balances.

    ``deal(deck)`` deals the next hand; ``record(hand)`` settles it: its net results are
    added to the balances (which therefore always sum to zero, rule STAKE-2), the dealer
    moves (DEALER-2, DEALER-4) and, after a dealt draw, the next deal is a redeal of the
    same hand (DEALT-2: nobody pays, new cards are dealt).  ``join()`` seats a newcomer
    at the dealer's right between hands (DEALER-3).

    Under ``scoring = points`` (VAR-POINTS-1) the balances stay at zero and ``scores``
    grow instead (:func:`hand_points`); a player whose score reaches 100 leaves at once,
    the others are renumbered in the same clockwise order (``LeaveRecord``), and when one
    player is left the match is over and ``winner`` is that player's seat.  If the next
    dealer is among those who left, the deal goes to the next remaining player to the
    left.  ``ids`` follows each player across renumberings: the players at the start are
    0..n-1 and each newcomer gets the next number.
    """

    players: int
    rules: Ruleset = DEFAULT
    stake: int = 1
    dealer: int = 0
    balances: list[Amount] = field(default_factory=list)
    history: list[MatchEvent] = field(default_factory=list)
    hand: Hand | None = None
    redeal: bool = False
    scores: list[int] = field(default_factory=list)
    ids: list[int] = field(default_factory=list)
    winner: int | None = None

    def __post_init__(self) -> None:
        _check_players(self.players, self.rules)
        _check_seat("dealer", self.dealer, self.players)
        if not isinstance(self.stake, int) or isinstance(self.stake, bool) or self.stake < 1:
            raise MatchError(f"stake must be a positive integer (rule STAKE-1), got {self.stake!r}")
        for name in ("balances", "scores", "ids"):
            value = getattr(self, name)
            if not value:
                setattr(self, name, list(range(self.players)) if name == "ids" else [0] * self.players)
            elif len(value) != self.players:
                raise MatchError(f"{self.players} players need {self.players} {name}, got {len(value)}")

    @classmethod
    def from_cut(cls, players: int, cards: Sequence[Card], rules: Ruleset = DEFAULT, stake: int = 1) -> Match:
        """A new match whose first dealer is chosen by cutting ``cards`` (DEALER-1)."""
        return cls(players, rules, stake, cut(players, cards, rules).dealer)

    @property
    def points(self) -> bool:
        return self.rules.scoring != "stakes"

    @property
    def over(self) -> bool:
        """A match for points is over when one player is left (VAR-POINTS-1)."""
        return self.winner is not None

    @property
    def hands_played(self) -> int:
        return sum(1 for e in self.history if isinstance(e, HandRecord))

    def deal(self, deck: Sequence[Card]) -> Hand:
        """Deal the next hand from ``deck`` (top first) with the current dealer."""
        if self.over:
            raise MatchError(f"the match is over: seat {self.winner} won it")
        if self.hand is not None and not self.hand.is_over:
            raise MatchError("the current hand is not over: play it out and record it first")
        if self.hand is not None:
            raise MatchError("the current hand is over but not recorded: call record(hand) first")
        self.hand = Hand(deck, self.players, self.dealer, self.stake, self.rules)
        return self.hand

    def record(self, hand: Hand | None = None) -> HandRecord:
        """Settle a finished hand: add its net (or its points) and move the dealer."""
        if hand is None:
            hand = self.hand
        if hand is None:
            raise MatchError("no hand to record: deal one first")
        if self.hand is not None and hand is not self.hand:
            raise MatchError("that is not the hand this match dealt last")
        if hand.players != self.players or hand.dealer != self.dealer or hand.stake != self.stake:
            raise MatchError(
                f"the hand was dealt for {hand.players} players by seat {hand.dealer} at stake {hand.stake}; "
                f"this match expects {self.players} players, dealer {self.dealer}, stake {self.stake}"
            )
        if hand.rules != self.rules:
            raise MatchError("the hand was played under another ruleset than the match's")
        if self.over:
            raise MatchError(f"the match is over: seat {self.winner} won it")
        result: Result | None = hand.result
        if result is None:
            raise MatchError("the hand is not over: it cannot be recorded yet")
        points: tuple[int, ...] = ()
        if self.points:
            points = scored_points(self.rules, result, [hand.total(s) for s in range(self.players)])
            for seat, p in enumerate(points):
                self.scores[seat] += p
        else:
            for seat, amount in enumerate(result.net):
                self.balances[seat] += amount
        draw = result.ending == "dealt_draw"
        entry = HandRecord(
            self.hands_played + 1,
            self.players,
            self.dealer,
            result.ending,
            result.winners,
            result.net,
            tuple(self.balances),
            self.redeal,
            points,
            tuple(self.scores) if self.points else (),
        )
        self.history.append(entry)
        self.dealer = next_dealer(self.players, self.dealer, result.ending, result.winners, self.rules)
        self.redeal = draw
        self.hand = None
        if self.points:
            self._leave()
        return entry

    def _leave(self) -> None:
        left = tuple(s for s in range(self.players) if self.scores[s] >= POINTS_LIMIT)
        if not left:
            return
        stay = [s for s in range(self.players) if s not in left]
        dealer = self.dealer
        while dealer in left:
            dealer = (dealer + 1) % self.players
        seats = tuple(stay.index(s) if s in stay else None for s in range(self.players))
        new_dealer = seats[dealer]
        assert new_dealer is not None
        self.players = len(stay)
        self.dealer = new_dealer
        self.balances = [self.balances[s] for s in stay]
        self.scores = [self.scores[s] for s in stay]
        self.ids = [self.ids[s] for s in stay]
        self.history.append(LeaveRecord(left, seats, new_dealer))
        if self.players == 1:
            self.winner = 0

    def join(self) -> Join:
        """Seat a newcomer at the dealer's right, with a balance and a score of 0 (DEALER-3)."""
        if self.over:
            raise MatchError(f"the match is over: seat {self.winner} won it")
        if self.hand is not None:
            raise MatchError("a player joins between hands: record the current hand first")
        j = join(self.players, self.dealer, self.rules)
        balances: list[Amount] = [0] * j.players
        scores = [0] * j.players
        ids = [max(self.ids) + 1] * j.players
        for old, new in enumerate(j.seats):
            balances[new] = self.balances[old]
            scores[new] = self.scores[old]
            ids[new] = self.ids[old]
        self.players = j.players
        self.dealer = j.dealer
        self.balances = balances
        self.scores = scores
        self.ids = ids
        self.history.append(JoinRecord(j))
        return j
