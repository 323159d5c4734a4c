"""Self-play: seated bots play hand after hand, and the chips they win or lose are counted.

:func:`play_hands` is the runner: the same bots in the same seats, stacks reset every hand,
each hand's deck shuffled from a seed derived from the run's seed, so a run is reproducible.
Every hand can be written to a ``.phhs`` record with its ``finishing_stacks``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path

from splitpot.bots import Bot
from splitpot.engine import apply, deal_next, legal_actions, new_hand
from splitpot.notation import phhs_entry
from splitpot.records import record_from_state
from splitpot.rules import Rules
from splitpot.state import State
from splitpot.views import view

__all__ = ["hand_seeds", "play_hand", "play_hands"]


def hand_seeds(seed: int, hands: int) -> list[int]:
    """The deck seeds of a run's hands: a pure function of the run's seed."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(hands)]


def play_hand(rules: Rules, bots: Sequence[Bot], stacks: Sequence[int], seed: int) -> State:
    """Deal one hand and let the bots play it to the end."""
    state = new_hand(rules, list(stacks), seed=seed)
    while not state.finished:
        legal = legal_actions(state)
        if legal.dealer:
            deal_next(state)
        else:
            seat = legal.to_act[0]
            apply(state, bots[seat].act(view(state, seat)))
    return state


def play_hands(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    hands: int,
    seed: int,
    stacks: int | Sequence[int],
    record: str | Path | None = None,
    on_hand: Callable[[int], None] | None = None,
) -> list[int]:
    """Play ``hands`` hands; the chips each seat won (positive) or lost, summing to zero.

    ``stacks`` is every player's starting stack (one number) or one per seat. With ``record``
    every hand is written to that ``.phhs`` file. ``on_hand(n)`` is called after each hand.
    """
    starting = [stacks] * len(bots) if isinstance(stacks, int) else list(stacks)
    if len(starting) != len(bots):
        raise ValueError(f"{len(starting)} stacks for {len(bots)} bots")
    net = [0] * len(bots)
    with ExitStack() as files:
        out = None
        if record is not None:
            out = files.enter_context(Path(record).open("w", encoding="utf-8"))
        for number, hand_seed in enumerate(hand_seeds(seed, hands), 1):
            state = play_hand(rules, bots, starting, hand_seed)
            for seat, chips in enumerate(state.stacks):
                net[seat] += chips - starting[seat]
            if out is not None:
                entry = phhs_entry(number, record_from_state(state, hand=number))
                out.write(entry if number == 1 else "\n" + entry)
            if on_hand is not None:
                on_hand(number)
    return net
