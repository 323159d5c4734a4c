"""Odds from a seat's view, and the declaration advisor (splitpot.odds.advice)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction

import pytest

from play import passive
from splitpot import variants
from splitpot.engine import apply, deal_next, legal_actions, new_hand
from splitpot.odds import (
    BetterHalf,
    OddsError,
    Threshold,
    advise,
    advise_situation,
    odds,
    situation,
    situation_from_view,
    view_odds,
)
from splitpot.state import State
from splitpot.views import View, public_view, view

AUCTION = variants.get("auction")


def views_until(state: State, step: str) -> Iterator[tuple[State, View]]:
    """Play passively; yield the state and the view of the seat to act at each ``step``."""
    while not state.finished:
        legal = legal_actions(state)
        if legal.dealer:
            deal_next(state)
            continue
        seat = legal.to_act[0]
        if state.phase.kind == step:
            yield state, view(state, seat)
        apply(state, passive(state, seat))


# --- reading a view ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["stud8", "auction", "stud5buy", "stud5hilo"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_view_reads_consistently_with_the_real_deal(game: str, seed: int) -> None:
    """Every card a seat is told a live hand holds is in it, the hidden ones number what the
    hand really hides, the dead cards are in no live hand, and the cards still to come are
    what the game still deals."""
    rules = variants.get(game)
    state = new_hand(rules, [500] * 3, seed=seed)
    checked = 0
    for current, seen in views_until(state, "betting"):
        question = situation_from_view(seen, rules)
        live = {s: set(current.hands[s]) for s in current.live()}
        assert set(question.seats) == set(live)
        assert question.reader == question.seats.index(seen.seat)  # type: ignore[arg-type]
        held = set().union(*live.values())
        assert not held & set(question.dead)
        for seat, hand, come in zip(question.seats, question.hands, question.to_come, strict=True):
            assert set(hand.cards) <= live[seat]
            assert hand.size == len(live[seat])
            assert hand.size + come == (7 if rules.name in ("stud8", "auction") else 5)
        checked += 1
    assert checked


def test_the_readers_odds_from_its_view_are_the_odds_of_its_cards_against_xx() -> None:
    """Third street heads-up: the view's odds are those of the seat's three cards against
    the other's up card and two cards written xx."""
    state = new_hand(variants.get("stud8"), [500, 500], seed=3)
    _, seen = next(iter(views_until(state, "betting")))
    assert seen.seat is not None
    me, other = seen.seats[seen.seat], seen.seats[1 - seen.seat]
    mine = " ".join(str(c) for c in (*me.down, *me.up))
    theirs = " ".join(["xx"] * len(other.down) + [str(c) for c in other.up])
    hands = [mine, theirs] if seen.seat == 0 else [theirs, mine]
    direct = odds("stud8", hands, samples=4000, seed=1)
    by_view = view_odds(seen, samples=4000, seed=1)
    assert [h.share for h in by_view.hands] == [h.share for h in direct.hands]
    assert by_view.seat(seen.seat).hand.unknown == 0


def test_a_spectator_sees_no_down_cards() -> None:
    state = new_hand(variants.get("stud8"), [500] * 3, seed=4)
    next(iter(views_until(state, "betting")))
    question = situation_from_view(public_view(state))
    assert question.reader is None
    assert all(h.unknown == 2 for h in question.hands)


# --- the advisor, by hand ------------------------------------------------------------------------


def test_declaring_low_with_a_low_against_quads() -> None:
    """Nothing hidden: the straight cannot win high against four kings, which declare high.
    Low: each takes a half, 1/2. High: the kings win all, 0. Both: the straight fails high and
    takes nothing (OPR-657 4.3), 0."""
    question = situation("auction", ["2c 3d 4h 5s 6c 9d Jh", "Kc Kd Kh Ks 9c 8d 7h"])
    for model in (BetterHalf(), Threshold()):
        advice = advise_situation(question, 0, model=model)
        assert advice.exact
        assert advice.deals == 1
        assert advice.best == "lo"
        assert advice.share("lo").exact == Fraction(1, 2)
        assert advice.share("hi").exact == 0
        assert advice.share("both").exact == 0
        assert advice.margin.exact == Fraction(1, 2)


@pytest.mark.parametrize(
    ("both_must", "both", "best"),
    [("win-or-tie", Fraction(3, 4), "both"), ("win-outright", Fraction(0), "hi")],
)
def test_both_must_win_or_tie_or_win_outright(both_must: str, both: Fraction, best: str) -> None:
    """Two hands of the same ranks (kings, J-9-7-5-3 low); the other declares high (its low is
    no eight-low: the threshold model). High: a tie, half each. Low: alone, half. Both: tying
    high and alone low, win-or-tie gives 1/4 + 1/2 = 3/4; win-outright fails and gives 0
    (then high and low are worth the same, and the first listed, high, is named best)."""
    rules = dataclasses.replace(AUCTION, both_must=both_must)
    question = situation(rules, ["Kd Kc 9s 7h 5d 3c Jh", "Kh Ks 9d 7c 5s 3h Jd"])
    advice = advise_situation(question, 0, model=Threshold())
    assert advice.share("hi").exact == Fraction(1, 2)
    assert advice.share("lo").exact == Fraction(1, 2)
    assert advice.share("both").exact == both
    assert advice.best == best


def test_declare_both_is_offered_only_where_the_house_allows_it() -> None:
    question = situation("stud5buy", ["2c 3d 4h 5s 7c", "Kc Kd Qh Qs 9c"])
    advice = advise_situation(question, 0)
    assert {c.declaration for c in advice.choices} == {"hi", "lo"}
    with pytest.raises(KeyError):
        advice.share("both")


def test_a_declaration_already_seen_is_kept() -> None:
    """If the kings have declared low (in turn, seen): high takes the high half, 1/2; low or
    both beat the kings' low (a pair) and, nobody else going high, take the whole pot."""
    question = situation("auction", ["2c 3d 4h 5s 6c 9d Jh", "Kc Kd Kh Ks 9c 8d 7h"])
    advice = advise_situation(question, 0, declared={1: "lo"})
    assert advice.share("hi").exact == Fraction(1, 2)
    assert advice.share("lo").exact == 1
    assert advice.share("both").exact == 1
    assert advice.margin.exact == 0


def test_cards_speak_games_have_nothing_to_declare() -> None:
    with pytest.raises(OddsError, match="cards speak"):
        advise_situation(situation("stud8", ["As 2d 4c", "Kh Kc 9d"]), 0)


# --- the advisor from a view ---------------------------------------------------------------------


def _declaration_view(seed: int, players: int, order: str = "simultaneous") -> View:
    rules = dataclasses.replace(AUCTION, declare_order=order)
    state = new_hand(rules, [500] * players, seed=seed)
    return next(iter(views_until(state, "declare")))[1]


def test_advice_from_a_view_enumerates_the_hidden_cards() -> None:
    """Heads-up Auction: the other's two down cards are unknown, C(40, 2) = 780 ways."""
    seen = _declaration_view(5, 2)
    advice = advise(seen)
    assert advice.exact
    assert advice.deals == 780
    assert advice.seat == seen.seat
    assert {c.declaration for c in advice.choices} == {"hi", "lo", "both"}
    shares = [c.share.mean for c in advice.choices]
    assert shares == sorted(shares, reverse=True)


def test_sampled_advice_is_within_its_error_of_the_exact_advice() -> None:
    seen = _declaration_view(5, 3)  # two others, two hidden each: C(35,2) C(33,2) = 314,160
    truth = advise(seen, limit=10**6)
    guess = advise(seen, exact=False, samples=6000, seed=2)
    assert truth.exact
    assert not guess.exact
    for choice in truth.choices:
        estimate = guess.share(choice.declaration)
        assert abs(estimate.mean - choice.share.mean) < 4.5 * estimate.error + 1e-9
    assert guess.margin.error > 0


def test_in_turn_declarations_already_made_are_read_from_the_view() -> None:
    rules = dataclasses.replace(AUCTION, declare_order="in-turn")
    state = new_hand(rules, [500, 500], seed=5)
    for _, seen in views_until(state, "declare"):
        other = next(s for s in seen.seats if s.seat != seen.seat)
        if other.declaration is None:
            continue
        question = situation_from_view(seen)
        assert question.reader is not None
        fixed = {question.seats.index(other.seat): other.declaration}
        expected = advise_situation(question, question.reader, declared=fixed)
        assert advise(seen).choices == expected.choices
        return
    pytest.fail("nobody declared before the last seat")


def test_a_spectator_gets_no_advice() -> None:
    state = new_hand(AUCTION, [500, 500], seed=5)
    next(iter(views_until(state, "declare")))
    with pytest.raises(OddsError, match="spectator"):
        advise(public_view(state))
