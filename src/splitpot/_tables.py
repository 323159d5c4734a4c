"""Lookup tables behind :mod:`splitpot.hands`, built at import from first principles.

A hand of up to seven cards is summarised by one integer, ``BIAS`` plus the sum of a per-card
code::

    bits  0..13   low key: the sum of PART_KEYS[rank] over the deuces to sevens
    bits 14..37   one 6-bit field per suit: a 3-bit counter that the bias starts at 3, two bits
                  the bias sets, and a landing bit. A fifth card of a suit carries through the
                  two set bits into the landing bit, so a flush shows as one bit
    bits 38..92   one bit per card, suit by suit: a card held twice carries, so fewer bits are
                  set than cards were added (scalar codes only)
    then          high key: the sum of PART_KEYS[rank - 6] over the eights to aces, from bit 93
                  in scalar codes and from bit 38 in batch codes, which have no card bits

``PART_KEYS`` are chosen greedily, each the smallest integer that keeps the sums of all
multisets of its ranks (at most four of a rank, at most seven cards) apart; the test suite
checks that property. So the two keys name the ranks held, and every rank multiset of 0..7
cards has a *position* in 0..75,154, ``start[high key] + low_index[low key]``: the positions of
one high part form a block holding every low part of at most the cards left, fewest first. The
value of a hand without a flush is its position's entry in a table of 76,155; with a flush it
comes from the 13-bit mask of the flush suit's ranks.

Values are dense ranks: high values run from 1 (the weakest partial hand) upwards, and every
hand class has one value, so equal values are equal hands. Low values (ace-to-five) are dense
the other way round: larger is a better low.

Building the tables (with numpy) takes longer than the rest of the package's start-up, so the
package ships them built: ``tables.zip`` beside this file, written by ``make tables``
(:func:`save`), with the SHA-256 of this file's source it was built by. :func:`load_plain`
reads it with the standard library alone (the scalar evaluator's, at import: numpy is not
imported) and :func:`tables` as numpy arrays (the batch evaluator's, at its first call), each
when that stamp matches; otherwise the tables are built from first principles (a changed
builder is never read stale, only slower). The test suite builds them again and compares them
with the file.
"""

from __future__ import annotations

import hashlib
import json
import sys
import zipfile
from array import array
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:  # numpy is imported where the tables are built or read as arrays
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]

PART_KEYS: Final = (1, 5, 24, 112, 521, 2247, 9244)
LOW_RANKS: Final = 6
"""Ranks 0..5 (deuce to seven) make the low key, 6..12 (eight to ace) the high key."""
MAX_CARDS: Final = 7
LOW_MASK: Final = (1 << 14) - 1
SUIT_SHIFT: Final = 14
CARD_SHIFT: Final = 38
HIGH_SHIFT: Final = 93
BATCH_HIGH_SHIFT: Final = 38

BIAS: Final = sum(0b011011 << (SUIT_SHIFT + 6 * s) for s in range(4))
LANDING: Final = tuple(1 << (SUIT_SHIFT + 6 * s + 5) for s in range(4))
"""The landing bit of each suit's field: set when the hand holds five or more of the suit."""
CARDS: Final = ((1 << 55) - 1) << CARD_SHIFT
"""The card bits, with room for what a card added seven times carries."""
CHECK: Final = sum(0b111 << (SUIT_SHIFT + 6 * s + 3) for s in range(4)) | CARDS
"""Bits that tell n different cards without a flush: exactly n + 8 of them are set (the eight
bias bits and the cards). A flush clears two bias bits and sets a landing bit; a card held
twice sets fewer card bits."""

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def _card_code(card: int, *, scalar: bool = True) -> int:
    rank, suit = card >> 2, card & 3
    code = 1 << (SUIT_SHIFT + 6 * suit)
    if rank < LOW_RANKS:
        code |= PART_KEYS[rank]
    else:
        code |= PART_KEYS[rank - LOW_RANKS] << (HIGH_SHIFT if scalar else BATCH_HIGH_SHIFT)
    if scalar:
        code |= 1 << (CARD_SHIFT + 13 * suit + rank)
    return code


CODES: Final[tuple[int, ...]] = tuple(_card_code(c) for c in range(52))
"""Scalar code of each card: its part key, one in its suit's counter, its own bit."""

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
        import numpy as np

        # Every rank multiset of 0..7 cards, as counts per rank (deuce first), in position
        # order: high parts fewest cards first, and within each the low parts that fit.
        low, high = _part_multisets(LOW_RANKS), _part_multisets(13 - LOW_RANKS)
        low_keys, high_keys = low @ PART_KEYS[:LOW_RANKS], high @ PART_KEYS[: 13 - LOW_RANKS]
        fitting = np.searchsorted(low.sum(axis=1), np.arange(MAX_CARDS + 1), side="right")
        block = fitting[MAX_CARDS - high.sum(axis=1)]  # low parts of at most the cards left
        first = np.cumsum(block) - block
        self.start = np.zeros(int(high_keys.max()) + 1, dtype=np.int32)
        self.start[high_keys] = first
        self.low_index = np.zeros(int(low_keys.max()) + 1, dtype=np.int32)
        self.low_index[low_keys] = np.arange(len(low))
        self.positions = int(block.sum())
        self.high_keys, self.first, self.block = high_keys, first, block
        """Each high part's key, first position and number of positions, in position order."""
        in_block = np.arange(self.positions) - np.repeat(first, block)
        counts = np.concatenate([low[in_block], np.repeat(high, block, axis=0)], axis=1)
        sizes = counts.sum(axis=1)

        # Raw values of every multiset: direct up to five cards, then the best of the
        # multisets with one card fewer (the best five of seven lie within some six).
        high_raw = np.zeros(self.positions, dtype=np.int64)
        low_raw = np.zeros(self.positions, dtype=np.int64)
        aces_low = np.concatenate([counts[:, 12:], counts[:, :12]], axis=1)
        for n in range(1, 6):
            rows = sizes == n
            high_raw[rows] = _base_raws(counts[rows], 2, n, straights=n == 5)
            low_raw[rows] = _base_raws(aces_low[rows], 1, n, low=True)
        part_keys = np.array(PART_KEYS[:LOW_RANKS] + PART_KEYS[: 13 - LOW_RANKS], dtype=np.int64)
        in_high = np.arange(13) >= LOW_RANKS
        for n in range(6, MAX_CARDS + 1):
            rows = np.flatnonzero(sizes == n)
            best_high = np.zeros(len(rows), dtype=np.int64)
            best_low = np.full(len(rows), np.iinfo(np.int64).max, dtype=np.int64)
            for r in range(13):
                has = counts[rows, r] > 0
                held = counts[rows[has]]
                lows, highs = held[:, :LOW_RANKS] @ part_keys[:LOW_RANKS], held[:, LOW_RANKS:]
                highs = highs @ part_keys[LOW_RANKS:]
                if in_high[r]:
                    highs -= part_keys[r]
                else:
                    lows -= part_keys[r]
                fewer = self.start[highs] + self.low_index[lows]
                best_high[has] = np.maximum(best_high[has], high_raw[fewer])
                best_low[has] = np.minimum(best_low[has], low_raw[fewer])
            high_raw[rows], low_raw[rows] = best_high, best_low

        flush_masks = [m for m in range(1 << 13) if 5 <= m.bit_count() <= MAX_CARDS]
        flush_raws = np.array([flush_raw(m) for m in flush_masks], dtype=np.int64)

        # Dense ranks. High: 1 = weakest. Low: 1 = worst, so larger is better for both; the
        # empty multiset (position 0) keeps 0. Deuce-to-seven plays the ace high only, so
        # A-5-4-3-2 is no straight there: it needs the classes "ace-high 5-4-3-2" and
        # "ace-high flush 5-4-3-2", which no high hand has.
        wheel_27 = np.array([pack(HIGH_CARD, (14, 5, 4, 3, 2)), pack(FLUSH, (14, 5, 4, 3, 2))])
        wheels = np.array([pack(STRAIGHT, (5,)), pack(STRAIGHT_FLUSH, (5,))])
        hi_raws = np.unique(np.concatenate([high_raw[1:], flush_raws, wheel_27]))
        lo_raws = np.unique(low_raw[1:])
        self.high_raw: IntArray = np.concatenate([[0], hi_raws])
        self.low_raw: IntArray = np.concatenate([[0], lo_raws[::-1]])
        self.deuce_seven = np.arange(len(hi_raws) + 1, dtype=np.int32)
        """Per high value, the value of the same five cards when the ace is only high."""
        as_high = np.searchsorted(hi_raws, wheel_27) + 1
        self.deuce_seven[np.searchsorted(hi_raws, wheels) + 1] = as_high
        self.high_by_pos = (np.searchsorted(hi_raws, high_raw) + 1).astype(np.int32)
        self.low_by_pos = (len(lo_raws) - np.searchsorted(lo_raws, low_raw)).astype(np.int32)
        self.high_by_pos[0] = self.low_by_pos[0] = 0
        self.flush_high = np.zeros(1 << 13, dtype=np.int32)
        self.flush_high[flush_masks] = np.searchsorted(hi_raws, flush_raws) + 1
        self.codes = np.array([_card_code(c, scalar=False) for c in range(52)], dtype=np.int64)
        """Batch codes: no card bits, the high key from bit 38."""
        self.high_count = len(hi_raws)
        self.low_count = len(lo_raws)
        # The worst qualifying ace-to-five low for each qualifier q is q and the four ranks
        # just below it (8-7-6-5-4 for eight-or-better); every better low has a larger value.
        self.low_threshold = {
            q: len(lo_raws)
            - int(np.searchsorted(lo_raws, pack(HIGH_CARD, tuple(range(q, q - 5, -1)))))
            for q in range(5, 14)
        }


def _base_raws(
    counts: IntArray, lowest: int, n: int, *, straights: bool = False, low: bool = False
) -> IntArray:
    """Raw values of rows of n <= 5 cards without a flush, given as counts per rank from
    ``lowest`` up (ranks 1..14): high, or ace-to-five low.

    Straights count only for a high hand of five cards; a low ignores them (Robert's 5).
    """
    import numpy as np

    m = len(counts)
    counts = np.concatenate([np.zeros((m, lowest), dtype=counts.dtype), counts], axis=1)
    width = counts.shape[1]
    # Groups ordered by (count, rank), largest first: the order a hand is read and compared.
    score = np.where(counts > 0, counts * 16 + np.arange(width), -1)
    order = np.argsort(-score, axis=1, kind="stable")[:, :5]
    group_counts = np.take_along_axis(counts, order, axis=1)
    groups = np.where(group_counts > 0, order, 0)
    first, second = group_counts[:, 0], group_counts[:, 1]
    category = np.select(
        [first == 4, (first == 3) & (second >= 2), first == 3, (first == 2) & (second == 2)],
        [QUADS, FULL_HOUSE, TRIPS, TWO_PAIR],
        np.where(first == 2, PAIR, HIGH_CARD),
    )
    missing = 5 - n
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
        masks = (counts[:, 2:15] > 0) @ (1 << np.arange(13))
        tops = np.array([straight_top(mask) for mask in range(1 << 13)])[masks]
        raw = np.where(tops > 0, (STRAIGHT << 20) | (tops << 16), raw)
    return raw


def _part_multisets(ranks: int) -> IntArray:
    """Every multiset of at most seven cards of ``ranks`` ranks, at most four of a rank, as
    rows of counts per rank, fewest cards first."""
    import numpy as np

    counts = np.indices((5,) * ranks).reshape(ranks, -1).T
    counts = counts[counts.sum(axis=1) <= MAX_CARDS]
    order = np.argsort(counts.sum(axis=1), kind="stable")
    rows: IntArray = counts[order].astype(np.int64)
    return rows


SHIPPED: Final = Path(__file__).with_name("tables.zip")
"""The tables as the package ships them (:func:`save`)."""
_ARRAYS: Final = (
    "block",
    "codes",
    "deuce_seven",
    "first",
    "flush_high",
    "high_by_pos",
    "high_keys",
    "high_raw",
    "low_by_pos",
    "low_index",
    "low_raw",
    "start",
)
_SCALARS: Final = ("high_count", "low_count", "positions")
_HEADER: Final = frozenset(("arrays", "stamp", "low_threshold", *_SCALARS))
_TYPECODES: Final = {"<i4": "i", "<i8": "q"}
"""The array module's typecode of each stored dtype (little-endian 32- and 64-bit ints)."""


def stamp() -> str:
    """The SHA-256 of this module's source: what the shipped tables must have been built by."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()


def save(tables: Tables, path: Path = SHIPPED) -> None:
    """Write ``tables`` to ``path`` with this source's :func:`stamp`: a zip archive of
    ``header.json`` (the stamp, the numbers, each array's dtype) and each array's raw
    little-endian bytes, so that the scalar evaluator reads it without numpy."""
    header: dict[str, Any] = {"stamp": stamp(), "arrays": {}}
    header.update((name, int(getattr(tables, name))) for name in _SCALARS)
    header["low_threshold"] = sorted(tables.low_threshold.items())
    with zipfile.ZipFile(path, "w") as archive:
        for name in _ARRAYS:
            values = getattr(tables, name)
            dtype = values.dtype.newbyteorder("<").str
            header["arrays"][name] = dtype
            # A fixed date: the same tables make the same file, byte for byte.
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            archive.writestr(info, values.astype(dtype).tobytes(), zipfile.ZIP_DEFLATED)
        info = zipfile.ZipInfo("header.json", (1980, 1, 1, 0, 0, 0))
        archive.writestr(info, json.dumps(header, sort_keys=True), zipfile.ZIP_DEFLATED)


def _read(path: Path) -> tuple[dict[str, Any], dict[str, bytes]] | None:
    """The header and the arrays' bytes of a file written by :func:`save` from this very
    source; None for no file, another source's, an incomplete one or one that cannot be read."""
    try:
        with zipfile.ZipFile(path) as archive:
            header = json.loads(archive.read("header.json"))
            if not isinstance(header, dict) or header.get("stamp") != stamp():
                return None
            dtypes = header.get("arrays")
            if (
                set(header) != _HEADER
                or not isinstance(dtypes, dict)
                or set(dtypes) != set(_ARRAYS)
            ):
                return None
            data = {name: archive.read(name) for name in _ARRAYS}
    except (OSError, ValueError, KeyError, zipfile.BadZipFile):
        return None
    for name, dtype in dtypes.items():
        if dtype not in _TYPECODES or len(data[name]) % int(dtype[2:]):
            return None
    return header, data


class Plain:
    """The tables as the standard library's arrays and ints: what the scalar evaluator reads,
    with no numpy (``splitpot.hands`` starts without importing it, and turns these into its
    own tuples)."""

    def __init__(self, header: dict[str, Any], arrays: dict[str, Sequence[int]]) -> None:
        self.block = arrays["block"]
        self.codes = arrays["codes"]
        self.deuce_seven = arrays["deuce_seven"]
        self.first = arrays["first"]
        self.flush_high = arrays["flush_high"]
        self.high_by_pos = arrays["high_by_pos"]
        self.high_keys = arrays["high_keys"]
        self.high_raw = arrays["high_raw"]
        self.low_by_pos = arrays["low_by_pos"]
        self.low_index = arrays["low_index"]
        self.low_raw = arrays["low_raw"]
        self.start = arrays["start"]
        self.high_count: int = header["high_count"]
        self.low_count: int = header["low_count"]
        self.positions: int = header["positions"]
        self.low_threshold: dict[int, int] = {int(q): int(v) for q, v in header["low_threshold"]}


def _ints(data: bytes, dtype: str) -> array[int]:
    values = array(_TYPECODES[dtype])
    values.frombytes(data)
    if sys.byteorder == "big":
        values.byteswap()
    return values


def load(path: Path = SHIPPED) -> Tables:
    """The tables written to ``path`` by this very source, as numpy arrays, else built from
    first principles (no file, another source's, an incomplete one or one that cannot be
    read)."""
    read = _read(path)
    if read is None:
        return Tables()
    import numpy as np

    header, data = read
    tables = Tables.__new__(Tables)
    for name, dtype in header["arrays"].items():
        values = np.frombuffer(data[name], dtype=dtype)
        setattr(tables, name, values.astype(values.dtype.newbyteorder("=")))
    for name in _SCALARS:
        setattr(tables, name, header[name])
    tables.low_threshold = {int(q): int(v) for q, v in header["low_threshold"]}
    return tables


def load_plain(path: Path = SHIPPED) -> Plain:
    """:func:`load` as the standard library's arrays, read without numpy when the file is this
    source's (else the tables are built, with numpy, and turned into lists)."""
    read = _read(path)
    if read is None:
        built = Tables()
        header: dict[str, Any] = {name: getattr(built, name) for name in _SCALARS}
        header["low_threshold"] = list(built.low_threshold.items())
        return Plain(header, {name: getattr(built, name).tolist() for name in _ARRAYS})
    header, data = read
    return Plain(header, {name: _ints(data[name], header["arrays"][name]) for name in _ARRAYS})


@cache
def tables() -> Tables:
    """The tables as numpy arrays (the batch evaluator's), read or built on first use."""
    return load()
