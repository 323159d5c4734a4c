"""The heuristic bot: chances by rules of thumb about made hands and draws, street by street.

:class:`HeuristicBot` is a :class:`~splitpot.bots.strategy.StrategyBot` whose estimate of the
seat's chances comes from the hand's category, its flush draws, the count of distinct low
cards it holds and still needs, and the opponents' up cards (read by
:func:`splitpot.bots.table.read`); no sampling, so the same table gives the same answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.actions import Declaration
from splitpot.bots.strategy import Estimate, StrategyBot
from splitpot.bots.table import Table
from splitpot.hands import CATEGORY_NAMES, high_category, high_value, low_value
from splitpot.rules import Rules

__all__ = ["HeuristicBot"]

_TWO_PAIR = high_value("2c2d3c3d4h")  # the weakest two pair: a declare-game "high" hand
_PAIR_OF_TENS = high_value("TcTd2c3h4s")


class HeuristicBot(StrategyBot):
    """Plays by rules of thumb: made hands and draws for high and low, street by street.

    Its chances come from the hand's category (a pair, two pair, trips...), its flush draws,
    the count of distinct low cards it holds and still needs, and whether an opponent's up
    cards already beat it, thinned out by the number of opponents. Deterministic: ties in its
    choices are broken by card ids, never at random.
    """

    def estimate(self, table: Table, mine: tuple[int, ...], to_come: int) -> Estimate:
        """Chances by rules of thumb (no sampling: the same table gives the same answer). More
        than seven cards (a NASDAQ buyer before its discard): the best hand without one."""
        if len(mine) + len(table.common) > 7:
            fewer = [mine[:i] + mine[i + 1 :] for i in range(len(mine))]
            return max((self.estimate(table, f, to_come) for f in fewer), key=lambda e: e.share)
        rules = table.rules
        cards = (*mine, *table.common)
        opponents = max(1, len(table.opponents))
        boards = [o.known for o in table.opponents if o.known]
        high = _high_strength(cards, to_come, boards) if rules.high else 0.0
        low = _low_strength(rules, cards, to_come, boards) if rules.low != "none" else 0.0
        spread = opponents / 2
        ph, pl = high**spread, low**spread
        if not rules.high:
            return Estimate(0.0, pl, pl, pl, "lo")
        if rules.low == "none":
            return Estimate(ph, 0.0, ph, ph, "hi")
        scoop = ph * pl
        if rules.showdown == "declare":
            # against about half the field: the others go the other way
            half = opponents / 4
            hi, lo = 0.55 * high**half, 0.55 * low**half
            declaration = _declaration(rules, cards, ph, pl)
            share = {"hi": hi, "lo": lo, "both": scoop}[declaration]
            return Estimate(ph, pl, scoop, share, declaration)
        no_low = _no_low_likely(rules, cards, to_come)
        share = ph if no_low else 0.5 * (ph + pl)
        return Estimate(ph, pl, scoop, share, "hi" if ph >= pl else "lo")


def _declaration(rules: Rules, cards: Sequence[int], ph: float, pl: float) -> Declaration:
    """The usual rule of thumb (OPR-207 4.2, OPR-657 4.2): low with a made low (five low
    cards) and less than two pair, or with no pair and nothing above a nine; high with a pair
    or better; both only with a strong high and a strong low where the house allows it."""
    if not cards:
        return "hi" if ph >= pl else "lo"
    value = high_value(list(cards))
    lows = {_a5(c) for c in cards if _a5(c) <= (rules.qualifier or 8)}
    if rules.declare_both and ph > 0.8 and pl > 0.8:
        return "both"
    if len(lows) >= 5 and value < _TWO_PAIR:
        return "lo"
    if _category(list(cards)) >= 1:
        return "hi"
    top = max(_a5(c) for c in cards)
    return "lo" if top <= 9 else "hi"


def _no_low_likely(rules: Rules, cards: Sequence[int], to_come: int) -> bool:
    """Whether a qualifying low is out of reach for the reader (Robert's: 8-or-better)."""
    if not rules.qualifier:
        return False
    lows = {_a5(c) for c in cards if _a5(c) <= rules.qualifier}
    return len(lows) + to_come < 5


def _a5(card: int) -> int:
    rank = card // 4 + 2
    return 1 if rank == 14 else rank


def _high_strength(cards: Sequence[int], to_come: int, boards: list[tuple[int, ...]]) -> float:
    """Rough chance that the hand wins high against one opponent: its category (a pair is
    worth more when the game deals only five cards), its flush draws, and whether an
    opponent's up cards already beat it."""
    if not cards:
        return 0.3
    value = high_value(list(cards))
    category = _category(list(cards))
    top = max(c // 4 + 2 for c in cards)
    if len(cards) + to_come <= 5:  # five-card games
        base = (0.0, 0.6, 0.85, 0.93, 0.95, 0.96, 0.98, 0.99, 0.99)[category]
        if category == 0:
            base = 0.3 + 0.05 * (top - 11) if top > 11 else 0.2
        elif category == 1 and value >= _PAIR_OF_TENS:
            base = 0.7
    elif category >= 2:
        base = (0.0, 0.0, 0.62, 0.76, 0.82, 0.86, 0.93, 0.97, 0.99)[category]
    elif category == 1:
        base = 0.5 if value >= _PAIR_OF_TENS else 0.4
    else:
        base = 0.2 + 0.02 * (top - 10) if top > 10 else 0.15
    if to_come and len(cards) + to_come > 5:
        suits = [sum(1 for c in cards if c % 4 == s) for s in range(4)]
        flush = max(suits)
        if flush >= 4:
            base = max(base, 0.55)
        elif flush == 3 and len(cards) <= 4 and to_come >= 3:
            base = max(base, 0.35)
    for board in boards:
        if high_value(list(board)) > value:
            base *= 0.6
            break
    return base


_UNPAIRED_LOW = {1: 0.97, 2: 0.97, 3: 0.97, 4: 0.97, 5: 0.97, 6: 0.97, 7: 0.97, 8: 0.97}
_UNPAIRED_LOW |= {9: 0.95, 10: 0.9, 11: 0.84, 12: 0.74, 13: 0.59}
"""Five-card games without a qualifier: P(low) against one opponent of five unpaired cards
whose highest (ace-to-five) is the key, a little under the chance that they make the better
low against five random cards (sampled: 0.99 up to an eight, 0.97 a nine, 0.93 a ten, 0.87 a
jack, 0.76 a queen, 0.57 a king; half of all hands hold a pair)."""


def _category(cards: list[int]) -> int:
    return CATEGORY_NAMES.index(high_category(high_value(cards)))


def _low_strength(
    rules: Rules, cards: Sequence[int], to_come: int, boards: list[tuple[int, ...]]
) -> float:
    """Rough chance that the hand wins low against one opponent: distinct low cards held and
    needed; a made low by its top card (ace-to-five, OPR-657 1.3)."""
    limit = rules.qualifier or 8
    lows = sorted({_a5(c) for c in cards if _a5(c) <= limit})
    if len(cards) + to_come <= 5 and not rules.qualifier:  # five cards, every hand has a low
        ranks = {_a5(c) for c in cards}
        if len(ranks) == len(cards):  # unpaired: as good as its highest card, less its draws
            base = _UNPAIRED_LOW[max(ranks)] - 0.07 * to_come
        elif len(ranks) == len(cards) - 1:
            base = 0.3 if to_come else 0.2
        else:
            base = 0.08
    elif len(lows) >= 5:
        top = lows[4]
        base = 0.92 if top <= 6 else 0.8 if top == 7 else 0.66 if top == 8 else 0.55
    else:
        need = 5 - len(lows)
        if need > to_come:
            if rules.qualifier:
                return 0.0
            value = low_value(list(cards), qualifier=0) if cards else 0
            base = 0.12 if value else 0.08  # no good low, only a poor one
        else:
            base = 0.12 * len(lows) + (0.1 if need < to_come else 0.0)
    for board in boards:
        their = {_a5(c) for c in board if _a5(c) <= limit}
        if len(their) == len(board) >= len(lows) and board and max(their) < (lows or [99])[-1]:
            base *= 0.75
            break
    return base
