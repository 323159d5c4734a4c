"""Auction (OPR-657) under random play: chips are conserved and every bid reaches the pot (3.6),
each card is dealt once, every auction gives each player one up card (3.4, 3.7), the pick order
follows the bids and the up cards (3.4-3.5), illegal actions change nothing, and sealed bids are
invisible to the other seats (3.2-3.3)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play import apply_or_refused
from splitpot import variants
from splitpot.actions import Action
from splitpot.cards import CARDS
from splitpot.engine import State, apply, deal_next, legal_actions, new_hand, outcome
from splitpot.hands import high_value
from splitpot.views import public_view, view

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
AUCTION = variants.get("auction")


@st.composite
def tables(draw: st.DrawFn) -> tuple[State, int]:
    """An Auction table with random house rules and stacks (some short: all-in bidders)."""
    n = draw(st.integers(2, 7))
    min_bid = draw(st.one_of(st.none(), st.integers(0, 6)))
    least = AUCTION.small_bet if min_bid is None else min_bid
    max_bid = draw(st.one_of(st.none(), st.integers(max(1, least), 20)))
    rules = dataclasses.replace(
        AUCTION,
        min_bid=min_bid,
        max_bid=max_bid,
        betting=draw(st.sampled_from(["spread", "fixed", "pot", "none"])),
        showdown=draw(st.sampled_from(["declare", "cards"])),
        declare_order=draw(st.sampled_from(["simultaneous", "in-turn"])),
    )
    stacks = draw(st.lists(st.integers(1, 80), min_size=n, max_size=n))
    state = new_hand(rules, stacks, seed=draw(st.integers(0, 2**32)), auto_deal=draw(st.booleans()))
    return state, sum(stacks)


def random_action(data: st.DataObject, state: State) -> Action:
    legal = legal_actions(state)
    seat = data.draw(st.sampled_from(legal.to_act))
    option = data.draw(st.sampled_from(legal.options[seat]))
    if option.verb in ("cbr", "bid"):
        assert option.min_amount is not None
        assert option.max_amount is not None
        if option.choices:
            return Action(option.verb, seat, amount=data.draw(st.sampled_from(option.choices)))
        amount = data.draw(st.integers(option.min_amount, option.max_amount))
        return Action(option.verb, seat, amount=amount)
    if option.verb == "sm":
        return Action("sm", seat, tuple(state.hands[seat]))
    if option.declarations:
        return Action(
            option.verb, seat, declaration=data.draw(st.sampled_from(option.declarations))
        )
    if option.cards:
        return Action(option.verb, seat, (data.draw(st.sampled_from(option.cards)),))
    return Action(option.verb, seat)


def step(data: st.DataObject, state: State) -> None:
    if legal_actions(state).dealer:
        deal_next(state)
    else:
        apply(state, random_action(data, state))


def expected_order(state: State, bids: dict[int, int]) -> list[int]:
    """OPR-657 3.4-3.5 worked independently: bid, then up cards (suits ignored), then seat."""

    def showing(seat: int) -> int:
        up = [c for c in state.up_cards(seat) if c is not None]
        return high_value(up) if up else -1

    return sorted(bids, key=lambda s: (-bids[s], -showing(s), s))


@SETTINGS
@given(tables(), st.data())
def test_random_play_keeps_the_rules(table: tuple[State, int], data: st.DataObject) -> None:
    state, total = table
    auctions = 0
    for _ in range(400):
        assert sum(state.stacks) + state.pot == total  # chips conserved (3.6: bids in the pot)
        dealt = [c for hand in state.hands for c in hand if c is not None]
        assert len(dealt) == len(set(dealt))  # each card once
        if state.finished:
            break
        if state.step.kind == "auction" and not legal_actions(state).dealer:
            legal = legal_actions(state)
            if legal.options[legal.to_act[0]][0].verb == "bid" and len(legal.to_act) == 1:
                # the last fist: after it the pot holds every bid and the order is fixed
                bids = {a.seat: a.amount for a in state.log[_layout(state) :] if a.verb == "bid"}
                before = state.pot
                move = random_action(data, state)
                assert move.seat is not None
                assert move.amount is not None
                bids[move.seat] = move.amount
                ups = [len(state.up_cards(s)) for s in range(state.n)]
                order = expected_order(state, bids)  # type: ignore[arg-type]
                apply(state, move)
                assert state.pot == before + sum(bids.values())  # type: ignore[arg-type]
                picked = []
                while state.step.kind == "auction" and not state.finished:
                    legal = legal_actions(state)
                    if legal.dealer or legal.options[legal.to_act[0]][0].verb != "pick":
                        break
                    picked.append(legal.to_act[0])
                    apply(state, random_action(data, state))
                    if len(picked) == len(order):
                        break
                assert picked == order
                for s in range(state.n):
                    assert len(state.up_cards(s)) == ups[s] + (s in order)
                auctions += 1
                continue
        step(data, state)
    assert state.finished
    assert auctions == 5  # OPR-657 3.7: nobody can fold before the betting round
    assert all(len(state.up_cards(s)) == 5 for s in range(state.n))
    assert sum(state.stacks) == total
    assert sum(outcome(state).net) == 0


def _layout(state: State) -> int:
    """Where the current auction's layout sits in the log."""
    log = state.log
    return max(i for i, a in enumerate(log) if a.verb == "dl")


@SETTINGS
@given(tables(), st.data())
def test_illegal_auction_moves_are_refused_unchanged(
    table: tuple[State, int], data: st.DataObject
) -> None:
    # OPR-657 3.1-3.4 refusals, and docs/games.md: nothing is lost on a refusal.
    state, _ = table
    for _ in range(150):
        if state.finished:
            break
        seat = data.draw(st.integers(-1, state.n))
        verbs = ["bid", "pick", "cbr", "f"] + ([] if legal_actions(state).dealer else ["dl"])
        verb = data.draw(st.sampled_from(verbs))
        cards = tuple(
            CARDS[c] for c in data.draw(st.lists(st.integers(0, 51), max_size=3, unique=True))
        )
        amount = data.draw(st.one_of(st.none(), st.integers(-3, 200)))
        attempt = Action(verb, seat if seat >= 0 else None, cards, amount)
        apply_or_refused(state, attempt)
        if not state.finished:
            step(data, state)


@SETTINGS
@given(tables(), st.data())
def test_views_are_blind_to_other_seats_sealed_bids(
    table: tuple[State, int], data: st.DataObject
) -> None:
    state, _ = table
    for _ in range(400):
        if state.finished:
            return
        legal = legal_actions(state)
        bidding = not legal.dealer and legal.options[legal.to_act[0]][0].verb == "bid"
        if bidding and len(legal.to_act) >= 2 and data.draw(st.booleans()):
            break
        step(data, state)
    else:
        return
    if state.finished:
        return
    legal = legal_actions(state)
    seat = data.draw(st.sampled_from(legal.to_act))
    (option,) = legal.options[seat]
    assert option.min_amount is not None
    assert option.max_amount is not None
    a, b = state.copy(), state.copy()
    apply(a, Action("bid", seat, amount=option.min_amount))
    apply(b, Action("bid", seat, amount=option.max_amount))
    for other in range(state.n):
        if other != seat:
            assert view(a, other) == view(b, other)
    assert public_view(a) == public_view(b)
    assert view(a, seat).seats[seat].bid == option.min_amount
    assert view(b, seat).seats[seat].bid == option.max_amount


@pytest.mark.parametrize("players", range(2, 8))
def test_every_table_size_plays_out(players: int) -> None:
    # OPR-657 1.1: two to seven players, one deck.
    state = new_hand(AUCTION, [100] * players, seed=players)
    while not state.finished:
        legal = legal_actions(state)
        seat = legal.to_act[0]
        options = {o.verb: o for o in legal.options[seat]}
        option = options.get("cc", legal.options[seat][0])
        if option.verb == "bid":
            apply(state, Action("bid", seat, amount=option.min_amount))
        elif option.cards:
            apply(state, Action(option.verb, seat, (option.cards[0],)))
        elif option.declarations:
            apply(state, Action(option.verb, seat, declaration=option.declarations[0]))
        else:
            apply(state, Action(option.verb, seat))
    assert sum(state.stacks) == 100 * players
