"""A case description, the document the model makes of it, and a YAML writer with a
fixed layout (so that generating twice writes the same bytes)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .model import (
    ALL_CARDS,
    GenError,
    Table,
    amount_text,
    cards,
    ending_name,
    points,
    ruleset,
    settle,
)

ACTION = re.compile(r"^(\d+) (knock|draw|spread|hit|discard)((?: \S+)*)$")


@dataclass
class Case:
    """One scenario.

    ``script`` items: a string holds actions separated by ``;`` (an action ending in
    ``!reason`` must be refused with that reason, ``!`` refused for any reason); ``@``
    inserts an ``expect`` step with the model's state, ``@@`` one with the hands and
    spreads too; ``{"score": [scores before]}`` inserts a call of the match method
    ``score`` for the finished hand (VAR-POINTS-1); any other dict is written as a step.
    ``totals``, ``net``, ``ending`` and ``winners`` are the figures the generator states
    by hand: the case is written only if the model reaches them."""

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
    over: bool = True
    notes: str = ""


def split_script(items: list[Any]) -> list[Any]:
    out: list[Any] = []
    for item in items:
        if isinstance(item, str):
            out += [p.strip() for p in re.split(r"[;\n]", item) if p.strip()]
        else:
            out.append(item)
    return out


def _score_step(table: Table, before: list[int], result: dict[str, Any]) -> dict[str, Any]:
    e = table.ending
    assert e is not None
    totals = result.get("totals") or table.totals()
    pts = points(result["ending"], result["winners"], totals, e.knocker, table.rules["scoring"] == "points_all")
    new = [a + b for a, b in zip(before, pts, strict=True)]
    res: dict[str, Any] = {"ending": result["ending"], "winners": result["winners"], "totals": totals}
    if e.knocker is not None:
        res["knocker"] = e.knocker
    return {
        "call": {
            "method": "score",
            "params": {"scores": list(before), "result": res},
            "expect": {"points": pts, "scores": new, "out": [s for s, v in enumerate(new) if v >= 100]},
        }
    }


def build(case: Case) -> dict[str, Any]:
    """The scenario document of ``case``, after following its script on the model."""
    try:
        rules = ruleset(case.preset, case.options)
        if case.deck is not None:
            table = Table(case.players, case.dealer, rules, deck=cards(case.deck))
        else:
            assert case.hands is not None
            table = Table(
                case.players,
                case.dealer,
                rules,
                hands=[cards(h) for h in case.hands],
                upcard=case.upcard,
                stock_top=cards(case.stock or ""),
            )
    except GenError as e:
        raise GenError(f"{case.id}: {e}") from None
    steps: list[dict[str, Any]] = []
    result: dict[str, Any] | None = None
    pending_scores: list[list[int]] = []
    for item in split_script(case.script):
        if isinstance(item, dict):
            if "score" in item:
                pending_scores.append(list(item["score"]))
                steps.append({"__score__": len(pending_scores) - 1})
            else:
                steps.append(item)
            continue
        if item in ("@", "@@"):
            steps.append({"expect": table.snapshot(full=item == "@@")})
            continue
        reject: str | bool | None = None
        text = item
        if "!" in item:
            text, _, why = item.partition("!")
            text = text.strip()
            reject = why.strip() or True
        m = ACTION.match(text)
        if not m:
            raise GenError(f"{case.id}: cannot read action {item!r}")
        seat, verb, args = int(m.group(1)), m.group(2), m.group(3).split()
        step: dict[str, Any] = {"act": text}
        try:
            reason = table.judge(seat, verb, args)
            if reject is None:
                table.apply(seat, verb, args)
            elif reason is None:
                raise GenError(f"the rules allow {text}, the case says it is refused")
            elif reject is not True and reason != reject:
                raise GenError(f"the rules refuse {text} as {reason}, the case says {reject}")
        except GenError as e:
            raise GenError(f"{case.id}: {item}: {e}") from None
        if reject is not None:
            step["reject"] = reject
        steps.append(step)
    doc: dict[str, Any] = {"id": case.id, "title": case.title, "rules": case.rules}
    rs: dict[str, Any] = {}
    if case.preset:
        rs["preset"] = case.preset
    if case.options:
        rs["options"] = dict(case.options)
    if rs:
        doc["ruleset"] = rs
    doc["players"] = case.players
    doc["dealer"] = case.dealer
    doc["stake"] = case.stake
    if case.deck is not None:
        doc["deal"] = {"deck": cards(case.deck)}
    else:
        deal: dict[str, Any] = {"hands": [cards(h) for h in case.hands or []]}
        if case.upcard:
            deal["upcard"] = case.upcard
        if case.stock:
            deal["stock"] = cards(case.stock)
        doc["deal"] = deal
    notes = case.notes.strip()
    if case.over:
        e = table.ending
        if e is None:
            raise GenError(f"{case.id}: the script does not end the hand")
        winners, pays = settle(e, case.players, case.stake, rules)
        result = {"ending": ending_name(e, winners), "winners": sorted(winners)}
        if e.kind in ("knock", "stock_out", "turn_limit"):
            assert e.totals is not None
            result["totals"] = list(e.totals)
        net = [Fraction(0)] * case.players
        for p, q, a, _ in pays:
            net[p] -= a
            net[q] += a
        result["net"] = [amount_text(a) for a in net]
        result["payments"] = [{"payer": p, "payee": q, "amount": amount_text(a), "rule": r} for p, q, a, r in pays]
        if case.ending is not None and result["ending"] != case.ending:
            raise GenError(f"{case.id}: the script ends in {result['ending']}, the case says {case.ending}")
        if case.winners is not None and result["winners"] != case.winners:
            raise GenError(f"{case.id}: the winners are {result['winners']}, the case says {case.winners}")
        if case.totals is not None:
            got = result.get("totals") or table.totals()
            if got != case.totals:
                raise GenError(f"{case.id}: the cards held total {got}, the case says {case.totals}")
        if case.net is not None and [Fraction(a) for a in result["net"]] != [Fraction(a) for a in case.net]:
            raise GenError(f"{case.id}: the settlement nets {result['net']}, the case says {case.net}")
        if e.kind in ("knock", "stock_out", "turn_limit"):
            held = "; ".join(
                f"seat {s} " + (" ".join(table.hands[s]) or "nothing") + f" = {result['totals'][s]}"
                for s in range(case.players)
            )
            notes = (notes + "\n" if notes else "") + f"Held at the end: {held}."
    else:
        if table.ending is not None:
            raise GenError(f"{case.id}: the hand ends, but the case says it goes on")
        if case.totals is not None or case.net is not None or case.ending is not None:
            raise GenError(f"{case.id}: figures given for a hand that goes on")
    final: list[dict[str, Any]] = []
    for st in steps:
        if "__score__" in st:
            if result is None:
                raise GenError(f"{case.id}: a score call before the hand is over")
            final.append(_score_step(table, pending_scores[st["__score__"]], result))
        else:
            final.append(st)
    doc["script"] = final
    if result is not None:
        doc["result"] = result
    if notes:
        doc["notes"] = notes
    return doc


# ------------------------------------------------------------------------------ YAML
_PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")
_RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


def scalar(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        if v in ALL_CARDS or (_PLAIN.match(v) and v.lower() not in _RESERVED):
            return v
        return json.dumps(v)
    raise GenError(f"cannot write {v!r}")


def flow(v: Any) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(flow(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {flow(x)}" for k, x in v.items()) + "}"
    return scalar(v)


def _text(v: str) -> str:
    if "\n" not in v and len(v) < 100:
        return json.dumps(v)
    return "|-\n" + "\n".join("  " + line if line else "" for line in v.split("\n"))


def dump(doc: dict[str, Any]) -> str:
    out: list[str] = []
    for key, v in doc.items():
        if key == "id":
            out.append(f"id: {scalar(v)}")
        elif key == "title":
            out.append(f"title: {json.dumps(v)}")
        elif key == "notes":
            out.append(f"notes: {_text(v)}")
        elif key == "deal":
            out.append("deal:")
            for k, x in v.items():
                if k == "hands":
                    out.append("  hands:")
                    out.extend(f"    - {flow(h)}" for h in x)
                else:
                    out.append(f"  {k}: {flow(x)}")
        elif key == "script":
            out.append("script:")
            for step in v:
                if "act" in step:
                    out.append(f"  - act: {step['act']}")
                    if "reject" in step:
                        out.append(f"    reject: {scalar(step['reject'])}")
                elif "call" in step:
                    call = step["call"]
                    out.append("  - call:")
                    for k, x in call.items():
                        out.append(f"      {k}: {flow(x)}")
                else:
                    ((k, x),) = step.items()
                    out.append(f"  - {k}: {flow(x)}")
        elif key == "result":
            out.append("result:")
            for k, x in v.items():
                if k == "payments":
                    if x:
                        out.append("  payments:")
                        out.extend(f"    - {flow(p)}" for p in x)
                    else:
                        out.append("  payments: []")
                else:
                    out.append(f"  {k}: {flow(x)}")
        elif isinstance(v, dict):
            out.append(f"{key}:")
            out.extend(f"  {k}: {flow(x)}" for k, x in v.items())
        else:
            out.append(f"{key}: {flow(v)}")
    return "\n".join(out) + "\n"
