"""Keep the derived parts of the spec in step with spec/rules.yaml.

spec/rules.yaml is the single source of each rule's text, sources and options.  This
script rewrites what is derived from it: in spec/tonk.md each rule's verbatim text, its
"Sources: ... Options: ..." line and, for a rule that does not apply at every table, the
"Applies only where ..." line after it; the list "Where a code can be given" (the
``reasons`` of rules.yaml); and each option's "Rules:" list; in spec/ruleset.schema.json
each option's ``x-rules``.  tests/test_spec.py and tests/spec/test_applicability.py check
the result, so run this after editing rules.yaml:  python scripts/sync_spec.py
(``--check``: change nothing, and exit with status 1 if a file is not in step).
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import yaml

from tonk_ref.spec.applicability import applies_text, reasons_text
from tonk_ref.spec.rulebook import rules_by_id

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec"
REASONS_HEADING = "### Where a code can be given"


def synced(md: str, schema: dict[str, object]) -> tuple[str, dict[str, object]]:
    """tonk.md and the ruleset schema as rules.yaml makes them."""
    rules = yaml.safe_load((SPEC / "rules.yaml").read_text())["rules"]
    checked = rules_by_id(SPEC / "rules.yaml")
    for r in rules:
        head = re.search(rf"^### {re.escape(r['id'])} .*$", md, re.M)
        if head is None:
            raise SystemExit(f"spec/tonk.md has no heading for {r['id']}: add its section by hand")
        # the heading, a blank line, the text paragraph, a blank line, the Sources line, and
        # the Applies line if there is one
        block = re.compile(r"(\n\n)(.*?)(\n\nSources: )([^\n]*)((?:\n\nApplies only where [^\n]*)?)", re.S)
        m = block.match(md, head.end())
        if m is None:
            raise SystemExit(f"spec/tonk.md: {r['id']} is not followed by text and a Sources line")
        sources = ", ".join(r.get("brief", [])) or "none"
        if r.get("decided"):
            sources += " (decided by this spec)"
        options = ", ".join(f"`{o}`" for o in r.get("options", [])) or "none"
        applies = applies_text(checked[r["id"]].applies)
        new = f"{m.group(1)}{r['text']}{m.group(3)}{sources}. Options: {options}."
        if applies is not None:
            new += f"\n\n{applies}"
        md = md[: m.start()] + new + md[m.end() :]
    for name, prop in schema["properties"].items():  # type: ignore[union-attr]
        listing = [r["id"] for r in rules if name in r.get("options", [])]
        prop["x-rules"] = listing
        head = re.search(rf"^### `{name}`\n\n(Values: .*?\. Brief: .*?\. Rules: )(.*?)\.\n", md, re.M | re.S)
        if head is None:
            raise SystemExit(f"spec/tonk.md has no option section for `{name}`: add it by hand")
        md = md[: head.start(2)] + ", ".join(listing) + md[head.end(2) :]
    section = re.search(rf"^{re.escape(REASONS_HEADING)}\n\n(.*?)\n\n(?=#)", md, re.M | re.S)
    if section is None:
        raise SystemExit(f"spec/tonk.md has no section {REASONS_HEADING!r}: add its heading by hand")
    md = md[: section.start(1)] + reasons_text() + md[section.end(1) :]
    return md, schema


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file is not in step")
    args = parser.parse_args()
    md_path, schema_path = SPEC / "tonk.md", SPEC / "ruleset.schema.json"
    md, schema = synced(md_path.read_text(), json.loads(schema_path.read_text()))
    schema_text = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
    stale = [p for p, text in ((md_path, md), (schema_path, schema_text)) if p.read_text() != text]
    if args.check:
        for p in stale:
            print(f"{p.relative_to(ROOT)} is not in step with spec/rules.yaml: run python scripts/sync_spec.py")
        raise SystemExit(1 if stale else 0)
    md_path.write_text(md)
    schema_path.write_text(schema_text)


if __name__ == "__main__":
    main()
