"""scenarios/pack40, written by the family ``pack40`` of scenarios/_gen: a table of 40
cards with no upcard and a dealt tonk on 50 only, section by section.  Every case is
played under exactly that table and passes on the reference engine; together they cover
every section such a table plays; no deal holds a card outside the pack or turns an
upcard; the payments the table (tables/pack40.yml) states follow the worked payments of
the rules brief."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from scenarios._gen import pack40
from scenarios._gen.cli import family
from scenarios._gen.make.play import GenError

ROOT = Path(__file__).resolve().parents[2]
Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@pytest.fixture(scope="module")
def docs() -> dict[str, dict[str, Any]]:
    out = {}
    for text in family("pack40").render().values():
        doc = yaml.load(text, Loader=Loader)
        out[doc["id"]] = doc
    return out


def test_there_are_enough_cases(docs: dict[str, dict[str, Any]]) -> None:
    assert len(docs) >= 180, len(docs)


def test_every_case_is_played_under_the_table(docs: dict[str, dict[str, Any]]) -> None:
    pack = set(pack40.PACK40)
    for cid, doc in docs.items():
        assert doc["ruleset"] == {"options": pack40.TABLE}, cid
        assert "upcard" not in doc["deal"], cid
        dealt = [c for h in doc["deal"]["hands"] for c in h] + doc["deal"].get("stock", [])
        assert set(dealt) <= pack, (cid, sorted(set(dealt) - pack))
        assert "VAR-DECK40-1" in doc["rules"], cid


def test_every_section_the_table_plays_is_covered(docs: dict[str, dict[str, Any]]) -> None:
    sections = Counter(r.split("-")[0] for d in docs.values() for r in d["rules"])
    for section in ("DEAL", "DEALT", "TURN", "SPREAD", "HIT", "OUT", "STOCK", "PAY", "OBS", "CARD"):
        assert sections[section] >= 5, (section, sections)
    endings = Counter(d["result"]["ending"] for d in docs.values() if "result" in d)
    for ending in ("dealt_tonk", "dealt_draw", "tonk_out", "out_by_discard", "knock_won", "knock_caught",
                   "stock_out"):
        assert endings[ending] >= 2, (ending, endings)
    refused = Counter(s["reject"] for d in docs.values() for s in d["script"] if "reject" in s)
    for reason in ("discard_pile_empty", "taken_card", "already_drawn", "must_draw_first", "not_your_turn",
                   "not_in_hand", "knock_timing", "not_a_spread", "hit_does_not_fit", "no_such_spread"):
        assert refused[reason] >= 2, (reason, refused)


# The figures by hand, from the rules text (the table states them; the model checks them
# when the files are generated; here they are worked out a third way).
def value(card: str) -> int:
    """CARD-3: an ace 1, a two to a seven its number, a jack, queen or king 10."""
    r = card[0]
    return 1 if r == "A" else 10 if r in "JQK" else int(r)


def tot(cards: str) -> int:
    return sum(value(c) for c in cards.split())


def knock_result(knocker: int, totals: list[int], stake: int = 1) -> dict[str, Any]:
    """A knock under the seed rules: the lowest knocker wins S from each (D6); otherwise
    it pays 2S to each player as low or lower (PAY-CAUGHT-1) and each lowest other hand
    receives S from every player not tied with it (PAY-CAUGHT-2, PAY-CAUGHT-3, D4, D5)."""
    n = len(totals)
    others = [p for p in range(n) if p != knocker]
    low = min(totals[p] for p in others)
    net = [0] * n
    if totals[knocker] < low:
        for p in others:
            net[p] -= stake
            net[knocker] += stake
        return {"ending": "knock_won", "winners": [knocker], "net": net}
    lowest = [p for p in others if totals[p] == low]
    for p in others:
        if totals[p] <= totals[knocker]:
            net[knocker] -= 2 * stake
            net[p] += 2 * stake
    _lowest_collect(net, lowest, stake)
    return {"ending": "knock_caught", "winners": lowest, "net": net}


def _lowest_collect(net: list[int], lowest: list[int], stake: int) -> None:
    """Each of the ``lowest`` players receives ``stake`` from every player not among them."""
    for w in lowest:
        for q in range(len(net)):
            if q not in lowest:
                net[q] -= stake
                net[w] += stake


def low_result(totals: list[int], stake: int = 1) -> dict[str, Any]:
    """The empty stock: the lowest total receives S from each other player (PAY-STOCK-1);
    tied lowest players each receive S from every player not tied (PAY-STOCK-2, D9)."""
    n = len(totals)
    lowest = [p for p in range(n) if totals[p] == min(totals)]
    net = [0] * n
    _lowest_collect(net, lowest, stake)
    return {"ending": "stock_out", "winners": lowest, "net": net}


def test_the_figures_by_hand_are_the_worked_payments() -> None:
    # W6: A knocks with 5, B has 14, C 6
    assert knock_result(0, [5, 14, 6])["net"] == [2, -1, -1]
    # W7: A knocks with 7, B has 7
    assert knock_result(0, [7, 7])["net"] == [-3, 3]
    # W8, W9, W10
    assert knock_result(0, [10, 6, 15])["net"] == [-3, 4, -1]
    assert knock_result(0, [12, 9, 4])["net"] == [-5, 1, 4]
    assert knock_result(0, [8, 5, 5])["net"] == [-6, 3, 3]
    # W11, W12
    assert low_result([6, 11, 9])["net"] == [2, -1, -1]
    assert low_result([6, 6, 9])["net"] == [1, 1, -2]
    assert tot("Jc Qd Kh 7s Ac") == 38


def test_the_stated_payments_are_the_worked_payments(docs: dict[str, dict[str, Any]]) -> None:
    """Every knock and empty stock the table states is settled as the rules text settles
    its stated totals; an empty stock's totals are the dealt hands' (every turn throws back
    the card drawn)."""
    checked = Counter[str]()
    for cid, doc in docs.items():
        res = doc.get("result", {})
        stake = doc.get("stake", 1)
        if res.get("ending") == "stock_out":
            assert res["totals"] == [tot(" ".join(h)) for h in doc["deal"]["hands"]], cid
            want = low_result(res["totals"], stake)
        elif res.get("ending") in ("knock_won", "knock_caught"):
            (knocker,) = {int(s["act"].split()[0]) for s in doc["script"] if s.get("act", "").endswith(" knock")}
            want = knock_result(knocker, res["totals"], stake)
        else:
            continue
        assert {k: res[k] for k in want} == want, cid
        checked[res["ending"]] += 1
    assert min(checked.values()) >= 5 and sum(checked.values()) >= 50, checked


def test_every_case_passes_on_the_reference_engine(docs: dict[str, dict[str, Any]]) -> None:
    from tonk_ref.adapters.inprocess import reference
    from tonk_ref.harness.runner import run_suite
    from tonk_ref.harness.suite import load_suite

    suite = load_suite([ROOT / "scenarios" / "pack40"], features=False, perft_depth=0)
    assert not suite.errors, suite.errors
    outcomes = run_suite(reference(), suite.cases).results
    bad = [f"{o.status} {o.id}: {o.message}" for o in outcomes if o.status != "passed"]
    assert not bad, "\n".join(bad)
    assert len(outcomes) == len(docs)


def test_a_bad_row_is_refused_naming_the_table_and_the_row() -> None:
    hands = ["Ac 2c 3c 4c 5c", "Ad 2d 3d 4d 5d"]
    row: dict[str, Any] = {"id": "pack40-x-2p", "title": "x", "rules": ["TURN-1"], "deal": {"hands": hands},
                           "steps": ["0 draw stock"]}
    assert pack40.case(row, ["VAR-DECK40-1"])[1]["id"] == "pack40-x-2p"
    for bad, says in (({"drain": "sometimes"}, "drain: expected one of ['end', 'last']"),
                      ({"stak": 2}, "unknown keys ['stak']"),
                      ({"id": "x-2p"}, "expected an id starting with pack40-"),
                      ({"deal": {"hands": hands, "players": 3}}, "deal: 2 hands for 3 players"),
                      ({"deal": {"players": 2, "dealer": 0, "deck": [4, 1]}}, "is not a permutation")):
        with pytest.raises(GenError) as e:
            pack40.case({**row, **bad}, [])
        assert str(e.value).startswith("scenarios/_gen/tables/pack40.yml: ") and says in str(e.value), e.value
