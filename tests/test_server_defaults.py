"""The moves the web table makes for a player who timed out or sits out (docs/web.md): each is
the documented one, and each is legal, at every decision of random hands of every game."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from splitpot import bots, variants
from splitpot.actions import Action
from splitpot.engine import State, apply, legal_actions, new_hand
from splitpot.hands import low_value
from splitpot.server.defaults import default_action
from splitpot.views import View, view


def decisions(game: str, hands: int, seed: int) -> Iterator[tuple[State, View]]:
    """Every decision of ``hands`` random hands of four players (random bots)."""
    rules = variants.get(game)
    players = [bots.get("random", seed=seed + s) for s in range(4)]
    rng = random.Random(seed)
    for _ in range(hands):
        state = new_hand(rules, [200] * 4, seed=rng.randrange(2**32))
        while not state.finished:
            seat = legal_actions(state).to_act[0]
            seen = view(state, seat)
            yield state, seen
            apply(state, players[seat].act(seen))


def expected(seen: View, game: str) -> Action:
    """The move docs/web.md promises, worked out from the options alone."""
    seat = seen.seat
    assert seat is not None
    by = {o.verb: o for o in reversed(seen.options)}  # the first of each verb wins
    if "cc" in by and not by["cc"].min_amount:
        return Action("cc", seat)  # check
    for verb in ("f", "pb", "cc", "pass"):  # fold, a forced bring-in, call, pass at a sale
        if verb in by:
            return Action(verb, seat)
    if "bid" in by:
        return Action("bid", seat, amount=by["bid"].min_amount)  # the minimum bid
    if "pick" in by:
        return Action("pick", seat, (max(by["pick"].cards),))  # the highest card of the lot
    if "sd" in by:  # stand pat, or the lowest card where one must go
        cards = by["sd"].cards
        return Action("sd", seat, (min(cards),) if cards else ())
    if "sell" in by:
        sells = [o for o in seen.options if o.verb == "sell"]
        free = [o for o in sells if o.min_amount is None]
        chosen = free[0] if free else sells[0]
        return Action("sell", seat, (min(chosen.cards),), chosen.min_amount)
    if "up" in by:
        return Action("up", seat, (min(by["up"].cards),))
    assert "dec" in by, seen.options
    mine = [c for c in seen.seats[seat].down + seen.seats[seat].up if c is not None]
    low = low_value(mine, qualifier=8) is not None and "lo" in by["dec"].declarations
    return Action("dec", seat, declaration="lo" if low else "hi")


@pytest.mark.parametrize("game", variants.names())
def test_every_default_move_is_the_documented_one_and_legal(game: str) -> None:
    rules = variants.get(game)
    seen_verbs: set[str] = set()
    for state, seen in decisions(game, 12, seed=15):
        move = default_action(seen, rules)
        assert move == expected(seen, game)
        trial = state.copy()
        apply(trial, move)  # the rules accept it
        seen_verbs.update(o.verb for o in seen.options)
    assert seen_verbs  # every game asked for decisions


def test_the_declaration_default_is_low_only_with_an_eight_or_better_low() -> None:
    rules = variants.get("auction")
    found = {"lo": False, "hi": False}
    for _, seen in decisions("auction", 40, seed=3):
        if seen.options[0].verb != "dec":
            continue
        said = default_action(seen, rules).declaration
        assert said in found
        found[said] = True
    assert found == {"lo": True, "hi": True}
