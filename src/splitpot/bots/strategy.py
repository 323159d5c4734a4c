"""The choice of an action from a seat's chances, shared by the strong bots.

:class:`StrategyBot` chooses among the view's options from an :class:`Estimate` of the seat's
chances (P(high), P(low), P(scoop), expected share of the pot and the best declaration): it
bets, raises, calls or folds against pot odds, bids at auctions and sales by how much a card
improves its chances, picks, buys, sells, discards and declares. Any verb it does not know gets
a safe legal choice (check/call, pass, stand pat, the first option). Subclasses supply
:meth:`StrategyBot.estimate`: the heuristic bot (:mod:`splitpot.bots.heuristic`) by rules of
thumb about made hands and draws, the equity bot (:mod:`splitpot.bots.equity`) by Monte Carlo.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from splitpot.actions import BETTING_VERBS, Action, Declaration
from splitpot.bots.market import Market, sale_turns_left
from splitpot.bots.table import Table, action_for, read
from splitpot.cards import CARDS
from splitpot.errors import RulesError
from splitpot.rules import Sale
from splitpot.state import Option
from splitpot.views import View

__all__ = ["Estimate", "StrategyBot"]


class Estimate(NamedTuple):
    """A seat's chances at the showdown: P(win high), P(win low), P(scoop), the expected share
    of the pot, and the declaration that gets the most of it (declare games)."""

    high: float
    low: float
    scoop: float
    share: float
    declaration: Declaration = "hi"


def _options(view: View, verb: str) -> list[Option]:
    return [o for o in view.options if o.verb == verb]


class StrategyBot:
    """Chooses actions from :meth:`estimate`; subclasses say how the chances are estimated."""

    raise_factor = 1.35
    """Raise with a share of the pot above ``raise_factor`` / (players in the hand)."""
    call_margin = 1.1
    """Call when the share of the pot after calling is worth ``call_margin`` times the call."""
    sale_bid_fraction = 0.5
    """At a NASDAQ sale, bid up to this part of what the card adds to the hand's worth."""
    ask_margin = 2.0
    """Name an asking price only for a card worth this many times the lowest price."""
    lead_factor = 0.0
    """When nobody has bet, bet with a share of the pot above ``lead_factor`` / (players in
    the hand), for what the others fold (0: only by ``raise_factor``)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.market = Market()
        """What the tables it plays at pay for cards at sales (NASDAQ)."""

    # --- what subclasses provide -------------------------------------------------------------

    def estimate(self, table: Table, mine: tuple[int, ...], to_come: int) -> Estimate:
        """The seat's chances if it held ``mine`` and were still to be dealt ``to_come``."""
        raise NotImplementedError

    def compare(
        self, table: Table, hands: Sequence[tuple[tuple[int, ...], int]], budget: float = 1.0
    ) -> list[Estimate]:
        """:meth:`estimate` of several candidate hands (``(cards, to_come)`` each); the equity
        bot overrides it to share one sample among them, ``budget`` the part of the decision's
        thinking it may spend."""
        return [self.estimate(table, cards, come) for cards, come in hands]

    def thresholds(self, table: Table) -> tuple[float, float]:
        """``raise_factor`` and ``call_margin`` for this decision."""
        return self.raise_factor, self.call_margin

    def offer_value(self, view: View, table: Table, price: int) -> float:
        """Chips a seat expects from offering a card nobody much wants at ``price`` (NASDAQ:
        the bids are paid to it, ¶9; unsold it pays the price into the pot, ¶10), by what the
        sales it has seen brought (:class:`~splitpot.bots.market.Market`)."""
        return self.market.expect(price, 1 / (1 + len(table.opponents)))

    def staying_value(self, view: View, table: Table) -> float:
        """Chips a seat expects to take by staying in the hand besides its share of the pot:
        its sales still to come this hand, each worth what the table pays for an offer at the
        lowest price when that is worth making."""
        turns = sale_turns_left(view, table.rules)
        return turns * max(0.0, self.offer_value(view, table, table.rules.price_minimum))

    # --- the protocol --------------------------------------------------------------------------

    def act(self, view: View) -> Action:
        """The action to take now, always one of the view's options."""
        verbs = {o.verb for o in view.options}
        if not verbs:
            raise RulesError("no options: it is not this seat's turn")
        if verbs == {"sm"}:
            return action_for(view, view.options[0])
        if view.rules is not None and any(isinstance(s, Sale) for s in view.rules.steps):
            self.market.observe(view, view.rules)
        table = read(view)
        if "dec" in verbs:
            return self._declare(view, table)
        if "pick" in verbs:
            return self._pick(view, table)
        if "buy" in verbs:
            return self._buy(view, table)
        if "sell" in verbs:
            return self._sell(view, table)
        if "sd" in verbs and any(o.cards for o in _options(view, "sd")):
            return self._discard(view, table, _options(view, "sd")[0])
        if "up" in verbs:
            return self._turn_up(view, table)
        if "bid" in verbs:
            return self._bid(view, table)
        if verbs & BETTING_VERBS:
            return self._bet(view, table)
        return self._safe(view)

    # --- choices -------------------------------------------------------------------------------

    def _safe(self, view: View) -> Action:
        """A legal choice that costs nothing if it can: check/call, pass, stand pat, else the
        first option."""
        for verb in ("cc", "pass", "sd", "pb", "sm"):
            for option in _options(view, verb):
                return action_for(view, option)
        return action_for(view, view.options[0])

    def _declare(self, view: View, table: Table) -> Action:
        """Declare the way that gets the most of the pot (OPR-207 4.2, OPR-657 4.2-4.3)."""
        option = _options(view, "dec")[0]
        chances = self.estimate(table, table.mine, table.to_come)
        allowed = option.declarations
        declaration = chances.declaration if chances.declaration in allowed else allowed[0]
        if declaration == "both" and "both" not in allowed:
            declaration = "hi" if chances.high >= chances.low else "lo"
        return action_for(view, option, declaration=declaration)

    def _pick(self, view: View, table: Table) -> Action:
        """Take the card on offer that helps most (OPR-657 3.4)."""
        option = _options(view, "pick")[0]
        cards = [int(c) for c in option.cards]
        if len(cards) == 1:
            return action_for(view, option, card=option.cards[0])
        come = max(0, table.to_come - 1)
        chances = self.compare(table, [((*table.mine, c), come) for c in cards])
        best = max(range(len(cards)), key=lambda i: (chances[i].share, -cards[i]))
        return action_for(view, option, card=option.cards[best])

    def _bid(self, view: View, table: Table) -> Action:
        """Bid at an auction by how much the best card on offer beats an average one; on a card
        for sale by what it adds to the hand; pass for the right to sell first."""
        bids = _options(view, "bid")
        passes = _options(view, "pass")
        option = bids[0]
        low, high = option.min_amount, option.max_amount
        if low is None or high is None:
            return action_for(view, option)
        offer = view.offer
        if offer is None:  # the right to sell first (NASDAQ): not worth paying for
            return action_for(view, passes[0]) if passes else action_for(view, option, low)
        cards = [int(c) for c in offer.cards]
        if offer.seller is None and len(cards) > 1:  # an auction's layout (OPR-657 3.2)
            come = max(0, table.to_come - 1)
            chances = self.compare(table, [((*table.mine, c), come) for c in cards])
            shares = sorted(e.share for e in chances)
            gain = shares[-1] - sum(shares) / len(shares)
            pot = table.pot + 2 * len(cards) * table.rules.small_bet
            value = gain * pot / max(0.2, 1.0 - shares[-1])  # bids go into the pot (3.6)
            amount = low + round(value)
            return action_for(view, option, max(low, min(high, amount, low + table.stack // 4)))
        # a card for sale (NASDAQ): paid to the seller, so it must add more than it costs
        now, after = self.compare(
            table, [(table.mine, table.to_come), ((*table.mine, *cards), table.to_come)]
        )
        value = (after.share - now.share) * (table.pot + 4 * table.rules.big_bet)
        floor = max(low, offer.ask or 0)
        worth = value * self.sale_bid_fraction
        if worth < floor or floor > high:
            return action_for(view, passes[0]) if passes else action_for(view, option, low)
        amount = max(floor, min(high, round(worth), table.stack // 4))
        return action_for(view, option, amount)

    def _buy(self, view: View, table: Table) -> Action:
        """Buy away the card whose replacement most improves the hand, when the gain in the
        pot beats the price; otherwise stand pat (OPR-207 3.2)."""
        option = _options(view, "buy")[0]
        stand = [o for o in _options(view, "sd") if not o.cards]
        price = option.min_amount or 0
        held = [int(c) for c in option.cards if c is not None]
        hands = [(table.mine, table.to_come)]
        hands += [(tuple(x for x in table.mine if x != c), table.to_come + 1) for c in held]
        chances = self.compare(table, hands)
        pot = table.pot + (1 + len(table.opponents)) * table.rules.big_bet
        best = max(range(len(held)), key=lambda i: chances[i + 1].share) if held else -1
        gains = best >= 0 and (
            chances[best + 1].share * (pot + price) - price > chances[0].share * pot
        )
        if gains or not stand:
            card = CARDS[held[best]] if best >= 0 else None
            return action_for(view, option, price, card=card)
        return action_for(view, stand[0])

    def _sell(self, view: View, table: Table) -> Action:
        """Offer a card the hand misses little (:meth:`_card_to_sell`), priced by what it is
        worth to the opponent it helps most (:meth:`sale_value`): a card worth ``ask_margin``
        times the lowest price is offered at a third of its worth, at least that price (the
        bids are paid to the seller, NASDAQ ¶9); a card worth less goes without a price where
        that is allowed (¶8), or is discarded for nothing where that is allowed (5.2(c)),
        rather than risk paying its price into the pot unsold (¶10) — unless what the table
        pays for such offers (:meth:`offer_value`) beats what the card gives a buyer."""
        sells = _options(view, "sell")
        cards = [int(c) for c in sells[0].cards]
        card, worth = self._card_to_sell(table, cards)
        priced = [o for o in sells if o.min_amount is not None]
        unpriced = [o for o in sells if o.min_amount is None]
        discard = [o for o in _options(view, "sd") if o.cards]
        if priced:
            low, high = priced[0].min_amount, priced[0].max_amount
            assert low is not None
            assert high is not None
            worth = self.sale_value(table, card) if worth is None else worth
            if worth >= self.ask_margin * low or not (unpriced or discard):
                ask = max(low, min(high, round(worth / 3)))
                return action_for(view, priced[0], ask, card=CARDS[card])
            if not unpriced and self.offer_value(view, table, low) > 0.5 * worth:
                return action_for(view, priced[0], low, card=CARDS[card])  # the table pays
        if unpriced:
            return action_for(view, unpriced[0], card=CARDS[card])
        return action_for(view, discard[0], card=CARDS[card])

    def _card_to_sell(self, table: Table, cards: list[int]) -> tuple[int, float | None]:
        """Of the three cards the hand misses least, the one whose loss to the hand plus half
        its worth to the others (a buyer keeps about half of it) costs least; with its worth
        (:meth:`sale_value`) where that was weighed."""
        if len(cards) == 1:
            return cards[0], None
        hands = [(tuple(x for x in table.mine if x != c), table.to_come) for c in cards]
        chances = self.compare(table, hands, budget=0.5)  # and half for what they are worth
        pot = table.pot + (1 + len(table.opponents)) * table.rules.big_bet
        order = sorted(range(len(cards)), key=lambda i: (-chances[i].share, cards[i]))[:3]
        best = max(chances[i].share for i in order)

        worth = {i: self.sale_value(table, cards[i]) for i in order}

        def cost(i: int) -> float:
            return (best - chances[i].share) * pot + 0.5 * worth[i]

        chosen = min(order, key=lambda i: (cost(i), cards[i]))
        return cards[chosen], worth[chosen]

    def sale_value(self, table: Table, card: int) -> float:
        """Chips the card is worth to the opponent it helps most: how much it raises that
        opponent's chances, times the pot and a round of bets to come. Rules of thumb here:
        aces and small cards make lows, aces and faces make high pairs."""
        rank = card // 4 + 2
        low = {14: 1.0, 2: 0.9, 3: 0.8, 4: 0.7, 5: 0.6, 6: 0.4, 7: 0.3, 8: 0.2}.get(rank, 0.0)
        high = {14: 1.0, 13: 0.6, 12: 0.4, 11: 0.3}.get(rank, 0.1)
        rules = table.rules
        appeal = max(low if rules.low != "none" else 0.0, high if rules.high else 0.0)
        pot = table.pot + (1 + len(table.opponents)) * rules.big_bet
        return 0.15 * appeal * pot

    def _discard(self, view: View, table: Table, option: Option) -> Action:
        """Discard the card the hand misses least."""
        card = self._least_needed(table, [int(c) for c in option.cards])
        return action_for(view, option, card=CARDS[card])

    def _least_needed(self, table: Table, cards: list[int]) -> int:
        if len(cards) == 1:
            return cards[0]
        hands = [(tuple(x for x in table.mine if x != c), table.to_come) for c in cards]
        chances = self.compare(table, hands)
        return cards[max(range(len(cards)), key=lambda i: (chances[i].share, cards[i]))]

    def _turn_up(self, view: View, table: Table) -> Action:
        """Turn up the card that tells the others least: the one the hand misses least."""
        option = _options(view, "up")[0]
        card = self._least_needed(table, [int(c) for c in option.cards])
        return action_for(view, option, card=CARDS[card])

    def _bet(self, view: View, table: Table) -> Action:
        """Raise with more than a fair share, call when the pot pays for it, else fold."""
        chances = self.estimate(table, table.mine, table.to_come)
        share = chances.share
        live = 1 + len(table.opponents)
        calls = _options(view, "cc")
        raises = _options(view, "cbr")
        folds = _options(view, "f")
        brings = _options(view, "pb")
        to_call = calls[0].min_amount or 0 if calls else 0
        me = view.seats[table.seat]
        size = table.rules.big_bet
        raise_factor, call_margin = self.thresholds(table)
        raise_at = max(0.55 if live == 2 else 0.28, raise_factor / live)
        if to_call == 0 and self.lead_factor:  # nobody has bet: bet for the folds it wins
            raise_at = min(raise_at, self.lead_factor / live)
        if raises and share >= raise_at and me.bet < 3 * size + 3 * (share >= 0.8) * size:
            option = raises[0]
            low, high = option.min_amount, option.max_amount
            assert low is not None
            assert high is not None
            amount = low
            if high > low:
                if option.choices:
                    amount = max(option.choices) if share >= raise_at + 0.1 else low
                else:
                    pot_sized = view.pot + 2 * to_call + me.bet
                    amount = max(low, min(high, round(pot_sized * share)))
            return action_for(view, option, amount)
        if brings:
            return action_for(view, brings[0])
        if not calls:
            return self._safe(view)
        if to_call == 0 or not folds:
            return action_for(view, calls[0])
        value = share * (view.pot + to_call) + self.staying_value(view, table)
        if value >= to_call * call_margin:
            return action_for(view, calls[0])
        return action_for(view, folds[0])
