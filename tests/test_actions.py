"""The table of verbs (``actions.VERBS``) says what the engine does: every verb a hand logs or
offers is in it, a player's taken at the step kinds it lists, by the dealer or a player as it
says, naming a card or an amount only where it says; ``Action.taking`` takes any option
legally. (The dealer's steps are logged as the engine moves on, not checked by step here.)"""

from __future__ import annotations

import pytest

from splitpot import variants
from splitpot.actions import (
    AMOUNT_VERBS,
    BETTING_VERBS,
    CARD_VERBS,
    DEALER_VERBS,
    PLAYER_VERBS,
    SEALED_VERBS,
    VERBS,
    Action,
)
from splitpot.bots.simple import RandomBot
from splitpot.engine import apply, deal_next, legal_actions, new_hand
from splitpot.views import public_view, view


def test_the_sets_of_verbs_are_the_table_of_hand_history() -> None:
    # hand-history.md: the PHH verbs and ours, each set written out here by hand
    written = {
        "dealer": {"dh", "db", "dl"},
        "player": {"pb", "cbr", "cc", "f", "sd", "sm", "bid", "pass", "pick", "sell", "buy"}
        | {"up", "dec"},
        "betting": {"pb", "cbr", "cc", "f"},
        "amount": {"cbr", "bid", "sell"},  # a raise's total, a bid, an asking price
        "card": {"pick", "buy", "sell", "sd", "up"},
        # sealed bids (OPR-657 3.2, NASDAQ sale_bidding), secret turn-ups (NASDAQ ¶23) and
        # simultaneous declarations (OPR-207 4.2)
        "sealed": {"bid", "pass", "up", "dec"},
    }
    drawn = {
        "dealer": DEALER_VERBS,
        "player": PLAYER_VERBS,
        "betting": BETTING_VERBS,
        "amount": AMOUNT_VERBS,
        "card": CARD_VERBS,
        "sealed": SEALED_VERBS,
    }
    assert drawn == written
    assert set(VERBS) == DEALER_VERBS | PLAYER_VERBS


@pytest.mark.parametrize("game", variants.names())
def test_the_engine_uses_each_verb_as_the_table_says(game: str) -> None:
    rules = variants.get(game)
    for seed in range(4):
        state = new_hand(rules, [300] * 4, seed=seed)
        players = [RandomBot(seed * 10 + s) for s in range(4)]
        while not state.finished:
            legal = legal_actions(state)
            step = public_view(state).step
            if legal.dealer:  # the engine deals as due: not reached in these games
                deal_next(state)
                continue
            seat = legal.to_act[0]
            seen = view(state, seat)
            for option in seen.options:
                facts = VERBS[option.verb]
                assert not facts.dealer
                assert step in facts.steps, (option, step)
                assert not option.cards or facts.card, option
                assert not facts.amount or option.min_amount is not None or option.verb == "sell"
                # the least of each option, its first card and declaration, is legal
                trial = state.copy()
                apply(
                    trial,
                    Action.taking(option, seat, hand=seen.seats[seat].down + seen.seats[seat].up),
                )
            before = len(state.log)
            move = players[seat].act(seen)
            apply(state, move)
            assert state.log[before] == move
            assert step in VERBS[move.verb].steps, (move, step)
            # the move, then what the engine does at once: deals, the next steps' sealed moves
            # revealed, the showdown's hands shown
            for action in state.log[before:]:
                facts = VERBS[action.verb]
                assert (
                    facts.dealer == action.by_dealer == (action.seat is None or action.verb == "dh")
                )
                assert action.amount is None or facts.amount or facts.betting, action
                assert len(action.cards) <= 1 or facts.dealer or action.verb == "sm", action
                assert not action.cards or facts.card or facts.dealer or action.verb == "sm"
