"""``tonk fuzz`` at a house fake's own table: its probes (actions the rules refuse for
exactly one reason, tried along random hands and after their end) catch every fake whose
bug is a refusal it does not make, and the clean fake shows no difference.  Probes only:
no random well-formed actions (``--illegal-rate 0``) and no observations (``--no-observe``),
so a catch is the probes' own."""

from __future__ import annotations

from pathlib import Path

import pytest
from house import HOUSE_FAKES

from tonk_ref.tools import cli

HERE = Path(__file__).resolve().parent
#: The fakes whose bug is an action accepted that the rules refuse.
REFUSAL_BUGS = ("spread_before_drawing", "hit_before_drawing", "spread_not_held", "act_after_over",
                "second_draw", "out_of_turn", "ten_as_10h")


@pytest.mark.parametrize("name", ["clean_online", *REFUSAL_BUGS])
def test_fuzz_probes_catch_each_refusal_bug_and_pass_the_clean_fake(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(HERE))  # house
    fake = HOUSE_FAKES[name]
    out = tmp_path / "found"
    code = cli.main(["fuzz", "--adapter", f"house:{name}", "--rules", fake.table, "--games", "300", "--seed", "1",
                     "--illegal-rate", "0", "--no-observe", "--no-progress", "--quiet", "--out", str(out)])
    summary = capsys.readouterr().out.strip().splitlines()[-1:]
    if fake.clean:
        assert code == 0, summary
        assert not out.exists() or not any(out.iterdir())
    else:
        assert code == 1, f"{name} ({fake.description}) is not caught by tonk fuzz at {fake.table}: {summary}"
        assert sorted(p.suffix for p in out.iterdir()) == [".yaml"], "the difference is written as one scenario"


@pytest.mark.parametrize("name", ["clean_online", "spread_not_held"])
def test_fuzz_at_random_rulesets_plays_the_house_table_it_declares(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Without ``--rules`` the rulesets are random within the values the fake declares,
    which leave out defaults (a 40-card pack, a knock limit): every hand is one it plays,
    none skipped, and a planted bug is caught as at its table."""
    monkeypatch.syspath_prepend(str(HERE))  # house
    fake = HOUSE_FAKES[name]
    out = tmp_path / "found"
    code = cli.main(["fuzz", "--adapter", f"house:{name}", "--games", "200", "--seed", "3", "--no-progress",
                     "--quiet", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "skipped" not in printed, printed
    assert code == (0 if fake.clean else 1), printed
