"""Then steps: what the engine must show.  Each compiles to an expectation of the case
(a partial state, an observation, the legal actions, a match answer) or settles whether the
last action, deal or request was refused.  The comparison rules are the runner's
(:mod:`tonk_ref.harness.compare`): hands and spreads as multisets, payments as totals per
payer and payee."""

from __future__ import annotations

from collections.abc import Callable

from ...rulebook.notation import NotationError, parse_move
from ..case import Legal, Observe
from .builder import Builder
from .parse import (
    AMOUNTS,
    CARD,
    CARDS,
    INTS,
    SEAT,
    SEATS,
    WORD,
    FeatureTextError,
    amount_json,
    amounts,
    card_name,
    card_names,
    ints,
    quoted,
    seats,
    step,
)


def _expect(b: Builder, state: dict[str, object]) -> None:
    b.then()
    b.expect(state)


# ---------------------------------------------------------------------- how the hand ends
@step("then", rf"the hand ends as (?P<ending>{WORD})")
def hand_ends_as(b: Builder, ending: str) -> None:
    _expect(b, {"result": {"ending": ending}})


@step("then", r"the hand goes on")
def hand_goes_on(b: Builder) -> None:
    _expect(b, {"result": None})


@step("then", rf"the winners? (?:is|are) seats? (?P<winners>{SEATS})")
def the_winners(b: Builder, winners: str) -> None:
    _expect(b, {"result": {"winners": seats(winners)}})


@step("then", r"there is no winner")
def no_winner(b: Builder) -> None:
    _expect(b, {"result": {"winners": []}})


@step("then", rf"the net result is (?P<net>{AMOUNTS})")
def net_result(b: Builder, net: str) -> None:
    want = amounts(net)
    if sum(want) != 0:
        raise FeatureTextError(f"the net result {net} does not sum to zero (rule STAKE-2)")
    _expect(b, {"result": {"net": [amount_json(a) for a in want]}})


@step("then", rf"seat (?P<payer>{SEAT}) pays seat (?P<payee>{SEAT}) (?P<amount>\d+(?:/\d+)?)")
def seat_pays(b: Builder, payer: str, payee: str, amount: str) -> None:
    pay = {"payer": int(payer), "payee": int(payee), "amount": amount_json(amounts(amount)[0])}
    _expect(b, {"result": {"pays": [pay]}})


@step("then", r"nobody pays")
def nobody_pays(b: Builder) -> None:
    _expect(b, {"result": {"payments": [], "net": [0] * b.need_players()}})


@step("then", r"the payments are")
def the_payments_are(b: Builder, datatable: list[list[str]] | None = None) -> None:
    if not datatable:
        raise FeatureTextError("'the payments are' needs a table: | payer | payee | amount |")
    header, *rows = datatable
    if [h.strip() for h in header] != ["payer", "payee", "amount"]:
        raise FeatureTextError(f"the payments table has the columns payer | payee | amount, got {header}")
    want = [{"payer": int(x), "payee": int(y), "amount": amount_json(amounts(a)[0])} for x, y, a in rows]
    _expect(b, {"result": {"payments": want}})


@step("then", rf"the totals are (?P<totals>{INTS})")
def the_totals(b: Builder, totals: str) -> None:
    _expect(b, {"result": {"totals": ints(totals)}})


# ---------------------------------------------------------------------- refusals
@step("then", r"the action is (?P<verdict>accepted|refused)")
def action_verdict(b: Builder, verdict: str) -> None:
    if verdict == "refused":
        b.refuse_action(True)
    else:
        b._pending()


@step("then", rf"the action is refused as (?P<reason>{WORD})")
def action_refused_as(b: Builder, reason: str) -> None:
    b.refuse_action(reason)


@step("then", r"the deal is refused")
def deal_refused(b: Builder) -> None:
    b.refuse_deal()


@step("then", r"the request is refused")
def request_refused(b: Builder) -> None:
    b.refuse_request()


@step("then", r"the state is unchanged")
def state_unchanged(b: Builder) -> None:
    b.unchanged()


# ---------------------------------------------------------------------- the table
@step("then", rf"seat (?P<seat>{SEAT}) is to act")
def seat_to_act(b: Builder, seat: str) -> None:
    _expect(b, {"to_act": int(seat)})


@step("then", r"no seat is to act")
def nobody_to_act(b: Builder) -> None:
    _expect(b, {"to_act": None})


@step("then", r"the turn stage is (?P<stage>start|drawn|over)")
def turn_stage(b: Builder, stage: str) -> None:
    _expect(b, {"stage": stage})


@step("then", rf"seat (?P<seat>{SEAT}) has (?P<n>\d+) cards?")
def seat_has_n_cards(b: Builder, seat: str, n: str) -> None:
    _expect(b, {"hand_sizes": {int(seat): int(n)}})


@step("then", rf"the hand of seat (?P<seat>{SEAT}) is (?P<cards>{CARDS})")
def hand_of_seat(b: Builder, seat: str, cards: str) -> None:
    _expect(b, {"hands": {int(seat): card_names(cards)}})


@step("then", rf"the discard pile shows (?P<card>{CARD})")
def discard_shows(b: Builder, card: str) -> None:
    _expect(b, {"discard_top": card_name(card)})


@step("then", r"the discard pile is empty")
def discard_empty(b: Builder) -> None:
    _expect(b, {"discard_top": None, "discard_count": 0})


@step("then", r"the discard pile holds (?P<n>\d+) cards?")
def discard_holds(b: Builder, n: str) -> None:
    _expect(b, {"discard_count": int(n)})


@step("then", r"the stock holds (?P<n>\d+) cards?")
def stock_holds(b: Builder, n: str) -> None:
    _expect(b, {"stock_count": int(n)})


@step("then", r"the stock is empty")
def stock_empty(b: Builder) -> None:
    _expect(b, {"stock_count": 0})


@step("then", r"there (?:is|are) (?P<n>\d+|no) spreads? on the table")
def n_spreads(b: Builder, n: str) -> None:
    _expect(b, {"spread_count": 0 if n == "no" else int(n)})


@step("then", rf"spread (?P<index>\d+) is a (?P<kind>book|run) of (?P<cards>{CARDS}) laid by seat (?P<owner>{SEAT})")
def spread_is(b: Builder, index: str, kind: str, cards: str, owner: str) -> None:
    _expect(b, {"spreads": {int(index): {"owner": int(owner), "kind": kind, "cards": card_names(cards)}}})


# ---------------------------------------------------------------------- observations
def _observe(b: Builder, seat: str, expect: dict[str, object]) -> None:
    b.then()
    b.deal()
    b.add(Observe(int(seat), expect, line=b.line, text=b.text))


@step("then", rf"seat (?P<seat>{SEAT}) sees the hand of seat (?P<other>{SEAT}) as (?P<cards>{CARDS})")
def sees_other_hand(b: Builder, seat: str, other: str, cards: str) -> None:
    _observe(b, seat, {"hands": {int(other): card_names(cards)}})


@step("then", rf"seat (?P<seat>{SEAT}) does not see the hand of seat (?P<other>{SEAT})")
def does_not_see_hand(b: Builder, seat: str, other: str) -> None:
    _observe(b, seat, {"hands": {int(other): None}})


@step("then", rf"seat (?P<seat>{SEAT}) sees (?P<n>\d+) cards? in the (?P<where>stock|discard pile)")
def sees_count(b: Builder, seat: str, n: str, where: str) -> None:
    _observe(b, seat, {"stock_count" if where == "stock" else "discard_count": int(n)})


# ---------------------------------------------------------------------- legal actions
def _moves(items: str) -> tuple[dict[str, object], ...]:
    try:
        return tuple(parse_move(t) for t in quoted(items))
    except NotationError as e:
        raise FeatureTextError(str(e)) from None


def _legal(b: Builder, legal: Legal) -> None:
    b.then()
    b.deal()
    b.add(legal)


@step("then", r'the legal actions include (?P<items>"[^"]+"(?:, "[^"]+")*)')
def legal_include(b: Builder, items: str) -> None:
    _legal(b, Legal(includes=_moves(items), line=b.line, text=b.text))


@step("then", r'the legal actions exclude (?P<items>"[^"]+"(?:, "[^"]+")*)')
def legal_exclude(b: Builder, items: str) -> None:
    _legal(b, Legal(excludes=_moves(items), line=b.line, text=b.text))


@step("then", r"there (?:is|are) (?P<n>\d+) legal actions?")
def legal_count(b: Builder, n: str) -> None:
    _legal(b, Legal(count=int(n), line=b.line, text=b.text))


# ---------------------------------------------------------------------- match answers
@step("then", rf"the player from seat (?P<old>{SEAT}) moves to seat (?P<new>{SEAT})")
def player_moves(b: Builder, old: str, new: str) -> None:
    b.expect_answer(f"seats[{int(old)}]", int(new))


@step("then", rf"(?:seats? (?P<leaving>{SEATS}) (?:leaves|leave)|nobody leaves) the match")
def leave_the_match(b: Builder, leaving: str | None) -> None:
    b.expect_answer("out", seats(leaving) if leaving else [])


# ---------------------------------------------------------------------- steps that expect one value
_Read = Callable[[str], object]


def _seen(field: str, read: _Read) -> Callable[..., None]:
    """One field of what the seat of the group ``seat`` sees."""

    def then(b: Builder, seat: str, value: str) -> None:
        _observe(b, seat, {field: read(value)})

    return then


def _answered(path: str, read: _Read) -> Callable[..., None]:
    """One value of the answer to the match request."""

    def then(b: Builder, value: str) -> None:
        b.expect_answer(path, read(value))

    return then


#: The Then steps that expect one value: the step's pattern (the text in the group
#: ``value``), what it expects (:func:`_seen` or :func:`_answered`), the observation's field
#: or the answer's path, and how the text reads.
_ONE_VALUE: tuple[tuple[str, Callable[[str, _Read], Callable[..., None]], str, _Read], ...] = (
    (rf"seat (?P<seat>{SEAT}) sees its hand as (?P<value>{CARDS})", _seen, "hand", card_names),
    (rf"seat (?P<seat>{SEAT}) sees the hand sizes (?P<value>{INTS})", _seen, "hand_sizes", ints),
    (rf"seat (?P<seat>{SEAT}) sees (?P<value>{CARD}) on top of the discard pile", _seen, "discard_top", card_name),
    (rf"seat (?P<seat>{SEAT}) sees (?P<value>\d+) spreads? on the table", _seen, "spread_count", int),
    (rf"seat (?P<seat>{SEAT}) cannot see (?P<value>{CARDS})", _seen, "hidden", card_names),
    (rf"seat (?P<value>{SEAT}) deals first", _answered, "dealer", int),
    (r"the cut takes (?P<value>\d+) rounds?", _answered, "len(rounds)", int),
    (rf"seat (?P<value>{SEAT}) deals next", _answered, "dealer", int),
    (rf"the new player sits at seat (?P<value>{SEAT})", _answered, "seat", int),
    (r"the table has (?P<value>\d+) players", _answered, "players", int),
    (rf"the dealer is now seat (?P<value>{SEAT})", _answered, "dealer", int),
    (rf"the points added are (?P<value>{INTS})", _answered, "points", ints),
    (rf"the scores are now (?P<value>{INTS})", _answered, "scores", ints),
)

for _pattern, _expects, _where, _read in _ONE_VALUE:
    step("then", _pattern)(_expects(_where, _read))
