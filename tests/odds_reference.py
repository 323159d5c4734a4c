"""A slow, obviously correct odds enumerator, used only by tests: it visits every outcome.

Every way of dealing the missing cards to the hands, one at a time (itertools), is judged with
the plain reference evaluator of ``reference.py`` (nothing shared with ``splitpot.hands`` or
``splitpot.odds``), cards speak (Robert's 7; house-rules.md "a half nobody can take"): the best
high hand takes half the pot and the best qualifying low the other half, tied hands split their
half, a half nobody can take goes to the other, and if neither can be taken all hands share.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from reference import high_key, low_key


@dataclass
class Tally:
    """Per hand: outcomes won or tied high, won or tied low, scooped, and the summed share."""

    outcomes: int
    high: list[int]
    low: list[int]
    scoop: list[int]
    share: list[Fraction]


def deals(deck: Sequence[int], draws: Sequence[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every way to give ``draws[i]`` cards of ``deck`` to hand i, each card to one hand."""
    if not draws:
        yield ()
        return
    for first in combinations(deck, draws[0]):
        rest = [c for c in deck if c not in first]
        for others in deals(rest, draws[1:]):
            yield (first, *others)


def enumerate_odds(
    hands: Sequence[Sequence[int]],
    draws: Sequence[int],
    dead: Sequence[int] = (),
    *,
    high: bool = True,
    low: str | None = "a5",
    qualifier: int = 8,
) -> Tally:
    """Visit every outcome; ``low`` is ``"a5"``, ``"27"`` or None (no low half)."""
    n = len(hands)
    used = {c for h in hands for c in h} | set(dead)
    deck = [c for c in range(52) if c not in used]
    tally = Tally(0, [0] * n, [0] * n, [0] * n, [Fraction(0)] * n)
    for dealt in deals(deck, draws):
        tally.outcomes += 1
        final = [list(h) + list(d) for h, d in zip(hands, dealt, strict=True)]
        highs = [high_key(f) for f in final] if high else None
        lows = [low_key(f, low, qualifier) for f in final] if low else None
        high_winners: list[int] = []
        low_winners: list[int] = []
        if highs is not None:
            best = max(highs)
            high_winners = [i for i in range(n) if highs[i] == best]
        if lows is not None:
            qualified = [v for v in lows if v is not None]
            if qualified:
                best_low = max(qualified)
                low_winners = [i for i in range(n) if lows[i] == best_low]
        for i in high_winners:
            tally.high[i] += 1
        for i in low_winners:
            tally.low[i] += 1
        halves = [w for w in (high_winners, low_winners) if w]
        if not halves:
            for i in range(n):
                tally.share[i] += Fraction(1, n)
            continue
        for winners in halves:
            for i in winners:
                tally.share[i] += Fraction(1, len(halves) * len(winners))
        for i in range(n):
            if all(w == [i] for w in halves) and (high_winners == [i] or not high):
                tally.scoop[i] += 1
    return tally
