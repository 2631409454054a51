"""Run many cases against one adapter (the plugin and ``tonk check`` build on this).

``python -m tonk_ref.harness.runner [PATH ...]`` loads scenario files (default: the
whole corpus), runs them against the reference engine in process and prints each
failure; exit 1 if any case failed or errored.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..adapters.base import Adapter
from .execute import Capabilities, Outcome, run_case
from .scenario import Case, ScenarioError, load_scenario, scenario_files


def run_cases(cases: Iterable[Case], adapter: Adapter, caps: Capabilities | None = None) -> list[Outcome]:
    caps = caps or Capabilities.from_hello(adapter.hello())
    return [run_case(c, adapter, caps) for c in cases]


def collect(paths: Sequence[str]) -> tuple[list[Case], list[str]]:
    files: list[Path] = []
    for p in paths or [""]:
        path = Path(p) if p else None
        if path is not None and path.is_file():
            files.append(path)
        else:
            files.extend(scenario_files(path))
    cases: list[Case] = []
    errors: list[str] = []
    for f in files:
        try:
            cases.append(load_scenario(f))
        except ScenarioError as e:
            errors.append(str(e))
    return cases, errors


def main(argv: Sequence[str] | None = None) -> int:
    from ..adapters.inprocess import reference

    cases, errors = collect(list(argv if argv is not None else sys.argv[1:]))
    for e in errors:
        print(f"ERROR {e}")
    outcomes = run_cases(cases, reference())
    counts: dict[str, int] = {}
    for o in outcomes:
        counts[o.status] = counts.get(o.status, 0) + 1
        if o.status in ("failed", "errored"):
            print(f"{o.status.upper()} {o.id} ({o.case.source})\n  " + o.message.replace("\n", "\n  "))
    print(", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "no cases", f"({len(errors)} load errors)")
    return 1 if errors or counts.get("failed") or counts.get("errored") else 0


if __name__ == "__main__":
    raise SystemExit(main())
