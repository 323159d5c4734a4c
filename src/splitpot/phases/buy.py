"""The buy (OPR-207 Article 3): each active player in turn may buy one card or stand pat.

A buyer names the card to discard (``pN buy CARD``) and pays the round's price into the pot
(3.2); the dealer deals the replacement at once (``d dh pN CARD``), face up for an upcard and face
down for the hole card, in the discarded card's place (3.3). Standing pat (``pN sd``) is free.
One buy per player per round (3.4); ``buy_prices`` gives the rounds and their prices (5), and
``buy_first`` who decides first in each round (3.1), the others following clockwise. A player
whose stack cannot cover the price may only stand pat (docs/games.md). The price counts as
chips the buyer put in (side pots) but is not a bet: the betting round after the buy starts from
nothing. When the stub runs out the discards and burns become a new stub, as in a deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from splitpot.actions import Action
from splitpot.books import RULING_PAY
from splitpot.cards import CARDS, Card
from splitpot.phases.base import Phase, check_one_card, player, refuse, register
from splitpot.phases.betting import opener
from splitpot.phases.deal import _reshuffle, _take
from splitpot.rules import Buy
from splitpot.state import Legal, Option, Sight, State

__all__ = ["BuyPhase"]

_RULE_TURN = "OPR-207 3.1"
_RULE_PAY = "OPR-207 3.2"
_RULE_ONCE = "OPR-207 3.4"
_RULE_DEAL = "OPR-207 3.3"
_STAND: Final = Option("sd")


class BuyRound:
    """Where the buy stands: the round, who is still to decide, a replacement owed."""

    __slots__ = ("decided", "owed", "queue", "round")

    def __init__(self, queue: list[int], n: int) -> None:
        self.round = 0
        self.queue = queue  # seats still to decide this round, the next first
        self.decided = [False] * n  # decided this round
        self.owed: tuple[int, int] | None = None  # (seat, place in hand) awaiting a replacement

    def copy(self) -> BuyRound:
        new = BuyRound(self.queue.copy(), 0)
        new.round = self.round
        new.decided = self.decided.copy()
        new.owed = self.owed
        return new

    def snapshot(self) -> tuple[object, ...]:
        return (self.round, tuple(self.queue), tuple(self.decided), self.owed)


def _order(state: State) -> list[int]:
    """Live seats clockwise from the one ``buy_first`` names (OPR-207 3.1)."""
    first = opener(state, state.rules.buy_first)  # ties: nearer the dealer's left
    live = set(state.live())
    start = first[0] if first else 0
    return [s % state.n for s in range(start, start + state.n) if s % state.n in live]


def _showing(before: Sequence[Action], seat: int, card: Card) -> bool:
    """The card has been seen face up as the seat's (dealt up, a replacement dealt up)."""
    return any(a.seat == seat and card in a.cards for a in before)


class BuyPhase(Phase[BuyRound, Buy]):
    """Runs the :class:`~splitpot.rules.Buy` step."""

    kind = "buy"
    round_type = BuyRound
    step_type = Buy

    def enter(self, state: State) -> None:
        state.phase_state = BuyRound(_order(state), state.n)

    def done(self, state: State) -> bool:
        ps = self.round(state)
        return ps.owed is None and ps.round >= len(state.rules.prices)

    def dealer_turn(self, state: State) -> bool:
        ps = state.phase_state
        return isinstance(ps, BuyRound) and ps.owed is not None

    def rule(self, state: State) -> str:
        return _RULE_DEAL if self.dealer_turn(state) else _RULE_TURN

    def legal(self, state: State) -> Legal:
        ps = self.round(state)
        if ps.owed is not None:
            return Legal((), True, {})
        seat = ps.queue[0]
        return Legal((seat,), False, {seat: self.options(state, seat)})

    def options(self, state: State, seat: int) -> tuple[Option, ...]:
        """Stand pat, and buy when the stack covers the price."""
        ps = self.round(state)
        price = state.rules.prices[ps.round]
        if state.stack(seat) < price:
            return (_STAND,)
        held = tuple(c for c in state.hands[seat] if c is not None)
        return (_STAND, Option("buy", price, price, cards=held))

    def check(self, state: State, action: Action) -> None:
        ps = self.round(state)
        seat = action.seat
        if ps.owed is not None:
            self._check_deal(state, ps.owed[0], action)
            return
        if action.verb == "dh":
            raise refuse(
                "the table waits on a player, not the dealer", "not_dealers_turn", _RULE_TURN
            )
        if action.verb not in ("buy", "sd"):
            raise refuse(
                f"players buy a card ('buy CARD') or stand pat ('sd') now, not {action.verb!r}",
                "buy_now",
                _RULE_TURN,
            )
        if seat is None or not 0 <= seat < state.n or seat not in state.live():
            raise refuse(f"{player(seat)} is not in the hand", "not_live", _RULE_TURN)
        if ps.decided[seat]:
            raise refuse(
                f"{player(seat)} has already had the chance to buy this round",
                "bought_twice",
                _RULE_ONCE,
            )
        if seat != ps.queue[0]:
            raise refuse(
                f"it is {player(ps.queue[0])}'s turn to buy or stand pat, not {player(seat)}'s",
                "not_your_turn",
                _RULE_TURN,
            )
        if action.verb == "sd":
            if action.cards:
                raise refuse(
                    "to change a card, buy it ('buy CARD'); 'sd' alone stands pat",
                    "discard_is_a_buy",
                    _RULE_PAY,
                )
            return
        price = state.rules.prices[ps.round]
        if state.stack(seat) < price:
            raise refuse(
                f"{player(seat)} has {state.stack(seat)} behind and cannot pay the price "
                f"{price}: stand pat",
                "cannot_afford",
                f"{_RULE_PAY}, {RULING_PAY}",
            )
        check_one_card(seat, action, state.hands[seat], _RULE_PAY)

    def _check_deal(self, state: State, seat: int, action: Action) -> None:
        if action.verb != "dh" or action.seat != seat:
            raise refuse(
                f"the dealer deals {player(seat)}'s replacement first ('d dh {player(seat)} CARD')",
                "replacement_owed",
                _RULE_DEAL,
            )
        if len(action.cards) != 1:
            raise refuse("a replacement is one card", "wrong_card_count", _RULE_DEAL)
        card = action.cards[0]
        if card is None:
            if len(state.stub) + len(state.discards) - state.unknown_dealt < 1:
                raise refuse("the stub has run out of cards", "deck_exhausted", _RULE_DEAL)
            return
        reuse = len(state.stub) - state.unknown_dealt < 1
        if not isinstance(card, int) or not 0 <= card < 52:
            raise refuse(f"{card!r} is not a card", "not_a_card", _RULE_DEAL)
        if card not in state.stub and not (reuse and card in state.discards):
            raise refuse(f"{CARDS[card]} has already been dealt", "card_dealt_twice", _RULE_DEAL)

    def perform(self, state: State, action: Action) -> None:
        ps = self.round(state)
        seat = action.seat
        assert seat is not None
        if action.verb == "dh":
            card = action.cards[0]
            if card is None:
                state.unknown_dealt += 1
            else:
                _take(state, card)
            _, place = ps.owed or (seat, 0)
            self._put(state, seat, place, card)
            ps.owed = None
            self._next(state, ps)
            return
        ps.queue.pop(0)
        ps.decided[seat] = True
        if action.verb == "sd":
            self._next(state, ps)
            return
        price = state.rules.prices[ps.round]
        state.pay_in(seat, price)  # into the pot, nobody has to match it (OPR-207 3.2)
        hand = state.hands[seat]
        card = action.cards[0]
        place = hand.index(card)
        if card is not None:
            state.discards.append(card)
        self._put(state, seat, place, None)
        ps.owed = (seat, place)

    def _put(self, state: State, seat: int, place: int, card: Card | None) -> None:
        """Put ``card`` in the hand at ``place`` (None: a gap, or a card nobody has seen)."""
        hand = state.hands[seat]
        if state.faceup[seat][place]:
            ups = state.ups[seat]
            k = sum(state.faceup[seat][:place])  # which up card it is
            ups[k] = CARDS[card] if card is not None else None
        hand[place] = CARDS[card] if card is not None else None

    def _next(self, state: State, ps: BuyRound) -> None:
        """After a decision (and its replacement): the next round when this one is over."""
        if ps.queue:
            return
        ps.round += 1
        if ps.round < len(state.rules.prices):
            ps.queue = _order(state)
            ps.decided = [False] * state.n

    def sight(
        self, state: State, step_index: int, action: Action, before: Sequence[Action]
    ) -> Sight | None:
        """An upcard bought away and its replacement are seen by all (dealt up); the hole
        card and its replacement only by the buyer until it shows its hand (OPR-207 3.3)."""
        seat = action.seat
        if seat is None:
            return None
        if action.verb == "buy":
            if all(c is not None and _showing(before, seat, c) for c in action.cards):
                return None
        elif action.verb == "dh":
            bought = next(a for a in reversed(before) if a.verb == "buy" and a.seat == seat)
            if None not in bought.cards:
                return None
        else:
            return None
        return Sight(replace(action, cards=(None,) * len(action.cards)), seat, "shown")

    def dealer_action(self, state: State) -> Action:
        ps = self.round(state)
        if ps.owed is None:
            raise refuse(
                "the table waits on a player, not the dealer", "not_dealers_turn", _RULE_TURN
            )
        if len(state.stub) - state.unknown_dealt < 1:
            _reshuffle(state)  # docs/games.md: running out of cards
        if not state.stub:
            raise refuse("the stub and the discards have run out", "deck_exhausted", _RULE_DEAL)
        return Action("dh", ps.owed[0], (CARDS[state.stub[-1]],))

    def auto(self, state: State) -> None:
        """Deal the replacement owed, if any (auto_deal); then the table waits on a player."""
        if self.dealer_turn(state) and not state.finished:
            action = self.dealer_action(state)
            self.perform(state, action)
            state.log_action(action)


register(BuyPhase())
