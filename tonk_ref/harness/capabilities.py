"""What an engine declared in ``hello`` (spec/protocol.md, "Capabilities"), and what a case
needs that an engine did not declare.

An option the engine leaves out of ``hello`` supports its default only.  An option it
lists supports exactly the values listed: when the list leaves the default out, the engine
does not play the default, and every case that plays it is skipped.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ..adapters.base import FEATURES, PROTOCOL_VERSION
from ..engine.ruleset import DEFAULT, Ruleset
from ..errors import TonkError
from ..rulebook.notation import value_text
from ..rulebook.options import action_options
from .case import STEP_FEATURES, Act, Case, step_label

JSON = dict[str, Any]
_DEFAULTS = DEFAULT.to_dict()
#: Actions only an engine that plays some value of an option knows: a case that sends one
#: needs one of those values, whatever its own ruleset (spec/protocol.md, "Actions"; the
#: option's ``x-actions`` in spec/ruleset.schema.json): action type -> (option, values).
ACTION_OPTIONS: dict[str, tuple[str, tuple[object, ...]]] = action_options()


class HelloError(TonkError, ValueError):
    """A ``hello`` answer that is not the capabilities the protocol describes."""



@dataclass(frozen=True, slots=True)
class Need:
    """One thing a case needs that the engine did not declare: an option value (``option``),
    a default the engine says it does not play (``default``) or a protocol feature."""

    kind: Literal["option", "default", "feature", "table"]
    name: str  # "knock_tie=knocker_wins", "upcard=true", "observations", or why a case cannot be a table's
    detail: str = field(default="", compare=False)  # "table": what exactly

    @property
    def key(self) -> str:
        """The wording skips are grouped by (one wording per cause)."""
        return _KEYS[self.kind].format(self.name)

    def __str__(self) -> str:
        return f"{self.key} ({self.detail})" if self.detail else self.key

    @property
    def declare(self) -> str:
        """What the engine would declare to run the cases this need skips (nothing, for a
        case that cannot exist under the table's rules)."""
        return _DECLARE[self.kind].format(self.name)


#: Per kind of need: how skips are grouped, and what would run the cases skipped.
_KEYS = {
    "option": "needs option value {}",
    "default": "needs option value {} (the default, which the engine does not play)",
    "feature": "needs feature {}",
    "table": "cannot exist under the table's rules: {}",
}
_DECLARE = {
    "option": "the option value {}",
    "default": "the default {} among its values",
    "feature": "the feature {}",
    "table": "",
}


@dataclass(frozen=True, slots=True)
class LeftOut:
    """The steps a case runs without, for features the engine did not declare: every step
    from ``at`` (the first that needs one of them), and the final result too when an action
    is among them (:meth:`~.case.Case.prefix`)."""

    at: int
    needs: tuple[Need, ...]
    result: bool  # the final result is left out with them

    def steps(self, case: Case) -> list[JSON]:
        """The steps left out, each with its index, kind, line and text."""
        return [{"step": i, "kind": s.kind, "line": s.line, "text": step_label(s)}
                for i, s in enumerate(case.steps[self.at:], self.at)]

    def text(self, case: Case) -> str:
        """``checked in part: steps 14-15 left out (from line 30: call join), they need the
        feature match`` (:func:`left_out_words` of :meth:`to_json`)."""
        return left_out_words(self.to_json(case))

    def to_json(self, case: Case) -> JSON:
        return {"from_step": self.at, "needs": [{"kind": n.kind, "name": n.name} for n in self.needs],
                "steps": self.steps(case), "result": self.result}


def left_out_words(left: JSON) -> str:
    """What a case checked in part left out, in words, from the ``left_out`` of its result
    (:meth:`LeftOut.to_json`, as the JSON report holds it): the message of such a case when
    it passes, and what the reports say of it."""
    steps = left["steps"]
    first, last = steps[0], steps[-1]["step"]
    span = f"step {first['step']}" if last == first["step"] else f"steps {first['step']}-{last}"
    where = f"from line {first['line']}: " if first["line"] else "from "
    names = [n["name"] for n in left["needs"]]
    result = " and the final result" if left["result"] else ""
    return (f"checked in part: {span}{result} left out ({where}{first['text']}), they need the feature"
            f"{'s' if len(names) > 1 else ''} {_and(names)}, which the engine did not declare")


def run_in_part(case: Case, needs: tuple[Need, ...]) -> LeftOut | None:
    """What ``case`` leaves out when it runs in part instead of being skipped for ``needs``
    (what it needs that the engine did not declare): when every need is a feature that only
    its steps need (not its ruleset, its actions or its file's ``requires``), it runs up to
    the first step that needs one, unless that is its first step.  None: it is skipped."""
    if not needs or any(n.kind != "feature" or n.name in case.requires for n in needs):
        return None
    missing = {n.name for n in needs}
    at = next((i for i, s in enumerate(case.steps) if STEP_FEATURES.get(s.kind) in missing), 0)
    if at == 0:
        return None
    return LeftOut(at, needs, any(isinstance(s, Act) for s in case.steps[at:]) and case.result is not None)


#: The members spec/schemas/hello.json requires, in its order.
_HELLO_MEMBERS = ("name", "version", "protocol", "options", "features")


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _hello_failures(hello: JSON) -> list[str]:
    """What is wrong with ``hello`` by its schema (each error with its JSON path)."""
    from ..adapters import messages

    if not messages.check("hello", hello):
        return []
    from ..adapters import schemas

    return schemas.check("hello", hello) or messages.check("hello", hello)


@dataclass(frozen=True, slots=True)
class Capabilities:
    name: str
    version: str
    protocol: int
    options: dict[str, tuple[Any, ...]]
    features: frozenset[str]

    @classmethod
    def from_hello(cls, hello: object) -> Capabilities:
        """Read a ``hello`` answer; raise :class:`HelloError` naming what is wrong with it."""
        if not isinstance(hello, dict):
            raise HelloError(f"hello answered {json.dumps(hello)[:200]}; expected an object")
        if hello.get("protocol") != PROTOCOL_VERSION:
            got = "no protocol" if "protocol" not in hello else f"protocol {json.dumps(hello['protocol'])}"
            raise HelloError(f"hello answered {got}; this runner speaks protocol {PROTOCOL_VERSION}")
        options = hello.get("options", {})
        if not isinstance(options, dict) or not all(isinstance(v, list) for v in options.values()):
            raise HelloError("hello's options must map each option to the list of values the engine plays, "
                             f"got {json.dumps(options)[:200]}")
        features = hello.get("features", [])
        if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
            raise HelloError(f"hello's features must be a list of names, got {json.dumps(features)[:200]}")
        missing = [k for k in _HELLO_MEMBERS if k not in hello]
        if missing:
            raise HelloError(f"hello lacks {_and(missing)}: spec/schemas/hello.json requires "
                             f"{_and(list(_HELLO_MEMBERS))} (the engine says who it is)")
        wrong = _hello_failures(hello)
        if wrong:
            raise HelloError("hello does not satisfy spec/schemas/hello.json: " + "; ".join(wrong[:3])[:400])
        return cls(
            name=str(hello.get("name", "?")),
            version=str(hello.get("version", "?")),
            protocol=PROTOCOL_VERSION,
            options={k: tuple(v) for k, v in options.items()},
            features=frozenset(f for f in features if f in FEATURES),
        )

    def supports(self, option: str, value: Any) -> bool:
        values = self.options.get(option)
        if values is None:
            default = _DEFAULTS.get(option, _MISSING)
            return type(default) is type(value) and default == value
        return any(type(v) is type(value) and v == value for v in values)

    def ruleset_sent(self, ruleset: Mapping[str, Any]) -> JSON:
        """A ruleset as it is sent to this engine (spec/protocol.md, "Options"): every option
        the engine declared, and every other option whose value is not its default (an
        option left out takes its default), so that an option added to the spec after the
        engine was written reaches it only where its other values are needed."""
        declared = self.options
        return {k: v for k, v in ruleset.items() if k in declared or _DEFAULTS.get(k, _MISSING) != v}

    def setup_sent(self, setup: JSON) -> JSON:
        """A ``new_hand`` setup as it is sent to this engine (its ruleset as
        :meth:`ruleset_sent` says)."""
        rules = setup.get("ruleset")
        return {**setup, "ruleset": self.ruleset_sent(rules)} if isinstance(rules, dict) else setup

    def unplayed_defaults(self) -> list[str]:
        """``option=value`` of every default the engine declares it does not play."""
        return [f"{k}={value_text(_DEFAULTS[k])}" for k in sorted(self.options)
                if k in _DEFAULTS and not self.supports(k, _DEFAULTS[k])]

    def missing_options(self, ruleset: Ruleset) -> tuple[Need, ...]:
        out = []
        for k, v in ruleset.to_dict().items():
            if not self.supports(k, v):
                kind: Literal["option", "default"] = "default" if _DEFAULTS.get(k) == v else "option"
                out.append(Need(kind, f"{k}={value_text(v)}"))
        return tuple(out)

    def missing_actions(self, case: Case, already: tuple[Need, ...] = ()) -> tuple[Need, ...]:
        """The options the actions ``case`` sends need (:data:`ACTION_OPTIONS`), unless
        ``already`` names them."""
        sent = {str(s.action.get("type")) for s in case.steps if isinstance(s, Act) and isinstance(s.action, dict)}
        out: tuple[Need, ...] = ()
        for kind in sorted(sent & set(ACTION_OPTIONS)):
            option, values = ACTION_OPTIONS[kind]
            if not any(self.supports(option, v) for v in values):
                why = f"or {' or '.join(value_text(v) for v in values[1:])}: it sends a {kind} action"
                need = Need("option", f"{option}={value_text(values[0])}", why)
                out += () if need in already or need in out else (need,)
        return out

    def missing(self, case: Case) -> tuple[Need, ...]:
        """What ``case`` needs that this engine did not declare (empty: it runs)."""
        needs = self.missing_options(case.ruleset)
        needs += self.missing_actions(case, needs)
        feats = tuple(Need("feature", f) for f in sorted(case.methods - self.features))
        return needs + feats

    def to_json(self) -> JSON:
        return {"name": self.name, "version": self.version, "protocol": self.protocol,
                "options": {k: list(v) for k, v in self.options.items()}, "features": sorted(self.features)}


_MISSING = object()
