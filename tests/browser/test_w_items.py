"""W1-W12 of the rules brief as the browser test taps them in (w_items.json): each one,
written in the notation, is judged by ``tonk judge`` to the brief's worked figure, under
the seed rules and under each variant's house rules, so that the browser test compares
the page with a situation that is right."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from wsituations import load, notation, rules_of, total

from tonk_ref.tools import cli

ITEMS = load()
CASES = [(it, {}, it["net"]) for it in ITEMS] + [
    (it, v["options"], v["net"]) for it in ITEMS for v in it.get("variants", [])
]


def judge(description: str, rules: dict[str, Any], tmp: Path) -> dict[str, Any]:
    table = tmp / "rules.json"
    table.write_text(json.dumps(rules), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["judge", description, "--rules", str(table), "--format", "json"])
    assert code == 0, f"tonk judge {description!r}: {err.getvalue().strip()}"
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


def base_net(ruling: dict[str, Any]) -> Any:
    if "verdict" in ruling:
        return ruling["verdict"]["net"]
    return next(g for g in ruling["groups"] if g["includes_base"])["net"]


def test_the_items_are_w1_to_w12_with_names_and_a_net_that_sums_to_zero() -> None:
    assert [it["id"] for it in ITEMS] == [f"W{i}" for i in range(1, 13)]
    for it in ITEMS:
        assert len(it["names"]) == it["players"] == len(it["hands"]) == len(it["net"]), it["id"]
        assert sum(it["net"]) == 0, it["id"]
        drawn = [c for a in it["actions"] if a["verb"] == "draw" for c in a.get("cards", [])]
        named = [c for h in it["hands"] for c in h["cards"]] + [c for s in it["spreads"] for c in s["cards"]]
        named += drawn + ([it["discard"]] if it["discard"] else [])
        assert len(named) == len(set(named)), f"{it['id']}: a card in two places"


@pytest.mark.parametrize(("item", "options", "net"), CASES,
                         ids=[f"{it['id']}{'-' + '-'.join(o.values()) if o else ''}" for it, o, _ in CASES])
def test_tonk_judge_gives_the_briefs_figure_for_the_cards(item: dict[str, Any], options: dict[str, Any],
                                                         net: list[int], tmp_path: Path) -> None:
    ruling = judge(notation(item, as_given=False, names=False), rules_of(item, options), tmp_path)
    base = next(g for g in ruling["groups"] if g["includes_base"])
    assert base["net"] == net, f"{item['id']}: {item['brief']}"
    shown = {seat: total(h["cards"]) for seat, h in enumerate(item["hands"]) if h.get("give") == "total"}
    for seat, t in shown.items():
        assert base["totals"] is None or base["totals"][seat] == t, f"{item['id']}: seat {seat}'s total"


@pytest.mark.parametrize("item", ITEMS, ids=[it["id"] for it in ITEMS])
def test_tonk_judge_gives_the_briefs_figure_as_the_page_gives_it(item: dict[str, Any], tmp_path: Path) -> None:
    """With names, and hands given as a total or not shown, as the page taps them in."""
    ruling = judge(notation(item), rules_of(item), tmp_path)
    assert base_net(ruling) == item["net"], f"{item['id']}: {item['brief']}"
