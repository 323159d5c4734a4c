"""Playing a hand out in tests: everyone brings in when due and otherwise checks or calls."""

from __future__ import annotations

from splitpot.actions import Action
from splitpot.engine import apply, deal_next, legal_actions
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
