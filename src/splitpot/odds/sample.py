"""Dealing the unseen cards: every way (small cases) or at random (Monte Carlo), and what each
deal gives each hand, cards speak.

Random deals come from a seeded numpy generator (the same seed gives the same deals). Deals
are tallied by *kind* — whether a hand won or tied each half and how many hands shared it — so
the shares of a Monte Carlo estimate are sums of exact fractions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import comb
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from splitpot.odds.exact import combos, values
from splitpot.rules import Rules

__all__ = [
    "Kinds",
    "Sums",
    "all_deals",
    "deal_count",
    "hand_values",
    "kinds",
    "random_deals",
    "sample",
    "scooped",
    "share",
]

_Int = npt.NDArray[np.int64]
BATCH = 200_000
"""Random deals per batch (memory: a few tens of MB)."""


def random_deals(
    rng: np.random.Generator, unseen: int, cards: int, count: int
) -> npt.NDArray[np.integer]:
    """``count`` rows of ``cards`` distinct positions among ``unseen``, each row a uniformly
    random ordered choice. Rows of independent positions are drawn and those holding a
    position twice drawn again (uniform over the rows that remain); where that would be drawn
    again too often, the first ``cards`` steps of a Fisher–Yates shuffle instead."""
    keep = 1.0
    for i in range(cards):
        keep *= 1 - i / unseen
    if keep < 0.25:
        deck = np.tile(np.arange(unseen, dtype=np.int8), (count, 1))
        rows = np.arange(count)
        for i in range(cards):
            j = rng.integers(i, unseen, size=count)
            picked = deck[rows, j]
            deck[rows, j] = deck[:, i]
            deck[:, i] = picked
        return deck[:, :cards]
    chosen = rng.integers(0, unseen, size=(cards, count), dtype=np.int8)  # a row per card
    rows = np.arange(count)
    twice = np.bitwise_count(_seen(chosen)) != cards
    while (rows := rows[twice]).size:
        chosen[:, rows] = rng.integers(0, unseen, size=(cards, len(rows)), dtype=np.int8)
        twice = np.bitwise_count(_seen(chosen[:, rows])) != cards
    return chosen.T


_BIT = np.left_shift(np.uint64(1), np.arange(64, dtype=np.uint64))


def _seen(cards: npt.NDArray[np.int8]) -> npt.NDArray[np.uint64]:
    """Per column, the bitmask of the positions it holds."""
    mask: npt.NDArray[np.uint64] = _BIT[cards[0]]
    for row in cards[1:]:
        mask |= _BIT[row]
    return mask


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
    deals: npt.NDArray[np.integer],
) -> tuple[_Int, _Int]:
    """High and low values (deals × hands) of each hand completed by each deal."""
    highs, lows = [], []
    at = 0
    dealt = deck.astype(np.int8)[deals]
    for cards, draw in zip(known, draws, strict=True):
        # built card by card, so that the evaluator's transposed copy costs nothing
        rows = np.empty((len(cards) + draw, len(deals)), dtype=np.int8)
        rows[: len(cards)] = np.asarray(cards, dtype=np.int8)[:, None]
        rows[len(cards) :] = dealt[:, at : at + draw].T
        at += draw
        high, low = values(rules, rows.T)
        highs.append(high)
        lows.append(low)
    return np.stack(highs, axis=1), np.stack(lows, axis=1)


class Kinds(NamedTuple):
    """``counts[i, kind]``: deals in which hand i fared as ``kind`` says — won or tied high,
    won or tied low, and how many hands shared each half (:meth:`unpack`)."""

    counts: _Int
    n: int

    def unpack(self, kind: int) -> tuple[bool, bool, int, int]:
        """(won or tied high, won or tied low, hands at the best high, hands at the best
        qualifying low — 0: no low at all)."""
        return bool(kind & 1), bool(kind & 2), (kind >> 2) % self.n + 1, (kind >> 2) // self.n


def kinds(high: _Int, low: _Int) -> Kinds:
    """Tally the deals (rows of values, one column per hand) by kind, per hand."""
    n = high.shape[1]
    top_high = high == high.max(axis=1, keepdims=True)
    best_low = low.max(axis=1, keepdims=True)
    top_low = (low == best_low) & (best_low > 0)
    shared = (top_high.sum(axis=1) - 1) + n * top_low.sum(axis=1)
    size = 4 * n * (n + 1)
    counts = [
        np.bincount(top_high[:, i] + 2 * top_low[:, i] + 4 * shared, minlength=size)
        for i in range(n)
    ]
    return Kinds(np.stack(counts).astype(np.int64), n)


def share(rules: Rules, high: bool, low: bool, high_ways: int, low_ways: int, n: int) -> Fraction:
    """A hand's part of the pot, cards speak (Robert's 7): the best high takes half, the best
    qualifying low the other half, ties split; a half nobody can take goes to the other
    (house-rules.md), and with no half taken at all the pot is shared."""
    if rules.split:
        if not low_ways:
            return Fraction(high, high_ways)
        return Fraction(high, 2 * high_ways) + Fraction(low, 2 * low_ways)
    if rules.high:
        return Fraction(high, high_ways)
    return Fraction(low, low_ways) if low_ways else Fraction(1, n)


def scooped(rules: Rules, high: bool, low: bool, high_ways: int, low_ways: int) -> bool:
    """The hand takes the whole pot alone."""
    alone_high = high and high_ways == 1
    alone_low = low and low_ways == 1
    if rules.split:
        return alone_high and (alone_low or not low_ways)
    return alone_high if rules.high else alone_low


class Sums(NamedTuple):
    """Totals over random deals, per hand: wins or ties high and low, scoops, the share and
    its square (for the standard error)."""

    deals: int
    high: list[int]
    low: list[int]
    scoop: list[int]
    share: list[Fraction]
    share_squares: list[Fraction]


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
    tally = np.zeros((n, 4 * n * (n + 1)), dtype=np.int64)
    done = 0
    while done < count:
        batch = min(BATCH, count - done)
        deals = random_deals(rng, len(cards), sum(draws), batch)
        tally += kinds(*hand_values(rules, known, draws, cards, deals)).counts
        done += batch
        if progress is not None:
            progress(done, count)
    found = Kinds(tally, n)
    sums = Sums(count, [0] * n, [0] * n, [0] * n, [Fraction(0)] * n, [Fraction(0)] * n)
    for kind in np.flatnonzero(tally.any(axis=0)):
        high, low, high_ways, low_ways = found.unpack(int(kind))
        part = share(rules, high, low, high_ways, low_ways, n)
        alone = scooped(rules, high, low, high_ways, low_ways)
        for i in range(n):
            times = int(tally[i, kind])
            sums.high[i] += times * (high and rules.high)
            sums.low[i] += times * low
            sums.scoop[i] += times * alone
            sums.share[i] += times * part
            sums.share_squares[i] += times * part * part
    return sums
