"""Playing a hand out in tests: everyone brings in when due and otherwise checks or calls."""

from __future__ import annotations

import pytest

from splitpot.actions import Action
from splitpot.engine import apply, deal_next, legal_actions
from splitpot.errors import IllegalAction
from splitpot.state import State


def check_call(state: State) -> State:
    """Play ``state`` to the end through the engine's own door; the dealer deals as due."""
    while not state.finished:
        legal = legal_actions(state)
        if legal.dealer:
            deal_next(state)
            continue
        seat = legal.to_act[0]
        verb = next(o.verb for o in legal.options[seat] if o.verb in ("pb", "cc"))
        apply(state, Action(verb, seat))
    return state


def is_legal(state: State, action: Action) -> bool:
    """Whether legal_actions admits this action (a dealer action is never in it here)."""
    legal = legal_actions(state)
    if action.seat not in legal.to_act:
        return False
    for option in legal.options[action.seat]:
        if option.verb != action.verb:
            continue
        if option.verb == "sm":
            return action.cards == ()
        if option.verb == "f":
            return True
        if option.cards and (len(action.cards) != 1 or action.cards[0] not in option.cards):
            return False
        if option.declarations and action.declaration not in option.declarations:
            return False
        if option.min_amount is None:
            return True  # no amount to name: extra words are ignored (as for a fold)
        if action.amount is None:
            return option.verb not in ("cbr", "bid")
        if action.cards and option.verb == "bid":
            return False  # a bid names no cards (OPR-657 3.2); betting ignores extra words
        assert option.max_amount is not None
        if option.choices:
            return action.amount in option.choices
        return option.min_amount <= action.amount <= option.max_amount
    return False


def apply_or_refused(state: State, attempt: Action) -> None:
    """Apply ``attempt`` if the legal actions admit it; otherwise it must be refused with a
    reason and leave the state exactly as it was (house-rules.md: nothing is lost)."""
    before = state.snapshot()
    if is_legal(state, attempt):
        apply(state, attempt)
        return
    with pytest.raises(IllegalAction) as refused:
        apply(state, attempt)
    assert refused.value.reason
    assert state.snapshot() == before
