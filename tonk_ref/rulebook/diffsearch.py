"""Where two rulesets disagree: the smallest situations in which they give a different
outcome (the ending, the winners, the payments, or whether an action is legal), each
found by a different deciding rule.

The search is led by the rules, not blind: the options that differ name their rules
(spec/rules.yaml ``options``, spec/ruleset.schema.json ``x-rules``), and only the families
of situations tagged with those rules (:mod:`.diffprobes`) are played, smallest first, on
the reference engine under both rulesets.  Options that cannot change one hand whatever
the situation (they act between hands, or only with another option neither ruleset has),
and options whose every situation arises under one ruleset alone (another hand size,
more players), are listed with the reason instead of searched.

A witness is a ``tonk judge`` description and, where the position can be reached by play
from a deal, a scenario file (spec/scenario.schema.json) that reaches it, read back by the
scenario loader the caller gives (the harness's, as every scenario is read) and checked to
play as the description does under both rulesets.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml

from ..engine.cards import NAMES, Card, pack_mask
from ..engine.ruleset import Ruleset
from ..engine.serialize import action_to_json, amount_json
from .applicability import condition_text
from .book import load_rules, load_ruleset_schema
from .diffprobes import Family, families
from .judging import Outcome, outcome_of
from .notation import describe_action, option_text, value_text
from .options import option_facts
from .outcome_text import outcome_words, pays_words
from .situation import CannotArise, Description, Played, Situation, SituationError, fill_order, play

JSON = dict[str, Any]

#: Reads a scenario file into the situation it plays (the scenario loader's
#: ``load_situation``, which names the file, the line and the field of a bad one).
Loader = Callable[[str], Situation]

#: After a family's first witness, how many more of its situations are tried for witnesses
#: of other rules.
MORE_PER_FAMILY = 300


@dataclass
class Side:
    label: str
    rules: Ruleset


@dataclass
class Witness:
    description: str
    family: str
    rule: str  # the rule that decides the difference
    players: int
    actions: int
    outcomes: tuple[Outcome, Outcome]
    keys: tuple[tuple[Any, ...], tuple[Any, ...]]
    scenario: str | None = None  # the scenario file's YAML (written for A)
    scenario_note: str = ""  # why there is none, or why there are two
    scenario_b: str | None = None  # the scenario file written for B, where A's plays otherwise under B

    @property
    def size(self) -> tuple[int, int]:
        return (self.players, self.actions)


@dataclass
class Inert:
    """An option that differs but cannot change an outcome within the bound, and why."""

    option: str
    values: tuple[object, object]
    reason: str


@dataclass
class Unfound:
    """An option that can change a hand but that no witness shows: its rules, the families
    of situations they name (spec/rules.yaml ``family``) with how many situations of each
    were searched, and its rules that name no family, so that nothing of their shape was
    played."""

    option: str
    values: tuple[object, object]
    rules: list[str]
    searched: dict[str, int]  # family name -> situations played
    untagged: list[str]  # rules of the option that name no family

    @property
    def words(self) -> str:
        """What was searched for it, or what it needs, in one sentence."""
        parts = []
        total = sum(self.searched.values())
        families = f"famil{'y' if len(self.searched) == 1 else 'ies'} " + "; ".join(
            f"{name} ({n})" if total else name for name, n in self.searched.items())
        if total:
            parts.append(f"{total} situations searched, of the {families}, and none tells the rulesets apart")
        elif self.searched:
            parts.append(f"the {families} {'was' if len(self.searched) == 1 else 'were'} not reached: the search "
                         "stopped at the witnesses it had")
        if self.untagged:
            parts.append(f"{', '.join(self.untagged)} name{'s' if len(self.untagged) == 1 else ''} no family of "
                         "situations in spec/rules.yaml (`family`), so no situation of the shape "
                         f"{'it needs' if len(self.untagged) == 1 else 'they need'} was searched")
        if not self.rules:
            parts.append("no rule of spec/rules.yaml names it, so no family of situations plays it")
        return "; ".join(parts)


@dataclass
class Diff:
    a: Side
    b: Side
    changed: dict[str, tuple[object, object]]
    players: tuple[int, ...]
    max_cards: int
    witnesses: list[Witness] = field(default_factory=list)
    inert: list[Inert] = field(default_factory=list)
    searched: int = 0
    families: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)  # the rules whose families were searched
    seconds: float = 0.0
    note: str = ""  # why nothing could be searched
    compared: str = ""  # how the two were made comparable, when they deal different hands
    #: the situations played, by family name
    per_family: dict[str, int] = field(default_factory=dict)
    #: the options that can change a hand and that no witness shows (:class:`Unfound`)
    unfound: list[Unfound] = field(default_factory=list)

    @property
    def bound(self) -> str:
        if not self.families:
            if self.unfound:
                return ("no family of situations plays the rules of the options that differ: "
                        + "; ".join(f"{u.option}: {u.words}" for u in self.unfound))
            return "every option that differs cannot change a hand (below), so there was nothing to search"
        compared = f", compared {self.compared}" if self.compared else ""
        return (f"{self.searched} situations of {' or '.join(str(p) for p in self.players)} players with at most "
                f"{self.max_cards} cards in the hands and on the table, from the families of the rules "
                f"{', '.join(self.rules)} ({'; '.join(self.families)}){compared}")


# ---------------------------------------------------------------------------- what an option touches
def option_rules(option: str) -> set[str]:
    """The rules an option changes: its ``x-rules`` and the rules that list it."""
    schema = load_ruleset_schema()["properties"].get(option, {})
    out = set(schema.get("x-rules", []))
    out |= {r.id for r in load_rules() if option in r.options}
    return out


def _most_held(r: Ruleset, players: int) -> int:
    """The highest total a hand can hold at the start of a turn under ``r``."""
    top = 13 if r.face_values == "11-12-13" else 10
    if r.jokers:
        top = max(top, r.joker_value)
    return r.hand_size_for(players) * top


def inert_reason(option: str, a: Ruleset, b: Ruleset, players: Iterable[int]) -> str | None:
    """Why ``option`` cannot change the outcome of one hand between ``a`` and ``b``, or None.

    What spec/ruleset.schema.json declares comes first: an option that acts between hands
    (``x-acts-on``), and one whose ``x-needs`` neither ruleset meets; then the options that
    change the deal or the totals, where whether a situation arises under both depends on
    the players and the cards."""
    va, vb = getattr(a, option), getattr(b, option)
    facts = option_facts()[option]
    if facts.acts_on == "between_hands":
        return "it acts between hands (the next dealer, the match score): one hand is played and paid the same"
    if not facts.acts_under(a) and not facts.acts_under(b):
        return f"it changes a hand only {_plain(condition_text(facts.needs))}, and neither ruleset has that " \
               f"({_values_of(facts.needs.options, a, b)})"
    if option == "knock_limit":
        most = max(_most_held(r, p) for r in (a, b) for p in players)
        if all(v is None or v >= most for v in (va, vb)):
            return (f"no hand totals more than {most} under either ruleset, so neither limit refuses a knock "
                    "(VAR-KNOCKLIMIT-1)")
    if option == "max_players":
        low = min(a.max_players, b.max_players)
        if all(p <= low for p in players):
            return (f"a hand of more than {low} players arises under one ruleset only (GAME-2); with {low} or fewer "
                    "both play alike")
    if option == "hand_size":
        words = "; ".join(f"{p} players are dealt {a.hand_size_for(p)} and {b.hand_size_for(p)} cards"
                          if a.hand_size_for(p) != b.hand_size_for(p) else
                          f"{p} players are dealt {a.hand_size_for(p)} under both" for p in players)
        return (f"{words} (DEAL-1, VAR-HANDSIZE-1): a situation arises under both only where the deals are alike, "
                "and there both play alike")
    if option == "upcard":
        return ("the first turn has an upcard under one ruleset and none under the other (DEAL-2, VAR-NOUP-1), so "
                "no first-turn situation arises under both; after the first turn both play alike")
    if option == "jokers":
        return ("a situation that names a joker cannot arise under jokers = 0 (CARD-1, VAR-JOKER-1); one that names "
                "none differs only in cards it does not name")
    if va == vb:
        return "the same value under both"
    return None


def _plain(text: str) -> str:
    """A condition as spec/tonk.md writes it, without its code marks."""
    return text.replace("`", "")


def _values_of(options: Iterable[str], a: Ruleset, b: Ruleset) -> str:
    """``hit_lock = 0`` where both rulesets agree, ``hit_lock = 0 and 1`` where not."""
    out = []
    for o in options:
        va, vb = getattr(a, o), getattr(b, o)
        same = type(va) is type(vb) and va == vb
        out.append(option_text(o, va) if same else f"{option_text(o, va)} and {value_text(vb)}")
    return ", ".join(out)


# ---------------------------------------------------------------------------- comparing
def verdict(p: Played, acts: int) -> tuple[Any, ...]:
    """What two rulesets must agree on: the ending, the winners and the payments of a hand
    that ended; which action is refused (counted from the last of the ``acts``); or that
    the hand goes on."""
    if p.kind == "ended":
        assert p.hand is not None and p.hand.result is not None
        r = p.hand.result
        pairs: dict[tuple[int, int], Fraction] = {}
        for x in r.payments:
            pairs[(x.payer, x.payee)] = pairs.get((x.payer, x.payee), Fraction(0)) + Fraction(x.amount)
        return ("ended", r.ending, tuple(sorted(r.winners)), tuple(sorted((k, v) for k, v in pairs.items() if v)),
                tuple(Fraction(n) for n in r.net))
    if p.kind in ("refused", "allowed"):
        assert p.act is not None
        return (p.kind, p.act.text, acts - p.reached)
    return (p.kind,)


def stop_point(p: Played) -> int:
    """Where a play stopped telling the rulesets apart, counted in half steps: a hand that
    ended before action ``i`` stops before the action refused at ``i`` (a dealt draw comes
    before the knock another ruleset refuses)."""
    return 2 * p.reached - (1 if p.kind == "ended" and p.unplayed else 0)


def deciding_rule(oa: Outcome, ob: Outcome, changed: Iterable[str], stops: tuple[int, int] | None = None) -> str:
    """The rule that decides a difference, among the rules the differing options change:
    the rules that decide the refusal where a ruleset refuses first; else, where the two
    stop at different points or in different ways, a rule the outcome that stopped first
    rests on and the other does not; else the first rule they rest on.
    ``stops`` (:func:`stop_point` of each play) says which stopped first; without it, a
    refusal comes first."""
    opts = set(changed)
    touched = set().union(*(option_rules(o) for o in opts)) if opts else set()
    later = [o.kind not in ("refused", "allowed") for o in (oa, ob)]
    order = sorted((0, 1), key=lambda i: (stops[i] if stops is not None else 0, later[i]))
    ordered = [(oa, ob)[i] for i in order]
    lead = ordered[0]
    shared = set(oa.rules) & set(ob.rules)
    refusal = list((lead.refusal or {}).get("rules") or []) if lead.kind == "refused" else []
    primary = [r for o in ordered for r in o.primary]
    cited = [r for o in ordered for r in o.rules]
    # where both stop at the same point the same way, a rule both rest on, worded otherwise
    # (PAY-KNOCK-3 under two knock ties), decides; where one stops or refuses and the other
    # goes on, a rule only one rests on does (a hit that ends the turn, not the lock both keep)
    apart = oa.kind != ob.kind or (stops is not None and stops[0] != stops[1])
    own = [r for r in primary if r not in shared] if apart else []
    own_cited = [r for r in cited if r not in shared] if apart else []
    for rids in (refusal, own, primary, own_cited, cited):
        for rid in rids:
            if rid in touched:
                return rid
    for option in opts:  # the outcome cites no rule of the options: the option's own rule
        listed = load_ruleset_schema()["properties"].get(option, {}).get("x-rules", [])
        if listed:
            return str(listed[-1])
    return (oa.primary or ob.primary or oa.rules or ["?"])[0]


# ---------------------------------------------------------------------------- the search
def diff(a: Side, b: Side, *, load: Loader, players: tuple[int, ...] = (2, 3), max_cards: int = 27,
         limit: int = 3) -> Diff:
    """The smallest situations (at most ``limit``, each of another deciding rule) in which
    ``a`` and ``b`` disagree; each witness's scenario file is read back with ``load``."""
    start = time.perf_counter()
    da, db = a.rules.to_dict(), b.rules.to_dict()
    changed = {k: (da[k], db[k]) for k in da if da[k] != db[k]}
    result = Diff(a, b, changed, players, max_cards)
    live: dict[str, tuple[object, object]] = {}
    for option, values in changed.items():
        why = inert_reason(option, a.rules, b.rules, players)
        if why is None:
            live[option] = values
        else:
            result.inert.append(Inert(option, values, why))
    a, b = _comparable(a, b, players, result)
    usable = tuple(p for p in players if a.rules.hand_size_for(p) == b.rules.hand_size_for(p)
                   and p <= min(a.rules.max_players, b.rules.max_players))
    if live and not usable:
        result.note = ("no situation arises under both rulesets within the bound: they deal different hands to "
                       + " and to ".join(str(p) for p in players) + " players")
        live = {}
    targets = set().union(*(option_rules(o) for o in live)) if live else set()
    chosen = [f for f in families() if f.players in usable and f.rules & targets]
    chosen = [f for f in chosen if f.players * a.rules.hand_size_for(f.players) <= max_cards]
    result.families = [f.name for f in chosen]
    result.rules = sorted(targets & set().union(*(f.rules for f in chosen))) if chosen else []
    found: dict[str, Witness] = {}
    for fam in sorted(chosen, key=lambda f: (f.players, f.actions)):
        kept = sorted(found.values(), key=lambda w: w.size)[:limit]
        if len(kept) >= limit and kept[-1].size <= (fam.players, fam.actions):
            break
        _search_family(fam, a, b, live, found, result, limit)
    result.witnesses = sorted(found.values(), key=lambda w: w.size)[:limit]
    result.unfound = _unfound(live, chosen, result)
    for w in result.witnesses:
        text = _as_a_player_writes(w.description, Description(w.description), (a.rules, b.rules))
        if text != w.description:  # the outcomes again, so that a refusal names its place in the new text
            again = Description(text)
            pa, pb = play(again, a.rules), play(again, b.rules)
            w.description, w.outcomes = text, (outcome_of(pa, again), outcome_of(pb, again))
            w.keys = (verdict(pa, len(again.acts)), verdict(pb, len(again.acts)))
        w.scenario, w.scenario_b, w.scenario_note = scenarios_for(w, a, b, load)
    result.seconds = time.perf_counter() - start
    return result


def _unfound(live: Mapping[str, tuple[object, object]], chosen: list[Family], result: Diff) -> list[Unfound]:
    """The options of ``live`` whose rules decide no witness found: for each, the families
    its rules name and how many of their situations were played, and its rules that name
    no family."""
    decided = {w.rule for w in result.witnesses}
    tagged = {rid for f in families() for rid in f.rules}
    out = []
    for option, values in live.items():
        mine = option_rules(option)
        if mine & decided:
            continue
        searched = {f.name: result.per_family.get(f.name, 0) for f in chosen if f.rules & mine}
        out.append(Unfound(option, values, sorted(mine), searched, sorted(mine - tagged)))
    return out


def _comparable(a: Side, b: Side, players: tuple[int, ...], result: Diff) -> tuple[Side, Side]:
    """Two rulesets that deal different hands to every number of players searched share no
    situation: compare them as both dealing A's hands (B's ``hand_size`` set to A's), and
    say so.  Every other option that differs is searched as it is."""
    if any(a.rules.hand_size_for(p) == b.rules.hand_size_for(p) for p in players if
           p <= min(a.rules.max_players, b.rules.max_players)) or a.rules.hand_size == b.rules.hand_size:
        return a, b
    dealt = " and ".join(f"{a.rules.hand_size_for(p)} and {b.rules.hand_size_for(p)} cards to {p} players"
                         for p in players)
    result.compared = (f"as both dealing {a.label}'s hands ({option_text('hand_size', a.rules.hand_size)} under "
                       f"both): as they are, they deal {dealt}, so no situation arises under both; "
                       f"'tonk judge --rules {b.label}' shows {b.label}'s outcome as its group of "
                       f"{option_text('hand_size', a.rules.hand_size)}")
    return a, Side(b.label, b.rules.replace(hand_size=a.rules.hand_size))


def _search_family(fam: Family, a: Side, b: Side, live: Mapping[str, tuple[object, object]],
                   found: dict[str, Witness], result: Diff, limit: int) -> None:
    left: int | None = None
    for text in fam.make():
        if left is not None:
            left -= 1
            if left < 0:
                return
        try:
            d = Description(text)
        except SituationError:
            continue
        result.searched += 1
        result.per_family[fam.name] = result.per_family.get(fam.name, 0) + 1
        pa = play(d, a.rules)
        if pa.kind == "cannot_arise":
            continue
        pb = play(d, b.rules)
        if pb.kind == "cannot_arise":
            continue
        ka, kb = verdict(pa, len(d.acts)), verdict(pb, len(d.acts))
        if ka == kb:
            continue
        oa, ob = outcome_of(pa, d), outcome_of(pb, d)
        rule = deciding_rule(oa, ob, live, (stop_point(pa), stop_point(pb)))
        if left is None:
            left = MORE_PER_FAMILY if len(found) + 1 < limit else 0
        if rule in found and found[rule].size <= (fam.players, len(d.acts)):
            continue
        found[rule] = Witness(text, fam.name, rule, d.players, len(d.acts), (oa, ob), (ka, kb))


# ---------------------------------------------------------------------------- the witness as a player writes it
def player_text(d: Description) -> str:
    """A described situation as a player types it for ``tonk judge``: every item named
    (the players, the dealer, the turn, each seat's hand as ``seat N: ...``, the table, the
    discard, the stock), and the actions in the project's action notation (spec/scenarios.md,
    section 4), a draw that names its card as ``N draws C``."""
    parts = [f"{d.players} players", f"dealer {d.dealer}"]
    if d.stake != 1:
        parts.append(f"stake {d.stake}")
    parts.append("first turn" if d.first_turn else f"turn {d.turn}")
    parts += [f"seat {s}: {' '.join(NAMES[c] for c in h)}" for s, h in enumerate(d.hands)]
    if d.table:
        parts.append("table: " + ", ".join(f"{o} [{' '.join(NAMES[c] for c in cs)}]" for o, cs in d.table))
    parts.append("discard none" if d.discard_top is None else f"discard {NAMES[d.discard_top]}")
    if d.stock_count is not None:
        parts.append(f"stock {d.stock_count}")
    acts = [a for a in d.acts if a.action is not None]
    if not acts or acts[0].seat != d.to_act:
        parts.append(f"{d.to_act} to act")
    words = []
    for a in acts:
        assert a.action is not None
        if a.card is not None and a.action.source == "stock":
            words.append(f"{a.seat} draws {NAMES[a.card]}")
        else:
            words.append(describe_action(a.seat, action_to_json(a.action)))
    return "; ".join(parts) + ("; " + ", ".join(words) if words else "")


def _as_a_player_writes(text: str, d: Description, sides: tuple[Ruleset, Ruleset]) -> str:
    """``text`` in :func:`player_text`'s words, where they play the same under both sides."""
    try:
        again = Description(player_text(d))
    except SituationError:
        return text
    same = all(verdict(play(again, r), len(again.acts)) == verdict(play(d, r), len(d.acts)) for r in sides)
    return again.text if same else text


# ---------------------------------------------------------------------------- a scenario that reaches it
def _resolve_draws(d: Description, pack: int) -> tuple[list[Card], list[Card]]:
    """The cards the situation's draws get (as the description fills its stock), and the
    cards left unnamed after them, in fill order."""
    named = set(d.named)
    spare = [c for c in fill_order(pack) if c not in named]
    it = iter(spare)
    room = len(d.draws) if d.stock_count is None else min(len(d.draws), d.stock_count)
    draws = [c if c is not None else next(it) for c in d.draws[:room]]
    rest = [c for c in spare if c not in draws]
    return draws, rest


def reach(d: Description, rules: Ruleset) -> JSON | str:
    """A deal and a script that reach the described position and then play its actions
    (the scenario's ``players``, ``dealer``, ``stake``, ``deal`` and ``script``), or why
    there is none."""
    n, hs = d.players, rules.hand_size_for(d.players)
    pack = pack_mask(rules.deck, rules.jokers)
    draws, spare = _resolve_draws(d, pack)
    tail = [{"act": describe_action(a.seat, action_to_json(a.action))} for a in d.acts if a.action is not None]
    if d.first_turn:
        deal: JSON = {"hands": [[NAMES[c] for c in h] for h in d.hands]}
        if d.discard_top is not None:
            deal["upcard"] = NAMES[d.discard_top]
        if draws:
            deal["stock"] = [NAMES[c] for c in draws]
        return {"players": n, "dealer": d.dealer, "stake": d.stake, "deal": deal, "script": tail}
    owned: dict[int, list[list[Card]]] = {s: [] for s in range(n)}
    for owner, cards in d.table:
        owned[owner].append(list(cards))
    dealt = [list(d.hands[s]) + [c for sp in owned[s] for c in sp] for s in range(n)]
    if any(len(h) != hs for h in dealt):
        return "its hands and spreads do not add up, seat by seat, to the cards each player is dealt"
    turns = d.turn
    order = [(d.dealer + 1 + k) % n for k in range(turns)]
    if (d.dealer + 1 + turns) % n != d.to_act:
        return f"seat {d.to_act} is not to act after {turns} turns dealt by seat {d.dealer}"
    upcard = 1 if rules.upcard else 0
    left = pack.bit_count() - n * hs - upcard - turns
    if left < 0:
        return (f"reaching turn {turns} takes {turns} draws from a stock of {pack.bit_count() - n * hs - upcard} "
                "cards")
    if d.stock_count is not None and d.stock_count != left:
        return f"its stock of {d.stock_count} is not what {turns} turns leave ({left})"
    need = upcard + turns - 1
    if d.discard_top is None or need > len(spare):
        return f"{turns} turns take more cards from the stock than the pack holds"
    fillers = spare[:need]
    up = fillers.pop(0) if upcard else None
    drawn = [*fillers, d.discard_top]
    script: list[JSON] = []
    pending = list(d.table)  # laid in the table's order, each on a turn of its owner
    for k, seat in enumerate(order):
        script.append({"act": f"{seat} draw stock"})
        while pending and pending[0][0] == seat:
            script.append({"act": f"{seat} spread {' '.join(NAMES[c] for c in pending.pop(0)[1])}"})
        script.append({"act": f"{seat} discard {NAMES[drawn[k]]}"})
    if pending:
        return "its spreads cannot be laid in the table's order in the turns played"
    deal = {"hands": [[NAMES[c] for c in h] for h in dealt]}
    if up is not None:
        deal["upcard"] = NAMES[up]
    deal["stock"] = [NAMES[c] for c in [*drawn, *draws]]
    return {"players": n, "dealer": d.dealer, "stake": d.stake, "deal": deal, "script": script + tail}


def _played_file(doc: JSON, rules: Ruleset, load: Loader) -> tuple[Played, int] | str:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "witness.yaml"
        path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
        try:
            sit: Situation = load(str(path))
        except SituationError as e:
            return f"the scenario that reaches it does not load: {e}"
        return play(sit, rules), len(sit.acts)


def _doc_under(w: Witness, d: Description, side: Side, other: Side, index: int, checks: list[int],
               load: Loader, suffix: str = "") -> JSON | str:
    """The witness as a scenario file written for ``side`` (``index`` 0 for A, 1 for B):
    its result or refusal expected, the other ruleset's in the notes, checked to play as the
    description does under each side of ``checks``; or why there is none."""
    body = reach(d, side.rules)
    if isinstance(body, str):
        return f"no scenario file: {body}"
    slug = "".join(ch if ch.isalnum() else "-" for ch in w.rule.lower())
    doc: JSON = {"id": f"diff-{slug}{suffix}", "title": f"{w.rule}: {side.label} and {other.label} disagree",
                 "rules": [w.rule]}
    changes = side.rules.changes()
    if changes:
        doc["ruleset"] = {"options": changes}
    doc.update(body)
    sides = (side, other) if index == 0 else (other, side)
    for k in checks:
        got = _played_file(doc, sides[k].rules, load)
        if isinstance(got, str):
            return f"no scenario file: {got}"
        p, acts = got
        if p.kind == "cannot_arise" or verdict(p, acts) != w.keys[k]:
            return (f"no scenario file: the deal and script that reach this position play otherwise under "
                    f"{sides[k].label}")
    got = _played_file(doc, side.rules, load)
    assert not isinstance(got, str)
    mine = got[0]
    o = w.outcomes[index]
    if mine.kind == "refused" and mine.error is not None:
        doc["script"] = doc["script"][: mine.reached + 1]
        doc["script"][mine.reached] = {**doc["script"][mine.reached], "reject": mine.error.reason}
    elif o.kind == "ended":
        doc["result"] = {"ending": o.ending, "winners": list(o.winners), "net": [amount_json(x) for x in o.net]}
    doc["notes"] = f"Found by tonk diff. Under {other.label}: {_outcome_text(w.outcomes[1 - index])}."
    return doc


def _deal_cards(doc: JSON) -> list[str]:
    deal = doc.get("deal", {})
    return [*(c for h in deal.get("hands", []) for c in h), *([deal["upcard"]] if "upcard" in deal else []),
            *deal.get("stock", [])]


def _dump(doc: JSON) -> str:
    return yaml.safe_dump(doc, sort_keys=False, width=110, allow_unicode=True)


def scenario_for(w: Witness, a: Side, b: Side, load: Loader) -> tuple[str | None, str]:
    """The witness as one scenario file written for ruleset A (its result or refusal under
    A expected, B's in the notes), checked to play as the description does under both;
    or None and why not."""
    doc = _doc_under(w, Description(w.description), a, b, 0, [0, 1], load)
    return (None, doc) if isinstance(doc, str) else (_dump(doc), "")


def scenarios_for(w: Witness, a: Side, b: Side, load: Loader) -> tuple[str | None, str | None, str]:
    """The witness's scenario files: one written for A that plays as the description does
    under both rulesets, or else, where the position is reached by another deal under each
    (one turns an upcard, the other does not), one for each ruleset, each expecting its
    ruleset's outcome, its deal naming only cards both packs hold and its hands the size
    both deal.  Returns (A's file, B's file or None, why there is none or why two)."""
    one, why = scenario_for(w, a, b, load)
    if one is not None:
        return one, None, ""
    d = Description(w.description)
    docs = [_doc_under(w, d, side, other, k, [k], load, suffix) for k, side, other, suffix in
            ((0, a, b, "-a"), (1, b, a, "-b"))]
    if any(isinstance(x, str) for x in docs):
        return None, None, next(x for x in docs if isinstance(x, str)) if why == "" else why
    both = pack_mask(a.rules.deck, a.rules.jokers) & pack_mask(b.rules.deck, b.rules.jokers)
    for x in docs:
        assert not isinstance(x, str)
        outside = [c for c in _deal_cards(x) if not both >> NAMES.index(c) & 1]
        if outside:
            return None, None, f"no scenario file: its deal needs {outside[0]}, which one of the packs does not hold"
    reason = ("one turns an upcard, the other does not" if a.rules.upcard != b.rules.upcard else
              "the same deal and script play otherwise under the other ruleset")
    first, second = docs
    assert not isinstance(first, str) and not isinstance(second, str)
    return _dump(first), _dump(second), f"one for each ruleset: {reason}"


def _outcome_text(o: Outcome) -> str:
    if o.kind == "ended":
        return f"{outcome_words(o)}; {pays_words(o.payments)}"
    return outcome_words(o)


def changed_text(changed: Mapping[str, tuple[object, object]]) -> str:
    return ", ".join(f"{option_text(k, va)} / {option_text(k, vb).split(' = ', 1)[1]}" for k, (va, vb) in
                     changed.items())


__all__ = ["CannotArise", "Diff", "Inert", "Side", "Unfound", "Witness", "diff", "option_rules", "reach", "verdict"]
