"""One hand of Tonk as a plain state and the rules of play: the deal (DEAL-1..3, DEALT-*),
the legality of each action with the reason code the rules give, and the next state.

The state is a plain dataclass; :func:`apply` returns a new one and never changes its
argument.  Hands keep their cards in the order dealt and drawn; spreads keep theirs in
the order laid and hit.

Reason codes.  The spec names the reason codes but not which one wins when an action is
wrong in several ways.  The model checks in this order, which reads the rules in the
order a player meets them (is the hand on? is it my turn? which part of the turn? my cards?
the cards' shape? the ruleset's limits? what the play leaves behind?):

    malformed_action, hand_over, not_your_turn, then by action type:
    draw     already_drawn, discard_pile_empty, must_use_taken
    knock    (before drawing) knock_timing, knock_discard, first_turn_knock, hit_lock,
                              knock_wait, knock_limit, forced_spread
             (after drawing)  knock_timing, knock_discard, not_in_hand, must_use_taken,
                              taken_card, first_turn_knock, hit_lock, knock_wait,
                              knock_limit, forced_spread
    discard  must_draw_first, not_in_hand, must_use_taken, taken_card, forced_spread
    spread   must_draw_first, then card by card in the order named: not_in_hand or
             duplicate_card; then not_a_spread, must_use_taken, last_card_taken
    hit      must_draw_first, not_in_hand, no_such_spread, hit_target, hit_limit,
             hit_does_not_fit, must_use_taken, last_card_taken (under hit_ends_turn:
             forced_spread on the hand kept, as at a discard)
    declare  declare_timing, not_special

The rules of online engines (VAR-REEM-1, VAR-NODRAW-1, VAR-HITEND-1, VAR-KNOCKHELD-1,
VAR-KNOCKTIE-1, VAR-SPECIAL-1, STOCK-3's last_turn, VAR-HITLOCK-1's hit_lock_further)
are read from their sentences in spec/rules.yaml.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import settle
from .cards import hand_size, is_card, pack
from .errors import Illegal, ModelError
from .ruleset import DEFAULTS, Rules
from .settle import Result
from .spreads import Spread, count, fits, holds_forced_spread, read_spread, spreads_within


@dataclass
class State:
    rules: dict[str, Any]
    players: int
    dealer: int
    stake: int
    hands: list[list[str]]
    spreads: list[Spread]
    stock: list[str]  # top first
    pile: list[str]  # bottom first
    to_act: int | None
    stage: str  # start | drawn | over
    turn: int = 0
    taken: str | None = None
    hits: int = 0
    laid: bool = False
    dealt: list[list[str]] = field(default_factory=list)
    result: Result | None = None
    locks: list[int] = field(default_factory=list)  # VAR-HITLOCK-1: turns left without a knock
    waits: list[int] = field(default_factory=list)  # VAR-KNOCKWAIT-1: turns left (this one included)
    knocker: int | None = None  # after_knock = one_turn_each: who knocked, while the others play a last turn
    last: int = 0  # ... and how many of those last turns are left
    laid_now: int = 0  # VAR-REEM-1 (reem = one_turn): spreads laid in this turn
    r: Rules = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.locks = self.locks or [0] * self.players
        self.waits = self.waits or [0] * self.players
        self.r = Rules(self.rules)

    def total(self, seat: int) -> int:
        """CARD-4 (and option count_held_spreads)."""
        return count(self.hands[seat], self.r)

    def totals(self) -> list[int]:
        return [self.total(p) for p in range(self.players)]

    def pending_taken(self) -> bool:
        """VAR-MUSTUSE-1: the taken card must be used by the next play (it still is in hand)."""
        seat = self.to_act
        return bool(self.rules["must_use_taken"]) and self.taken is not None and seat is not None and (
            self.taken in self.hands[seat]
        )


# ------------------------------------------------------------------------------ the deal
def stack(
    players: int, dealer: int, hands: Sequence[Sequence[str]], then: Sequence[str], cards: Sequence[str]
) -> list[str]:
    """A deck (top first) that deals ``hands`` (seat 0 first) one card at a time from the
    dealer's left, then holds ``then``, then every other card of ``cards`` in their order."""
    first = (dealer + 1) % players
    size = len(hands[0]) if hands else 0
    order = [hands[(first + k) % players][i] for i in range(size) for k in range(players)] + list(then)
    taken = set(order)
    return order + [c for c in cards if c not in taken]


def deal(deck: Sequence[str], players: int, dealer: int, stake: int, options: Mapping[str, Any]) -> State:
    """DEAL-1..3 (VAR-HANDSIZE-1): the cards one at a time from the dealer's left, the
    upcard, the stock; then DEALT-1..3 (VAR-LOWDEALT-1, VAR-DEALTTONKS-1)."""
    rules = {**DEFAULTS, **options}
    if not 2 <= players <= rules["max_players"]:
        raise ModelError(f"{players} players under max_players {rules['max_players']}")
    if sorted(deck) != sorted(pack(rules)):
        raise ModelError("the deck must hold every card of the ruleset's pack once")
    size = hand_size(rules, players)
    hands: list[list[str]] = [[] for _ in range(players)]
    for i in range(size * players):
        hands[(dealer + 1 + i) % players].append(deck[i])
    rest = list(deck[size * players :])
    pile = [rest.pop(0)] if rules["upcard"] else []
    st = State(
        rules=rules,
        players=players,
        dealer=dealer,
        stake=stake,
        hands=hands,
        spreads=[],
        stock=rest,
        pile=pile,
        to_act=(dealer + 1) % players,
        stage="start",
        dealt=[list(h) for h in hands],
    )
    res = settle.dealt([st.r.total(h) for h in hands], stake, st.r)  # every dealt card, CARD-4 aside
    if res is not None:
        _end(st, res)
    return st


def deal_hands(
    players: int,
    dealer: int,
    options: Mapping[str, Any],
    hands: Sequence[Sequence[str]],
    upcard: str | None,
    stock_top: Sequence[str] = (),
    stake: int = 1,
) -> State:
    """A stacked deal: the given hands (seat 0 first), the upcard, then ``stock_top`` and
    every other card of the pack in code order (the scenario format's rule for a deal
    given as hands)."""
    rules = {**DEFAULTS, **options}
    size = hand_size(rules, players)
    if len(hands) != players or any(len(h) != size for h in hands):
        raise ModelError(f"{players} hands of {size} cards")
    used = [c for h in hands for c in h] + ([upcard] if upcard else []) + list(stock_top)
    if len(set(used)) != len(used):
        raise ModelError(f"a card is dealt twice: {sorted({c for c in used if used.count(c) > 1})}")
    the_pack = pack(rules)
    if any(c not in the_pack for c in used):
        raise ModelError(f"cards not in the pack: {[c for c in used if c not in the_pack]}")
    if bool(upcard) != bool(rules["upcard"]):
        raise ModelError("an upcard iff the ruleset turns one")
    deck = stack(players, dealer, hands, ([upcard] if upcard else []) + list(stock_top), the_pack)
    return deal(deck, players, dealer, stake, rules)


def _end(st: State, res: Result) -> None:
    st.result = res
    st.stage = "over"
    st.to_act = None


# ------------------------------------------------------------------------------ actions
_FIELDS = {
    "knock": ({"type"}, {"type", "discard"}),
    "draw": ({"type", "from"}, {"type", "from"}),
    "discard": ({"type", "card"}, {"type", "card"}),
    "spread": ({"type", "cards"}, {"type", "cards"}),
    "hit": ({"type", "card", "spread"}, {"type", "card", "spread"}),
    "declare": ({"type"}, {"type"}),
}


def parse_action(action: object) -> dict[str, Any]:
    """Check an action's form (spec/schemas/action.json); raise malformed_action."""
    bad = Illegal("malformed_action")
    if not isinstance(action, dict):
        raise bad
    kind = action.get("type")
    if kind not in _FIELDS:
        raise bad
    need, allowed = _FIELDS[kind]
    if not need <= set(action) <= allowed:
        raise bad
    if kind == "knock" and "discard" in action and not is_card(action["discard"]):
        raise bad
    if kind == "draw" and action["from"] not in ("stock", "discard"):
        raise bad
    if kind in ("discard", "hit") and not is_card(action["card"]):
        raise bad
    if kind == "spread" and not (isinstance(action["cards"], list) and all(is_card(c) for c in action["cards"])):
        raise bad
    if kind == "hit" and type(action["spread"]) is not int:
        raise bad
    return action


def check(st: State, seat: int, action: object) -> str | None:
    """The reason the action is illegal, or None if it is legal."""
    try:
        apply(st, seat, action)
    except Illegal as e:
        return e.reason
    return None


def apply(st: State, seat: int, action: object) -> State:
    """The state after the action (a new object); raise Illegal if it is illegal."""
    a = parse_action(action)
    if st.stage == "over":
        raise Illegal("hand_over")  # TURN-10
    new = _clone(st)
    if seat != st.to_act:
        if a == {"type": "draw", "from": "discard"} and may_eat(st, seat):
            new.to_act = seat  # VAR-EAT-1: the eater plays the turn; the seats between lose theirs
            _draw(new, seat, "discard")
            return new
        raise Illegal("not_your_turn")  # TURN-10
    kind = a["type"]
    if kind == "draw":
        _draw(new, seat, a["from"])
    elif kind == "knock":
        _knock(new, seat, a.get("discard"))
    elif kind == "discard":
        _discard(new, seat, a["card"])
    elif kind == "spread":
        _spread(new, seat, list(a["cards"]))
    elif kind == "declare":
        _declare(new, seat)
    else:
        _hit(new, seat, a["card"], a["spread"])
    return new


def _clone(st: State) -> State:
    new = copy.copy(st)
    new.hands = [list(h) for h in st.hands]
    new.spreads = [Spread(sp.owner, list(sp.cards), sp.shape) for sp in st.spreads]
    new.stock = list(st.stock)
    new.pile = list(st.pile)
    new.locks = list(st.locks)
    new.waits = list(st.waits)
    return new


def may_eat(st: State, seat: int) -> bool:
    """VAR-EAT-1: under eating, a seat other than the one to act and the one who just
    discarded may take that discard before the player to act acts; not the upcard, which
    nobody discarded; under must_use_taken only a card it can use at once."""
    me = st.to_act
    if not st.rules["eating"] or me is None or st.stage != "start" or not st.pile or st.turn == 0:
        return False
    if st.knocker is not None:  # nobody eats during the last turns after a knock
        return False
    if not 0 <= seat < st.players or seat in (me, (me - 1) % st.players):
        return False
    return usable_at_once(st, seat, st.pile[-1])


def usable_at_once(st: State, seat: int, card: str) -> bool:
    """VAR-MUSTUSE-1: the card can be used at once by a play that is then legal: a new
    spread with cards from the hand, or a hit the ruleset allows on a spread on the table.
    Each such play is tried on the state just after the take; a use the rules would refuse
    there (a hit that ends the turn keeping a forced spread, VAR-HITEND-1 and VAR-FORCED-1)
    is no use."""
    if not st.rules["must_use_taken"]:
        return True
    after = _clone(st)
    after.to_act = seat
    after.pile.pop()
    after.hands[seat].append(card)
    after.taken = card
    after.stage = "drawn"
    uses: list[dict[str, Any]] = [{"type": "hit", "card": card, "spread": i} for i in range(len(st.spreads))]
    uses += [
        {"type": "spread", "cards": list(sp)} for sp in spreads_within(after.hands[seat], st.r) if card in sp
    ]
    return any(check(after, seat, use) is None for use in uses)


def _first_round(st: State) -> bool:
    """TURN-4 with first_turn_knock = false: nobody knocks in the first round of turns."""
    return st.turn < st.players


def _draw(st: State, seat: int, source: str) -> None:
    if st.stage != "start":
        raise Illegal("already_drawn")  # TURN-6
    if source == "discard":
        if not st.pile:
            raise Illegal("discard_pile_empty")  # TURN-9, VAR-NOUP-1
        if not usable_at_once(st, seat, st.pile[-1]):
            raise Illegal("must_use_taken")  # VAR-MUSTUSE-1
        card = st.pile.pop()
        st.hands[seat].append(card)
        st.taken = card
        st.stage = "drawn"
        return
    if not st.stock:
        mode = st.rules["empty_stock"]  # STOCK-2, STOCK-3
        if mode == "reshuffle" and len(st.pile) > 1:
            top = st.pile[-1]
            st.stock = list(st.pile[:-1])  # turned over: the bottom card becomes the top
            st.pile = [top]
        else:
            _end(st, settle.stock_out(st.totals(), st.stake, st.r, dead=(mode == "dead")))
            return
    st.hands[seat].append(st.stock.pop(0))
    st.stage = "drawn"


def _discarding(st: State, seat: int, card: str) -> list[str]:
    """The hand kept when ``card`` is discarded, if the card may be discarded (TURN-7,
    TURN-11, VAR-MUSTUSE-1)."""
    if card not in st.hands[seat]:
        raise Illegal("not_in_hand")  # TURN-11
    if st.pending_taken():
        raise Illegal("must_use_taken")  # VAR-MUSTUSE-1
    if not _may_discard(st, seat, card):
        raise Illegal("taken_card")  # TURN-7
    return [c for c in st.hands[seat] if c != card]


def _may_discard(st: State, seat: int, card: str) -> bool:
    """TURN-7: the taken card may not be discarded in the same turn (option discard_taken
    allows it; option discard_taken_last allows it as the last card held)."""
    if card != st.taken or st.rules["discard_taken"]:
        return True
    return bool(st.rules["discard_taken_last"]) and st.hands[seat] == [card]


def _knock(st: State, seat: int, discard: str | None) -> None:
    if st.knocker is not None:
        raise Illegal("knock_timing")  # PAY-KNOCK-1: no knock in a last turn after a knock
    timing = st.rules["knock_timing"]
    if st.stage == "start":
        if timing == "after_draw":
            raise Illegal("knock_timing")  # TURN-3
        if discard is not None:
            raise Illegal("knock_discard")
        kept = list(st.hands[seat])
    else:
        if timing == "start":
            raise Illegal("knock_timing")  # TURN-3
        if st.rules["knock_with_discard"]:
            if discard is None:
                raise Illegal("knock_discard")
            kept = _discarding(st, seat, discard)
        else:
            # VAR-KNOCKHELD-1: a knock after drawing names no discard; judged on every card held
            if discard is not None:
                raise Illegal("knock_discard")
            if st.pending_taken():
                raise Illegal("must_use_taken")  # VAR-MUSTUSE-1
            kept = list(st.hands[seat])
    if not st.rules["first_turn_knock"] and _first_round(st):
        raise Illegal("first_turn_knock")  # TURN-4
    if st.locks[seat] > 0:
        raise Illegal("hit_lock")  # VAR-HITLOCK-1
    if st.waits[seat] > 0:
        raise Illegal("knock_wait")  # VAR-KNOCKWAIT-1
    limit = st.rules["knock_limit"]
    if limit is not None and count(kept, st.r) > limit:
        raise Illegal("knock_limit")  # VAR-KNOCKLIMIT-1
    if st.rules["forced_spreads"] and holds_forced_spread(kept, st.r):
        raise Illegal("forced_spread")  # VAR-FORCED-2
    if st.stage == "drawn" and must_lay_first(st, seat):
        raise Illegal("forced_spread")  # VAR-FORCED-1, forced_spreads_timing = at_once
    if discard is not None:
        st.hands[seat] = kept
        st.pile.append(discard)
        if not kept:
            # OUT-2 has no exception: a discard that leaves no card in hand goes out.
            _end(st, settle.out_by_discard(seat, st.players, st.stake))
            return
    if st.rules["after_knock"] == "one_turn_each":
        # the knocker's turn ends, then each other player plays one more (PAY-KNOCK-1); a turn
        # limit does not cut these turns short
        st.knocker = seat
        st.last = st.players
        _end_turn(st, seat)
        return
    _end(st, settle.knock(seat, st.totals(), st.stake, st.r))


def _discard(st: State, seat: int, card: str) -> None:
    if st.stage != "drawn" and not st.rules["discard_without_draw"]:
        raise Illegal("must_draw_first")  # TURN-6 (VAR-NODRAW-1 allows a discard instead of the draw)
    kept = _discarding(st, seat, card)
    if st.rules["forced_spreads"] and holds_forced_spread(kept, st.r):
        raise Illegal("forced_spread")  # VAR-FORCED-1
    if must_lay_first(st, seat):
        raise Illegal("forced_spread")  # VAR-FORCED-1, forced_spreads_timing = at_once
    st.hands[seat] = kept
    st.pile.append(card)
    if not kept and st.knocker is None:  # OUT-2, PAY-OUT-2
        _end(st, settle.out_by_discard(seat, st.players, st.stake))
        return
    _end_turn(st, seat)


def _end_turn(st: State, seat: int) -> None:
    """The turn ends: the house rules' knock counters go down by one (VAR-HITLOCK-1,
    VAR-KNOCKWAIT-1) and the next seat is to act (TURN-1); the end of the last of the
    last turns after a knock settles the knock (PAY-KNOCK-1)."""
    # STOCK-3 (empty_stock = last_turn): a last turn after a knock that drew the last stock
    # card ends the hand at the empty stock like any other turn, and the knock is not settled
    drew_last = (
        st.knocker is not None and seat != st.knocker and st.stage == "drawn" and st.taken is None
        and st.rules["empty_stock"] == "last_turn" and not st.stock
    )
    st.locks[seat] = max(0, st.locks[seat] - 1)
    st.waits[seat] = max(0, st.waits[seat] - 1)
    st.to_act = (seat + 1) % st.players  # TURN-1
    st.stage = "start"
    st.turn += 1
    st.taken = None
    st.hits = 0
    st.laid = False
    st.laid_now = 0
    if st.knocker is not None and not drew_last:
        st.last -= 1
        if st.last == 0:
            _end(st, settle.knock(st.knocker, st.totals(), st.stake, st.r))
    elif st.rules["empty_stock"] == "last_turn" and not st.stock:
        # STOCK-3 (empty_stock = last_turn): the turn that drew the last stock card has
        # ended, so the hand ends, settled as at an empty stock
        _end(st, settle.stock_out(st.totals(), st.stake, st.r, dead=False))
    elif st.rules["turn_limit"] is not None and st.turn >= st.rules["turn_limit"]:
        # STOCK-1: the turn limit ends the hand, settled as at the empty stock or dead
        dead = st.rules["turn_limit_end"] == "dead"
        _end(st, settle.stock_out(st.totals(), st.stake, st.r, dead, ending="turn_limit"))


def must_lay_first(st: State, seat: int) -> bool:
    """VAR-FORCED-1 under forced_spreads_timing = at_once: the hand (before the discard)
    holds a spread it could lay now, other than exactly three natural aces; one whose laying
    would leave only the card taken from the pile (TURN-8) cannot be laid, so does not count."""
    return _must_lay(st, st.hands[seat])


def _must_lay(st: State, hand: list[str]) -> bool:
    """:func:`must_lay_first` for a given hand."""
    if not (st.rules["forced_spreads"] and st.rules["forced_spreads_timing"] == "at_once"):
        return False
    for sp in spreads_within(hand, st.r):
        if len(sp) == 3 and all(c in ("Ac", "Ad", "Ah", "As") for c in sp):
            continue
        if not _leaves_only_taken(st, [c for c in hand if c not in sp]):
            return True
    return False


def _leaves_only_taken(st: State, rest: list[str]) -> bool:
    """TURN-8 (D22), unless the taken card could then be discarded."""
    if st.rules["discard_taken"] or st.rules["discard_taken_last"]:
        return False
    return st.taken is not None and rest == [st.taken]


def _spread(st: State, seat: int, cards: list[str]) -> None:
    if st.stage != "drawn":
        raise Illegal("must_draw_first")  # SPREAD-4
    seen: set[str] = set()
    for c in cards:
        if c not in st.hands[seat]:
            raise Illegal("not_in_hand")  # TURN-11
        if c in seen:
            raise Illegal("duplicate_card")  # TURN-11
        seen.add(c)
    shape = read_spread(cards, st.r)
    if shape is None:
        raise Illegal("not_a_spread")  # SPREAD-1..3, VAR-WILD-1
    if st.pending_taken() and st.taken not in seen:
        raise Illegal("must_use_taken")  # VAR-MUSTUSE-1
    rest = [c for c in st.hands[seat] if c not in seen]
    if _leaves_only_taken(st, rest):
        raise Illegal("last_card_taken")
    st.hands[seat] = rest
    st.spreads.append(Spread(seat, list(cards), shape))
    st.laid = True
    st.laid_now += 1
    wait = st.rules["spread_knock_wait"]
    if wait:
        st.waits[seat] = wait + 1  # this turn and the next N (VAR-KNOCKWAIT-1)
    reem = st.rules["reem"]
    if reem != "none" and st.knocker is None:
        # VAR-REEM-1: a second spread (in this turn, or ever) wins at once, cards left or not
        mine = st.laid_now if reem == "one_turn" else sum(1 for sp in st.spreads if sp.owner == seat)
        if mine >= 2:
            _end(st, settle.reem(seat, st.players, st.stake))
            return
    if not rest:
        _out_of_cards(st, seat)


def _hit(st: State, seat: int, card: str, index: int) -> None:
    if st.stage != "drawn":
        raise Illegal("must_draw_first")  # HIT-2
    if card not in st.hands[seat]:
        raise Illegal("not_in_hand")  # TURN-11
    if not 0 <= index < len(st.spreads):
        raise Illegal("no_such_spread")
    target = st.spreads[index]
    if st.rules["hit_targets"] == "runs" and target.kind != "run":
        raise Illegal("hit_target")  # HIT-1
    if st.rules["hits_per_turn"] == "one" and st.hits >= 1:
        raise Illegal("hit_limit")  # HIT-4
    shape = fits(target, card, st.r)
    if shape is None:
        raise Illegal("hit_does_not_fit")  # HIT-3, VAR-WILD-2
    if st.pending_taken() and card != st.taken:
        raise Illegal("must_use_taken")  # VAR-MUSTUSE-1
    rest = [c for c in st.hands[seat] if c != card]
    ends = bool(st.rules["hit_ends_turn"])
    if ends:
        # VAR-HITEND-1: the hit ends the turn, so the hand kept is held to forced spreads
        # as at a discard, and TURN-8's dead end cannot arise
        if rest and st.rules["forced_spreads"] and holds_forced_spread(rest, st.r):
            raise Illegal("forced_spread")
        if rest and _must_lay(st, rest):
            raise Illegal("forced_spread")
    elif _leaves_only_taken(st, rest):
        raise Illegal("last_card_taken")
    st.hands[seat] = rest
    st.spreads[index] = Spread(target.owner, [*target.cards, card], shape)
    st.hits += 1
    if target.owner != seat and st.rules["hit_lock"]:
        # VAR-HITLOCK-1; with hit_lock_further a hit on a player still locked adds that many
        further = st.rules["hit_lock_further"]
        st.locks[target.owner] += st.rules["hit_lock"] if further is None or st.locks[target.owner] == 0 else further
    if not rest:
        _out_of_cards(st, seat)
    elif ends:
        _end_turn(st, seat)


def _out_of_cards(st: State, seat: int) -> None:
    """Every card laid or hit: a tonk out (OUT-1), or, in a last turn after a knock, the
    end of that turn with nothing left to count (PAY-KNOCK-1)."""
    if st.knocker is not None:
        _end_turn(st, seat)
    else:
        _end(st, settle.tonk_out(seat, st.players, st.stake, st.r, st.laid))



def _declare(st: State, seat: int) -> None:
    """VAR-SPECIAL-1: at the start of a turn (only in the first round under first_turn),
    a player holding as many cards as were dealt, totalling exactly 41 or 10 or less, declares it:
    the hand ends and the declarer receives 3S from each other player."""
    mode = st.rules["special_hands"]
    if mode == "none" or st.stage != "start" or st.knocker is not None:
        raise Illegal("declare_timing")
    if mode == "first_turn" and not _first_round(st):
        raise Illegal("declare_timing")
    hand = st.hands[seat]
    total = st.r.total(hand)
    if len(hand) != hand_size(st.rules, st.players) or not (total == 41 or total <= 10):
        raise Illegal("not_special")
    _end(st, settle.special_hand(seat, st.totals(), st.stake))  # the totals as CARD-4 counts them
