"""Self-play: seated bots play hand after hand, and the chips they win or lose are counted.

:func:`play_hands` is the runner: the same bots in the same seats, stacks reset every hand,
each hand's deck shuffled from a seed derived from the run's seed, so a run is reproducible.
Every hand can be written to a ``.phhs`` record with its ``finishing_stacks``.
:func:`play_rotating` seats the bots one place further round the table every hand, so that
position does not favour any of them, and :func:`mean_ci` sums a bot's results up as a mean
per hand with a 95 % confidence interval.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path

from splitpot.bots import Bot
from splitpot.engine import apply, deal_next, legal_actions, new_hand
from splitpot.errors import RulesError
from splitpot.notation import phhs_entry
from splitpot.records import record_from_state
from splitpot.rules import Rules
from splitpot.state import State
from splitpot.views import view

__all__ = ["hand_seeds", "mean_ci", "play_hand", "play_hands", "play_rotating"]


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
    results: list[tuple[int, ...]] | None = None,
) -> list[int]:
    """Play ``hands`` hands; the chips each seat won (positive) or lost, summing to zero.

    ``stacks`` is every player's starting stack (one number) or one per seat. With ``record``
    every hand is written to that ``.phhs`` file. ``on_hand(n)`` is called after each hand.
    ``results``, when given, receives each hand's chips won or lost per seat.
    """
    starting = [stacks] * len(bots) if isinstance(stacks, int) else list(stacks)
    if len(starting) != len(bots):
        raise RulesError(f"{len(starting)} stacks for {len(bots)} bots")
    net = [0] * len(bots)
    with ExitStack() as files:
        out = None
        if record is not None:
            out = files.enter_context(Path(record).open("w", encoding="utf-8"))
        for number, hand_seed in enumerate(hand_seeds(seed, hands), 1):
            state = play_hand(rules, bots, starting, hand_seed)
            won = tuple(chips - starting[seat] for seat, chips in enumerate(state.stacks))
            for seat, chips in enumerate(won):
                net[seat] += chips
            if results is not None:
                results.append(won)
            if out is not None:
                entry = phhs_entry(number, record_from_state(state, hand=number))
                out.write(entry if number == 1 else "\n" + entry)
            if on_hand is not None:
                on_hand(number)
    return net


def play_rotating(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    hands: int,
    seed: int,
    stacks: int,
    duplicate: bool = True,
    on_hand: Callable[[int], None] | None = None,
) -> list[tuple[int, ...]]:
    """Play ``hands`` hands with bot ``j`` in seat ``(j + i) % n`` at hand ``i``; each hand's
    chips won or lost, per bot (not per seat), in the order of ``bots``.

    With ``duplicate`` (the default) the hands come in blocks of ``n``: the same shuffled deck
    is dealt ``n`` times, every bot once in every seat, so the luck of the deal largely cancels
    out (duplicate poker); :func:`mean_ci` with ``block=n`` then gives honest intervals.
    """
    n = len(bots)
    out: list[tuple[int, ...]] = []
    blocks = -(-hands // n) if duplicate else hands
    seeds = hand_seeds(seed, blocks)
    for number in range(hands):
        hand_seed = seeds[number // n] if duplicate else seeds[number]
        shift = number % n
        seated = [bots[(seat - shift) % n] for seat in range(n)]
        state = play_hand(rules, seated, [stacks] * n, hand_seed)
        chips = state.stacks
        out.append(tuple(chips[(j + shift) % n] - stacks for j in range(n)))
        if on_hand is not None:
            on_hand(number + 1)
    return out


def mean_ci(values: Sequence[float], *, block: int = 1) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95 % confidence interval (normal
    approximation, 1.96 standard errors; 0 for fewer than two blocks).

    ``block``: the values come in independent blocks of that many consecutive values (the
    duplicate hands of :func:`play_rotating`); the interval is worked out from the blocks'
    means, which are independent where single hands of one block are not. A last, shorter
    block is left out.
    """
    block = max(1, block)
    whole = len(values) // block * block
    if whole == 0:
        return (sum(values) / len(values) if values else 0.0), 0.0
    means = [sum(values[i : i + block]) / block for i in range(0, whole, block)]
    k = len(means)
    mean = sum(means) / k
    if k < 2:
        return mean, 0.0
    variance = sum((m - mean) ** 2 for m in means) / (k - 1)
    return mean, 1.96 * math.sqrt(variance / k)
