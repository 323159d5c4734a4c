"""The shuffle of a seeded deck, and the uniform draws a random bot makes (compiled in the
compiled build).

A deck is a function of its seed (docs/fairness.md: the deck is a function of the seed): a
Fisher–Yates shuffle of the 52 card ids that draws each index from a Mersenne Twister with
``getrandbits`` and draws again when the number is too big. That is the shuffle written out in
docs/fairness.md, and the one CPython's ``random.Random.shuffle`` makes; written here, the
deck of a seed is splitpot's to keep, and the compiled build deals it without the standard
library's interpreted loop. ``tests/test_shuffle.py`` checks :func:`below` and :func:`shuffle`
draw for draw against ``random.Random.choice`` and ``random.Random.shuffle``, and the deck
against an MT19937 written from the published algorithm (tests/test_fairness.py).
"""

from __future__ import annotations

import random
from _random import Random as _Generator
from typing import Final, TypeVar

from splitpot.errors import RulesError

__all__ = ["below", "deck_order", "seeded", "shuffle"]

_T = TypeVar("_T")

_BITS: Final = tuple(n.bit_length() for n in range(65))
"""How many bits a draw below n takes, for the small n of a deck, a menu or a bid range."""


def below(rng: random.Random, n: int) -> int:
    """A uniform number in ``range(n)`` (n ≥ 1), drawn as ``random.Random`` draws one for
    ``choice``, ``randrange`` and ``shuffle``: ``getrandbits`` of n's bit length, again while
    the number is n or more. Nothing to draw from (n < 1) is refused: ``choice`` of an empty
    sequence would be."""
    if n < 1:
        raise RulesError(f"nothing to choose from: a draw below {n}")
    bits = _BITS[n] if n < 65 else n.bit_length()
    draw: int = rng.getrandbits(bits)
    while draw >= n:
        draw = rng.getrandbits(bits)
    return draw


def shuffle(rng: random.Random, items: list[_T]) -> None:
    """Shuffle ``items`` in place: from the last place down, swap each with a place drawn
    :func:`below` it (itself included)."""
    getrandbits = rng.getrandbits  # below(rng, i + 1), written in: one call fewer per card
    for i in range(len(items) - 1, 0, -1):
        bits = _BITS[i + 1] if i < 64 else (i + 1).bit_length()
        j: int = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def seeded(seed: int | str | bytes | None) -> random.Random:
    """``random.Random(seed)`` for a whole-number seed (None: from the system's randomness),
    in the same state, made without the standard library's interpreted ``__init__`` and
    ``seed``: for an int those only hand it to the C generator's own ``seed`` (a quarter of
    the cost of a random bot built afresh every hand). tests/test_shuffle.py checks the
    states equal. Any other seed is read as ``random.Random`` reads it (a string by its
    SHA-512, not by its hash, which changes from one process to the next)."""
    if seed is not None and type(seed) is not int:
        return random.Random(seed)
    rng = random.Random.__new__(random.Random)
    _Generator.seed(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # what random.Random.seed also sets
    return rng


def deck_order(seed: int) -> list[int]:
    """The deck of ``seed``, card ids in the order they are dealt (docs/fairness.md)."""
    order = list(range(52))
    shuffle(seeded(seed), order)
    return order
