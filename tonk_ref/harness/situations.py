"""What ``tonk judge`` and ``tonk explain`` are asked about, read into a
:class:`~tonk_ref.rulebook.situation.Situation`: a scenario file, the ID of a scenario of the
corpus, or a described situation (the grammar of :mod:`tonk_ref.rulebook.situation`).

A scenario is read by the scenario loader (so its errors name the file, the line and the
field), and its deal is kept as written: a full deck, or hands, upcard and stock top, so
that under another pack the deal can be stacked again.  :func:`base_rules` names the rules
a situation is played under first (``--rules``, else a scenario's own, else the seed's)."""

from __future__ import annotations

import re
from pathlib import Path

from ..engine.cards import parse_card
from ..engine.ruleset import DEFAULT, Ruleset
from ..rulebook.book import load_table_rules
from ..rulebook.notation import option_text
from ..rulebook.safe_input import read_text
from ..rulebook.situation import Description, ScenarioSituation, Situation, SituationError, scripted
from .case import Act
from .files import scenario_files
from .scenario import ScenarioError, load_scenario, read_document

__all__ = ["CASE_ID", "base_rules", "find_case_file", "load_situation", "scenario_situation", "table_rules"]

#: what a case ID looks like (spec/scenario.schema.json): lowercase words joined by '-'
CASE_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)+")


def scenario_situation(path: str | Path) -> ScenarioSituation:
    """The situation of one scenario file: its deal as written and its script."""
    try:
        case = load_scenario(path)
        deal = read_document(read_text(path, case.source, ScenarioError), case.source)[0]["deal"]
    except ScenarioError as e:
        raise SituationError(str(e)) from None
    if case.setup is None:
        raise SituationError(f"{case.where}: the case deals no hand")
    acts = [scripted(step.seat, step.action, f"{case.source}:{step.line}", step.refuse)
            for step in case.steps if isinstance(step, Act)]
    upcard = deal.get("upcard")
    return ScenarioSituation(
        id=case.id, title=case.title, source=case.source, players=int(case.setup["players"]),
        dealer=int(case.setup["dealer"]), stake=int(case.setup["stake"]), ruleset=case.ruleset, acts=tuple(acts),
        deck=[parse_card(c) for c in deal["deck"]] if "deck" in deal else None,
        hands=[[parse_card(c) for c in h] for h in deal.get("hands", [])],
        upcard=parse_card(upcard) if upcard is not None else None,
        stock_top=[parse_card(c) for c in deal.get("stock", [])])


def find_case_file(case_id: str) -> Path | None:
    """The scenario file of the corpus whose case has this ID (files are named after it)."""
    for f in scenario_files():
        if f.stem == case_id:
            return f
    return None


def load_situation(text: str) -> Situation:
    """A scenario file if ``text`` names one (a path ending in .yaml or .yml), the case of
    that ID if ``text`` is the ID of a scenario of the corpus, else a description."""
    one_line = "\n" not in text.strip()
    if one_line and text.strip().lower().endswith((".yaml", ".yml")):
        if not Path(text.strip()).is_file():
            raise SituationError(f"{text.strip()}: no such scenario file")
        return scenario_situation(text.strip())
    if one_line and CASE_ID.fullmatch(text.strip()):
        found = find_case_file(text.strip())
        if found is not None:
            return scenario_situation(found)
        try:
            return Description(text)
        except SituationError:
            raise SituationError(f"{text.strip()}: no scenario of the corpus has this ID (see 'tonk rules' "
                                 "for the rules and their cases), and it is not a described situation") from None
    return Description(text)


def table_rules(path: str | None) -> tuple[Ruleset | None, str]:
    """The ruleset of ``--rules`` (a preset, a preset file or a table-rules file; None if
    not given) and how to name it; a bad one raises
    :class:`~tonk_ref.rulebook.book.RulebookError`."""
    if not path:
        return None, ""
    rules = load_table_rules(path)
    return rules, f"{path} ({_changes(rules)})"


def _changes(rules: Ruleset) -> str:
    return ", ".join(option_text(k, v) for k, v in rules.changes().items()) or "every option at its default"


def base_rules(situation: Situation, path: str | None) -> tuple[Ruleset, str]:
    """The rules a situation is played under first: the table's (``--rules``), else a
    scenario's own ruleset, else the seed rules; and how to name them."""
    rules, label = table_rules(path)
    if rules is not None:
        return rules, label
    if situation.ruleset is not None:
        return situation.ruleset, f"the scenario's ruleset ({_changes(situation.ruleset)})"
    return DEFAULT, "seed (every option at its default)"
