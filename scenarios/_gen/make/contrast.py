"""Contrasts: one case per value of a ruleset option on the same deal and script, named
``<prefix>-<option>-<value>-<what>`` (``default`` for the option's default), so that
every value of every option is shown to change an outcome (scenarios/options, house)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tonk_model import DEFAULTS, deal_hands, is_default
from tonk_model import cards as parse_cards

from .case import Case
from .play import Play


def tag(value: object) -> str:
    """An option value in a case id: ``true``, ``none``, ``low-or-high``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value).replace("_", "-")


def spelled(value: object) -> str:
    """An option value in a title, as a ruleset writes it (``true``, ``none``, ``low_or_high``)."""
    return tag(value) if isinstance(value, bool) or value is None else str(value)


def case_id(prefix: str, option: str, value: object, what: str) -> str:
    return f"{prefix}-{option.replace('_', '-')}-{'default' if is_default(option, value) else tag(value)}-{what}"


def contrast(
    prefix: str,
    option: str,
    what: str,
    title: str,
    rules: list[str],
    base: Mapping[str, Any],
    per_value: Mapping[Any, Mapping[str, Any]],
    *,
    spell: Callable[[object], str] = spelled,
    make: Callable[..., Case] = Case,
) -> list[Case]:
    """One case per value of ``per_value`` (the default among them): ``base`` updated with
    the value's own fields; ``options`` of the base and of the value are merged, and the
    option itself is set except for the default."""
    out: list[Case] = []
    for value, own in per_value.items():
        kw = dict(base)
        opts = dict(kw.pop("options", {}))
        own = dict(own)
        opts.update(own.pop("options", {}))
        kw.update(own)
        if not is_default(option, value):
            opts[option] = value
        shown = spell(value) + (" (default)" if is_default(option, value) else "")
        cid = case_id(prefix, option, value, what)
        out.append(make(cid, f"{option} = {shown}: {title}", list(rules), options=opts, **kw))
    return out


def long_hand(players: int, dealer: int, hands: list[str], upcard: str, turns: int) -> list[str]:
    """``turns`` plain turns played on the model under the seed rules: draw from the stock
    and discard the card drawn while the stock lasts, then take the discard and discard the
    first other card held (TURN-7 forbids the card just taken)."""
    play = Play(deal_hands(players, dealer, DEFAULTS, [parse_cards(h) for h in hands], upcard))
    lines: list[str] = []
    for _ in range(turns):
        st = play.state
        seat = st.to_act
        assert seat is not None
        if st.stock:
            line = f"{seat} draw stock; {seat} discard {st.stock[0]}"
        else:
            taken = st.pile[-1]
            line = f"{seat} draw discard; {seat} discard {next(c for c in st.hands[seat] if c != taken)}"
        for part in line.split("; "):
            play.act(part)
        lines.append(line)
    return lines


