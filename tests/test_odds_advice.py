"""Odds from a seat's view, and the declaration advisor (splitpot.odds.advice)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction

import pytest

from play import play_bots
from splitpot import bots, variants
from splitpot.engine import new_hand
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
from splitpot.views import View, public_view

AUCTION = variants.get("auction")


def views_until(state: State, step: str | None, bot: str = "call") -> Iterator[View]:
    """Bots play the hand (calling stations by default); the view of each seat to act at
    ``step`` (None: at every step before the showdown)."""
    seated = [bots.get(bot, seed=seat) for seat in range(state.n)]
    for seen, _ in play_bots(state, seated):
        if seen.step == step or (step is None and seen.step != "showdown"):
            yield seen


# --- reading a view ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["stud8", "auction", "stud5buy", "stud5hilo"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_view_reads_consistently_with_the_real_deal(game: str, seed: int) -> None:
    """Every card a seat is told a live hand holds is in it, the hidden ones number what the
    hand really hides, the dead cards are in no live hand, and the cards still to come are
    what the game still deals (random bots: folds and buys too)."""
    rules = variants.get(game)
    state = new_hand(rules, [500] * 3, seed=seed)
    checked = 0
    for seen in views_until(state, None, "random"):
        question = situation_from_view(seen, rules)
        live = {s: set(state.hands[s]) for s in state.live()}
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


@pytest.mark.parametrize("game", ["nasdaq", "nasdaq7"])
def test_nasdaq_views_read_hands_of_the_right_size(game: str) -> None:
    """At NASDAQ a card bought counts as kept and one unsold as thrown away (a guess the log
    cannot settle), so only the sizes are certain: each live hand holds what it really holds,
    nothing is to come; a buyer holding eight cards before its discard is refused."""
    rules = variants.get(game)
    state = new_hand(rules, [500] * 3, seed=3)
    read = 0
    for seen in views_until(state, None, "random"):
        if any(len(s.down) + len(s.up) > 7 for s in seen.seats):
            with pytest.raises(OddsError, match="more than 7 cards"):
                situation_from_view(seen, rules)
            continue
        question = situation_from_view(seen, rules)
        sizes = {s: len(state.hands[s]) for s in state.live()}
        assert {s: h.size for s, h in zip(question.seats, question.hands, strict=True)} == sizes
        assert set(question.to_come) == {0}
        read += 1
    assert read


def test_the_readers_odds_from_its_view_are_the_odds_of_its_cards_against_xx() -> None:
    """Third street heads-up: the view's odds are those of the seat's three cards against
    the other's up card and two cards written xx."""
    state = new_hand(variants.get("stud8"), [500, 500], seed=3)
    seen = next(views_until(state, "betting"))
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
    next(views_until(state, "betting"))
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
    with pytest.raises(OddsError, match="may not be declared here"):
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
    return next(views_until(state, "declare"))


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
    for seen in views_until(state, "declare"):
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
    next(views_until(state, "declare"))
    with pytest.raises(OddsError, match="spectator"):
        advise(public_view(state))
