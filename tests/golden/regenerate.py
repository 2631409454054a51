"""Golden playthroughs (OpenSpiel style): for each preset of spec/rulesets/ and a few
seeds, one hand played by a fixed random policy, written state by state: the full state,
what each seat observes, the legal actions, the action taken (and now and then an illegal
attempt with its reason code), and the result.

    python tests/golden/regenerate.py           # rewrite tests/golden/*.txt
    python tests/golden/regenerate.py --check   # exit 1 if a file would change

tests/golden/test_golden.py regenerates them in memory and compares.  A difference is a
change of behaviour: if it is meant, regenerate and commit the new files with the change.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from tonk_ref.engine.actions import IllegalAction
from tonk_ref.engine.cards import NAMES, cards_of, pack_mask
from tonk_ref.engine.hand import Hand
from tonk_ref.engine.serialize import action_from_json, action_to_json, observation_to_json, state_to_json
from tonk_ref.rulebook.book import load_presets
from tonk_ref.rulebook.notation import format_action

HERE = Path(__file__).resolve().parent
#: (seed, players, dealer) of the hands played under every preset.
DEALS = [(1, 2, 0), (2, 3, 2)]
#: How often (one move in N) the policy first tries an illegal-looking action.
TRY_EVERY = 6
MAX_MOVES = 400


def _key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def _show(action: dict[str, Any]) -> str:
    """An action in the project's notation, without its seat."""
    return format_action(None, action) or json.dumps(action)


def _cards(cards: list[str]) -> str:
    return " ".join(cards) if cards else "-"


def _state_lines(s: dict[str, Any]) -> list[str]:
    out = [f"  stage {s['stage']}, to act {s['to_act']}, turn {s['turn']}, taken {s['taken'] or '-'}, "
           f"hits {s['hits_this_turn']}, spread laid {str(s['spread_this_turn']).lower()}"]
    out += [f"  hand {seat}: {_cards(h)}" for seat, h in enumerate(s["hands"])]
    out += [f"  spread {i}: {sp['owner']} {sp['kind']} {_cards(sp['cards'])}" for i, sp in enumerate(s["spreads"])]
    out.append(f"  discard pile (bottom first): {_cards(s['discard_pile'])}")
    out.append(f"  stock: {s['stock_count']} cards")
    return out


def _policy(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A fixed random policy that does not depend on the order of legal_actions: knocks
    are rare, spreads and hits as likely as discarding when possible."""
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for a in sorted(legal, key=_key):
        by_kind.setdefault(a["type"], []).append(a)
    kinds = sorted(by_kind)
    weights = [0.02 if k == "knock" else 1.0 for k in kinds]
    kind = rng.choices(kinds, weights)[0]
    return rng.choice(by_kind[kind])


def _attempt(rng: random.Random, h: Hand) -> tuple[int, dict[str, Any]]:
    """An action that is often illegal: another seat acting, a card not held, a draw or
    discard at the wrong stage."""
    seat = rng.randrange(h.players)
    pack = [NAMES[c] for c in cards_of(pack_mask(h.rules.deck, h.rules.jokers))]
    card = rng.choice(pack)
    return seat, rng.choice([
        {"type": "discard", "card": card},
        {"type": "draw", "from": rng.choice(["stock", "discard"])},
        {"type": "hit", "card": card, "spread": rng.randrange(len(h.spreads) + 1)},
        {"type": "spread", "cards": rng.sample(pack, 3)},
    ])


def playthrough(preset: str, seed: int, players: int, dealer: int) -> str:
    rules = load_presets()[preset].ruleset()
    rng = random.Random(f"{preset}/{seed}")
    deck = cards_of(pack_mask(rules.deck, rules.jokers))
    random.Random(seed).shuffle(deck)
    h = Hand(deck, players, dealer, 1, rules)
    lines = [
        "# Tonk golden playthrough. Regenerate with: python tests/golden/regenerate.py",
        f"preset: {preset}",
        f"options: {json.dumps(rules.changes(), sort_keys=True)}",
        f"seed: {seed}",
        f"players: {players}",
        f"dealer: {dealer}",
        "stake: 1",
        f"deck: {' '.join(NAMES[c] for c in deck)}",
    ]
    n = 0
    while True:
        s = state_to_json(h)
        lines += ["", f"State {n}", *_state_lines(s)]
        for seat in range(players):
            obs = observation_to_json(h, seat)
            lines.append(f"  observation {seat}: {json.dumps(obs, sort_keys=True, separators=(',', ':'))}")
        legal = [action_to_json(a) for a in h.legal_actions()]
        lines.append("  legal: " + (" | ".join(sorted(_show(a) for a in legal)) or "-"))
        if h.is_over or n >= MAX_MOVES:
            break
        if n % TRY_EVERY == TRY_EVERY - 1:
            seat, bad = _attempt(rng, h)
            try:
                h.copy().apply(action_from_json(bad), seat)
                lines.append(f"  try: {seat} {_show(bad)} -> accepted (not applied)")
            except IllegalAction as e:
                lines.append(f"  try: {seat} {_show(bad)} -> refused {e.reason}")
        action = _policy(rng, legal)
        seat = h.to_act
        assert seat is not None
        lines.append(f"  action: {seat} {_show(action)}")
        h.apply(action_from_json(action), seat)
        n += 1
    res = state_to_json(h)["result"]
    lines += ["", "Result"]
    if res is None:
        lines.append(f"  (not over after {MAX_MOVES} actions)")
    else:
        lines.append(f"  ending: {res['ending']}")
        lines.append(f"  winners: {res['winners']}")
        if "totals" in res:
            lines.append(f"  totals: {res['totals']}")
        if "knocker" in res:
            lines.append(f"  knocker: {res['knocker']}")
        for p in res["payments"]:
            lines.append(f"  payment: {p['payer']} pays {p['payee']} {p['amount']} ({p['rule']})")
        lines.append(f"  net: {res['net']}")
    return "\n".join(lines) + "\n"


def files() -> dict[str, str]:
    out = {}
    for preset in sorted(load_presets()):
        for seed, players, dealer in DEALS:
            out[f"{preset}-seed{seed}-{players}p.txt"] = playthrough(preset, seed, players, dealer)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only check that the files are up to date")
    args = parser.parse_args(argv)
    want = files()
    have = {p.name for p in HERE.glob("*.txt")}
    if args.check:
        stale = sorted(n for n, text in want.items() if not (HERE / n).exists() or (HERE / n).read_text() != text)
        stale += sorted(have - set(want))
        if stale:
            print("out of date: " + ", ".join(stale), file=sys.stderr)
            return 1
        return 0
    for name in sorted(have - set(want)):
        (HERE / name).unlink()
        print(f"removed {name}")
    for name, text in want.items():
        (HERE / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(want)} playthroughs to {HERE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
