"""Table rows of the headed families (scenarios/_gen/deal.py, dealt.py, hits.py,
illegal.py, obs.py, spreads.py, turn.py) made into cases: a stacked deal, a compact
script compiled on the model, and the result the row states (checked on the model).

Script steps:

- ``"0 draw stock"``: an action that must be accepted.
- ``"0 discard 9h !taken_card"``: an action that must be refused with that reason,
  followed by an expectation that the state is exactly as before (hands, spreads,
  discard top and count, stock count, player to act, stage).
- ``"="``: expect the whole state here.
- ``"?1"``: what seat 1 observes during play (others' hands hidden); ``"?1*"``: what it
  observes when the ending shows every hand.
- a dict: a scenario step written out (observe, legal, call, expect, or an action in the
  protocol form; one with ``reject`` is followed by the "unchanged" expectation).
- a list: its steps, spliced in (a run of steps a table shares).

The rows themselves are data (scenarios/_gen/tables/<family>.yml): :func:`build_row`
makes a scenario of one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tonk_model import DEFAULTS, Ambiguous, ModelError, Rules, State, deal_hands

from .files import Doc
from .play import GenError, Play


def total(cards: Sequence[str]) -> int:
    """A hand's total by rule CARD-3 under the seed rules."""
    return Rules(DEFAULTS).total(list(cards))


class Deal:
    """A stacked deal: each seat's hand (seat 0 first), the upcard (None under
    ``upcard: false``) and the top of the stock."""

    def __init__(
        self,
        players: int,
        dealer: int,
        hands: Sequence[str],
        upcard: str | None,
        stock: str = "",
        *,
        dealt_tonk: bool = False,
    ) -> None:
        self.players = players
        self.dealer = dealer
        self.hands = [h.split() for h in hands]
        self.upcard = upcard
        self.stock = stock.split()
        assert len(self.hands) == players
        for seat, h in enumerate(self.hands):
            assert len(h) == 5, (seat, h)
            if not dealt_tonk:
                assert total(h) not in (49, 50), f"seat {seat} is dealt {total(h)}: a dealt tonk"

    def without_upcard(self) -> Deal:
        """The same cards under ``upcard: false``: the upcard becomes the top of the stock."""
        d = Deal(self.players, self.dealer, [" ".join(h) for h in self.hands], None, dealt_tonk=True)
        d.stock = ([self.upcard] if self.upcard else []) + self.stock
        return d

    def as_yaml(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hands": [list(h) for h in self.hands]}
        if self.upcard is not None:
            out["upcard"] = self.upcard
        if self.stock:
            out["stock"] = list(self.stock)
        return out

    def state(self, options: dict[str, Any] | None = None, stake: int = 1) -> State:
        return deal_hands(self.players, self.dealer, options or {}, self.hands, self.upcard, self.stock, stake)


def script(play: Play, steps: Sequence[Any]) -> list[dict[str, Any]]:
    """Compile a compact step list into scenario steps on the model."""
    out: list[dict[str, Any]] = []
    for step in steps:
        if isinstance(step, list):
            out += script(play, step)
        elif isinstance(step, dict):
            if "action" in step and "reject" not in step:
                raise ValueError(f"write accepted actions in the compact form, so they are followed: {step}")
            out.append(step)
            if "reject" in step:
                play.act_json(step["seat"], step["action"], step["reject"])
                out.append({"expect": play.tracked()})
        elif step == "=":
            out.append({"expect": play.tracked()})
        elif step.startswith("?"):
            out.append(play.observation(int(step[1:].rstrip("*")), shown=step.endswith("*")))
        elif "!" in step:
            action, reason = (part.strip() for part in step.split("!"))
            play.act(action, reason or True)
            out.append({"act": action, "reject": reason or True})
            out.append({"expect": play.tracked()})
        else:
            play.act(step)
            out.append({"act": step})
    return out


def build(
    folder: str,
    cid: str,
    title: str,
    rules: Sequence[str],
    deal: Deal,
    steps: Sequence[Any],
    *,
    options: dict[str, Any] | None = None,
    stake: int | None = None,
    result: dict[str, Any] | None = None,
    notes: str | None = None,
) -> Doc:
    """One scenario from a table row: the script compiled on the model, the stated result
    checked on it."""
    if options and options.get("upcard") is False and deal.upcard is not None:
        deal = deal.without_upcard()
    doc: dict[str, Any] = {"id": cid, "title": title, "rules": list(dict.fromkeys(rules))}
    if options:
        doc["ruleset"] = {"options": dict(options)}
    doc["players"] = deal.players
    doc["dealer"] = deal.dealer
    if stake is not None:
        doc["stake"] = stake
    doc["deal"] = deal.as_yaml()
    play = Play(deal.state(options, stake or 1))
    try:
        doc["script"] = script(play, steps)
        if result is not None:
            play.agrees(result)
    except (GenError, ModelError) as e:
        raise (Ambiguous if isinstance(e, Ambiguous) else GenError)(f"{cid}: {e}") from None
    if result is not None:
        doc["result"] = result
    if notes:
        doc["notes"] = notes
    return folder, doc


# Hands and upcards to fill the seats and the pile a row does not name (low totals).
FILL_HANDS = (
    "2d 3h 4s 5d 6h",
    "Ad 2h 3s 4d 5h",
    "8s 2c 3d 9c 4h",
    "6s 6d Ah 2s Jc",
    "Kh 5s 3c 8d Ac",
    "3h 4c 9s 2d Th",
    "Jd 6c 5h 8h Td",
)
FILL_UPCARDS = ("Js", "Jh", "Qc", "Kc", "Tc")


def auto_deal(
    players: int,
    special: dict[int, str],
    stock: str = "",
    *,
    dealer: int | None = None,
    upcard: str | None = None,
) -> Deal:
    """A deal where the seats in ``special`` hold the given cards and the others (and the
    upcard, unless named) are filled from FILL_HANDS/FILL_UPCARDS without clashing.  The
    dealer defaults to the seat before 0, so seat 0 plays first."""
    used = {c for h in special.values() for c in h.split()} | set(stock.split()) | ({upcard} if upcard else set())
    hands = []
    for seat in range(players):
        if seat in special:
            hands.append(special[seat])
        else:
            h = next(h for h in FILL_HANDS if not used & set(h.split()))
            used |= set(h.split())
            hands.append(h)
    if upcard is None:
        upcard = next(c for c in FILL_UPCARDS if c not in used)
    return Deal(players, players - 1 if dealer is None else dealer, hands, upcard, stock)


def knock_outcome(knocker: int, totals: list[int]) -> dict[str, Any]:
    """Ending, winners and totals of a knock under the default rules (D3: a tie catches the
    knocker; the lowest other hands win)."""
    others = [t for s, t in enumerate(totals) if s != knocker]
    low = min(others)
    if totals[knocker] < low:
        return {"ending": "knock_won", "winners": [knocker], "totals": totals}
    winners = [s for s, t in enumerate(totals) if s != knocker and t == low]
    return {"ending": "knock_caught", "winners": winners, "totals": totals}


def deal_of(spec: str | Mapping[str, Any], named: Mapping[str, Deal]) -> Deal:
    """A table row's deal: the name of a deal of ``named``, or its fields: ``players``,
    ``dealer`` (by default the seat before 0 where ``seats`` are given), the hands of
    every seat (``hands``) or of the seats the row names (``seats``: :func:`auto_deal`
    fills the others), ``upcard``, ``stock``, ``dealt_tonk`` (a dealt 49 or 50 is meant)."""
    if isinstance(spec, str):
        return named[spec]
    if "seats" in spec:
        return auto_deal(spec["players"], spec["seats"], spec.get("stock", ""), dealer=spec.get("dealer"),
                         upcard=spec.get("upcard"))
    return Deal(spec["players"], spec["dealer"], spec["hands"], spec["upcard"], spec.get("stock", ""),
                dealt_tonk=spec.get("dealt_tonk", False))


def build_row(folder: str, row: Mapping[str, Any], named: Mapping[str, Deal]) -> Doc:
    """The scenario of a table row: ``id``, ``title``, ``rules``, ``deal`` (see
    :func:`deal_of`), ``steps``; ``folder`` where it is not the family's, and ``options``,
    ``stake``, ``result`` and ``notes`` where the case has them."""
    return build(
        row.get("folder", folder), row["id"], row["title"], row["rules"], deal_of(row["deal"], named), row["steps"],
        options=row.get("options"), stake=row.get("stake"), result=row.get("result"), notes=row.get("notes"),
    )
