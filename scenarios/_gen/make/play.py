"""A script followed on the model, step by step: every action a case says is accepted
must be legal, every action it says is refused must be refused (for the reason it names),
and the expectations written into the case are the model's state at that point."""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tonk_model import Ambiguous, Illegal, State, apply, parse_compact, placements, readings


class GenError(ValueError):
    """A case the generator refuses to write: its table says what the rules do not."""


def split_script(items: Sequence[Any]) -> list[Any]:
    """The steps of a compact script: a string may hold several, separated by ``;``, and
    a list is spliced in (a run of steps a table shares)."""
    out: list[Any] = []
    for item in items:
        if isinstance(item, str):
            out += [p.strip() for p in re.split(r"[;\n]", item) if p.strip()]
        elif isinstance(item, list):
            out += split_script(item)
        else:
            out.append(item)
    return out


def amount_text(a: Any) -> int | str:
    """An amount as the scenario format writes it: an integer, or ``"n/d"``."""
    return int(a) if a.denominator == 1 else f"{a.numerator}/{a.denominator}"


class Play:
    """The model's state as a script moves it.  Where the rules text leaves open where a
    wild card stands, the case is refused (:class:`Ambiguous`): the generators write only
    cases whose outcome the rules decide."""

    def __init__(self, state: State) -> None:
        self.state = state

    def act(self, text: str, reject: str | bool | None = None) -> None:
        """A compact action (``"0 hit 8h 0"``); ``reject``: it must be refused (for that
        reason, or for any with ``True``)."""
        seat, action = parse_compact(text)
        self.act_json(seat, action, reject, text)

    def act_json(self, seat: int, action: Any, reject: str | bool | None = None, text: str = "") -> None:
        text = text or f"seat {seat} {action}"
        try:
            new = apply(self.state, seat, action)
            reason = None
        except Illegal as e:
            reason = e.reason
        if reject is None and reason is not None:
            raise GenError(f"the rules refuse {text}: {reason}")
        if reject is not None and reason is None:
            raise GenError(f"the rules allow {text}, the case says it is refused")
        if reject not in (None, True) and reason != reject:
            raise GenError(f"the rules refuse {text} as {reason}, the case says {reject}")
        if reason is None:
            self._unambiguous(seat, action)
            self.state = new

    def _unambiguous(self, seat: int, action: dict[str, Any]) -> None:
        st = self.state
        if action["type"] == "spread" and len(readings(action["cards"], st.r)) > 1:
            found = readings(action["cards"], st.r)
            raise Ambiguous(f"{' '.join(action['cards'])} reads as several spreads: {found}")
        if action["type"] == "hit" and len(placements(st.spreads[action["spread"]], action["card"], st.r)) > 1:
            raise Ambiguous(f"{action['card']} hit on spread {action['spread']} may stand in two places")

    # -------------------------------------------------------------- what a case expects
    def tracked(self) -> dict[str, Any]:
        """The whole state a scenario can expect: hands, spreads, pile, counts, turn."""
        st = self.state
        return {
            "hands": [list(h) for h in st.hands],
            "spreads": [{"owner": s.owner, "kind": s.kind, "cards": list(s.cards)} for s in st.spreads],
            "discard_top": st.pile[-1] if st.pile else None,
            "discard_count": len(st.pile),
            "stock_count": len(st.stock),
            "to_act": st.to_act,
            "stage": st.stage,
        }

    def public(self, full: bool = False) -> dict[str, Any]:
        """The sizes, pile, counts and turn, and whether a result is in (with ``full``
        the hands and spreads first)."""
        st = self.state
        snap: dict[str, Any] = {}
        if full:
            tracked = self.tracked()
            snap["hands"], snap["spreads"] = tracked["hands"], tracked["spreads"]
        snap["hand_sizes"] = [len(h) for h in st.hands]
        snap["discard_top"] = st.pile[-1] if st.pile else None
        snap["discard_count"] = len(st.pile)
        snap["stock_count"] = len(st.stock)
        snap["to_act"] = st.to_act
        snap["stage"] = st.stage
        if st.result is None:
            snap["result"] = None
        return snap

    def observation(self, seat: int, shown: bool) -> dict[str, Any]:
        """What ``seat`` must see (rules OBS-1..3): its own hand, every hand only when the
        ending shows them (``shown``), the sizes, spreads, top of the pile and counts; and
        what it must not see anywhere: the cards below the top of the pile, the top of the
        stock and, unless shown, the other seats' cards."""
        st = self.state
        snap = self.tracked()
        hands = snap["hands"]
        hidden = [c for s, h in enumerate(hands) if s != seat and not shown for c in h]
        hidden += st.pile[:-1] + st.stock[:3]
        expect: dict[str, Any] = {
            "hand": hands[seat],
            "hands": [h if (s == seat or shown) else None for s, h in enumerate(hands)],
            "hand_sizes": [len(h) for h in hands],
            **{k: snap[k] for k in ("spreads", "discard_top", "discard_count", "stock_count", "to_act", "stage")},
        }
        if hidden:
            expect["hidden"] = hidden
        return {"observe": {"seat": seat, "expect": expect}}

    def result(self) -> dict[str, Any] | None:
        """The result as a scenario states it in full (amounts as the format writes them)."""
        res = self.state.result
        if res is None:
            return None
        out: dict[str, Any] = {"ending": res.ending, "winners": list(res.winners)}
        if res.totals is not None:
            out["totals"] = list(res.totals)
        out["net"] = [amount_text(a) for a in res.net]
        out["payments"] = [
            {"payer": p.payer, "payee": p.payee, "amount": amount_text(p.amount), "rule": p.rule} for p in res.payments
        ]
        return out

    def agrees(self, stated: dict[str, Any]) -> None:
        """Refuse a result stated by hand that the model does not reach, field by field
        (payments summed per payer and payee)."""
        res = self.state.result
        got = self.result()
        if res is None or got is None:
            raise GenError("the script does not end the hand")
        for k, want in stated.items():
            have = got.get(k)
            if k == "payments":
                pairs: dict[tuple[int, int], Fraction] = {}
                for p in want:
                    pairs[(p["payer"], p["payee"])] = pairs.get((p["payer"], p["payee"]), Fraction(0)) + p["amount"]
                have, want = res.pairs, dict(sorted(pairs.items()))
            if have != want:
                raise GenError(f"the model's result has {k} = {have}, the case says {want}")


def drain(play: Play, keep_last: bool = False) -> list[str]:
    """Each player in turn draws the top of the stock and discards it until the stock is
    empty; then the player to act draws from the empty stock, which ends the hand (unless
    ``keep_last``).  The moves, as played on ``play``."""
    steps: list[str] = []
    while play.state.stock:
        seat = play.state.to_act
        card = play.state.stock[0]
        for a in (f"{seat} draw stock", f"{seat} discard {card}"):
            play.act(a)
            steps.append(a)
    if not keep_last:
        steps.append(f"{play.state.to_act} draw stock")
    return steps
