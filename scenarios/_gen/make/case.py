"""A case as the quoted families' tables give it (scenarios/_gen/out.py, stock.py, pay.py,
var.py, options.py and house_*.py), and the scenario document the model makes of it.

The tables state the figures of each hand by hand (worked out from the rules text); the
model follows the script, settles the hand, and the case is written only if the two agree.
The runner then checks every written case against the reference engine, so a fault has
to be made twice, in two independent places, to go unnoticed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tonk_model import Ambiguous, ModelError, cards, deal, deal_hands, points, resolve

from .play import GenError, Play, split_script


@dataclass
class Case:
    """One scenario.

    ``script`` items: a string holds actions separated by ``;`` (an action ending in
    ``!reason`` must be refused with that reason, ``!`` refused for any reason); ``@``
    inserts an ``expect`` step with the model's state, ``@@`` one with the hands and
    spreads too; ``{"score": [scores before]}`` inserts a call of the match method
    ``score`` for the finished hand (VAR-POINTS-1); any other dict is written as a step.
    ``totals``, ``net``, ``ending`` and ``winners`` are the figures the table states by
    hand: the case is written only if the model reaches them."""

    id: str
    title: str
    rules: list[str]
    players: int
    dealer: int
    script: list[Any]
    hands: list[str] | None = None
    upcard: str | None = None
    stock: str | None = None
    deck: str | None = None
    stake: int = 1
    options: dict[str, Any] = field(default_factory=dict)
    preset: str | None = None
    totals: list[int] | None = None
    net: list[Any] | None = None
    ending: str | None = None
    winners: list[int] | None = None
    over: bool = True  # False: the case stops before the hand ends (no result block)
    notes: str = ""
    requires: list[str] | None = None


@dataclass(frozen=True)
class Writing:
    """What a family writes of a result: the dealt totals at a dealt tonk or draw, and
    the endings after which the notes say what each player held."""

    dealt_totals: bool = True
    held_after: tuple[str, ...] = ("knock", "stock_out")


SEED_WRITING = Writing()


def start(case: Case) -> Play:
    """The model at the deal of ``case``."""
    try:
        rules = resolve(case.preset, case.options)
        if case.deck is not None:
            return Play(deal(cards(case.deck), case.players, case.dealer, case.stake, rules))
        assert case.hands is not None
        hands = [cards(h) for h in case.hands]
        stock = cards(case.stock or "")
        return Play(deal_hands(case.players, case.dealer, rules, hands, case.upcard, stock, case.stake))
    except ModelError as e:
        raise GenError(f"{case.id}: {e}") from None


def build(case: Case, writing: Writing = SEED_WRITING) -> dict[str, Any]:
    """The scenario document of ``case``, after following its script on the model."""
    play = start(case)
    steps: list[dict[str, Any]] = []
    scores: list[list[int]] = []
    for item in split_script(case.script):
        if isinstance(item, dict):
            if "score" in item:
                scores.append(list(item["score"]))
                steps.append({"__score__": len(scores) - 1})
            else:
                steps.append(item)
            continue
        if item in ("@", "@@"):
            steps.append({"expect": play.public(full=item == "@@")})
            continue
        text, bang, why = item.partition("!")
        text = text.strip()
        reject: str | bool | None = (why.strip() or True) if bang else None
        try:
            play.act(text, reject)
        except (GenError, ModelError) as e:
            raise (Ambiguous if isinstance(e, Ambiguous) else GenError)(f"{case.id}: {item}: {e}") from None
        steps.append({"act": text} if reject is None else {"act": text, "reject": reject})
    doc: dict[str, Any] = {"id": case.id, "title": case.title, "rules": case.rules}
    ruleset: dict[str, Any] = {"preset": case.preset} if case.preset else {}
    if case.options:
        ruleset["options"] = dict(case.options)
    if ruleset:
        doc["ruleset"] = ruleset
    if case.requires:
        doc["requires"] = {"features": list(case.requires)}
    doc.update(players=case.players, dealer=case.dealer, stake=case.stake)
    if case.deck is not None:
        doc["deal"] = {"deck": cards(case.deck)}
    else:
        doc["deal"] = {"hands": [cards(h) for h in case.hands or []]}
        if case.upcard:
            doc["deal"]["upcard"] = case.upcard
        if case.stock:
            doc["deal"]["stock"] = cards(case.stock)
    notes = case.notes.strip()
    result = _result(case, play, writing) if case.over else None
    if not case.over:
        _goes_on(case, play)
    if result is not None:
        res = play.state.result
        assert res is not None
        kind = "knock" if res.ending.startswith("knock") else res.ending
        if kind in writing.held_after:
            held = "; ".join(
                f"seat {s} " + (" ".join(h) or "nothing") + f" = {result['totals'][s]}"
                for s, h in enumerate(play.state.hands)
            )
            notes = (notes + "\n" if notes else "") + f"Held at the end: {held}."
    doc["script"] = [_score(play, scores[s["__score__"]], result, case.id) if "__score__" in s else s for s in steps]
    if result is not None:
        doc["result"] = result
    if notes:
        doc["notes"] = notes
    return doc


def _result(case: Case, play: Play, writing: Writing) -> dict[str, Any]:
    res = play.state.result
    result = play.result()
    if res is None or result is None:
        raise GenError(f"{case.id}: the script does not end the hand")
    if not writing.dealt_totals and res.ending.startswith("dealt"):
        del result["totals"]
    if case.ending is not None and result["ending"] != case.ending:
        raise GenError(f"{case.id}: the script ends in {result['ending']}, the case says {case.ending}")
    if case.winners is not None and result["winners"] != case.winners:
        raise GenError(f"{case.id}: the winners are {result['winners']}, the case says {case.winners}")
    if case.totals is not None:
        got = result.get("totals") or play.state.totals()
        if got != case.totals:
            raise GenError(f"{case.id}: the cards held total {got}, the case says {case.totals}")
    if case.net is not None and [Fraction(a) for a in result["net"]] != [Fraction(a) for a in case.net]:
        raise GenError(f"{case.id}: the settlement nets {result['net']}, the case says {case.net}")
    return result


def _goes_on(case: Case, play: Play) -> None:
    if play.state.result is not None:
        raise GenError(f"{case.id}: the hand ends, but the case says it goes on")
    if case.totals is not None or case.net is not None or case.ending is not None:
        raise GenError(f"{case.id}: figures given for a hand that goes on")


def _score(play: Play, before: list[int], result: dict[str, Any] | None, cid: str) -> dict[str, Any]:
    """A call of the match method ``score`` for the finished hand (VAR-POINTS-1)."""
    res = play.state.result
    if res is None or result is None:
        raise GenError(f"{cid}: a score call before the hand is over")
    totals = result.get("totals") or play.state.totals()
    pts = points(res, totals, play.state.rules["scoring"] == "points_all")
    new = [a + b for a, b in zip(before, pts, strict=True)]
    params: dict[str, Any] = {"ending": res.ending, "winners": list(res.winners), "totals": totals}
    if res.knocker is not None:
        params["knocker"] = res.knocker
    return {
        "call": {
            "method": "score",
            "params": {"scores": list(before), "result": params},
            "expect": {"points": pts, "scores": new, "out": [s for s, v in enumerate(new) if v >= 100]},
        }
    }
