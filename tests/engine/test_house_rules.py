"""Section VAR, the wider house rules (V1-V40 of the brief), and STOCK-3: jokers and wild
cards, deuces wild, the 40-card pack, face values, hand sizes, low dealt hands, several
dealt tonks, using the taken discard, hit locks, eating, knock limits and waits, the
low-knock bonus.  (Playing for points is a match rule: test_match.py.)"""

from __future__ import annotations

from fractions import Fraction

import pytest
from enginekit import action, assert_illegal, cards, deal, laid, net, payments_of, pays, play, run_down_stock

from tonk_ref.engine.cards import NAMES, full_deck, pack_mask
from tonk_ref.engine.hand import Hand, SetupError
from tonk_ref.engine.ruleset import DEFAULT, Ruleset
from tonk_ref.engine.serialize import state_from_json, state_to_json

rule = pytest.mark.rule

JOKERS = DEFAULT.replace(jokers=2)
DEUCES = DEFAULT.replace(deuces_wild=True)
B_HAND = "Td Tc 9s 9h 6d"


def a_drew(a: str, rules: Ruleset, stock: str = "Ks", b: str = B_HAND) -> Hand:
    """A plays first (B deals), holding ``a``, and has drawn the first stock card."""
    return play(deal([a, b], dealer=1, upcard="Qh", stock=stock, rules=rules), "A draw stock")


def b_laid(b: str, spread: str, a: str, rules: Ruleset, a_draws: str = "8s") -> Hand:
    """B plays first and lays ``spread``; then A, holding ``a``, draws ``a_draws``."""
    h = deal([a, b], dealer=0, upcard="9c", stock=f"Kd {a_draws}", rules=rules)
    play(h, "B draw stock", f"B spread {spread}", "B discard Kd", "A draw stock")
    return h


def span(h: Hand, index: int = -1) -> tuple[str, int, int]:
    sp = h.spreads[index]
    return sp.kind, sp.lo, sp.hi


# --- jokers and wild cards ------------------------------------------------------------------------
@rule("VAR-JOKER-1", "CARD-1", "CARD-2")
def test_jokers_join_the_pack() -> None:
    assert NAMES[52:] == ("X1", "X2")
    deck = [*full_deck(), *cards("X1 X2")]
    h = Hand(deck, 2, 0, 1, JOKERS)
    assert h.stock_count == 54 - 11
    with pytest.raises(SetupError):
        Hand(full_deck(), 2, 0, 1, JOKERS)  # the jokers are missing
    with pytest.raises(SetupError):
        Hand(deck, 2, 0, 1, DEFAULT)  # no jokers under the default
    h = a_drew("X1 5c 6c Kd 2s", JOKERS)
    play(h, "A spread 5c 6c X1")
    assert span(h) == ("run", 4, 6)  # the joker stands for the 7 of clubs


@pytest.mark.parametrize(("value", "total"), [(15, 15 + 12), (0, 12), (25, 25 + 12), (50, 50 + 12)])
@rule("VAR-JOKER-2")
def test_a_held_joker_counts_joker_value(value: int, total: int) -> None:
    rules = JOKERS.replace(joker_value=value)
    h = deal(["X1 2c 3d 3h 4s", B_HAND], dealer=1, rules=rules)
    assert not h.is_over and h.total(0) == total
    play(h, "A knock")
    assert h.result is not None and h.result.totals is not None and h.result.totals[0] == total


@pytest.mark.parametrize(
    ("hand", "spread", "kind", "lo", "hi", "options"),
    [
        ("X1 X2 5c 7c Kd", "5c X1 7c", "run", 4, 6, {}),  # the wild card fills the gap first
        ("X1 X2 5c 6c Kd", "5c 6c X1", "run", 4, 6, {}),  # then extends the run upward
        ("X1 X2 Qc Kc 5d", "Qc Kc X1", "run", 10, 12, {}),  # and downward only where it cannot go up
        ("X1 X2 Qc Kc 5d", "Qc Kc X1", "run", 11, 13, {"ace": "low_or_high"}),  # up to the high ace
        ("X1 Jc Jd 2s 3s", "Jc Jd X1", "book", -1, -1, {}),
        ("X1 Jc Jd Jh 3s", "Jc Jd Jh X1", "book", -1, -1, {}),
    ],
)
@rule("VAR-WILD-1", "VAR-JOKER-1")
def test_wild_cards_in_spreads(hand: str, spread: str, kind: str, lo: int, hi: int, options: dict[str, str]) -> None:
    h = a_drew(hand, JOKERS.replace(**options), stock="8s")
    play(h, f"A spread {spread}")
    assert span(h) == (kind, lo, hi)


@pytest.mark.parametrize(
    ("hand", "spread", "options"),
    [
        ("X1 X2 5c 6h 2s", "X1 X2 5c", {"wild_min_naturals": 2}),  # too few natural cards
        ("X1 Jc Jd Jh Js", "Jc Jd Jh Js X1", {}),  # a book holds four cards at most
        ("X1 X2 5c 9c 2s", "5c X1 X2 9c", {}),  # two wild cards cannot fill three gaps
        ("X1 5c 6h 8h 2s", "5c 6h X1", {}),  # naturals of two suits and two ranks
    ],
)
@rule("VAR-WILD-1")
def test_wild_cards_do_not_make_everything_a_spread(hand: str, spread: str, options: dict[str, int]) -> None:
    h = a_drew(hand, JOKERS.replace(**options))
    assert_illegal(h, 0, f"spread {spread}", "not_a_spread")


@rule("VAR-WILD-1")
def test_two_wild_cards_and_one_natural_under_the_default_minimum() -> None:
    # One natural card and two wild ones are a spread (a book of fives or the run 5-6-7
    # of clubs: VAR-WILD-1 does not say which; the engine reads a book).  Under
    # wild_min_naturals = 2 they are not (test above).
    h = a_drew("X1 X2 5c 6h 2s", JOKERS)
    play(h, "A spread X1 X2 5c")
    assert h.spreads[0].kind in ("book", "run") and h.hand(0) == sorted(cards("6h 2s Ks"))


@rule("VAR-WILD-2", "HIT-3")
def test_a_wild_card_hit_on_a_book_and_on_runs() -> None:
    # a book of three takes a wild fourth card, and then nothing more
    h = b_laid("Jc Jd Jh 2d 3d", "Jc Jd Jh", "X1 X2 3c 4s Ts", JOKERS)
    play(h, "A hit X1 0")
    assert len(h.spreads[0].cards) == 4
    assert_illegal(h, 0, "hit X2 0", "hit_does_not_fit")
    # a run takes a wild card at its top
    h = b_laid("5h 6h 7h 2d 3d", "5h 6h 7h", "X1 8h 9h 4s Ts", JOKERS)
    play(h, "A hit X1 0")
    assert span(h, 0) == ("run", 4, 7)  # the joker is the 8 of hearts now
    assert_illegal(h, 0, "hit 8h 0", "hit_does_not_fit")
    play(h, "A hit 9h 0")
    assert span(h, 0) == ("run", 4, 8)
    # a run that cannot grow upward takes it below
    h = b_laid("Jh Qh Kh 2d 3d", "Jh Qh Kh", "X1 8h 9h 4s Ts", JOKERS)
    play(h, "A hit X1 0")
    assert span(h, 0) == ("run", 9, 12)


@rule("VAR-DEUCES-1", "VAR-WILD-1")
def test_deuces_wild() -> None:
    # a two of another suit stands in a run; a two of the suit may stand as itself
    h = a_drew("2d 5c 6c Kd 8s", DEUCES)
    play(h, "A spread 5c 6c 2d")
    assert span(h) == ("run", 4, 6)
    h = a_drew("2c 3c 4c Kd 8s", DEUCES)
    play(h, "A spread 2c 3c 4c")
    assert span(h) == ("run", 1, 3)
    h = a_drew("2c 2d 2h Kd 8s", DEUCES)
    play(h, "A spread 2c 2d 2h")
    assert span(h)[0] == "book"
    # a held two counts 2
    h = deal(["2c 2d Kd 8s 5h", B_HAND], dealer=1, rules=DEUCES)
    assert h.total(0) == 2 + 2 + 10 + 8 + 5
    # without the option a two is only a two
    h = a_drew("2d 5c 6c Kd 8s", DEFAULT)
    assert_illegal(h, 0, "spread 5c 6c 2d", "not_a_spread")


# --- the pack, values, hand sizes --------------------------------------------------------------------
@rule("VAR-DECK40-1", "CARD-1")
def test_the_forty_card_pack() -> None:
    rules = DEFAULT.replace(deck=40)
    pack = pack_mask(40)
    assert pack.bit_count() == 40
    assert not any(pack >> c & 1 for c in cards("8c 9d Th 8s"))
    deck = [c for c in full_deck() if pack >> c & 1]
    assert Hand(deck, 2, 0, 1, rules).stock_count == 40 - 11
    with pytest.raises(SetupError):
        Hand(full_deck(), 2, 0, 1, rules)
    # the jack follows the seven
    h = a_drew("6c 7c Jc Kd 2s", rules, stock="Qc", b="Jd Js 5s 5h 6d")
    play(h, "A spread 6c 7c Jc Qc")
    assert h.spreads[0].kind == "run"
    h = a_drew("6c 7c Jc Kd 2s", DEFAULT, stock="Qc")
    assert_illegal(h, 0, "spread 6c 7c Jc", "not_a_spread")


@rule("VAR-FACE-1", "CARD-3", "DEALT-1")
def test_face_values_11_12_13() -> None:
    rules = DEFAULT.replace(face_values="11-12-13")
    h = deal(["Jc Qd Kh Ac 2s", "3d 4h 5s 6c 7d"], dealer=1, rules=rules)
    assert h.total(0) == 11 + 12 + 13 + 1 + 2
    # K Q J 9 4 is 49 only with these values
    assert deal(["Kc Qd Jh 9s 4c", "3d 4h 5s 6c 7d"], dealer=1, rules=rules).is_over
    assert not deal(["Kc Qd Jh 9s 4c", "3d 4h 5s 6c 7d"], dealer=1).is_over


@pytest.mark.parametrize(("size", "players", "each"), [(7, 2, 7), (7, 3, 7), (9, 2, 9), ("by_players", 2, 7),
                                                       ("by_players", 3, 5), (5, 3, 5)])
@rule("VAR-HANDSIZE-1", "DEAL-1")
def test_hand_sizes(size: object, players: int, each: int) -> None:
    rules = DEFAULT.replace(hand_size=size)
    deck = full_deck()
    h = Hand(deck, players, 0, 1, rules)
    for s in range(players):
        expected = [deck[i] for i in range(each * players) if (1 + i) % players == s]
        assert h.dealt(s) == sorted(expected)
    assert h.discard_top == deck[each * players] and h.stock_count == 52 - each * players - 1


@rule("VAR-HANDSIZE-1", "GAME-2")
def test_a_hand_size_the_pack_cannot_deal() -> None:
    rules = DEFAULT.replace(hand_size=9, max_players=6)
    with pytest.raises(SetupError, match="9 cards"):
        Hand(full_deck(), 6, 0, 1, rules)


# --- dealt hands ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("limit", "hand", "tonk"), [(15, "Ac 2d 3h 4s 5c", True), (15, "Ac 2d 3h 4s 6c", False),
                                                     (13, "Ac 2d 3h 4s 3c", True), (13, "Ac 2d 3h 4s 4c", False)])
@rule("VAR-LOWDEALT-1", "PAY-DEALT-1")
def test_a_low_dealt_hand_is_a_dealt_tonk(limit: int, hand: str, tonk: bool) -> None:
    h = deal([hand, "Td Tc 9s 9h 6d"], dealer=1, rules=DEFAULT.replace(low_dealt_double=limit), stake=2)
    assert h.is_over == tonk
    if tonk:
        assert h.result is not None and h.result.ending == "dealt_tonk" and net(h) == (4, -4)
        assert [e.rule for e in h.events if e.kind == "dealt_tonk"] == ["VAR-LOWDEALT-1"]
        assert payments_of(h) == pays(("B", "A", 4, "PAY-DEALT-1"))


@pytest.mark.parametrize(
    ("hands", "options", "ending", "winners"),
    [
        (["Kc Qc Jd Th Ts", "Ks Qs Jc Tc 9d"], {"dealt_tonks": "best"}, "dealt_tonk", (0,)),  # 50 beats 49
        (["Kc Qc Jd Th 9s", "Ks Qs Jc Tc 9d"], {"dealt_tonks": "best"}, "dealt_draw", ()),  # 49 and 49
        (["Ac 2d 3h 4s 2c", "Ks Qs Jc Tc 9d"], {"dealt_tonks": "best", "low_dealt_double": 13}, "dealt_tonk",
         (1,)),  # a 49 beats a low hand
        (["Ac 2d 3h 4s 2c", "As 2h 3s 4d 3c"], {"dealt_tonks": "best", "low_dealt_double": 13}, "dealt_tonk",
         (0,)),  # the lower low hand (12 against 13) wins
        (["Kc Qc Jd Th Ts", "Ks Qs Jc Tc 9d"], {"dealt_tonks": "draw"}, "dealt_draw", ()),
        (["Kc Qc Jd Th Ts", "Ks Qs Jc Tc 9d"], {"dealt_tonks": "split"}, "dealt_draw", ()),  # nobody left to pay
    ],
)
@rule("VAR-DEALTTONKS-1", "DEALT-2")
def test_several_dealt_tonks(hands: list[str], options: dict[str, object], ending: str,
                             winners: tuple[int, ...]) -> None:
    h = deal(hands, dealer=1, rules=DEFAULT.replace(**options))
    assert h.result is not None and h.result.ending == ending and h.result.winners == winners
    if winners:
        assert net(h)[winners[0]] == 2


@rule("VAR-DEALTTONKS-1", "STAKE-2")
def test_split_dealt_tonks_share_the_double() -> None:
    rules = DEFAULT.replace(dealt_tonks="split")
    h = deal(["Kc Qc Jd Th Ts", "Ks Qs Jc Tc 9d", "2c 3d 4h 5s 6c"], dealer=2, rules=rules)
    assert h.result is not None and h.result.ending == "dealt_tonk" and h.result.winners == (0, 1)
    assert payments_of(h) == pays(("C", "A", 1, "VAR-DEALTTONKS-1"), ("C", "B", 1, "VAR-DEALTTONKS-1"))
    rules = rules.replace(max_players=4)
    h = deal(["Kc Qc Jd Th Ts", "Ks Qs Jc Tc 9d", "Kh Qh Js Td 9h", "2c 3d 4h 5s 6c"], dealer=3, upcard="2s",
             rules=rules)
    assert net(h) == (Fraction(2, 3), Fraction(2, 3), Fraction(2, 3), -2)


# --- the taken discard, hits, eating ---------------------------------------------------------------------
MUST = DEFAULT.replace(must_use_taken=True)


@rule("VAR-MUSTUSE-1", "TURN-2")
def test_must_use_the_taken_discard() -> None:
    # the upcard Qh fits nothing A holds: A may not take it
    h = deal(["5c 6c 7c Kd 2s", B_HAND], dealer=1, upcard="Qh", rules=MUST)
    assert action("draw discard") not in h.legal_actions()
    assert_illegal(h, 0, "draw discard", "must_use_taken")
    # the upcard 8c extends A's run: A may take it, and must use it first
    h = deal(["5c 6c 7c Kd 2s", B_HAND], dealer=1, upcard="8c", rules=MUST)
    play(h, "A draw discard")
    assert h.must_use_taken
    assert {str(a) for a in h.legal_actions()} == {"spread 5c 6c 7c 8c", "spread 6c 7c 8c"}
    assert_illegal(h, 0, "discard Kd", "must_use_taken")
    assert_illegal(h, 0, "spread 5c 6c 7c", "must_use_taken")
    play(h, "A spread 6c 7c 8c")
    assert not h.must_use_taken
    play(h, "A discard Kd")
    assert h.to_act == 1


@rule("VAR-MUSTUSE-1", "HIT-1")
def test_must_use_by_hitting_a_spread_on_the_table() -> None:
    h = deal(["2c 3d 4h 5s 9d", "5h 6h 7h Jc Jd"], dealer=0, upcard="Qs", stock="8h", rules=MUST)
    play(h, "B draw stock", "B spread 5h 6h 7h", "B discard 8h")
    play(h, "A draw discard")  # the 8h fits B's run
    assert_illegal(h, 0, "discard 9d", "must_use_taken")
    play(h, "A hit 8h 0", "A discard 9d")
    assert h.to_act == 1


#: Two positions in which the taken discard's only use is a hit that would end the turn
#: keeping a spread forced spreads refuse: A holds three jacks and B's 3s fits B's run
#: 4s 5s 6s (the 40-card pack, wild deuces and jokers, seven cards each); A holds the run
#: 9h-Qh and B's Js fits B's book 2c Jc 2s.
REFUSED_USE = [
    (
        {"deck": 40, "deuces_wild": True, "forced_spreads": True, "forced_spreads_timing": "at_once",
         "hand_size": "by_players", "hit_ends_turn": True, "jokers": 2, "must_use_taken": True},
        ["Jc Jd Jh 7c 7d Qh Kh", "4s 5s 6s 3s Kc Qd 7h"], "5c", ["B spread 4s 5s 6s", "B discard 3s"],
    ),
    (
        {"deuces_wild": True, "forced_spreads": True, "hit_ends_turn": True, "must_use_taken": True},
        ["9h Th Jh Qh 5c", "2c Jc 2s Js 8d"], "Qs", ["B spread 2c Jc 2s", "B discard Js"],
    ),
]


@rule("VAR-MUSTUSE-1", "VAR-HITEND-1", "VAR-FORCED-1")
@pytest.mark.parametrize(("options", "hands", "upcard", "b_plays"), REFUSED_USE)
def test_a_discard_whose_only_use_would_be_refused_may_not_be_taken(
    options: dict[str, object], hands: list[str], upcard: str, b_plays: list[str]
) -> None:
    rules = DEFAULT.replace(**options)
    h = play(deal(hands, dealer=0, upcard=upcard, stock="Kd 6c", rules=rules), "B draw stock", *b_plays)
    assert h.to_act == 0 and h.discard_top is not None
    taken = NAMES[h.discard_top]
    assert_illegal(h, 0, "draw discard", "must_use_taken")
    play(h, "A draw stock")
    assert h.legal_actions(), "A has a legal action after drawing from the stock"
    # without hit_ends_turn the hit is legal, so the card may be taken, and must be hit
    h = play(deal(hands, dealer=0, upcard=upcard, stock="Kd 6c", rules=rules.replace(hit_ends_turn=False)),
             "B draw stock", *b_plays, "A draw discard")
    assert {str(a) for a in h.legal_actions()} == {f"hit {taken} on 0"}


HIT_LOCK = DEFAULT.replace(hit_lock=1)


def _locked(rules: Ruleset) -> Hand:
    """A lays 5c 6c 7c; B hits the 8c onto it; A is to act."""
    h = deal(["5c 6c 7c Kd 2s", "8c 9c 3d 4s Td"], dealer=1, stock="Ks Jh Qd Qc Jd Js", rules=rules)
    play(h, "A draw stock", "A spread 5c 6c 7c", "A discard Kd", "B draw stock", "B hit 8c 0", "B discard Jh")
    return h


@pytest.mark.parametrize(("lock", "locked_turns"), [(1, 1), (2, 2), (3, 3)])
@rule("VAR-HITLOCK-1")
def test_a_hit_locks_the_spreads_owner_out_of_knocking(lock: int, locked_turns: int) -> None:
    h = _locked(DEFAULT.replace(hit_lock=lock))
    assert h.knock_locks == (lock, 0)
    for _ in range(locked_turns):
        assert action("knock") not in h.legal_actions()
        assert_illegal(h, 0, "knock", "hit_lock")
        drawn = NAMES[h.stock()[0]]
        play(h, "A draw stock", f"A discard {drawn}")
        drawn = NAMES[h.stock()[0]]
        play(h, "B draw stock", f"B discard {drawn}")
    assert action("knock") in h.legal_actions()
    play(h, "A knock")
    assert h.result is not None


@rule("VAR-HITLOCK-1")
def test_hitting_ones_own_spread_locks_nothing() -> None:
    h = deal(["5c 6c 7c 8c 2s", "Td Tc 9s 9h 6d"], dealer=1, stock="Ks Jh", rules=HIT_LOCK)
    play(h, "A draw stock", "A spread 5c 6c 7c", "A hit 8c 0", "A discard Ks")
    assert h.knock_locks == (0, 0)


@rule("VAR-EAT-1", "TURN-10")
def test_eating_a_discard_out_of_turn() -> None:
    rules = DEFAULT.replace(eating=True)
    h = deal(["5c 6c 7c Kd 2s", "Td Tc 9s 9h 6d", "8d 8h 3c 4c 4d"], dealer=2, stock="Ks", rules=rules)
    # nobody eats the upcard: it was not discarded
    assert h.legal_actions(2) == [] and h.legal_actions(1) == []
    play(h, "A draw stock", "A discard Kd")
    # B is to act; C (not the discarder A, not B) may take the Kd first
    assert h.legal_actions(2) == [action("draw discard")]
    assert h.legal_actions(0) == []
    assert_illegal(h, 0, "draw discard", "not_your_turn")
    assert_illegal(h, 2, "draw stock", "not_your_turn")
    h.apply(action("draw discard"), 2)
    assert h.to_act == 2 and h.taken == cards("Kd")[0] and [e.rule for e in h.events if e.kind == "eat"] == [
        "VAR-EAT-1"
    ]
    play(h, "C discard 3c")
    assert h.to_act == 0  # play goes on from the eater's left: B lost the turn
    # without the option nobody eats
    h = deal(["5c 6c 7c Kd 2s", "Td Tc 9s 9h 6d", "8d 8h 3c 4c 4d"], dealer=2, stock="Ks")
    play(h, "A draw stock", "A discard Kd")
    assert h.legal_actions(2) == []
    assert_illegal(h, 2, "draw discard", "not_your_turn")


# --- knocking ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("limit", "held", "ok"), [(5, "2c 3c", True), (5, "2c 4c", False), (10, "4c 6c", True),
                                                   (10, "4c 7h", False), (50, "Tc Jh", True)])
@rule("VAR-KNOCKLIMIT-1")
def test_knock_limit(limit: int, held: str, ok: bool) -> None:
    h = laid([held, "4h Th"], rules=DEFAULT.replace(knock_limit=limit))
    assert (action("knock") in h.legal_actions()) == ok
    if ok:
        play(h, "A knock")
        assert h.result is not None and h.result.knocker == 0
    else:
        assert_illegal(h, 0, "knock", "knock_limit")


@rule("VAR-KNOCKLIMIT-1", "TURN-3")
def test_knock_limit_counts_the_hand_after_the_knock_discard() -> None:
    rules = DEFAULT.replace(knock_limit=5, knock_timing="any")
    h = laid(["2c 4c", "4h Th"], rules=rules)
    assert_illegal(h, 0, "knock", "knock_limit")  # 6 before drawing
    play(h, "A draw stock")
    assert h.hand(0) == cards("Ac 2c 4c")  # the next stock card is the ace of clubs
    assert_illegal(h, 0, "knock Ac", "knock_limit")  # would keep 6
    play(h, "A knock 4c")  # keeps 3
    assert h.result is not None and h.result.totals is not None and h.result.totals[0] == 3


@pytest.mark.parametrize("wait", [1, 2])
@rule("VAR-KNOCKWAIT-1")
def test_no_knock_soon_after_laying_a_spread(wait: int) -> None:
    rules = DEFAULT.replace(spread_knock_wait=wait, knock_timing="any")
    h = deal(["5c 6c 7c Kd 2s", "Td Tc 9s 9h 6d"], dealer=1, stock="Ks Qs Qd Qc Jd Js Jh", rules=rules)
    play(h, "A draw stock", "A spread 5c 6c 7c")
    assert_illegal(h, 0, "knock Kd", "knock_wait")  # not in the turn it was laid
    play(h, "A discard Ks", "B draw stock", "B discard Qs")
    for _ in range(wait):
        assert_illegal(h, 0, "knock", "knock_wait")
        drawn = NAMES[h.stock()[0]]
        play(h, "A draw stock", f"A discard {drawn}")
        drawn = NAMES[h.stock()[0]]
        play(h, "B draw stock", f"B discard {drawn}")
    play(h, "A knock")
    assert h.result is not None and h.result.knocker == 0


@pytest.mark.parametrize(
    ("held", "expected", "rule_id"),
    [("2c 3c", (4, -2, -2), "VAR-LOWKNOCK-1"), ("3c Th", (4, -2, -2), "VAR-LOWKNOCK-1"),
     ("4c Th", (2, -1, -1), "PAY-KNOCK-2")],
)
@rule("VAR-LOWKNOCK-1", "PAY-KNOCK-2")
def test_low_knock_bonus(held: str, expected: tuple[int, ...], rule_id: str) -> None:
    # A knocks with 5, 13 or 14 against 20 and 20
    h = laid([held, "Jh Ts", "Qd Js"], rules=DEFAULT.replace(low_knock_bonus=13))
    play(h, "A knock")
    assert h.result is not None and h.result.ending == "knock_won"
    assert net(h) == expected
    assert {p.rule for p in h.result.payments} == {rule_id}


@rule("VAR-LOWKNOCK-1", "PAY-CAUGHT-1")
def test_low_knock_bonus_does_not_touch_a_caught_knocker() -> None:
    h = laid(["2c 3c", "Ad 2d", "Qd Js"], rules=DEFAULT.replace(low_knock_bonus=13))
    play(h, "A knock")
    assert h.result is not None and h.result.ending == "knock_caught" and net(h) == (-3, 4, -1)


# --- STOCK-3 --------------------------------------------------------------------------------------------------
@rule("STOCK-3")
def test_reshuffle_and_dead_stock() -> None:
    rules = DEFAULT.replace(empty_stock="reshuffle")
    h = laid(["Ac 5d", "Ah Th", "4h 5h"], first=2, rules=rules)
    run_down_stock(h)
    pile = h.discard_pile()
    play(h, "C draw stock")
    assert h.result is None and h.stock() == pile[1:-1] and pile[0] in h.hand(2)
    assert [e.rule for e in h.events if e.kind == "restock"] == ["STOCK-3"]
    # dead: the hand ends at the empty stock with no payment
    h = laid(["Ac 5d", "Ah Th", "4h 5h"], first=2, rules=DEFAULT.replace(empty_stock="dead"))
    run_down_stock(h)
    play(h, "C draw stock")
    assert h.result is not None and h.result.payments == () and h.result.ending == "stock_out"
    assert [e.rule for e in h.events if e.kind == "dead_hand"] == ["STOCK-3"]


@rule("STOCK-3", "PAY-STOCK-1")
def test_reshuffle_with_no_card_below_the_top_ends_the_hand() -> None:
    # a state (built through the JSON form) with an empty stock and a pile of one card
    h = laid(["Ac 5d", "Ah Th", "4h 5h"], first=2, rules=DEFAULT.replace(empty_stock="reshuffle"))
    state = state_to_json(h)
    state["stock"], state["stock_count"] = [], 0
    top = state["discard_pile"][-1]
    state["discard_pile"], state["discard_count"], state["discard_top"] = [top], 1, top
    h = state_from_json(state)
    play(h, "C draw stock")
    assert h.result is not None and h.result.ending == "stock_out" and net(h) == (2, -1, -1)
