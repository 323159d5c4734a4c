"""NASDAQ sales (docs/games.md: NASDAQ): players sell cards to each other.

Citations: ``NASDAQ ¶n`` is the n-th paragraph of the rule text after its title; the seven-card
version's labelled sentences are cited by label (``NASDAQ 5.2(a)``).

One :class:`~splitpot.rules.Sale` step runs one sale (``sellers = "bid"`` or ``"next"``) or a
round of them (``"round"``). A sale:

1. (``"bid"`` only) the players bid for the right to sell first (¶6), in the format of the house
   rule ``sale_bidding``, from the dealer's left; the winner pays the bid into the pot; nobody
   bids: the first live player left of the dealer sells first (¶7). A bid is at least 1 chip.
2. The seller shows a card and names an asking price or not (``pN sell CARD [X]``, ¶8): at least
   ``min_price``, at most ``max_price`` if set, and — ruling — no more than the seller has
   behind, since an unsold card's price is paid into the pot; a seller who cannot cover
   ``min_price`` sells without a price (or, where a price is required, may only discard for
   free). With ``free_discard`` the seller may instead discard one card face down
   (``pN sd CARD``, 5.2(c)).
3. The other live players bid (``pN bid X`` / ``pN pass``, ¶9): ``"open"`` — in turn clockwise
   from the seller's left, each bid topping the last, a pass leaving the sale, until one bidder
   is left; ``"sealed"`` — everyone at once, revealed when the last is in, ties to the bidder
   nearer the seller's left. Bids below the asking price are refused (¶18), as are bids above
   ``max_price`` or the bidder's stack; a player who cannot reach the smallest bid allowed is
   out without a word (ruling: the record stays short).
4. Sold: the best bid is paid to the seller — with ``excess_threshold``, half the excess over it
   to the pot, the odd chip to the pot (¶26) — the buyer takes the card and discards one card
   face down (``pN sd CARD``, ¶9, 5.2(a)). Unsold: the seller takes the card back, discards one
   card face down and pays the asking price, if one was named, into the pot (¶10, 5.2(b)).

Chips paid to a seller move from stack to stack (:meth:`State.transfer`) and are listed in
``state.payments``; they are never pot money. The step remembers, in ``state.market``, who has
sold and the last sale, which opens the next betting round (``Betting(opener="buyer")``, ¶11).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from splitpot.actions import Action
from splitpot.books import RULING_PAY
from splitpot.cards import CARDS, Card
from splitpot.phases.base import (
    Phase,
    check_one_card,
    offered,
    option,
    player,
    refuse,
    register,
    sealed_move,
)
from splitpot.rules import Sale
from splitpot.state import Legal, Offer, Option, Sight, State

__all__ = ["Market", "SalePhase", "SaleRound", "last_sale", "sellers_left"]

_RULE_FIRST = "NASDAQ ¶6"
_RULE_NOBODY = "NASDAQ ¶7"
_RULE_SHOW = "NASDAQ ¶8"
_RULE_BID = "NASDAQ ¶9"
_RULE_UNSOLD = "NASDAQ ¶10"
_RULE_ORDER = "NASDAQ ¶13"
_RULE_ASK = "NASDAQ ¶18"
_RULE_FREE = "NASDAQ 5.2(c)"
_RULE_MAX = "NASDAQ ¶25, house rule max_price"
_RULE_FORMAT = "house rule sale_bidding"
_RULE_PRICE_STACK = f"NASDAQ ¶10, {RULING_PAY}"
_PASS: Final = Option("pass")

Stage = Literal["first", "sell", "bid", "discard", "done"]


class Market:
    """What the sale steps of a hand remember between them."""

    __slots__ = ("last", "last_seller", "sold")

    def __init__(self, n: int) -> None:
        self.sold = [False] * n  # had a turn to sell (six-card game: once each, ¶13)
        self.last_seller: int | None = None
        self.last: tuple[int, int | None] | None = None  # (seller, buyer) of the last step's sale

    def copy(self) -> Market:
        new = Market(0)
        new.sold = self.sold.copy()
        new.last_seller = self.last_seller
        new.last = self.last
        return new

    def snapshot(self) -> tuple[object, ...]:
        return (tuple(self.sold), self.last_seller, self.last)


_SALE_SLOTS: Final = (
    "ask",
    "bidders",
    "bids",
    "card",
    "discarder",
    "high",
    "high_bidder",
    "order",
    "queue",
    "seller",
    "since",
    "stage",
)
"""The slots of SaleRound, read by its copy (a compiled class has no ``__slots__`` to read)."""


class SaleRound:
    """One sale step's bookkeeping: the stage, the seller, the card, the bids."""

    __slots__ = _SALE_SLOTS

    def __init__(self, n: int) -> None:
        self.stage: Stage = "done"
        self.queue: list[int] = []  # sellers still to sell in this step, the next first
        self.seller: int | None = None
        self.card: Card | None = None  # the card on the table
        self.ask: int | None = None
        self.order: list[int] = []  # who may bid, clockwise from the seller's (dealer's) left
        self.bidders: list[int] = []  # open: still in, the next to bid first; sealed: to answer
        self.bids: list[int | None] = [None] * n
        self.high = 0
        self.high_bidder: int | None = None
        self.since = -1  # where the bidding begins in the log
        self.discarder: int | None = None

    def copy(self) -> SaleRound:
        new = SaleRound(0)  # not __new__: a compiled class is made by calling it
        for name in _SALE_SLOTS:
            setattr(new, name, getattr(self, name))
        new.queue = self.queue.copy()
        new.order = self.order.copy()
        new.bidders = self.bidders.copy()
        new.bids = self.bids.copy()
        return new

    def snapshot(self) -> tuple[object, ...]:
        return tuple(
            tuple(v) if isinstance(v, list) else v
            for v in (getattr(self, name) for name in _SALE_SLOTS)
        )


def _ask_rule(state: State) -> str:
    """The paragraph on asking prices: ¶8 in the six-card game, ¶18 in the seven-card one."""
    step = state.step
    return _RULE_ASK if isinstance(step, Sale) and step.sellers == "round" else _RULE_SHOW


def _market(state: State) -> Market:
    market = state.market
    if not isinstance(market, Market):
        market = state.market = Market(state.n)
    return market


def last_sale(state: State) -> tuple[int, int | None] | None:
    """(seller, buyer or None if unsold) of the sale step just played; None if it had none."""
    market = state.market
    return market.last if isinstance(market, Market) else None


def sellers_left(state: State) -> list[int]:
    """Live players who have not had their turn to sell (¶13)."""
    market = state.market
    sold = market.sold if isinstance(market, Market) else [False] * state.n
    return [s for s in state.live() if not sold[s]]


def _clockwise_from(state: State, start: int, seats: list[int]) -> list[int]:
    """``seats`` ordered clockwise beginning at ``start`` (included when listed)."""
    n = state.n
    return sorted(seats, key=lambda s: (s - start) % n)


def _held(state: State, seat: int) -> tuple[Card, ...]:
    return tuple(c for c in state.hands[seat] if c is not None)


class SalePhase(Phase[SaleRound, Sale]):
    """Runs :class:`~splitpot.rules.Sale` steps."""

    kind = "sale"
    round_type = SaleRound
    step_type = Sale

    # --- the course of a step -----------------------------------------------------------------

    def enter(self, state: State) -> None:
        step = self.step(state)
        market = _market(state)
        market.last = None
        ps = SaleRound(state.n)
        state.phase_state = ps
        live = state.live()
        if step.sellers == "round":
            ps.queue = live.copy()  # every live player, from the dealer's left (¶18)
        elif step.sellers == "bid":
            self._open_bidding(state, ps, None, _clockwise_from(state, 0, live))
            ps.stage = "first"
            self._settle_bidding(state, ps)
            return
        else:
            left = [s for s in live if not market.sold[s]]
            after = -1 if market.last_seller is None else market.last_seller
            ps.queue = _clockwise_from(state, after + 1, left)[:1]  # ¶13
        self._next_seller(state, ps)

    def _next_seller(self, state: State, ps: SaleRound) -> None:
        live = state.live()
        ps.queue = [s for s in ps.queue if s in live]
        if not ps.queue:
            ps.stage = "done"
            return
        ps.seller = ps.queue.pop(0)
        ps.stage = "sell"
        ps.card = None
        ps.ask = None

    def done(self, state: State) -> bool:
        ps = self.round(state)
        return ps.stage == "done"

    def rule(self, state: State) -> str:
        ps = state.phase_state
        stage = ps.stage if isinstance(ps, SaleRound) else "sell"
        return {"first": _RULE_FIRST, "bid": _RULE_BID}.get(stage, _RULE_SHOW)

    def _open_bidding(self, state: State, ps: SaleRound, ask: int | None, order: list[int]) -> None:
        ps.ask = ask
        ps.order = order
        ps.bidders = order.copy()
        ps.bids = [None] * state.n
        ps.high = 0
        ps.high_bidder = None
        ps.since = state.position
        ps.stage = "bid"

    def _least(self, state: State, ps: SaleRound) -> int:
        """The smallest bid allowed now."""
        floor = max(1, ps.ask or 0)
        if state.rules.sale_bidding == "open":
            return max(floor, ps.high + 1)
        return floor

    def _most(self, state: State, ps: SaleRound, seat: int) -> int:
        most = state.stack(seat)
        cap = state.rules.max_price
        if cap is not None and ps.stage == "bid":
            most = min(most, cap)
        return most

    def _settle_bidding(self, state: State, ps: SaleRound) -> None:
        """Drop bidders who cannot reach the smallest bid; end the bidding when it is over:
        open, when one bidder is left or nobody; sealed, when every bidder has answered."""
        least = self._least(state, ps)
        high = ps.high_bidder
        ps.bidders = [s for s in ps.bidders if s == high or self._most(state, ps, s) >= least]
        if state.rules.sale_bidding == "open":
            if not ps.bidders or ps.bidders == [high]:
                self._resolve(state, ps)
            return
        if not ps.bidders:
            for seat in ps.order:  # the best bid; ties: the first in order
                bid = ps.bids[seat]
                if bid is not None and bid > ps.high:
                    ps.high, ps.high_bidder = bid, seat
            self._resolve(state, ps)

    def _resolve(self, state: State, ps: SaleRound) -> None:
        """The bidding is over: the right to sell first, a sale, or an unsold card."""
        ps.bidders = []
        buyer, price = ps.high_bidder, ps.high
        if ps.stage == "first":
            if buyer is None:  # nobody bid: the dealer's left sells first (¶7)
                first = state.live()[0]
            else:
                first = buyer
                state.pay_in(buyer, price)  # ¶6
            ps.queue = [first]
            self._next_seller(state, ps)
            return
        seller, card = ps.seller, ps.card
        assert seller is not None
        assert card is not None
        market = _market(state)
        if buyer is None:  # unsold: back to the seller, who discards and pays the price (¶10)
            state.hands[seller].append(card)
            state.faceup[seller].append(False)
            if ps.ask:
                state.pay_in(seller, ps.ask)
            ps.discarder = seller
            market.last = (seller, None)
        else:
            threshold = state.rules.excess_threshold
            to_pot = 0
            if threshold is not None and price > threshold:
                excess = price - threshold
                to_pot = excess - excess // 2  # half each, the odd chip to the pot (¶26)
            state.transfer(buyer, seller, price - to_pot, f"buys {CARDS[card]}")
            if to_pot:
                state.pay_in(buyer, to_pot)
            state.hands[buyer].append(card)
            state.faceup[buyer].append(False)
            ps.discarder = buyer
            market.last = (seller, buyer)
        ps.card = None
        ps.stage = "discard"

    # --- what may be done ---------------------------------------------------------------------

    def legal(self, state: State) -> Legal:
        ps = self.round(state)
        if ps.stage == "sell":
            assert ps.seller is not None
            return Legal((ps.seller,), False, {ps.seller: self._sell_options(state, ps)})
        if ps.stage == "discard":
            seat = ps.discarder
            assert seat is not None
            return Legal((seat,), False, {seat: (Option("sd", cards=_held(state, seat)),)})
        least = self._least(state, ps)
        if state.rules.sale_bidding == "open":
            seats: tuple[int, ...] = (ps.bidders[0],)
        else:
            seats = tuple(s for s in ps.bidders if ps.bids[s] is None)
        return Legal(
            seats,
            False,
            {s: (option("bid", least, self._most(state, ps, s)), _PASS) for s in seats},
        )

    def _price_range(self, state: State, seller: int) -> tuple[int, int] | None:
        """The asking prices the seller may name, or None when it cannot cover the minimum."""
        rules = state.rules
        least = rules.price_minimum
        most = state.stack(seller)
        if rules.max_price is not None:
            most = min(most, rules.max_price)
        return (least, most) if most >= least else None

    def _sell_options(self, state: State, ps: SaleRound) -> tuple[Option, ...]:
        seller = ps.seller
        assert seller is not None
        step = self.step(state)
        held = _held(state, seller)
        options: list[Option] = []
        prices = self._price_range(state, seller)
        if prices is not None:
            options.append(Option("sell", *prices, cards=held))
        if self._unpriced(step, prices):
            options.append(Option("sell", cards=held))
        if step.free_discard:
            options.append(Option("sd", cards=held))
        return tuple(options)

    def _unpriced(self, step: Sale, prices: tuple[int, int] | None) -> bool:
        """Whether the seller may offer its card with no asking price: the step lets it, or
        it cannot cover the minimum price and has no free discard instead."""
        return step.ask == "optional" or (prices is None and not step.free_discard)

    def secret_since(self, state: State) -> int | None:
        ps = self.round(state)
        sealed = state.rules.sale_bidding == "sealed"
        return ps.since if sealed and ps.stage in ("first", "bid") else None

    def bids(self, state: State) -> dict[int, int]:
        ps = self.round(state)
        if ps.stage not in ("first", "bid"):
            return {}
        return {s: b for s, b in enumerate(ps.bids) if b is not None}

    def offer(self, state: State) -> Offer | None:
        ps = self.round(state)
        if ps.card is None:
            return None
        sealed = state.rules.sale_bidding == "sealed"
        return offered(
            (ps.card,),
            ps.seller,
            ps.ask,
            None if sealed or not ps.high else ps.high,
            None if sealed else ps.high_bidder,
        )

    def sight(
        self, state: State, step_index: int, action: Action, before: Sequence[Action]
    ) -> Sight | None:
        """A discard is face down for good (¶9-10); sealed bids and passes are seen as bids
        until the last is in (house rule sale_bidding)."""
        seat = action.seat
        if seat is None:
            return None
        if action.verb == "sd" and action.cards:
            return Sight(Action("sd", seat, (None,) * len(action.cards)), seat, "never")
        if action.verb in ("bid", "pass") and state.rules.sale_bidding == "sealed":
            return sealed_move(action, "bid")
        return None

        # --- checking -----------------------------------------------------------------------------

    def check(self, state: State, action: Action) -> None:
        ps = self.round(state)
        seat = action.seat
        if seat is None or not 0 <= seat < state.n or seat not in state.live():
            raise refuse(f"{player(seat)} is not in the hand", "not_live", _RULE_BID)
        if ps.stage == "sell":
            self._check_sell(state, ps, seat, action)
        elif ps.stage == "discard":
            self._check_discard(state, ps, seat, action)
        else:
            self._check_bid(state, ps, seat, action)

    def _check_sell(self, state: State, ps: SaleRound, seat: int, action: Action) -> None:
        step = self.step(state)
        seller = ps.seller
        if seat != seller:
            raise refuse(
                f"it is {player(seller)}'s turn to sell, not {player(seat)}'s",
                "not_your_turn",
                _RULE_ASK if step.sellers == "round" else _RULE_ORDER,
            )
        if action.verb == "sd" and step.free_discard:
            check_one_card(seat, action, state.hands[seat], _RULE_FREE)
            return
        if action.verb != "sell":
            also = " or discard one for free ('sd CARD')" if step.free_discard else ""
            raise refuse(
                f"{player(seat)} sells a card now ('sell CARD [PRICE]'){also}, not {action.verb!r}",
                "sell_now",
                _RULE_SHOW,
            )
        check_one_card(seat, action, state.hands[seat], _RULE_SHOW, shown=True)
        price = action.amount
        if price is None:
            if not self._unpriced(step, self._price_range(state, seat)):
                least = state.rules.price_minimum
                raise refuse(
                    f"name an asking price of at least {least} ('sell CARD {least}')",
                    "price_required",
                    _RULE_ASK,  # only the seven-card version requires a price
                )
            return
        if isinstance(price, bool) or not isinstance(price, int):
            raise refuse(f"{price!r} is not a price", "not_a_price", _RULE_SHOW)
        rules = state.rules
        if price < rules.price_minimum:
            raise refuse(
                f"asking price {price} is below the minimum price {rules.price_minimum}",
                "below_minimum_price",
                f"{_ask_rule(state)}, house rule min_price",
            )
        if rules.max_price is not None and price > rules.max_price:
            raise refuse(
                f"asking price {price} is above the maximum price {rules.max_price}",
                "above_maximum_price",
                _RULE_MAX,
            )
        stack = state.stack(seat)
        if price > stack:
            raise refuse(
                f"asking price {price} is more than the {stack} {player(seat)} has behind "
                "(an unsold card's price is paid into the pot)",
                "price_exceeds_stack",
                _RULE_PRICE_STACK,
            )

    def _check_discard(self, state: State, ps: SaleRound, seat: int, action: Action) -> None:
        who = ps.discarder
        step = self.step(state)
        seven = step.sellers == "round"  # the seven-card version's own paragraphs
        if ps.seller != who:  # the buyer discards
            rule = "NASDAQ 5.2(a)" if seven else _RULE_BID
        else:  # unsold: the seller discards
            rule = "NASDAQ 5.2(b)" if seven else _RULE_UNSOLD
        if seat != who:
            raise refuse(
                f"{player(who)} discards a card first ('sd CARD'), not {player(seat)}",
                "discard_owed",
                rule,
            )
        if action.verb != "sd" or not action.cards:
            raise refuse(
                f"{player(seat)} discards one card face down now ('sd CARD')",
                "discard_now",
                rule,
            )
        check_one_card(seat, action, state.hands[seat], rule)

    def _check_bid(self, state: State, ps: SaleRound, seat: int, action: Action) -> None:
        first = ps.stage == "first"
        rule = _RULE_FIRST if first else _RULE_BID
        if action.verb not in ("bid", "pass"):
            raise refuse(f"players bid ('bid X') or pass now, not {action.verb!r}", "bid_now", rule)
        if seat == ps.seller:
            raise refuse(f"{player(seat)} cannot bid on its own card", "own_card", _RULE_BID)
        open_bids = state.rules.sale_bidding == "open"
        if seat not in ps.bidders:
            raise refuse(
                f"{player(seat)} is out of this bidding (passed, bid already, or cannot bid)",
                "not_bidding",
                f"{rule}, {_RULE_FORMAT}",
            )
        if open_bids and seat != ps.bidders[0]:
            raise refuse(
                f"it is {player(ps.bidders[0])}'s turn to bid or pass, not {player(seat)}'s",
                "not_your_turn",
                f"{rule}, {_RULE_FORMAT}",
            )
        if action.verb == "pass":
            return
        amount = action.amount
        if isinstance(amount, bool) or not isinstance(amount, int) or action.cards:
            raise refuse("a bid names its amount ('bid X'), no cards", "amount_required", rule)
        if ps.ask and amount < ps.ask:
            raise refuse(
                f"bid {amount} is below the asking price {ps.ask}",
                "below_asking_price",
                _ask_rule(state),
            )
        if open_bids and ps.high and amount <= ps.high:
            raise refuse(
                f"bid {amount} does not top the last bid {ps.high}",
                "does_not_top",
                f"{rule}, {_RULE_FORMAT}",
            )
        if amount < 1:
            raise refuse("a bid is at least 1 chip", "below_minimum_bid", rule)
        cap = state.rules.max_price
        if not first and cap is not None and amount > cap:
            raise refuse(
                f"bid {amount} is above the maximum price {cap}", "above_maximum_price", _RULE_MAX
            )
        stack = state.stack(seat)
        if amount > stack:
            raise refuse(
                f"bid {amount} is more than the {stack} {player(seat)} has behind",
                "bid_exceeds_stack",
                rule,
            )

    # --- performing ---------------------------------------------------------------------------

    def perform(self, state: State, action: Action) -> None:
        ps = self.round(state)
        seat = action.seat
        assert seat is not None
        if ps.stage == "sell":
            if action.verb == "sd":  # a free discard instead of a sale (5.2(c))
                self._discard(state, seat, action.cards[0])
                _market(state).last = (seat, None)
                self._sold_turn(state, ps, seat)
                return
            card = action.cards[0]
            self._remove(state, seat, card)
            ps.card = CARDS[card] if card is not None else None
            others = [s for s in state.live() if s != seat]
            self._open_bidding(state, ps, action.amount, _clockwise_from(state, seat, others))
            self._settle_bidding(state, ps)
            return
        if ps.stage == "discard":
            self._discard(state, seat, action.cards[0])
            seller = ps.seller
            assert seller is not None
            self._sold_turn(state, ps, seller)
            return
        ps.bidders.remove(seat)
        if action.verb == "bid":
            amount = action.amount
            assert amount is not None
            ps.bids[seat] = amount
            if state.rules.sale_bidding == "open":
                ps.high, ps.high_bidder = amount, seat
                ps.bidders.append(seat)  # the others answer in turn
        self._settle_bidding(state, ps)

    def _sold_turn(self, state: State, ps: SaleRound, seller: int) -> None:
        """The seller's turn is over (¶13)."""
        market = _market(state)
        market.sold[seller] = True
        market.last_seller = seller
        ps.discarder = None
        self._next_seller(state, ps)

    def _remove(self, state: State, seat: int, card: Card | None) -> None:
        hand = state.hands[seat]
        place = hand.index(card)
        del hand[place]
        del state.faceup[seat][place]

    def _discard(self, state: State, seat: int, card: Card | None) -> None:
        self._remove(state, seat, card)
        if card is not None:
            state.discards.append(CARDS[card])


register(SalePhase())
