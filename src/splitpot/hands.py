"""Hand values: the best high hand and the best low hand of one to seven cards.

Values are plain ints: larger is better, equal values are equal hands, for high and for low
alike. The scalar functions take text (``"AhKd9s"``), card ids or :class:`~splitpot.cards.Card`
objects; the batch functions take a numpy array of shape ``(N, k)`` of card ids and agree with
the scalar ones value for value.

Low rankings (OPR-657 1.3, OPR-207 1.2): ``"a5"`` ace-to-five (ace low, straights and flushes
do not count, pairs do) and ``"27"`` deuce-to-seven (ace high, straights and flushes count
against the hand). A ``qualifier`` of q (5..13) admits only five different ranks, none above
q, and for deuce-to-seven no straight or flush; 0 admits every low (Robert's: 8-or-better).
With fewer than five cards only pairs, two pair, trips, quads and high cards count, as when
comparing up cards; such hands never qualify when a qualifier is set.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Final, Literal

from splitpot import _tables as t
from splitpot.cards import Card, CardsLike, to_cards
from splitpot.errors import InvalidNotation, RulesError

__all__ = [
    "CATEGORY_NAMES",
    "Ranking",
    "best_five",
    "describe_high",
    "describe_low",
    "high_category",
    "high_value",
    "high_values",
    "low_value",
    "low_values",
]

Ranking = Literal["a5", "27"]

# The options below are annotated ``Ranking | object`` and ``int | object``: what callers should
# pass, read as any object. The functions check them and refuse a wrong one with RulesError, so
# the compiled build (which checks declared types on entry, with TypeError) refuses the same way.

CATEGORY_NAMES: Final = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
"""High-hand categories, weakest first; :func:`high_category` indexes this tuple."""

_T = t.load_plain()  # read at import (numpy is not imported), then dropped: see below

# Scalar lookups, as tuples (indexing a tuple is the quickest lookup Python has, and one step
# shorter than a list's). Equal values share one int object, so the tables stay small enough
# to be read from the processor's cache.
_SHARED: Final = tuple(range(max(_T.high_count, _T.low_count, _T.positions) + 1))
_LOW_INDEX: Final = tuple(_SHARED[i] for i in _T.low_index)


def _blocks(by_position: Sequence[int], tables: t.Plain) -> tuple[tuple[int, ...], ...]:
    """Per high key, the values of its block of positions (empty where no high part has it)."""
    values = [_SHARED[v] for v in by_position]
    blocks: list[tuple[int, ...]] = [()] * len(tables.start)
    spans = zip(tables.high_keys, tables.first, tables.block, strict=True)
    for key, first, size in spans:
        blocks[key] = tuple(values[first : first + size])
    return tuple(blocks)


_HIGH_BLOCKS: Final = _blocks(_T.high_by_pos, _T)
_LOW_BLOCKS: Final = _blocks(_T.low_by_pos, _T)
_FLUSH_HIGH: Final = tuple(_SHARED[v] for v in _T.flush_high)
# Card codes by id, and by pair of ids (one addition instead of two); the first pair carries
# the bias. Index 52 is no card (code 0): one to six cards are padded to seven with it (none
# or eight and more cannot be: unpacking or indexing fails), and a caller's id 52 leaves the
# hand a card bit short, so the check refuses it.
_CODES: Final = (*t.CODES, 0)
_PAIRS: Final = tuple(tuple(x + y for y in _CODES) for x in _CODES)
_FIRST_PAIRS: Final = tuple(tuple(x + y + t.BIAS for y in _CODES) for x in _CODES)
_NO_CARDS: Final = [(), *((52,) * (7 - n) for n in range(1, t.MAX_CARDS + 1))]
_LISTS: Final = (list, tuple)
_CHECK: Final = t.CHECK
_CARDS: Final = t.CARDS
_HIGH_SHIFT: Final = t.HIGH_SHIFT
_LOW_MASK: Final = t.LOW_MASK
_LANDING: Final = sum(t.LANDING)
_FLUSH_SHIFT: Final = {bit: t.CARD_SHIFT + 13 * suit for suit, bit in enumerate(t.LANDING)}
"""Where the flush suit's 13 card bits start, by its landing bit."""
_TOP_HIGH: Final = _T.high_count + 1
_DEUCE_SEVEN: Final = tuple(_T.deuce_seven)
_HIGH_RAW: Final = tuple(_T.high_raw)
_LOW_RAW: Final = tuple(_T.low_raw)
_LOW_THRESHOLD: Final[dict[object, int]] = dict(((0, 0), *_T.low_threshold.items()))
"""Smallest qualifying ace-to-five value by qualifier; 0 (no qualifier) admits every low."""
_QUALIFIERS: Final[dict[object, int]] = {q: q for q in (0, *_T.low_threshold)}
"""Each qualifier as the int it is (an equal float or bool finds its int here)."""
del _T  # what it read is in the tuples above; kept, it would only take memory


# --- scalar ------------------------------------------------------------------------------


def high_value(cards: CardsLike) -> int:
    """Value of the best high hand in 1..7 cards; larger is stronger."""
    if cards.__class__ not in _LISTS:
        cards = to_cards(cards)
    n = len(cards)
    try:
        a, b, c, d, e, f, g = cards if n == 7 else (*cards, *_NO_CARDS[n])
        k = _FIRST_PAIRS[a][b] + _PAIRS[c][d] + _PAIRS[e][f] + _CODES[g]
        value = _HIGH_BLOCKS[k >> _HIGH_SHIFT][_LOW_INDEX[k & _LOW_MASK]]
    except (ValueError, TypeError, IndexError):
        raise _rejection(cards) from None
    # A tuple reads a negative index from its end, so negative ids are refused here.
    if a >= 0 and b >= 0 and c >= 0 and d >= 0 and e >= 0 and f >= 0 and g >= 0:
        if (k & _CHECK).bit_count() == n + 8:  # n different cards, no flush
            return value
        if (k & _CARDS).bit_count() == n:  # n different cards, five or more of a suit
            return _FLUSH_HIGH[k >> _FLUSH_SHIFT[k & _LANDING] & 0x1FFF]
    raise _rejection(cards)


def low_value(
    cards: CardsLike, *, ranking: Ranking | object = "a5", qualifier: int | object = 8
) -> int | None:
    """Value of the best low hand in 1..7 cards, larger is better; None if none qualifies."""
    if ranking != "a5" or cards.__class__ not in _LISTS:
        return _low_value(to_cards(cards), ranking, qualifier)
    n = len(cards)
    try:
        a, b, c, d, e, f, g = cards if n == 7 else (*cards, *_NO_CARDS[n])
        k = _FIRST_PAIRS[a][b] + _PAIRS[c][d] + _PAIRS[e][f] + _CODES[g]
        value = _LOW_BLOCKS[k >> _HIGH_SHIFT][_LOW_INDEX[k & _LOW_MASK]]
        threshold = _LOW_THRESHOLD[qualifier]
    except (ValueError, TypeError, IndexError, KeyError):
        return _low_value(to_cards(cards), ranking, qualifier)  # raises the clear error
    distinct = (k & _CARDS).bit_count() == n  # n different cards
    # Negative ids refused as in high_value.
    if distinct and a >= 0 and b >= 0 and c >= 0 and d >= 0 and e >= 0 and f >= 0 and g >= 0:
        if value < threshold or (qualifier and n < 5):
            return None
        return value
    raise _rejection(cards)


def _low_value(cards: tuple[Card, ...], ranking: object, qualifier: object) -> int | None:
    """The slow path of :func:`low_value`: checked input, any ranking, clear errors."""
    checked = _qualifier(qualifier)
    if not 1 <= len(cards) <= t.MAX_CARDS:
        raise _rejection(cards)
    if ranking == "a5":
        return low_value(cards, qualifier=qualifier)
    if ranking == "27":
        return _low27(cards, checked)
    raise RulesError(f"low ranking {ranking!r} is not 'a5' (ace-to-five) or '27' (deuce-to-seven)")


def high_category(value: int) -> str:
    """The category name of a high value: ``"full house"``, ``"one pair"``..."""
    return CATEGORY_NAMES[_HIGH_RAW[value] >> 20]


def _threshold(qualifier: object) -> int:
    """The smallest qualifying ace-to-five value for ``qualifier``; RulesError for a bad one."""
    try:
        return _LOW_THRESHOLD[qualifier]
    except (KeyError, TypeError):
        raise RulesError(
            f"qualifier {qualifier!r} is not 0 (none) or a rank from 5 to 13 "
            "(the highest card a qualifying low may hold)"
        ) from None


def _low27(cards: tuple[Card, ...], qualifier: int) -> int | None:
    """Deuce-to-seven: the lowest high hand among the five-card choices (the ace only high),
    turned upside down."""
    if len(cards) < 5:
        worst = high_value(cards)
        return None if qualifier else _TOP_HIGH - worst
    worst = min(_DEUCE_SEVEN[high_value(five)] for five in combinations(cards, 5))
    if qualifier and not _qualifies27(worst, qualifier):
        return None
    return _TOP_HIGH - worst


# For deuce-to-seven qualification, per high value: the top card of a five-card no-pair,
# no-straight, no-flush hand, or 99 for any other hand (which never qualifies).
_TOP27: Final = tuple(
    (raw >> 16) & 0xF if raw >> 20 == t.HIGH_CARD and raw & 0xF else 99 for raw in _HIGH_RAW
)


def _qualifies27(high: int, qualifier: int) -> bool:
    return _TOP27[high] <= qualifier


def _rejection(cards: object) -> InvalidNotation:
    """The error for input the fast path could not read: bad ids, duplicates, wrong count."""
    checked = to_cards(cards)  # type: ignore[arg-type]  # raises for bad ids and duplicates
    return InvalidNotation(
        f"{[str(c) for c in checked]!r}: a hand has 1 to {t.MAX_CARDS} cards, not {len(checked)}"
    )


# --- batch -------------------------------------------------------------------------------
# numpy is imported by the first batch call, not with the package: the scalar functions
# (all the engine uses) need none of it, and a command starts sooner without it.

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    CardArray = npt.ArrayLike
    ValueArray = npt.NDArray[np.int32]


class _Arrays:
    """What the batch functions read: the tables as numpy arrays (``_tables.tables()``), and
    the arrays below, made from them."""

    def __init__(self) -> None:
        import numpy as np

        tables = t.tables()
        self.tables = tables
        self.bits = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
        self.first_codes = tables.codes + t.BIAS
        self.landings = np.array(t.LANDING)
        """The landing bits, suit by suit: ascending, so a suit's index is where its bit sorts."""
        self.top27 = np.array(_TOP27)


@cache
def _arrays() -> _Arrays:
    return _Arrays()


def _batch_keys(
    array: CardArray,
) -> tuple[npt.NDArray[np.integer], npt.NDArray[np.int64], int]:
    """Check an (N, k) array of card ids; return it, each row's summed card code, and k.

    Columns are read from a contiguous transposed copy (faster than strided columns), codes
    with ``take`` (quicker than indexing by an array); a row holding a card twice is refused,
    since neither the part keys nor the suit counters would notice it.
    """
    import numpy as np

    arrays = _arrays()
    cards = np.asarray(array)
    if cards.ndim != 2 or not 1 <= cards.shape[1] <= t.MAX_CARDS:
        raise InvalidNotation(
            f"expected an array of shape (N, k) with 1 <= k <= {t.MAX_CARDS}, got {cards.shape}"
        )
    if not np.issubdtype(cards.dtype, np.integer):
        raise InvalidNotation(f"card ids must be integers, not {cards.dtype}")
    if cards.size and (cards.min() < 0 or cards.max() > 51):
        raise InvalidNotation("card ids must run from 0 to 51")
    columns = np.ascontiguousarray(cards.T)
    keys = arrays.first_codes.take(columns[0])
    seen = arrays.bits.take(columns[0])
    for column in columns[1:]:
        keys += arrays.tables.codes.take(column)
        seen |= arrays.bits.take(column)
    bad = np.flatnonzero(np.bitwise_count(seen) != len(columns))
    if bad.size:
        row = int(bad[0])
        raise InvalidNotation(f"row {row} holds a card twice: {cards[row].tolist()}")
    return cards, keys, len(columns)


def _positions(keys: npt.NDArray[np.int64]) -> npt.NDArray[np.int32]:
    """Each row's rank multiset as a position in the value tables."""
    tables = _arrays().tables
    positions: npt.NDArray[np.int32] = (
        tables.start[keys >> t.BATCH_HIGH_SHIFT] + tables.low_index[keys & _LOW_MASK]
    )
    return positions


def high_values(array: CardArray) -> ValueArray:
    """:func:`high_value` of every row of an (N, k) array of card ids, as an int32 array."""
    import numpy as np

    cards, keys, n = _batch_keys(array)
    arrays = _arrays()
    values = arrays.tables.high_by_pos[_positions(keys)]
    if n >= 5:
        flushed = np.flatnonzero((keys & _LANDING) != 0)
        if flushed.size:
            rows = cards[flushed].astype(np.int64)
            # Seven cards hold at most one suit five times: one landing bit is set.
            suit = np.searchsorted(arrays.landings, keys[flushed] & _LANDING)[:, None]
            mask = np.where(rows & 3 == suit, np.left_shift(1, rows >> 2), 0).sum(axis=1)
            values[flushed] = arrays.tables.flush_high[mask]
    return values


def low_values(
    array: CardArray, *, ranking: Ranking | object = "a5", qualifier: int | object = 8
) -> ValueArray:
    """:func:`low_value` of every row of an (N, k) array; 0 where no low qualifies."""
    threshold = _threshold(qualifier)
    if ranking == "27":
        return _low27_values(array, _qualifier(qualifier))
    if ranking != "a5":
        raise RulesError(
            f"low ranking {ranking!r} is not 'a5' (ace-to-five) or '27' (deuce-to-seven)"
        )
    _, keys, n = _batch_keys(array)
    values = _arrays().tables.low_by_pos[_positions(keys)]
    if qualifier:
        values[(values < threshold) if n >= 5 else slice(None)] = 0
    return values


def _low27_values(array: CardArray, qualifier: int) -> ValueArray:
    import numpy as np

    arrays = _arrays()
    cards, _, n = _batch_keys(array)
    if n < 5:
        worst = high_values(cards)
        return np.zeros_like(worst) if qualifier else _TOP_HIGH - worst
    worst = np.min(
        [
            arrays.tables.deuce_seven[high_values(cards[:, list(cols)])]
            for cols in combinations(range(n), 5)
        ],
        axis=0,
    )
    values: ValueArray = (_TOP_HIGH - worst).astype(np.int32)
    if qualifier:
        values[arrays.top27[worst] > qualifier] = 0
    return values


# --- words -------------------------------------------------------------------------------

_NAMES: Final = {
    1: ("ace", "aces"),
    2: ("deuce", "deuces"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    11: ("jack", "jacks"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
    14: ("ace", "aces"),
}
_FACES: Final = "-A23456789TJQKA"


def _one(rank: int) -> str:
    return _NAMES[rank][0]


def _many(rank: int) -> str:
    return _NAMES[rank][1]


def _words(category: int, ranks: tuple[int, ...]) -> str:
    name = CATEGORY_NAMES[category]
    if category == t.STRAIGHT_FLUSH and ranks[0] == 14:
        return "royal flush"
    if category in (t.STRAIGHT, t.STRAIGHT_FLUSH):
        return f"{name}, {_one(ranks[0])}-high"
    if category == t.FLUSH:
        return f"{name}, {_one(ranks[0])}-high"
    if category == t.FULL_HOUSE:
        return f"{name}, {_many(ranks[0])} full of {_many(ranks[1])}"
    if category == t.QUADS or category == t.TRIPS:
        return f"{name}, {_many(ranks[0])}"
    if category == t.TWO_PAIR:
        return f"{name}, {_many(ranks[0])} and {_many(ranks[1])}"
    if category == t.PAIR:
        return f"{name}, {_many(ranks[0])}"
    return f"{name}, {_one(ranks[0])}"


# The words of a hand are a function of its value: a value is one class of hands, the same
# category and ranks and, for fewer than five cards, the same number of cards. So each is
# written once and kept, at most one entry per value (and low ranking). Filled by whichever
# thread asks first, with the same words either way.
_HIGH_WORDS: Final[dict[int, str]] = {}
_LOW_WORDS: Final[dict[tuple[object, int], str]] = {}


def describe_high(cards: CardsLike) -> str:
    """The best high hand in words: ``"full house, eights full of jacks"``."""
    value = high_value(cards)
    words = _HIGH_WORDS.get(value)
    if words is None:
        words = _HIGH_WORDS[value] = _words(*t.unpack(_HIGH_RAW[value]))
    return words


def describe_low(
    cards: CardsLike, *, ranking: Ranking | object = "a5", qualifier: int | object = 8
) -> str:
    """The best low hand in words: ``"nine-low 9-6-5-4-3"``, or ``"no qualifying low"``."""
    value = low_value(cards, ranking=ranking, qualifier=qualifier)  # refuses what is wrong
    if value is None:
        return "no qualifying low"
    # The qualifier only says whether a low counts: the words of one that does are its value's.
    key = (ranking, value)
    words = _LOW_WORDS.get(key)
    if words is None:
        words = _LOW_WORDS[key] = _describe_low(cards, ranking, qualifier)
    return words


def _describe_low(cards: CardsLike, ranking: object, qualifier: object) -> str:
    """:func:`describe_low`, worked out from the cards."""
    if ranking == "a5":
        # Five different ranks: the best ace-to-five low is simply the five lowest (Robert's 5).
        hand = to_cards(cards)
        distinct = sorted({_a5(c.rank) for c in hand})
        if len(distinct) >= 5 and (qualifier == 0 or distinct[4] <= _qualifier(qualifier)):
            five_ranks = distinct[4::-1]
            return f"{_one(five_ranks[0])}-low " + "-".join(_FACES[r] for r in five_ranks)
    five = best_five(cards, half="low", ranking=ranking, qualifier=qualifier)
    if five is None:
        return "no qualifying low"
    if ranking == "27":
        category, ranks = t.unpack(_HIGH_RAW[_DEUCE_SEVEN[high_value(five)]])
        face = "-".join(_FACES[c.rank] for c in _sorted_for_display(five, ace_low=False))
        if category == t.HIGH_CARD:
            return f"{_one(ranks[0])}-low {face}"
        return f"{_words(category, ranks)} {face}"
    raw = _LOW_RAW[low_value(five, qualifier=0) or 0]
    category, ranks = t.unpack(raw)
    face = "-".join(_FACES[_a5(c.rank)] for c in _sorted_for_display(five, ace_low=True))
    if category == t.HIGH_CARD:
        return f"{_one(ranks[0])}-low {face}"
    return f"{_words(category, ranks)} {face}"


def _qualifier(qualifier: object) -> int:
    """The qualifier as the int it equals, once checked (a bad one raises RulesError)."""
    _threshold(qualifier)
    return _QUALIFIERS[qualifier]


def _a5(rank: int) -> int:
    return 1 if rank == 14 else rank


def _sorted_for_display(
    cards: Sequence[Card], *, ace_low: bool, wheel_straight: bool = False
) -> list[Card]:
    """Cards as a player reads them out: biggest group first, then by rank, high to low.

    With ``wheel_straight`` a straight A-2-3-4-5 reads 5-4-3-2-A: its ace plays low.
    """
    plays_low = ace_low or (wheel_straight and {c.rank for c in cards} == {14, 2, 3, 4, 5})
    rank = (lambda c: _a5(c.rank)) if plays_low else (lambda c: c.rank)
    counts = Counter(rank(c) for c in cards)
    return sorted(cards, key=lambda c: (counts[rank(c)], rank(c), c.suit), reverse=True)


def best_five(
    cards: CardsLike,
    *,
    half: Literal["high", "low"] | object = "high",
    ranking: Ranking | object = "a5",
    qualifier: int | object = 8,
) -> tuple[Card, ...] | None:
    """The cards that make the best high (or low) hand, in reading order.

    Fewer than five cards are returned whole. For ``half="low"`` the result is None when no
    low qualifies.
    """
    hand = to_cards(cards)
    if not 1 <= len(hand) <= t.MAX_CARDS:
        raise _rejection(hand)
    if half == "high":
        best = hand if len(hand) <= 5 else max(combinations(hand, 5), key=high_value)
        return tuple(_sorted_for_display(best, ace_low=False, wheel_straight=True))
    if half != "low":
        raise RulesError(f"half {half!r} is not 'high' or 'low'")
    if low_value(hand, ranking=ranking, qualifier=qualifier) is None:
        return None
    choices: list[tuple[Card, ...]] = [hand] if len(hand) <= 5 else list(combinations(hand, 5))
    best = max(choices, key=lambda five: low_value(five, ranking=ranking, qualifier=0) or 0)
    return tuple(_sorted_for_display(best, ace_low=ranking == "a5"))
