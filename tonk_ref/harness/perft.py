"""Perft for Tonk: counts of legal action sequences from a deal, python-chess style.

``perft(D)`` is the number of sequences of exactly D actions, each listed by
``legal_actions`` for the player to act in the state the previous ones lead to.  A
sequence that ends the hand before D actions is not counted (an ended hand has no legal
action); ``perft(0) = 1``.  Actions other seats may take out of turn (``eating``) are
not counted.  Two engines that list the same legal actions in every state have the same
counts, so a table of counts is a compact conformance test for ``legal_actions``.

The table format (``scenarios/perft/*.perft``), plain text, one entry per ``id`` line::

    # comment
    id seed-42-3p
    deal players=3 dealer=0 stake=1 from=seed:42
    deck 7h Qd 2c ... (the whole deck, top first)
    ruleset seed knock_timing=any
    perft 1 3
    perft 2 20

``deal`` gives players, dealer and stake (``from`` says how the deck was made, for
people); ``deck`` is normative; ``ruleset`` is a preset of spec/rulesets/ and option
overrides ``name=value`` (values as in YAML: ``true``, ``5``, ``null``, words).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..adapters.base import Adapter, Rejected
from ..adapters.inprocess import reference
from ..bounds import MAX_LEGAL_ACTIONS, MAX_PERFT_NODES
from ..engine.cards import NAMES, CardError, cards_of, check_deck, pack_mask, parse_card
from ..engine.ruleset import Ruleset, option_values
from ..errors import InputError, TonkError
from ..rulebook.book import RulebookError, resolve_ruleset
from ..rulebook.notation import describe_action, value_text
from ..rulebook.safe_input import ErrorFactory, check_digits, check_text, load_yaml, read_text
from .capabilities import Capabilities
from .case import Case, Perft, new_hand_setup

JSON = dict[str, Any]
_CARDS = frozenset(NAMES)
_DIGITS = re.compile(r"[0-9]+")


class PerftError(InputError):
    """A perft table or deal that cannot be read: names the file, the line and what was
    expected."""


@dataclass
class PerftCase:
    id: str
    players: int
    dealer: int
    stake: int
    deck: list[str]
    preset: str
    options: dict[str, Any]
    counts: dict[int, int] = field(default_factory=dict)
    origin: str = ""
    source: str = ""
    line: int = 0

    @property
    def ruleset(self) -> Ruleset:
        return resolve_ruleset(self.preset, self.options, where=f"{self.source}:{self.line}")

    def setup(self) -> JSON:
        return new_hand_setup(self.ruleset, self.players, self.dealer, self.stake, list(self.deck))

    def to_text(self) -> str:
        opts = "".join(f" {k}={value_text(v)}" for k, v in self.options.items())
        lines = [
            f"id {self.id}",
            f"deal players={self.players} dealer={self.dealer} stake={self.stake}"
            + (f" from={self.origin}" if self.origin else ""),
            "deck " + " ".join(self.deck),
            f"ruleset {self.preset}{opts}",
            *(f"perft {d} {n}" for d, n in sorted(self.counts.items())),
        ]
        return "\n".join(lines) + "\n"



def _parse_value(key: str, text: str, source: str, line: int) -> Any:
    """An option value as written: the text itself when the option allows that string
    (``dealt_tonk=50``, ``dealt_tonk=49_50``), else its YAML reading (true, 5, null)."""
    if text in option_values().get(key, ()):
        return text
    import yaml

    try:
        return load_yaml(text, source, _error_at(line))[0]
    except yaml.YAMLError:
        raise PerftError(source, line, "", f"the value of {key}={_shown(text)} is not a YAML value") from None


def _error_at(line: int) -> ErrorFactory:
    """Errors of a text read from one line of a table: at that line."""
    return lambda file, _line, field, message: PerftError(file, line, field, message)


def _shown(text: str, most: int = 60) -> str:
    """``text`` quoted, cut to ``most`` characters (a line of a table may be long)."""
    return repr(text if len(text) <= most else text[: most - 3] + "...")


def _number(text: str, source: str, line: int) -> int:
    check_digits(text, source, line, "", _error_at(line))
    return int(text)


def parse_table(text: str, source: str = "<perft>") -> list[PerftCase]:
    """The entries of a perft table, within the limits of input files
    (:mod:`tonk_ref.rulebook.safe_input`)."""
    check_text(text, source, PerftError)
    cases: list[PerftCase] = []
    current: PerftCase | None = None
    seen: set[str] = set()

    def fail(n: int, msg: str) -> PerftError:
        return PerftError(source, n, "", msg)

    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if word == "id":
            if not rest or " " in rest:
                raise fail(n, f"expected 'id NAME' (one word), got {_shown(line)}")
            if rest in seen:
                raise fail(n, f"id {_shown(rest)} is used twice")
            seen.add(rest)
            current = PerftCase(rest, 0, 0, 1, [], "seed", {}, source=source, line=n)
            cases.append(current)
            continue
        if current is None:
            raise fail(n, f"expected an 'id NAME' line first, got {_shown(line)}")
        if word == "deal":
            fields = dict(p.partition("=")[::2] for p in rest.split())
            unknown = set(fields) - {"players", "dealer", "stake", "from"}
            if unknown or not {"players", "dealer"} <= set(fields):
                raise fail(n, f"expected 'deal players=N dealer=D [stake=S] [from=TEXT]', got {_shown(line)}")
            numbers = [fields["players"], fields["dealer"], fields.get("stake", "1")]
            if not all(_DIGITS.fullmatch(x) for x in numbers):
                raise fail(n, f"players, dealer and stake are whole numbers, got {_shown(line)}")
            current.players, current.dealer, current.stake = (_number(x, source, n) for x in numbers)
            current.origin = fields.get("from", "")
        elif word == "deck":
            cards = rest.split()
            for c in cards:
                try:
                    parse_card(c)
                except CardError as e:
                    raise fail(n, str(e)) from None
            current.deck = cards
        elif word == "ruleset":
            parts = rest.split()
            if not parts:
                raise fail(n, "expected 'ruleset PRESET [option=value ...]'")
            current.preset = parts[0]
            for p in parts[1:]:
                key, eq, value = p.partition("=")
                if not eq:
                    raise fail(n, f"expected option=value, got {_shown(p)}")
                current.options[key] = _parse_value(key, value, source, n)
            try:
                _ = current.ruleset
            except RulebookError as e:
                raise fail(n, e.message) from None
        elif word == "perft":
            bits = rest.split()
            if len(bits) != 2 or not all(_DIGITS.fullmatch(b) for b in bits):
                raise fail(n, f"expected 'perft DEPTH COUNT', got {_shown(line)}")
            current.counts[_number(bits[0], source, n)] = _number(bits[1], source, n)
        else:
            raise fail(n, f"unknown line {_shown(word)}: expected id, deal, deck, ruleset or perft")
    for entry in cases:
        if not entry.deck or not entry.players:
            raise PerftError(source, entry.line, "", f"case {entry.id!r} needs a deal line and a deck line")
        problem = _deal_problem(entry)
        if problem:
            raise PerftError(source, entry.line, "", f"case {entry.id!r} cannot be dealt: {problem}")
    return cases


def load_table(path: str | Path) -> list[PerftCase]:
    p = Path(path)
    return parse_table(read_text(p, str(p), PerftError), str(p))


# ---------------------------------------------------------------------------- deals


def _deal_problem(entry: PerftCase) -> str | None:
    """Why the entry's deal cannot be dealt under its ruleset (checked on the data: the
    harness never plays the reference engine itself)."""
    rules = entry.ruleset
    if not 2 <= entry.players <= rules.max_players:
        return f"players must be 2 to {rules.max_players}, got {entry.players}"
    if not 0 <= entry.dealer < entry.players:
        return f"dealer must be a seat 0 to {entry.players - 1}, got {entry.dealer}"
    if entry.stake < 1:
        return f"stake must be a positive integer, got {entry.stake}"
    try:
        check_deck([parse_card(c) for c in entry.deck], pack_mask(rules.deck, rules.jokers))
    except CardError as e:
        return str(e)
    return None


def seed_deck(seed: int, rules: Ruleset) -> list[str]:
    """The deck of ``seed:S``: the ruleset's pack in code order, shuffled by Python's
    ``random.Random(S).shuffle``."""
    import random

    deck = cards_of(pack_mask(rules.deck, rules.jokers))
    random.Random(seed).shuffle(deck)
    return [NAMES[c] for c in deck]


def action_text(a: JSON) -> str:
    """An action in the notation, a spread's cards in code order (so that two engines'
    lists of the same actions read alike)."""
    b = dict(a)
    if b.get("type") == "spread" and isinstance(b.get("cards"), list):
        b["cards"] = sorted(b["cards"], key=lambda c: parse_card(c) if c in _CARDS else 99)
    return describe_action(None, b)


class ListedRefused(TonkError):
    """The engine refused an action it had listed as legal (perft walks only such actions)."""

    def __init__(self, path: list[tuple[int, JSON]], reason: str) -> None:
        seat, action = path[-1] if path else (None, {})
        before = ", ".join(describe_action(s, a) for s, a in path[:-1]) or "the deal"
        super().__init__(f"the engine refused {describe_action(seat, action)} ({reason}), which it listed as legal "
                         f"after {before}")


class PerftTooLarge(TonkError):
    """A count past the bounds of :mod:`tonk_ref.bounds`: a list of legal actions longer
    than :data:`~tonk_ref.bounds.MAX_LEGAL_ACTIONS`, or more sequences than the count's
    budget (at most :data:`~tonk_ref.bounds.MAX_PERFT_NODES`)."""


class AdapterPerft:
    """Perft through the :class:`Adapter` interface: ``new_hand``, ``legal_actions`` and
    ``act``, rebuilding a state by replaying it from the deal (one ``play`` request when
    the engine declares ``play``), since the protocol has no undo."""

    def __init__(self, adapter: Adapter, setup: JSON, use_play: bool = False,
                 budget: int = MAX_PERFT_NODES) -> None:
        self.adapter = adapter
        self.setup = setup
        self.use_play = use_play
        self.path: list[tuple[int, JSON]] | None = None
        self.requests = 0
        #: the most legal actions this walk may count, summed over the positions it visits
        self.budget = budget
        self.counted = 0

    def _goto(self, path: list[tuple[int, JSON]]) -> JSON:
        """Reach ``path`` and return the state there (every request answers with it)."""
        cur = self.path
        if cur is not None and len(path) == len(cur) + 1 and path[:-1] == cur:
            self.requests += 1
            try:
                state = self.adapter.act(path[-1][0], path[-1][1])
            except Rejected as e:
                self.path = None
                raise ListedRefused(path, e.reason) from None
        elif self.use_play:
            self.requests += 1
            out = self.adapter.play(self.setup, list(path))
            steps = out.get("steps") if isinstance(out, dict) else None
            bad = next((i for i, st in enumerate(steps or []) if not (isinstance(st, dict) and st.get("ok"))), None)
            if bad is not None:
                self.path = None
                step = (steps or [])[bad]
                raise ListedRefused(path[: bad + 1], str(step.get("reason") if isinstance(step, dict) else step))
            state = out.get("state") or {}
        else:
            self.requests += 1 + len(path)
            state = self.adapter.new_hand(self.setup)
            for i, (seat, action) in enumerate(path):
                try:
                    state = self.adapter.act(seat, action)
                except Rejected as e:
                    self.path = None
                    raise ListedRefused(path[: i + 1], e.reason) from None
        self.path = list(path)
        return state

    def _legal(self, path: list[tuple[int, JSON]]) -> tuple[int | None, list[JSON]]:
        state = self._goto(path)
        if state.get("to_act") is None:
            return None, []
        self.requests += 1
        legal = self.adapter.legal_actions()
        n = len(legal) if isinstance(legal, list) else 0
        if n > MAX_LEGAL_ACTIONS:
            after = ", ".join(describe_action(s, a) for s, a in path) or "the deal"
            raise PerftTooLarge(f"the engine lists {n:,} legal actions after {after}: the limit is "
                                f"{MAX_LEGAL_ACTIONS:,} (a hand has a few dozen)")
        self.counted += n
        if self.counted > self.budget:
            raise PerftTooLarge(f"more than {self.budget:,} legal actions listed in one count (the limit of "
                                "this count): counting stopped")
        return int(state["to_act"]), list(legal)

    def counts(self, depth: int) -> list[int]:
        """``[perft(1), ..., perft(depth)]`` in one walk of the tree (each position below
        ``depth`` reached and asked for its legal actions once)."""
        out = [0] * (depth + 1)

        def walk(path: list[tuple[int, JSON]]) -> None:
            seat, legal = self._legal(path)
            out[len(path) + 1] += len(legal)
            if len(path) + 1 < depth and seat is not None:
                for a in legal:
                    walk([*path, (seat, a)])

        if depth:
            walk([])
        return out[1:]

    def count(self, depth: int, path: list[tuple[int, JSON]] | None = None) -> int:
        path = path or []
        if depth == 0:
            return 1
        seat, legal = self._legal(path)
        if depth == 1 or seat is None:
            return len(legal)
        return sum(self.count(depth - 1, [*path, (seat, a)]) for a in legal)

    def divide(self, depth: int) -> list[tuple[str, int]]:
        seat, legal = self._legal([])
        if seat is None:
            return []
        return [(action_text(a), self.count(depth - 1, [(seat, a)])) for a in legal]


@dataclass
class Mismatch:
    depth: int
    expected: int
    got: int
    divide_expected: list[tuple[str, int]]
    divide_got: list[tuple[str, int]]
    case: PerftCase | None = None
    refused: str = ""  # the engine refused the deal or a listed action: its reason
    problem: str = ""  # the count went past a bound (tonk_ref.bounds): what and which

    def headline(self) -> str:
        if self.problem:
            return f"perft {self.depth}: {self.problem}"
        if self.refused:
            return f"perft {self.depth}: the engine refused: {self.refused}"
        return f"perft {self.depth}: expected {self.expected}, the engine gives {self.got}"

    def divide_lines(self) -> list[str]:
        if self.refused or self.problem:
            return []
        lines = ["divide (first action: expected / engine):"]
        want = dict(self.divide_expected)
        got = dict(self.divide_got)
        for key in sorted(set(want) | set(got)):
            w, g = want.get(key), got.get(key)
            mark = "" if w == g else "   <-- differs"
            lines.append(f"  {key}: {'-' if w is None else w} / {'-' if g is None else g}{mark}")
        return lines

    def describe(self) -> str:
        head = f"{self.case.source}:{self.case.line}: {self.case.id}: " if self.case is not None else ""
        return "\n".join([head + self.headline(), *(f"  {x}" for x in self.divide_lines())])


def check_counts(
    adapter: Adapter, setup: JSON, counts: Iterable[tuple[int, int]], use_play: bool
) -> Mismatch | None:
    """Count the engine's legal action sequences to each depth of ``counts``; the first
    depth that differs, with the per-first-action counts of the engine and the reference."""
    wanted = sorted(counts)
    # as many legal actions as the counts sum to, twice over, and no more: an engine that
    # lists far more is wrong, and is not walked to the end
    budget = min(MAX_PERFT_NODES, 2 * sum(n for _, n in wanted) + 1_000)
    first = wanted[0][0] if wanted else 0
    try:
        if wanted and first == 1:  # depth 1 first: one request, before the whole tree is walked
            _, legal = AdapterPerft(adapter, setup, use_play, budget)._legal([])
            if len(legal) != wanted[0][1]:
                return _mismatch(adapter, setup, use_play, 1, wanted[0][1], len(legal), budget)
        found = AdapterPerft(adapter, setup, use_play, budget).counts(wanted[-1][0]) if wanted else []
    except ListedRefused as e:
        return Mismatch(first, wanted[0][1] if wanted else 0, 0, [], [],
                        refused=str(e).removeprefix("the engine refused "))
    except PerftTooLarge as e:
        return Mismatch(first, wanted[0][1] if wanted else 0, 0, [], [], problem=str(e))
    for depth, want in wanted:
        got = found[depth - 1]
        if got != want:
            return _mismatch(adapter, setup, use_play, depth, want, got, budget)
    return None


def _mismatch(adapter: Adapter, setup: JSON, use_play: bool, depth: int, want: int, got: int,
              budget: int) -> Mismatch:
    """A count that differs, with the counts below each first action, the engine's as far
    as its budget goes (none past it)."""
    expected = AdapterPerft(reference(), setup, True).divide(depth)
    try:
        engine = AdapterPerft(adapter, setup, use_play, budget).divide(depth)
    except (PerftTooLarge, ListedRefused):
        engine = []
    return Mismatch(depth, want, got, expected, engine)


def check_adapter(
    adapter: Adapter,
    cases: Iterable[PerftCase],
    max_depth: int | None = None,
    use_play: bool | None = None,
    supports: Callable[[PerftCase], bool] | None = None,
) -> Iterator[tuple[PerftCase, Mismatch | None]]:
    """Check an engine against a table: for each case (that ``supports`` accepts) every
    depth up to ``max_depth``; yields (case, None) when all counts match, else the first
    mismatch with both divides."""
    caps = Capabilities.from_hello(adapter.hello())
    play = ("play" in caps.features) if use_play is None else use_play
    for case in cases:
        if supports is not None and not supports(case):
            continue
        counts = [(d, n) for d, n in case.counts.items() if max_depth is None or d <= max_depth]
        try:
            bad = check_counts(adapter, caps.setup_sent(case.setup()), counts, play)
        except Rejected as e:
            first = min((d for d, _ in counts), default=0)
            bad = Mismatch(first, case.counts.get(first, 0), 0, [], [], refused=f"{e.reason} {e.message}".strip())
        if bad is not None:
            bad.case = case
        yield case, bad


#: The rules a perft count checks: which actions are legal when (TURN, SPREAD, HIT).
PERFT_RULES = ("TURN-2", "TURN-5", "SPREAD-1", "HIT-1")


def to_case(entry: PerftCase, max_depth: int, source: str) -> Case:
    """A table entry as a conformance case named ``perft-<id>``: its counts to ``max_depth``."""
    counts = tuple((d, n) for d, n in sorted(entry.counts.items()) if d <= max_depth)
    return Case(
        id=f"perft-{entry.id}",
        title=f"perft to depth {max(d for d, _ in counts) if counts else 0} from {entry.origin or 'a stacked deal'}",
        kind="perft",
        rules=PERFT_RULES,
        source=source,
        line=entry.line,
        setup=entry.setup(),
        steps=(Perft(counts, line=entry.line, text=f"perft {' '.join(f'{d}={n}' for d, n in counts)}"),),
        ruleset=entry.ruleset,
    )
