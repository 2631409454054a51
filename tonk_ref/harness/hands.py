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

import functools
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


# -------------------------------------------------------------------------- rare endings
#: The rare endings a fuzzing run steers a share of its hands toward, in the order it takes
#: them: going out by hits alone (a tonk out whose turn laid no spread, OUT-1 and
#: VAR-NEWSPREAD-1), a dealt tonk and a dealt draw (DEALT-1, DEALT-2), a tie for the lowest
#: total at the empty stock (PAY-STOCK-2) and four of a kind together at the end (one
#: player's hand, or one book of four: SPREAD-2, VAR-FORCED-1, count_held_spreads).
RARE: tuple[str, ...] = ("hits_out", "dealt_tonk", "dealt_draw", "stock_tie", "four_of_a_kind")
#: Each rare ending in words.
RARE_WORDS: dict[str, str] = {"hits_out": "out by hits only", "dealt_tonk": "dealt tonk", "dealt_draw": "dealt draw",
                              "stock_tie": "empty-stock tie", "four_of_a_kind": "four of a kind"}
#: How many deals a hand steered toward a rare ending tries before it keeps the last.
RARE_TRIES = 4


def rare_reached(played: R.Playout) -> frozenset[str]:
    """The rare endings (:data:`RARE`) the hand ``played`` reached."""
    result = played.result
    if result is None:
        return frozenset()
    ending = result.get("ending")
    out: set[str] = set()
    if ending in ("dealt_tonk", "dealt_draw"):
        out.add(ending)
    totals = result.get("totals")
    if ending == "stock_out" and totals and totals.count(min(totals)) > 1:
        out.add("stock_tie")
    if ending == "tonk_out" and result.get("winners") and _by_hits_alone(played, result["winners"][0]):
        out.add("hits_out")
    if _four_together(played.final):
        out.add("four_of_a_kind")
    return frozenset(out)


def _by_hits_alone(played: R.Playout, winner: int) -> bool:
    """Whether the turn in which ``winner`` went out played hits and nothing else."""
    hit = False
    for (seat, action), answer in zip(reversed(played.moves), reversed(played.answers), strict=True):
        if not answer.ok:
            continue
        kind = action.get("type")
        if seat != winner or kind == "draw":
            break
        if kind != "hit":
            return False
        hit = True
    return hit


def _four_together(state: JSON) -> bool:
    """Whether four cards of one rank are together in one hand or one spread of ``state``."""
    def rank(card: str) -> str | None:
        return None if card.startswith("X") else card[0]

    for held in state.get("hands") or []:
        ranks = [rank(c) for c in held]
        if any(r is not None and ranks.count(r) == 4 for r in set(ranks)):
            return True
    for spread in state.get("spreads") or []:
        cards = spread.get("cards") or []
        if len(cards) == 4 and rank(cards[0]) is not None and len({rank(c) for c in cards}) == 1:
            return True
    return False


def rare_unreachable(rules: Ruleset, players: int) -> dict[str, str]:
    """The rare endings that cannot happen at ``rules`` with ``players`` players, each with
    why."""
    out: dict[str, str] = {}
    if rules.dealt_tonk == "none" and rules.low_dealt_double is None:
        out["dealt_tonk"] = out["dealt_draw"] = "no dealt total is a tonk (dealt_tonk = none)"
    elif rules.dealt_tonks == "split" and not _split_draw_deals(_dealing(rules), players):
        out["dealt_draw"] = (f"under dealt_tonks = split only a dealt tonk for each of the {players} players is a "
                             f"draw, and no deal of {players} hands of {rules.hand_size_for(players)} cards was found "
                             "that gives each one")
    if rules.hits_per_turn == "one":
        out["hits_out"] = "one hit a turn (hits_per_turn = one) cannot empty a hand after its draw"
    elif rules.hit_ends_turn:
        out["hits_out"] = "a hit ends the turn (hit_ends_turn = true)"
    if rules.empty_stock == "reshuffle" and not rules.hit_ends_turn and rules.after_knock != "one_turn_each":
        out["stock_tie"] = "the discard pile is turned over whenever the stock runs out (empty_stock = reshuffle)"
    return out


def rare_hand(
    rng: random.Random, rules: Ruleset, players: int, goal: str, *, illegal_rate: float = 0.1, trace: bool = False,
    probes: R.Probes | None = None, max_actions: int = 2000,
) -> R.Playout | None:
    """A hand of ``players`` under ``rules`` steered toward the rare ending ``goal``
    (:data:`RARE`): a deal stacked toward it from ``rng`` and, for an ending reached in
    play, play steered toward it (:class:`~tonk_ref.adapters.reference.Steer`), with random
    well-formed actions at ``illegal_rate`` and ``probes`` as in any random hand.  Up to
    :data:`RARE_TRIES` deals are tried; the first hand that reaches ``goal`` is kept, else
    the last.  None where ``goal`` cannot happen at the table (:func:`rare_unreachable`) or
    no deal toward it was found."""
    if goal in rare_unreachable(rules, players):
        return None
    last = None
    for _ in range(RARE_TRIES):
        dealer = rng.randrange(players)
        stake = rng.choice([1, 1, 1, 2, 5])
        made = _RARE_DEALS[goal](rng, rules, players, dealer)
        if made is None:
            continue
        deck, steer = made
        setup = new_hand_setup(rules, players, dealer, stake, deck)
        played = R.random_hand(rng, setup, max_actions=max_actions, illegal_rate=illegal_rate, trace=trace,
                               probes=probes, steer=steer)
        if goal in rare_reached(played):
            return played
        last = played
    return last


Dealt = tuple[list[str], R.Steer | None]


def _pack(rules: Ruleset) -> list[int]:
    return cards_of(pack_mask(rules.deck, rules.jokers))


def _values(rules: Ruleset) -> tuple[int, ...]:
    """The value of each card code under ``rules`` (CARD-3)."""
    faces = (10, 10, 10) if rules.face_values == "10-10-10" else (11, 12, 13)
    ranks = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, *faces)
    return (*(ranks[c % 13] for c in range(52)), rules.joker_value, rules.joker_value)


def _stack(rng: random.Random, rules: Ruleset, players: int, dealer: int, fixed: dict[int, list[int]],
           after: Sequence[int] = ()) -> list[str]:
    """A deck that deals each seat of ``fixed`` those cards (its hand filled up at random),
    then has the cards ``after`` (the upcard where the table turns one, then the stock's
    top), then the rest shuffled."""
    size = rules.hand_size_for(players)
    used = {c for cards in fixed.values() for c in cards} | set(after)
    rest = [c for c in _pack(rules) if c not in used]
    rng.shuffle(rest)
    hands = []
    for seat in range(players):
        mine = list(fixed.get(seat, ()))
        while len(mine) < size:
            mine.append(rest.pop())
        rng.shuffle(mine)
        hands.append(mine)
    first = (dealer + 1) % players
    dealt = [hands[(first + i) % players][i // players] for i in range(players * size)]
    return [NAMES[c] for c in [*dealt, *after, *rest]]


def _dealt_ending(rules: Ruleset, players: int, dealer: int, deck: list[str]) -> str | None:
    result = R.replay(new_hand_setup(rules, players, dealer, 1, deck), [], trace=False).result
    return None if result is None else result.get("ending")


def _tonk_totals(rules: Ruleset) -> list[frozenset[int]]:
    """The dealt totals that are a tonk, by kind: 49 or 50 (as ``dealt_tonk`` says), and
    a low total (``low_dealt_double``)."""
    out = [frozenset({"49_50": (49, 50), "50": (50,)}.get(rules.dealt_tonk, ()))]
    if rules.low_dealt_double is not None:
        out.append(frozenset(range(rules.low_dealt_double + 1)))
    return [f for f in out if f]


def _pick_total(rng: random.Random, avail: Sequence[int], size: int, totals: frozenset[int],
                values: Sequence[int]) -> list[int] | None:
    """``size`` cards of ``avail`` whose values add up to one of ``totals``, chosen at
    random among the ways (None: no way)."""
    by: dict[int, list[int]] = {}
    for c in avail:
        by.setdefault(values[c], []).append(c)
    kinds = list(by)
    rng.shuffle(kinds)
    lowest, highest = min(totals), max(totals)
    tails = [sorted(v for k in kinds[i:] for v in [k] * len(by[k])) for i in range(len(kinds) + 1)]

    def search(i: int, left: int, acc: int) -> dict[int, int] | None:
        if left == 0:
            return {} if acc in totals else None
        tail = tails[i]
        if len(tail) < left or acc + sum(tail[-left:]) < lowest or acc + sum(tail[:left]) > highest:
            return None
        counts = list(range(min(len(by[kinds[i]]), left) + 1))
        rng.shuffle(counts)
        for k in counts:
            got = search(i + 1, left - k, acc + k * kinds[i])
            if got is not None:
                got[kinds[i]] = k
                return got
        return None

    chosen = search(0, size, 0)
    if chosen is None:
        return None
    return [c for value, k in chosen.items() for c in rng.sample(by[value], k)]


def _deal_dealt_tonk(rng: random.Random, rules: Ruleset, players: int, dealer: int) -> Dealt | None:
    """A deal in which one player is dealt a tonk (49 or 50, or a low total)."""
    values, size, kinds = _values(rules), rules.hand_size_for(players), _tonk_totals(rules)
    seat = rng.randrange(players)
    for _ in range(20):
        cards = _pick_total(rng, _pack(rules), size, rng.choice(kinds), values)
        if cards is None:
            continue
        deck = _stack(rng, rules, players, dealer, {seat: cards})
        if _dealt_ending(rules, players, dealer, deck) == "dealt_tonk":
            return deck, None
    return None


def _deal_dealt_draw(rng: random.Random, rules: Ruleset, players: int, dealer: int) -> Dealt | None:
    """A deal that is a dealt draw: two players dealt a tonk (every player under
    ``dealt_tonks = split``; two equal ones under ``best``)."""
    values, size, kinds = _values(rules), rules.hand_size_for(players), _tonk_totals(rules)
    for _ in range(20):
        seats = list(range(players)) if rules.dealt_tonks == "split" else rng.sample(range(players), 2)
        avail = _pack(rules)
        fixed: dict[int, list[int]] = {}
        same: frozenset[int] | None = None
        for seat in seats:
            cards = _pick_total(rng, avail, size, same or rng.choice(kinds), values)
            if cards is None:
                break
            if rules.dealt_tonks == "best":
                same = frozenset({sum(values[c] for c in cards)})
            fixed[seat] = cards
            avail = [c for c in avail if c not in cards]
        else:
            deck = _stack(rng, rules, players, dealer, fixed)
            if _dealt_ending(rules, players, dealer, deck) == "dealt_draw":
                return deck, None
    return None


#: The options that decide which deals are dealt tonks and draws.
_DEALING = ("deck", "jokers", "face_values", "hand_size", "dealt_tonk", "low_dealt_double", "dealt_tonks")


def _dealing(rules: Ruleset) -> Ruleset:
    """``rules`` with every option that does not decide the dealt check at its default, and
    the most seats (one cache entry for the rulesets that deal alike)."""
    most = max(v for v in option_values()["max_players"] if isinstance(v, int))
    return DEFAULT.replace(**{name: getattr(rules, name) for name in _DEALING}, max_players=most,
                           joker_value=rules.joker_value if rules.jokers else DEFAULT.joker_value)


@functools.lru_cache(maxsize=1024)
def _split_draw_deals(rules: Ruleset, players: int) -> bool:
    """Whether some deal of ``players`` hands under ``rules`` gives every player a tonk."""
    return _deal_dealt_draw(random.Random(f"split:{players}"), rules, players, 0) is not None


def _deal_four(rng: random.Random, rules: Ruleset, players: int, dealer: int) -> Dealt | None:
    """A deal in which one player holds four of a kind (aces half the time), that player
    steered to lay them as one book or keep them."""
    pack = set(_pack(rules))
    ranks = [r for r in range(13) if all(r + 13 * s in pack for s in range(4))]
    rank = 0 if rng.random() < 0.5 else rng.choice(ranks)
    seat = rng.randrange(players)
    deck = _stack(rng, rules, players, dealer, {seat: [rank + 13 * s for s in range(4)]})
    return deck, R.Steer("four_of_a_kind", seat, rank)


def _deal_hits_out(rng: random.Random, rules: Ruleset, players: int, dealer: int) -> Dealt | None:
    """A deal in which the first player holds runs of three to lay and the next player,
    with the card it will draw, holds only cards that extend them: it can go out by hits
    alone in its first turn (play steered so)."""
    size = rules.hand_size_for(players)
    pack = set(_pack(rules))
    order = [r for r in range(13) if all(r + 13 * s in pack for s in range(4))]  # ranks in run order, ace low
    room = len(order) - 3  # the cards beside a run of three in one suit
    need = size + 1  # the next player's hand and its draw
    runs = -(-need // room)
    if runs > 4 or 3 * runs > size - 1:
        return None
    first = (dealer + 1) % players
    lay: list[int] = []
    fits: list[int] = []
    for i, suit in enumerate(rng.sample(range(4), runs)):
        ext = need // runs + (1 if i < need % runs else 0)
        below = rng.randint(max(0, ext - room), min(ext, room))
        at = rng.randint(below, room - (ext - below))
        lay += [order[at + k] + 13 * suit for k in range(3)]
        fits += [order[q] + 13 * suit for q in [*range(at - below, at), *range(at + 3, at + 3 + ext - below)]]
    drawn = fits.pop(rng.randrange(len(fits)))
    junk = [c for c in pack if c not in lay and c not in fits and c != drawn]
    rng.shuffle(junk)
    after = ([junk.pop()] if rules.upcard else []) + [junk.pop(), drawn]
    deck = _stack(rng, rules, players, dealer, {first: lay, (first + 1) % players: fits}, after)
    return deck, R.Steer("hits_out", (first + 1) % players)


def _deal_stock_tie(rng: random.Random, rules: Ruleset, players: int, dealer: int) -> Dealt | None:
    """A shuffled deal (low cards first where a low dealt hand is no tonk), played to the
    empty stock and ended there on a tie for the lowest total (play steered so)."""
    for _ in range(10):
        deck = [NAMES[c] for c in _pack(rules)]
        rng.shuffle(deck)
        if rules.low_dealt_double is None:
            deck.sort(key=lambda c: c[0] not in "A234")
        if _dealt_ending(rules, players, dealer, deck) is None:
            return deck, R.Steer("stock_tie", -1)
    return None


_RARE_DEALS = {"hits_out": _deal_hits_out, "dealt_tonk": _deal_dealt_tonk, "dealt_draw": _deal_dealt_draw,
               "stock_tie": _deal_stock_tie, "four_of_a_kind": _deal_four}
