"""Exact odds: every way the unseen cards can fall, counted through each hand's own completions.

Brute force visits every outcome: 141,181,040 of them heads-up from fourth street of stud. Here
each hand's completions (the ways its missing cards can come) are valued once with the batch
evaluator, and outcomes are counted, not visited:

1. The hands are split in two sides, A and B; a side's *deals* are its hands' completions taken
   together, pairwise disjoint (heads-up: one hand's completions each).
2. For a deal p of side A, the deals q of side B that fit with it are those sharing no card with
   it. By inclusion–exclusion over the cards T they might share, the count of fitting q with a
   property equals the sum over T ⊆ cards(p) of (-1)^|T| times the count of q holding T. Every
   count "q holding T with best high below v" is one binary search in a table of side B's deals
   sorted by (T, best high), built once (each deal of B is entered under each T ⊆ its cards).
3. What decides the pot between the sides is each side's best high and best low and how many of
   its hands tie for them; a hand wins high if it is best on its side and its side's best beats
   or ties the other side's (ties split). Scoops need high *and* low together: a 2-D count, done
   with a wavelet matrix of the low ranks laid out in the (T, best high) order
   (:mod:`splitpot.odds.tables`).
4. Each side is done once as A (its hands' counts) against the other as B.

The work is about (deals of A + deals of B) × 2^cards × log, against their product for brute
force. Counters are numpy ``int64`` per batch, summed into Python ints (third street passes
2^32 outcomes; nothing here comes near 2^63), and the shares are exact fractions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from math import comb, lcm
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from splitpot.hands import Ranking, high_values, low_values
from splitpot.odds.tables import Tally, Wavelet
from splitpot.rules import Rules

__all__ = ["Counts", "combos", "count", "outcomes", "ranking", "values", "work"]

_Int = npt.NDArray[np.int64]
_BITS = 14
"""High and low values are below 2**14 (splitpot.hands: dense ranks)."""
_BINOMIAL = np.array([[comb(n, k) for k in range(9)] for n in range(53)], dtype=np.int64)
_CHUNK = 1 << 21
"""Query rows (deal × subset) per batch: bounds the memory of a pass."""

Progress = Callable[[int, int], None]


class Counts(NamedTuple):
    """Per hand, outcomes won or tied high and low, scooped, and the expected share of the pot
    as ``share[i] / share_unit`` outcomes (an exact integer fraction); ``total`` outcomes."""

    total: int
    high: list[int]
    low: list[int]
    scoop: list[int]
    share: list[int]
    share_unit: int


def outcomes(draws: Sequence[int], unseen: int) -> int:
    """The number of ways to deal ``draws[i]`` cards to each hand from ``unseen`` cards."""
    total, left = 1, unseen
    for d in draws:
        total *= comb(left, d)
        left -= d
    return total


class _Completions(NamedTuple):
    """One hand's completions: deck positions (N, u), their bitmask, and the hand's values."""

    positions: npt.NDArray[np.int8]
    masks: npt.NDArray[np.uint64]
    high: _Int
    low: _Int


def combos(m: int, k: int) -> npt.NDArray[np.int8]:
    """Every choice of ``k`` of ``m`` positions, one row each, in increasing order (as
    :func:`itertools.combinations` lists them), built a column at a time."""
    rows = np.zeros((1, 0), dtype=np.int8)
    for column in range(k):
        last = rows[:, -1].astype(np.int64) if column else np.full(1, -1)
        room = np.maximum(m - (k - column) - last, 0)  # the next position: last+1 .. m-k+column
        grown = np.repeat(rows, room, axis=0)
        offset = np.arange(int(room.sum())) - np.repeat(np.cumsum(room) - room, room)
        rows = np.hstack([grown, (np.repeat(last + 1, room) + offset)[:, None].astype(np.int8)])
    return rows


def _completions(
    known: Sequence[int], draw: int, deck: npt.NDArray[np.int64], rules: Rules
) -> _Completions:
    positions = combos(len(deck), draw)
    masks = np.zeros(len(positions), dtype=np.uint64)
    for column in positions.T:
        masks |= np.left_shift(np.uint64(1), column.astype(np.uint64))
    # built card by card, so that the evaluator's transposed copy costs nothing
    rows = np.empty((len(known) + draw, len(positions)), dtype=np.int8)
    rows[: len(known)] = np.asarray(known, dtype=np.int8)[:, None]
    rows[len(known) :] = deck.astype(np.int8)[positions].T
    high, low = values(rules, rows.T)
    return _Completions(positions, masks, high, low)


def values(rules: Rules, rows: npt.NDArray[np.integer]) -> tuple[_Int, _Int]:
    """High and low values of each row of cards (0 for a half the game does not play, and for
    no qualifying low)."""
    zeros = np.zeros(len(rows), dtype=np.int64)
    high = high_values(rows).astype(np.int64) if rules.high else zeros
    if rules.low == "none":
        return high, zeros
    low = low_values(rows, ranking=ranking(rules), qualifier=rules.qualifier)
    return high, low.astype(np.int64)


def ranking(rules: Rules) -> Ranking:
    """The game's low ranking, for the evaluator."""
    return "27" if rules.low == "27" else "a5"


# --- sides -------------------------------------------------------------------------------------


class _Side(NamedTuple):
    """The deals of a side: its hands (numbers), their values (N, k) and the cards (N, U)."""

    hands: tuple[int, ...]
    high: _Int
    low: _Int
    cards: npt.NDArray[np.int8]


def _side(hands: tuple[int, ...], comps: list[_Completions]) -> _Side:
    """Every deal of the side: one completion per hand, no card twice."""
    first = comps[hands[0]]
    picks = [np.arange(len(first.masks))]
    masks = first.masks
    for hand in hands[1:]:
        other = comps[hand].masks
        rows, cols = [], []
        step = max(1, (1 << 22) // max(1, len(other)))
        for start in range(0, len(masks), step):
            fits = (masks[start : start + step, None] & other[None, :]) == 0
            r, c = np.nonzero(fits)
            rows.append(r + start)
            cols.append(c)
        row, col = np.concatenate(rows), np.concatenate(cols)
        picks = [p[row] for p in picks] + [col]
        masks = masks[row] | other[col]
    high = np.stack([comps[h].high[p] for h, p in zip(hands, picks, strict=True)], axis=1)
    low = np.stack([comps[h].low[p] for h, p in zip(hands, picks, strict=True)], axis=1)
    cards = np.sort(
        np.hstack([comps[h].positions[p] for h, p in zip(hands, picks, strict=True)]), axis=1
    )
    return _Side(hands, high, low, cards)


def _subsets(width: int, most: int) -> list[tuple[int, ...]]:
    return [c for t in range(min(width, most) + 1) for c in combinations(range(width), t)]


def _groups(cards: npt.NDArray[np.int8], subset: tuple[int, ...], m: int) -> _Int:
    """The id of the subset of each row's (sorted) cards: its size's offset plus its colex rank."""
    gid = np.full(len(cards), sum(comb(m, t) for t in range(len(subset))), dtype=np.int64)
    for j, column in enumerate(subset):
        gid += _BINOMIAL[cards[:, column].astype(np.int64), j + 1]
    return gid


class _Summary(NamedTuple):
    """Per deal of a side: best high, hands tied for it, best low (0: none), hands tied for it,
    and the side's hand that would scoop the side's own halves (-1: none)."""

    high: _Int
    high_ties: _Int
    low: _Int
    low_ties: _Int
    top: _Int


def _summary(side: _Side) -> _Summary:
    high = side.high.max(axis=1)
    at_high = side.high == high[:, None]
    low = side.low.max(axis=1)
    at_low = (side.low == low[:, None]) & (low[:, None] > 0)
    high_ties, low_ties = at_high.sum(axis=1), at_low.sum(axis=1)
    alone = (high_ties == 1) & ((low == 0) | ((low_ties == 1) & (at_high == at_low).all(axis=1)))
    top = np.where(alone, np.argmax(at_high, axis=1), -1)
    return _Summary(high, high_ties, low, low_ties, top)


# --- the tables of side B ----------------------------------------------------------------------


class _Tables:
    """Side B's deals entered under every subset T of their cards (up to ``most`` cards), sorted
    by (T, best high, ties) with each entry's low rank (and low ties) alongside for the
    wavelet, and by (T, best low, ties)."""

    def __init__(self, side: _Side, most: int, m: int, rules: Rules) -> None:
        s = _summary(side)
        subsets = _subsets(side.cards.shape[1], most)
        gid = np.concatenate([_groups(side.cards, sub, m) for sub in subsets])
        rep = len(subsets)
        width = len(side.hands) + 1
        self.lows = np.unique(np.append(s.low, 0))  # lows[0] == 0: no low
        lowish = np.tile(np.searchsorted(self.lows, s.low) * width + s.low_ties, rep)
        self.low_bits = int(len(self.lows) * width).bit_length()
        high = (gid << _BITS | np.tile(s.high, rep)) * width + np.tile(s.high_ties, rep)
        packed = np.sort(high << self.low_bits | lowish)
        keyed, lowish = packed >> self.low_bits, packed & ((1 << self.low_bits) - 1)
        self.width = width
        self.high = Tally(keyed, width)
        self.no_low: Tally | None = None
        self.low: Tally | None = None
        self.wavelet: Wavelet | None = None
        self.lowish = lowish
        if rules.split:
            self.no_low = Tally(keyed[lowish < width], width)
        if rules.low != "none":
            low = (gid << _BITS | np.tile(s.low, rep)) * width + np.tile(s.low_ties, rep)
            self.low = Tally(np.sort(low), width)

    def both_below(self, start: _Int, stop: _Int, low: _Int) -> _Int:
        """Entries at sorted positions [start, stop) with best low below ``low``: read off for
        a few questions (cheaper than building the wavelet matrix), else from the wavelet."""
        bound = np.searchsorted(self.lows, low) * self.width
        few = len(start) <= 1000 and int((stop - start).sum()) <= len(self.lowish) * self.low_bits
        if self.wavelet is None and few:
            ranges = zip(start.tolist(), stop.tolist(), bound.tolist(), strict=True)
            seen = [np.count_nonzero(self.lowish[a:b] < c) for a, b, c in ranges]
            return np.array(seen, dtype=np.int64)
        if self.wavelet is None:
            self.wavelet = Wavelet(self.lowish, self.low_bits)
        return self.wavelet.below(start, stop, bound)


# --- counting ----------------------------------------------------------------------------------


class _Tallies:
    """Running counts per hand: outcomes won or tied high/low, scooped, and the share parts by
    the number of hands sharing (index t: split t ways)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.high = [0] * n
        self.low = [0] * n
        self.scoop = [0] * n
        self.high_ways = [[0] * (n + 1) for _ in range(n)]
        self.low_ways = [[0] * (n + 1) for _ in range(n)]
        self.alone_ways = [[0] * (n + 1) for _ in range(n)]  # high when nobody has a low
        self.no_low = [0] * n  # low-only games: outcomes with no low at all (kept at hand 0)


def _add_ways(
    ways: list[int], ties: _Int, below: _Int, equal: _Int, mine: npt.NDArray[np.bool_]
) -> None:
    """Add, for the deals where the hand is best on its side, the outcomes split ``t`` ways."""
    for t in range(1, len(ways)):
        part = int(below[mine & (ties == t)].sum())
        for k in range(1, equal.shape[1]):
            part += int(equal[mine & (ties + k == t), k].sum())
        ways[t] += part


_ENTRY = 22
"""Bits of an entry's number packed under its key for sorting (chunks hold < 2**22)."""


class _Queries:
    """The (deal, subset T) entries of one chunk of side A, in key order, and their sums back
    per deal with the inclusion–exclusion signs."""

    def __init__(self, gid: _Int, per_deal: int, signs: _Int, deals: int) -> None:
        self.gid, self.per_deal, self.deals = gid, per_deal, deals
        self.signs = signs

    def order(self, values: _Int) -> tuple[_Int, _Int]:
        """Each entry's key (group, the deal's value), sorted, and the entry it belongs to."""
        rows = np.repeat(values, self.per_deal)
        packed = (self.gid << _BITS | rows) << _ENTRY | np.arange(len(self.gid))
        packed.sort()
        return packed >> _ENTRY, packed & ((1 << _ENTRY) - 1)

    def sum(self, counts: _Int, entries: _Int) -> _Int:
        """Per deal, the signed sum of ``counts`` (one per entry of ``entries``): the count of
        fitting deals of B. Exact in float64: every partial sum is far below 2**53."""
        weights = counts * self.signs[entries % self.per_deal]
        total = np.bincount(entries // self.per_deal, weights=weights, minlength=self.deals)
        return np.rint(total).astype(np.int64)

    def sum_classes(self, counts: _Int, entries: _Int) -> _Int:
        return np.stack([self.sum(c, entries) for c in counts.T], axis=1)


def _ask(tally: Tally, keys: _Int) -> tuple[_Int, _Int, _Int, _Int]:
    """:meth:`Tally.ask` for sorted keys (group, value): each from its group's first key."""
    return tally.ask(keys, keys >> _BITS << _BITS)


def _pass(
    a: _Side,
    tables: _Tables,
    most: int,
    m: int,
    rules: Rules,
    into: _Tallies,
    progress: Callable[[int], None],
) -> None:
    """Count, for each hand of side A, its outcomes against every fitting deal of side B."""
    s = _summary(a)
    subsets = _subsets(a.cards.shape[1], most)
    signs = np.array([(-1) ** len(sub) for sub in subsets], dtype=np.int64)
    rows = max(1, _CHUNK // len(subsets))
    for start in range(0, len(s.high), rows):
        part = slice(start, start + rows)
        high, low, top = s.high[part], s.low[part], s.top[part]
        high_ties, low_ties = s.high_ties[part], s.low_ties[part]
        n = len(high)
        gid = np.stack([_groups(a.cards[part], sub, m) for sub in subsets], axis=1).ravel()
        queries = _Queries(gid, len(subsets), signs, n)
        keys, entries = queries.order(high)
        deal = entries // len(subsets)
        below, equal, group_at, key_at = _ask(tables.high, keys)
        h_below, h_equal = queries.sum(below, entries), queries.sum_classes(equal, entries)
        l_below = l_equal = nl_below = nl_equal = None
        if tables.low is not None:
            # a deal with no low asks about 1: the deals of B with no low either
            l_keys, l_entries = queries.order(np.maximum(low, 1))
            below, equal, _, _ = _ask(tables.low, l_keys)
            l_below, l_equal = queries.sum(below, l_entries), queries.sum_classes(equal, l_entries)
        scoops = np.zeros(n, dtype=np.int64)
        if tables.no_low is not None:
            none = (low == 0)[deal]
            below, equal, _, _ = _ask(tables.no_low, keys[none])
            nl_below = queries.sum(below, entries[none])
            nl_equal = queries.sum_classes(equal, entries[none])
            both = ((top >= 0) & (low > 0))[deal]
            counted = tables.both_below(group_at[both], key_at[both], low[deal[both]])
            scoops = np.where(
                low > 0, queries.sum(counted, entries[both]), np.where(top >= 0, nl_below, 0)
            )
            scoops = np.where(top >= 0, scoops, 0)
        for j, hand in enumerate(a.hands):
            at_high = a.high[part, j] == high
            at_low = (a.low[part, j] == low) & (low > 0)
            if rules.high:
                into.high[hand] += int((h_below + h_equal.sum(axis=1))[at_high].sum())
                _add_ways(into.high_ways[hand], high_ties, h_below, h_equal, at_high)
            if l_below is not None and l_equal is not None:
                into.low[hand] += int((l_below + l_equal.sum(axis=1))[at_low].sum())
                _add_ways(into.low_ways[hand], low_ties, l_below, l_equal, at_low)
                if not rules.high and hand == 0:  # nobody has a low: counted once
                    into.no_low[hand] += int(l_below[low == 0].sum())
            if nl_below is not None and nl_equal is not None:
                alone = at_high & (low == 0)
                _add_ways(into.alone_ways[hand], high_ties, nl_below, nl_equal, alone)
            if rules.split:
                into.scoop[hand] += int(scoops[top == j].sum())
            elif rules.high:
                into.scoop[hand] += int(h_below[at_high & (high_ties == 1)].sum())
            elif l_below is not None:
                into.scoop[hand] += int(l_below[at_low & (low_ties == 1)].sum())
        progress(n)


def _split(draws: Sequence[int], m: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The two sides that make the least work (:func:`work`)."""
    n = len(draws)
    best: tuple[float, tuple[int, ...], tuple[int, ...]] | None = None
    for bits in range(1, 1 << (n - 1)):
        a = tuple(i for i in range(n) if bits >> i & 1 == 0)
        b = tuple(i for i in range(n) if bits >> i & 1)
        cost = _work(draws, m, a, b)
        if best is None or cost < best[0]:
            best = (cost, a, b)
    assert best is not None
    return best[1], best[2]


def _work(draws: Sequence[int], m: int, a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """Table entries and queries of a split: deals × subsets, each side in both roles."""
    most = min(sum(draws[i] for i in a), sum(draws[i] for i in b))
    total = 0.0
    for side in (a, b):
        deals = outcomes([draws[i] for i in side], m)
        cards = sum(draws[i] for i in side)
        total += deals * sum(comb(cards, t) for t in range(most + 1))
    return total


def work(draws: Sequence[int], unseen: int) -> float:
    """Roughly the table entries and queries an exact count needs (its memory and time);
    infinite where the card subsets are too many to key in 64 bits."""
    a, b = _split(draws, unseen)
    most = min(sum(draws[i] for i in a), sum(draws[i] for i in b))
    groups = sum(comb(unseen, t) for t in range(most + 1))
    if groups.bit_length() + _BITS + _ENTRY > 63:
        return float("inf")
    return _work(draws, unseen, a, b)


def count(
    known: Sequence[Sequence[int]],
    draws: Sequence[int],
    deck: Sequence[int],
    rules: Rules,
    progress: Progress | None = None,
) -> Counts:
    """Exact counts for hands holding ``known`` cards and missing ``draws`` cards each, dealt
    from ``deck`` (the unseen cards), cards speak under ``rules``."""
    n, m = len(known), len(deck)
    cards = np.asarray(deck, dtype=np.int64)
    comps = [_completions(k, d, cards, rules) for k, d in zip(known, draws, strict=True)]
    a_hands, b_hands = _split(draws, m)
    a, b = _side(a_hands, comps), _side(b_hands, comps)
    most = min(a.cards.shape[1], b.cards.shape[1])
    into = _Tallies(n)
    done, goal = 0, len(a.high) + len(b.high)

    def step(k: int) -> None:
        nonlocal done
        done += k
        if progress is not None:
            progress(done, goal)

    for mine, theirs in ((a, b), (b, a)):
        _pass(mine, _Tables(theirs, most, m, rules), most, m, rules, into, step)
    total = outcomes(draws, m)
    unit = lcm(*range(1, n + 1))
    shares = []
    for i in range(n):
        high = sum(c * (unit // t) for t, c in enumerate(into.high_ways[i]) if t)
        low = sum(c * (unit // t) for t, c in enumerate(into.low_ways[i]) if t)
        alone = sum(c * (unit // t) for t, c in enumerate(into.alone_ways[i]) if t)
        if rules.split:  # half each way; with no low at all the high takes the whole pot
            shares.append(high + low + alone)
        elif rules.high:
            shares.append(2 * high)
        else:  # low only: with no low at all the pot is shared by all (house-rules.md)
            shares.append(2 * low + 2 * (unit // n) * sum(into.no_low))
    return Counts(total, into.high, into.low, into.scoop, shares, 2 * unit * total)
