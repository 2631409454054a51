"""The house fakes of house.py: each bug is real, and it is the only difference its probe shows.

A probe is a setup at the fake's table and a script of actions.  The reference engine, given
the table's ruleset, and the clean fake of that table answer it alike; the bug fake answers
every step before the last exactly as they do, and the last step (or the setup, or the
result) otherwise, as the probe says.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from house import DEFAULTS, HOUSE_FAKES, TABLES, HouseFake

from tonk_ref.adapters.base import Rejected
from tonk_ref.adapters.inprocess import InProcessAdapter
from tonk_ref.adapters.stdio_client import StdioAdapter
from tonk_ref.engine.ruleset import option_values
from tonk_ref.rulebook.notation import parse_action

JSON = dict[str, Any]
HERE = Path(__file__).resolve().parent
PACK40 = [r + s for s in "cdhs" for r in "A234567JQK"]
CLEAN = {"online": "clean_online", "online-reem": "clean_online_reem"}


def deal(hands: tuple[str, ...], dealer: int, upcard: str | None, stock: str) -> list[str]:
    """The 40-card deck, top first, that deals ``hands`` (seat by seat) from the dealer's
    left, then turns ``upcard`` (if any), then has ``stock`` on top of the stock; the other
    cards follow in pack order."""
    n = len(hands)
    cards = [h.split() for h in hands]
    first = (dealer + 1) % n
    top = [cards[(first + i) % n][i // n] for i in range(5 * n)]
    top += ([upcard] if upcard else []) + stock.split()
    assert len(set(top)) == len(top) and set(top) <= set(PACK40), top
    return top + [c for c in PACK40 if c not in top]


@dataclass(frozen=True)
class Probe:
    """``last`` is what the reference and the fake answer the script's last step: "ok" or
    a reason code; ``refused``, the earlier steps that every engine refuses (the others are
    accepted); ``reference`` and ``bugged`` are parts of the final states each must show
    (a dict is matched key by key, anything else exactly)."""

    fake: str
    hands: tuple[str, ...]
    script: tuple[str, ...] = ()
    dealer: int = 0
    upcard: str | None = None
    stock: str = ""
    players: int | None = None  # when not len(hands)
    last: tuple[str, str] | None = None
    refused: tuple[tuple[int, str], ...] = ()  # earlier steps all refuse alike: (index, reason); the rest are ok
    reference: JSON = field(default_factory=dict)
    bugged: JSON = field(default_factory=dict)

    @property
    def table(self) -> str:
        return HOUSE_FAKES[self.fake].table

    def setup(self) -> JSON:
        return {"ruleset": dict(TABLES[self.table]), "players": self.players or len(self.hands),
                "dealer": self.dealer, "stake": 1,
                "deck": deal(self.hands, self.dealer, self.upcard, self.stock)}

    def actions(self) -> list[tuple[int, JSON]]:
        return [parse_action(a, strict=False) for a in self.script]


def run(engine: Any, probe: Probe) -> JSON:
    """What an engine answers the probe: the play traced, or the setup's refusal."""
    try:
        out: JSON = engine.play(probe.setup(), probe.actions(), trace=True)
    except Rejected as e:
        return {"refused": e.reason}
    return out


#: The state's fields the protocol requires (spec/protocol.md, "The state"); the rest are
#: the reference's extras, which may show a bug before any answer does (``knock_locks``).
CORE = ("players", "dealer", "stake", "hands", "spreads", "discard_top", "discard_count", "stock_count", "to_act",
        "stage", "result")


def core(state: JSON) -> JSON:
    return {k: state[k] for k in CORE}


def matches(actual: object, wanted: object) -> bool:
    if isinstance(wanted, dict):
        return isinstance(actual, dict) and all(k in actual and matches(actual[k], v) for k, v in wanted.items())
    return actual == wanted


def outcome(step: JSON) -> str:
    return "ok" if step["ok"] else str(step["reason"])


def _hit_lock(fake: str) -> Probe:
    """At the online table (hit_lock 1) seat 0 hits seat 1's spread in turn 2: seat 1 may
    not knock in turn 3 (all agree) but may in turn 5."""
    return Probe(
        fake, hands=("7c Kh Qd Js Kd", "4c 5c 6c Ah Ad"), upcard="5s", stock="2s 3s 2d 3d",
        script=("1 draw stock", "1 spread 4c 5c 6c", "1 discard 2s",
                "0 draw stock", "0 hit 7c 0", "0 discard 3s",
                "1 knock", "1 draw stock", "1 discard 2d",
                "0 draw stock", "0 discard 3d",
                "1 knock"),
        last=("ok", "hit_lock"), refused=((6, "hit_lock"),))


def _caught(fake: str, seat0: str, seat1: str, seat2: str, reference: JSON, bugged: JSON) -> Probe:
    """Three players at the online table, each holding two cards after laying a book: seat 1
    (the first to play) knocks with 7 and is caught."""
    return Probe(
        fake, hands=(f"Jc Jd Jh {seat0}", f"Kc Kd Kh {seat1}", f"Qc Qd Qh {seat2}"), upcard="5s",
        stock="7s 6s 7h",
        script=("1 draw stock", "1 spread Kc Kd Kh", "1 discard 7s",
                "2 draw stock", "2 spread Qc Qd Qh", "2 discard 6s",
                "0 draw stock", "0 spread Jc Jd Jh", "0 discard 7h",
                "1 knock"),
        last=("ok", "ok"), reference=reference, bugged=bugged)


PROBES = [
    Probe("spread_before_drawing", hands=("Ah 2d 3s Qc Jd", "4c 5c 6c Kd Kh"), upcard="5s",
          script=("1 spread 4c 5c 6c",), last=("must_draw_first", "ok")),
    Probe("hit_before_drawing", hands=("7c Ad 2s 3h Qd", "4c 5c 6c Kd Kh"), upcard="Js", stock="Jh",
          script=("1 draw stock", "1 spread 4c 5c 6c", "1 discard Kd", "0 hit 7c 0"),
          last=("must_draw_first", "ok")),
    Probe("spread_not_held", hands=("6c Ad 2s 3h Qd", "4c 5c Kd Kh Qs"), upcard="Js", stock="2h",
          script=("1 draw stock", "1 spread 4c 5c 6c"), last=("not_in_hand", "ok")),
    Probe("act_after_over", hands=("As Ad 2d 3c 3h", "Ac 2c Ah 2h 3d"), upcard="Js",
          script=("1 knock", "0 knock"), last=("hand_over", "ok"),
          reference={"result": {"ending": "knock_won", "knocker": 1}},
          bugged={"result": {"ending": "knock_caught", "knocker": 0, "totals": [10, 9]}}),
    Probe("second_draw", hands=("Ah 2d 3s Qc Jd", "4c 5c 6c Kd Kh"), upcard="5s",
          script=("1 draw stock", "1 draw stock"), last=("already_drawn", "ok")),
    Probe("out_of_turn", hands=("Ah 2d 3s Qc Jd", "4c 5c 6c Kd Kh"), upcard="5s", stock="Jh",
          script=("0 draw stock",), last=("not_your_turn", "ok"),
          bugged={"hands": [["Qc", "2d", "Jd", "Ah", "3s"], ["4c", "5c", "6c", "Kd", "Jh", "Kh"]]}),
    _hit_lock("hit_lock_late"),
    _hit_lock("hit_lock_forever"),
    # online-reem (hit_lock 2, a hit ends the turn, a knock at any time): seat 1 hits its own
    # spread in turn 3, and may knock at the start of turn 5
    Probe("hit_own_locks", hands=("Kc Qh Jd Ks 7h", "4c 5c 6c 7c Ah"), stock="2s 3s 2d 3d",
          script=("1 draw stock", "1 spread 4c 5c 6c", "1 discard 2s",
                  "0 draw stock", "0 discard 3s",
                  "1 draw stock", "1 hit 7c 0",
                  "0 draw stock", "0 discard 3d",
                  "1 knock"),
          last=("ok", "hit_lock")),
    Probe("empty_spread_goes_on", hands=("Ah 2d 3s Qc Jd", "4c 5c 6c Jh Qh"), upcard="5s", stock="Kh",
          script=("1 draw stock", "1 spread 4c 5c 6c", "1 spread Jh Qh Kh"), last=("ok", "ok"),
          reference={"result": {"ending": "tonk_out", "winners": [1], "net": [-2, 2]}},
          bugged={"result": None, "to_act": 0, "hands": [["Qc", "2d", "Jd", "Ah", "3s"], []]}),
    Probe("declare_after_draw", hands=("Kc Qh Jd Ks 7h", "Ac 2c Ah 2h 3d"), stock="Kd",
          script=("1 draw stock", "1 declare"), last=("declare_timing", "ok"),
          bugged={"result": {"ending": "special_hand", "winners": [1], "net": [-3, 3]}}),
    Probe("dealt_50s_first_wins", hands=("Kc Qc Jc Kd Qd", "Jd Kh Qh Jh Ks"),
          reference={"result": {"ending": "dealt_draw", "winners": [], "net": [0, 0]}},
          bugged={"result": {"ending": "dealt_tonk", "winners": [1], "net": [-2, 2]}}),
    _caught("catch_pays_first_tied", "2d 3h", "3c 4c", "2c 3d",
            reference={"result": {"ending": "knock_caught", "winners": [0, 2], "net": [2, -4, 2]}},
            bugged={"result": {"ending": "knock_caught", "winners": [0, 2], "net": [2, -2, 0]}}),
    _caught("doubles_to_all_below", "2d 3h", "3c 4c", "2c 4d",
            reference={"result": {"ending": "knock_caught", "winners": [0], "net": [2, -2, 0]}},
            bugged={"result": {"ending": "knock_caught", "winners": [0], "net": [2, -4, 2]}}),
    Probe("turn8_unchecked", hands=("Kc Qh Jd Ks 7h", "Ac 2c 3c 4c 5c"), upcard="7s",
          script=("1 draw discard", "1 spread Ac 2c 3c 4c 5c"), last=("last_card_taken", "ok"),
          bugged={"hands": [["Kc", "Jd", "7h", "Qh", "Ks"], ["7s"]]}),
    Probe("ten_as_10h", hands=("Ah 2d 3s Qc Jd", "4c 5c 6c Kd Kh"), upcard="5s",
          script=("1 draw stock", "1 discard 10h"), last=("malformed_action", "not_in_hand")),
    Probe("too_many_seats", hands=("Ah 2d 3s Qc Jd", "4c 5c 6c Kd Kh", "2c 3c 4d 5d 6d", "7c 7d 7h 7s Ac",
                                   "2h 3h 4h 5h 6h"),
          reference={"refused": "invalid_setup"}, bugged={"state": {"players": 5, "to_act": 1}}),
]
BUGS = sorted(name for name, fake in HOUSE_FAKES.items() if not fake.clean and name != "unsupported_silent")


def test_every_bug_fake_has_its_probe() -> None:
    assert sorted(p.fake for p in PROBES) == BUGS


def test_each_fake_is_served_by_the_factory_of_its_name() -> None:
    import house

    for name, fake in HOUSE_FAKES.items():
        assert fake.name == name and getattr(house, name) is fake.factory
        assert fake.table in TABLES and fake.description
        assert fake.clean == name.startswith("clean_")


@pytest.mark.parametrize("probe", PROBES, ids=lambda p: p.fake)
def test_the_bug_is_real_and_the_only_difference(probe: Probe) -> None:
    reference = run(InProcessAdapter(), probe)
    clean = run(HOUSE_FAKES[CLEAN[probe.table]].factory(), probe)
    bugged = run(HOUSE_FAKES[probe.fake].factory(), probe)
    assert clean == reference
    assert bugged != reference
    ref_final = reference.get("state", reference)
    bug_final = bugged.get("state", bugged)
    if "refused" in reference or "refused" in bugged:  # the setup: the probe says who refuses it
        assert matches(reference, probe.reference), reference
        assert matches(bugged, probe.bugged), bugged
        return
    assert matches(ref_final, probe.reference), ref_final
    assert matches(bug_final, probe.bugged), bug_final
    steps = len(probe.script)
    before = steps - 1 if probe.last else steps
    assert bugged["steps"][:before] == reference["steps"][:before]
    assert [(i, outcome(x)) for i, x in enumerate(reference["steps"][:before]) if not x["ok"]] == list(probe.refused)
    assert [core(x) for x in bugged["states"][:before]] == [core(x) for x in reference["states"][:before]]
    if probe.last is not None:
        assert (outcome(reference["steps"][-1]), outcome(bugged["steps"][-1])) == probe.last
        if probe.last[0] != "ok":  # a refusal leaves the state as it was
            states = [InProcessAdapter().new_hand(probe.setup()), *reference["states"]]
            assert states[-1] == states[-2]
    else:  # no action: the deal itself differs, in its result only
        assert {**core(bug_final), "result": None} == {**core(ref_final), "result": None}


def _other_values(table: dict[str, object]) -> list[tuple[str, object]]:
    """Every (option, value) a setup may ask for that the table does not play."""
    return [(key, v) for key, values in option_values().items() for v in values
            if not (type(v) is type(table.get(key, DEFAULTS[key])) and v == table.get(key, DEFAULTS[key]))]


@pytest.mark.parametrize("fake", HOUSE_FAKES.values(), ids=lambda f: f.name)
def test_hello_declares_the_table_only_and_other_values_are_refused(fake: HouseFake) -> None:
    table = TABLES[fake.table]
    engine = fake.factory()
    hello = engine.hello()
    assert hello["options"] == {k: [v] for k, v in table.items()}
    assert sorted(hello["features"]) == sorted(InProcessAdapter().hello()["features"])
    base = {"players": 2, "dealer": 0, "stake": 1, "deck": PACK40}
    engine.new_hand({**base, "ruleset": dict(table)})  # its own table is dealt
    asks = [{**table, key: value} for key, value in _other_values(table)]
    asks += [{k: v for k, v in table.items() if k != key} for key in table]  # left out: the default
    refused: list[str] = []
    for ruleset in asks:
        try:
            engine.new_hand({**base, "ruleset": ruleset})
        except Rejected as e:
            refused.append(e.reason)
    if fake.name == "unsupported_silent":
        assert "unsupported_option" not in refused
        return
    assert refused == ["unsupported_option"] * len(asks)
    with pytest.raises(Rejected) as info:
        engine.call("cut", {"ruleset": {**table, "knock_tie": "knocker_wins"}, "players": 2, "cards": ["Ac", "Kd"]})
    assert info.value.reason == "unsupported_option"
    cut = {"ruleset": dict(table), "players": 2, "cards": ["Ac", "Kd"]}
    assert engine.call("cut", cut) == InProcessAdapter().call("cut", cut)


def test_unsupported_silent_plays_a_value_it_did_not_declare() -> None:
    setup = {"ruleset": {**TABLES["online"], "knock_tie": "knocker_wins"}, "players": 2, "dealer": 0, "stake": 1,
             "deck": deal(("As Ad 2d 3c 2s", "Ac 2c Ah 2h 3d"), 0, "Js", "")}
    with pytest.raises(Rejected) as info:
        HOUSE_FAKES["clean_online"].factory().play(setup, [(1, {"type": "knock"})])
    assert info.value.reason == "unsupported_option"
    out = HOUSE_FAKES["unsupported_silent"].factory().play(setup, [(1, {"type": "knock"})])
    assert out["state"]["result"]["ending"] == "knock_won"  # 9 against 9: the tie went to the knocker


@pytest.mark.parametrize(("name", "probe_of"), [
    ("clean_online", "turn8_unchecked"), ("turn8_unchecked", "turn8_unchecked"), ("hit_own_locks", "hit_own_locks")])
def test_the_stdio_fake_answers_as_the_in_process_one(name: str, probe_of: str) -> None:
    probe = next(p for p in PROBES if p.fake == probe_of)
    cmd = [sys.executable, str(HERE / "house_engine.py"), "--bug", name]
    with StdioAdapter(cmd, timeout=30) as engine:
        assert engine.hello()["options"] == HOUSE_FAKES[name].factory().hello()["options"]
        assert run(engine, probe) == run(HOUSE_FAKES[name].factory(), probe)


def test_the_stdio_fake_lists_the_fakes() -> None:
    out = subprocess.run([sys.executable, str(HERE / "house_engine.py"), "--list"], capture_output=True,
                         text=True, check=True).stdout
    assert [line.split()[0] for line in out.splitlines()] == list(HOUSE_FAKES)
