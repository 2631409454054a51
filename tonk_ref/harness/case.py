"""The one case model: what the runner executes, whatever the case was written as.

A :class:`Case` is a setup (the ``new_hand`` parameters), a list of steps and what must
come of them, the rule IDs it checks, and where it was written.  YAML scenarios
(:mod:`.scenario`), Gherkin scenarios (:mod:`.gherkin`, every Examples row) and perft
entries (:mod:`.perft`) all compile to it; :mod:`.runner` runs it against any adapter.
Everything is in protocol terms (spec/protocol.md): actions and expectations are JSON.

What a case needs of an engine is derived, never written twice:

- :attr:`Case.options`: the option values that differ from the defaults (the engine must
  declare them), and every default the engine says it does not play;
- :attr:`Case.methods`: the protocol features its steps call (``observe`` needs
  ``observations``, a legal-action list or a perft count ``legal_actions``, a match
  request ``match``), plus any a scenario file lists under ``requires``.

A case is skipped only when its setup or its steps need one of these; a case whose later
steps alone need a feature runs in part, up to the first of them (:meth:`Case.prefix`).
Everything else runs; an expectation that needs a feature the engine did not declare (``net`` and
``payments`` need ``payments``; an exact reason code needs ``reasons``) is reported as not
checked, or compared as much as the engine allows (a refusal is still a refusal).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..engine.ruleset import DEFAULT, Ruleset
from ..rulebook.notation import describe_action, format_action

JSON = dict[str, Any]


def new_hand_setup(rules: Ruleset, players: int, dealer: int, stake: int, deck: list[str]) -> JSON:
    """The ``new_hand`` setup of a hand (spec/schemas/setup.json), its fields in the order
    every setup the harness writes has them."""
    return {"ruleset": rules.to_dict(), "players": players, "dealer": dealer, "stake": stake, "deck": deck}
Kind = Literal["scenario", "feature", "perft", "generated"]
Origin = Literal["written", "translated", "derived", "generated"]

#: Which protocol feature a step kind needs, when it needs one.
STEP_FEATURES = {"observe": "observations", "legal": "legal_actions", "call": "match", "perft": "legal_actions"}


@dataclass(frozen=True, slots=True)
class Act:
    """One action by one seat.  ``refuse``: None, it must be accepted; a reason code, it must
    be refused with that code (by an engine with ``reasons``; by any other, refused at
    all); True, it must be refused for any reason.  ``unchanged``: after the refusal the
    state must be what it was (the runner compares the protocol's state fields)."""

    seat: int
    action: JSON
    refuse: str | bool | None = None
    unchanged: bool = False
    line: int = 0
    text: str = ""

    kind = "act"

    @property
    def notation(self) -> str:
        return describe_action(self.seat, self.action)

    def to_json(self) -> JSON:
        out: JSON = {"act": {"seat": self.seat, "action": self.action}}
        if self.refuse is not None:
            out["reject"] = self.refuse
        if self.unchanged:
            out["unchanged"] = True
        return out


@dataclass(frozen=True, slots=True)
class Expect:
    """A partial state: only the fields given are compared (spec/scenarios.md, ``expect``)."""

    state: JSON
    line: int = 0
    text: str = ""

    kind = "expect"

    def to_json(self) -> JSON:
        return {"expect": self.state}


@dataclass(frozen=True, slots=True)
class Observe:
    """What one seat sees: a partial observation, and cards that must appear nowhere."""

    seat: int
    expect: JSON
    line: int = 0
    text: str = ""

    kind = "observe"

    def to_json(self) -> JSON:
        return {"observe": {"seat": self.seat, "expect": self.expect}}


@dataclass(frozen=True, slots=True)
class Legal:
    """The legal actions of the seat to act: some listed, some not, or exactly ``count``."""

    includes: tuple[JSON, ...] = ()
    excludes: tuple[JSON, ...] = ()
    count: int | None = None
    line: int = 0
    text: str = ""

    kind = "legal"

    def to_json(self) -> JSON:
        out: JSON = {}
        if self.includes:
            out["includes"] = list(self.includes)
        if self.excludes:
            out["excludes"] = list(self.excludes)
        if self.count is not None:
            out["count"] = self.count
        return {"legal": out}


@dataclass(frozen=True, slots=True)
class Call:
    """A match request (``cut``, ``next_dealer``, ``join``, ``score``).  ``expect``: the
    answer's keys that must have these values; ``refuse``: the request must be refused.
    ``from_result``: fields of the current state's result passed as ``params.result``
    (a request about the hand just played)."""

    method: str
    params: JSON
    expect: JSON = field(default_factory=dict)
    refuse: bool = False
    from_result: tuple[str, ...] = ()
    line: int = 0
    text: str = ""
    #: where each expected key was written, when not with the request (a Gherkin Then step):
    #: (key, line, text); reports name that step when the key differs.
    written: tuple[tuple[str, int, str], ...] = field(default=(), compare=False)

    kind = "call"

    def to_json(self) -> JSON:
        out: JSON = {"method": self.method, "params": self.params, "expect": self.expect}
        if self.refuse:
            out["reject"] = True
        if self.from_result:
            out["from_result"] = list(self.from_result)
        return {"call": out}


@dataclass(frozen=True, slots=True)
class Perft:
    """The number of legal action sequences of each depth from the deal (python-chess's
    perft), counted through ``legal_actions``."""

    counts: tuple[tuple[int, int], ...]
    line: int = 0
    text: str = ""

    kind = "perft"

    def to_json(self) -> JSON:
        return {"perft": {str(d): n for d, n in self.counts}}


Step = Act | Expect | Observe | Legal | Call | Perft


@dataclass(frozen=True, slots=True)
class Case:
    """One conformance case, compiled."""

    id: str
    title: str
    kind: Kind
    rules: tuple[str, ...]
    source: str  # the file, relative to the suite's data: scenarios/pay/x.yaml, features/turn.feature
    line: int
    setup: JSON | None  # new_hand's params; None: the case deals no hand (match requests only)
    steps: tuple[Step, ...]
    result: JSON | None = None  # the final result's fields that must hold (None: nothing asked)
    deal_refused: bool = False  # the setup itself must be refused
    deal_reason: str = "invalid_setup"  # ... with this reason code (compared for an engine with reasons)
    result_line: int = 0  # where the final result is written
    #: written: as its file says; translated: its cards mapped to a table's pack (and its
    #: expectations kept or recomputed); derived: some expectations recomputed by the
    #: reference engine under a table's rules; generated: made for a table's rules from
    #: seeded play
    origin: Origin = "written"
    requires: frozenset[str] = frozenset()  # features a scenario file asks for explicitly
    ruleset: Ruleset = field(default=DEFAULT, compare=False)

    @property
    def where(self) -> str:
        """``file:line``; a generated case, written in no file, is named by its source alone."""
        return f"{self.source}:{self.line}" if self.line else self.source

    @property
    def options(self) -> JSON:
        """The option values this case plays that differ from the defaults."""
        return self.ruleset.changes()

    @property
    def methods(self) -> frozenset[str]:
        """The protocol features the case's steps call (and any it asks for)."""
        need = {STEP_FEATURES[s.kind] for s in self.steps if s.kind in STEP_FEATURES}
        return frozenset(need | self.requires)

    def prefix(self, n: int) -> Case:
        """The case cut before its step ``n``: its first ``n`` steps, and its final result as
        long as no action is cut (the steps cut then leave the hand as it was)."""
        cut_acts = any(isinstance(s, Act) for s in self.steps[n:])
        return replace(self, steps=self.steps[:n], result=None if cut_acts else self.result)

    @property
    def actions(self) -> list[tuple[int, JSON]]:
        return [(s.seat, s.action) for s in self.steps if isinstance(s, Act)]

    def digest(self) -> str:
        """Twelve hex digits naming the hand a case deals and plays (its setup and actions):
        what a known-failures entry for a generated case records."""
        import hashlib
        import json

        text = json.dumps([self.setup, self.actions], sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def expectations(self) -> Iterator[JSON]:
        """Every result expectation of the case (the final one and those inside ``expect``)."""
        for s in self.steps:
            if isinstance(s, Expect) and isinstance(s.state.get("result"), dict):
                yield s.state["result"]
        if self.result is not None:
            yield self.result

    def to_json(self) -> JSON:
        """The language-neutral form of ``tonk export`` (spec/scenarios.md, "The export format")."""
        out: JSON = {
            "id": self.id,
            "title": self.title,
            "kind": self.kind,
            "rules": list(self.rules),
            "source": self.where,
            "requires": {"options": self.options, "features": sorted(self.methods)},
            "setup": self.setup,
            "steps": [s.to_json() for s in self.steps],
            "result": self.result,
        }
        if self.deal_refused:
            out["deal_refused"] = True
            if self.deal_reason != "invalid_setup":
                out["deal_reason"] = self.deal_reason
        if self.origin != "written":
            out["origin"] = self.origin
        return out


def step_label(step: Step) -> str:
    """How a report names a step: its text as written, else its notation."""
    if step.text:
        return step.text
    if isinstance(step, Act):
        return step.notation
    return step.kind


def action_label(step: Act) -> str:
    """``seat 2: hit 7h 0`` (or the action's JSON when it has no notation)."""
    text = format_action(None, step.action)
    return f"seat {step.seat}: {text if text is not None else describe_action(None, step.action)}"
