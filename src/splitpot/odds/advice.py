"""The declaration advisor: what declaring high, low or both is worth to one seat.

From what the seat sees (its own cards, the others' up cards, every card shown), the others'
hidden cards are dealt every way they can be (or at random, past a limit), consistently with
what it sees. In each deal every other seat declares by a stated model, or as it has already
declared where the seat can see it (in-turn declarations); each of the seat's own choices is then
judged as the showdown judges declarations (:func:`splitpot.phases.showdown.contenders`: each
half among its declarers, a failed "both" takes nothing, OPR-657 4.3 and the house rule
``both_must``), and the pot is split as :func:`splitpot.phases.showdown.judge` splits it. The
seat's expected share of the pot follows for each choice, with its standard error when sampled.

Models of the others (docs/odds.md):

- :class:`BetterHalf`: each declares the half its hand ranks better in — its high and its low
  as percentiles among random hands of as many cards — and both when allowed and both
  percentiles reach ``both_at``.
- :class:`Threshold`: each declares low with a low at least as good as ``low``, both (when
  allowed) with a high at least ``both_high`` and a low at least ``both_low``, else high.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import sqrt
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from splitpot.actions import Declaration
from splitpot.cards import parse_cards
from splitpot.hands import high_value, low_value
from splitpot.odds.chances import Value
from splitpot.odds.exact import ranking, values
from splitpot.odds.sample import all_deals, deal_count, hand_values, random_deals
from splitpot.odds.situation import OddsError, Situation, situation_from_view
from splitpot.phases.showdown import contenders
from splitpot.rules import Rules
from splitpot.views import View

__all__ = [
    "ADVICE_LIMIT",
    "ADVICE_SAMPLES",
    "BETTER_HALF",
    "Advice",
    "BetterHalf",
    "Choice",
    "Model",
    "Threshold",
    "advise",
    "advise_situation",
]

ADVICE_LIMIT = 200_000
"""Deals of the hidden cards enumerated exactly by default; beyond, Monte Carlo."""
ADVICE_SAMPLES = 20_000
"""Random deals by default past the limit (standard error about 0.3 % of the pot)."""
_DECLARATIONS: tuple[Declaration, ...] = ("hi", "lo", "both")
_Int = npt.NDArray[np.int64]
_REFERENCE = 100_000


@dataclass(frozen=True, slots=True)
class BetterHalf:
    """The others declare the half their hand ranks better in among random hands of as many
    cards (ties: high); both, where allowed, when both ranks reach ``both_at`` (None: never)."""

    both_at: float | None = None

    def describe(self) -> str:
        both = (
            ""
            if self.both_at is None
            else f", both when both are in the top {1 - self.both_at:.0%}"
        )
        return f"others declare their better half{both}"


@dataclass(frozen=True, slots=True)
class Threshold:
    """The others declare low holding a low at least as good as ``low``, both (where allowed)
    holding a high at least ``both_high`` and a low at least ``both_low``, else high. Hands are
    written as cards (``"8c7d6h5s4c"``); None: the worst eight-low, a straight, the worst
    seven-low of the game's low ranking."""

    low: str | None = None
    both_high: str | None = None
    both_low: str | None = None

    def levels(self, rules: Rules) -> tuple[int, int, int]:
        """The three thresholds as values of the game's halves."""
        deuce = rules.low == "27"
        low = self.low or ("8c7d6h5s3c" if deuce else "8c7d6h5s4c")
        both_low = self.both_low or ("7c6d5h4s2c" if deuce else "7c6d5h4s3c")
        both_high = self.both_high or "5c4d3h2sAc"
        lows = [
            low_value(parse_cards(h), ranking=ranking(rules), qualifier=0) or 0
            for h in (low, both_low)
        ]
        return lows[0], high_value(parse_cards(both_high)), lows[1]

    def describe(self) -> str:
        low = self.low or "an eight-low"
        high = self.both_high or "a straight"
        both_low = self.both_low or "a seven-low"
        return (
            f"others declare by a threshold: low with {low} or better, both (where allowed) "
            f"with {high} or better and {both_low} or better, else high"
        )


Model = BetterHalf | Threshold
BETTER_HALF = BetterHalf()


class Choice(NamedTuple):
    """One declaration open to the seat and its expected share of the pot."""

    declaration: Declaration
    share: Value


@dataclass(frozen=True, slots=True)
class Advice:
    """The seat's choices, best first; ``margin`` is the best's share less the next best's
    (its error from the same deals); ``deals`` were enumerated (``exact``) or sampled."""

    seat: int
    choices: tuple[Choice, ...]
    margin: Value
    model: str
    exact: bool
    deals: int

    @property
    def best(self) -> Declaration:
        """The declaration worth the most."""
        return self.choices[0].declaration

    def share(self, declaration: Declaration) -> Value:
        """The expected share of the pot of one declaration."""
        for choice in self.choices:
            if choice.declaration == declaration:
                return choice.share
        raise OddsError(f"{declaration!r} may not be declared here")

    def as_json(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "best": self.best,
            "choices": {c.declaration: c.share.as_json() for c in self.choices},
            "margin": self.margin.as_json(),
            "model": self.model,
            "exact": self.exact,
            "deals": self.deals,
        }


def advise(
    seen: View,
    rules: Rules | None = None,
    *,
    model: Model = BETTER_HALF,
    exact: bool | None = None,
    samples: int = ADVICE_SAMPLES,
    seed: int | None = 0,
    limit: int = ADVICE_LIMIT,
) -> Advice:
    """What each declaration is worth to the view's seat (at the declaration, or earlier: the
    cards still to come are dealt too). Declarations it can already see are kept."""
    if seen.seat is None:
        raise OddsError("advice is for a seat: a spectator's view has no hand to declare")
    question = situation_from_view(seen, rules)
    if question.reader is None:
        raise OddsError(f"seat {seen.seat} has no live hand to declare")
    declared = {
        question.seats.index(s.seat): s.declaration
        for s in seen.seats
        if s.declaration is not None and s.seat != seen.seat and s.seat in question.seats
    }
    return advise_situation(
        question,
        question.reader,
        declared=declared,
        model=model,
        exact=exact,
        samples=samples,
        seed=seed,
        limit=limit,
    )


def advise_situation(
    question: Situation,
    hand: int,
    *,
    declared: Mapping[int, Declaration] | None = None,
    model: Model = BETTER_HALF,
    exact: bool | None = None,
    samples: int = ADVICE_SAMPLES,
    seed: int | None = 0,
    limit: int = ADVICE_LIMIT,
) -> Advice:
    """What each declaration is worth to hand number ``hand`` of the situation; ``declared``
    fixes the declarations of other hands (by index), the model gives the rest."""
    rules = question.rules
    if rules.showdown != "declare":
        raise OddsError(
            f"{rules.name} is played cards speak: nobody declares (house rule showdown)"
        )
    deck = np.array(question.unseen(), dtype=np.int64)
    draws = question.draws
    known = [[*map(int, h.cards), *map(int, question.common)] for h in question.hands]
    total = deal_count(len(deck), draws)
    if exact is None:
        exact = total <= limit
    deals: npt.NDArray[np.integer]
    if exact:
        if total > 10 * ADVICE_LIMIT:
            raise OddsError(f"{total:,} deals are too many to enumerate: sample them instead")
        deals = all_deals(len(deck), draws)
    else:
        if samples < 2:
            raise OddsError(f"a Monte Carlo estimate needs at least 2 samples, not {samples}")
        deals = random_deals(np.random.default_rng(seed), len(deck), sum(draws), samples)
    high, low = hand_values(rules, known, draws, deck, deals)
    sizes = [len(k) + d for k, d in zip(known, draws, strict=True)]
    codes = _declarations(model, rules, high, low, sizes)
    for i, said in (declared or {}).items():
        codes[:, i] = _DECLARATIONS.index(said)
    codes[:, hand] = 0
    # What decides the pot is the order of the hands, not their values: judge each pattern once.
    high_rank = (high[:, :, None] > high[:, None, :]).sum(axis=2)
    low_rank = np.where(low > 0, 1 + (low[:, :, None] > low[:, None, :]).sum(axis=2), 0)
    patterns, counts = np.unique(
        np.concatenate([high_rank, low_rank, codes], axis=1), axis=0, return_counts=True
    )
    allowed = _DECLARATIONS if rules.declare_both else _DECLARATIONS[:2]
    n = len(known)
    worth = {
        said: [_share(rules, hand, said, row[:n], row[n : 2 * n], row[2 * n :]) for row in patterns]
        for said in allowed
    }
    values_of = {said: _value(worth[said], counts, exact) for said in allowed}
    order = sorted(allowed, key=lambda d: -values_of[d].mean)
    if len(order) > 1:
        gap = [a - b for a, b in zip(worth[order[0]], worth[order[1]], strict=True)]
        margin = _value(gap, counts, exact)
    else:
        margin = Value(0.0, 0.0, Fraction(0))
    return Advice(
        question.seats[hand],
        tuple(Choice(d, values_of[d]) for d in order),
        margin,
        model.describe(),
        exact,
        len(deals),
    )


def _value(shares: list[Fraction], counts: npt.NDArray[np.int64], exact: bool) -> Value:
    """The mean of per-pattern shares weighted by how many deals show each pattern."""
    total = int(counts.sum())
    mean = sum((s * int(c) for s, c in zip(shares, counts, strict=True)), Fraction(0)) / total
    if exact:
        return Value(float(mean), 0.0, mean)
    x = np.array([float(s) for s in shares])
    m = float(mean)
    var = float((counts * (x - m) ** 2).sum()) / max(1, total - 1)
    return Value(m, sqrt(var / total))


def _share(
    rules: Rules, me: int, said: Declaration, high: _Int, low: _Int, codes: _Int
) -> Fraction:
    """The seat's part of the pot in one deal, as the showdown judges declarations."""
    seats = tuple(range(len(high)))
    declared = {s: _DECLARATIONS[int(c)] for s, c in enumerate(codes)}
    declared[me] = said
    highs = {s: int(v) for s, v in enumerate(high)}
    lows = {s: int(v) if v else None for s, v in enumerate(low)}
    hi, lo = contenders(seats, declared, highs, lows, rules.both_must)
    # the split of splitpot.phases.showdown.judge, as fractions of the pot (no odd chips)
    if hi and lo and set(hi) != set(lo):
        return Fraction(me in hi, 2 * len(hi)) + Fraction(me in lo, 2 * len(lo))
    if hi:
        return Fraction(me in hi, len(hi))
    if lo:
        return Fraction(me in lo, len(lo))
    return Fraction(1, len(seats))


def _declarations(model: Model, rules: Rules, high: _Int, low: _Int, sizes: list[int]) -> _Int:
    """Each hand's declaration in each deal under the model: 0 high, 1 low, 2 both."""
    both = rules.declare_both
    if isinstance(model, Threshold):
        low_at, both_high, both_low = model.levels(rules)
        goes_low = (low > 0) & (low >= low_at)
        goes_both = both & (high >= both_high) & (low > 0) & (low >= both_low)
    else:
        ranks_high = np.empty(high.shape)
        ranks_low = np.empty(low.shape)
        for i, size in enumerate(sizes):
            ref_high, ref_low = _reference(rules, size)
            ranks_high[:, i] = np.searchsorted(ref_high, high[:, i], "right") / len(ref_high)
            ranks_low[:, i] = np.where(
                low[:, i] > 0, np.searchsorted(ref_low, low[:, i], "right") / len(ref_low), 0.0
            )
        goes_low = ranks_low > ranks_high
        at = model.both_at
        goes_both = np.zeros(high.shape, dtype=bool)
        if both and at is not None:
            goes_both = (ranks_high >= at) & (ranks_low >= at)
    return np.where(goes_both, 2, np.where(goes_low, 1, 0)).astype(np.int64)


@cache
def _reference(rules: Rules, size: int) -> tuple[_Int, _Int]:
    """Sorted high and low values of 100,000 random hands of ``size`` cards (fixed seed)."""
    cards = random_deals(np.random.default_rng(0), 52, size, _REFERENCE)
    high, low = values(rules, cards)
    return np.sort(high), np.sort(low)
