"""Keep the README's counts of the build in step with it.

The README states how many rules, options, YAML cases, Gherkin files and scenarios the
project has, and how many cases a plain ``tonk check`` runs on the reference engine. Each
count has one place in README.md, found by its pattern in :data:`COUNTS`, and one way of
being counted from the build. A new rule, option or case changes them, so run this after
``python scripts/sync_spec.py`` and ``python -m scenarios._gen``:

    python scripts/readme_counts.py           # rewrite the counts that are out of step
    python scripts/readme_counts.py --check   # change nothing; name each stale count, exit 1

tests/tools/test_readme_counts.py checks each count with the same patterns. The script
reads the tonk_ref of the checkout it lies in, never another installed one.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path[:1]:
    sys.path.insert(0, str(ROOT))  # this checkout's tonk_ref, not whichever is installed

README = ROOT / "README.md"


@dataclass(frozen=True)
class Count:
    """One place in the README: ``pattern`` finds it (once), each of its groups holds a
    number, and ``count`` gives those numbers from the build, in the groups' order."""

    what: str
    pattern: str
    count: Callable[[], tuple[int, ...]]


def _rules() -> tuple[int, ...]:
    from tonk_ref.rulebook.book import load_rules

    return (len(load_rules()),)


def _options() -> tuple[int, ...]:
    from tonk_ref.rulebook.book import load_ruleset_schema

    return (len(load_ruleset_schema()["properties"]),)


@cache
def _cases() -> tuple[tuple[str, str], ...]:
    """Every case of the suite as (kind, source)."""
    from tonk_ref.harness.suite import load_suite

    suite = load_suite()
    if suite.errors:
        raise SystemExit(f"readme_counts: the suite does not load: {suite.errors[0]}")
    return tuple((c.kind, str(c.source)) for c in suite.cases)


def _yaml_cases() -> tuple[int, ...]:
    return (sum(1 for kind, _ in _cases() if kind == "scenario"),)


def _features() -> tuple[int, ...]:
    features = [source for kind, source in _cases() if kind == "feature"]
    return (len(set(features)), len(features))


def _plain_run() -> tuple[int, ...]:
    """``tonk check`` on the reference: the whole suite and the cases made from its
    declarations, none skipped."""
    from tonk_ref.adapters.inprocess import reference
    from tonk_ref.harness.capabilities import Capabilities
    from tonk_ref.harness.engine_cases import engine_cases

    made = engine_cases(Capabilities.from_hello(reference().hello()), None)
    return (len(_cases()) + len(made), 0)


COUNTS: tuple[Count, ...] = (
    Count("rules", r"\((\d[\d,]*) rules, each with a stable ID", _rules),
    Count("options", r"\((\d[\d,]*) options, defaults = the seed rules\)", _options),
    Count("YAML cases", r"(\d[\d,]*) YAML cases", _yaml_cases),
    Count("Gherkin files and scenarios", r"(\d[\d,]*) Gherkin feature files \((\d[\d,]*) scenarios", _features),
    Count("cases of a plain run, and skipped",
          r"^\| the seed rules \(plain `tonk check`[^|]*\| (\d[\d,]*) \| (\d[\d,]*) \|", _plain_run),
)


def number(text: str) -> int:
    return int(text.replace(",", ""))


def find(count: Count, text: str) -> re.Match[str]:
    """The one place of ``count`` in ``text``; a pattern found there not once is an error."""
    found = list(re.finditer(count.pattern, text, re.MULTILINE))
    if len(found) != 1:
        raise ValueError(f"README.md: {len(found)} places state the {count.what} ({count.pattern!r}), expected 1")
    return found[0]


def stated(count: Count, text: str) -> tuple[int, ...]:
    return tuple(number(g) for g in find(count, text).groups())


def rewritten(text: str, counts: Sequence[Count] = COUNTS) -> tuple[str, list[str]]:
    """``text`` with every count as the build gives it, and a line for each one changed."""
    said = []
    for count in counts:
        match = find(count, text)
        now = count.count()
        was = tuple(number(g) for g in match.groups())
        if now == was:
            continue
        said.append(f"README.md: the {count.what}: {', '.join(map(str, was))} -> {', '.join(map(str, now))}")
        out, end = [], match.start()
        for i, value in enumerate(now, start=1):
            out.append(text[end:match.start(i)])
            out.append(f"{value:,}")
            end = match.end(i)
        text = text[:match.start()] + "".join(out) + text[end:match.end()] + text[match.end():]
    return text, said


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python scripts/readme_counts.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; name each stale count, exit 1")
    args = parser.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    new, said = rewritten(text)
    for line in said:
        print(line)
    if args.check:
        return 1 if said else 0
    if said:
        from tonk_ref.atomic import write_text

        write_text(README, new)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
