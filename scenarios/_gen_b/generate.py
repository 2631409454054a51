"""Write the part-B scenario folders (out, stock, pay, var, options) from the tables of
this package.  ``python scenarios/_gen_b/generate.py`` rewrites them;
``--check`` only reports files that differ, are missing or are not generated (exit 1).

Every file in the five folders is generated: a hand-written case there would be
reported as stale by ``--check`` and removed by a rewrite.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _gen_b import options, out, pay, stock, var
from _gen_b.lib import Case, GenError, build, dump

FOLDERS = ("out", "stock", "pay", "var", "options")
SCENARIOS = Path(__file__).resolve().parent.parent
LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MODULES = {"out": out, "stock": stock, "pay": pay, "var": var, "options": options}


def cases() -> list[Case]:
    out_cases: list[Case] = []
    for folder in FOLDERS:
        for case in MODULES[folder].cases():
            case.folder = folder
            out_cases.append(case)
    return out_cases


def render() -> dict[str, str]:
    """Path relative to scenarios/ -> file text, for every generated case."""
    files: dict[str, str] = {}
    seen: set[str] = set()
    for case in cases():
        if case.id in seen:
            raise GenError(f"duplicate id {case.id}")
        seen.add(case.id)
        prefix = {"options": "opt-"}.get(case.folder, case.folder + "-")
        if not case.id.startswith(prefix):
            raise GenError(f"{case.id}: ids in {case.folder}/ start with {prefix!r}")
        doc = build(case)
        text = dump(doc)
        back: Any = yaml.load(text, Loader=LOADER)
        if back != doc:
            raise GenError(f"{case.id}: the YAML written does not read back as the case")
        files[f"{case.folder}/{case.id}.yaml"] = text
    return files


def existing(root: Path = SCENARIOS) -> dict[str, str]:
    found: dict[str, str] = {}
    for folder in FOLDERS:
        for p in sorted((root / folder).glob("**/*.yaml")):
            found[str(p.relative_to(root))] = p.read_text(encoding="utf-8")
    return found


def differences(root: Path = SCENARIOS) -> list[str]:
    want = render()
    have = existing(root)
    out_lines = [f"missing: {k}" for k in sorted(want.keys() - have.keys())]
    out_lines += [f"not generated: {k}" for k in sorted(have.keys() - want.keys())]
    out_lines += [f"differs: {k}" for k in sorted(want.keys() & have.keys()) if want[k] != have[k]]
    return out_lines


def write(root: Path = SCENARIOS) -> int:
    want = render()
    for rel in existing(root).keys() - want.keys():
        (root / rel).unlink()
    for rel, text in want.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        if not p.exists() or p.read_text(encoding="utf-8") != text:
            p.write_text(text, encoding="utf-8")
    return len(want)


def main(argv: list[str]) -> int:
    if "--check" in argv:
        diffs = differences()
        for d in diffs:
            print(d)
        return 1 if diffs else 0
    n = write()
    print(f"wrote {n} scenarios")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
