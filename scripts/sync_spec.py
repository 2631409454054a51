"""Keep the derived parts of the spec in step with spec/rules.yaml.

spec/rules.yaml is the single source of each rule's text, sources and options.  This
script rewrites what is derived from it: in spec/tonk.md each rule's verbatim text and
its "Sources: ... Options: ..." line, and each option's "Rules:" list; in
spec/ruleset.schema.json each option's ``x-rules``.  tests/test_spec.py checks the
result, so run this after editing rules.yaml:  python scripts/sync_spec.py
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec"


def main() -> None:
    rules = yaml.safe_load((SPEC / "rules.yaml").read_text())["rules"]
    md = (SPEC / "tonk.md").read_text()
    for r in rules:
        head = re.search(rf"^### {re.escape(r['id'])} .*$", md, re.M)
        if head is None:
            raise SystemExit(f"spec/tonk.md has no heading for {r['id']}: add its section by hand")
        # the heading, a blank line, the text paragraph, a blank line, the Sources line
        block = re.compile(r"(\n\n)(.*?)(\n\nSources: )([^\n]*)", re.S)
        m = block.match(md, head.end())
        if m is None:
            raise SystemExit(f"spec/tonk.md: {r['id']} is not followed by text and a Sources line")
        sources = ", ".join(r.get("brief", [])) or "none"
        if r.get("decided"):
            sources += " (decided by this spec)"
        options = ", ".join(f"`{o}`" for o in r.get("options", [])) or "none"
        new = f"{m.group(1)}{r['text']}{m.group(3)}{sources}. Options: {options}."
        md = md[: m.start()] + new + md[m.end() :]
    schema_path = SPEC / "ruleset.schema.json"
    schema = json.loads(schema_path.read_text())
    for name, prop in schema["properties"].items():
        listing = [r["id"] for r in rules if name in r.get("options", [])]
        prop["x-rules"] = listing
        head = re.search(rf"^### `{name}`\n\n(Values: .*?\. Brief: .*?\. Rules: )(.*?)\.\n", md, re.M | re.S)
        if head is None:
            raise SystemExit(f"spec/tonk.md has no option section for `{name}`: add it by hand")
        md = md[: head.start(2)] + ", ".join(listing) + md[head.end(2) :]
    (SPEC / "tonk.md").write_text(md)
    schema_path.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
