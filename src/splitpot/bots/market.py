"""What a table pays for cards at NASDAQ sales, learnt from the sales a bot has seen.

Whether to offer a card at a price, or give it away for nothing (NASDAQ 5.2(c)), depends on
who sits at the table: sold, the best bid is paid to the seller (¶9); unsold, the seller pays
the price into the pot (¶10). Nothing in the rules says how others bid, so :class:`Market`
keeps count, over every hand its bot plays, of the cards offered, how many sold and what their
sellers received, from each view's log (bids are open, or revealed once the sale is over). It
starts from a market that buys nothing, so a bot that has seen no sale plays as if nobody bids.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.actions import Action
from splitpot.rules import Rules, Sale
from splitpot.views import View

__all__ = ["Market", "sale_turns_left", "sales"]

_PRIOR = 2
"""Offers counted as unsold before any is seen: one sale seen does not make a market."""


def sales(log: Sequence[Action], rules: Rules) -> list[tuple[int, bool, int]]:
    """The finished sales in a log: each offer's asking price (0 for none), whether it sold,
    and the chips its seller received (the best bid, less the part of the excess over
    ``excess_threshold`` that goes to the pot, ¶26)."""
    found = []
    offer: tuple[int, int] | None = None  # seller, asking price
    best = 0
    for action in log:
        if action.verb == "sell" and action.seat is not None:
            offer, best = (action.seat, action.amount or 0), 0
        elif offer is not None and action.verb == "bid" and action.amount is not None:
            best = max(best, action.amount)
        elif offer is not None and action.verb == "sd":
            seller, ask = offer
            sold = action.seat != seller
            received = best if sold else 0
            threshold = rules.excess_threshold
            if sold and threshold is not None and best > threshold:
                received = threshold + (best - threshold) // 2  # the odd chip to the pot
            found.append((ask, sold, received))
            offer = None
    return found


def sale_turns_left(view: View, rules: Rules) -> int:
    """The reader's turns to sell still to come this hand: one per auction round of the
    seven-card version (5.2), one in the six-card game (¶13), less those it has had (a sale
    or a free discard)."""
    rounds = sum(1 for s in rules.steps if isinstance(s, Sale) and s.sellers == "round")
    once = any(isinstance(s, Sale) and s.sellers != "round" for s in rules.steps)
    taken, open_sale = 0, False
    for action in view.log:
        if action.verb == "sell":
            open_sale = True
            taken += action.seat == view.seat
        elif action.verb == "sd":
            taken += action.seat == view.seat and not open_sale  # a free discard
            open_sale = False
    return max(0, rounds + once - taken)


class Market:
    """Offers seen at this bot's tables, how many sold and what their sellers received."""

    def __init__(self) -> None:
        self.offers = 0
        self.sold = 0
        self.received = 0
        self._hand: tuple[object, ...] | None = None
        self._current: list[tuple[int, bool, int]] = []

    def observe(self, view: View, rules: Rules) -> None:
        """Count the sales in this view's hand (a new hand is told by the reader's first
        cards: the previous hand's sales are then kept for good)."""
        first = next((a for a in view.log if a.verb == "dh" and a.seat == view.seat), None)
        hand = (view.seat, first.cards if first is not None else ())
        if hand != self._hand:
            self._keep()
            self._hand = hand
        self._current = sales(view.log, rules)

    def _keep(self) -> None:
        for _, sold, received in self._current:
            self.offers += 1
            self.sold += sold
            self.received += received
        self._current = []

    def expect(self, price: int, share: float) -> float:
        """Chips a seller expects from an offer at ``price``, from the offers seen (this hand
        so far included): what sellers received on average, less the price paid into the pot
        when unsold, of which ``share`` comes back to the seller with the pot."""
        seen = self._current
        offers = self.offers + len(seen) + _PRIOR
        sold = self.sold + sum(s for _, s, _ in seen) + _PRIOR
        received = self.received + sum(r for _, _, r in seen) + _PRIOR * price
        unsold = 1 - sold / offers
        return received / offers - unsold * price * (1 - share)
