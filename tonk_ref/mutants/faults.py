"""The faulty code of the mutant catalog: Hand subclasses that override one method, and
replacement functions for one engine function each.  Each piece is the single fault of
one mutant of :mod:`tonk_ref.mutants.catalog`, written the way a real implementer might
get the rule wrong; everything else defers to the reference engine.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

from ..engine import hand as H
from ..engine import match as M
from ..engine import payments as P
from ..engine import result as R
from ..engine import serialize as SER
from ..engine import spreads as S
from ..engine.actions import DISCARD, DRAW, DRAW_DISCARD, DRAW_STOCK, Action, IllegalAction
from ..engine.cards import BITS, CARD_CODES, DECK_SIZE, Card, names, rank_of
from ..engine.hand import DRAWN, START, Hand
from ..engine.result import Amount, Payment, Result
from ..engine.ruleset import DEFAULT, Ruleset
from ..engine.spreads import RANK_MASKS, Geometry, Spread, best_cover
from .core import MutantHand

JSON = dict[str, Any]

# The reference functions, captured before any patch is applied.
ORIG_MAKE_SPREAD = S.make_spread
ORIG_HAS_FORCED = S.has_forced_spread
ORIG_WITH_CARD = Spread.with_card
ORIG_FROM_EACH = P.from_each
ORIG_KNOCK = P.knock
ORIG_STOCK_OUT = P.stock_out
ORIG_OBSERVATION = SER.observation_to_json
ORIG_CUT = M.cut
ORIG_NEXT_DEALER = M.next_dealer
ORIG_JOIN = M.join


def whole(a: Amount) -> Amount:
    if isinstance(a, Fraction) and a.denominator == 1:
        return int(a)
    return a


@contextlib.contextmanager
def rules_as(h: Hand, **changes: Any) -> Iterator[None]:
    """Let ``h`` read other option values for the length of one call."""
    saved = h.rules
    h.rules = saved.replace(**changes)
    try:
        yield
    finally:
        h.rules = saved


def _mask(cards: Sequence[Card]) -> int:
    m = 0
    for c in cards:
        m |= BITS[c]
    return m


# ============================================================================ spreads and hits
def make_spread_aces_wrap(owner: int, cards: tuple[Card, ...], g: Geometry = S.STANDARD) -> Spread | None:
    """K-A-2 (and Q-K-A-2 ...) accepted: the run wraps round the ace."""
    sp = ORIG_MAKE_SPREAD(owner, cards, g)
    if sp is not None or len(cards) < 3 or any(c >= DECK_SIZE for c in cards):
        return sp
    if len({c // 13 for c in cards}) != 1 or len(set(cards)) != len(cards):
        return sp
    ranks = {c % 13 for c in cards}
    n = len(ranks)
    for start in range(13):
        if {(start + k) % 13 for k in range(n)} == ranks:
            return Spread(owner, "run", cards, _mask(cards), suit=cards[0] // 13, lo=start, hi=start + n - 1)
    return sp


def make_spread_mixed_suits(owner: int, cards: tuple[Card, ...], g: Geometry = S.STANDARD) -> Spread | None:
    """A sequence of any suits accepted as a run (the suit is never compared)."""
    sp = ORIG_MAKE_SPREAD(owner, cards, g)
    if sp is not None or len(cards) < 3 or any(c >= DECK_SIZE for c in cards):
        return sp
    ranks = sorted(c % 13 for c in cards)
    if len(set(ranks)) == len(ranks) and ranks[-1] - ranks[0] == len(ranks) - 1:
        return Spread(owner, "run", cards, _mask(cards), suit=cards[0] // 13, lo=ranks[0], hi=ranks[-1])
    return sp


def make_spread_pairs(owner: int, cards: tuple[Card, ...], g: Geometry = S.STANDARD) -> Spread | None:
    """A pair accepted as a book (the size test is ``len(cards) < 2``)."""
    if len(cards) == 2 and cards[0] != cards[1] and all(c < DECK_SIZE for c in cards):
        if cards[0] % 13 == cards[1] % 13:
            return Spread(owner, "book", cards, _mask(cards), rank=cards[0] % 13)
    return ORIG_MAKE_SPREAD(owner, cards, g)


def with_card_full_book(self: Spread, card: Card, g: Geometry = S.STANDARD) -> Spread | None:
    """A full book of four takes a fifth card (a wild one) on a hit."""
    bit = BITS[card]
    if self.kind == "book" and len(self.cards) >= 4 and not self.mask & bit and g.wild & bit:
        return Spread(self.owner, "book", (*self.cards, card), self.mask | bit, rank=self.rank)
    return ORIG_WITH_CARD(self, card, g)


def with_card_run_any_rank(self: Spread, card: Card, g: Geometry = S.STANDARD) -> Spread | None:
    """A run takes any card of its suit, not only the next one at either end."""
    bit = BITS[card]
    if self.kind == "run" and card < DECK_SIZE and card // 13 == self.suit and not self.mask & bit:
        p = g.pos[card % 13]
        if p >= 0:
            return Spread(self.owner, "run", (*self.cards, card), self.mask | bit, suit=self.suit,
                          lo=min(self.lo, p), hi=max(self.hi, p))
    return ORIG_WITH_CARD(self, card, g)


def has_forced_three_aces(mask: int, g: Geometry = S.STANDARD) -> bool:
    """Forced spreads without the three-aces exception."""
    return ORIG_HAS_FORCED(mask, g) or (mask & RANK_MASKS[0]).bit_count() >= 3


class HitBeforeDraw(MutantHand):
    __slots__ = ()

    def _hit(self, me: int, card: Card, index: int) -> None:
        if self._stage != START:
            super()._hit(me, card, index)
            return
        self._stage = DRAWN  # the stage test of HIT-2 is skipped
        try:
            super()._hit(me, card, index)
        finally:
            if self._stage == DRAWN:
                self._stage = START


class SpreadBeforeDraw(MutantHand):
    __slots__ = ()

    def _spread(self, me: int, cards: tuple[Card, ...]) -> None:
        if self._stage != START:
            super()._spread(me, cards)
            return
        self._stage = DRAWN  # the stage test of SPREAD-4 is skipped
        try:
            super()._spread(me, cards)
        finally:
            if self._stage == DRAWN:
                self._stage = START


class HitOwnSpreadsOnly(MutantHand):
    __slots__ = ()

    def _hit(self, me: int, card: Card, index: int) -> None:
        if self._stage == DRAWN and 0 <= index < len(self._spreads) and self._spreads[index].owner != me:
            raise IllegalAction("hit_target", "a player may hit only their own spreads", "HIT-1")
        super()._hit(me, card, index)


class OneHitPerTurn(MutantHand):
    __slots__ = ()

    def _hit(self, me: int, card: Card, index: int) -> None:
        if self._stage == DRAWN and self._hits >= 1:
            raise IllegalAction("hit_limit", "one hit per turn", "HIT-4")
        super()._hit(me, card, index)


class HalfAppliedSpread(MutantHand):
    """An illegal spread takes the cards out of the hand before it is refused."""

    __slots__ = ()

    def _spread(self, me: int, cards: tuple[Card, ...]) -> None:
        try:
            super()._spread(me, cards)
        except IllegalAction as e:
            if e.reason == "not_a_spread":
                for c in cards:
                    if 0 <= c < CARD_CODES:
                        self._hands[me] &= ~BITS[c]
            raise


# ============================================================================ the turn
class KnockAfterDraw(MutantHand):
    __slots__ = ()

    def _knock(self, me: int, card: Card) -> None:
        if self._stage == DRAWN and self.rules.knock_timing == "start":
            with rules_as(self, knock_timing="any"):
                super()._knock(me, card)
            return
        super()._knock(me, card)


class NoFirstTurnKnock(MutantHand):
    __slots__ = ()

    def _knock_refusal(self, seat: int, kept: int) -> IllegalAction | None:
        if self._turn < self.players:
            return IllegalAction("first_turn_knock", "no knocking on a player's first turn", "TURN-4")
        return super()._knock_refusal(seat, kept)


class DrawTwice(MutantHand):
    __slots__ = ()

    def apply(self, action: Action, seat: int | None = None) -> None:
        if action.type == DRAW and self._stage == DRAWN and (seat is None or seat == self.to_act):
            self._stage = START  # the already-drawn test is skipped
            try:
                super().apply(action, seat)
            except IllegalAction:
                self._stage = DRAWN
                raise
            return
        super().apply(action, seat)


class DiscardBeforeDraw(MutantHand):
    __slots__ = ()

    def _discard(self, me: int, card: Card) -> None:
        if self._stage != START:
            super()._discard(me, card)
            return
        self._stage = DRAWN
        try:
            super()._discard(me, card)
        except IllegalAction:
            self._stage = START
            raise


_SWAP = {"already_drawn": "must_draw_first", "must_draw_first": "already_drawn"}


class ReasonsSwapped(MutantHand):
    __slots__ = ()

    def apply(self, action: Action, seat: int | None = None) -> None:
        try:
            super().apply(action, seat)
        except IllegalAction as e:
            if e.reason in _SWAP:
                raise IllegalAction(_SWAP[e.reason], e.message, e.rule) from None
            raise


class OutOfTurn(MutantHand):
    __slots__ = ()

    def apply(self, action: Action, seat: int | None = None) -> None:
        if seat is not None and seat != self.to_act and not (action == DRAW_DISCARD and self.may_eat(seat)):
            seat = None  # the seat is never compared with the player to act
        super().apply(action, seat)


class DiscardNotHeld(MutantHand):
    __slots__ = ()

    def apply(self, action: Action, seat: int | None = None) -> None:
        me = self.to_act
        card = action.card
        if (action.type == DISCARD and self._stage == DRAWN and me is not None and (seat is None or seat == me)
                and 0 <= card < DECK_SIZE and not self._hands[me] & BITS[card] and self._taken < 0):
            self._hands[me] &= ~BITS[card]  # clears a bit that is not set: no ownership test
            self._pile = (card, self._pile)
            self._pile_count += 1
            self._next_turn(me)
            return
        super().apply(action, seat)


class RotationRight(MutantHand):
    __slots__ = ()

    def apply(self, action: Action, seat: int | None = None) -> None:
        turn = self._turn
        super().apply(action, seat)
        if self._turn != turn and self._stage == START and self.to_act is not None:
            self.to_act = (self.to_act - 2) % self.players  # (me + 1) becomes (me - 1)


class DealerPlaysFirst(MutantHand):
    __slots__ = ()

    def __init__(self, deck: Sequence[Card], players: int = 2, dealer: int = 0, stake: int = 1,
                 rules: Ruleset = DEFAULT) -> None:
        super().__init__(deck, players, dealer, stake, rules)
        if self._stage == START:
            self.to_act = dealer


# ============================================================================ the deal
class _DeckTransform(MutantHand):
    """Deals a rearranged deck: the engine's fixed dealing order then reproduces the
    faulty dealing order."""

    __slots__ = ()

    @staticmethod
    def transform(deck: list[Card], players: int, dealt: int, rules: Ruleset) -> list[Card]:
        raise NotImplementedError

    def __init__(self, deck: Sequence[Card], players: int = 2, dealer: int = 0, stake: int = 1,
                 rules: Ruleset = DEFAULT) -> None:
        cards = list(deck)
        if isinstance(players, int) and 2 <= players <= 6:
            dealt = players * rules.hand_size_for(players)
            if dealt + 1 <= len(cards):
                cards = self.transform(cards, players, dealt, rules)
        super().__init__(cards, players, dealer, stake, rules)


class DealInBlocks(_DeckTransform):
    """Each player's cards are dealt together, in a block, not one at a time."""

    __slots__ = ()

    @staticmethod
    def transform(deck: list[Card], players: int, dealt: int, rules: Ruleset) -> list[Card]:
        size = dealt // players
        out = list(deck)
        for k in range(players):
            for j in range(size):
                out[j * players + k] = deck[k * size + j]
        return out


class DealFromDealer(_DeckTransform):
    """The deal starts with the dealer instead of the dealer's left."""

    __slots__ = ()

    @staticmethod
    def transform(deck: list[Card], players: int, dealt: int, rules: Ruleset) -> list[Card]:
        return [*deck[1:dealt], deck[0], *deck[dealt:]]


class UpcardFromBottom(_DeckTransform):
    """The upcard is taken from the bottom of the deck."""

    __slots__ = ()

    @staticmethod
    def transform(deck: list[Card], players: int, dealt: int, rules: Ruleset) -> list[Card]:
        if not rules.upcard:
            return deck
        return [*deck[:dealt], deck[-1], *deck[dealt:-1]]


class NoUpcard(MutantHand):
    """No upcard is turned even when the ruleset has one."""

    __slots__ = ()

    def __init__(self, deck: Sequence[Card], players: int = 2, dealer: int = 0, stake: int = 1,
                 rules: Ruleset = DEFAULT) -> None:
        super().__init__(deck, players, dealer, stake, rules.replace(upcard=False) if rules.upcard else rules)


class DealerNotChecked(MutantHand):
    """The dealt 49/50 check skips the dealer (the loop starts at the dealer's left and
    stops one seat short)."""

    __slots__ = ()

    def _dealt_check(self) -> None:
        wanted = self._c.tonk_totals
        low = self._c.low_dealt
        totals = tuple(self._count(m) for m in self._hands)
        tonks = [s for s, t in enumerate(totals) if s != self.dealer and (t in wanted or t <= low)]
        if not tonks:
            return
        n = self.players
        double = 2 * self.stake
        if len(tonks) > 1 and self.rules.dealt_tonks == "best":
            best = max(tonks, key=lambda s: H._dealt_rank(totals[s], wanted))
            rank = H._dealt_rank(totals[best], wanted)
            if sum(1 for s in tonks if H._dealt_rank(totals[s], wanted) == rank) == 1:
                tonks = [best]
        if len(tonks) == 1:
            seat = tonks[0]
            self._finish("dealt_tonk", (seat,), P.from_each(seat, n, double, "PAY-DEALT-1"), totals)
        elif self.rules.dealt_tonks == "split" and len(tonks) < n:
            self._finish("dealt_tonk", tuple(tonks), P.split_among(tuple(tonks), n, double, "VAR-DEALTTONKS-1"),
                         totals)
        else:
            self._finish("dealt_draw", (), [], totals)


class DealtDrawPaysFirst(MutantHand):
    """Two dealt tonks: the first seat holding one is paid as a dealt tonk."""

    __slots__ = ()

    def _dealt_check(self) -> None:
        super()._dealt_check()
        r = self.result
        if r is None or r.ending != "dealt_draw" or r.totals is None:
            return
        wanted, low = self._c.tonk_totals, self._c.low_dealt
        seat = next(s for s, t in enumerate(r.totals) if t in wanted or t <= low)
        pays = tuple(P.from_each(seat, self.players, 2 * self.stake, "PAY-DEALT-1"))
        self.result = Result("dealt_tonk", (seat,), pays, R.net_of(self.players, pays), r.totals)


class FiftyBeatsFortyNine(MutantHand):
    __slots__ = ()

    def _dealt_check(self) -> None:
        if self.rules.dealt_tonks == "draw":
            with rules_as(self, dealt_tonks="best"):
                super()._dealt_check()
            return
        super()._dealt_check()


class DealtRecheck(MutantHand):
    """A 49 or 50 is declared whenever a player's turn begins, not only at the deal."""

    __slots__ = ()

    def apply(self, action: Action, seat: int | None = None) -> None:
        turn = self._turn
        super().apply(action, seat)
        s = self.to_act
        if self._turn == turn or self._stage != START or s is None:
            return
        if self._count(self._hands[s]) in self._c.tonk_totals:
            totals = tuple(self._count(m) for m in self._hands)
            self._record("dealt_tonk", s, totals[s], "DEALT-1")
            self._finish("dealt_tonk", (s,), P.from_each(s, self.players, 2 * self.stake, "PAY-DEALT-1"), totals)


# ============================================================================ payments
def pay_factor(rule: str, factor: Fraction) -> Any:
    """``from_each`` with the amounts of ``rule`` multiplied by ``factor``."""

    def from_each(winner: int, players: int, amount: Amount, r: str) -> list[Payment]:
        if r == rule:
            amount = whole(Fraction(amount) * factor)
        return ORIG_FROM_EACH(winner, players, amount, r)

    return from_each


def knock_tie_to_knocker(rules: Ruleset, stake: int, knocker: int, totals: tuple[int, ...]) -> Any:
    if rules.knock_tie == "caught":
        rules = rules.replace(knock_tie="knocker_wins")
    return ORIG_KNOCK(rules, stake, knocker, totals)


def knock_lowest_not_from_knocker(rules: Ruleset, stake: int, knocker: int, totals: tuple[int, ...]) -> Any:
    if rules.caught_payment == "seed":
        rules = rules.replace(caught_payment="non_knockers")
    return ORIG_KNOCK(rules, stake, knocker, totals)


def knock_double_to_lowest_only(rules: Ruleset, stake: int, knocker: int, totals: tuple[int, ...]) -> Any:
    won, winners, pays = ORIG_KNOCK(rules, stake, knocker, totals)
    if not won:
        pays = [p for p in pays if p.rule != "PAY-CAUGHT-1" or p.payee in winners]
    return won, winners, pays


def knock_catch_shared(rules: Ruleset, stake: int, knocker: int, totals: tuple[int, ...]) -> Any:
    """A catch: the tied lowest hands share one S from each other player."""
    won, winners, pays = ORIG_KNOCK(rules, stake, knocker, totals)
    if not won and len(winners) > 1:
        k = len(winners)
        pays = [Payment(p.payer, p.payee, whole(Fraction(p.amount) / k), p.rule) if p.rule == "PAY-CAUGHT-3" else p
                for p in pays]
    return won, winners, pays


def knock_low_bonus_strict(rules: Ruleset, stake: int, knocker: int, totals: tuple[int, ...]) -> Any:
    """The low-knock bonus needs a total below the limit, not at it."""
    if rules.low_knock_bonus is not None and totals[knocker] == rules.low_knock_bonus:
        rules = rules.replace(low_knock_bonus=None)
    return ORIG_KNOCK(rules, stake, knocker, totals)


def stock_out_tie_dead(rules: Ruleset, stake: int, totals: tuple[int, ...]) -> Any:
    if rules.stock_tie == "all_paid":
        rules = rules.replace(stock_tie="dead")
    return ORIG_STOCK_OUT(rules, stake, totals)


def split_rounded(winners: tuple[int, ...], players: int, amount: Amount, rule: str) -> list[Payment]:
    """Shares rounded down to whole units instead of kept as fractions."""
    share = int(Fraction(amount) / len(winners))
    return [Payment(p, w, share, rule) for w in winners for p in range(players) if p not in winners]


def net_payee_only(players: int, payments: tuple[Payment, ...]) -> tuple[Amount, ...]:
    """Each payment credited to the payee, never debited from the payer."""
    net: list[Amount] = [0] * players
    for p in payments:
        net[p.payee] += p.amount
    return tuple(whole(a) if isinstance(a, Fraction) else a for a in net)


class NewSpreadByDefault(MutantHand):
    __slots__ = ()

    def _tonk_out(self, me: int) -> None:
        if self.rules.tonk_out_double == "always":
            with rules_as(self, tonk_out_double="new_spread"):
                super()._tonk_out(me)
            return
        super()._tonk_out(me)


class NewSpreadAnyTurn(MutantHand):
    """Under new-spread double, a spread the player laid in an earlier turn counts."""

    __slots__ = ()

    def _tonk_out(self, me: int) -> None:
        if self.rules.tonk_out_double == "new_spread" and any(sp.owner == me for sp in self._spreads):
            self._laid = True
        super()._tonk_out(me)


class StakeIgnored(MutantHand):
    """Payments in units of 1, whatever the stake."""

    __slots__ = ()

    def _finish(self, ending: Any, winners: tuple[int, ...], pays: Any, totals: tuple[int, ...] | None = None,
                knocker: int | None = None) -> None:
        stake = self.stake
        scaled = [Payment(p.payer, p.payee, whole(Fraction(p.amount) / stake), p.rule) for p in pays]
        super()._finish(ending, winners, scaled, totals, knocker)


# ============================================================================ counting
class HeldSpreadsNotCounted(MutantHand):
    __slots__ = ()

    def total(self, seat: int) -> int:
        m = self._hands[seat]
        return self._count(m) - best_cover(m, self._c.values, self._c.geometry)


class LaidSpreadsCounted(MutantHand):
    __slots__ = ()

    def total(self, seat: int) -> int:
        laid = sum(self._c.values[c] for sp in self._spreads if sp.owner == seat for c in sp.cards)
        return super().total(seat) + laid


# ============================================================================ observations
_SHOWN = ("dealt_tonk", "dealt_draw", "knock_won", "knock_caught", "stock_out")


def observation_with_pile(h: Hand, seat: int) -> JSON:
    out = ORIG_OBSERVATION(h, seat)
    out["discard_pile"] = names(h.discard_pile())
    return out


def observation_left_hand(h: Hand, seat: int) -> JSON:
    out = ORIG_OBSERVATION(h, seat)
    left = (seat + 1) % h.players
    out["hands"][left] = names(h.hand(left))
    return out


def observation_hidden_after_knock(h: Hand, seat: int) -> JSON:
    out = ORIG_OBSERVATION(h, seat)
    if h.result is not None and h.result.ending in ("knock_won", "knock_caught"):
        out["hands"] = [names(h.hand(s)) if s == seat else None for s in range(h.players)]
    return out


def observation_shown_after_out(h: Hand, seat: int) -> JSON:
    out = ORIG_OBSERVATION(h, seat)
    if h.result is not None:
        out["hands"] = [names(h.hand(s)) for s in range(h.players)]
    return out


# ============================================================================ the stock
class LastStockCardEnds(MutantHand):
    __slots__ = ()

    def apply(self, action: Action, seat: int | None = None) -> None:
        before = self._stage
        me = self.to_act
        super().apply(action, seat)
        if (action.type == DRAW and action.source == "stock" and before == START and self._stage == DRAWN
                and self.stock_count == 0 and me is not None):
            totals = tuple(self.total(s) for s in range(self.players))
            self._record("empty_stock", me, None, "STOCK-2")
            if self.rules.empty_stock == "dead":
                self._finish("stock_out", (), [], totals)
                return
            winners, pays = P.stock_out(self.rules, self.stake, totals)
            self._finish("stock_out", tuple(winners), pays, totals)


class EmptyStockReshuffles(MutantHand):
    __slots__ = ()

    def _empty_stock(self, me: int) -> None:
        if self.rules.empty_stock == "play_on":
            with rules_as(self, empty_stock="reshuffle"):
                super()._empty_stock(me)
            return
        super()._empty_stock(me)


class ReshuffleReversed(MutantHand):
    """The pile below its top becomes the stock top card first (not turned over)."""

    __slots__ = ()

    def _empty_stock(self, me: int) -> None:
        if self.rules.empty_stock == "reshuffle" and self._pile_count > 1:
            pile = self.discard_pile()
            top = pile.pop()
            self._deck = tuple(reversed(pile))
            self._pos = 0
            self._pile = (top, None)
            self._pile_count = 1
            self._record("restock", me, len(pile), "STOCK-3")
            self._draw(me, DRAW_STOCK)
            return
        super()._empty_stock(me)


# ============================================================================ the match
def cut_rank_ace_high(card: Card) -> int:
    return 13 if card % 13 == 0 else card % 13


def cut_all_recut(players: int, cards: Sequence[Card], rules: Ruleset = DEFAULT) -> M.Cut:
    """On a tie for the best card every player cuts again, not only the tied ones."""
    M._check_players(players, rules)
    if len(set(cards)) != len(cards):
        return ORIG_CUT(players, cards, rules)  # the reference's error for a repeated card
    low = rules.first_dealer == "low"
    rounds: list[tuple[tuple[int, Card], ...]] = []
    pos = 0
    while True:
        if pos + players > len(cards):
            raise M.MatchError(f"the cut needs {pos + players} cards but only {len(cards)} were given")
        this = tuple((seat, cards[pos + seat]) for seat in range(players))
        pos += players
        rounds.append(this)
        ranks = [rank_of(c) for _, c in this]
        best = min(ranks) if low else max(ranks)
        tied = [seat for (seat, _), r in zip(this, ranks, strict=True) if r == best]
        if len(tied) == 1:
            return M.Cut(tied[0], tuple(rounds))


def next_dealer_right(players: int, dealer: int, ending: Any, winners: Sequence[int],
                      rules: Ruleset = DEFAULT) -> int:
    r = ORIG_NEXT_DEALER(players, dealer, ending, winners, rules)
    return (dealer - 1) % players if r == (dealer + 1) % players else r


def next_dealer_same_after_draw(players: int, dealer: int, ending: Any, winners: Sequence[int],
                                rules: Ruleset = DEFAULT) -> int:
    if ending == "dealt_draw" and rules.dealer_after_draw == "next":
        rules = rules.replace(dealer_after_draw="same")
    return ORIG_NEXT_DEALER(players, dealer, ending, winners, rules)


def join_at_left(players: int, dealer: int, rules: Ruleset = DEFAULT) -> M.Join:
    """The newcomer sits at the dealer's left (and so plays first and deals next)."""
    ORIG_JOIN(players, dealer, rules)  # the reference's checks and errors
    seat = dealer + 1
    seats = tuple(s if s < seat else s + 1 for s in range(players))
    return M.Join(players + 1, dealer, seat, seats)


# ============================================================================ variations
class ForcedKnockAllowed(MutantHand):
    __slots__ = ()

    def _knock_refusal(self, seat: int, kept: int) -> IllegalAction | None:
        r = super()._knock_refusal(seat, kept)
        return None if r is not None and r.reason == "forced_spread" else r


class MustUseNotEnforced(MutantHand):
    __slots__ = ()

    def _check_must_use(self, uses_taken: bool) -> None:
        return None


class HitLockIgnored(MutantHand):
    __slots__ = ()

    def _hit(self, me: int, card: Card, index: int) -> None:
        if self.rules.hit_lock:
            with rules_as(self, hit_lock=0):
                super()._hit(me, card, index)
            return
        super()._hit(me, card, index)


class KnockLimitStrict(MutantHand):
    """A knock needs a total below the limit, not at it."""

    __slots__ = ()

    def _knock_refusal(self, seat: int, kept: int) -> IllegalAction | None:
        r = super()._knock_refusal(seat, kept)
        limit = self.rules.knock_limit
        if r is None and limit is not None:
            t = self._count(kept)
            if not self.rules.count_held_spreads:
                t -= best_cover(kept, self._c.values, self._c.geometry)
            if t == limit:
                return IllegalAction("knock_limit", f"a knock needs fewer than {limit} points", "VAR-KNOCKLIMIT-1")
        return r


class EatByDiscarder(MutantHand):
    """Under eating, the player who just discarded may take the discard back."""

    __slots__ = ()

    def may_eat(self, seat: int) -> bool:
        me = self.to_act
        if not self.rules.eating or me is None or self._stage != START or self._turn == 0:
            return False
        if seat == me or not 0 <= seat < self.players or self._pile is None:
            return False
        return self._usable_top(seat)

