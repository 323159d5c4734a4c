"""NASDAQ under random play with random house rules (sale_bidding, min_price, max_price,
excess_threshold, cards speak or declare): chips are conserved counting the chips paid to
sellers, every hand at the showdown holds five cards, illegal sales and bids are refused with
the table unchanged, and a seat never sees another's sealed bid, turn-up or face-down discard."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play import apply_or_refused
from splitpot import variants
from splitpot.actions import Action
from splitpot.engine import State, apply, new_hand, outcome
from splitpot.phases.base import phase_of
from splitpot.rules import Rules
from splitpot.views import view
from test_engine_properties import random_action

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> tuple[Rules, list[int], int]:
    rules = variants.get(draw(st.sampled_from(["nasdaq", "nasdaq7"])))
    least = draw(st.sampled_from([None, 1, 5, 12]))
    rules = dataclasses.replace(
        rules,
        sale_bidding=draw(st.sampled_from(["open", "sealed"])),
        min_price=least,
        max_price=draw(st.sampled_from([None, 25, 60])),
        excess_threshold=draw(st.sampled_from([None, 0, 7, 20])),
        showdown=draw(st.sampled_from(["cards", "declare"])),
    )
    n = draw(st.integers(rules.min_players, rules.max_players))
    stacks = draw(st.lists(st.integers(1, 150), min_size=n, max_size=n))
    return rules, stacks, draw(st.integers(0, 2**32))


def candidate_illegal(data: st.DataObject, state: State) -> Action:
    """A sale-step action likely to be illegal now: wrong seat, card, price or verb."""
    seat = data.draw(st.integers(-1, state.n))
    verb = data.draw(st.sampled_from(["sell", "bid", "pass", "sd", "up", "cbr", "cc", "dec"]))
    card = data.draw(st.integers(0, 51))
    cards = data.draw(st.sampled_from([(), (card,), (card, (card + 1) % 52)]))
    amount = data.draw(st.one_of(st.none(), st.integers(-3, 200)))
    return Action(verb, seat, cards, amount)


@SETTINGS
@given(games(), st.data())
def test_random_play_conserves_chips_paid_between_players_and_ends_with_five_cards(
    game: tuple[Rules, list[int], int], data: st.DataObject
) -> None:
    rules, stacks, seed = game
    state = new_hand(rules, stacks, seed=seed)
    total = sum(stacks)
    for _ in range(800):
        assert sum(state.stacks) + state.pot == total
        assert min(state.stacks) >= 0
        if state.finished:
            break
        if data.draw(st.booleans()):
            apply_or_refused(state, candidate_illegal(data, state))
        else:
            apply(state, random_action(data, state))
        if state.finished:
            break
    assert state.finished
    result = outcome(state)
    assert sum(result.net) == 0
    assert sum(a.amount for a in result.awards) == sum(state.paid) + state.dead
    # every payment moved chips from a buyer to a seller, and the nets count them
    for paid in result.payments:
        assert paid.payer != paid.payee
        assert paid.amount >= 0
    if not any("uncontested" in a.reason for a in result.awards):
        for seat in state.live():
            assert len(state.hands[seat]) == 5
    # the log rebuilds the hand, payments and all
    again = new_hand(rules, stacks, auto_deal=False)
    for action in state.log:
        apply(again, action)
    assert again.stacks == state.stacks
    assert again.payments == state.payments


@SETTINGS
@given(games(), st.data())
def test_views_never_show_what_a_seat_may_not_know(
    game: tuple[Rules, list[int], int], data: st.DataObject
) -> None:
    rules, stacks, seed = game
    state = new_hand(rules, stacks, seed=seed)
    for _ in range(400):
        if state.finished:
            break
        reader = data.draw(st.integers(0, state.n - 1))
        seen = view(state, reader)
        sealed = phase_of(state).secret_since(state)
        for i, (shown, real) in enumerate(zip(seen.log, state.log, strict=True)):
            if real.seat is None or real.seat == reader:
                continue
            if real.verb == "sd" and real.cards:  # face-down discards: never their card
                assert shown.cards == (None,) * len(real.cards)
            if sealed is not None and i >= sealed and real.verb in ("bid", "pass", "up"):
                assert (shown.amount, shown.cards) == (None, ())
        if sealed is not None:
            for other in seen.seats:
                if other.seat != reader:
                    assert other.bid is None
        apply(state, random_action(data, state))
