"""Drawing cards, events and the table for people (``tonk explain`` and ``tonk judge``).

Cards are shown with suit symbols (10 as "10"); hearts and diamonds are red when colour is
on: stdout is a terminal, ``NO_COLOR`` is unset and ``--no-color`` was not given.  Where
the output cannot encode the suit symbols (an ASCII terminal) the canonical names are used.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import IO, Any

from ..engine.cards import NAMES, SUIT_SYMBOLS, Card
from ..engine.hand import Event, Hand
from ..engine.result import Amount
from ..engine.ruleset import Ruleset
from .book import Rule, rules_by_id

RED = "\x1b[31m"
BOLD = "\x1b[1m"
DIM = "\x1b[2m"
RESET = "\x1b[0m"


@dataclass(frozen=True)
class Style:
    """How to draw cards: suit symbols or letters, colour or not."""

    color: bool = False
    symbols: bool = True

    def card(self, c: Card) -> str:
        name = NAMES[c]
        if c >= 52:
            return name
        if not self.symbols:
            return name
        rank = "10" if name[0] == "T" else name[0]
        suit = c // 13
        text = rank + SUIT_SYMBOLS[suit]
        if self.color and suit in (1, 2):
            return f"{RED}{text}{RESET}"
        return text

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(c) for c in cards)

    def bold(self, text: str) -> str:
        return f"{BOLD}{text}{RESET}" if self.color else text

    def dim(self, text: str) -> str:
        return f"{DIM}{text}{RESET}" if self.color else text


PLAIN = Style(color=False, symbols=False)


def style_for(stream: IO[str], no_color: bool = False) -> Style:
    """The style for ``stream``: colour only on a terminal without NO_COLOR; symbols
    where the stream's encoding can write them."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        SUIT_SYMBOLS.encode(encoding)
        symbols = True
    except (UnicodeEncodeError, LookupError):
        symbols = False
    isatty = getattr(stream, "isatty", None)
    tty = bool(isatty()) if callable(isatty) else False
    color = tty and not no_color and not os.environ.get("NO_COLOR")
    return Style(color=color, symbols=symbols)


def visible_len(text: str) -> int:
    """Length on screen (without colour codes)."""
    for code in (RED, BOLD, DIM, RESET):
        text = text.replace(code, "")
    return len(text)


def pad(text: str, width: int) -> str:
    return text + " " * max(0, width - visible_len(text))


def amount(a: Amount) -> str:
    if isinstance(a, Fraction):
        return str(a.numerator) if a.denominator == 1 else f"{a.numerator}/{a.denominator}"
    return str(a)


def signed(a: Amount) -> str:
    text = amount(a)
    return f"+{text}" if a > 0 else text




def rule(rule_id: str) -> Rule | None:
    return rules_by_id().get(rule_id)


def rule_text(rule_id: str) -> str:
    r = rule(rule_id)
    return r.text if r is not None else "(not in spec/rules.yaml)"


def rule_options(rule_id: str, rules: Ruleset) -> dict[str, Any]:
    """The values under ``rules`` of the options that change ``rule_id``."""
    r = rule(rule_id)
    if r is None:
        return {}
    values = rules.to_dict()
    return {o: values[o] for o in r.options if o in values}


def seat(s: int | None) -> str:
    return "nobody" if s is None else f"seat {s}"


def seats(ss: Sequence[int]) -> str:
    if not ss:
        return "nobody"
    if len(ss) == 1:
        return f"seat {ss[0]}"
    return "seats " + ", ".join(str(s) for s in ss[:-1]) + f" and {ss[-1]}"


#: How each kind of event of a hand's record is said: (seat, data, hand size, style) -> words.
_EVENT_WORDS: dict[str, Callable[[Any, Any, int, Style], str]] = {
    "deal": lambda s, d, n, st: f"seat {s} deals {n} cards to each of {d} players",
    "upcard": lambda s, d, n, st: f"the upcard is {st.card(d)}",
    "no_upcard": lambda s, d, n, st: "no upcard is turned: the discard pile starts empty",
    "dealt_tonk": lambda s, d, n, st: f"seat {s} was dealt {d}: a dealt tonk, the hand is not played",
    "dealt_best": lambda s, d, n, st: f"seat {s}'s dealt {d} is the best of the dealt tonks",
    "dealt_split": lambda s, d, n, st: f"{seats(d)} were dealt tonks and share the win",
    "dealt_draw": lambda s, d, n, st: f"{seats(d)} were dealt tonks: a draw, nobody pays",
    "draw": lambda s, d, n, st: f"seat {s} draws {st.card(d)} from the stock",
    "take": lambda s, d, n, st: f"seat {s} takes {st.card(d)} from the discard pile",
    "eat": lambda s, d, n, st: f"seat {s} takes the discard out of turn (seat {d} was to act)",
    "discard": lambda s, d, n, st: f"seat {s} discards {st.card(d)}",
    "spread": lambda s, d, n, st: f"seat {s} lays {st.cards(d)}",
    "hit": lambda s, d, n, st: f"seat {s} hits {st.card(d[0])} on spread {d[1]}",
    "hit_lock": lambda s, d, n, st: f"seat {s}'s spread was hit: seat {s} may not knock for {d} more turn(s)",
    "tonk_out": lambda s, d, n, st: f"seat {s} has no cards left: out without a discard (a tonk out)",
    "out": lambda s, d, n, st: f"seat {s} discarded the last card: out",
    "knock": lambda s, d, n, st: f"seat {s} knocks",
    "last_turns": lambda s, d, n, st: (f"seat {s}'s hand lies face up; each other player has one more turn "
                                       f"({d} in all) before the count"),
    "empty_stock": lambda s, d, n, st: f"seat {s} draws from the empty stock: the hand ends",
    "restock": lambda s, d, n, st: f"the discard pile but its top card ({d} cards) is turned over as a new stock",
    "dead_hand": lambda s, d, n, st: "the hand is dead: nobody pays",
    "turn_limit": lambda s, d, n, st: f"turn {d} ends, the last the turn limit allows: the hand ends",
    "stock_end": lambda s, d, n, st: f"seat {s} drew the last stock card and its turn has ended: the hand ends",
    "hit_ends_turn": lambda s, d, n, st: f"seat {s}'s hit ends the turn, without a discard",
    "reem": lambda s, d, n, st: f"seat {s} lays a second spread: a reem, the hand ends",
    "knock_tie": lambda s, d, n, st: (f"seat {s}'s knock ties the lowest total: "
                                      + (f"{seats(d)} share the win" if d else "the hand is a draw")),
    "special_hand": lambda s, d, n, st: f"seat {s} declares a special hand of {d}: the hand ends",
    "pay": lambda s, d, n, st: f"seat {s} pays seat {d[0]} {amount(d[1])}",
    "end": lambda s, d, n, st: f"the hand ends: {d}",
}


def event_text(ev: Event, hand_size: int, style: Style) -> str:
    """One event of a hand's record in words."""
    words = _EVENT_WORDS.get(ev.kind)
    if words is None:  # pragma: no cover - every kind the engine records is above
        return f"{ev.kind} {seat(ev.seat)} {ev.data!r}"
    return words(ev.seat, ev.data, hand_size, style)


def draw_table(hand: Hand, style: Style, indent: str = "  ") -> list[str]:
    """The table as a few lines: each hand (with its count), the spreads with their
    owners, the discard top and the stock, and who is to act."""
    out: list[str] = []
    rows = []
    for s in range(hand.players):
        cards = hand.hand(s)
        marker = "\u25b6" if hand.to_act == s and style.symbols else (">" if hand.to_act == s else " ")
        label = f"seat {s} {marker}"
        shown = style.cards(cards) if cards else style.dim("(no cards)")
        rows.append((label, shown, f"{len(cards)} card{'s' if len(cards) != 1 else ''}, count {hand.total(s)}"))
    width = max(visible_len(r[1]) for r in rows)
    for label, shown, tail in rows:
        out.append(f"{indent}{label}  {pad(shown, width)}   {style.dim(tail)}")
    if hand.spreads:
        for i, sp in enumerate(hand.spreads):
            head = "table   " if i == 0 else "        "
            out.append(f"{indent}{head}[{i}] {style.cards(sp.cards)}  {style.dim(f'{sp.kind} of seat {sp.owner}')}")
    else:
        out.append(f"{indent}table   {style.dim('(no spreads)')}")
    top = hand.discard_top
    pile = style.card(top) if top is not None else "(empty)"
    out.append(f"{indent}discard {pile} ({hand.discard_count} in the pile)   stock {hand.stock_count}")
    if hand.is_over:
        out.append(f"{indent}{style.bold('the hand is over')}")
    else:
        stage = "start of the turn" if hand.stage == "start" else "has drawn"
        out.append(f"{indent}{style.bold(f'seat {hand.to_act} to act')} ({stage})")
    return out


def wrap(text: str, width: int, indent: str) -> list[str]:
    """Plain word wrapping (the rule sentences)."""
    words = text.split()
    lines: list[str] = []
    line = ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(indent + line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    if line:
        lines.append(indent + line)
    return lines


def ending_words(ending: str | None, winners: Sequence[int], knocker: int | None) -> str:
    """The ending of a hand in words, led by its code (spec/tonk.md, "Endings")."""
    # Not the players' verdict's wording (views.verdict._ending), on purpose: this one is
    # for readers of the spec and of rulings, the code first, in the present and by seat;
    # that one tells players what happened, in the past, by name, with the totals.
    w = seats(winners)
    verb = "wins" if len(winners) == 1 else "win"
    if ending == "dealt_tonk":
        return f"dealt_tonk: a dealt tonk, {w} {verb}"
    if ending == "dealt_draw":
        return "dealt_draw: a draw at the deal, nobody wins"
    if ending == "tonk_out":
        return f"tonk_out: {w} goes out without a discard"
    if ending == "out_by_discard":
        return f"out_by_discard: {w} goes out by discarding the last card"
    if ending == "knock_won":
        return f"knock_won: seat {knocker} knocks and wins"
    if ending == "knock_caught":
        return f"knock_caught: seat {knocker} knocks and is caught; {w} {verb}"
    if ending == "stock_out":
        if not winners:
            return "stock_out: the stock ran out; nobody wins"
        return f"stock_out: the stock ran out; {w} {verb} with the lowest total"
    if ending == "turn_limit":
        if not winners:
            return "turn_limit: the turn limit ends the hand; nobody wins"
        return f"turn_limit: the turn limit ends the hand; {w} {verb} with the lowest total"
    if ending == "knock_tie":
        if not winners:
            return f"knock_tie: seat {knocker} knocks and ties the lowest total; a draw, nobody wins"
        return f"knock_tie: seat {knocker} knocks and ties the lowest total; {w} share the win"
    if ending == "reem":
        return f"reem: {w} lays a second spread and wins"
    if ending == "special_hand":
        return f"special_hand: {w} declares a special hand and wins"
    return str(ending)  # pragma: no cover


def settlement_lines(hand: Hand) -> list[tuple[str, str]]:
    """How a knock or an empty stock was counted: (rule ID, words), for a hand just ended."""
    r = hand.result
    if r is None or r.totals is None:
        return []
    counts = ", ".join(f"seat {s} {t}" for s, t in enumerate(r.totals))
    out: list[tuple[str, str]] = []
    if r.ending == "knock_tie" and r.knocker is not None:
        out.append(("PAY-KNOCK-1", f"every hand is shown and counted: {counts}"))
        mine = r.totals[r.knocker]
        how = "the tied players share the win" if r.winners else "the hand is a draw"
        out.append(("VAR-KNOCKTIE-1", f"the knocker's {mine} ties the lowest other total: {how}"))
    elif r.ending in ("knock_won", "knock_caught") and r.knocker is not None:
        out.append(("PAY-KNOCK-1", f"every hand is shown and counted: {counts}"))
        others = [t for s, t in enumerate(r.totals) if s != r.knocker]
        mine = r.totals[r.knocker]
        if mine == min(others):
            if r.ending == "knock_caught":
                out.append(("PAY-KNOCK-3", f"the knocker's {mine} ties the lowest other total: the knocker is caught"))
            else:
                out.append(("PAY-KNOCK-2", f"the knocker's {mine} ties the lowest other total, and under "
                                           "knock_tie = knocker_wins the tie goes to the knocker"))
    elif r.ending in ("stock_out", "turn_limit"):
        out.append(("CARD-4", f"every hand is counted: {counts}"))
    return out
