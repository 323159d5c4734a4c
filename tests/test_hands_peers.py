"""Ordering against other evaluators: eval7, treys and PokerKit, on seeded random hands.

For a set of hands, splitpot and a peer agree on every pair of hands exactly when each
splitpot value maps to one peer score and the scores rise with the values. Checking that
covers all pairs at once (ties included).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import numpy as np
import pytest
from pokerkit import EightOrBetterLowHand, RegularLowHand, StandardHighHand, StandardLowHand
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from reference import high_key, low_key
from splitpot.cards import format_cards
from splitpot.hands import high_values, low_values

with warnings.catch_warnings():
    # eval7's range parser calls a pyparsing name deprecated upstream; not ours to fix.
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

Array = np.ndarray[Any, Any]

FACES = [r + s for r in "23456789TJQKA" for s in "cdhs"]
LOW_POOL = [c for c in range(52) if c // 4 <= 7 or c // 4 == 12]  # A, 2..9: many lows


def random_hands(k: int, n: int, seed: int, pool: Sequence[int] = range(52)) -> Array:
    rng = np.random.default_rng(seed)
    pool_arr = np.array(list(pool))
    picks = np.argsort(rng.random((n, len(pool_arr))), axis=1)[:, :k]
    return pool_arr[picks]


def hand_sets(k: int, seed: int) -> Array:
    """Half from the whole deck, half from the low ranks (so lows and wheels are common)."""
    return np.concatenate([random_hands(k, 1500, seed), random_hands(k, 1500, seed + 1, LOW_POOL)])


def assert_same_order(ours: Sequence[int], theirs: Sequence[Any], hands: Array) -> None:
    """``ours`` and ``theirs`` (larger = better for both) order every pair of hands alike."""
    mapping: dict[int, Any] = {}
    example: dict[int, str] = {}
    for value, score, hand in zip(ours, theirs, hands, strict=True):
        if value in mapping:
            assert mapping[value] == score, f"{format_cards(hand)} ties {example[value]} for us"
        mapping[value] = score
        example[value] = format_cards(hand)
    for lower, higher in pairwise(sorted(mapping)):
        assert mapping[lower] < mapping[higher], (
            f"we rank {example[higher]} above {example[lower]}, the peer does not"
        )


def _faces(hand: Array) -> list[str]:
    return [FACES[c] for c in hand]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_high_agrees_with_eval7(k: int) -> None:
    hands = hand_sets(k, seed=10 + k)
    theirs = [eval7.evaluate([eval7.Card(f) for f in _faces(h)]) for h in hands]  # larger wins
    assert_same_order(high_values(hands).tolist(), theirs, hands)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_high_agrees_with_treys(k: int) -> None:
    evaluator = TreysEvaluator()
    hands = hand_sets(k, seed=20 + k)
    cards = [[TreysCard.new(f) for f in _faces(h)] for h in hands]
    theirs = [-evaluator.evaluate(c[:2], c[2:]) for c in cards]  # treys: lower is better
    assert_same_order(high_values(hands).tolist(), theirs, hands)


def _pokerkit(cls: Any, hand: Array, *, low: bool) -> Any:
    """PokerKit strength, larger = better (its low entries are better when smaller)."""
    try:
        entry = cls.from_game("".join(_faces(hand))).entry
    except ValueError:  # no qualifying hand (eight-or-better)
        return None
    return -entry.index if low else entry.index


def _check_pokerkit(
    ours: Callable[[Array], Array], cls: Any, k: int, seed: int, *, low: bool
) -> None:
    hands = hand_sets(k, seed)
    values = ours(hands).tolist()
    theirs = [_pokerkit(cls, h, low=low) for h in hands]
    # No qualifying hand is 0 for splitpot and None for PokerKit: the same hands, below all.
    assert [v == 0 for v in values] == [t is None for t in theirs]
    kept = [i for i, t in enumerate(theirs) if t is not None]
    assert_same_order([values[i] for i in kept], [theirs[i] for i in kept], hands[kept])


@pytest.mark.parametrize("k", [5, 7])
def test_high_agrees_with_pokerkit(k: int) -> None:
    _check_pokerkit(high_values, StandardHighHand, k, seed=30 + k, low=False)


@pytest.mark.parametrize("k", [5, 7])
def test_eight_or_better_agrees_with_pokerkit(k: int) -> None:
    """Robert's stud hi-lo: 8-or-better, five different ranks; qualifying and not."""
    _check_pokerkit(
        lambda h: low_values(h, qualifier=8), EightOrBetterLowHand, k, seed=40 + k, low=True
    )


@pytest.mark.parametrize("k", [5, 7])
def test_ace_to_five_with_pairs_agrees_with_pokerkit(k: int) -> None:
    """OPR-657 1.3: ace-to-five, pairs count, no qualifier (PokerKit RegularLowHand)."""
    _check_pokerkit(lambda h: low_values(h, qualifier=0), RegularLowHand, k, seed=50 + k, low=True)


@pytest.mark.parametrize("k", [5, 7])
def test_deuce_to_seven_agrees_with_pokerkit(k: int) -> None:
    """Deuce-to-seven (docs/games.md): ace high, straights and flushes count (StandardLowHand)."""
    _check_pokerkit(
        lambda h: low_values(h, ranking="27", qualifier=0),
        StandardLowHand,
        k,
        seed=60 + k,
        low=True,
    )


# --- the reference evaluator itself, against PokerKit --------------------------------------
# So that a disagreement between splitpot and tests/reference.py is not the reference's fault.

REFERENCE_CASES = [
    pytest.param(StandardHighHand, lambda h: high_key(h), False, id="high"),
    pytest.param(RegularLowHand, lambda h: low_key(h, "a5", 0), True, id="a5"),
    pytest.param(EightOrBetterLowHand, lambda h: low_key(h, "a5", 8), True, id="a5-8"),
    pytest.param(StandardLowHand, lambda h: low_key(h, "27", 0), True, id="27"),
]


@pytest.mark.parametrize("k", [5, 7])
@pytest.mark.parametrize(("cls", "ref", "low"), REFERENCE_CASES)
def test_reference_agrees_with_pokerkit(
    cls: Any, ref: Callable[[list[int]], Any], low: bool, k: int
) -> None:
    hands = hand_sets(k, seed=70 + k)[::6]
    ours = [ref(h.tolist()) for h in hands]
    theirs = [_pokerkit(cls, h, low=low) for h in hands]
    assert [o is None for o in ours] == [t is None for t in theirs]
    kept = [i for i, t in enumerate(theirs) if t is not None]
    # Reference keys are tuples; rank them densely to compare as ints.
    dense = {key: i for i, key in enumerate(sorted({ours[i] for i in kept}))}
    assert_same_order([dense[ours[i]] for i in kept], [theirs[i] for i in kept], hands[kept])
