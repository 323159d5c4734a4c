"""Playing a hand out in tests, and the oracle of what the legal actions admit."""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence

import pytest

from splitpot.actions import Action
from splitpot.bots import Bot
from splitpot.engine import apply, deal_next, legal_actions
from splitpot.errors import IllegalAction
from splitpot.notation import parse_action
from splitpot.state import Option, State
from splitpot.views import View, view


def states_alive() -> int:
    """How many hands' states exist now, after a collection (a compiled ``State`` takes no
    weak reference: tests that nothing keeps a table alive count them instead)."""
    gc.collect()
    return sum(isinstance(o, State) for o in gc.get_objects())


def passive(state: State, seat: int) -> Action:
    """The most passive legal action: bring in, check or call, pass; otherwise the first
    option with its first card, smallest amount and first declaration (sell, discard, turn
    up, pick, bid, declare)."""
    options = legal_actions(state).options[seat]
    for verb in ("pb", "cc", "pass"):
        if any(o.verb == verb for o in options):
            return Action(verb, seat)
    o = options[0]
    declaration = o.declarations[0] if o.declarations else None
    return Action(o.verb, seat, o.cards[:1], o.min_amount, declaration)


def check_call(state: State) -> State:
    """Play ``state`` to the end through the engine's own door, every player passive
    (:func:`passive`); the dealer deals as due."""
    while not state.finished:
        legal = legal_actions(state)
        if legal.dealer:
            deal_next(state)
            continue
        apply(state, passive(state, legal.to_act[0]))
    return state


def play_bots(state: State, seated: Sequence[Bot]) -> Iterator[tuple[View, Action]]:
    """Let ``seated`` bots play ``state`` to the end (the dealer deals as due), yielding each
    bot's view and action before the engine applies it (which raises if it refuses it)."""
    while not state.finished:
        legal = legal_actions(state)
        if legal.dealer:
            deal_next(state)
            continue
        seat = legal.to_act[0]
        seen = view(state, seat)
        action = seated[seat].act(seen)
        assert action.seat == seat
        yield seen, action
        apply(state, action)


def _admits(option: Option, action: Action) -> bool:
    if option.verb != action.verb:
        return False
    if option.verb == "sm":
        return action.cards == ()
    if option.verb == "f":
        return True
    if option.cards and (len(action.cards) != 1 or action.cards[0] not in option.cards):
        return False
    if option.declarations and action.declaration not in option.declarations:
        return False
    if option.min_amount is None:
        # no amount to name: extra words are ignored (as for a fold), but for a sale a price
        # is checked against the priced option (NASDAQ ¶8)
        return option.verb != "sell" or action.amount is None
    if action.amount is None:
        return option.verb not in ("cbr", "bid", "sell")
    if action.cards and option.verb == "bid":
        return False  # a bid names no cards (OPR-657 3.2); betting ignores extra words
    assert option.max_amount is not None
    if option.choices:
        return action.amount in option.choices
    return option.min_amount <= action.amount <= option.max_amount


def is_legal(state: State, action: Action) -> bool:
    """Whether legal_actions admits this action (a dealer action is never in it here)."""
    legal = legal_actions(state)
    if action.seat not in legal.to_act:
        return False
    return any(_admits(option, action) for option in legal.options[action.seat])


def refused(state: State, line: str) -> IllegalAction:
    """Apply a record line that must be refused; the table must be exactly as before."""
    before = state.snapshot()
    with pytest.raises(IllegalAction) as caught:
        apply(state, parse_action(line))
    assert state.snapshot() == before
    return caught.value


def apply_or_refused(state: State, attempt: Action) -> None:
    """Apply ``attempt`` if the legal actions admit it; otherwise it must be refused with a
    reason and leave the state exactly as it was (docs/games.md: nothing is lost)."""
    before = state.snapshot()
    if is_legal(state, attempt):
        apply(state, attempt)
        return
    with pytest.raises(IllegalAction) as refused:
        apply(state, attempt)
    assert refused.value.reason
    assert state.snapshot() == before
