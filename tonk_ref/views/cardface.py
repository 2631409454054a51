"""Cards drawn in HTML, the one drawing every page uses (the conformance report, a ruling,
a replay): each card a small styled box with its rank and suit symbol, hearts and
diamonds red, spades and clubs black; a joker a star; the stock a card back with its
count.  A table of cards is drawn from a protocol state (spec/protocol.md, "State"): each
seat's hand, the spreads with their owners, the discard top and the stock.

Plain text inside (``7♥``), so a card reads the same when copied or read aloud; the
styles are in :data:`CARD_CSS`, which the page shell includes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

SUITS = {"c": ("\u2663", "clubs", "black"), "d": ("\u2666", "diamonds", "red"),
         "h": ("\u2665", "hearts", "red"), "s": ("\u2660", "spades", "black")}
RANKS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}

CARD_CSS = """
.card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
  width:2.1em;height:2.9em;margin:.12em;border:1px solid var(--card-edge);border-radius:.3em;
  background:var(--card-face);color:var(--card-black);font:600 1em/1.05 system-ui,sans-serif;
  box-shadow:0 1px 1px rgba(0,0,0,.18);vertical-align:middle}
.card .r{font-size:.95em}.card .s{font-size:1.15em}
.card.red{color:var(--card-red)}
.card.joker{color:var(--card-joker)}
.card.back{background:repeating-linear-gradient(45deg,var(--back-a) 0 .3em,var(--back-b) .3em .6em);
  color:#fff;font-size:.8em;width:2.6em;height:3.6em;text-shadow:0 0 3px #000}
.card.none{background:transparent;border-style:dashed;box-shadow:none;color:var(--muted);font-weight:400}
.hand{display:flex;flex-wrap:wrap;align-items:center;gap:0}
.table-draw{display:grid;gap:.35em;margin:.4em 0}
.table-draw .seat{display:flex;flex-wrap:wrap;align-items:center;gap:.4em}
.table-draw .who{min-width:5.2em;font-size:.9em;color:var(--muted)}
.table-draw .who b{color:var(--fg)}
.table-draw .spreads{display:flex;flex-wrap:wrap;gap:.2em .9em}
.table-draw .spread{display:inline-flex;flex-direction:column;align-items:flex-start}
.table-draw .spread small{color:var(--muted);font-size:.75em}
.table-draw .piles{display:flex;flex-wrap:wrap;gap:1em;align-items:center}
.table-draw .piles span.lbl{font-size:.85em;color:var(--muted);margin-right:.2em}
"""


def card_label(name: str) -> str:
    """'7 of hearts', 'joker' (for screen readers and tooltips)."""
    if name.startswith("X"):
        return "joker"
    suit = SUITS.get(name[1:2])
    rank = RANKS.get(name[0], name[0])
    return f"{rank} of {suit[1]}" if suit else name


def card(name: str) -> str:
    """One card: ``<span class="card red">`` with its rank and suit."""
    if name.startswith("X"):
        return f'<span class="card joker" role="img" aria-label="joker" title="joker ({escape(name)})">' \
               '<span class="r">\u2605</span><span class="s">J</span></span>'
    suit = SUITS.get(name[1:2])
    if suit is None:
        return f'<span class="card" title="{escape(name)}">{escape(name)}</span>'
    rank = "10" if name[0] == "T" else name[0]
    label = card_label(name)
    return (f'<span class="card {suit[2]}" role="img" aria-label="{label}" title="{label}">'
            f'<span class="r">{escape(rank)}</span><span class="s">{suit[0]}</span></span>')


def cards(names: Iterable[str]) -> str:
    """A row of cards (an empty row says so)."""
    shown = "".join(card(n) for n in names) or '<span class="card none">none</span>'
    return f'<span class="hand">{shown}</span>'


def back(count: int, what: str = "stock") -> str:
    """A face-down pile with its count."""
    return f'<span class="card back" role="img" aria-label="{what}: {count} cards" title="{what}: {count} cards">' \
           f"{count}</span>"


def _seat_label(s: int, state: Mapping[str, Any], notes: Mapping[int, str]) -> str:
    tags = []
    if state.get("dealer") == s:
        tags.append("dealer")
    if state.get("to_act") == s and state.get("stage") != "over":
        tags.append("to act")
    if s in notes:
        tags.append(notes[s])
    extra = f"<br><small>{escape(', '.join(tags))}</small>" if tags else ""
    return f'<span class="who"><b>seat {s}</b>{extra}</span>'


def table(state: Mapping[str, Any], notes: Mapping[int, str] | None = None) -> str:
    """A protocol state drawn as cards: each seat's hand, the spreads (numbered, with
    their owners), the discard top and the stock."""
    notes = notes or {}
    hands: Sequence[Sequence[str]] = state.get("hands") or []
    rows = [f'<div class="seat">{_seat_label(s, state, notes)}{cards(h)}</div>' for s, h in enumerate(hands)]
    spreads = state.get("spreads") or []
    if spreads:
        items = "".join(
            f'<span class="spread">{cards(sp.get("cards", []))}<small>[{i}] {escape(str(sp.get("kind", "spread")))}'
            f' of seat {escape(str(sp.get("owner")))}</small></span>'
            for i, sp in enumerate(spreads))
        rows.append(f'<div class="seat"><span class="who"><b>table</b></span><div class="spreads">{items}</div></div>')
    else:
        rows.append('<div class="seat"><span class="who"><b>table</b></span><small>no spreads</small></div>')
    top = state.get("discard_top")
    pile = card(top) if top else '<span class="card none">empty</span>'
    count = state.get("discard_count")
    pile_note = f" <small>({count} in the pile)</small>" if isinstance(count, int) else ""
    stock = state.get("stock_count")
    stock_html = back(stock) if isinstance(stock, int) else ""
    rows.append(f'<div class="piles"><span><span class="lbl">discard</span>{pile}{pile_note}</span>'
                f'<span><span class="lbl">stock</span>{stock_html}</span></div>')
    return f'<div class="table-draw">{"".join(rows)}</div>'
