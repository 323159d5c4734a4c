"""Each hand's chances, cards speak: P(win or tie high), P(win or tie low), P(scoop) and the
expected share of the pot, exact (fractions) or by Monte Carlo (with standard errors); and the
buy of five-card stud high-low with a buy as an option (OPR-207 Article 3).

Shares are parts of one pot: the best high takes half, the best qualifying low the other half,
tied hands split a half (Robert's 7), and a half nobody can take goes to the other half
(house-rules.md). Odd chips are not counted: shares are exact fractions of the pot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from typing import Any, NamedTuple

from splitpot.cards import Card, CardsLike
from splitpot.odds import exact as exact_counts
from splitpot.odds.sample import sample
from splitpot.odds.situation import (
    Hand,
    OddsError,
    Situation,
    buy_game,
    situation,
    situation_from_view,
)
from splitpot.rules import Rules
from splitpot.views import View

__all__ = [
    "EXACT_LIMIT",
    "MAX_WORK",
    "SAMPLES",
    "BuyOption",
    "HandOdds",
    "Odds",
    "Value",
    "buy_options",
    "compute",
    "odds",
    "view_odds",
]

EXACT_LIMIT = 1_000_000_000
"""Outcomes counted exactly by default; beyond this, Monte Carlo (unless ``exact=True``)."""
MAX_WORK = 20_000_000
"""Table entries an exact count may use (:func:`splitpot.odds.exact.work`), about 100 bytes
each at the peak: 2 GB at most (third street heads-up uses 5.2 million)."""
SAMPLES = 200_000
"""Random deals of a Monte Carlo estimate by default (standard error about 0.1 %)."""

Progress = Callable[[int, int], None]


class Value(NamedTuple):
    """A probability or a share of the pot: ``exact`` is the fraction when it was counted
    exactly (``error`` 0), else ``mean`` is a Monte Carlo estimate with its standard error."""

    mean: float
    error: float = 0.0
    exact: Fraction | None = None

    @classmethod
    def counted(cls, part: int, whole: int) -> Value:
        fraction = Fraction(part, whole)
        return cls(float(fraction), 0.0, fraction)

    @classmethod
    def sampled(cls, hits: int, n: int) -> Value:
        p = hits / n
        return cls(p, sqrt(p * (1 - p) / n))

    def percent(self) -> str:
        """``"17.500%"``, or ``"17.48% ± 0.09"`` for an estimate."""
        if self.exact is not None:
            return f"{100 * self.mean:.3f}%"
        return f"{100 * self.mean:.2f}% ± {100 * self.error:.2f}"

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": self.mean, "error": self.error}
        if self.exact is not None:
            out["exact"] = str(self.exact)
        return out


@dataclass(frozen=True, slots=True)
class HandOdds:
    """One hand's chances: won or tied high, won or tied low, scooped, share of the pot."""

    hand: Hand
    seat: int
    to_come: int
    high: Value
    low: Value
    scoop: Value
    share: Value


@dataclass(frozen=True, slots=True)
class Odds:
    """Every hand's chances; ``outcomes`` is the number of outcomes counted when ``exact``,
    else the number of random deals sampled (with ``seed``)."""

    game: str
    hands: tuple[HandOdds, ...]
    exact: bool
    outcomes: int
    seed: int | None
    reader: int | None = None

    def seat(self, seat: int) -> HandOdds:
        """The chances of the hand at ``seat`` (read from a view: the seat number)."""
        for hand in self.hands:
            if hand.seat == seat:
                return hand
        raise OddsError(f"no live hand at seat {seat}")

    def as_json(self) -> dict[str, Any]:
        """The odds as plain data (``splitpot odds --json``)."""
        return {
            "game": self.game,
            "exact": self.exact,
            "outcomes" if self.exact else "samples": self.outcomes,
            "seed": None if self.exact else self.seed,
            "hands": [
                {
                    "hand": str(h.hand),
                    "to_come": h.to_come,
                    **{k: getattr(h, k).as_json() for k in ("high", "low", "scoop", "share")},
                }
                for h in self.hands
            ],
        }


def compute(
    question: Situation,
    *,
    exact: bool | None = None,
    samples: int = SAMPLES,
    seed: int | None = 0,
    limit: int = EXACT_LIMIT,
    progress: Progress | None = None,
) -> Odds:
    """The odds of a situation: counted exactly when ``exact`` (None: when the outcomes are at
    most ``limit``), else estimated from ``samples`` random deals drawn with ``seed``."""
    deck = question.unseen()
    draws = question.draws
    known = [[*map(int, h.cards), *map(int, question.common)] for h in question.hands]
    total = exact_counts.outcomes(draws, len(deck))
    work = exact_counts.work(draws, len(deck))
    if exact is None:
        exact = total <= limit and work <= MAX_WORK
    rules = question.rules
    if exact:
        if work > MAX_WORK:
            raise OddsError(
                f"{total:,} outcomes are too many to count exactly here (about {work:,.0f} "
                f"table entries, at most {MAX_WORK:,}): sample them instead"
            )
        counts = exact_counts.count(known, draws, deck, rules, progress)
        rows = [
            (
                Value.counted(counts.high[i], total),
                Value.counted(counts.low[i], total),
                Value.counted(counts.scoop[i], total),
                Value.counted(counts.share[i], counts.share_unit),
            )
            for i in range(len(known))
        ]
    else:
        if samples < 2:
            raise OddsError(f"a Monte Carlo estimate needs at least 2 samples, not {samples}")
        sums = sample(known, draws, deck, rules, samples, seed, progress)
        total = samples
        rows = []
        for i in range(len(known)):
            average = sums.share[i] / samples
            spread = sums.share_squares[i] / samples - average * average
            mean, var = float(average), float(spread) * samples / (samples - 1)
            rows.append(
                (
                    Value.sampled(sums.high[i], samples),
                    Value.sampled(sums.low[i], samples),
                    Value.sampled(sums.scoop[i], samples),
                    Value(mean, sqrt(var / samples)),
                )
            )
    hands = tuple(
        HandOdds(h, seat, come, *row)
        for h, seat, come, row in zip(
            question.hands, question.seats, question.to_come, rows, strict=True
        )
    )
    return Odds(rules.name, hands, exact, total, None if exact else seed, question.reader)


def odds(
    game: Rules | str,
    hands: Sequence[str | Hand | CardsLike],
    *,
    dead: CardsLike = (),
    common: CardsLike = (),
    to_come: Sequence[int] | None = None,
    exact: bool | None = None,
    samples: int = SAMPLES,
    seed: int | None = 0,
    limit: int = EXACT_LIMIT,
    progress: Progress | None = None,
) -> Odds:
    """The odds of explicit hands (text such as ``"As 2d xx 7h"``; ``xx``: a card not seen)
    under a game: ``odds("stud8", ["As2d4c7hKdQs", "KhKc9d9s5h3c"])``."""
    question = situation(game, hands, dead=dead, common=common, to_come=to_come)
    return compute(
        question, exact=exact, samples=samples, seed=seed, limit=limit, progress=progress
    )


def view_odds(
    seen: View,
    rules: Rules | None = None,
    *,
    exact: bool | None = None,
    samples: int = SAMPLES,
    seed: int | None = 0,
    limit: int = EXACT_LIMIT,
) -> Odds:
    """The odds of every live hand as one seat sees the table (its view): the others' hidden
    cards and the cards to come are unknown. ``view_odds(v).seat(v.seat).share`` is the
    reader's expected share of the pot."""
    question = situation_from_view(seen, rules)
    return compute(question, exact=exact, samples=samples, seed=seed, limit=limit)


class BuyOption(NamedTuple):
    """Buying ``card`` away (None: standing pat): the share of the pot after it, the gain over
    standing pat, its worth in chips at a given pot (the price paid in, OPR-207 3.2), and the
    smallest pot at which the buy pays (None: never)."""

    card: Card | None
    share: Value
    gain: float
    worth: float | None
    pays_from: float | None


def buy_options(
    question: Situation,
    hand: int,
    *,
    price: int | None = None,
    pot: int | None = None,
    exact: bool | None = None,
    samples: int = SAMPLES,
    seed: int | None = 0,
    limit: int = EXACT_LIMIT,
) -> tuple[BuyOption, ...]:
    """Standing pat and buying away each seen card of ``hand`` (index into the situation),
    best first, the others standing pat. The replacement is an unknown card (OPR-207 3.3) and
    the card bought away is dead; the price is the game's first (``buy_prices``) unless given.

    With a pot P before the buy and price c, buying is worth ``s_buy (P + c) - c - s_pat P``:
    it pays once P is at least ``c (1 - s_buy) / (s_buy - s_pat)``."""
    rules = question.rules
    if not buy_game(rules):
        raise OddsError(f"{rules.name} has no buy (OPR-207 Article 3)")
    if question.to_come[hand]:
        raise OddsError(
            f"hand {hand + 1} is still to be dealt {question.to_come[hand]} cards: the buy comes "
            "once every player has five (OPR-207 3.1)"
        )
    cost = rules.prices[0] if price is None else price

    def share_of(spot: Situation) -> Value:
        chances = compute(spot, exact=exact, samples=samples, seed=seed, limit=limit)
        return chances.hands[hand].share

    pat = share_of(question)
    found = [BuyOption(None, pat, 0.0, 0.0 if pot is not None else None, None)]
    mine = question.hands[hand]
    for card in mine.cards:
        kept = Hand(tuple(c for c in mine.cards if c != card), mine.unknown + 1)
        hands = tuple(kept if i == hand else h for i, h in enumerate(question.hands))
        bought = Situation(
            rules,
            hands,
            question.to_come,
            (*question.dead, card),
            question.common,
            question.seats,
            question.reader,
        )
        share = share_of(bought)
        gain = share.mean - pat.mean
        worth = None if pot is None else share.mean * (pot + cost) - cost - pat.mean * pot
        pays = cost * (1 - share.mean) / gain if gain > 0 else None
        found.append(BuyOption(card, share, gain, worth, pays))
    if pot is not None:
        found.sort(key=lambda o: -(o.worth or 0.0))
    else:
        found.sort(key=lambda o: -o.gain)
    return tuple(found)
