"""A slow, deliberately plain reference evaluator, written from the rules, used only by tests.

Every hand is valued by trying every five-card choice and reading each one the way a player
would: count the ranks, find the category, list the deciding ranks most important first. The
results are tuples that compare with ``<`` / ``>`` as the hands do; nothing here is shared with
:mod:`splitpot.hands`.

Cards are ids 0..51 (``4 * (rank - 2) + suit``). Rules followed:

- High hands: standard rankings (auction.txt / OPR-207 "Hand rankings"), the wheel 5-4-3-2-A is
  the lowest straight (Robert's 3: the ace is highest and lowest card). Fewer than five cards
  compare as stud up cards: only pairs, two pair, trips, quads and high cards (OPR-657 3.5).
- Ace-to-five low (OPR-657 1.3, OPR-207 1.2, Robert's 3 and 5): ace is low, straights and
  flushes do not count, pairs do; the best low is the "weakest" such hand.
- Deuce-to-seven low: ace is high only (so A-2-3-4-5 is ace-high, not a straight), straights
  and flushes count against the hand (docs/games.md "Deuce-to-seven").
- Qualifier q (Robert's stud hi-lo intro, docs/games.md ``qualifier``): five different ranks,
  none above q (ace counts as 1 in ace-to-five), and in deuce-to-seven no straight or flush.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

Key = tuple[int, ...]


def rank(card: int) -> int:
    """2..14."""
    return card // 4 + 2


def suit(card: int) -> int:
    return card % 4


def _groups(ranks: Iterable[int]) -> tuple[int, list[int]]:
    """Category by multiplicity (pairs/trips/quads only) and the ranks in reading order.

    Reading order: bigger groups first, then higher ranks first; each group once.
    """
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 4:
        category = QUADS
    elif shape[0] == 3 and len(shape) > 1 and shape[1] >= 2:
        category = FULL_HOUSE
    elif shape[0] == 3:
        category = TRIPS
    elif shape[0] == 2 and len(shape) > 1 and shape[1] == 2:
        category = TWO_PAIR
    elif shape[0] == 2:
        category = PAIR
    else:
        category = HIGH_CARD
    return category, order


def _straight_top(ranks: Sequence[int], *, wheel: bool) -> int:
    """Top rank if the five ranks are consecutive (wheel 5-4-3-2-A only if allowed), else 0."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return 0
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    if wheel and distinct == [2, 3, 4, 5, 14]:
        return 5
    return 0


def _five_high(five: Sequence[int], *, wheel: bool = True) -> Key:
    ranks = [rank(c) for c in five]
    flush = len({suit(c) for c in five}) == 1
    top = _straight_top(ranks, wheel=wheel)
    if top and flush:
        return (STRAIGHT_FLUSH, top)
    category, order = _groups(ranks)
    if category in (QUADS, FULL_HOUSE):
        return (category, *order)
    if flush:
        return (FLUSH, *order)
    if top:
        return (STRAIGHT, top)
    return (category, *order)


def _partial_high(cards: Sequence[int]) -> Key:
    """Fewer than five cards: groups and high cards only (OPR-657 3.5: suits never count)."""
    category, order = _groups(rank(c) for c in cards)
    return (category, *order)


def _choices(cards: Sequence[int]) -> list[tuple[int, ...]]:
    return list(combinations(cards, 5))


def high_key(cards: Sequence[int]) -> Key:
    """Larger is stronger; equal keys are equal hands."""
    cards = list(cards)
    if len(cards) < 5:
        return _partial_high(cards)
    return max(_five_high(five) for five in _choices(cards))


def high_category(cards: Sequence[int]) -> int:
    return high_key(cards)[0]


def _a5_badness(cards: Sequence[int]) -> Key:
    """How bad a low is in ace-to-five: pairs etc. count, straights/flushes do not, ace = 1."""
    category, order = _groups(1 if rank(c) == 14 else rank(c) for c in cards)
    return (category, *order)


def _qualifies_a5(five: Sequence[int], qualifier: int) -> bool:
    ranks = {1 if rank(c) == 14 else rank(c) for c in five}
    return len(ranks) == 5 and max(ranks) <= qualifier


def _negate(key: Key) -> Key:
    return tuple(-x for x in key)


def low_a5_key(cards: Sequence[int], qualifier: int = 0) -> Key | None:
    """Larger is a better ace-to-five low; None when no five cards qualify."""
    cards = list(cards)
    if len(cards) < 5:
        # A partial hand cannot have five different ranks, so it never qualifies.
        return None if qualifier else _negate(_a5_badness(cards))
    fives = _choices(cards)
    if qualifier:
        fives = [f for f in fives if _qualifies_a5(f, qualifier)]
        if not fives:
            return None
    return max(_negate(_a5_badness(f)) for f in fives)


def _badness_27(cards: Sequence[int]) -> Key:
    if len(cards) < 5:
        return _partial_high(cards)
    return _five_high(cards, wheel=False)


def _qualifies_27(five: Sequence[int], qualifier: int) -> bool:
    key = _five_high(five, wheel=False)
    return key[0] == HIGH_CARD and key[1] <= qualifier


def low_27_key(cards: Sequence[int], qualifier: int = 0) -> Key | None:
    """Larger is a better deuce-to-seven low; None when no five cards qualify."""
    cards = list(cards)
    if len(cards) < 5:
        return None if qualifier else _negate(_partial_high(cards))
    fives = _choices(cards)
    if qualifier:
        fives = [f for f in fives if _qualifies_27(f, qualifier)]
        if not fives:
            return None
    return max(_negate(_badness_27(f)) for f in fives)


def low_key(cards: Sequence[int], ranking: str, qualifier: int) -> Key | None:
    if ranking == "a5":
        return low_a5_key(cards, qualifier)
    return low_27_key(cards, qualifier)


def sign(a: Any, b: Any) -> int:
    """-1, 0 or 1; None (no qualifying low) is below everything."""
    if a is None or b is None:
        return int(a is not None) - int(b is not None)
    return int(a > b) - int(a < b)
