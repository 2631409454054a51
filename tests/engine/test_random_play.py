"""Properties checked on every state of seeded random hands under many rulesets:

- legal_actions: every listed action is accepted by ``apply`` on a copy, and every other
  well-formed candidate (knocks, draws, every discard and knock-discard of a held card and
  of a card not held, every subset of the hand as a spread, every held card as a hit on
  every spread index and two indices that do not exist) is refused (TURN-*, SPREAD-*, HIT-*);
- observations never show another seat's hand during play, nor the discard pile below its
  top, nor the stock (OBS-1, OBS-2), and show every hand after a dealt tonk, a knock or an
  empty stock (OBS-3);
- every event and payment cites a rule of spec/rules.yaml, and the net sums to zero
  (STAKE-2).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import combinations

import pytest
from enginekit import rule_ids

from tonk_ref.engine import actions as A
from tonk_ref.engine.actions import Action
from tonk_ref.engine.cards import NAMES, pack_mask
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.ruleset import DEFAULT, Ruleset
from tonk_ref.engine.serialize import observation_to_json

rule = pytest.mark.rule

RULESETS: dict[str, Ruleset] = {
    "seed": DEFAULT,
    "no-upcard": DEFAULT.replace(upcard=False),
    "forced-spreads": DEFAULT.replace(forced_spreads=True),
    "knock-any": DEFAULT.replace(knock_timing="any", first_turn_knock=False),
    "knock-after-draw": DEFAULT.replace(knock_timing="after_draw"),
    "one-hit-runs-only": DEFAULT.replace(hits_per_turn="one", hit_targets="runs"),
    "discard-taken": DEFAULT.replace(discard_taken=True),
    "discard-taken-last": DEFAULT.replace(discard_taken_last=True),
    "ace-high-deadwood": DEFAULT.replace(ace="low_or_high", count_held_spreads=False),
    "reshuffle-new-spread": DEFAULT.replace(empty_stock="reshuffle", tonk_out_double="new_spread"),
    "four-players": DEFAULT.replace(max_players=4, stock_tie="split"),
    "jokers-deuces-40": DEFAULT.replace(jokers=2, deuces_wild=True, deck=40, wild_min_naturals=2),
    "seven-cards-must-use": DEFAULT.replace(hand_size=7, must_use_taken=True, dealt_tonk="none"),
    "locks-waits-limits": DEFAULT.replace(hit_lock=1, spread_knock_wait=1, knock_limit=10, knock_timing="any",
                                          low_knock_bonus=13, eating=True, max_players=4,
                                          face_values="11-12-13"),
    "dealt-variants": DEFAULT.replace(low_dealt_double=15, dealt_tonks="split", jokers=2, joker_value=0),
}
HANDS = 5  # random hands per ruleset
SHOWN = {"dealt_tonk", "dealt_draw", "knock_won", "knock_caught", "stock_out"}


def pick(rng: random.Random, legal: list[Action], hand: Hand) -> Action:
    """A policy that plays long, varied hands: spreads and hits almost always, discards
    of high cards rather than low ones, knocks mostly once the stock is low."""
    weights = []
    for a in legal:
        if a.type == A.KNOCK:
            weights.append(0.5 if hand.stock_count < 8 else 0.005)
        elif a.type in (A.SPREAD, A.HIT):
            weights.append(30.0)
        elif a.type == A.DISCARD:
            weights.append(1.0 + (a.card % 13))
        else:
            weights.append(4.0)
    return rng.choices(legal, weights)[0]


_PLAYED: dict[tuple[str, int], list[tuple[Hand, Action | None]]] = {}


def random_hands(name: str, count: int) -> list[tuple[Hand, Action | None]]:
    """Every state (a copy) of ``count`` seeded random hands under ruleset ``name``, each
    with the action played next (None for the final state of a hand)."""
    key = (name, count)
    if key not in _PLAYED:
        rules = RULESETS[name]
        rng = random.Random(name)
        states: list[tuple[Hand, Action | None]] = []
        for k in range(count):
            players = 2 + k % (rules.max_players - 1)
            pack = pack_mask(rules.deck, rules.jokers)
            deck = [c for c in range(54) if pack >> c & 1]
            rng.shuffle(deck)
            h = Hand(deck, players, rng.randrange(players), 1 + k % 3, rules)
            steps = 0
            while not h.is_over and steps < 400:
                a = pick(rng, h.legal_actions(), h)
                states.append((h.copy(), a))
                h.apply(a, h.to_act)
                steps += 1
            states.append((h, None))
        _PLAYED[key] = states
    return _PLAYED[key]


def interesting(h: Hand, legal: list[Action]) -> bool:
    """States always worth the full candidate check: a card taken from the pile (D10,
    D22), an empty stock or pile, a hand that can lay a spread or hit."""
    return (
        h.taken is not None
        or h.stock_count == 0
        or h.discard_count == 0
        or any(a.type in (A.SPREAD, A.HIT) for a in legal)
    )


def candidates(h: Hand) -> list[Action]:
    seat = h.to_act
    assert seat is not None
    hand = h.hand(seat)
    outside = next(c for c in range(52) if c not in hand)
    out = [A.knock(), A.draw("stock"), A.draw("discard")]
    for c in [*hand, outside]:
        out += [A.discard(c), A.knock(c)]
        out += [A.hit(c, i) for i in range(-1, len(h.spreads) + 1)]
    for k in range(3, len(hand) + 1):
        out += [A.spread(combo) for combo in combinations(hand, k)]
    out.append(A.spread((*hand[:2], outside)))
    out.append(A.spread(hand[:2]))
    return out


@pytest.mark.parametrize("name", sorted(RULESETS))
@rule("TURN-2", "TURN-3", "TURN-5", "TURN-6", "TURN-7", "TURN-8", "SPREAD-1", "HIT-1", "HIT-3", "VAR-FORCED-1")
def test_legal_actions_are_exactly_the_accepted_ones(name: str) -> None:
    states = 0
    for i, (h, _) in enumerate(random_hands(name, HANDS)):
        if h.is_over:
            assert h.legal_actions() == []
            continue
        legal = h.legal_actions()
        assert legal, "a player to act always has a legal action"
        assert len(set(legal)) == len(legal)
        if i % (3 if interesting(h, legal) else 15):
            continue
        for a in legal:
            assert h.is_legal(a), f"{a} is listed but refused"
        listed = set(legal)
        cands = candidates(h)
        assert listed <= set(cands)
        for a in cands:
            assert h.is_legal(a) == (a in listed), f"{a}: listed {a in listed}"
        states += 1
    assert states >= 20


@pytest.mark.parametrize("name", sorted(RULESETS))
@rule("OBS-1", "OBS-2", "OBS-3")
def test_observations_show_only_what_a_seat_may_see(name: str) -> None:
    endings: set[str] = set()
    for i, (h, _) in enumerate(random_hands(name, HANDS)):
        if i % 7 and not h.is_over:
            continue
        pile = h.discard_pile()
        below_top = pile[:-1]
        for seat in range(h.players):
            obs = observation_to_json(h, seat)
            assert obs["seat"] == seat and obs["hand"] == [NAMES[c] for c in h.hand(seat)]
            assert obs["hand_sizes"] == [len(h.hand(s)) for s in range(h.players)]
            assert obs["discard_top"] == (NAMES[pile[-1]] if pile else None)
            assert obs["discard_count"] == len(pile) and obs["stock_count"] == h.stock_count
            shown = h.result is not None and h.result.ending in SHOWN
            hidden = list(below_top) + h.stock()
            for s in range(h.players):
                if s == seat:
                    continue
                if shown:
                    assert obs["hands"][s] == [NAMES[c] for c in h.hand(s)]
                else:
                    assert obs["hands"][s] is None
                    hidden += h.hand(s)
            text = json.dumps(obs)
            leaked = [NAMES[c] for c in hidden if f'"{NAMES[c]}"' in text]
            assert not leaked, f"seat {seat} sees {leaked}"
        if h.result is not None:
            endings.add(h.result.ending)
    assert endings & SHOWN


@pytest.mark.parametrize("name", sorted(RULESETS))
@rule("STAKE-2", "GAME-1")
def test_events_cite_rules_and_the_net_sums_to_zero(name: str) -> None:
    known = rule_ids()
    ended = 0
    for h, _ in random_hands(name, HANDS):
        if not h.is_over:
            continue
        ended += 1
        assert all(e.rule in known for e in h.events), [e for e in h.events if e.rule not in known]
        assert h.result is not None
        assert sum(h.result.net, Fraction(0)) == 0
        assert all(p.rule in known and p.amount > 0 and p.payer != p.payee for p in h.result.payments)
        if h.result.ending not in ("dealt_draw", "stock_out"):
            assert h.result.winners
    assert ended == HANDS
