"""Properties of every game under random play (architecture.md: habits).

Random legal play conserves chips, deals each card at most once and always ends; random illegal
actions are refused with the state unchanged; a seat's view is blind to cards it cannot see.
"""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play import apply_or_refused
from splitpot import variants
from splitpot.actions import Action
from splitpot.engine import State, apply, deal_next, legal_actions, new_hand, outcome
from splitpot.views import public_view, view

GAMES = variants.names()
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, list[int], int, str]:
    """A game, stacks (some short, so that all-ins happen), a seed and a betting structure."""
    game = draw(st.sampled_from(GAMES))
    rules = variants.get(game)
    n = draw(st.integers(rules.min_players, rules.max_players))
    stacks = draw(st.lists(st.integers(1, 120), min_size=n, max_size=n))
    betting = draw(st.sampled_from(["fixed", "fixed", "spread", "pot", "none"]))
    return game, stacks, draw(st.integers(0, 2**32)), betting


def start(game: str, stacks: list[int], seed: int, betting: str, auto: bool = True) -> State:
    rules = dataclasses.replace(variants.get(game), betting=betting)
    return new_hand(rules, stacks, seed=seed, auto_deal=auto)


def random_action(data: st.DataObject, state: State) -> Action:
    """A legal player action chosen at random from legal_actions."""
    legal = legal_actions(state)
    seat = data.draw(st.sampled_from(legal.to_act))
    option = data.draw(st.sampled_from(legal.options[seat]))
    amount = None
    if option.verb in ("cbr", "bid", "sell") and option.min_amount is not None:
        # an amount in the range (a bid: OPR-657 3.2; an asking price: NASDAQ ¶8)
        assert option.max_amount is not None
        if option.choices:
            amount = data.draw(st.sampled_from(option.choices))
        else:
            amount = data.draw(st.integers(option.min_amount, option.max_amount))
    if option.verb in ("cbr", "bid"):
        return Action(option.verb, seat, amount=amount)
    if option.verb == "sm":
        show = data.draw(st.booleans())
        return Action("sm", seat, tuple(state.hands[seat]) if show else ())  # type: ignore[arg-type]
    if option.declarations:  # declare: one of the ways offered
        way = data.draw(st.sampled_from(option.declarations))
        return Action(option.verb, seat, declaration=way)
    if option.cards:  # buy, pick, sell, discard, turn up: one of the cards offered
        return Action(option.verb, seat, (data.draw(st.sampled_from(option.cards)),), amount)
    return Action(option.verb, seat)


def check_invariants(state: State, total: int) -> None:
    assert sum(state.stacks) + state.pot == total  # chips are conserved
    assert all(chips >= 0 for chips in state.stacks)
    dealt = [c for hand in state.hands for c in hand if c is not None]
    dealt += [c for c in state.common if c is not None]
    assert len(dealt) == len(set(dealt))  # each card at most once
    assert not set(dealt) & set(state.stub)


@SETTINGS
@given(tables(), st.data())
def test_random_legal_play_conserves_chips_and_ends(
    table: tuple[str, list[int], int, str], data: st.DataObject
) -> None:
    game, stacks, seed, betting = table
    auto = data.draw(st.booleans())
    antes = data.draw(st.lists(st.integers(0, 3), min_size=len(stacks), max_size=len(stacks)))
    rules = dataclasses.replace(variants.get(game), betting=betting)
    trimming = data.draw(st.booleans())  # PHH ante_trimming_status
    state = new_hand(rules, stacks, seed=seed, auto_deal=auto, antes=antes, ante_trimming=trimming)
    total = sum(stacks)
    for _ in range(500):
        check_invariants(state, total)
        if state.finished:
            break
        legal = legal_actions(state)
        if legal.dealer and (not legal.to_act or data.draw(st.booleans())):
            deal_next(state)
        else:
            apply(state, random_action(data, state))
    assert state.finished
    result = outcome(state)
    assert sum(state.stacks) == total
    assert sum(result.net) == 0
    assert sum(a.amount for a in result.awards) == sum(state.paid) + state.dead
    # The log is the history: replaying it, dealer steps included, rebuilds the same hand.
    again = new_hand(rules, stacks, antes=antes, auto_deal=False, ante_trimming=trimming)
    for action in state.log:
        apply(again, action)
    assert again.finished
    assert again.stacks == state.stacks
    assert again.awards == state.awards
    assert all(a.reason for a in result.awards)


def candidate_illegal(data: st.DataObject, state: State) -> Action:
    """An action likely to be illegal now: wrong seat, wrong amount or wrong verb."""
    seat = data.draw(st.integers(-1, state.n))
    verb = data.draw(st.sampled_from(["cbr", "cc", "f", "pb", "sm", "dh", "db", "bid", "buy"]))
    amount = data.draw(st.one_of(st.none(), st.integers(-5, 400)))
    return Action(verb, seat, (), amount)


@SETTINGS
@given(tables(), st.data())
def test_illegal_actions_are_refused_and_change_nothing(
    table: tuple[str, list[int], int, str], data: st.DataObject
) -> None:
    game, stacks, seed, betting = table
    state = start(game, stacks, seed, betting, data.draw(st.booleans()))
    for _ in range(300):
        if state.finished:
            break
        attempt = candidate_illegal(data, state)
        apply_or_refused(state, attempt)
        if state.finished:
            break
        if legal_actions(state).dealer:
            deal_next(state)
        else:
            apply(state, random_action(data, state))


def hidden_positions(state: State, seat: int) -> list[int]:
    """Deck positions holding cards ``seat`` never sees: others' down cards and the stub."""
    hidden: list[int] = []
    position = 0
    dealt = [0] * state.n
    for action in state.log:
        if action.verb in ("db", "dl"):  # common cards, an auction's cards: face up
            position += len(action.cards)
        elif action.verb == "dh":
            assert action.seat is not None
            flags = state.faceup[action.seat][dealt[action.seat] :]
            for up in flags[: len(action.cards)]:
                if action.seat != seat and not up:
                    hidden.append(position)
                position += 1
            dealt[action.seat] += len(action.cards)
    return hidden + list(range(position, 52))


@SETTINGS
@given(tables(), st.data())
def test_a_view_is_blind_to_cards_the_seat_cannot_see(
    table: tuple[str, list[int], int, str], data: st.DataObject
) -> None:
    game, stacks, seed, betting = table
    first = start(game, stacks, seed, betting)
    moves: list[Action] = []
    while not first.finished and not legal_actions(first).dealer:
        move = random_action(data, first)
        if move.verb in ("buy", "sell", "sd", "up") and move.cards:
            break  # names a card the shuffled deck changes: test_buy*.py, test_nasdaq*.py
        moves.append(move)
        apply(first, moves[-1])
    seat = data.draw(st.integers(0, first.n - 1))
    order = list(first.deck_order)
    hidden = hidden_positions(first, seat)
    shuffled = data.draw(st.permutations([order[p] for p in hidden]))
    for p, card in zip(hidden, shuffled, strict=True):
        order[p] = card
    rules = dataclasses.replace(variants.get(game), betting=betting)
    a = new_hand(rules, stacks, deck=first.deck_order)
    b = new_hand(rules, stacks, deck=order)
    for move in moves:
        assert view(a, seat) == view(b, seat)
        assert public_view(a) == public_view(b)
        apply(a, move)
        apply(b, move)
    if not a.finished:
        assert view(a, seat) == view(b, seat)
