"""The one YAML writer of the generated scenarios: a fixed layout, so that generating
twice writes the same bytes, and a check that the text reads back as the case.

Two families of files grew two layouts, kept so that the files stay as they are:
:data:`HEADED` (a header naming the generator, strings quoted only where YAML needs it,
notes folded onto one line, long card lists wrapped) and :data:`QUOTED` (titles and
notes always quoted, a long note as a block, words and cards bare, everything else
quoted); :data:`QUOTED_CALLS` is :data:`QUOTED` with ``call`` steps written as blocks.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import yaml

from tonk_model import is_card

TOP_ORDER = (
    "id", "title", "rules", "ruleset", "requires", "players", "dealer", "stake", "deal", "script", "result", "notes"
)  # fmt: skip
RESULT_ORDER = ("ending", "winners", "totals", "net", "payments")

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_READS_BACK = re.compile(r"^[A-Za-z0-9_(][A-Za-z0-9_ .()'/-]*$")
_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")
_RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


@functools.cache
def reads_back(v: str) -> bool:
    """Whether a string may be written bare because YAML reads it back as the same string."""
    return bool(_READS_BACK.match(v)) and not v.endswith(" ") and yaml.load(v, Loader=_LOADER) == v


def word_or_card(v: str) -> bool:
    """Whether a string is a card or a word that is not one of YAML's reserved ones."""
    return is_card(v) or (bool(_WORD.match(v)) and v.lower() not in _RESERVED)


@dataclass(frozen=True)
class Layout:
    bare: Callable[[str], bool]  # which strings are written without quotes
    header: str = ""  # the first lines, with {script} for the generator's name
    ascii: bool = True  # quoted strings escape what is not ASCII
    quote_titles: bool = True
    fold_notes: bool = False  # notes on one line (else a long note is a block)
    wrap: int = 0  # cards on a line of a long card list (0: one line)
    call_blocks: bool = False

    def scalar(self, v: object) -> str:
        if v is None:
            return "null"
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, str):
            return v if self.bare(v) else json.dumps(v, ensure_ascii=self.ascii)
        raise TypeError(f"cannot write {v!r} as a YAML scalar")

    def flow(self, v: object) -> str:
        if isinstance(v, dict):
            return "{" + ", ".join(f"{self.scalar(k)}: {self.flow(x)}" for k, x in v.items()) + "}"
        if isinstance(v, (list, tuple)):
            return "[" + ", ".join(self.flow(x) for x in v) + "]"
        return self.scalar(v)

    def cards(self, key: str, cards: Sequence[str], indent: str) -> list[str]:
        """A card list, ``wrap`` cards a line when it is longer."""
        if not self.wrap or len(cards) <= self.wrap:
            return [f"{indent}{key}: {self.flow(list(cards))}"]
        lines = []
        pad = indent + " " * (len(key) + 3)
        for i in range(0, len(cards), self.wrap):
            head = f"{indent}{key}: [" if i == 0 else pad
            tail = "]" if i + self.wrap >= len(cards) else ","
            lines.append(head + ", ".join(cards[i : i + self.wrap]) + tail)
        return lines

    def notes(self, v: str) -> str:
        if self.fold_notes:
            return self.scalar(" ".join(v.split()))
        if "\n" not in v and len(v) < 100:
            return json.dumps(v)
        return "|-\n" + "\n".join("  " + line if line else "" for line in v.split("\n"))

    def step(self, step: dict[str, Any]) -> list[str]:
        if self.call_blocks and list(step) == ["call"]:
            return ["  - call:", *(f"      {k}: {self.flow(x)}" for k, x in step["call"].items())]
        out = []
        for i, (k, x) in enumerate(step.items()):
            text = x if k == "act" else self.flow(x)  # an action is written as given
            out.append(f"{'  - ' if i == 0 else '    '}{k}: {text}")
        return out

    def dump(self, doc: dict[str, Any], script: str = "") -> str:
        """The YAML text of one scenario."""
        unknown = set(doc) - set(TOP_ORDER)
        if unknown:
            raise ValueError(f"{doc.get('id')}: unknown fields {sorted(unknown)}")
        lines = self.header.format(script=script).splitlines()
        for key in (k for k in TOP_ORDER if k in doc):
            v = doc[key]
            if key == "title" and self.quote_titles:
                lines.append(f"title: {json.dumps(v)}")
            elif key == "notes":
                lines.append(f"notes: {self.notes(v)}")
            elif key in ("ruleset", "requires"):
                lines += [f"{key}:", *(f"  {k}: {self.flow(x)}" for k, x in v.items())]
            elif key == "deal":
                lines.append("deal:")
                for k, x in v.items():
                    if k == "hands":
                        lines += ["  hands:", *(f"    - {self.flow(h)}" for h in x)]
                    elif k in ("deck", "stock"):
                        lines += self.cards(k, x, "  ")
                    else:
                        lines.append(f"  {k}: {self.flow(x)}")
            elif key == "script":
                lines.append("script:")
                for step in v:
                    lines += self.step(step)
            elif key == "result":
                lines += ["result:", *self._result(doc["id"], v)]
            else:
                lines.append(f"{key}: {self.flow(v)}")
        text = "\n".join(lines) + "\n"
        if yaml.load(text, Loader=_LOADER) != self._as_read(doc):
            raise AssertionError(f"{doc.get('id')}: the YAML written does not read back as the case")
        return text

    def _result(self, cid: str, v: dict[str, Any]) -> list[str]:
        extra = set(v) - set(RESULT_ORDER)
        if extra:
            raise ValueError(f"{cid}: unknown result fields {sorted(extra)}")
        lines = []
        for k in (k for k in RESULT_ORDER if k in v):
            if k == "payments" and v[k]:
                lines += ["  payments:", *(f"    - {self.flow(p)}" for p in v[k])]
            else:
                lines.append(f"  {k}: {self.flow(v[k])}")
        return lines

    def _as_read(self, doc: dict[str, Any]) -> Any:
        """The case as YAML reads it back: lists for tuples (and the notes on one line)."""
        d = dict(doc)
        if self.fold_notes and "notes" in d:
            d["notes"] = " ".join(str(d["notes"]).split())
        return json.loads(json.dumps(d))


HEADED = Layout(
    bare=reads_back,
    header=(
        "# Generated by scenarios/_gen/{script} from its tables; do not edit by hand.\n"
        "# Edit the table and run `python scenarios/_gen/{script}` (tests/corpus/test_generated.py\n"
        "# checks that the checked-in file is exactly what the generator writes).\n"
    ),
    ascii=False,
    quote_titles=False,
    fold_notes=True,
    wrap=13,
)
QUOTED = Layout(bare=word_or_card)
QUOTED_CALLS = replace(QUOTED, call_blocks=True)
