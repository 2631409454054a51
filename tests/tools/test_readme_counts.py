"""The README's counts of the rules, the options, the suite and the presets are the
build's: each stated count is found in README.md (a sentence that no longer says it fails
the test as much as a wrong number does) and compared with what the build gives today.
scripts/readme_counts.py holds the counts (their places and how each is counted) and
rewrites them."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from scripts.readme_counts import COUNTS, Count, rewritten, stated
from tonk_ref.rulebook.book import load_presets

README = Path(__file__).resolve().parents[2] / "README.md"


@cache
def readme() -> str:
    return README.read_text(encoding="utf-8")


@pytest.mark.parametrize("count", COUNTS, ids=[c.what for c in COUNTS])
def test_each_count_is_the_builds(count: Count) -> None:
    """Each count the README states (scripts/readme_counts.py: ``python
    scripts/readme_counts.py`` rewrites them) is what the build gives."""
    assert stated(count, readme()) == count.count(), f"README: the {count.what}; run python scripts/readme_counts.py"


def test_the_writer_puts_each_count_in_its_place() -> None:
    """A stale count is rewritten in place (with thousands separators) and said; the rest
    of the text is kept; a count stated twice, or not at all, is an error."""
    fake = (Count("cases", r"(\d[\d,]*) YAML cases", lambda: (1234,)),
            Count("pair", r"(\d+) files \((\d[\d,]*) scenarios", lambda: (15, 2001)))
    text, said = rewritten("a 865 YAML cases b; 15 files (331 scenarios) c", fake)
    assert text == "a 1,234 YAML cases b; 15 files (2,001 scenarios) c"
    assert said == ["README.md: the cases: 865 -> 1234", "README.md: the pair: 15, 331 -> 15, 2001"]
    assert rewritten(text, fake) == (text, [])
    with pytest.raises(ValueError, match="2 places state the cases"):
        rewritten("1 YAML cases, 2 YAML cases", fake[:1])
    with pytest.raises(ValueError, match="0 places"):
        rewritten("no count here", fake[:1])


def test_the_presets_listed_beside_the_rulesets_folder() -> None:
    [listed] = re.findall(r"presets in \[`rulesets/`\]\(spec/rulesets/\) \(([^)]*)\)", readme())
    names = re.findall(r"`([^`]+)`", listed)
    assert len(names) == len(set(names)), names
    assert sorted(names) == sorted(load_presets())


def test_every_preset_has_a_row_in_the_table_of_runs() -> None:
    rows = re.findall(r"^\| `([a-z0-9-]+)` \| [\d,]+ \| [\d,]+ \|", readme(), re.MULTILINE)
    assert len(rows) == len(set(rows)), rows
    assert sorted(rows) == sorted(load_presets())
