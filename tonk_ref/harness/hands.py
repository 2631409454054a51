"""Random hands as cases: the one way the harness turns play into something to check.

A *generated* case is a hand played on the reference engine (a random deck, random play,
under one ruleset) written as a case of the one case model: every action with the
reference's decision (accepted, or refused with its reason) and the final state with its
result.  The table run's generated block (:mod:`.block`) and differential fuzzing
(:mod:`.fuzz`) both make their hands here and run them with the one runner, so a
difference from the reference is a typed failure of :func:`~.runner.run_case` like any
other.

The pieces: :func:`random_ruleset` and :func:`random_setup` (the deal), the reference's
play (:mod:`tonk_ref.adapters.reference`), and :func:`hand_case` (a played hand as a
case).  Hand N of seed S is always the same hand: every random choice is seeded by both.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..adapters import reference as R
from ..adapters.fields import state_fields
from ..engine.cards import NAMES, cards_of, pack_mask
from ..engine.ruleset import DEFAULT, Ruleset, option_values
from ..rulebook.applicability import reasons_reachable
from .case import Act, Case, Expect, Step, new_hand_setup

JSON = dict[str, Any]
Move = tuple[int, JSON]

#: The required state fields a generated case expects after its last action as the
#: reference gives them (the fields of play but the spreads, expected by owner and cards,
#: and the result, expected apart).
TABLE_FIELDS = tuple(f for f in state_fields().of_play if f not in ("spreads", "result"))
#: How many actions a seeded hand of a table run plays at most.
MAX_ACTIONS = 400


def random_ruleset(
    rng: random.Random,
    options: dict[str, tuple[Any, ...]] | None = None,
    p_default: float = 0.5,
    bounded: bool = True,
) -> Ruleset:
    """A ruleset whose options each keep the default with probability ``p_default`` and
    otherwise take a random allowed value (of ``options``, e.g. the values an engine
    declared; by default every value the reference knows); an option whose default is not
    allowed (a house table that plays only another value) always takes an allowed one.
    ``max_players`` stays 3 unless the values allow more, and never drops below what the
    caller seats.

    With ``bounded``, every hand has an end: where ``turn_limit`` would stay at its
    default (no limit) and a limit is allowed, it takes the largest limit allowed, which
    plays exactly as no limit until that many turns have ended (STOCK-1).  An engine
    that offers no limit is bounded only by the play's ``max_actions``."""
    known = option_values()
    allowed = options if options is not None else known
    changes: dict[str, Any] = {}
    for name, values in known.items():
        default = getattr(DEFAULT, name)
        choices = [v for v in allowed.get(name, (default,)) if v in values]
        if choices and not any(type(v) is type(default) and v == default for v in choices):
            changes[name] = rng.choice(choices)  # the default is not allowed: always one that is
        elif len(choices) > 1 and rng.random() >= p_default:
            changes[name] = rng.choice(choices)
    limits = [v for v in allowed.get("turn_limit", ()) if isinstance(v, int) and v in known["turn_limit"]]
    if bounded and changes.get("turn_limit") is None and limits:
        changes["turn_limit"] = max(limits)
    return DEFAULT.replace(**changes)


def deals(rules: Ruleset, players: int) -> bool:
    """Whether the pack of ``rules`` deals ``players`` hands with a card to spare (the
    upcard, or the stock's first)."""
    return players * rules.hand_size_for(players) + 1 <= len(cards_of(pack_mask(rules.deck, rules.jokers)))


def seated(rules: Ruleset, players: int, options: dict[str, tuple[Any, ...]]) -> Ruleset | None:
    """``rules``, or where its pack cannot deal ``players`` hands, the same with the largest
    hand size and pack among the values of ``options`` that can (None: none can)."""
    if deals(rules, players):
        return rules
    known = option_values()
    sizes = [rules.replace(hand_size=v) for v in options.get("hand_size", ()) if v in known["hand_size"]]
    decks = sorted((v for v in options.get("deck", ()) if v in known["deck"]), reverse=True)
    for deck in decks or [rules.deck]:
        for sized in sorted(sizes or [rules], key=lambda r: r.hand_size_for(players), reverse=True):
            candidate = sized.replace(deck=deck)
            if deals(candidate, players):
                return candidate
    return None


def random_setup(
    rng: random.Random, rules: Ruleset = DEFAULT, players: int | None = None, stake: int | None = None,
    low: bool = False,
) -> JSON:
    """A ``new_hand`` setup: a shuffled deck, 2 or 3 players (up to ``max_players`` when
    it allows 4), a random dealer and stake; with ``low``, the cards of ranks ace to four
    on top, shuffled among themselves (low hands, close totals)."""
    pack = cards_of(pack_mask(rules.deck, rules.jokers))
    n = players if players is not None else rng.choice([2, 2, 3, 3, 3] + ([4] if rules.max_players >= 4 else []))
    while players is None and n > 2 and not deals(rules, n):
        n -= 1
    deck = list(pack)
    rng.shuffle(deck)
    if low:
        deck.sort(key=lambda c: c < 52 and c % 13 > 3)  # stable: the shuffle stands within each part
    return new_hand_setup(rules, n, rng.randrange(n), stake if stake is not None else rng.choice([1, 1, 1, 2, 5]),
                          [NAMES[c] for c in deck])


def table_fields(state: JSON) -> JSON:
    """The required fields of a state but its result: the hands, the spreads (owner and
    cards), the discard pile's top and size, the stock's size, who acts and the stage."""
    out = {k: state[k] for k in TABLE_FIELDS}
    out["spreads"] = [{"owner": s["owner"], "cards": s["cards"]} for s in state["spreads"]]
    return out


def result_fields(result: JSON | None) -> JSON | None:
    """What a generated case expects of a result: the ending, the winners, the net and
    the payments (checked for an engine with ``payments``), and the totals and the
    knocker where the reference gives them."""
    if result is None:
        return None
    want: JSON = {k: result[k] for k in ("ending", "winners", "net") if k in result}
    want["payments"] = [{k: p[k] for k in ("payer", "payee", "amount")} for p in result.get("payments") or []]
    for k in ("totals", "knocker"):
        if result.get(k) is not None:
            want[k] = result[k]
    return want


def hand_case(
    played: R.Playout,
    *,
    case_id: str,
    title: str,
    source: str,
    probes: Sequence[int] | None = None,
    trace: bool = False,
) -> Case:
    """A played hand as a generated case: each move with the reference's answer (a move
    at an index of ``probes``, by default the play's own probes, must also leave the state
    as it was), then the final state and result; with ``trace``, the state after every
    accepted move too."""
    steps: list[Step] = []
    probed = set(played.probes if probes is None else probes)
    states = played.probe_states
    last = len(played.moves) - 1
    for i, ((seat, action), answer) in enumerate(zip(played.moves, played.answers, strict=True)):
        if i not in probed and not trace:  # the commonest step: an action and its answer
            steps.append(Act(seat, action, None if answer.ok else answer.reason))
            continue
        before = states.get(i)
        # a probe's refusal must leave the state as it was: the state at the probe is expected
        # after it where the play recorded it (one request more), else the runner compares
        # the states before and after
        steps.append(Act(seat, action, refuse=None if answer.ok else answer.reason,
                         unchanged=i in probed and before is None))
        if i in probed and before is not None and i < last:
            steps.append(Expect(table_fields(before), text=f"the state after probe {i + 1}, as before it"))
        elif trace and answer.ok and answer.state is not None and i < last:
            steps.append(Expect(table_fields(answer.state), text=f"the state after move {i + 1}"))
    steps.append(Expect(table_fields(played.final), text="the final state"))
    rules = Ruleset.from_mapping(played.setup.get("ruleset") or {})
    return Case(
        id=case_id,
        title=title,
        kind="generated",
        rules=tuple(sorted(played.cited)),
        source=source,
        line=0,
        setup=played.setup,
        steps=tuple(steps),
        result=result_fields(played.result),
        ruleset=rules,
        origin="generated",
    )


def probes_for(table: Ruleset, key: str, want: str | None = None) -> R.Probes:
    """The probes of a generated hand: sharp refusals of every reason the table can reach,
    or, for a hand made to reach one reason (``want``), that reason at most points."""
    if want is not None:
        return R.Probes(rate=1.0, most=4, want=frozenset({want}), seed=f"probe:{key}:{want}")
    return R.Probes(want=frozenset(reasons_reachable(table)), seed=f"probe:{key}")


#: The styles of random play a generated hand may have: the usual one, patient play (no
#: knock, few spreads: hands that reach the empty stock), and eager play on low hands
#: (knocks on close totals: ties at the knock).
STYLES: dict[str, dict[str, float] | None] = {"": None, "patient": R.PATIENT_WEIGHTS, "low": R.EAGER_WEIGHTS}


def seeded_hand(table: Ruleset, seed: int, game: int, want: str | None = None, style: str = "",
                players: int | None = None) -> Case:
    """Seeded hand ``game`` under ``table`` (a table run's generated case
    ``generated-S-N``; ``generated-S-N-REASON`` for one made to reach a refusal reason,
    ``generated-S-N-patient`` or ``-low`` for one of another style of play, :data:`STYLES`;
    ``...-Np`` for one dealt to ``players`` seats): every decision, the probes along
    the way and the final state, as the reference plays them."""
    rng = random.Random(f"table:{seed}:{game}" + (f":{style}" if style else "") + (f":{players}p" if players else ""))
    setup = random_setup(rng, table, players, low=style == "low")
    played = R.random_hand(rng, setup, max_actions=MAX_ACTIONS, probes=probes_for(table, f"{seed}:{game}", want),
                           weights=STYLES[style])
    suffix = (f"-{want}" if want else f"-{style}" if style else "") + (f"-{players}p" if players else "")
    return hand_case(played, case_id=f"generated-{seed}-{game + 1}{suffix}",
                     title=f"seeded hand {game + 1} (seed {seed}) under the table's rules, as the reference plays it"
                           + (f", probing {want}" if want else ""),
                     source=f"generated:seed {seed}, hand {game + 1}" + (f", probing {want}" if want else ""))
