"""A ruling's outcome in words, one line each: how a hand ended or goes on, or which action
is refused and why (:func:`outcome_words`), and who pays whom (:func:`pays_words`).  The
judge's rulings, the diff's witnesses and the scenario files it writes say an outcome in
these same words."""

from __future__ import annotations

from ..engine.result import Amount, Payment
from .judging import Outcome
from .wording import amount, ending_words


def goes_on_words(o: Outcome) -> str:
    """Who is to act, at which stage, and how many cards the stock holds."""
    stage = "at the start of the turn" if o.stage == "start" else "having drawn"
    return f"seat {o.to_act} is to act, {stage}; {o.stock} cards are left in the stock"


def outcome_words(o: Outcome) -> str:
    """The outcome of a group in one line."""
    if o.kind == "ended":
        words = ending_words(o.ending, o.winners, o.knocker)
        if o.totals is not None:
            words += " (totals " + ", ".join(str(t) for t in o.totals) + ")"
        return words
    if o.kind == "goes_on":
        knock = next((e for e in o.events if e.kind == "last_turns"), None)
        if knock is not None:
            return (f"seat {knock.seat} knocks, and the others play a last turn before the count: "
                    f"{goes_on_words(o)}")
        return f"allowed; the hand goes on: {goes_on_words(o)}"
    r = o.refusal or {}
    if o.kind == "allowed":
        return (f"'{r['action']}' ({r['where']}) is allowed here, though the scenario expects it refused "
                f"({r['expected']})")
    return f"'{r['action']}' ({r['where']}) is refused: {r['reason']}: {r['message']}"


def pays_words(payments: tuple[Payment, ...]) -> str:
    """'seat 0 pays seat 1 3 · seat 2 pays seat 1 1': the total per ordered pair."""
    totals: dict[tuple[int, int], Amount] = {}
    for p in payments:
        totals[(p.payer, p.payee)] = totals.get((p.payer, p.payee), 0) + p.amount
    return " · ".join(f"seat {a} pays seat {b} {amount(x)}" for (a, b), x in totals.items() if x) or "nobody pays"
