"""Lookup tables behind :mod:`splitpot.hands`, built at import from first principles.

A hand of up to seven cards is summarised by one integer, the sum of a per-card code::

    bits  0..22  rank key: the sum of RANK_KEYS[rank]  (identifies the multiset of ranks)
    bits 23..34  four 3-bit counters, one per suit      (finds a flush)
    bits 35..38  the number of cards
    bits 39..90  one bit per card: a card held twice carries, so the bits set fall short of
                 the count (scalar calls only; batch calls use the low 39 bits)

``RANK_KEYS`` are chosen greedily, each the smallest integer that keeps the sums of all rank
multisets of the same size (at most four of a rank, at most seven cards) apart; the test suite
checks that property. So one dictionary lookup gives the value of any hand without a flush, and
a 13-bit mask of the flush suit's ranks gives it with one.

Values are dense ranks: high values run from 1 (the weakest partial hand) upwards, and every
hand class has one value, so equal values are equal hands. Low values (ace-to-five) are dense
the other way round: larger is a better low.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

RANK_KEYS: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
SUIT_SHIFT: Final = 23
COUNT_SHIFT: Final = 35
KEY_MASK: Final = (1 << SUIT_SHIFT) - 1
LOOKUP_MASK: Final = KEY_MASK | (0xF << COUNT_SHIFT)
"""What of the summed code the value dictionaries are keyed by: rank key and card count."""
CARD_SHIFT: Final = 39
MAX_CARDS: Final = 7

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

# Per-card code: rank key, one in its suit's counter, one in the card count, its own bit.
CODES: Final[tuple[int, ...]] = tuple(
    RANK_KEYS[c >> 2]
    | (1 << (SUIT_SHIFT + 3 * (c & 3)))
    | (1 << COUNT_SHIFT)
    | (1 << (CARD_SHIFT + c))
    for c in range(52)
)

IntArray = npt.NDArray[np.int64]

# Raw values: category, then up to five group ranks, four bits each, most significant first.
# Ranks are 2..14 for high hands and 1..13 (ace = 1) for ace-to-five lows. A hand of fewer than
# five cards is read as if its missing cards were the worst possible kickers: 0 in a high hand
# (after its own kickers), 15 in a low (before them). So a complete hand never loses to a
# partial one that it extends, high or low, and the wheel is the best low of all.
MISSING_LOW: Final = 15


def pack(category: int, ranks: tuple[int, ...]) -> int:
    """Encode a category and its deciding ranks (most important first) as one comparable int."""
    raw = category
    for i in range(5):
        raw = (raw << 4) | (ranks[i] if i < len(ranks) else 0)
    return raw


def unpack(raw: int) -> tuple[int, tuple[int, ...]]:
    """Inverse of :func:`pack`: the category and the non-zero ranks."""
    ranks = tuple(r for r in ((raw >> s) & 0xF for s in (16, 12, 8, 4, 0)) if 0 < r < MISSING_LOW)
    return raw >> 20, ranks


# Straights as 13-bit rank masks (bit 0 = deuce), with their top card; the wheel last.
_STRAIGHTS: Final = (*((0x1F << (top - 6), top) for top in range(14, 5, -1)), (0x100F, 5))


def straight_top(mask: int) -> int:
    """Top card of the highest straight in a 13-bit rank mask (the wheel's is 5), or 0."""
    for straight, top in _STRAIGHTS:
        if mask & straight == straight:
            return top
    return 0


def flush_raw(mask: int) -> int:
    """Raw high value of the best five of five or more suited ranks, given as a 13-bit mask."""
    top = straight_top(mask)
    if top:
        return pack(STRAIGHT_FLUSH, (top,))
    return pack(FLUSH, tuple(r + 2 for r in range(12, -1, -1) if mask >> r & 1)[:5])


class Tables:
    """Everything the evaluator looks up, built once."""

    def __init__(self) -> None:
        keys = np.array(RANK_KEYS, dtype=np.int64)
        sizes = range(1, MAX_CARDS + 1)
        multisets = {n: _multisets(n) for n in sizes}
        self.keys: dict[int, IntArray] = {}
        order: dict[int, IntArray] = {}
        for n in sizes:
            k = keys[multisets[n]].sum(axis=1)
            order[n] = np.argsort(k, kind="stable")
            self.keys[n] = k[order[n]]
            multisets[n] = multisets[n][order[n]]

        # Raw values of every rank multiset: direct up to five cards, then the best of the
        # multisets with one card fewer (the best five of seven lie within some six).
        high: dict[int, IntArray] = {}
        low: dict[int, IntArray] = {}
        for n in sizes:
            rows = multisets[n]
            if n <= 5:
                high[n] = _base_raws(rows + 2, straights=n == 5)
                low[n] = _base_raws(np.where(rows == 12, 1, rows + 2), low=True)
                continue
            best_high = np.zeros(len(rows), dtype=np.int64)
            best_low = np.full(len(rows), np.iinfo(np.int64).max, dtype=np.int64)
            total = self.keys[n]
            for r in range(13):
                has = (rows == r).any(axis=1)
                pos = np.searchsorted(self.keys[n - 1], total[has] - RANK_KEYS[r])
                best_high[has] = np.maximum(best_high[has], high[n - 1][pos])
                best_low[has] = np.minimum(best_low[has], low[n - 1][pos])
            high[n], low[n] = best_high, best_low

        flush_masks = [m for m in range(1 << 13) if 5 <= m.bit_count() <= MAX_CARDS]
        flush_raws = np.array([flush_raw(m) for m in flush_masks], dtype=np.int64)

        # Dense ranks. High: 1 = weakest. Low: 1 = worst, so larger is better for both.
        # Deuce-to-seven plays the ace high only, so A-5-4-3-2 is no straight there: it needs
        # the classes "ace-high 5-4-3-2" and "ace-high flush 5-4-3-2", which no high hand has.
        wheel_27 = np.array([pack(HIGH_CARD, (14, 5, 4, 3, 2)), pack(FLUSH, (14, 5, 4, 3, 2))])
        wheels = np.array([pack(STRAIGHT, (5,)), pack(STRAIGHT_FLUSH, (5,))])
        hi_raws = np.unique(np.concatenate([*high.values(), flush_raws, wheel_27]))
        lo_raws = np.unique(np.concatenate(list(low.values())))
        self.high_raw: IntArray = np.concatenate([[0], hi_raws])
        self.low_raw: IntArray = np.concatenate([[0], lo_raws[::-1]])
        self.deuce_seven = np.arange(len(hi_raws) + 1, dtype=np.int32)
        """Per high value, the value of the same five cards when the ace is only high."""
        as_high = np.searchsorted(hi_raws, wheel_27) + 1
        self.deuce_seven[np.searchsorted(hi_raws, wheels) + 1] = as_high
        dense_high = {n: np.searchsorted(hi_raws, high[n]) + 1 for n in sizes}
        dense_low = {n: len(lo_raws) - np.searchsorted(lo_raws, low[n]) for n in sizes}

        # Scalar lookups: dictionaries keyed by rank key | card count.
        self.high_by_key: dict[int, int] = {}
        self.low_by_key: dict[int, int] = {}
        for n in sizes:
            lookup = (self.keys[n] | (n << COUNT_SHIFT)).tolist()
            self.high_by_key.update(zip(lookup, dense_high[n].tolist(), strict=True))
            self.low_by_key.update(zip(lookup, dense_low[n].tolist(), strict=True))
        flush_high = np.zeros(1 << 13, dtype=np.int32)
        flush_high[flush_masks] = np.searchsorted(hi_raws, flush_raws) + 1
        self.flush_high: list[int] = flush_high.tolist()
        self.flush_suit: list[int] = [_flush_suit(field) for field in range(1 << 12)]

        # Batch lookups: per size, values aligned with the sorted keys, and a direct table from
        # rank key to that position (:meth:`positions`; seven cards built now, the hot path).
        self.high_by_pos = {n: dense_high[n].astype(np.int32) for n in sizes}
        self.low_by_pos = {n: dense_low[n].astype(np.int32) for n in sizes}
        self.pos: dict[int, npt.NDArray[np.uint16]] = {}
        self.positions(MAX_CARDS)
        self.flush_high_arr = flush_high
        self.flush_suit_arr = np.array(self.flush_suit, dtype=np.int8)
        self.codes = np.array([c & ((1 << CARD_SHIFT) - 1) for c in CODES], dtype=np.int64)
        self.rank_keys = keys
        self.high_count = len(hi_raws)
        self.low_count = len(lo_raws)
        # The worst qualifying ace-to-five low for each qualifier q is q and the four ranks
        # just below it (8-7-6-5-4 for eight-or-better); every better low has a larger value.
        self.low_threshold = {
            q: len(lo_raws)
            - int(np.searchsorted(lo_raws, pack(HIGH_CARD, tuple(range(q, q - 5, -1)))))
            for q in range(5, 14)
        }

    def positions(self, n: int) -> npt.NDArray[np.uint16]:
        """The direct table from a rank key of ``n`` cards to its place among ``keys[n]``
        (about 2 bytes per possible key: 13-16 MB a size, so built on first use)."""
        table = self.pos.get(n)
        if table is None:
            table = np.zeros(int(self.keys[n][-1]) + 1, dtype=np.uint16)
            table[self.keys[n]] = np.arange(len(self.keys[n]), dtype=np.uint16)
            self.pos[n] = table
        return table


def _base_raws(
    ranks: npt.NDArray[np.intp], *, straights: bool = False, low: bool = False
) -> IntArray:
    """Raw values of rows of at most five ranks 1..14, no flush: high, or ace-to-five low.

    Straights count only for a high hand of five cards; a low ignores them (Robert's 5).
    """
    m = len(ranks)
    counts = np.zeros((m, 15), dtype=np.int64)
    for j in range(ranks.shape[1]):
        counts[np.arange(m), ranks[:, j]] += 1
    # Groups ordered by (count, rank), largest first: the order a hand is read and compared.
    score = np.where(counts > 0, counts * 16 + np.arange(15), -1)
    order = np.argsort(-score, axis=1, kind="stable")[:, :5]
    group_counts = np.take_along_axis(counts, order, axis=1)
    groups = np.where(group_counts > 0, order, 0)
    first, second = group_counts[:, 0], group_counts[:, 1]
    category = np.select(
        [first == 4, (first == 3) & (second >= 2), first == 3, (first == 2) & (second == 2)],
        [QUADS, FULL_HOUSE, TRIPS, TWO_PAIR],
        np.where(first == 2, PAIR, HIGH_CARD),
    )
    missing = 5 - ranks.shape[1]
    if low and missing:
        # Paired groups first, then the missing kickers (worst of all), then the singles.
        paired = (group_counts >= 2).sum(axis=1, keepdims=True)
        slot = np.arange(5)
        source = np.where(slot < paired, slot, slot - missing)
        groups = np.where(
            (slot >= paired) & (slot < paired + missing),
            MISSING_LOW,
            np.take_along_axis(groups, np.clip(source, 0, 4), axis=1),
        )
    raw = category.astype(np.int64)
    for j in range(5):
        raw = (raw << 4) | groups[:, j]
    if straights:
        masks = (counts[:, 2:] > 0) @ (1 << np.arange(13))
        tops = np.array([straight_top(mask) for mask in range(1 << 13)])[masks]
        raw = np.where(tops > 0, (STRAIGHT << 20) | (tops << 16), raw)
    return raw


def _multisets(n: int) -> npt.NDArray[np.intp]:
    """Every multiset of ``n`` rank indices with at most four of a rank, one sorted row each."""
    rows = np.arange(13, dtype=np.intp).reshape(13, 1)
    for _ in range(n - 1):
        rows = np.concatenate(
            [
                np.column_stack([rows[rows[:, -1] <= r], np.full((rows[:, -1] <= r).sum(), r)])
                for r in range(13)
            ]
        )
    # Rows are sorted, so five of a rank shows as equal entries four places apart.
    if n > 4:
        rows = rows[~(rows[:, 4:] == rows[:, :-4]).any(axis=1)]
    return rows


def _flush_suit(field: int) -> int:
    """Which suit has five or more cards in a 12-bit field of four 3-bit counters; -1 if none."""
    for s in range(4):
        if (field >> (3 * s)) & 7 >= 5:
            return s
    return -1


TABLES: Final = Tables()
