"""Dealt 49 or 50 (rules DEALT-1..4, PAY-DEALT-1): writes scenarios/dealt/.

Tables (tables/dealt.yml):
- tonks: one dealt tonk per row, a 49 and a 50 for every seat (the dealer included) with
  2 and 3 players: the hand ends at once and every other player pays 2S.
- draws: two or three dealt tonks: a draw, nobody pays.
- plays_on: dealt hands a wrong engine would count as 49 or 50 (the ace counted 11, faces
  counted 11/12/13, the upcard counted with the hand): play goes on.
- late: a 49 or 50 made after the first turn began is worth nothing (DEALT-4).
- option: option ``dealt_tonk`` ("50", "none") on the same deals as rows of tonks/draws.
"""

from __future__ import annotations

from typing import Any

from scenarios._gen.make.command import run_family
from scenarios._gen.make.files import Doc, Family
from scenarios._gen.make.table import build_row, total
from scenarios._gen.make.tables import table
from scenarios._gen.make.write import HEADED

FOLDER = "dealt"

# Low hands to fill the seats that hold no tonk (totals 20, 27, 26).
FILL = (
    ["2c", "3d", "4h", "5s", "6c"],
    ["Ac", "7d", "8h", "3s", "8c"],
    ["4d", "5h", "6s", "7c", "4c"],
)


def hands_for(players: int, special: dict[int, list[str]]) -> list[list[str]]:
    used = {c for h in special.values() for c in h}
    fills = [f for f in FILL if not used & set(f)]
    out = []
    for seat in range(players):
        out.append(special[seat] if seat in special else fills.pop(0))
    return out


def role(players: int, dealer: int, seat: int) -> str:
    if seat == dealer:
        return "dealer"
    return ["first-player", "second-player"][(seat - dealer - 1) % players]


def tonk_result(players: int, seat: int, stake: int, hands: list[list[str]]) -> dict[str, Any]:
    pay = 2 * stake
    return {
        "ending": "dealt_tonk",
        "winners": [seat],
        "totals": [total(h) for h in hands],
        "net": [pay * (players - 1) if s == seat else -pay for s in range(players)],
        "payments": [{"payer": s, "payee": seat, "amount": pay} for s in range(players) if s != seat],
    }


def draw_result(players: int, hands: list[list[str]]) -> dict[str, Any]:
    return {
        "ending": "dealt_draw",
        "winners": [],
        "totals": [total(h) for h in hands],
        "net": [0] * players,
        "payments": [],
    }


def over_script(players: int, dealer: int, hands: list[list[str]]) -> list[dict[str, Any]]:
    first = (dealer + 1) % players
    return [
        {"expect": {"stage": "over", "to_act": None, "hands": hands}},
        {"act": f"{first} draw stock", "reject": "hand_over"},
        {"act": f"{first} knock", "reject": "hand_over"},
    ]


def plays_on_script(players: int, dealer: int, hands: list[list[str]]) -> list[dict[str, Any]]:
    first = (dealer + 1) % players
    return [
        {"expect": {"stage": "start", "to_act": first, "result": None, "hands": hands}},
        {"act": f"{first} draw stock"},
        {"expect": {"stage": "drawn", "to_act": first}},
    ]


def _deal(hands: list[list[str]], upcard: str) -> dict[str, Any]:
    return {"hands": hands, "upcard": upcard}


def tonk_cases(rows: list[dict[str, Any]]) -> list[Doc]:
    out: list[Doc] = []
    for row in rows:
        players, dealer, seat, hand, stake = (row[k] for k in ("players", "dealer", "seat", "hand", "stake"))
        h = hand.split()
        t = total(h)
        assert t in (49, 50), (hand, t)
        hands = hands_for(players, {seat: h})
        for s, other in enumerate(hands):
            assert s == seat or total(other) not in (49, 50)
        who = role(players, dealer, seat)
        doc: dict[str, Any] = {
            "id": f"dealt-{t}-{who}-{players}p",
            "title": f"{players} players: seat {seat} ({who.replace('-', ' ')}) is dealt {t}"
            f" ({' '.join(h)}): a dealt tonk, each other player pays 2S"
            + (f" (S = {stake})" if stake != 1 else ""),
            "rules": ["DEALT-1", "DEALT-3", "PAY-DEALT-1", "CARD-3"] + (["DEALT-4"] if who == "first-player" else []),
            "players": players,
            "dealer": dealer,
        }
        if stake != 1:
            doc["stake"] = stake
        doc["deal"] = _deal(hands, "2h" if "2h" not in hand else "3h")
        doc["script"] = over_script(players, dealer, hands)
        doc["result"] = tonk_result(players, seat, stake, hands)
        out.append((FOLDER, doc))
    return out


def _seated(row: dict[str, Any], rules: list[str], upcard: str) -> tuple[dict[str, Any], list[list[str]], list[int]]:
    """A row naming the hands of some seats (``seats``; FILL fills the others): the case so
    far, the hands, and the seats dealt 49 or 50."""
    hands = hands_for(row["players"], {s: h.split() for s, h in row["seats"].items()})
    tonks = [s for s, h in enumerate(hands) if total(h) in (49, 50)]
    doc: dict[str, Any] = {"id": row["id"], "title": row["title"], "rules": rules, "players": row["players"],
                           "dealer": row["dealer"], "deal": _deal(hands, upcard)}
    return doc, hands, tonks


def draw_cases(rows: list[dict[str, Any]]) -> list[Doc]:
    out: list[Doc] = []
    for row in rows:
        doc, hands, tonks = _seated(row, ["DEALT-2", "DEALT-3", "DEALT-1"], "2h")
        assert len(tonks) == len(row["seats"]) >= 2
        doc["script"] = over_script(row["players"], row["dealer"], hands)
        doc["result"] = draw_result(row["players"], hands)
        out.append((FOLDER, doc))
    return out


def plays_on_cases(rows: list[dict[str, Any]]) -> list[Doc]:
    out: list[Doc] = []
    for row in rows:
        doc, hands, tonks = _seated(row, row["rules"], row["upcard"])
        if tonks:
            (seat,) = tonks
            doc["script"] = over_script(row["players"], row["dealer"], hands)
            doc["result"] = tonk_result(row["players"], seat, 1, hands)
        else:
            doc["script"] = plays_on_script(row["players"], row["dealer"], hands)
        out.append((FOLDER, doc))
    return out


def option_cases(rows: list[dict[str, Any]], base: dict[str, dict[str, Any]]) -> list[Doc]:
    out: list[Doc] = []
    for row in rows:
        base_id, value, outcome, title = row["base"], row["value"], row["outcome"], row["title"]
        b = base[base_id]
        hands = b["deal"]["hands"]
        players, dealer = b["players"], b["dealer"]
        doc: dict[str, Any] = {
            "id": f"{base_id}-dealt-tonk-{value}",
            "title": f"{title} (the deal of {base_id})",
            "rules": ["DEALT-1", "DEALT-2"] if "draw" in base_id else ["DEALT-1"],
            "ruleset": {"options": {"dealt_tonk": value}},
            "players": players,
            "dealer": dealer,
        }
        if b.get("stake", 1) != 1:
            doc["stake"] = b["stake"]
        doc["deal"] = b["deal"]
        wanted = (50,) if value == "50" else ()
        tonks = [s for s, h in enumerate(hands) if total(h) in wanted]
        if outcome == "plays_on":
            assert not tonks
            doc["script"] = plays_on_script(players, dealer, hands)
        elif outcome == "tonk":
            (seat,) = tonks
            doc["script"] = over_script(players, dealer, hands)
            doc["result"] = tonk_result(players, seat, b.get("stake", 1), hands)
        else:
            assert len(tonks) >= 2
            doc["script"] = over_script(players, dealer, hands)
            doc["result"] = draw_result(players, hands)
        out.append((FOLDER, doc))
    return out


def cases() -> list[Doc]:
    t = table("dealt")
    base = tonk_cases(t["tonks"]) + draw_cases(t["draws"])
    by_id = {doc["id"]: doc for _, doc in base}
    late = [build_row(FOLDER, row, {}) for row in t["late"]]  # DEALT-4: a 49 or 50 made in play is a plain total
    return base + plays_on_cases(t["plays_on"]) + late + option_cases(t["option"], by_id)


#: The family: the files whose header names this module.
FAMILY = Family("dealt", cases, HEADED)


if __name__ == "__main__":
    raise SystemExit(run_family(FAMILY))
