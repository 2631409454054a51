"""``tonk judge --format html``: a ruling as one self-contained page, to send as a file or
a link: the situation as a table of cards with its actions, each group's outcome, who
pays whom and the table it ends at, the rules that decide it in the sentence that holds
under the group's rulesets with where each comes from (the seeds, this spec's decision
or a house rule), and which options change the result.  The cards are drawn as in the
conformance report (:mod:`.cardface`).

The command puts the ruling into words (:class:`RulingPage`); ``templates/ruling.html.j2``
lays them out and ``static/ruling.css`` styles them.  :class:`Quote` is a rule quoted as
every page quotes one (``templates/rules.html.j2``); :func:`quote` reads one from the
rulebook.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.ruleset import Ruleset
from ..rulebook.book import rules_by_id
from ..rulebook.provenance import provenance

State = dict[str, Any]  # a protocol state (spec/protocol.md, "State"), drawn as cards


@dataclass(frozen=True)
class Sentence:
    """A rule's sentence, where it comes from, and under which rulesets it holds (empty:
    no need to say)."""

    text: str
    provenance: str
    under: str = ""


@dataclass(frozen=True)
class Quote:
    """A rule quoted: its ID and its sentences."""

    rule: str
    sentences: tuple[Sentence, ...]


def quote(rule_id: str, rules: Ruleset) -> Quote:
    """The rule's sentence under ``rules`` and where it comes from."""
    rule = rules_by_id().get(rule_id)
    if rule is None:
        return Quote(rule_id, (Sentence("(not in spec/rules.yaml)", ""),))
    return Quote(rule_id, (Sentence(rule.text_under(rules), provenance(rule, rules, 60)),))


@dataclass(frozen=True)
class Pay:
    """One payment: who pays whom how much (in words), by which rule."""

    payer: int
    payee: int
    amount: str
    rule: str


@dataclass(frozen=True)
class Refused:
    """A refused action: the action, the reason and its rules, the message (one for the
    group, or one per wording with the rulesets that word it so), and where it is allowed."""

    action: str
    why: str
    message: str
    messages: tuple[tuple[str, str], ...]
    allowed: str


@dataclass(frozen=True)
class RulingGroup:
    """A group of rulesets that reach the same outcome."""

    letter: str
    title: str
    base: bool  # the base rules are in it
    outcome: str  # the outcome in words (a refusal: see refused)
    refused: Refused | None = None
    pays: str = ""  # an ended hand: the payments in words, the net, each payment
    net: str = ""
    payments: tuple[Pay, ...] = ()
    notes: tuple[str, ...] = ()
    table: State | None = None
    table_when: str = ""
    deciding: tuple[Quote, ...] = ()
    summary: str = ""  # a group other than the base in one line: what makes it, its outcome (open: empty)


@dataclass(frozen=True)
class OptionRow:
    """An option that changes the result: each value and the group it leads to."""

    option: str
    with_: str
    results: tuple[tuple[str, str], ...]  # (value, letter or 'cannot arise')
    money: bool


@dataclass(frozen=True)
class RulingPage:
    described: tuple[str, ...]  # the situation, and a second line for a scenario
    rules: str
    presets: int
    start_title: str  # 'The deal' or 'The situation' (empty: no start to draw)
    start_under: str
    start: State | None
    acts: tuple[str, ...]
    cannot_arise: str  # why the situation cannot arise under the base rules (empty: it can)
    groups: tuple[RulingGroup, ...]
    options: tuple[OptionRow, ...]
    some_cannot: bool  # the situation cannot arise under some ruleset tried
    unchanging: tuple[str, ...]
    cannot: str  # the rulesets it cannot arise under (and the first-turn hint)
    not_judged: str
    preset_results: tuple[tuple[str, str], ...]  # (preset, letter or 'cannot arise')
    command: str = ""


def ruling_page(page: RulingPage) -> str:
    """The whole page of a ruling."""
    from .htmlpage import render  # Jinja2 only for the page, not for the words of a ruling

    return render("ruling.html.j2", title=f"Tonk ruling: {page.described[0][:80]}", page=page)
