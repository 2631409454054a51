"""Random play under random rulesets never reaches a position with no legal action.

A hand in play always leaves the player to act something to do: the rules see to it
where they could meet in a dead end (TURN-8 for the card taken from the discard pile,
VAR-MUSTUSE-1's "a spread or a hit that is then legal" where hit_ends_turn and forced
spreads refuse the taken card's hit).  Each hand is dealt under a ruleset of
``random_ruleset`` (every option, every value) and played by the reference's random play
(``random_move``, which fails when it finds no legal action).  At each start of a turn
the take of the discard pile's top, by the player to act and by each seat that may eat,
is also tried on a copy, and the position after it must have a legal action: that is
where a card can be taken that nothing then legal uses; and after the draw each legal
spread and hit is tried too, since a play that leaves little in hand is where TURN-8's
dead end would come.  Every other hand plays with ``must_use_taken``, ``hit_ends_turn``
and ``forced_spreads`` on (the other options still random), the options under which a
taken card's only use can be refused.
"""

from __future__ import annotations

import random

from tonk_ref.adapters.reference import hand_of, random_move
from tonk_ref.engine.actions import DRAW_DISCARD, Action, IllegalAction
from tonk_ref.engine.cards import NAMES
from tonk_ref.engine.hand import Hand
from tonk_ref.harness.hands import random_ruleset, random_setup

HANDS = 1000
SEED = "no position without a legal action"
MAX_MOVES = 300
#: Random play that lays spreads and hits more often than it discards, and seldom knocks:
#: hands that shrink, where a spread or hit can leave little behind.
WEIGHTS = {"knock": 0.02, "draw": 1.0, "spread": 4.0, "hit": 4.0, "discard": 1.0}


def describe(h: Hand, seat: int) -> str:
    table = "; ".join(" ".join(NAMES[c] for c in sp.cards) for sp in h.spreads) or "-"
    taken = NAMES[h.taken] if h.taken is not None else "-"
    return (f"seat {seat} holds {' '.join(NAMES[c] for c in h.hand(seat))}, took {taken}, table {table}, "
            f"stage {h.stage}, under {h.rules.to_dict()}")


def has_action(h: Hand) -> bool:
    """Whether the player to act has a legal action (looked for one kind at a time)."""
    return any(h.legal_actions(kinds=(kind,)) for kind in ("discard", "hit", "spread", "knock", "draw", "declare"))


def takes(h: Hand) -> list[tuple[int, Action]]:
    """The takes of the discard pile's top allowed to try now: by the player to act, and
    by each seat that may eat it (VAR-EAT-1)."""
    if h.stage != "start" or h.discard_top is None:
        return []
    return [(s, DRAW_DISCARD) for s in range(h.players) if s == h.to_act or h.may_eat(s)]


def plays_to_try(h: Hand) -> list[tuple[int, Action]]:
    """The plays after which a dead end could come: at the start of a turn the takes;
    after the draw every legal spread and hit, which change what is held without ending
    the turn."""
    if h.stage == "start":
        return takes(h)
    seat = h.to_act
    assert seat is not None
    return [(seat, a) for a in h.legal_actions(kinds=("spread", "hit"))]


def tried_after(h: Hand, seat: int, play: Action, where: str) -> bool:
    """Apply ``play`` on a copy: False if it is refused, else check the position after."""
    after = h.copy()
    try:
        after.apply(play, seat)
    except IllegalAction:
        return False
    assert after.is_over or has_action(after), f"{where}: no legal action after {play}: {describe(after, seat)}"
    return True


def test_random_play_never_reaches_a_position_without_a_legal_action() -> None:
    rng = random.Random(SEED)
    tried = 0
    for k in range(HANDS):
        rules = random_ruleset(rng)
        if k % 2:
            rules = rules.replace(must_use_taken=True, hit_ends_turn=True, forced_spreads=True)
        h = hand_of(random_setup(rng, rules))
        for _ in range(MAX_MOVES):
            if h.is_over:
                break
            for seat, play in plays_to_try(h):
                tried += tried_after(h, seat, play, f"hand {k}")
            if k % 2 and h.stage == "drawn" and h.spreads:
                # each discard that ends the turn, then the next player's take of it (a
                # card whose only use could be a hit on a spread on the table)
                me = h.to_act
                for d in h.legal_actions(kinds=("discard",)):
                    after = h.copy()
                    after.apply(d, me)
                    for seat, play in takes(after):
                        tried += tried_after(after, seat, play, f"hand {k}, after {d}")
            seat = h.to_act
            assert seat is not None
            try:
                seat, action = random_move(rng, h, illegal_rate=0.0, weights=WEIGHTS)
            except AssertionError:
                raise AssertionError(f"hand {k}: no legal action: {describe(h, seat)}") from None
            h.apply(action, seat)
    assert tried > HANDS  # the plays were tried, not skipped
