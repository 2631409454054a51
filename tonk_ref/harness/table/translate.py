"""Translating a case to a table's pack (spec/scenarios.md, 10a): its cards mapped to cards
the table has, its hands padded or cut to the table's hand size, so that a case written
for the 52-card pack of the seed rules still runs at a 40-card table.

A translation is a substitution of ranks (suits are kept) that keeps the shape of
everything the case plays (:func:`rank_maps`): within a suit, ranks next to each other in
a run stay next to each other in the table's order of ranks, ranks apart stay as far
apart as a run can tell, and the order is kept; no book appears that could not be made
before; among such substitutions the ones that change the cards' values least come first,
and a rank the table has maps to itself where it can.  Where the table deals more cards, each hand gets
cards the case does not use; where it deals fewer, each hand loses cards the script never
names.  The cards are mapped wherever the case names them: the deal, the stock it draws
from, the script, the expectations and the titles.

Whether a candidate *keeps what the case checks* is decided mechanically, on the reference
engine (:func:`keeps`): under the table the translated case must make the same sequence of
accepted and refused actions, with the same reason codes, as the original under its own
rules, and cite the same rules among those the case names.  :func:`translations` yields
candidates best first; the first that keeps what the case checks is the translation.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from collections.abc import Iterator, Sequence
from typing import Any

from ...adapters import reference as R
from ...engine.cards import NAMES, RANKS, SUITS, cards_of, pack_mask
from ...engine.ruleset import Ruleset
from ..case import Act, Call, Case, Expect, Legal, Observe, Perft, Step

JSON = dict[str, Any]
#: How many candidate translations are tried for one case.
CANDIDATES = 6
_CARD = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK][cdhs])(?![A-Za-z0-9])")


def rank_order(rules: Ruleset) -> tuple[int, ...]:
    """The ranks of the ruleset's pack (0 = ace .. 12 = king) in the order of a run."""
    if rules.deck == 40:
        return (0, 1, 2, 3, 4, 5, 6, 10, 11, 12)
    return tuple(range(13))


def _values(rules: Ruleset) -> tuple[int, ...]:
    faces = (10, 10, 10) if rules.face_values == "10-10-10" else (11, 12, 13)
    return (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, *faces)


def rank_maps(cards: Sequence[str], was: Ruleset, table: Ruleset, limit: int = CANDIDATES) -> list[dict[int, int]]:
    """Substitutions of the ranks of ``cards`` by ranks of the table's pack that keep every
    shape the cards can make, the least change of value first (at most ``limit``).

    Within a suit the ranks keep their order and their distance as far as a run can tell
    (next to each other or not; with wild cards, also one apart, which a wild card fills;
    in ``was``'s order of ranks and in the table's), so every run, hit and gap stays one.
    Two ranks may become one only where they share no suit and hold two cards between
    them, so no book appears that could not be made before.  Under deuces wild (where the
    case plays without), no rank becomes a two."""
    before = rank_order(was)
    order = {r: i for i, r in enumerate(before)}
    by_rank: dict[int, set[int]] = {}
    for c in cards:
        r = _rank(c)
        if r is not None:
            by_rank.setdefault(r, set()).add(SUITS.index(c[1]))
    ranks = sorted(by_rank, key=lambda r: order.get(r, 99))
    if not ranks:
        return [{}]
    if any(r not in order for r in ranks):
        return []
    after = rank_order(table)
    forbidden = {after.index(1)} if table.deuces_wild and not was.deuces_wild else set()
    v_was, v_table = _values(was), _values(table)

    # a run tells one rank apart from two (a wild card fills the gap) only with wild cards
    wild = bool(was.jokers or was.deuces_wild or table.jokers or table.deuces_wild)
    far = 3 if wild else 2

    def distance(a: int, b: int) -> int:
        return min(b - a, far)

    # each suit's ranks need room in the table's order: their gaps kept (next to each other,
    # else at least `far` apart) must fit, or no substitution can exist
    for suit in range(4):
        mine = sorted(order[r] for r in ranks if suit in by_rank[r])
        room = 1 + sum(1 if b - a == 1 else min(b - a, far) for a, b in itertools.pairwise(mine))
        if mine and room > len(after):
            return []
    found: list[tuple[float, dict[int, int]]] = []  # the best so far, cheapest first
    budget = [600]  # nodes of the search: the cheapest substitutions are met first
    # per suit, the position (in the table's order) of the last rank placed
    last: dict[int, tuple[int, int]] = {}  # suit -> (original position, table position)
    held: dict[int, tuple[set[int], int]] = {}  # table position -> (suits, cards) placed there
    chosen: dict[int, int] = {}

    def change(r: int, p: int) -> float:
        """What putting rank ``r`` at position ``p`` of the table's order changes."""
        return abs(v_was[r] - v_table[after[p]]) + (0 if after[p] == r else 0.5)

    costs = {r: sorted(range(len(after)), key=functools.partial(change, r)) for r in ranks}

    def place(i: int, cost: float) -> None:
        budget[0] -= 1
        if budget[0] < 0 or (len(found) >= limit and cost >= found[-1][0]):
            return
        if i == len(ranks):
            found.append((cost, {r: after[p] for r, p in chosen.items()}))
            found.sort(key=lambda c: c[0])
            del found[limit:]
            return
        r = ranks[i]
        suits = by_rank[r]
        for p in costs[r]:
            if p in forbidden:
                continue
            ok = True
            for s in suits:
                if s in last:
                    o, t = last[s]
                    if p <= t or min(p - t, far) != distance(o, order[r]):
                        ok = False
                        break
            if not ok:
                continue
            there = held.get(p)
            if there is not None and (there[0] & suits or there[1] + len(suits) > 2):
                continue
            step = change(r, p)
            saved = {s: last.get(s) for s in suits}
            for s in suits:
                last[s] = (order[r], p)
            held[p] = ((there[0] | suits) if there else set(suits), (there[1] if there else 0) + len(suits))
            chosen[r] = p
            place(i + 1, cost + step)
            del chosen[r]
            if there is None:
                del held[p]
            else:
                held[p] = there
            for s, v in saved.items():
                if v is None:
                    del last[s]
                else:
                    last[s] = v

    place(0, 0.0)
    return [m for _, m in found]


def _rank(card: str) -> int | None:
    return RANKS.index(card[0]) if len(card) == 2 and card[0] in RANKS and card[1] in SUITS else None


def card_map(ranks: dict[int, int], cards: set[str]) -> dict[str, str]:
    """The card substitution of a rank substitution, for ``cards``."""
    out: dict[str, str] = {}
    for c in cards:
        r = _rank(c)
        if r is not None and r in ranks:
            out[c] = RANKS[ranks[r]] + c[1]
    return out


def nearest_free(cards: set[str], pack: set[str], was: Ruleset, table: Ruleset) -> list[dict[str, str]]:
    """Where no substitution of ranks fits, the cards outside the table's pack put one by
    one on the free card (one the case does not use) of the nearest value: of the same
    suit, or of any suit; every other card stays itself."""
    out = []
    v_was, v_table = _values(was), _values(table)
    for same_suit in (True, False):
        free = sorted(pack - cards)
        cmap: dict[str, str] = {}
        for c in sorted(cards - pack):
            r = _rank(c)
            if r is None:
                break
            choices = [f for f in free if (f[1] == c[1] or not same_suit) and _rank(f) is not None
                       and not (table.deuces_wild and f[0] == "2")]
            if not choices:
                break
            best = min(choices, key=lambda f: (abs(v_table[_rank(f) or 0] - v_was[r]), f[1] != c[1], f))
            cmap[c] = best
            free.remove(best)
        else:
            if cmap and cmap not in out:
                out.append(cmap)
    return out


def _mapped(value: Any, cmap: dict[str, str]) -> Any:
    """``value`` (JSON) with every card string of ``cmap`` replaced."""
    if isinstance(value, str):
        return cmap.get(value, value)
    if isinstance(value, list):
        return [_mapped(v, cmap) for v in value]
    if isinstance(value, tuple):
        return tuple(_mapped(v, cmap) for v in value)
    if isinstance(value, dict):
        return {k: _mapped(v, cmap) for k, v in value.items()}
    return value


def _text(text: str, cmap: dict[str, str]) -> str:
    return _CARD.sub(lambda m: cmap.get(m.group(1), m.group(1)), text)


def _step(step: Step, cmap: dict[str, str]) -> Step:
    if isinstance(step, Act):
        return dataclasses.replace(step, action=_mapped(step.action, cmap), text=_text(step.text, cmap))
    if isinstance(step, Expect):
        return dataclasses.replace(step, state=_mapped(step.state, cmap), text=_text(step.text, cmap))
    if isinstance(step, Observe):
        return dataclasses.replace(step, expect=_mapped(step.expect, cmap), text=_text(step.text, cmap))
    if isinstance(step, Legal):
        return dataclasses.replace(step, includes=_mapped(step.includes, cmap), excludes=_mapped(step.excludes, cmap),
                                   text=_text(step.text, cmap))
    if isinstance(step, Call):
        return dataclasses.replace(step, params=_mapped(step.params, cmap), expect=_mapped(step.expect, cmap),
                                   text=_text(step.text, cmap))
    assert isinstance(step, Perft)
    return step


def named_cards(case: Case) -> set[str]:
    """Every card the case's steps name (actions and expectations)."""
    out: set[str] = set()

    def walk(v: Any) -> None:
        if isinstance(v, str):
            if v in _ALL:
                out.add(v)
        elif isinstance(v, list | tuple):
            for x in v:
                walk(x)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)

    for s in case.steps:
        walk(s.to_json())
    if case.result is not None:
        walk(case.result)
    return out


_ALL = frozenset(NAMES)


def _dealt(setup: JSON, rules: Ruleset) -> tuple[list[list[str]], str | None, list[str]]:
    """The hands (per seat, in the order dealt), the upcard and the stock of a setup."""
    n, dealer = int(setup["players"]), int(setup["dealer"])
    size = rules.hand_size_for(n)
    deck = list(setup["deck"])
    hands: list[list[str]] = [[] for _ in range(n)]
    for i in range(n * size):
        hands[(dealer + 1 + i) % n].append(deck[i])
    rest = deck[n * size:]
    upcard = rest.pop(0) if rules.upcard and rest else None
    return hands, upcard, rest


def stock_draws(case: Case) -> int:
    """How many cards the case's script draws from the stock, as the reference plays it."""
    assert case.setup is not None
    played = R.replay(case.setup, case.actions, trace=False)
    return sum(1 for (_, a), ans in zip(played.moves, played.answers, strict=True)
               if ans.ok and a.get("type") == "draw" and a.get("from") == "stock")


def translations(case: Case, table: Ruleset) -> Iterator[tuple[Case, str]]:
    """Candidate translations of ``case`` to ``table``'s pack and hand size, best first:
    each the case under the table's rules and a few words saying what was mapped.  None
    where the case deals no hand, expects its deal refused, or holds a joker the table
    lacks."""
    if case.setup is None or case.deal_refused:
        return
    was = case.ruleset
    try:
        hands, upcard, stock = _dealt(case.setup, was)
        draws = stock_draws(case)
    except Exception:  # a deal the reference refuses: nothing to translate
        return
    n = len(hands)
    size_t = table.hand_size_for(n)
    if n > table.max_players:
        return
    pack = {NAMES[c] for c in cards_of(pack_mask(table.deck, table.jokers))}
    named = named_cards(case)
    drawn = stock[:draws + 1]  # the cards drawn, and the next one (a stock_count or a last card)
    relevant = {c for h in hands for c in h} | ({upcard} if upcard else set()) | set(drawn) | named
    if any(c in ("X1", "X2") for c in relevant) and not table.jokers:
        return
    maps = [card_map(ranks, relevant) for ranks in rank_maps(sorted(relevant), was, table)]
    maps += nearest_free(relevant, pack, was, table)
    for cmap in maps:
        new_hands = [[cmap.get(c, c) for c in h] for h in hands]
        images = {cmap.get(c, c) for c in relevant}
        if len(images) != len(relevant) or not images <= pack:
            continue
        for hands_t, how in _resized(new_hands, size_t, images, pack, table, named, cmap):
            deck = _deck(hands_t, cmap.get(upcard, upcard) if upcard else None,
                         [cmap.get(c, c) for c in drawn], pack, case.setup["dealer"], table)
            setup = {**case.setup, "ruleset": table.to_dict(), "deck": deck}
            moved = _moved(case, setup, cmap, table)
            words = ", ".join(f"{a}→{b}" for a, b in sorted(cmap.items()) if a != b)
            yield moved, "; ".join(x for x in (f"cards {words}" if words else "", how) if x)


def untranslatable(case: Case, table: Ruleset) -> str:
    """Why :func:`translations` has no candidate for ``case`` at all (a few words), or ""."""
    if case.setup is None or case.deal_refused:
        return ""
    named = named_cards(case) | set(case.setup["deck"][: int(case.setup["players"]) * 9])
    if not table.jokers and named & {"X1", "X2"}:
        return "a joker, which the table's pack has not"
    return "no substitution of its cards keeps the shape of its spreads"


def _resized(hands: list[list[str]], size: int, used: set[str], pack: set[str], table: Ruleset,
             named: set[str], cmap: dict[str, str]) -> Iterator[tuple[list[list[str]], str]]:
    """The hands at the table's size: as they are, padded with cards nobody uses (low
    cards first, then high ones), or cut by cards the script never names."""
    have = len(hands[0])
    if have == size:
        yield hands, ""
        return
    if have > size:
        keep = {cmap.get(c, c) for c in named}
        cut = [[c for c in h if c in keep][:size] for h in hands]
        for h, full in zip(cut, hands, strict=True):
            h += [c for c in full if c not in h][: size - len(h)]
        yield cut, f"hands cut to {size} cards"
        return
    free = [c for c in (NAMES[x] for x in cards_of(pack_mask(table.deck, table.jokers))) if c not in used]
    held_ranks = [{_rank(c) for c in h} for h in hands]
    order = rank_order(table)
    pos = {r: i for i, r in enumerate(order)}

    def lone(card: str, seat: int) -> bool:
        """A card of a rank no hand holds, not next to a rank its hand holds."""
        r = _rank(card)
        if r is None or (table.deuces_wild and r == 1):
            return False
        if any(r in ranks for ranks in held_ranks):
            return False
        return all(abs(pos[r] - pos[x]) > 1 for x in held_ranks[seat] if x is not None and x in pos)

    extra = size - have
    for name, key in (("low", lambda c: pos.get(_rank(c) or 0, 0)), ("high", lambda c: -pos.get(_rank(c) or 0, 0))):
        pool = sorted(free, key=key)
        taken: set[str] = set()
        out = []
        for seat, h in enumerate(hands):
            add = [c for c in pool if c not in taken and lone(c, seat)
                   and all(_rank(c) != _rank(t) for t in taken)][:extra]
            if len(add) < extra:
                add += [c for c in pool if c not in taken and c not in add][: extra - len(add)]
            taken |= set(add)
            out.append(h + add)
        yield out, f"hands padded to {size} cards with {name} cards nobody holds"


def _deck(hands: list[list[str]], upcard: str | None, drawn: list[str], pack: set[str], dealer: int,
          table: Ruleset) -> list[str]:
    """The deck that deals ``hands`` (dealt one at a time from the dealer's left), then the
    table's upcard, the cards drawn in the order the case draws them, and the rest of the
    pack in code order.

    The cards drawn come off the stock in the same order at any table: where the case turns
    up an upcard and the table turns up none, the old upcard goes under the cards drawn
    (on top of the stock it would be drawn first and shift every later draw by one); where
    the table turns up an upcard and the case none, a card the case does not use is turned
    up, so that the stock still begins with the first card the case draws."""
    n = len(hands)
    size = len(hands[0])
    dealt = [hands[(dealer + 1 + i) % n][i // n] for i in range(n * size)]
    full = [NAMES[x] for x in cards_of(pack_mask(table.deck, table.jokers))]
    named = set(dealt) | ({upcard} if upcard is not None else set()) | set(drawn)
    spare = [c for c in full if c not in named]
    head: list[str] = []
    under: list[str] = []
    if table.upcard:
        if upcard is not None:
            head = [upcard]
        elif spare:
            head = [spare.pop(0)]
    elif upcard is not None:
        under = [upcard]
    taken = set(dealt) | set(head)
    stock = [c for c in drawn if c not in taken]
    return dealt + head + stock + [c for c in under if c not in set(stock)] + spare


def _moved(case: Case, setup: JSON, cmap: dict[str, str], table: Ruleset) -> Case:
    return dataclasses.replace(
        case, setup=setup, ruleset=table, title=_text(case.title, cmap),
        steps=tuple(_step(s, cmap) for s in case.steps),
        result=_mapped(case.result, cmap) if case.result is not None else None,
    )


def keeps(original: Case, translated: Case) -> bool:
    """Whether ``translated`` (under its table) checks what ``original`` (under its own
    rules) checks: the same accepted and refused actions with the same reason codes, and
    the same rules cited among those the case names, on the reference engine."""
    assert original.setup is not None and translated.setup is not None
    try:
        before = R.replay(original.setup, original.actions, trace=False)
        after = R.replay(translated.setup, translated.actions, trace=False)
    except Exception:  # a deal the reference refuses
        return False
    if [(a.ok, a.reason) for a in before.answers] != [(a.ok, a.reason) for a in after.answers]:
        return False
    named = set(original.rules)
    return before.cited & named == after.cited & named
