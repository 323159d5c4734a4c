"""The table of verbs (``actions.VERBS``) says what the engine does: every verb a hand logs or
offers is in it, a player's taken at the step kinds it lists, by the dealer or a player as it
says, naming a card or an amount only where it says; ``Action.taking`` takes any option
legally. (The dealer's steps are logged as the engine moves on, not checked by step here.)"""

from __future__ import annotations

import dataclasses
import inspect

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
from splitpot.cards import CARDS, Card
from splitpot.engine import apply, deal_next, legal_actions, new_hand
from splitpot.errors import IllegalAction
from splitpot.state import Option
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


def test_taking_the_same_option_again_gives_the_same_action() -> None:
    # Actions are values: a seat's check, call or bid of the minimum is made once and kept.
    call = Option("cc", 2, 2)
    first = Action.taking(call, 1)
    assert first == Action("cc", 1)
    assert Action.taking(call, 1) is first
    assert Action.taking(call, 2) == Action("cc", 2)  # another seat: another action
    bid = Option("bid", 2, 40)
    assert Action.taking(bid, 0, 7) == Action("bid", 0, (), 7)
    assert Action.taking(bid, 0, 7) is Action.taking(bid, 0, 7)
    assert Action.taking(bid, 0, 8).amount == 8


@pytest.mark.parametrize(("amount", "whole"), [(True, 1), (7.0, 7)])
def test_an_amount_of_another_type_is_not_a_kept_action(amount: object, whole: int) -> None:
    # True == 1 and 7.0 == 7, but they are no whole numbers of chips: the action keeps what the
    # caller gave, and the engine refuses it (a kept bid of 7 must not stand in for it).
    state = new_hand(variants.get("auction"), [100] * 4, seed=3)
    legal = legal_actions(state)
    seat = legal.to_act[0]
    (bid,) = legal.options[seat]
    kept = Action.taking(bid, seat, whole)
    taken = Action.taking(bid, seat, amount)  # type: ignore[arg-type]
    assert taken.amount is amount
    assert taken is not kept
    before = state.snapshot()  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction):
        apply(state, taken)
    assert state.snapshot() == before  # type: ignore[attr-defined]


def test_a_card_given_as_a_plain_number_stays_one() -> None:
    option = Option("pick", cards=(CARDS[0], CARDS[5]))
    named = Action.taking(option, 0, card=CARDS[5])
    assert named.cards == (CARDS[5],)
    assert type(named.cards[0]) is Card
    plain = Action.taking(option, 0, card=5)  # type: ignore[arg-type]
    assert plain == named
    assert type(plain.cards[0]) is int


def test_an_unhashable_declaration_is_built_and_refused_by_the_engine() -> None:
    # Kept actions are looked up by their fields: a caller's list must not break the lookup.
    state = new_hand(variants.get("stud8"), [100] * 4, seed=3)
    seat = legal_actions(state).to_act[0]
    declare = Option("dec", declarations=("hi", "lo", "both"))
    taken = Action.taking(declare, seat, declaration=["hi"])  # type: ignore[arg-type]
    assert taken.declaration == ["hi"]
    with pytest.raises(IllegalAction):
        apply(state, taken)


def test_an_action_s_own_init_takes_and_sets_its_fields_as_the_dataclass_s_would() -> None:
    # Action writes its frozen fields through their slots (faster than object.__setattr__);
    # it must take what the dataclass's generated __init__ would, with the same defaults,
    # set every field, and leave the action frozen.
    fields = dataclasses.fields(Action)
    parameters = list(inspect.signature(Action).parameters.values())
    assert [p.name for p in parameters] == [f.name for f in fields]
    assert [p.default for p in parameters] == [inspect.Parameter.empty] + [
        f.default for f in fields[1:]
    ]
    values = ("cbr", 2, (CARDS[0], None), 40, "both")
    by_name = {f.name: v for f, v in zip(fields, values, strict=True)}
    for made in (Action(*values), Action(**by_name)):  # type: ignore[arg-type]
        assert dataclasses.astuple(made) == values
    assert dataclasses.astuple(Action("f")) == ("f", None, (), None, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Action("f").seat = 1  # type: ignore[misc]
    assert dataclasses.replace(Action("cc", 1), amount=5) == Action("cc", 1, (), 5)
