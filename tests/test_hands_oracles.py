"""Published hand counts and ranking checksums, checked by full enumeration of the deck.

The expected numbers are published figures, not our output: the frequency tables of five-,
six- and seven-card poker hands (best five) and of ace-to-five lows over every hand of a
52-card deck, each recomputed independently by at least two programs before it was written
here, and the md5 checksums of whole rankings that PokerKit publishes as test vectors
(every five-card hand in deck order, stably sorted by strength, written as its cards and
joined by newlines: ``_md5_of_ranking``). The rest is worked out by hand where a comment
says so. Hands are enumerated as numpy arrays of card ids and valued with ``high_values`` /
``low_values``; counts come from ``np.bincount`` over the values (int64) and are grouped by
category or top card by decoding each value with the private tables.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any

import numpy as np
import pytest

from splitpot._tables import LOW_RANKS, PART_KEYS, tables, unpack
from splitpot.cards import parse_cards
from splitpot.hands import best_five, high_values, low_value, low_values

Array = np.ndarray[Any, Any]

FACES = [r + s for r in "23456789TJQKA" for s in "cdhs"]
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

TABLES = tables()  # the batch evaluator's arrays


def colex(n: int, k: int) -> Array:
    """Every k-subset of range(n), rows ascending, in colex order.

    In colex order the subsets of range(m) are the first comb(m, k) rows, so one table serves
    every chunk of the enumeration.
    """
    rows = np.arange(n, dtype=np.uint8).reshape(n, 1)
    for j in range(1, k):
        rows = np.concatenate(
            [
                np.column_stack([rows[: comb(t, j)], np.full(comb(t, j), t, dtype=np.uint8)])
                for t in range(j, n)
            ]
        )
    return rows


def lexicographic(n: int, k: int) -> Array:
    """Every k-subset of range(n) in ``itertools.combinations`` order."""
    rows = colex(n, k)
    return rows[np.lexsort(rows.T[::-1])]


def test_subset_orders_match_itertools() -> None:
    from itertools import combinations

    assert lexicographic(9, 4).tolist() == [list(c) for c in combinations(range(9), 4)]
    assert sorted(map(tuple, colex(9, 4).tolist())) == list(combinations(range(9), 4))
    assert len(colex(52, 5)) == 2_598_960


# --- decoding values ---------------------------------------------------------------------


@cache
def high_category_table() -> Array:
    """Category of every high value (index = value)."""
    return np.array([unpack(int(raw))[0] for raw in TABLES.high_raw])


def by_high_category(counts: Array) -> dict[int, tuple[int, int]]:
    """{category: (hands, distinct values)} from a bincount of high values."""
    cats = high_category_table()[: len(counts)]
    hands = np.bincount(cats, weights=counts, minlength=9)
    distinct = np.bincount(cats, weights=counts > 0, minlength=9)
    return {c: (int(hands[c]), int(distinct[c])) for c in range(9)}


def low_top(value: int) -> int | None:
    """Top card (ace = 1) of an unpaired five-card a5 low, None for anything else."""
    category, ranks = unpack(int(TABLES.low_raw[value]))
    if category != HIGH_CARD or len(ranks) != 5 or len(set(ranks)) != 5:
        return None
    return ranks[0]


# --- the properties the part keys rely on -------------------------------------------------


def _part_multisets(ranks: int) -> list[tuple[int, ...]]:
    """Counts per rank of every multiset of at most seven cards, at most four of a rank."""
    return [
        tuple(Counter(multiset).get(r, 0) for r in range(ranks))
        for n in range(8)
        for multiset in combinations_with_replacement(range(ranks), n)
        if not multiset or max(Counter(multiset).values()) <= 4
    ]


def _key(counts: tuple[int, ...]) -> int:
    """A part's key: its counts per rank times the part keys."""
    return sum(n * k for n, k in zip(counts, PART_KEYS[: len(counts)], strict=True))


@pytest.mark.parametrize(("ranks", "bits"), [(LOW_RANKS, 14), (13 - LOW_RANKS, 16)])
def test_part_key_sums_are_distinct(ranks: int, bits: int) -> None:
    """Every multiset of a part's ranks has its own key sum, and the sums fit their field."""
    sums = [_key(counts) for counts in _part_multisets(ranks)]
    assert len(sums) == len(set(sums))
    assert max(sums) < 1 << bits


def test_part_keys_are_greedy() -> None:
    """Each key is the smallest above the one before that keeps the sums apart."""
    for i in range(1, len(PART_KEYS)):
        counts = np.array(_part_multisets(i + 1), dtype=np.int64)
        fixed = counts[:, :i] @ np.array(PART_KEYS[:i], dtype=np.int64)
        for smaller in range(PART_KEYS[i - 1] + 1, PART_KEYS[i]):
            sums = fixed + counts[:, i] * smaller  # the key sums with ``smaller`` as key i
            assert len(np.unique(sums)) < len(sums), f"key {i} could be {smaller}"


def test_positions_number_every_rank_multiset() -> None:
    """start[high key] + low_index[low key] is one to one onto 0..75,154 (worked by hand:
    the multisets of 0..7 cards of 13 ranks, at most four of a rank)."""
    low, high = _part_multisets(LOW_RANKS), _part_multisets(13 - LOW_RANKS)
    positions = [
        int(TABLES.start[_key(h)]) + int(TABLES.low_index[_key(lo)])
        for h in high
        for lo in low
        if sum(h) + sum(lo) <= 7
    ]
    # Multisets of at most 7 cards from 13 ranks, at most four of each, by inclusion-exclusion:
    # sum over n of C(n + 12, 12) minus those with some rank five times or more.
    expected = sum(comb(n + 12, 12) - 13 * comb(n - 5 + 12, 12) for n in range(8) if n >= 5)
    expected += sum(comb(n + 12, 12) for n in range(5))
    assert expected == TABLES.positions == 76_155
    assert sorted(positions) == list(range(76_155))


# --- five cards --------------------------------------------------------------------------

FIVE_CARD = {
    STRAIGHT_FLUSH: (40, 10),
    QUADS: (624, 156),
    FULL_HOUSE: (3_744, 156),
    FLUSH: (5_108, 1_277),
    STRAIGHT: (10_200, 10),
    TRIPS: (54_912, 858),
    TWO_PAIR: (123_552, 858),
    PAIR: (1_098_240, 2_860),
    HIGH_CARD: (1_302_540, 1_277),
}


@pytest.fixture(scope="module")
def five_cards() -> Array:
    return colex(52, 5)


def test_five_card_categories(five_cards: Array) -> None:
    counts = np.bincount(high_values(five_cards)).astype(np.int64)
    assert counts.sum() == 2_598_960
    assert by_high_category(counts) == FIVE_CARD
    assert np.count_nonzero(counts) == 7_462
    # 4 royal flushes: the top value, held by AKQJT of each suit.
    assert counts[-1] == 4


def test_five_card_lows(five_cards: Array) -> None:
    lows = np.bincount(low_values(five_cards, qualifier=0)).astype(np.int64)
    assert lows[0] == 0
    assert np.count_nonzero(lows) == 6_175
    qualifying = np.bincount(low_values(five_cards, qualifier=8)).astype(np.int64)
    assert qualifying[1:].sum() == 57_344
    assert np.count_nonzero(qualifying[1:]) == 56
    assert set(qualifying[1:][qualifying[1:] > 0].tolist()) == {1_024}
    # Same lows with and without the qualifier where they qualify.
    assert (qualifying[1:] <= lows[1 : len(qualifying)]).all()


# --- six cards ---------------------------------------------------------------------------

SIX_CARD = {
    STRAIGHT_FLUSH: 1_844,
    QUADS: 14_664,
    FULL_HOUSE: 165_984,
    FLUSH: 205_792,
    STRAIGHT: 361_620,
    TRIPS: 732_160,
    TWO_PAIR: 2_532_816,
    PAIR: 9_730_740,
    HIGH_CARD: 6_612_900,
}


def test_six_card_counts() -> None:
    six = colex(52, 6)
    assert len(six) == 20_358_520
    counts = np.bincount(high_values(six)).astype(np.int64)
    assert {c: hands for c, (hands, _) in by_high_category(counts).items()} == SIX_CARD
    assert np.count_nonzero(counts) == 6_075
    assert np.count_nonzero(low_values(six, qualifier=8)) == 1_691_648


# --- seven cards -------------------------------------------------------------------------

SEVEN_CARD = {
    STRAIGHT_FLUSH: 41_584,
    QUADS: 224_848,
    FULL_HOUSE: 3_473_184,
    FLUSH: 4_047_644,
    STRAIGHT: 6_180_020,
    TRIPS: 6_461_620,
    TWO_PAIR: 31_433_400,
    PAIR: 58_627_800,
    HIGH_CARD: 23_294_460,
}
UNPAIRED_BY_TOP = {  # ace = 1; ten..king = 10..13
    5: 781_824,
    6: 3_151_360,
    7: 7_426_560,
    8: 13_171_200,
    9: 19_174_400,
    10: 23_675_904,
    11: 24_837_120,
    12: 21_457_920,
    13: 13_939_200,
}


def seven_card_chunks() -> Iterator[Array]:
    """All 133,784,560 seven-card hands, one chunk per highest card (at most 18M rows)."""
    six = colex(51, 6)
    for top in range(6, 52):
        rest = six[: comb(top, 6)]
        yield np.column_stack([rest, np.full(len(rest), top, dtype=np.uint8)])


@pytest.fixture(scope="module")
def seven_card_counts() -> tuple[Array, Array, Array]:
    high = np.zeros(TABLES.high_count + 1, dtype=np.int64)
    low = np.zeros(TABLES.low_count + 1, dtype=np.int64)
    low8 = np.zeros(TABLES.low_count + 1, dtype=np.int64)
    for chunk in seven_card_chunks():
        high += np.bincount(high_values(chunk), minlength=len(high))
        low += np.bincount(low_values(chunk, qualifier=0), minlength=len(low))
        low8 += np.bincount(low_values(chunk, qualifier=8), minlength=len(low8))
    return high, low, low8


@pytest.mark.slow
def test_seven_card_high(seven_card_counts: tuple[Array, Array, Array]) -> None:
    high, _, _ = seven_card_counts
    assert high.sum() == 133_784_560 == comb(52, 7)
    assert {c: hands for c, (hands, _) in by_high_category(high).items()} == SEVEN_CARD
    assert np.count_nonzero(high) == 4_824
    # Royal flushes: the top value (straight flush, ace-high).
    royal = len(TABLES.high_raw) - 1
    assert unpack(int(TABLES.high_raw[royal])) == (STRAIGHT_FLUSH, (14,))
    assert high[royal] == 4_324


@pytest.mark.slow
def test_seven_card_lows(seven_card_counts: tuple[Array, Array, Array]) -> None:
    _, low, low8 = seven_card_counts
    assert low[0] == 0  # every hand has some low when nothing is required
    assert low.sum() == 133_784_560
    by_top: Counter[int] = Counter()
    per_low: dict[int, set[int]] = {}
    paired = 0
    for value in np.flatnonzero(low).tolist():
        top = low_top(value)
        if top is None:
            paired += int(low[value])
            continue
        by_top[top] += int(low[value])
        per_low.setdefault(top, set()).add(int(low[value]))
    assert dict(by_top) == UNPAIRED_BY_TOP
    assert sum(by_top.values()) == 127_615_488
    assert paired == 6_169_072
    # Within a top card every low is equally frequent.
    assert all(len(counts) == 1 for counts in per_low.values())
    assert per_low[5] == {781_824}
    assert per_low[6] == {630_272}
    assert per_low[7] == {495_104}
    assert per_low[8] == {376_320}
    # Every low with top card t occurs: comb(t - 1, 4) of them (worked out by hand).
    for top in range(5, 14):
        assert sum(1 for v in np.flatnonzero(low).tolist() if low_top(v) == top) == comb(top - 1, 4)
    # Qualifying 8-or-better: the batch qualifier and the decoded count agree with the figure.
    assert low8[1:].sum() == 24_530_944
    assert round(100 * 24_530_944 / comb(52, 7), 4) == 18.3362
    assert sum(by_top[t] for t in (5, 6, 7, 8)) == 24_530_944
    assert low8[0] == 133_784_560 - 24_530_944


# --- whole-ranking checksums -------------------------------------------------------------


def _md5_of_ranking(deck: list[str], order_rows: Array) -> str:
    """md5 of the hands (rows of deck positions) written out and joined with newlines."""
    faces = np.frombuffer("".join(deck).encode(), dtype=np.uint8).reshape(52, 2)
    lines = np.empty((len(order_rows), 11), dtype=np.uint8)
    lines[:, :10] = faces[order_rows].reshape(len(order_rows), 10)
    lines[:, 10] = ord("\n")
    return hashlib.md5(lines.tobytes()[:-1]).hexdigest()


def test_md5_helper_on_a_tiny_ranking() -> None:
    """The text layout: hands joined by newlines, no trailing newline (worked by hand)."""
    rows = np.array([[0, 1, 2, 3, 4], [47, 48, 49, 50, 51]])
    text = "2c2d2h2s3c\nKsAcAdAhAs"  # FACES order: id 47 is Ks, 48..51 the aces
    assert _md5_of_ranking(FACES, rows) == hashlib.md5(text.encode()).hexdigest()


def test_checksum_high_ranking() -> None:
    rows = lexicographic(52, 5)
    values = high_values(rows)
    order = np.argsort(values, kind="stable")  # weakest first
    assert _md5_of_ranking(FACES, rows[order]) == "488cdd27873395ba75205cd02fb9d6b2"


ACE_FIRST = FACES[48:] + FACES[:48]  # Ac Ad Ah As 2c ... Ks


@pytest.fixture(scope="module")
def ace_first_hands() -> tuple[Array, Array]:
    rows = lexicographic(52, 5)
    ids = np.array([parse_cards(face)[0] for face in ACE_FIRST], dtype=np.uint8)[rows]
    return rows, ids


def test_checksum_eight_or_better_ranking(ace_first_hands: tuple[Array, Array]) -> None:
    rows, ids = ace_first_hands
    values = low_values(ids, qualifier=8)
    keep = np.flatnonzero(values)
    order = keep[np.argsort(-values[keep], kind="stable")]  # best low first
    assert _md5_of_ranking(ACE_FIRST, rows[order]) == "ecf2b6b16031562a6761932b1ce1de91"


def test_checksum_ace_to_five_ranking(ace_first_hands: tuple[Array, Array]) -> None:
    rows, ids = ace_first_hands
    values = low_values(ids, qualifier=0).astype(np.int64)
    order = np.argsort(-values, kind="stable")
    assert _md5_of_ranking(ACE_FIRST, rows[order]) == "28925b97b06a1e674eaabf241a441e15"


# --- traps -------------------------------------------------------------------------------


def test_trap_razz_pairs() -> None:
    """An evaluators' trap: 5d5c6d6c7d7c7h plays 6-6-5-5-7 and beats 4d4c8d8c9d9c9h (8-8-4-4-9)."""
    a, b = "5d5c6d6c7d7c7h", "4d4c8d8c9d9c9h"
    va, vb = low_value(a, qualifier=0), low_value(b, qualifier=0)
    assert va is not None
    assert vb is not None
    assert va > vb
    five_a = best_five(a, half="low", qualifier=0)
    five_b = best_five(b, half="low", qualifier=0)
    assert five_a is not None
    assert five_b is not None
    assert [c.rank for c in five_a] == [6, 6, 5, 5, 7]
    assert [c.rank for c in five_b] == [8, 8, 4, 4, 9]
    batch = low_values(np.array([parse_cards(a), parse_cards(b)]), qualifier=0)
    assert batch[0] > batch[1]


def test_trap_deuce_to_seven_flush() -> None:
    """An evaluators' trap: 2h3h4h5h7h is a flush and loses to 8s6d5c4c2d in deuce-to-seven."""
    flush, rough = "2h3h4h5h7h", "8s6d5c4c2d"
    vf = low_value(flush, ranking="27", qualifier=0)
    vr = low_value(rough, ranking="27", qualifier=0)
    assert vf is not None
    assert vr is not None
    assert vf < vr
    batch = low_values(
        np.array([parse_cards(flush), parse_cards(rough)]), ranking="27", qualifier=0
    )
    assert batch[0] < batch[1]
