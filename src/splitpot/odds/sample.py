"""Dealing the unseen cards: every way (small cases) or at random (Monte Carlo), and what each
deal gives each hand (cards speak, shares of the pot per deal).

Random deals are a partial Fisher–Yates shuffle of the unseen cards, row by row in numpy, from a
seeded generator: the same seed gives the same deals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from splitpot.odds.exact import combos, values
from splitpot.rules import Rules

__all__ = [
    "Shares",
    "Sums",
    "all_deals",
    "deal_count",
    "hand_values",
    "random_deals",
    "sample",
    "shares",
]

_Int = npt.NDArray[np.int64]
_Float = npt.NDArray[np.float64]
BATCH = 200_000
"""Random deals per batch (memory: a few tens of MB)."""


def random_deals(rng: np.random.Generator, unseen: int, cards: int, count: int) -> _Int:
    """``count`` rows of ``cards`` distinct positions among ``unseen``, each row a uniformly
    random ordered choice (the first ``cards`` steps of a Fisher–Yates shuffle)."""
    deck = np.tile(np.arange(unseen, dtype=np.int8), (count, 1))
    rows = np.arange(count)
    for i in range(cards):
        j = rng.integers(i, unseen, size=count)
        picked = deck[rows, j]
        deck[rows, j] = deck[:, i]
        deck[:, i] = picked
    return deck[:, :cards].astype(np.int64)


def all_deals(unseen: int, draws: Sequence[int]) -> _Int:
    """Every deal of ``draws[i]`` cards to each hand from ``unseen`` positions, one row each
    (the hands' cards side by side, each hand's in increasing order)."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for draw in draws:
        if not draw:
            continue
        choices = combos(unseen, draw).astype(np.int64)
        taken = np.zeros((len(rows), unseen), dtype=bool)
        np.put_along_axis(taken, rows, True, axis=1)
        grown = []
        for row, used in zip(rows, taken, strict=True):
            fits = choices[~used[choices].any(axis=1)]
            grown.append(np.hstack([np.tile(row, (len(fits), 1)), fits]))
        rows = np.vstack(grown)
    return rows


def deal_count(unseen: int, draws: Sequence[int]) -> int:
    """Rows of :func:`all_deals`."""
    total = 1
    for draw in draws:
        total *= comb(unseen, draw)
        unseen -= draw
    return total


def hand_values(
    rules: Rules,
    known: Sequence[Sequence[int]],
    draws: Sequence[int],
    deck: npt.NDArray[np.int64],
    deals: _Int,
) -> tuple[_Int, _Int]:
    """High and low values (deals × hands) of each hand completed by each deal."""
    highs, lows = [], []
    at = 0
    for cards, draw in zip(known, draws, strict=True):
        fixed = np.tile(np.asarray(cards, dtype=np.int64), (len(deals), 1))
        rows = np.hstack([fixed, deck[deals[:, at : at + draw]]])
        at += draw
        high, low = values(rules, rows)
        highs.append(high)
        lows.append(low)
    return np.stack(highs, axis=1), np.stack(lows, axis=1)


class Shares(NamedTuple):
    """Per deal and hand: won or tied high, won or tied low, scooped, share of the pot."""

    high: npt.NDArray[np.bool_]
    low: npt.NDArray[np.bool_]
    scoop: npt.NDArray[np.bool_]
    share: _Float


def shares(rules: Rules, high: _Int, low: _Int) -> Shares:
    """Cards speak (Robert's 7): the best high takes half, the best qualifying low the other
    half, ties split; a half nobody can take goes to the other (house-rules.md), and with no
    half taken at all the pot is shared."""
    n = high.shape[1]
    top_high = high == high.max(axis=1, keepdims=True)
    best_low = low.max(axis=1, keepdims=True)
    top_low = (low == best_low) & (best_low > 0)
    no_low = best_low[:, 0] == 0
    h = top_high / top_high.sum(axis=1, keepdims=True)
    ways = top_low.sum(axis=1, keepdims=True)
    lo = np.divide(top_low, ways, out=np.zeros(low.shape), where=ways > 0)
    alone_high = top_high & (top_high.sum(axis=1, keepdims=True) == 1)
    alone_low = top_low & (ways == 1)
    if rules.split:
        share = np.where(no_low[:, None], h, 0.5 * h + 0.5 * lo)
        scoop = alone_high & (alone_low | no_low[:, None])
    elif rules.high:
        share, scoop = h, alone_high
    else:
        share = np.where(no_low[:, None], 1.0 / n, lo)
        scoop = alone_low
    won_high = top_high if rules.high else np.zeros_like(top_high)
    return Shares(won_high, top_low, scoop, share)


class Sums(NamedTuple):
    """Totals over random deals, per hand: wins or ties high and low, scoops, the share and
    its square (for the standard error)."""

    deals: int
    high: list[int]
    low: list[int]
    scoop: list[int]
    share: list[float]
    share_squares: list[float]


def sample(
    known: Sequence[Sequence[int]],
    draws: Sequence[int],
    deck: Sequence[int],
    rules: Rules,
    count: int,
    seed: int | None,
    progress: Callable[[int, int], None] | None = None,
) -> Sums:
    """Monte Carlo: ``count`` random deals of the missing cards, cards speak."""
    rng = np.random.default_rng(seed)
    cards = np.asarray(deck, dtype=np.int64)
    n = len(known)
    high, low, scoop = [0] * n, [0] * n, [0] * n
    share, square = np.zeros(n), np.zeros(n)
    done = 0
    while done < count:
        batch = min(BATCH, count - done)
        deals = random_deals(rng, len(cards), sum(draws), batch)
        got = shares(rules, *hand_values(rules, known, draws, cards, deals))
        for i in range(n):
            high[i] += int(got.high[:, i].sum())
            low[i] += int(got.low[:, i].sum())
            scoop[i] += int(got.scoop[:, i].sum())
        share += got.share.sum(axis=0)
        square += (got.share**2).sum(axis=0)
        done += batch
        if progress is not None:
            progress(done, count)
    return Sums(count, high, low, scoop, share.tolist(), square.tolist())
