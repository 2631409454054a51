"""Dealt 49 or 50 (rules DEALT-1..4, PAY-DEALT-1): writes scenarios/dealt/.

Tables:
- TONKS: one dealt tonk per row, a 49 and a 50 for every seat (the dealer included) with
  2 and 3 players: the hand ends at once and every other player pays 2S.
- DRAWS: two or three dealt tonks: a draw, nobody pays.
- PLAYS_ON: dealt hands a wrong engine would count as 49 or 50 (the ace counted 11, faces
  counted 11/12/13, the upcard counted with the hand): play goes on.
- LATE: a 49 or 50 made after the first turn began is worth nothing (DEALT-4).
- OPTION: option ``dealt_tonk`` ("50", "none") on the same deals as rows of TONKS/DRAWS.
"""

from __future__ import annotations

import sys
from typing import Any

from scenarios._gen.make.files import Doc
from scenarios._gen.make.table import total

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


# (players, dealer, tonk seat, tonk hand, stake)
TONKS: list[tuple[int, int, int, str, int]] = [
    (2, 1, 0, "Kc Qd Jh Ts 9c", 1),
    (2, 1, 1, "Td Th Ts Tc 9d", 1),
    (2, 0, 1, "Ks Kh Qc Jd Tc", 1),
    (2, 0, 0, "Kc Kd Kh Ks Th", 2),
    (3, 2, 0, "Jc Jd Jh 9s Js", 1),
    (3, 2, 1, "Qc Qh Kd Ts 9h", 1),
    (3, 2, 2, "Kc Qc Jc Tc 9c", 3),
    (3, 0, 1, "Kd Qd Jd Td Th", 1),
    (3, 0, 2, "Ks Qs Js Ts Tc", 1),
    (3, 1, 1, "Kh Qh Jh Th Tc", 1),
]

# (id, title, players, dealer, {seat: hand})
DRAWS: list[tuple[str, str, int, int, dict[int, str]]] = [
    ("dealt-draw-49-50-2p", "Two players dealt 49 and 50: a draw, nobody pays", 2, 1,
     {0: "Kc Qd Jh Ts 9c", 1: "Ks Kh Qc Jd Tc"}),
    ("dealt-draw-50-50-2p", "Both players dealt 50: a draw, nobody pays", 2, 0,
     {0: "Kc Kd Kh Ks Th", 1: "Qc Qd Qh Qs Tc"}),
    ("dealt-draw-49-49-3p", "Seats 0 and 2 dealt 49, seat 1 low: a draw, nobody pays (not a split)", 3, 1,
     {0: "Kc Qd Jh Ts 9c", 2: "Td Th Tc Ks 9d"}),
    ("dealt-draw-w2-3p", "W2: A (the dealer's left) dealt 50, B 49, C low: a draw, net 0, 0, 0", 3, 2,
     {0: "Kc Qc Jc Tc Td", 1: "Kh Qh Jh Th 9h"}),
    ("dealt-draw-dealer-and-first-3p", "The dealer dealt 49 and the first player 50: a draw (the dealer counts)", 3, 0,
     {0: "Kd Qd Jd Td 9d", 1: "Ks Qs Js Ts Tc"}),
    ("dealt-draw-all-three-3p", "All three players dealt 49 or 50: a draw, nobody pays", 3, 2,
     {0: "Kc Qc Jc Tc 9c", 1: "Kd Qd Jd Td Th", 2: "Ks Qs Js Ts 9s"}),
]

# (id, title, rules, players, dealer, {seat: hand}, upcard)
PLAYS_ON: list[tuple[str, str, list[str], int, int, dict[int, str], str]] = [
    ("dealt-48-plays-on-2p", "A dealt 48 is not a tonk: play begins", ["DEALT-1", "CARD-3"], 2, 1,
     {0: "Kc Qd Jh 9s 9c"}, "Ah"),
    ("dealt-ace-counts-one-2p", "K-Q-J-8-A totals 39 (the ace counts 1, not 11): no tonk",
     ["DEALT-1", "CARD-3"], 2, 0, {0: "Kc Qd Jh 8s Ac", 1: "Kd Qh Js 9s Ad"}, "2h"),
    ("dealt-faces-count-ten-3p", "K-Q-J-9-4 totals 43 (faces count 10, not 13/12/11 = 49): no tonk",
     ["DEALT-1", "CARD-3"], 3, 2, {1: "Kc Qd Jh 9s 4c"}, "2h"),
    ("dealt-upcard-not-counted-2p", "A hand of 40 with a 9 turned up is not a tonk: only the dealt cards count",
     ["DEALT-3", "DEAL-2"], 2, 1, {0: "Kc Qd Jh 5s 5c"}, "9h"),
    ("dealt-upcard-not-counted-3p", "The dealer holds 41 and the upcard is a 9: no tonk, the first player plays",
     ["DEALT-3", "DEAL-2"], 3, 2, {2: "Kc Qd Jh 9s 2d"}, "9d"),
    ("dealt-49-beside-48-3p", "One player dealt 49 and one 48: a single tonk, not a draw",
     ["DEALT-1", "DEALT-2", "PAY-DEALT-1"], 3, 0, {1: "Kc Qd Jh Ts 9c", 2: "Kd Qh Js 9s 9d"}, "2h"),
]


def tonk_cases() -> list[Doc]:
    out: list[Doc] = []
    for players, dealer, seat, hand, stake in TONKS:
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


def draw_cases() -> list[Doc]:
    out: list[Doc] = []
    for cid, title, players, dealer, special in DRAWS:
        hands = hands_for(players, {s: h.split() for s, h in special.items()})
        assert sum(total(h) in (49, 50) for h in hands) == len(special) >= 2
        doc = {
            "id": cid,
            "title": title,
            "rules": ["DEALT-2", "DEALT-3", "DEALT-1"],
            "players": players,
            "dealer": dealer,
            "deal": _deal(hands, "2h"),
            "script": over_script(players, dealer, hands),
            "result": draw_result(players, hands),
        }
        out.append((FOLDER, doc))
    return out


def plays_on_cases() -> list[Doc]:
    out: list[Doc] = []
    for cid, title, rules, players, dealer, special, upcard in PLAYS_ON:
        hands = hands_for(players, {s: h.split() for s, h in special.items()})
        tonks = [s for s, h in enumerate(hands) if total(h) in (49, 50)]
        doc: dict[str, Any] = {
            "id": cid,
            "title": title,
            "rules": rules,
            "players": players,
            "dealer": dealer,
            "deal": _deal(hands, upcard),
        }
        if tonks:
            (seat,) = tonks
            doc["script"] = over_script(players, dealer, hands)
            doc["result"] = tonk_result(players, seat, 1, hands)
        else:
            doc["script"] = plays_on_script(players, dealer, hands)
        out.append((FOLDER, doc))
    return out


def late_cases() -> list[Doc]:
    """DEALT-4: a 49 or 50 made in play is a plain total; a later knock shows it."""
    two = [["Kc", "Qd", "Jh", "Ts", "5c"], ["Ac", "2d", "3h", "4s", "6c"]]
    three = [["2c", "3d", "4h", "5s", "Ad"], ["Kc", "Qd", "Jh", "Ts", "2s"], ["7c", "8h", "9s", "Kd", "3c"]]
    return [
        (FOLDER, {
            "id": "dealt-49-made-in-play-pays-nothing-2p",
            "title": "Seat 0 draws to hold 49 after the deal: nothing happens, and seat 1's knock wins",
            "rules": ["DEALT-4", "DEALT-1"],
            "players": 2,
            "dealer": 1,
            "deal": {"hands": two, "upcard": "7h", "stock": ["9d"]},
            "script": [
                {"act": "0 draw stock"},
                {"act": "0 discard 5c"},
                {"expect": {"hands": {"0": ["Kc", "Qd", "Jh", "Ts", "9d"]}, "stage": "start", "to_act": 1,
                            "result": None}},
                {"act": "1 knock"},
            ],
            "result": {"ending": "knock_won", "winners": [1], "totals": [49, 16], "net": [-1, 1],
                       "payments": [{"payer": 0, "payee": 1, "amount": 1}]},
        }),
        (FOLDER, {
            "id": "dealt-49-made-in-play-next-turn-2p",
            "title": "Seat 0 draws to hold 49 and begins another turn: the hand plays on, nothing is paid",
            "rules": ["DEALT-4", "DEALT-3"],
            "players": 2,
            "dealer": 1,
            "deal": {"hands": two, "upcard": "7h", "stock": ["9d", "8c", "7d"]},
            "script": [
                {"act": "0 draw stock"},
                {"act": "0 discard 5c"},
                {"act": "1 draw stock"},
                {"act": "1 discard 8c"},
                {"expect": {"hands": {"0": ["Kc", "Qd", "Jh", "Ts", "9d"]}, "stage": "start", "to_act": 0,
                            "result": None}},
                {"act": "0 draw stock"},
                {"act": "0 discard 7d"},
                {"act": "1 knock"},
            ],
            "result": {"ending": "knock_won", "winners": [1], "totals": [49, 16], "net": [-1, 1]},
        }),
        (FOLDER, {
            "id": "dealt-50-made-in-play-pays-nothing-3p",
            "title": "Seat 1 takes the upcard to hold 50: play goes on, and seat 0's later knock wins",
            "rules": ["DEALT-4", "DEALT-1"],
            "players": 3,
            "dealer": 0,
            "deal": {"hands": three, "upcard": "Td", "stock": ["Qs"]},
            "script": [
                {"act": "1 draw discard"},
                {"act": "1 discard 2s"},
                {"expect": {"hands": {"1": ["Kc", "Qd", "Jh", "Ts", "Td"]}, "stage": "start", "to_act": 2,
                            "result": None}},
                {"act": "2 draw stock"},
                {"act": "2 discard Qs"},
                {"act": "0 knock"},
            ],
            "result": {"ending": "knock_won", "winners": [0], "totals": [15, 50, 37], "net": [2, -1, -1]},
        }),
    ]


# (base case id, option value, expectation): the deals are those of TONKS/DRAWS rows.
OPTION: list[tuple[str, str, str, str]] = [
    ("dealt-49-first-player-2p", "50", "plays_on", "Under dealt_tonk 50 a dealt 49 is not a tonk"),
    ("dealt-49-first-player-2p", "none", "plays_on", "Under dealt_tonk none a dealt 49 is not a tonk"),
    ("dealt-50-first-player-2p", "50", "tonk", "Under dealt_tonk 50 a dealt 50 is still a tonk"),
    ("dealt-50-first-player-2p", "none", "plays_on", "Under dealt_tonk none a dealt 50 is not a tonk"),
    ("dealt-draw-49-50-2p", "50", "tonk", "Under dealt_tonk 50, 49 beside 50 is a single tonk for the 50, not a draw"),
    ("dealt-draw-49-50-2p", "none", "plays_on", "Under dealt_tonk none, 49 beside 50 is no tonk and no draw"),
    ("dealt-draw-w2-3p", "50", "tonk", "Under dealt_tonk 50, W2's 50 and 49 make a single tonk for the 50"),
    ("dealt-draw-50-50-2p", "50", "draw", "Under dealt_tonk 50, two dealt 50s are still a draw"),
    ("dealt-49-dealer-3p", "none", "plays_on", "Under dealt_tonk none the dealer's 49 is not a tonk"),
]


def option_cases(base: dict[str, dict[str, Any]]) -> list[Doc]:
    out: list[Doc] = []
    for base_id, value, outcome, title in OPTION:
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
    base = tonk_cases() + draw_cases()
    by_id = {doc["id"]: doc for _, doc in base}
    return base + plays_on_cases() + late_cases() + option_cases(by_id)


if __name__ == "__main__":
    from scenarios._gen.cli import main

    raise SystemExit(main(["dealt", *sys.argv[1:]]))
