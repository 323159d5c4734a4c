"""Bots only ever take legal actions, in every registered game; the calling station never folds
or raises; the random bot is reproducible and explores every kind of option."""

from __future__ import annotations

from collections import Counter

import pytest

from play import play_bots
from splitpot import bots, variants
from splitpot.engine import new_hand
from splitpot.errors import SplitpotError

GAMES = variants.names()


def play(game: str, players: int, names: list[str], seed: int, stack: int) -> Counter[str]:
    """Play one hand, checking each bot action against the seat's options; verbs used."""
    rules = variants.get(game)
    seated = [bots.get(name, seed=seed * 10 + s) for s, name in enumerate(names)]
    state = new_hand(rules, [stack] * players, seed=seed)
    verbs: Counter[str] = Counter()
    for seen, action in play_bots(state, seated):
        option = {o.verb: o for o in seen.options}.get(action.verb)
        assert option is not None, (action, seen.options)
        if action.verb == "cbr":
            assert action.amount is not None
            assert option.min_amount is not None
            assert option.max_amount is not None
            assert option.min_amount <= action.amount <= option.max_amount
            assert not option.choices or action.amount in option.choices
        verbs[f"{names[action.seat or 0]}:{action.verb}"] += 1
    assert sum(state.stacks) == stack * players
    return verbs


@pytest.mark.parametrize("game", GAMES)
def test_bots_never_act_illegally(game: str) -> None:
    rules = variants.get(game)
    used: Counter[str] = Counter()
    for seed in range(60):
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        names = ["random" if (seed + s) % 3 else "call" for s in range(players)]
        stack = (10, 40, 400)[seed % 3] * rules.small_bet // 5  # short stacks go all in
        used += play(game, players, names, seed, max(stack, 1))
    random_verbs = {k.split(":")[1] for k in used if k.startswith("random:")}
    call_verbs = {k.split(":")[1] for k in used if k.startswith("call:")}
    assert {"f", "cc", "cbr"} <= random_verbs
    # standing pat, declaring, the minimum bid, the first card on offer, the first card to
    # sell, discard or turn up: never a raise or a fold
    assert call_verbs <= {"pb", "cc", "sm", "sd", "dec", "bid", "pick", "sell", "up", "pass"}
    if game.startswith("nasdaq"):
        assert "bid" not in call_verbs  # it passes rather than bid at a sale


def test_call_bot_brings_in_checks_and_calls() -> None:
    used = Counter[str]()
    for seed in range(20):
        used += play("stud8", 4, ["call"] * 4, seed, 1000)
    assert set(used) == {"call:pb", "call:cc"}
    assert used["call:pb"] == 20  # one bring-in a hand


def test_random_bot_is_reproducible() -> None:
    a = [play("stud8", 5, ["random"] * 5, seed, 300) for seed in range(10)]
    b = [play("stud8", 5, ["random"] * 5, seed, 300) for seed in range(10)]
    assert a == b


def test_registry() -> None:
    assert {"call", "random"} <= set(bots.names())
    assert isinstance(bots.get("call"), bots.Bot)
    assert isinstance(bots.get("random", seed=1), bots.Bot)
    with pytest.raises(SplitpotError, match="unknown bot 'shark'"):
        bots.get("shark")
