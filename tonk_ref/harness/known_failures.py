"""Known-failures files: the cases an implementer accepts as failing (spec/scenarios.md,
"Known failures"; schema spec/known-failures.schema.json).

    cases:
      - id: pay-knock-tie-3p
        reason: "we pay knock ties to the knocker (a house rule, kept on purpose)"

A listed case that fails or errors is reported as *known*, not as a failure; a listed
case that passes is an error (a *stale known failure*), so the list cannot go stale.  An
entry may record its ``cause`` (``kind``: what the report groups the failure by;
``differed``: the first field that differed), as ``--write-known-failures`` writes it: a
listed case that then fails for another cause is an error too, saying what changed, so the
list cannot drift.  An entry without a cause (written before causes were recorded) is
accepted for any cause, and the run notes it.
An ID may name one row of a Scenario Outline as ``ID[PARAMS]``; a bare ID covers every
row.  Errors name the file, the line and the field.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bounds import MAX_KNOWN_ERRORS
from ..errors import InputError
from ..paths import spec_dir
from ..rulebook.safe_input import check_text, load_yaml, read_text
from ..rulebook.yamlpos import field_name, line_of

__all__ = ["KnownFailures", "KnownFailuresError", "cause_changed", "cause_of", "dump_known_failures",
           "load_known_failures"]


#: The longest reason :func:`dump_known_failures` writes (a longer one is cut).
REASON_CHARS = 500


class KnownFailuresError(InputError):
    """A known-failures file that cannot be used, with the place of the fault."""


@dataclass(frozen=True, slots=True)
class KnownFailures:
    path: str
    reasons: dict[str, str]  # case id (or ``id[params]``) -> reason
    made: dict[str, dict[str, str]] = field(default_factory=dict)  # a generated case's id -> what made it
    causes: dict[str, dict[str, str]] = field(default_factory=dict)  # case id -> {kind, differed}: why it fails

    def cause_for(self, case_id: str) -> dict[str, str] | None:
        """The cause an entry records for a case (as :meth:`reason_for` finds the entry)."""
        if case_id in self.reasons:
            return self.causes.get(case_id)
        return self.causes.get(case_id.split("[", 1)[0])

    def reason_for(self, case_id: str) -> str | None:
        """The reason a case is listed, or None.  ``a[x]`` is covered by ``a[x]`` or ``a``."""
        if case_id in self.reasons:
            return self.reasons[case_id]
        base = case_id.split("[", 1)[0]
        return self.reasons.get(base) if base != case_id else None

    def unmatched(self, case_ids: Iterable[str]) -> list[str]:
        """The listed IDs that cover none of ``case_ids``."""
        seen = set(case_ids)
        bases = {c.split("[", 1)[0] for c in seen}
        return [i for i in self.reasons if i not in seen and i not in bases]


@functools.cache
def schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((spec_dir() / "known-failures.schema.json").read_text(encoding="utf-8"))
    return data


def _message(err: Any) -> str:
    if err.validator == "additionalProperties":
        props = err.schema.get("properties", {}) if isinstance(err.schema, dict) else {}
        allowed = ", ".join(props)
        return f"{err.message}; the fields allowed here are: {allowed}"
    if err.validator == "required":
        return f"{err.message}: every entry needs an id and a reason"
    if err.validator == "pattern":
        return f"{err.instance!r} is not a case ID: expected lowercase-kebab text such as 'pay-knock-tie-3p'"
    if err.validator == "minLength":
        return "give a reason: why is this case accepted as failing?"
    return str(err.message)


def parse_known_failures(text: str, source: str) -> KnownFailures:
    """Parse the text of a known-failures file (YAML or JSON), within the limits of input
    files (:mod:`tonk_ref.rulebook.safe_input`)."""
    import yaml

    check_text(text, source, KnownFailuresError)
    try:
        data, node = load_yaml(text, source, KnownFailuresError, friendly=True)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        line = mark.line + 1 if mark else None
        raise KnownFailuresError(source, line, "", f"YAML syntax error: {e.problem}") from None
    except yaml.YAMLError as e:
        raise KnownFailuresError(source, None, "", f"YAML error: {e}") from None
    if not isinstance(data, dict):
        raise KnownFailuresError(source, 1, "", "expected a mapping {cases: [{id, reason}, ...]}")
    import jsonschema

    # the first errors only: a file of 100,000 bad entries costs no more than one of a few
    errors = list(itertools.islice(jsonschema.Draft202012Validator(schema()).iter_errors(data), MAX_KNOWN_ERRORS))
    if errors:
        err = min(errors, key=lambda e: (line_of(node, list(e.absolute_path)) or 0, -len(e.absolute_path)))
        path = [p for p in err.absolute_path if isinstance(p, str | int)]
        raise KnownFailuresError(source, line_of(node, path), field_name(path) or "(top)", _message(err))
    reasons: dict[str, str] = {}
    made: dict[str, dict[str, str]] = {}
    causes: dict[str, dict[str, str]] = {}
    first: dict[str, int] = {}
    for i, entry in enumerate(data["cases"]):
        cid = entry["id"]
        if cid in reasons:
            raise KnownFailuresError(
                source,
                line_of(node, ["cases", i, "id"]),
                f"cases[{i}].id",
                f"{cid!r} is listed twice (first as cases[{first[cid]}])",
            )
        reasons[cid] = entry["reason"]
        first[cid] = i
        if "generated" in entry:
            made[cid] = dict(entry["generated"])
        if "cause" in entry:
            causes[cid] = dict(entry["cause"])
    return KnownFailures(source, reasons, made, causes)


def load_known_failures(path: str | Path) -> KnownFailures:
    p = Path(path)
    text = read_text(p, str(p), KnownFailuresError)
    return parse_known_failures(text, str(p))


def dump_known_failures(entries: Iterable[tuple[str, str]], engine: str | None = None,
                        made: dict[str, dict[str, str]] | None = None,
                        causes: dict[str, dict[str, str]] | None = None) -> str:
    """A known-failures file listing ``entries`` (id, reason), as YAML; each with the cause
    it fails for (``causes``: id -> kind, differed; :func:`cause_of`), and a generated case
    with what made it (``made``: id -> table, source, digest)."""
    import yaml

    cases: list[dict[str, Any]] = []
    for cid, reason in entries:
        if len(reason) > REASON_CHARS:  # an engine's words, however long, keep the file within its limits
            reason = reason[: REASON_CHARS - 3] + "..."
        entry: dict[str, Any] = {"id": cid, "reason": reason or "fails"}
        if causes and cid in causes:
            entry["cause"] = causes[cid]
        if made and cid in made:
            entry["generated"] = made[cid]
        cases.append(entry)
    doc: dict[str, Any] = {}
    if engine:
        doc["engine"] = engine
    doc["cases"] = cases
    header = "# Known failures (spec/scenarios.md, 'Known failures'), written by tonk check --write-known-failures\n"
    return header + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=1000)


def cause_of(case: dict[str, Any]) -> dict[str, str] | None:
    """What a known-failures entry records of a failing case of a report (its JSON): the
    cause it is grouped by and the first field that differed, if any; None for a case that
    did not fail."""
    if case.get("status") not in ("failed", "errored", "known") or case.get("stale"):
        return None
    kind = case.get("cause")
    if not isinstance(kind, str) or not kind:
        return None
    out = {"kind": kind}
    failures = case.get("failures") or []
    diffs = failures[0].get("diffs") if failures and not case.get("fault") else None
    if diffs and isinstance(diffs[0], dict) and diffs[0].get("field"):
        out["differed"] = str(diffs[0]["field"])
    return out


def cause_changed(recorded: dict[str, str], now: dict[str, str] | None) -> str:
    """What changed between the cause an entry records and the cause the case fails for
    now, in words; "" where they agree (a ``differed`` the entry leaves out agrees)."""
    if now is None:
        return ""
    if recorded.get("kind") != now.get("kind"):
        return f"listed as failing for {recorded.get('kind')!r}, it now fails for {now.get('kind')!r}"
    if recorded.get("differed") and now.get("differed") and recorded["differed"] != now["differed"]:
        return (f"listed as failing for {recorded.get('kind')!r} at {recorded['differed']}, it now differs at "
                f"{now['differed']}")
    return ""
